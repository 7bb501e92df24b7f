// Browser end-to-end test 1 (issue #6): two people register, become
// friends and form a group; then Ada queues alone, makes her waiting-room
// choices and plays a complete 2-player match against a bot in a real
// headless Chromium, through the results, the replay viewer and the
// history. Every screen's elements are asserted by their spec ids
// (data-ui) with the spec's pixel sizes at 1920 × 1080, and screenshotted.
// The last steps hold Ada's browser to what her seat may know (leak.mjs)
// and check that her next waiting room defaults to the slot she played.
//
// Run: TABLETOP_E2E=1 go test ./cmd/tabletop -run TestWebE2E (docs/ui.md).

import { after, before } from "node:test";
import assert from "node:assert/strict";
import {
  BASE,
  Player,
  steps,
  attr,
  befriend,
  closeCommunity,
  count,
  expectSize,
  group,
  launch,
  openCommunity,
  playToEnd,
  register,
  size,
  text,
  toResults,
  touch,
  uniqueName,
} from "./lib.mjs";
import { Truth, cardNames, checkSeat } from "./leak.mjs";

let browser;
/** @type {Player} */ let ada;
/** @type {Player} */ let bob;
const adaUser = uniqueName("ada");
const bobUser = uniqueName("bob");
let match = 0;

before(async () => {
  browser = await launch();
  ada = await Player.open(browser, "ada", "bot");
  bob = await Player.open(browser, "bob", "bot");
});

after(async () => {
  await browser?.close();
});

// One story: each test needs what the ones before did.
const test = steps(() => Promise.all([ada, bob].map((p) => p?.failed())));

test("sign-in: the language switch (한국어 / English) and registering two accounts", async () => {
  await bob.screen("login");
  await bob.page.click('[data-testid="lang-ko"]');
  await bob.page.waitForSelector('[data-testid="stage"][data-lang="ko"]');
  assert.equal(await bob.page.evaluate(() => document.documentElement.lang), "ko");
  await bob.page.click('[data-testid="lang-en"]');
  await bob.page.waitForSelector('[data-testid="stage"][data-lang="en"]');
  await ada.shot("login");
  await register(ada, adaUser, "Ada");
  await register(bob, bobUser, "Bob");
  ada.noPageErrors();
  bob.noPageErrors();
});

test("main menu at 1920 × 1080 (UI-001): Traits, Shop, Community 200 × 200 (UI-002, UI-004, UI-006), player info (UI-009), group display 130 × 130 (UI-010, UI-011, UI-012), 2/3/4 players (UI-013-UI-016)", async () => {
  const page = ada.page;
  await page.waitForSelector('[data-testid="screen-menu"][data-ui="UI-001"]');
  await expectSize(page, '[data-testid="stage"]', 1920, 1080, "UI-001: the stage");
  await expectSize(page, '[data-ui="UI-002"]', 200, 200, "UI-002 Traits");
  await expectSize(page, '[data-ui="UI-004"]', 200, 200, "UI-004 Shop");
  await expectSize(page, '[data-ui="UI-006"]', 200, 200, "UI-006 Community");
  // UI-009: icon, ID and level.
  assert.equal(await count(page, '[data-ui="UI-009"] [data-testid="player-icon"]'), 1);
  assert.match(await text(page, '[data-testid="player-id"]'), new RegExp(`Ada @${adaUser}`));
  assert.match(await text(page, '[data-testid="player-level"]'), /Lv\. 1/);
  // UI-010-UI-012: alone, the group is the player: icon 130 × 130 in a square frame, ID below.
  assert.equal(await count(page, '[data-ui="UI-010"] [data-ui="UI-011"]'), 1);
  await expectSize(page, '[data-ui="UI-011"] [data-ui="UI-012"]', 130, 130, "UI-010/UI-012 member icon");
  const icon = await page.locator('[data-ui="UI-011"] [data-ui="UI-012"]').boundingBox();
  const id = await page.locator('[data-ui="UI-011"] .member-id').boundingBox();
  assert.ok(id.y >= icon.y + icon.height - 1, "UI-012: the ID is written below the icon");
  // UI-013-UI-016: 2 players chosen by default.
  assert.equal(await count(page, '[data-ui="UI-013"] [role="radio"]'), 3);
  assert.equal(await attr(page, '[data-ui="UI-014"]', "aria-checked"), "true");
  await page.click('[data-ui="UI-015"]');
  assert.equal(await attr(page, '[data-ui="UI-015"]', "aria-checked"), "true");
  await page.click('[data-ui="UI-016"]');
  assert.equal(await attr(page, '[data-ui="UI-016"]', "aria-checked"), "true");
  await page.click('[data-ui="UI-014"]');
  await ada.shot("menu");

  // The stage scales evenly to smaller windows: 1280 × 720 is 2/3.
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.waitForFunction(() => Math.abs(document.querySelector('[data-testid="stage"]').getBoundingClientRect().width - 1280) < 1);
  await expectSize(page, '[data-testid="stage"]', 1280, 720, "stage at 1280 × 720");
  const small = await size(page, '[data-ui="UI-002"]');
  assert.ok(Math.abs(small.w - 133.3) < 1 && Math.abs(small.h - 133.3) < 1, `UI-002 at 1280 × 720: ${small.w} × ${small.h}`);
  await ada.shot("menu-1280x720");
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.waitForFunction(() => Math.abs(document.querySelector('[data-testid="stage"]').getBoundingClientRect().width - 1920) < 1);
});

