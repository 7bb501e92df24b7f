package realigious

import (
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/engine/enginetest"
)

// Tests of the Holy War cards (CARD-037-048, REL-626); CARD-045 is tested
// with the framework (cards_framework_test.go). Helpers: g2* in
// cards_influence_test.go.

// g2Attack plays seat's turn from the start phase: its piece, put on
// (1, 2·seat), moves east onto (2, 2·seat), which owner owns, and the
// combat is declared (GAP-07) unless the hand opens the interaction
// phase first. It returns the events.
func g2Attack(t *testing.T, s *State, seat, owner int) []engine.Event {
	t.Helper()
	s.players[seat].pos = int16(g1At(s, 1, 2*seat))
	g1Own(s, owner, g1At(s, 2, 2*seat))
	g2Start(t, s, seat)
	return g2Do(t, s, "move e")
}

func TestCardASimplePrank(t *testing.T) {
	// CARD-037 A Simple Prank: every other player in play loses 3%
	// reputation (GAP-13: points); untargeted, so Glory: Seeker does not
	// shield (GAP-61).
	for _, tc := range []struct {
		name    string
		rep2    int32
		want    [3]int32
		defeats bool
	}{
		{"every other player -3", 50, [3]int32{50, 47, 47}, false},
		{"a player at 3 falls (REL-063)", 3, [3]int32{50, 47, 0}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g2Game(t, 3)
			s.players[2].rep = tc.rep2
			g2Cards(s, 0, cardASimplePrank)
			g2Interact(t, s, 0)
			evs := g2Do(t, s, "card 1", "pay donations")
			for i, w := range tc.want {
				if s.players[i].rep != w {
					t.Errorf("seat %d reputation %d, want %d", i, s.players[i].rep, w)
				}
			}
			if s.players[2].defeated != tc.defeats {
				t.Errorf("seat 2 defeated %v, want %v", s.players[2].defeated, tc.defeats)
			}
			n := 0
			for _, e := range evs {
				if e.Kind == "reputation_loss" && e.Audience == engine.AllSeats {
					n++
				}
			}
			if n != 2 {
				t.Errorf("%d public reputation_loss events, want 2 (events %v)", n, eventKinds(evs))
			}
		})
	}
}

func TestCardFairGame(t *testing.T) {
	// CARD-039 Fair Game (reaction): a reputation loss through another
	// player's card is returned to that player; own payments and combat
	// penalties do not trigger it (GAP-54).
	for _, tc := range []struct {
		name      string
		hand0     []handCard
		hand1     []handCard
		want0     int32
		want1     int32
		hand1Left int
	}{
		{"the prankster loses as much", []handCard{{id: cardASimplePrank}}, []handCard{g2Armed(cardFairGame)}, 47, 47, 0},
		{"not armed: declined (GAP-25)", []handCard{{id: cardASimplePrank}}, []handCard{{id: cardFairGame}}, 50, 47, 1},
		{"Fair Game against Fair Game: each card fires once", []handCard{g2Armed(cardFairGame), {id: cardASimplePrank}}, []handCard{g2Armed(cardFairGame)}, 47, 44, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g2Game(t, 2)
			g2Hand(s, 0, tc.hand0...)
			g2Hand(s, 1, tc.hand1...)
			g2Interact(t, s, 0)
			g2Do(t, s, "card 1", "pay donations")
			if s.players[0].rep != tc.want0 || s.players[1].rep != tc.want1 {
				t.Errorf("reputations %d %d, want %d %d", s.players[0].rep, s.players[1].rep, tc.want0, tc.want1)
			}
			if s.handCount(1) != tc.hand1Left {
				t.Errorf("seat 1 holds %d cards, want %d", s.handCount(1), tc.hand1Left)
			}
		})
	}
	t.Run("a combat penalty does not trigger it (GAP-54)", func(t *testing.T) {
		s := g2Game(t, 2)
		g2Hand(s, 0, g2Armed(cardFairGame))
		g2Attack(t, s, 0, 1)
		g2Do(t, s, "end")
		g2Do(t, s, "failure")
		if s.players[0].rep != 50-2-int32(s.p.NormalLossReputation) || s.players[1].rep != 50 || s.handCount(0) != 1 {
			t.Errorf("reputations %d %d, hand %d: the armed card must not fire", s.players[0].rep, s.players[1].rep, s.handCount(0))
		}
	})
}

