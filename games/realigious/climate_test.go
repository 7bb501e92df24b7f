package realigious

import (
	"fmt"
	"slices"
	"testing"

	"tabletop/engine"
)

// The tropical squall gauge fills by one at every turn end; after the 6th the
// next player's turn is skipped, the gauge resets and the skipped turn does
// not fill it (REL-805-807, GAP-39). The skipped turn counts as the player's
// turn and does nothing (GAP-26).
func TestREL805_SquallGauge(t *testing.T) {
	s := ttNew(t, "tropical", 1, "islam/businessman", "hinduism/businessman")
	ttFlat(s)
	ttPut(t, s, 0, 4, 4)
	ttPut(t, s, 1, 4, 6)
	ttBegin(s, 0, 1)
	if v := s.view(0).Squall; v == nil || v.Size != 6 || v.Gauge != 0 { // REL-805, GAP-39: a gauge of 6, starting at 0
		t.Fatalf("squall view %+v", v)
	}
	type turn struct {
		seat    int
		skipped bool
		gauge   int // gauge at the start of a played turn
	}
	var turns []turn
	turns = append(turns, turn{seat: 0, gauge: 0})
	for len(turns) < 16 {
		ev := ttStep(t, s)
		for _, e := range ev {
			switch e.Kind {
			case "turn":
				turns = append(turns, turn{seat: int(e.Seat), gauge: -1})
			case "squall":
				last := &turns[len(turns)-1]
				if last.seat != int(e.Seat) {
					t.Fatalf("squall for seat %d during seat %d's turn", e.Seat, last.seat)
				}
				last.skipped = true
			}
		}
		if d := s.Pending(); d.Kind == "move" && turns[len(turns)-1].gauge < 0 {
			turns[len(turns)-1].gauge = s.view(engine.Spectator).Squall.Gauge
		}
	}
	// Turns 7 and 14 (1-based) are skipped: seat 0, then seat 1 (GAP-39:
	// the period of 7 rotates the skip).
	wantGauge := []int{0, 1, 2, 3, 4, 5, -1, 0, 1, 2, 3, 4, 5, -1, 0, 1}
	for i, tn := range turns[:16] {
		if tn.seat != i%2 { // REL-807: after the skip the turn of the player after that begins
			t.Fatalf("turn %d was seat %d", i+1, tn.seat)
		}
		skip := (i+1)%7 == 0
		if tn.skipped != skip { // REL-807, GAP-39
			t.Fatalf("turn %d skipped=%v, want %v (turns %+v)", i+1, tn.skipped, skip, turns)
		}
		if !skip && tn.gauge != wantGauge[i] { // REL-806: +1 per turn end; GAP-39: reset, the skipped turn does not fill it
			t.Fatalf("turn %d starts with gauge %d, want %d", i+1, tn.gauge, wantGauge[i])
		}
	}
	// 16 turns begun: each seat's counter includes its skipped turn (GAP-26).
	if s.players[0].turns != 8 || s.players[1].turns != 8 { // GAP-26
		t.Fatalf("own turns %d/%d, want 8/8", s.players[0].turns, s.players[1].turns)
	}
}

// A skipped turn does nothing: no move is asked of the skipped seat, its
// piece stays, and the turn goes straight on (GAP-26, REL-807).
func TestGAP26_SkippedTurnDoesNothing(t *testing.T) {
	s := ttNew(t, "tropical", 1, "islam/businessman", "islam/businessman")
	ttFlat(s)
	ttPut(t, s, 0, 4, 4)
	ttPut(t, s, 1, 4, 6)
	ttBegin(s, 1, 0)
	s.squall = 5
	// Seat 1 ends its turn: the 6th turn end. Seat 0's turn is skipped.
	ttDo(t, s, "move e")
	ev := ttDo(t, s, "failure")
	k := ttKinds(ev)
	si := slices.Index(k, "squall")
	if si < 0 || ev[si].Seat != 0 { // REL-807
		t.Fatalf("events %v: want seat 0's turn skipped", k)
	}
	if d := s.Pending(); d.Seat != 1 || d.Kind != "move" { // REL-807, GAP-26: no decision in the skipped turn
		t.Fatalf("pending %+v", d)
	}
	if s.players[0].turns != 1 || ttPos(s, 0) != (Coord{4, 4}) { // GAP-26: it counted as seat 0's first turn and did nothing
		t.Fatalf("seat 0 turns %d piece %v", s.players[0].turns, ttPos(s, 0))
	}
	if s.squall != 0 || s.squallSkip { // GAP-39: reset, and the skipped turn did not fill it
		t.Fatalf("gauge %d skip %v", s.squall, s.squallSkip)
	}
}

