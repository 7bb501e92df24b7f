package realigious

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"tabletop/engine"
	"tabletop/engine/enginetest"
)

// The vision tests build positions on a blank map (every tile plain sand,
// neutral, no structure) and then put pieces, trees and mountains where a
// rule needs them, as docs/visibility.md describes the rules.

// visGame is the game every vision and view test plays.
var visGame = New()

// visConfig is a parsed config for seats players on a 9×9 map: Christianity
// and Businessman everywhere, so that no origin religion or character
// bonus (Buddhism's pacifism, the Explorer's sprint) changes the flow.
func visConfig(t testing.TB, climate string, seats int) Config {
	t.Helper()
	raw := fmt.Sprintf(`{"size":9,"climate":%q,"no_cards":true,"seats":[`, climate)
	for i := 0; i < seats; i++ {
		if i > 0 {
			raw += ","
		}
		raw += `{"religion":"christianity","character":"businessman"}`
	}
	c, err := visGame.ParseConfig([]byte(raw+"]}"), seats)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// visBlank returns a state at day on a blank dry map: every tile sand,
// neutral and plain, every allotment 10/10/10. Pieces stay on their
// starting points until the test moves them.
func visBlank(t testing.TB, seats int) *State {
	t.Helper()
	s := visGame.NewState(visConfig(t, "dry", seats), 7)
	visBlankMap(s, Sand)
	return s
}

// visBlankMap makes every tile plain, neutral terrain of one kind, and
// takes the factions off the map (no relic, local government or celebrity,
// section 11), so that only the base vision rules are at work.
func visBlankMap(s *State, terrain Terrain) {
	for i := range s.tiles {
		s.tiles[i] = Tile{Terrain: terrain, Owner: -1, Alloc: [numResources]int32{10, 10, 10}}
	}
	for i := range s.known {
		s.known[i] = -1
	}
	visNoFactions(s)
}

// visNoFactions takes the relics, the local governments' advantages and
// the celebrity out of the match (section 11), so that a scene shows the
// base vision rules alone; a scene that needs a faction puts it back. The
// factions' visibility is restated in TestViewAndEventsLeakNothing and
// TestEventAudiences (docs/visibility.md, "Factions").
func visNoFactions(s *State) {
	s.relics = nil
	for i := range s.govs {
		s.govs[i] = gov{tile: -1, briber: -1}
	}
	s.celeb.pos, s.celeb.start, s.celeb.briber = -1, -1, -1
}

// visAt returns the tile at (col, row).
func visAt(t testing.TB, s *State, col, row int) int {
	t.Helper()
	i := s.geo.index(col, row)
	if i < 0 {
		t.Fatalf("(%d,%d) is off the map", col, row)
	}
	return i
}

// visWalk returns the tile reached from tile from by the given steps.
func visWalk(t testing.TB, s *State, from int, dirs ...Dir) int {
	t.Helper()
	for _, d := range dirs {
		from = s.geo.neighbour(from, d)
		if from < 0 {
			t.Fatalf("walk %v leaves the map", dirs)
		}
	}
	return from
}

// visPlace puts seat's piece on tile, contacting it, and records what the
// seat sees from there, as a move does (movePiece): the tile it left shows
// its owner again to every seat that now sees it.
func visPlace(s *State, seat, tile int) {
	pl := &s.players[seat]
	from := int(pl.pos)
	pl.pos, pl.prev = int16(tile), int16(tile)
	pl.onStart = false
	s.see(seat)
	if from >= 0 {
		s.refreshOwner(from)
	}
}

// visNightfall turns the state to night as advance does: every seat and the
// spectator remember the owners they saw by day (refreshOwner).
func visNightfall(s *State) {
	for t := range s.tiles {
		s.refreshOwner(t)
	}
	s.night = true
}

// visMakeActive hands the move decision to seat, first in the turn order,
// so that its turn ends without ending the cycle.
func visMakeActive(t testing.TB, s *State, seat int) {
	t.Helper()
	i := slices.Index(s.order, int8(seat))
	if i < 0 {
		t.Fatalf("seat %d is not in the turn order %v", seat, s.order)
	}
	s.order = append([]int8{int8(seat)}, slices.Delete(slices.Clone(s.order), i, i+1)...)
	s.turnIdx = 0
	s.phase = phaseMove
	s.blocked = s.blocked[:0]
	s.players[seat].prev = s.players[seat].pos
}

// visApply applies answers by their text forms and returns a copy of all
// the events they produced.
func visApply(t testing.TB, s *State, answers ...string) []engine.Event {
	t.Helper()
	var all []engine.Event
	for _, text := range answers {
		a, err := s.ParseAnswer(text)
		if err != nil {
			t.Fatal(err)
		}
		evs, err := s.Apply(a)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		all = append(all, evs...)
	}
	return all
}

// visViewers is every seat of s and the spectator.
func visViewers(s *State) []engine.Seat {
	out := make([]engine.Seat, 0, len(s.players)+1)
	for i := range s.players {
		out = append(out, engine.Seat(i))
	}
	return append(out, engine.Spectator)
}

// visKinds returns the kinds of the events viewer receives, in order.
func visKinds(events []engine.Event, viewer engine.Seat) []string {
	var out []string
	for _, e := range engine.Redact(events, viewer) {
		out = append(out, e.Kind)
	}
	return out
}

// visGets reports whether viewer receives an event of kind.
func visGets(events []engine.Event, viewer engine.Seat, kind string) bool {
	return slices.Contains(visKinds(events, viewer), kind)
}

// visPiece returns where viewer's view shows seat's piece, or nil.
func visPiece(s *State, viewer engine.Seat, seat int) *Coord {
	return s.view(viewer).Players[seat].Piece
}

// visVisibleTiles lists the tiles viewer's view marks visible.
func visVisibleTiles(s *State, viewer engine.Seat) []int {
	var out []int
	for i, tv := range s.view(viewer).Tiles {
		if tv.Visible {
			out = append(out, i)
		}
	}
	return out
}

// visWithin lists the tiles within r of tile c.
func visWithin(s *State, c, r int) []int {
	var out []int
	for t := range s.tiles {
		if s.geo.distance(c, t) <= r {
			out = append(out, t)
		}
	}
	return out
}

func TestDayVisionAllTiles(t *testing.T) {
	// REL-823: by day every seat (and the spectator) sees every tile live,
	// wherever its piece stands; GAP-43: the match starts at day.
	for _, climate := range []string{"tropical", "dry", "temperate", "cold"} {
		for seats := 2; seats <= 4; seats++ {
			t.Run(fmt.Sprintf("%s/%dp", climate, seats), func(t *testing.T) {
				c, err := visGame.ParseConfig([]byte(fmt.Sprintf(`{"climate":%q}`, climate)), seats)
				if err != nil {
					t.Fatal(err)
				}
				s := visGame.NewState(c, uint64(seats)*31+1)
				if s.night { // GAP-43
					t.Fatal("the match starts at night")
				}
				for _, v := range visViewers(s) {
					view := s.view(v)
					for i, tv := range view.Tiles {
						if !tv.Visible || tv.Memory != Revealed || tv.Owner == nil || tv.Terrain == nil { // REL-823, UI-412
							t.Fatalf("seat %d: tile %d at day: %+v", v, i, tv)
						}
					}
					for i, pv := range view.Players { // REL-823: no stealth at the start (GAP-04 (8))
						if pv.Piece == nil || *pv.Piece != s.coord(int(s.players[i].pos)) {
							t.Errorf("seat %d does not see piece %d at day: %v", v, i, pv.Piece)
						}
					}
				}
				for seat := range s.players {
					for tile := range s.tiles {
						if !s.seesTile(seat, tile) { // REL-823
							t.Fatalf("seat %d does not see tile %d at day", seat, tile)
						}
					}
				}
			})
		}
	}
}

func TestNightVisionRadius(t *testing.T) {
	// REL-824, GAP-43: at night a seat sees the tile its piece contacts and
	// the 6 around it, nothing else; pieces outside are hidden.
	tests := []struct {
		name     string
		col, row int
		want     int // tiles in vision
	}{
		{"centre", 4, 4, 7},
		{"corner", 0, 0, 3},
		{"edge", 0, 3, 6}, // odd row: shoved right, so only W is off the map
		{"far corner", 8, 8, 4},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := visBlank(t, 2)
			me := visAt(t, s, tc.col, tc.row)
			visPlace(s, 0, me)
			visNightfall(s)
			want := visWithin(s, me, 1)
			if len(want) != tc.want {
				t.Fatalf("%d tiles within 1, want %d", len(want), tc.want)
			}
			if got := visVisibleTiles(s, 0); !slices.Equal(got, want) { // REL-824
				t.Errorf("visible %v, want %v", got, want)
			}
			// A piece next to us is seen; one two tiles away is not (REL-824).
			for _, far := range []bool{false, true} {
				other := -1
				for tt := range s.tiles {
					d := s.geo.distance(me, tt)
					if (!far && d == 1) || (far && d == 2) {
						other = tt
						break
					}
				}
				visPlace(s, 1, other)
				got := visPiece(s, 0, 1)
				if far && got != nil { // REL-824
					t.Errorf("sees a piece at distance 2 at night: %v", got)
				}
				if !far && (got == nil || *got != s.coord(other)) { // REL-824
					t.Errorf("does not see the adjacent piece at night: %v", got)
				}
			}
		})
	}
}