test("trait screen (UI-003) saves a trait slot; shop (UI-005); options", async () => {
  const page = ada.page;
  await page.click('[data-ui="UI-002"]');
  await ada.screen("traits"); // UI-003: the Traits button opens the trait screen
  assert.equal(await count(page, '[data-testid="trait"]'), 36, "the 36 traits of the tree");
  await page.click('[data-testid="slot-0"]');
  await page.click('[data-testid="preset-3"]'); // Basic Trait 3 as a template
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="trait"][aria-pressed="true"]').length === 5);
  await page.hover('[data-testid="trait"][aria-pressed="true"]');
  await page.waitForSelector('[data-testid="trait-detail"] [data-testid="trait-card"]');
  assert.equal(await count(page, '[data-testid="trait-detail"] [data-testid="trait-card"]'), 2, "a trait gives two cards");
  await page.fill('[data-testid="slot-name"]', "E2E slot");
  await page.click('[data-testid="slot-save"]');
  await page.waitForSelector('[data-testid="slot-0"]:has-text("E2E slot")');
  await page.waitForSelector('[data-testid="slot-delete"]');
  await ada.shot("traits");
  await page.click('[data-testid="traits-back"]');
  await ada.screen("menu");

  await page.click('[data-ui="UI-004"]');
  await page.waitForSelector('[data-testid="screen-shop"][data-ui="UI-005"]'); // UI-005
  await ada.shot("shop");
  await page.click('[data-testid="shop-back"]');
  await ada.screen("menu");

  await page.click('[data-testid="open-options"]');
  await page.waitForSelector('[data-testid="options-panel"]');
  await page.click('[data-testid="options-panel"] [data-testid="panel-close"]');
  await page.waitForSelector('[data-testid="options-panel"]', { state: "detached" });
});

