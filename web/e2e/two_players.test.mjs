// Browser end-to-end test 2 (issue #6): two browser contexts (two players,
// their own cookies) play each other. A guest adds a registered player by
// ID, they form a group, the leader queues the group for a 2-player match,
// both make their waiting-room choices, and both browsers answer their own
// decisions at once until the match ends. Then the leak test (bar 2): each
// player's WebSocket frames and DOM, at every version, are held to what
// that seat may know (web/e2e/leak.mjs): never the other's hand or deck,
// card identities in hidden zones, or a piece on a fogged tile.
//
// Run: TABLETOP_E2E=1 go test ./cmd/tabletop -run TestWebE2E (docs/ui.md).

import { after, before } from "node:test";
import assert from "node:assert/strict";
import { Player, steps, attr, befriend, closeCommunity, count, group, launch, playToEnd, register, text, toResults, uniqueName } from "./lib.mjs";
import { Truth, cardNames, checkSeat } from "./leak.mjs";

let browser;
/** @type {Player} */ let cleo; // a guest, the group's leader
/** @type {Player} */ let dan; // registered
const danUser = uniqueName("dan");
let match = 0;
const seats = new Map(); // player -> seat

before(async () => {
  browser = await launch();
  cleo = await Player.open(browser, "cleo", "pvp");
  dan = await Player.open(browser, "dan", "pvp");
});

after(async () => {
  await browser?.close();
});

// One story: each test needs what the ones before did.
const test = steps(() => Promise.all([cleo, dan].map((p) => p?.failed())));

test("a guest and a registered player become friends and form a group (UI-110)", async () => {
  await cleo.screen("login");
  await cleo.page.click('[data-testid="guest"]');
  await cleo.screen("menu");
  assert.match(await text(cleo.page, '[data-testid="player-id"]'), /Guest/);
  await register(dan, danUser, "Dan");
  await befriend(cleo, dan, danUser);
  await group(cleo, dan);
  await closeCommunity(cleo);
  await closeCommunity(dan);
  assert.equal(await count(cleo.page, '[data-ui="UI-010"] [data-ui="UI-011"]'), 2, "UI-010: both in the group display");
  await cleo.shot("group");
});

test("the group queues together (UI-014, UI-017) into one waiting room: each sees the other in slot 2 with icon, ID and level (UI-206, UI-207); each sees only its own choices (GAP-65); ready ends the countdown early (UI-210)", async () => {
  await cleo.page.click('[data-testid="start-matching"]');
  await cleo.screen("room");
  await dan.screen("room");
  for (const [p, other] of [
    [cleo, /^Dan$/],
    [dan, /^Guest$/],
  ]) {
    assert.equal(await attr(p.page, '[data-testid="slot-2"]', "data-ui"), "UI-207");
    assert.match(await text(p.page, '[data-testid="slot-2"] .slot-name'), other, "UI-207: the other player's ID");
    assert.match(await text(p.page, '[data-testid="slot-2"] .slot-level'), /Lv\. 1/, "UI-207: level");
    assert.equal(await count(p.page, '[data-testid="slot-2"] .player-icon'), 1, "UI-207: icon");
  }
  // Disjoint trait slots, so any card of the other seat is one this seat cannot hold itself.
  await cleo.page.selectOption('[data-testid="choose-religion"]', "christianity");
  await cleo.page.selectOption('[data-testid="choose-slot"]', "-3");
  await dan.page.selectOption('[data-testid="choose-religion"]', "buddhism");
  await dan.page.selectOption('[data-testid="choose-slot"]', "-2");
  // Dan leaves the character on Random (UI-215: Random is then picked).
  await cleo.message("room", (d) => d.choice?.religion === "christianity" && d.choice?.slot === -3);
  await dan.message("room", (d) => d.choice?.religion === "buddhism" && d.choice?.slot === -2);
  await cleo.shot("room");
  await dan.shot("room");
  await cleo.page.click('[data-testid="ready"]');
  await dan.page.waitForSelector('[data-testid="slot-2"] .slot-ready.on'); // Dan sees Cleo ready
  await dan.page.click('[data-testid="ready"]');
  const start = await cleo.message("match_start");
  match = start.match;
  seats.set(cleo, start.seat);
  seats.set(dan, (await dan.message("match_start")).seat);
  assert.notEqual(seats.get(cleo), seats.get(dan));
  await cleo.screen("play");
  await dan.screen("play");
  for (const p of [cleo, dan]) {
    const rec = await p.recorded();
    assert.ok(rec.screens.includes("loading"), `${p.name}: the loading screen (UI-210) before the match`);
    // GAP-65: the room never told this player the other's choices.
    for (const { msg } of p.received("room")) {
      for (const s of msg.data.seats ?? []) assert.ok(!("choice" in s) && !("religion" in s) && !("character" in s), `${p.name}: another seat's choice in a room push`);
    }
  }
  assert.ok(cleo.received("room").every((x) => !x.msg.data.choice || x.msg.data.choice.religion !== "buddhism"), "Cleo never saw Dan's religion");
});