func TestHighGround(t *testing.T) {
	// REL-873, GAP-43: from a mountain the night vision radius is 3.
	// REL-875: it ends the moment the piece leaves the mountain.
	s := visBlank(t, 2)
	me := visAt(t, s, 4, 4)
	s.tiles[me].Structure = Mountain
	visPlace(s, 0, me)
	visPlace(s, 1, visAt(t, s, 0, 8))
	visNightfall(s)
	visMakeActive(t, s, 0)

	if !s.highGround(0) {
		t.Fatal("no high ground on a mountain") // REL-873
	}
	want := visWithin(s, me, 3)
	if len(want) != 37 {
		t.Fatalf("%d tiles within 3, want 37", len(want))
	}
	if got := visVisibleTiles(s, 0); !slices.Equal(got, want) { // REL-873, GAP-43
		t.Errorf("visible from the mountain: %d tiles, want %d", len(got), len(want))
	}
	for _, tile := range want {
		if s.view(0).Tiles[tile].Memory != Revealed { // UI-412: seeing reveals
			t.Fatalf("tile %d seen from the mountain is not revealed", tile)
		}
	}
	if pv := s.view(0).Players[0]; !pv.HighGround {
		t.Error("own view does not show high ground")
	}
	// A piece 3 tiles away is seen from the mountain (REL-873).
	three := visWalk(t, s, me, DirW, DirW, DirW)
	visPlace(s, 1, three)
	if visPiece(s, 0, 1) == nil {
		t.Error("does not see a piece 3 tiles from the mountain") // REL-873
	}
	visPlace(s, 1, visAt(t, s, 0, 8))

	// Leaving the mountain: radius 1 again (REL-875).
	visApply(t, s, "move e")
	next := visWalk(t, s, me, DirE)
	if s.highGround(0) {
		t.Fatal("high ground kept after leaving the mountain") // REL-875
	}
	if got, want := visVisibleTiles(s, 0), visWithin(s, next, 1); !slices.Equal(got, want) { // REL-875, REL-824
		t.Errorf("visible after leaving: %v, want %v", got, want)
	}
	// What was seen from the mountain stays revealed (UI-412, UI-413).
	for _, tile := range visWithin(s, me, 3) {
		if tv := s.view(0).Tiles[tile]; tv.Memory != Revealed || tv.Terrain == nil {
			t.Fatalf("tile %d forgotten after leaving the mountain: %+v", tile, tv)
		}
	}
}

