package live_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"tabletop/server/live"
)

// orderSink records, in order, what the host tells it and an AckSink on
// its goroutine.
type orderSink struct {
	mu      sync.Mutex
	log     []string
	flushed chan struct{} // gets a value at each of the AckSink's flushes
}

func (o *orderSink) add(s string) {
	o.mu.Lock()
	o.log = append(o.log, s)
	o.mu.Unlock()
}

func (o *orderSink) take() []string {
	o.mu.Lock()
	defer o.mu.Unlock()
	l := o.log
	o.log = nil
	return l
}

// subSink is the subscription's side: frames and their flushes.
type subSink struct{ o *orderSink }

func (s subSink) Frame(f live.Frame) bool { s.o.add(fmt.Sprintf("frame %d", f.Version)); return true }
func (s subSink) Closed()                 {}
func (s subSink) Flush()                  { s.o.add("flush frames") }

// ackSink is the answer's side.
type ackSink struct{ o *orderSink }

func (a ackSink) Ack(ack live.Ack) { a.o.add(fmt.Sprintf("ack %d", ack.Now)) }
func (a ackSink) Flush() {
	a.o.add("flush ack")
	a.o.flushed <- struct{}{}
}

// TestSubmitAckOrder: the AckSink of an answer hears its acknowledgement
// before the subscribers get the step's frame, and its Flush comes after
// theirs, all on the host's goroutine, so that a transport sends the
// acknowledgement and the frame together and in that order; a refused
// answer is not acknowledged (issue 5: the answer's reply, then the
// update it caused).
func TestSubmitAckOrder(t *testing.T) {
	e := newEnv(t)
	h := e.create(5, e.human(), bot)
	run(t, h)
	ctx := context.Background()
	o := &orderSink{flushed: make(chan struct{}, 4)}
	if _, err := h.SubscribeSink(ctx, 0, 0, true, subSink{o}); err != nil {
		t.Fatal(err)
	}
	_, f, ok := e.turn(h, 0)
	if !ok {
		t.Fatal("no decision for seat 0")
	}
	o.take() // the subscription's first frame

	if _, err := h.SubmitAck(ctx, 0, f.Version+1, f.Decision.Default, ackSink{o}); live.CodeOf(err) != live.CodeStale {
		t.Fatalf("stale SubmitAck = %v, want stale", err)
	}
	if l := o.take(); len(l) != 0 {
		t.Fatalf("a refused answer told the sinks %v, want nothing", l)
	}

	ack, err := h.SubmitAck(ctx, 0, f.Version, f.Decision.Default, ackSink{o})
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-o.flushed:
	case <-time.After(10 * time.Second):
		t.Fatal("the AckSink was never flushed")
	}
	want := []string{fmt.Sprintf("ack %d", ack.Now), fmt.Sprintf("frame %d", ack.Now), "flush frames", "flush ack"}
	if got := o.take(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("the host told the sinks %v, want %v", got, want)
	}
}

// TestLastFrameAfterFinish: when a subscriber gets the frame with the
// result, the end of the match is recorded already: its record is
// finished and its replay can be had at once (issue 5: a client that sees
// the result may ask for the replay, its history or its level).
func TestLastFrameAfterFinish(t *testing.T) {
	e := newEnv(t)
	e.config = short
	h, sub := e.humanVsBot(t, 11)
	ctx := context.Background()
	for {
		f, ok := next(t, sub)
		if !ok {
			t.Fatal("the subscription closed before the result")
		}
		if f.Result != nil {
			break
		}
		if _, err := h.Submit(ctx, 0, f.Version, f.Decision.Default); err != nil && live.CodeOf(err) != live.CodeStale {
			t.Fatal(err)
		}
	}
	rec, err := e.st.Match(ctx, h.ID())
	if err != nil || rec.Live() {
		t.Fatalf("at the result frame the match record is live %v (%v), want finished", rec.Live(), err)
	}
	if _, err := live.ReplayOf(ctx, e.st, e.lookup, h.ID()); err != nil {
		t.Fatalf("ReplayOf at the result frame = %v", err)
	}
}
