package realigious

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"tabletop/engine"
	"tabletop/engine/enginetest"
)

// The tests of the tracker's fast path (view_tracker_key.go): when the
// vision key is unchanged, Update recomputes only the tiles whose inputs
// changed. Each check compares it with the slow, obvious computation:
// every tile's facts through tileFacts.

// trAudiences returns the audiences of a match of seats players: every
// seat, then the spectator.
func trAudiences(seats int) []engine.Seat {
	out := make([]engine.Seat, 0, seats+1)
	for a := range seats {
		out = append(out, engine.Seat(a))
	}
	return append(out, engine.Spectator)
}

// trCheck updates tr for seat and fails t unless it agrees with the slow
// computation: AppendView's bytes, every tile's facts and sight, and
// changed listing exactly the tiles whose JSON (their facts but visible)
// differs from the previous Update's, in order.
func trCheck(t *testing.T, s *State, tr *viewTracker, seat engine.Seat, where string) {
	t.Helper()
	before := slices.Clone(tr.facts)
	if err := tr.Update(s, seat); err != nil {
		t.Fatalf("%s seat %d: Update: %v", where, seat, err)
	}
	want := s.AppendView(nil, seat)
	if got := tr.AppendView(nil); !bytes.Equal(got, want) {
		t.Fatalf("%s seat %d (pass %d): tracker's view differs from AppendView:\n%s", where, seat, tr.pass, clDiff(got, want))
	}
	if tr.ViewSize() != len(want) {
		t.Fatalf("%s seat %d: ViewSize %d, want %d", where, seat, tr.ViewSize(), len(want))
	}
	if !tr.diffOK {
		return
	}
	vs, row := s.viewRow(seat)
	var changed []int32
	for tile := range s.tiles {
		f := s.tileFacts(vs, row, tile)
		if f != tr.facts[tile] {
			t.Fatalf("%s seat %d (pass %d): tile %d's facts %+v, want %+v", where, seat, tr.pass, tile, tr.facts[tile], f)
		}
		if !f.sameJSON(before[tile]) {
			changed = append(changed, int32(tile))
		}
		if tr.vis[tile] != f.sight() { // REL-823
			t.Fatalf("%s seat %d (pass %d): tile %d's sight %c, want %c", where, seat, tr.pass, tile, tr.vis[tile], f.sight())
		}
	}
	if !slices.Equal(tr.changed, changed) {
		t.Fatalf("%s seat %d (pass %d): changed %v, want %v", where, seat, tr.pass, tr.changed, changed)
	}
}

// trSituations names what a fast pass must have been tried on along the
// random games, so that the comparisons cover it.
func trSituations(s *State, tr *viewTracker, seat engine.Seat, disksBefore [2]visionDisk) []string {
	seat, row := s.viewRow(seat)
	var out []string
	if len(tr.changed) > 0 {
		out = append(out, "tiles changed")
	}
	if s.night {
		out = append(out, "night (REL-824)")
	}
	for i := range s.effects {
		if e := &s.effects[i]; e.clock != clockDead && e.card == cardMediaControl && e.tile >= 0 && s.hasEffects(cardMediaControl) {
			out = append(out, "fog (CARD-040)")
			break
		}
	}
	if mode, disks := s.visionMode(seat, row); mode == visionDisks {
		if disks != disksBefore {
			out = append(out, "night vision moved (REL-824)")
		}
		if disks[1].centre >= 0 {
			out = append(out, "celebrity vision (REL-985)")
		}
	}
	for o := range s.players {
		if p := int(s.players[o].pos); p >= 0 && o != row && s.stealthed(o) && s.ownerHidden(row, p) {
			out = append(out, "stealth hides an owner (REL-870)")
			break
		}
	}
	return out
}

