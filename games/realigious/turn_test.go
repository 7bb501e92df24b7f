package realigious

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"testing"

	"tabletop/engine"
)

// Helpers shared by turn_test.go, setup_test.go, victory_test.go and
// climate_test.go (prefix tt).

// ttSeats builds seat choices from "religion/character" pairs.
func ttSeats(pairs ...string) []SeatConfig {
	out := make([]SeatConfig, len(pairs))
	for i, p := range pairs {
		var r, c string
		for j := 0; j < len(p); j++ {
			if p[j] == '/' {
				r, c = p[:j], p[j+1:]
			}
		}
		out[i] = SeatConfig{Religion: r, Character: c}
	}
	return out
}

// ttNew creates a match on a 9×9 map with the default cycle limit.
func ttNew(t *testing.T, climate string, seed uint64, pairs ...string) *State {
	t.Helper()
	return New().NewState(Config{NoCards: true, Size: 9, Climate: climate, CycleLimit: 100, Seats: ttSeats(pairs...)}, seed)
}

// ttFlat turns the map into plain neutral grass with the same allotment on
// every tile (100 followers, 200 donations, 100 influence), so that a test
// controls every tile it cares about.
func ttFlat(s *State) {
	for i := range s.tiles {
		s.tiles[i] = Tile{Terrain: Grass, Owner: -1, Alloc: [numResources]int32{100, 200, 100}}
	}
	for i := range s.known {
		s.known[i] = -1
	}
	s.blocked = s.blocked[:0]
	// No factions on a flat map: no celebrity to wander, no relic to find.
	s.celeb.pos, s.celeb.start = -1, -1
	s.relics = s.relics[:0]
	for i := range s.govs {
		s.govs[i].tile = -1
	}
}

// ttIdx returns the tile at (col, row).
func ttIdx(t *testing.T, s *State, col, row int) int {
	t.Helper()
	i := s.geo.index(col, row)
	if i < 0 {
		t.Fatalf("no tile (%d,%d)", col, row)
	}
	return i
}

// ttPut puts seat's piece on (col, row), contacting it.
func ttPut(t *testing.T, s *State, seat, col, row int) {
	t.Helper()
	i := ttIdx(t, s, col, row)
	pl := &s.players[seat]
	pl.pos, pl.prev, pl.onStart = int16(i), int16(i), false
}

// ttOwn gives seat the tiles at the given (col, row) pairs.
func ttOwn(t *testing.T, s *State, seat int, coords ...[2]int) {
	t.Helper()
	for _, c := range coords {
		s.tiles[ttIdx(t, s, c[0], c[1])].Owner = int8(seat)
	}
}

// ttBegin restarts the match flow with the given turn order: no turn has
// been played, and the first seat's start phase runs now. It returns the
// events of that start phase.
func ttBegin(s *State, order ...int) []engine.Event {
	s.order = s.order[:0]
	for _, o := range order {
		s.order = append(s.order, int8(o))
	}
	s.turnIdx, s.turns, s.cycle, s.night = 0, 0, 0, false
	for i := range s.players {
		s.players[i].turns = 0
	}
	s.blocked = s.blocked[:0]
	s.events = s.events[:0]
	s.startTurn()
	return append([]engine.Event(nil), s.events...)
}

// ttDo applies the text answer and fails the test if it is not legal.
func ttDo(t *testing.T, s *State, text string) []engine.Event {
	t.Helper()
	a, err := s.ParseAnswer(text)
	if err != nil {
		t.Fatalf("parse %q: %v", text, err)
	}
	ev, err := s.Apply(a)
	if err != nil {
		t.Fatalf("apply %q: %v (pending %s, legal %v)", text, err, s.Pending().Kind, ttLegal(s))
	}
	return append([]engine.Event(nil), ev...)
}

// ttTry applies the text answer and returns the error.
func ttTry(s *State, text string) error {
	a, err := s.ParseAnswer(text)
	if err != nil {
		return err
	}
	_, err = s.Apply(a)
	return err
}

// ttLegal returns the text forms of the legal answers.
func ttLegal(s *State) []string {
	var out []string
	for _, a := range s.Legal(nil) {
		out = append(out, s.AnswerText(a))
	}
	return out
}

// ttKinds returns the kinds of the events, in order.
func ttKinds(evs []engine.Event) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		out[i] = e.Kind
	}
	return out
}

// ttFind returns the events of one kind.
func ttFind(evs []engine.Event, kind string) []engine.Event {
	var out []engine.Event
	for _, e := range evs {
		if e.Kind == kind {
			out = append(out, e)
		}
	}
	return out
}

