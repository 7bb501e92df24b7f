package realigious

import (
	"fmt"
	"slices"
	"testing"

	"tabletop/engine"
)

var mapgenSeeds = []uint64{1, 2, 3, 42, 1234567, 0xDEADBEEF}

// genCase is one generated map of the table every map test walks.
type genCase struct {
	name    string
	p       Params
	geo     *geometry
	climate Climate
	players int
	seed    uint64
	tiles   []Tile
	starts  []int16
}

// genCases generates a map for every climate × {2,3,4} players × seed.
func genCases(t *testing.T) []genCase {
	t.Helper()
	var out []genCase
	for c := Climate(0); c < numClimates; c++ {
		for players := 2; players <= 4; players++ {
			for _, seed := range mapgenSeeds {
				p := DefaultParams()
				n := p.MapSize[players-2]
				geo := newGeometry(n, n)
				rng := engine.SeedPCG(seed, 1)
				tiles, starts := generateMap(&p, geo, c, players, &rng)
				out = append(out, genCase{
					name:    fmt.Sprintf("%s/%dp/seed%d", c, players, seed),
					p:       p,
					geo:     geo,
					climate: c,
					players: players,
					seed:    seed,
					tiles:   tiles,
					starts:  starts,
				})
			}
		}
	}
	return out
}

func mgNeighbourCount(geo *geometry, t int) int {
	n := 0
	for d := Dir(0); d < numDirs; d++ {
		if geo.neighbour(t, d) >= 0 {
			n++
		}
	}
	return n
}

func mgOnEdge(geo *geometry, t int) bool {
	col, row := geo.colRow(t)
	return col == 0 || row == 0 || col == geo.w-1 || row == geo.h-1
}

func TestHexAdjacency(t *testing.T) {
	geo := newGeometry(9, 9)
	tests := []struct {
		name     string
		col, row int
		want     map[Dir][2]int // direction -> (col, row); missing = off the map
	}{
		// REL-221: an interior tile has six neighbours; odd-r layout (GAP-03).
		{"REL-221/even-row interior", 4, 4, map[Dir][2]int{
			DirE: {5, 4}, DirW: {3, 4}, DirNE: {4, 3}, DirNW: {3, 3}, DirSE: {4, 5}, DirSW: {3, 5},
		}},
		{"REL-221/odd-row interior", 4, 3, map[Dir][2]int{
			DirE: {5, 3}, DirW: {3, 3}, DirNE: {5, 2}, DirNW: {4, 2}, DirSE: {5, 4}, DirSW: {4, 4},
		}},
		// REL-222: a corner has fewer than six neighbours.
		{"REL-222/top-left corner", 0, 0, map[Dir][2]int{DirE: {1, 0}, DirSE: {0, 1}}},
		{"REL-222/bottom-right corner", 8, 8, map[Dir][2]int{DirW: {7, 8}, DirNW: {7, 7}, DirNE: {8, 7}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tile := geo.index(tc.col, tc.row)
			for d := Dir(0); d < numDirs; d++ {
				got := geo.neighbour(tile, d)
				want := -1
				if cr, ok := tc.want[d]; ok {
					want = geo.index(cr[0], cr[1])
				}
				if got != want {
					t.Errorf("neighbour %s = %d, want %d", d, got, want)
				}
				if got >= 0 {
					if dist := geo.distance(tile, got); dist != 1 {
						t.Errorf("distance to %s neighbour = %d, want 1", d, dist)
					}
					if back := geo.neighbour(got, d.Opposite()); back != tile {
						t.Errorf("neighbour %s of %s neighbour = %d, want %d", d.Opposite(), d, back, tile)
					}
				}
			}
			if n := mgNeighbourCount(geo, tile); n != len(tc.want) {
				t.Errorf("neighbours = %d, want %d", n, len(tc.want))
			}
		})
	}
	t.Run("REL-221/every interior tile has 6", func(t *testing.T) {
		for tile := 0; tile < geo.tiles(); tile++ {
			if !mgOnEdge(geo, tile) && mgNeighbourCount(geo, tile) != 6 { // REL-221
				t.Errorf("interior tile %d has %d neighbours", tile, mgNeighbourCount(geo, tile))
			}
		}
	})
}

