package realigious

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
)

// Scenario tests of the religion, glory and shame cards (CARD-073-084,
// REL-720-725). The g4 helpers are in cards_sacrifice_test.go.

// g4Discard fills seat 1's hand with card and two others and has seat 0
// end its turn, so that seat 1's start-phase draw pushes card out unused
// (REL-681, REL-724). It returns the events.
func g4Discard(t *testing.T, s *State, card CardID) []engine.Event {
	t.Helper()
	cfHand(s, 1, card, 1, 2)
	s.zones[1].deck = []CardID{3}
	g4Ready(t, s, cardNightOfTemperance)
	return g4Do(t, s, "end")
}

func TestCARD073_FootstepsOfGodLapses(t *testing.T) {
	// CARD-073, GAP-49: the chosen tile is no longer the user's when its
	// next turn comes: the move is normal.
	s := cfGame(t, 2)
	dest := g4At(s, 6, 6)
	g4Own(s, 0, dest)
	g4Ready(t, s, cardFootstepsOfGod)
	g4Do(t, s, "card 1", "tile 6,6")
	if b := g4Buff(t, s, 1, 0, cardFootstepsOfGod); b == nil || b.V != 0 {
		t.Errorf("seat 1 sees %+v: the state is public, its tile hidden", b)
	}
	s.tiles[dest].Owner = 1
	g4Do(t, s, "move e", "failure") // seat 0's turn ended with its hand empty; seat 1 propagates 2,2
	if s.phase != phaseMove || s.active() != 0 || int(s.players[0].pos) == dest {
		t.Errorf("phase %q, seat 0 at %v: want a normal move", phaseKinds[s.phase], s.coord(int(s.players[0].pos)))
	}
}

func TestCARD074_TheRadical(t *testing.T) {
	// CARD-074, GAP-49: a random own tile secedes (chance); contacting it
	// within the next 3 own turns keeps it, otherwise it becomes neutral;
	// the card acts when discarded too; no own tile, no effect.
	t.Run("chance picks the tile", func(t *testing.T) {
		s := cfGame(t, 2)
		g4Own(s, 0, g4At(s, 5, 5))
		g4Ready(t, s, cardTheRadical)
		turn := s.players[0].turns
		g4Do(t, s, "card 1")
		if d := s.Pending(); d.Seat != engine.Chance || !cfHas(s, "tile 5,5") || !cfHas(s, "tile 2,0") {
			t.Fatalf("pending %+v legal %v, want a chance pick among seat 0's tiles", d, legalTexts(s))
		}
		g4Do(t, s, "tile 5,5")
		e := s.designationAt(g4At(s, 5, 5), cardTheRadical, 0)
		if e == nil || int32(e.v) != turn+radicalTurns {
			t.Fatalf("secession %+v, want it due at the end of own turn %d", e, turn+radicalTurns)
		}
	})
	for _, tc := range []struct {
		name    string
		contact bool
		want    int8
	}{
		{"lapses", false, -1},
		{"contacted in time", true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := cfGame(t, 2)
			sec := g4At(s, 2, 0) // seat 0 moves onto it by cfInteract
			g4Own(s, 0, sec)
			e := s.designateTile(sec, 0, cardTheRadical, 0, forGame())
			e.v = int16(s.players[0].turns)
			if !tc.contact {
				s.players[0].pos = int16(g4At(s, 0, 0)) // east of it lies 1,0: not the seceding tile
				g4Own(s, 0, g4At(s, 1, 0))
			}
			cfHand(s, 0, cardNightOfTemperance)
			g4Do(t, s, "move e", "end")
			if s.tiles[sec].Owner != tc.want {
				t.Errorf("owner %d, want %d", s.tiles[sec].Owner, tc.want)
			}
			if s.designationAt(sec, cardTheRadical, 0) != nil {
				t.Error("the secession should be over")
			}
		})
	}
	t.Run("discarded", func(t *testing.T) {
		s := cfGame(t, 2)
		g4Own(s, 1, g4At(s, 7, 7))
		g4Discard(t, s, cardTheRadical)
		if s.designationAt(g4At(s, 7, 7), cardTheRadical, 0) == nil {
			t.Error("pushed out unused, The Radical must act (REL-724 reading, GAP-49)")
		}
	})
	t.Run("no tile", func(t *testing.T) {
		s := cfGame(t, 2)
		evs := g4Discard(t, s, cardTheRadical)
		if len(cfEvents(evs, "designation")) != 0 || !slices.Contains(s.zones[1].grave, cardTheRadical) {
			t.Error("without an own tile The Radical does nothing")
		}
	})
}

