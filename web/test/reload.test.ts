import { test } from "node:test";
import assert from "node:assert/strict";
import { PROTOCOL_RELOAD_KEY, outdatedClose, reloadForProtocol } from "../src/net/reload";
import { fakeReloadEnv as fakeEnv } from "./harness";

test("only a 4400 for an unsupported protocol asks for a reload", () => {
  assert.ok(outdatedClose({ state: "closed", code: 4400, reason: "", error: "unsupported_protocol" }));
  assert.ok(outdatedClose({ state: "closed", code: 4400, reason: "unsupported protocol" }));
  assert.ok(!outdatedClose({ state: "closed", code: 4400, reason: "no hello" }));
  assert.ok(!outdatedClose({ state: "closed", code: 4400, reason: "", error: "bad_request" }));
  assert.ok(!outdatedClose({ state: "closed", code: 4401, reason: "unsupported protocol", error: "unsupported_protocol" }));
  assert.ok(!outdatedClose({ state: "waiting", attempt: 1, delay: 500 }));
});

test("the first refusal reloads once and marks the time; another within 60 s does not", () => {
  const env = fakeEnv();
  assert.equal(reloadForProtocol(env), "reloading");
  assert.equal(env.reloads, 1);
  assert.equal(env.items.get(PROTOCOL_RELOAD_KEY), String(1_000_000));
  // The reloaded page is refused again 59 s later: reloading does not help.
  env.clock += 59_000;
  assert.equal(reloadForProtocol(env), "outdated");
  assert.equal(env.reloads, 1);
  assert.equal(env.items.get(PROTOCOL_RELOAD_KEY), String(1_000_000), "the mark keeps the first reload's time");
  // A later upgrade of the server is a new reason to reload.
  env.clock += 2_000;
  assert.equal(reloadForProtocol(env), "reloading");
  assert.equal(env.reloads, 2);
  assert.equal(env.items.get(PROTOCOL_RELOAD_KEY), String(1_061_000));
});

test("a mark from the future or unreadable is not a recent reload; no storage means no reload", () => {
  const env = fakeEnv();
  env.items.set(PROTOCOL_RELOAD_KEY, String(1_000_000 + 5_000)); // the clock went back
  assert.equal(reloadForProtocol(env), "reloading");
  env.items.set(PROTOCOL_RELOAD_KEY, "junk");
  assert.equal(reloadForProtocol(env), "reloading");
  assert.equal(env.reloads, 2);
  // Without a place to record the attempt nothing would stop a loop.
  const none = { ...fakeEnv(), storage: null };
  assert.equal(reloadForProtocol(none), "outdated");
  const throwing = fakeEnv();
  throwing.storage = { getItem: () => null, setItem: () => { throw new Error("quota"); } };
  assert.equal(reloadForProtocol(throwing), "outdated");
  assert.equal(throwing.reloads, 0);
});
