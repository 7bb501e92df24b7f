import { test } from "node:test";
import assert from "node:assert/strict";
import { BUFF_BAR_SIZE, buffBar, seatCards } from "../src/game/cards";
import type { View } from "../src/game/types";
import { fixture } from "./fixtures";

/** bare returns a fixture view with every card field removed (views before the card rules). */
function bare(name: string): View {
  const v = structuredClone(fixture(name).view) as View;
  delete v.hand;
  delete v.composition;
  delete v.designations;
  for (const p of v.players) for (const k of ["hand", "hand_count", "deck_count", "graveyard", "buffs"]) delete p[k];
  return v;
}

test("a view without card fields renders empty zones, never fails", () => {
  const v = bare("decision-move");
  const c = seatCards(v, v.players[0]);
  assert.equal(c.hand, null);
  assert.equal(c.handCount, 0);
  assert.deepEqual(c.graveyard, []);
});

// UI-311-UI-315: deck, hands 1-3 and graveyard from the view the card rules will send.
test("own hand with ids, others' counts, public graveyards", () => {
  const v = bare("decision-move");
  Object.assign(v.players[0], { hand: ["CARD-001", { card: "CARD-030", armed: "donations" }], deck: 14, graveyard: ["CARD-002"] });
  Object.assign(v.players[1], { hand_size: 3, deck_size: 12, graveyard: [] });
  const me = seatCards(v, v.players[0]);
  assert.deepEqual(me.hand?.map((h) => h.id), ["CARD-001", "CARD-030"]);
  assert.equal(me.hand?.[1].armed, true);
  assert.equal(me.hand?.[1].payer, "donations");
  assert.equal(me.deckCount, 14);
  assert.deepEqual(me.graveyard, ["CARD-002"]);
  const other = seatCards(v, v.players[1]);
  assert.equal(other.hand, null);
  assert.equal(other.handCount, 3);
  assert.equal(other.deckCount, 12);
});

// UI-407-UI-409, GAP-63: 7 icons, then "+N".
test("the buff bar shows the 7 most recent effects and counts the rest", () => {
  const list = Array.from({ length: 10 }, (_, i) => ({ key: `b${i}` }));
  const bar = buffBar(list);
  assert.equal(bar.shown.length, BUFF_BAR_SIZE);
  assert.equal(bar.more, 3);
  assert.equal(bar.shown[0].key, "b3");
  assert.equal(buffBar(list.slice(0, 7)).more, 0);
});

test("view flags and card effects both become buffs", () => {
  const f = fixture("stealth");
  const v = structuredClone(f.view) as View;
  const p = v.players[f.seat];
  Object.assign(p, { buffs: [{ card: "CARD-045", turns: 2 }, "weird_state"] });
  const c = seatCards(v, p);
  assert.ok(c.buffs.some((b) => b.key === "buff.stealth"));
  assert.ok(c.buffs.some((b) => b.card === "CARD-045" && b.turns === 2));
  assert.ok(c.buffs.some((b) => b.key === "buff.weird_state"));
});

// The card rules' own shapes (games/realigious/cardview.go): the own hand at
// the top of the view, counts and graveyards per player, effects with "until".
test("the rules' card view: top-level hand with costs, counts, effects with their end", () => {
  const v = bare("decision-interaction");
  Object.assign(v, { hand: [{ slot: 1, card: "CARD-045", cost: 300, armed: "influence" }, { slot: 2, card: "CARD-001", cost: 100 }] });
  Object.assign(v.players[v.seat], { hand_count: 2, deck_count: 9, graveyard: ["CARD-003"], turns: 4, buffs: [{ card: "CARD-045", key: "all_or_nothing", seat: v.seat, from: v.seat, ends: "end", until: 6 }] });
  const c = seatCards(v, v.players[v.seat]);
  assert.deepEqual(c.hand?.map((h) => [h.slot, h.id, h.cost, h.payer]), [[1, "CARD-045", 300, "influence"], [2, "CARD-001", 100, undefined]]);
  assert.equal(c.deckCount, 9);
  const b = c.buffs.find((x) => x.card === "CARD-045");
  assert.equal(b?.turns, 2);
  const other = v.players.find((p) => p.seat !== v.seat)!;
  Object.assign(other, { hand_count: 3, deck_count: 7, graveyard: [] });
  assert.equal(seatCards(v, other).hand, null, "another seat's hand is never read as cards");
  assert.equal(seatCards(v, other).handCount, 3);
});

test("every fixture's own hand reads back with its ids", () => {
  for (const name of ["decision-interaction", "decision-card_pay", "decision-card_target"]) {
    const f = fixture(name);
    const me = f.view.players.find((p) => p.seat === f.view.seat)!;
    const c = seatCards(f.view, me);
    const raw = (f.view.hand as { card: string }[] | undefined) ?? [];
    assert.deepEqual(c.hand?.map((h) => h.id) ?? [], raw.map((h) => h.card), name);
  }
});
