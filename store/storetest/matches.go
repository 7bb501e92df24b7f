package storetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/games/realigious"
	"tabletop/store"
)

// testSeed has the top bit set, to check that all 64 bits survive.
const testSeed = 0xfedcba9876543210

// header is a made-up replay header for n seats.
func header(n int) engine.Header {
	return engine.Header{
		Format:       engine.ReplayFormat,
		Game:         "test",
		RulesVersion: "r1",
		ParamsHash:   "p1",
		Config:       json.RawMessage(`{"size":5}`),
		Seats:        n,
		Seed:         testSeed,
	}
}

// match creates a live match with the given seat accounts.
func (e *env) match(t *testing.T, seats []store.AccountID) store.MatchID {
	t.Helper()
	id, err := e.s.CreateMatch(e.ctx, store.NewMatch{Header: header(len(seats)), Seats: seats})
	if err != nil {
		t.Fatalf("CreateMatch = %v", err)
	}
	return id
}

// answer is a made-up answer with version v.
func answer(v int) store.Answer {
	return store.Answer{Version: v, Seat: engine.Seat(v % 2), Text: fmt.Sprintf("move %d", v), Hash: fmt.Sprintf("%016x", v)}
}

// answers returns answer(from) … answer(to).
func answers(from, to int) []store.Answer {
	var out []store.Answer
	for v := from; v <= to; v++ {
		out = append(out, answer(v))
	}
	return out
}

// wantVersion checks that err is a *VersionError with the given versions.
func wantVersion(t *testing.T, call string, err error, have, got int) {
	t.Helper()
	var ve *store.VersionError
	if !errors.As(err, &ve) || !errors.Is(err, store.ErrVersion) || ve.Have != have || ve.Got != got {
		t.Errorf("%s = %v, want a VersionError at version %d, got %d", call, err, have, got)
	}
}

// wantAnswers checks a match's answers through Match.
func (e *env) wantAnswers(t *testing.T, id store.MatchID, want []store.Answer) {
	t.Helper()
	m, err := e.s.Match(e.ctx, id)
	if err != nil {
		t.Errorf("Match(%d) = %v", id, err)
		return
	}
	if m.Version != len(want) || !equalAnswers(m.Answers, want) {
		t.Errorf("Match(%d) = version %d, answers %v, want %d answers %v", id, m.Version, m.Answers, len(want), want)
	}
}

func equalAnswers(a, b []store.Answer) bool {
	return len(a) == len(b) && (len(a) == 0 || reflect.DeepEqual(a, b))
}

func testCreateMatch(t *testing.T, e *env) {
	ctx, s := e.ctx, e.s
	a := e.guest(t, "A")
	deadline := time.Now().Add(time.Minute)
	h := header(3)
	id, err := s.CreateMatch(ctx, store.NewMatch{Header: h, Seats: []store.AccountID{a.ID, 0, a.ID}, Deadline: deadline})
	if err != nil {
		t.Fatalf("CreateMatch = %v", err)
	}
	m, err := s.Match(ctx, id)
	if err != nil {
		t.Fatalf("Match(%d) = %v", id, err)
	}
	hidden := h
	hidden.Seed = 0
	if !reflect.DeepEqual(m.Header, hidden) {
		t.Errorf("Match(%d).Header = %+v, want %+v (seed hidden while live)", id, m.Header, hidden)
	}
	wantSeats := []store.MatchSeat{{Account: a.ID}, {}, {Account: a.ID}}
	if m.ID != id || !m.Live() || m.Version != 0 || len(m.Answers) != 0 || !reflect.DeepEqual(m.Seats, wantSeats) ||
		!m.Deadline.Equal(ms(deadline)) || m.Created.IsZero() || m.Result != nil {
		t.Errorf("Match(%d) = %+v, want a fresh live match with seats %v and deadline %v", id, m, wantSeats, ms(deadline))
	}

	noConfig := header(1)
	noConfig.Config = nil
	if id, err := s.CreateMatch(ctx, store.NewMatch{Header: noConfig, Seats: []store.AccountID{0}}); err != nil {
		t.Errorf("CreateMatch(no config) = %v", err)
	} else if m, err := s.Match(ctx, id); err != nil || m.Header.Config != nil {
		t.Errorf("Match(%d).Header.Config = %q, %v, want nil as created", id, m.Header.Config, err)
	} else {
		must(t, s.FinishMatch(ctx, id, store.Finish{}))
	}

	_, err = s.CreateMatch(ctx, store.NewMatch{Header: header(2), Seats: []store.AccountID{a.ID, 999999}})
	wantErr(t, "CreateMatch(unknown account)", err, store.ErrNotFound)
	if _, err := s.CreateMatch(ctx, store.NewMatch{Header: header(2), Seats: []store.AccountID{a.ID}}); err == nil {
		t.Errorf("CreateMatch(2 seats, 1 account) = nil, want an error")
	}
	_, err = s.Match(ctx, 999999)
	wantErr(t, "Match(unknown)", err, store.ErrNotFound)

	live, err := s.LiveMatches(ctx)
	if err != nil || len(live) != 1 || live[0].ID != id || live[0].Header.Seed != testSeed || !reflect.DeepEqual(live[0].Seats, wantSeats) {
		t.Errorf("LiveMatches() = %+v, %v, want match %d alone, with its seed", live, err, id)
	}
}