// Dry: Heat by day takes 10 from every propagation rate, Cold by night 10
// from every R1; both show in the explain terms as Tier 3 (REL-808, REL-809,
// GAP-40), and both apply to every player alike (REL-804).
func TestREL808_DryHeatAndCold(t *testing.T) {
	p := DefaultParams()
	type check struct {
		climate string
		night   bool
		combat  bool
		term    string // expected term, "" for none
	}
	cases := []check{
		{"dry", false, false, "dry_heat"},
		{"dry", true, false, ""},
		{"dry", false, true, ""},
		{"dry", true, true, "dry_cold"},
		{"tropical", false, false, ""},
		{"temperate", true, true, ""},
		{"cold", false, false, ""},
		{"cold", true, true, ""},
	}
	for _, c := range cases {
		for _, seat := range []int{0, 1} {
			t.Run(fmt.Sprintf("%s/night=%v/combat=%v/seat%d", c.climate, c.night, c.combat, seat), func(t *testing.T) {
				s := ttNew(t, c.climate, 1, "islam/businessman", "christianity/religionist")
				ttFlat(s)
				s.wind = North // no boost east or west
				other := 1 - seat
				ttPut(t, s, seat, 4, 4)
				ttPut(t, s, other, 1, 1)
				if c.combat {
					ttOwn(t, s, other, [2]int{5, 4})
				}
				ttBegin(s, seat, other)
				if c.night {
					// Play a whole cycle to reach the night.
					ttDo(t, s, "move w")
					ttDo(t, s, "failure")
					ttStep(t, s)
					for s.active() != seat || s.Pending().Kind != "move" {
						ttStep(t, s)
					}
					ttPut(t, s, seat, 4, 4)
					s.players[seat].propCorr = 0
					s.blocked = s.blocked[:0]
				}
				if s.night != c.night { // REL-821
					t.Fatalf("night %v", s.night)
				}
				ttDo(t, s, "move e")
				ev := ttDo(t, s, "failure")
				kind := "propagation"
				if c.combat {
					kind = "combat"
				}
				ex := ttExplain(t, ev, kind)
				heat, hasHeat := ttHasTerm(ex.R1Terms, "dry_heat")
				cold, hasCold := ttHasTerm(ex.R1Terms, "dry_cold")
				switch c.term {
				case "dry_heat":
					if !hasHeat || heat.Value != -10 || heat.Tier != 3 || hasCold { // REL-809, GAP-40: Heat by day −10% propagation, Tier 3
						t.Fatalf("terms %+v", ex.R1Terms)
					}
					if ex.R1 != p.PropagationBase-p.HeatPenalty { // REL-804, GAP-40
						t.Fatalf("R1 %d", ex.R1)
					}
				case "dry_cold":
					if !hasCold || cold.Value != -10 || cold.Tier != 3 || hasHeat { // REL-809, GAP-40: Cold by night −10% R1, Tier 3
						t.Fatalf("terms %+v", ex.R1Terms)
					}
					if ex.R1 != p.CombatBase+p.IslamCombatBonus*boolInt(seat == 0)-p.ColdPenalty { // REL-804, GAP-40
						t.Fatalf("R1 %d", ex.R1)
					}
				default:
					if hasHeat || hasCold { // REL-808: Heat only by day on propagation, Cold only by night on combat; REL-803
						t.Fatalf("terms %+v", ex.R1Terms)
					}
				}
			})
		}
	}
}

