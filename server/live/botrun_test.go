package live_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"tabletop/bots"
	"tabletop/engine"
	"tabletop/server/live"
)

// gateBot is a searching bot (it asks for views) that thinks until its
// gate opens, then answers like a random bot.
type gateBot struct {
	gate  <-chan struct{}
	calls *atomic.Int32
	inner bots.Bot
}

func (b *gateBot) Step(obs bots.Observation) engine.Answer {
	b.calls.Add(1)
	<-b.gate
	return b.inner.Step(obs)
}

// TestSlowBotDoesNotBlock: while a stand-in bot thinks, the host still
// answers Since, Subscribe, Join and Submit; the bot's answer, computed
// against a version that has passed, is dropped (issue 5: bots off the
// host goroutine).
func TestSlowBotDoesNotBlock(t *testing.T) {
	e := newEnv(t)
	gate := make(chan struct{})
	var calls atomic.Int32
	e.cfg.StandIn = "slow"
	e.cfg.NewBot = func(g engine.Game, level string, seed uint64, seat engine.Seat) (bots.Bot, error) {
		if level == "slow" {
			return &gateBot{gate: gate, calls: &calls, inner: bots.NewRandom(seed, seat)}, nil
		}
		return bots.New(g, level, seed, seat)
	}
	e.config = short
	h, sub := e.humanVsBot(t, 31)
	ctx := context.Background()
	f, ok := next(t, sub)
	if !ok || f.Decision == nil {
		t.Fatalf("no decision for seat 0: %+v", f)
	}
	if err := h.Leave(ctx, 0); err != nil {
		t.Fatal(err)
	}
	for end := time.Now().Add(10 * time.Second); calls.Load() == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(end) {
			t.Fatal("the stand-in never started thinking")
		}
	}

	// The bot is stuck in Step; the host is not.
	quick, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	g, err := h.Since(quick, 0, 0)
	if err != nil || g.Version != f.Version || g.Decision != nil {
		t.Fatalf("Since while the bot thinks = version %d, decision %v, %v; want version %d, no decision", g.Version, g.Decision, err, f.Version)
	}
	spec, err := h.Subscribe(quick, engine.Spectator, f.Version)
	if err != nil {
		t.Fatalf("Subscribe while the bot thinks: %v", err)
	}
	if first := <-spec.C; first.Version != f.Version || len(first.Steps) != 0 {
		t.Errorf("spectator's first frame: version %d with %d steps, want %d with none", first.Version, len(first.Steps), f.Version)
	}
	if err := h.Join(quick, 0); err != nil {
		t.Fatalf("Join while the bot thinks: %v", err)
	}
	g, err = h.Since(quick, 0, f.Version)
	if err != nil || g.Decision == nil {
		t.Fatalf("after Join: decision %v, %v, want seat 0's", g.Decision, err)
	}
	text := g.Decision.Answers[len(g.Decision.Answers)-1]
	if _, err := h.Submit(quick, 0, f.Version, text); err != nil {
		t.Fatalf("Submit while the bot thinks: %v", err)
	}

	close(gate) // the stale search ends now; its answer must be dropped
	if err := h.Concede(ctx, 0); err != nil && live.CodeOf(err) != live.CodeClosed {
		t.Fatal(err)
	}
	<-h.Done()
	rec := e.checkFinished(h.ID(), 0)
	if a := rec.Answers[f.Version]; a.Seat != 0 || a.Text != text {
		t.Errorf("answer %d = %+v, want seat 0's %q (the human's, not the stale bot's)", f.Version+1, a, text)
	}
	if calls.Load() < 2 {
		t.Errorf("the conceded seat's stand-in thought %d times, want at least 2 searches in all", calls.Load())
	}
}