func testAppendAnswers(t *testing.T, e *env) {
	ctx, s := e.ctx, e.s
	id := e.match(t, []store.AccountID{0, 0})
	other := e.match(t, []store.AccountID{0, 0})
	wantErr(t, "AppendAnswers([1])", s.AppendAnswers(ctx, id, answers(1, 1), time.Time{}), nil)
	wantErr(t, "AppendAnswers([2 3])", s.AppendAnswers(ctx, id, answers(2, 3), time.Time{}), nil)
	wantErr(t, "AppendAnswers(other, [1])", s.AppendAnswers(ctx, other, answers(1, 1), time.Time{}), nil)

	tests := []struct {
		name     string
		answers  []store.Answer
		have, at int
	}{
		{"duplicate", answers(3, 3), 3, 3},
		{"duplicates", answers(2, 4), 3, 2},
		{"gap", answers(5, 6), 3, 5},
		{"zero", answers(0, 0), 3, 0},
		{"inner gap", []store.Answer{answer(4), answer(6)}, 3, 6},
		{"inner repeat", []store.Answer{answer(4), answer(4)}, 3, 4},
	}
	for _, tt := range tests {
		err := s.AppendAnswers(ctx, id, tt.answers, time.Time{})
		wantVersion(t, fmt.Sprintf("AppendAnswers(%s)", tt.name), err, tt.have, tt.at)
	}
	if err := s.AppendAnswers(ctx, id, nil, time.Time{}); err == nil {
		t.Errorf("AppendAnswers(none) = nil, want an error")
	}
	wantErr(t, "AppendAnswers(unknown)", s.AppendAnswers(ctx, 999999, answers(1, 1), time.Time{}), store.ErrNotFound)
	e.wantAnswers(t, id, answers(1, 3))
	e.wantAnswers(t, other, answers(1, 1))
	wantErr(t, "AppendAnswers([4 … 10])", s.AppendAnswers(ctx, id, answers(4, 10), time.Time{}), nil)
	e.wantAnswers(t, id, answers(1, 10))
}

func testAnswersSince(t *testing.T, e *env) {
	ctx, s := e.ctx, e.s
	id := e.match(t, []store.AccountID{0, 0})
	got, err := s.AnswersSince(ctx, id, 0)
	if err != nil || len(got) != 0 {
		t.Errorf("AnswersSince(0) of a new match = %v, %v, want none", got, err)
	}
	must(t, s.AppendAnswers(ctx, id, answers(1, 5), time.Time{}))
	for _, since := range []int{0, 2, 4, 5} {
		got, err := s.AnswersSince(ctx, id, since)
		if want := answers(since+1, 5); err != nil || !equalAnswers(got, want) {
			t.Errorf("AnswersSince(%d) = %v, %v, want %v", since, got, err, want)
		}
	}
	_, err = s.AnswersSince(ctx, id, 6)
	wantVersion(t, "AnswersSince(6)", err, 5, 6)
	_, err = s.AnswersSince(ctx, id, -1)
	wantVersion(t, "AnswersSince(-1)", err, 5, -1)
	_, err = s.AnswersSince(ctx, 999999, 0)
	wantErr(t, "AnswersSince(unknown)", err, store.ErrNotFound)

	must(t, s.FinishMatch(ctx, id, store.Finish{}))
	got, err = s.AnswersSince(ctx, id, 3)
	if want := answers(4, 5); err != nil || !equalAnswers(got, want) {
		t.Errorf("AnswersSince(3) of a finished match = %v, %v, want %v", got, err, want)
	}
}