test("Dan leaves the match (a bot plays his seat): Cleo's status panel shows his dot green (UI-405, GAP-63) and red again once he rejoins from the menu (UI-404)", async () => {
  const dot = (seat) => `[data-testid="status-row"][data-seat="${seat}"] [data-ui="UI-403"]`;
  await dan.page.click('[data-testid="play-back"]');
  await dan.page.click('[data-testid="leave-match"]');
  await dan.screen("menu");
  await dan.page.waitForSelector(`[data-testid="rejoin-${match}"]`);
  await dan.shot("menu-live-match");
  await cleo.page.click('[data-ui="UI-309"]');
  await cleo.page.waitForSelector(`${dot(seats.get(dan))}[data-presence="green"]`); // UI-405
  assert.equal(await attr(cleo.page, dot(seats.get(cleo)), "data-presence"), "red", "UI-404: Cleo is still in the match");
  await cleo.shot("status-dan-left");
  await dan.page.click(`[data-testid="rejoin-${match}"]`);
  await dan.screen("play");
  await cleo.page.waitForSelector(`${dot(seats.get(dan))}[data-presence="red"]`); // UI-404
  await cleo.page.keyboard.press("Escape");
  await cleo.page.waitForSelector('[data-testid="status-panel"]', { state: "detached" });
});

test("two browsers play each other to the end, each answering its own decisions (mouse, keyboard, hand slot, buttons)", async (t) => {
  const [c, d] = await Promise.all([playToEnd(cleo, { cards: 1 }), playToEnd(dan, { cards: 1 })]);
  t.diagnostic(`cleo: ${c.log.join(" ")}`);
  t.diagnostic(`dan: ${d.log.join(" ")}`);
  assert.ok(c.answers > 0 && d.answers > 0, "both played");
  const viewOf = (p) => p.frames().at(-1).msg.data;
  const rc = viewOf(cleo).result;
  const rd = viewOf(dan).result;
  assert.ok(rc && rd, "both saw the result");
  assert.deepEqual(rc, rd, "the same result for both");
  // UI-215: Dan left the character on Random and got a real one.
  const dv = viewOf(dan).view;
  assert.ok(["businessman", "religionist", "fortune_teller", "explorer"].includes(dv.players.find((p) => p.seat === dv.seat).character), "UI-215");
  await Promise.all([toResults(cleo), toResults(dan)]);
  const heads = [await text(cleo.page, '[data-testid="results-head"]'), await text(dan.page, '[data-testid="results-head"]')];
  if (rc.winner >= 0) {
    assert.deepEqual(heads.map((h) => /You won/.test(h)).sort(), [false, true], `one winner: ${heads}`);
  }
  await cleo.shot("results");
  await dan.shot("results");
  cleo.noPageErrors();
  dan.noPageErrors();
});

