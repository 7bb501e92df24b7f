import { test } from "node:test";
import assert from "node:assert/strict";
import { ACCOUNT, elements, harness, one, styleSize, text, textAfter } from "./harness";
import { fixture } from "./fixtures";
import { Menu } from "../src/ui/Menu";
import { Community } from "../src/ui/Community";
import { Room } from "../src/ui/Room";
import { Play } from "../src/ui/Play";
import { StatusPanel } from "../src/ui/StatusPanel";
import { applyFrame, newMatchState } from "../src/game/match";
import type { Friend, Room as RoomT } from "../src/store";
import type { ResolvedFrame, View } from "../src/game/types";

// UI-001-UI-018: the main menu at 1920 × 1080.
test("main menu: the three 200 × 200 buttons (UI-002, UI-004, UI-006) and the player info (UI-009)", () => {
  const h = harness();
  const html = h.render(<Menu />);
  one(html, "data-ui", "UI-001");
  for (const ui of ["UI-002", "UI-004", "UI-006"]) assert.deepEqual(styleSize(one(html, "data-ui", ui)), { w: 200, h: 200 }, ui);
  const info = html.slice(html.indexOf('data-ui="UI-009"'));
  assert.match(text(info), /Ada @ada Lv\. 2/, "icon, ID and level");
});

test("group display: members 130 × 130 with icon in a square frame and ID below (UI-010-UI-012)", () => {
  const h = harness({
    party: { leader: 17, members: [{ account: 17, display_name: "Ada", icon: "", level: 2 }, { account: 23, display_name: "Bob", icon: "", level: 3 }] },
  });
  const html = h.render(<Menu />);
  one(html, "data-ui", "UI-010");
  assert.equal(elements(html, "data-ui", "UI-011").length, 2);
  const icons = elements(html, "data-ui", "UI-012");
  assert.equal(icons.length, 2);
  for (const i of icons) assert.deepEqual(styleSize(i), { w: 130, h: 130 });
  assert.match(text(html), /Ada .*Bob/);
});

test("2/3/4-player buttons choose the queue (UI-013-UI-016); Start Matching toggles (UI-017, UI-018)", async () => {
  const h = harness();
  let html = h.render(<Menu />);
  assert.match(one(html, "data-ui", "UI-014"), /aria-checked="true"/, "2 players by default");
  one(html, "data-ui", "UI-015");
  one(html, "data-ui", "UI-016");
  h.ctl.selectPlayers(3);
  await h.ctl.toggleMatching();
  assert.deepEqual(h.sent.at(-1), { type: "queue", fields: { players: 3 } }, "UI-015: 3 players queue for 1:1:1");
  h.ctl.selectPlayers(4);
  await h.ctl.toggleMatching();
  assert.deepEqual(h.sent.at(-1), { type: "queue", fields: { players: 4 } }, "UI-016");
  h.store.set({ queue: { players: 4, state: "queued", since: new Date().toISOString() } });
  html = h.render(<Menu />);
  assert.match(one(html, "data-testid", "start-matching"), /data-active="true"/, "UI-017: the button is active while queued");
  await h.ctl.toggleMatching();
  assert.deepEqual(h.sent.at(-1), { type: "queue_cancel", fields: {} }, "UI-018: touching it again leaves the queue");
});

test("Traits and Shop open their screens; Community toggles its panel (UI-003, UI-005, UI-007, UI-008)", () => {
  const h = harness();
  h.ctl.go("traits");
  assert.equal(h.store.state.screen, "traits");
  h.ctl.go("shop");
  assert.equal(h.store.state.screen, "shop");
  h.ctl.go("menu");
  h.ctl.panel("community");
  assert.equal(h.store.state.panels.community, true, "UI-007");
  h.ctl.panel("community");
  assert.equal(h.store.state.panels.community, false, "UI-008");
});

const friends: Friend[] = [
  { account: 23, username: "bob", display_name: "Bob", icon: "", level: 3, state: "accepted", presence: "online" },
  { account: 24, username: "cy", display_name: "Cy", icon: "", level: 5, state: "accepted", presence: "in_match" },
  { account: 25, username: "di", display_name: "Di", icon: "", level: 1, state: "accepted", presence: "offline" },
];

