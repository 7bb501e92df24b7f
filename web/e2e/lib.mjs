// Shared helpers of the browser end-to-end tests (issue #6): launching
// Debian's Chromium through playwright-core, one browser context per player
// with recorders for its WebSocket frames and its DOM at every match
// version, screenshots, pixel-size assertions at 1920 × 1080, and the
// player's policy for answering decisions through the mouse, the keyboard
// and the answer buttons. The tests run against a real `tabletop serve`
// whose address is in TABLETOP_E2E_URL; `go test ./cmd/tabletop -run
// TestWebE2E` with TABLETOP_E2E=1 starts one and runs them (see
// cmd/tabletop/webe2e_test.go).
//
// Waiting is always on DOM state (waitForSelector / waitForFunction), never
// on fixed sleeps, so the suite is as fast as the server and stays correct
// on a loaded machine.

import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import jsonpatch from "fast-json-patch";
import { chromium } from "playwright-core";

export const BASE = (process.env.TABLETOP_E2E_URL ?? "").replace(/\/$/, "");
export const ARTIFACTS = process.env.TABLETOP_E2E_ARTIFACTS || join(tmpdir(), "tabletop-e2e");
export const CHROMIUM = process.env.TABLETOP_CHROMIUM || "/usr/bin/chromium";
/** WAIT bounds every wait for the server or the other player (a loaded CI machine is slow). */
export const WAIT = 60_000;
/**
 * BOOT bounds the wait for the client to replace index.html's static
 * "Loading…" with its stage. Twice in CI the second page of a test stayed
 * on a loading screen while the first played on; the page is then
 * reloaded once, and what it did (requests, console) is reported.
 */
export const BOOT = 20_000;

if (!BASE) throw new Error("e2e: set TABLETOP_E2E_URL to a running `tabletop serve` (go test ./cmd/tabletop -run TestWebE2E does)");
mkdirSync(ARTIFACTS, { recursive: true });

/**
 * launch starts headless Chromium with the flags CI needs. Playwright gives
 * every launch a fresh temporary user-data directory, so no profile,
 * cookie or cache survives from an earlier run; nothing is downloaded.
 */
export function launch() {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
    ],
  });
}

/**
 * steps returns a `test` for a file whose tests are one story (each needs
 * the state the ones before left): after the first failure the rest are
 * skipped at once instead of each waiting out its timeouts, and onFail
 * (screenshots of every page) runs for the failing one.
 */
export function steps(onFail) {
  let failed = null;
  return (name, fn) =>
    test(name, async (t) => {
      if (failed) return t.skip(`skipped after the failure of: ${failed}`);
      try {
        await fn(t);
      } catch (e) {
        failed = name.length > 80 ? `${name.slice(0, 77)}...` : name;
        await onFail?.().catch(() => {});
        throw e;
      }
    });
}

/** uniqueName makes a username no earlier run on the same server has taken (3-20 of a-z, 0-9, _). */
export function uniqueName(prefix) {
  return `${prefix}${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`.slice(0, 20);
}

// recorder runs in the page before the client: it keeps the screens shown
// (stage data-screen, in order) and a snapshot of the play screen at every
// match version it renders, so the leak test can check the DOM at each
// version after the match without racing the renders.
function recorder() {
  const rec = { screens: [], snaps: [] };
  window.__e2e = rec;
  const textOf = (root) => {
    // Card rule texts may name other cards; everything else is checked.
    const out = [];
    const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: (n) => (n.parentElement && n.parentElement.closest(".card-text") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let n = walk.nextNode(); n; n = walk.nextNode()) out.push(n.nodeValue);
    return out.join(" ");
  };
  const snap = (play, version) => {
    const board = play.querySelector('[data-testid="board"]');
    return {
      version,
      seat: Number(play.getAttribute("data-seat")),
      tiles: board
        ? [...board.querySelectorAll('[data-testid="tile"]')].map((t) => ({
            tile: t.getAttribute("data-tile"),
            memory: t.getAttribute("data-memory"),
            visible: t.getAttribute("data-visible") === "true",
            owner: Number(t.getAttribute("data-owner")),
            glyph: t.querySelector("text.glyph")?.textContent ?? "",
          }))
        : [],
      pieces: board ? [...board.querySelectorAll('[data-testid="piece"]')].map((p) => ({ seat: Number(p.getAttribute("data-seat")), tile: p.getAttribute("data-tile") })) : [],
      hand: [1, 2, 3].map((n) => play.querySelector(`[data-testid="hand-${n}"]`)?.getAttribute("data-card") || null),
      cards: [...document.querySelectorAll("[data-card]")].map((e) => e.getAttribute("data-card")).filter(Boolean),
      text: textOf(document.querySelector('[data-testid="stage"]') ?? play),
    };
  };
  const look = () => {
    const stage = document.querySelector('[data-testid="stage"]');
    const screen = stage?.getAttribute("data-screen");
    if (screen && rec.screens[rec.screens.length - 1] !== screen) rec.screens.push(screen);
    const play = document.querySelector('[data-testid="screen-play"]');
    if (!play) return;
    const v = Number(play.getAttribute("data-version"));
    if (rec.snaps.length && rec.snaps[rec.snaps.length - 1].version === v) return;
    rec.snaps.push(snap(play, v));
  };
  new MutationObserver(look).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-version", "data-screen"] });
}