func TestStealth(t *testing.T) {
	// REL-870: a piece contacting a tile with trees is stealthed; REL-871: it
	// does not appear to other seats; REL-874, GAP-43: a piece on high
	// ground sees it within 3, by day or night.
	tests := []struct {
		name   string
		night  bool
		viewer func(t testing.TB, s *State, trees int) int // tile of seat 1
		mount  bool                                        // seat 1 stands on a mountain
		seen   bool
	}{
		{"day, far", false, func(t testing.TB, s *State, _ int) int { return visAt(t, s, 0, 8) }, false, false},
		{"day, adjacent", false, func(t testing.TB, s *State, c int) int { return visWalk(t, s, c, DirE) }, false, false},
		{"night, adjacent", true, func(t testing.TB, s *State, c int) int { return visWalk(t, s, c, DirE) }, false, false},
		{"day, mountain at 3", false, func(t testing.TB, s *State, c int) int { return visWalk(t, s, c, DirE, DirE, DirE) }, true, true},
		{"night, mountain at 3", true, func(t testing.TB, s *State, c int) int { return visWalk(t, s, c, DirSE, DirSE, DirE) }, true, true},
		{"night, mountain adjacent", true, func(t testing.TB, s *State, c int) int { return visWalk(t, s, c, DirNW) }, true, true},
		{"day, mountain at 4", false, func(t testing.TB, s *State, c int) int { return visWalk(t, s, c, DirW, DirW, DirW, DirW) }, true, false},
		{"night, mountain at 4", true, func(t testing.TB, s *State, c int) int { return visWalk(t, s, c, DirE, DirE, DirE, DirNE) }, true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := visBlank(t, 3)
			trees := visAt(t, s, 4, 4)
			s.tiles[trees].Structure = Trees
			visPlace(s, 0, trees)
			v := tc.viewer(t, s, trees)
			if tc.mount {
				s.tiles[v].Structure = Mountain
			}
			visPlace(s, 1, v)
			visPlace(s, 2, visAt(t, s, 8, 0)) // plain, far: never sees it
			if tc.night {
				visNightfall(s)
			}
			if !s.stealthed(0) {
				t.Fatal("not stealthed on trees") // REL-870
			}
			if got := visPiece(s, 1, 0) != nil; got != tc.seen { // REL-871, REL-874
				t.Errorf("seat 1 sees the stealthed piece: %v, want %v", got, tc.seen)
			}
			if tc.seen && !s.view(1).Players[0].Stealth {
				t.Error("the high-ground view does not mark the piece stealthed") // REL-874
			}
			if visPiece(s, 2, 0) != nil { // REL-871: high ground of seat 1 shows it to seat 1 only
				t.Error("seat 2 sees the stealthed piece")
			}
			if visPiece(s, engine.Spectator, 0) != nil { // REL-871: not even by day
				t.Error("the spectator sees the stealthed piece")
			}
			own := s.view(0).Players[0]
			if own.Piece == nil || *own.Piece != s.coord(trees) || !own.Stealth { // own piece always shown
				t.Errorf("own view of the stealthed piece: %+v", own)
			}
			if got := s.pieceAudience(0); got.Has(1) != tc.seen || got.Has(2) || got.Has(engine.Spectator) || !got.Has(0) {
				t.Errorf("piece audience %016b", got) // REL-871: events follow the view
			}
		})
	}
}

