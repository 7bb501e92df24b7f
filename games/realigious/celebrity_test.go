package realigious

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"tabletop/engine"
)

// Celebrities (REL-980-993, GAP-37, GAP-38). Helpers: fa* in
// factions_test.go.

// ceSet puts a celebrity of kind on (col, row), bribed by briber (-1: none).
func ceSet(t *testing.T, s *State, kind CelebrityKind, col, row, briber int) {
	t.Helper()
	i := int16(ttIdx(t, s, col, row))
	s.celeb = celebrity{kind: kind, pos: i, start: i, briber: int8(briber)}
	if briber >= 0 {
		s.celeb.bribes = 1
	}
}

// ceCycle plays seat 0's and seat 1's turns of a 2-player match (moves d0
// and d1, every roll failed) and returns the events; the end of the cycle
// is pending afterwards.
func ceCycle(t *testing.T, s *State, d0, d1 string) []engine.Event {
	t.Helper()
	evs := faTurn(t, s, d0, "failure")
	return append(evs, faTurn(t, s, d1, "failure")...)
}

// The celebrity is a roaming non-player character: at the end of every
// cycle, and only then, it steps to a neighbouring contactable tile that is
// not a local government, a chance decision with equal weights that no
// player answers (REL-980, REL-981, REL-983, GAP-38).
func TestREL983_WanderAtEachCycleEnd(t *testing.T) {
	s := faScene(t, faSeats(2, "islam/fortune_teller"), [2]int{1, 1}, [2]int{7, 7})
	ceSet(t, s, Professor, 4, 4, -1)
	s.tiles[ttIdx(t, s, 5, 4)].Terrain = Water
	faGov(t, s, targetOffice, 3, 4)
	ttBegin(s, 0, 1)
	faTurn(t, s, "e", "failure")
	if p := s.Pending(); p.Seat != 1 || p.Kind != "move" { // REL-983: not before every player's turn
		t.Fatalf("after seat 0's turn pending %+v", p)
	}
	evs := faTurn(t, s, "w", "failure")
	if len(ttFind(evs, "cycle")) != 1 {
		t.Fatalf("events %v", ttKinds(evs))
	}
	// Around (4,4): no water on (5,4), no office on (3,4).
	want := []string{"tile 3,3", "tile 4,3", "tile 3,5", "tile 4,5"}
	for cycle := 0; cycle < 2; cycle++ {
		d := s.Pending()
		if d.Seat != engine.Chance || d.Kind != "wander" { // REL-981, REL-983, GAP-38: a chance decision
			t.Fatalf("cycle %d: pending %+v", cycle+1, d)
		}
		legal := ttLegal(s)
		if cycle == 0 && !slices.Equal(legal, want) { // GAP-38: a neighbouring contactable tile
			t.Fatalf("wander options %v, want %v", legal, want)
		}
		from := int(s.celeb.pos)
		for _, a := range s.Legal(nil) {
			_, arg := splitAnswer(a)
			if s.geo.distance(from, arg) != 1 || !s.tiles[arg].Terrain.Contactable() || s.tiles[arg].Structure.LocalGovernment() { // GAP-38
				t.Fatalf("cycle %d: wander to %v", cycle+1, s.coord(arg))
			}
		}
		out := s.Chance()
		if len(out) != len(legal) {
			t.Fatalf("outcomes %+v", out)
		}
		for _, o := range out {
			if o.Weight != out[0].Weight || o.Weight <= 0 { // REL-981: a random direction
				t.Fatalf("outcomes %+v", out)
			}
		}
		if err := ttTry(s, "tile 7,7"); !errors.Is(err, engine.ErrIllegalAnswer) { // GAP-38: one step only
			t.Fatalf("a far tile: %v", err)
		}
		to := legal[0]
		evs := ttDo(t, s, to)
		if c := ttFind(evs, "celebrity"); len(c) != 1 || "tile "+ceCoordText(*c[0].Data.(movedData).To) != to { // REL-983
			t.Fatalf("celebrity events %+v", c)
		}
		if "tile "+ceCoordText(s.coord(int(s.celeb.pos))) != to || s.celeb.start != int16(ttIdx(t, s, 4, 4)) { // REL-982: the start point stays
			t.Fatalf("celebrity on %v, start %v", s.coord(int(s.celeb.pos)), s.coord(int(s.celeb.start)))
		}
		if s.Pending().Seat != 0 || s.Pending().Kind != "move" || s.phase == phaseRoll { // an unbribed Professor propagates nothing (REL-990)
			t.Fatalf("after the wander pending %+v", s.Pending())
		}
		ceCycle(t, s, "w", "e")
	}
}

func ceCoordText(c Coord) string { return fmt.Sprintf("%d,%d", c.Col, c.Row) }

