package lobby_test

import (
	"testing"
	"time"

	"tabletop/server/lobby"
	"tabletop/store"
)

// UI-108, UI-109, UI-110, GAP-64: an invite goes to a friend who is
// online and not in a match or a waiting room (the green light), from the
// leader of a party with room.
func TestInviteRefused(t *testing.T) {
	e := newEnv(t)
	a := e.account("ada")
	names := []string{"bob", "cy", "dee", "eve", "fay", "gus"}
	ids := map[string]store.AccountID{}
	for _, n := range names {
		ids[n] = e.account(n)
		e.befriend(a, ids[n])
	}
	stranger := e.account("zed")
	e.l.Offline(ids["bob"])
	e.clock.Advance(e.cfg.OfflineGrace + 10e9)                              // bob is offline
	e.l.SetPlaying(ids["cy"], 5)                                            // cy plays a match
	if _, err := e.l.PlayBots(e.ctx, ids["dee"], 2, "random"); err != nil { // dee is in a waiting room
		t.Fatal(err)
	}

	tests := []struct {
		name     string
		from, to store.AccountID
		code     lobby.Code
	}{
		{"offline friend", a, ids["bob"], lobby.CodeNotOnline},
		{"friend in a match", a, ids["cy"], lobby.CodeInMatch},
		{"friend in a waiting room", a, ids["dee"], lobby.CodeInMatch},
		{"not a friend", a, stranger, lobby.CodeNotFriend},
		{"oneself", a, a, lobby.CodeBadRequest},
		{"inviter offline", ids["bob"], a, lobby.CodeNotOnline},
		{"inviter in a match", ids["cy"], a, lobby.CodeInMatch},
		{"inviter in a waiting room", ids["dee"], a, lobby.CodeInMatch},
		{"online friend", a, ids["eve"], ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantCode(t, tt.name, e.l.Invite(e.ctx, tt.from, tt.to), tt.code)
		})
	}
	got := ofType[lobby.InviteEvent](e.take(ids["eve"]), lobby.TypeInvite)
	if len(got) != 1 || got[0].Event != "received" || got[0].From.Account != a || got[0].Party == 0 {
		t.Errorf("eve's invites = %+v, want one from ada", got)
	}
	for _, n := range []string{"bob", "cy", "dee", "fay"} {
		if got := ofType[lobby.InviteEvent](e.take(ids[n]), lobby.TypeInvite); len(got) != 0 {
			t.Errorf("%s got invites %+v", n, got)
		}
	}
	if got := ofType[lobby.InviteEvent](e.take(a), lobby.TypeInvite); len(got) != 0 {
		t.Errorf("ada got invites %+v from refused inviters", got)
	}
	for _, n := range []string{"cy", "dee"} {
		if p, ok := e.l.Party(ids[n]); ok {
			t.Errorf("refused inviter %s has a party %+v", n, p)
		}
	}
}

// UI-010, UI-108: parties are formed in the menu. An account in a match
// or a waiting room cannot create one (it could not invite anyone), but
// one it already has is still returned.
func TestCreatePartyInMatch(t *testing.T) {
	e := newEnv(t)
	a, b, c := e.account("ada"), e.account("bob"), e.account("cy")
	if _, err := e.l.CreateParty(e.ctx, c); err != nil { // cy leads a party of one
		t.Fatal(err)
	}
	e.l.SetPlaying(a, 5)                                           // ada plays a match
	if _, err := e.l.PlayBots(e.ctx, b, 2, "random"); err != nil { // bob is in a waiting room
		t.Fatal(err)
	}
	e.l.SetPlaying(c, 6)

	tests := []struct {
		name string
		id   store.AccountID
		code lobby.Code
	}{
		{"in a match", a, lobby.CodeInMatch},
		{"in a waiting room", b, lobby.CodeInMatch},
		{"in a match with a party", c, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := e.l.CreateParty(e.ctx, tt.id)
			wantCode(t, "CreateParty", err, tt.code)
			if _, ok := e.l.Party(tt.id); ok != (tt.code == "") || (err == nil && p.Leader != tt.id) {
				t.Errorf("after CreateParty(%d) = %+v, %v: Party ok = %v", tt.id, p, err, ok)
			}
		})
	}
}

