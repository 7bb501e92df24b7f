package bots_test

import (
	"testing"

	"tabletop/bots"
	"tabletop/bots/bottest"
	"tabletop/engine"
	"tabletop/games/realigious"
)

// TestHeuristicBeatsRandom plays seeded 2-player matches on a small map,
// the heuristic bot on seat 0 for odd seeds and on seat 1 for even ones,
// and wants it to win most of them. It is a strength check, not a timed
// test.
func TestHeuristicBeatsRandom(t *testing.T) {
	if testing.Short() {
		t.Skip("strength check in -short mode")
	}
	g := realigious.New()
	const games = 20
	config := []byte(`{"size":7,"cycle_limit":30}`)
	wins, losses, draws := 0, 0, 0
	for seed := uint64(1); seed <= games; seed++ {
		hseat := engine.Seat(seed % 2)
		r, err := bottest.Play(g, config, 2, seed, func(seat engine.Seat, seed uint64) bots.Bot {
			if seat == hseat {
				return bots.NewHeuristic(g, seed, seat, bots.HeuristicOptions{})
			}
			return bots.NewRandom(seed, seat)
		})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		switch r.Winner {
		case hseat:
			wins++
		case engine.NoSeat:
			draws++
		default:
			losses++
		}
		t.Logf("seed %d: heuristic on seat %d, winner %d (%s)", seed, hseat, r.Winner, r.How)
	}
	t.Logf("heuristic vs random: %d wins, %d losses, %d draws of %d", wins, losses, draws, games)
	if wins <= games/2 {
		t.Errorf("heuristic won %d of %d matches against random, want a majority", wins, games)
	}
}
