import { test } from "node:test";
import assert from "node:assert/strict";
import { ProtocolError, Socket, backoffDelay, type WSLike } from "../src/net/socket";

class FakeWS implements WSLike {
  readyState = 0;
  sent: any[] = [];
  onopen: ((ev: any) => void) | null = null;
  onclose: ((ev: { code: number; reason?: string }) => void) | null = null;
  onmessage: ((ev: { data: any }) => void) | null = null;
  onerror: ((ev: any) => void) | null = null;
  send(d: string) { this.sent.push(JSON.parse(d)); }
  close(code = 1000, reason?: string) { this.readyState = 3; this.onclose?.(reason === undefined ? { code } : { code, reason }); }
  open() { this.readyState = 1; this.onopen?.({}); }
  push(m: unknown) { this.onmessage?.({ data: JSON.stringify(m) }); }
  replyLast(ok: boolean, data: unknown = {}) {
    const m = this.sent[this.sent.length - 1];
    this.push(ok ? { type: "reply", id: m.id, ok, data } : { type: "reply", id: m.id, ok, error: data });
  }
}

function harness() {
  const sockets: FakeWS[] = [];
  const timers: { f: () => void; ms: number }[] = [];
  const s = new Socket({
    url: "ws://x/ws",
    makeSocket: () => { const w = new FakeWS(); sockets.push(w); return w; },
    setTimeout: (f, ms) => { timers.push({ f, ms }); return timers.length; },
    clearTimeout: () => {},
    random: () => 0.5,
  });
  return { s, sockets, timers };
}

const tick = () => new Promise((r) => setImmediate(r));

test("backoff doubles from 0.5 s up to 15 s and honours the server's minimum", () => {
  const mid = () => 0.5;
  assert.deepEqual([0, 1, 2, 3, 4, 5, 10].map((a) => backoffDelay(a, mid)), [500, 1000, 2000, 4000, 8000, 15000, 15000]);
  assert.equal(backoffDelay(0, mid, 2000), 2000);
  for (let i = 0; i < 50; i++) {
    const d = backoffDelay(3, Math.random);
    assert.ok(d >= 3200 && d <= 4800, String(d));
  }
});

test("hello first with protocol 4, then requests resolve with their reply", async () => {
  const { s, sockets } = harness();
  const states: string[] = [];
  s.onState((x) => states.push(x.state));
  s.start();
  sockets[0].open();
  assert.deepEqual(sockets[0].sent[0], { type: "hello", id: 1, protocol: 4 });
  sockets[0].replyLast(true, { protocol: 4, account: { id: 1 } });
  await tick();
  assert.equal(states.at(-1), "open");
  const p = s.request("ping");
  sockets[0].replyLast(true, { now: "x" });
  assert.deepEqual(await p, { now: "x" });
  const q = s.request("answer", { match: 1, version: 3, answer: "stop" });
  sockets[0].replyLast(false, { code: "stale_version", message: "old", version: 4 });
  await assert.rejects(q, (e: ProtocolError) => e.code === "stale_version" && e.details.version === 4);
});

test("a dropped connection reconnects with backoff and says hello again", async () => {
  const { s, sockets, timers } = harness();
  s.start();
  sockets[0].open();
  sockets[0].replyLast(true, {});
  await tick();
  const pending = s.request("ping");
  sockets[0].close(1006);
  await assert.rejects(pending, (e: ProtocolError) => e.code === "disconnected");
  assert.equal(timers.length, 1);
  assert.equal(timers[0].ms, 500);
  timers[0].f();
  assert.equal(sockets.length, 2);
  sockets[1].close(1006); // the server is still down
  assert.equal(timers[1].ms, 1000);
  timers[1].f();
  sockets[2].open();
  assert.equal(sockets[2].sent[0].type, "hello");
  let opened = 0;
  s.onState((x) => { if (x.state === "open") opened++; });
  sockets[2].replyLast(true, {});
  await tick();
  assert.equal(opened, 1);
  sockets[2].close(1006);
  assert.equal(timers[2].ms, 500, "backoff resets after a successful hello");
});

test("shutdown push sets the minimum delay; fatal close codes stop reconnecting", async () => {
  const { s, sockets, timers } = harness();
  s.start();
  sockets[0].open();
  sockets[0].replyLast(true, {});
  await tick();
  sockets[0].push({ type: "shutdown", data: { reason: "restart", reconnect_after_ms: 2000 } });
  sockets[0].close(1012);
  assert.equal(timers[0].ms, 2000);
  timers[0].f();
  sockets[1].open();
  sockets[1].close(4401);
  assert.equal(timers.length, 1, "no reconnect after unauthorized");
  assert.equal(s.state.state, "closed");
});

test("pushes reach their handlers by type", () => {
  const { s, sockets } = harness();
  const got: any[] = [];
  s.on("frame", (d) => got.push(d));
  s.start();
  sockets[0].open();
  sockets[0].push({ type: "frame", data: { version: 3 } });
  sockets[0].push({ type: "presence", data: { account: 2 } });
  assert.deepEqual(got, [{ version: 3 }]);
});

test("a hello refused for its protocol closes for good and keeps the refusal's code", async () => {
  const { s, sockets, timers } = harness();
  s.start();
  sockets[0].open();
  // Reply and close in one task: the code must be kept before the rejection handler runs.
  sockets[0].replyLast(false, { code: "unsupported_protocol", message: "protocol 4 is not spoken", supported: [5, 6] });
  sockets[0].close(4400, "unsupported protocol");
  assert.deepEqual(s.state, { state: "closed", code: 4400, reason: "unsupported protocol", error: "unsupported_protocol" });
  assert.equal(timers.length, 0, "no reconnect");
});

test("a 4400 without a refused hello carries no error, and a refusal is not kept across connections", async () => {
  const a = harness();
  a.s.start();
  a.sockets[0].open();
  a.sockets[0].close(4400, "no hello");
  assert.deepEqual(a.s.state, { state: "closed", code: 4400, reason: "no hello" });

  const b = harness();
  b.s.start();
  b.sockets[0].open();
  b.sockets[0].replyLast(false, { code: "bad_request", message: "?" });
  b.sockets[0].close(1006);
  b.timers[0].f();
  b.sockets[1].open();
  b.sockets[1].close(4400, "no hello");
  assert.deepEqual(b.s.state, { state: "closed", code: 4400, reason: "no hello" });
});
