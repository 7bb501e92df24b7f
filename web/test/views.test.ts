// Protocol 4 frames (docs/protocol.md "Frames and views"): a whole view
// after each watch, then view_patch (RFC 6902) against the previous frame of
// the match on the connection. These tests hold the client to the rules of
// the web brief: patches give exactly the state whole views would, a patch
// with no base or one that does not apply is never rendered and brings a
// re-watch from the last version held, and frames of a match not on screen
// still move its raw view on.

import { test } from "node:test";
import assert from "node:assert/strict";
import { compare, type Operation } from "fast-json-patch";
import { harness } from "./harness";
import { fixture } from "./fixtures";
import { newMatchState } from "../src/game/match";
import { RESYNC_LIMIT, ViewCache } from "../src/net/views";
import type { Frame, View } from "../src/game/types";

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x));

/**
 * views is a run of one seat's views as a match would move: the fixture,
 * then a step that changes a tile, a counter and the hand, one that adds
 * and removes array elements and object keys and changes the seat's sight
 * (the `visible` string), and one that changes nothing.
 */
function views(): View[] {
  const v0 = fixture("decision-move").view;
  const v1 = clone(v0);
  v1.tiles[12] = { ...v1.tiles[12], owner: v1.seat, alloc: [300, 110, 110] };
  v1.players[1].donations = 250;
  v1.pending = "interaction";
  (v1 as any).hand = [...((v1 as any).hand ?? []), { slot: 2, card: "CARD-010", cost: 300 }];
  const v2 = clone(v1);
  v2.tiles.push({ col: 0, row: 7, memory: "unrevealed" });
  v2.visible = "0" + v2.visible.slice(1) + "0"; // tile 0 goes out of sight; the new tile is unseen
  v2.players[0].stealth = true;
  delete v2.players[1].piece;
  (v2 as any).hand = (v2 as any).hand.slice(1);
  v2.cycle += 1;
  const v3 = clone(v2);
  return [v0, v1, v2, v3];
}

const FROM = 12;

/** frames are the frames of views(), whole (protocol 3) or patched after the first (protocol 4). */
function frames(match: number, patched: boolean): Frame[] {
  const vs = views();
  const f = fixture("decision-move");
  return vs.map((v, i) => {
    const version = FROM + i;
    const base: Frame = { match, seat: f.seat, from: i ? version - 1 : 0, version, steps: i ? [{ version, events: [{ kind: "moved", seat: f.seat }] }] : [], decision: f.decision };
    if (!patched || i === 0) return { ...base, view: clone(v) };
    return { ...base, view_patch: compare(vs[i - 1], v) };
  });
}

/** playing is a harness on the play screen of match 9 before its first frame, with watch replies recorded. */
function playing() {
  const h = harness({ screen: "play", match: newMatchState(9, fixture("decision-move").seat) });
  return { h, frame: (f: Frame) => (h.ctl as any).onFrame(f) };
}

const watches = (h: ReturnType<typeof harness>) => h.sent.filter((x) => x.type === "watch").map((x) => x.fields);
const tick = () => new Promise((r) => setImmediate(r));

test("views: a whole frame then patch frames give the same match state as whole frames", () => {
  const whole = playing();
  const patched = playing();
  const pf = frames(9, true);
  assert.ok(pf.slice(1).every((f) => f.view === undefined && Array.isArray(f.view_patch)), "the run is patched after the first frame");
  assert.deepEqual(pf[3].view_patch, [], "an unchanged view is an empty patch");
  assert.deepEqual(
    pf[2].view_patch!.filter((op) => op.path === "/visible"),
    [{ op: "replace", path: "/visible", value: views()[2].visible }],
    "a change of sight replaces /visible as a whole string",
  );
  for (const [i, f] of frames(9, false).entries()) {
    whole.frame(f);
    const before = clone(patched.h.store.state.match?.view ?? null);
    const shown = patched.h.store.state.match?.view ?? null;
    patched.frame(pf[i]);
    assert.deepEqual(shown, before, `frame ${i}: the view on screen was not changed in place`);
    assert.deepEqual(patched.h.store.state.match, whole.h.store.state.match, `frame ${i}: same state`);
  }
  assert.equal(patched.h.store.state.match?.version, FROM + 3);
  assert.deepEqual(patched.h.store.state.match?.view, views()[3]);
  assert.deepEqual(watches(patched.h), [], "no re-watch");
});