// Monsoon: moving with the wind advances two tiles at once and only the final
// tile is contacted (REL-810, REL-812, GAP-41, REL-228).
func TestREL812_MonsoonDoubleStep(t *testing.T) {
	boosted := map[Wind][]Dir{
		East:  {DirE},
		West:  {DirW},
		North: {DirNE, DirNW},
		South: {DirSE, DirSW},
	}
	for w := Wind(0); w < numWinds; w++ {
		for d := Dir(0); d < numDirs; d++ {
			t.Run(fmt.Sprintf("%s/%s", w, d), func(t *testing.T) {
				s := ttNew(t, "temperate", 1, "islam/businessman", "islam/businessman")
				ttFlat(s)
				ttPut(t, s, 0, 4, 4)
				ttPut(t, s, 1, 0, 8)
				s.wind = w
				ttBegin(s, 0, 1)
				from := ttIdx(t, s, 4, 4)
				first := s.geo.neighbour(from, d)
				want := first
				double := slices.Contains(boosted[w], d)
				if double {
					want = s.geo.neighbour(first, d)
				}
				ttDo(t, s, "move "+d.String())
				if int(s.players[0].pos) != want { // REL-812, REL-228, GAP-41: two tiles with the wind, one otherwise
					t.Fatalf("piece on %v, want %v (double=%v)", ttPos(s, 0), s.coord(want), double)
				}
				if s.Pending().Kind != "roll" || int(s.roll.tile) != want { // GAP-41: only the final tile is contacted
					t.Fatalf("pending %s on %v", s.Pending().Kind, s.coord(int(s.roll.tile)))
				}
				ttDo(t, s, "success")
				if double && s.tiles[first].Owner != -1 { // GAP-41
					t.Fatal("the tile passed over was propagated")
				}
			})
		}
	}
}

// A boosted move stops on the first tile when the second is not contactable
// or off the map (GAP-41).
func TestGAP41_MonsoonBlockedSecondTile(t *testing.T) {
	cases := []struct {
		name  string
		from  [2]int
		water bool
		want  Coord
	}{
		{"water", [2]int{4, 4}, true, Coord{5, 4}},
		{"edge", [2]int{7, 4}, false, Coord{8, 4}},
		{"open", [2]int{4, 4}, false, Coord{6, 4}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := ttNew(t, "temperate", 1, "islam/businessman", "islam/businessman")
			ttFlat(s)
			ttPut(t, s, 0, c.from[0], c.from[1])
			ttPut(t, s, 1, 0, 8)
			if c.water {
				s.tiles[ttIdx(t, s, 6, 4)].Terrain = Water
			}
			s.wind = East
			ttBegin(s, 0, 1)
			ttDo(t, s, "move e")
			if ttPos(s, 0) != c.want || s.coord(int(s.roll.tile)) != c.want { // GAP-41, REL-812
				t.Fatalf("piece %v, contacted %v, want %v", ttPos(s, 0), s.coord(int(s.roll.tile)), c.want)
			}
		})
	}
}

// The wind direction is random at the start, shown on the map, and changes
// every 3 cycles to a different direction (REL-810, REL-811, GAP-41).
func TestREL811_WindChangesEveryThreeCycles(t *testing.T) {
	winds := map[Wind]bool{}
	for seed := uint64(1); seed <= 30; seed++ {
		s := ttNew(t, "temperate", seed, "islam/businessman", "islam/businessman")
		if v := s.view(0).Wind; v == nil || *v != s.wind { // GAP-41: shown on the map
			t.Fatalf("view wind %v", v)
		}
		winds[s.wind] = true
	}
	if len(winds) != 4 { // REL-810, GAP-41: random among the four at the start
		t.Fatalf("start winds seen: %v", winds)
	}
	for _, players := range []int{2, 3} {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			pairs := []string{"islam/businessman", "hinduism/businessman", "christianity/businessman"}[:players]
			s := ttNew(t, "temperate", 9, pairs...)
			ttFlat(s)
			var changes []int
			for s.cycle < 10 {
				if d := s.Pending(); d.Kind == "wind" {
					if d.Seat != engine.Chance { // REL-811: the system changes it
						t.Fatalf("wind decided by %d", d.Seat)
					}
					legal := ttLegal(s)
					if len(legal) != 3 || slices.Contains(legal, "wind "+s.wind.String()) { // GAP-41: to a different direction
						t.Fatalf("wind %s, choices %v", s.wind, legal)
					}
					changes = append(changes, s.cycle)
					pick := legal[s.cycle%3]
					ev := ttDo(t, s, pick)
					if "wind "+s.wind.String() != pick || len(ttFind(ev, "wind")) != 1 { // REL-811
						t.Fatalf("wind now %s after %q", s.wind, pick)
					}
					if d := s.Pending(); d.Kind != "move" || d.Seat != engine.Seat(s.order[0]) {
						t.Fatalf("after the wind pending %+v", d)
					}
					continue
				}
				ttStep(t, s)
			}
			if !slices.Equal(changes, []int{3, 6, 9}) { // REL-811, GAP-41: every 3 cycles
				t.Fatalf("wind changed after cycles %v", changes)
			}
		})
	}
	// No other climate has a wind.
	for _, c := range []string{"tropical", "dry", "cold"} {
		s := ttNew(t, c, 1, "islam/businessman", "islam/businessman")
		ttFlat(s)
		for s.cycle < 4 {
			if s.Pending().Kind == "wind" { // REL-803
				t.Fatalf("%s: wind decision", c)
			}
			ttStep(t, s)
		}
		if s.view(0).Wind != nil { // REL-803
			t.Fatalf("%s shows a wind", c)
		}
	}
}

