package realigious

import (
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
)

// Tests of the Expansion cards (CARD-001-012, REL-622), with the helpers of
// cards_expansion_support_test.go. Every test builds a controlled
// position with g1Game, plays the answers a player sends through Apply
// (card use, payer, targets, chance) and checks the state, the events and
// the views. Card IDs and GAP decisions are cited at the assertions.

func TestCARD001_Gleaning(t *testing.T) {
	// CARD-001 Gleaning: the followers allotted to a revealed neutral tile.
	for _, tc := range []struct {
		name      string
		prepare   func(s *State, tile int)
		offered   bool
		followers int32
	}{
		{"revealed neutral tile", func(s *State, tile int) {}, true, 340},
		{"owned tile is no target", func(s *State, tile int) { g1Own(s, 1, tile) }, false, 0},
		{"unrevealed tile is no target (REL-693)", func(s *State, tile int) {
			s.night = true // the move reveals only (2,0) and its neighbours
			for i := range s.revealed {
				s.revealed[i] = 0
			}
		}, false, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g1Game(t, 2)
			tile := g1At(s, 6, 6)
			s.tiles[tile].Alloc = [numResources]int32{340, 10, 10}
			// Every other tile is owned by seat 1: the only candidate is tile.
			for i := range s.tiles {
				if i != tile {
					g1Own(s, 1, i)
				}
			}
			g1Hand(s, 0, cardGleaning)
			tc.prepare(s, tile)
			g1Interact(t, s, 0)
			if got := offered(s, "card 1"); got != tc.offered {
				t.Fatalf("card 1 offered = %v, want %v (legal %v)", got, tc.offered, legalTexts(s))
			}
			if !tc.offered {
				return
			}
			evs := g1Do(t, s, "card 1", "pay donations")
			if got := s.players[0].res[Followers]; got != tc.followers {
				t.Errorf("followers = %d, want %d", got, tc.followers)
			}
			if s.players[0].res[Donations] != 1900 {
				t.Errorf("donations = %d, want 1900 (REL-701)", s.players[0].res[Donations])
			}
			if findEvent(evs, "gleaning") == nil || !slices.Equal(g1Grave(s, 0), []CardID{cardGleaning}) {
				t.Errorf("events %v, graveyard %v", eventKinds(evs), g1Grave(s, 0))
			}
			// GAP-62: the tile is the user's to know, the followers are public.
			for _, v := range []engine.Seat{1, engine.Spectator} {
				if seen := g1Seen(t, evs, v); !strings.Contains(seen, `gleaning {"followers":340}`) || strings.Contains(seen, `"col":6,"row":6`) {
					t.Errorf("seat %d is told:\n%s", v, seen)
				}
			}
		})
	}
}

