// The WebSocket connection of docs/protocol.md: hello first, requests with
// ids answered by replies, pushes dispatched by type, and reconnection by
// itself with exponential backoff (after a dropped connection or a server
// restart). The app re-watches its match with `since` = the last version it
// has, so play resumes without a reload.
//
// The WebSocket constructor and the timers are injected, so the reconnect
// logic is tested in node without a browser (test/socket.test.ts).

/**
 * PROTOCOL is the version sent in hello. The server speaks 3 and 4, whose
 * views carry tile vision as one top-level `visible` string (a '0'/'1' per
 * tile) instead of a `visible` member on each tile. Version 3 always sends
 * whole views; version 4 sends the whole view in a watch's first frame and
 * a view_patch against the previous frame's view after it (net/views.ts).
 * (Versions 1 and 2 were the same pair with per-tile `visible`; the server
 * no longer speaks them.) The client is embedded in the server that serves
 * it, so it never meets a server without 4.
 */
export const PROTOCOL = 4;

/** ProtocolError is a refused request: the server's code and message. */
export class ProtocolError extends Error {
  readonly code: string;
  readonly details: Record<string, unknown>;
  constructor(code: string, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = "ProtocolError";
    this.code = code;
    this.details = details;
  }
}

/** backoffDelay is the wait before reconnect attempt n (from 0): 0.5 s doubling to 15 s, ±20% jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random, minimum = 0): number {
  const base = Math.min(15000, 500 * 2 ** Math.max(0, attempt));
  const jitter = base * 0.2 * (random() * 2 - 1);
  return Math.max(minimum, Math.round(base + jitter));
}

/** Close codes after which reconnecting cannot help (docs/protocol.md "Close codes"). */
export const FATAL_CLOSE = new Set([4400, 4401, 4409]);

export interface WSLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: any) => void) | null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null;
  onmessage: ((ev: { data: any }) => void) | null;
  onerror: ((ev: any) => void) | null;
}

export interface SocketOptions {
  url: string;
  makeSocket?: (url: string) => WSLike;
  setTimeout?: (f: () => void, ms: number) => unknown;
  clearTimeout?: (h: unknown) => void;
  random?: () => number;
  /** token is sent in hello for clients that cannot use the cookie. */
  token?: string;
}

export type ConnState =
  | { state: "connecting" }
  | { state: "open"; hello: any }
  | { state: "waiting"; attempt: number; delay: number }
  /**
   * closed is for good (a FATAL_CLOSE code). error is the code of the
   * refused hello on that connection, when the server refused it with a
   * reply first ("unsupported_protocol" before 4400 for an old client).
   */
  | { state: "closed"; code: number; reason: string; error?: string };

type Pending = { resolve: (d: any) => void; reject: (e: Error) => void; type: string };

/** Socket is one logical connection that survives reconnects. */
export class Socket {
  private readonly opts: Required<Omit<SocketOptions, "token">> & { token?: string };
  private ws: WSLike | null = null;
  private nextId = 1;
  private pending = new Map<number, Pending>();
  private handlers = new Map<string, Set<(data: any) => void>>();
  private stateHandlers = new Set<(s: ConnState) => void>();
  private attempt = 0;
  private timer: unknown = null;
  private minDelay = 0;
  private stopped = false;
  private opened = false;
  /** helloError is the error code of the current connection's refused hello. */
  private helloError: string | null = null;
  state: ConnState = { state: "connecting" };

  constructor(opts: SocketOptions) {
    this.opts = {
      makeSocket: (url) => new WebSocket(url) as unknown as WSLike,
      setTimeout: (f, ms) => globalThis.setTimeout(f, ms),
      clearTimeout: (h) => globalThis.clearTimeout(h as any),
      random: Math.random,
      ...opts,
    };
  }

  /** on registers a push handler for type ("frame", "room", ...); it returns the unsubscribe. */
  on(type: string, f: (data: any) => void): () => void {
    if (!this.handlers.has(type)) this.handlers.set(type, new Set());
    this.handlers.get(type)!.add(f);
    return () => this.handlers.get(type)?.delete(f);
  }

