// Words for what the match says: answer labels, event log lines and the
// explain arithmetic of every roll (propagation, combat, the Professor).
// Pure functions of the translator and the JSON, so they are unit tested
// against the event samples the engine produced (test/fixtures/events.json).

import type { Translator } from "../i18n/i18n";
import type { Coord } from "./hex";
import type { Parsed } from "./decision";
import type { GameEvent } from "./types";

export interface Names {
  /** seat returns a seat's display name ("Kim", "Bot (easy)", "you"). */
  seat(seat: number): string;
  /** handCard returns the card id in the viewer's hand slot, if known. */
  handCard?(slot: number): string | undefined;
}

const coordText = (c?: Coord) => (c ? `(${c.col},${c.row})` : "");

/** answerLabel is the readable text of a parsed answer. */
export function answerLabel(t: Translator, p: Parsed, names: Names): string {
  switch (p.type) {
    case "move":
      return t.t("answer.move", { dir: t.t(`dir.${p.dir}`) });
    case "tile":
      return (p.verb ? `${p.verb} ` : "") + t.t("answer.tile", { col: p.tile.col, row: p.tile.row });
    case "word":
      return t.t(`answer.${p.word}`);
    case "bribe":
      return t.t("answer.bribe", { target: t.t(`target.${p.target}`), res: t.t(`res.${p.res}`) });
    case "seat":
      return t.t("answer.seat", { name: names.seat(p.seat) });
    case "wind":
      return t.t("answer.wind", { dir: t.name("wind", p.dir) });
    case "card": {
      const id = names.handCard?.(p.slot);
      return t.t("answer.card", { card: id ? t.cardName(id) : t.t("play.hand", { n: p.slot }) });
    }
    case "arm": {
      const id = names.handCard?.(p.slot);
      const card = id ? t.cardName(id) : t.t("play.hand", { n: p.slot });
      return p.res ? t.t("answer.arm_pay", { card, res: t.name("res", p.res) }) : t.t("answer.arm", { card });
    }
    case "disarm": {
      const id = names.handCard?.(p.slot);
      return t.t("answer.disarm", { card: id ? t.cardName(id) : t.t("play.hand", { n: p.slot }) });
    }
    case "pay":
      return t.t("answer.pay", { res: t.name("res", p.res) });
    case "hand":
      return (p.seat !== undefined ? names.seat(p.seat) + ": " : "") + t.t("answer.hand", { n: p.n });
    case "deck":
      return t.t("answer.deck", { n: p.n });
    default:
      return p.text;
  }
}

export interface LogLine {
  kind: string;
  seat: number;
  text: string;
  /** explain holds the arithmetic lines of a roll, if the event carries one. */
  explain?: string[];
  /** tiles lists the coordinates the event names (for highlighting). */
  tiles: Coord[];
}

/** isExplain reports whether data is a roll's explain record (has r1 and roll). */
export function isExplain(data: unknown): data is ExplainData {
  return !!data && typeof data === "object" && "r1" in data && "roll" in data;
}

export interface ExplainData {
  kind: string;
  seat: number;
  defender: number;
  tile?: Coord;
  r1_terms?: { tier: number; name: string; value: number }[];
  r1_raw: number;
  r1: number;
  r2_terms?: { tier: number; name: string; value: number }[];
  r2_raw: number;
  r2: number;
  r_raw: number;
  r: number;
  roll: string;
  gains?: number[];
  defender_loss?: number[];
}

function termsText(t: Translator, terms: ExplainData["r1_terms"]): string {
  if (!terms || terms.length === 0) return "0";
  return terms
    .map((x, i) => {
      const name = t.name("term", x.name);
      const v = x.value;
      if (i === 0) return `${name} ${v}`;
      return `${v < 0 ? "−" : "+"} ${name} ${Math.abs(v)}`;
    })
    .join(" ");
}