// A piece on the celebrity's tile may bribe it in the interaction phase for
// 500 × (times bribed + 1), in either resource; a re-bribe pays more and
// takes it over. After the bribe the tile interaction goes on (REL-984,
// REL-986-988, GAP-37).
func TestREL984_BribeCelebrity(t *testing.T) {
	s := faScene(t, faSeats(2, "islam/fortune_teller"), [2]int{4, 4}, [2]int{6, 4})
	ceSet(t, s, Thug, 5, 4, -1)
	s.players[1].res = [numResources]int32{0, 999, 1000}
	ttBegin(s, 0, 1)
	ttDo(t, s, "move e")
	if b := faBribes(s); !slices.Equal(b, []string{"bribe celebrity donations", "bribe celebrity influence"}) { // REL-984, GAP-37: either resource
		t.Fatalf("bribes %v", b)
	}
	d := faBribe(t, ttDo(t, s, "bribe celebrity donations"))
	if d.Target != "celebrity" || d.Kind != "thug" || d.Cost != 500 || d.Previous != -1 || s.players[0].res[Donations] != 0 { // REL-984, GAP-37: 500 first
		t.Fatalf("bribe %+v, resources %v", d, s.players[0].res)
	}
	if s.celeb.briber != 0 || s.celeb.bribes != 1 { // REL-986
		t.Fatalf("celebrity %+v", s.celeb)
	}
	if p := s.Pending(); p.Kind != "roll" || s.roll.kind != rollPropagation { // REL-984: bribing is part of the interaction
		t.Fatalf("pending %+v", p)
	}
	ttDo(t, s, "failure")
	ttDo(t, s, "move w")
	if b := faBribes(s); !slices.Equal(b, []string{"bribe celebrity influence"}) { // REL-987, GAP-37: 1000 now, 999 donations do not pay
		t.Fatalf("bribes %v", b)
	}
	d = faBribe(t, ttDo(t, s, "bribe celebrity influence"))
	if d.Cost != 1000 || d.Previous != 0 || s.celeb.briber != 1 || s.players[1].res[Influence] != 0 { // REL-987: more than the previous buyer
		t.Fatalf("re-bribe %+v, celebrity %+v", d, s.celeb)
	}
	if c := s.view(0).Factions.Celebrity; c == nil || c.Briber != 1 || c.Bribes != 2 || c.Cost != 1500 { // REL-988, GAP-37: 500, 1000, 1500 …
		t.Fatalf("celebrity view %+v", c)
	}
}

// Only a piece on the celebrity's own tile may bribe it (REL-984).
func TestREL984_BribeOnlyOnTheSameTile(t *testing.T) {
	s := faScene(t, faSeats(2, "islam/fortune_teller"), [2]int{4, 4}, [2]int{0, 8})
	ceSet(t, s, Thug, 6, 4, -1)
	ttBegin(s, 0, 1)
	ttDo(t, s, "move e")                                             // to (5,4), next to it
	if b := faBribes(s); len(b) != 0 || s.Pending().Kind != "roll" { // REL-984
		t.Fatalf("bribes %v, pending %+v", b, s.Pending())
	}
}

// The bribed Professor attempts propagation of each neutral tile it steps on
// at the briber's own propagation rate, leaving the briber's correction
// alone; a success gives the tile and its plain allotment (REL-989, REL-990,
// GAP-38).
func TestREL990_Professor(t *testing.T) {
	s := faScene(t, faSeats(2, "islam/fortune_teller"), [2]int{0, 4}, [2]int{8, 8})
	ceSet(t, s, Professor, 4, 4, 0)
	s.players[0].res[Followers] = 700
	ttOwn(t, s, 1, [2]int{4, 5})
	ttBegin(s, 0, 1)
	ceCycle(t, s, "e", "w")
	if p := s.Pending(); p.Seat != engine.Chance || p.Kind != "wander" { // GAP-38: bribed, it still cannot be steered
		t.Fatalf("pending %+v", p)
	}
	ttDo(t, s, "tile 5,4")
	five4 := ttIdx(t, s, 5, 4)
	if p := s.Pending(); p.Seat != engine.Chance || p.Kind != "roll" || s.roll.kind != rollProfessor || s.roll.seat != 0 { // REL-990: for the briber
		t.Fatalf("pending %+v, roll %+v", p, s.roll)
	}
	if int(s.roll.r) != s.PropagationRate(0, five4) { // REL-989: the player's own propagation rate
		t.Fatalf("professor rate %d, seat 0's rate %d", s.roll.r, s.PropagationRate(0, five4))
	}
	corr := s.players[0].propCorr
	evs := ttDo(t, s, "failure")
	if len(ttFind(evs, "professor")) != 1 || s.players[0].propCorr != corr || s.tiles[five4].Owner != -1 { // GAP-38: the correction is untouched
		t.Fatalf("events %v, correction %d → %d", ttKinds(evs), corr, s.players[0].propCorr)
	}
	if p := s.Pending(); p.Seat != 0 || p.Kind != "move" {
		t.Fatalf("after the roll pending %+v", p)
	}

	// Onto another player's tile: nothing (neutral tiles only).
	ceCycle(t, s, "e", "e")
	evs = ttDo(t, s, "tile 4,5")
	if s.phase == phaseRoll || len(ttFind(evs, "professor")) != 0 { // REL-990: neutral tiles only
		t.Fatalf("events %v", ttKinds(evs))
	}

	// Back onto (5,4): success.
	ceCycle(t, s, "e", "w")
	ttDo(t, s, "tile 5,4")
	corr = s.players[0].propCorr
	before := s.players[0].res
	evs = ttDo(t, s, "success")
	if s.tiles[five4].Owner != 0 || s.players[0].propCorr != corr { // REL-990, GAP-38
		t.Fatalf("owner %d, correction %d → %d", s.tiles[five4].Owner, corr, s.players[0].propCorr)
	}
	ex := ttExplain(t, evs, "professor")
	if ex.Gains != [numResources]int{100, 200, 100} || s.players[0].res[Donations] != before[Donations]+200 { // GAP-38: the plain allotment
		t.Fatalf("gains %v", ex.Gains)
	}
}