func TestStealthEndsOnLeaving(t *testing.T) {
	// REL-872: stealth ends the moment the piece leaves the trees; the move
	// that ends it is seen by everyone who sees the new tile.
	for _, night := range []bool{false, true} {
		t.Run(fmt.Sprintf("night=%v", night), func(t *testing.T) {
			s := visBlank(t, 2)
			trees := visAt(t, s, 4, 4)
			s.tiles[trees].Structure = Trees
			visPlace(s, 0, trees)
			out := visWalk(t, s, trees, DirE)
			visPlace(s, 1, visWalk(t, s, out, DirE)) // next to the tile it leaves to
			if night {
				visNightfall(s)
			}
			visMakeActive(t, s, 0)
			s.tiles[out].Owner = 0 // own tile: no interaction, the turn ends
			if visPiece(s, 1, 0) != nil {
				t.Fatal("stealthed piece seen before it leaves") // REL-871
			}
			evs := visApply(t, s, "move e")
			if s.stealthed(0) {
				t.Fatal("still stealthed after leaving the trees") // REL-872
			}
			if got := visPiece(s, 1, 0); got == nil || *got != s.coord(out) { // REL-872
				t.Errorf("seat 1 does not see the piece after it left the trees: %v", got)
			}
			if !visGets(evs, 1, "moved") { // REL-872
				t.Error("seat 1 is not told of the move out of the trees")
			}
			if got := visGets(evs, engine.Spectator, "moved"); got == night { // spectators see pieces by day only
				t.Errorf("spectator gets the move: %v at night=%v", got, night)
			}
		})
	}
}

func TestStealthHidesEvents(t *testing.T) {
	// REL-871, GAP-62: the events of a stealthed piece reach only its own
	// seat and seats that see it from high ground (REL-874). Seats that saw
	// it step into the trees are told that it left, not where it went.
	// REL-870, GAP-70: its capture of the trees tile is hidden the same way
	// until it leaves the tile (REL-872).
	s := visBlank(t, 3)
	start := visAt(t, s, 4, 4)
	trees := visWalk(t, s, start, DirE)
	s.tiles[trees].Structure = Trees
	visPlace(s, 0, start)
	plain := visWalk(t, s, trees, DirE)
	visPlace(s, 1, plain) // adjacent, plain: sees the tile, not the piece
	mount := visWalk(t, s, trees, DirW, DirW, DirSW)
	s.tiles[mount].Structure = Mountain
	visPlace(s, 2, mount) // on high ground within 3 (REL-874)
	visMakeActive(t, s, 0)

	// moves returns what viewer is told of seat 0's moves: "from", "to" or
	// "from to" per event.
	moves := func(evs []engine.Event, v engine.Seat) []string {
		var out []string
		for _, e := range engine.Redact(evs, v) {
			if e.Kind == "moved" {
				out = append(out, visEnds(t, e))
			}
		}
		return out
	}
	evs := visApply(t, s, "move e")
	for _, v := range []engine.Seat{1, engine.Spectator} { // REL-871: told it left, not where to
		if got := moves(evs, v); !slices.Equal(got, []string{"from"}) {
			t.Errorf("seat %d is told %q of the move into the trees, want only from", v, got)
		}
	}
	for _, v := range []engine.Seat{0, 2} { // REL-874: the mover and the high ground see both ends
		if got := moves(evs, v); !slices.Equal(got, []string{"from to"}) {
			t.Errorf("seat %d is told %q of the move, want from and to", v, got)
		}
	}
	evs = visApply(t, s, "success")
	if s.tiles[trees].Owner != 0 {
		t.Fatalf("trees not taken: owner %d", s.tiles[trees].Owner)
	}
	for _, v := range []engine.Seat{1, engine.Spectator} {
		if visGets(evs, v, "propagation") { // REL-871, GAP-62
			t.Errorf("seat %d is told of a stealthed propagation", v)
		}
		if visGets(evs, v, "owner") { // REL-870, GAP-70
			t.Errorf("seat %d is told of a capture by a piece it does not see", v)
		}
		if tv := s.view(v).Tiles[trees]; !tv.Visible || tv.Owner == nil || *tv.Owner != -1 { // REL-870, GAP-70
			t.Errorf("seat %d's view of the trees: visible %v owner %v, want the old -1", v, tv.Visible, tv.Owner)
		}
	}
	for _, v := range []engine.Seat{0, 2} {
		if !visGets(evs, v, "propagation") || !visGets(evs, v, "owner") { // REL-874
			t.Errorf("seat %d is not told of the propagation and capture: %v", v, visKinds(evs, v))
		}
		if got := s.view(v).Tiles[trees].Owner; got == nil || *got != 0 { // REL-874, GAP-70
			t.Errorf("seat %d sees owner %v of the trees, want 0", v, got)
		}
	}
	for _, v := range visViewers(s) { // the view never shows it (REL-871)
		b, _ := json.Marshal(s.View(v))
		var view struct {
			Players []struct {
				Piece *Coord `json:"piece"`
			} `json:"players"`
		}
		if err := json.Unmarshal(b, &view); err != nil {
			t.Fatal(err)
		}
		if got := view.Players[0].Piece != nil; got != (v == 0 || v == 2) {
			t.Errorf("seat %d's serialized view shows the stealthed piece: %v", v, got)
		}
	}

	// The piece leaves the trees: the seats that see it arrive are told
	// where, not where from, and now see who owns the trees (REL-872).
	visMakeActive(t, s, 0)
	evs = visApply(t, s, "move w")
	for _, v := range []engine.Seat{1, engine.Spectator} {
		if got := moves(evs, v); !slices.Equal(got, []string{"to"}) { // REL-871, REL-872
			t.Errorf("seat %d is told %q of the move out of the trees, want only to", v, got)
		}
		if got := s.view(v).Tiles[trees].Owner; got == nil || *got != 0 { // REL-872, GAP-70
			t.Errorf("seat %d sees owner %v of the trees once the piece left, want 0", v, got)
		}
	}
}

