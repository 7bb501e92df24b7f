// The controller turns user intents into REST calls and WebSocket messages
// (docs/protocol.md) and server pushes into state. It owns the reconnect
// story: after every successful hello it re-reads the lobby state and
// re-watches the current match from the last version it holds. Under
// protocol 4 it also keeps every watched match's raw view (net/views.ts) so
// that a frame's view_patch can be applied, and re-watches a match whose
// patch cannot be, rather than show a view it is not sure of.

import { Api, ApiError, type Account } from "./net/api";
import { type ConnState, ProtocolError, Socket, socketURL } from "./net/socket";
import { type ReloadEnv, browserReloadEnv, outdatedClose, reloadForProtocol } from "./net/reload";
import { applyFrame, newMatchState } from "./game/match";
import { normalizeInvite, normalizeParty, normalizeRoom } from "./net/normalize";
import { ViewCache } from "./net/views";
import type { Frame } from "./game/types";
import { type Lang, Translator } from "./i18n/i18n";
import type { AppState, Options, Screen, Store } from "./store";

export class Controller {
  readonly api: Api;
  socket: Socket | null = null;
  private toastId = 0;
  private replayTimer: ReturnType<typeof setInterval> | null = null;
  /** views is each watched match's raw view on the current connection, for view_patch. */
  private readonly views = new ViewCache();

  /** reloadEnv reloads the page when the server refused its protocol; tests replace it. */
  reloadEnv: ReloadEnv;

  constructor(readonly store: Store, api = new Api(), reloadEnv?: ReloadEnv) {
    this.api = api;
    this.reloadEnv = reloadEnv ?? browserReloadEnv();
  }

  get s(): AppState {
    return this.store.state;
  }

  // ---- messages to the player ----

  toast(text: string, kind: "info" | "error" = "info") {
    const id = ++this.toastId;
    this.store.set((s) => ({ toasts: [...s.toasts, { id, text, kind }].slice(-4) }));
    setTimeout(() => this.store.set((s) => ({ toasts: s.toasts.filter((x) => x.id !== id) })), kind === "error" ? 6000 : 3500);
  }

  /** fail shows an error from the server in the player's language when the code is known. */
  fail(e: unknown) {
    const t = this.s.t;
    if (e instanceof ProtocolError || e instanceof ApiError) {
      const k = `error.${e.code}`;
      this.toast(t.has(k) ? t.t(k) : e.message || e.code, "error");
      return;
    }
    this.toast(t.t("app.error", { message: String((e as Error)?.message ?? e) }), "error");
  }

  private async run(f: () => Promise<unknown>): Promise<boolean> {
    try {
      await f();
      return true;
    } catch (e) {
      this.fail(e);
      return false;
    }
  }

  // ---- settings ----

  setLang(lang: Lang) {
    try {
      localStorage.setItem("tabletop.lang", lang);
    } catch {
      /* storage may be disabled */
    }
    document.documentElement.lang = lang;
    this.store.set({ lang, t: new Translator(lang, this.s.catalogue) });
  }

  setOptions(patch: Partial<Options>) {
    const options = { ...this.s.options, ...patch };
    try {
      localStorage.setItem("tabletop.options", JSON.stringify(options));
    } catch {
      /* ignore */
    }
    this.store.set({ options });
  }

  go(screen: Screen) {
    this.store.set((s) => ({ screen, panels: { ...s.panels, community: false, status: false, back: false } }));
    if (screen === "history") void this.loadHistory();
    if (screen === "traits") void this.loadSlots();
  }

  panel(name: keyof AppState["panels"], value?: boolean | number | null) {
    this.store.set((s) => {
      const cur = s.panels[name];
      const next = value === undefined ? !cur : value;
      return { panels: { ...s.panels, [name]: next } };
    });
  }

  // ---- boot and accounts ----

  async boot() {
    void this.loadCatalogue();
    try {
      const { account } = await this.api.me();
      this.signedIn(account);
    } catch {
      this.store.set({ screen: "login" });
    }
  }

  private async loadCatalogue() {
    try {
      const c = await this.api.catalogue();
      if (!c || !Array.isArray(c.cards) || !Array.isArray(c.traits)) return;
      const catalogue = { ...this.s.catalogue, ...c };
      this.store.set({
        catalogue,
        t: new Translator(this.s.lang, catalogue),
        presets: Array.isArray(c.presets) ? c.presets : this.s.presets,
        botLevels: Array.isArray(c.bot_levels) ? c.bot_levels : this.s.botLevels,
      });
    } catch {
      /* the bundled catalogue stays */
    }
  }