// UI-010, UI-011, GAP-64: a party has at most 4 members, each shown with
// icon and ID; only its leader invites and kicks; the leader's leaving
// hands the party to the next member.
func TestPartyLifecycle(t *testing.T) {
	e := newEnv(t)
	a, b, c, d, f := e.account("ada"), e.account("bob"), e.account("cy"), e.account("dee"), e.account("fay")
	e.party(a, b, c, d)
	e.befriend(a, f)
	e.befriend(b, f)

	p, ok := e.l.Party(c)
	if !ok || p.Leader != a || len(p.Members) != 4 {
		t.Fatalf("Party(c) = %+v, %v, want ada's party of 4", p, ok)
	}
	wantCode(t, "Invite into a full party", e.l.Invite(e.ctx, a, f), lobby.CodePartyFull)
	wantCode(t, "Invite by a member", e.l.Invite(e.ctx, b, f), lobby.CodeNotLeader)
	wantCode(t, "Kick by a member", e.l.Kick(e.ctx, b, c), lobby.CodeNotLeader)
	wantCode(t, "Kick oneself", e.l.Kick(e.ctx, a, a), lobby.CodeBadRequest)
	wantCode(t, "Kick a stranger", e.l.Kick(e.ctx, a, f), lobby.CodeNotFound)
	e.takeAll()

	wantCode(t, "Kick(a, d)", e.l.Kick(e.ctx, a, d), "")
	if got := ofType[lobby.PartyEvent](e.take(d), lobby.TypeParty); len(got) != 1 || got[0].Party != nil || got[0].Reason != "kicked" {
		t.Errorf("d's party messages = %+v, want one: kicked, no party", got)
	}
	if got := ofType[lobby.PartyEvent](e.take(b), lobby.TypeParty); len(got) != 1 || len(got[0].Party.Members) != 3 {
		t.Errorf("b's party messages = %+v, want the party of 3", got)
	}

	wantCode(t, "LeaveParty(a)", e.l.LeaveParty(e.ctx, a), "")
	p, _ = e.l.Party(c)
	if p.Leader != b || len(p.Members) != 2 {
		t.Errorf("after the leader left, Party(c) = %+v, want bob leading 2", p)
	}
	got := ofType[lobby.PartyEvent](e.take(c), lobby.TypeParty)
	if len(got) == 0 || got[len(got)-1].Reason != "leader" {
		t.Errorf("c's party messages = %+v, want a leader change", got)
	}
	wantCode(t, "LeaveParty(a) again", e.l.LeaveParty(e.ctx, a), lobby.CodeNotFound)

	// The new leader invites; the friend declines, then accepts a second
	// invite.
	wantCode(t, "Invite(b, f)", e.l.Invite(e.ctx, b, f), "")
	wantCode(t, "DeclineInvite(f, b)", e.l.DeclineInvite(e.ctx, f, b), "")
	if got := ofType[lobby.InviteEvent](e.take(b), lobby.TypeInvite); len(got) != 1 || got[0].Event != "declined" || got[0].To != f {
		t.Errorf("b's invite messages = %+v, want fay declined", got)
	}
	_, err := e.l.AcceptInvite(e.ctx, f, b)
	wantCode(t, "AcceptInvite after decline", err, lobby.CodeNotFound)
	wantCode(t, "Invite(b, f) again", e.l.Invite(e.ctx, b, f), "")
	p, err = e.l.AcceptInvite(e.ctx, f, b)
	if err != nil || len(p.Members) != 3 || p.Members[2].Account != f {
		t.Errorf("AcceptInvite(f, b) = %+v, %v, want fay third of 3", p, err)
	}
}

// An invite whose inviter left its party ends; the invitee is told.
func TestInviteCancelledWhenLeaderLeaves(t *testing.T) {
	e := newEnv(t)
	a, b := e.account("ada"), e.account("bob")
	e.befriend(a, b)
	if err := e.l.Invite(e.ctx, a, b); err != nil {
		t.Fatal(err)
	}
	e.takeAll()
	if err := e.l.LeaveParty(e.ctx, a); err != nil {
		t.Fatal(err)
	}
	got := ofType[lobby.InviteEvent](e.take(b), lobby.TypeInvite)
	if len(got) != 1 || got[0].Event != "cancelled" {
		t.Errorf("b's invite messages = %+v, want cancelled", got)
	}
	_, err := e.l.AcceptInvite(e.ctx, b, a)
	wantCode(t, "AcceptInvite", err, lobby.CodeNotFound)
}

// A member who goes offline leaves the party (and its queue) once the
// grace period is over.
func TestOfflineLeavesParty(t *testing.T) {
	e := newEnv(t)
	a, b := e.account("ada"), e.account("bob")
	e.party(a, b)
	if err := e.l.Queue(e.ctx, a, 4); err != nil {
		t.Fatal(err)
	}
	e.takeAll()
	e.l.Offline(b)
	e.clock.Advance(e.cfg.OfflineGrace + 1e9)
	q := ofType[lobby.QueueEvent](e.take(a), lobby.TypeQueue)
	if len(q) != 1 || q[0].State != "cancelled" || q[0].Reason != "member_offline" {
		t.Errorf("a's queue messages = %+v, want cancelled: member_offline", q)
	}
	if p, _ := e.l.Party(a); len(p.Members) != 1 {
		t.Errorf("Party(a) = %+v, want ada alone", p)
	}
}

