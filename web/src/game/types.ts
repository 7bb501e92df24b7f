// The JSON the rules and the server send, as games/realigious/view.go,
// engine/wire.go and server/live encode it. Fields the rules add later
// (cards, buffs, designations) arrive as extra keys; the client reads them
// through the tolerant helpers in cards.ts instead of failing.

import type { Operation } from "fast-json-patch";
import type { Coord } from "./hex";

export type Memory = "revealed" | "adjacent" | "unrevealed";

export interface TileView extends Coord {
  memory: Memory;
  terrain?: string;
  structure?: string;
  church?: string;
  church_claimed?: boolean;
  owner?: number;
  alloc?: [number, number, number];
  blocked?: boolean;
  [extra: string]: unknown;
}

export interface PlayerView {
  seat: number;
  religion: string;
  character: string;
  reputation: number;
  followers: number;
  donations: number;
  influence: number;
  piece?: Coord;
  stealth?: boolean;
  high_ground?: boolean;
  propagation_correction: number;
  combat_correction: number;
  defense_correction: number;
  defeated?: boolean;
  turns: number;
  relics: number;
  relic_types?: number | string[];
  relic_buff: number;
  night_eye?: boolean;
  clairvoyance?: number;
  middle_way?: boolean;
  inshallah?: boolean;
  skip_next?: boolean;
  [extra: string]: unknown;
}

export interface GovernmentView {
  kind: string;
  tile?: Coord;
  briber: number;
  bribes: number;
  cost: number;
}

export interface CelebrityView {
  kind: string;
  tile?: Coord;
  briber: number;
  bribes: number;
  cost: number;
}

export interface FactionsView {
  god: string;
  mystic_threshold: number;
  relics: { tile: Coord; eye?: string }[];
  relics_on_map: number;
  governments: GovernmentView[];
  celebrity?: CelebrityView;
}

export interface Result {
  winner: number;
  how: string;
  ranking: number[];
}

export interface View {
  game: string;
  seat: number;
  width: number;
  height: number;
  climate: string;
  cycle: number;
  cycle_limit: number;
  night: boolean;
  squall?: { gauge: number; size: number; skip_next: boolean };
  wind?: string;
  blocked?: Coord[];
  active: number;
  pending: string;
  order: number[];
  religious_threshold: number;
  tiles: TileView[];
  /**
   * visible has one character per tile, in the order of tiles: '1' when the
   * seat sees that tile live now, '0' otherwise (always '0' for unrevealed
   * and adjacent tiles). Read it through tileVisible (board.ts), which treats
   * a missing or short string as not visible.
   */
  visible: string;
  players: PlayerView[];
  factions: FactionsView;
  result?: Result;
  cycle_end?: boolean;
  [extra: string]: unknown;
}

/** Decision is engine.DecisionJSON: who decides, what kind, the legal answers. */
export interface Decision {
  seat: number;
  kind: string;
  answers: string[];
  default: string;
  chance?: { answer: string; weight: number }[];
}

/** GameEvent is engine.Event as a seat receives it (already redacted). */
export interface GameEvent {
  kind: string;
  seat: number;
  data?: any;
}

/** FrameStep is one applied answer's events, as live.FrameStep. */
export interface FrameStep {
  version: number;
  events: GameEvent[] | null;
}

/** FrameSeat is live.SeatInfo: who plays a seat now (public). */
export interface FrameSeat {
  status: string;
  account?: number;
  name?: string;
  bot?: string;
}

/**
 * Frame is live.Frame: what one seat receives between versions from and
 * version. Under protocol 4 it carries either the whole `view` or a
 * `view_patch` against the view of the previous frame of the same match on
 * the same connection (net/views.ts turns it back into a view).
 */
export interface Frame {
  seats?: FrameSeat[];
  match?: number | string;
  seat: number;
  from: number;
  version: number;
  steps: FrameStep[] | null;
  view?: View;
  view_patch?: Operation[];
  decision?: Decision;
  deadline?: string;
  result?: Result;
}

/** ResolvedFrame is a frame whose view is known whole: what applyFrame takes. */
export type ResolvedFrame = Omit<Frame, "view" | "view_patch"> & { view: View };

/** The seat numbers engine.Seat reserves. */
export const CHANCE = -1;
export const NO_SEAT = -2;
export const SPECTATOR = -3;
