package storetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"tabletop/store"
)

func testConcurrentMatches(t *testing.T, e *env) {
	ctx, s := e.ctx, e.s
	const writers, perWriter = 16, 30
	var before store.WriterStats
	stats, hasStats := s.(interface{ WriterStats() store.WriterStats })
	if hasStats {
		before = stats.WriterStats()
	}
	ids := make([]store.MatchID, writers)
	for i := range ids {
		ids[i] = e.match(t, []store.AccountID{0, 0})
	}
	var wg sync.WaitGroup
	errs := make(chan error, writers*perWriter)
	for _, id := range ids {
		wg.Go(func() {
			for v := 1; v <= perWriter; v++ {
				if err := s.AppendAnswers(ctx, id, answers(v, v), time.Time{}); err != nil {
					errs <- fmt.Errorf("AppendAnswers(%d, [%d]) = %w", id, v, err)
				}
				if v%10 == 0 { // a stale write in the same batches must fail alone
					var ve *store.VersionError
					if err := s.AppendAnswers(ctx, id, answers(v, v), time.Time{}); !errors.As(err, &ve) || ve.Have != v {
						errs <- fmt.Errorf("AppendAnswers(%d, [%d]) again = %v, want a VersionError at %d", id, v, err, v)
					}
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for _, id := range ids {
		e.wantAnswers(t, id, answers(1, perWriter))
	}
	if hasStats {
		after := stats.WriterStats()
		writes, batches := after.Writes-before.Writes, after.Batches-before.Batches
		t.Logf("%d writes in %d transactions (%.1f per commit)", writes, batches, float64(writes)/float64(max(batches, 1)))
		if want := int64(writers * (perWriter + perWriter/10)); writes < want {
			t.Errorf("WriterStats() counts %d writes, want at least %d", writes, want)
		}
	}
}

func testConcurrentSameMatch(t *testing.T, e *env) {
	ctx, s := e.ctx, e.s
	id := e.match(t, []store.AccountID{0, 0})
	const rivals, rounds = 6, 10
	for v := 1; v <= rounds; v++ {
		var wg sync.WaitGroup
		results := make([]error, rivals)
		for r := range rivals {
			wg.Go(func() {
				a := answer(v)
				a.Text = fmt.Sprintf("rival %d", r)
				results[r] = s.AppendAnswers(ctx, id, []store.Answer{a}, time.Time{})
			})
		}
		wg.Wait()
		won := 0
		for r, err := range results {
			if err == nil {
				won++
				continue
			}
			wantVersion(t, fmt.Sprintf("round %d: rival %d: AppendAnswers", v, r), err, v, v)
		}
		if won != 1 {
			t.Errorf("round %d: %d rivals appended version %d, want exactly 1", v, won, v)
		}
	}
	if got, err := s.AnswersSince(ctx, id, 0); err != nil || len(got) != rounds {
		t.Errorf("AnswersSince(0) = %d answers, %v, want %d", len(got), err, rounds)
	}
}

func testRestart(t *testing.T, e *env) {
	ctx := e.ctx
	a, err := e.s.Register(ctx, "ann", []byte("pw"), store.Profile{DisplayName: "Ann"})
	if err != nil {
		t.Fatalf("Register = %v", err)
	}
	b := e.guest(t, "B")
	must(t, e.s.CreateSession(ctx, []byte("tok"), a.ID, time.Now().Add(time.Hour)))
	must(t, e.s.RequestFriend(ctx, b.ID, a.ID))
	must(t, e.s.SaveTraitSlot(ctx, a.ID, 3, []byte(`{"name":"x"}`)))
	deadline := time.Now().Add(45 * time.Second)
	live := e.match(t, []store.AccountID{a.ID, b.ID})
	must(t, e.s.AppendAnswers(ctx, live, answers(1, 7), deadline))
	done := e.match(t, []store.AccountID{b.ID, a.ID})
	must(t, e.s.AppendAnswers(ctx, done, answers(1, 2), time.Time{}))
	must(t, e.s.FinishMatch(ctx, done, store.Finish{Result: json.RawMessage(`{"r":1}`), Seats: []store.SeatResult{{Rank: 1, XP: 5}, {Rank: 2, XP: 3}}}))

	e.reopen(t)
	s := e.s
	got, err := s.LiveMatches(ctx)
	if err != nil || len(got) != 1 {
		t.Fatalf("after restart, LiveMatches() = %+v, %v, want 1", got, err)
	}
	m := got[0]
	if m.ID != live || m.Version != 7 || !equalAnswers(m.Answers, answers(1, 7)) || !m.Deadline.Equal(ms(deadline)) ||
		m.Header.Seed != testSeed || len(m.Seats) != 2 || m.Seats[0].Account != a.ID {
		t.Errorf("after restart, LiveMatches()[0] = %+v, want match %d at version 7 with its seed and deadline %v", m, live, ms(deadline))
	}
	if acc, err := s.AccountByUsername(ctx, "ann"); err != nil || acc.ID != a.ID || acc.XP != 3 {
		t.Errorf("after restart, AccountByUsername(ann) = %+v, %v, want account %d with 3 xp", acc, err, a.ID)
	}
	if acc, err := s.SessionAccount(ctx, []byte("tok"), time.Now()); err != nil || acc.ID != a.ID {
		t.Errorf("after restart, SessionAccount = %+v, %v", acc, err)
	}
	if fs, err := s.Friends(ctx, a.ID); err != nil || len(fs) != 1 || fs[0].State != store.FriendIncoming {
		t.Errorf("after restart, Friends = %+v, %v", fs, err)
	}
	if ts, err := s.TraitSlots(ctx, a.ID); err != nil || len(ts) != 1 || ts[0].Slot != 3 {
		t.Errorf("after restart, TraitSlots = %+v, %v", ts, err)
	}
	if rec, err := s.Match(ctx, done); err != nil || rec.Live() || string(rec.Result) != `{"r":1}` || len(rec.Answers) != 2 {
		t.Errorf("after restart, Match(finished) = %+v, %v", rec, err)
	}
	if h, err := s.History(ctx, a.ID, 0, 5); err != nil || len(h) != 1 || h[0].Match != done {
		t.Errorf("after restart, History = %+v, %v", h, err)
	}
	// The match goes on where it was.
	wantVersion(t, "after restart, AppendAnswers([7])", s.AppendAnswers(ctx, live, answers(7, 7), time.Time{}), 7, 7)
	wantErr(t, "after restart, AppendAnswers([8])", s.AppendAnswers(ctx, live, answers(8, 8), time.Time{}), nil)
	if next := e.guest(t, "C"); next.ID <= b.ID {
		t.Errorf("after restart, CreateGuest = id %d, want above %d", next.ID, b.ID)
	}
}

func testClosed(t *testing.T, e *env) {
	ctx, s := e.ctx, e.s
	a := e.guest(t, "A")
	id := e.match(t, []store.AccountID{a.ID})
	if err := s.Close(); err != nil {
		t.Fatalf("Close() = %v", err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("Close() again = %v, want nil", err)
	}
	_, err := s.CreateGuest(ctx, store.Profile{})
	wantErr(t, "CreateGuest after Close", err, store.ErrClosed)
	_, err = s.Account(ctx, a.ID)
	wantErr(t, "Account after Close", err, store.ErrClosed)
	wantErr(t, "AppendAnswers after Close", s.AppendAnswers(ctx, id, answers(1, 1), time.Time{}), store.ErrClosed)
	_, err = s.LiveMatches(ctx)
	wantErr(t, "LiveMatches after Close", err, store.ErrClosed)
	_, err = s.History(ctx, a.ID, 0, 1)
	wantErr(t, "History after Close", err, store.ErrClosed)
	wantErr(t, "SetSeatControl after Close", s.SetSeatControl(ctx, id, 0, store.SeatControl{}), store.ErrClosed)
	_, err = s.DeleteSessionsExcept(ctx, a.ID, nil)
	wantErr(t, "DeleteSessionsExcept after Close", err, store.ErrClosed)
}