// TestViewTrackerFastPath follows random games with one tracker per
// audience and counts how each Update went: with an unchanged vision key,
// most steps must take the fast path (a key that always differs would
// fail), and the fast path must meet fog (CARD-040), night vision
// (REL-824), the celebrity's vision (REL-985) and stealth (REL-870), each
// compared with the slow computation (trCheck).
func TestViewTrackerFastPath(t *testing.T) {
	g := New()
	matches := 12
	if testing.Short() {
		matches = 3
	}
	var passes [3]int
	seen := map[string]int{}
	eachRandomSlotMatch(t, g, matches, func(t *testing.T, s *State, m, seats int) {
		rnd := enginetest.RandomAnswers(uint64(m))
		var buf []engine.Answer
		audiences := trAudiences(seats)
		// Siblings, as a live server has them: each audience's views
		// must not depend on what the others built in the shared block.
		trs := make([]*viewTracker, len(audiences))
		for i := range trs {
			if i == 0 {
				trs[i] = s.NewViewTracker().(*viewTracker)
			} else {
				trs[i] = trs[0].NewSibling().(*viewTracker)
			}
		}
		for step := 0; step < 1500 && !s.Terminal(); step++ {
			for i, seat := range audiences {
				disks, layout := trs[i].disks, trs[i].layout
				trCheck(t, s, trs[i], seat, fmt.Sprintf("step %d", step))
				passes[trs[i].pass]++
				if trs[i].pass == passFast {
					for _, sit := range trSituations(s, trs[i], seat, disks) {
						seen[sit]++
					}
					if trs[i].layout != layout {
						seen["tiles laid out again"]++ // TestViewTrackerSlots makes sure of it
					}
				}
			}
			// A server may encode a view after its siblings' Updates.
			for i, seat := range audiences {
				if got, want := trs[i].AppendView(nil), s.AppendView(nil, seat); !bytes.Equal(got, want) {
					t.Fatalf("step %d seat %d: view after the siblings' Updates differs:\n%s", step, seat, clDiff(got, want))
				}
			}
			buf = applyRandomStep(t, s, uint64(m), step, &rnd, buf)
		}
	})
	compared := passes[passFull] + passes[passFast]
	t.Logf("passes: new %d, full %d, fast %d; fast-path situations %v", passes[passNew], passes[passFull], passes[passFast], seen)
	if compared == 0 || passes[passFast]*100 < compared*80 {
		t.Errorf("%d of %d updates took the fast path, want at least 80%%", passes[passFast], compared)
	}
	if testing.Short() {
		return
	}
	for _, sit := range []string{"tiles changed", "night (REL-824)", "fog (CARD-040)", "night vision moved (REL-824)",
		"celebrity vision (REL-985)", "stealth hides an owner (REL-870)"} {
		if seen[sit] == 0 {
			t.Errorf("no fast pass met %s: the comparison does not cover it", sit)
		}
	}
}

// trMutation changes one input of tileFacts at random, as no rule would
// (a piece onto any tile, an owner out of sight, a fog anywhere), and
// returns its name.
type trMutation struct {
	name string
	do   func(r *rand.Rand, s *State)
}

// trNear returns a random tile, most often one near a piece, where vision
// and stealth are decided.
func trNear(r *rand.Rand, s *State) int {
	n := len(s.tiles)
	p := int(s.players[r.IntN(len(s.players))].pos)
	if p < 0 || r.IntN(4) == 0 {
		return r.IntN(n)
	}
	for range 20 {
		if t := r.IntN(n); s.geo.distance(p, t) <= 3 {
			return t
		}
	}
	return p
}