test("community panel 800 × 650 (UI-101): add a friend by ID, accept; icon (UI-102) with a 10 × 10 dot (UI-103) green when not in a game (UI-105), ID (UI-106), level (UI-107), Invite enabled (UI-108), scroll frame and button (UI-111, UI-113, UI-114); Community toggles the panel (UI-007, UI-008)", async () => {
  const page = ada.page;
  await page.click('[data-ui="UI-006"]');
  await page.waitForSelector('[data-testid="community-panel"][data-ui="UI-101"]'); // UI-007
  await expectSize(page, '[data-ui="UI-101"]', 800, 650, "UI-101 community panel");
  const frame = await size(page, '[data-ui="UI-111"]');
  await befriend(ada, bob, bobUser);
  const row = '[data-testid="friend"]';
  assert.equal(await count(page, `${row} [data-ui="UI-102"]`), 1);
  await expectSize(page, `${row} [data-ui="UI-103"]`, 10, 10, "UI-103 presence dot");
  assert.equal(await attr(page, `${row} [data-ui="UI-103"]`, "data-presence"), "green", "UI-105: green while not in a game");
  const ib = await page.locator(`${row} [data-ui="UI-102"]`).boundingBox();
  const db = await page.locator(`${row} [data-ui="UI-103"]`).boundingBox();
  assert.ok(db.y >= ib.y && db.y <= ib.y + 10 && db.x > ib.x && db.x + db.width < ib.x + ib.width, "UI-103: the dot is at the very top inside the icon");
  assert.match(await text(page, `${row} [data-ui="UI-106"]`), new RegExp(`Bob @${bobUser}`));
  assert.match(await text(page, `${row} [data-ui="UI-107"]`), /Lv\. 1/);
  assert.equal(await page.locator(`${row} [data-ui="UI-108"]`).isEnabled(), true, "UI-108: Invite enabled on green");
  // UI-113: the frame keeps its size as the list grows; UI-114: one friend fits, so the button fills the frame.
  assert.deepEqual(await size(page, '[data-ui="UI-111"]'), frame, "UI-113");
  const thumb = await size(page, '[data-ui="UI-114"]');
  assert.ok(Math.abs(thumb.h - (frame.h - 4)) <= 1 || Math.abs(thumb.h - frame.h) <= 1, `UI-114: the scroll button (${thumb.h}) fills the frame (${frame.h}) when everything fits`);
  await ada.shot("community");
  await bob.shot("community");
  await closeCommunity(ada); // UI-008: touching Community again closes the panel
  assert.equal(await count(page, '[data-testid="community-panel"]'), 0);
  await closeCommunity(bob);
});

test("the community list scrolls: more players make the scroll button shorter (UI-114), dragging the list up moves it and the button follows (UI-112), the scroll frame keeps its size (UI-111, UI-113)", async () => {
  // Eight guests ask Ada to be friends, each over a WebSocket of its own,
  // from a context with no player page open.
  const ctx = await browser.newContext();
  const fans = await ctx.newPage();
  await fans.goto(BASE + "/healthz");
  const sent = await fans.evaluate(async (username) => {
    let ok = 0;
    for (let i = 1; i <= 8; i++) {
      const r = await fetch("/api/guest", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ display_name: `Fan ${i}` }) });
      const { token } = await r.json();
      await new Promise((resolve, reject) => {
        const ws = new WebSocket(`ws://${location.host}/ws`);
        ws.onopen = () => ws.send(JSON.stringify({ type: "hello", id: 1, protocol: 3, token }));
        ws.onerror = () => reject(new Error("websocket"));
        ws.onmessage = (e) => {
          const m = JSON.parse(e.data);
          if (m.type !== "reply") return;
          if (m.id === 1 && !m.ok) reject(new Error(JSON.stringify(m)));
          if (m.id === 1) ws.send(JSON.stringify({ type: "friend_request", id: 2, username }));
          if (m.id === 2) {
            if (m.ok) ok++;
            ws.close();
            resolve();
          }
        };
      });
    }
    return ok;
  }, adaUser);
  await ctx.close();
  assert.equal(sent, 8);

  const page = ada.page;
  await page.click('[data-ui="UI-006"]');
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="friend-request"]').length === 8);
  assert.match(await text(page, '[data-testid="friend-request"] .friend-id'), /^Fan \d$/, "a guest has a name and no @ID");
  const frame = await size(page, '[data-ui="UI-111"]');
  assert.equal(frame.h, 520, "UI-113: the frame's length is fixed");
  const list = page.locator('[data-testid="community-list"]');
  const { scrollHeight, clientHeight } = await list.evaluate((e) => ({ scrollHeight: e.scrollHeight, clientHeight: e.clientHeight }));
  assert.ok(scrollHeight > clientHeight, "nine players overflow the list");
  const before = await page.locator('[data-ui="UI-114"]').boundingBox();
  assert.ok(before.height < frame.h - 4 && before.height >= 24, `UI-114: the scroll button (${before.height}) is shorter than the frame (${frame.h})`);
  assert.ok(Math.abs(before.height / (frame.h - 4) - clientHeight / scrollHeight) < 0.05, "UI-114: its length is frame × visible / total");
  // Drag the list (not a button on it) up by 200 px.
  const lb = await list.boundingBox();
  await page.mouse.move(lb.x + 30, lb.y + lb.height - 40);
  await page.mouse.down();
  await page.mouse.move(lb.x + 30, lb.y + lb.height - 240, { steps: 8 });
  await page.mouse.up();
  assert.ok((await list.evaluate((e) => e.scrollTop)) > 100, "UI-112: the list followed the drag");
  const afterDrag = await page.locator('[data-ui="UI-114"]').boundingBox();
  assert.ok(afterDrag.y > before.y + 5, "UI-112: the scroll button followed");
  assert.deepEqual(await size(page, '[data-ui="UI-111"]'), frame, "UI-113: the frame did not change");
  await ada.shot("community-scrolled");
  await closeCommunity(ada);
});