// ttStep answers the pending decision the dull way: the default answer for a
// seat, "failure" for a roll, the first outcome for any other chance. It
// returns the events.
func ttStep(t *testing.T, s *State) []engine.Event {
	t.Helper()
	d := s.Pending()
	a := d.Default
	if d.Seat == engine.Chance && d.Kind == "roll" {
		a = answer(ansFailure, 0)
	}
	ev, err := s.Apply(a)
	if err != nil {
		t.Fatalf("step %s %s: %v", d.Kind, s.AnswerText(a), err)
	}
	return append([]engine.Event(nil), ev...)
}

// ttPos returns seat's piece coordinates.
func ttPos(s *State, seat int) Coord { return s.coord(int(s.players[seat].pos)) }

func ttExplain(t *testing.T, evs []engine.Event, kind string) *Explain {
	t.Helper()
	found := ttFind(evs, kind)
	if len(found) != 1 {
		t.Fatalf("want one %q event, got kinds %v", kind, ttKinds(evs))
	}
	ex, ok := found[0].Data.(*Explain)
	if !ok {
		t.Fatalf("%s event data is %T", kind, found[0].Data)
	}
	return ex
}

func ttHasTerm(ts []ExplainTerm, name string) (ExplainTerm, bool) {
	for _, x := range ts {
		if x.Name == name {
			return x, true
		}
	}
	return ExplainTerm{}, false
}

// A turn runs start, move, interaction and end phases in that order, and
// only the move (and optional choices) wait for the player.
func TestTurnPhasesInOrder(t *testing.T) {
	s := ttNew(t, "tropical", 1, "islam/businessman", "islam/businessman")
	ttFlat(s)
	ttPut(t, s, 0, 4, 4)
	ttPut(t, s, 1, 1, 7)
	start := ttBegin(s, 0, 1)

	// Start phase: the system starts the turn and asks nothing of the player.
	if k := ttKinds(start); !slices.Equal(k, []string{"turn"}) { // REL-202
		t.Fatalf("start phase events %v, want [turn]", k)
	}
	if d := s.Pending(); d.Seat != 0 || d.Kind != "move" { // REL-201, REL-204: the move phase follows the start phase
		t.Fatalf("after the start phase pending %+v, want seat 0 move", d)
	}
	for _, a := range ttLegal(s) {
		if len(a) < 5 || a[:5] != "move " { // REL-204: the player chooses a direction
			t.Fatalf("move phase offers %q", a)
		}
	}

	// Move phase: the direction is processed, the piece contacts the tile,
	// and play goes to the interaction phase, whose tile interaction
	// resolves by itself when no choice is open (GAP-06).
	ev := ttDo(t, s, "move e")
	if k := ttKinds(ev); !slices.Equal(k, []string{"moved"}) { // REL-223: movement is the process
		t.Fatalf("move events %v", k)
	}
	if d := s.Pending(); d.Seat != engine.Chance || d.Kind != "roll" { // REL-209, REL-210, REL-206, GAP-06
		t.Fatalf("after the move pending %+v, want the propagation roll", d)
	}
	if got := s.coord(int(s.roll.tile)); got != (Coord{5, 4}) || s.roll.kind != rollPropagation { // REL-224: contact with the tile moved onto
		t.Fatalf("roll on %v kind %d, want propagation on (5,4)", got, s.roll.kind)
	}

	// Interaction resolves, then the end phase passes the turn without a
	// decision and the next seat's start phase runs.
	ev = ttDo(t, s, "success")
	k := ttKinds(ev)
	pi, ti := slices.Index(k, "propagation"), slices.Index(k, "turn")
	if pi < 0 || ti < pi { // REL-201: interaction before the end phase and the next start phase
		t.Fatalf("events %v: want propagation then the next turn", k)
	}
	if ev[ti].Seat != 1 { // REL-207: the end phase hands over with no player action
		t.Fatalf("next turn is seat %d", ev[ti].Seat)
	}
	if d := s.Pending(); d.Seat != 1 || d.Kind != "move" { // REL-200: the next turn is seat 1's opportunity
		t.Fatalf("pending %+v, want seat 1 move", d)
	}
	if s.tiles[ttIdx(t, s, 5, 4)].Owner != 0 { // REL-001: a successful propagation captures the tile for seat 0 alone
		t.Fatalf("tile (5,4) owner %d", s.tiles[ttIdx(t, s, 5, 4)].Owner)
	}
}