func TestCARD075_GloryMercy(t *testing.T) {
	// CARD-075, REL-723: the next card with a level cost costs nothing;
	// stated payments still apply; a free card does not use it up; it acts
	// when discarded too (REL-724).
	t.Run("next card free", func(t *testing.T) {
		s := cfGame(t, 2)
		s.zones[0].deck = []CardID{3, 2, 1}
		g4Ready(t, s, cardTheFutureWithin, cardNightOfTemperance, cardGloryMercy)
		g4Do(t, s, "card 1", "card 1") // Mercy, then Night of Temperance (free anyway)
		if v := s.View(0).(*View); v.Hand[len(v.Hand)-1].Cost != 0 {
			t.Fatalf("The Future Within costs %d in the view, want 0", v.Hand[len(v.Hand)-1].Cost)
		}
		g4Do(t, s, "card 2") // The Future Within, now the older card
		if s.players[0].res != ([numResources]int32{0, 2000, 2000}) || s.players[0].rep != 44 {
			t.Errorf("resources %v reputation %d: want no level cost, 1%% + 5%% reputation paid", s.players[0].res, s.players[0].rep)
		}
		if g4State(s, 0, cardGloryMercy) != nil {
			t.Error("Mercy must end with the card it waived")
		}
	})
	t.Run("discarded", func(t *testing.T) {
		s := cfGame(t, 2)
		g4Discard(t, s, cardGloryMercy)
		if g4State(s, 1, cardGloryMercy) == nil || s.cardCost(1, cardDomainOfGod, false, 0) != 0 {
			t.Error("Mercy pushed out unused must still act")
		}
	})
}

func TestCARD076_GloryOnrush(t *testing.T) {
	// CARD-076, GAP-61: the next move contacts three tiles, each step
	// chosen; only the third gets the tile interaction.
	t.Run("three steps", func(t *testing.T) {
		s := cfGame(t, 2)
		s.addState(0, 0, cardGloryOnrush, 0, forGame())
		g4Do(t, s, "move e")
		if s.phase != phaseMove || s.tiles[g4At(s, 2, 0)].Owner != -1 {
			t.Fatalf("after one step: phase %q; want another move, no propagation", phaseKinds[s.phase])
		}
		g4Do(t, s, "move e", "move e")
		if s.phase != phaseRoll || int(s.players[0].pos) != g4At(s, 4, 0) {
			t.Errorf("phase %q at %v, want the propagation roll on 4,0", phaseKinds[s.phase], s.coord(int(s.players[0].pos)))
		}
		if g4State(s, 0, cardGloryOnrush) != nil {
			t.Error("the onrush must end with its third tile")
		}
	})
	t.Run("used", func(t *testing.T) {
		s := cfGame(t, 2)
		g4Ready(t, s, cardNightOfTemperance, cardGloryOnrush)
		g4Do(t, s, "card 1")
		if b := g4Buff(t, s, 1, 0, cardGloryOnrush); b == nil || b.Key != "onrush" {
			t.Errorf("buff %+v, want onrush in the buff list", b)
		}
	})
	t.Run("cornered", func(t *testing.T) {
		s := cfGame(t, 2)
		s.addState(0, 0, cardGloryOnrush, 0, forGame())
		for _, c := range [][2]int{{3, 0}, {2, 1}, {3, 1}} {
			s.tiles[g4At(s, c[0], c[1])].Terrain = Water
		}
		g4Do(t, s, "move e") // 2,0 leads nowhere but back west, to 1,0
		g4Do(t, s, "move w")
		if s.phase != phaseMove {
			t.Fatalf("phase %q after two steps", phaseKinds[s.phase])
		}
	})
}

func TestCARD078_GlorySeeker(t *testing.T) {
	// CARD-078, GAP-61: for 3 of the holder's turns no other player's card
	// targets them; their own cards still may.
	s := cfGame(t, 2)
	g4Ready(t, s, cardNightOfTemperance, cardGlorySeeker)
	g4Do(t, s, "card 1")
	b := g4Buff(t, s, 1, 0, cardGlorySeeker)
	if b == nil || b.Until != int(s.players[0].turns)+2 {
		t.Fatalf("seeker buff %+v, want it to end with own turn %d", b, s.players[0].turns+2)
	}
	if !s.seatShielded(0) {
		t.Error("seat 0 must be shielded")
	}
	s.players[0].turns += 2
	s.expireEffects(0, false)
	if s.seatShielded(0) {
		t.Error("the Seeker state must expire after 3 turns")
	}
}