func TestCARD002_Repentance(t *testing.T) {
	// CARD-002 Repentance, GAP-59: no declaration reputation for three
	// turns, and R of the combat is the propagation success rate.
	for _, tc := range []struct {
		name    string
		expired bool
	}{{"combat by the propagation rule", false}, {"expires after three turns (GAP-26)", true}} {
		t.Run(tc.name, func(t *testing.T) {
			s := g1Game(t, 2)
			s.players[0].res[Followers] = 200
			g1Hand(s, 0, cardRepentance)
			g1MoveTo(t, s, 0, 1, [numResources]int32{100, 100, 100})
			tile := g1At(s, 2, 0)
			if tc.expired {
				g1Do(t, s, "card 1", "pay donations")
				// The state lasts the user's turns 4, 5 and 6 (GAP-26).
				b := s.view(1).Players[0].Buffs
				if len(b) != 1 || b[0].Key != "repentance" || b[0].Ends != "end" || b[0].Until != 6 {
					t.Fatalf("buffs seen by seat 1 = %+v, want repentance until the end of turn 6", b)
				}
				s.players[0].turns = 6
				s.expireEffects(0, false)
				if got := s.declareCost(0); got != 2 || len(g1Buffs(s, 0, 0)) != 0 {
					t.Errorf("after turn 6: declaration cost %d, buffs %v; want 2 and none", got, g1Buffs(s, 0, 0))
				}
				return
			}
			evs := g1Do(t, s, "card 1", "pay donations")
			d := findEvent(evs, "declare")
			if d == nil || d.Data.(declareData).Reputation != 0 || d.Data.(declareData).Followers != 50 {
				t.Fatalf("declare = %+v, want reputation 0 and the 50 followers still paid", d)
			}
			if s.players[0].rep != 50 {
				t.Errorf("reputation %d, want 50: the declaration is free", s.players[0].rep)
			}
			wantPending(t, s, engine.Chance, "roll")
			want := s.PropagationRate(0, tile)
			ex := g1Explain(t, g1Do(t, s, "success"), "combat")
			if ex.R1 != want || ex.R != want || ex.R2 != 0 || len(ex.R2Terms) != 0 {
				t.Errorf("R1 %d R2 %d R %d (R2 terms %v), want R = propagation rate %d and no R2", ex.R1, ex.R2, ex.R, ex.R2Terms, want)
			}
			if v, tier, ok := g1Term(ex.R1Terms, "repentance"); !ok || v != 0 || tier != 1 {
				t.Errorf("repentance term %d tier %d present %v, want a tier-1 marker", v, tier, ok)
			}
			if v, _, _ := g1Term(ex.R1Terms, "base"); v != s.p.PropagationBase {
				t.Errorf("base term %d, want the propagation base %d", v, s.p.PropagationBase)
			}
			if s.tiles[tile].Owner != 0 {
				t.Errorf("tile owner %d after the won combat", s.tiles[tile].Owner)
			}
		})
	}
}

func TestCARD003_007_PermanentPropagation(t *testing.T) {
	// CARD-003 Training the Clergy (+3%) and CARD-007 The Harvester (+5%):
	// permanent tier-1 terms; repeated uses add (GAP-51).
	for _, tc := range []struct {
		name  string
		card  CardID
		key   string
		value int
		uses  int
	}{
		{"CARD-003 once", cardTrainingClergy, "training_the_clergy", 3, 1},
		{"CARD-003 twice adds", cardTrainingClergy, "training_the_clergy", 3, 2},
		{"CARD-007 once", cardTheHarvester, "the_harvester", 5, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g1Game(t, 2)
			hand := make([]CardID, tc.uses)
			for i := range hand {
				hand[i] = tc.card
			}
			g1Hand(s, 0, hand...)
			g1MoveTo(t, s, 0, -1, [numResources]int32{10, 10, 10})
			var evs []engine.Event
			for range tc.uses {
				evs = append(evs, g1Do(t, s, "card 1", "pay influence")...)
			}
			if got := g1Buffs(s, 1, 0); len(got) != tc.uses || got[0] != tc.key {
				t.Errorf("buffs of seat 0 seen by seat 1 = %v, want %d × %s", got, tc.uses, tc.key)
			}
			evs = append(evs, g1Do(t, s, "failure")...)
			ex := g1Explain(t, evs, "propagation")
			n, sum := 0, 0
			for _, x := range ex.R1Terms {
				if x.Name == tc.key {
					n++
					sum += x.Value
					if x.Tier != 1 {
						t.Errorf("%s term tier %d, want 1 (REL-430)", x.Name, x.Tier)
					}
				}
			}
			if n != tc.uses || sum != tc.value*tc.uses || ex.R1 != s.p.PropagationBase+sum {
				t.Errorf("%d terms summing %d, R1 %d; want %d terms of %d", n, sum, ex.R1, tc.uses, tc.value)
			}
		})
	}
	t.Run("CARD-003 cannot pay", func(t *testing.T) {
		s := g1Game(t, 2)
		s.players[0].res = [numResources]int32{5000, 199, 199}
		g1Hand(s, 0, cardTrainingClergy)
		g1Interact(t, s, 0)
		if offered(s, "card 1") {
			t.Errorf("card 1 offered with 199 donations and 199 influence (REL-701, GAP-22)")
		}
	})
}

