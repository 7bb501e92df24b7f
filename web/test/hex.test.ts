import { test } from "node:test";
import assert from "node:assert/strict";
import { DIRS, center, directionTo, distance, neighbour, parseCoord } from "../src/game/hex";

// Mirrors games/realigious/hex.go: odd-r offset, pointy-top (GAP-03).
test("neighbour follows the odd-r layout of the rules", () => {
  const cases = [
    { from: { col: 2, row: 2 }, dir: "ne", want: { col: 2, row: 1 } },
    { from: { col: 2, row: 2 }, dir: "nw", want: { col: 1, row: 1 } },
    { from: { col: 2, row: 1 }, dir: "ne", want: { col: 3, row: 0 } },
    { from: { col: 2, row: 1 }, dir: "se", want: { col: 3, row: 2 } },
    { from: { col: 2, row: 2 }, dir: "sw", want: { col: 1, row: 3 } },
    { from: { col: 0, row: 0 }, dir: "e", want: { col: 1, row: 0 } },
  ] as const;
  for (const c of cases) {
    assert.deepEqual(neighbour(c.from, c.dir), c.want, `neighbour(${JSON.stringify(c.from)}, ${c.dir})`);
  }
});

test("every neighbour is at distance 1 and directionTo inverts neighbour", () => {
  for (const row of [0, 1, 2, 3]) {
    for (const d of DIRS) {
      const a = { col: 3, row };
      const b = neighbour(a, d);
      assert.equal(distance(a, b), 1);
      assert.equal(directionTo(a, b), d);
    }
  }
});

test("centres of neighbours are one hex width apart", () => {
  const size = 10;
  const a = center({ col: 3, row: 3 }, size);
  for (const d of DIRS) {
    const b = center(neighbour({ col: 3, row: 3 }, d), size);
    assert.ok(Math.abs(Math.hypot(a.x - b.x, a.y - b.y) - size * Math.sqrt(3)) < 1e-9, d);
  }
});

test("parseCoord reads answer coordinates", () => {
  assert.deepEqual(parseCoord("3,4"), { col: 3, row: 4 });
  assert.deepEqual(parseCoord(" 3 , 4 "), { col: 3, row: 4 });
  assert.equal(parseCoord("3;4"), undefined);
});
