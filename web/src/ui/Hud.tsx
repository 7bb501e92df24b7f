// The play screen's bars: customization circle (UI-302, UI-303), reputation
// (UI-304-UI-306), the three resources (UI-307, UI-308), the status button
// (UI-309, UI-310), the climate and day/night indicators (REL-805, REL-810),
// and the card bar: deck (UI-311), hands 1-3 (UI-312-UI-314), graveyard
// (UI-315) and the buff bar (7 icons then "+N", UI-409, GAP-63).

import { type Buff, buffBar, seatCards } from "../game/cards";
import type { DecisionModel, AnswerInput } from "../game/decision";
import type { PlayerView, View } from "../game/types";
import type { Translator } from "../i18n/i18n";
import { ResourceIcon, SeatBadge, useApp } from "./common";

const RELIGION_GLYPHS: Record<string, string> = { christianity: "✝", buddhism: "☸", hinduism: "✺", islam: "☪" };
const CHARACTER_GLYPHS: Record<string, string> = { businessman: "₩", religionist: "☥", fortune_teller: "☾", explorer: "➶" };

export function CustomCircle(props: { p: PlayerView; t: Translator }) {
  const { p, t } = props;
  return (
    <div class="custom-circle" data-testid="customization" data-ui="UI-302" title={`${t.name("religion", p.religion)} · ${t.name("character", p.character)}`}>
      <div class="cc-left" data-testid="custom-religion" data-ui="UI-303">
        <span class="cc-glyph">{RELIGION_GLYPHS[p.religion] ?? "?"}</span>
        {t.name("religion", p.religion)}
      </div>
      <div class="cc-divider" />
      <div class="cc-right" data-testid="custom-character">
        <span class="cc-glyph">{CHARACTER_GLYPHS[p.character] ?? "?"}</span>
        {t.name("character", p.character)}
      </div>
    </div>
  );
}

export function ReputationBar(props: { value: number | null; t: Translator }) {
  const v = props.value;
  return (
    <div class="reputation" data-testid="reputation" data-ui="UI-304" data-value={v ?? ""}>
      <div class="rep-label">
        <ResourceIcon kind="reputation" size={24} /> {props.t.t("play.reputation")} <b>{v === null ? "?" : `${v}%`}</b>
      </div>
      {/* Lower to the left, higher to the right (UI-306). */}
      <div class="rep-track" data-ui="UI-306">
        <div class="rep-fill" style={{ width: `${Math.max(0, Math.min(100, v ?? 0))}%` }} />
        <div class="rep-mark" style={{ left: "50%" }} />
      </div>
    </div>
  );
}

export function Resources(props: { p: PlayerView; t: Translator }) {
  const { p, t } = props;
  const items = [
    ["followers", p.followers],
    ["donations", p.donations],
    ["influence", p.influence],
  ] as const;
  return (
    <div class="resources" data-ui="UI-307">
      {items.map(([k, v], i) => (
        <div class="resource" key={k} data-testid={`resource-${k}`} data-ui="UI-308" data-order={i + 1} title={t.t(`play.${k}`)}>
          <ResourceIcon kind={k} />
          <span class="res-slash">/</span>
          <span class="res-value">{v.toLocaleString()}</span>
        </div>
      ))}
    </div>
  );
}

export function ClimateBox(props: { view: View; t: Translator }) {
  const { view, t } = props;
  return (
    <div class="climate-box" data-testid="climate">
      <div class={`daynight ${view.night ? "is-night" : "is-day"}`} data-testid="daynight" data-night={view.night ? "true" : "false"}>
        <span class="dn-icon">{view.night ? "☾" : "☀"}</span> {t.t(view.night ? "play.night" : "play.day")}
      </div>
      <div class="cycle" data-testid="cycle">{t.t("play.cycle", { cycle: Math.min(view.cycle + 1, view.cycle_limit), limit: view.cycle_limit })}</div>
      <div class="climate-name">{t.name("climate", view.climate)}</div>
      {view.squall && (
        <div class="squall" data-testid="squall-gauge" title={t.t("play.squall", view.squall)}>
          {Array.from({ length: view.squall.size }, (_, i) => (
            <span key={i} class={`sq-cell${i < view.squall!.gauge ? " on" : ""}`} />
          ))}
          <span class="sq-text">{t.t("play.squall", { gauge: view.squall.gauge, size: view.squall.size })}</span>
          {view.squall.skip_next && <span class="sq-skip">{t.t("play.squall_skip")}</span>}
        </div>
      )}
      {view.wind && (
        <div class="wind" data-testid="monsoon" data-wind={view.wind}>
          <span class={`wind-arrow wind-${view.wind}`}>➤</span> {t.t("play.wind", { dir: t.name("wind", view.wind) })}
        </div>
      )}
    </div>
  );
}