func TestCARD004_OrdainingTheApostles(t *testing.T) {
	// CARD-004: two own tiles become Apostles; no combat is declared on
	// them (GAP-52), but Moving Mountains still takes one.
	t.Run("combat barred", func(t *testing.T) {
		s := g1Game(t, 2)
		a, b := g1At(s, 5, 5), g1At(s, 2, 2)
		g1Own(s, 0, a, b)
		g1Hand(s, 0, cardOrdainingApostles)
		g1Interact(t, s, 0)
		g1Do(t, s, "card 1", "pay donations")
		wantPending(t, s, 0, "card_target")
		g1Do(t, s, "tile 5,5", "tile 2,2")
		if got := designationsSeen(s, 1); !slices.Equal(got, []string{"apostle@5,5", "apostle@2,2"}) {
			t.Fatalf("designations seen by seat 1 = %v", got)
		}
		// Seat 1 moves from (1,2) onto the Apostle (2,2).
		g1Start(t, s, 1)
		evs := g1Do(t, s, "move e")
		if findEvent(evs, "declare") != nil || findEvent(evs, "combat_barred") == nil {
			t.Errorf("events %v, want combat_barred and no declaration", eventKinds(evs))
		}
		if s.players[1].rep != 50 || s.tiles[b].Owner != 0 {
			t.Errorf("reputation %d owner %d: nothing may change", s.players[1].rep, s.tiles[b].Owner)
		}
	})
	t.Run("needs two own tiles", func(t *testing.T) {
		s := g1Game(t, 2)
		g1Hand(s, 0, cardOrdainingApostles)
		g1Interact(t, s, 0) // seat 0 owns only (2,0)
		if offered(s, "card 1") {
			t.Errorf("card 1 offered with one owned tile")
		}
	})
	t.Run("Moving Mountains takes an Apostle (GAP-52)", func(t *testing.T) {
		s := g1Game(t, 2)
		a := g1At(s, 5, 5)
		g1Own(s, 1, a)
		s.designateTile(a, 1, cardOrdainingApostles, 0, forGame())
		g1Hand(s, 0, cardMovingMountains)
		g1Interact(t, s, 0)
		g1Do(t, s, "card 1", "pay donations") // the only target is taken (GAP-06)
		if s.tiles[a].Owner != 0 || s.combatBarred(a) || s.designationAt(a, cardOrdainingApostles, 0) != nil {
			t.Errorf("owner %d, barred %v: the Apostle ends with its owner's tile", s.tiles[a].Owner, s.combatBarred(a))
		}
	})
}