func TestGenerateMapDeterministic(t *testing.T) {
	for _, gc := range genCases(t) {
		t.Run(gc.name, func(t *testing.T) {
			rng := engine.SeedPCG(gc.seed, 1)
			tiles, starts := generateMap(&gc.p, gc.geo, gc.climate, gc.players, &rng)
			if !slices.Equal(tiles, gc.tiles) || !slices.Equal(starts, gc.starts) {
				t.Fatal("same seed gave a different map")
			}
		})
	}
	t.Run("different seeds differ", func(t *testing.T) {
		p := DefaultParams()
		geo := newGeometry(9, 9)
		r1, r2 := engine.SeedPCG(1, 1), engine.SeedPCG(2, 1)
		a, _ := generateMap(&p, geo, Temperate, 2, &r1)
		b, _ := generateMap(&p, geo, Temperate, 2, &r2)
		if slices.Equal(a, b) {
			t.Fatal("seeds 1 and 2 gave the same map")
		}
	})
}

func TestGenerateMapSize(t *testing.T) {
	for _, gc := range genCases(t) {
		t.Run(gc.name, func(t *testing.T) {
			n := gc.p.MapSize[gc.players-2]
			want := map[int]int{2: 9, 3: 11, 4: 13}[gc.players]
			if n != want { // GAP-03: n = 9, 11, 13 for 2, 3, 4 players
				t.Errorf("map side = %d, want %d", n, want)
			}
			if len(gc.tiles) != n*n { // GAP-03, REL-005: n × n hexes
				t.Errorf("tiles = %d, want %d", len(gc.tiles), n*n)
			}
		})
	}
}

func TestGenerateMapTerrain(t *testing.T) {
	pools := map[Climate][]Terrain{ // REL-846-849, GAP-44: five tiles where listed
		Tropical:  {Grass, Soil, Water, Stone, Concrete},
		Dry:       {Sand, Water, Stone, Concrete},
		Temperate: {Grass, Soil, Water, Stone, Concrete},
		Cold:      {Soil, Water, Snow, Ice, Concrete},
	}
	for _, gc := range genCases(t) {
		t.Run(gc.name, func(t *testing.T) {
			water, land := 0, 0
			for i, tile := range gc.tiles {
				if !slices.Contains(pools[gc.climate], tile.Terrain) { // REL-843-850, REL-802, GAP-44
					t.Errorf("tile %d: %s not in the %s pool", i, tile.Terrain, gc.climate)
				}
				if tile.Owner != -1 {
					t.Errorf("tile %d: owner %d, want -1", i, tile.Owner)
				}
				if tile.Terrain == Water {
					water++
					if tile.Terrain.Contactable() { // REL-841, GAP-45
						t.Errorf("tile %d: water is contactable", i)
					}
				} else {
					land++
					if !tile.Terrain.Contactable() { // GAP-45: the other kinds are contactable
						t.Errorf("tile %d: %s is not contactable", i, tile.Terrain)
					}
				}
			}
			if water*100 > 15*len(gc.tiles) { // GAP-04 (2): water at most 15%
				t.Errorf("water = %d of %d tiles, more than 15%%", water, len(gc.tiles))
			}
			// GAP-04 (2): the contactable tiles form one region.
			seen := make([]bool, len(gc.tiles))
			if got := contactableRegion(gc.geo, gc.tiles, int(gc.starts[0]), seen); got != land {
				t.Errorf("region of the first start has %d of %d contactable tiles", got, land)
			}
		})
	}
}