// UI-101-UI-114: the community panel.
test("community panel: 800 × 650, icons with a 10 × 10 dot, ID, level, Invite only on green (UI-101-UI-109)", async () => {
  const h = harness({ friends, panels: { community: true, status: false, options: false, back: false, graveyard: null, buffs: null } });
  const html = h.render(<Community />);
  assert.deepEqual(styleSize(one(html, "data-ui", "UI-101")), { w: 800, h: 650 });
  assert.equal(elements(html, "data-ui", "UI-102").length, 3);
  const dots = elements(html, "data-ui", "UI-103");
  assert.deepEqual(dots.map((d) => /data-presence="(\w+)"/.exec(d)![1]), ["green", "red", "grey"], "UI-104 red in a game, UI-105 green otherwise");
  assert.match(text(html), /Bob @bob.*Lv\. 3/, "UI-106, UI-107");
  const invites = elements(html, "data-ui", "UI-108");
  assert.deepEqual(invites.map((b) => /disabled/.test(b)), [false, true, true], "UI-108, UI-109: only the green player can be invited");
  await h.ctl.invite(23);
  assert.deepEqual(h.sent.at(-1), { type: "invite", fields: { account: 23 } }, "UI-110: touching Invite sends the invitation");
  one(html, "data-ui", "UI-111");
  one(html, "data-ui", "UI-114");
});

function room(): RoomT {
  return {
    room: 5, players: 3, map_size: 9, ends: new Date(Date.parse("2026-01-01T00:00:40Z")).toISOString(), you: 0,
    seats: [
      { seat: 0, account: 17, display_name: "Ada", icon: "", level: 2, bot: "", ready: false },
      { seat: 1, account: 0, display_name: "", icon: "", level: 0, bot: "normal", ready: true },
      { seat: 2, account: 23, display_name: "Bob", icon: "", level: 3, bot: "", ready: false },
    ],
    choice: { character: "random", religion: "random", slot: -1 },
  };
}

// UI-201-UI-217: the waiting room.
test("waiting room: own slot with character, religion, trait slot; Random and Basic Trait 1 by default (UI-202-UI-205, UI-214, UI-217)", () => {
  const h = harness({ screen: "room", room: room(), now: Date.parse("2026-01-01T00:00:00Z") });
  const html = h.render(<Room />);
  one(html, "data-ui", "UI-201");
  const own = html.slice(html.indexOf('data-ui="UI-202"'), html.indexOf('data-testid="slot-2"'));
  for (const ui of ["UI-203", "UI-204", "UI-205"]) one(own, "data-ui", ui);
  assert.match(own, /<option selected value="random">Random<\/option>/, "UI-214: Random first and selected");
  assert.match(own, /<option selected value="-1">Basic Trait 1<\/option>/, "UI-217: Basic Trait 1 without a previous slot");
});

test("waiting room: slots 2-4 by player count with icon, ID and level (UI-206, UI-207)", () => {
  const h = harness({ screen: "room", room: room(), now: Date.parse("2026-01-01T00:00:00Z") });
  const html = h.render(<Room />);
  assert.match(one(html, "data-testid", "slot-2"), /data-used="true"/);
  assert.match(one(html, "data-testid", "slot-3"), /data-used="true"/);
  assert.match(one(html, "data-testid", "slot-4"), /data-used="false"/, "a 1:1:1 game leaves slot 4 unused");
  assert.match(text(html), /Bot \(normal\)/);
  assert.match(text(html), /Bob Lv\. 3/);
});