  private signedIn(account: Account) {
    this.store.set({ account, screen: this.s.screen === "boot" || this.s.screen === "login" ? "menu" : this.s.screen });
    this.connect();
    void this.loadSlots();
  }

  guest(name?: string) {
    return this.run(async () => this.signedIn((await this.api.guest(name)).account));
  }
  login(u: string, p: string) {
    return this.run(async () => this.signedIn((await this.api.login(u, p)).account));
  }
  register(u: string, p: string, d?: string) {
    return this.run(async () => this.signedIn((await this.api.register(u, p, d)).account));
  }
  upgrade(u: string, p: string) {
    return this.run(async () => this.store.set({ account: (await this.api.upgrade(u, p)).account }));
  }
  async logout() {
    await this.run(() => this.api.logout());
    this.socket?.stop();
    this.socket = null;
    this.store.set({ account: null, screen: "login", match: null, room: null, party: null, friends: [], queue: null });
  }

  // ---- the connection ----

  private connect() {
    if (this.socket) return;
    const s = new Socket({ url: socketURL(location) });
    this.socket = s;
    s.onState((conn) => this.onConn(conn));
    s.on("frame", (f: Frame) => this.onFrame(f));
    s.on("presence", (d) =>
      this.store.set((st) => ({ friends: st.friends.map((f) => (f.account === d.account ? { ...f, presence: d.presence ?? d.status } : f)) })),
    );
    // The list changed: a request arrived, was accepted, or a friend left.
    s.on("friends", (d) => this.store.set({ friends: d.friends ?? [] }));
    s.on("friend_request", () => void this.refreshFriends());
    s.on("friend", () => void this.refreshFriends());
    s.on("invite", (d) => {
      const from = normalizeInvite(d);
      if (!from) return;
      const event = d?.event ?? "received";
      if (event === "received") this.store.set((st) => ({ invites: [...st.invites.filter((x) => x.account !== from.account), from] }));
      else this.store.set((st) => ({ invites: st.invites.filter((x) => x.account !== from.account) }));
    });
    s.on("party", (d) => this.store.set({ party: normalizeParty(d) }));
    s.on("queue", (d) => this.store.set({ queue: d.state === "queued" ? d : null }));
    s.on("room", (d) => this.setRoom(d));
    s.on("match_start", (d) => void this.onMatchStart(d));
    s.on("shutdown", () => this.toast(this.s.t.t("app.server_restart")));
    s.start();
  }

  /** onConn follows the connection's state (socket.onState). */
  onConn(conn: ConnState) {
    // The server's patches build on what it sent on one connection only.
    if (conn.state !== "open") this.views.clear();
    this.store.set({ conn });
    if (conn.state === "open") {
      if (this.s.update) this.store.set({ update: null });
      void this.onHello(conn.hello);
    }
    if (conn.state === "closed" && conn.code === 4401) this.store.set({ screen: "login", account: null });
    // This page is older than the server, which serves the newer one: fetch
    // it by reloading, once (net/reload.ts guards against a loop).
    if (outdatedClose(conn)) this.store.set({ update: reloadForProtocol(this.reloadEnv) });
  }

  private async onHello(hello: any) {
    const offset = hello?.now ? Date.parse(hello.now) - Date.now() : 0;
    this.store.set({
      account: hello?.account ?? this.s.account,
      liveMatches: hello?.live_matches ?? [],
      clockOffset: Number.isFinite(offset) ? offset : 0,
    });
    void this.refreshFriends();
    void this.socket?.request("party").then((d) => this.store.set({ party: normalizeParty(d) }), () => {});
    // The waiting room kept our seat while we were away (docs/protocol.md
    // "Reconnecting"): show it again, or leave it if it is gone.
    void this.socket?.request("room").then((d) => {
      if (d?.room) this.setRoom(d);
      else if (this.s.room) this.setRoom(null);
    }, () => {});
    const m = this.s.match;
    if (m && !m.result) {
      await this.watch(m.match, m.version); // resume: everything after the last version we hold
      if (this.s.screen === "play") this.toast(this.s.t.t("app.reconnected"));
    }
  }