func TestGenerateMapStarts(t *testing.T) {
	for _, gc := range genCases(t) {
		t.Run(gc.name, func(t *testing.T) {
			geo := gc.geo
			if len(gc.starts) != gc.players { // GAP-05: one starting point per seat
				t.Fatalf("starts = %d, want %d", len(gc.starts), gc.players)
			}
			for i, s := range gc.starts {
				tile := gc.tiles[s]
				if !mgOnEdge(geo, int(s)) { // GAP-05: on the map edge
					t.Errorf("start %d at %d is not on the edge", i, s)
				}
				if !tile.Terrain.Contactable() || tile.Structure != NoStructure { // GAP-05: contactable plain tile
					t.Errorf("start %d: %s/%q is not a contactable plain tile", i, tile.Terrain, tile.Structure)
				}
				if n := mgNeighbourCount(geo, int(s)); n >= 6 { // REL-222: fewer than six first moves
					t.Errorf("start %d has %d neighbours, want fewer than 6", i, n)
				}
				ok := false
				for d := Dir(0); d < numDirs; d++ {
					if nb := geo.neighbour(int(s), d); nb >= 0 && gc.tiles[nb].Terrain.Contactable() {
						ok = true
					}
				}
				if !ok { // GAP-05: the first move has somewhere to go
					t.Errorf("start %d has no contactable neighbour", i)
				}
			}
			// GAP-05: distinct and far apart. Corners of an n×n map are at
			// least n-1 apart; two players take the long diagonal.
			n := geo.w
			for i := range gc.starts {
				for j := i + 1; j < len(gc.starts); j++ {
					d := geo.distance(int(gc.starts[i]), int(gc.starts[j]))
					if d < n-1 {
						t.Errorf("starts %d and %d are %d apart, want at least %d", i, j, d, n-1)
					}
				}
			}
			if gc.players == 2 {
				maxDist := 0
				for a := 0; a < geo.tiles(); a++ {
					for b := a + 1; b < geo.tiles(); b++ {
						maxDist = max(maxDist, geo.distance(a, b))
					}
				}
				if d := geo.distance(int(gc.starts[0]), int(gc.starts[1])); d != maxDist { // GAP-05: opposite corners
					t.Errorf("2-player starts are %d apart, want the map's largest distance %d", d, maxDist)
				}
			}
			wantCorners := map[int][][2]int{ // GAP-05: corners, seat order
				2: {{0, 0}, {n - 1, n - 1}},
				3: {{0, 0}, {n - 1, 0}, {n - 1, n - 1}},
				4: {{0, 0}, {n - 1, 0}, {n - 1, n - 1}, {0, n - 1}},
			}[gc.players]
			for i, cr := range wantCorners {
				if got := int(gc.starts[i]); got != geo.index(cr[0], cr[1]) {
					col, row := geo.colRow(got)
					t.Errorf("start %d at (%d,%d), want (%d,%d)", i, col, row, cr[0], cr[1])
				}
			}
		})
	}
}

func TestGenerateMapStructures(t *testing.T) {
	for _, gc := range genCases(t) {
		t.Run(gc.name, func(t *testing.T) {
			count := map[Structure]int{}
			for i, tile := range gc.tiles {
				if tile.Structure == NoStructure {
					continue
				}
				count[tile.Structure]++
				if !tile.Terrain.Contactable() { // GAP-04 (3): structures on contactable tiles
					t.Errorf("tile %d: %s on %s", i, tile.Structure, tile.Terrain)
				}
				for _, s := range gc.starts {
					if d := gc.geo.distance(i, int(s)); d <= 2 { // GAP-04 (8): none within 2 of a start
						t.Errorf("tile %d: %s at distance %d from start %d", i, tile.Structure, d, s)
					}
				}
				if tile.Structure == Church && tile.Church >= numReligions { // REL-145: a church has one of the four religions
					t.Errorf("tile %d: church religion %d out of range", i, tile.Church)
				}
			}
			for _, s := range []Structure{House, Building, Office, Trees, Mountain} {
				if count[s] < 1 { // GAP-04 (3): at least one each
					t.Errorf("%s: %d, want at least 1", s, count[s])
				}
			}
			for _, s := range []Structure{LocalOffice, Police, Military} {
				if count[s] != 1 { // GAP-04 (4): exactly three local governments, one of each
					t.Errorf("%s: %d, want 1", s, count[s])
				}
			}
			if count[Church] != gc.players { // GAP-04 (5): one church per player
				t.Errorf("churches: %d, want %d", count[Church], gc.players)
			}
			// GAP-04 (3): densities are rounded percentages of the eligible tiles.
			eligible := 0
			for i, tile := range gc.tiles {
				far := true
				for _, s := range gc.starts {
					if gc.geo.distance(i, int(s)) <= gc.p.StartClear {
						far = false
					}
				}
				if far && tile.Terrain.Contactable() {
					eligible++
				}
			}
			for s, pct := range map[Structure]int{House: 10, Building: 6, Office: 6, Trees: 8, Mountain: 5} {
				if want := max(1, (pct*eligible+50)/100); count[s] != want {
					t.Errorf("%s: %d, want %d%% of %d eligible = %d", s, count[s], pct, eligible, want)
				}
			}
		})
	}
	t.Run("REL-145/every church religion occurs", func(t *testing.T) {
		seen := map[Religion]bool{}
		for _, gc := range genCases(t) {
			for _, tile := range gc.tiles {
				if tile.Structure == Church {
					seen[tile.Church] = true
				}
			}
		}
		if len(seen) != int(numReligions) { // REL-145, GAP-04 (5): random religion
			t.Errorf("church religions seen: %v, want all %d", seen, numReligions)
		}
	})
}