func TestVisionRulesCompose(t *testing.T) {
	// REL-825: the later vision rules adjust the base rules of REL-823 and
	// REL-824: stealth hides a piece even by day (REL-870), high ground
	// widens night vision and pierces stealth (REL-873, REL-874), and what
	// was revealed stays known out of vision (UI-412, UI-413).
	type piece struct {
		col, row int
		s        Structure
	}
	tests := []struct {
		name      string
		night     bool
		me, other piece
		sees      bool // seat 0 sees seat 1's piece
		tileLive  bool // seat 0 sees seat 1's tile live
	}{
		{"day plain/plain", false, piece{1, 1, 0}, piece{7, 7, 0}, true, true},                     // REL-823
		{"day plain/trees", false, piece{1, 1, 0}, piece{7, 7, Trees}, false, true},                // REL-870
		{"night plain/plain far", true, piece{1, 1, 0}, piece{7, 7, 0}, false, false},              // REL-824
		{"night plain/plain near", true, piece{4, 4, 0}, piece{5, 4, 0}, true, true},               // REL-824
		{"night plain/trees near", true, piece{4, 4, 0}, piece{5, 4, Trees}, false, true},          // REL-870
		{"night mountain/plain at 3", true, piece{4, 4, Mountain}, piece{7, 4, 0}, true, true},     // REL-873
		{"night mountain/trees at 3", true, piece{4, 4, Mountain}, piece{7, 4, Trees}, true, true}, // REL-874
		{"night mountain/plain at 4", true, piece{4, 4, Mountain}, piece{8, 4, 0}, false, false},   // GAP-43
		{"day mountain/trees at 4", false, piece{4, 4, Mountain}, piece{8, 4, Trees}, false, true}, // GAP-43
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := visBlank(t, 2)
			a, b := visAt(t, s, tc.me.col, tc.me.row), visAt(t, s, tc.other.col, tc.other.row)
			s.tiles[a].Structure, s.tiles[b].Structure = tc.me.s, tc.other.s
			visPlace(s, 0, a)
			visPlace(s, 1, b)
			if tc.night {
				visNightfall(s)
			}
			if got := s.seesPiece(0, 1); got != tc.sees {
				t.Errorf("seesPiece = %v, want %v", got, tc.sees)
			}
			if got := visPiece(s, 0, 1) != nil; got != tc.sees {
				t.Errorf("view shows the piece: %v, want %v", got, tc.sees)
			}
			tv := s.view(0).Tiles[b]
			if tv.Visible != tc.tileLive {
				t.Errorf("tile live: %v, want %v", tv.Visible, tc.tileLive)
			}
			if tv.Memory != Revealed || tv.Owner == nil { // UI-413: revealed by day, kept at night
				t.Errorf("tile memory %v, owner %v", tv.Memory, tv.Owner)
			}
		})
	}
}

