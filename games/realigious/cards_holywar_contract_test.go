package realigious

import (
	"slices"
	"testing"

	"tabletop/engine"
)

// The contract combat of Contract Killing (CARD-043, GAP-58) against the
// rest of the combat rules: it is a piece-vs-piece combat (REL-503,
// REL-570-580) whose roll the card effects force or spoil as a declared
// one's (REL-523, REL-558, GAP-14), whose end the card effects and the
// defender's reactions answer (hookCombat), and which nothing declares:
// no declaration cost (REL-328, REL-329, REL-547) and no "when declared"
// window. Helpers: g2* in cards_influence_test.go.

// ckScene is a g2Game of n seats where seat 0 has bribed a Vagrant on
// (6, 5) and holds the contract; seat 1's piece stands on (6, 6), and its
// own tiles are (5, 6), the nearest, and (8, 8).
func ckScene(t *testing.T, n int) *State {
	t.Helper()
	s := g2Game(t, n)
	s.celeb = celebrity{kind: Vagrant, pos: int16(g1At(s, 6, 5)), start: -1, briber: 0, bribes: 1}
	s.addState(0, 0, cardContractKilling, 0, forGame())
	s.players[1].pos = int16(g1At(s, 6, 6))
	g1Own(s, 1, g1At(s, 5, 6), g1At(s, 8, 8))
	return s
}

// ckFight steps the celebrity onto seat 1's piece and, when the combat's
// roll is a chance decision, answers it with roll; it returns the events
// and the combat's explain.
func ckFight(t *testing.T, s *State, roll string) ([]engine.Event, *Explain) {
	t.Helper()
	evs := g2Wander(t, s, 6, 6, 0)
	if d := s.Pending(); d.Seat == engine.Chance && d.Kind == "card_chance" {
		evs = append(evs, g2Do(t, s, roll)...)
	}
	return evs, g1Explain(t, evs, "contract_killing")
}

func TestCARD043_ContractRollEffects(t *testing.T) {
	// REL-523 REL-558 GAP-14: the effects that decide a combat whatever
	// the roll decide the contract's; those of the user and of the target
	// alike. Losing Streak (CARD-080) names a tile the holder owns.
	for _, tc := range []struct {
		name   string
		setup  func(s *State)
		forced string // "" when the roll is a chance decision
		won    bool
	}{
		{"no effect: rolled", func(s *State) {}, "", false},
		{"Power of the Ascended (CARD-052), user: won", func(s *State) {
			s.addState(0, 0, cardPowerOfTheAscended, 0, s.forTurns(0, ascendedTurns))
		}, "success", true},
		{"Power of the Ascended (CARD-052), target: lost", func(s *State) {
			s.addState(1, 1, cardPowerOfTheAscended, 0, s.forTurns(1, ascendedTurns))
		}, "failure", false},
		{"Reward of Penance (CARD-018), target: lost", func(s *State) {
			s.addState(1, 1, cardRewardOfPenance, 0, s.forTurns(1, 2))
		}, "failure", false},
		{"The Chase (CARD-042), target: lost", func(s *State) {
			s.addState(1, 1, cardTheChase, 0, forGame())
		}, "failure", false},
		{"Losing Streak (CARD-080), target on another's tile: rolled", func(s *State) {
			s.addState(1, 1, cardShameLosingStreak, 0, s.forTurns(1, 2))
		}, "", false},
		{"Losing Streak (CARD-080), target on its own tile: won", func(s *State) {
			s.addState(1, 1, cardShameLosingStreak, 0, s.forTurns(1, 2))
			g1Own(s, 1, g1At(s, 6, 6))
		}, "success", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := ckScene(t, 2)
			tc.setup(s)
			evs, ex := ckFight(t, s, "failure")
			if ex.Forced != tc.forced || (ex.Roll == "success") != tc.won {
				t.Errorf("explain forced %q roll %q, want forced %q, won %v", ex.Forced, ex.Roll, tc.forced, tc.won)
			}
			if rolled := slices.Contains(eventKinds(evs), "contract_killing") && tc.forced == ""; rolled && s.players[0].combatCorr != 1 {
				t.Errorf("combat correction %d after a lost roll, want 1 (REL-577)", s.players[0].combatCorr)
			}
			if s.stateOf(1, cardTheChase, 0) != nil {
				t.Error("The Chase outlived the combat it decided (hookCombat)")
			}
		})
	}
}

func TestCARD043_ContractReckless(t *testing.T) {
	// CARD-045 REL-523 GAP-14: All or Nothing's Reckless spoils 10% of the
	// contract's wins, in the one chance decision of its roll, as for a
	// declared combat (Chance); its +30% is in R1.
	s := ckScene(t, 2)
	s.addState(0, 0, cardAllOrNothing, 0, s.forTurns(0, 3))
	rl := s.contractRoll(0, 1, g1At(s, 6, 6))
	if rl.lose != 10 || int(rl.r1) != s.p.CombatBase+30 {
		t.Fatalf("roll %+v, want R1 %d and a 10%% loss", rl, s.p.CombatBase+30)
	}
	g2Wander(t, s, 6, 6, 0)
	wantPending(t, s, engine.Chance, "card_chance")
	win := int(rl.r) * 90
	want := []engine.Outcome{{Answer: answer(ansFailure, 0), Weight: 100*100 - win}, {Answer: answer(ansSuccess, 0), Weight: win}}
	if got := s.Chance(); !slices.Equal(got, want) {
		t.Errorf("Chance() = %v, want %v", got, want)
	}
	ex := g1Explain(t, g2Do(t, s, "success"), "contract_killing")
	if ex.Reckless != 10 || ex.Roll != "success" {
		t.Errorf("explain %+v, want reckless 10 and the success", ex)
	}
}

