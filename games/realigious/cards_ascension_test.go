package realigious

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
)

// Tests of the Ascension cards (CARD-049-060, REL-628): relics, Revelation,
// Guidance, Pious Body and Mind and the two reactions on relics. Positions
// come from g1Game (cards_expansion_test.go) with the god fixed to Zog
// Malomos, whose relics have no collection effect; answers go through
// Apply in text form. Card IDs and GAP decisions are cited at the
// assertions. The cards that move relics are tested in
// cards_ascension_relics_test.go.

// g3Game is g1Game with Zog Malomos as the map's god.
func g3Game(t *testing.T, n int) *State {
	t.Helper()
	s := g1Game(t, n)
	s.god = ZogMalomos
	return s
}

// g3Relic adds a relic on tile (holder -1) or held by holder (tile -1),
// known to the seats seen, and returns its index. A held relic raises the
// holder's buff level to what it holds (GAP-33).
func g3Relic(s *State, tile, holder int, seen ...int) int {
	r := relic{tile: int16(tile), holder: int8(holder), counts: true}
	for _, o := range seen {
		r.seen |= engine.Only(engine.Seat(o))
	}
	s.relics = append(s.relics, r)
	if holder >= 0 {
		pl := &s.players[holder]
		pl.buff = max(pl.buff, uint8(s.relicsHeld(holder)))
	}
	return len(s.relics) - 1
}

// g3JSON is tile t's coordinates as events carry them.
func g3JSON(s *State, t int) string {
	c := s.coord(t)
	return fmt.Sprintf(`{"col":%d,"row":%d}`, c.Col, c.Row)
}

// g3Seen returns the events as seat receives them (engine.Redact), one
// JSON line each.
func g3Seen(t *testing.T, evs []engine.Event, seat engine.Seat) string {
	t.Helper()
	var b strings.Builder
	for _, e := range engine.Redact(evs, seat) {
		j, err := json.Marshal(e.Data)
		if err != nil {
			t.Fatalf("marshal %s: %v", e.Kind, err)
		}
		b.WriteString(e.Kind + " " + string(j) + "\n")
	}
	return b.String()
}

// g3Armed gives seat the hand ids, oldest first, every card armed to pay
// donations (GAP-25).
func g3Armed(s *State, seat int, ids ...CardID) {
	g1Hand(s, seat, ids...)
	for i := range ids {
		s.zones[seat].hand[i].flags |= hcArmed
	}
}
func TestCardASpecialGift(t *testing.T) {
	// CARD-053 GAP-19: two cards, one at a time; a full hand pushes its
	// oldest card to the graveyard first.
	for _, tc := range []struct {
		name  string
		hand  []CardID
		hand2 []CardID // after, oldest first
		grave []CardID
	}{
		{"empty hand", nil, []CardID{cardGuidance, cardRevelation}, []CardID{cardASpecialGift}},
		{"hand fills: oldest out", []CardID{cardTheLastPiece, cardTrueHomecoming}, []CardID{cardTrueHomecoming, cardGuidance, cardRevelation}, []CardID{cardTheLastPiece, cardASpecialGift}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g3Game(t, 2)
			g1Hand(s, 0, append(slices.Clone(tc.hand), cardASpecialGift)...)
			g1Interact(t, s, 0)
			g1Deck(s, 0, cardGuidance, cardRevelation, cardTheSecondComing)
			evs := g1Do(t, s, "card 1", "pay donations")
			if got := g1HandIDs(s, 0); !slices.Equal(got, tc.hand2) {
				t.Errorf("hand %v, want %v", got, tc.hand2)
			}
			if got := g1Grave(s, 0); !slices.Equal(got, tc.grave) {
				t.Errorf("graveyard %v, want %v", got, tc.grave)
			}
			if strings.Contains(g3Seen(t, evs, 1), "CARD-057") {
				t.Errorf("seat 1 learns the drawn cards: %s", g3Seen(t, evs, 1))
			}
		})
	}
}

func TestHexLine(t *testing.T) {
	// GAP-57: the straight line of Revelation, by cube interpolation.
	s := g3Game(t, 2)
	at := func(c, r int) int { return g1At(s, c, r) }
	for _, tc := range []struct {
		name string
		a, b int
		want []int
	}{
		{"one tile", at(3, 3), at(3, 3), []int{at(3, 3)}},
		{"along a row", at(6, 0), at(2, 0), []int{at(6, 0), at(5, 0), at(4, 0), at(3, 0), at(2, 0)}},
		{"neighbours", at(4, 4), at(5, 4), []int{at(4, 4), at(5, 4)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := s.geo.hexLine(tc.a, tc.b); !slices.Equal(got, tc.want) {
				t.Errorf("line %v, want %v", got, tc.want)
			}
		})
	}
	t.Run("every line is connected and as long as the distance", func(t *testing.T) {
		for a := 0; a < len(s.tiles); a += 7 {
			for b := 0; b < len(s.tiles); b += 5 {
				line := s.geo.hexLine(a, b)
				if len(line) != s.geo.distance(a, b)+1 || line[0] != a || line[len(line)-1] != b {
					t.Fatalf("line %d→%d = %v", a, b, line)
				}
				for k := 1; k < len(line); k++ {
					if s.geo.distance(line[k-1], line[k]) != 1 {
						t.Fatalf("line %d→%d = %v is broken at %d", a, b, line, k)
					}
				}
			}
		}
	})
}

