package storetest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"
	"time"

	"tabletop/store"
)

func testAccounts(t *testing.T, e *env) {
	ctx, s := e.ctx, e.s
	before := time.Now().Add(-time.Second)
	g := e.guest(t, "Gus")
	if !g.Guest() || g.ID == 0 || g.Level != 1 || g.XP != 0 || g.DisplayName != "Gus" || g.Icon != "icon-Gus" || g.Created.Before(before) {
		t.Errorf("CreateGuest() = %+v, want a guest at level 1 named Gus", g)
	}
	got, err := s.Account(ctx, g.ID)
	if err != nil || fmt.Sprint(got) != fmt.Sprint(g) {
		t.Errorf("Account(%d) = %+v, %v, want %+v", g.ID, got, err, g)
	}

	r, err := s.Register(ctx, "rita", []byte("hash-1"), store.Profile{DisplayName: "Rita"})
	if err != nil {
		t.Fatalf("Register(rita) = %v", err)
	}
	if r.Guest() || r.ID == g.ID || r.Username != "rita" || !bytes.Equal(r.PasswordHash, []byte("hash-1")) {
		t.Errorf("Register(rita) = %+v", r)
	}
	got, err = s.AccountByUsername(ctx, "rita")
	if err != nil || fmt.Sprint(got) != fmt.Sprint(r) {
		t.Errorf("AccountByUsername(rita) = %+v, %v, want %+v", got, err, r)
	}

	_, err = s.Register(ctx, "rita", []byte("hash-2"), store.Profile{DisplayName: "Other"})
	wantErr(t, "Register(rita) again", err, store.ErrConflict)
	_, err = s.Register(ctx, "Rita", []byte("hash-2"), store.Profile{DisplayName: "Other"})
	wantErr(t, "Register(Rita)", err, nil) // usernames compare byte for byte
	if _, err := s.Register(ctx, "", []byte("h"), store.Profile{}); err == nil {
		t.Errorf(`Register("") = nil, want an error`)
	}

	_, err = s.Account(ctx, 999999)
	wantErr(t, "Account(999999)", err, store.ErrNotFound)
	_, err = s.AccountByUsername(ctx, "nobody")
	wantErr(t, "AccountByUsername(nobody)", err, store.ErrNotFound)
	_, err = s.AccountByUsername(ctx, "")
	wantErr(t, `AccountByUsername("")`, err, store.ErrNotFound)

	wantErr(t, "SetPassword(rita)", s.SetPassword(ctx, r.ID, []byte("hash-3")), nil)
	if got, _ := s.Account(ctx, r.ID); string(got.PasswordHash) != "hash-3" {
		t.Errorf("after SetPassword, PasswordHash = %q, want hash-3", got.PasswordHash)
	}
	wantErr(t, "SetPassword(guest)", s.SetPassword(ctx, g.ID, []byte("x")), store.ErrConflict)
	wantErr(t, "SetPassword(unknown)", s.SetPassword(ctx, 999999, []byte("x")), store.ErrNotFound)

	p := store.Profile{DisplayName: "Gustave", Icon: "crown"}
	wantErr(t, "SetProfile", s.SetProfile(ctx, g.ID, p), nil)
	if got, _ := s.Account(ctx, g.ID); got.Profile != p {
		t.Errorf("after SetProfile, Profile = %+v, want %+v", got.Profile, p)
	}
	wantErr(t, "SetProfile(unknown)", s.SetProfile(ctx, 999999, p), store.ErrNotFound)
}

