package realigious

import (
	"testing"

	"tabletop/engine"
)

// Tests of resources (spec section 6, REL-300-330) that need Go rather than
// a scenario: every seat's view of the starting resources, and the fairness
// of the generated allotments. The rest of section 6 is pinned by the
// scenarios testdata/scenarios/prop-*.json: rewards and their bonuses
// (prop-reward-*.json, prop-combat-*.json), the declaration costs
// (prop-declaration-*.json), Religious victory (prop-religious-victory.json)
// and the floor at zero (prop-reputation-floor.json,
// prop-combat-capped-loss.json).

// TestResStartingResources checks the starting resources of every seat
// (REL-304, GAP-01) and that each category is a public number (REL-301,
// REL-311).
func TestResStartingResources(t *testing.T) {
	for players := 2; players <= 4; players++ {
		for _, seed := range []uint64{1, 2, 99} {
			g := New()
			c, err := g.ParseConfig(nil, players) // random religions, characters and climate
			if err != nil {
				t.Fatal(err)
			}
			s := g.NewState(c, seed)
			for i := range s.players {
				pl := &s.players[i]
				if pl.res != [numResources]int32{0, 500, 500} { // REL-304, GAP-01: 0 followers, 500 donations, 500 influence
					t.Errorf("%dp seed %d seat %d: starting resources %v, want [0 500 500]", players, seed, i, pl.res)
				}
				if pl.rep != 50 { // GAP-01: at 50% reputation
					t.Errorf("%dp seed %d seat %d: reputation %d, want 50", players, seed, i, pl.rep)
				}
				for viewer := 0; viewer < players; viewer++ {
					pv := s.view(engine.Seat(viewer)).Players[i]
					// REL-301, REL-311: followers, donations and influence are
					// counted apart, as numbers every seat sees.
					if pv.Followers != 0 || pv.Donations != 500 || pv.Influence != 500 {
						t.Errorf("%dp seed %d: seat %d sees seat %d with %d/%d/%d", players, seed, viewer, i, pv.Followers, pv.Donations, pv.Influence)
					}
				}
			}
		}
	}
}

// TestResAllotmentFairness checks minimum fairness (REL-320): tiles of the same
// kind hold the same allotment, and the plain tiles, which take the
// remainder of the deposit in steps of 10 (GAP-02 (3)), differ by at most
// one step. A structure that is worth more of a resource holds more of it.
func TestResAllotmentFairness(t *testing.T) {
	for _, gc := range genCases(t) {
		t.Run(gc.name, func(t *testing.T) {
			first := map[Structure][numResources]int32{}
			var lo, hi [numResources]int32
			havePlain := false
			for i, tile := range gc.tiles {
				if !tile.Terrain.Contactable() || tile.Structure.LocalGovernment() {
					continue
				}
				if tile.Structure == NoStructure {
					if !havePlain {
						lo, hi, havePlain = tile.Alloc, tile.Alloc, true
					}
					for r := range numResources {
						lo[r], hi[r] = min(lo[r], tile.Alloc[r]), max(hi[r], tile.Alloc[r])
					}
					continue
				}
				if a, ok := first[tile.Structure]; !ok {
					first[tile.Structure] = tile.Alloc
				} else if a != tile.Alloc { // REL-320: same value, same amount
					t.Errorf("REL-320: tile %d (%s) holds %v, another %s holds %v", i, tile.Structure, tile.Alloc, tile.Structure, a)
				}
			}
			for r := range numResources {
				if hi[r]-lo[r] > 10 { // REL-320, GAP-02 (3): at most one remainder step apart
					t.Errorf("REL-320: plain %s from %d to %d", Resource(r), lo[r], hi[r])
				}
			}
			for s, r := range map[Structure]Resource{House: Followers, Building: Donations, Office: Influence} {
				if first[s][r] <= hi[r] { // REL-320: more value, more resources
					t.Errorf("REL-320: %s %s %d not above plain %d", s, Resource(r), first[s][r], hi[r])
				}
			}
		})
	}
}