func TestGenerateMapDeposits(t *testing.T) {
	specs := []struct {
		id  string
		r   Resource
		per int
	}{
		{"REL-321", Followers, 2500},
		{"REL-322", Donations, 5000},
		{"REL-323", Influence, 5000},
	}
	for _, gc := range genCases(t) {
		t.Run(gc.name, func(t *testing.T) {
			for _, sp := range specs {
				sum := 0
				for i, tile := range gc.tiles {
					a := int(tile.Alloc[sp.r])
					sum += a
					if a < 0 || a%10 != 0 { // GAP-02 (3): multiples of 10
						t.Errorf("%s: tile %d holds %d %s", sp.id, i, a, sp.r)
					}
				}
				// REL-321-323, GAP-02 (3): the tiles hold exactly the deposit.
				if want := sp.per * gc.players; sum != want {
					t.Errorf("%s: %s total %d, want %d", sp.id, sp.r, sum, want)
				}
			}
		})
	}
}

func TestGenerateMapAllotmentWeights(t *testing.T) {
	for _, gc := range genCases(t) {
		t.Run(gc.name, func(t *testing.T) {
			// lo/hi per structure (NoStructure = plain contactable tiles).
			type span struct{ lo, hi [numResources]int32 }
			spans := map[Structure]*span{}
			for i, tile := range gc.tiles {
				if !tile.Terrain.Contactable() || tile.Structure.LocalGovernment() {
					if tile.Alloc != [numResources]int32{} { // GAP-02 (2), GAP-45: no resources
						t.Errorf("tile %d (%s/%q) holds %v", i, tile.Terrain, tile.Structure, tile.Alloc)
					}
					continue
				}
				sp := spans[tile.Structure]
				if sp == nil {
					sp = &span{lo: tile.Alloc, hi: tile.Alloc}
					spans[tile.Structure] = sp
				}
				for r := range numResources {
					sp.lo[r] = min(sp.lo[r], tile.Alloc[r])
					sp.hi[r] = max(sp.hi[r], tile.Alloc[r])
				}
			}
			plain := spans[NoStructure]
			for _, s := range gc.starts {
				if tile := gc.tiles[s]; tile.Alloc[Followers] == 0 || tile.Alloc[Followers] > plain.hi[Followers] { // GAP-02: a start is a plain tile
					t.Errorf("start %d holds %v", s, tile.Alloc)
				}
			}
			if spans[Building].lo[Donations] <= plain.hi[Donations] { // REL-863
				t.Errorf("REL-863: building donations %d not above plain %d", spans[Building].lo[Donations], plain.hi[Donations])
			}
			if spans[Office].lo[Influence] <= plain.hi[Influence] { // REL-865
				t.Errorf("REL-865: office influence %d not above plain %d", spans[Office].lo[Influence], plain.hi[Influence])
			}
			if spans[House].lo[Followers] <= plain.hi[Followers] { // GAP-02 (2): House is the follower tile
				t.Errorf("GAP-02: house followers %d not above plain %d", spans[House].lo[Followers], plain.hi[Followers])
			}
			church := spans[Church]
			for r := range numResources {
				if church.lo[r] <= plain.hi[r] { // REL-868: more of all three than other tiles
					t.Errorf("REL-868: church %s %d not above plain %d", r, church.lo[r], plain.hi[r])
				}
				for _, s := range []Structure{Trees, Mountain} {
					if church.lo[r] <= spans[s].hi[r] { // REL-868: more than trees and mountains too
						t.Errorf("REL-868: church %s %d not above %s %d", r, church.lo[r], s, spans[s].hi[r])
					}
				}
			}
			main := map[Structure]Resource{House: Followers, Building: Donations, Office: Influence}
			for s, r := range main {
				if church.hi[r] >= spans[s].lo[r] { // REL-868: fewer than House, Building, Office
					t.Errorf("REL-868: church %s %d not below %s %d", r, church.hi[r], s, spans[s].lo[r])
				}
			}
		})
	}
}

