// The leak check of the browser tests (issue #6, bar 2): what one player's
// browser received over the WebSocket and showed in its DOM, held against
// what the rules let that seat know. The truth comes from the server's
// replay-step endpoint once the match is over (docs/protocol.md: the view
// of any seat after any step of a finished match, and that step's events
// as the seat saw them).
//
// For seat S and every other seat O of the match:
//   - every frame S received is S's: its view is exactly the rules' view of
//     S at the frame's version and each step's events exactly what S was
//     told (so the server adds nothing to what the rules allow); a frame
//     with a view_patch (protocol 4) is checked on the view it produces
//     (web/e2e/lib.mjs withViews), and the patch itself uses only add,
//     remove and replace and carries no value that view does not hold at
//     the op's place, so every check of the view covers the patch's bytes;
//   - no frame holds another seat's hand or deck: no `hand`/`composition`
//     under any player, and no card id O holds in its hand or deck that S
//     could not know by then (its own cards, any graveyard, designation or
//     buff, an event S was told) appears anywhere in the frame's bytes;
//   - fogged and unrevealed tiles: an unrevealed tile carries only its
//     coordinates and memory, and is never marked visible; O's piece is never in a frame while it stands on a tile
//     S does not see (unless S bribed the office: Move-in Report, REL-969);
//   - the DOM at every version S rendered (web/e2e/lib.mjs records it) draws
//     exactly the pieces of S's view, the tiles' memory and vision as the
//     view has them, nothing on unrevealed tiles, S's own hand in slots 1-3,
//     and no name or id of O's hidden cards.

import assert from "node:assert/strict";
import { isDeepStrictEqual } from "node:util";
import jsonpatch from "fast-json-patch";
import { BASE, withViews } from "./lib.mjs";

const CARD = /CARD-\d{3}/g;

/** Truth fetches (and caches) the rules' view of a seat after a step of a finished match. */
export class Truth {
  constructor(player, match) {
    this.req = player.ctx.request;
    this.match = match;
    this.cache = new Map();
  }
  async at(step, seat) {
    const key = `${step}/${seat}`;
    if (!this.cache.has(key)) {
      const r = await this.req.get(`${BASE}/api/matches/${this.match}/replay/step?step=${step}&seat=${seat}`);
      assert.equal(r.status(), 200, `replay step ${key}: ${await r.text()}`);
      this.cache.set(key, await r.json());
    }
    return this.cache.get(key);
  }
}

/** cardsIn lists the card ids anywhere in a JSON value. */
function cardsIn(x) {
  return new Set(JSON.stringify(x ?? null).match(CARD) ?? []);
}

/** known is every card id seat s may know at this point from its own view: own hand and deck, public zones. */
function known(view) {
  const out = new Set();
  for (const h of view.hand ?? []) out.add(h.card);
  for (const c of view.composition ?? []) out.add(c);
  for (const p of view.players) {
    for (const c of cardsIn(p.graveyard)) out.add(c);
    for (const c of cardsIn(p.buffs)) out.add(c);
  }
  for (const c of cardsIn(view.designations)) out.add(c);
  return out;
}

function tileAt(view, col, row) {
  return view.tiles.find((t) => t.col === col && t.row === row);
}

/** seen is whether the view's seat sees tile t live: its character of view.visible is '1'. */
function seen(view, t) {
  const i = view.tiles.indexOf(t);
  return i >= 0 && typeof view.visible === "string" && view.visible[i] === "1";
}

function briberOfOffice(view, seat) {
  return (view.factions?.governments ?? []).some((g) => g.kind === "office" && g.briber === seat);
}

/**
 * checkPatch holds a frame's view_patch to the view it produced from base:
 * only add, remove and replace, and each value added or replaced is exactly
 * what that view has at the op's path ("/-" read as the index it appended
 * at). A value a later op overwrote, or one beside the view, would be bytes
 * no view check sees. Returns the number of ops.
 */
