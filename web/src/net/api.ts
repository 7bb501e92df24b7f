// The REST half of docs/protocol.md. The session lives in the HttpOnly
// cookie the server sets, so the client never handles the token; every call
// is same-origin and the browser adds the Origin header the server checks.

export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly details: Record<string, unknown>;
  constructor(status: number, code: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export interface Account {
  id: number;
  username: string;
  guest: boolean;
  display_name: string;
  icon: string;
  level: number;
  xp: number;
  level_xp: number;
  next_level_xp: number;
  trait_points: number;
  created?: string;
}

export interface SlotRecord {
  slot: number;
  name: string;
  traits: string[];
  valid?: boolean;
  updated?: string;
}

export interface SeatInfo {
  seat: number;
  account: number;
  display_name: string;
  bot: string;
}

export interface MatchRecord {
  match: number;
  game: string;
  players: number;
  live?: boolean;
  version?: number;
  seat?: number;
  rank?: number;
  xp?: number;
  created?: string;
  finished?: string | null;
  result?: { winner: number; how: string; ranking: number[] } | null;
  seats?: SeatInfo[];
}

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** Api calls the server's REST endpoints. */
export class Api {
  /**
   * timeoutMs bounds every call, reading the body included: a request the
   * network or a stalled server never answers fails with code "timeout"
   * instead of leaving the screen that waits for it (the boot screen,
   * a form) stuck.
   */
  constructor(
    private readonly fetcher: Fetch = (i, init) => fetch(i, init),
    private readonly timeoutMs = 15000,
  ) {}

  async call<T = any>(method: string, path: string, body?: unknown): Promise<T> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    let res: Response;
    try {
      res = await this.fetcher(path, {
        method,
        credentials: "same-origin",
        headers: body !== undefined ? { "Content-Type": "application/json" } : {},
        body: body !== undefined ? JSON.stringify(body) : undefined,
        signal,
      });
    } catch (e) {
      if (signal.aborted) throw new ApiError(0, "timeout", `no answer from the server in ${this.timeoutMs / 1000} s`);
      throw new ApiError(0, "network", String((e as Error)?.message ?? e));
    }
    if (res.status === 204) return undefined as T;
    let data: any = null;
    try {
      data = await res.json();
    } catch {
      data = null;
    }
    if (!res.ok) {
      const e = data?.error ?? {};
      throw new ApiError(res.status, String(e.code ?? `http_${res.status}`), String(e.message ?? res.statusText), e);
    }
    return data as T;
  }

  guest(display_name?: string) {
    return this.call<{ account: Account }>("POST", "/api/guest", display_name ? { display_name } : {});
  }
  register(username: string, password: string, display_name?: string) {
    return this.call<{ account: Account }>("POST", "/api/register", { username, password, ...(display_name ? { display_name } : {}) });
  }
  login(username: string, password: string) {
    return this.call<{ account: Account }>("POST", "/api/login", { username, password });
  }
  logout() {
    return this.call<void>("POST", "/api/logout");
  }
  upgrade(username: string, password: string) {
    return this.call<{ account: Account }>("POST", "/api/upgrade", { username, password });
  }
  me() {
    return this.call<{ account: Account }>("GET", "/api/me");
  }
  patchMe(fields: { display_name?: string; icon?: string }) {
    return this.call<{ account: Account }>("PATCH", "/api/me", fields);
  }
  slots() {
    return this.call<{ slots: SlotRecord[] }>("GET", "/api/slots");
  }
  putSlot(n: number, slot: { name: string; traits: string[] }) {
    return this.call<{ slot: SlotRecord }>("PUT", `/api/slots/${n}`, slot);
  }
  deleteSlot(n: number) {
    return this.call<void>("DELETE", `/api/slots/${n}`);
  }
  history() {
    return this.call<{ matches: MatchRecord[] }>("GET", "/api/history");
  }
  liveMatches() {
    return this.call<{ matches: MatchRecord[] }>("GET", "/api/matches/live");
  }
  match(id: number) {
    return this.call<MatchRecord>("GET", `/api/matches/${id}`);
  }
  replay(id: number) {
    return this.call<any>("GET", `/api/matches/${id}/replay`);
  }
  /** replayStep asks the server for the view at one step of a finished match (see docs/ui.md "Replay viewer"). */
  replayStep(id: number, step: number, seat: number) {
    return this.call<any>("GET", `/api/matches/${id}/replay/step?step=${step}&seat=${seat}`);
  }
  catalogue() {
    return this.call<any>("GET", "/api/catalogue");
  }
}