func TestCARD005_CastingTheNet(t *testing.T) {
	// CARD-005 Casting the Net, GAP-51: stacks up to 5; after a successful
	// propagation each stack nets a different random neutral neighbour
	// (a chance decision) and propagates it with 10% (another).
	t.Run("stacks", func(t *testing.T) {
		s := g1Game(t, 2)
		e := s.addState(0, 0, cardCastingTheNet, 0, forGame())
		e.n = 4
		g1Hand(s, 0, cardCastingTheNet, cardCastingTheNet)
		g1Interact(t, s, 0)
		g1Do(t, s, "card 1", "pay donations", "card 1", "pay donations")
		if e := s.stateOf(0, cardCastingTheNet, 0); e == nil || e.n != netMaxStacks || len(g1Buffs(s, 1, 0)) != 1 {
			t.Errorf("state %+v, buffs %v: want one state at 5 stacks", e, g1Buffs(s, 1, 0))
		}
	})
	t.Run("two nets after a success", func(t *testing.T) {
		s := g1Game(t, 2)
		e := s.addState(0, 0, cardCastingTheNet, 0, forGame())
		e.n = 2
		dest := g1At(s, 2, 0)
		// Only two neighbours of (2,0) are neutral: (3,0) and (2,1).
		for d := Dir(0); d < numDirs; d++ {
			if n := s.geo.neighbour(dest, d); n >= 0 {
				g1Own(s, 1, n)
			}
		}
		g1Own(s, 0, g1At(s, 1, 0))
		east, south := g1At(s, 3, 0), s.geo.neighbour(dest, DirSE)
		g1Own(s, -1, east, south)
		s.tiles[east].Alloc = [numResources]int32{100, 200, 300}
		g1MoveTo(t, s, 0, -1, [numResources]int32{10, 10, 10})
		g1Do(t, s, "success")
		wantPending(t, s, engine.Chance, "card_chance")
		if got := len(s.Chance()); got != 2 {
			t.Fatalf("%d tile outcomes, want 2 (%v)", got, legalTexts(s))
		}
		g1Encodable(t, s)
		g1Do(t, s, "tile 3,0")
		if ch := s.Chance(); len(ch) != 2 || ch[1].Weight != 10 || ch[0].Weight != 90 {
			t.Fatalf("net roll outcomes %+v, want 90 failure / 10 success", ch)
		}
		evs := g1Do(t, s, "success")
		if s.tiles[east].Owner != 0 || s.players[0].res[Followers] != 12+100 {
			t.Errorf("east owner %d followers %d: the net gives the tile and its allotment", s.tiles[east].Owner, s.players[0].res[Followers])
		}
		// The second net can only take the other neighbour: no tile asked.
		wantPending(t, s, engine.Chance, "card_chance")
		evs = append(evs, g1Do(t, s, "failure")...)
		if s.tiles[south].Owner != -1 || findEvent(evs, "net") == nil {
			t.Errorf("south owner %d, events %v", s.tiles[south].Owner, eventKinds(evs))
		}
		if s.players[0].propCorr != 0 {
			t.Errorf("propagation correction %d: nets change no correction", s.players[0].propCorr)
		}
	})
	t.Run("no neutral neighbour", func(t *testing.T) {
		s := g1Game(t, 2)
		s.addState(0, 0, cardCastingTheNet, 0, forGame()).n = 5
		for i := range s.tiles {
			g1Own(s, 1, i)
		}
		g1MoveTo(t, s, 0, -1, [numResources]int32{})
		g1Do(t, s, "success")
		if d := s.Pending(); d.Kind == "card_chance" {
			t.Errorf("a net was cast with no neutral neighbour")
		}
	})
}

func TestCARD006_TheAgeOfCathedrals(t *testing.T) {
	// CARD-006: +20% propagation next to the Pantheon, a tier-1 term.
	for _, tc := range []struct {
		name     string
		pantheon [2]int // col, row of the user's Pantheon
		want     int
	}{{"adjacent tile", [2]int{3, 0}, 20}, {"two tiles away", [2]int{4, 0}, 0}} {
		t.Run(tc.name, func(t *testing.T) {
			s := g1Game(t, 2)
			p := g1At(s, tc.pantheon[0], tc.pantheon[1])
			g1Own(s, 0, p)
			g1Hand(s, 0, cardAgeOfCathedrals)
			g1MoveTo(t, s, 0, -1, [numResources]int32{10, 10, 10})
			g1Do(t, s, "card 1", "pay donations")
			g1Target(t, s, "tile "+ceCoordText(s.coord(p)))
			if got := designationsSeen(s, 1); len(got) != 1 || got[0] != "pantheon@"+ceCoordText(s.coord(p)) {
				t.Fatalf("designations %v", got)
			}
			ex := g1Explain(t, g1Do(t, s, "failure"), "propagation")
			v, tier, _ := g1Term(ex.R1Terms, "pantheon")
			if v != tc.want || tc.want != 0 && tier != 1 {
				t.Errorf("pantheon term %d tier %d, want %d tier 1", v, tier, tc.want)
			}
		})
	}
}

