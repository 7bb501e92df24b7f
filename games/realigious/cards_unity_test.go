package realigious

import (
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
)

// Tests of the Unity cards (CARD-013-024, REL-623), with the helpers of
// cards_expansion_test.go. Reactions are armed as their owner would arm
// them in advance (GAP-25) and fire during the turns the tests play.

// g1Arm arms the card at hand index i (oldest first) of seat, paying in
// influence when influence is set.
func g1Arm(s *State, seat, i int, influence bool) {
	s.zones[seat].hand[i].flags |= hcArmed
	if influence {
		s.zones[seat].hand[i].flags |= hcPayInfluence
	}
}

func TestCARD013_AngelsSeal(t *testing.T) {
	// CARD-013, GAP-54: a card pushed out unused is used again, free.
	t.Run("pushed-out card is replayed free", func(t *testing.T) {
		s := g1Game(t, 2)
		g1Hand(s, 0, cardTrainingClergy, cardAngelsSeal, cardTheTithe)
		g1Arm(s, 0, 1, false)
		g1Deck(s, 0, cardGleaning)
		evs := g1Start(t, s, 0) // the draw pushes Training the Clergy out (GAP-19)
		if got := s.stateOfs(0); !slices.Equal(got, []string{"training_the_clergy"}) {
			t.Errorf("states %v (events %v), want the replayed Training the Clergy", got, eventKinds(evs))
		}
		if got := g1Grave(s, 0); !slices.Equal(got, []CardID{cardTrainingClergy, cardAngelsSeal}) {
			t.Errorf("graveyard %v", got)
		}
		if got := g1HandIDs(s, 0); !slices.Equal(got, []CardID{cardTheTithe, cardGleaning}) {
			t.Errorf("hand %v", got)
		}
		if r := s.players[0].res; r[Donations] != 1900 || r[Influence] != 2000 {
			t.Errorf("resources %v: only the Seal's 100 is paid, the replay is free", r)
		}
	})
	t.Run("a used card does not trigger it", func(t *testing.T) {
		s := g1Game(t, 2)
		g1Hand(s, 0, cardAngelsSeal, cardTrainingClergy)
		g1Arm(s, 0, 0, false)
		g1Interact(t, s, 0)
		g1Do(t, s, "card 1", "pay influence")
		if got := g1HandIDs(s, 0); !slices.Equal(got, []CardID{cardAngelsSeal}) || len(s.stateOfs(0)) != 1 {
			t.Errorf("hand %v states %v: the Seal stays in hand", got, s.stateOfs(0))
		}
	})
	t.Run("a glory card acts once", func(t *testing.T) {
		s := g1Game(t, 2)
		g1Hand(s, 0, cardGloryTreasure, cardAngelsSeal, cardTheTithe)
		g1Arm(s, 0, 1, false)
		g1Deck(s, 0, cardGleaning)
		g1Start(t, s, 0)
		if r := s.players[0].res; r[Donations] != 3000 || s.handCount(0) != 3 {
			t.Errorf("resources %v, hand %v: Glory: Treasure acts by itself (REL-724), not replayed", r, g1HandIDs(s, 0))
		}
	})
}

