package live_test

import (
	"context"
	"testing"
	"time"

	jsonpatch "github.com/evanphx/json-patch/v5"

	"tabletop/engine"
	"tabletop/server/live"
)

// TestQuietStepsRideTheNextFrame: four humans play a match; a step that
// shows a seat nothing (no events for it, its view unchanged, no decision
// for it) sends that seat no frame of its own, and its next frame starts
// where its last one ended, so that every frame says something and none
// skips a step. The seat that answered always gets its frame, since its
// client waits for it. Patched subscribers' views stay exact across the
// steps they were not sent. (docs/protocol.md, "frame".)
func TestQuietStepsRideTheNextFrame(t *testing.T) {
	e := newEnv(t)
	h := e.create(5, e.human(), e.account("B"), e.account("C"), e.account("D"))
	run(t, h)
	ctx := context.Background()
	auds := []engine.Seat{0, 1, 2, 3, engine.Spectator}
	subs := make([]*live.Subscription, len(auds))
	views := make([][]byte, len(auds))
	last := make([]int, len(auds))
	for i, s := range auds {
		sub, err := h.SubscribePatches(ctx, s, 0)
		if err != nil {
			t.Fatal(err)
		}
		f := <-sub.C
		subs[i], views[i], last[i] = sub, f.View, f.Version
	}
	// take reads audience i's frames until one reaches version v,
	// checking each.
	skipped := 0
	answers := map[int]bool{} // the versions answers were acknowledged at
	take := func(i, v int) live.Frame {
		t.Helper()
		for {
			var f live.Frame
			select {
			case f = <-subs[i].C:
			case <-time.After(10 * time.Second):
				t.Fatalf("seat %d: no frame reaching version %d (last %d)", auds[i], v, last[i])
			}
			if f.From != last[i] {
				t.Fatalf("seat %d: frame from %d after version %d: a step skipped", auds[i], f.From, last[i])
			}
			if len(f.Steps) > 0 && f.Decision == nil && f.Result == nil && string(f.ViewPatch) == "[]" && quietSteps(f) {
				t.Fatalf("seat %d: frame %d-%d tells nothing: %+v", auds[i], f.From, f.Version, f)
			}
			for a := range answers {
				if f.From < a && a < f.Version {
					skipped++ // the step acknowledged at a sent this seat nothing
				}
			}
			p, err := jsonpatch.DecodePatch(f.ViewPatch)
			if err == nil {
				views[i], err = p.Apply(views[i])
			}
			if err != nil {
				t.Fatalf("seat %d at %d: patch: %v", auds[i], f.Version, err)
			}
			last[i] = f.Version
			if f.Version >= v {
				return f
			}
		}
	}
	for n := 0; n < 150; n++ {
		seat, f, ok := e.turn(h, 0, 1, 2, 3)
		if !ok {
			break
		}
		ack, err := h.Submit(ctx, seat, f.Version, f.Decision.Answers[n%len(f.Decision.Answers)])
		if err != nil {
			t.Fatal(err)
		}
		answers[ack.Now] = true
		// The seat that answered gets its frame of this answer at once.
		if g := take(int(seat), ack.Now); g.Version != ack.Now {
			t.Fatalf("seat %d answered, acknowledged at %d: its frame reaches %d", seat, ack.Now, g.Version)
		}
	}
	// Every audience's view is the view now, though its last frame may
	// be older: the steps since showed it nothing.
	now, err := h.Since(ctx, engine.Spectator, 0)
	if err != nil {
		t.Fatal(err)
	}
	end := now.Version
	for i, s := range auds {
		for len(subs[i].C) > 0 {
			take(i, last[i]+1)
		}
		want, err := h.Since(ctx, s, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !jsonpatch.Equal(views[i], want.View) {
			t.Fatalf("seat %d: patched view (of version %d) differs from the view at %d", s, last[i], want.Version)
		}
	}
	if skipped == 0 {
		t.Error("no step went unsent to a seat: nothing checked")
	}
	t.Logf("%d steps, %d answers; %d times a step went with a seat's next frame", end, len(answers), skipped)
}

// quietSteps reports whether no step of f has an event.
func quietSteps(f live.Frame) bool {
	for _, s := range f.Steps {
		if string(s.Events) != "[]" {
			return false
		}
	}
	return true
}