/**
 * Player is one person at one browser context (own cookies): its page at
 * 1920 × 1080 in English, every WebSocket message it sent and received,
 * and the uncaught page errors.
 */
export class Player {
  constructor(name, ctx, page, prefix) {
    this.name = name;
    this.ctx = ctx;
    this.page = page;
    this.prefix = prefix;
    /** @type {{dir: "in"|"out", text: string, conn: number}[]} conn counts the page's WebSocket connections */
    this.ws = [];
    this.conns = 0;
    this.errors = [];
    this.shots = 0;
    /** @type {{type: string, pred: (data: any) => boolean, resolve: (data: any) => void}[]} */
    this.waiters = [];
    /** trace is the page's life in brief: requests, console warnings, crashes (see diagnose). */
    this.trace = [];
    this.t0 = Date.now();
  }

  note(what) {
    this.trace.push(`${((Date.now() - this.t0) / 1000).toFixed(2)}s ${what}`);
  }

  /** watch records what diagnose reports: requests and their outcome, console warnings and errors, crashes. */
  watch() {
    const page = this.page;
    const path = (u) => {
      try {
        const x = new URL(u);
        return x.pathname + x.search;
      } catch {
        return u;
      }
    };
    page.on("request", (r) => this.note(`-> ${r.method()} ${path(r.url())}`));
    page.on("requestfinished", async (r) => this.note(`<- ${(await r.response().catch(() => null))?.status() ?? "?"} ${path(r.url())}`));
    page.on("requestfailed", (r) => this.note(`x- ${path(r.url())}: ${r.failure()?.errorText}`));
    page.on("console", (m) => (m.type() === "error" || m.type() === "warning") && this.note(`console.${m.type()}: ${m.text()}`));
    page.on("pageerror", (e) => this.note(`pageerror: ${e}`));
    page.on("crash", () => this.note("the page crashed"));
    page.on("close", () => this.note("the page closed"));
  }

  /**
   * boot loads the app and waits for its stage. A page that still shows
   * index.html's placeholder after BOOT is reported (diagnose, on stdout
   * as a test diagnostic) and reloaded once.
   */
  async boot() {
    await this.page.goto(BASE + "/");
    try {
      await this.page.waitForSelector('[data-testid="stage"]', { timeout: BOOT });
      return;
    } catch {
      const report = `e2e: ${this.name}'s page showed no stage ${BOOT / 1000} s after loading; reloading it once\n${await this.diagnose()}`;
      // Each line a diagnostic (ℹ), which the Go test's summary keeps.
      console.log(report.replace(/^/gm, "ℹ "));
    }
    await this.page.reload();
    await this.page.waitForSelector('[data-testid="stage"]');
  }

  /** diagnose describes the page's state and its trace, for a failure report. */
  async diagnose() {
    const state = await this.page
      .evaluate(() => ({
        screen: document.querySelector('[data-testid="stage"]')?.getAttribute("data-screen") ?? null,
        screens: window.__e2e?.screens ?? null,
        app: (document.getElementById("app")?.outerHTML ?? "").slice(0, 300),
        ready: document.readyState,
        visible: document.visibilityState,
      }))
      .catch((e) => ({ error: String(e) }));
    return [`${this.name}: ${JSON.stringify(state)}`, ...this.trace.slice(-60).map((l) => `  ${l}`)].join("\n");
  }

  /** failed saves a screenshot and the page's diagnosis (also on stderr) after a failed test. */
  async failed() {
    const report = await this.diagnose();
    console.error(report);
    writeFileSync(join(ARTIFACTS, `${this.prefix}-${this.name}-trace.txt`), report + "\n");
    await this.shot("failed");
  }