func TestCARD014_FullDefensiveStance(t *testing.T) {
	// CARD-014, GAP-54: the deck's reaction cards go to the graveyard
	// without triggers; one effect per activation condition.
	t.Run("gains one effect per condition", func(t *testing.T) {
		s := g1Game(t, 2)
		g1Hand(s, 0, cardAngelsSeal, cardFullDefensiveStance)
		g1Arm(s, 0, 0, false)
		g1Interact(t, s, 0)
		g1Deck(s, 0, cardTheTithe, cardAngelsSeal, cardMiracle, cardRewardOfPenance, cardPeaceLikeARiver, cardWallOfTheWord, cardGleaning)
		g1Do(t, s, "card 1", "pay donations")
		if got := s.zones[0].deck; !slices.Equal(got, []CardID{cardGleaning, cardTheTithe}) {
			t.Errorf("deck (bottom first) %v, want the two non-reaction cards", got)
		}
		want := []CardID{cardAngelsSeal, cardMiracle, cardRewardOfPenance, cardPeaceLikeARiver, cardWallOfTheWord, cardFullDefensiveStance}
		if got := g1Grave(s, 0); !slices.Equal(got, want) {
			t.Errorf("graveyard %v, want %v", got, want)
		}
		var gained []int
		for _, b := range s.view(1).Players[0].Buffs {
			if b.Key == "full_defensive_stance" {
				gained = append(gained, b.V)
			}
		}
		slices.Sort(gained)
		if !slices.Equal(gained, []int{10, 13, 16, 18, 24}) {
			t.Errorf("effects gained %v, want one per reaction", gained)
		}
		if got := g1HandIDs(s, 0); !slices.Equal(got, []CardID{cardAngelsSeal}) {
			t.Errorf("hand %v: the armed Angel's Seal must not fire", got)
		}
	})
	t.Run("same condition keeps the cheapest", func(t *testing.T) {
		s := g1Game(t, 2)
		tbl := *s.defs
		tbl.defs[28] = &cardDef{id: 28, react: &reactSpec{on: hookDeclare}, run: func(*State, *frame) bool { return true }}
		s.defs = &tbl
		g1Hand(s, 0, cardFullDefensiveStance)
		g1Interact(t, s, 0)
		g1Deck(s, 0, 28, cardPeaceLikeARiver)
		g1Do(t, s, "card 1", "pay donations")
		if e := s.stateOf(0, cardFullDefensiveStance, 0); e == nil || e.v != int16(cardPeaceLikeARiver) || len(s.stateOfs(0)) != 1 {
			t.Errorf("states %v: want Peace Like a River (400) over CARD-028 (800)", s.stateOfs(0))
		}
	})
	t.Run("the gained effect fires once, free", func(t *testing.T) {
		s := g1Game(t, 2)
		s.addState(0, 0, cardFullDefensiveStance, 0, forGame()).v = int16(cardPeaceLikeARiver)
		g1Own(s, 0, g1At(s, 5, 7))
		evs := g1MoveTo(t, s, 1, 0, [numResources]int32{10, 10, 10}) // no water: the piece stays
		if findEvent(evs, "combat_nullified") == nil || findEvent(evs, "combat") != nil {
			t.Fatalf("events %v: the combat must be nullified", eventKinds(evs))
		}
		if r := s.players[0].res; r[Donations] != 2000 || r[Influence] != 2000 || len(s.zones[0].grave) != 0 || len(s.stateOfs(0)) != 0 {
			t.Errorf("resources %v graveyard %v states %v: free, not re-buried, used up", r, g1Grave(s, 0), s.stateOfs(0))
		}
	})
	t.Run("no reaction in the deck", func(t *testing.T) {
		s := g1Game(t, 2)
		g1Hand(s, 0, cardFullDefensiveStance)
		g1Interact(t, s, 0)
		g1Deck(s, 0, cardTheTithe)
		g1Do(t, s, "card 1", "pay donations")
		if len(s.stateOfs(0)) != 0 || len(s.zones[0].deck) != 1 {
			t.Errorf("states %v deck %v", s.stateOfs(0), s.zones[0].deck)
		}
	})
}

func TestCARD015_TheTithe(t *testing.T) {
	// CARD-015, GAP-51: +10% R2 for the rest of the game, a tier-1 term.
	t.Run("defense term", func(t *testing.T) {
		s := g1Game(t, 2)
		g1Hand(s, 0, cardTheTithe)
		g1Interact(t, s, 0)
		g1Do(t, s, "card 1", "pay donations")
		if b := s.view(1).Players[0].Buffs; len(b) != 1 || b[0].Key != "the_tithe" || b[0].Ends != "" {
			t.Fatalf("buffs %+v, want a lasting the_tithe", b)
		}
		g1MoveTo(t, s, 1, 0, [numResources]int32{10, 10, 10})
		ex := g1Explain(t, g1Do(t, s, "failure"), "combat")
		if v, tier, ok := g1Term(ex.R2Terms, "the_tithe"); !ok || v != 10 || tier != 1 || ex.R2 != s.p.DefenseBase+10 {
			t.Errorf("the_tithe term %d tier %d (R2 %d), want +10 at tier 1", v, tier, ex.R2)
		}
	})
	t.Run("cannot pay", func(t *testing.T) {
		s := g1Game(t, 2)
		s.players[0].res = [numResources]int32{1000, 199, 199}
		g1Hand(s, 0, cardTheTithe)
		g1Interact(t, s, 0)
		if offered(s, "card 1") {
			t.Errorf("card 1 offered")
		}
	})
}