// trMutations covers every input of tileFacts: the tiles, the known
// owners and revealed tiles (UI-415), the night (REL-823/824), the pieces
// and their defeat and Night Eye, stealth in trees and high ground
// (REL-870, REL-873/874), the Office's Move-in Report (REL-969), the
// celebrity and its briber or wiretapper (REL-985, CARD-033), the fogs
// (CARD-040) and the blocked tiles.
var trMutations = []trMutation{
	{"structure", func(r *rand.Rand, s *State) {
		t := trNear(r, s)
		s.tiles[t].Structure = []Structure{NoStructure, Trees, Trees, Mountain, Mountain, Church, Structure(r.IntN(int(numStructures)))}[r.IntN(7)]
		s.tiles[t].Church = Religion(r.IntN(int(numReligions)))
	}},
	{"trees under a piece", func(r *rand.Rand, s *State) {
		if p := s.players[r.IntN(len(s.players))].pos; p >= 0 {
			s.tiles[p].Structure = []Structure{Trees, Mountain, NoStructure}[r.IntN(3)]
		}
	}},
	{"owner", func(r *rand.Rand, s *State) { s.tiles[trNear(r, s)].Owner = int8(r.IntN(len(s.players)+1) - 1) }},
	{"claimed", func(r *rand.Rand, s *State) {
		t := trNear(r, s)
		s.tiles[t].Structure, s.tiles[t].Claimed = Church, !s.tiles[t].Claimed
	}},
	{"alloc and terrain", func(r *rand.Rand, s *State) {
		t := trNear(r, s)
		s.tiles[t].Alloc[r.IntN(int(numResources))] += int32(r.IntN(30))
		s.tiles[t].Terrain = Terrain(r.IntN(int(numTerrains)))
	}},
	{"known owner", func(r *rand.Rand, s *State) {
		s.known[r.IntN(len(s.players)+1)*len(s.tiles)+trNear(r, s)] = int8(r.IntN(len(s.players)+1) - 1)
	}},
	{"revealed", func(r *rand.Rand, s *State) {
		t := trNear(r, s)
		s.revealed[r.IntN(len(s.players)+1)*s.words()+t/64] ^= 1 << (uint(t) % 64)
	}},
	{"night", func(r *rand.Rand, s *State) { s.night = !s.night }},
	{"piece", func(r *rand.Rand, s *State) {
		i := r.IntN(len(s.players))
		s.players[i].pos = int16(trNear(r, s))
		if r.IntN(10) == 0 {
			s.players[i].pos = -1
		}
	}},
	{"defeated", func(r *rand.Rand, s *State) {
		i := r.IntN(len(s.players))
		s.players[i].defeated = !s.players[i].defeated
	}},
	{"night eye", func(r *rand.Rand, s *State) {
		i := r.IntN(len(s.players))
		s.players[i].nightEye = !s.players[i].nightEye
	}},
	{"office briber", func(r *rand.Rand, s *State) { s.govs[targetOffice].briber = int8(r.IntN(len(s.players)+1) - 1) }},
	{"celebrity", func(r *rand.Rand, s *State) {
		s.celeb.pos = int16(trNear(r, s))
		if r.IntN(8) == 0 {
			s.celeb.pos = -1
		}
	}},
	{"celebrity briber", func(r *rand.Rand, s *State) { s.celeb.briber = int8(r.IntN(len(s.players)+1) - 1) }},
	{"wiretap", func(r *rand.Rand, s *State) {
		if e := s.stateOf(r.IntN(len(s.players)), cardWiretap, 0); e != nil {
			s.endEffect(e)
			return
		}
		s.addState(r.IntN(len(s.players)), 0, cardWiretap, 0, forGame())
	}},
	{"fog", func(r *rand.Rand, s *State) {
		for i := range s.effects {
			if e := &s.effects[i]; e.clock != clockDead && e.card == cardMediaControl && r.IntN(2) == 0 {
				s.endEffect(e)
				return
			}
		}
		s.designateTile(trNear(r, s), r.IntN(len(s.players)), cardMediaControl, 0, forGame())
	}},
	{"sweep", func(r *rand.Rand, s *State) { s.sweep() }},
	{"blocked", func(r *rand.Rand, s *State) {
		if len(s.blocked) > 0 && r.IntN(2) == 0 {
			i := r.IntN(len(s.blocked))
			s.blocked = slices.Delete(s.blocked, i, i+1)
			return
		}
		s.blocked = append(s.blocked, int16(trNear(r, s)))
	}},
}