func TestCARD008_SeasonOfHarvest(t *testing.T) {
	// CARD-008: usable only with The Harvester in the graveyard; two new
	// Harvesters enter the hand one at a time (GAP-53, GAP-19).
	t.Run("not usable without a Harvester in the graveyard", func(t *testing.T) {
		s := g1Game(t, 2)
		g1Hand(s, 0, cardSeasonOfHarvest)
		g1Interact(t, s, 0)
		if offered(s, "card 1") {
			t.Errorf("card 1 offered")
		}
	})
	t.Run("full hand pushes the oldest out", func(t *testing.T) {
		s := g1Game(t, 2)
		s.zones[0].grave = []CardID{cardTheHarvester}
		g1Hand(s, 0, cardGleaning, cardTheTithe, cardSeasonOfHarvest)
		g1Interact(t, s, 0)
		evs := g1Do(t, s, "card 1", "pay donations")
		if got := g1HandIDs(s, 0); !slices.Equal(got, []CardID{cardTheTithe, cardTheHarvester, cardTheHarvester}) {
			t.Errorf("hand %v, want Tithe and two Harvesters", got)
		}
		if got := g1Grave(s, 0); !slices.Equal(got, []CardID{cardTheHarvester, cardGleaning, cardSeasonOfHarvest}) {
			t.Errorf("graveyard %v: Gleaning is pushed out, the Harvester stays", got)
		}
		if seen := g1Seen(t, evs, 1); strings.Contains(seen, `card_in {"card"`) {
			t.Errorf("seat 1 sees the cards entering seat 0's hand:\n%s", seen)
		}
	})
}

func TestCARD009_Sanctuary(t *testing.T) {
	// CARD-009, GAP-52: a move toward the Sanctuary goes one tile
	// further; not added to the monsoon's step (GAP-41).
	for _, tc := range []struct {
		name string
		wind Wind
		move string
		want [2]int
	}{
		{"toward it", North, "move e", [2]int{3, 0}},
		{"away from it", North, "move w", [2]int{0, 0}},
		{"with the monsoon", East, "move e", [2]int{3, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g1Game(t, 2)
			sanct := g1At(s, 6, 0)
			g1Own(s, 0, sanct)
			s.designateTile(sanct, 0, cardSanctuary, 0, forGame())
			s.wind = tc.wind
			g1Start(t, s, 0)
			g1Do(t, s, tc.move)
			if got := s.coord(int(s.players[0].pos)); got.Col != tc.want[0] || got.Row != tc.want[1] {
				t.Errorf("piece at %v, want %v", got, tc.want)
			}
		})
	}
	t.Run("use designates an own tile", func(t *testing.T) {
		s := g1Game(t, 2)
		g1Hand(s, 0, cardSanctuary)
		g1Interact(t, s, 0)
		g1Do(t, s, "card 1", "pay donations")
		if got := designationsSeen(s, 1); !slices.Equal(got, []string{"sanctuary@2,0"}) {
			t.Errorf("designations %v, want the only own tile", got)
		}
	})
}