test("views: patches with the server's paths (/tiles/N, /players/N/field, /hand, /tiles/-) apply", () => {
  const { h, frame } = playing();
  const v0 = fixture("decision-move").view;
  frame({ match: 9, seat: v0.seat, from: 0, version: 1, steps: [], view: clone(v0) });
  const tile = { col: 5, row: 1, memory: "revealed", terrain: "stone", owner: 1, alloc: [100, 210, 210] };
  const ops: Operation[] = [
    { op: "replace", path: "/tiles/12", value: tile },
    { op: "replace", path: "/players/1/donations", value: 42 },
    { op: "remove", path: "/hand" },
    { op: "add", path: "/tiles/-", value: { col: 9, row: 9, memory: "unrevealed" } },
    { op: "replace", path: "/visible", value: v0.visible.slice(0, -1) + "00" },
    { op: "add", path: "/wind", value: "ne" },
  ];
  frame({ match: 9, seat: v0.seat, from: 1, version: 2, steps: [{ version: 2, events: [] }], view_patch: ops });
  const v = h.store.state.match!.view!;
  assert.equal(h.store.state.match?.version, 2);
  assert.deepEqual(v.tiles[12], tile);
  assert.equal(v.players[1].donations, 42);
  assert.ok(!("hand" in v));
  assert.equal(v.tiles.length, v0.tiles.length + 1);
  assert.equal(v.visible, v0.visible.slice(0, -1) + "00");
  assert.equal(v.visible.length, v.tiles.length);
  assert.equal(v.wind, "ne");
});

test("views: a patch with no base view is not rendered and re-watches with since = the version held", async () => {
  const { h, frame } = playing();
  const [f0, f1, f2] = frames(9, true);
  // The screen holds version 12 from before (e.g. a view from another
  // connection), but this connection never sent a whole view.
  frame(f0);
  (h.ctl as any).views.clear();
  const held = h.store.state.match;
  frame(f1);
  frame(f2); // a second one while the re-watch is in flight asks nothing more
  assert.equal(h.store.state.match, held, "nothing rendered");
  await tick();
  assert.deepEqual(watches(h), [{ match: 9, since: FROM }]);
});

test("views: a patch that does not apply never renders and re-watches; the whole view after it is used", async (t) => {
  const bad: Operation[][] = [
    [{ op: "replace", path: "/players/7/donations", value: 1 }], // no such player
    [{ op: "remove", path: "/no_such_key" }],
    [{ op: "add", path: "/tiles/999", value: {} }], // past the end of the array
    [{ op: "replace", path: "/pending", value: "x" }, { op: "replace", path: "/tiles/-1", value: {} }], // half applies
    [{ op: "replace", path: "", value: 7 }], // not a view
    "not a patch" as any,
  ];
  for (const ops of bad) {
    await t.test(JSON.stringify(ops), async () => {
      const { h, frame } = playing();
      const [f0, f1] = frames(9, true);
      frame(f0);
      const held = h.store.state.match!;
      const shown = clone(held.view);
      frame({ ...f1, view_patch: ops });
      assert.equal(h.store.state.match, held, "nothing rendered");
      assert.deepEqual(held.view, shown, "the view on screen untouched");
      await tick();
      assert.deepEqual(watches(h), [{ match: 9, since: FROM }]);
      // The next patch builds on a view the client no longer has: no render.
      frame(frames(9, true)[2]);
      assert.equal(h.store.state.match?.version, FROM);
      assert.equal(h.store.state.match?.view, held.view);
      // The re-watch's first frame is whole and shows; patches after it apply.
      const [, , w2, p3] = frames(9, false).map((f, i) => (i === 3 ? frames(9, true)[3] : f));
      frame(w2);
      frame(p3);
      assert.equal(h.store.state.match?.version, FROM + 3);
      assert.deepEqual(h.store.state.match?.view, views()[3]);
    });
  }
});

