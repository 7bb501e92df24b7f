import { test } from "node:test";
import assert from "node:assert/strict";
import { createElement } from "preact";
import { harness, text } from "./harness";
import { PROTOCOL_RELOAD_KEY } from "../src/net/reload";
import { ConnBanner } from "../src/ui/App";
import { Translator } from "../src/i18n/i18n";
import { fixture } from "./fixtures";
import { applyFrame, newMatchState } from "../src/game/match";
import { ProtocolError } from "../src/net/socket";
import type { ResolvedFrame } from "../src/game/types";
import { Api, ApiError } from "../src/net/api";
import { Controller } from "../src/controller";
import { Store, initialState } from "../src/store";

function started() {
  const f = fixture("decision-move");
  const frame: ResolvedFrame = { match: 9 as any, seat: f.seat, from: 0, version: 12, steps: [], view: f.view, decision: f.decision };
  const h = harness({ screen: "play", match: applyFrame(newMatchState(9, f.seat), frame) });
  return { f, h };
}

test("an answer carries the match and the version it was computed against; one at a time", async () => {
  const { f, h } = started();
  const a = f.decision!.answers[0];
  const p = h.ctl.answer(a);
  assert.equal(h.store.state.match?.answering, 12);
  await h.ctl.answer(a); // ignored while the first is in flight
  await p;
  assert.deepEqual(h.sent.filter((x) => x.type === "answer"), [{ type: "answer", fields: { match: 9, version: 12, answer: a } }]);
});

test("a stale_version refusal re-watches from the version held", async () => {
  const { f, h } = started();
  (h.ctl.socket as any).request = async (type: string, fields: Record<string, unknown>) => {
    h.sent.push({ type, fields });
    if (type === "answer") throw new ProtocolError("stale_version", "old", { version: 14 });
    return { seat: f.seat, seats: [] };
  };
  await h.ctl.answer(f.decision!.answers[0]);
  assert.deepEqual(h.sent.at(-1), { type: "watch", fields: { match: 9, since: 12 } });
  assert.equal(h.store.state.match?.answering, null, "the buttons come back");
});

test("after a reconnect the match on screen is watched again from its last version", async () => {
  const { h } = started();
  await (h.ctl as any).onHello({ account: null, live_matches: [], now: new Date().toISOString() });
  assert.ok(h.sent.some((x) => x.type === "watch" && x.fields.match === 9 && x.fields.since === 12));
});

test("after a reconnect the waiting room is asked for again, and left if it is gone", async () => {
  const h = harness({ screen: "room", room: { room: 5, players: 2, map_size: 7, ends: new Date(Date.now() + 30000).toISOString(), seats: [] } as any });
  (h.ctl.socket as any).request = async (type: string, fields: Record<string, unknown>) => {
    h.sent.push({ type, fields });
    return type === "room" ? { room: null } : {};
  };
  await (h.ctl as any).onHello({ account: null, live_matches: [], now: new Date().toISOString() });
  await new Promise((r) => setTimeout(r, 0));
  assert.ok(h.sent.some((x) => x.type === "room"), "room is requested after hello");
  assert.equal(h.store.state.room, null);
  assert.equal(h.store.state.screen, "menu");
});

test("spectate watches a match by its number from the start, and an unknown one returns to the menu", async () => {
  const h = harness({ screen: "menu" });
  (h.ctl.socket as any).request = async (type: string, fields: Record<string, unknown>) => {
    h.sent.push({ type, fields });
    if (type === "watch" && fields.match === 404) throw new ProtocolError("not_found", "no match 404", {});
    return { seat: -3, seats: [] };
  };
  await h.ctl.spectate(7);
  assert.deepEqual(h.sent.at(-1), { type: "watch", fields: { match: 7, since: 0 } });
  assert.equal(h.store.state.screen, "loading");
  assert.equal(h.store.state.match?.seat, -3, "a spectator's seat");
  await h.ctl.spectate(404);
  assert.equal(h.store.state.screen, "menu");
  assert.equal(h.store.state.match, null);
  const sent = h.sent.length;
  await h.ctl.spectate(NaN);
  assert.equal(h.sent.length, sent, "no request for a bad number");
});