// Rasputitsa: at every turn start ⌈5%⌉ of the contactable tiles (at least 1)
// are chosen at random, never under a piece, and cannot be contacted that
// turn (REL-813, REL-814, GAP-42).
func TestREL813_Rasputitsa(t *testing.T) {
	for players := 2; players <= 4; players++ {
		for _, seed := range []uint64{1, 5, 77} {
			t.Run(fmt.Sprintf("%dp/seed%d", players, seed), func(t *testing.T) {
				pairs := []string{"islam/businessman", "hinduism/businessman", "christianity/businessman", "islam/religionist"}[:players]
				s := New().NewState(Config{NoCards: true, Size: New().Params().MapSize[players-2], Climate: "cold", CycleLimit: 100, Seats: ttSeats(pairs...)}, seed)
				contactable := 0
				for i := range s.tiles {
					if s.tiles[i].Terrain.Contactable() {
						contactable++
					}
				}
				want := max(1, (contactable*5+99)/100)
				sets := map[string]bool{}
				for turn := 0; turn < 12; turn++ {
					if s.Pending().Kind != "move" {
						ttStep(t, s)
						turn--
						continue
					}
					if len(s.blocked) != want { // GAP-42: ⌈5%⌉ of contactable tiles
						t.Fatalf("turn %d: %d blocked, want %d of %d contactable", turn, len(s.blocked), want, contactable)
					}
					v := s.view(engine.Spectator)
					if len(v.Blocked) != want { // GAP-42: marked visibly
						t.Fatalf("view shows %d blocked", len(v.Blocked))
					}
					seen := map[int16]bool{}
					for _, b := range s.blocked {
						if seen[b] || !s.tiles[b].Terrain.Contactable() || s.pieceOn(int(b)) { // GAP-42: distinct contactable tiles, never under a piece
							t.Fatalf("bad blocked tile %v", s.coord(int(b)))
						}
						seen[b] = true
						if !v.Tiles[b].Blocked { // GAP-42
							t.Fatalf("tile %v not marked", s.coord(int(b)))
						}
					}
					pos := int(s.players[s.active()].pos)
					for d := Dir(0); d < numDirs; d++ {
						n := s.geo.neighbour(pos, d)
						if n >= 0 && seen[int16(n)] {
							if slices.Contains(ttLegal(s), "move "+d.String()) { // REL-814
								t.Fatalf("a move onto blocked %v is legal", s.coord(n))
							}
						}
					}
					sets[fmt.Sprint(s.blocked)] = true
					ev := ttStep(t, s)
					for _, e := range ev {
						if e.Kind == "turn" && !slices.Contains(ttKinds(ev), "rasputitsa") { // REL-813: every turn
							t.Fatal("a turn began without rasputitsa")
						}
					}
				}
				if len(sets) < 10 { // REL-813: chosen at random each turn
					t.Fatalf("only %d distinct blocked sets in 12 turns", len(sets))
				}
			})
		}
	}
}

// A tile blocked for one turn is free again the next unless it is drawn
// again, and the blocking is per turn (REL-814).
func TestREL814_BlockedOnlyThatTurn(t *testing.T) {
	s := ttNew(t, "cold", 3, "islam/businessman", "islam/businessman")
	ttFlat(s)
	ttPut(t, s, 0, 4, 4)
	ttPut(t, s, 1, 1, 7)
	ttBegin(s, 0, 1)
	e := ttIdx(t, s, 5, 4)
	s.blocked = append(s.blocked[:0], int16(e))
	if slices.Contains(ttLegal(s), "move e") { // REL-814
		t.Fatal("blocked tile offered")
	}
	ttDo(t, s, "move w")
	ttDo(t, s, "failure")
	if slices.Contains(s.blocked, int16(e)) {
		t.Skip("re-drawn by chance")
	}
	if !s.canContact(e) { // REL-814: only during that turn
		t.Fatal("still blocked")
	}
}