  private req(type: string, fields: Record<string, unknown> = {}) {
    if (!this.socket) return Promise.reject(new ProtocolError("disconnected", "not connected"));
    return this.socket.request(type, fields);
  }

  // ---- community ----

  async refreshFriends() {
    try {
      const d = await this.req("friends");
      this.store.set({ friends: d.friends ?? [] });
    } catch {
      /* shown when the connection comes back */
    }
  }
  requestFriend(username: string) {
    return this.run(async () => {
      await this.req("friend_request", { username });
      this.toast(this.s.t.t("community.request_sent", { name: username }));
      await this.refreshFriends();
    });
  }
  acceptFriend(account: number) {
    return this.run(async () => {
      await this.req("friend_accept", { account });
      await this.refreshFriends();
    });
  }
  removeFriend(account: number) {
    return this.run(async () => {
      await this.req("friend_remove", { account });
      await this.refreshFriends();
    });
  }
  invite(account: number) {
    return this.run(() => this.req("invite", { account }));
  }
  answerInvite(from: number, accept: boolean) {
    this.store.set((s) => ({ invites: s.invites.filter((x) => x.account !== from) }));
    return this.run(() => this.req(accept ? "invite_accept" : "invite_decline", { from }));
  }
  leaveParty() {
    return this.run(() => this.req("party_leave"));
  }
  kick(account: number) {
    return this.run(() => this.req("party_kick", { account }));
  }

  // ---- matchmaking and the waiting room ----

  selectPlayers(n: 2 | 3 | 4) {
    this.store.set({ selectedPlayers: n });
  }
  setBotLevel(level: string) {
    this.store.set({ botLevel: level });
  }
  /** toggleMatching enters the queue, or leaves it when already queued (UI-017, UI-018). */
  toggleMatching() {
    if (this.s.queue) return this.run(() => this.req("queue_cancel"));
    return this.run(() => this.req("queue", { players: this.s.selectedPlayers }));
  }
  playBots() {
    return this.run(async () => this.setRoom(await this.req("play_bots", { players: this.s.selectedPlayers, level: this.s.botLevel })));
  }
  privateMatch() {
    return this.run(async () => this.setRoom(await this.req("private_match", { players: this.s.selectedPlayers, bot_level: this.s.botLevel })));
  }
  /** setRoom shows the waiting room from a "room" push or a reply that carries one. */
  private setRoom(d: any) {
    const room = normalizeRoom(d);
    const gone = !room || (room.state !== undefined && room.state !== "open");
    if (gone) {
      // "left", "closed" or "failed": back to the menu (UI-213).
      if (room?.state === "failed" || room?.state === "closed") this.toast(String((d?.room ?? d)?.reason ?? room.state), "error");
      this.store.set((st) => ({ room: null, screen: st.screen === "room" ? "menu" : st.screen }));
      return;
    }
    if (!room.seats.length) return;
    const keepMap = this.s.room && this.s.room.room === room.room && !room.map_size ? this.s.room.map_size : room.map_size;
    this.store.set((st) => ({
      room: { ...room, map_size: keepMap },
      queue: null,
      screen: st.screen === "play" || st.screen === "loading" ? st.screen : "room",
      panels: { ...st.panels, community: false },
    }));
  }
  choose(choice: { character?: string; religion?: string; slot?: number }) {
    const room = this.s.room;
    if (room) this.store.set({ room: { ...room, choice: { ...room.choice, ...choice } } });
    const full = { ...(room?.choice ?? {}), ...choice };
    return this.run(() => this.req("room_choose", full));
  }
  ready() {
    return this.run(() => this.req("room_ready"));
  }
  async leaveRoom() {
    await this.run(() => this.req("room_leave"));
    this.store.set((s) => ({ room: null, screen: "menu", panels: { ...s.panels, back: false } }));
  }

  // ---- matches ----