test("waiting room: the countdown from 40 s, the size n × n, Options and Back (UI-208, UI-209, UI-211-UI-213)", () => {
  const h = harness({ screen: "room", room: room(), now: Date.parse("2026-01-01T00:00:00Z") });
  let html = h.render(<Room />);
  one(html, "data-ui", "UI-208");
  assert.match(textAfter(html, 'data-ui="UI-209"'), /^40 s/, "UI-209: 40 seconds at the start");
  h.store.set({ now: Date.parse("2026-01-01T00:00:29.5Z") });
  html = h.render(<Room />);
  assert.match(textAfter(html, 'data-ui="UI-209"'), /^11 s/, "counts down in 1-second steps");
  assert.match(textAfter(html, 'data-ui="UI-211"'), /^Size 9 × 9/);
  // A clock offset estimated a few ms late (hello's reply took that long)
  // would put the deadline 40.005 s away: the server's own count caps it.
  const at = Date.parse("2026-01-01T00:00:00Z");
  h.store.set({ now: at, clockOffset: -5, room: { ...room(), said: { seconds: 40, at } } });
  html = h.render(<Room />);
  assert.match(textAfter(html, 'data-ui="UI-209"'), /^40 s/, "UI-209: never 41 s of a 40 s countdown");
  h.store.set({ now: at + 1200 });
  html = h.render(<Room />);
  assert.match(textAfter(html, 'data-ui="UI-209"'), /^39 s/, "the cap counts down too");
  h.store.set({ room: room(), clockOffset: 0 });
  one(html, "data-ui", "UI-212");
  one(html, "data-ui", "UI-213");
  h.ctl.panel("back", true);
  html = h.render(<Room />);
  one(html, "data-testid", "back-panel");
});

function playing(name: string) {
  const f = fixture(name);
  const frame: ResolvedFrame = { seat: f.seat, from: 0, version: f.step, steps: [{ version: f.step, events: f.events }], view: f.view, decision: f.decision };
  const m = applyFrame(newMatchState(9, f.seat), frame);
  return { f, h: harness({ screen: "play", match: m, seats: [{ seat: f.seat, account: ACCOUNT.id, display_name: "Ada", bot: "" }] }) };
}

// UI-301-UI-315: the play screen from a real seat's view.
test("play screen: customization circle with religion left of the divider, character right (UI-301-UI-303)", () => {
  const { f, h } = playing("decision-interaction");
  const html = h.render(<Play />);
  one(html, "data-ui", "UI-301");
  one(html, "data-ui", "UI-302");
  const me = f.view.players[f.seat];
  const circle = html.slice(html.indexOf('data-ui="UI-302"'));
  const left = circle.indexOf('data-testid="custom-religion"');
  const right = circle.indexOf('data-testid="custom-character"');
  assert.ok(left > 0 && right > left, "UI-303: religion first (left), then character (right)");
  assert.match(text(circle.slice(left, right)), new RegExp(h.store.state.t.name("religion", me.religion)));
});

test("play screen: reputation as a percentage on a left-to-right bar, the three resources in order (UI-304-UI-308)", () => {
  const { f, h } = playing("decision-interaction");
  const html = h.render(<Play />);
  const me = f.view.players[f.seat];
  assert.match(one(html, "data-ui", "UI-304"), new RegExp(`data-value="${me.reputation}"`), "UI-304, UI-305");
  assert.match(html, new RegExp(`rep-fill" style="width:\\s*${me.reputation}%`), "UI-306: the bar grows to the right");
  const res = elements(html, "data-ui", "UI-308");
  assert.deepEqual(res.map((r) => /data-testid="resource-(\w+)"/.exec(r)![1]), ["followers", "donations", "influence"], "UI-307");
  assert.match(textAfter(html, 'data-testid="resource-donations"'), new RegExp(`^₩ / ${me.donations.toLocaleString()}`), "UI-308: [icon / value]");
});

test("play screen: status button toggles the status panel (UI-309, UI-310)", () => {
  const { h } = playing("decision-interaction");
  one(h.render(<Play />), "data-ui", "UI-309");
  h.ctl.panel("status");
  assert.ok(h.render(<Play />).includes('data-ui="UI-401"'), "UI-309 opens it");
  h.ctl.panel("status");
  assert.ok(!h.render(<Play />).includes('data-ui="UI-401"'), "UI-310 closes it");
});

