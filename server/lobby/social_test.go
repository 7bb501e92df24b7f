package lobby_test

import (
	"testing"
	"time"

	"tabletop/server/lobby"
	"tabletop/store"
)

// presences returns the presence messages an account received, as
// "account:status" strings.
func presences(e *env, id store.AccountID) []lobby.Presence {
	return ofType[lobby.Presence](e.take(id), lobby.TypePresence)
}

// UI-101, UI-102, UI-103, UI-104, UI-105: a friend's presence is pushed
// live: green (online), red (in a waiting room or a match), offline after
// the grace period; a reconnect within the grace period changes nothing.
func TestPresencePushes(t *testing.T) {
	e := newEnv(t)
	a, b := e.account("ada"), e.account("bob")
	e.befriend(a, b)
	e.takeAll()

	steps := []struct {
		name string
		do   func()
		want []lobby.Presence // what a receives
	}{
		{"playing", func() { e.l.SetPlaying(b, 7) }, []lobby.Presence{{Account: b, Status: lobby.InMatch}}},
		{"playing again", func() { e.l.SetPlaying(b, 8) }, nil},
		{"back to the menu", func() { e.l.ClearPlaying(b) }, []lobby.Presence{{Account: b, Status: lobby.Online}}},
		{"last connection closes", func() { e.l.Offline(b) }, nil},
		{"reconnect within grace", func() { e.clock.Advance(5 * time.Second); e.online(b) }, nil},
		{"second connection", func() { e.online(b) }, nil},
		{"one of two closes", func() { e.l.Offline(b); e.clock.Advance(time.Minute) }, nil},
		{"grace runs out", func() { e.l.Offline(b); e.clock.Advance(10 * time.Second) }, []lobby.Presence{{Account: b, Status: lobby.Offline}}},
		{"back online", func() { e.online(b) }, []lobby.Presence{{Account: b, Status: lobby.Online}}},
		{"into a waiting room", func() {
			if _, err := e.l.PlayBots(e.ctx, b, 2, "random"); err != nil {
				t.Fatal(err)
			}
		}, []lobby.Presence{{Account: b, Status: lobby.InMatch}}},
		{"out of the waiting room", func() {
			if err := e.l.LeaveRoom(e.ctx, b); err != nil {
				t.Fatal(err)
			}
		}, []lobby.Presence{{Account: b, Status: lobby.Online}}},
	}
	for _, s := range steps {
		s.do()
		got := presences(e, a)
		if len(got) != len(s.want) || (len(got) > 0 && got[0] != s.want[0]) {
			t.Errorf("%s: a got presence %v, want %v", s.name, got, s.want)
		}
		if got := presences(e, b); len(got) != 0 {
			t.Errorf("%s: b got its own presence %v", s.name, got)
		}
	}
}

