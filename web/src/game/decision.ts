// A pending decision turned into inputs. The client knows nothing of the
// rules: it reads the legal answer texts (engine.DecisionJSON) and sorts
// them by their text form into map targets ("move ne", "tile 3,4"), hand
// targets ("card 2", "arm 1 donations"), seat targets ("seat 2") and
// buttons. An answer it does not recognise becomes a plain button, so a new
// decision kind is playable the day the rules add it.

import { DIRS, type Coord, type Dir, key, neighbour, parseCoord } from "./hex";
import type { Decision, View } from "./types";

export type Parsed =
  | { type: "move"; dir: Dir }
  | { type: "tile"; tile: Coord; verb: string }
  | { type: "word"; word: string }
  | { type: "bribe"; target: string; res: string }
  | { type: "seat"; seat: number }
  | { type: "wind"; dir: string }
  | { type: "card"; slot: number }
  | { type: "arm"; slot: number; res?: string }
  | { type: "disarm"; slot: number }
  | { type: "pay"; res: string }
  | { type: "hand"; n: number; seat?: number }
  | { type: "deck"; n: number }
  | { type: "other"; text: string };

const WORDS = new Set(["stop", "end", "dispute", "pass", "success", "failure"]);

/** parseAnswer reads an answer's text form; unknown forms come back as "other". */
export function parseAnswer(text: string): Parsed {
  const t = text.trim().toLowerCase();
  if (WORDS.has(t)) return { type: "word", word: t };
  let m = /^move (e|ne|nw|w|sw|se)$/.exec(t);
  if (m) return { type: "move", dir: m[1] as Dir };
  m = /^(?:(\w+) )?tile (-?\d+\s*,\s*-?\d+)$/.exec(t);
  if (m) {
    const c = parseCoord(m[2]);
    if (c) return { type: "tile", tile: c, verb: m[1] ?? "" };
  }
  m = /^bribe (\w+) (donations|influence)$/.exec(t);
  if (m) return { type: "bribe", target: m[1], res: m[2] };
  m = /^seat (\d+)$/.exec(t);
  if (m) return { type: "seat", seat: Number(m[1]) };
  m = /^wind (\w+)$/.exec(t);
  if (m) return { type: "wind", dir: m[1] };
  m = /^card (\d+)$/.exec(t);
  if (m) return { type: "card", slot: Number(m[1]) };
  m = /^arm (\d+)(?: (\w+))?$/.exec(t);
  if (m) return { type: "arm", slot: Number(m[1]), res: m[2] };
  m = /^disarm (\d+)$/.exec(t);
  if (m) return { type: "disarm", slot: Number(m[1]) };
  m = /^pay (\w+)$/.exec(t);
  if (m) return { type: "pay", res: m[1] };
  m = /^hand (\d+)(?: (\d+))?$/.exec(t);
  if (m) return m[2] !== undefined ? { type: "hand", seat: Number(m[1]), n: Number(m[2]) } : { type: "hand", n: Number(m[1]) };
  m = /^deck (\d+)$/.exec(t);
  if (m) return { type: "deck", n: Number(m[1]) };
  return { type: "other", text };
}

export interface AnswerInput {
  answer: string;
  parsed: Parsed;
  /** index is the answer's position in the legal list, from 0; keys 1-9 pick index 0-8. */
  index: number;
  isDefault: boolean;
  /** tile is the map tile this answer is chosen by, if any. */
  tile?: Coord;
  /** group sorts buttons into rows: "move", "interaction", "bribe", "card", "pay", "seat", "other". */
  group: string;
}

export interface DecisionModel {
  kind: string;
  seat: number;
  inputs: AnswerInput[];
  /** byTile maps "col,row" to the answers a click on that tile may mean. */
  byTile: Map<string, AnswerInput[]>;
  /** byHandSlot maps a hand slot (from 1) to the answers on that card. */
  byHandSlot: Map<number, AnswerInput[]>;
  /** byDir maps a move direction to its answer, for keyboard moves. */
  byDir: Map<Dir, AnswerInput>;
  defaultAnswer: string;
}

function groupOf(p: Parsed): string {
  switch (p.type) {
    case "move":
    case "tile":
      return "map";
    case "word":
      return p.word === "stop" ? "map" : "interaction";
    case "bribe":
      return "bribe";
    case "card":
    case "arm":
    case "disarm":
    case "hand":
    case "deck":
      return "card";
    case "pay":
      return "pay";
    case "seat":
      return "seat";
    default:
      return "other";
  }
}

/** decisionModel builds the inputs of decision for the seat whose view is given. */
export function decisionModel(d: Decision, view: View): DecisionModel {
  const me = view.players.find((p) => p.seat === d.seat);
  const from = me?.piece;
  const m: DecisionModel = {
    kind: d.kind,
    seat: d.seat,
    inputs: [],
    byTile: new Map(),
    byHandSlot: new Map(),
    byDir: new Map(),
    defaultAnswer: d.default,
  };
  d.answers.forEach((answer, index) => {
    const parsed = parseAnswer(answer);
    const input: AnswerInput = { answer, parsed, index, isDefault: answer === d.default, group: groupOf(parsed) };
    if (parsed.type === "move") {
      if (from) input.tile = neighbour(from, parsed.dir);
      m.byDir.set(parsed.dir, input);
    } else if (parsed.type === "tile") {
      input.tile = parsed.tile;
    }
    if (input.tile) {
      const k = key(input.tile);
      m.byTile.set(k, [...(m.byTile.get(k) ?? []), input]);
    }
    if (parsed.type === "card" || parsed.type === "arm" || parsed.type === "disarm") {
      m.byHandSlot.set(parsed.slot, [...(m.byHandSlot.get(parsed.slot) ?? []), input]);
    }
    m.inputs.push(input);
  });
  return m;
}

/** KEY_DIRS maps the keyboard's hex keys to directions (docs/ui.md). */
export const KEY_DIRS: Record<string, Dir> = { q: "nw", e: "ne", a: "w", d: "e", z: "sw", c: "se" };

/** keyToAnswer returns the answer a key press picks, or undefined. */
export function keyToAnswer(m: DecisionModel, k: string): string | undefined {
  const lower = k.toLowerCase();
  if (/^[1-9]$/.test(lower)) return m.inputs[Number(lower) - 1]?.answer;
  const dir = KEY_DIRS[lower];
  if (dir) return m.byDir.get(dir)?.answer;
  return undefined;
}

export { DIRS };