func TestCardTheWorstScandal(t *testing.T) {
	// CARD-038 The Worst Scandal: 10% reputation with the cost (GAP-23);
	// a piece-vs-piece win this turn sends the beaten piece to its
	// starting point (GAP-59).
	for _, tc := range []struct {
		name     string
		roll     string
		wantPos  [2]int
		wantOnSt bool
	}{
		{"won: the loser goes to its starting point", "success", [2]int{8, 8}, true},
		{"lost: nothing moves", "failure", [2]int{2, 0}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g2Game(t, 2)
			s.players[1].pos = int16(g1At(s, 2, 0))
			s.players[1].start = int16(g1At(s, 8, 8))
			g1Own(s, 1, g1At(s, 2, 0), g1At(s, 3, 0)) // (3,0): the nearest own tile REL-576 would pick
			g2Cards(s, 0, cardTheWorstScandal)
			g2Start(t, s, 0)
			g2Do(t, s, "move e", "card 1", "pay donations")
			if s.players[0].rep != 40 || s.players[0].res[Donations] != 1100 {
				t.Fatalf("reputation %d donations %d, want 40 and 1100 (GAP-23)", s.players[0].rep, s.players[0].res[Donations])
			}
			if b := g2Buff(s, 1, 0, "worst_scandal"); b == nil || b.Until != 4 {
				t.Fatalf("buff %+v, want worst_scandal for this turn", b)
			}
			g2Do(t, s, "dispute", tc.roll)
			p := s.players[1]
			if int(p.pos) != g1At(s, tc.wantPos[0], tc.wantPos[1]) || p.onStart != tc.wantOnSt {
				t.Errorf("seat 1's piece %v on_start %v, want %v %v", s.coord(int(p.pos)), p.onStart, tc.wantPos, tc.wantOnSt)
			}
			if g2Buff(s, 0, 0, "worst_scandal") != nil {
				t.Error("the state outlived the turn")
			}
		})
	}
}

func TestCardMediaControl(t *testing.T) {
	// CARD-040 Media Control: for 3 of the user's turns, fog on every tile
	// within 2 of its piece at use (GAP-57): the other seats and the
	// spectators see no tile, piece or event inside it.
	s := g2Game(t, 2)
	g2Cards(s, 0, cardMediaControl)
	g2Interact(t, s, 0) // seat 0 on (2,0)
	g2Do(t, s, "card 1", "pay donations")
	inside, edge, outside := g1At(s, 3, 1), g1At(s, 4, 0), g1At(s, 5, 0)
	for _, tc := range []struct {
		seat             engine.Seat
		in, edge, out    bool
		pieceSeen        bool
		designationsSeen bool
	}{
		{0, true, true, true, true, true},
		{1, false, false, true, false, true},
		{engine.Spectator, false, false, true, false, true},
	} {
		v := s.view(tc.seat)
		if v.Tiles[inside].Visible != tc.in || v.Tiles[edge].Visible != tc.edge || v.Tiles[outside].Visible != tc.out {
			t.Errorf("seat %d sees (3,1) %v (4,0) %v (5,0) %v, want %v %v %v", tc.seat, v.Tiles[inside].Visible, v.Tiles[edge].Visible, v.Tiles[outside].Visible, tc.in, tc.edge, tc.out)
		}
		if (v.Players[0].Piece != nil) != tc.pieceSeen {
			t.Errorf("seat %d sees seat 0's piece %v, want %v", tc.seat, v.Players[0].Piece, tc.pieceSeen)
		}
		if got := designationsSeen(s, tc.seat); !slices.Equal(got, []string{"fog@2,0"}) {
			t.Errorf("seat %d sees designations %v", tc.seat, got)
		}
	}
	if b := g2Buff(s, 1, 0, "fog"); b != nil {
		t.Errorf("the fog is a designation, not a buff: %+v", b)
	}
	// A propagation inside the fog is told to no one else.
	s.tiles[inside].Alloc = [numResources]int32{10, 10, 10}
	s.players[0].pos = int16(g1At(s, 2, 1))
	g2Start(t, s, 0)
	evs := g2Do(t, s, "move e", "success")
	if s.tiles[inside].Owner != 0 {
		t.Fatalf("(3,1) owner %d after the propagation", s.tiles[inside].Owner)
	}
	if seen := g2Seen(t, evs, 1); strings.Contains(seen, "propagation") || strings.Contains(seen, `"row":1`) {
		t.Errorf("seat 1 sees what happens in the fog:\n%s", seen)
	}
	if o := s.view(1).Tiles[inside].Owner; o == nil || *o != -1 {
		t.Errorf("seat 1 knows the new owner %v", o)
	}
	// It lifts at the end phase of the user's turn 6 (turns 4, 5, 6).
	s.players[0].turns = 6
	s.expireEffects(0, false)
	if v := s.view(1); !v.Tiles[inside].Visible || *v.Tiles[inside].Owner != 0 {
		t.Errorf("after the fog seat 1 sees (3,1) %v owner %v", v.Tiles[inside].Visible, *v.Tiles[inside].Owner)
	}
}