func testUpgradeGuest(t *testing.T, e *env) {
	ctx, s := e.ctx, e.s
	g := e.guest(t, "Gus")
	friend := e.guest(t, "Fay")
	if err := s.RequestFriend(ctx, friend.ID, g.ID); err != nil {
		t.Fatalf("RequestFriend = %v", err)
	}
	if err := s.SaveTraitSlot(ctx, g.ID, 0, []byte(`{"name":"a"}`)); err != nil {
		t.Fatalf("SaveTraitSlot = %v", err)
	}
	if err := s.CreateSession(ctx, []byte("tok"), g.ID, time.Now().Add(time.Hour)); err != nil {
		t.Fatalf("CreateSession = %v", err)
	}
	if _, err := s.Register(ctx, "taken", []byte("h"), store.Profile{DisplayName: "T"}); err != nil {
		t.Fatalf("Register = %v", err)
	}

	wantErr(t, "UpgradeGuest(taken name)", s.UpgradeGuest(ctx, g.ID, "taken", []byte("h")), store.ErrConflict)
	wantErr(t, "UpgradeGuest(unknown)", s.UpgradeGuest(ctx, 999999, "new", []byte("h")), store.ErrNotFound)
	wantErr(t, "UpgradeGuest", s.UpgradeGuest(ctx, g.ID, "gus", []byte("pw")), nil)
	wantErr(t, "UpgradeGuest again", s.UpgradeGuest(ctx, g.ID, "gus2", []byte("pw")), store.ErrConflict)

	got, err := s.AccountByUsername(ctx, "gus")
	if err != nil || got.ID != g.ID || got.Guest() || string(got.PasswordHash) != "pw" || got.Profile != g.Profile || !got.Created.Equal(g.Created) {
		t.Errorf("AccountByUsername(gus) = %+v, %v, want account %d registered, the rest kept", got, err, g.ID)
	}
	if fs, _ := s.Friends(ctx, g.ID); len(fs) != 1 || fs[0].Account != friend.ID {
		t.Errorf("Friends after upgrade = %+v, want the request from %d", fs, friend.ID)
	}
	if ts, _ := s.TraitSlots(ctx, g.ID); len(ts) != 1 {
		t.Errorf("TraitSlots after upgrade = %+v, want 1 slot", ts)
	}
	if a, err := s.SessionAccount(ctx, []byte("tok"), time.Now()); err != nil || a.Username != "gus" {
		t.Errorf("SessionAccount after upgrade = %+v, %v, want gus", a, err)
	}
}

func testDeleteAccount(t *testing.T, e *env) {
	ctx, s := e.ctx, e.s
	a := e.guest(t, "A")
	b := e.guest(t, "B")
	must(t, s.RequestFriend(ctx, a.ID, b.ID))
	must(t, s.SaveTraitSlot(ctx, a.ID, 1, []byte(`{}`)))
	must(t, s.CreateSession(ctx, []byte("ta"), a.ID, time.Now().Add(time.Hour)))
	id := e.match(t, []store.AccountID{a.ID, b.ID})
	must(t, s.FinishMatch(ctx, id, store.Finish{Result: json.RawMessage(`{}`), Seats: []store.SeatResult{{Rank: 1, XP: 10}, {Rank: 2, XP: 5}}}))

	wantErr(t, "DeleteAccount", s.DeleteAccount(ctx, a.ID), nil)
	wantErr(t, "DeleteAccount again", s.DeleteAccount(ctx, a.ID), store.ErrNotFound)
	_, err := s.Account(ctx, a.ID)
	wantErr(t, "Account(deleted)", err, store.ErrNotFound)
	_, err = s.SessionAccount(ctx, []byte("ta"), time.Now())
	wantErr(t, "SessionAccount(deleted)", err, store.ErrNotFound)
	if fs, err := s.Friends(ctx, b.ID); err != nil || len(fs) != 0 {
		t.Errorf("Friends(b) = %+v, %v, want none", fs, err)
	}
	if ts, err := s.TraitSlots(ctx, a.ID); err != nil || len(ts) != 0 {
		t.Errorf("TraitSlots(deleted) = %+v, %v, want none", ts, err)
	}
	m, err := s.Match(ctx, id)
	if err != nil || len(m.Seats) != 2 || m.Seats[0].Account != 0 || m.Seats[0].Rank != 1 || m.Seats[1].Account != b.ID {
		t.Errorf("Match after DeleteAccount = %+v, %v, want seat 0 cleared, results kept", m.Seats, err)
	}
	if h, err := s.History(ctx, b.ID, 0, 10); err != nil || len(h) != 1 {
		t.Errorf("History(b) = %+v, %v, want the match", h, err)
	}
	c := e.guest(t, "C")
	if c.ID <= b.ID {
		t.Errorf("CreateGuest after a delete = id %d, want a new id above %d", c.ID, b.ID)
	}
}

