package bots_test

import (
	"fmt"
	"testing"

	"tabletop/bots"
	"tabletop/games/realigious"
)

// midgameSteps is how far into a 4-player match (default config) the
// benchmarks' position lies.
const midgameSteps = 300

// BenchmarkISMCTSIterations measures ISMCTS search on a 4-player Realigious
// midgame: one op is one Step of 300 iterations (the "hard" budget), and
// iterations/s counts one iteration as sample (or copy of a pooled sample)
// + select + expand + rollout of 20 seat decisions (or to the end) +
// evaluate + backpropagate.
func BenchmarkISMCTSIterations(b *testing.B) {
	g := realigious.New()
	_, obs := position(b, g, nil, 4, 7, midgameSteps)
	for _, pool := range []int{0, 32} {
		b.Run(fmt.Sprintf("determinizations=%d", pool), func(b *testing.B) {
			bot := mustISMCTS(b, g, 1, obs.Seat, bots.ISMCTSOptions{Iterations: 300, Determinizations: pool})
			iters := 0
			b.ReportAllocs()
			for b.Loop() {
				bot.Step(obs)
				iters += bot.Iterations()
			}
			if err := bot.Err(); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(iters)/b.Elapsed().Seconds(), "iterations/s")
		})
	}
}

// BenchmarkHeuristicStep measures one Step of the heuristic bot ("normal":
// 8 determinizations, chance by expectation) on the same position.
func BenchmarkHeuristicStep(b *testing.B) {
	g := realigious.New()
	_, obs := position(b, g, nil, 4, 7, midgameSteps)
	for _, k := range []int{1, 8} {
		b.Run(fmt.Sprintf("samples=%d", k), func(b *testing.B) {
			bot := bots.NewHeuristic(g, 1, obs.Seat, bots.HeuristicOptions{Samples: k})
			b.ReportAllocs()
			for b.Loop() {
				bot.Step(obs)
			}
			if err := bot.Err(); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(len(obs.Legal)), "answers")
		})
	}
}
