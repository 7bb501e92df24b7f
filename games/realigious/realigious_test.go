package realigious

import (
	"errors"
	"fmt"
	"testing"

	"tabletop/engine"
	"tabletop/engine/enginetest"
)

// TestConformance runs the engine's conformance suite: random play to the
// end from many seeds, clone equivalence, encoding round trips, sorted legal
// answers, views for every seat, replays and untouched state on illegal
// answers (REL-002, REL-003: 2, 3 and 4 players).
func TestConformance(t *testing.T) {
	seeds := 12
	if testing.Short() {
		seeds = 4
	}
	enginetest.Run(t, New(), enginetest.Options{
		Seats:     []int{2, 3, 4},
		Seeds:     seeds,
		Config:    []byte(`{"cycle_limit":40}`), // cards make turns longer; 40 cycles keep the suite quick
		MaxSteps:  200000,
		Invariant: invariant,
	})
}

// TestConformanceClimates runs the suite once per climate on a small map.
func TestConformanceClimates(t *testing.T) {
	for _, c := range climateNames {
		t.Run(c, func(t *testing.T) {
			enginetest.Run(t, New(), enginetest.Options{
				Seats:     []int{2, 4},
				Seeds:     3,
				Config:    []byte(fmt.Sprintf(`{"climate":%q,"size":9,"cycle_limit":40}`, c)),
				MaxSteps:  200000,
				Invariant: invariant,
			})
		})
	}
}

// invariant checks rules that hold in every reachable state.
func invariant(st engine.State) error {
	s, ok := st.(*State)
	if !ok {
		return errors.New("not a *realigious.State")
	}
	for i := range s.players {
		pl := &s.players[i]
		if pl.rep < 0 || pl.rep > 100 { // GAP-13
			return fmt.Errorf("seat %d reputation %d outside [0, 100]", i, pl.rep)
		}
		for r, v := range pl.res { // GAP-67
			if v < 0 {
				return fmt.Errorf("seat %d %s = %d below 0", i, Resource(r), v)
			}
		}
		if pl.defeated != (pl.pos < 0) { // GAP-34
			return fmt.Errorf("seat %d defeated=%v but piece at %d", i, pl.defeated, pl.pos)
		}
		if pl.pos >= 0 && !s.tiles[pl.pos].Terrain.Contactable() && s.govs[targetMilitary].bribes == 0 { // REL-227, GAP-36
			return fmt.Errorf("seat %d piece on non-contactable tile %v", i, s.coord(int(pl.pos)))
		}
	}
	for t := range s.tiles {
		tile := &s.tiles[t]
		if tile.Owner >= 0 && (tile.Structure.LocalGovernment() || !tile.Terrain.Contactable()) { // GAP-36
			return fmt.Errorf("tile %v (%s) is owned", s.coord(t), tile.Structure)
		}
		if tile.Owner >= 0 && s.players[tile.Owner].defeated { // GAP-34
			return fmt.Errorf("tile %v owned by defeated seat %d", s.coord(t), tile.Owner)
		}
	}
	if s.phase == phaseRoll {
		if s.roll.r < int16(s.p.RateMin) || s.roll.r > int16(s.p.RateMax) { // REL-436, REL-557
			return fmt.Errorf("pending roll R = %d outside [%d, %d]", s.roll.r, s.p.RateMin, s.p.RateMax)
		}
	}
	if s.cycle > s.cycleLimit { // GAP-71
		return fmt.Errorf("cycle %d beyond the limit %d", s.cycle, s.cycleLimit)
	}
	return nil
}