// The bribed Vagrant gives its briber 3% reputation each time it steps on a
// tile the briber owns (REL-991, REL-986).
func TestREL991_Vagrant(t *testing.T) {
	s := faScene(t, faSeats(2, "islam/fortune_teller"), [2]int{0, 8}, [2]int{8, 0})
	ceSet(t, s, Vagrant, 4, 4, 0)
	ttOwn(t, s, 0, [2]int{4, 3})
	ttOwn(t, s, 1, [2]int{4, 5})
	ttBegin(s, 0, 1)
	steps := []struct {
		to  string
		rep int32
	}{
		{"tile 4,3", 53}, // its own tile: +3
		{"tile 5,4", 53}, // neutral
		{"tile 4,5", 53}, // another's
		{"tile 5,4", 53},
		{"tile 4,3", 56},
	}
	for i, st := range steps {
		ceCycle(t, s, []string{"e", "w"}[i%2], []string{"w", "e"}[i%2])
		ttDo(t, s, st.to)
		if s.players[0].rep != st.rep || s.players[1].rep != 50 { // REL-991
			t.Fatalf("step %d to %s: reputations %d, %d", i+1, st.to, s.players[0].rep, s.players[1].rep)
		}
	}
}

// The bribed Archaeologist collects a relic on the tile it steps on for its
// briber; no other celebrity, and no unbribed one, collects (REL-992,
// GAP-32, GAP-38).
func TestREL992_Archaeologist(t *testing.T) {
	cases := []struct {
		name    string
		kind    CelebrityKind
		briber  int
		collect bool
	}{
		{"bribed", Archaeologist, 0, true},
		{"unbribed", Archaeologist, -1, false},
		{"bribed thug", Thug, 0, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := faScene(t, faSeats(2, "islam/fortune_teller"), [2]int{0, 8}, [2]int{8, 0})
			s.god = ZogMalomos
			ceSet(t, s, c.kind, 4, 4, c.briber)
			i := faRelic(t, s, 4, 3, NoEye)
			ttBegin(s, 0, 1)
			ceCycle(t, s, "e", "w")
			evs := ttDo(t, s, "tile 4,3")
			got := s.relics[i].holder == 0
			if got != c.collect || (len(ttFind(evs, "relic")) == 1) != c.collect { // REL-992, GAP-38
				t.Fatalf("relic %+v, events %v", s.relics[i], ttKinds(evs))
			}
			if c.collect {
				if d := rlRelicEvent(t, evs); d.Seat != 0 || d.Held != 1 || s.players[0].buff != 1 { // REL-992: the briber acquires it
					t.Fatalf("relic event %+v", d)
				}
			}
			if p := s.Pending(); p.Seat != 0 || p.Kind != "move" {
				t.Fatalf("pending %+v", p)
			}
		})
	}

	// Reaching Abukaros's stack 4 this way: the briber designates, and the
	// end of the cycle resumes with the next turn.
	t.Run("abukaros designation", func(t *testing.T) {
		s := faScene(t, faSeats(3, "islam/fortune_teller"), [2]int{0, 8}, [2]int{8, 0}, [2]int{8, 8})
		s.god = Abukaros
		ceSet(t, s, Archaeologist, 4, 4, 0)
		faHold(s, 0, 3)
		faRelic(t, s, 4, 3, NoEye)
		ttBegin(s, 0, 1, 2)
		faTurn(t, s, "e", "failure")
		faTurn(t, s, "w", "failure")
		faTurn(t, s, "w", "failure")
		ttDo(t, s, "tile 4,3")
		if p := s.Pending(); p.Seat != 0 || p.Kind != "designate" { // REL-992, REL-929
			t.Fatalf("pending %+v", p)
		}
		ttDo(t, s, "seat 2")
		if p := s.Pending(); p.Seat != 0 || p.Kind != "move" || s.players[0].turns != 2 { // the cycle goes on to the next turn
			t.Fatalf("pending %+v, turns %d", p, s.players[0].turns)
		}
	})
}