// AcceptInvite moves a player from its party into the inviter's, and is
// refused while the target party is queued or the player is in a room.
func TestAcceptInvite(t *testing.T) {
	e := newEnv(t)
	a, b, c, d := e.account("ada"), e.account("bob"), e.account("cy"), e.account("dee")
	p, err := e.l.CreateParty(e.ctx, a)
	if err != nil || p.Leader != a || len(p.Members) != 1 {
		t.Fatalf("CreateParty(a) = %+v, %v, want ada alone", p, err)
	}
	if again, err := e.l.CreateParty(e.ctx, a); err != nil || again.ID != p.ID {
		t.Errorf("CreateParty(a) again = %+v, %v, want the same party", again, err)
	}
	e.party(c, b) // bob is in cy's party
	e.befriend(a, b)
	e.befriend(a, d)
	if err := e.l.Invite(e.ctx, a, b); err != nil {
		t.Fatal(err)
	}
	if err := e.l.Invite(e.ctx, a, d); err != nil {
		t.Fatal(err)
	}
	// d enters a waiting room before answering: refused.
	if _, err := e.l.PlayBots(e.ctx, d, 2, ""); err != nil {
		t.Fatal(err)
	}
	_, err = e.l.AcceptInvite(e.ctx, d, a)
	wantCode(t, "AcceptInvite from a waiting room", err, lobby.CodeInMatch)
	// a's party queues: b cannot join it now.
	if err := e.l.Queue(e.ctx, a, 4); err != nil {
		t.Fatal(err)
	}
	_, err = e.l.AcceptInvite(e.ctx, b, a)
	wantCode(t, "AcceptInvite into a queued party", err, lobby.CodeBusy)
	if err := e.l.CancelQueue(e.ctx, a); err != nil {
		t.Fatal(err)
	}
	e.takeAll()
	p, err = e.l.AcceptInvite(e.ctx, b, a)
	if err != nil || len(p.Members) != 2 || p.Members[1].Account != b || p.Members[1].DisplayName != "D-bob" {
		t.Fatalf("AcceptInvite(b, a) = %+v, %v, want ada and bob", p, err)
	}
	if old, _ := e.l.Party(c); len(old.Members) != 1 {
		t.Errorf("cy's party = %+v, want cy alone after bob left", old)
	}
	if got := ofType[lobby.PartyEvent](e.take(c), lobby.TypeParty); len(got) != 1 || got[0].Reason != "left" {
		t.Errorf("cy's party messages = %+v, want bob left", got)
	}
	if got := ofType[lobby.PartyEvent](e.take(a), lobby.TypeParty); len(got) != 1 || got[0].Reason != "joined" {
		t.Errorf("ada's party messages = %+v, want bob joined", got)
	}
}

// An invitee who goes offline declines; the inviter's party no longer
// lists it.
func TestInviteeOffline(t *testing.T) {
	e := newEnv(t)
	a, b := e.account("ada"), e.account("bob")
	e.befriend(a, b)
	if err := e.l.Invite(e.ctx, a, b); err != nil {
		t.Fatal(err)
	}
	if p, _ := e.l.Party(a); len(p.Invited) != 1 || p.Invited[0] != b {
		t.Errorf("Party(a) = %+v, want bob invited", p)
	}
	e.takeAll()
	e.l.Offline(b)
	e.clock.Advance(10 * time.Second)
	if got := ofType[lobby.InviteEvent](e.take(a), lobby.TypeInvite); len(got) != 1 || got[0].Event != "declined" || got[0].To != b {
		t.Errorf("ada's invite messages = %+v, want bob declined", got)
	}
	if p, _ := e.l.Party(a); len(p.Invited) != 0 {
		t.Errorf("Party(a) = %+v, want no invites", p)
	}
}

// Refresh shows a changed profile to the party.
func TestRefresh(t *testing.T) {
	e := newEnv(t)
	a, b := e.account("ada"), e.account("bob")
	e.party(a, b)
	if err := e.st.SetProfile(e.ctx, b, store.Profile{DisplayName: "Robert", Icon: "owl"}); err != nil {
		t.Fatal(err)
	}
	e.takeAll()
	if err := e.l.Refresh(e.ctx, b); err != nil {
		t.Fatal(err)
	}
	got := ofType[lobby.PartyEvent](e.take(a), lobby.TypeParty)
	if len(got) != 1 || got[0].Party.Members[1].DisplayName != "Robert" || got[0].Party.Members[1].Icon != "owl" {
		t.Errorf("ada's party messages = %+v, want Robert with an owl", got)
	}
	wantCode(t, "Refresh(unknown)", e.l.Refresh(e.ctx, 99), lobby.CodeNotFound)
}