// Within one turn every player decision belongs to the active seat.
func TestREL200_TurnBelongsToOneSeat(t *testing.T) {
	s := ttNew(t, "temperate", 3, "christianity/explorer", "buddhism/explorer", "islam/religionist")
	ttFlat(s)
	ttPut(t, s, 0, 2, 2)
	ttPut(t, s, 1, 6, 2)
	ttPut(t, s, 2, 4, 6)
	ttOwn(t, s, 1, [2]int{6, 3}, [2]int{7, 3}, [2]int{5, 3}, [2]int{5, 2}, [2]int{7, 2}, [2]int{6, 1}, [2]int{7, 1})
	ttBegin(s, 2, 0, 1)
	for step := 0; step < 60; step++ {
		d := s.Pending()
		if d.Seat >= 0 && d.Seat != engine.Seat(s.active()) { // REL-200
			t.Fatalf("step %d: %s decided by seat %d during seat %d's turn", step, d.Kind, d.Seat, s.active())
		}
		ttStep(t, s)
	}
}

// The move is mandatory: nothing but a move answers the move phase.
func TestREL220_MoveIsMandatory(t *testing.T) {
	s := ttNew(t, "tropical", 1, "islam/businessman", "islam/businessman")
	ttFlat(s)
	ttPut(t, s, 0, 4, 4)
	ttBegin(s, 0, 1)
	before := s.AppendEncoding(nil)
	for _, text := range []string{"stop", "end", "pass", "dispute", "success"} {
		err := ttTry(s, text)
		if !errors.Is(err, engine.ErrIllegalAnswer) { // REL-220: the player must move
			t.Errorf("%q in the move phase: err %v, want ErrIllegalAnswer", text, err)
		}
	}
	if !slices.Equal(before, s.AppendEncoding(nil)) {
		t.Fatal("an illegal answer changed the state")
	}
	if d := s.Pending(); d.Kind != "move" || d.Seat != 0 { // REL-220
		t.Fatalf("pending %+v", d)
	}
}

// The piece moves to one of the six tiles around it.
func TestREL221_MoveToNeighbour(t *testing.T) {
	cases := []struct {
		from [2]int
		dir  string
		to   Coord
	}{
		{[2]int{4, 4}, "e", Coord{5, 4}},
		{[2]int{4, 4}, "w", Coord{3, 4}},
		{[2]int{4, 4}, "ne", Coord{4, 3}},
		{[2]int{4, 4}, "nw", Coord{3, 3}},
		{[2]int{4, 4}, "se", Coord{4, 5}},
		{[2]int{4, 4}, "sw", Coord{3, 5}},
		{[2]int{4, 3}, "ne", Coord{5, 2}},
		{[2]int{4, 3}, "nw", Coord{4, 2}},
		{[2]int{4, 3}, "se", Coord{5, 4}},
		{[2]int{4, 3}, "sw", Coord{4, 4}},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%v/%s", c.from, c.dir), func(t *testing.T) {
			s := ttNew(t, "tropical", 1, "islam/businessman", "islam/businessman")
			ttFlat(s)
			ttPut(t, s, 0, c.from[0], c.from[1])
			ttBegin(s, 0, 1)
			if n := len(ttLegal(s)); n != 6 { // REL-221: six neighbours in the interior
				t.Fatalf("legal %v, want 6 moves", ttLegal(s))
			}
			ev := ttDo(t, s, "move "+c.dir)
			if got := ttPos(s, 0); got != c.to { // REL-221
				t.Fatalf("piece on %v, want %v", got, c.to)
			}
			from := s.coord(ttIdx(t, s, c.from[0], c.from[1]))
			if s.geo.distance(ttIdx(t, s, from.Col, from.Row), ttIdx(t, s, c.to.Col, c.to.Row)) != 1 { // REL-221: adjacent
				t.Fatal("not adjacent")
			}
			m := ttFind(ev, "moved")
			if len(m) != 1 || m[0].Data.(movedData).From == nil || *m[0].Data.(movedData).From != from || *m[0].Data.(movedData).To != c.to { // REL-223
				t.Fatalf("moved events %+v", m)
			}
		})
	}
}

// From a starting corner fewer than six moves exist.
func TestREL222_FewerChoicesAtTheStart(t *testing.T) {
	for players := 2; players <= 4; players++ {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			pairs := []string{"islam/businessman", "islam/businessman", "islam/businessman", "islam/businessman"}[:players]
			s := ttNew(t, "tropical", 7, pairs...)
			for seat := range s.players {
				pl := &s.players[seat]
				if !pl.onStart || pl.pos != pl.start {
					t.Fatalf("seat %d not on its starting point", seat)
				}
				moves := s.appendMoves(nil, seat)
				onMap := 0
				for d := Dir(0); d < numDirs; d++ {
					if n := s.geo.neighbour(int(pl.start), d); n >= 0 && s.canContact(n) {
						onMap++
					}
				}
				if len(moves) >= 6 || len(moves) != onMap || len(moves) == 0 { // REL-222
					t.Fatalf("seat %d: %d moves from its corner, %d contactable neighbours", seat, len(moves), onMap)
				}
			}
			want := len(s.appendMoves(nil, s.active()))
			if got := len(ttLegal(s)); got != want { // REL-222: the first move from a start offers only those
				t.Fatalf("legal %d, want %d", got, want)
			}
		})
	}
}

