package realigious

import (
	"testing"
)

// REL-542: an effect that makes a defense succeed unconditionally does not
// depend on the combat defense rate. Two cards give one: Reward of Penance
// (CARD-018, "combat defense rate becomes 100%", GAP-14) and Power of the
// Ascended (CARD-052, attacks on the user fail, GAP-60). Helpers: g1* in
// cards_expansion_support_test.go.

// udAttack has seat 1 attack seat 0's tile (2,2) in a normal combat, with
// seat 0's defense correction at defStacks (R2 = 10 + stacks × the
// correction, clamped) and seat 1's combat correction at atkStacks, seat 0
// under card's state when card is not 0. It returns the combat's explain
// event, or nil when the roll is left to chance (pending).
func udAttack(t *testing.T, card CardID, defStacks, atkStacks uint8) (*State, *Explain) {
	t.Helper()
	s := g1Game(t, 2)
	if card != 0 {
		s.addState(0, 0, card, 0, forGame())
	}
	s.players[0].defCorr = defStacks
	s.players[1].combatCorr = atkStacks
	evs := g1MoveTo(t, s, 1, 0, [numResources]int32{10, 10, 10})
	if s.phase == phaseRoll {
		return s, nil
	}
	return s, g1Explain(t, evs, "combat")
}

func TestREL542_UnconditionalDefenseIgnoresDefenseRate(t *testing.T) {
	// Without a card the same combats are rolled at R = R1 − R2.
	for _, def := range []uint8{0, 3} {
		s, ex := udAttack(t, 0, def, 6)
		if ex != nil || s.phase != phaseRoll {
			t.Fatalf("no card, defense stacks %d: the combat must wait for its roll, got %+v", def, ex)
		}
	}
	s0 := g1Game(t, 2)
	tile := g1At(s0, 2, 2)
	for _, card := range []CardID{cardRewardOfPenance, cardPowerOfTheAscended} {
		r2s, maxR := map[int]bool{}, 0
		for _, c := range []struct{ def, atk uint8 }{{0, 0}, {0, 8}, {3, 8}, {8, 0}, {20, 20}} {
			s, ex := udAttack(t, card, c.def, c.atk)
			if ex == nil {
				t.Fatalf("%s, defense %d, attack %d: a roll is pending; the defense must succeed without one", card, c.def, c.atk)
			}
			// REL-542: the defense succeeds whatever R2 (and hence R).
			if ex.Forced != "failure" || ex.Roll != "failure" {
				t.Errorf("%s, R2 %d, R %d: forced %q roll %q, want an unconditional defense", card, ex.R2, ex.R, ex.Forced, ex.Roll)
			}
			if s.tiles[tile].Owner != 0 {
				t.Errorf("%s, R2 %d: the tile went to seat %d", card, ex.R2, s.tiles[tile].Owner)
			}
			// The rates are still built from the corrections (REL-541),
			// they just do not decide.
			if want := s.p.clamp(s.p.DefenseBase + int(c.def)*s.p.DefenseCorrect); ex.R2 != want {
				t.Errorf("%s, defense stacks %d: R2 %d, want %d", card, c.def, ex.R2, want)
			}
			r2s[ex.R2] = true
			maxR = max(maxR, ex.R)
		}
		// The defense held from the lowest defense rate to the highest,
		// against an attack a roll would have won 89 times in 100.
		if !r2s[s0.p.RateMin] || !r2s[s0.p.RateMax] || len(r2s) < 4 || maxR != s0.p.RateMax-s0.p.RateMin {
			t.Errorf("%s: defense rates %v, highest R %d; want 10 to 99 and R up to 89", card, r2s, maxR)
		}
	}
}