  static async open(browser, name, prefix) {
    const ctx = await browser.newContext({ viewport: { width: 1920, height: 1080 }, deviceScaleFactor: 1, locale: "en-US" });
    await ctx.addInitScript(recorder);
    const page = await ctx.newPage();
    const p = new Player(name, ctx, page, prefix);
    page.setDefaultTimeout(WAIT);
    page.on("pageerror", (e) => p.errors.push(String(e)));
    page.on("websocket", (ws) => {
      const conn = ++p.conns;
      p.note(`websocket ${conn} opened`);
      ws.on("close", () => p.note(`websocket ${conn} closed`));
      ws.on("framereceived", (f) => p.got(String(f.payload), conn));
      ws.on("framesent", (f) => p.ws.push({ dir: "out", text: String(f.payload), conn }));
    });
    p.watch();
    await p.boot();
    return p;
  }

  got(text, conn) {
    this.ws.push({ dir: "in", text, conn });
    if (!this.waiters.length) return;
    const msg = JSON.parse(text);
    this.waiters = this.waiters.filter((w) => {
      if (w.type !== msg.type || !w.pred(msg.data)) return true;
      w.resolve(msg.data);
      return false;
    });
  }

  /**
   * message resolves with the data of the first message of the type the
   * server pushed (already, or from now on) that satisfies pred.
   */
  message(type, pred = () => true, timeout = WAIT) {
    const have = this.received(type).find((x) => pred(x.msg.data));
    if (have) return Promise.resolve(have.msg.data);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.name}: no ${type} message in ${timeout} ms`)), timeout);
      this.waiters.push({ type, pred, resolve: (d) => (clearTimeout(timer), resolve(d)) });
    });
  }

  /** shot saves a screenshot of the page into the artifacts directory. */
  async shot(label) {
    const file = join(ARTIFACTS, `${this.prefix}-${this.name}-${String(++this.shots).padStart(2, "0")}-${label}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  /** screen waits until the stage shows the screen (data-screen) and its root element. */
  async screen(name) {
    await this.page.waitForSelector(`[data-testid="stage"][data-screen="${name}"] [data-testid="screen-${name}"]`);
  }

  /** received returns the parsed messages of a type the server pushed to this player. */
  received(type) {
    return this.ws
      .filter((m) => m.dir === "in")
      .map((m) => ({ raw: m.text, conn: m.conn, msg: JSON.parse(m.text) }))
      .filter((x) => x.msg.type === type);
  }

  /** frames returns the frames received (of match, if given) with their whole views (withViews). */
  frames(match) {
    return withViews(this.received("frame")).filter((x) => match === undefined || x.msg.data.match === match);
  }

  /** recorded returns the page's screen history and play-screen snapshots. */
  recorded() {
    return this.page.evaluate(() => window.__e2e);
  }

  noPageErrors() {
    assert.deepEqual(this.errors, [], `${this.name}: uncaught errors in the page`);
  }
}

/**
 * withViews rebuilds the whole view of every frame of a received("frame")
 * list (in arrival order, all matches and connections): under protocol 4 a
 * frame carries `view` or `view_patch`, an RFC 6902 patch against the view
 * of the previous frame of its match on its connection. Each entry comes
 * back with `msg.data.view` set to its whole view, `patch` holding the
 * frame's view_patch and `base` the view it applied to (both null for a
 * whole view). A patch with no whole view before it, one that does not
 * apply, or a frame with neither fails the test.
 */
export function withViews(frames) {
  const last = new Map(); // "conn/match" -> the view of its previous frame
  return frames.map((x) => {
    const d = x.msg.data;
    const key = `${x.conn}/${d.match}`;
    let view = d.view;
    let base = null;
    if (view === undefined) {
      assert.ok(Array.isArray(d.view_patch), `frame of match ${d.match} at ${d.version}: neither view nor view_patch`);
      base = last.get(key);
      assert.ok(base, `frame of match ${d.match} at ${d.version}: a view_patch with no whole view before it on connection ${x.conn}`);
      try {
        view = jsonpatch.applyPatch(base, d.view_patch, true, false).newDocument;
      } catch (e) {
        assert.fail(`frame of match ${d.match} at ${d.version}: the view_patch does not apply: ${String(e.message).split("\n")[0]}`);
      }
    }
    last.set(key, view);
    return { ...x, patch: base ? d.view_patch : null, base, msg: { ...x.msg, data: { ...d, view } } };
  });
}