// Day and night switch once per cycle in every climate, starting at day
// (REL-821, REL-822, GAP-43); by day every tile is visible, by night only
// the contacted tile and its six neighbours (REL-820).
func TestREL821_DayNightEveryCycle(t *testing.T) {
	for c := Climate(0); c < numClimates; c++ {
		t.Run(c.String(), func(t *testing.T) {
			s := ttNew(t, c.String(), 4, "islam/businessman", "hinduism/businessman")
			ttFlat(s)
			if s.night || s.view(0).Night { // GAP-43: the match starts at day
				t.Fatal("starts at night")
			}
			var nights []bool
			for s.cycle < 6 {
				before := s.cycle
				ev := ttStep(t, s)
				if s.cycle != before {
					nights = append(nights, s.night)
					cy := ttFind(ev, "cycle")
					if len(cy) != 1 || cy[0].Data.(cycleData).Night != s.night {
						t.Fatalf("cycle events %+v", cy)
					}
				}
				if s.Pending().Kind == "move" {
					v := s.view(engine.Seat(s.active()))
					pos := int(s.players[s.active()].pos)
					for tIdx, tv := range v.Tiles {
						near := s.geo.distance(pos, tIdx) <= 1
						if tv.Visible != (!s.night || near) { // REL-820: vision depends on day and night
							t.Fatalf("night=%v tile %v visible=%v", s.night, tv.Coord, tv.Visible)
						}
					}
				}
			}
			if !slices.Equal(nights, []bool{true, false, true, false, true, false}) { // REL-821, REL-822, GAP-43: 1:1 in every climate
				t.Fatalf("night after each cycle: %v", nights)
			}
		})
	}
}

// Each region has its own play characteristic and no other (REL-802,
// REL-803); the map components are the same for every seat (REL-800) and
// neutral at the start (REL-801).
func TestREL803_RegionCharacteristics(t *testing.T) {
	for c := Climate(0); c < numClimates; c++ {
		t.Run(c.String(), func(t *testing.T) {
			s := ttNew(t, c.String(), 2, "islam/businessman", "hinduism/businessman", "christianity/businessman")
			if s.climate != c { // REL-802
				t.Fatalf("climate %v", s.climate)
			}
			v := s.view(engine.Spectator)
			if (v.Squall != nil) != (c == Tropical) { // REL-803, REL-805: the squall gauge is tropical only
				t.Fatalf("squall %v", v.Squall)
			}
			if (v.Wind != nil) != (c == Temperate) { // REL-803, REL-810
				t.Fatalf("wind %v", v.Wind)
			}
			if (len(v.Blocked) > 0) != (c == Cold) { // REL-803, REL-813
				t.Fatalf("blocked %v", v.Blocked)
			}
			ttFlat(s)
			ttPut(t, s, s.active(), 4, 4)
			ttDo(t, s, "move e")
			_, heat := ttHasTerm(explainTerms(&s.roll.r1Terms), "dry_heat")
			if heat != (c == Dry) { // REL-803, REL-808
				t.Fatalf("heat %v", heat)
			}
			for seat := 0; seat < 3; seat++ {
				sv := s.view(engine.Seat(seat))
				if sv.Climate != v.Climate || sv.Night != v.Night || sv.Cycle != v.Cycle { // REL-800: outside the players, the same for all
					t.Fatalf("seat %d sees %v/%v/%d", seat, sv.Climate, sv.Night, sv.Cycle)
				}
			}
		})
	}
	s := ttNew(t, "random", 2, "islam/businessman", "hinduism/businessman")
	for i := range s.tiles {
		if s.tiles[i].Owner != -1 { // REL-801: map components are neutral
			t.Fatalf("tile %v owned at the start", s.coord(i))
		}
	}
	sv := [2]*View{s.view(0), s.view(1)}
	for i := range sv[0].Tiles {
		a, b := sv[0].Tiles[i], sv[1].Tiles[i]
		if a.Terrain == nil || b.Terrain == nil || *a.Terrain != *b.Terrain || a.Structure != b.Structure { // REL-800: the same map for every seat
			t.Fatalf("tile %v differs between seats", a.Coord)
		}
	}
}
