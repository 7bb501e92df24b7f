package live_test

import (
	"context"
	"encoding/json"
	"slices"
	"sync"
	"testing"
	"time"

	"tabletop/server/live"
)

// recordSink is a live.Sink that keeps its frames and refuses the one
// after the first keep.
type recordSink struct {
	mu     sync.Mutex
	keep   int
	frames []live.Frame
	refuse int // frames refused
	closed int
	afterC int             // frames offered after Closed
	dec    chan live.Frame // the frames that pose a decision
}

func (s *recordSink) Frame(f live.Frame) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed > 0 {
		s.afterC++
	}
	if len(s.frames) == s.keep {
		s.refuse++
		s.dec <- live.Frame{} // no decision: the test stops answering
		return false
	}
	f = keepFrame(f)
	s.frames = append(s.frames, f)
	if f.Decision != nil {
		s.dec <- f
	}
	return true
}

// keepFrame returns f with its own copy of the decision, which a Sink may
// only read while Frame runs (the host reuses and then releases it).
func keepFrame(f live.Frame) live.Frame {
	if f.Decision != nil {
		d := *f.Decision
		d.Answers, d.Chance = slices.Clone(d.Answers), slices.Clone(d.Chance)
		f.Decision = &d
	}
	return f
}

func (s *recordSink) Closed() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closed++
}

// TestSubscribeSink: a Sink gets the same frames as a channel would, its
// first before SubscribeSink returns, in order of version; one that
// refuses a frame is dropped at once, told so exactly once, and offered
// nothing more (issue 5: a slow connection resubscribes, no step
// skipped).
func TestSubscribeSink(t *testing.T) {
	e := newEnv(t)
	h := e.create(7, e.human(), bot)
	run(t, h)
	ctx := context.Background()
	sink := &recordSink{keep: 4, dec: make(chan live.Frame, 16)}
	sub, err := h.SubscribeSink(ctx, 0, 0, true, sink)
	if err != nil {
		t.Fatal(err)
	}
	if sub.C != nil {
		t.Error("a sink subscription has a channel")
	}
	sink.mu.Lock()
	first := len(sink.frames)
	sink.mu.Unlock()
	if first != 1 {
		t.Fatalf("%d frames when SubscribeSink returned, want the first", first)
	}
	for range 6 {
		var f live.Frame
		select {
		case f = <-sink.dec:
		case <-time.After(10 * time.Second):
		}
		if f.Decision == nil {
			break
		}
		if _, err := h.Submit(ctx, 0, f.Version, f.Decision.Default); err != nil {
			t.Fatalf("submit: %v", err)
		}
	}
	// Closed follows the refusal on the host goroutine: wait for a
	// request to pass through it.
	if _, err := h.Since(ctx, 0, 0); err != nil {
		t.Fatal(err)
	}
	sink.mu.Lock()
	defer sink.mu.Unlock()
	if sink.refuse != 1 || sink.closed != 1 || sink.afterC != 0 {
		t.Errorf("refused %d, closed %d, offered after closing %d; want 1, 1, 0", sink.refuse, sink.closed, sink.afterC)
	}
	if len(sink.frames) != sink.keep {
		t.Fatalf("%d frames kept, want %d", len(sink.frames), sink.keep)
	}
	for i, f := range sink.frames {
		if i == 0 && (f.From != 0 || f.View == nil) {
			t.Errorf("first frame from %d with view %v; want from 0 with the whole view", f.From, f.View != nil)
		}
		if i > 0 && f.From != sink.frames[i-1].Version {
			t.Errorf("frame %d from %d, the one before ended at %d", i, f.From, sink.frames[i-1].Version)
		}
		if i > 0 && f.ViewPatch == nil && f.View == nil {
			t.Errorf("frame %d has neither view nor patch", i)
		}
	}
}

// decisionSink is a live.Sink that encodes each decision while Frame
// runs (as the gateway does: the host reuses a Sink frame's decision) and
// passes on the frames that pose one.
type decisionSink struct {
	mu   sync.Mutex
	json map[int]string // by version
	dec  chan live.Frame
}

func (s *decisionSink) Frame(f live.Frame) bool {
	if f.Decision != nil {
		b, _ := json.Marshal(f.Decision)
		s.mu.Lock()
		s.json[f.Version] = string(b)
		s.mu.Unlock()
		s.dec <- keepFrame(f)
	}
	return true
}

func (s *decisionSink) Closed() {}

// TestDecisionShared: Since gets the decision a Sink got at the same
// version, and the decisions of frames that outlive their delivery stay
// as they were while the match goes on, though the host describes each
// version's decision in the buffers of the last when only Sinks had it.
func TestDecisionShared(t *testing.T) {
	e := newEnv(t)
	h := e.create(11, e.human(), bot)
	run(t, h)
	ctx := context.Background()
	sink := &decisionSink{json: map[int]string{}, dec: make(chan live.Frame, 64)}
	if _, err := h.SubscribeSink(ctx, 0, 0, true, sink); err != nil {
		t.Fatal(err)
	}
	var (
		kept []live.Frame
		want []string
	)
	for i := range 12 {
		var f live.Frame
		select {
		case f = <-sink.dec:
		case <-time.After(10 * time.Second):
			t.Fatal("no decision")
		}
		if i%3 == 0 { // every third version also goes to a Since
			g, err := h.Since(ctx, 0, f.Version)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(g.Decision)
			kept, want = append(kept, g), append(want, string(b))
		}
		if _, err := h.Submit(ctx, 0, f.Version, f.Decision.Default); err != nil {
			t.Fatalf("Submit = %v", err)
		}
	}
	sink.mu.Lock()
	defer sink.mu.Unlock()
	for i, f := range kept {
		b, _ := json.Marshal(f.Decision)
		if string(b) != want[i] {
			t.Errorf("version %d: kept decision became %s, was %s", f.Version, b, want[i])
		}
		if s := sink.json[f.Version]; s != want[i] {
			t.Errorf("version %d: Since's decision %s, the sink's %s", f.Version, want[i], s)
		}
	}
}