func TestCARD016_Miracle(t *testing.T) {
	// CARD-016, GAP-54: the owner discards its hand; that card and every
	// card another player uses until the owner's next turn are nullified.
	setup := func(t *testing.T) *State {
		s := g1Game(t, 2)
		g1Hand(s, 1, cardMiracle, cardTheTithe)
		g1Arm(s, 1, 0, true)
		g1Hand(s, 0, cardTheHarvester, cardTrainingClergy)
		g1Interact(t, s, 0)
		return s
	}
	t.Run("nullifies until the owner's next turn", func(t *testing.T) {
		s := setup(t)
		evs := g1Do(t, s, "card 1", "pay donations")
		if findEvent(evs, "nullified") == nil || len(s.stateOfs(0)) != 0 || !slices.Contains(g1Grave(s, 0), cardTrainingClergy) {
			t.Errorf("events %v states %v: the card is nullified but used", eventKinds(evs), s.stateOfs(0))
		}
		if got := g1Grave(s, 1); !slices.Contains(got, cardTheTithe) || !slices.Contains(got, cardMiracle) || s.handCount(1) != 0 {
			t.Errorf("seat 1 graveyard %v hand %v: the whole hand is discarded", got, g1HandIDs(s, 1))
		}
		if s.players[1].res[Influence] != 1200 {
			t.Errorf("seat 1 influence %d, want 1200 (armed to pay influence)", s.players[1].res[Influence])
		}
		b := s.view(0).Players[1].Buffs
		if len(b) != 1 || b[0].Key != "miracle" || b[0].Ends != "start" || b[0].Until != int(s.players[1].turns)+1 {
			t.Errorf("buffs of seat 1 %+v, want miracle until its next start phase", b)
		}
		g1Do(t, s, "card 1", "pay donations") // The Harvester
		if len(s.stateOfs(0)) != 0 {
			t.Errorf("states %v: the second card is nullified too", s.stateOfs(0))
		}
		g1Start(t, s, 1)
		if len(s.stateOfs(1)) != 0 {
			t.Errorf("seat 1 states %v at its start phase, want none", s.stateOfs(1))
		}
	})
	t.Run("expired at the owner's turn", func(t *testing.T) {
		s := g1Game(t, 2)
		s.addState(1, 1, cardMiracle, 0, s.forCycles(1, 1))
		g1Start(t, s, 1)
		g1Hand(s, 0, cardTrainingClergy)
		g1Interact(t, s, 0)
		g1Do(t, s, "card 1", "pay donations")
		if got := s.stateOfs(0); !slices.Equal(got, []string{"training_the_clergy"}) {
			t.Errorf("states %v: Miracle has ended", got)
		}
	})
	t.Run("not against its owner's cards", func(t *testing.T) {
		s := g1Game(t, 2)
		g1Hand(s, 0, cardMiracle, cardTrainingClergy)
		g1Arm(s, 0, 0, false)
		g1Interact(t, s, 0)
		g1Do(t, s, "card 1", "pay influence")
		if got := g1HandIDs(s, 0); !slices.Equal(got, []CardID{cardMiracle}) || len(s.stateOfs(0)) != 1 {
			t.Errorf("hand %v states %v", got, s.stateOfs(0))
		}
	})
}

func TestCARD017_OnesOwnTrial(t *testing.T) {
	// CARD-017, GAP-26: no draw in the next three own turns; at the third
	// one's start phase the hand is discarded and three cards drawn.
	s := g1Game(t, 2)
	g1Hand(s, 0, cardOnesOwnTrial)
	g1Interact(t, s, 0) // turn 4
	g1Deck(s, 0, cardGleaning, cardTheTithe, cardTheHarvester, cardSanctuary, cardIndulgence, cardMiracle, cardReunion)
	g1Do(t, s, "card 1", "pay donations")
	if b := s.view(1).Players[0].Buffs; len(b) != 1 || b[0].Key != "ones_own_trial" || b[0].At != 7 {
		t.Fatalf("buffs %+v, want ones_own_trial acting at turn 7", b)
	}
	for turn := 5; turn <= 6; turn++ {
		g1Start(t, s, 0)
		if s.handCount(0) != 0 || len(s.zones[0].deck) != 7 {
			t.Fatalf("turn %d: hand %v deck %d, want no draw", turn, g1HandIDs(s, 0), len(s.zones[0].deck))
		}
	}
	g1Hand(s, 0, cardFaithVillage)
	evs := g1Start(t, s, 0) // turn 7
	if got := g1HandIDs(s, 0); !slices.Equal(got, []CardID{cardGleaning, cardTheTithe, cardTheHarvester}) {
		t.Errorf("turn 7 hand %v, want the deck's top three", got)
	}
	if !slices.Contains(g1Grave(s, 0), cardFaithVillage) || len(s.stateOfs(0)) != 0 {
		t.Errorf("graveyard %v states %v: the hand is discarded, the trial over", g1Grave(s, 0), s.stateOfs(0))
	}
	for _, seat := range []engine.Seat{1, engine.Spectator} {
		if seen := g1Seen(t, evs, seat); strings.Contains(seen, "CARD-004") || strings.Contains(seen, "CARD-007") {
			t.Errorf("seat %d sees the cards drawn:\n%s", seat, seen)
		}
	}
	g1Start(t, s, 0) // turn 8: the normal draw is back
	if got := g1HandIDs(s, 0); !slices.Equal(got, []CardID{cardTheTithe, cardTheHarvester, cardSanctuary}) {
		t.Errorf("turn 8 hand %v", got)
	}
}

