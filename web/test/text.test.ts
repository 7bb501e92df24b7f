import { test } from "node:test";
import assert from "node:assert/strict";
import { Translator } from "../src/i18n/i18n";
import { answerLabel, eventLine, explainLines, isExplain } from "../src/game/text";
import { parseAnswer } from "../src/game/decision";
import { sampleEvents } from "./fixtures";

const names = { seat: (s: number) => `P${s}`, handCard: (n: number) => (n === 1 ? "CARD-001" : undefined) };

test("every event kind the engine emits has a log line in both languages, no raw placeholders", () => {
  for (const lang of ["en", "ko"] as const) {
    const t = new Translator(lang);
    for (const e of sampleEvents()) {
      const l = eventLine(t, e, names);
      assert.ok(l.text.length > 0, `${lang} ${e.kind}`);
      assert.doesNotMatch(l.text, /\{\w+\}/, `${lang} ${e.kind}: ${l.text}`);
      assert.notEqual(l.text, e.kind, `${lang} ${e.kind} has its own text`);
    }
  }
});

// REL-436 and the architecture's "Explain": every roll shows its arithmetic.
test("propagation and combat lines carry their explain arithmetic", () => {
  const t = new Translator("en");
  for (const e of sampleEvents().filter((x) => isExplain(x.data))) {
    const l = eventLine(t, e, names);
    assert.ok(l.explain && l.explain.length >= 2, e.kind);
    const d = e.data;
    assert.ok(l.explain!.some((x) => x.includes(`= ${d.r1}%`)), `${e.kind}: R1 total shown`);
    if (d.r2_terms?.length) assert.ok(l.explain!.some((x) => x.includes(`${d.r1} − ${d.r2} = ${d.r}%`)), `${e.kind}: R shown`);
  }
});

test("explain shows every term with its sign and the clamp", () => {
  const t = new Translator("en");
  const lines = explainLines(t, {
    kind: "propagation", seat: 0, defender: -1, r1_terms: [{ tier: 5, name: "base", value: 50 }, { tier: 4, name: "hinduism_polytheism", value: -10 }],
    r1_raw: 40, r1: 40, r2_raw: 0, r2: 0, r_raw: 5, r: 10, roll: "failure", gains: [0, 0, 0],
  });
  assert.match(lines[0], /base 50 − Polytheism \(Hinduism\) 10 = 40%/);
  assert.ok(lines.some((l) => /clamped from 5/.test(l)));
  assert.ok(lines.some((l) => /Roll: failure/.test(l)));
});

test("answer labels name cards, seats and directions", () => {
  const t = new Translator("en");
  assert.equal(answerLabel(t, parseAnswer("move ne"), names), "Move north-east");
  assert.equal(answerLabel(t, parseAnswer("card 1"), names), "Use Gleaning");
  assert.equal(answerLabel(t, parseAnswer("seat 2"), names), "P2");
  assert.equal(answerLabel(t, parseAnswer("bribe police influence"), names), "Bribe the police station with influence");
  const ko = new Translator("ko");
  assert.equal(answerLabel(ko, parseAnswer("card 1"), names), "이삭 줍기 사용");
  assert.equal(answerLabel(ko, parseAnswer("frobnicate"), names), "frobnicate");
});

// GAP-62: the log shows what the seat was told; a move seen at one end only says so.
test("a move seen only at one end does not invent the other", () => {
  const t = new Translator("en");
  const l = eventLine(t, { kind: "moved", seat: 1, data: { to: { col: 2, row: 3 } } }, names);
  assert.equal(l.text, "P1 appeared at (2,3)");
  assert.deepEqual(l.tiles, [{ col: 2, row: 3 }]);
});

// CARD-055 against Abukaros's theft (REL-929) and a card's taking; CARD-043's combat with its arithmetic.
test("Fire from Heaven's nullified takings and the contract combat have their own lines", () => {
  const t = new Translator("en");
  assert.equal(eventLine(t, { kind: "relic_take_nullified", seat: 2, data: { target: 0 } }, names).text, "Fire from Heaven: P2 stole nothing from P0");
  assert.equal(eventLine(t, { kind: "relic_take_nullified", seat: 1, data: { card: 1 } }, names).text, "Fire from Heaven: P1's Gleaning took no relic");
  const ko = new Translator("ko");
  assert.match(eventLine(ko, { kind: "relic_take_nullified", seat: 2, data: { target: 0 } }, names).text, /P2이\(가\) P0에게서/);
  const l = eventLine(t, {
    kind: "contract_killing", seat: 1, data: {
      kind: "contract_killing", seat: 1, defender: 3, tile: { col: 4, row: 5 }, r1_terms: [{ tier: 5, name: "base", value: 50 }],
      r1_raw: 50, r1: 50, r2_terms: [{ tier: 5, name: "base", value: 20 }], r2_raw: 20, r2: 20, r_raw: 30, r: 30, roll: "success",
    },
  }, names);
  assert.match(l.text, /P1's contract fought P3's piece at \(4,5\)/);
  assert.ok(l.explain && l.explain.some((x) => x.includes("50 − 20 = 30%")));
});

// REL-923, REL-924: Stye is public; Insight shows the hand to the collector alone, the size to everyone else.
test("Stye and Insight have their own lines, Insight's cards only in the collector's copy", () => {
  const t = new Translator("en");
  assert.equal(eventLine(t, { kind: "stye", seat: 1, data: { target: 2 } }, names).text, "P1's Stye: the top three cards of P2's deck go to the graveyard");
  assert.equal(eventLine(t, { kind: "insight", seat: 1, data: { target: 3, hand: 3, cards: [2, 5, 1] } }, names).text, "P1 sees P3's hand: Repentance, Casting the Net, Gleaning");
  assert.equal(eventLine(t, { kind: "insight", seat: 1, data: { target: 3, hand: 3 } }, names).text, "P1 looks at P3's hand (3 cards)");
  const ko = new Translator("ko");
  assert.equal(eventLine(ko, { kind: "stye", seat: 1, data: { target: 2 } }, names).text, "P1의 다래끼: P2의 덱 위 카드 세 장이 무덤으로 감");
  assert.equal(eventLine(ko, { kind: "insight", seat: 1, data: { target: 3, hand: 2, cards: [2, 1] } }, names).text, "P1의 통찰: P3의 손패는 회개, 이삭 줍기");
  assert.equal(eventLine(ko, { kind: "insight", seat: 1, data: { target: 3, hand: 2 } }, names).text, "P1의 통찰: P3의 손패를 봄 (2장)");
});
