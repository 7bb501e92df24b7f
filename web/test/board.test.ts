import { test } from "node:test";
import assert from "node:assert/strict";
import { applyPatch, type Operation } from "fast-json-patch";
import { UNKNOWN_FILL, boardModel, minimapModel, tileVisible } from "../src/game/board";
import { seatStyle } from "../src/game/seats";
import type { View } from "../src/game/types";
import { fixture, fixtureNames } from "./fixtures";

test("every fixture renders one tile model per view tile, in place", () => {
  for (const name of fixtureNames()) {
    const f = fixture(name);
    const b = boardModel(f.view, 40);
    assert.equal(b.tiles.length, f.view.width * f.view.height, name);
    assert.equal(f.view.visible.length, f.view.tiles.length, `${name}: one visible character per tile`);
    assert.ok(f.view.tiles.every((t) => !("visible" in t)), `${name}: tiles carry no visible member`);
    for (const t of b.tiles) {
      assert.ok(t.x > 0 && t.x < b.pxWidth && t.y > 0 && t.y < b.pxHeight, `${name} ${t.key} inside the map`);
    }
  }
});

// UI-412-UI-416: memory states decide what a tile shows.
test("unrevealed tiles show nothing but their place; adjacent ones show no owner (UI-415, UI-416)", () => {
  const v = fixture("day-dry").view;
  const tiles = structuredClone(v.tiles);
  tiles[0] = { col: 0, row: 0, memory: "unrevealed" };
  tiles[1] = { col: 1, row: 0, memory: "adjacent", terrain: "grass", alloc: [1, 2, 3] };
  const b = boardModel({ ...v, tiles, visible: "00" + v.visible.slice(2) } as View);
  assert.equal(b.tiles[0].fill, UNKNOWN_FILL);
  assert.equal(b.tiles[0].glyph, "");
  assert.ok(b.tiles[0].classes.includes("mem-unrevealed"));
  assert.equal(b.tiles[1].owner, -1);
  assert.ok(b.tiles[1].classes.includes("mem-adjacent"));
});

test("a revealed tile out of live vision is drawn as fog (night, UI-413)", () => {
  const v = fixture("night-dry").view;
  const b = boardModel(v);
  const fogged = b.tiles.filter((t) => t.classes.includes("fog"));
  const outOfSight = v.tiles.filter((t, i) => t.memory === "revealed" && v.visible[i] !== "1");
  assert.equal(fogged.length, outOfSight.length);
  assert.ok(b.tiles.some((t) => t.visible && !t.classes.includes("fog")), "the seat still sees some tiles");
  assert.ok(fogged.length > 0, "the night fixture has tiles out of sight");
  assert.equal(b.night, true);
});

test("a revealed tile is fogged exactly when its character of view.visible is '0'", () => {
  const v = structuredClone(fixture("day-dry").view);
  const i = v.tiles.findIndex((t) => t.memory === "revealed");
  assert.ok(i >= 0 && i + 1 < v.tiles.length && v.tiles[i + 1].memory === "revealed");
  const chars = v.visible.split("");
  chars[i] = "0";
  chars[i + 1] = "1";
  v.visible = chars.join("");
  let b = boardModel(v);
  assert.ok(b.tiles[i].classes.includes("fog"), "'0': fog");
  assert.equal(b.tiles[i].visible, false);
  assert.ok(!b.tiles[i + 1].classes.includes("fog"), "'1': no fog");
  assert.equal(b.tiles[i + 1].visible, true);

  // A patch replacing /visible as a whole string (as the server sends it)
  // swaps the two.
  chars[i] = "1";
  chars[i + 1] = "0";
  const ops: Operation[] = [{ op: "replace", path: "/visible", value: chars.join("") }];
  const next = applyPatch(structuredClone(v), ops, true, false).newDocument as View;
  assert.deepEqual(next.tiles, v.tiles, "the tiles themselves are untouched");
  b = boardModel(next);
  assert.ok(!b.tiles[i].classes.includes("fog"), "now seen: no fog");
  assert.ok(b.tiles[i + 1].classes.includes("fog"), "now out of sight: fog");
});

test("a missing, short or malformed view.visible reads as not visible (fog, never more)", () => {
  const v = structuredClone(fixture("day-dry").view);
  const n = v.tiles.length;
  const last = n - 1;
  assert.equal(v.tiles[last].memory, "revealed");
  const cases: [string, unknown][] = [
    ["missing", undefined],
    ["null", null],
    ["not a string", 1],
    ["empty", ""],
    ["one short", "1".repeat(n - 1)],
  ];
  for (const [what, visible] of cases) {
    const w = { ...v, visible } as unknown as View;
    if (visible === undefined) delete (w as any).visible;
    const b = boardModel(w);
    assert.equal(b.tiles.length, n, what);
    assert.ok(b.tiles[last].classes.includes("fog"), `${what}: the last tile is fogged`);
    assert.equal(b.tiles[last].visible, false, what);
    assert.equal(tileVisible(w, last), false, what);
  }
  const short = boardModel({ ...v, visible: "1".repeat(n - 1) });
  assert.ok(!short.tiles[0].classes.includes("fog"), "the tiles a short string covers still read their character");
  assert.equal(tileVisible(v, n), false, "past the last tile");
  assert.equal(tileVisible(v, -1), false, "before the first tile");
});

test("pieces are only those the view places, own piece marked, seat shape kept", () => {
  for (const name of ["decision-move-4p", "night-waiting", "stealth", "spectator-night"]) {
    const f = fixture(name);
    const b = boardModel(f.view);
    const placed = f.view.players.filter((p) => p.piece && !p.defeated);
    assert.equal(b.pieces.length, placed.length, name);
    for (const p of b.pieces) {
      assert.equal(p.own, p.seat === f.view.seat);
      assert.equal(p.shape, seatStyle(p.seat).shape);
    }
  }
  const st = boardModel(fixture("stealth").view);
  assert.ok(st.pieces.some((p) => p.own && p.stealth), "own stealthed piece is flagged");
});

test("four seats differ in colour, pattern and shape (colour-blind safe)", () => {
  const styles = [0, 1, 2, 3].map(seatStyle);
  for (const k of ["colour", "pattern", "shape"] as const) {
    assert.equal(new Set(styles.map((s) => s[k])).size, 4, k);
  }
});

test("owned tiles carry their owner's pattern", () => {
  const f = fixture("over-4p");
  const b = boardModel(f.view);
  const owned = b.tiles.filter((t) => t.owner >= 0);
  assert.ok(owned.length > 0);
  for (const t of owned) assert.equal(t.pattern, seatStyle(t.owner).pattern);
});

// UI-410, UI-411: the minimap scales the map at the same aspect ratio.
test("the minimap keeps the map's aspect ratio (UI-410)", () => {
  const v = fixture("decision-move-4p").view;
  const big = boardModel(v, 40);
  const mini = minimapModel(v, 8);
  assert.ok(Math.abs(big.pxWidth / big.pxHeight - mini.w / mini.h) < 1e-9);
  assert.equal(mini.cells.length, v.tiles.length);
});

test("faction markers come only from the view (relics the seat knows)", () => {
  const f = fixture("relic-known");
  const b = boardModel(f.view);
  assert.equal(b.markers.filter((m) => m.kind === "relic").length, f.view.factions.relics.length);
  const spectator = boardModel(fixture("spectator-night").view);
  assert.equal(spectator.markers.filter((m) => m.kind === "relic").length, 0);
});
