package live_test

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	jsonpatch "github.com/evanphx/json-patch/v5"

	"tabletop/engine"
	"tabletop/server/live"
	"tabletop/store"
)

// failingStore refuses the next fail appends, as a store whose disk is
// full or whose database went away would.
type failingStore struct {
	store.Store
	fail atomic.Int32
}

var errDiskFull = errors.New("disk full")

func (s *failingStore) AppendAnswers(ctx context.Context, id store.MatchID, answers []store.Answer, deadline time.Time) error {
	if s.fail.Add(-1) >= 0 {
		return errDiskFull
	}
	s.fail.Store(0)
	return s.Store.AppendAnswers(ctx, id, answers, deadline)
}

// TestStoreFailureChangesNothing: an answer the store cannot record is
// refused with store_error and changes nothing (not the match's version,
// not the store, not what any subscriber was sent), another answer is
// taken once the store works again, and every subscriber's frames stay
// one chain: a patch subscriber's views still rebuild the whole views.
func TestStoreFailureChangesNothing(t *testing.T) {
	e := newEnv(t)
	fs := &failingStore{Store: e.st}
	e.cfg.Store = fs
	e.config = short
	h := e.create(11, e.human(), bot)
	run(t, h)
	ctx := context.Background()
	seats := []engine.Seat{0, engine.Spectator}
	collected := collectFrames(t, h, seats)
	failed := 0
	for turn := 0; turn < 12; turn++ {
		_, f, ok := e.turn(h, 0)
		if !ok {
			break
		}
		text := f.Decision.Answers[turn%len(f.Decision.Answers)]
		if turn%4 == 2 {
			fs.fail.Store(1)
			_, err := h.Submit(ctx, 0, f.Version, text)
			if live.CodeOf(err) != live.CodeStore || !errors.Is(err, errDiskFull) {
				t.Fatalf("turn %d: Submit with the store failing = %v, want store_error wrapping %v", turn, err, errDiskFull)
			}
			failed++
			if got, err := h.Since(ctx, 0, f.Version); err != nil || got.Version != f.Version || len(got.Steps) != 0 {
				t.Fatalf("turn %d: after the refusal the match is at %d with %d steps (%v), want %d and none", turn, got.Version, len(got.Steps), err, f.Version)
			}
			if rec, err := e.st.Match(ctx, h.ID()); err != nil || rec.Version != f.Version {
				t.Fatalf("turn %d: store at %d (%v), want %d", turn, rec.Version, err, f.Version)
			}
			// Another answer than the refused one: nothing of the step
			// the store refused may show in what follows.
			text = f.Decision.Answers[(turn+1)%len(f.Decision.Answers)]
		}
		ack, err := h.Submit(ctx, 0, f.Version, text)
		if err != nil || ack.Version != f.Version+1 {
			t.Fatalf("turn %d: Submit(%q) = %+v, %v; want version %d", turn, text, ack, err, f.Version+1)
		}
	}
	if failed < 2 {
		t.Fatalf("only %d refused answers: the match ended too soon to test", failed)
	}
	if err := h.Leave(ctx, 0); err != nil { // bots play the match out
		t.Fatal(err)
	}
	<-h.Done()
	frames := collected()
	for i, seat := range seats {
		// A refused answer sent nothing: a frame of the step the store
		// refused would repeat the version of the step taken after it.
		for k, kind := range []string{"whole", "patched"} {
			for j := 1; j < len(frames[i][k]); j++ {
				if a, b := frames[i][k][j-1].Version, frames[i][k][j].Version; b <= a {
					t.Fatalf("seat %d, %s frames: version %d after %d", seat, kind, b, a)
				}
			}
		}
		checkPatchedFrames(t, seat, frames[i][0], frames[i][1])
	}
	// And each whole view is the one the stored answers give: no view of a
	// refused step was kept for the step taken in its place.
	rec, err := e.st.Match(ctx, h.ID())
	if err != nil {
		t.Fatal(err)
	}
	for i, seat := range seats {
		for _, f := range frames[i][0] {
			rep := rec.Replay()
			rep.Steps = rep.Steps[:f.Version]
			m, err := engine.ResumeMatch(e.game, rep)
			if err != nil {
				t.Fatalf("replay to %d: %v", f.Version, err)
			}
			want, err := engine.AppendView(nil, m.State(), seat)
			if err != nil {
				t.Fatal(err)
			}
			if !jsonpatch.Equal(f.View, want) {
				t.Fatalf("seat %d at %d: the frame's view is not the stored match's", seat, f.Version)
			}
		}
	}
}
