package lobby_test

import (
	"testing"

	"tabletop/server/lobby"
	"tabletop/store"
)

// UI-102, UI-207: after a profile change (or a match that raised the
// level) Refresh shows the new name, icon and level in the waiting room,
// where each seat keeps its own copy of its player, and tells the online
// friends with a "friend" message of Event "updated".
func TestRefreshRoomAndFriends(t *testing.T) {
	e := newEnv(t)
	a, b := e.account("ada"), e.account("bob")
	e.befriend(a, b)
	if _, err := e.l.PlayBots(e.ctx, b, 2, "random"); err != nil {
		t.Fatal(err)
	}
	if err := e.st.SetProfile(e.ctx, b, store.Profile{DisplayName: "Robert", Icon: "owl"}); err != nil {
		t.Fatal(err)
	}
	e.takeAll()
	if err := e.l.Refresh(e.ctx, b); err != nil {
		t.Fatalf("Refresh = %v", err)
	}

	ri, ok := e.l.Room(b)
	if !ok {
		t.Fatalf("Room(bob) = none")
	}
	if p := ri.Seats[ri.You].Player; p == nil || p.DisplayName != "Robert" || p.Icon != "owl" {
		t.Errorf("Room(bob) own seat player = %+v, want Robert with an owl", p)
	}
	pushed := lastRoom(t, e.take(b))
	if p := pushed.Seats[pushed.You].Player; p == nil || p.DisplayName != "Robert" {
		t.Errorf("bob's room push seat player = %+v, want Robert", p)
	}
	got := ofType[lobby.FriendEvent](e.take(a), lobby.TypeFriend)
	if len(got) != 1 || got[0].Event != "updated" || got[0].Friend.Account != b ||
		got[0].Friend.DisplayName != "Robert" || got[0].Friend.Icon != "owl" ||
		got[0].Friend.State != "accepted" || got[0].Friend.Presence != lobby.InMatch {
		t.Errorf("ada's friend messages = %+v, want bob updated as Robert, in a match", got)
	}
}

// Refresh pushes nothing when nothing others see changed (a match that
// only added experience within a level), and nothing for an account the
// lobby does not hold.
func TestRefreshUnchanged(t *testing.T) {
	e := newEnv(t)
	a, b := e.account("ada"), e.account("bob")
	e.party(a, b)
	stranger := e.register("cy")
	e.takeAll()
	for _, id := range []store.AccountID{a, b, stranger} {
		if err := e.l.Refresh(e.ctx, id); err != nil {
			t.Errorf("Refresh(%d) = %v", id, err)
		}
	}
	for _, id := range []store.AccountID{a, b, stranger} {
		if got := e.take(id); len(got) != 0 {
			t.Errorf("account %d got %v after an unchanged Refresh", id, types(got))
		}
	}
}