func TestCARD079_AGloriousOpportunity(t *testing.T) {
	// CARD-079, GAP-26: when the turn ends the holder takes another.
	s := cfGame(t, 2)
	g4Ready(t, s, cardNightOfTemperance, cardAGloriousOpportunity)
	turns, cycle := s.players[0].turns, s.cycle
	evs := g4Do(t, s, "card 1", "end")
	if s.active() != 0 || s.players[0].turns != turns+1 || s.cycle != cycle || len(cfEvents(evs, "extra_turn")) != 1 {
		t.Errorf("active %d turns %d cycle %d: want seat 0's extra turn %d in cycle %d", s.active(), s.players[0].turns, s.cycle, turns+1, cycle)
	}
}

func TestCARD080_ShameLosingStreak(t *testing.T) {
	// CARD-080: while it lasts (2 own turns), a combat another player
	// declares on the holder's tile is lost whatever the roll.
	for _, tc := range []struct {
		name    string
		expired bool
	}{{"loses", false}, {"expired", true}} {
		t.Run(tc.name, func(t *testing.T) {
			s := cfGame(t, 2)
			e := s.addState(1, 1, cardShameLosingStreak, 0, s.forTurns(1, 2))
			if tc.expired {
				e.until = s.players[1].turns
				s.expireEffects(1, false)
			}
			g4Own(s, 1, g4At(s, 2, 0))
			cfHand(s, 0, cardNightOfTemperance)
			g4Do(t, s, "move e", "end")
			if won := s.tiles[g4At(s, 2, 0)].Owner == 0; won == tc.expired || (s.phase == phaseRoll) != tc.expired {
				t.Errorf("attacker owns the tile %v, phase %q; want a forced win only while it lasts", won, phaseKinds[s.phase])
			}
		})
	}
	t.Run("used", func(t *testing.T) {
		s := cfGame(t, 2)
		g4Ready(t, s, cardNightOfTemperance, cardShameLosingStreak)
		g4Do(t, s, "card 1")
		if b := g4Buff(t, s, 1, 0, cardShameLosingStreak); b == nil || b.Until != int(s.players[0].turns)+1 {
			t.Errorf("buff %+v, want losing_streak until own turn %d", b, s.players[0].turns+1)
		}
	})
}

func TestCARD081_ShameControl(t *testing.T) {
	// CARD-081, GAP-61: a random other player (a chance decision, drawn
	// each turn) decides the holder's move and interaction; it cannot use
	// the holder's cards.
	t.Run("two players", func(t *testing.T) {
		s := cfGame(t, 2)
		g4Ready(t, s, cardNightOfTemperance, cardShameControl)
		g4Do(t, s, "card 1") // the controller has one answer, end: not asked (GAP-06)
		if s.active() != 1 {
			t.Fatalf("active %d: seat 0's interaction should have ended", s.active())
		}
		g4Own(s, 1, g4At(s, 3, 0))
		s.players[1].pos = int16(g4At(s, 4, 0))
		g4Do(t, s, "move w") // seat 1 comes back to its own 3,0, east of seat 0
		if d := s.Pending(); s.active() != 0 || d.Seat != 1 || d.Kind != "move" {
			t.Fatalf("pending %+v for seat %d, want seat 1 to move seat 0's piece", d, s.active())
		}
		g4Do(t, s, "move e") // seat 1 moves seat 0 onto its own 3,0, where it stands
		if d := s.Pending(); d.Seat != 1 || !slices.Equal(legalTexts(s), []string{"dispute", "pass"}) {
			t.Errorf("pending %+v legal %v, want seat 1 to choose dispute or pass, without seat 0's cards", d, legalTexts(s))
		}
	})
	t.Run("three players", func(t *testing.T) {
		s := cfGame(t, 3)
		g4Ready(t, s, cardNightOfTemperance, cardShameControl)
		g4Do(t, s, "card 1")
		if d := s.Pending(); d.Seat != engine.Chance || !slices.Equal(legalTexts(s), []string{"seat 1", "seat 2"}) {
			t.Fatalf("pending %+v legal %v, want chance between seats 1 and 2", d, legalTexts(s))
		}
		g4Do(t, s, "seat 2")
		if e := g4State(s, 0, cardShameControl); e == nil || e.v != 2 || s.controller(0) != 2 {
			t.Errorf("control %+v, want seat 2 in control", e)
		}
	})
	t.Run("expires", func(t *testing.T) {
		s := cfGame(t, 2)
		e := s.addState(0, 0, cardShameControl, 0, s.forTurns(0, 2))
		e.v = 1
		e.until = s.players[0].turns - 1
		s.expireEffects(0, false)
		if d := s.Pending(); d.Seat != 0 {
			t.Errorf("pending %+v, want seat 0 back in control", d)
		}
	})
}