func TestMemoryStates(t *testing.T) {
	// UI-412: tiles seen at least once are revealed; UI-413: their
	// attributes, structure, allotment and (last seen) owner stay known;
	// UI-414, UI-415: tiles next to a revealed tile show attribute,
	// structure and allotment but no owner; UI-416: the rest show nothing
	// but their place. A match starts at day and so reveals every tile
	// (REL-823, GAP-43): the test forgets everything first, as if the seat
	// had never seen the map.
	s := visBlank(t, 2)
	me := visAt(t, s, 4, 4)
	visPlace(s, 0, me)
	visPlace(s, 1, visAt(t, s, 0, 8))
	visNightfall(s)
	for i := 0; i < s.words(); i++ {
		s.revealed[i] = 0 // seat 0 forgets the map
	}
	near := visWalk(t, s, me, DirE)            // distance 1
	ring := visWalk(t, s, me, DirE, DirE)      // distance 2
	out := visWalk(t, s, me, DirW, DirW, DirW) // distance 3
	s.tiles[near].Structure, s.tiles[near].Owner = Building, 1
	s.tiles[ring].Structure, s.tiles[ring].Owner = House, 1
	s.tiles[ring].Alloc = [numResources]int32{40, 10, 10}
	s.tiles[out].Structure, s.tiles[out].Owner = Office, 1
	s.see(0)

	for tile := range s.tiles {
		want := Unrevealed // UI-416
		switch d := s.geo.distance(me, tile); {
		case d <= 1:
			want = Revealed // UI-412
		case d == 2:
			want = Adjacent // UI-414
		}
		if got := s.memory(0, tile); got != want {
			t.Fatalf("tile %d at distance %d: memory %v, want %v", tile, s.geo.distance(me, tile), got, want)
		}
	}
	view := s.view(0)
	tests := []struct {
		name      string
		tile      int
		memory    Memory
		visible   bool
		structure Structure
		owner     *int
		attrs     bool
	}{
		{"revealed, in vision", near, Revealed, true, Building, visPtr(1), true}, // UI-412, UI-413
		{"adjacent", ring, Adjacent, false, House, nil, true},                    // UI-414, UI-415
		{"unrevealed", out, Unrevealed, false, NoStructure, nil, false},          // UI-416
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tv := view.Tiles[tc.tile]
			if tv.Memory != tc.memory || tv.Visible != tc.visible || tv.Structure != tc.structure {
				t.Errorf("memory %v visible %v structure %v; want %v %v %v", tv.Memory, tv.Visible, tv.Structure, tc.memory, tc.visible, tc.structure)
			}
			if (tv.Owner == nil) != (tc.owner == nil) || tv.Owner != nil && *tv.Owner != *tc.owner {
				t.Errorf("owner %v, want %v", tv.Owner, tc.owner) // UI-415: no owner on adjacent tiles
			}
			if got := tv.Terrain != nil && tv.Alloc != nil; got != tc.attrs { // UI-413, UI-415, UI-416
				t.Errorf("attributes shown: %v, want %v", got, tc.attrs)
			}
			if tc.memory == Adjacent && *tv.Alloc != s.tiles[ring].Alloc { // UI-415: allotment recorded
				t.Errorf("adjacent allotment %v", *tv.Alloc)
			}
		})
	}

	// The piece leaves: what it saw stays revealed, out of vision, with the
	// owner it saw (UI-413); a change it does not see is not shown.
	t.Run("revealed keeps its information at night", func(t *testing.T) {
		visPlace(s, 0, visAt(t, s, 4, 8))
		s.tiles[near].Owner = -1 // changes out of sight
		tv := s.view(0).Tiles[near]
		if tv.Memory != Revealed || tv.Visible { // UI-412
			t.Fatalf("memory %v visible %v", tv.Memory, tv.Visible)
		}
		if tv.Terrain == nil || *tv.Terrain != Sand || tv.Structure != Building || tv.Alloc == nil { // UI-413
			t.Errorf("revealed tile lost its attributes: %+v", tv)
		}
		if tv.Owner == nil || *tv.Owner != 1 { // UI-413: the owner last seen
			t.Errorf("owner %v, want the last seen 1", tv.Owner)
		}
		if got := s.view(0).Tiles[ring].Memory; got != Adjacent { // still only adjacent
			t.Errorf("ring tile memory %v", got)
		}
	})
}

func visPtr(v int) *int { return &v }

func TestKnownOwnerMemory(t *testing.T) {
	// UI-413, GAP-43: out of vision a seat sees the owner it last saw. A tile
	// taken at night out of a seat's sight keeps its old owner in that
	// seat's view (and the spectator's) until the seat sees it again.
	// GAP-62: the defender of a combat takes part, so it is told that it
	// lost the tile wherever it stands.
	tests := []struct {
		name     string
		oldOwner int8 // the tile's owner before: -1 propagation, 1 combat
	}{
		{"propagation", -1},
		{"combat", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := visBlank(t, 3)
			start := visAt(t, s, 2, 4)
			x := visWalk(t, s, start, DirE)
			s.tiles[x].Owner = tc.oldOwner
			visPlace(s, 0, start)
			visPlace(s, 1, visAt(t, s, 7, 7)) // far away; the defender in combat
			away := visAt(t, s, 0, 8)
			visPlace(s, 2, away) // far away, never involved
			visNightfall(s)
			visMakeActive(t, s, 0)
			old := int(tc.oldOwner)
			defender := tc.oldOwner == 1

			evs := visApply(t, s, "move e", "success")
			if s.tiles[x].Owner != 0 {
				t.Fatalf("tile not taken: owner %d", s.tiles[x].Owner)
			}
			if visGets(evs, 2, "owner") || visGets(evs, engine.Spectator, "owner") { // REL-824
				t.Error("a seat out of sight is told of the owner change")
			}
			if got := visGets(evs, 1, "owner"); got != defender { // GAP-62
				t.Errorf("seat 1 is told of the owner change: %v, want %v", got, defender)
			}
			if got := s.view(0).Tiles[x].Owner; got == nil || *got != 0 {
				t.Errorf("the taker sees owner %v", got)
			}
			if got := s.view(1).Tiles[x]; got.Owner == nil || *got.Owner != map[bool]int{true: 0, false: old}[defender] || got.Visible { // GAP-62, UI-413
				t.Errorf("seat 1 sees owner %v (visible %v)", got.Owner, got.Visible)
			}
			for _, v := range []engine.Seat{2, engine.Spectator} { // UI-413
				if got := s.view(v).Tiles[x]; got.Owner == nil || *got.Owner != old || got.Visible {
					t.Errorf("seat %d sees owner %v (visible %v), want the old %d", v, got.Owner, got.Visible, old)
				}
			}
			// Seat 2 comes next to the tile: it sees the new owner, and
			// keeps knowing it after it leaves (UI-412, UI-413).
			visPlace(s, 2, visWalk(t, s, x, DirE))
			if got := s.view(2).Tiles[x]; got.Owner == nil || *got.Owner != 0 || !got.Visible { // UI-412
				t.Errorf("in sight: owner %v visible %v, want 0", got.Owner, got.Visible)
			}
			visPlace(s, 2, away)
			if got := s.view(2).Tiles[x]; got.Owner == nil || *got.Owner != 0 || got.Visible { // UI-413
				t.Errorf("after leaving: owner %v visible %v, want remembered 0", got.Owner, got.Visible)
			}
			if got := s.view(engine.Spectator).Tiles[x].Owner; *got != old { // REL-824: no live vision at night
				t.Errorf("the spectator sees owner %d at night, want %d", *got, old)
			}
			// Daybreak shows every owner again (REL-823).
			s.night = false
			for _, v := range visViewers(s) {
				if got := s.view(v).Tiles[x].Owner; got == nil || *got != 0 { // REL-823
					t.Errorf("seat %d at day: owner %v", v, got)
				}
			}
		})
	}
}

