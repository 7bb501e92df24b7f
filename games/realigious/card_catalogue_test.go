package realigious

import (
	"slices"
	"testing"
)

// The strategy card catalogue (REL-316) and paid cards (REL-317). Helpers:
// cf*/g4* in cards_framework_test.go and cards_sacrifice_test.go.

// REL-316: the catalogue lists exactly 72 trait cards, each with a
// different effect, plus 2 religion cards, 5 glory cards and 5 shame
// cards; the game's rules implement every one of them.
func TestREL316_CatalogueComposition(t *testing.T) {
	kinds := map[CardKind][]CardID{}
	for _, c := range Cards() {
		kinds[c.Kind] = append(kinds[c.Kind], c.ID)
	}
	if len(kinds[TraitCard]) != 72 || len(kinds[ReligionCard]) != 2 || len(kinds[GloryCard]) != 5 || len(kinds[ShameCard]) != 5 || len(kinds) != 4 {
		t.Fatalf("catalogue by kind %v, want 72 trait, 2 religion, 5 glory, 5 shame", kinds)
	}
	if NumCards != 72+2+5+5 || len(Cards()) != NumCards {
		t.Errorf("NumCards %d, Cards() %d, want 84", NumCards, len(Cards()))
	}
	// The named sets agree with the kinds and partition CARD-001-084.
	var religion []CardID
	for _, r := range []Religion{Christianity, Buddhism, Hinduism, Islam} {
		for _, id := range ReligionCardsFor(r) {
			if !slices.Contains(religion, id) {
				religion = append(religion, id)
			}
		}
	}
	slices.Sort(religion)
	for _, set := range []struct {
		kind CardKind
		ids  []CardID
	}{{TraitCard, TraitCards()}, {ReligionCard, religion}, {GloryCard, GloryCards()}, {ShameCard, ShameCards()}} {
		if !slices.Equal(set.ids, kinds[set.kind]) {
			t.Errorf("%s cards %v, catalogue has %v", set.kind, set.ids, kinds[set.kind])
		}
	}
	// 72 trait cards: two from each of the 36 traits, none shared.
	var fromTraits []CardID
	for tr := Trait(1); tr <= NumTraits; tr++ {
		c := tr.Cards()
		fromTraits = append(fromTraits, c[:]...)
	}
	slices.Sort(fromTraits)
	if !slices.Equal(fromTraits, TraitCards()) {
		t.Errorf("the 36 traits give %v, want CARD-001-072 once each", fromTraits)
	}
	// "Each with a different effect": no two trait cards share a name or
	// an effect text.
	names, texts := map[string]CardID{}, map[string]CardID{}
	for _, id := range TraitCards() {
		c := id.Info()
		if c.English == "" || c.Text == "" {
			t.Errorf("%s has no name or text: %+v", id, c)
			continue
		}
		if o, ok := names[c.English]; ok {
			t.Errorf("%s and %s are both %q", o, id, c.English)
		}
		if o, ok := texts[c.Text]; ok {
			t.Errorf("%s and %s have the same effect %q", o, id, c.Text)
		}
		names[c.English], texts[c.Text] = id, id
	}
	// Every card of the catalogue has its rules in the game.
	if impl := New().ImplementedCards(); len(impl) != NumCards {
		t.Errorf("the game implements %d cards, want all %d", len(impl), NumCards)
	}
}

// REL-317: a card that asks for a payment when used has an effect that
// grows with the amount paid. The seed's two draw cards: Night of
// Temperance (CARD-061) costs nothing and 1% reputation and draws one card;
// The Future Within (CARD-067) costs 400 and 5% reputation and draws three.
func TestREL317_PaidCardEffectGrowsWithPayment(t *testing.T) {
	type outcome struct {
		rep, resources int32 // paid
		drawn          int
	}
	use := func(t *testing.T, card CardID, answers ...string) outcome {
		t.Helper()
		s := cfGame(t, 2)
		s.zones[0].deck = []CardID{3, 2, 1}
		s.zones[0].comp = []CardID{1, 2, 3}
		g4Ready(t, s, card)
		before, rep := s.players[0].res, s.players[0].rep
		g4Do(t, s, answers...)
		var paid int32
		for r := range before {
			paid += before[r] - s.players[0].res[r]
		}
		hand := cfHandIDs(s, 0)
		if slices.Contains(hand, card) || !slices.Contains(s.zones[0].grave, card) {
			t.Fatalf("%s not used: hand %v graveyard %v", card, hand, s.zones[0].grave)
		}
		return outcome{rep: rep - s.players[0].rep, resources: paid, drawn: len(hand)}
	}
	cheap := use(t, cardNightOfTemperance, "card 1")
	dear := use(t, cardTheFutureWithin, "card 1", "pay donations")
	// The payments are those the cards state (REL-317: the card requires
	// them) ...
	if cheap != (outcome{rep: 1, resources: 0, drawn: 1}) {
		t.Errorf("Night of Temperance: paid %d reputation and %d resources, drew %d; want 1, 0, 1", cheap.rep, cheap.resources, cheap.drawn)
	}
	if dear != (outcome{rep: 5, resources: 400, drawn: 3}) {
		t.Errorf("The Future Within: paid %d reputation and %d resources, drew %d; want 5, 400, 3", dear.rep, dear.resources, dear.drawn)
	}
	// ... and the one paid more does more.
	if !(dear.rep > cheap.rep && dear.resources > cheap.resources && dear.drawn > cheap.drawn) {
		t.Errorf("paying more does not do more: %+v vs %+v", dear, cheap)
	}
	for _, c := range []struct {
		id    CardID
		level int
		rep   int
	}{{cardNightOfTemperance, 0, 1}, {cardTheFutureWithin, 4, 5}} {
		if info := c.id.Info(); info.Cost() != c.level*CostPerLevel || info.Extra != PayReputation || info.ExtraReputation != c.rep {
			t.Errorf("%s catalogue %+v", c.id, info)
		}
	}
}