// UI-102, UI-106, UI-107: the friend list carries the icon, ID, level
// and state of every registered player, and the presence of accepted
// friends only.
func TestFriendsList(t *testing.T) {
	e := newEnv(t)
	a, b, c := e.account("ada"), e.account("bob"), e.account("cy")
	e.befriend(a, b)
	if _, err := e.l.RequestFriend(e.ctx, c, "ada"); err != nil {
		t.Fatal(err)
	}
	e.l.SetPlaying(b, 3)
	got, err := e.l.Friends(e.ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	want := map[store.AccountID]struct {
		state    string
		presence lobby.Status
	}{b: {"accepted", lobby.InMatch}, c: {"incoming", ""}}
	if len(got) != len(want) {
		t.Fatalf("Friends(a) = %+v, want %d entries", got, len(want))
	}
	for _, f := range got {
		w := want[f.Account]
		if f.State != w.state || f.Presence != w.presence || f.Level != 1 || f.DisplayName == "" || f.Username == "" {
			t.Errorf("Friends(a) entry %+v, want state %q presence %q level 1 with a profile", f, w.state, w.presence)
		}
	}
}

// GAP-64: friends are added by username with mutual acceptance; each
// side is told.
func TestFriendRequests(t *testing.T) {
	e := newEnv(t)
	a, b := e.account("ada"), e.account("bob")
	e.takeAll()

	tests := []struct {
		name string
		call func() error
		code lobby.Code
	}{
		{"unknown username", func() error { _, err := e.l.RequestFriend(e.ctx, a, "nobody"); return err }, lobby.CodeNotFound},
		{"oneself", func() error { _, err := e.l.RequestFriend(e.ctx, a, "ada"); return err }, lobby.CodeBadRequest},
		{"accept without request", func() error { _, err := e.l.AcceptFriend(e.ctx, b, a); return err }, lobby.CodeNotFound},
		{"remove a stranger", func() error { return e.l.RemoveFriend(e.ctx, a, b) }, lobby.CodeNotFound},
		{"request", func() error { _, err := e.l.RequestFriend(e.ctx, a, "bob"); return err }, ""},
		{"request twice", func() error { _, err := e.l.RequestFriend(e.ctx, a, "bob"); return err }, lobby.CodeConflict},
		{"request back", func() error { _, err := e.l.RequestFriend(e.ctx, b, "ada"); return err }, lobby.CodeConflict},
		{"accept", func() error { _, err := e.l.AcceptFriend(e.ctx, b, a); return err }, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantCode(t, tt.name, tt.call(), tt.code)
		})
	}

	reqs := ofType[lobby.FriendInfo](e.take(b), lobby.TypeFriendRequest)
	if len(reqs) != 1 || reqs[0].Account != a || reqs[0].State != "incoming" || reqs[0].DisplayName != "D-ada" {
		t.Errorf("b's friend_request messages = %+v, want one incoming from ada", reqs)
	}
	acc := ofType[lobby.FriendEvent](e.take(a), lobby.TypeFriend)
	if len(acc) != 1 || acc[0].Event != "accepted" || acc[0].Friend.Account != b || acc[0].Friend.Presence != lobby.Online {
		t.Errorf("a's friend messages = %+v, want bob accepted and online", acc)
	}
	// Now friends: b's invite to a works, and after removal it does not.
	if err := e.l.Invite(e.ctx, b, a); err != nil {
		t.Errorf("Invite after accept = %v", err)
	}
	if err := e.l.RemoveFriend(e.ctx, a, b); err != nil {
		t.Fatalf("RemoveFriend = %v", err)
	}
	rm := ofType[lobby.FriendEvent](e.take(b), lobby.TypeFriend)
	if len(rm) != 1 || rm[0].Event != "removed" || rm[0].Friend.Account != a {
		t.Errorf("b's friend messages = %+v, want ada removed", rm)
	}
	wantCode(t, "Invite after remove", e.l.Invite(e.ctx, a, b), lobby.CodeNotFriend)
}

// A connection of an unknown account is refused and not counted.
func TestOnlineUnknownAccount(t *testing.T) {
	e := newEnv(t)
	wantCode(t, "Online(99)", e.l.Online(e.ctx, 99), lobby.CodeNotFound)
	if got := e.l.Presence(99); got != lobby.Offline {
		t.Errorf("Presence(99) = %q, want offline", got)
	}
}

// UI-106, GAP-64: a friend request finds the account whatever the case
// of the username (usernames are stored folded), for every caller of
// RequestFriend, not only the gateway.
func TestFriendRequestAnyCase(t *testing.T) {
	e := newEnv(t)
	a, b := e.account("ada"), e.account("bob_1")
	for _, name := range []string{"BOB_1", "Bob_1"} {
		t.Run(name, func(t *testing.T) {
			f, err := e.l.RequestFriend(e.ctx, a, name)
			if err != nil || f.Account != b || f.Username != "bob_1" || f.State != "outgoing" {
				t.Fatalf("RequestFriend(ada, %q) = %+v, %v, want bob_1's outgoing entry", name, f, err)
			}
			if err := e.l.RemoveFriend(e.ctx, a, b); err != nil {
				t.Fatalf("RemoveFriend = %v", err)
			}
		})
	}
	wantCode(t, `RequestFriend(ada, "NOBODY")`, func() error { _, err := e.l.RequestFriend(e.ctx, a, "NOBODY"); return err }(), lobby.CodeNotFound)
}
