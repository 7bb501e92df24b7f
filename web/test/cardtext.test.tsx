import { test } from "node:test";
import assert from "node:assert/strict";
import { ACCOUNT, harness, text } from "./harness";
import { fixture } from "./fixtures";
import { Play } from "../src/ui/Play";
import { Translator, bundledCatalogue, type Catalogue } from "../src/i18n/i18n";
import { applyFrame, newMatchState } from "../src/game/match";
import type { ResolvedFrame } from "../src/game/types";

// Card effect texts in the client's language: Korean, the game's source
// language, from the catalogue's text_ko; English from text.

/** plain undoes the HTML escaping of rendered text so it compares with catalogue strings. */
function plain(s: string): string {
  return s.replace(/&#39;|&#x27;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

// CARD-001-084: the bundled catalogue carries every card's Korean text.
test("every card has a Korean text that differs from the English one", () => {
  for (const c of bundledCatalogue.cards) {
    assert.ok(c.text_ko && /[가-힣]/.test(c.text_ko), `${c.id}: text_ko`);
    assert.notEqual(c.text_ko, c.text, c.id);
  }
});

// CARD-030 as a sample: the seed's text in Korean, the spec's in English.
test("cardText follows the language and falls back to English without text_ko", () => {
  const c = bundledCatalogue.cards.find((x) => x.id === "CARD-030")!;
  assert.ok(c.text_ko?.startsWith("다음 세 턴 동안 상황판에"), "CARD-030 text_ko is the seed's");
  assert.equal(new Translator("ko").cardText("CARD-030"), c.text_ko);
  assert.equal(new Translator("en").cardText("CARD-030"), c.text);
  const old: Catalogue = { ...bundledCatalogue, cards: bundledCatalogue.cards.map((x) => ({ ...x, text_ko: undefined })) };
  assert.equal(new Translator("ko", old).cardText("CARD-030"), c.text, "a catalogue without text_ko shows English");
});

// UI-312: a Korean client's hand shows the card's Korean name and text.
test("a Korean client shows the hand's card texts in Korean", () => {
  const f = fixture("decision-interaction");
  const frame: ResolvedFrame = { seat: f.seat, from: 0, version: f.step, steps: [{ version: f.step, events: f.events }], view: f.view, decision: f.decision };
  const m = applyFrame(newMatchState(9, f.seat), frame);
  const seats = [{ seat: f.seat, account: ACCOUNT.id, display_name: "Ada", bot: "" }];
  const hand = f.view.hand as { card: string }[];
  assert.ok(hand.length > 0, "the fixture holds a hand");
  const c = bundledCatalogue.cards.find((x) => x.id === hand[0].card)!;
  const slot = (html: string) => plain(text(html.slice(html.indexOf('data-testid="hand-1"'), html.indexOf('data-testid="hand-2"'))));

  const ko = harness({ screen: "play", match: m, seats, lang: "ko", t: new Translator("ko") });
  const koSlot = slot(ko.render(<Play />));
  assert.ok(koSlot.includes(c.ko), `Korean name ${c.ko} in ${koSlot}`);
  assert.ok(koSlot.includes(c.text_ko!), `Korean text in ${koSlot}`);
  assert.ok(!koSlot.includes(c.text), "no English text");

  const en = harness({ screen: "play", match: m, seats });
  const enSlot = slot(en.render(<Play />));
  assert.ok(enSlot.includes(c.text), `English text in ${enSlot}`);
  assert.ok(!enSlot.includes(c.text_ko!), "no Korean text");
});