test("views: frames of a match not on screen keep its raw view current", () => {
  const { h, frame } = playing();
  frame(frames(9, true)[0]);
  const [g0, g1, g2, g3] = frames(10, true);
  frame(g0);
  frame(g1);
  frame(g2);
  assert.equal(h.store.state.match?.match, 9, "match 10 is not drawn");
  assert.equal(h.store.state.match?.version, FROM);
  // Match 10 comes on screen (the store switches to it) and its next patch,
  // made against the frame before, shows the right view without a re-watch.
  h.store.set({ match: newMatchState(10, g0.seat) });
  frame(g3);
  assert.equal(h.store.state.match?.version, FROM + 3);
  assert.deepEqual(h.store.state.match?.view, views()[3]);
  assert.deepEqual(watches(h), []);
});

test("views: a bad patch of a match not on screen forgets it without a re-watch", async () => {
  const { h, frame } = playing();
  const [g0] = frames(10, true);
  frame(g0);
  frame({ ...frames(10, true)[1], view_patch: [{ op: "remove", path: "/nope" }] });
  await tick();
  assert.deepEqual(watches(h), []);
  assert.equal((h.ctl as any).views.has(10), false);
});

test("views: leaving a match forgets its raw view", () => {
  const { h, frame } = playing();
  frame(frames(9, true)[0]);
  h.ctl.backToMenu();
  assert.equal((h.ctl as any).views.has(9), false);
  assert.ok(h.sent.some((x) => x.type === "unwatch" && x.fields.match === 9));
});

test("views: re-watches that never bring a usable frame stop after RESYNC_LIMIT with an error", async () => {
  const { h, frame } = playing();
  const bad = { ...frames(9, true)[1], view_patch: [{ op: "remove", path: "/nope" }] as Operation[] };
  for (let i = 0; i < RESYNC_LIMIT + 3; i++) {
    frame(bad);
    await tick();
  }
  assert.equal(watches(h).length, RESYNC_LIMIT);
  assert.equal(h.store.state.toasts.filter((x) => x.kind === "error").length, 1);
  // A whole view resets the count.
  frame(frames(9, true)[0]);
  frame(bad);
  await tick();
  assert.equal(watches(h).length, RESYNC_LIMIT + 1);
});

test("ViewCache: resolve returns the frame with its whole view and no view_patch", () => {
  const c = new ViewCache();
  const [f0, f1] = frames(3, true);
  const r0 = c.resolve(3, f0);
  assert.ok(r0.ok && r0.frame.view === f0.view, "a whole view is kept as received");
  const r1 = c.resolve(3, f1);
  assert.ok(r1.ok);
  if (!r1.ok) return;
  assert.ok(!("view_patch" in r1.frame));
  assert.deepEqual(r1.frame.view, views()[1]);
  assert.equal(c.view(3), r1.frame.view);
  assert.deepEqual(f0.view, views()[0], "the previous view is not changed by the patch");
  c.clear();
  const r2 = c.resolve(3, frames(3, true)[2]);
  assert.ok(!r2.ok && /no view/.test(r2.reason), "a new connection has no base");
});

test("ViewCache: a frame with neither view nor view_patch does not resolve", () => {
  const c = new ViewCache();
  c.resolve(3, frames(3, true)[0]);
  const { view: _, ...f } = frames(3, false)[1];
  const r = c.resolve(3, f);
  assert.ok(!r.ok && /neither/.test(r.reason));
  assert.equal(c.has(3), false);
});
