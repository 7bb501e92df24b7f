// The lobby's pushes and replies as the client uses them, in the shapes
// docs/protocol.md documents ("Lobby: friends, parties, queues, waiting
// room"). The readers are lenient: they also accept the field names of an
// early draft (`room`/`ends`/flat seats, `name`, `inviter`) that no server
// sends now; docs/ui.md ("Protocol notes") says what the client does.

import type { Member, Party, Room, RoomSeat } from "../store";

function member(o: any): Member {
  const p = o?.player ?? o ?? {};
  return {
    account: Number(p.account ?? p.id ?? 0),
    display_name: String(p.display_name ?? p.name ?? ""),
    icon: String(p.icon ?? ""),
    level: Number(p.level ?? 0),
  };
}

/** normalizeRoom reads a "room" push or reply into the client's Room. */
export function normalizeRoom(d: any): Room | null {
  const r = d?.room && typeof d.room === "object" ? d.room : d;
  if (!r || typeof r !== "object") return null;
  const seats: RoomSeat[] = (Array.isArray(r.seats) ? r.seats : []).map((x: any) => ({
    ...member(x),
    bot: String(x?.bot ?? ""),
    ready: x?.ready === true,
    seat: typeof x?.seat === "number" ? x.seat : undefined,
  }));
  let ends = String(r.ends ?? r.deadline ?? "");
  if (!ends && typeof r.seconds === "number") ends = new Date(Date.now() + r.seconds * 1000).toISOString();
  return {
    room: Number(r.room ?? r.id ?? 0),
    players: Number(r.players ?? seats.length),
    map_size: Number(r.map_size ?? r.size ?? 0),
    ends,
    said: typeof r.seconds === "number" ? { seconds: r.seconds, at: Date.now() } : undefined,
    seats,
    you: typeof r.you === "number" ? r.you : undefined,
    state: typeof r.state === "string" ? r.state : undefined,
    choice: {
      character: String(r.choice?.character ?? "random"),
      religion: String(r.choice?.religion ?? "random"),
      slot: Number(r.choice?.slot ?? -1),
    },
  };
}

/** normalizeParty reads a "party" push or reply (null when in no party). */
export function normalizeParty(d: any): Party | null {
  const p = d && "party" in d ? d.party : d;
  if (!p || typeof p !== "object") return null;
  const members = (Array.isArray(p.members) ? p.members : []).map(member);
  const leader = typeof p.leader === "object" && p.leader ? member(p.leader).account : Number(p.leader ?? members[0]?.account ?? 0);
  return { leader, members };
}

/** normalizeInvite reads the inviter of an "invite" push. */
export function normalizeInvite(d: any): Member | null {
  const f = d?.from ?? d?.inviter ?? d;
  if (!f || typeof f !== "object") return null;
  const m = member(f);
  return m.account ? m : null;
}
