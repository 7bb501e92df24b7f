package bots_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"tabletop/bots"
	"tabletop/engine"
	"tabletop/games/realigious"
)

// preparing wraps Realigious with a ViewPreparer that counts its calls.
type preparing struct {
	*realigious.Game
	fail             error // returned by PrepareView when set
	prepares, draws  int
	lastView         []byte
	lastSeat         engine.Seat
	sampleViewCalled bool
}

func (p *preparing) PrepareView(view []byte, seat engine.Seat) (func(r *rand.PCG) (engine.State, error), error) {
	p.prepares++
	p.lastView, p.lastSeat = view, seat
	if p.fail != nil {
		return nil, p.fail
	}
	return func(r *rand.PCG) (engine.State, error) {
		p.draws++
		return p.Game.SampleView(view, seat, r)
	}, nil
}

func (p *preparing) SampleView(view []byte, seat engine.Seat, r *rand.PCG) (engine.State, error) {
	p.sampleViewCalled = true
	return p.Game.SampleView(view, seat, r)
}

// TestViewPreparer checks that the search bots prepare a view once per
// decision when the game can, draw from it as they would from SampleView
// (same answers), and report a failing preparation.
func TestViewPreparer(t *testing.T) {
	g := realigious.New()
	_, obs := position(t, g, nil, 3, 4, 60)
	tests := []struct {
		name  string
		make  func(g bots.SearchGame) bots.Bot
		draws int
	}{
		{"heuristic", func(g bots.SearchGame) bots.Bot {
			return bots.NewHeuristic(g, 3, obs.Seat, bots.HeuristicOptions{Samples: 3})
		}, 3},
		{"ismcts/fresh", func(g bots.SearchGame) bots.Bot {
			return mustISMCTS(t, g, 3, obs.Seat, bots.ISMCTSOptions{Iterations: 25})
		}, 25},
		{"ismcts/pool", func(g bots.SearchGame) bots.Bot {
			return mustISMCTS(t, g, 3, obs.Seat, bots.ISMCTSOptions{Iterations: 25, Determinizations: 4})
		}, 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &preparing{Game: g}
			got := tt.make(p).Step(obs)
			if p.prepares != 1 || p.draws != tt.draws || p.sampleViewCalled {
				t.Errorf("PrepareView called %d times, drawn from %d times, SampleView called: %v; want 1, %d, false",
					p.prepares, p.draws, p.sampleViewCalled, tt.draws)
			}
			if p.lastSeat != obs.Seat || string(p.lastView) != string(obs.View) {
				t.Errorf("PrepareView got seat %d and another view, want seat %d and the observation's", p.lastSeat, obs.Seat)
			}
			if want := tt.make(g).Step(obs); got != want {
				t.Errorf("Step with a preparer = %d, without = %d, want the same", got, want)
			}
			p = &preparing{Game: g, fail: errors.New("no such view")}
			b := tt.make(p)
			b.Step(obs)
			if err := b.(interface{ Err() error }).Err(); !errors.Is(err, p.fail) {
				t.Errorf("Err() after a failing PrepareView = %v, want it to wrap %v", err, p.fail)
			}
		})
	}
}
