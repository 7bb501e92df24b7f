package bots_test

import (
	"math/rand/v2"
	"testing"

	"tabletop/bots"
	"tabletop/engine"
	"tabletop/games/realigious"
)

// smallConfig is a small, short Realigious match for tests.
var smallConfig = []byte(`{"size":7,"cycle_limit":6}`)

// position plays a seeded match of g at random for about steps answers and
// returns the state at the next seat decision with several legal answers,
// with that seat's observation.
func position(tb testing.TB, g engine.Game, config []byte, players int, seed uint64, steps int) (engine.State, bots.Observation) {
	tb.Helper()
	m, err := engine.NewMatch(g, config, players, seed)
	if err != nil {
		tb.Fatal(err)
	}
	m.SetHashing(false)
	r := rand.NewPCG(seed, 1)
	for i := 0; ; i++ {
		st := m.State()
		if st.Terminal() {
			tb.Fatalf("match of seed %d ended after %d answers, before a position was found", seed, m.Steps())
		}
		d := st.Pending()
		if d.Seat == engine.Chance {
			if _, err := m.ResolveChance(); err != nil {
				tb.Fatal(err)
			}
			continue
		}
		legal := st.Legal(nil)
		if i >= steps && len(legal) > 1 {
			obs, err := bots.Observe(st, d.Seat, true)
			if err != nil {
				tb.Fatal(err)
			}
			return st, obs
		}
		if _, err := m.Apply(legal[engine.IntN(r, len(legal))]); err != nil {
			tb.Fatal(err)
		}
	}
}

// game returns the Realigious game as a bots.SearchGame.
func game(tb testing.TB) bots.SearchGame {
	tb.Helper()
	var g engine.Game = realigious.New()
	sg, ok := g.(bots.SearchGame)
	if !ok {
		tb.Fatalf("%T does not implement bots.SearchGame", g)
	}
	return sg
}
