// The replay viewer: steps through a finished match. The replay file holds
// the answers only (engine.Replay); the board at a step comes from the
// server, which re-plays the match (GET /api/matches/{id}/replay/step, see
// docs/ui.md). Without it the viewer still lists every answer of the match
// in order, which a finished match no longer needs to hide.

import { useEffect, useMemo } from "preact/hooks";
import { Board } from "./Board";
import { EventLog } from "./DecisionPanel";
import { ClimateBox } from "./Hud";
import { useApp } from "./common";
import { useNames } from "./Play";
import type { LoggedEvent } from "../game/match";

export function Replay() {
  const { s, ctl } = useApp();
  const t = s.t;
  const r = s.replay;
  const names = useNames();
  useEffect(() => {
    const on = (e: KeyboardEvent) => {
      const cur = ctl.s.replay;
      if (!cur) return;
      if (e.key === "ArrowRight") void ctl.replayTo(cur.step + 1);
      if (e.key === "ArrowLeft") void ctl.replayTo(cur.step - 1);
      if (e.key === "Home") void ctl.replayTo(0);
      if (e.key === "End") void ctl.replayTo(cur.steps.length);
    };
    window.addEventListener("keydown", on);
    return () => {
      window.removeEventListener("keydown", on);
      ctl.stopReplay();
    };
  }, []);
  const log = useMemo<LoggedEvent[]>(() => (r?.events ?? []).map((e: any) => ({ ...e, version: r!.step })), [r?.events]);
  if (!r) return null;
  const total = r.steps.length;
  const seats = Array.from(new Set(r.steps.map((x) => x.seat).filter((x) => x >= 0))).sort();
  const window0 = Math.max(0, r.step - 12);
  return (
    <div class="screen replay-screen" data-testid="screen-replay" data-step={r.step}>
      <div class="replay-head">
        <h1 class="screen-title">{t.t("replay.title")} #{r.match}</h1>
        <div class="replay-controls" role="toolbar">
          <button onClick={() => void ctl.replayTo(0)} data-testid="replay-first">|◀ {t.t("replay.first")}</button>
          <button onClick={() => void ctl.replayTo(r.step - 1)} data-testid="replay-prev">◀ {t.t("replay.prev")}</button>
          <button onClick={() => ctl.toggleReplayPlay()} data-testid="replay-play">{r.playing ? t.t("replay.pause") : t.t("replay.play")}</button>
          <button onClick={() => void ctl.replayTo(r.step + 1)} data-testid="replay-next">{t.t("replay.next")} ▶</button>
          <button onClick={() => void ctl.replayTo(total)} data-testid="replay-last">{t.t("replay.last")} ▶|</button>
          <input
            type="range"
            min={0}
            max={total}
            value={r.step}
            onInput={(e) => void ctl.replayTo(Number(e.currentTarget.value))}
            aria-label={t.t("replay.step", { n: r.step, total })}
            data-testid="replay-slider"
          />
          <span class="replay-step" data-testid="replay-step">{t.t("replay.step", { n: r.step, total })}</span>
          <select value={String(r.seat)} onChange={(e) => void ctl.replayTo(r.step, Number(e.currentTarget.value))} data-testid="replay-seat">
            <option value="-3">{t.t("play.spectating")}</option>
            {seats.map((x) => (
              <option key={x} value={String(x)}>{names.seat(x)}</option>
            ))}
          </select>
          <button onClick={() => ctl.backToMenu()} data-testid="replay-menu">{t.t("results.menu")}</button>
        </div>
      </div>
      <div class="replay-main">
        <div class="map-area">
          {r.view ? (
            <>
              <ClimateBox view={r.view} t={t} />
              <Board view={r.view} t={t} seatName={names.seat} showCoords={s.options.coords} testid="replay-board" />
            </>
          ) : (
            <p class="hint" data-testid="replay-unavailable">{r.error ? t.t("replay.unavailable") : t.t("app.loading")}</p>
          )}
        </div>
        <div class="side">
          <div class="replay-steps" data-testid="replay-steps">
            {r.steps.slice(window0, r.step + 12).map((x, i) => {
              const n = window0 + i + 1;
              return (
                <button key={n} class={`replay-line${n === r.step ? " current" : ""}`} onClick={() => void ctl.replayTo(n)} data-testid="replay-line">
                  {n}. {t.t("replay.answer", { who: x.seat >= 0 ? names.seat(x.seat) : x.seat === -1 ? t.t("replay.chance") : "—", answer: x.answer })}
                </button>
              );
            })}
          </div>
          {log.length > 0 && <EventLog log={log} names={names} />}
        </div>
      </div>
    </div>
  );
}
