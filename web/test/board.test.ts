import { test } from "node:test";
import assert from "node:assert/strict";
import { UNKNOWN_FILL, boardModel, minimapModel } from "../src/game/board";
import { seatStyle } from "../src/game/seats";
import type { View } from "../src/game/types";
import { fixture, fixtureNames } from "./fixtures";

test("every fixture renders one tile model per view tile, in place", () => {
  for (const name of fixtureNames()) {
    const f = fixture(name);
    const b = boardModel(f.view, 40);
    assert.equal(b.tiles.length, f.view.width * f.view.height, name);
    for (const t of b.tiles) {
      assert.ok(t.x > 0 && t.x < b.pxWidth && t.y > 0 && t.y < b.pxHeight, `${name} ${t.key} inside the map`);
    }
  }
});

// UI-412-UI-416: memory states decide what a tile shows.
test("unrevealed tiles show nothing but their place; adjacent ones show no owner (UI-415, UI-416)", () => {
  const v = fixture("day-dry").view;
  const tiles = structuredClone(v.tiles);
  tiles[0] = { col: 0, row: 0, memory: "unrevealed", visible: false };
  tiles[1] = { col: 1, row: 0, memory: "adjacent", visible: false, terrain: "grass", alloc: [1, 2, 3] };
  const b = boardModel({ ...v, tiles } as View);
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
  const visible = v.tiles.filter((t) => t.memory === "revealed" && !t.visible);
  assert.equal(fogged.length, visible.length);
  assert.ok(fogged.length > 0, "the night fixture has tiles out of sight");
  assert.equal(b.night, true);
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
