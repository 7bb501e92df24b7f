package live_test

import (
	"context"
	"sync"
	"testing"

	jsonpatch "github.com/evanphx/json-patch/v5"

	"tabletop/engine"
	"tabletop/server/live"
)

// TestSubscribePatches: a patch subscriber's first frame has the whole
// view and later frames a patch with no View, and its patches, applied in
// order, give the very views a whole-view subscriber of the same seat
// receives at the same versions. (Protocol 2's view patches,
// docs/protocol.md "View patches".)
func TestSubscribePatches(t *testing.T) {
	e := newEnv(t)
	h := e.create(11, e.human(), bot)
	run(t, h)
	ctx := context.Background()
	seats := []engine.Seat{1, engine.Spectator}
	collected := collectFrames(t, h, seats)
	if err := h.Leave(ctx, 0); err != nil { // bots play the match out
		t.Fatal(err)
	}
	<-h.Done()
	frames := collected()
	for i, seat := range seats {
		checkPatchedFrames(t, seat, frames[i][0], frames[i][1])
	}
}

// collectFrames subscribes to each of seats twice from version 0, for
// whole views and for patches, and collects their frames; collected waits
// for the subscriptions to end (the host stopped) and returns the frames
// per seat: whole, patched.
func collectFrames(t *testing.T, h *live.Host, seats []engine.Seat) (collected func() [][2][]live.Frame) {
	t.Helper()
	ctx := context.Background()
	frames := make([][2][]live.Frame, len(seats))
	var wg sync.WaitGroup
	for i, seat := range seats {
		full, err := h.Subscribe(ctx, seat, 0)
		if err != nil {
			t.Fatal(err)
		}
		patched, err := h.SubscribePatches(ctx, seat, 0)
		if err != nil {
			t.Fatal(err)
		}
		for k, sub := range []*live.Subscription{full, patched} {
			wg.Go(func() {
				for f := range sub.C {
					frames[i][k] = append(frames[i][k], f)
				}
			})
		}
	}
	return func() [][2][]live.Frame {
		wg.Wait()
		return frames
	}
}

// checkPatchedFrames checks a patch subscriber's frames against a
// whole-view subscriber's of the same seat from the same version: the
// first holds the whole view, later ones a patch (or a whole view when it
// is smaller) whose application gives the whole subscriber's view.
func checkPatchedFrames(t *testing.T, seat engine.Seat, whole, patched []live.Frame) {
	t.Helper()
	if len(whole) < 2 || len(whole) != len(patched) {
		t.Fatalf("seat %d: %d whole frames, %d patched: want the same number, at least 2", seat, len(whole), len(patched))
	}
	if patched[0].View == nil || patched[0].ViewPatch != nil {
		t.Errorf("seat %d: the first patched frame must hold the whole view", seat)
	}
	view := []byte(patched[0].View)
	patches := 0
	for k := 1; k < len(patched); k++ {
		f := patched[k]
		if f.Version != whole[k].Version {
			t.Fatalf("seat %d frame %d: version %d, whole subscriber's %d", seat, k, f.Version, whole[k].Version)
		}
		switch {
		case f.ViewPatch == nil:
			view = f.View // a patch larger than the view
			t.Logf("seat %d at %d: whole view (%d bytes, %d steps)", seat, f.Version, len(f.View), len(f.Steps))
		case f.View != nil:
			t.Fatalf("seat %d at %d: a patch frame also holds the view", seat, f.Version)
		default:
			patches++
			p, err := jsonpatch.DecodePatch(f.ViewPatch)
			if err == nil {
				view, err = p.Apply(view)
			}
			if err != nil {
				t.Fatalf("seat %d at %d: patch %s: %v", seat, f.Version, f.ViewPatch, err)
			}
		}
		if !jsonpatch.Equal(view, whole[k].View) {
			t.Fatalf("seat %d at %d: patched view differs from the whole view", seat, f.Version)
		}
		if whole[k].ViewPatch != nil && whole[k].View == nil {
			t.Fatalf("seat %d at %d: a whole-view subscriber got no view", seat, f.Version)
		}
	}
	if patches == 0 {
		t.Errorf("seat %d: no frame carried a patch", seat)
	}
}