/** explainLines spells out a roll: R1 and R2 with their terms, clamps, R and the roll. */
export function explainLines(t: Translator, d: ExplainData): string[] {
  const lines: string[] = [];
  const clamp = (raw: number, v: number) => (raw !== v ? ` (${t.t("explain.clamped", { raw })})` : "");
  lines.push(`${t.t("explain.r1")} = ${termsText(t, d.r1_terms)} = ${d.r1}%${clamp(d.r1_raw, d.r1)}`);
  if (d.r2_terms && d.r2_terms.length > 0) {
    lines.push(`${t.t("explain.r2")} = ${termsText(t, d.r2_terms)} = ${d.r2}%${clamp(d.r2_raw, d.r2)}`);
    lines.push(`${t.t("explain.r")} = ${d.r1} − ${d.r2} = ${d.r}%${clamp(d.r_raw, d.r)}`);
  } else if (d.r !== d.r1) {
    lines.push(`R = ${d.r}%${clamp(d.r_raw, d.r)}`);
  }
  lines.push(t.t("explain.roll", { roll: t.name("roll", d.roll) }));
  const g = d.gains;
  if (g && g.some((x) => x !== 0)) lines.push(t.t("explain.gains", { f: g[0], d: g[1], i: g[2] }));
  const l = d.defender_loss;
  if (l && l.some((x) => x !== 0)) lines.push(t.t("explain.loss", { f: l[0], d: l[1], i: l[2] }));
  return lines;
}