test("frames of another match are dropped", () => {
  const { f, h } = started();
  (h.ctl as any).onFrame({ match: 10, seat: 0, from: 0, version: 99, steps: [], view: f.view });
  assert.equal(h.store.state.match?.version, 12);
  (h.ctl as any).onFrame({ match: 9, seat: 0, from: 12, version: 13, steps: [{ version: 13, events: [] }], view: f.view });
  assert.equal(h.store.state.match?.version, 13);
});

// UI-210: when the room's countdown ends the match starts: the loading screen, then play.
test("match_start shows the loading screen, watches from the start, and the first frame shows the match", async () => {
  const f = fixture("decision-move");
  const h = harness({ screen: "room" });
  await h.ctl.onMatchStart({ match: 43, seat: f.seat });
  assert.equal(h.store.state.screen, "loading");
  assert.deepEqual(h.sent.at(-1), { type: "watch", fields: { match: 43, since: 0 } });
  (h.ctl as any).onFrame({ match: 43, seat: f.seat, from: 0, version: 3, steps: [], view: f.view, decision: f.decision });
  assert.equal(h.store.state.screen, "play");
});

test("a request the server never answers fails with code timeout, and boot then shows the login screen", async () => {
  // A fetch that only ends when its signal aborts it, as a stalled network does.
  const hung = (_path: string, init?: RequestInit) =>
    new Promise<Response>((_, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
  const api = new Api(hung, 30);
  await assert.rejects(api.me(), (e: unknown) => e instanceof ApiError && e.code === "timeout" && e.status === 0);

  const store = new Store({ ...initialState("en", { coords: false, reduceMotion: false, logExplain: false }), screen: "boot" });
  const ctl = new Controller(store, api);
  ctl.socket = { request: async () => ({}), stop() {} } as any;
  await ctl.boot();
  assert.equal(store.state.screen, "login");
});

test("a close for an unsupported protocol reloads the page once, then says the page is out of date", () => {
  const h = harness({ screen: "menu" });
  const banner = () => text(h.render(createElement(ConnBanner, {})));
  h.ctl.onConn({ state: "closed", code: 4400, reason: "unsupported protocol", error: "unsupported_protocol" });
  assert.equal(h.reload.reloads, 1, "reloaded once");
  assert.equal(h.reload.items.get(PROTOCOL_RELOAD_KEY), String(h.reload.clock), "the attempt is marked");
  assert.equal(h.store.state.update, "reloading");
  assert.equal(banner(), "The server was updated: reloading…");

  // The reloaded page (same tab, same sessionStorage) is refused again 30 s later.
  h.reload.clock += 30_000;
  h.ctl.onConn({ state: "closed", code: 4400, reason: "unsupported protocol", error: "unsupported_protocol" });
  assert.equal(h.reload.reloads, 1, "no second reload within 60 s");
  assert.equal(h.store.state.update, "outdated");
  assert.equal(banner(), "This page is older than the server. Reload it to continue.");
  h.store.set({ lang: "ko", t: new Translator("ko") });
  assert.equal(banner(), "이 페이지는 서버보다 오래된 버전입니다. 새로 고침하여 계속하세요.");
  // Should a later connection be accepted (after signing in again), the notice goes.
  h.ctl.onConn({ state: "open", hello: { account: null, live_matches: [] } });
  assert.equal(h.store.state.update, null);
});

test("other 4400 closes do not reload and show the error", () => {
  const h = harness({ screen: "menu" });
  h.ctl.onConn({ state: "closed", code: 4400, reason: "no hello" });
  h.ctl.onConn({ state: "closed", code: 4400, reason: "bad hello", error: "bad_request" });
  assert.equal(h.reload.reloads, 0);
  assert.equal(h.reload.items.size, 0, "nothing is marked");
  assert.equal(h.store.state.update, null);
  assert.equal(text(h.render(createElement(ConnBanner, {}))), "Error: 4400 bad hello");
});
