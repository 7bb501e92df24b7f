package realigious

import (
	"slices"

	"tabletop/engine"
)

// Helpers of the Influence cards (cards_influence.go): reputation raised by
// a card, cards moved between zones by an effect, a hidden reputation
// (Let Not the Left Hand Know), and the celebrity moved or shared by a card
// (Wiretap, Operation Snow White, Lawful Execution).

// repChangeData is the payload of "reputation_gain": which card raised
// whose reputation (the event's seat) by how much. The change is left out
// for the other seats while the seat's reputation is hidden (CARD-030).
type repChangeData struct {
	Card   CardID `json:"card"`
	Change int    `json:"change,omitempty"`
}

// cardRaiseRep raises seat's reputation by n points (GAP-13) through card,
// up to 100, tells every seat, and looks for a social victory (REL-052). It
// reports whether the match ended.
func (s *State) cardRaiseRep(seat, n int, card CardID) bool {
	return s.cardRaiseRepTo(seat, n, card, engine.AllSeats)
}

// cardRaiseRepTo is cardRaiseRep told only to aud (and seat): for a gain
// whose cause happened where not every seat sees (a Hospital visited by a
// stealthed piece). The new reputation itself stays public (GAP-70).
func (s *State) cardRaiseRepTo(seat, n int, card CardID, aud engine.SeatMask) bool {
	pl := &s.players[seat]
	if pl.defeated || s.phase == phaseOver {
		return s.phase == phaseOver
	}
	before := pl.rep
	s.gainReputation(seat, n)
	data := repChangeData{Card: card, Change: int(pl.rep - before)}
	var pub any
	if s.repHidden(seat) {
		pub = repChangeData{Card: card}
	}
	s.emit("reputation_gain", seat, aud|seatBit(seat), data, pub)
	return s.checkEnd()
}

// repHidden reports whether seat's reputation is kept off the other seats'
// status boards (Let Not the Left Hand Know, CARD-030).
func (s *State) repHidden(seat int) bool {
	return s.stateOf(seat, cardLeftHand, 0) != nil
}

// returnFromGrave moves one id from seat's graveyard to its hand (What the
// Right Hand Does, Let Not the Left Hand Know). Graveyards are public, so
// the move is told to every seat. It reports whether there was one.
func (s *State) returnFromGrave(seat int, id CardID) bool {
	if !s.takeFromGrave(seat, id) {
		return false
	}
	s.emitAll("card_returned", seat, map[string]CardID{"card": id})
	s.addToHand(seat, id, 0, "effect")
	return true
}

// takeFromDeck removes the topmost copy of id from seat's deck and reports
// whether there was one. The other seats learn only that the deck shrank.
func (s *State) takeFromDeck(seat int, id CardID) bool {
	d := s.zones[seat].deck
	for i := len(d) - 1; i >= 0; i-- {
		if d[i] == id {
			s.zones[seat].deck = append(d[:i], d[i+1:]...)
			s.setAsideEvent(seat, id, "deck")
			return true
		}
	}
	return false
}

// setAsideData is the payload of "card_set_aside": a card an effect took
// out of the deck or the graveyard to give it later (The Appointed King,
// Blessing of the Future). A card from the deck is named only to its owner.
type setAsideData struct {
	Card *CardID `json:"card,omitempty"`
	From string  `json:"from"`
	Deck int     `json:"deck"`
}

func (s *State) setAsideEvent(seat int, id CardID, from string) {
	full := setAsideData{Card: &id, From: from, Deck: len(s.zones[seat].deck)}
	pub := full
	aud := engine.AllSeats
	if from == "deck" {
		pub.Card, aud = nil, seatBit(seat) // the others get pub (TestCardsLeakNothing)
	}
	s.emit("card_set_aside", seat, aud, full, pub)
}

// appointKing is The Appointed King's effect (CARD-035, GAP-53). The card
// is chosen after the nullify window, in the effect itself: one answer per
// card kind, "grave CARD-n" when a copy lies in the graveyard (public, and
// otherwise lost), else "deck CARD-n". A single choice is taken without
// asking (GAP-06).
func appointKing(s *State, f *frame) bool {
	seat := int(f.seat)
	switch f.step {
	case 0:
		f.step = 1
		var answers []engine.Answer
		for id := CardID(1); id <= NumCards; id++ {
			switch {
			case s.graveHas(seat, id):
				answers = append(answers, answer(ansGrave, int(id)))
			case slices.Contains(s.zones[seat].deck, id):
				answers = append(answers, answer(ansDeck, int(id)))
			}
		}
		switch len(answers) {
		case 0:
			return true
		case 1:
			_, arg := splitAnswer(answers[0])
			f.tgt[f.nt] = int16(arg)
			f.nt++
		default:
			s.askSeat(askTarget, seat, answers, 0)
		}
		return false
	}
	id := CardID(f.tgt[f.nt-1])
	switch {
	case s.takeFromGrave(seat, id):
		s.setAsideEvent(seat, id, "graveyard")
	case s.takeFromDeck(seat, id):
	default:
		return true
	}
	e := s.addState(seat, seat, cardTheAppointedKing, 0, forGame())
	e.at, e.v = s.turnsLater(seat, 3), int16(id)
	return true
}

// endFiredState ends the lasting state whose delayed firing frame f runs
// (dueEffects has cleared its `at`): a one-shot delayed effect that must
// not wait for a turn's end to leave the buff list, since a skipped turn
// would end it before it fires (GAP-26).
func (s *State) endFiredState(f *frame) {
	for i := range s.effects {
		e := &s.effects[i]
		if e.clock == clockGame && e.at == 0 && e.seat == f.seat && e.card == f.card && e.sub == f.sub &&
			int32(e.n) == f.x[0] && int32(e.v) == f.x[1] {
			s.endEffect(e)
			return
		}
	}
}

// celebCanStand reports whether the celebrity may stand on tile t
// (REL-983, GAP-38: contactable and not a local government).
func celebCanStand(s *State, t int) bool {
	return s.tiles[t].Terrain.Contactable() && !s.tiles[t].Structure.LocalGovernment()
}

// sharesCelebVision reports whether the celebrity sees for seat: its
// briber (REL-985) or a seat that wiretapped it (CARD-033).
func (s *State) sharesCelebVision(seat int) bool {
	return s.celeb.pos >= 0 && (int(s.celeb.briber) == seat || s.stateOf(seat, cardWiretap, 0) != nil)
}

// moveCelebrity puts the celebrity on tile t without a step (no contact
// effect): Operation Snow White's swap. Each seat is told the ends it saw,
// as for a step.
func (s *State) moveCelebrity(t int) {
	from := int(s.celeb.pos)
	before := s.celebAudience()
	s.celeb.pos = int16(t)
	after := s.celebAudience()
	f, to := s.coord(from), s.coord(t)
	both := before & after
	s.emit("celebrity", int(s.celeb.briber), both, movedData{From: &f, To: &to}, nil)
	if arrived := after &^ both; arrived != 0 {
		s.emit("celebrity", int(s.celeb.briber), arrived, movedData{To: &to}, nil)
	}
	if left := before &^ after; left != 0 {
		s.emit("celebrity", int(s.celeb.briber), left, movedData{From: &f}, nil)
	}
	s.celebSee()
}

// celebSee updates what the seats sharing the celebrity's vision saw.
func (s *State) celebSee() {
	for o := range s.players {
		if s.sharesCelebVision(o) && !s.players[o].defeated {
			s.see(o)
		}
	}
}