/** BuffIcons is a status bar row: up to 7 small square icons, then "+N" (UI-408, UI-409). */
export function BuffIcons(props: { buffs: Buff[]; onMore?: () => void; testid?: string }) {
  const { s } = useApp();
  const t = s.t;
  const bar = buffBar(props.buffs);
  return (
    <div class="buff-bar" data-testid={props.testid ?? "buff-bar"} data-ui="UI-407">
      {bar.shown.map((b, i) => {
        const label = buffLabel(t, b);
        return (
          <span key={i} class={`buff-icon${b.debuff ? " debuff" : ""}`} title={label} aria-label={label} data-testid="buff" data-ui="UI-408">
            {buffGlyph(b)}
            {b.turns !== undefined && <sub>{b.turns}</sub>}
          </span>
        );
      })}
      {bar.more > 0 && (
        <button class="buff-more" onClick={props.onMore} data-testid="buff-more" data-ui="UI-409">
          {t.t("play.buffs_more", { n: bar.more })}
        </button>
      )}
    </div>
  );
}

export function buffLabel(t: Translator, b: Buff): string {
  if (b.card) return t.cardName(b.card) + (b.turns !== undefined ? ` · ${t.t("buff.turns_left", { n: b.turns })}` : "");
  const params = { ...(b.params ?? {}) };
  if (typeof params.target === "string") params.target = t.t(`target.${params.target}`);
  return t.t(b.key, params);
}

const GLYPHS: Record<string, string> = {
  "buff.stealth": "♣",
  "buff.high_ground": "▲",
  "buff.skip_next": "⏸",
  "buff.relic_buff": "◆",
  "buff.night_eye": "◉",
  "buff.clairvoyance": "◎",
  "buff.middle_way": "☸",
  "buff.inshallah": "☪",
  "buff.briber": "⚑",
  "buff.prop_corr": "P",
  "buff.combat_corr": "C",
  "buff.defense_corr": "D",
};

function buffGlyph(b: Buff): string {
  if (b.card) return "▣";
  return GLYPHS[b.key] ?? "•";
}

/** CardBar is the deck, the three hand slots and the graveyard of the viewing seat. */
export function CardBar(props: { view: View; me: PlayerView; decision: DecisionModel | null; onAnswer: (a: string) => void; onGraveyard: () => void; busy: boolean }) {
  const { s } = useApp();
  const t = s.t;
  const c = seatCards(props.view, props.me);
  const slots = [1, 2, 3];
  return (
    <div class="card-bar">
      <div class="deck" data-testid="deck" data-ui="UI-311" title={t.t("play.deck")}>
        <div class="deck-stack">{c.deckCount ?? "–"}</div>
        <div class="zone-label">{t.t("play.deck")}</div>
      </div>
      <div class="hands" data-ui="UI-313">
        {slots.map((n) => {
          const card = c.hand?.find((h) => h.slot === n);
          const inputs: AnswerInput[] = props.decision?.byHandSlot.get(n) ?? [];
          return <HandSlot key={n} n={n} id={card?.id} armed={card?.armed} payer={card?.payer} cost={card?.cost} inputs={inputs} onAnswer={props.onAnswer} busy={props.busy} hidden={!c.hand && n <= c.handCount} />;
        })}
      </div>
      <button class="graveyard" onClick={props.onGraveyard} data-testid="graveyard" data-ui="UI-315" title={t.t("play.graveyard")}>
        <div class="grave-stack">{c.graveyard.length}</div>
        <div class="zone-label">{t.t("play.graveyard")}</div>
      </button>
    </div>
  );
}

function HandSlot(props: { n: number; id?: string; armed?: boolean; payer?: string; cost?: number; inputs: AnswerInput[]; onAnswer: (a: string) => void; busy: boolean; hidden: boolean }) {
  const { s } = useApp();
  const t = s.t;
  const info = props.id ? t.card(props.id) : undefined;
  const playable = props.inputs.length > 0;
  return (
    <div
      class={`hand-slot${props.id ? " has-card" : ""}${playable ? " playable" : ""}${props.armed ? " armed" : ""}`}
      data-testid={`hand-${props.n}`}
      data-ui={props.n === 1 ? "UI-312" : "UI-314"}
      data-card={props.id ?? ""}
    >
      <div class="hand-label">{t.t("play.hand", { n: props.n })}</div>
      {info ? (
        <>
          <div class="card-name" data-testid="card-name">{t.cardName(info.id)}</div>
          <div class="card-meta">
            <span data-testid="card-level">{t.t("play.level", { n: info.level })}</span>
            <span data-testid="card-cost">{t.t("play.cost", { n: props.cost ?? info.cost })}</span>
          </div>
          <div class="card-text" data-testid="card-text">{t.cardText(info.id)}</div>
          {props.armed && <div class="armed-tag">{props.payer ? t.t("play.armed_with", { payer: t.name("res", props.payer) }) : t.t("play.armed")}</div>}
        </>
      ) : (
        <div class="card-empty">{props.hidden ? "▩" : t.t("play.hand_empty")}</div>
      )}
      {playable && (
        <div class="card-actions">
          {props.inputs.map((i) => (
            <button key={i.answer} disabled={props.busy} onClick={() => props.onAnswer(i.answer)} data-testid="card-answer" data-answer={i.answer}>
              {i.index < 9 ? <kbd>{i.index + 1}</kbd> : null}
              {i.parsed.type === "card" ? t.t("answer.card", { card: "" }).trim() || "▶" : i.parsed.type === "disarm" ? "✕" : i.parsed.type === "arm" && i.parsed.res ? t.name("res", i.parsed.res) : "◎"}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}

export { SeatBadge };