// Water and Rasputitsa-blocked tiles cannot be contacted or moved onto.
func TestREL227_NoMoveOntoNonContactable(t *testing.T) {
	cases := []struct {
		name  string
		setup func(s *State, e int)
	}{
		{"water", func(s *State, e int) { s.tiles[e].Terrain = Water }},                   // REL-227, GAP-45
		{"rasputitsa", func(s *State, e int) { s.blocked = append(s.blocked, int16(e)) }}, // REL-814
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := ttNew(t, "tropical", 1, "islam/businessman", "islam/businessman")
			ttFlat(s)
			ttPut(t, s, 0, 4, 4)
			ttBegin(s, 0, 1)
			e := ttIdx(t, s, 5, 4)
			c.setup(s, e)
			if slices.Contains(ttLegal(s), "move e") { // REL-227, REL-814
				t.Fatalf("legal %v offers the %s tile", ttLegal(s), c.name)
			}
			if err := ttTry(s, "move e"); !errors.Is(err, engine.ErrIllegalAnswer) { // REL-227, REL-814
				t.Fatalf("move onto %s: %v", c.name, err)
			}
			if n := len(ttLegal(s)); n != 5 {
				t.Fatalf("legal %v, want the 5 other moves", ttLegal(s))
			}
		})
	}
}

// With no contactable neighbour the piece stays, contact continues and no
// tile interaction happens (GAP-48).
func TestGAP48_NoLegalMoveStays(t *testing.T) {
	// Cold map of water with two strips of land: seat 0 on 4,4 whose only
	// way out is 5,4, seat 1 on 7,7 with 8,7. Rasputitsa blocks one free
	// tile per turn (REL-813); try generator states until it blocks 5,4 at
	// the start of seat 0's turn, leaving seat 0 without a legal move.
	base := ttNew(t, "cold", 1, "islam/businessman", "islam/businessman")
	ttFlat(base)
	for i := range base.tiles {
		base.tiles[i].Terrain = Water
	}
	for _, c := range [][2]int{{4, 4}, {5, 4}, {7, 7}, {8, 7}} {
		base.tiles[ttIdx(t, base, c[0], c[1])].Terrain = Grass
	}
	ttPut(t, base, 0, 4, 4)
	ttPut(t, base, 1, 7, 7)
	here, exit := ttIdx(t, base, 4, 4), ttIdx(t, base, 5, 4)
	var s *State
	var ev []engine.Event
	for k := uint64(1); k <= 200 && s == nil; k++ {
		c := base.clone()
		c.rng = engine.SeedPCG(k, 48)
		e := ttBegin(c, 0, 1)
		if slices.Contains(ttKinds(e), "no_move") && c.Pending().Seat == 1 {
			s, ev = c, e
		}
	}
	if s == nil {
		t.Fatal("Rasputitsa never blocked the only exit in 200 tries")
	}
	k := ttKinds(ev)
	if r := ttFind(ev, "rasputitsa"); len(r) == 0 || !slices.Contains(r[0].Data.([]Coord), s.coord(exit)) { // REL-814: the only exit is blocked
		t.Fatalf("events %v", k)
	}
	if i := slices.Index(k, "no_move"); i < 0 || ev[i].Seat != 0 { // GAP-48
		t.Fatalf("events %v, want no_move for seat 0", k)
	}
	if d := s.Pending(); d.Seat != 1 || d.Kind != "move" { // GAP-48: the turn ends without a decision
		t.Fatalf("pending %+v, want seat 1 to move", d)
	}
	if ttPos(s, 0) != (Coord{4, 4}) { // GAP-48: the piece stays
		t.Fatalf("piece moved to %v", ttPos(s, 0))
	}
	if s.tiles[here].Owner != -1 || len(ttFind(ev, "propagation")) != 0 || s.players[0].turns != 1 { // GAP-48: no tile interaction; the turn counted
		t.Fatal("a tile interaction happened")
	}
	// Contact with the tile continues: when night falls, the stuck piece
	// still sees around 4,4 and nowhere else.
	ttDo(t, s, "move e")
	ttDo(t, s, "failure")
	if !s.night || ttPos(s, 0) != (Coord{4, 4}) {
		t.Fatalf("night %v, piece %v", s.night, ttPos(s, 0))
	}
	if !s.seesTile(0, exit) || s.seesTile(0, ttIdx(t, s, 7, 4)) { // GAP-48, REL-226
		t.Fatal("night vision not centred on the stuck piece")
	}
}