test("a group: Invite sends an invitation (UI-110), Bob joins from the pop-up; the group display shows both (UI-010, UI-011, UI-012) with the leader; Bob leaves", async () => {
  await group(ada, bob);
  for (const p of [ada, bob]) {
    await p.page.waitForSelector('[data-ui="UI-010"] .leader-tag');
    assert.equal(await count(p.page, '[data-ui="UI-010"] [data-ui="UI-011"]'), 2);
    await expectSize(p.page, '[data-ui="UI-011"]:nth-child(2) [data-ui="UI-012"]', 130, 130, "UI-012 second member icon");
  }
  assert.equal(await count(ada.page, '[data-ui="UI-010"] [data-testid="kick"]'), 1, "the leader may kick");
  assert.equal(await count(bob.page, '[data-ui="UI-010"] [data-testid="kick"]'), 0, "a member may not");
  assert.equal(await bob.page.locator('[data-testid="start-matching"]').isDisabled(), true, "only the leader queues the group");
  await closeCommunity(ada);
  await ada.shot("group");
  await bob.page.click('[data-testid="leave-group"]');
  for (const p of [ada, bob]) await p.page.waitForFunction(() => document.querySelectorAll('[data-testid="group-member"]').length === 1);
});

test("matchmaking: 2 players (UI-014); Start Matching enters the queue (UI-017), touching it again leaves it (UI-018); queued again, a bot fills the seat", async () => {
  const page = ada.page;
  const start = '[data-testid="start-matching"]';
  await page.click(start);
  await page.waitForSelector(`${start}[data-active="true"][data-ui="UI-018"]`); // UI-017: active, in the queue
  assert.match(await text(page, start), /\d+ s/, "the seconds waited");
  const queued = ada.received("queue").at(-1)?.msg.data;
  assert.equal(queued?.players, 2, "UI-014: the 1:1 queue");
  await page.click(start); // UI-018
  await page.waitForSelector(`${start}[data-active="false"][data-ui="UI-017"]`);
  await page.waitForFunction(() => !document.querySelector('[data-testid="players-2"]').disabled);
  await page.click(start);
  await page.waitForSelector(`${start}[data-active="true"]`);
  await ada.shot("queued");
  await ada.screen("room"); // after the bot-fill wait
});