func TestCardRevelation(t *testing.T) {
	// CARD-054 GAP-57: the line from a known relic to the nearest own tile;
	// each neutral tile on it is attempted at its propagation rate; the
	// correction clears on any success, else gains a stack.
	line := [][2]int{{6, 0}, {5, 0}, {4, 0}, {3, 0}}
	for _, tc := range []struct {
		name    string
		rolls   []string
		owned   []bool
		corr    uint8
		forced  bool // Power of the Ascended: no rolls
		offered bool
	}{
		{"two of four succeed", []string{"success", "failure", "success", "failure"}, []bool{true, false, true, false}, 0, false, true},
		{"all fail: a correction stack", []string{"failure", "failure", "failure", "failure"}, []bool{false, false, false, false}, 2, false, true},
		{"ascended: every tile won", nil, []bool{true, true, true, true}, 0, true, true},
		{"relic place unknown: not offered", nil, nil, 0, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g3Game(t, 2)
			seen := []int{0}
			if !tc.offered {
				seen = nil
			}
			g3Relic(s, g1At(s, 6, 0), -1, seen...)
			for _, c := range line {
				s.tiles[g1At(s, c[0], c[1])].Alloc = [numResources]int32{10, 20, 30}
			}
			s.players[0].propCorr = 1
			if tc.forced {
				s.addState(0, 0, cardPowerOfTheAscended, 0, forGame())
			}
			g1Hand(s, 0, cardRevelation)
			g1Interact(t, s, 0) // seat 0 owns (2,0), nearest to the relic
			if got := offered(s, "card 1"); got != tc.offered {
				t.Fatalf("card 1 offered = %v, want %v (legal %v)", got, tc.offered, legalTexts(s))
			}
			if !tc.offered {
				return
			}
			evs := g1Do(t, s, "card 1", "pay donations")
			g1Target(t, s, "tile 6,0")
			for _, r := range tc.rolls {
				wantPending(t, s, engine.Chance, "card_chance")
				evs = append(evs, g1Do(t, s, r)...)
			}
			wins := 0
			for k, c := range line {
				got := s.tiles[g1At(s, c[0], c[1])].Owner == 0
				if got != tc.owned[k] {
					t.Errorf("tile %v owned = %v, want %v", c, got, tc.owned[k])
				}
				if got {
					wins++
				}
			}
			if s.players[0].propCorr != tc.corr {
				t.Errorf("correction %d, want %d (GAP-57)", s.players[0].propCorr, tc.corr)
			}
			var n int
			for _, e := range evs {
				if e.Kind == "revelation" {
					n++
					ex := e.Data.(*Explain)
					if _, tier, ok := g1Term(ex.R1Terms, "correction"); !ok || tier != 4 {
						t.Errorf("explain terms %+v: want the tier-4 correction as before any result", ex.R1Terms)
					}
				}
			}
			if n != 4 {
				t.Errorf("%d revelation events, want 4 (events %v)", n, eventKinds(evs))
			}
			if seen1 := g3Seen(t, evs, 1); strings.Contains(seen1, "revelation") || strings.Contains(seen1, g3JSON(s, g1At(s, 6, 0))) && !tc.owned[0] {
				t.Errorf("seat 1 learns the attempts or the relic's tile: %s", seen1)
			}
			if want := int32(2000 - 700 + 20*wins); s.players[0].res[Donations] != want {
				t.Errorf("donations %d, want %d (cost 700 + the allotments won)", s.players[0].res[Donations], want)
			}
		})
	}
}