func TestCARD010_WallOfTheWord(t *testing.T) {
	// CARD-010: an armed Wall of the Word undoes the nullification of an
	// Expansion card by another seat's card (a Witch's Way-like reaction
	// injected here, so that the test needs no other group's card) and
	// sends a random card of the nullifier's deck to its graveyard.
	for _, tc := range []struct {
		name   string
		card   CardID
		undone bool
	}{{"Expansion card", cardGleaning, true}, {"other group: no reaction", cardTheTithe, false}} {
		t.Run(tc.name, func(t *testing.T) {
			s := g1Game(t, 2)
			g1Witch(s)
			tile := g1At(s, 6, 6)
			s.tiles[tile].Alloc[Followers] = 70
			g1Hand(s, 0, cardWallOfTheWord, tc.card)
			s.zones[0].hand[0].flags |= hcArmed
			g1Hand(s, 1, g1WitchCard)
			s.zones[1].hand[0].flags |= hcArmed | hcPayInfluence
			g1Deck(s, 1, cardGleaning)
			g1Interact(t, s, 0)
			args := []string{"card 1", "pay donations"}
			if tc.card == cardGleaning {
				args = append(args, "tile 6,6")
			}
			evs := g1Do(t, s, args...)
			if (findEvent(evs, "nullified") != nil) == tc.undone {
				t.Errorf("events %v: nullified %v, want %v", eventKinds(evs), findEvent(evs, "nullified") != nil, !tc.undone)
			}
			if tc.undone {
				if s.players[0].res[Followers] != 70 || findEvent(evs, "nullify_undone") == nil {
					t.Errorf("followers %d: Gleaning must resolve", s.players[0].res[Followers])
				}
				if len(s.zones[1].deck) != 0 || !slices.Contains(g1Grave(s, 1), cardGleaning) {
					t.Errorf("seat 1 deck %v graveyard %v: the deck's card goes to the graveyard", s.zones[1].deck, g1Grave(s, 1))
				}
				if s.players[0].res[Donations] != 2000-100-500 {
					t.Errorf("donations %d: Gleaning and the Wall are paid", s.players[0].res[Donations])
				}
			} else if s.handCount(0) != 1 || len(s.stateOfs(0)) != 0 {
				t.Errorf("hand %v, states %v: the Wall stays unused, the Tithe does nothing", g1HandIDs(s, 0), s.stateOfs(0))
			}
		})
	}
}

func TestCARD011_012_Icons(t *testing.T) {
	// CARD-011 Moving Mountains and CARD-012 Miracle of the Icon: an Icon
	// gives ½ of the tile's follower allotment at each of its owner's
	// start phases while owned; losing the tile ends it (GAP-52).
	for _, tc := range []struct {
		name   string
		card   CardID
		owner  int // owner of (5,5) before the card
		lost   bool
		gained int32
	}{
		{"CARD-011 takes and designates", cardMovingMountains, 1, false, 55},
		{"CARD-012 designates an own tile", cardMiracleOfTheIcon, 0, false, 55},
		{"CARD-012 ends once the tile is lost", cardMiracleOfTheIcon, 0, true, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g1Game(t, 2)
			tile := g1At(s, 5, 5)
			g1Own(s, tc.owner, tile)
			s.tiles[tile].Alloc[Followers] = 110
			g1Hand(s, 0, tc.card)
			g1Interact(t, s, 0)
			g1Do(t, s, "card 1", "pay donations")
			g1Target(t, s, "tile 5,5")
			if s.tiles[tile].Owner != 0 || !slices.Contains(designationsSeen(s, 1), "icon@5,5") {
				t.Fatalf("owner %d designations %v", s.tiles[tile].Owner, designationsSeen(s, 1))
			}
			if tc.lost {
				g1Own(s, 1, tile)
				s.tileLost(tile, 0, 1, lostCombat)
				g1Own(s, 0, tile) // regained: the Icon stays gone
			}
			s.players[0].res[Followers] = 0
			evs := g1Start(t, s, 0)
			if got := s.players[0].res[Followers]; got != tc.gained || (findEvent(evs, "icon") != nil) != (tc.gained > 0) {
				t.Errorf("followers at the start phase = %d (events %v), want %d", got, eventKinds(evs), tc.gained)
			}
			if seen := g1Seen(t, evs, 1); tc.gained > 0 && (!strings.Contains(seen, "icon {") || strings.Contains(seen, `"col":5,"row":5`)) {
				t.Errorf("seat 1 is told the Icon's tile (GAP-70):\n%s", seen)
			}
		})
	}
	t.Run("CARD-011 no other player's tile", func(t *testing.T) {
		s := g1Game(t, 2)
		g1Hand(s, 0, cardMovingMountains)
		g1Interact(t, s, 0)
		if offered(s, "card 1") {
			t.Errorf("card 1 offered with no tile of another player")
		}
	})
}