func testDeadline(t *testing.T, e *env) {
	ctx, s := e.ctx, e.s
	id := e.match(t, []store.AccountID{0, 0})
	deadline := func() time.Time {
		t.Helper()
		m, err := s.Match(ctx, id)
		if err != nil {
			t.Fatalf("Match = %v", err)
		}
		return m.Deadline
	}
	if d := deadline(); !d.IsZero() {
		t.Errorf("Deadline of a match created without one = %v, want zero", d)
	}
	d1 := time.Now().Add(30 * time.Second)
	must(t, s.AppendAnswers(ctx, id, answers(1, 1), d1))
	if d := deadline(); !d.Equal(ms(d1)) {
		t.Errorf("Deadline after AppendAnswers = %v, want %v", d, ms(d1))
	}
	d2 := d1.Add(time.Hour)
	wantErr(t, "SetDeadline(d2)", s.SetDeadline(ctx, id, d2), nil)
	if d := deadline(); !d.Equal(ms(d2)) {
		t.Errorf("Deadline after SetDeadline = %v, want %v", d, ms(d2))
	}
	must(t, s.AppendAnswers(ctx, id, answers(2, 2), time.Time{}))
	if d := deadline(); !d.IsZero() {
		t.Errorf("Deadline after AppendAnswers with none = %v, want zero", d)
	}
	wantErr(t, "SetDeadline(unknown)", s.SetDeadline(ctx, 999999, d2), store.ErrNotFound)
	must(t, s.SetDeadline(ctx, id, d2))
	must(t, s.FinishMatch(ctx, id, store.Finish{}))
	if d := deadline(); !d.IsZero() {
		t.Errorf("Deadline after FinishMatch = %v, want zero", d)
	}
	wantErr(t, "SetDeadline(finished)", s.SetDeadline(ctx, id, d2), store.ErrFinished)

	// Before the first answer the deadline is the match's; then the last
	// answer's, of an append of several too; LiveMatches agrees.
	id2 := e.match(t, []store.AccountID{0, 0})
	must(t, s.SetDeadline(ctx, id2, d1))
	m, err := s.Match(ctx, id2)
	if err != nil || !m.Deadline.Equal(ms(d1)) || m.Version != 0 {
		t.Errorf("Match after SetDeadline before any answer = version %d, deadline %v, %v; want 0, %v", m.Version, m.Deadline, err, ms(d1))
	}
	must(t, s.AppendAnswers(ctx, id2, answers(1, 3), d2))
	live, err := s.LiveMatches(ctx)
	if err != nil {
		t.Fatalf("LiveMatches = %v", err)
	}
	found := false
	for _, lm := range live {
		if lm.ID == id2 {
			found = true
			if lm.Version != 3 || !lm.Deadline.Equal(ms(d2)) {
				t.Errorf("LiveMatches: match at version %d, deadline %v; want 3, %v", lm.Version, lm.Deadline, ms(d2))
			}
		}
	}
	if !found {
		t.Errorf("LiveMatches does not list the live match %d", id2)
	}
}

