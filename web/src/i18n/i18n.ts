// Translation: a language is a flat map of keys to texts with {name}
// placeholders. Card and trait names come from the catalogue (generated from
// the rules package, or served by /api/catalogue), which carries both the
// Korean original and the English name, so the two never drift apart.

import { en, type MessageKey } from "./en";
import { ko } from "./ko";
import bundled from "../generated/catalogue.json";

export type Lang = "en" | "ko";
export const LANGS: Lang[] = ["ko", "en"];
export const DICTS: Record<Lang, Record<MessageKey, string>> = { en, ko };

export interface CatalogueCard {
  id: string;
  kind: string;
  en: string;
  ko: string;
  trait?: string;
  group?: string;
  level: number;
  cost: number;
  reaction?: boolean;
  extra?: string;
  extra_reputation?: number;
  /** text is the spec's English translation of the effect. */
  text: string;
  /** text_ko is the seed's Korean text, the game's source language (optional for older servers). */
  text_ko?: string;
}

export interface CatalogueTrait {
  key: string;
  en: string;
  ko: string;
  group: string;
  row: number;
  rule: string;
  cards: [string, string];
}

export interface Catalogue {
  cards: CatalogueCard[];
  traits: CatalogueTrait[];
  groups: { key: string; en: string; ko: string; subtitle_ko: string; category: string }[];
  categories: { key: string; en: string; ko: string }[];
  religions: string[];
  characters: string[];
  trait_points: number[];
  min_slot_traits: number;
}

export const bundledCatalogue = bundled as Catalogue;

/** format replaces {name} placeholders with params; unknown ones stay visible. */
export function format(text: string, params?: Record<string, unknown>): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

/** Translator is the text source of one language. */
export class Translator {
  readonly lang: Lang;
  private readonly dict: Record<string, string>;
  private readonly cards = new Map<string, CatalogueCard>();
  private readonly traits = new Map<string, CatalogueTrait>();
  readonly catalogue: Catalogue;

  constructor(lang: Lang, catalogue: Catalogue = bundledCatalogue) {
    this.lang = lang;
    this.dict = DICTS[lang];
    this.catalogue = catalogue;
    for (const c of catalogue.cards) this.cards.set(c.id.toUpperCase(), c);
    for (const tr of catalogue.traits) this.traits.set(tr.key, tr);
  }

  /** t returns the text of key in this language, falling back to English, then to the key. */
  t(key: MessageKey | string, params?: Record<string, unknown>): string {
    const text = this.dict[key] ?? (en as Record<string, string>)[key] ?? key;
    return format(text, params);
  }

  /** has reports whether key is a known text key. */
  has(key: string): boolean {
    return key in this.dict;
  }

  /** name translates an enum value of a family ("religion", "terrain" ...), falling back to the raw value. */
  name(family: string, value: string | undefined): string {
    if (!value) return "";
    const k = `${family}.${value}`;
    return this.has(k) ? this.t(k) : humanize(value);
  }

  /** card returns a card's catalogue entry by id ("CARD-017", "card-17" or 17). */
  card(id: string | number): CatalogueCard | undefined {
    return this.cards.get(normalizeCardID(id));
  }

  /** cardName is the card's name in this language (the id if unknown). */
  cardName(id: string | number): string {
    const c = this.card(id);
    if (!c) return String(id);
    return this.lang === "ko" ? c.ko : c.en;
  }

  /** cardText is the card's effect text in this language: the seed's Korean (text_ko), else the spec's English. */
  cardText(id: string | number): string {
    const c = this.card(id);
    if (!c) return "";
    return this.lang === "ko" && c.text_ko ? c.text_ko : c.text;
  }

  trait(key: string): CatalogueTrait | undefined {
    return this.traits.get(key);
  }

  traitName(key: string): string {
    const tr = this.traits.get(key);
    if (!tr) return humanize(key);
    return this.lang === "ko" ? tr.ko : tr.en;
  }

  groupName(key: string): string {
    const g = this.catalogue.groups.find((x) => x.key === key);
    if (!g) return humanize(key);
    return this.lang === "ko" ? g.ko : g.en;
  }

  categoryName(key: string): string {
    const c = this.catalogue.categories.find((x) => x.key === key);
    if (!c) return humanize(key);
    return this.lang === "ko" ? c.ko : c.en;
  }
}

/** normalizeCardID turns 17, "17", "card-17" or "CARD-017" into "CARD-017". */
export function normalizeCardID(id: string | number): string {
  const m = /^(?:card-)?0*(\d+)$/i.exec(String(id).trim());
  if (!m) return String(id).toUpperCase();
  return `CARD-${m[1].padStart(3, "0")}`;
}

/** humanize makes "fortune_teller" read as "fortune teller" for values no dictionary knows. */
export function humanize(value: string): string {
  return value.replace(/_/g, " ");
}

/** detectLang picks the stored language, else the browser's, else Korean (the source language). */
export function detectLang(stored: string | null, navigatorLang: string | undefined): Lang {
  if (stored === "en" || stored === "ko") return stored;
  if (navigatorLang && navigatorLang.toLowerCase().startsWith("en")) return "en";
  return "ko";
}