test("play screen: deck count, hands 1-3 with name, level, cost, text, and the graveyard (UI-311-UI-315)", () => {
  const { f, h } = playing("decision-interaction");
  const html = h.render(<Play />);
  const me = f.view.players[f.seat];
  assert.match(textAfter(html, 'data-ui="UI-311"'), new RegExp(`^${me.deck_count}`), "UI-311");
  one(html, "data-ui", "UI-313");
  const hand = f.view.hand as { slot: number; card: string; cost: number }[];
  assert.ok(hand.length > 0, "the fixture holds a hand");
  const first = one(html, "data-testid", "hand-1");
  assert.match(first, /data-ui="UI-312"/, "UI-312: a drawn card sits in Hand 1");
  assert.match(first, new RegExp(`data-card="${hand[0].card}"`));
  const slot1 = html.slice(html.indexOf('data-testid="hand-1"'), html.indexOf('data-testid="hand-2"'));
  const c = h.store.state.t.card(hand[0].card)!;
  assert.match(text(slot1), new RegExp(`${c.en}.*Lv\\. ${c.level}.*Cost ${hand[0].cost}`), "name, level and cost");
  assert.ok(text(slot1).includes(c.text.slice(0, 30)), "text");
  assert.match(one(html, "data-testid", "hand-2"), /data-ui="UI-314"/);
  assert.match(one(html, "data-testid", "hand-3"), /data-ui="UI-314"/);
  one(html, "data-ui", "UI-315");
});

test("play screen: every legal answer is a numbered button, map answers are highlighted tiles", () => {
  const { f, h } = playing("decision-extra_move");
  const html = h.render(<Play />);
  const buttons = elements(html, "data-testid", "answer");
  assert.equal(buttons.length, f.decision!.answers.length);
  const targets = elements(html, "data-target", "true");
  assert.equal(targets.length, f.decision!.answers.filter((a) => a.startsWith("move")).length);
});

// UI-401-UI-416: the status panel.
test("status panel: 1400 × 500, per player icon with red/green dot, ID, status bar (UI-401-UI-409)", () => {
  const f = fixture("over-4p");
  const v = structuredClone(f.view) as View;
  v.players[2].defeated = true;
  Object.assign(v.players[1], { buffs: Array.from({ length: 9 }, (_, i) => ({ card: `CARD-00${i + 1}` })) });
  const h = harness();
  const html = h.render(<StatusPanel view={v} seatName={(s) => `P${s}`} left={(s) => s === 3} onClose={() => {}} onBuffs={() => {}} onGraveyard={() => {}} />);
  assert.deepEqual(styleSize(one(html, "data-ui", "UI-401")), { w: 1400, h: 500 });
  assert.equal(elements(html, "data-ui", "UI-402").length, 4);
  const dots = elements(html, "data-ui", "UI-403").map((d) => /data-presence="(\w+)"/.exec(d)![1]);
  assert.deepEqual(dots, ["red", "red", "green", "green"], "UI-404 red while in the game, UI-405 green once out (GAP-63)");
  assert.equal(elements(html, "data-ui", "UI-406").length, 4);
  const bars = elements(html, "data-ui", "UI-407");
  assert.equal(bars.length, 4);
  const row1 = html.slice(html.indexOf('data-seat="1"'), html.indexOf('data-seat="2"'));
  assert.ok(elements(row1, "data-ui", "UI-408").length <= 7, "UI-408, UI-409: at most 7 icons");
  assert.match(text(row1), /\+\d+/, "GAP-63: the overflow shows +N");
});

test("status panel: the minimap records revealed, adjacent and unrevealed tiles (UI-410-UI-416)", () => {
  const f = fixture("decision-move");
  const v = structuredClone(f.view) as View;
  v.tiles[0] = { col: 0, row: 0, memory: "unrevealed" };
  v.tiles[1] = { col: 1, row: 0, memory: "adjacent", terrain: "grass", alloc: [1, 2, 3] };
  v.visible = "00" + v.visible.slice(2);
  const h = harness();
  const html = h.render(<StatusPanel view={v} seatName={(s) => `P${s}`} left={() => false} onClose={() => {}} onBuffs={() => {}} onGraveyard={() => {}} />);
  one(html, "data-ui", "UI-410");
  const cells = elements(html, "data-testid", "minimap-tile");
  assert.equal(cells.length, v.width * v.height, "UI-411: one minimap tile per map tile, same positions");
  assert.match(cells[0], /data-memory="unrevealed"/);
  assert.match(cells[0], /data-ui="UI-416"/);
  assert.match(cells[1], /data-ui="UI-414"/, "UI-414, UI-415: adjacent tiles are recorded");
  assert.match(cells[2], /data-ui="UI-412"/, "UI-412, UI-413: revealed tiles");
});