  /** onState follows the connection state; "open" after each successful hello. */
  onState(f: (s: ConnState) => void): () => void {
    this.stateHandlers.add(f);
    return () => this.stateHandlers.delete(f);
  }

  private setState(s: ConnState) {
    this.state = s;
    for (const f of this.stateHandlers) f(s);
  }

  /** start opens the connection; it keeps reconnecting until stop. */
  start(): void {
    this.stopped = false;
    this.open();
  }

  /** stop closes the connection for good (logout). */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.opts.clearTimeout(this.timer);
    this.timer = null;
    this.ws?.close(1000, "bye");
    this.ws = null;
    this.failPending(new ProtocolError("closed", "connection closed"));
  }

  private open() {
    this.setState({ state: "connecting" });
    const ws = this.opts.makeSocket(this.opts.url);
    this.ws = ws;
    this.opened = false;
    this.helloError = null;
    ws.onopen = () => {
      const hello: Record<string, unknown> = { protocol: PROTOCOL };
      if (this.opts.token) hello.token = this.opts.token;
      this.request("hello", hello, true).then(
        (data) => {
          this.attempt = 0;
          this.minDelay = 0;
          this.opened = true;
          this.setState({ state: "open", hello: data });
        },
        () => {
          /* the close that follows a refused hello decides what happens */
        },
      );
    };
    ws.onmessage = (ev) => this.receive(String(ev.data));
    ws.onerror = () => {
      /* onclose follows */
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.failPending(new ProtocolError("disconnected", "connection lost"));
      if (this.stopped) return;
      if (FATAL_CLOSE.has(ev.code)) {
        const closed: Extract<ConnState, { state: "closed" }> = { state: "closed", code: ev.code, reason: ev.reason ?? "" };
        if (this.helloError !== null) closed.error = this.helloError;
        this.setState(closed);
        return;
      }
      this.schedule();
    };
  }

  private schedule() {
    const delay = backoffDelay(this.attempt, this.opts.random, this.minDelay);
    this.attempt++;
    this.setState({ state: "waiting", attempt: this.attempt, delay });
    this.timer = this.opts.setTimeout(() => {
      this.timer = null;
      if (!this.stopped) this.open();
    }, delay);
  }

  private failPending(err: Error) {
    const p = this.pending;
    this.pending = new Map();
    for (const x of p.values()) x.reject(err);
  }

  private receive(text: string) {
    let msg: any;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (!msg || typeof msg.type !== "string") return;
    if (msg.type === "reply") {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.ok) p.resolve(msg.data ?? {});
      else {
        const e = msg.error ?? {};
        // Kept now, not in the rejection handler, so the close that follows
        // sees it even when both arrive in one task.
        if (p.type === "hello") this.helloError = String(e.code ?? "error");
        p.reject(new ProtocolError(String(e.code ?? "error"), String(e.message ?? e.code ?? "error"), e));
      }
      return;
    }
    if (msg.type === "shutdown") {
      const after = Number(msg.data?.reconnect_after_ms ?? 0);
      if (after > 0) this.minDelay = after;
    }
    const hs = this.handlers.get(msg.type);
    if (hs) for (const f of [...hs]) f(msg.type === "error" ? msg.error : msg.data);
  }

  /** connected reports whether hello succeeded on the current connection. */
  get connected(): boolean {
    return this.opened && this.ws !== null;
  }

  /** request sends a message with an id and resolves with the reply's data. */
  request(type: string, fields: Record<string, unknown> = {}, beforeHello = false): Promise<any> {
    const ws = this.ws;
    if (!ws || ws.readyState !== 1 || (!beforeHello && !this.opened)) {
      return Promise.reject(new ProtocolError("disconnected", "not connected"));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, type });
      ws.send(JSON.stringify({ type, id, ...fields }));
    });
  }
}

/** socketURL is the /ws address of the page's own server. */
export function socketURL(loc: { protocol: string; host: string }): string {
  return `${loc.protocol === "https:" ? "wss" : "ws"}://${loc.host}/ws`;
}
