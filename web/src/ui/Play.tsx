// C. Play screen (UI-301-UI-315) at 1920 × 1080: the top bar (customization,
// reputation, resources, climate, status button), the map, the decision
// panel and event log on the right, the card bar at the bottom. Keyboard:
// 1-9 pick answers, Q/E/A/D/Z/C move, S toggles the status board, Esc
// closes panels (docs/ui.md).

import { useEffect, useMemo, useState } from "preact/hooks";
import { decisionModel, keyToAnswer, type AnswerInput } from "../game/decision";
import { seatCards } from "../game/cards";
import { seatOut, secondsLeft } from "../game/match";
import type { Names } from "../game/text";
import { Board } from "./Board";
import { BuffIcons, CardBar, ClimateBox, CustomCircle, ReputationBar, Resources, buffLabel } from "./Hud";
import { DecisionPanel, EventLog } from "./DecisionPanel";
import { StatusPanel } from "./StatusPanel";
import { Panel, SeatBadge, useApp } from "./common";

/** useNames builds seat names from the match's seats (display names, bots, "you"). */
export function useNames(): Names & { seat: (s: number) => string } {
  const { s } = useApp();
  const t = s.t;
  const mySeat = s.match?.seat ?? -3;
  const view = s.match?.view;
  return {
    seat: (seat: number) => {
      const info = s.seats.find((x) => x.seat === seat);
      const live = s.match?.seats[seat];
      let name = info ? (info.bot ? t.t("app.bot", { level: t.name("level", info.bot) }) : info.display_name) : "";
      if (!name && live) name = live.name || (live.bot ? t.t("app.bot", { level: t.name("level", live.bot) }) : "");
      if (!name) name = `#${seat + 1}`;
      return seat === mySeat ? `${name} (${t.t("app.you")})` : name;
    },
    handCard: (slot: number) => {
      const me = view?.players.find((p) => p.seat === mySeat);
      if (!view || !me) return undefined;
      return seatCards(view, me).hand?.find((h) => h.slot === slot)?.id;
    },
  };
}