func TestCardScatteredInTerror(t *testing.T) {
	// CARD-041 Scattered in Terror: a normal combat won this turn gives a
	// random neutral neighbour of its tile with its allotment (GAP-59).
	for _, tc := range []struct {
		name    string
		neutral [][2]int
		roll    string
		answer  string
		want    [2]int
	}{
		{"one of two neutral neighbours, by chance", [][2]int{{3, 0}, {2, 1}}, "success", "tile 3,0", [2]int{3, 0}},
		{"a single neutral neighbour: no decision", [][2]int{{2, 1}}, "success", "", [2]int{2, 1}},
		{"lost combat: nothing", [][2]int{{2, 1}}, "failure", "", [2]int{-1, -1}},
		{"no neutral neighbour: nothing", nil, "success", "", [2]int{-1, -1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g2Game(t, 2)
			for i := range s.tiles {
				g1Own(s, 1, i)
			}
			for _, c := range tc.neutral {
				g1Own(s, -1, g1At(s, c[0], c[1]))
				s.tiles[g1At(s, c[0], c[1])].Alloc = [numResources]int32{30, 40, 50}
			}
			g2Cards(s, 0, cardScatteredInTerror)
			g2Attack(t, s, 0, 1)
			g2Do(t, s, "card 1", "pay donations", tc.roll)
			if tc.answer != "" {
				wantPending(t, s, engine.Chance, "card_chance")
				if got := legalTexts(s); len(got) != len(tc.neutral) {
					t.Errorf("outcomes %v, want one per neutral neighbour", got)
				}
				g2Do(t, s, tc.answer)
			}
			got := 0
			for _, c := range tc.neutral {
				if s.tiles[g1At(s, c[0], c[1])].Owner == 0 {
					got++
					if c != tc.want {
						t.Errorf("gained %v, want %v", c, tc.want)
					}
				}
			}
			if wantN := boolInt(tc.want[0] >= 0); got != wantN {
				t.Errorf("%d tiles gained, want %d", got, wantN)
			}
			if tc.want[0] >= 0 && s.players[0].res[Followers] != 30 {
				t.Errorf("followers %d, want the allotment's 30", s.players[0].res[Followers])
			}
		})
	}
}