  /** watch starts a match's frames from since; it reports whether the server took the watch. */
  async watch(match: number, since: number): Promise<boolean> {
    try {
      const d = await this.req("watch", { match, since });
      const cur = this.s.match;
      const keep = cur && cur.match === match;
      this.store.set({
        match: keep ? { ...cur!, seat: d.seat ?? cur!.seat } : newMatchState(match, d.seat ?? -3),
        seats: d.seats ?? [],
      });
      return true;
    } catch (e) {
      if (e instanceof ProtocolError && e.code === "stale_version" && since > 0) {
        // We hold more than the server has: start again from its version.
        const v = Math.max(0, Math.min(Number(e.details.version ?? 0), since - 1));
        const cur = this.s.match;
        if (cur && cur.match === match) this.store.set({ match: { ...cur, version: v } });
        return this.watch(match, v);
      }
      if (e instanceof ProtocolError && e.code === "not_live") {
        await this.finishedMatch(match);
        return false;
      }
      this.fail(e);
      return false;
    }
  }

  private async finishedMatch(match: number) {
    try {
      const rec = await this.api.match(match);
      const m = this.s.match && this.s.match.match === match ? this.s.match : newMatchState(match);
      this.store.set({ match: { ...m, result: rec.result ?? m.result }, seats: rec.seats ?? this.s.seats, screen: "results" });
    } catch (e) {
      this.fail(e);
    }
  }

  /** onMatchStart follows a closed waiting room into its match: loading, then watch from 0 (UI-210). */
  async onMatchStart(d: { match: number; seat?: number }) {
    this.store.set({ room: null, screen: "loading", match: newMatchState(Number(d.match), typeof d.seat === "number" ? d.seat : -3) });
    await this.watch(Number(d.match), 0);
  }

  private onFrame(f: Frame) {
    const cur = this.s.match;
    const id = f.match !== undefined ? Number(f.match) : cur?.match;
    if (id === undefined || !Number.isFinite(id)) return;
    // Every frame moves its match's raw view on, shown or not: the next
    // patch is made against it (protocol 4).
    const r = this.views.resolve(id, f);
    const shown = !!cur && cur.match === id;
    if (!r.ok) {
      if (shown) void this.resync(id, r.reason);
      return;
    }
    // Only the match on screen is drawn: frames still in flight after leaving one are dropped.
    if (!cur || !shown) return;
    const next = applyFrame(cur, r.frame, this.s.clockOffset);
    const screen: Screen = next.result && this.s.screen === "play" ? "play" : this.s.screen === "loading" || this.s.screen === "menu" || this.s.screen === "room" ? "play" : this.s.screen;
    this.store.set({ match: next, screen });
  }

  /**
   * resync re-watches a match whose frame could not be turned into a view
   * (a patch with no base, or one that does not apply) from the last
   * version the screen holds: the first frame after the reply is whole.
   */
  private async resync(match: number, reason: string) {
    const go = this.views.beginResync(match);
    if (go === "give_up") this.toast(this.s.t.t("app.error", { message: reason }), "error");
    if (go !== "start") return;
    try {
      const cur = this.s.match;
      await this.watch(match, cur && cur.match === match ? cur.version : 0);
    } finally {
      this.views.endResync(match);
    }
  }

  /** unwatch stops a match's frames and forgets its raw view. */
  private unwatch(match: number) {
    void this.req("unwatch", { match }).catch(() => {});
    this.views.forget(match);
  }

  async answer(text: string) {
    const m = this.s.match;
    if (!m || !m.decision || m.answering !== null) return;
    this.store.set({ match: { ...m, answering: m.version } });
    try {
      await this.req("answer", { match: m.match, version: m.version, answer: text });
    } catch (e) {
      const cur = this.s.match;
      if (cur) this.store.set({ match: { ...cur, answering: null } });
      if (e instanceof ProtocolError && e.code === "stale_version") {
        this.toast(this.s.t.t("play.stale"));
        await this.watch(m.match, this.s.match?.version ?? 0);
        return;
      }
      this.fail(e);
    }
  }