func TestCARD082_ShamePanic(t *testing.T) {
	// CARD-082, GAP-61: followers, donations and influence rotate one
	// way or the other, a chance decision.
	for _, tc := range []struct {
		pick string
		want [numResources]int32
	}{
		{"pick 0", [numResources]int32{300, 100, 200}},
		{"pick 1", [numResources]int32{200, 300, 100}},
	} {
		t.Run(tc.pick, func(t *testing.T) {
			s := cfGame(t, 2)
			s.players[0].res = [numResources]int32{100, 200, 300}
			g4Ready(t, s, cardNightOfTemperance, cardShamePanic)
			g4Do(t, s, "card 1")
			if d := s.Pending(); d.Seat != engine.Chance {
				t.Fatalf("pending %+v, want the chance rotation", d)
			}
			g4Do(t, s, tc.pick)
			if s.players[0].res != tc.want {
				t.Errorf("resources %v, want %v", s.players[0].res, tc.want)
			}
		})
	}
	t.Run("discarded", func(t *testing.T) {
		s := cfGame(t, 2)
		s.players[1].res = [numResources]int32{100, 200, 300}
		g4Discard(t, s, cardShamePanic)
		g4Do(t, s, "pick 0")
		if s.players[1].res != ([numResources]int32{300, 100, 200}) {
			t.Errorf("seat 1 resources %v: Panic must act when pushed out", s.players[1].res)
		}
	})
}

func TestCARD083_ShameExcommunication(t *testing.T) {
	// CARD-083, GAP-53, GAP-20: the rest of the deck goes to the graveyard
	// (a Radical there acts), 10 random trait cards become the composition
	// and deck, told only to the holder.
	s := cfGame(t, 2)
	s.zones[0].deck = []CardID{cardTheRadical, 5}
	s.zones[0].comp = []CardID{5, cardTheRadical}
	g4Ready(t, s, cardNightOfTemperance, cardShameExcommunication)
	evs := g4Do(t, s, "card 1")
	z := &s.zones[0]
	if !slices.Contains(z.grave, cardTheRadical) || !slices.Contains(z.grave, 5) {
		t.Errorf("graveyard %v, want the old deck in it", z.grave)
	}
	if len(z.comp) != excommDeckSize || len(z.deck) != excommDeckSize {
		t.Fatalf("composition %v deck %v, want 10 cards each", z.comp, z.deck)
	}
	for _, c := range z.comp {
		if c < 1 || c > 72 {
			t.Errorf("%s is not a trait card", c)
		}
	}
	if len(cfEvents(evs, "designation")) != 1 {
		t.Error("The Radical sent to the graveyard must act")
	}
	ev := cfEvents(evs, "excommunication")
	if len(ev) != 1 || ev[0].Audience.Has(1) {
		t.Fatalf("excommunication events %+v: seat 1 must not see the new deck", ev)
	}
	seen := g4Seen(t, evs, 1)
	if strings.Contains(seen, "composition") {
		t.Errorf("seat 1 sees the new composition: %s", seen)
	}
	if v := s.View(1).(*View); len(v.Composition) != 0 || v.Players[0].DeckCount != 10 {
		t.Errorf("seat 1's view: composition %v, deck count %d", v.Composition, v.Players[0].DeckCount)
	}
}

func TestCARD084_AShamefulEndDiscarded(t *testing.T) {
	// CARD-084, REL-724, GAP-61: pushed out unused it still skips the
	// holder's next own turn.
	s := cfGame(t, 2)
	g4Discard(t, s, cardAShamefulEnd)
	if !s.players[1].skipNext {
		t.Fatal("A Shameful End pushed out unused must act")
	}
	turns := s.players[1].turns
	g4Do(t, s, "move e", "end", "failure") // seat 1's current turn
	cfHand(s, 0, cardNightOfTemperance)
	if s.active() != 0 {
		t.Fatalf("active %d", s.active())
	}
	g4Own(s, 0, g4At(s, 3, 0))
	g4Do(t, s, "move e", "end")
	if s.active() != 0 || s.players[1].turns != turns+1 {
		t.Errorf("active %d, seat 1 turns %d: want seat 1's turn %d skipped", s.active(), s.players[1].turns, turns+1)
	}
}

// TestCARDG4Scenarios runs the scenario files of the Sacrifice, glory and
// shame cards, testdata/cards/g4/*.json (CARD-064, CARD-070, CARD-082:
// each file's description cites what it verifies).
func TestCARDG4Scenarios(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "cards", "g4", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files: %v", err)
	}
	g := New()
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			sc, res, err := scnRunBytes(g, data)
			for _, msg := range sc.Check(res, err) {
				t.Errorf("%s: %s", file, msg)
			}
		})
	}
}
