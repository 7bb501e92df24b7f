import { test } from "node:test";
import assert from "node:assert/strict";
import { decisionModel, keyToAnswer, parseAnswer } from "../src/game/decision";
import { neighbour } from "../src/game/hex";
import type { Decision } from "../src/game/types";
import { fixture, fixtureNames } from "./fixtures";

test("parseAnswer knows every answer form of the rules and the card framework", () => {
  const cases: [string, string][] = [
    ["move ne", "move"], ["stop", "word"], ["end", "word"], ["dispute", "word"], ["pass", "word"],
    ["tile 3,4", "tile"], ["bribe police donations", "bribe"], ["seat 2", "seat"], ["wind north", "wind"],
    ["card 2", "card"], ["arm 1 donations", "arm"], ["disarm 3", "disarm"], ["pay influence", "pay"],
    ["hand 1", "hand"], ["deck 3", "deck"], ["target tile 2,2", "tile"], ["fly away", "other"],
  ];
  for (const [text, type] of cases) assert.equal(parseAnswer(text).type, type, text);
});

test("every fixture decision gives one input per legal answer, default marked", () => {
  for (const name of fixtureNames()) {
    const f = fixture(name);
    if (!f.decision) continue;
    const m = decisionModel(f.decision, f.view);
    assert.equal(m.inputs.length, f.decision.answers.length, name);
    assert.equal(m.inputs.filter((i) => i.isDefault).length, 1, `${name}: one default`);
  }
});

test("move answers become clicks on the neighbouring tiles of the own piece", () => {
  const f = fixture("decision-extra_move");
  const m = decisionModel(f.decision!, f.view);
  const me = f.view.players[f.seat].piece!;
  for (const i of m.inputs) {
    if (i.parsed.type !== "move") continue;
    assert.deepEqual(i.tile, neighbour(me, i.parsed.dir));
    assert.ok(m.byTile.get(`${i.tile!.col},${i.tile!.row}`)?.includes(i));
  }
});

test("keyboard: digits pick answers, hex keys move (docs/ui.md)", () => {
  const f = fixture("decision-extra_move");
  const m = decisionModel(f.decision!, f.view);
  assert.equal(keyToAnswer(m, "1"), f.decision!.answers[0]);
  const e = m.byDir.get("e");
  assert.equal(keyToAnswer(m, "d"), e?.answer);
  assert.equal(keyToAnswer(m, "x"), undefined);
});

test("unknown decision kinds fall back to a list of answer buttons", () => {
  const f = fixture("decision-move");
  const d: Decision = { seat: f.seat, kind: "brand_new", answers: ["frobnicate 1", "frobnicate 2"], default: "frobnicate 1" };
  const m = decisionModel(d, f.view);
  assert.deepEqual(m.inputs.map((i) => i.group), ["other", "other"]);
  assert.equal(m.byTile.size, 0);
});

test("card answers are reachable from their hand slot", () => {
  const f = fixture("decision-interaction");
  const d: Decision = { seat: f.seat, kind: "interaction", answers: ["end", "card 1", "card 3", "arm 2 donations"], default: "end" };
  const m = decisionModel(d, f.view);
  assert.equal(m.byHandSlot.get(1)?.[0].answer, "card 1");
  assert.equal(m.byHandSlot.get(2)?.[0].answer, "arm 2 donations");
  assert.equal(m.byHandSlot.has(4), false);
});