/** eventLine turns one redacted event into a log line for the viewer. */
export function eventLine(t: Translator, e: GameEvent, names: Names): LogLine {
  const d = (e.data ?? {}) as Record<string, any>;
  const who = e.seat >= 0 ? names.seat(e.seat) : "";
  const line = (key: string, params: Record<string, unknown>, tiles: (Coord | undefined)[] = []): LogLine => ({
    kind: e.kind,
    seat: e.seat,
    text: t.t(key, { who, ...params }),
    tiles: tiles.filter((c): c is Coord => !!c),
  });
  const tileText = (c?: Coord) => (c ? coordText(c) : t.t("event.somewhere"));
  switch (e.kind) {
    case "moved":
    case "returned":
    case "relocated":
    case "celebrity": {
      const base = e.kind === "celebrity" ? "event.celebrity" : `event.${e.kind}`;
      if (d.from && d.to) return line(base, { from: coordText(d.from), to: coordText(d.to) }, [d.from, d.to]);
      if (d.to) return line(e.kind === "moved" ? "event.moved_to" : base, { from: t.t("event.somewhere"), to: coordText(d.to) }, [d.to]);
      return line(e.kind === "moved" ? "event.moved_from" : base, { from: coordText(d.from), to: t.t("event.somewhere") }, [d.from]);
    }
    case "propagation":
    case "combat":
    case "piece_combat":
    case "contract_killing": // CARD-043: the celebrity fights at its briber's rate
    case "professor": {
      const l = line(`event.${e.kind}`, {
        tile: tileText(d.tile),
        defender: d.defender >= 0 ? names.seat(d.defender) : "",
        roll: t.name("roll", d.roll),
        r: d.r,
      }, [d.tile]);
      if (isExplain(d)) l.explain = explainLines(t, d);
      return l;
    }
    case "relic_take_nullified": // CARD-055: a card's taking, or Abukaros's theft (REL-929)
      if (d.target !== undefined) return line("event.theft_nullified", { target: names.seat(d.target) });
      return line("event.relic_take_nullified", { card: d.card ? t.cardName(d.card) : t.t("play.hidden") });
    case "declare":
      return line("event.declare", { tile: tileText(d.tile), defender: names.seat(d.defender), kind: t.t(d.kind === "combat" ? "decision.interaction" : "answer.dispute") }, [d.tile]);
    case "owner":
      if (d.owner === undefined || d.owner < 0) return line("event.owner_neutral", { tile: tileText(d.tile) }, [d.tile]);
      return line("event.owner", { tile: tileText(d.tile), owner: names.seat(d.owner) }, [d.tile]);
    case "turn":
      // Cycles are counted from 0 on the wire and from 1 on screen (the top bar does the same).
      return line("event.turn", { cycle: (d.cycle ?? 0) + 1 });
    case "cycle":
      return line("event.cycle", { cycle: (d.cycle ?? 0) + 1, daynight: t.t(d.night ? "play.night" : "play.day") });
    case "wind":
      return line("event.wind", { dir: t.name("wind", d.wind) });
    case "rasputitsa":
      return line("event.rasputitsa", { n: Array.isArray(e.data) ? e.data.length : 0 }, Array.isArray(e.data) ? e.data : []);
    case "defeated":
      return line("event.defeated", { how: t.name("how", d.how) });
    case "over":
      return line("event.over", { how: t.name("how", d.how) });
    case "thug":
      return line("event.thug", {}, [d.tile]);
    case "relic":
      return line("event.relic", { god: t.name("god", d.god) }, [d.tile]);
    case "relic_revealed":
      return line("event.relic_revealed", { tile: tileText(d.tile) }, [d.tile]);
    case "bribe":
      return line("event.bribe", { target: t.t(`target.${d.target}`), cost: d.cost, res: t.name("res", d.paid) });
    case "church":
      return line("event.church", { advantage: t.name("advantage", d.advantage) });
    case "card":
    case "use":
      return line("event.card", { card: d.card ? t.cardName(d.card) : t.t("play.hidden") }, [d.tile]);
    case "draw":
      return line("event.draw", {});
    case "card_in":
      return d.card ? line("event.card_in", { card: t.cardName(d.card) }) : line("event.card_in_hidden", {});
    case "gleaning":
      return line("event.gleaning", { n: d.followers ?? 0, tile: tileText(d.tile) }, [d.tile]);
    case "casting_the_net": // CARD-005: a permanent buff of up to 5 stacks (GAP-51)
      return line("event.casting_the_net", { n: d.stacks ?? 1 });
    case "net": // CARD-005's extra propagation
      return line(d.success ? "event.net_success" : "event.net_failure", { tile: tileText(d.tile) }, [d.tile]);
    case "combat_barred":
      return line("event.combat_barred", { tile: tileText(d.tile), owner: d.owner >= 0 ? names.seat(d.owner) : "" }, [d.tile]);
    case "control": // CARD-081: another seat plays this seat's next turn
      return line("event.control", { controller: names.seat(d.controller) });
    case "excommunication": // CARD-083: the deck is rebuilt
      return line("event.excommunication", { n: d.deck ?? 0 });
    case "faith_village": // CARD-020
      return line("event.faith_village", { tile: tileText(d.tile), donations: d.donations ?? 0, influence: d.influence ?? 0 }, [d.tile]);
    case "secession":
      return line("event.secession", { tile: tileText(d.tile) }, [d.tile]);
    case "spell_of_ruin": // CARD-064
      return line("event.spell_of_ruin", { from: names.seat(d.from), n: d.stack ?? 1 });
    case "tiles_swapped":
      return line("event.tiles_swapped", { a: tileText(d.a), b: tileText(d.b) }, [d.a, d.b]);
    case "refill":
      return line("event.refill", { n: d.deck ?? 0 });
    case "designation":
      return line("event.designation", { card: d.card ? t.cardName(d.card) : "", tile: tileText(d.tile) }, [d.tile]);
    case "stye": // REL-923: the top three cards of the target's deck go to its graveyard (card_out events follow)
      return line("event.stye", { target: names.seat(d.target) });
    case "insight": // REL-924: the collector sees the target's hand; everyone else learns only its size
      if (Array.isArray(d.cards)) return line("event.insight", { target: names.seat(d.target), cards: d.cards.map((id: string | number) => t.cardName(id)).join(", ") });
      return line("event.insight_hidden", { target: names.seat(d.target), n: d.hand ?? 0 });
    default: {
      const k = `event.${e.kind}`;
      const card = d.card ? t.cardName(d.card) : t.t("play.hidden");
      const tiles = [d.tile, ...(Array.isArray(d.tiles) ? d.tiles : [])];
      if (t.has(k)) return line(k, { card, tile: tileText(d.tile), n: d.n ?? "" }, tiles);
      if (d.card) return line("event.generic_card", { kind: e.kind.replace(/_/g, " "), card }, tiles);
      const l = line("event.unknown", { kind: e.kind });
      if (isExplain(d)) l.explain = explainLines(t, d);
      return l;
    }
  }
}