function checkPatch(name, version, base, patch, view) {
  let doc = jsonpatch.deepClone(base);
  for (const [i, op] of patch.entries()) {
    const what = `${name}: op ${i} (${op.op} ${op.path}) of the view_patch at ${version}`;
    assert.ok(["add", "remove", "replace"].includes(op.op), `${what}: only add, remove and replace`);
    let path = op.path;
    if (op.op === "add" && path.endsWith("/-")) path = `${path.slice(0, -2)}/${jsonpatch.getValueByPointer(doc, path.slice(0, -2)).length}`;
    doc = jsonpatch.applyOperation(doc, op, true, true).newDocument;
    if (op.op === "remove") continue;
    let held;
    try {
      held = jsonpatch.getValueByPointer(view, path);
    } catch {
      held = undefined;
    }
    assert.ok(isDeepStrictEqual(held, op.value), `${what}: a value the resulting view does not hold there`);
  }
  return patch.length;
}

/**
 * checkSeat runs every check above for one player's seat. names maps a card
 * id to the names the client could show for it (English and Korean).
 * Returns counts, so the test can show it checked something.
 */
export async function checkSeat(truth, player, seat, seats, names) {
  const frames = withViews(player.received("frame")).filter((f) => f.msg.data.match === truth.match);
  assert.ok(frames.length > 0, `${player.name} received frames of match ${truth.match}`);
  const others = [];
  for (let o = 0; o < seats; o++) if (o !== seat) others.push(o);
  const told = new Set(); // card ids in events this seat was told so far
  const secretAt = new Map(); // version -> card ids of other seats this seat must not know
  const knownAt = new Map(); // version -> card ids this seat may know
  let checkedSteps = 0;
  let fogged = 0;
  let patched = 0;
  let ops = 0;
  let bytes = 0; // the frames as received
  let wholeBytes = 0; // the same frames with whole views (protocol 3)
  for (const { raw, msg, patch, base } of frames) {
    const f = msg.data;
    bytes += raw.length;
    wholeBytes += raw.length;
    if (patch) {
      patched++;
      ops += checkPatch(player.name, f.version, base, patch, f.view);
      wholeBytes += JSON.stringify(f.view).length - JSON.stringify(patch).length;
    }
    assert.equal(f.seat, seat, `${player.name}: a frame for seat ${f.seat}`);
    assert.equal(f.view.seat, seat, `${player.name}: a view of seat ${f.view.seat}`);
    for (const st of f.steps ?? []) {
      const t = await truth.at(st.version, seat);
      assert.deepEqual(st.events, t.events, `${player.name}: the events of step ${st.version} are exactly seat ${seat}'s`);
      for (const c of cardsIn(st.events)) told.add(c);
      checkedSteps++;
    }
    const mine = await truth.at(f.version, seat);
    // Equal as JSON values: a patch's "add" puts a new key last, where the
    // rules' encoding may have it earlier.
    if (!isDeepStrictEqual(f.view, mine.view)) {
      // Say where, and how the frame came: a whole view or a patch on the one before.
      const off = JSON.stringify(jsonpatch.compare(mine.view, f.view)).slice(0, 1500);
      const how = patch ? `its view_patch ${JSON.stringify(patch).slice(0, 1500)}` : "a whole view";
      assert.fail(`${player.name}: the view at ${f.version} (frame from ${f.from}, ${how}) is not the rules' view of seat ${seat}: from the rules' view to the frame's: ${off}`);
    }

    // Nobody else's hand or deck, in any form.
    for (const p of f.view.players) {
      assert.ok(!("hand" in p) && !("composition" in p), `${player.name}: seat ${p.seat}'s hand or deck in a frame`);
    }
    const know = known(f.view);
    for (const c of told) know.add(c);
    const secret = new Set();
    for (const o of others) {
      const theirs = (await truth.at(f.version, o)).view;
      for (const c of [...(theirs.hand ?? []).map((h) => h.card), ...(theirs.composition ?? [])]) if (!know.has(c)) secret.add(c);
      // Fog: the other piece is absent while it stands where this seat does not see.
      const at = theirs.players.find((p) => p.seat === o)?.piece;
      const tile = at && tileAt(f.view, at.col, at.row);
      if (tile && !seen(f.view, tile) && !briberOfOffice(f.view, seat)) {
        fogged++;
        assert.equal(f.view.players.find((p) => p.seat === o)?.piece, undefined, `${player.name}: seat ${o}'s piece on fogged tile ${at.col},${at.row} at ${f.version}`);
      }
    }
    for (const c of secret) assert.ok(!raw.includes(`"${c}"`), `${player.name}: hidden card ${c} of another seat in the frame of version ${f.version}`);
    secretAt.set(f.version, secret);
    knownAt.set(f.version, know);
    assert.equal(typeof f.view.visible, "string", `${player.name}: the view at ${f.version} has its visible string`);
    assert.equal(f.view.visible.length, f.view.tiles.length, `${player.name}: one visible character per tile at ${f.version}`);
    assert.match(f.view.visible, /^[01]*$/, `${player.name}: visible is made of 0 and 1 at ${f.version}`);
    for (const t of f.view.tiles) {
      if (t.memory === "unrevealed") assert.deepEqual(Object.keys(t).sort(), ["col", "memory", "row"], `${player.name}: unrevealed tile ${t.col},${t.row} carries only its place`);
      if (t.memory !== "revealed") assert.ok(!seen(f.view, t), `${player.name}: ${t.memory} tile ${t.col},${t.row} marked visible at ${f.version}`);
    }
  }
  // Messages other than frames (lobby pushes, replies) carry no card at all.
  for (const m of player.ws.filter((x) => x.dir === "in")) {
    const type = JSON.parse(m.text).type;
    if (type !== "frame") assert.doesNotMatch(m.text, CARD, `${player.name}: a ${type} message with a card id`);
  }

  // The DOM at every version the play screen rendered.
  const rec = await player.recorded();
  let snaps = 0;
  for (const s of rec.snaps) {
    if (!secretAt.has(s.version)) continue; // a version rendered from another match
    snaps++;
    const v = (await truth.at(s.version, seat)).view;
    const want = v.players.filter((p) => p.piece).map((p) => `${p.seat}@${p.piece.col},${p.piece.row}`).sort();
    const got = s.pieces.map((p) => `${p.seat}@${p.tile}`).sort();
    assert.deepEqual(got, want, `${player.name}: the pieces drawn at ${s.version} are those of the seat's view`);
    assert.equal(s.tiles.length, v.tiles.length, `${player.name}: one tile element per view tile`);
    for (const d of s.tiles) {
      const [col, row] = d.tile.split(",").map(Number);
      const t = tileAt(v, col, row);
      assert.equal(d.memory, t.memory, `${player.name}: tile ${d.tile} memory at ${s.version}`);
      assert.equal(d.visible, seen(v, t), `${player.name}: tile ${d.tile} vision at ${s.version}`);
      if (t.memory === "unrevealed") assert.ok(d.glyph === "" && d.owner < 0, `${player.name}: unrevealed tile ${d.tile} shows something`);
      if (!d.visible && !briberOfOffice(v, seat)) {
        for (const p of s.pieces) if (p.tile === d.tile && p.seat !== seat) assert.fail(`${player.name}: seat ${p.seat}'s piece drawn on fogged tile ${d.tile}`);
      }
    }
    const hand = [1, 2, 3].map((n) => (v.hand ?? []).find((h) => h.slot === n)?.card ?? null);
    assert.deepEqual(s.hand, hand, `${player.name}: hand slots 1-3 at ${s.version} hold the seat's own hand, newest in slot 1 (UI-312, UI-314)`);
    // A hidden card's name that is part of a known card's name ("Miracle",
    // "Miracle of the Icon") cannot be told apart in text: its id still can.
    const knownNames = [...knownAt.get(s.version)].flatMap(names);
    for (const c of secretAt.get(s.version)) {
      assert.ok(!s.cards.includes(c), `${player.name}: hidden card ${c} in the DOM at ${s.version}`);
      for (const n of names(c)) {
        if (knownNames.some((k) => k.includes(n))) continue;
        assert.ok(!s.text.includes(n), `${player.name}: the name "${n}" of hidden card ${c} in the DOM at ${s.version}`);
      }
    }
  }
  assert.ok(snaps > 0, `${player.name}: the DOM was recorded at some version`);
  return { frames: frames.length, patched, ops, bytes, wholeBytes, steps: checkedSteps, snaps, fogged, secretMax: Math.max(0, ...[...secretAt.values()].map((x) => x.size)) };
}

/** cardNames reads the catalogue into a card id → [English, Korean] name lookup. */
export async function cardNames() {
  const r = await fetch(`${BASE}/api/catalogue`);
  assert.equal(r.status, 200);
  const c = await r.json();
  const m = new Map(c.cards.map((x) => [x.id, [x.en, x.ko].filter(Boolean)]));
  return (id) => m.get(id) ?? [];
}
