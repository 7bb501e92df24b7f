package realigious

import "tabletop/engine"

// Card zones (REL-670-682, GAP-19, GAP-20): every seat has a composition
// (the set its deck refills from), a deck (ordered, hidden), a hand of at
// most three cards (hidden from the other seats) and a graveyard (public,
// in the order cards arrived). Cards in the deck and the graveyard are bare
// CardIDs: no instance identity survives a shuffle, so no seat can track a
// hidden card through one. A hand card carries only what its owner set on
// it (armed, payer) and what an effect wrote on it (free, Spell of Ruin's
// stack).

// HandLimit is the most cards a hand holds (REL-680).
const HandLimit = 3

// handCard is one card in a hand.
type handCard struct {
	id    CardID
	flags uint8
	stack uint8 // Spell of Ruin's stack (CARD-064, GAP-56)
}

// Hand card flags.
const (
	hcArmed        uint8 = 1 << iota // its owner armed it (reactions fire only when armed; GAP-25)
	hcPayInfluence                   // armed to pay in influence rather than donations
	hcFree                           // its level cost is waived (The Appointed King, GAP-53)
	hcSet                            // armed or disarmed this turn: no more changes until the next turn
	hcMask         = hcArmed | hcPayInfluence | hcFree | hcSet
)

// zones is one seat's cards.
type zones struct {
	comp  []CardID // the composition the deck refills from (GAP-20)
	deck  []CardID // deck[len(deck)-1] is the top card
	grave []CardID // oldest first
	hand  [HandLimit]handCard
	nHand uint8 // hand[:nHand] is the hand, oldest first
}

// cloneZones copies every seat's zones into one fresh backing array. The
// three-index slices give each zone its own capacity, so a later append
// to one zone reallocates rather than overwriting the next.
func cloneZones(src []zones) []zones {
	if src == nil {
		return nil
	}
	out := append([]zones(nil), src...)
	n := 0
	for i := range src {
		n += len(src[i].comp) + len(src[i].deck) + len(src[i].grave)
	}
	buf := make([]CardID, 0, n)
	carve := func(v []CardID) []CardID {
		start := len(buf)
		buf = append(buf, v...)
		return buf[start:len(buf):len(buf)]
	}
	for i := range out {
		out[i].comp = carve(src[i].comp)
		out[i].deck = carve(src[i].deck)
		out[i].grave = carve(src[i].grave)
	}
	return out
}

// handOf returns seat's hand, oldest first. The slice aliases the state:
// it is valid until the hand next changes.
func (s *State) handOf(seat int) []handCard {
	z := &s.zones[seat]
	return z.hand[:z.nHand]
}

// handSlot converts a hand slot as players number it (1 = the newest card,
// UI-314) to an index into handOf (oldest first), or -1.
func (s *State) handSlot(seat, slot int) int {
	n := int(s.zones[seat].nHand)
	if slot < 1 || slot > n {
		return -1
	}
	return n - slot
}

// slotOf is the inverse of handSlot: the player-facing slot of index i.
func (s *State) slotOf(seat, i int) int { return int(s.zones[seat].nHand) - i }

// removeHand takes the card at index i (oldest first) out of seat's hand.
func (s *State) removeHand(seat, i int) handCard {
	z := &s.zones[seat]
	hc := z.hand[i]
	copy(z.hand[i:], z.hand[i+1:z.nHand])
	z.nHand--
	z.hand[z.nHand] = handCard{}
	return hc
}

// Why a card went to the graveyard, as events name it.
const (
	whyUsed     = "used"      // it was used (REL-682)
	whyHandFull = "hand_full" // the oldest card made room in a full hand (REL-681, GAP-19)
	whyEffect   = "effect"    // an effect discarded it (UI-315)
)

// addToHand puts card id into seat's hand as its newest card (UI-314). A
// full hand first sends its oldest card to the graveyard (GAP-19), which
// triggers like any discard. how names where the card came from in the
// event: "draw", "glory", "shame", "effect".
func (s *State) addToHand(seat int, id CardID, flags uint8, how string) {
	z := &s.zones[seat]
	if z.nHand == HandLimit {
		old := s.removeHand(seat, 0)
		s.toGraveyard(seat, old, whyHandFull)
	}
	z = &s.zones[seat]
	z.hand[z.nHand] = handCard{id: id, flags: flags & hcFree}
	z.nHand++
	c := id
	full := cardMoveData{Card: &c, How: how, Hand: int(z.nHand), Deck: len(z.deck)}
	pub := full
	pub.Card = nil
	if how == "glory" || how == "shame" {
		pub.Kind = id.Info().Kind.String() // which kind a combat gave is public (REL-721)
	}
	s.emit("card_in", seat, s.cardWatchers(seat), full, pub)
}

// cardMoveData is the payload of "card_in" (a card entered a hand) and
// "card_out" (a card went to a graveyard). A hidden card's identity is left
// out of what other seats see.
type cardMoveData struct {
	Card *CardID `json:"card,omitempty"`
	// Kind is a card's kind when only that is public (a glory or shame card
	// given by combat).
	Kind string `json:"kind,omitempty"`
	How  string `json:"how"`
	Hand int    `json:"hand"`
	Deck int    `json:"deck"`
}