/** size measures an element's rendered box in CSS pixels. */
export async function size(page, selector) {
  const b = await page.locator(selector).first().boundingBox();
  assert.ok(b, `${selector} is rendered`);
  return { w: Math.round(b.width * 10) / 10, h: Math.round(b.height * 10) / 10 };
}

/** expectSize asserts the spec's pixel size (to 0.5 px) of an element at 1920 × 1080. */
export async function expectSize(page, selector, w, h, what) {
  const s = await size(page, selector);
  assert.ok(Math.abs(s.w - w) <= 0.5 && Math.abs(s.h - h) <= 0.5, `${what ?? selector}: ${s.w} × ${s.h}, want ${w} × ${h}`);
}

/**
 * touch clicks the page at the centre of an element, as a finger would,
 * whatever lies on top of it: a panel's backdrop covers the stage, so a
 * touch on the Community or Status button while its panel is shown lands
 * on the backdrop, which closes the panel (UI-008, UI-310).
 */
export async function touch(page, selector) {
  const b = await page.locator(selector).first().boundingBox();
  assert.ok(b, `${selector} is rendered`);
  await page.mouse.click(b.x + b.width / 2, b.y + b.height / 2);
}

/** count returns how many elements match. */
export function count(page, selector) {
  return page.locator(selector).count();
}

/** text returns an element's text content, trimmed. */
export async function text(page, selector) {
  return ((await page.locator(selector).first().textContent()) ?? "").trim();
}

/** attr returns an attribute of the first match. */
export function attr(page, selector, name) {
  return page.locator(selector).first().getAttribute(name);
}

/** sel quotes an attribute value for a CSS selector. */
export function q(value) {
  return JSON.stringify(String(value));
}

// ---- accounts, friends and groups through the UI ----

/** register creates an account through the sign-in screen and waits for the menu. */
export async function register(p, username, display) {
  const page = p.page;
  await p.screen("login");
  await page.click('[data-testid="tab-register"]');
  await page.waitForSelector('[data-testid="form-register"]');
  await page.fill('[data-testid="username"]', username);
  await page.fill('[data-testid="password"]', "correct horse battery");
  await page.fill('[data-testid="display-name"]', display);
  await page.click('[data-testid="submit"]');
  await p.screen("menu");
  await page.waitForSelector('[data-testid="stage"]:not(:has([data-testid="conn-banner"]))');
}

/** openCommunity shows the community panel (UI-007) if it is not shown. */
export async function openCommunity(p) {
  if ((await count(p.page, '[data-testid="community-panel"]')) === 0) await p.page.click('[data-testid="btn-community"]');
  await p.page.waitForSelector('[data-testid="community-panel"]');
}

/** closeCommunity touches the Community button again (UI-008). */
export async function closeCommunity(p) {
  if ((await count(p.page, '[data-testid="community-panel"]')) > 0) await touch(p.page, '[data-testid="btn-community"]');
  await p.page.waitForSelector('[data-testid="community-panel"]', { state: "detached" });
}

/** befriend: a asks b by username, b accepts from its panel; both panels then list the other. */
export async function befriend(a, b, bUsername) {
  await openCommunity(a);
  await a.page.fill('[data-testid="friend-name"]', bUsername);
  await a.page.click('[data-testid="friend-add"]');
  await a.page.waitForSelector('[data-testid="friend-outgoing"]');
  await openCommunity(b);
  await b.page.click('[data-testid="friend-request"] [data-testid="friend-accept"]');
  await b.page.waitForSelector('[data-testid="friend"][data-presence="online"]');
  await a.page.waitForSelector('[data-testid="friend"][data-presence="online"]');
}

/** group: a invites b from the community panel (UI-110) and b joins from the pop-up. */
export async function group(a, b) {
  await openCommunity(a);
  await a.page.click('[data-testid="friend"] [data-testid="invite"]:not([disabled])');
  await b.page.waitForSelector('[data-testid="invite-popup"]');
  await b.page.click('[data-testid="invite-accept"]');
  for (const p of [a, b]) await p.page.waitForFunction(() => document.querySelectorAll('[data-testid="group-member"]').length === 2);
}

// ---- playing ----

const KEYS = { nw: "q", ne: "e", w: "a", e: "d", sw: "z", se: "c" };

