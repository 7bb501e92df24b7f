package realigious

import (
	"slices"
	"testing"

	"tabletop/engine"
)

// REL-208: a card's effect is processed at the point its text states, in
// any phase, not only in its holder's interaction phase. Three cards whose
// text names three different points: a reaction in another seat's turn
// (Reward of Penance, CARD-018: "when a tile you own is lost in combat"),
// a card acting in a start phase (The Radical, CARD-074: "when this card
// goes to the graveyard", pushed out by the draw) and one at the end of
// the turn (A Glorious Opportunity, CARD-079: "when this turn ends").
// Helpers: g1* in cards_expansion_support_test.go, g4*/cf* in
// cards_sacrifice_test.go, cards_special_test.go and
// cards_framework_test.go.

// ctIndex returns the index of the first event of kind by seat in evs, or
// -1.
func ctIndex(evs []engine.Event, kind string, seat int) int {
	return slices.IndexFunc(evs, func(e engine.Event) bool { return e.Kind == kind && e.Seat == engine.Seat(seat) })
}

func TestREL208_CardEffectsAtTheStatedPoint(t *testing.T) {
	t.Run("reaction in another seat's roll", func(t *testing.T) {
		s := g1Game(t, 2)
		g1Hand(s, 0, cardRewardOfPenance)
		g1Arm(s, 0, 0, false)
		g1MoveTo(t, s, 1, 0, [numResources]int32{10, 10, 10})
		if s.active() != 1 || s.phase != phaseRoll {
			t.Fatalf("active %d phase %s: seat 1's combat roll should be pending", s.active(), phaseKinds[s.phase])
		}
		evs := g1Do(t, s, "success")
		combat, used, next := ctIndex(evs, "combat", 1), ctIndex(evs, "card_used", 0), ctIndex(evs, "turn", 0)
		// REL-208: seat 0's card acts in seat 1's turn, right after the
		// combat its text names, before seat 0's own turn begins.
		if combat < 0 || used < 0 || next < 0 || !(combat < used && used < next) {
			t.Fatalf("events %v: want seat 1's combat, then seat 0's card, then seat 0's turn", eventKinds(evs))
		}
		if g1HandIDs(s, 0) != nil || !slices.Equal(g1Buffs(s, 1, 0), []string{"reward_of_penance"}) {
			t.Errorf("seat 0 hand %v, buffs %v: the reaction should have been used", g1HandIDs(s, 0), g1Buffs(s, 1, 0))
		}
	})
	t.Run("start phase, pushed out by the draw", func(t *testing.T) {
		s := cfGame(t, 2)
		sec := g4At(s, 7, 7)
		g4Own(s, 1, sec)
		evs := g4Discard(t, s, cardTheRadical) // seat 0 ends its turn; seat 1's start phase draws
		turn, out, effect := ctIndex(evs, "turn", 1), ctIndex(evs, "card_out", 1), ctIndex(evs, "designation", 1)
		// REL-208: it acts when it reaches the graveyard, in seat 1's
		// start phase, without being used, before the move phase.
		if turn < 0 || out < 0 || effect < 0 || !(turn < out && out < effect) || ctIndex(evs, "card_used", 1) >= 0 {
			t.Fatalf("events %v: want seat 1's turn, The Radical out, then its designation, and no use", eventKinds(evs))
		}
		if s.designationAt(sec, cardTheRadical, 0) == nil {
			t.Error("no secession on seat 1's tile")
		}
		if s.active() != 1 || s.phase != phaseMove {
			t.Errorf("active %d phase %s: seat 1's move should be next", s.active(), phaseKinds[s.phase])
		}
	})
	t.Run("end of the turn", func(t *testing.T) {
		s := cfGame(t, 2)
		g4Ready(t, s, cardNightOfTemperance, cardAGloriousOpportunity)
		turns, cycle := s.players[0].turns, s.cycle
		evs := g4Do(t, s, "card 1")
		// Used in the interaction phase, it does nothing yet.
		if len(cfEvents(evs, "extra_turn")) != 0 || s.phase != phaseInteraction || s.active() != 0 || s.players[0].turns != turns {
			t.Fatalf("after the use: events %v, phase %s, turn %d; want nothing until the turn ends", eventKinds(evs), phaseKinds[s.phase], s.players[0].turns)
		}
		evs = g4Do(t, s, "end")
		// REL-208: when the turn ends, seat 0 takes another.
		if len(cfEvents(evs, "extra_turn")) != 1 || s.active() != 0 || s.players[0].turns != turns+1 || s.cycle != cycle {
			t.Errorf("after the end: events %v, active %d, turn %d, cycle %d; want seat 0's extra turn", eventKinds(evs), s.active(), s.players[0].turns, s.cycle)
		}
	})
}