func testFinishMatch(t *testing.T, e *env) {
	ctx, s := e.ctx, e.s
	a, b := e.guest(t, "A"), e.guest(t, "B")
	id := e.match(t, []store.AccountID{a.ID, b.ID, 0})
	must(t, s.AppendAnswers(ctx, id, answers(1, 4), time.Now().Add(time.Minute)))

	level := func(xp int64) int { return int(xp/100) + 1 }
	bad := store.Finish{Result: json.RawMessage(`{}`), Seats: []store.SeatResult{{Rank: 1}}}
	if err := s.FinishMatch(ctx, id, bad); err == nil {
		t.Errorf("FinishMatch(1 result for 3 seats) = nil, want an error")
	}
	if m, err := s.Match(ctx, id); err != nil || !m.Live() {
		t.Errorf("after a failed FinishMatch, Match() = %+v, %v, want it live", m, err)
	}

	f := store.Finish{
		Result: json.RawMessage(`{"winner":0}`),
		Seats:  []store.SeatResult{{Rank: 1, XP: 150}, {Rank: 2, XP: 40}, {Rank: 3, XP: 999}},
		Level:  level,
	}
	wantErr(t, "FinishMatch", s.FinishMatch(ctx, id, f), nil)
	wantErr(t, "FinishMatch again", s.FinishMatch(ctx, id, f), store.ErrFinished)
	wantErr(t, "FinishMatch(unknown)", s.FinishMatch(ctx, 999999, f), store.ErrNotFound)
	wantErr(t, "AppendAnswers(finished)", s.AppendAnswers(ctx, id, answers(5, 5), time.Time{}), store.ErrFinished)

	for _, tt := range []struct {
		acc   store.Account
		xp    int64
		level int
	}{{a, 150, 2}, {b, 40, 1}} {
		got, err := s.Account(ctx, tt.acc.ID)
		if err != nil || got.XP != tt.xp || got.Level != tt.level {
			t.Errorf("Account(%s) = xp %d level %d, %v, want xp %d level %d", tt.acc.DisplayName, got.XP, got.Level, err, tt.xp, tt.level)
		}
	}

	m, err := s.Match(ctx, id)
	if err != nil {
		t.Fatalf("Match = %v", err)
	}
	wantSeats := []store.MatchSeat{
		{Account: a.ID, SeatResult: f.Seats[0]},
		{Account: b.ID, SeatResult: f.Seats[1]},
		{SeatResult: f.Seats[2]},
	}
	if m.Live() || m.Finished.Before(m.Created) || string(m.Result) != `{"winner":0}` || m.Header.Seed != testSeed ||
		!reflect.DeepEqual(m.Seats, wantSeats) || !equalAnswers(m.Answers, answers(1, 4)) || !m.Deadline.IsZero() {
		t.Errorf("Match(finished) = %+v, want finished with result, seed, seats %+v and 4 answers", m, wantSeats)
	}
	if live, err := s.LiveMatches(ctx); err != nil || len(live) != 0 {
		t.Errorf("LiveMatches() = %+v, %v, want none", live, err)
	}

	// A second match adds to the experience.
	id2 := e.match(t, []store.AccountID{b.ID, a.ID})
	must(t, s.FinishMatch(ctx, id2, store.Finish{Seats: []store.SeatResult{{Rank: 1, XP: 70}, {Rank: 2, XP: 10}}, Level: level}))
	if got, _ := s.Account(ctx, b.ID); got.XP != 110 || got.Level != 2 {
		t.Errorf("Account(B) after two matches = xp %d level %d, want 110, 2", got.XP, got.Level)
	}
	// Without Level, levels stay.
	id3 := e.match(t, []store.AccountID{a.ID})
	must(t, s.FinishMatch(ctx, id3, store.Finish{Seats: []store.SeatResult{{Rank: 1, XP: 1000}}}))
	if got, _ := s.Account(ctx, a.ID); got.XP != 1160 || got.Level != 2 {
		t.Errorf("Account(A) after a finish without Level = xp %d level %d, want 1160, 2", got.XP, got.Level)
	}
}