func TestCardTheChase(t *testing.T) {
	// CARD-042 The Chase (reaction): when the owner's tile holds, the
	// owner's piece moves there at once and wins its next combat,
	// attacking or defending (GAP-54).
	s := g2Game(t, 2)
	g2Hand(s, 1, g2Armed(cardTheChase))
	evs := g2Attack(t, s, 0, 1)
	evs = append(evs, g2Do(t, s, "failure")...)
	if int(s.players[1].pos) != g1At(s, 2, 0) || findEvent(evs, "chase") == nil {
		t.Fatalf("seat 1's piece on %v (events %v), want it moved to the defended tile", s.coord(int(s.players[1].pos)), eventKinds(evs))
	}
	if b := g2Buff(s, 0, 1, "the_chase"); b == nil || b.Ends != "" {
		t.Fatalf("buff %+v, want the_chase until its combat", b)
	}
	// Seat 0 attacks again: seat 1 defends and wins without a roll.
	s.players[1].pos = int16(g1At(s, 8, 8))
	evs = g2Attack(t, s, 0, 1)
	x := findEvent(evs, "combat")
	if x == nil || x.Data.(*Explain).Forced != "failure" || s.tiles[g1At(s, 2, 0)].Owner != 1 {
		t.Fatalf("combat %+v, want a forced failure of the attacker", x)
	}
	if s.stateOf(1, cardTheChase, 0) != nil {
		t.Error("the state outlived its combat")
	}
	t.Run("the attack wins: no reaction", func(t *testing.T) {
		s := g2Game(t, 2)
		g2Hand(s, 1, g2Armed(cardTheChase))
		g2Attack(t, s, 0, 1)
		g2Do(t, s, "success")
		if s.handCount(1) != 1 || int(s.players[1].pos) != g1At(s, 1, 2) {
			t.Error("The Chase fired on a lost tile")
		}
	})
	t.Run("attacking: a forced win", func(t *testing.T) {
		s := g2Game(t, 2)
		s.addState(1, 1, cardTheChase, 0, forGame())
		evs := g2Attack(t, s, 1, 0)
		if x := findEvent(evs, "combat"); x == nil || x.Data.(*Explain).Forced != "success" {
			t.Errorf("combat %+v, want a forced success", x)
		}
	})
}

func TestCardContractKilling(t *testing.T) {
	// CARD-043 Contract Killing: the briber's celebrity fights the first
	// other piece it steps onto, a piece-vs-piece combat with the
	// briber's R1 against that player's R2 (REL-520-522) whose results
	// are the piece-vs-piece table's with the user as the attacker
	// (REL-571-580), except that no tile changes hands (GAP-58).
	for _, tc := range []struct {
		name       string
		roll       string
		won        bool
		userCard   CardKind // REL-573 glory on a win, REL-578 shame on a loss
		wantCorr   uint8    // the user's combat correction: REL-571 reset, REL-577 stacked
		wantDef    uint8    // the target's defense correction: REL-533 stacked, REL-580 reset
		wantRep    int32    // REL-579: -5 for a beaten attacker
		wantTarget int32    // REL-575: a shame card for a beaten first arrival
	}{
		{"won", "success", true, GloryCard, 0, 2, 50, 1},
		{"lost", "failure", false, ShameCard, 2, 0, 45, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g2Game(t, 2)
			s.celeb = celebrity{kind: Vagrant, pos: int16(g1At(s, 6, 5)), start: -1, briber: 0, bribes: 1}
			g2Cards(s, 0, cardContractKilling)
			g2Interact(t, s, 0)
			g2Do(t, s, "card 1", "pay donations")
			if b := g2Buff(s, 1, 0, "contract_killing"); b == nil {
				t.Fatal("no contract_killing state (REL-697)")
			}
			s.players[1].pos = int16(g1At(s, 6, 6))
			g1Own(s, 1, g1At(s, 5, 6), g1At(s, 8, 8))
			s.players[0].combatCorr = 1
			s.players[1].defCorr = 1
			evs := g2Wander(t, s, 6, 6, 0)
			wantPending(t, s, engine.Chance, "card_chance")
			evs = append(evs, g2Do(t, s, tc.roll)...)
			x := findEvent(evs, "contract_killing")
			if x == nil {
				t.Fatalf("no contract_killing event in %v", eventKinds(evs))
			}
			ex := x.Data.(*Explain)
			if ex.R1 != s.p.CombatBase+s.p.CombatCorrect || ex.R2 != s.p.DefenseBase+s.p.DefenseCorrect+s.p.FirstArrivalBonus || ex.Seat != 0 || ex.Defender != 1 {
				t.Errorf("explain %+v, want seat 0's R1 against seat 1's first-arrival R2", ex)
			}
			if got := s.handCount(1); got != int(tc.wantTarget) {
				t.Errorf("seat 1 holds %d cards, want %d shame card", got, tc.wantTarget)
			}
			if h := s.handOf(0); len(h) != 1 || h[0].id.Info().Kind != tc.userCard {
				t.Errorf("seat 0 holds %v, want one %v card", g2HandIDs(s, 0), tc.userCard)
			}
			if pl, dp := s.players[0], s.players[1]; pl.combatCorr != tc.wantCorr || dp.defCorr != tc.wantDef || pl.rep != tc.wantRep || dp.rep != 50 {
				t.Errorf("combat correction %d, defense correction %d, reputations %d/%d; want %d, %d, %d/50",
					pl.combatCorr, dp.defCorr, pl.rep, dp.rep, tc.wantCorr, tc.wantDef, tc.wantRep)
			}
			wantPos := g1At(s, 6, 6)
			if tc.won {
				wantPos = g1At(s, 5, 6) // REL-576
			}
			if int(s.players[1].pos) != wantPos || s.tiles[g1At(s, 6, 6)].Owner != -1 { // GAP-58: no tile changes hands
				t.Errorf("seat 1 on %v, tile owner %d", s.coord(int(s.players[1].pos)), s.tiles[g1At(s, 6, 6)].Owner)
			}
			if s.stateOf(0, cardContractKilling, 0) != nil {
				t.Error("the state outlived its combat")
			}
		})
	}
	t.Run("not the briber: not offered", func(t *testing.T) {
		s := g2Game(t, 2)
		s.celeb = celebrity{kind: Vagrant, pos: int16(g1At(s, 6, 5)), start: -1, briber: 1, bribes: 1}
		g2Cards(s, 0, cardContractKilling)
		g2Interact(t, s, 0)
		if offered(s, "card 1") {
			t.Errorf("offered without the bribe: %v", legalTexts(s))
		}
	})
}

