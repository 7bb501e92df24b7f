package live_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/games/realigious"
	"tabletop/server/live"
	"tabletop/store"
	"tabletop/store/memory"
)

// discardSink is a live.Sink that counts what it is given, as a server's
// connection would after copying it into its frame.
type discardSink struct {
	frames, bytes int
	next          chan<- turn // gets the frames that pose a decision or end the match
}

// turn is what the benchmark needs of a frame that poses a decision,
// taken while Frame runs: the host reuses a Sink frame's decision.
type turn struct {
	seat    engine.Seat
	version int
	answer  string // the default; "" when the match is over
}

func (s *discardSink) Frame(f live.Frame) bool {
	s.frames++
	s.bytes += len(f.View) + len(f.ViewPatch)
	for _, st := range f.Steps {
		s.bytes += len(st.Events)
	}
	switch {
	case f.Decision != nil:
		s.next <- turn{f.Seat, f.Version, f.Decision.Default}
	case f.Result != nil && f.Seat == 0:
		s.next <- turn{}
	}
	return true
}

func (s *discardSink) Closed() {}

// BenchmarkHostAnswer measures what a live match costs the server per
// answer, apart from the store's write and the sockets: recording the
// step's events for every audience, every seat's view and patch, and a
// frame per subscriber. Four human seats on the default 4-player map,
// each subscribed with view patches (protocol 2); one op is one answer
// (the chance steps it leads to included). A match that ends is replaced
// by the next seed's.
func BenchmarkHostAnswer(b *testing.B) { benchHostAnswer(b, 0) }

// BenchmarkHostAnswerDeadlines is BenchmarkHostAnswer with a turn time,
// as a server runs: every step also sets the deadline's timer.
func BenchmarkHostAnswerDeadlines(b *testing.B) { benchHostAnswer(b, time.Minute) }

func benchHostAnswer(b *testing.B, turnTime time.Duration) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, seats := benchSeats(ctx, b)
	cfg := live.Config{Store: st, TurnTime: turnTime}
	var (
		h     *live.Host
		sinks []*discardSink
		seed  uint64
		stop  = func() {}
		next  = make(chan turn, 8)
	)
	start := func() {
		stop()
		seed++
		var err error
		h, err = live.Create(ctx, cfg, live.MatchSpec{Game: realigious.New(), Seats: seats, Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		hctx, cancel := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() { h.Run(hctx); close(done) }()
		stop = func() { cancel(); <-done }
		sinks = sinks[:0]
		for s := range 4 {
			sink := &discardSink{next: next}
			if _, err := h.SubscribeSink(ctx, engine.Seat(s), 0, true, sink); err != nil {
				b.Fatal(err)
			}
			sinks = append(sinks, sink)
		}
	}
	start()
	frames, bytes := 0, 0
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		f := <-next
		if f.answer == "" { // over
			stop()
			for _, s := range sinks {
				frames, bytes = frames+s.frames, bytes+s.bytes
			}
			start()
			continue
		}
		if _, err := h.Submit(ctx, f.seat, f.version, f.answer); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	stop()
	for _, s := range sinks {
		frames, bytes = frames+s.frames, bytes+s.bytes
	}
	b.ReportMetric(float64(bytes)/float64(max(frames, 1)), "B/frame")
}

// BenchmarkHostAnswerMany is BenchmarkHostAnswer with the answers going
// round a thousand live matches, as a busy server's do: each step finds
// its match's views, trackers and history out of the processor's caches,
// which a single match's benchmark never does (a loaded server spent four
// times the single match's time per view). Each match first plays 40
// answers, so that its views have grown past the opening's.
func BenchmarkHostAnswerMany(b *testing.B) {
	const matches, warm = 1000, 40
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	st, seats := benchSeats(ctx, b)
	cfg := live.Config{Store: st, TurnTime: time.Minute}
	type match struct {
		h    *live.Host
		next chan turn
		stop func()
	}
	seed := uint64(0)
	start := func(m *match) {
		if m.stop != nil {
			m.stop()
		}
		seed++
		h, err := live.Create(ctx, cfg, live.MatchSpec{Game: realigious.New(), Seats: seats, Seed: seed})
		if err != nil {
			b.Fatal(err)
		}
		hctx, cancel := context.WithCancel(ctx)
		done := make(chan struct{})
		go func() { h.Run(hctx); close(done) }()
		m.h, m.next = h, make(chan turn, 8)
		m.stop = func() { cancel(); <-done }
		for s := range 4 {
			if _, err := h.SubscribeSink(ctx, engine.Seat(s), 0, true, &discardSink{next: m.next}); err != nil {
				b.Fatal(err)
			}
		}
	}
	answer := func(m *match) {
		f := <-m.next
		if f.answer == "" { // over
			start(m)
			f = <-m.next
		}
		if _, err := m.h.Submit(ctx, f.seat, f.version, f.answer); err != nil {
			b.Fatal(err)
		}
	}
	all := make([]match, matches)
	for i := range all {
		start(&all[i])
	}
	for range warm {
		for i := range all {
			answer(&all[i])
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		answer(&all[i%matches])
	}
	b.StopTimer()
	for i := range all {
		all[i].stop()
	}
}

// benchSeats returns a memory store with four guests and their seats.
func benchSeats(ctx context.Context, b *testing.B) (store.Store, []live.SeatSpec) {
	st := memory.NewDB().Open()
	var seats []live.SeatSpec
	for i := range 4 {
		a, err := st.CreateGuest(ctx, store.Profile{DisplayName: fmt.Sprint("P", i)})
		if err != nil {
			b.Fatal(err)
		}
		seats = append(seats, live.SeatSpec{Account: a.ID})
	}
	return st, seats
}