// Several pieces may share a tile; moving onto another piece on a neutral
// tile is legal and propagation applies as usual (GAP-48).
func TestGAP48_PiecesShareATile(t *testing.T) {
	s := ttNew(t, "tropical", 1, "islam/businessman", "islam/businessman")
	ttFlat(s)
	ttPut(t, s, 0, 4, 4)
	ttPut(t, s, 1, 5, 4)
	ttBegin(s, 0, 1)
	if !slices.Contains(ttLegal(s), "move e") { // GAP-48
		t.Fatalf("legal %v: cannot move onto the other piece", ttLegal(s))
	}
	ttDo(t, s, "move e")
	if ttPos(s, 0) != ttPos(s, 1) { // GAP-48
		t.Fatal("pieces do not share the tile")
	}
	if d := s.Pending(); d.Kind != "roll" || s.roll.kind != rollPropagation { // GAP-48, GAP-18 (3): a neutral tile is propagated
		t.Fatalf("pending %+v", d)
	}
}

// The Explorer may take one or two steps in the first move phase; only the
// last tile is contacted (REL-124, GAP-46, REL-228).
func TestREL124_ExplorerSprint(t *testing.T) {
	cases := []struct {
		name      string
		character string
		turn      int // own turn number of the move
		steps     []string
		sprint    bool // a second step is offered after the first
		contacted Coord
	}{
		{"two steps", "explorer", 1, []string{"move e", "move e"}, true, Coord{6, 4}},
		{"two steps turning", "explorer", 1, []string{"move e", "move ne"}, true, Coord{5, 3}},
		{"stop after one", "explorer", 1, []string{"move e", "stop"}, true, Coord{5, 4}},
		{"second turn: one step", "explorer", 2, []string{"move e"}, false, Coord{5, 4}},
		{"not an explorer", "religionist", 1, []string{"move e"}, false, Coord{5, 4}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := ttNew(t, "tropical", 1, "islam/"+c.character, "islam/businessman")
			ttFlat(s)
			ttPut(t, s, 0, 4, 4)
			ttPut(t, s, 1, 1, 7)
			ttBegin(s, 0, 1)
			if c.turn == 2 {
				ttDo(t, s, "move w")
				ttDo(t, s, "stop")
				ttDo(t, s, "failure")
				ttDo(t, s, "move e")
				ttDo(t, s, "failure")
				ttPut(t, s, 0, 4, 4)
			}
			ttDo(t, s, c.steps[0])
			if got := s.Pending().Kind == "sprint"; got != c.sprint { // REL-124, GAP-46: a second step only in the first move phase
				t.Fatalf("pending %s after the first step, want sprint=%v", s.Pending().Kind, c.sprint)
			}
			if c.sprint {
				legal := ttLegal(s)
				if !slices.Contains(legal, "stop") || !slices.Contains(legal, "move e") { // REL-124: up to two tiles
					t.Fatalf("sprint legal %v", legal)
				}
				if err := ttTry(s, "success"); !errors.Is(err, engine.ErrIllegalAnswer) {
					t.Fatal("a roll during the sprint: the first tile was contacted")
				}
				ttDo(t, s, c.steps[1])
			}
			if d := s.Pending(); d.Kind != "roll" { // REL-124, REL-228
				t.Fatalf("pending %+v, want the roll on the final tile", d)
			}
			if got := s.coord(int(s.roll.tile)); got != c.contacted || ttPos(s, 0) != c.contacted { // GAP-46: only the final tile is contacted
				t.Fatalf("contacted %v (piece %v), want %v", got, ttPos(s, 0), c.contacted)
			}
			ttDo(t, s, "success")
			owned := 0
			for i := range s.tiles {
				if s.tiles[i].Owner == 0 {
					owned++
				}
			}
			if owned != 1 { // GAP-46: the tile stepped through is not propagated
				t.Fatalf("seat 0 owns %d tiles", owned)
			}
		})
	}
}

