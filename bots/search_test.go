package bots_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"tabletop/bots"
	"tabletop/engine"
	"tabletop/games/realigious"
)

func TestNewISMCTSOptions(t *testing.T) {
	g := game(t)
	tests := []struct {
		name    string
		opts    bots.ISMCTSOptions
		wantErr string
	}{
		{name: "iterations", opts: bots.ISMCTSOptions{Iterations: 10}},
		{name: "time", opts: bots.ISMCTSOptions{Time: time.Millisecond}},
		{name: "tuned", opts: bots.ISMCTSOptions{Iterations: 10, Exploration: 1.4, Rollout: 5, Determinizations: 4}},
		{name: "neither", opts: bots.ISMCTSOptions{}, wantErr: "exactly one"},
		{name: "both", opts: bots.ISMCTSOptions{Iterations: 10, Time: time.Second}, wantErr: "exactly one"},
		{name: "negative iterations", opts: bots.ISMCTSOptions{Iterations: -1, Time: time.Second}, wantErr: "exactly one"},
		{name: "negative rollout", opts: bots.ISMCTSOptions{Iterations: 10, Rollout: -1}, wantErr: "negative"},
		{name: "negative pool", opts: bots.ISMCTSOptions{Iterations: 10, Determinizations: -1}, wantErr: "negative"},
		{name: "negative exploration", opts: bots.ISMCTSOptions{Iterations: 10, Exploration: -1}, wantErr: "negative"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := bots.NewISMCTS(g, 1, 0, tt.opts)
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("NewISMCTS(%+v) error = %v, want nil", tt.opts, err)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("NewISMCTS(%+v) error = %v, want one containing %q", tt.opts, err, tt.wantErr)
			}
		})
	}
}

// searchBots lists the search bots under test, made for one seed and seat.
var searchBots = []struct {
	name string
	make func(tb testing.TB, g bots.SearchGame, seed uint64, seat engine.Seat) bots.Bot
}{
	{"heuristic/K=1", func(tb testing.TB, g bots.SearchGame, seed uint64, seat engine.Seat) bots.Bot {
		return bots.NewHeuristic(g, seed, seat, bots.HeuristicOptions{Samples: 1})
	}},
	{"heuristic/default", func(tb testing.TB, g bots.SearchGame, seed uint64, seat engine.Seat) bots.Bot {
		return bots.NewHeuristic(g, seed, seat, bots.HeuristicOptions{})
	}},
	{"heuristic/absolute,sampled-chance", func(tb testing.TB, g bots.SearchGame, seed uint64, seat engine.Seat) bots.Bot {
		return bots.NewHeuristic(g, seed, seat, bots.HeuristicOptions{Samples: 3, ChanceDepth: -1, Absolute: true})
	}},
	{"ismcts/fresh", func(tb testing.TB, g bots.SearchGame, seed uint64, seat engine.Seat) bots.Bot {
		return mustISMCTS(tb, g, seed, seat, bots.ISMCTSOptions{Iterations: 40})
	}},
	{"ismcts/pool", func(tb testing.TB, g bots.SearchGame, seed uint64, seat engine.Seat) bots.Bot {
		return mustISMCTS(tb, g, seed, seat, bots.ISMCTSOptions{Iterations: 60, Determinizations: 8, Rollout: 5})
	}},
}

func mustISMCTS(tb testing.TB, g bots.SearchGame, seed uint64, seat engine.Seat, opts bots.ISMCTSOptions) *bots.ISMCTS {
	tb.Helper()
	b, err := bots.NewISMCTS(g, seed, seat, opts)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// TestSearchDeterministic checks that a search bot's answers depend only on
// its seed, seat and observations: two bots made alike answer a series of
// observations alike.
func TestSearchDeterministic(t *testing.T) {
	g := realigious.New()
	var obs []bots.Observation
	for i := range 6 {
		_, o := position(t, g, nil, 2+i%3, uint64(10+i), 40*i)
		obs = append(obs, o)
	}
	for _, sb := range searchBots {
		t.Run(sb.name, func(t *testing.T) {
			run := func() []engine.Answer {
				b := sb.make(t, g, 77, 0)
				var out []engine.Answer
				for _, o := range obs {
					out = append(out, b.Step(o))
				}
				return out
			}
			first, second := run(), run()
			if !slices.Equal(first, second) {
				t.Errorf("answers %v then %v, want the same", first, second)
			}
			for i, a := range first {
				if !slices.Contains(obs[i].Legal, a) {
					t.Errorf("observation %d: answer %d not in %v", i, a, obs[i].Legal)
				}
			}
		})
	}
}

// TestSearchWithoutView checks that a search bot handed no view answers a
// legal answer and reports ErrNoView.
func TestSearchWithoutView(t *testing.T) {
	g := realigious.New()
	_, obs := position(t, g, nil, 2, 1, 30)
	obs.View = nil
	for _, sb := range searchBots {
		t.Run(sb.name, func(t *testing.T) {
			b := sb.make(t, g, 1, obs.Seat)
			if bots.NeedsView(b) != true {
				t.Errorf("NeedsView(%T) = false, want true", b)
			}
			if a := b.Step(obs); !slices.Contains(obs.Legal, a) {
				t.Errorf("Step = %d, not in %v", a, obs.Legal)
			}
			err := b.(interface{ Err() error }).Err()
			if !errors.Is(err, bots.ErrNoView) {
				t.Errorf("Err() = %v, want %v", err, bots.ErrNoView)
			}
		})
	}
}

// TestSearchSingleAnswer checks that a decision with one legal answer is
// answered without searching.
func TestSearchSingleAnswer(t *testing.T) {
	g := realigious.New()
	for _, sb := range searchBots {
		t.Run(sb.name, func(t *testing.T) {
			b := sb.make(t, g, 1, 0)
			obs := bots.Observation{Seat: 0, Legal: []engine.Answer{42}} // no view: it must not be read
			if a := b.Step(obs); a != 42 {
				t.Errorf("Step(%v) = %d, want 42", obs.Legal, a)
			}
			if err := b.(interface{ Err() error }).Err(); err != nil {
				t.Errorf("Err() = %v, want nil", err)
			}
		})
	}
}

// TestISMCTSIterations checks the iteration count of an iteration budget.
func TestISMCTSIterations(t *testing.T) {
	g := realigious.New()
	_, obs := position(t, g, nil, 4, 5, 100)
	for _, n := range []int{1, 7, 100} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			b := mustISMCTS(t, g, 1, obs.Seat, bots.ISMCTSOptions{Iterations: n})
			b.Step(obs)
			if got := b.Iterations(); got != n {
				t.Errorf("Iterations() = %d, want %d", got, n)
			}
		})
	}
}
