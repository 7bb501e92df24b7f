// The app's state: one plain object, replaced (not mutated) on every change
// and announced to the subscribers, so the view is a function of it. The
// controller (controller.ts) is the only writer.

import type { Account, MatchRecord, SeatInfo, SlotRecord } from "./net/api";
import type { ConnState } from "./net/socket";
import type { MatchState } from "./game/match";
import { type Catalogue, type Lang, Translator, bundledCatalogue } from "./i18n/i18n";

export type Screen =
  | "boot"
  | "login"
  | "menu"
  | "room"
  | "loading"
  | "play"
  | "results"
  | "replay"
  | "traits"
  | "shop"
  | "history"
  | "help";

export interface Friend {
  account: number;
  username: string;
  display_name: string;
  icon: string;
  level: number;
  state: "accepted" | "incoming" | "outgoing";
  presence: "online" | "in_match" | "offline";
}

export interface Member {
  account: number;
  display_name: string;
  icon: string;
  level: number;
}

export interface Party {
  leader: number;
  members: Member[];
}

export interface RoomSeat extends Member {
  bot: string;
  ready: boolean;
  seat?: number;
}

export interface Room {
  room: number;
  players: number;
  map_size: number;
  ends: string;
  /**
   * said is the server's own count (`seconds`, rounded up when it made the
   * message) and the local time it arrived: the countdown never shows more
   * (UI-209), whatever the clock offset estimate says.
   */
  said?: { seconds: number; at: number };
  seats: RoomSeat[];
  /** you is the player's own seat index in seats, when the lobby says it. */
  you?: number;
  state?: string;
  choice: { character: string; religion: string; slot: number };
}

export interface Options {
  coords: boolean;
  reduceMotion: boolean;
  logExplain: boolean;
}

export interface Toast {
  id: number;
  text: string;
  kind: "info" | "error";
}

export interface ReplayState {
  match: number;
  steps: { seat: number; answer: string }[];
  step: number;
  seat: number;
  /** frame is the view at step, when the server provides it. */
  view: any | null;
  events: any[];
  error: string | null;
  playing: boolean;
}

export interface AppState {
  lang: Lang;
  t: Translator;
  options: Options;
  screen: Screen;
  account: Account | null;
  conn: ConnState;
  /**
   * update is set when the server refused this page's protocol (net/reload.ts):
   * "reloading" while the page reloads to fetch the server's bundle, "outdated"
   * when a reload already happened just before and the player must act.
   */
  update: "reloading" | "outdated" | null;
  friends: Friend[];
  party: Party | null;
  queue: { players: number; state: string; since?: string } | null;
  selectedPlayers: 2 | 3 | 4;
  botLevel: string;
  room: Room | null;
  liveMatches: MatchRecord[];
  history: MatchRecord[];
  slots: SlotRecord[];
  invites: Member[];
  match: MatchState | null;
  seats: SeatInfo[];
  replay: ReplayState | null;
  panels: { community: boolean; status: boolean; options: boolean; back: boolean; graveyard: number | null; buffs: number | null };
  toasts: Toast[];
  clockOffset: number;
  catalogue: Catalogue;
  presets: { name: string; traits: string[] }[];
  botLevels: string[];
  now: number;
}

export function initialState(lang: Lang, options: Options): AppState {
  return {
    lang,
    t: new Translator(lang),
    options,
    screen: "boot",
    account: null,
    conn: { state: "connecting" },
    update: null,
    friends: [],
    party: null,
    queue: null,
    selectedPlayers: 2,
    botLevel: "easy",
    room: null,
    liveMatches: [],
    history: [],
    slots: [],
    invites: [],
    match: null,
    seats: [],
    replay: null,
    panels: { community: false, status: false, options: false, back: false, graveyard: null, buffs: null },
    toasts: [],
    clockOffset: 0,
    catalogue: bundledCatalogue,
    presets: [],
    botLevels: ["random", "easy", "normal", "hard", "expert"],
    now: Date.now(),
  };
}

/** Store holds the state and tells subscribers when it changes. */
export class Store {
  private s: AppState;
  private subs = new Set<() => void>();
  constructor(s: AppState) {
    this.s = s;
  }
  get state(): AppState {
    return this.s;
  }
  set(patch: Partial<AppState> | ((s: AppState) => Partial<AppState>)): void {
    const p = typeof patch === "function" ? patch(this.s) : patch;
    this.s = { ...this.s, ...p };
    for (const f of this.subs) f();
  }
  subscribe(f: () => void): () => void {
    this.subs.add(f);
    return () => this.subs.delete(f);
  }
}
