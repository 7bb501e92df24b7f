package realigious

import (
	"encoding/json"
	"slices"
	"testing"

	"tabletop/engine"
)

// Tiles and structures (REL-840-876).

// TestTerrainNames checks the eight tile kinds and their JSON names.
func TestTerrainNames(t *testing.T) {
	want := []string{"concrete", "stone", "grass", "soil", "snow", "ice", "sand", "water"}
	if int(numTerrains) != 8 { // REL-850: eight tile kinds
		t.Fatalf("%d terrain kinds, want 8", numTerrains)
	}
	for i, name := range want {
		b, err := json.Marshal(Terrain(i))
		if err != nil || string(b) != `"`+name+`"` { // REL-850: soil (흙) and snow (눈), GAP-44
			t.Errorf("Terrain(%d) = %s, want %q", i, b, name)
		}
		var back Terrain
		if err := json.Unmarshal(b, &back); err != nil || back != Terrain(i) {
			t.Errorf("Unmarshal(%s) = %v, %v", b, back, err)
		}
	}
	var bad Terrain
	if err := json.Unmarshal([]byte(`"lava"`), &bad); err == nil {
		t.Error("unknown terrain accepted")
	}
}

// TestClimatePools checks each climate's tile pool over many generated maps.
func TestClimatePools(t *testing.T) {
	cases := []struct {
		climate string
		pool    []Terrain
		id      string
	}{
		{"tropical", []Terrain{Grass, Soil, Water, Stone, Concrete}, "REL-846"},
		{"dry", []Terrain{Sand, Water, Stone, Concrete}, "REL-847"},
		{"temperate", []Terrain{Grass, Soil, Water, Stone, Concrete}, "REL-848"},
		{"cold", []Terrain{Soil, Water, Snow, Ice, Concrete}, "REL-849"},
	}
	seen := map[string]map[Terrain]bool{}
	for _, c := range cases {
		t.Run(c.climate, func(t *testing.T) {
			got := map[Terrain]bool{}
			for seed := uint64(0); seed < 20; seed++ {
				s := New().NewState(Config{NoCards: true, Size: 11, Climate: c.climate, CycleLimit: 10, Seats: make([]SeatConfig, 3)}, seed)
				for i := range s.tiles {
					got[s.tiles[i].Terrain] = true
				}
			}
			for tr := range got {
				if !slices.Contains(c.pool, tr) { // REL-845: each climate has its own pool
					t.Errorf("%s: %s not in the pool %v (%s)", c.climate, tr, c.pool, c.id)
				}
			}
			for _, tr := range c.pool {
				if !got[tr] { // REL-846-849 (GAP-44: all five listed tiles appear)
					t.Errorf("%s: pool tile %s never generated (%s)", c.climate, tr, c.id)
				}
			}
			seen[c.climate] = got
		})
	}
	// REL-845: not all eight tiles appear in any one climate.
	for climate, got := range seen {
		if len(got) >= int(numTerrains) {
			t.Errorf("%s uses all %d tile kinds", climate, len(got))
		}
	}
	// REL-847: the dry pool has 4 kinds, REL-848 and REL-849 have 5 (GAP-44).
	if len(seen["dry"]) != 4 || len(seen["temperate"]) != 5 || len(seen["cold"]) != 5 {
		t.Errorf("pool sizes dry %d temperate %d cold %d, want 4, 5, 5", len(seen["dry"]), len(seen["temperate"]), len(seen["cold"]))
	}
}

