package realigious

import (
	"fmt"
	"math/rand/v2"

	"tabletop/engine"
)

// Map generation (REL-844, GAP-02-05, GAP-44, GAP-45). Everything here is a
// pure function of its arguments: the only randomness is drawn from the given
// PCG through engine.IntN and engine.Shuffle, whose algorithms are pinned, and
// all arithmetic is integer, so one seed always yields the same map.

// terrainAttempts bounds how often the terrain is drawn afresh when its
// contactable tiles are not connected (GAP-04 (2)). After that the water
// tiles that split the land are turned into land instead.
const terrainAttempts = 16

// climatePools are the tile pools of the four climates (REL-846-849). The
// temperate and cold pools have the five listed tiles, not "4" (GAP-44).
var climatePools = [numClimates][]Terrain{
	Tropical:  {Grass, Soil, Water, Stone, Concrete},
	Dry:       {Sand, Water, Stone, Concrete},
	Temperate: {Grass, Soil, Water, Stone, Concrete},
	Cold:      {Soil, Water, Snow, Ice, Concrete},
}

// climatePool returns the climate's tile pool (REL-845-849).
func climatePool(c Climate) []Terrain {
	if c >= numClimates {
		panic(fmt.Sprintf("realigious: climatePool: unknown climate %d", c))
	}
	return climatePools[c]
}

// landPool returns the contactable kinds of a pool, in pool order (GAP-45).
func landPool(pool []Terrain) []Terrain {
	land := make([]Terrain, 0, len(pool))
	for _, t := range pool {
		if t.Contactable() {
			land = append(land, t)
		}
	}
	return land
}

// startTiles returns the starting tile of each seat (GAP-05): corners of the
// map, as far apart as possible. 2 players: top-left and bottom-right (the
// long diagonal). 3 players: top-left, top-right and bottom-right; any three
// corners have the same smallest pairwise distance (n-1 on an n×n map), and
// three corners are farther apart in total than top-left, top-right and
// bottom-middle (n-1 each). 4 players: all four corners, clockwise from the
// top-left.
func startTiles(geo *geometry, players int) []int16 {
	if geo.w < 2 || geo.h < 2 {
		panic(fmt.Sprintf("realigious: map %dx%d is too small for starting points", geo.w, geo.h))
	}
	tl := geo.index(0, 0)
	tr := geo.index(geo.w-1, 0)
	br := geo.index(geo.w-1, geo.h-1)
	bl := geo.index(0, geo.h-1)
	var corners []int
	switch players {
	case 1:
		corners = []int{tl}
	case 2:
		corners = []int{tl, br}
	case 3:
		corners = []int{tl, tr, br}
	case 4:
		corners = []int{tl, tr, br, bl}
	default:
		panic(fmt.Sprintf("realigious: no starting points for %d players", players))
	}
	starts := make([]int16, len(corners))
	for i, c := range corners {
		starts[i] = int16(c)
	}
	return starts
}

// generateMap builds the tiles and starting points for a match.
//
// The terrain is drawn uniformly from the climate's pool, with water capped
// at p.WaterMaxPct percent of the tiles and all contactable tiles forming one
// connected region (GAP-04 (2), GAP-45). Starting points are corners
// (startTiles); a starting tile is a contactable plain tile with at least one
// contactable neighbour (GAP-05). Structures, the three local governments and
// one church per player are placed away from the starting points (GAP-04
// (3)-(5), (8)), and each deposit (REL-321-323) is split across the tiles by
// weight (GAP-02). Every tile is neutral (Owner -1). starts[i] is seat i's
// starting tile.
func generateMap(p *Params, geo *geometry, climate Climate, players int, rng *rand.PCG) (tiles []Tile, starts []int16) {
	pool := climatePool(climate)
	land := landPool(pool)
	starts = startTiles(geo, players)
	tiles = make([]Tile, geo.tiles())

	for attempt := 1; ; attempt++ {
		drawTerrain(p, geo, tiles, pool, land, starts, rng)
		if contactableConnected(geo, tiles, int(starts[0])) {
			break
		}
		if attempt >= terrainAttempts {
			joinContactable(geo, tiles, land, int(starts[0]), rng)
			break
		}
	}
	placeStructures(p, geo, tiles, starts, players, rng)
	allot(p, tiles, players, rng)
	return tiles, starts
}