func TestCARD018_RewardOfPenance(t *testing.T) {
	// CARD-018, GAP-14: after a tile lost in combat, two cycles of
	// unconditional propagation and defense.
	lose := func(t *testing.T, s *State) []engine.Event {
		t.Helper()
		g1Hand(s, 0, cardRewardOfPenance)
		g1Arm(s, 0, 0, false)
		g1MoveTo(t, s, 1, 0, [numResources]int32{10, 10, 10})
		return g1Do(t, s, "success")
	}
	t.Run("fires and forces outcomes", func(t *testing.T) {
		s := g1Game(t, 2)
		lose(t, s) // during seat 1's turn; seat 0 has played 3 turns
		b := s.view(1).Players[0].Buffs
		if len(b) != 1 || b[0].Key != "reward_of_penance" || b[0].Ends != "start" || b[0].Until != 5 {
			t.Fatalf("buffs %+v, want reward_of_penance to the start of turn 5 (2 cycles)", b)
		}
		if s.players[0].res[Donations] != 2000-5-700 {
			t.Errorf("donations %d, want 1295: the combat loss (GAP-17) and the reaction's 700", s.players[0].res[Donations])
		}
		// Seat 0's turn 4 has begun.
		evs := g1MoveOn(t, s, 0, -1, [numResources]int32{10, 10, 10})
		if ex := g1Explain(t, evs, "propagation"); ex.Forced != "success" || ex.Roll != "success" {
			t.Errorf("propagation forced %q roll %q, want an unconditional success", ex.Forced, ex.Roll)
		}
		evs = g1MoveOn(t, s, 1, 0, [numResources]int32{10, 10, 10})
		if ex := g1Explain(t, evs, "combat"); ex.Forced != "failure" {
			t.Errorf("combat forced %q, want an unconditional defense", ex.Forced)
		}
		// Seat 0's turn 5 has begun: the two cycles are over.
		if s.active() != 0 || s.players[0].turns != 5 || len(s.stateOfs(0)) != 0 {
			t.Errorf("active %d turn %d states %v, want none at turn 5", s.active(), s.players[0].turns, s.stateOfs(0))
		}
	})
	t.Run("not for a tile lost to a card", func(t *testing.T) {
		s := g1Game(t, 2)
		g1Hand(s, 0, cardRewardOfPenance)
		g1Arm(s, 0, 0, false)
		g1Own(s, 0, g1At(s, 5, 5))
		g1Hand(s, 1, cardMovingMountains)
		g1Interact(t, s, 1)
		g1Do(t, s, "card 1", "pay donations")
		if s.tiles[g1At(s, 5, 5)].Owner != 1 || s.handCount(0) != 1 {
			t.Errorf("owner %d, seat 0 hand %v: the reaction must not fire", s.tiles[g1At(s, 5, 5)].Owner, g1HandIDs(s, 0))
		}
	})
}

func TestCARD019_JoyOfMinistry(t *testing.T) {
	// CARD-019, GAP-51, GAP-13: +10% on propagation rewards, added to the
	// Christian +20% before it applies; repeated uses add.
	for _, tc := range []struct {
		name string
		uses int
		want int32
	}{{"once", 1, 130}, {"twice", 2, 140}} {
		t.Run(tc.name, func(t *testing.T) {
			s := g1Game(t, 2)
			hand := make([]CardID, tc.uses)
			for i := range hand {
				hand[i] = cardJoyOfMinistry
			}
			g1Hand(s, 0, hand...)
			g1MoveTo(t, s, 0, -1, [numResources]int32{100, 100, 100})
			for range tc.uses {
				g1Do(t, s, "card 1", "pay donations")
			}
			ex := g1Explain(t, g1Do(t, s, "success"), "propagation")
			if ex.Gains[Followers] != int(tc.want) || s.players[0].res[Followers] != tc.want {
				t.Errorf("gains %v, want %d followers", ex.Gains, tc.want)
			}
		})
	}
}

