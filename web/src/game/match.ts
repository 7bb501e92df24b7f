// The client's copy of one watched match, advanced by frames
// (docs/protocol.md "frame"). A frame carries the steps after `from` and the
// whole current view (under protocol 4 net/views.ts has already applied the
// frame's view_patch: a view here is never a guess); steps the client
// already has (after a reconnect the server may repeat some) are skipped,
// so the event log never doubles and `version` is always the `since` to
// resume from.

import type { Decision, FrameSeat, GameEvent, ResolvedFrame, Result, View } from "./types";

export interface LoggedEvent extends GameEvent {
  version: number;
}

export interface MatchState {
  match: number;
  seat: number;
  version: number;
  /** view is the object net/views.ts keeps as the base of the next view_patch: never change it in place. */
  view: View | null;
  decision: Decision | null;
  deadline: number | null;
  result: Result | null;
  log: LoggedEvent[];
  /** answering holds the version an answer was sent for, until the next frame. */
  answering: number | null;
  /** seats is who plays each seat now (frame.seats), by seat. */
  seats: FrameSeat[];
}

/** LOG_LIMIT bounds the kept event log; older lines drop off. */
export const LOG_LIMIT = 400;

export function newMatchState(match: number, seat = -3): MatchState {
  return { match, seat, version: 0, view: null, decision: null, deadline: null, result: null, log: [], answering: null, seats: [] };
}

/**
 * applyFrame returns the state after frame. A frame older than what the
 * client holds changes nothing; a frame that overlaps adds only the new steps.
 * clockOffset is server time minus local time, in ms, for the deadline.
 */
export function applyFrame(s: MatchState, f: ResolvedFrame, clockOffset = 0): MatchState {
  if (f.version < s.version) return s;
  const log = s.log.slice();
  for (const step of f.steps ?? []) {
    if (step.version <= s.version) continue;
    for (const e of step.events ?? []) log.push({ ...e, version: step.version });
  }
  const deadline = f.deadline ? Date.parse(f.deadline) - clockOffset : null;
  return {
    ...s,
    seat: f.seat,
    version: f.version,
    view: f.view,
    decision: f.decision && f.decision.seat === f.seat ? f.decision : null,
    deadline: Number.isFinite(deadline as number) ? deadline : null,
    result: f.result ?? f.view?.result ?? null,
    log: log.length > LOG_LIMIT ? log.slice(log.length - LOG_LIMIT) : log,
    answering: f.version === s.version ? s.answering : null,
    seats: Array.isArray(f.seats) ? f.seats : s.seats,
  };
}

/** secondsLeft is the whole seconds until deadline (never negative), or null. */
export function secondsLeft(deadline: number | null, now: number): number | null {
  if (deadline === null) return null;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** OUT_STATUSES are the seat statuses of a player no longer at the table (GAP-63: green dot). */
export const OUT_STATUSES = new Set(["left", "idle", "conceded", "disconnected"]);

/** seatOut reports whether a seat's player has left the match or been eliminated (GAP-63). */
export function seatOut(s: MatchState, seat: number): boolean {
  const p = s.view?.players.find((x) => x.seat === seat);
  if (p?.defeated) return true;
  return OUT_STATUSES.has(s.seats[seat]?.status ?? "");
}