func TestKnownOwnerUnderStealth(t *testing.T) {
	// REL-870, GAP-70: a seat sees a tile's live owner only when no
	// stealthed piece it cannot see stands on it; otherwise it sees the
	// owner it last saw (UI-413). So a piece stepping into trees never
	// changes the owner shown, not even on a tile that changed hands at
	// night out of the seat's sight: by day the seat saw the new owner
	// (REL-823), and it keeps that one.
	s := visBlank(t, 3)
	trees := visAt(t, s, 4, 4)
	s.tiles[trees].Structure = Trees
	a := visWalk(t, s, trees, DirW)
	visPlace(s, 0, a)
	visPlace(s, 1, visAt(t, s, 0, 8))
	visPlace(s, 2, visAt(t, s, 8, 0))
	visNightfall(s)
	visMakeActive(t, s, 0)
	visApply(t, s, "move e", "success") // seat 0 takes the trees at night
	if s.tiles[trees].Owner != 0 {
		t.Fatalf("trees not taken: owner %d", s.tiles[trees].Owner)
	}
	for _, v := range []engine.Seat{1, 2, engine.Spectator} {
		if got := *s.view(v).Tiles[trees].Owner; got != -1 { // REL-824, UI-413
			t.Errorf("seat %d sees owner %d of a tile taken out of its sight", v, got)
		}
	}

	// Seat 0 has the last turn of the cycle: it leaves the trees and day
	// breaks.
	s.order, s.turnIdx, s.phase = []int8{1, 2, 0}, 2, phaseMove
	s.players[0].prev = s.players[0].pos
	visApply(t, s, "move w", "failure")
	if s.night {
		t.Fatal("still night") // REL-821
	}
	for _, v := range []engine.Seat{1, 2, engine.Spectator} {
		if tv := s.view(v).Tiles[trees]; !tv.Visible || *tv.Owner != 0 { // REL-823, GAP-70
			t.Errorf("seat %d at day: visible %v owner %d, want 0", v, tv.Visible, *tv.Owner)
		}
	}

	// By day, the piece steps back into the trees, out of sight: the owner
	// shown stays the one each seat saw.
	visMakeActive(t, s, 0)
	visApply(t, s, "move e")
	for _, v := range []engine.Seat{1, 2, engine.Spectator} {
		view := s.view(v)
		if view.Players[0].Piece != nil { // REL-871
			t.Fatalf("seat %d sees the stealthed piece", v)
		}
		if got := *view.Tiles[trees].Owner; got != 0 { // REL-870, UI-413
			t.Errorf("seat %d sees owner %d when a stealthed piece steps onto the tile, want the 0 it saw", v, got)
		}
		if got := s.ownerVisible(visRow(s, v), trees); got { // REL-870
			t.Errorf("seat %d sees the live owner under a piece it does not see", v)
		}
	}
}

func TestSpectatorView(t *testing.T) {
	// The spectator sees only what every player sees (engine.Spectator): by
	// day every tile and every piece that is not stealthed (REL-823,
	// REL-871); at night no tile live and no piece, only the owners as of
	// nightfall (REL-824: a spectator has no piece to see from).
	s := visBlank(t, 3)
	trees := visAt(t, s, 4, 4)
	s.tiles[trees].Structure = Trees
	mount := visWalk(t, s, trees, DirE, DirE)
	s.tiles[mount].Structure = Mountain
	visPlace(s, 0, trees)
	visPlace(s, 1, mount) // sees the stealthed piece (REL-874)
	visPlace(s, 2, visAt(t, s, 0, 8))

	day := s.view(engine.Spectator)
	if day.Seat != int(engine.Spectator) {
		t.Errorf("spectator view seat %d", day.Seat)
	}
	for i, want := range []bool{false, true, true} { // REL-871: not the stealthed one
		if got := day.Players[i].Piece != nil; got != want {
			t.Errorf("day: spectator sees piece %d: %v, want %v", i, got, want)
		}
	}
	for _, tv := range day.Tiles {
		if !tv.Visible || tv.Owner == nil { // REL-823
			t.Fatalf("day: spectator tile %+v", tv)
		}
	}

	visNightfall(s)
	visMakeActive(t, s, 2)
	x := visWalk(t, s, visAt(t, s, 0, 8), DirE)
	evs := visApply(t, s, "move e", "success") // seat 2 takes a tile at night
	if s.tiles[x].Owner != 2 {
		t.Fatal("tile not taken")
	}
	if k := visKinds(evs, engine.Spectator); slices.ContainsFunc(k, func(kind string) bool {
		return kind == "moved" || kind == "propagation" || kind == "owner"
	}) {
		t.Errorf("spectator events at night: %v", k) // REL-824
	}
	night := s.view(engine.Spectator)
	for i, pv := range night.Players {
		if pv.Piece != nil { // REL-824
			t.Errorf("night: spectator sees piece %d", i)
		}
	}
	for i, tv := range night.Tiles {
		if tv.Visible || tv.Owner == nil || *tv.Owner != int(s.known[len(s.players)*len(s.tiles)+i]) {
			t.Fatalf("night: spectator tile %d: %+v", i, tv)
		}
	}
	if got := *night.Tiles[x].Owner; got != -1 { // taken after nightfall
		t.Errorf("night: spectator sees owner %d of a tile taken at night", got)
	}
	if got := *s.view(0).Tiles[x].Owner; got != -1 { // seat 0 did not see it either
		t.Errorf("night: seat 0 sees owner %d", got)
	}
	if got := *s.view(2).Tiles[x].Owner; got != 2 { // the taker did
		t.Errorf("night: seat 2 sees owner %d", got)
	}
}

