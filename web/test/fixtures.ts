// Loads the engine-made fixtures (web/tools/gen) for the unit tests.
import { readFileSync, readdirSync } from "node:fs";
import type { Decision, GameEvent, View } from "../src/game/types";

export interface Fixture {
  note: string;
  seat: number;
  step: number;
  view: View;
  decision?: Decision;
  events: GameEvent[];
}

const dir = new URL("../test/fixtures/", import.meta.url);

export function fixture(name: string): Fixture {
  return JSON.parse(readFileSync(new URL(`${name}.json`, dir), "utf8"));
}

export function fixtureNames(): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json") && f !== "events.json")
    .map((f) => f.slice(0, -5))
    .sort();
}

export function sampleEvents(): GameEvent[] {
  return JSON.parse(readFileSync(new URL("events.json", dir), "utf8"));
}