func TestCARD020_FaithVillage(t *testing.T) {
	// CARD-020, GAP-52: the donation and influence allotments at each of
	// the user's start phases at which it owns the tile.
	s := g1Game(t, 2)
	fv := g1At(s, 5, 5)
	g1Own(s, 0, fv)
	s.tiles[fv].Alloc = [numResources]int32{100, 200, 300}
	g1Hand(s, 0, cardFaithVillage)
	g1Interact(t, s, 0)
	g1Do(t, s, "card 1", "pay donations")
	g1Target(t, s, "tile 5,5")
	if got := designationsSeen(s, 1); !slices.Contains(got, "faith_village@5,5") {
		t.Fatalf("designations %v", got)
	}
	for _, tc := range []struct {
		name  string
		owner int
		gain  [numResources]int32
	}{{"owned", 0, [numResources]int32{0, 200, 300}}, {"not owned", 1, [numResources]int32{}}, {"owned again", 0, [numResources]int32{0, 200, 300}}} {
		t.Run(tc.name, func(t *testing.T) {
			g1Own(s, tc.owner, fv)
			before := s.players[0].res
			g1Start(t, s, 0)
			for r := range before {
				if got := s.players[0].res[r] - before[r]; got != tc.gain[r] {
					t.Errorf("%s gained %d, want %d", Resource(r), got, tc.gain[r])
				}
			}
		})
	}
}

func TestCARD021_EternalReturn(t *testing.T) {
	// CARD-021, GAP-53: at the next start phase the hand is discarded and
	// the user's cards used meanwhile come back (at most three).
	t.Run("cards come back", func(t *testing.T) {
		s := g1Game(t, 2)
		g1Hand(s, 0, cardTheHarvester, cardTrainingClergy, cardEternalReturn)
		g1Interact(t, s, 0)
		g1Deck(s, 0, cardGleaning)
		g1Do(t, s, "card 1", "pay donations", "card 1", "pay donations", "card 1", "pay donations")
		if b := s.view(1).Players[0].Buffs; len(b) != 3 || b[0].Key != "eternal_return" || b[0].At != 5 {
			t.Fatalf("buffs %+v", b)
		}
		g1Hand(s, 0, cardTheTithe)
		g1Start(t, s, 0)
		if got := g1HandIDs(s, 0); !slices.Equal(got, []CardID{cardTrainingClergy, cardTheHarvester, cardGleaning}) {
			t.Errorf("hand %v, want the two cards used, then the draw", got)
		}
		if got := g1Grave(s, 0); !slices.Equal(got, []CardID{cardEternalReturn, cardTheTithe}) {
			t.Errorf("graveyard %v: Eternal Return stays, the hand is discarded", got)
		}
		if slices.Contains(s.stateOfs(0), "eternal_return") {
			t.Errorf("states %v", s.stateOfs(0))
		}
	})
	t.Run("at most the three most recent", func(t *testing.T) {
		s := g1Game(t, 2)
		s.addState(0, 0, cardEternalReturn, 0, forGame()).at = 4
		for _, id := range []CardID{cardGleaning, cardTheTithe, cardEternalReturn, cardSanctuary, cardIndulgence} {
			s.zones[0].grave = append(s.zones[0].grave, id)
			s.dispatch(hook{kind: hookGraveyard, seat: 0, other: -1, tile: -1, card: id, frame: -1, used: true})
		}
		g1Start(t, s, 0)
		if got := g1HandIDs(s, 0); !slices.Equal(got, []CardID{cardTheTithe, cardSanctuary, cardIndulgence}) {
			t.Errorf("hand %v", got)
		}
	})
}