// The bribed Thug skips the next turn of every other player whose piece is
// on the tile it steps on; its briber's piece is spared (REL-993).
func TestREL993_Thug(t *testing.T) {
	s := faScene(t, faSeats(2, "islam/fortune_teller"), [2]int{5, 5}, [2]int{6, 4})
	ceSet(t, s, Thug, 4, 4, 0)
	ttBegin(s, 0, 1)
	ceCycle(t, s, "nw", "w") // both pieces onto (5,4)
	evs := ttDo(t, s, "tile 5,4")
	th := ttFind(evs, "thug")
	if len(th) != 1 || th[0].Seat != 1 || !s.players[1].skipNext || s.players[0].skipNext { // REL-993
		t.Fatalf("thug events %+v, skip %v %v", th, s.players[0].skipNext, s.players[1].skipNext)
	}
	if p := s.Pending(); p.Seat != 0 || p.Kind != "move" { // the briber plays
		t.Fatalf("pending %+v", p)
	}
	turns := s.players[1].turns
	evs = faTurn(t, s, "e", "failure")
	if sk := ttFind(evs, "skipped"); len(sk) != 1 || sk[0].Seat != 1 { // REL-993: that player's next turn is skipped
		t.Fatalf("events %v", ttKinds(evs))
	}
	if ttPos(s, 1) != (Coord{5, 4}) || s.players[1].turns != turns+1 || s.Pending().Kind != "wander" || s.players[1].skipNext { // REL-993: one turn, gone
		t.Fatalf("seat 1 on %v, turns %d, pending %+v", ttPos(s, 1), s.players[1].turns, s.Pending())
	}
}

// As its briber's second piece, the celebrity lets the briber see its tile
// and the tiles around it at night (REL-985, GAP-38).
func TestREL985_SecondPieceNightVision(t *testing.T) {
	s := faScene(t, faSeats(2, "islam/fortune_teller"), [2]int{0, 8}, [2]int{7, 4})
	ceSet(t, s, Vagrant, 4, 4, 0)
	ttBegin(s, 0, 1)
	ceCycle(t, s, "e", "w") // seat 1 to (6,4); night falls
	evs := ttDo(t, s, "tile 5,4")
	if !s.night {
		t.Fatal("no night")
	}
	told := false
	for _, e := range ttFind(evs, "celebrity") {
		if to := e.Data.(movedData).To; e.Audience.Has(0) && to != nil && *to == (Coord{5, 4}) {
			told = true
		}
	}
	if !told { // REL-985: the briber follows its second piece
		t.Fatalf("events %v", ttKinds(evs))
	}
	v0 := s.view(0)
	for _, c := range []Coord{{5, 4}, {6, 4}, {4, 4}, {5, 3}} {
		if !v0.Tiles[ttIdx(t, s, c.Col, c.Row)].Visible { // REL-985
			t.Fatalf("briber does not see %v at night", c)
		}
	}
	if v0.Tiles[ttIdx(t, s, 8, 0)].Visible || v0.Tiles[ttIdx(t, s, 7, 4)].Visible { // REL-985: its neighbours only
		t.Fatal("briber sees beyond the celebrity")
	}
	if v0.Players[1].Piece == nil || *v0.Players[1].Piece != (Coord{6, 4}) { // REL-985: a piece next to the celebrity is seen
		t.Fatalf("seat 1's piece %v", v0.Players[1].Piece)
	}
	if v0.Factions.Celebrity == nil || v0.Factions.Celebrity.Tile == nil { // REL-985
		t.Fatal("the briber does not see its celebrity")
	}
	// Without the bribe, none of that.
	c := s.clone()
	c.celeb.briber = -1
	if v := c.view(0); v.Tiles[ttIdx(t, s, 5, 4)].Visible || v.Players[1].Piece != nil { // REL-985
		t.Fatal("an unbribed celebrity gives vision")
	}
	if v1 := s.view(1); v1.Tiles[ttIdx(t, s, 0, 8)].Visible || v1.Players[0].Piece != nil { // REL-985: the briber's, not the others'
		t.Fatal("seat 1 sees the briber's side")
	}
}