func testSessions(t *testing.T, e *env) {
	ctx, s := e.ctx, e.s
	a := e.guest(t, "A")
	now := time.Now()
	must(t, s.CreateSession(ctx, []byte("t1"), a.ID, now.Add(time.Hour)))
	must(t, s.CreateSession(ctx, []byte("t2"), a.ID, now.Add(-time.Minute)))
	must(t, s.CreateSession(ctx, []byte("t3"), a.ID, now.Add(time.Minute)))

	wantErr(t, "CreateSession(t1) again", s.CreateSession(ctx, []byte("t1"), a.ID, now), store.ErrConflict)
	wantErr(t, "CreateSession(unknown account)", s.CreateSession(ctx, []byte("t4"), 999999, now), store.ErrNotFound)

	got, err := s.SessionAccount(ctx, []byte("t1"), now)
	if err != nil || got.ID != a.ID {
		t.Errorf("SessionAccount(t1) = %+v, %v, want account %d", got, err, a.ID)
	}
	_, err = s.SessionAccount(ctx, []byte("t2"), now)
	wantErr(t, "SessionAccount(expired)", err, store.ErrNotFound)
	_, err = s.SessionAccount(ctx, []byte("t1"), now.Add(2*time.Hour))
	wantErr(t, "SessionAccount(t1, later)", err, store.ErrNotFound)
	_, err = s.SessionAccount(ctx, []byte("nope"), now)
	wantErr(t, "SessionAccount(unknown)", err, store.ErrNotFound)

	n, err := s.PurgeSessions(ctx, now.Add(30*time.Minute))
	if err != nil || n != 2 {
		t.Errorf("PurgeSessions(now+30m) = %d, %v, want 2", n, err)
	}
	if _, err := s.SessionAccount(ctx, []byte("t1"), now); err != nil {
		t.Errorf("SessionAccount(t1) after purge = %v", err)
	}
	wantErr(t, "DeleteSession(t1)", s.DeleteSession(ctx, []byte("t1")), nil)
	wantErr(t, "DeleteSession(t1) again", s.DeleteSession(ctx, []byte("t1")), store.ErrNotFound)
	_, err = s.SessionAccount(ctx, []byte("t1"), now)
	wantErr(t, "SessionAccount(deleted)", err, store.ErrNotFound)
}