// TestMapPlacementIsRandomByRule checks that tiles are placed at random
// from the seed, under the generation rules (REL-844, GAP-04).
func TestMapPlacementIsRandomByRule(t *testing.T) {
	a := New().NewState(Config{NoCards: true, Size: 9, Climate: "tropical", CycleLimit: 10, Seats: make([]SeatConfig, 2)}, 1)
	b := New().NewState(Config{NoCards: true, Size: 9, Climate: "tropical", CycleLimit: 10, Seats: make([]SeatConfig, 2)}, 2)
	c := New().NewState(Config{NoCards: true, Size: 9, Climate: "tropical", CycleLimit: 10, Seats: make([]SeatConfig, 2)}, 1)
	if slices.Equal(a.tiles, b.tiles) { // REL-844: random placement
		t.Error("two seeds gave the same map")
	}
	if !slices.Equal(a.tiles, c.tiles) { // REL-844: by the seed, so replays re-create it
		t.Error("the same seed gave two maps")
	}
}

// TestTilesAreWhatPiecesContact checks that pieces stand on tiles and move
// tile to tile (REL-840).
func TestTilesAreWhatPiecesContact(t *testing.T) {
	s := ttNew(t, "tropical", 3, "islam/businessman", "islam/businessman")
	ttFlat(s)
	ttPut(t, s, 0, 4, 4)
	ttPut(t, s, 1, 0, 0)
	ttBegin(s, 0, 1)
	ttDo(t, s, "move e")
	if got := ttPos(s, 0); got != (Coord{5, 4}) { // REL-840: the piece is on a tile
		t.Fatalf("piece on %v, want {5 4}", got)
	}
}

// TestTileInteractionDiffersByTile checks that tiles differ in their
// interaction: trees hide, a mountain gives high ground, a local government
// is never propagated (REL-842).
func TestTileInteractionDiffersByTile(t *testing.T) {
	for _, c := range []struct {
		structure Structure
		check     func(*State) bool
		what      string
	}{
		{Trees, func(s *State) bool { return s.stealthed(0) }, "stealth"},
		{Mountain, func(s *State) bool { return s.highGround(0) }, "high ground"},
		{Police, func(s *State) bool { return s.phase != phaseRoll }, "no propagation"},
		{NoStructure, func(s *State) bool { return s.phase == phaseRoll }, "propagation"},
	} {
		t.Run(c.what, func(t *testing.T) {
			s := ttNew(t, "temperate", 4, "islam/businessman", "islam/businessman")
			ttFlat(s)
			s.climate = Tropical
			ttPut(t, s, 0, 4, 4)
			ttPut(t, s, 1, 0, 0)
			s.tiles[ttIdx(t, s, 5, 4)].Structure = c.structure
			ttBegin(s, 0, 1)
			ttDo(t, s, "move e")
			if !c.check(s) { // REL-842
				t.Errorf("contact with %q: no %s (phase %s)", c.structure, c.what, phaseKinds[s.phase])
			}
		})
	}
}

// TestStructuresShowTheirResource checks that a structure marks which
// resource its tile holds in quantity (REL-860, REL-862, REL-863, REL-865)
// and is shown to players (REL-861).
func TestStructuresShowTheirResource(t *testing.T) {
	main := map[Structure]Resource{House: Followers, Building: Donations, Office: Influence}
	for seed := uint64(0); seed < 10; seed++ {
		s := New().NewState(Config{NoCards: true, Size: 13, Climate: "temperate", CycleLimit: 10, Seats: make([]SeatConfig, 4)}, seed)
		plainMax := [numResources]int32{}
		for i := range s.tiles {
			tl := &s.tiles[i]
			if tl.Structure == NoStructure && tl.Terrain.Contactable() {
				for r := range plainMax {
					plainMax[r] = max(plainMax[r], tl.Alloc[r])
				}
			}
		}
		v := s.view(engine.Seat(0))
		for i := range s.tiles {
			tl := &s.tiles[i]
			if r, ok := main[tl.Structure]; ok && tl.Alloc[r] <= plainMax[r] {
				// REL-860, REL-862 (House: followers, GAP-02)
				t.Errorf("seed %d: %s tile %v holds %d %s, not above plain tiles' %d", seed, tl.Structure, s.coord(i), tl.Alloc[r], r, plainMax[r])
			}
			if tl.Structure != NoStructure && v.Tiles[i].Structure != tl.Structure { // REL-861: players see it
				t.Errorf("seed %d: view shows %q on %v, want %q", seed, v.Tiles[i].Structure, s.coord(i), tl.Structure)
			}
		}
	}
}