func TestCardLawfulExecution(t *testing.T) {
	// CARD-044 Lawful Execution: the celebrity is replaced by a random one
	// on a random tile, unbribed, its bribes counted from zero (GAP-37).
	s := g2Game(t, 2)
	s.celeb = celebrity{kind: Thug, pos: int16(g1At(s, 6, 5)), start: -1, briber: 1, bribes: 3}
	g2Cards(s, 0, cardLawfulExecution)
	g2Interact(t, s, 0)
	evs := g2Do(t, s, "card 1", "pay donations")
	wantPending(t, s, engine.Chance, "card_chance")
	if got := legalTexts(s); !slices.Equal(got, []string{"pick 0", "pick 1", "pick 2", "pick 3"}) {
		t.Fatalf("type outcomes %v", got)
	}
	evs = append(evs, g2Do(t, s, "pick 2")...)
	wantPending(t, s, engine.Chance, "card_chance")
	evs = append(evs, g2Do(t, s, "tile 4,4")...)
	c := s.celeb
	if c.kind != Archaeologist || int(c.pos) != g1At(s, 4, 4) || c.briber != -1 || c.bribes != 0 || s.bribeCost(targetCelebrity) != s.p.BribeBase {
		t.Errorf("celebrity %+v, want an unbribed archaeologist on 4,4 costing %d", c, s.p.BribeBase)
	}
	if findEvent(evs, "celebrity_removed") == nil || findEvent(evs, "celebrity_summoned") == nil {
		t.Errorf("events %v", eventKinds(evs))
	}
	t.Run("no celebrity: not offered", func(t *testing.T) {
		s := g2Game(t, 2)
		g2Cards(s, 0, cardLawfulExecution)
		g2Interact(t, s, 0)
		if offered(s, "card 1") {
			t.Errorf("offered without a celebrity: %v", legalTexts(s))
		}
	})
}