func TestDefeatedSeatVision(t *testing.T) {
	// A defeated seat has no piece (GAP-34): by day it sees like the
	// spectator (REL-823, REL-871), at night nothing live (REL-824), and it
	// keeps every public counter (GAP-70).
	s := visBlank(t, 3)
	trees := visAt(t, s, 4, 4)
	s.tiles[trees].Structure = Trees
	visPlace(s, 0, trees)
	visPlace(s, 1, visAt(t, s, 7, 7))
	s.eliminate(2)
	for _, night := range []bool{false, true} {
		if night {
			visNightfall(s)
		}
		view := s.view(2)
		for i, want := range []bool{false, !night, false} {
			if got := view.Players[i].Piece != nil; got != want {
				t.Errorf("night=%v: defeated seat sees piece %d: %v, want %v", night, i, got, want)
			}
		}
		if got := len(visVisibleTiles(s, 2)); got != map[bool]int{false: len(s.tiles), true: 0}[night] {
			t.Errorf("night=%v: defeated seat sees %d tiles live", night, got)
		}
		if !view.Players[2].Defeated || view.Players[0].Reputation != 50 { // GAP-70
			t.Errorf("night=%v: counters %+v", night, view.Players)
		}
	}
}

func TestDayNightSwitchEachCycle(t *testing.T) {
	// REL-820, REL-821, GAP-43: day and night switch once per cycle, in
	// every climate (REL-822: length 1:1 everywhere); the match starts at
	// day. Vision follows: all tiles by day (REL-823), radius 1 or 3 at
	// night (REL-824, REL-873). Real matches, driven by seeded answers.
	for _, climate := range []string{"tropical", "dry", "temperate", "cold"} {
		for seats := 2; seats <= 4; seats++ {
			t.Run(fmt.Sprintf("%s/%dp", climate, seats), func(t *testing.T) {
				seed := uint64(seats*100 + len(climate))
				s := visGame.NewState(visConfig(t, climate, seats), seed)
				rnd := enginetest.RandomAnswers(seed)
				var buf []engine.Answer
				switches := 0
				for step := 0; !s.Terminal() && s.cycle < 8; step++ {
					var a engine.Answer
					if s.Pending().Seat == engine.Chance {
						a = engine.ChanceAnswer(seed, step, s.Chance())
					} else {
						a, buf = enginetest.RandomAnswer(s, &rnd, buf)
					}
					evs, err := s.Apply(a)
					if err != nil {
						t.Fatal(err)
					}
					for _, e := range evs {
						switch d := e.Data.(type) {
						case cycleData:
							switches++
							if d.Night != (d.Cycle%2 == 1) { // REL-821, GAP-43
								t.Fatalf("cycle %d: night %v", d.Cycle, d.Night)
							}
							if e.Audience != engine.AllSeats {
								t.Errorf("cycle event audience %016b", e.Audience)
							}
						case turnData:
							if d.Night != (d.Cycle%2 == 1) { // REL-820
								t.Fatalf("turn in cycle %d: night %v", d.Cycle, d.Night)
							}
						}
					}
					if s.night != (s.cycle%2 == 1) { // REL-821
						t.Fatalf("step %d: cycle %d night %v", step, s.cycle, s.night)
					}
					for seat := range s.players {
						view := s.view(engine.Seat(seat))
						if view.Night != s.night {
							t.Fatalf("view night %v", view.Night)
						}
						got := len(visVisibleTiles(s, engine.Seat(seat)))
						want := len(s.tiles) // REL-823
						if pos := int(s.players[seat].pos); s.night && pos >= 0 {
							want = len(visWithin(s, pos, s.radius(seat))) // REL-824, REL-873
						} else if s.night {
							want = 0
						}
						if got != want {
							t.Fatalf("step %d seat %d night=%v: %d tiles live, want %d", step, seat, s.night, got, want)
						}
					}
				}
				if !s.Terminal() && switches < 8 {
					t.Errorf("%d switches in %d cycles", switches, s.cycle)
				}
			})
		}
	}
}