// Buddhism's Ground-Folding: after contacting an owned tile the player may
// move once more; the new tile is contacted normally (REL-136, GAP-47,
// GAP-69, REL-228).
func TestREL136_BuddhismExtraMove(t *testing.T) {
	cases := []struct {
		name     string
		religion string
		owned    [][2]int
		answers  []string
		offered  []bool // whether the extra move is pending after each answer
		want     string // final pending kind for seat 0's turn: "roll" or "next"
		at       Coord  // final tile
	}{
		{"decline", "buddhism", [][2]int{{5, 4}}, []string{"move e", "stop"}, []bool{true, false}, "next", Coord{5, 4}},
		{"extra onto neutral", "buddhism", [][2]int{{5, 4}}, []string{"move e", "move e"}, []bool{true, false}, "roll", Coord{6, 4}},
		{"only once", "buddhism", [][2]int{{5, 4}, {6, 4}}, []string{"move e", "move e"}, []bool{true, false}, "next", Coord{6, 4}},
		{"neutral tile: no offer", "buddhism", nil, []string{"move e"}, []bool{false}, "roll", Coord{5, 4}},
		{"not a buddhist", "hinduism", [][2]int{{5, 4}}, []string{"move e"}, []bool{false}, "next", Coord{5, 4}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := ttNew(t, "tropical", 1, c.religion+"/businessman", "islam/businessman")
			ttFlat(s)
			ttPut(t, s, 0, 4, 4)
			ttPut(t, s, 1, 1, 7)
			ttOwn(t, s, 0, c.owned...)
			ttBegin(s, 0, 1)
			for i, a := range c.answers {
				ttDo(t, s, a)
				if got := s.Pending().Kind == "extra_move"; got != c.offered[i] { // REL-136, GAP-47: once, right after contacting an own tile
					t.Fatalf("after %q pending %s, want extra move offered=%v", a, s.Pending().Kind, c.offered[i])
				}
				if c.offered[i] && !slices.Contains(ttLegal(s), "stop") { // GAP-47: optional
					t.Fatalf("extra move not optional: %v", ttLegal(s))
				}
			}
			switch c.want {
			case "roll":
				if s.Pending().Kind != "roll" || s.coord(int(s.roll.tile)) != c.at { // GAP-47: the new tile is contacted normally
					t.Fatalf("pending %s on %v, want a roll on %v", s.Pending().Kind, s.coord(int(s.roll.tile)), c.at)
				}
			case "next":
				if s.active() != 1 || s.Pending().Kind != "move" { // REL-136: nothing happens on an own tile
					t.Fatalf("pending %+v, want seat 1's move", s.Pending())
				}
			}
			if ttPos(s, 0) != c.at { // REL-228
				t.Fatalf("piece on %v, want %v", ttPos(s, 0), c.at)
			}
		})
	}
}

// A Buddhist cannot declare war: contacting another player's tile costs
// nothing and starts no combat, with or without their piece on it.
func TestREL137_BuddhistCannotDeclareWar(t *testing.T) {
	for _, withPiece := range []bool{false, true} {
		t.Run(fmt.Sprintf("piece=%v", withPiece), func(t *testing.T) {
			s := ttNew(t, "tropical", 1, "buddhism/businessman", "islam/businessman")
			ttFlat(s)
			ttPut(t, s, 0, 4, 4)
			ttPut(t, s, 1, 1, 7)
			if withPiece {
				ttPut(t, s, 1, 5, 4)
			}
			ttOwn(t, s, 1, [2]int{5, 4})
			s.players[0].res[Followers] = 500
			ttBegin(s, 0, 1)
			ev := ttDo(t, s, "move e")
			if len(ttFind(ev, "declare")) != 0 || s.Pending().Kind == "roll" || s.Pending().Kind == "interaction" { // REL-137, REL-135
				t.Fatalf("events %v, pending %s: a Buddhist declared war", ttKinds(ev), s.Pending().Kind)
			}
			if s.players[0].rep != 50 || s.players[0].res[Followers] != 500 { // REL-137: no declaration cost
				t.Fatalf("rep %d followers %d", s.players[0].rep, s.players[0].res[Followers])
			}
			if s.tiles[ttIdx(t, s, 5, 4)].Owner != 1 || s.active() != 1 { // REL-137
				t.Fatal("tile changed hands or the turn did not end")
			}
		})
	}
}

// Contacting another player's tile is combat, a neutral tile propagation:
// the two central actions (REL-008).
func TestREL008_PropagationAndCombatOnContact(t *testing.T) {
	cases := []struct {
		name  string
		owner int
		kind  string
	}{
		{"neutral", -1, "propagation"},
		{"enemy", 1, "combat"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := ttNew(t, "tropical", 1, "islam/businessman", "christianity/businessman")
			ttFlat(s)
			ttPut(t, s, 0, 4, 4)
			ttPut(t, s, 1, 1, 7)
			s.tiles[ttIdx(t, s, 5, 4)].Owner = int8(c.owner)
			ttBegin(s, 0, 1)
			ttDo(t, s, "move e")
			if s.Pending().Kind != "roll" || rollKindNames[s.roll.kind] != c.kind { // REL-008
				t.Fatalf("pending %s %s, want a %s roll", s.Pending().Kind, rollKindNames[s.roll.kind], c.kind)
			}
			ttDo(t, s, "success")
			if s.tiles[ttIdx(t, s, 5, 4)].Owner != 0 { // REL-008, REL-001: both capture territory
				t.Fatalf("owner %d", s.tiles[ttIdx(t, s, 5, 4)].Owner)
			}
		})
	}
}