// drawTerrain fills tiles with fresh neutral tiles of random terrain
// (REL-844, GAP-04 (2)), then makes the starting tiles contactable, each with
// a contactable neighbour (GAP-05).
func drawTerrain(p *Params, geo *geometry, tiles []Tile, pool, land []Terrain, starts []int16, rng *rand.PCG) {
	for t := range tiles {
		tiles[t] = Tile{Terrain: pool[engine.IntN(rng, len(pool))], Owner: -1}
	}
	for _, s := range starts {
		if !tiles[s].Terrain.Contactable() {
			tiles[s].Terrain = land[engine.IntN(rng, len(land))]
		}
	}
	// Water beyond the cap is redrawn as land: a random choice of the water
	// tiles keeps their positions unbiased.
	maxWater := p.WaterMaxPct * len(tiles) / 100
	if maxWater < 0 {
		maxWater = 0
	}
	var water []int
	for t := range tiles {
		if tiles[t].Terrain == Water {
			water = append(water, t)
		}
	}
	if len(water) > maxWater {
		engine.Shuffle(rng, len(water), func(i, j int) { water[i], water[j] = water[j], water[i] })
		for _, t := range water[maxWater:] {
			tiles[t].Terrain = land[engine.IntN(rng, len(land))]
		}
	}
	for _, s := range starts {
		var wet []int
		for d := Dir(0); d < numDirs; d++ {
			nb := geo.neighbour(int(s), d)
			if nb < 0 {
				continue
			}
			if tiles[nb].Terrain.Contactable() {
				wet = nil
				break
			}
			wet = append(wet, nb)
		}
		if len(wet) > 0 {
			nb := wet[engine.IntN(rng, len(wet))]
			tiles[nb].Terrain = land[engine.IntN(rng, len(land))]
		}
	}
}

// contactableRegion marks the contactable tiles reachable from tile from
// through contactable tiles, and returns how many there are.
func contactableRegion(geo *geometry, tiles []Tile, from int, seen []bool) int {
	if !tiles[from].Terrain.Contactable() {
		return 0
	}
	queue := []int{from}
	seen[from] = true
	for i := 0; i < len(queue); i++ {
		t := queue[i]
		for d := Dir(0); d < numDirs; d++ {
			nb := geo.neighbour(t, d)
			if nb >= 0 && !seen[nb] && tiles[nb].Terrain.Contactable() {
				seen[nb] = true
				queue = append(queue, nb)
			}
		}
	}
	return len(queue)
}

// contactableConnected reports whether all contactable tiles form one region
// that contains tile from (GAP-04 (2)).
func contactableConnected(geo *geometry, tiles []Tile, from int) bool {
	total := 0
	for _, t := range tiles {
		if t.Terrain.Contactable() {
			total++
		}
	}
	return contactableRegion(geo, tiles, from, make([]bool, len(tiles))) == total
}

// joinContactable turns into land the water tiles that split the contactable
// tiles, until they form one region with tile from, which must be
// contactable. Each round finds a shortest water path from the region of from
// to another contactable tile and fills it, so the number of regions falls
// every round and the loop ends: the grid itself is connected.
func joinContactable(geo *geometry, tiles []Tile, land []Terrain, from int, rng *rand.PCG) {
	n := len(tiles)
	main := make([]bool, n)
	seen := make([]bool, n)
	parent := make([]int, n)
	for {
		for i := range main {
			main[i] = false
		}
		contactableRegion(geo, tiles, from, main)
		// Breadth-first search from the main region through water only.
		queue := queue0(main, seen, parent)
		found := -1
	search:
		for i := 0; i < len(queue); i++ {
			t := queue[i]
			for d := Dir(0); d < numDirs; d++ {
				nb := geo.neighbour(t, d)
				if nb < 0 || seen[nb] {
					continue
				}
				if tiles[nb].Terrain.Contactable() {
					// main is a whole region, so nb lies in another one
					// and t is water.
					found = t
					break search
				}
				seen[nb] = true
				parent[nb] = t
				queue = append(queue, nb)
			}
		}
		if found < 0 {
			return
		}
		for t := found; !main[t]; t = parent[t] {
			tiles[t].Terrain = land[engine.IntN(rng, len(land))]
		}
	}
}

// queue0 resets seen and parent and returns the main tiles in index order as
// the starting queue of a search.
func queue0(main, seen []bool, parent []int) []int {
	var queue []int
	for t := range main {
		seen[t] = main[t]
		parent[t] = -1
		if main[t] {
			queue = append(queue, t)
		}
	}
	return queue
}