// TestViewTrackerMutations takes states along random games and changes
// their inputs of tileFacts one at a time at random, every audience's
// tracker following, and compares each Update with the slow computation
// (trCheck): an input missing from the vision key, or a changed tile the
// fast path does not recompute, fails it. Every kind of change must have
// been followed by a fast pass that changed some tile.
func TestViewTrackerMutations(t *testing.T) {
	g := New()
	matches, rounds := 9, 300
	if testing.Short() {
		matches, rounds = 3, 100
	}
	fastChanged := map[string]int{}
	eachRandomSlotMatch(t, g, matches, func(t *testing.T, s *State, m, seats int) {
		rnd := enginetest.RandomAnswers(uint64(m))
		r := rand.New(rand.NewPCG(uint64(m), 41))
		var buf []engine.Answer
		audiences := trAudiences(seats)
		for step := 0; step < 400 && !s.Terminal(); step++ {
			if step%80 == 40 {
				c := s.clone()
				trs := make([]*viewTracker, len(audiences))
				for i := range trs {
					trs[i] = c.NewViewTracker().(*viewTracker)
					trCheck(t, c, trs[i], audiences[i], fmt.Sprintf("step %d", step))
				}
				for k := range rounds {
					mu := trMutations[r.IntN(len(trMutations))]
					mu.do(r, c)
					for i, seat := range audiences {
						trCheck(t, c, trs[i], seat, fmt.Sprintf("step %d, change %d (%s)", step, k, mu.name))
						if trs[i].pass == passFast && len(trs[i].changed) > 0 {
							fastChanged[mu.name]++
						}
					}
				}
			}
			buf = applyRandomStep(t, s, uint64(m), step, &rnd, buf)
		}
	})
	t.Logf("fast passes that changed tiles, by change: %v", fastChanged)
	if testing.Short() {
		return
	}
	for _, mu := range trMutations {
		switch mu.name {
		case "night", "sweep", "fog", "night eye":
			continue // they change the vision key: a full pass
		case "office briber":
			continue // Move-in Report never shows a stealthed piece, so no tile's owner (REL-969)
		}
		if fastChanged[mu.name] == 0 {
			t.Errorf("no change of %s was followed by a fast pass changing tiles", mu.name)
		}
	}
}

// TestViewTrackerSlots grows and shrinks a seat's tiles one at a time:
// tiles revealed one by one (UI-412) outgrow their slots and move, until
// the slots are laid out again; hidden again, they shrink in place. Every
// step is compared with the slow computation (trCheck).
func TestViewTrackerSlots(t *testing.T) {
	s := randomSlotMatch(t, New(), 3, 2, "temperate", 14, 91)
	w := s.words()
	clear(s.revealed[:w]) // seat 0 has seen nothing
	tr := s.NewViewTracker().(*viewTracker)
	trCheck(t, s, tr, 0, "start")
	order := rand.New(rand.NewPCG(3, 3)).Perm(len(s.tiles))
	layout, moved := tr.layout, false
	for i, tile := range order {
		before := tr.starts[tile]
		s.reveal(0, tile)
		trCheck(t, s, tr, 0, fmt.Sprintf("reveal %d (tile %d)", i, tile))
		if tr.pass != passFast {
			t.Fatalf("reveal %d: pass %d, want the fast one", i, tr.pass)
		}
		moved = moved || tr.starts[tile] != before
	}
	if !moved || tr.layout == layout {
		t.Errorf("revealing the map moved a tile %v, laid the slots out again %d times; want both", moved, tr.layout-layout)
	}
	for i, tile := range order {
		s.revealed[tile/64] &^= 1 << (uint(tile) % 64)
		trCheck(t, s, tr, 0, fmt.Sprintf("hide %d (tile %d)", i, tile))
	}
}