// The interaction phase offers the piece interaction tab first; the tile
// interaction follows at once when the choice is made (GAP-06, REL-205,
// REL-210). Contact lasts across turns: the first arrival still holds its
// tile when another piece arrives (REL-226).
func TestREL205_InteractionPhaseChoicesThenTileInteraction(t *testing.T) {
	cases := []struct {
		choice string
		roll   bool
	}{{"dispute", true}, {"pass", false}}
	for _, c := range cases {
		t.Run(c.choice, func(t *testing.T) {
			s := ttNew(t, "tropical", 1, "islam/businessman", "hinduism/businessman")
			ttFlat(s)
			ttPut(t, s, 0, 4, 4)
			ttPut(t, s, 1, 6, 4)
			ttOwn(t, s, 1, [2]int{5, 4})
			ttBegin(s, 1, 0)
			ttDo(t, s, "move w") // seat 1 contacts its own tile (5,4); its turn ends
			if s.active() != 0 || ttPos(s, 1) != (Coord{5, 4}) {
				t.Fatal("setup")
			}
			ttDo(t, s, "move e")
			if d := s.Pending(); d.Seat != 0 || d.Kind != "interaction" { // REL-205, GAP-06 (a); REL-226: seat 1 still contacts (5,4)
				t.Fatalf("pending %+v, want seat 0's interaction tab", d)
			}
			if l := ttLegal(s); !slices.Equal(l, []string{"dispute", "pass"}) { // REL-205
				t.Fatalf("tab offers %v", l)
			}
			ev := ttDo(t, s, c.choice)
			if got := s.Pending().Kind == "roll"; got != c.roll { // REL-210, GAP-06 (c)
				t.Fatalf("after %s pending %s", c.choice, s.Pending().Kind)
			}
			if c.roll && s.roll.kind != rollPieceCombat { // REL-210
				t.Fatalf("roll kind %d", s.roll.kind)
			}
			if !c.roll {
				if len(ttFind(ev, "pass")) != 1 || s.players[0].rep != 50 || s.players[1].rep != 50 { // REL-007: pieces may meet peacefully (GAP-21)
					t.Fatalf("pass events %v reps %d/%d", ttKinds(ev), s.players[0].rep, s.players[1].rep)
				}
				if s.tiles[ttIdx(t, s, 5, 4)].Owner != 1 || s.active() != 1 {
					t.Fatal("pass changed the tile or kept the turn")
				}
			}
		})
	}
}

// Contact is released only when the player's next turn comes and they move:
// between turns the piece stays on the tile it contacted (REL-226).
func TestREL226_ContactLastsUntilTheNextMove(t *testing.T) {
	s := ttNew(t, "tropical", 1, "islam/businessman", "islam/businessman", "islam/businessman")
	ttFlat(s)
	ttPut(t, s, 0, 4, 4)
	ttPut(t, s, 1, 1, 1)
	ttPut(t, s, 2, 7, 7)
	ttBegin(s, 0, 1, 2)
	ttDo(t, s, "move e")
	ttDo(t, s, "failure")
	for s.active() != 0 {
		if ttPos(s, 0) != (Coord{5, 4}) { // REL-226
			t.Fatalf("seat 0's piece left (5,4) during another turn: %v", ttPos(s, 0))
		}
		ttStep(t, s)
	}
	if s.players[0].prev != int16(ttIdx(t, s, 5, 4)) || ttPos(s, 0) != (Coord{5, 4}) { // REL-226: still contacting at the next turn's start
		t.Fatalf("at the next turn prev %v pos %v", s.coord(int(s.players[0].prev)), ttPos(s, 0))
	}
	ttDo(t, s, "move w")
	if ttPos(s, 0) != (Coord{4, 4}) { // REL-226: released by the move
		t.Fatalf("piece %v", ttPos(s, 0))
	}
}

// Tile triggers run on contact, before the interaction phase: the Buddhist's
// extra-move offer comes before any tile interaction, and a piece on trees is
// stealthed as soon as it contacts them (REL-225, GAP-69).
func TestREL225_TriggersOnContact(t *testing.T) {
	s := ttNew(t, "tropical", 1, "buddhism/businessman", "islam/businessman")
	ttFlat(s)
	ttPut(t, s, 0, 4, 4)
	ttPut(t, s, 1, 1, 7)
	ttOwn(t, s, 0, [2]int{5, 4})
	s.tiles[ttIdx(t, s, 6, 4)].Structure = Trees
	ttBegin(s, 0, 1)
	ttDo(t, s, "move e")
	if s.Pending().Kind != "extra_move" { // REL-225, GAP-69: the extra-move offer is a trigger at contact
		t.Fatalf("pending %s", s.Pending().Kind)
	}
	ttDo(t, s, "move e")
	if !s.stealthed(0) || s.view(1).Players[0].Piece != nil { // REL-225: stealth holds from contact
		t.Fatal("piece on trees not stealthed")
	}
	if s.Pending().Kind != "roll" { // REL-225: then the interaction phase
		t.Fatalf("pending %s", s.Pending().Kind)
	}
}