func testFriends(t *testing.T, e *env) {
	ctx, s := e.ctx, e.s
	a, b, c := e.guest(t, "A"), e.guest(t, "B"), e.guest(t, "C")

	wantErr(t, "RequestFriend(a, b)", s.RequestFriend(ctx, a.ID, b.ID), nil)
	wantErr(t, "RequestFriend(a, b) again", s.RequestFriend(ctx, a.ID, b.ID), store.ErrConflict)
	wantErr(t, "RequestFriend(b, a)", s.RequestFriend(ctx, b.ID, a.ID), store.ErrConflict)
	wantErr(t, "RequestFriend(a, a)", s.RequestFriend(ctx, a.ID, a.ID), store.ErrConflict)
	wantErr(t, "RequestFriend(a, unknown)", s.RequestFriend(ctx, a.ID, 999999), store.ErrNotFound)
	wantErr(t, "RequestFriend(c, a)", s.RequestFriend(ctx, c.ID, a.ID), nil)

	check := func(who store.Account, want ...store.Friend) {
		t.Helper()
		got, err := s.Friends(ctx, who.ID)
		if err != nil || len(got) != len(want) {
			t.Errorf("Friends(%s) = %+v, %v, want %+v", who.DisplayName, got, err, want)
			return
		}
		for i := range got {
			if got[i].Account != want[i].Account || got[i].State != want[i].State || got[i].Profile != want[i].Profile || got[i].Since.IsZero() {
				t.Errorf("Friends(%s)[%d] = %+v, want %+v", who.DisplayName, i, got[i], want[i])
			}
		}
	}
	check(a, store.Friend{Account: b.ID, Profile: b.Profile, State: store.FriendOutgoing},
		store.Friend{Account: c.ID, Profile: c.Profile, State: store.FriendIncoming})
	check(b, store.Friend{Account: a.ID, Profile: a.Profile, State: store.FriendIncoming})

	wantErr(t, "AcceptFriend(a, b)", s.AcceptFriend(ctx, a.ID, b.ID), store.ErrNotFound) // a asked, b accepts
	wantErr(t, "AcceptFriend(b, a)", s.AcceptFriend(ctx, b.ID, a.ID), nil)
	wantErr(t, "AcceptFriend(b, a) again", s.AcceptFriend(ctx, b.ID, a.ID), store.ErrNotFound)
	check(a, store.Friend{Account: b.ID, Profile: b.Profile, State: store.FriendAccepted},
		store.Friend{Account: c.ID, Profile: c.Profile, State: store.FriendIncoming})
	check(b, store.Friend{Account: a.ID, Profile: a.Profile, State: store.FriendAccepted})
	wantErr(t, "RequestFriend(b, a) when friends", s.RequestFriend(ctx, b.ID, a.ID), store.ErrConflict)

	wantErr(t, "RemoveFriend(b, a)", s.RemoveFriend(ctx, b.ID, a.ID), nil)
	wantErr(t, "RemoveFriend(b, a) again", s.RemoveFriend(ctx, b.ID, a.ID), store.ErrNotFound)
	wantErr(t, "RemoveFriend(a, c) (decline)", s.RemoveFriend(ctx, a.ID, c.ID), nil)
	check(a)
	check(c)
	if got, err := s.Friends(ctx, 999999); err != nil || len(got) != 0 {
		t.Errorf("Friends(unknown) = %+v, %v, want none", got, err)
	}
}

func testTraitSlots(t *testing.T, e *env) {
	ctx, s := e.ctx, e.s
	a := e.guest(t, "A")
	must(t, s.SaveTraitSlot(ctx, a.ID, 2, []byte(`{"name":"two"}`)))
	must(t, s.SaveTraitSlot(ctx, a.ID, 0, []byte(`{"name":"zero"}`)))
	must(t, s.SaveTraitSlot(ctx, a.ID, 2, []byte(`{"name":"two, again"}`)))
	wantErr(t, "SaveTraitSlot(unknown)", s.SaveTraitSlot(ctx, 999999, 0, []byte(`{}`)), store.ErrNotFound)
	if err := s.SaveTraitSlot(ctx, a.ID, -1, []byte(`{}`)); err == nil {
		t.Errorf("SaveTraitSlot(-1) = nil, want an error")
	}

	got, err := s.TraitSlots(ctx, a.ID)
	if err != nil || len(got) != 2 || got[0].Slot != 0 || string(got[0].Data) != `{"name":"zero"}` ||
		got[1].Slot != 2 || string(got[1].Data) != `{"name":"two, again"}` || got[1].Updated.IsZero() {
		t.Errorf("TraitSlots = %+v, %v, want slots 0 and 2 with the last data", got, err)
	}
	wantErr(t, "DeleteTraitSlot(2)", s.DeleteTraitSlot(ctx, a.ID, 2), nil)
	wantErr(t, "DeleteTraitSlot(2) again", s.DeleteTraitSlot(ctx, a.ID, 2), store.ErrNotFound)
	if got, err := s.TraitSlots(ctx, a.ID); err != nil || len(got) != 1 || got[0].Slot != 0 {
		t.Errorf("TraitSlots after delete = %+v, %v, want slot 0", got, err)
	}
}

// must fails the test on a setup error.
func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
