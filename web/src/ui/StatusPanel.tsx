// C-1. Status panel (UI-401-UI-416), 1400 × 500 on the 1920 × 1080 stage:
// each player's icon with the dot (red while still in the match, green once
// left or defeated: GAP-63), ID, reputation (GAP-63 adds it), resources,
// status bar (7 buffs then "+N"), and the minimap of revealed, adjacent and
// unrevealed tiles at the map's aspect ratio.

import { minimapModel } from "../game/board";
import { seatCards } from "../game/cards";
import { seatStyle } from "../game/seats";
import type { View } from "../game/types";
import { BuffIcons } from "./Hud";
import { PlayerIcon, SeatBadge, useApp } from "./common";
import { SeatPatterns } from "./Board";

export function StatusPanel(props: { view: View; seatName: (s: number) => string; left: (s: number) => boolean; onClose: () => void; onBuffs: (seat: number) => void; onGraveyard: (seat: number) => void }) {
  const { s } = useApp();
  const t = s.t;
  const v = props.view;
  return (
    <div class="panel-backdrop" onClick={(e) => e.target === e.currentTarget && props.onClose()}>
      <div class="panel status-panel" role="dialog" aria-label={t.t("status.title")} style={{ width: "1400px", height: "500px" }} data-testid="status-panel" data-ui="UI-401">
        <div class="panel-head">
          <h2>{t.t("status.title")}</h2>
          <button class="close" onClick={props.onClose} aria-label={t.t("app.close")} data-testid="panel-close">×</button>
        </div>
        <div class="status-body">
          <div class="status-players">
            {v.players.map((p) => {
              const out = p.defeated || props.left(p.seat);
              const c = seatCards(v, p);
              return (
                <div class={`status-row${p.seat === v.seat ? " me" : ""}`} key={p.seat} data-testid="status-row" data-seat={p.seat}>
                  <PlayerIcon name={props.seatName(p.seat)} size={64} dot={out ? "green" : "red"} ui="UI-402" dotUi="UI-403" />
                  <div class="status-id" data-ui="UI-406">
                    <SeatBadge seat={p.seat} /> {props.seatName(p.seat)}
                    {p.defeated && <span class="defeated-tag"> · {t.t("play.defeated")}</span>}
                    <div class="status-sub">
                      {t.name("religion", p.religion)} · {t.name("character", p.character)}
                    </div>
                  </div>
                  <div class="status-stats">
                    <div data-testid="status-reputation">
                      {t.t("play.reputation")} {typeof p.reputation === "number" ? `${p.reputation}%` : t.t("play.hidden")}
                    </div>
                    <div>
                      {t.t("play.followers")} {p.followers} · {t.t("play.donations")} {p.donations} · {t.t("play.influence")} {p.influence}
                    </div>
                    <div class="status-small">
                      {t.t("status.relics", { n: p.relics })} · {t.t("status.turns", { n: p.turns })} · {t.t("play.hand_hidden", { n: c.handCount })} ·{" "}
                      <button class="link" onClick={() => props.onGraveyard(p.seat)} data-testid="status-graveyard">
                        {t.t("play.graveyard")} {c.graveyard.length}
                      </button>
                    </div>
                  </div>
                  <BuffIcons buffs={c.buffs} onMore={() => props.onBuffs(p.seat)} testid="status-bar" />
                </div>
              );
            })}
          </div>
          <Minimap view={v} />
        </div>
      </div>
    </div>
  );
}

/** Minimap is the schematic map (UI-410-UI-416): tiles by memory state, owners, seen pieces. */
export function Minimap(props: { view: View }) {
  const { s } = useApp();
  const t = s.t;
  const m = minimapModel(props.view, 10);
  return (
    <div class="minimap" data-testid="minimap" data-ui="UI-410">
      <h3>{t.t("status.minimap")}</h3>
      <svg viewBox={`-2 -2 ${m.w + 4} ${m.h + 4}`} preserveAspectRatio="xMidYMid meet">
        <SeatPatterns />
        {m.cells.map((c) => (
          <g key={c.key} data-testid="minimap-tile" data-memory={c.memory} data-tile={c.key} data-ui={c.memory === "revealed" ? "UI-412" : c.memory === "adjacent" ? "UI-414" : "UI-416"}>
            <polygon points={c.points} fill={c.fill} stroke="#222" stroke-width="0.5" />
            {c.owner >= 0 && c.memory === "revealed" && <polygon points={c.points} fill={`url(#${seatStyle(c.owner).pattern})`} />}
            {c.piece >= 0 && <circle cx={c.x} cy={c.y} r="4" fill="#fff" stroke={seatStyle(c.piece).colour} stroke-width="2.5" />}
          </g>
        ))}
      </svg>
      <div class="minimap-legend">
        <span><i class="lg revealed" /> {t.t("status.revealed")}</span>
        <span><i class="lg adjacent" /> {t.t("status.adjacent")}</span>
        <span><i class="lg unrevealed" /> {t.t("status.unrevealed")}</span>
      </div>
    </div>
  );
}