func TestCardAxisOfEvilReaction(t *testing.T) {
	// CARD-056 GAP-50 GAP-26: losing a combat as its defender doubles the
	// declarer's declaration reputation for 3 of its turns; not more with
	// Axis of Evil (CARD-032) as well. Edges: the defender holds; expiry.
	for _, tc := range []struct {
		name   string
		roll   string
		axis   bool
		expire bool
		state  bool
		cost   int
	}{
		{"declarer doubled", "success", false, false, true, 4},
		{"defender holds: no reaction", "failure", false, false, false, 2},
		{"with Axis of Evil: still twice", "success", true, false, true, 4},
		{"expires after 3 turns", "success", false, true, false, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g3Game(t, 2)
			g3Armed(s, 0, CardAxisOfEvilReaction)
			if tc.axis {
				s.addState(1, 0, cardAxisOfEvil, 0, forGame())
			}
			g1MoveTo(t, s, 1, 0, [numResources]int32{})
			wantPending(t, s, engine.Chance, "roll")
			g1Do(t, s, tc.roll)
			e := s.stateOf(1, CardAxisOfEvilReaction, 0)
			if tc.expire && e != nil {
				s.players[1].turns = e.until
				s.expireEffects(1, false)
				e = nil
			}
			if tc.state != (s.stateOf(1, CardAxisOfEvilReaction, 0) != nil) {
				t.Fatalf("state on seat 1: %v, want %v (buffs %v)", e, tc.state, g1Buffs(s, 0, 1))
			}
			if tc.state && !slices.Contains(g1Buffs(s, 0, 1), "axis_of_evil_reaction") {
				t.Errorf("buffs %v", g1Buffs(s, 0, 1))
			}
			if tc.state && e.until != s.players[1].turns+axisReactionTurns-1 {
				t.Errorf("until %d, want %d: the declarer's turn is turn 1 (GAP-26)", e.until, s.players[1].turns+axisReactionTurns-1)
			}
			if got := s.declareCost(1); got != tc.cost {
				t.Errorf("declaration cost %d, want %d", got, tc.cost)
			}
		})
	}
}

func TestCardGuidance(t *testing.T) {
	// CARD-057 GAP-49: at the next own turn the piece goes to the chosen own
	// tile instead of moving; a tile lost meanwhile leaves the normal move.
	for _, lost := range []bool{false, true} {
		t.Run(map[bool]string{false: "moves there", true: "tile lost: normal move"}[lost], func(t *testing.T) {
			s := g3Game(t, 2)
			far := g1At(s, 7, 7)
			g1Own(s, 0, far)
			g1Hand(s, 0, cardGuidance)
			g1Interact(t, s, 0)
			g1Do(t, s, "card 1", "pay donations")
			g1Target(t, s, "tile 7,7")
			if b := g1Buffs(s, 0, 0); !slices.Contains(b, "guidance") {
				t.Errorf("buffs %v", b)
			}
			if lost {
				g1Own(s, 1, far)
			}
			s.turnIdx, s.phase = 0, phaseMove
			s.events = s.events[:0]
			s.startTurn()
			if on := int(s.players[0].pos) == far; on == lost {
				t.Errorf("piece on 7,7 = %v, phase %s", on, phaseKinds[s.phase])
			}
			if lost && s.phase != phaseMove {
				t.Errorf("phase %s, want the normal move", phaseKinds[s.phase])
			}
			if s.stateOf(0, cardGuidance, 0) != nil {
				t.Errorf("guidance still on after its turn")
			}
		})
	}
}

func TestCardPiousBodyAndMind(t *testing.T) {
	// CARD-058 GAP-60: every card state on the chosen player ends, buffs
	// and debuffs; set-aside cards, designations and non-card advantages
	// stay. Edge: a player shielded by Glory: Seeker cannot be chosen.
	t.Run("cleanses the target", func(t *testing.T) {
		s := g3Game(t, 2)
		s.addState(1, 0, cardAxisOfEvil, 0, s.forTurns(1, 3))
		s.addState(1, 1, cardPowerOfTheAscended, 0, forGame())
		s.addState(1, 1, cardTheAppointedKing, 0, forGame()).v = int16(cardGuidance)
		s.designateTile(g1At(s, 5, 5), 1, cardSanctuary, 0, forGame())
		s.players[1].middleWay = true
		s.addState(0, 0, cardPowerOfTheAscended, 0, forGame())
		g1Hand(s, 0, cardPiousBodyAndMind)
		g1Interact(t, s, 0)
		g1Do(t, s, "card 1", "pay donations", "seat 1")
		if got := g1Buffs(s, 1, 1); !slices.Equal(got, []string{"appointed_king"}) {
			t.Errorf("seat 1 buffs %v, want only the set-aside card", got)
		}
		if s.designationAt(g1At(s, 5, 5), cardSanctuary, 0) == nil || !s.players[1].middleWay {
			t.Errorf("a designation or a faction advantage ended")
		}
		if s.stateOf(0, cardPowerOfTheAscended, 0) == nil {
			t.Errorf("the user's own state ended")
		}
	})
	t.Run("shielded player: only the user", func(t *testing.T) {
		s := g3Game(t, 2)
		s.addState(1, 1, cardGlorySeeker, 0, forGame())
		s.addState(0, 1, cardAxisOfEvil, 0, forGame())
		g1Hand(s, 0, cardPiousBodyAndMind)
		g1Interact(t, s, 0)
		g1Do(t, s, "card 1", "pay donations")
		if s.Pending().Kind == "card_target" {
			t.Fatalf("asked a target: %v (the shielded seat 1 is no choice)", legalTexts(s))
		}
		if s.stateOf(0, cardAxisOfEvil, 0) != nil || s.stateOf(1, cardGlorySeeker, 0) == nil {
			t.Errorf("the user, the only choice, must be cleansed; seat 1 untouched")
		}
	})
}
