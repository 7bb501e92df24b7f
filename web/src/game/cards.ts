// Cards and effects as the view shows them. The card rules are being added
// while this client is written, so these readers accept the plausible shapes
// (a card as "CARD-017", 17 or {card: "CARD-017", ...}; counts as numbers or
// arrays) and whatever the view lacks simply renders empty. The buff bar also
// shows the effects the view already carries as flags (stealth, relics,
// faction advantages, correction stacks).

import type { PlayerView, View } from "./types";

export interface CardRef {
  /** id is the card's spec id, "CARD-017", or "" when the card is hidden. */
  id: string;
  /** slot is the hand position from 1 (Hand 1 is the newest, UI-314). */
  slot: number;
  armed?: boolean;
  payer?: string;
  /** cost is what the card costs now, when the view says (it may differ from the catalogue). */
  cost?: number;
  free?: boolean;
}

export interface Buff {
  /** key is an i18n key (buff.*) or a card id for card effects. */
  key: string;
  params?: Record<string, unknown>;
  /** card names the card that caused it, if any. */
  card?: string;
  turns?: number;
  debuff?: boolean;
}

export interface SeatCards {
  /** hand is the seat's visible hand (own seat), or null when only a count is known. */
  hand: CardRef[] | null;
  handCount: number;
  deckCount: number | null;
  graveyard: string[];
  buffs: Buff[];
}

function cardId(v: unknown): string {
  if (typeof v === "number") return `CARD-${String(v).padStart(3, "0")}`;
  if (typeof v === "string") return v;
  if (v && typeof v === "object") {
    const o = v as Record<string, unknown>;
    return cardId(o.card ?? o.id ?? "");
  }
  return "";
}

function count(v: unknown): number | null {
  if (typeof v === "number") return v;
  if (Array.isArray(v)) return v.length;
  return null;
}

function pick(o: Record<string, unknown>, ...names: string[]): unknown {
  for (const n of names) if (o[n] !== undefined && o[n] !== null) return o[n];
  return undefined;
}

/** seatCards reads one seat's cards and effects from the view. */
export function seatCards(view: View, p: PlayerView): SeatCards {
  const own = p.seat === view.seat;
  const po = p as Record<string, unknown>;
  const cards = (po.cards && typeof po.cards === "object" ? po.cards : {}) as Record<string, unknown>;
  const src = { ...cards, ...po };
  let handRaw = pick(src, "hand");
  if (handRaw === undefined && own) handRaw = pick(view as Record<string, unknown>, "hand");
  let hand: CardRef[] | null = null;
  if (Array.isArray(handRaw) && handRaw.some((x) => cardId(x) !== "")) {
    hand = handRaw.map((x, i) => {
      const o = (x && typeof x === "object" ? x : {}) as Record<string, unknown>;
      return {
        id: cardId(x),
        slot: typeof o.slot === "number" ? o.slot : i + 1,
        armed: o.armed === true || typeof o.armed === "string",
        payer: typeof o.armed === "string" ? o.armed : typeof o.payer === "string" ? o.payer : undefined,
        cost: typeof o.cost === "number" ? o.cost : undefined,
        free: o.free === true,
      };
    });
  }
  const handCount = count(pick(src, "hand_size", "hand_count", "hand")) ?? 0;
  const deckCount = count(pick(src, "deck_size", "deck_count", "deck"));
  const graveRaw = pick(src, "graveyard", "grave");
  const graveyard = Array.isArray(graveRaw) ? graveRaw.map(cardId).filter((x) => x !== "") : [];
  return { hand, handCount: hand ? hand.length : handCount, deckCount, graveyard, buffs: buffs(view, p) };
}

/** buffs lists the seat's effects, newest card effects last, flags first. */
export function buffs(view: View, p: PlayerView): Buff[] {
  const out: Buff[] = [];
  if (p.stealth) out.push({ key: "buff.stealth" });
  if (p.high_ground) out.push({ key: "buff.high_ground" });
  if (p.skip_next) out.push({ key: "buff.skip_next", debuff: true });
  if (p.relic_buff > 0) out.push({ key: "buff.relic_buff", params: { n: p.relic_buff } });
  if (p.night_eye) out.push({ key: "buff.night_eye" });
  if (p.clairvoyance) out.push({ key: "buff.clairvoyance", params: { n: p.clairvoyance }, turns: p.clairvoyance });
  if (p.middle_way) out.push({ key: "buff.middle_way" });
  if (p.inshallah) out.push({ key: "buff.inshallah" });
  for (const g of view.factions?.governments ?? []) {
    if (g.briber === p.seat) out.push({ key: "buff.briber", params: { target: g.kind } });
  }
  const c = view.factions?.celebrity;
  if (c && c.briber === p.seat) out.push({ key: "buff.briber", params: { target: "celebrity" } });
  if (p.propagation_correction > 0) out.push({ key: "buff.prop_corr", params: { n: p.propagation_correction } });
  if (p.combat_correction > 0) out.push({ key: "buff.combat_corr", params: { n: p.combat_correction } });
  if (p.defense_correction > 0) out.push({ key: "buff.defense_corr", params: { n: p.defense_correction } });
  const po = p as Record<string, unknown>;
  const raw = pick(po, "buffs", "effects", "states");
  if (Array.isArray(raw)) {
    for (const b of raw) {
      if (typeof b === "string") {
        out.push(/^card-/i.test(b) ? { key: b, card: b } : { key: `buff.${b}` });
        continue;
      }
      if (!b || typeof b !== "object") continue;
      const o = b as Record<string, unknown>;
      const card = typeof o.card === "string" ? o.card : undefined;
      const name = String(o.name ?? o.kind ?? o.id ?? card ?? "?");
      let turns = typeof (o.turns ?? o.remaining ?? o.duration) === "number" ? Number(o.turns ?? o.remaining ?? o.duration) : undefined;
      // The rules say when an effect ends as the own turn count "until" (cardview.go).
      if (turns === undefined && typeof o.until === "number" && o.until > 0) turns = Math.max(0, o.until - (p.turns ?? 0));
      out.push({ key: card && name === card ? card : `buff.${name}`, card, turns, debuff: o.debuff === true, params: { ...o } });
    }
  }
  return out;
}

/** BUFF_BAR_SIZE is how many effects the status bar shows before "+N" (UI-409, GAP-63). */
export const BUFF_BAR_SIZE = 7;

/** buffBar splits effects into the 7 most recent shown and the overflow count (GAP-63). */
export function buffBar(list: Buff[]): { shown: Buff[]; more: number } {
  if (list.length <= BUFF_BAR_SIZE) return { shown: list, more: 0 };
  return { shown: list.slice(list.length - BUFF_BAR_SIZE), more: list.length - BUFF_BAR_SIZE };
}
