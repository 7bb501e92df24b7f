package realigious

import (
	"slices"
	"testing"

	"tabletop/engine"
)

// Religion cards in a real match's deck (REL-139, REL-144): a Hindu seat's
// deck holds two Footsteps of God (CARD-073), an Islamic seat's two The
// Radical (CARD-074), on top of the trait slot's cards (GAP-20); the other
// religions add neither.

// rcMatch builds a 4-seat match (Hinduism, Islam, Christianity, Buddhism),
// every seat with the same five-trait slot, through ParseConfig and
// NewState as a server would.
func rcMatch(t *testing.T) *State {
	t.Helper()
	g := New()
	slot := `["a_special_gift","fire_from_heaven","true_homecoming","a_simple_prank","fair_game"]`
	raw := `{"seats":[` +
		`{"religion":"hinduism","character":"explorer","traits":` + slot + `},` +
		`{"religion":"islam","character":"explorer","traits":` + slot + `},` +
		`{"religion":"christianity","character":"explorer","traits":` + slot + `},` +
		`{"religion":"buddhism","character":"explorer","traits":` + slot + `}]}`
	c, err := g.ParseConfig([]byte(raw), 4)
	if err != nil {
		t.Fatal(err)
	}
	return g.NewState(c, 11)
}

// rcCount counts id in ids.
func rcCount(ids []CardID, id CardID) int {
	n := 0
	for _, x := range ids {
		if x == id {
			n++
		}
	}
	return n
}

// rcDrawAll empties seat's hand and graveyard, reshuffles its whole
// composition into the deck and draws it card by card through the real
// draw (REL-676), returning the cards drawn in order. The hand is emptied
// after each draw so that no card is pushed out to the graveyard.
func rcDrawAll(s *State, seat int) []CardID {
	z := &s.zones[seat]
	z.nHand = 0
	z.grave = nil
	z.deck = slices.Clone(z.comp)
	s.shuffleDeck(seat)
	var drawn []CardID
	for range len(z.comp) {
		if !s.drawCard(seat) {
			break
		}
		h := s.handOf(seat)
		drawn = append(drawn, h[len(h)-1].id)
		s.zones[seat].nHand = 0
	}
	return drawn
}

// rcCheckReligionCards checks that seat's deck holds exactly two copies of
// card and no copy of other, and that the seat draws both in one pass
// through its deck.
func rcCheckReligionCards(t *testing.T, s *State, seat int, card, other CardID) {
	t.Helper()
	z := &s.zones[seat]
	if got := rcCount(z.comp, card); got != 2 || rcCount(z.comp, other) != 0 {
		t.Errorf("seat %d composition %v: %d × %s, %d × %s; want 2 and 0", seat, z.comp, got, card, rcCount(z.comp, other), other)
	}
	if len(z.comp) != 2*MinSlotTraits+2 {
		t.Errorf("seat %d composition has %d cards, want the slot's 10 plus 2", seat, len(z.comp))
	}
	// The cards are really in the match: deck + hand is the composition.
	all := append(slices.Clone(z.deck), cfHandIDs(s, seat)...)
	if got := rcCount(all, card); got != 2 {
		t.Errorf("seat %d deck %v + hand %v holds %d × %s, want 2", seat, z.deck, cfHandIDs(s, seat), got, card)
	}
	// The seat sees them in its own composition, and its deck count shows
	// the two extra cards.
	v := s.View(engine.Seat(seat)).(*View)
	if got := rcCount(v.Composition, card); got != 2 {
		t.Errorf("seat %d's view composition %v: %d × %s, want 2", seat, v.Composition, got, card)
	}
	if n := v.Players[seat].DeckCount + v.Players[seat].HandCount; n != 2*MinSlotTraits+2 {
		t.Errorf("seat %d's view: deck %d + hand %d, want 12", seat, v.Players[seat].DeckCount, v.Players[seat].HandCount)
	}
	// One full pass through the deck draws both copies.
	if drawn := rcDrawAll(s, seat); len(drawn) != 12 || rcCount(drawn, card) != 2 {
		t.Errorf("seat %d drew %v from a full deck, want 12 cards with two %s", seat, drawn, card)
	}
}

// REL-139: Hinduism's advantage "Footsteps of God" adds two CARD-073 to the
// player's deck. REL-144: Islam's penalty "The Radical" adds two CARD-074.
func TestReligionCardsInDeck(t *testing.T) {
	for _, tc := range []struct {
		name         string
		seat         int
		religion     Religion
		card, other  CardID
		english, kor string
	}{
		{"REL-139 Hinduism: Footsteps of God", 0, Hinduism, CardFootstepsOfGod, CardTheRadical, "Footsteps of God", "신의 발자취"},
		{"REL-144 Islam: The Radical", 1, Islam, CardTheRadical, CardFootstepsOfGod, "The Radical", "과격주의자"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := rcMatch(t)
			if s.players[tc.seat].religion != tc.religion {
				t.Fatalf("seat %d is %s", tc.seat, s.players[tc.seat].religion)
			}
			rcCheckReligionCards(t, s, tc.seat, tc.card, tc.other)
			if info := tc.card.Info(); info.Kind != ReligionCard || info.English != tc.english || info.Korean != tc.kor {
				t.Errorf("%s is %+v", tc.card, info)
			}
		})
	}
	// Religions without a religion card add none (the same slot, 10 cards).
	s := rcMatch(t)
	for seat := 2; seat <= 3; seat++ {
		comp := s.zones[seat].comp
		if len(comp) != 2*MinSlotTraits || rcCount(comp, CardFootstepsOfGod) != 0 || rcCount(comp, CardTheRadical) != 0 {
			t.Errorf("%s seat's composition %v, want the slot's 10 cards only", s.players[seat].religion, comp)
		}
	}
}