func TestCardFearAndTrembling(t *testing.T) {
	// CARD-046 Fear and Trembling: a Private Army Base on an own tile with
	// a structure; in the interaction phase the user may declare a normal
	// combat on an enemy tile within 1 of it instead of the tile
	// interaction; a loss leaves the piece where it is (GAP-59).
	setup := func(t *testing.T, religion Religion) *State {
		t.Helper()
		s := g2Game(t, 2)
		s.players[0].religion = religion
		base := g1At(s, 5, 5)
		s.tiles[base].Structure = House
		g1Own(s, 0, base)
		g1Own(s, 1, g1At(s, 6, 5))
		g2Cards(s, 0, cardFearAndTrembling)
		g2Interact(t, s, 0)
		g2Do(t, s, "card 1", "pay donations") // the only own tile with a structure
		if got := designationsSeen(s, 1); !slices.Equal(got, []string{"private_army_base@5,5"}) {
			t.Fatalf("designations %v", got)
		}
		return s
	}
	for _, tc := range []struct {
		name  string
		roll  string
		owner int8
	}{{"won", "success", 0}, {"lost: the piece stays", "failure", 1}} {
		t.Run(tc.name, func(t *testing.T) {
			s := setup(t, Hinduism)
			g2Cards(s, 0, cardReliefVolunteers) // a hand keeps the phase open
			g2Interact(t, s, 0)
			if !offered(s, "tile 6,5") || offered(s, "tile 5,5") {
				t.Fatalf("legal %v, want tile 6,5 (and not the base)", legalTexts(s))
			}
			at := s.players[0].pos
			evs := g2Do(t, s, "tile 6,5", tc.roll)
			d := findEvent(evs, "declare")
			if d == nil || d.Data.(declareData).Reputation != 2 {
				t.Fatalf("declare %+v, want the declaration paid", d)
			}
			if s.tiles[g1At(s, 6, 5)].Owner != tc.owner || s.players[0].pos != at {
				t.Errorf("owner %d, piece %v; want owner %d and the piece on %v", s.tiles[g1At(s, 6, 5)].Owner, s.coord(int(s.players[0].pos)), tc.owner, s.coord(int(at)))
			}
		})
	}
	t.Run("a Buddhist cannot declare (REL-137)", func(t *testing.T) {
		s := setup(t, Buddhism)
		g2Cards(s, 0, cardReliefVolunteers)
		g2Interact(t, s, 0)
		if offered(s, "tile 6,5") {
			t.Errorf("legal %v", legalTexts(s))
		}
	})
	t.Run("the base is lost: it ends (GAP-52)", func(t *testing.T) {
		s := setup(t, Hinduism)
		s.tileLost(g1At(s, 5, 5), 0, 1, lostCombat)
		g1Own(s, 1, g1At(s, 5, 5))
		if got := designationsSeen(s, 1); len(got) != 0 {
			t.Errorf("designations %v after the loss", got)
		}
		g2Cards(s, 0, cardReliefVolunteers)
		g2Interact(t, s, 0)
		if offered(s, "tile 6,5") {
			t.Errorf("legal %v", legalTexts(s))
		}
	})
	t.Run("no own tile with a structure: not offered", func(t *testing.T) {
		s := g2Game(t, 2)
		g2Cards(s, 0, cardFearAndTrembling)
		g2Interact(t, s, 0)
		if offered(s, "card 1") {
			t.Errorf("legal %v", legalTexts(s))
		}
	})
}