func TestCARD022_Indulgence(t *testing.T) {
	// CARD-022, GAP-23: the level cost, then half of every resource;
	// reputation becomes 50.
	for _, tc := range []struct {
		name string
		rep  int32
	}{{"raises", 20}, {"sets, also downward", 80}} {
		t.Run(tc.name, func(t *testing.T) {
			s := g1Game(t, 2)
			s.players[0].rep = tc.rep
			s.players[0].res = [numResources]int32{101, 2000, 2000}
			g1Hand(s, 0, cardIndulgence)
			g1Interact(t, s, 0)
			g1Do(t, s, "card 1", "pay donations")
			if pl := s.players[0]; pl.rep != 50 || pl.res != [numResources]int32{51, 750, 1000} {
				t.Errorf("reputation %d resources %v, want 50 and {51 750 1000}", pl.rep, pl.res)
			}
		})
	}
	t.Run("cannot pay", func(t *testing.T) {
		s := g1Game(t, 2)
		s.players[0].res = [numResources]int32{5000, 499, 499}
		g1Hand(s, 0, cardIndulgence)
		g1Interact(t, s, 0)
		if offered(s, "card 1") {
			t.Errorf("card 1 offered")
		}
	})
}

func TestCARD023_Reunion(t *testing.T) {
	// CARD-023, GAP-20: once as many cards as the composition holds have
	// reached the graveyard, the state ends and three cards are drawn.
	t.Run("draws three", func(t *testing.T) {
		s := g1Game(t, 2)
		g1Hand(s, 0, cardTrainingClergy, cardTheTithe, cardReunion)
		g1Interact(t, s, 0)
		s.zones[0].comp = []CardID{cardReunion, cardTheTithe, cardTrainingClergy}
		g1Deck(s, 0, cardGleaning, cardSanctuary, cardIndulgence, cardMiracle)
		g1Do(t, s, "card 1", "pay donations")
		if b := s.view(1).Players[0].Buffs; len(b) != 1 || b[0].Key != "reunion" || b[0].N != 1 || b[0].V != 3 {
			t.Fatalf("buffs %+v, want reunion 1 of 3", b)
		}
		g1Do(t, s, "card 1", "pay donations", "card 1", "pay donations")
		if got := g1HandIDs(s, 0); !slices.Equal(got, []CardID{cardGleaning, cardSanctuary, cardIndulgence}) {
			t.Errorf("hand %v, want three drawn", got)
		}
		if slices.Contains(s.stateOfs(0), "reunion") {
			t.Errorf("states %v", s.stateOfs(0))
		}
	})
	t.Run("Full Defensive Stance does not count (GAP-54)", func(t *testing.T) {
		s := g1Game(t, 2)
		s.addState(0, 0, cardReunion, 0, forGame()).v = 2
		g1Hand(s, 0, cardFullDefensiveStance)
		g1Interact(t, s, 0)
		g1Deck(s, 0, cardAngelsSeal, cardMiracle, cardTheTithe)
		g1Do(t, s, "card 1", "pay donations")
		if e := s.stateOf(0, cardReunion, 0); e == nil || e.n != 1 {
			t.Errorf("reunion %+v, want 1 card counted (the Stance itself)", e)
		}
	})
}

func TestCARD024_PeaceLikeARiver(t *testing.T) {
	// CARD-024, GAP-07: the declared combat is nullified (its costs stay
	// paid) and the owner sends the attacker next to water.
	for _, tc := range []struct {
		name  string
		water bool
		armed bool
	}{{"moves the attacker", true, true}, {"no tile next to water", false, true}, {"not armed", true, false}} {
		t.Run(tc.name, func(t *testing.T) {
			s := g1Game(t, 2)
			if tc.water {
				s.tiles[g1At(s, 5, 5)].Terrain = Water
			}
			g1Hand(s, 0, cardPeaceLikeARiver)
			if tc.armed {
				g1Arm(s, 0, 0, false)
			}
			evs := g1MoveTo(t, s, 1, 0, [numResources]int32{10, 10, 10})
			if !tc.armed {
				wantPending(t, s, engine.Chance, "roll")
				return
			}
			if tc.water {
				wantPending(t, s, 0, "card_target")
				if n := len(legalTexts(s)); n != 6 {
					t.Fatalf("%d tiles offered, want the 6 next to the water (%v)", n, legalTexts(s))
				}
				g1Encodable(t, s)
				evs = append(evs, g1Do(t, s, "tile 4,5")...)
			}
			if findEvent(evs, "combat_nullified") == nil || s.tiles[g1At(s, 2, 2)].Owner != 0 {
				t.Errorf("events %v: the combat must be nullified", eventKinds(evs))
			}
			want := g1At(s, 2, 2)
			if tc.water {
				want = g1At(s, 4, 5)
			}
			if int(s.players[1].pos) != want || s.players[1].rep != 48 || s.players[0].res[Donations] != 1600 {
				t.Errorf("attacker at %v rep %d, owner donations %d", s.coord(int(s.players[1].pos)), s.players[1].rep, s.players[0].res[Donations])
			}
		})
	}
}
