package loadtest

import (
	"context"
	"testing"
	"time"
)

// TestFrameTimedAtReceipt: an answer is timed to the moment the
// connection's reader had the frame that carries its step (the bar's
// "receiving the resulting update", issue 5), not to when the bot's
// goroutine got round to it; a frame that starts after the answer's
// version (a catch-up that skipped it) times nothing, and answers to
// later versions wait for their own frame.
func TestFrameTimedAtReceipt(t *testing.T) {
	sent := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	r := &runner{}
	b := &seatBot{m: &matchRun{runner: r}, match: 7, answered: 5,
		out: []sentAnswer{{version: 3, at: sent}, {version: 4, at: sent}, {version: 5, at: sent}}}
	b.onFrame(context.Background(), frame{Match: 7, From: 4, Version: 5}, sent.Add(12*time.Millisecond))
	s := r.st.AnswerFrame.Total.Snapshot(false)
	if s.N != 1 || s.Max != 12*time.Millisecond {
		t.Errorf("timed %d answers, longest %v; want the version-4 answer at 12ms (version 3 was skipped)", s.N, s.Max)
	}
	if len(b.out) != 1 || b.out[0].version != 5 {
		t.Errorf("still waiting for %+v, want the version-5 answer", b.out)
	}
	b.onFrame(context.Background(), frame{Match: 8, From: 5, Version: 6}, sent.Add(time.Second))
	if s := r.st.AnswerFrame.Total.Snapshot(false); s.N != 1 {
		t.Errorf("another match's frame timed an answer: %d timed", s.N)
	}
}
