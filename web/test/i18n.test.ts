import { test } from "node:test";
import assert from "node:assert/strict";
import { en } from "../src/i18n/en";
import { ko } from "../src/i18n/ko";
import { Translator, bundledCatalogue, detectLang, normalizeCardID } from "../src/i18n/i18n";

test("Korean and English have the same keys and the same placeholders", () => {
  assert.deepEqual(Object.keys(ko).sort(), Object.keys(en).sort());
  for (const k of Object.keys(en) as (keyof typeof en)[]) {
    const ph = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
    assert.deepEqual(ph(ko[k]), ph(en[k]), k);
    assert.ok(ko[k].trim().length > 0, `${k} is empty in ko`);
  }
});

// CARD-001-084: every card and trait has a Korean and an English name.
test("every card and trait has both names in the catalogue", () => {
  assert.equal(bundledCatalogue.cards.length, 84);
  assert.equal(bundledCatalogue.traits.length, 36);
  const en = new Translator("en");
  const ko = new Translator("ko");
  for (const c of bundledCatalogue.cards) {
    assert.ok(c.en && c.ko, c.id);
    assert.equal(en.cardName(c.id), c.en);
    assert.equal(ko.cardName(c.id), c.ko);
  }
  for (const tr of bundledCatalogue.traits) assert.notEqual(ko.traitName(tr.key), en.traitName(tr.key), tr.key);
});

test("every enum value the views use has a text in both languages", () => {
  const fam: Record<string, string[]> = {
    religion: ["christianity", "buddhism", "hinduism", "islam"],
    character: ["businessman", "religionist", "fortune_teller", "explorer"],
    terrain: ["concrete", "stone", "grass", "soil", "snow", "ice", "sand", "water"],
    structure: ["house", "building", "office", "church", "trees", "mountain", "local_office", "police", "military"],
    climate: ["tropical", "dry", "temperate", "cold"],
    god: ["zog_malomos", "sekrazade", "giye_chin", "abukaros"],
    celebrity: ["professor", "vagrant", "archaeologist", "thug"],
    how: ["religious", "social", "mystic", "survival", "ranked", "draw"],
  };
  for (const lang of ["en", "ko"] as const) {
    const t = new Translator(lang);
    for (const [f, vals] of Object.entries(fam)) for (const v of vals) assert.ok(t.has(`${f}.${v}`), `${lang} ${f}.${v}`);
  }
});

test("card ids normalise and languages are detected", () => {
  assert.equal(normalizeCardID(17), "CARD-017");
  assert.equal(normalizeCardID("card-7"), "CARD-007");
  assert.equal(detectLang(null, "en-US"), "en");
  assert.equal(detectLang(null, "de"), "ko");
  assert.equal(detectLang("en", "ko"), "en");
});