test("waiting room at 1920 × 1080 (UI-201): own slot (UI-202) with character (UI-203), religion (UI-204) Random by default (UI-214) and trait slot (UI-205) Basic Trait 1 the first time (UI-217); slot 2 used by the bot, 3 and 4 unused (UI-206, UI-207); countdown from 40 s (UI-208, UI-209); size n × n (UI-211); Options (UI-212) and Back (UI-213)", async () => {
  const page = ada.page;
  await page.waitForSelector('[data-testid="screen-room"][data-ui="UI-201"]');
  await expectSize(page, '[data-testid="stage"]', 1920, 1080, "UI-201");
  for (const ui of ["UI-203", "UI-204", "UI-205"]) assert.equal(await count(page, `[data-ui="UI-202"] [data-ui="${ui}"]`), 1, ui);
  assert.equal(await page.inputValue('[data-testid="choose-character"]'), "random", "UI-214");
  assert.equal(await page.inputValue('[data-testid="choose-religion"]'), "random", "UI-214");
  assert.equal(await page.inputValue('[data-testid="choose-slot"]'), "-1", "UI-217: Basic Trait 1 in the first game");
  assert.equal(await attr(page, '[data-testid="slot-2"]', "data-used"), "true", "UI-206: a 1:1 game uses slot 2");
  assert.equal(await attr(page, '[data-testid="slot-2"]', "data-ui"), "UI-207");
  assert.match(await text(page, '[data-testid="slot-2"] .slot-name'), /^Bot \(/, "UI-207: the bot's name");
  for (const n of [3, 4]) assert.equal(await attr(page, `[data-testid="slot-${n}"]`, "data-used"), "false", `UI-206: slot ${n} unused`);
  // UI-208, UI-209: seconds to the start, from 40, in 1-second steps.
  const first = Number((await text(page, '[data-ui="UI-209"]')).match(/\d+/)[0]);
  assert.ok(first <= 40 && first >= 30, `UI-209: ${first} s at the start`);
  await page.waitForFunction((n) => Number(document.querySelector('[data-ui="UI-209"]').textContent.match(/\d+/)[0]) < n, first); // it counts down
  assert.equal(await count(page, '[data-ui="UI-208"]'), 1);
  assert.match(await text(page, '[data-ui="UI-211"]'), /7 × 7/, "UI-211: the map size of this server (size 7)");
  await page.click('[data-ui="UI-212"]');
  await page.waitForSelector('[data-testid="options-panel"]'); // UI-212
  await page.click('[data-testid="options-panel"] [data-testid="panel-close"]');
  await page.click('[data-ui="UI-213"]');
  await page.waitForSelector('[data-testid="back-panel"]'); // UI-213
  await ada.shot("room-back-panel");
  await page.click('[data-testid="back-panel"] [data-testid="panel-close"]');
  await page.waitForSelector('[data-testid="back-panel"]', { state: "detached" });
  // The choices (UI-203-UI-205): the slot saved on the trait screen.
  await page.selectOption('[data-testid="choose-character"]', "explorer");
  await page.selectOption('[data-testid="choose-religion"]', "islam");
  await page.selectOption('[data-testid="choose-slot"]', "0");
  const want = JSON.stringify({ character: "explorer", religion: "islam", slot: 0 });
  await ada.message("room", (d) => JSON.stringify(d.choice) === want); // the server took all three
  await ada.shot("room");
  await page.click('[data-testid="ready"]');
  await ada.screen("play");
  const rec = await ada.recorded();
  assert.deepEqual(rec.screens.slice(rec.screens.indexOf("room")), ["room", "loading", "play"], "UI-210: the loading screen between the room and the match");
  match = ada.received("match_start").at(-1).msg.data.match;
  assert.ok(match > 0);
});

test("play screen at 1920 × 1080 (UI-301): customization circle (UI-302, UI-303), reputation 50% on a left-to-right bar (UI-304-UI-306), resources in order [icon / value] (UI-307, UI-308), deck, hands and graveyard (UI-311-UI-315), status panel 1400 × 500 (UI-309, UI-310, UI-401-UI-416); Bob sees Ada red in a game (UI-104) and cannot invite her (UI-109)", async () => {
  const page = ada.page;
  await page.waitForSelector('[data-testid="decision-panel"][data-state="deciding"] [data-testid="answer"]');
  await page.waitForSelector('[data-testid="screen-play"][data-ui="UI-301"]');
  await expectSize(page, '[data-testid="stage"]', 1920, 1080, "UI-301");
  const frame = ada.frames().at(-1).msg.data;
  const v = frame.view;
  const me = v.players.find((p) => p.seat === v.seat);
  assert.equal(me.religion, "islam", "the waiting room's religion");
  assert.equal(me.character, "explorer", "the waiting room's character");
  // UI-302, UI-303: a circle divided in two, religion left, character right.
  const rel = await page.locator('[data-ui="UI-303"]').boundingBox();
  const chr = await page.locator('[data-testid="custom-character"]').boundingBox();
  assert.ok(rel.x + rel.width <= chr.x + 1, "UI-303: religion left of the divider, character right");
  assert.match(await text(page, '[data-ui="UI-303"]'), /Islam/);
  assert.match(await text(page, '[data-testid="custom-character"]'), /Explorer/);
  const circle = await size(page, '[data-ui="UI-302"]');
  assert.equal(circle.w, circle.h, "UI-302: a circle");
  // UI-304-UI-306.
  assert.equal(await attr(page, '[data-ui="UI-304"]', "data-value"), "50", "UI-305: reputation starts at 50%");
  assert.match(await text(page, '[data-ui="UI-304"]'), /50%/, "UI-304: as a percentage");
  const track = await size(page, '[data-ui="UI-306"]');
  const fill = await size(page, '[data-ui="UI-306"] .rep-fill');
  assert.ok(Math.abs(fill.w / track.w - 0.5) < 0.02, "UI-306: the bar fills from the left to the value");
  // UI-307, UI-308.
  const res = await page.locator('[data-ui="UI-307"] [data-ui="UI-308"]').evaluateAll((els) => els.map((e) => [e.getAttribute("data-testid"), !!e.querySelector("svg"), `${e.querySelector(".res-slash")?.textContent}${e.querySelector(".res-value")?.textContent}`]));
  assert.deepEqual(
    res,
    [
      ["resource-followers", true, `/${me.followers.toLocaleString("en-US")}`],
      ["resource-donations", true, `/${me.donations.toLocaleString("en-US")}`],
      ["resource-influence", true, `/${me.influence.toLocaleString("en-US")}`],
    ],
    "UI-307: followers, donations, influence; UI-308: [icon / value]",
  );
  // UI-311-UI-315: the seat's own cards.
  assert.equal(await text(page, '[data-ui="UI-311"] .deck-stack'), String(me.deck_count), "UI-311: the deck's count");
  assert.equal(await count(page, '[data-ui="UI-313"] [data-testid^="hand-"]'), 3, "UI-313: hands 1-3");
  const hand1 = (v.hand ?? []).find((h) => h.slot === 1);
  assert.ok(hand1, "a card was drawn at the start phase");
  assert.equal(await attr(page, '[data-testid="hand-1"][data-ui="UI-312"]', "data-card"), hand1.card, "UI-312: the drawn card is in Hand 1");
  const hand1Name = await text(page, '[data-testid="hand-1"] [data-testid="card-name"]');
  assert.ok(hand1Name.length > 0, "the card's name");
  assert.match(await text(page, '[data-testid="hand-1"] [data-testid="card-level"]'), /Lv\. \d/);
  assert.match(await text(page, '[data-testid="hand-1"] [data-testid="card-cost"]'), /\d/);
  assert.ok((await text(page, '[data-testid="hand-1"] [data-testid="card-text"]')).length > 10, "the card's text");
  assert.equal(await text(page, '[data-ui="UI-315"] .grave-stack'), String(me.graveyard.length), "UI-315: the graveyard's count");
  await page.click('[data-ui="UI-315"]');
  await page.waitForSelector('[data-testid="graveyard-panel"]');
  await page.keyboard.press("Escape");
  await page.waitForSelector('[data-testid="graveyard-panel"]', { state: "detached" });
  // The map: one tile per view tile, pieces only where the view has them.
  assert.equal(await count(page, '[data-testid="board"] [data-testid="tile"]'), v.tiles.length);
  assert.equal(await count(page, '[data-testid="board"] [data-testid="piece"]'), v.players.filter((p) => p.piece).length);
  assert.ok((await count(page, '[data-testid="tile"][data-target="true"]')) > 0 || frame.decision.kind !== "move", "a move decision highlights its tiles");
  await ada.shot("play");

  // UI-309: the Status button shows the status panel; UI-401: 1400 × 500.
  await page.click('[data-ui="UI-309"]');
  await page.waitForSelector('[data-testid="status-panel"][data-ui="UI-401"]');
  await expectSize(page, '[data-ui="UI-401"]', 1400, 500, "UI-401 status panel");
  const rows = page.locator('[data-testid="status-row"]');
  assert.equal(await rows.count(), 2, "one row per player");
  for (let i = 0; i < 2; i++) {
    const r = rows.nth(i);
    assert.equal(await r.locator('[data-ui="UI-402"]').count(), 1, "UI-402: the icon");
    assert.equal(await r.locator('[data-ui="UI-403"]').getAttribute("data-presence"), "red", "UI-404: red while in the match");
    const d = await r.locator('[data-ui="UI-403"]').boundingBox();
    assert.ok(Math.abs(d.width - 10) < 0.5 && Math.abs(d.height - 10) < 0.5, "UI-403: a 10 × 10 circle");
    assert.ok(((await r.locator('[data-ui="UI-406"]').textContent()) ?? "").trim().length > 0, "UI-406: the ID");
    assert.equal(await r.locator('[data-ui="UI-407"]').count(), 1, "UI-407: the status bar");
    assert.ok((await r.locator('[data-ui="UI-408"]').count()) <= 7, "UI-409: at most 7 icons");
  }
  assert.match(await rows.nth(v.players.findIndex((p) => p.seat === v.seat)).locator('[data-ui="UI-406"]').textContent(), /Ada/);
  // UI-410-UI-416: the minimap at the map's aspect ratio, one cell per tile in the tile's memory state.
  const ratio = (vb) => {
    const [, , w, h] = vb.split(/\s+/).map(Number);
    return w / h;
  };
  const mm = ratio(await attr(page, '[data-ui="UI-410"] svg', "viewBox"));
  const bd = ratio(await attr(page, '[data-testid="board"]', "viewBox"));
  assert.ok(Math.abs(mm / bd - 1) < 0.05, `UI-410: minimap aspect ${mm.toFixed(3)} vs map ${bd.toFixed(3)}`);
  const cells = await page.locator('[data-testid="minimap-tile"]').evaluateAll((els) => els.map((e) => [e.getAttribute("data-tile"), e.getAttribute("data-memory"), e.getAttribute("data-ui")]));
  assert.equal(cells.length, v.tiles.length, "UI-411: a minimap cell per tile");
  const uiOf = { revealed: "UI-412", adjacent: "UI-414", unrevealed: "UI-416" };
  for (const [key, memory, ui] of cells) {
    const [col, row] = key.split(",").map(Number);
    const tile = v.tiles.find((t) => t.col === col && t.row === row);
    assert.equal(memory, tile.memory, `UI-411: cell ${key} records what the seat knows`);
    assert.equal(ui, uiOf[memory], `UI-412/UI-414/UI-416: cell ${key}`);
  }
  assert.ok(cells.some((c) => c[1] === "revealed"), "UI-412/UI-413: by day the seat has revealed tiles");
  await ada.shot("status-panel");
  await touch(page, '[data-ui="UI-309"]'); // UI-310: touching it again closes the panel
  await page.waitForSelector('[data-testid="status-panel"]', { state: "detached" });

  // Meanwhile Bob's community panel shows Ada in a game.
  await openCommunity(bob);
  const row = '[data-testid="friend"]';
  await bob.page.waitForSelector(`${row}[data-presence="in_match"] [data-ui="UI-103"][data-presence="red"]`); // UI-104
  assert.equal(await bob.page.locator(`${row} [data-ui="UI-108"]`).isDisabled(), true, "UI-109: Invite is disabled on red");
  await bob.shot("community-friend-in-game");
});

test("Ada plays the match to its end against the bot: moves by tile click and keyboard, a card, the answer buttons", async (t) => {
  const did = await playToEnd(ada, { cards: 1 });
  t.diagnostic(`answers: ${did.log.join(" ")}`);
  assert.ok(did.answers >= 2, `answered ${did.answers} decisions: ${did.log.join(" ")}`);
  assert.ok(did.tileClicks >= 1, `moved by clicking a tile: ${did.log.join(" ")}`);
  const last = ada.received("frame").at(-1).msg.data;
  assert.ok(last.result, "the last frame carries the result");
  ada.noPageErrors();
});

test("results, replay viewer, replay download and history; Bob sees Ada green again (UI-105) and may invite her (UI-108)", async () => {
  const page = ada.page;
  await toResults(ada);
  const result = ada.received("frame").at(-1).msg.data.result;
  assert.equal(Number(await attr(page, '[data-testid="screen-results"]', "data-winner")), result.winner);
  assert.equal(await count(page, '[data-testid="rank-row"]'), 2, "both seats ranked");
  assert.match(await text(page, '[data-testid="results-head"]'), /You won|You lost|Draw|wins/i);
  await ada.shot("results");

  const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-testid="download-replay"]')]);
  assert.equal(download.suggestedFilename(), `match-${match}.json`);
  const rep = await ada.ctx.request.get(`${BASE}/api/matches/${match}/replay`);
  assert.equal(rep.status(), 200);
  const replay = await rep.json();
  assert.equal(replay.header.game, "realigious");
  assert.ok(replay.steps.length > 0);

  await page.click('[data-testid="open-replay"]');
  await ada.screen("replay");
  await page.waitForSelector('[data-testid="replay-board"]');
  assert.equal(await text(page, '[data-testid="replay-step"]'), `Step 0 / ${replay.steps.length}`);
  await page.click('[data-testid="replay-next"]');
  await page.waitForSelector('[data-testid="screen-replay"][data-step="1"]');
  await page.click('[data-testid="replay-last"]');
  await page.waitForSelector(`[data-testid="screen-replay"][data-step="${replay.steps.length}"]`);
  await page.selectOption('[data-testid="replay-seat"]', "0");
  await page.waitForSelector('[data-testid="replay-board"]');
  await ada.shot("replay");
  await page.click('[data-testid="replay-menu"]');
  await ada.screen("menu");

  await page.click('[data-testid="open-history"]');
  await ada.screen("history");
  await page.waitForSelector('[data-testid="history-row"]');
  assert.equal(await count(page, '[data-testid="history-row"]'), 1);
  await ada.shot("history");
  await page.click('[data-testid="history-back"]');
  await ada.screen("menu");

  const row = '[data-testid="friend"]';
  await openCommunity(bob);
  await bob.page.waitForSelector(`${row}[data-presence="online"] [data-ui="UI-103"][data-presence="green"]`); // UI-105
  assert.equal(await bob.page.locator(`${row} [data-ui="UI-108"]`).isEnabled(), true, "UI-108");
  await closeCommunity(bob);
});

test("leak: Ada's frames and DOM held nothing the bot's seat hid (hand, deck, fogged piece)", async (t) => {
  const truth = new Truth(ada, match);
  const seat = ada.received("match_start").at(-1).msg.data.seat;
  const got = await checkSeat(truth, ada, seat, 2, await cardNames());
  t.diagnostic(`checked ${JSON.stringify(got)}`);
  assert.ok(got.secretMax > 0, "the bot held cards Ada could not know");
});

test("the next waiting room defaults to the slot played last (UI-216); Play bots now; Back leaves the room (UI-213)", async () => {
  const page = ada.page;
  await page.click('[data-testid="play-bots"]');
  await ada.screen("room");
  assert.equal(await page.inputValue('[data-testid="choose-slot"]'), "0", "UI-216: the trait slot of the previous game");
  await page.click('[data-ui="UI-213"]');
  await page.click('[data-testid="room-leave"]');
  await ada.screen("menu");
  ada.noPageErrors();
  bob.noPageErrors();
});
