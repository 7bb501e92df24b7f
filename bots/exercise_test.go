package bots_test

import (
	"fmt"
	"testing"

	"tabletop/bots"
	"tabletop/bots/bottest"
	"tabletop/engine"
	"tabletop/games/realigious"
)

// TestExercise plays small seeded Realigious matches with every bot on
// every seat and fails on any illegal answer or unfinished match.
func TestExercise(t *testing.T) {
	g := realigious.New()
	tests := []struct {
		name  string
		games int
		make  func(seat engine.Seat, seed uint64) bots.Bot
	}{
		{"random", 3, func(seat engine.Seat, seed uint64) bots.Bot { return bots.NewRandom(seed, seat) }},
		{"heuristic", 2, func(seat engine.Seat, seed uint64) bots.Bot {
			return bots.NewHeuristic(g, seed, seat, bots.HeuristicOptions{Samples: 2})
		}},
		{"ismcts", 1, func(seat engine.Seat, seed uint64) bots.Bot {
			return mustISMCTS(t, g, seed, seat, bots.ISMCTSOptions{Iterations: 30, Determinizations: 8})
		}},
		{"levels", 1, func(seat engine.Seat, seed uint64) bots.Bot {
			level := bots.Levels()[1+int(seat)] // easy, normal (, hard, expert)
			b, err := bots.New(g, level, seed, seat)
			if err != nil {
				t.Fatal(err)
			}
			return b
		}},
	}
	for _, tt := range tests {
		for _, players := range []int{2, 4} {
			t.Run(fmt.Sprintf("%s/players=%d", tt.name, players), func(t *testing.T) {
				for i, r := range bottest.Exercise(t, g, smallConfig, players, tt.games, tt.make) {
					t.Logf("seed %d: winner %d (%s)", i+1, r.Winner, r.How)
				}
			})
		}
	}
}
