package realigious

// Gi-ye Chin's Stye and Insight (REL-923, REL-924, GAP-33): the collector
// designates another player, once, when the relic is collected. Stye sends
// the top three cards of that player's deck to its graveyard; Insight shows
// the collector that player's hand as it is at that moment. Both act on
// cards, so with cards off (no_cards) they do nothing.
//
// The designation is Abukaros's: the "designate" decision (phaseDesignate)
// with a "seat N" answer for every other seat in play (appendDesignations).
// A single candidate is designated without asking (GAP-06); with none the
// relic does nothing. The effect runs as a frame (frameEye), pushed by
// gainRelic above the acquisition's reaction window, so it resolves first
// and the collection goes on afterwards wherever it came from (a contact,
// the Archaeologist, a card). Frame fields: seat is the collector, sub the
// Eye, got the designated seat; step 1 waits for the designation.

// styeCards is how many cards Stye takes (REL-923).
const styeCards = 3

// pushEye pushes the designation frame of a Stye or Insight relic that
// seat collected. Other types, and every type with cards off, push nothing.
func (s *State) pushEye(seat int, eye Eye) {
	if (eye != Stye && eye != Insight) || s.noCards {
		return
	}
	s.push(frame{kind: frameEye, seat: int8(seat), payer: -1, sub: uint8(eye),
		h: hook{kind: hookNone, seat: -1, other: -1, tile: -1, frame: -1}})
}

// eyeWaiting returns the frame of a Stye or Insight designation that waits
// for its answer, or nil.
func (s *State) eyeWaiting() *frame {
	if f := s.designWaiting(); f != nil && f.kind == frameEye {
		return f
	}
	return nil
}

// eyeOn applies seat's Stye or Insight to the designated target.
func (s *State) eyeOn(seat int, eye Eye, target int) {
	switch eye {
	case Stye:
		s.stye(seat, target)
	case Insight:
		s.insight(seat, target)
	}
}

// stye sends the top three cards of target's deck to its graveyard, top
// card first (REL-923), as discards by an effect: they trigger like any
// card reaching a graveyard unused (REL-724, Angel's Seal), as Wall of the
// Word's discard from a deck does (CARD-010). The cards are taken one at a
// time, like draws: a deck emptied refills at once (GAP-20), so the next
// card comes from the fresh deck, and fewer than three go only when the
// seat has no composition to refill from. The stye event, public, says who
// was designated; each card's card_out (public, like the graveyard) names
// it.
func (s *State) stye(seat, target int) {
	s.emitAll("stye", seat, map[string]int{"target": target})
	for range styeCards {
		z := &s.zones[target]
		if len(z.deck) == 0 {
			return
		}
		id := z.deck[len(z.deck)-1]
		z.deck = z.deck[:len(z.deck)-1]
		if len(z.deck) == 0 {
			s.refill(target)
		}
		s.toGraveyard(target, handCard{id: id}, whyEffect)
	}
}

// insightData is the payload of "insight": whom the collector designated,
// the size of that seat's hand (public) and, for the collector only, its
// cards in slot order (slot 1, the newest, first; UI-314).
type insightData struct {
	Target int      `json:"target"`
	Hand   int      `json:"hand"`
	Cards  []CardID `json:"cards,omitempty"`
}

// insight shows target's whole hand to seat, once (REL-924, GAP-33): the
// cards go to seat alone; every other seat and the spectators get the
// public form, which names the target but not the cards. Only the cards'
// identities are shown, not whether they are armed (GAP-25).
func (s *State) insight(seat, target int) {
	hand := s.handOf(target)
	cards := make([]CardID, 0, len(hand))
	for i := len(hand) - 1; i >= 0; i-- {
		cards = append(cards, hand[i].id)
	}
	s.emit("insight", seat, seatBit(seat), insightData{Target: target, Hand: len(hand), Cards: cards}, insightData{Target: target, Hand: len(hand)})
}