test("leak: neither player's frames nor DOM held the other's hidden cards, card identities in hidden zones, or a piece on a fogged tile", async (t) => {
  const names = await cardNames();
  let night = false;
  for (const p of [cleo, dan]) {
    const got = await checkSeat(new Truth(p, match), p, seats.get(p), 2, names);
    t.diagnostic(`${p.name}: ${JSON.stringify(got)}`);
    assert.ok(got.secretMax > 0, `${p.name}: the other seat held cards this one could not know`);
    assert.ok(got.patched > 0, `${p.name}: frames carried view patches (protocol 4), and they were checked`);
    // The page applied them too: a patch it could not apply would have made
    // it re-watch from the version it held (since > 0); only a refused stale
    // answer may do that as well.
    const sent = p.ws.filter((m) => m.dir === "out").map((m) => JSON.parse(m.text));
    const rewatches = sent.filter((m) => m.type === "watch" && m.match === match && m.since > 0).length;
    const stale = p.received("reply").filter((x) => x.msg.error?.code === "stale_version").length;
    assert.ok(rewatches <= stale, `${p.name}: re-watched match ${match} ${rewatches} times (${stale} stale answers): its page failed to apply a view_patch`);
    night ||= p.frames(match).some((f) => f.msg.data.view.night);
  }
  assert.ok(night, "the match reached a night, when tiles are fogged (REL-824)");

  // The check is not vacuous: the same recordings with one of Dan's hidden
  // cards slipped into a frame of Cleo's, or one more piece of Dan's drawn
  // in Cleo's DOM than her view has, fail it.
  const truth = new Truth(cleo, match);
  const last = cleo.frames(match).at(-2).msg.data;
  const theirs = (await truth.at(last.version, seats.get(dan))).view;
  // Not in her view, nor in any frame she got up to then (an event may
  // have told her a card of the same kind, which she may then know).
  const sent = cleo.frames(match).filter((x) => x.msg.data.version <= last.version).map((x) => x.raw).join("");
  const hidden = (theirs.hand ?? []).map((h) => h.card).concat(theirs.composition ?? []).find((c) => !JSON.stringify(last.view).includes(c) && !sent.includes(`"${c}"`));
  assert.ok(hidden, "Dan holds a card Cleo cannot see");
  const slipped = doctored(cleo, {
    frame: (x) => (x.msg.data.version === last.version ? { ...x, raw: x.raw.replace('"steps":', `"note":"${hidden}","steps":`) } : x),
  });
  await assert.rejects(checkSeat(truth, slipped, seats.get(cleo), 2, names), /hidden card/);
  // A value slipped into a view_patch and taken out again by a later op of
  // the same patch leaves the view right but is still sent: it fails too.
  const pv = cleo.received("frame").find((x) => x.msg.data.match === match && Array.isArray(x.msg.data.view_patch))?.msg.data.version;
  assert.ok(pv !== undefined, "Cleo received a view_patch");
  const sneak = [{ op: "add", path: "/note", value: hidden }, { op: "remove", path: "/note" }];
  const sneaked = doctored(cleo, {
    frame: (x) => (x.msg.data.match === match && x.msg.data.version === pv && x.msg.data.view_patch ? { ...x, msg: { ...x.msg, data: { ...x.msg.data, view_patch: [...x.msg.data.view_patch, ...sneak] } } } : x),
  });
  await assert.rejects(checkSeat(truth, sneaked, seats.get(cleo), 2, names), /does not hold/);
  const drawn = doctored(cleo, {
    rec: (r) => ({ ...r, snaps: r.snaps.map((s) => ({ ...s, pieces: [...s.pieces, { seat: seats.get(dan), tile: "0,0" }] })) }),
  });
  await assert.rejects(checkSeat(truth, drawn, seats.get(cleo), 2, names), /pieces drawn/);
});

/** doctored is a player whose recordings pass through edits (for the checker's own test). */
function doctored(p, edit) {
  return {
    name: `${p.name} (doctored)`,
    ctx: p.ctx,
    ws: p.ws,
    received: (type) => p.received(type).map((x) => (type === "frame" && edit.frame ? edit.frame(x) : x)),
    recorded: async () => (edit.rec ? edit.rec(await p.recorded()) : p.recorded()),
  };
}