  async leaveMatch() {
    const m = this.s.match;
    if (!m) return;
    await this.run(() => this.req("leave", { match: m.match }));
    this.unwatch(m.match);
    this.store.set((s) => ({ match: null, screen: "menu", panels: { ...s.panels, back: false } }));
    // The match left is still live: the menu offers to rejoin it.
    void this.req("live_matches").then((d) => this.store.set({ liveMatches: d.matches ?? [] }), () => {});
  }
  async concede() {
    const m = this.s.match;
    if (!m) return;
    await this.run(() => this.req("concede", { match: m.match }));
    this.store.set((s) => ({ panels: { ...s.panels, back: false } }));
  }
  /** spectate watches any live match by its number, as a spectator when the account has no seat in it. */
  async spectate(match: number) {
    if (!Number.isInteger(match) || match <= 0) {
      this.toast(this.s.t.t("menu.spectate_bad"), "error");
      return;
    }
    this.store.set({ screen: "loading", match: newMatchState(match, -3) });
    if (!(await this.watch(match, 0)) && this.s.screen === "loading") this.store.set({ screen: "menu", match: null });
  }
  async rejoin(match: number) {
    const ok = await this.run(() => this.req("rejoin", { match }));
    if (!ok) return;
    this.store.set({ screen: "loading", match: newMatchState(match) });
    await this.watch(match, 0);
  }
  showResults() {
    this.go("results");
  }
  backToMenu() {
    const m = this.s.match;
    if (m) this.unwatch(m.match);
    this.store.set({ match: null, replay: null });
    this.go("menu");
    void this.req("live_matches").then((d) => this.store.set({ liveMatches: d.matches ?? [] }), () => {});
  }

  // ---- traits, history, replays ----

  async loadSlots() {
    try {
      const d = await this.api.slots();
      this.store.set({ slots: d.slots ?? [] });
    } catch {
      /* not signed in yet */
    }
  }
  async saveSlot(n: number, name: string, traits: string[]): Promise<string[] | null> {
    try {
      await this.api.putSlot(n, { name, traits });
      this.toast(this.s.t.t("traits.saved"));
      await this.loadSlots();
      return null;
    } catch (e) {
      if (e instanceof ApiError && Array.isArray(e.details.errors)) return e.details.errors.map(String);
      this.fail(e);
      return [String((e as Error).message)];
    }
  }
  async deleteSlot(n: number) {
    if (await this.run(() => this.api.deleteSlot(n))) await this.loadSlots();
  }
  async loadHistory() {
    try {
      const d = await this.api.history();
      this.store.set({ history: d.matches ?? [] });
    } catch (e) {
      this.fail(e);
    }
  }

  async openReplay(match: number) {
    this.stopReplay();
    this.store.set({ screen: "replay", replay: { match, steps: [], step: 0, seat: -3, view: null, events: [], error: null, playing: false } });
    try {
      const r = await this.api.replay(match);
      const steps = (r?.steps ?? []).map((x: any) => ({ seat: x.seat, answer: x.answer }));
      const rec = await this.api.match(match).catch(() => null);
      if (rec?.seats) this.store.set({ seats: rec.seats });
      this.store.set((s) => ({ replay: s.replay && { ...s.replay, steps } }));
      await this.replayTo(0);
    } catch (e) {
      this.store.set((s) => ({ replay: s.replay && { ...s.replay, error: String((e as Error).message ?? e) } }));
    }
  }

  async replayTo(step: number, seat?: number) {
    const r = this.s.replay;
    if (!r) return;
    const n = Math.max(0, Math.min(step, r.steps.length));
    const viewSeat = seat ?? r.seat;
    this.store.set({ replay: { ...r, step: n, seat: viewSeat } });
    try {
      const d = await this.api.replayStep(r.match, n, viewSeat);
      const cur = this.s.replay;
      if (cur && cur.step === n) this.store.set({ replay: { ...cur, view: d?.view ?? null, events: d?.events ?? [], error: null } });
    } catch (e) {
      const cur = this.s.replay;
      if (cur) this.store.set({ replay: { ...cur, view: null, events: [], error: e instanceof ApiError && e.status === 404 ? "unavailable" : String((e as Error).message) } });
    }
  }

  toggleReplayPlay() {
    const r = this.s.replay;
    if (!r) return;
    if (r.playing) return this.stopReplay();
    this.store.set({ replay: { ...r, playing: true } });
    this.replayTimer = setInterval(() => {
      const cur = this.s.replay;
      if (!cur || cur.step >= cur.steps.length) return this.stopReplay();
      void this.replayTo(cur.step + 1);
    }, 700);
  }

  stopReplay() {
    if (this.replayTimer) clearInterval(this.replayTimer);
    this.replayTimer = null;
    const r = this.s.replay;
    if (r?.playing) this.store.set({ replay: { ...r, playing: false } });
  }

  tick() {
    this.store.set({ now: Date.now() });
  }
}