func testHistory(t *testing.T, e *env) {
	ctx, s := e.ctx, e.s
	a, b := e.guest(t, "A"), e.guest(t, "B")
	var finished []store.MatchID
	for i := range 3 {
		id := e.match(t, []store.AccountID{b.ID, a.ID})
		res := json.RawMessage(fmt.Sprintf(`{"game":%d}`, i))
		must(t, s.FinishMatch(ctx, id, store.Finish{Result: res, Seats: []store.SeatResult{{Rank: 2, XP: 1}, {Rank: 1, XP: int64(10 + i)}}}))
		finished = append(finished, id)
	}
	e.match(t, []store.AccountID{a.ID, b.ID}) // live: not in the history

	h, err := s.History(ctx, a.ID, 0, 10)
	if err != nil || len(h) != 3 {
		t.Fatalf("History(A, 0, 10) = %+v, %v, want 3 entries", h, err)
	}
	for i, en := range h {
		j := 2 - i // newest first
		want := store.HistoryEntry{Match: finished[j], Game: "test", Seats: 2, Seat: 1,
			SeatResult: store.SeatResult{Rank: 1, XP: int64(10 + j)}, Result: json.RawMessage(fmt.Sprintf(`{"game":%d}`, j))}
		got := en
		got.Created, got.Finished = time.Time{}, time.Time{}
		if !reflect.DeepEqual(got, want) || en.Created.IsZero() || en.Finished.Before(en.Created) {
			t.Errorf("History(A)[%d] = %+v, want %+v", i, en, want)
		}
	}
	if h2, err := s.History(ctx, a.ID, 0, 2); err != nil || len(h2) != 2 || h2[1].Match != finished[1] {
		t.Errorf("History(A, 0, 2) = %+v, %v, want the two newest", h2, err)
	}
	if h3, err := s.History(ctx, a.ID, finished[1], 10); err != nil || len(h3) != 1 || h3[0].Match != finished[0] {
		t.Errorf("History(A, before %d, 10) = %+v, %v, want the oldest", finished[1], h3, err)
	}
	if hb, err := s.History(ctx, b.ID, 0, 10); err != nil || len(hb) != 3 || hb[0].Seat != 0 || hb[0].Rank != 2 {
		t.Errorf("History(B) = %+v, %v, want 3 entries at seat 0", hb, err)
	}
	if _, err := s.History(ctx, a.ID, 0, 0); err == nil {
		t.Errorf("History(limit 0) = nil, want an error")
	}
}

// testReplay plays a real match, stores it answer by answer and resumes it
// from the store, as a restarted server does, then downloads the replay.
func testReplay(t *testing.T, e *env) {
	ctx, s := e.ctx, e.s
	g := realigious.New()
	m, err := engine.NewMatch(g, nil, 2, 0x8000_0000_0000_0007)
	if err != nil {
		t.Fatalf("NewMatch = %v", err)
	}
	a := e.guest(t, "A")
	id, err := s.CreateMatch(ctx, store.NewMatch{Header: m.Header(), Seats: []store.AccountID{a.ID, 0}})
	if err != nil {
		t.Fatalf("CreateMatch = %v", err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	play := func(n int) {
		t.Helper()
		for range n {
			if m.State().Terminal() {
				return
			}
			if m.State().Pending().Seat == engine.Chance {
				_, err = m.ResolveChance()
			} else {
				legal := m.State().Legal(nil)
				_, err = m.Apply(legal[rng.IntN(len(legal))])
			}
			if err != nil {
				t.Fatalf("step %d: %v", m.Steps()+1, err)
			}
			st := m.Replay().Steps[m.Steps()-1]
			a := store.Answer{Version: m.Steps(), Seat: st.Seat, Text: st.Answer, Hash: st.Hash}
			if err := s.AppendAnswers(ctx, id, []store.Answer{a}, time.Time{}); err != nil {
				t.Fatalf("AppendAnswers(version %d) = %v", a.Version, err)
			}
		}
	}
	play(60)

	live, err := s.LiveMatches(ctx)
	if err != nil || len(live) != 1 {
		t.Fatalf("LiveMatches() = %+v, %v, want 1", live, err)
	}
	resumed, err := engine.ResumeMatch(g, live[0].Replay())
	if err != nil {
		t.Fatalf("ResumeMatch(stored live match) = %v", err)
	}
	if resumed.Steps() != m.Steps() {
		t.Errorf("resumed match at step %d, want %d", resumed.Steps(), m.Steps())
	}

	play(40)
	must(t, s.FinishMatch(ctx, id, store.Finish{Result: json.RawMessage(`{}`)}))
	rec, err := s.Match(ctx, id)
	if err != nil {
		t.Fatalf("Match = %v", err)
	}
	if !reflect.DeepEqual(rec.Replay(), m.Replay()) {
		t.Errorf("Match(%d).Replay() = %+v, want %+v", id, rec.Replay(), m.Replay())
	}
	if _, err := engine.Verify(g, rec.Replay()); err != nil {
		t.Errorf("Verify(downloaded replay) = %v", err)
	}
}
