import { test } from "node:test";
import assert from "node:assert/strict";
import { applyFrame, newMatchState, secondsLeft } from "../src/game/match";
import type { ResolvedFrame } from "../src/game/types";
import { fixture } from "./fixtures";

const view = fixture("decision-move").view;
const frame = (from: number, version: number, extra: Partial<ResolvedFrame> = {}): ResolvedFrame => ({
  seat: 0, from, version, view,
  steps: Array.from({ length: version - from }, (_, i) => ({ version: from + i + 1, events: [{ kind: "turn", seat: 0, data: { cycle: 0 } }] })),
  ...extra,
});

test("frames advance the version and append their steps' events", () => {
  let s = newMatchState(4);
  s = applyFrame(s, frame(0, 3));
  assert.equal(s.version, 3);
  assert.equal(s.log.length, 3);
  s = applyFrame(s, frame(3, 5));
  assert.deepEqual(s.log.map((e) => e.version), [1, 2, 3, 4, 5]);
});

test("a resumed watch that repeats steps does not double the log", () => {
  let s = applyFrame(newMatchState(4), frame(0, 5));
  s = applyFrame(s, frame(2, 7));
  assert.deepEqual(s.log.map((e) => e.version), [1, 2, 3, 4, 5, 6, 7]);
  const older = applyFrame(s, frame(0, 4));
  assert.equal(older, s, "an older frame changes nothing");
});

test("the decision is kept only when it is this seat's; deadline and result are read", () => {
  const now = Date.parse("2025-01-01T00:00:00Z");
  let s = applyFrame(newMatchState(4), frame(0, 1, { decision: { seat: 1, kind: "move", answers: ["stop"], default: "stop" } }));
  assert.equal(s.decision, null);
  s = applyFrame(s, frame(1, 2, { decision: { seat: 0, kind: "move", answers: ["stop"], default: "stop" }, deadline: "2025-01-01T00:00:09.500Z" }));
  assert.equal(s.decision?.kind, "move");
  assert.equal(secondsLeft(s.deadline, now), 10);
  s = applyFrame(s, frame(2, 3, { result: { winner: 0, how: "religious", ranking: [0, 1] } }));
  assert.equal(s.result?.how, "religious");
  assert.equal(s.decision, null);
});