func TestCARD043_ContractCombatAnswers(t *testing.T) {
	// The combat's end is told to the card effects and reactions as a
	// piece-vs-piece combat's (hookCombat): the defender's Axis of Evil
	// (Reaction) on a loss (CARD-056), The Chase on a successful defence
	// of its own tile (CARD-042), Judgment on a successful defence
	// (CARD-071). Nothing is declared, so what answers a declaration does
	// not fire: Peace Like a River (CARD-024), Relief Operation (CARD-028),
	// Declaration of Holy War's count and waiver (CARD-047), and no
	// declaration cost is paid (REL-328, REL-329).
	t.Run("Axis of Evil (Reaction): the beaten target answers", func(t *testing.T) {
		s := ckScene(t, 2)
		g2Hand(s, 1, g2Armed(CardAxisOfEvilReaction))
		ckFight(t, s, "success")
		if s.stateOf(0, CardAxisOfEvilReaction, 0) == nil || !slices.Equal(g1Grave(s, 1), []CardID{CardAxisOfEvilReaction}) {
			t.Errorf("seat 0 has no axis_of_evil_reaction state, seat 1's graveyard %v", g1Grave(s, 1))
		}
	})
	t.Run("The Chase: the target holds its own tile", func(t *testing.T) {
		s := ckScene(t, 2)
		g1Own(s, 1, g1At(s, 6, 6))
		g2Hand(s, 1, g2Armed(cardTheChase))
		ckFight(t, s, "failure")
		if s.stateOf(1, cardTheChase, 0) == nil {
			t.Errorf("no the_chase state on seat 1 (graveyard %v)", g1Grave(s, 1))
		}
	})
	t.Run("Judgment: the target defends", func(t *testing.T) {
		s := ckScene(t, 2)
		s.addState(1, 0, cardJudgmentDay, 0, s.forTurns(1, 3))
		ckFight(t, s, "failure")
		if s.players[1].rep != 40 {
			t.Errorf("seat 1 reputation %d, want 40 (-10 for defending)", s.players[1].rep)
		}
	})
	t.Run("Peace Like a River and Relief Operation: not a declaration", func(t *testing.T) {
		s := ckScene(t, 3)
		g1Own(s, 1, g1At(s, 6, 6))
		g2Hand(s, 1, g2Armed(cardPeaceLikeARiver))
		g2Hand(s, 2, g2Armed(cardReliefOperation))
		evs, ex := ckFight(t, s, "success")
		if ex.Roll != "success" || findEvent(evs, "combat_nullified") != nil || s.handCount(2) != 1 {
			t.Errorf("events %v, seat 2 hand %d: the combat must be fought, no reaction fired", eventKinds(evs), s.handCount(2))
		}
		if h := g2HandIDs(s, 1); !slices.Contains(h, cardPeaceLikeARiver) {
			t.Errorf("seat 1's hand %v lost Peace Like a River", h)
		}
	})
	t.Run("Declaration of Holy War: no declared combat, no cost", func(t *testing.T) {
		s := ckScene(t, 2)
		s.addState(0, 0, cardDeclarationHolyWar, 0, forGame()).n = 3
		s.players[0].res[Followers] = 200
		evs, _ := ckFight(t, s, "failure")
		if findEvent(evs, "declare") != nil {
			t.Errorf("events %v: nothing is declared", eventKinds(evs))
		}
		if e := s.stateOf(0, cardDeclarationHolyWar, 0); e == nil || e.n != 3 {
			t.Errorf("holy war state %+v, want 3 declared combats still covered", e)
		}
		if pl := s.players[0]; int(pl.rep) != 50-s.p.PieceLossReputation || pl.res[Followers] != 200 {
			t.Errorf("reputation %d, followers %d; want only the loss penalty (REL-579), no follower cost", pl.rep, pl.res[Followers])
		}
	})
}

func TestCARD043_ContractSekrazadeRun(t *testing.T) {
	// REL-916 GAP-33: the contract is a combat of the user's for
	// Sekrazade's three wins in a row.
	for _, tc := range []struct {
		roll string
		want uint8
	}{{"success", 2}, {"failure", 0}} {
		t.Run(tc.roll, func(t *testing.T) {
			s := ckScene(t, 2)
			s.god = Sekrazade
			s.players[0].run = 1
			ckFight(t, s, tc.roll)
			if got := s.players[0].run; got != tc.want {
				t.Errorf("run %d, want %d", got, tc.want)
			}
		})
	}
}