// TestJoinContactable checks the fallback that turns splitting water into
// land when redrawing the terrain keeps failing (GAP-04 (2)).
func TestJoinContactable(t *testing.T) {
	geo := newGeometry(7, 7)
	tests := []struct {
		name string
		wet  func(col, row int) bool
	}{
		{"water column", func(col, _ int) bool { return col == 3 }},
		{"water ring", func(col, row int) bool { return col == 2 || col == 4 || row == 2 || row == 4 }},
		{"all water but corners", func(col, row int) bool {
			return (col != 0 && col != 6) || (row != 0 && row != 6)
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tiles := make([]Tile, geo.tiles())
			for i := range tiles {
				col, row := geo.colRow(i)
				tiles[i] = Tile{Terrain: Grass, Owner: -1}
				if tc.wet(col, row) {
					tiles[i].Terrain = Water
				}
			}
			before := slices.Clone(tiles)
			if contactableConnected(geo, tiles, 0) {
				t.Fatal("test map is already connected")
			}
			rng := engine.SeedPCG(7, 1)
			joinContactable(geo, tiles, landPool(climatePool(Cold)), 0, &rng)
			if !contactableConnected(geo, tiles, 0) { // GAP-04 (2): one contactable region
				t.Fatal("still not connected")
			}
			for i := range tiles {
				if before[i].Terrain != Water && tiles[i].Terrain != before[i].Terrain {
					t.Errorf("land tile %d changed", i)
				}
				if before[i].Terrain == Water && tiles[i].Terrain != Water && !slices.Contains(climatePool(Cold), tiles[i].Terrain) {
					t.Errorf("tile %d became %s, not in the pool", i, tiles[i].Terrain)
				}
			}
		})
	}
}

// TestGenerateMapStress runs odd parameters: much water allowed, tiny maps
// that cannot hold every structure. Generation must end and keep its
// invariants (GAP-04, GAP-05, GAP-02).
func TestGenerateMapStress(t *testing.T) {
	tests := []struct {
		name    string
		n       int
		players int
		water   int
	}{
		{"all water allowed 9x9", 9, 2, 100},
		{"all water allowed 13x13", 13, 4, 100},
		{"tiny 4x4", 4, 4, 15},
		{"tiny 2x2", 2, 2, 100},
	}
	for _, tc := range tests {
		for c := Climate(0); c < numClimates; c++ {
			for seed := uint64(0); seed < 20; seed++ {
				t.Run(fmt.Sprintf("%s/%s/seed%d", tc.name, c, seed), func(t *testing.T) {
					p := DefaultParams()
					p.WaterMaxPct = tc.water
					geo := newGeometry(tc.n, tc.n)
					rng := engine.SeedPCG(seed, 1)
					tiles, starts := generateMap(&p, geo, c, tc.players, &rng)
					if !contactableConnected(geo, tiles, int(starts[0])) { // GAP-04 (2)
						t.Error("contactable tiles not connected")
					}
					for _, s := range starts {
						if !tiles[s].Terrain.Contactable() || tiles[s].Structure != NoStructure { // GAP-05
							t.Errorf("start %d is %s/%q", s, tiles[s].Terrain, tiles[s].Structure)
						}
					}
					for r := range numResources {
						sum := 0
						for _, tile := range tiles {
							sum += int(tile.Alloc[r])
						}
						if want := p.DepositPerPlayer[r] * tc.players; sum != want { // REL-321-323, GAP-02
							t.Errorf("%s total %d, want %d", r, sum, want)
						}
					}
				})
			}
		}
	}
}