// structureCount is pct percent of eligible, rounded half up, and at least
// one when pct is positive (GAP-04 (3)).
func structureCount(pct, eligible int) int {
	if pct <= 0 {
		return 0
	}
	c := (pct*eligible + 50) / 100
	if c < 1 {
		c = 1
	}
	return c
}

// placeStructures puts the structures on random eligible tiles: contactable,
// not a starting tile and farther than p.StartClear from every starting tile
// (GAP-04 (8)), one structure per tile. The densities are percentages of the
// eligible tiles (GAP-04 (3)); there are exactly three local governments
// (GAP-04 (4)) and one church per player with a random religion (GAP-04 (5),
// REL-145). Should a map be too small for all of them, they are placed in
// that order (local governments, churches, then House, Building, Office,
// Trees, Mountain) until the eligible tiles run out.
func placeStructures(p *Params, geo *geometry, tiles []Tile, starts []int16, players int, rng *rand.PCG) {
	var eligible []int
	for t := range tiles {
		if !tiles[t].Terrain.Contactable() {
			continue
		}
		ok := true
		for _, s := range starts {
			if geo.distance(t, int(s)) <= p.StartClear || t == int(s) {
				ok = false
				break
			}
		}
		if ok {
			eligible = append(eligible, t)
		}
	}
	engine.Shuffle(rng, len(eligible), func(i, j int) { eligible[i], eligible[j] = eligible[j], eligible[i] })

	e := len(eligible)
	plan := []struct {
		s Structure
		n int
	}{
		{LocalOffice, 1},
		{Police, 1},
		{Military, 1},
		{Church, players},
		{House, structureCount(p.HousePct, e)},
		{Building, structureCount(p.BuildingPct, e)},
		{Office, structureCount(p.OfficePct, e)},
		{Trees, structureCount(p.TreesPct, e)},
		{Mountain, structureCount(p.MountainPct, e)},
	}
	next := 0
	for _, item := range plan {
		for k := 0; k < item.n && next < e; k++ {
			t := eligible[next]
			next++
			tiles[t].Structure = item.s
			if item.s == Church {
				tiles[t].Church = Religion(engine.IntN(rng, int(numReligions)))
			}
		}
	}
}

// allotWeight is the weight of tile t in the split of resource r (GAP-02
// (2)): plain 1/1/1, House MainWeight/1/1, Building 1/MainWeight/1, Office
// 1/1/MainWeight, Church ChurchWeight for all three, Trees and Mountain 1/1/1,
// local governments and non-contactable tiles 0/0/0.
func allotWeight(p *Params, t *Tile, r Resource) int {
	if !t.Terrain.Contactable() || t.Structure.LocalGovernment() {
		return 0
	}
	switch t.Structure {
	case House:
		if r == Followers {
			return p.MainWeight
		}
	case Building:
		if r == Donations {
			return p.MainWeight
		}
	case Office:
		if r == Influence {
			return p.MainWeight
		}
	case Church:
		return p.ChurchWeight
	}
	return 1
}

// allot splits each deposit, p.DepositPerPlayer[r] × players (REL-321-323),
// across the tiles in proportion to allotWeight, each share rounded down to a
// multiple of 10. The remainder goes in steps of 10 to random plain tiles
// (contactable, no structure), each in turn before any gets a second step, so
// the tiles hold exactly the deposit (GAP-02 (3)). A deposit that is not a
// multiple of 10 has its last, smaller step handed out the same way.
func allot(p *Params, tiles []Tile, players int, rng *rand.PCG) {
	var plain []int
	for t := range tiles {
		if tiles[t].Terrain.Contactable() && tiles[t].Structure == NoStructure {
			plain = append(plain, t)
		}
	}
	for r := Resource(0); r < numResources; r++ {
		deposit := p.DepositPerPlayer[r] * players
		if deposit <= 0 {
			continue
		}
		total := 0
		for t := range tiles {
			total += allotWeight(p, &tiles[t], r)
		}
		if total <= 0 || len(plain) == 0 {
			continue // nothing can hold resources
		}
		left := deposit
		for t := range tiles {
			w := allotWeight(p, &tiles[t], r)
			share := deposit * w / total / 10 * 10
			tiles[t].Alloc[r] = int32(share)
			left -= share
		}
		order := append([]int(nil), plain...)
		engine.Shuffle(rng, len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for i := 0; left > 0; i++ {
			step := min(10, left)
			tiles[order[i%len(order)]].Alloc[r] += int32(step)
			left -= step
		}
	}
}
