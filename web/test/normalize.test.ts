import { test } from "node:test";
import assert from "node:assert/strict";
import { normalizeInvite, normalizeParty, normalizeRoom } from "../src/net/normalize";
import { presenceDot, scrollThumb } from "../src/ui/Community";
import { slotProblems } from "../src/ui/Traits";

// UI-201-UI-217: the waiting room in both the documented and the sent shape.
test("room: the lobby's shape and protocol.md's shape read the same", () => {
  const sent = normalizeRoom({
    id: 4, state: "open", players: 2, map_size: 7, deadline: "2026-01-01T00:00:40Z", seconds: 40, you: 1,
    seats: [{ seat: 0, bot: "easy", ready: true }, { seat: 1, player: { account: 2, display_name: "Ada", icon: "", level: 3 }, ready: false }],
    choice: { character: "random", religion: "islam", slot: -1 },
  })!;
  const documented = normalizeRoom({
    room: 4, players: 2, map_size: 7, ends: "2026-01-01T00:00:40Z",
    seats: [{ account: 0, display_name: "", icon: "", level: 0, bot: "easy", ready: true }, { account: 2, display_name: "Ada", icon: "", level: 3, bot: "", ready: false }],
    choice: { character: "random", religion: "islam", slot: -1 },
  })!;
  for (const r of [sent, documented]) {
    assert.equal(r.room, 4);
    assert.equal(r.map_size, 7);
    assert.equal(r.ends, "2026-01-01T00:00:40Z");
    assert.equal(r.seats[1].display_name, "Ada");
    assert.equal(r.seats[1].level, 3);
    assert.equal(r.seats[0].bot, "easy");
    assert.equal(r.choice.religion, "islam");
  }
  assert.equal(sent.you, 1);
  assert.equal(normalizeRoom({ room: { id: 9, state: "left" } })?.state, "left");
});

test("party and invite pushes", () => {
  const p = normalizeParty({ party: { id: 8, leader: 7, members: [{ account: 7, display_name: "A", icon: "", level: 1 }], invited: [] }, reason: "created" });
  assert.equal(p?.leader, 7);
  assert.equal(p?.members[0].display_name, "A");
  assert.equal(normalizeParty({ party: null }), null);
  assert.equal(normalizeInvite({ event: "received", from: { account: 7, display_name: "A", icon: "", level: 1 } })?.account, 7);
});

// UI-104, UI-105: red in a game, green when not; UI-108 enables Invite on green only.
test("presence dots", () => {
  assert.equal(presenceDot("in_match"), "red");
  assert.equal(presenceDot("online"), "green");
  assert.equal(presenceDot("offline"), "grey");
});

// UI-113, UI-114: the frame keeps its size; the button shortens as the list grows.
test("the scroll button shortens as the list grows and follows the scroll", () => {
  const short = scrollThumb(500, 1000, 0, 520);
  const long = scrollThumb(500, 4000, 0, 520);
  assert.ok(long.size < short.size);
  assert.equal(scrollThumb(500, 400, 0, 520).size, 520, "no scroll: the button fills the frame");
  // UI-112: dragging the list moves the button with it, top to bottom.
  const mid = scrollThumb(500, 1000, 250, 520);
  const end = scrollThumb(500, 1000, 500, 520);
  assert.ok(mid.offset > 0 && mid.offset < end.offset);
  assert.equal(end.offset, 520 - end.size);
});

// REL-604-606, GAP-28: a slot holds at least 5 traits and at most the trait points.
test("trait slot quick check", () => {
  assert.deepEqual(slotProblems(["a", "b", "c", "d"], 6, 5), ["too_few"]);
  assert.deepEqual(slotProblems(["a", "b", "c", "d", "e"], 5, 5), []);
  assert.deepEqual(slotProblems(["a", "b", "c", "d", "e", "f"], 5, 5), ["too_many"]);
});