func TestCardDeclarationOfHolyWar(t *testing.T) {
	// CARD-047 Declaration of Holy War: the next three declared combats
	// cost no declaration reputation and no loss penalty (GAP-59); the
	// fourth is normal.
	s := g2Game(t, 2)
	g2Cards(s, 0, cardDeclarationHolyWar)
	g2Interact(t, s, 0)
	g2Do(t, s, "card 1", "pay donations")
	if b := g2Buff(s, 1, 0, "holy_war"); b == nil || b.N != 3 {
		t.Fatalf("buff %+v, want holy_war with 3 combats", b)
	}
	for i, cost := range []int{0, 0, 0, 2} {
		s.players[0].rep = 50
		evs := g2Attack(t, s, 0, 1)
		evs = append(evs, g2Do(t, s, "failure")...)
		if d := findEvent(evs, "declare"); d == nil || d.Data.(declareData).Reputation != cost {
			t.Errorf("combat %d: declare %+v, want cost %d", i+1, d, cost)
		}
		want := int32(50)
		if cost > 0 {
			want -= int32(cost + s.p.NormalLossReputation)
		}
		if s.players[0].rep != want {
			t.Errorf("combat %d: reputation %d, want %d", i+1, s.players[0].rep, want)
		}
	}
	if s.stateOf(0, cardDeclarationHolyWar, 0) != nil {
		t.Error("the state outlived its three combats")
	}
}

func TestCardTheHeavenlyHost(t *testing.T) {
	// CARD-048 The Heavenly Host: the user's combats this turn are won
	// whatever the roll; next turn the roll is back.
	s := g2Game(t, 2)
	g2Cards(s, 0, cardTheHeavenlyHost)
	evs := g2Attack(t, s, 0, 1)
	evs = append(evs, g2Do(t, s, "card 1", "pay donations")...)
	x := findEvent(evs, "combat")
	if x == nil || x.Data.(*Explain).Forced != "success" || s.tiles[g1At(s, 2, 0)].Owner != 0 {
		t.Fatalf("combat %+v, want a forced win (events %v)", x, eventKinds(evs))
	}
	if g2Buff(s, 0, 0, "heavenly_host") != nil {
		t.Error("the state outlived the turn")
	}
	g2Attack(t, s, 0, 1)
	wantPending(t, s, engine.Chance, "roll")
}

func TestCardG2Conformance(t *testing.T) {
	// CARD-025-048 in play: random matches whose seats hold every Influence
	// and Holy War trait pass the engine's conformance suite (clone,
	// encoding, views, legal answers, replay; rules never panic) and the
	// package invariants.
	if testing.Short() {
		t.Skip("random matches")
	}
	config := `{"size": 9, "cycle_limit": 30, "seats": [
		{"traits": ["noble_sacrifice", "guardian_of_life", "hand_of_mercy", "a_new_generation", "operation_snow_white",
			"the_appointed_king", "a_simple_prank", "fair_game", "scattered_in_terror", "lawful_execution"]},
		{"traits": ["a_simple_prank", "fair_game", "scattered_in_terror", "lawful_execution", "fear_and_trembling",
			"the_heavenly_host", "noble_sacrifice", "hand_of_mercy", "operation_snow_white", "the_appointed_king"]}]}`
	enginetest.Run(t, New(), enginetest.Options{
		Seats:     []int{2, 3},
		Seeds:     3,
		Config:    []byte(config),
		MaxSteps:  200000,
		Invariant: invariant,
	})
}

func TestCardMediaControlAtNight(t *testing.T) {
	// CARD-040 GAP-57: at night a seat whose vision reaches into the fog
	// does not learn the owners there; the maker does.
	s := g2Game(t, 2)
	s.night = true
	g2Cards(s, 0, cardMediaControl)
	g2Interact(t, s, 0) // seat 0 on (2,0)
	g2Do(t, s, "card 1", "pay donations")
	inside := g1At(s, 2, 1)                 // next to the maker's piece
	s.tiles[inside].Owner = 0               // changed out of everyone's sight
	s.players[1].pos = int16(g1At(s, 3, 2)) // next to (2,1)
	s.see(1)
	s.see(0)
	if k := s.known[len(s.tiles)+inside]; k != -1 {
		t.Errorf("seat 1 remembers owner %d inside the fog, want -1", k)
	}
	if v := s.view(1).Tiles[inside]; v.Visible || *v.Owner != -1 {
		t.Errorf("seat 1 sees (2,1) visible %v owner %d", v.Visible, *v.Owner)
	}
	if v := s.view(0).Tiles[inside]; !v.Visible || *v.Owner != 0 {
		t.Errorf("the maker sees (2,1) visible %v owner %d", v.Visible, *v.Owner)
	}
}