// A cycle is every seat taking one turn; the order is fixed for the match.
func TestREL211_CycleIsEverySeatOnce(t *testing.T) {
	for players := 2; players <= 4; players++ {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			pairs := []string{"islam/businessman", "hinduism/religionist", "christianity/businessman", "islam/religionist"}[:players]
			s := ttNew(t, "dry", 11, pairs...)
			ttFlat(s)
			order := append([]int8(nil), s.order...)
			seats := []int{int(order[0])} // its turn began in NewState
			var cycles []int
			for i := 0; len(cycles) < 3; i++ {
				if i > 1000 {
					t.Fatal("no progress")
				}
				for _, e := range ttStep(t, s) {
					switch e.Kind {
					case "turn":
						seats = append(seats, int(e.Seat))
					case "cycle":
						cycles = append(cycles, len(seats))
					}
				}
			}
			for i, c := range cycles {
				if c != (i+1)*players { // REL-211: a cycle ends after every seat has had one turn
					t.Fatalf("cycle %d ended after %d turns", i+1, c)
				}
			}
			for i := 0; i < 3*players; i++ {
				if seats[i] != int(order[i%players]) { // REL-211, GAP-05: the same order every cycle
					t.Fatalf("turn %d was seat %d, order %v", i, seats[i], order)
				}
			}
			if s.cycle != 3 || s.view(0).Cycle != 3 { // REL-211
				t.Fatalf("cycle %d", s.cycle)
			}
		})
	}
}

// Turn order is drawn from the seed at the start (REL-212, GAP-05).
func TestREL212_TurnOrderFromTheSeed(t *testing.T) {
	seen := map[string]bool{}
	firsts := map[int8]bool{}
	for seed := uint64(1); seed <= 40; seed++ {
		s := ttNew(t, "tropical", seed, "islam/businessman", "islam/businessman", "islam/businessman", "islam/businessman")
		again := ttNew(t, "tropical", seed, "islam/businessman", "islam/businessman", "islam/businessman", "islam/businessman")
		if !slices.Equal(s.order, again.order) { // GAP-05: the order is a function of the seed
			t.Fatalf("seed %d: orders %v and %v", seed, s.order, again.order)
		}
		sorted := slices.Clone(s.order)
		slices.Sort(sorted)
		if !slices.Equal(sorted, []int8{0, 1, 2, 3}) { // REL-212: every seat plays
			t.Fatalf("order %v is not a permutation", s.order)
		}
		if s.Pending().Seat != engine.Seat(s.order[0]) { // GAP-05: the first in the order plays first
			t.Fatalf("seed %d: first decision for seat %d, order %v", seed, s.Pending().Seat, s.order)
		}
		v := s.view(engine.Spectator)
		for i, o := range v.Order {
			if o != int(s.order[i]) { // GAP-70: turn order is public
				t.Fatalf("view order %v", v.Order)
			}
		}
		seen[fmt.Sprint(s.order)] = true
		firsts[s.order[0]] = true
	}
	if len(seen) < 10 || len(firsts) != 4 { // REL-212, GAP-05: drawn at random
		t.Fatalf("%d distinct orders, %d distinct first seats over 40 seeds", len(seen), len(firsts))
	}
}

// The config reaches the rules unchanged through the JSON entry point.
func TestConfigJSONRoundTrip(t *testing.T) {
	g := New()
	raw := []byte(`{"size":9,"climate":"cold","cycle_limit":7,"seats":[{"religion":"buddhism","character":"explorer"},{"religion":"islam","character":"religionist"}]}`)
	st, err := g.New(raw, 2, 5)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	if s.climate != Cold || s.cycleLimit != 7 || s.players[0].religion != Buddhism || s.players[1].character != Religionist { // REL-104, GAP-71
		t.Fatalf("config not honoured: %v %d %v %v", s.climate, s.cycleLimit, s.players[0].religion, s.players[1].character)
	}
	var c Config
	norm, err := g.NormalizeConfig(nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(norm, &c); err != nil {
		t.Fatal(err)
	}
	if c.CycleLimit != g.Params().CycleLimit || c.CycleLimit != 100 { // GAP-71: 100 cycles by default
		t.Fatalf("default cycle_limit %d", c.CycleLimit)
	}
}