// TestPropagatingStructureGivesAllItsResources checks that owning a
// Building, an ordinary Office or a Church by propagation gives the whole
// allotment (REL-864, REL-867, REL-869, GAP-36).
func TestPropagatingStructureGivesAllItsResources(t *testing.T) {
	for _, c := range []struct {
		structure Structure
		id        string
	}{{Building, "REL-864"}, {Office, "REL-867"}, {Church, "REL-869"}} {
		t.Run(c.structure.String(), func(t *testing.T) {
			s := ttNew(t, "tropical", 5, "islam/explorer", "islam/explorer")
			ttFlat(s)
			ttPut(t, s, 0, 4, 4)
			ttPut(t, s, 1, 0, 0)
			s.players[0].turns = 3 // past the Explorer's first move
			s.players[0].bonusUsed = true
			tl := &s.tiles[ttIdx(t, s, 5, 4)]
			tl.Structure, tl.Alloc = c.structure, [numResources]int32{130, 470, 250}
			before := s.players[0].res
			ttBegin(s, 0, 1)
			s.players[0].turns = 3
			ttDo(t, s, "move e")
			ttDo(t, s, "success")
			for r := range before {
				if got := s.players[0].res[r] - before[r]; got != tl.Alloc[r] { // REL-864, REL-867, REL-869
					t.Errorf("%s: gained %d %s, want the whole allotment %d (%s)", c.structure, got, Resource(r), tl.Alloc[r], c.id)
				}
			}
			if tl.Owner != 0 {
				t.Errorf("%s: owner %d, want 0", c.structure, tl.Owner)
			}
		})
	}
}

// TestLocalGovernmentsAreNeverOwned checks the three local governments: one
// designated office, one police station, one military base on every map,
// never propagated and holding nothing (REL-866, REL-876, GAP-36).
func TestLocalGovernmentsAreNeverOwned(t *testing.T) {
	for seed := uint64(0); seed < 8; seed++ {
		s := New().NewState(Config{NoCards: true, Size: 11, Climate: "dry", CycleLimit: 10, Seats: make([]SeatConfig, 3)}, seed)
		count := map[Structure]int{}
		for i := range s.tiles {
			if st := s.tiles[i].Structure; st.LocalGovernment() {
				count[st]++
				if s.tiles[i].Alloc != [numResources]int32{} {
					t.Errorf("seed %d: %s holds %v", seed, st, s.tiles[i].Alloc)
				}
			}
		}
		if count[LocalOffice] != 1 { // REL-866: some offices are local governments
			t.Errorf("seed %d: %d designated offices, want 1", seed, count[LocalOffice])
		}
		if count[Police] != 1 || count[Military] != 1 { // REL-876: police and military are local governments
			t.Errorf("seed %d: %d police, %d military, want 1 each", seed, count[Police], count[Military])
		}
	}
	for _, st := range []Structure{LocalOffice, Police, Military} {
		t.Run(st.String(), func(t *testing.T) {
			s := ttNew(t, "tropical", 6, "islam/explorer", "islam/explorer")
			ttFlat(s)
			ttPut(t, s, 0, 4, 4)
			ttPut(t, s, 1, 0, 0)
			s.tiles[ttIdx(t, s, 5, 4)].Structure = st
			ttBegin(s, 0, 1)
			s.players[0].turns = 3
			ttDo(t, s, "move e")
			if s.phase == phaseRoll || s.tiles[ttIdx(t, s, 5, 4)].Owner != -1 { // REL-866, REL-876, GAP-36
				t.Errorf("%s was propagated (phase %s)", st, phaseKinds[s.phase])
			}
		})
	}
}