// cardWatchers are the seats that see the cards entering seat's hand:
// seat itself, and the seats holding Clairvoyance (REL-921).
func (s *State) cardWatchers(seat int) engine.SeatMask {
	m := engine.Only(engine.Seat(seat))
	for o := range s.players {
		if o != seat && s.players[o].clairvoyance > 0 && !s.players[o].defeated {
			m |= engine.Only(engine.Seat(o))
		}
	}
	return m
}

// drawCard draws the top card of seat's deck into its hand (REL-676). The
// deck refills at once when its last card is drawn (REL-674, GAP-20). It
// reports false when seat has no card to draw (an empty composition).
func (s *State) drawCard(seat int) bool {
	z := &s.zones[seat]
	if len(z.deck) == 0 && !s.refill(seat) {
		return false
	}
	z = &s.zones[seat]
	id := z.deck[len(z.deck)-1]
	z.deck = z.deck[:len(z.deck)-1]
	if len(z.deck) == 0 {
		s.refill(seat)
	}
	s.addToHand(seat, id, 0, "draw")
	return true
}

// drawCards draws n cards one at a time (GAP-19 (3)).
func (s *State) drawCards(seat, n int) {
	for range n {
		if !s.drawCard(seat) {
			return
		}
	}
}

// refill places a freshly shuffled copy of seat's composition at the deck
// position (REL-674, REL-675, GAP-20). The graveyard is never shuffled back.
func (s *State) refill(seat int) bool {
	z := &s.zones[seat]
	if len(z.comp) == 0 {
		return false
	}
	z.deck = append(z.deck[:0], z.comp...)
	engine.Shuffle(&s.rng, len(z.deck), func(i, j int) { z.deck[i], z.deck[j] = z.deck[j], z.deck[i] })
	s.emitAll("refill", seat, map[string]int{"deck": len(z.deck)})
	return true
}

// shuffleDeck shuffles seat's deck from the state's PRNG (REL-673).
func (s *State) shuffleDeck(seat int) {
	d := s.zones[seat].deck
	engine.Shuffle(&s.rng, len(d), func(i, j int) { d[i], d[j] = d[j], d[i] })
}

// toGraveyard puts a card into seat's graveyard and runs what follows a
// card reaching a graveyard (hookGraveyard): glory and shame cards act
// when discarded unused (REL-724), and reactions such as Angel's Seal may
// answer. why is whyUsed for a used card.
func (s *State) toGraveyard(seat int, hc handCard, why string) {
	z := &s.zones[seat]
	z.grave = append(z.grave, hc.id)
	c := hc.id
	s.emitAll("card_out", seat, cardMoveData{Card: &c, How: why, Hand: int(z.nHand), Deck: len(z.deck)})
	s.dispatch(hook{kind: hookGraveyard, seat: int8(seat), other: -1, tile: -1, card: hc.id, frame: -1, used: why == whyUsed, n: int16(hc.stack)})
}

// discardHand sends seat's whole hand to the graveyard, oldest first.
func (s *State) discardHand(seat int) {
	for s.zones[seat].nHand > 0 {
		hc := s.removeHand(seat, 0)
		s.toGraveyard(seat, hc, whyEffect)
	}
}

// handCount returns how many cards seat holds.
func (s *State) handCount(seat int) int { return int(s.zones[seat].nHand) }

// graveHas reports whether id lies in seat's graveyard.
func (s *State) graveHas(seat int, id CardID) bool {
	for _, c := range s.zones[seat].grave {
		if c == id {
			return true
		}
	}
	return false
}

// takeFromGrave removes one copy of id from seat's graveyard (the most
// recent) and reports whether there was one.
func (s *State) takeFromGrave(seat int, id CardID) bool {
	g := s.zones[seat].grave
	for i := len(g) - 1; i >= 0; i-- {
		if g[i] == id {
			s.zones[seat].grave = append(g[:i], g[i+1:]...)
			return true
		}
	}
	return false
}

// setupDecks builds every seat's composition from its trait slot (REL-673,
// REL-720) and shuffles its deck from the state's PRNG. Configs are
// validated by ParseConfig, so the slots here are legal. NoCards leaves
// every zone empty.
func (s *State) setupDecks(c Config) {
	s.zones = make([]zones, len(s.players))
	if c.NoCards {
		return
	}
	for i := range s.players {
		traits := c.Seats[i].Traits
		if len(traits) == 0 {
			traits = presetSlots[DefaultPreset].traits[:] // UI-217, GAP-29 (a config not from ParseConfig)
		}
		comp := append(TraitSlot{Traits: traits}.Cards(), ReligionCardsFor(s.players[i].religion)...)
		z := &s.zones[i]
		z.comp = comp
		z.deck = append([]CardID(nil), comp...)
		s.shuffleDeck(i)
	}
}
