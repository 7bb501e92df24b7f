// Shared UI pieces: the app context, icons drawn as SVG (no icon font, no
// download), the player icon with its presence dot, and small controls.

import { createContext } from "preact";
import type { ComponentChildren, JSX } from "preact";
import { useContext, useEffect, useState } from "preact/hooks";
import type { Controller } from "../controller";
import type { AppState, Store } from "../store";
import { seatStyle, shapePath } from "../game/seats";

export interface AppCtx {
  store: Store;
  ctl: Controller;
}

export const Ctx = createContext<AppCtx | null>(null);

/** useApp returns the state (re-rendering on change) and the controller. */
export function useApp(): { s: AppState; ctl: Controller } {
  const ctx = useContext(Ctx)!;
  const [, force] = useState(0);
  useEffect(() => ctx.store.subscribe(() => force((n) => n + 1)), [ctx.store]);
  return { s: ctx.store.state, ctl: ctx.ctl };
}

/** ICON_COLOURS give each icon key a stable colour. */
const ICON_COLOURS = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#6b5b95"];

function hash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) | 0;
  return Math.abs(h);
}

/**
 * PlayerIcon is a player's picture in a square frame (UI-012) with the
 * presence dot at the very top inside it (UI-103, UI-403): red in a game,
 * green when not (UI-104, UI-105).
 */
export function PlayerIcon(props: {
  name: string;
  icon?: string;
  size: number;
  dot?: "red" | "green" | "grey" | null;
  testid?: string;
  ui?: string;
  /** dotUi is the spec id of the dot: UI-103 (community) or UI-403 (status panel). */
  dotUi?: string;
}) {
  const seed = props.icon || props.name || "?";
  const colour = ICON_COLOURS[hash(seed) % ICON_COLOURS.length];
  const letter = (props.name || "?").trim().charAt(0).toUpperCase() || "?";
  return (
    <div class="player-icon" style={{ width: `${props.size}px`, height: `${props.size}px` }} data-testid={props.testid} data-ui={props.ui}>
      <svg viewBox="0 0 100 100" width={props.size} height={props.size} aria-hidden="true">
        <rect x="2" y="2" width="96" height="96" rx="6" fill={colour} stroke="#1d2230" stroke-width="4" />
        <text x="50" y="66" text-anchor="middle" font-size="48" fill="#fff" font-weight="700">
          {letter}
        </text>
      </svg>
      {props.dot && (
        <span
          class={`presence-dot dot-${props.dot}`}
          data-testid="presence-dot"
          data-ui={props.dotUi ?? "UI-103"}
          data-presence={props.dot}
          title={props.dot}
        />
      )}
    </div>
  );
}

/** SeatBadge is a seat's colour, shape and number together (colour-blind safe). */
export function SeatBadge(props: { seat: number; size?: number }) {
  const st = seatStyle(props.seat);
  const r = (props.size ?? 18) / 2;
  return (
    <svg class="seat-badge" width={r * 2} height={r * 2} viewBox={`0 0 ${r * 2} ${r * 2}`} aria-label={`seat ${props.seat + 1}`} data-seat={props.seat}>
      <path d={shapePath(st.shape, r, r, r - 1)} fill={st.colour} stroke="#111" stroke-width="1" />
      <text x={r} y={r + r * 0.38} text-anchor="middle" font-size={r * 1.05} fill="#fff" font-weight="700">
        {props.seat + 1}
      </text>
    </svg>
  );
}

/** ResourceIcon draws the three resources as simple SVG glyphs (UI-308). */
export function ResourceIcon(props: { kind: "followers" | "donations" | "influence" | "reputation"; size?: number }) {
  const s = props.size ?? 28;
  const body: Record<string, JSX.Element> = {
    followers: (
      <g fill="#f3e9d2">
        <circle cx="9" cy="9" r="4" />
        <circle cx="19" cy="9" r="4" />
        <path d="M2 24c0-6 4-9 7-9s7 3 7 9zM12 24c0-6 4-9 7-9s7 3 7 9z" />
      </g>
    ),
    donations: (
      <g>
        <circle cx="14" cy="14" r="11" fill="#f0c040" stroke="#8a6a00" stroke-width="2" />
        <text x="14" y="19" text-anchor="middle" font-size="13" font-weight="700" fill="#6b5000">
          ₩
        </text>
      </g>
    ),
    influence: (
      <g>
        <path d="M14 2l3.5 7.5 8 1-6 5.5 1.6 8L14 20l-7.1 4 1.6-8-6-5.5 8-1z" fill="#9ad0ff" stroke="#245" stroke-width="1.5" />
      </g>
    ),
    reputation: (
      <g>
        <path d="M14 25s-10-6-10-13a5.5 5.5 0 0 1 10-3 5.5 5.5 0 0 1 10 3c0 7-10 13-10 13z" fill="#ff8a8a" stroke="#822" stroke-width="1.5" />
      </g>
    ),
  };
  return (
    <svg width={s} height={s} viewBox="0 0 28 28" aria-hidden="true" class={`res-icon res-${props.kind}`}>
      {body[props.kind]}
    </svg>
  );
}

/** Panel is a modal box on the stage with a title and a close button. */
export function Panel(props: {
  title: string;
  onClose?: () => void;
  children: ComponentChildren;
  class?: string;
  testid?: string;
  ui?: string;
  style?: Record<string, string>;
}) {
  const { s } = useApp();
  return (
    <div class="panel-backdrop" onClick={(e) => e.target === e.currentTarget && props.onClose?.()}>
      <div class={`panel ${props.class ?? ""}`} role="dialog" aria-label={props.title} data-testid={props.testid} data-ui={props.ui} style={props.style}>
        <div class="panel-head">
          <h2>{props.title}</h2>
          {props.onClose && (
            <button class="close" onClick={props.onClose} aria-label={s.t.t("app.close")} data-testid="panel-close">
              ×
            </button>
          )}
        </div>
        <div class="panel-body">{props.children}</div>
      </div>
    </div>
  );
}

/**
 * roomSecondsLeft is a waiting room's countdown (UI-209): to its deadline in
 * server time, but never more than the server's count when the message
 * arrived, less the whole seconds since. The clock offset comes from hello's
 * `now`, which is late by the reply's trip, so the deadline alone can show
 * 41 s of a 40 s countdown.
 */
export function roomSecondsLeft(room: { ends: string; said?: { seconds: number; at: number } }, now: number, offset: number): number {
  const left = secondsUntil(room.ends, now, offset);
  if (!room.said) return left;
  return Math.min(left, Math.max(0, room.said.seconds - Math.floor(Math.max(0, now - room.said.at) / 1000)));
}

/** secondsUntil is the whole seconds left until an absolute server time (iso), never negative. */
export function secondsUntil(iso: string | undefined, now: number, offset: number): number {
  if (!iso) return 0;
  const t = Date.parse(iso) - offset;
  return Math.max(0, Math.ceil((t - now) / 1000));
}