// decisionState reads the play screen: done when the match is over, else
// the pending decision's answers once they can be given at a version not
// yet answered (lastVersion), else false (keep waiting).
function decisionState(lastVersion) {
  const stage = document.querySelector('[data-testid="stage"]');
  if (stage?.getAttribute("data-screen") === "results" || document.querySelector('[data-testid="match-over"]')) return { done: true };
  const err = document.querySelector('[data-testid="toast-error"]');
  if (err) return { error: err.textContent };
  const play = document.querySelector('[data-testid="screen-play"]');
  if (!play) return false;
  const v = Number(play.getAttribute("data-version"));
  if (v === lastVersion) return false;
  const panel = play.querySelector('[data-testid="decision-panel"][data-state="deciding"]');
  if (!panel) return false;
  const buttons = [...panel.querySelectorAll('[data-testid="answer"]')];
  if (!buttons.length || buttons.some((b) => b.disabled)) return false;
  return {
    version: v,
    kind: panel.getAttribute("data-kind"),
    answers: buttons.map((b) => b.getAttribute("data-answer")),
    default: buttons.find((b) => b.classList.contains("default"))?.getAttribute("data-answer") ?? null,
  };
}

/**
 * playToEnd answers this player's decisions until the match is over, through
 * every input the client offers (docs/ui.md "Decisions"): moves alternately
 * by a click on a highlighted tile and by the keyboard (Q/E/A/D/Z/C), one
 * card from a hand slot's button when `cards` allows, and the rest by the
 * answer buttons, preferring to end the turn (short matches) and never
 * bribing (a bribed office would show pieces through fog, REL-969, which
 * the leak test would then have to allow). Returns what it did.
 */
export async function playToEnd(p, { cards = 0 } = {}) {
  const page = p.page;
  const did = { answers: 0, tileClicks: 0, keys: 0, cardPlays: 0, buttons: 0, log: [] };
  let last = -1;
  let moves = 0;
  for (;;) {
    const h = await page.waitForFunction(decisionState, last, { polling: 50, timeout: WAIT });
    const st = await h.jsonValue();
    if (st.done) break;
    if (st.error) assert.fail(`${p.name}: the client showed an error while playing: ${st.error}`);
    const { answers } = st;
    let how = "button";
    let pick = null;
    const movesOnly = answers.length > 0 && answers.every((a) => a.startsWith("move "));
    if (movesOnly && moves % 2 === 0 && (await count(page, '[data-testid="board"] [data-testid="tile"][data-target="true"]')) > 0) {
      how = "tile";
      await page.click('[data-testid="board"] [data-testid="tile"][data-target="true"]');
    } else if (movesOnly && KEYS[answers[0].slice(5)]) {
      how = "key";
      pick = answers[0];
      await page.keyboard.press(KEYS[answers[0].slice(5)]);
    } else if (did.cardPlays < cards && answers.some((a) => /^card [123]$/.test(a))) {
      how = "card";
      pick = answers.find((a) => /^card [123]$/.test(a));
      await page.click(`[data-testid="card-answer"][data-answer=${q(pick)}]`);
    } else {
      pick =
        answers.find((a) => a === "end" || a === "stop" || a === "pass") ??
        (st.default && !st.default.startsWith("bribe") ? st.default : null) ??
        answers.find((a) => !a.startsWith("bribe")) ??
        answers[0];
      await page.click(`[data-testid="decision-panel"] [data-testid="answer"][data-answer=${q(pick)}]`);
    }
    if (movesOnly) moves++;
    did.answers++;
    if (how === "tile") did.tileClicks++;
    if (how === "key") did.keys++;
    if (how === "card") did.cardPlays++;
    if (how === "button") did.buttons++;
    did.log.push(`${st.version}:${st.kind}:${how}:${pick ?? "(tile)"}`);
    last = st.version;
    // The answer is in flight (buttons disabled) or already applied (a new
    // version); a click that missed would leave neither, so say which.
    await page
      .waitForFunction(
        (v) => {
          const play = document.querySelector('[data-testid="screen-play"]');
          if (!play || Number(play.getAttribute("data-version")) !== v) return true;
          if (document.querySelector('[data-testid="match-over"], [data-testid="toast-error"]')) return true;
          return [...play.querySelectorAll('[data-testid="decision-panel"] [data-testid="answer"]')].some((b) => b.disabled);
        },
        st.version,
        { polling: 50, timeout: WAIT },
      )
      .catch(() => assert.fail(`${p.name}: answering ${how} ${pick ?? ""} at version ${st.version} had no effect`));
  }
  return did;
}

/** toResults follows the end-of-match banner to the results screen. */
export async function toResults(p) {
  const page = p.page;
  await page.waitForSelector('[data-testid="match-over"], [data-testid="screen-results"]');
  if ((await count(page, '[data-testid="to-results"]')) > 0) await page.click('[data-testid="to-results"]').catch(() => {});
  await p.screen("results");
}