export function Play() {
  const { s, ctl } = useApp();
  const t = s.t;
  const m = s.match;
  const names = useNames();
  const [choice, setChoice] = useState<AnswerInput[] | null>(null);
  const [hover, setHover] = useState<{ col: number; row: number }[]>([]);
  const view = m?.view ?? null;
  const model = useMemo(() => (m?.decision && view ? decisionModel(m.decision, view) : null), [m?.decision, view]);
  const busy = m?.answering !== null && m?.answering !== undefined;
  const answer = (a: string) => {
    setChoice(null);
    void ctl.answer(a);
  };
  useEffect(() => setChoice(null), [m?.version]);
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === "INPUT" || target.tagName === "SELECT" || target.tagName === "TEXTAREA")) return;
      if (e.key === "Escape") {
        ctl.panel("status", false);
        ctl.panel("graveyard", null);
        ctl.panel("buffs", null);
        setChoice(null);
        return;
      }
      if (e.key === "s" || e.key === "S") {
        ctl.panel("status");
        return;
      }
      if (!model || busy || e.ctrlKey || e.metaKey || e.altKey) return;
      const list = choice ?? null;
      if (list && /^[1-9]$/.test(e.key)) {
        const pick = list[Number(e.key) - 1];
        if (pick) answer(pick.answer);
        return;
      }
      const a = keyToAnswer(model, e.key);
      if (a) {
        e.preventDefault();
        answer(a);
      }
    };
    window.addEventListener("keydown", on);
    return () => window.removeEventListener("keydown", on);
  }, [model, busy, choice]);
  useEffect(() => {
    if (!m?.result) return;
    const h = setTimeout(() => ctl.showResults(), 2500);
    return () => clearTimeout(h);
  }, [!!m?.result]);

  if (!m || !view) return null;
  const me = view.players.find((p) => p.seat === view.seat) ?? null;
  const active = view.active;
  const waitingFor = m.result ? t.t("results.title") : view.cycle_end ? t.t("play.cycle_end") : t.t("play.waiting_for", { name: names.seat(active) });
  const left = secondsLeft(m.deadline, s.now);
  const graveSeat = s.panels.graveyard;
  const buffSeat = s.panels.buffs;
  return (
    <div class={`screen play-screen${view.night ? " night" : ""}`} data-testid="screen-play" data-ui="UI-301" data-version={m.version} data-seat={m.seat}>
      <div class="play-top">
        {me ? <CustomCircle p={me} t={t} /> : <div class="spectating" data-testid="spectating">{t.t("play.spectating")}</div>}
        {me && <ReputationBar value={typeof me.reputation === "number" ? me.reputation : null} t={t} />}
        {me && <Resources p={me} t={t} />}
        <ClimateBox view={view} t={t} />
        <div class="top-buttons">
          <button class={`status-btn${s.panels.status ? " on" : ""}`} onClick={() => ctl.panel("status")} aria-pressed={s.panels.status} data-testid="status-button" data-ui="UI-309">
            {t.t("play.status")}
          </button>
          <button onClick={() => ctl.panel("options", true)} data-testid="play-options">{t.t("menu.options")}</button>
          <button onClick={() => ctl.panel("back", true)} data-testid="play-back">{t.t("app.back")}</button>
        </div>
      </div>
      <div class="play-main">
        <div class="map-area">
          <Board
            view={view}
            t={t}
            decision={model}
            seatName={names.seat}
            showCoords={s.options.coords}
            highlight={hover}
            onPick={(inputs) => (inputs.length === 1 ? answer(inputs[0].answer) : setChoice(inputs))}
          />
          <div class="map-legend">
            {view.players.map((p) => (
              <span key={p.seat} class={`legend-seat${p.seat === active ? " active" : ""}${p.defeated ? " out" : ""}`} data-testid="legend-seat" data-seat={p.seat}>
                <SeatBadge seat={p.seat} /> {names.seat(p.seat)}
              </span>
            ))}
          </div>
        </div>
        <div class="side">
          <DecisionPanel
            model={model}
            secondsLeft={left}
            waitingFor={waitingFor}
            names={names}
            busy={busy}
            onAnswer={answer}
            choice={choice}
            onCancelChoice={() => setChoice(null)}
          />
          <EventLog log={m.log} names={names} onHover={setHover} />
        </div>
      </div>
      <div class="play-bottom">
        {me && <CardBar view={view} me={me} decision={model} onAnswer={answer} onGraveyard={() => ctl.panel("graveyard", view.seat)} busy={busy} />}
        {me && (
          <div class="my-buffs">
            <div class="zone-label">{t.t("play.buffs")}</div>
            <BuffIcons buffs={seatCards(view, me).buffs} onMore={() => ctl.panel("buffs", me.seat)} />
          </div>
        )}
        <div class="keys-hint">{t.t("play.keys")}</div>
      </div>
      {m.result && (
        <div class="match-over-banner" data-testid="match-over">
          {t.t("results.title")}{" "}
          <button class="primary" onClick={() => ctl.showResults()} data-testid="to-results">
            {t.t("results.show")}
          </button>
        </div>
      )}
      {s.panels.status && (
        <StatusPanel
          view={view}
          seatName={names.seat}
          left={(seat) => seatOut(m, seat)}
          onClose={() => ctl.panel("status", false)}
          onBuffs={(seat) => ctl.panel("buffs", seat)}
          onGraveyard={(seat) => ctl.panel("graveyard", seat)}
        />
      )}
      {graveSeat !== null && graveSeat !== undefined && (
        <Panel title={t.t("play.graveyard_title", { name: names.seat(graveSeat) })} onClose={() => ctl.panel("graveyard", null)} testid="graveyard-panel" class="graveyard-panel">
          {(() => {
            const p = view.players.find((x) => x.seat === graveSeat);
            const g = p ? seatCards(view, p).graveyard : [];
            if (g.length === 0) return <p class="hint">{t.t("play.graveyard_empty")}</p>;
            return (
              <div class="card-list">
                {g.map((id, i) => {
                  const c = t.card(id);
                  return (
                    <div class="card-tile" key={i} data-testid="graveyard-card" data-card={id}>
                      <div class="card-name">{t.cardName(id)}</div>
                      {c && <div class="card-meta">{t.t("play.level", { n: c.level })} · {t.t("play.cost", { n: c.cost })}</div>}
                      <div class="card-text">{t.cardText(id)}</div>
                    </div>
                  );
                })}
              </div>
            );
          })()}
        </Panel>
      )}
      {buffSeat !== null && buffSeat !== undefined && (
        <Panel title={t.t("play.buffs_title", { name: names.seat(buffSeat) })} onClose={() => ctl.panel("buffs", null)} testid="buffs-panel">
          {(() => {
            const p = view.players.find((x) => x.seat === buffSeat);
            const list = p ? seatCards(view, p).buffs : [];
            if (list.length === 0) return <p class="hint">{t.t("play.no_buffs")}</p>;
            return (
              <ul class="buff-list">
                {list.map((b, i) => (
                  <li key={i} data-testid="buff-item">{buffLabel(t, b)}</li>
                ))}
              </ul>
            );
          })()}
        </Panel>
      )}
      {s.panels.back && (
        <Panel title={t.t("back.title")} onClose={() => ctl.panel("back", false)} testid="back-panel">
          {m.result ? (
            <button class="primary" onClick={() => ctl.backToMenu()} data-testid="back-menu">{t.t("results.menu")}</button>
          ) : me ? (
            <>
              <p>{t.t("play.leave_confirm")}</p>
              <div class="row">
                <button onClick={() => void ctl.leaveMatch()} data-testid="leave-match">{t.t("play.leave")}</button>
                <button class="danger" onClick={() => void ctl.concede()} data-testid="concede">{t.t("play.concede")}</button>
                <button onClick={() => ctl.panel("back", false)}>{t.t("app.cancel")}</button>
              </div>
            </>
          ) : (
            <button class="primary" onClick={() => ctl.backToMenu()} data-testid="back-menu">{t.t("results.menu")}</button>
          )}
        </Panel>
      )}
    </div>
  );
}
