package storetest

import (
	"reflect"
	"testing"
	"time"

	"tabletop/store"
)

// testSeatControl: who plays each seat is recorded with the match, read
// back by Match and LiveMatches, survives a restart and freezes when the
// match ends (issue 5: seat controllers persisted).
func testSeatControl(t *testing.T, e *env) {
	ctx, s := e.ctx, e.s
	a := e.guest(t, "A")
	start := []store.SeatControl{{Status: "human"}, {Status: "bot", Bot: "hard"}}
	id, err := s.CreateMatch(ctx, store.NewMatch{Header: header(2), Seats: []store.AccountID{a.ID, 0}, Controls: start})
	if err != nil {
		t.Fatalf("CreateMatch(with controls) = %v", err)
	}
	want := []store.MatchSeat{{Account: a.ID, Control: start[0]}, {Control: start[1]}}
	check := func(when string) {
		t.Helper()
		m, err := s.Match(ctx, id)
		if err != nil || !reflect.DeepEqual(m.Seats, want) {
			t.Errorf("%s: Match(%d).Seats = %+v, %v, want %+v", when, id, m.Seats, err, want)
		}
		live, err := s.LiveMatches(ctx)
		if err != nil || len(live) != 1 || !reflect.DeepEqual(live[0].Seats, want) {
			t.Errorf("%s: LiveMatches() = %+v, %v, want match %d with seats %+v", when, live, err, id, want)
		}
	}
	check("created")

	left := store.SeatControl{Status: "left", Bot: "random", Missed: 2}
	wantErr(t, "SetSeatControl(seat 0)", s.SetSeatControl(ctx, id, 0, left), nil)
	want[0].Control = left
	check("after SetSeatControl")
	e.reopen(t)
	s = e.s
	check("after a restart")

	for _, tt := range []struct {
		name string
		id   store.MatchID
		seat int
		want error // nil: some error
	}{
		{"unknown match", 999999, 0, store.ErrNotFound},
		{"seat out of range", id, 2, nil},
		{"negative seat", id, -1, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := s.SetSeatControl(ctx, tt.id, tt.seat, store.SeatControl{Status: "conceded"})
			if err == nil {
				t.Errorf("SetSeatControl(%d, %d) = nil, want an error", tt.id, tt.seat)
			}
			if tt.want != nil {
				wantErr(t, "SetSeatControl", err, tt.want)
			}
		})
	}
	check("after refused changes")

	if _, err := s.CreateMatch(ctx, store.NewMatch{Header: header(2), Seats: []store.AccountID{a.ID, 0}, Controls: start[:1]}); err == nil {
		t.Errorf("CreateMatch(2 seats, 1 control) = nil, want an error")
	}

	must(t, s.FinishMatch(ctx, id, store.Finish{}))
	wantErr(t, "SetSeatControl(finished)", s.SetSeatControl(ctx, id, 0, store.SeatControl{Status: "human"}), store.ErrFinished)
	if m, err := s.Match(ctx, id); err != nil || !reflect.DeepEqual(m.Seats, want) {
		t.Errorf("finished: Match(%d).Seats = %+v, %v, want %+v", id, m.Seats, err, want)
	}
}

// testSessionsExcept: a password change ends the account's other
// sessions and keeps the one that made it; other accounts keep theirs.
func testSessionsExcept(t *testing.T, e *env) {
	ctx, s := e.ctx, e.s
	a, b := e.guest(t, "A"), e.guest(t, "B")
	now := time.Now()
	later := now.Add(time.Hour)
	for _, k := range []string{"a1", "a2", "a3"} {
		must(t, s.CreateSession(ctx, []byte(k), a.ID, later))
	}
	must(t, s.CreateSession(ctx, []byte("b1"), b.ID, later))

	alive := func(when string, want map[string]bool) {
		t.Helper()
		for k, w := range want {
			_, err := s.SessionAccount(ctx, []byte(k), now)
			if got := err == nil; got != w {
				t.Errorf("%s: SessionAccount(%s) = %v, want alive %v", when, k, err, w)
			}
		}
	}
	tests := []struct {
		name string
		id   store.AccountID
		keep []byte
		n    int
		want map[string]bool
	}{
		{"keep a2", a.ID, []byte("a2"), 2, map[string]bool{"a1": false, "a2": true, "a3": false, "b1": true}},
		{"again", a.ID, []byte("a2"), 0, map[string]bool{"a2": true, "b1": true}},
		{"unknown account", 999999, nil, 0, map[string]bool{"a2": true, "b1": true}},
		{"keep none", a.ID, nil, 1, map[string]bool{"a2": false, "b1": true}},
	}
	for _, tt := range tests {
		n, err := s.DeleteSessionsExcept(ctx, tt.id, tt.keep)
		if err != nil || n != tt.n {
			t.Errorf("%s: DeleteSessionsExcept(%d, %q) = %d, %v, want %d", tt.name, tt.id, tt.keep, n, err, tt.n)
		}
		alive(tt.name, tt.want)
	}
}
