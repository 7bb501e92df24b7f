package realigious

// The card part of a start phase (REL-203, REL-677), run as a frameStart
// so that what it triggers (a glory card pushed out of a full hand, a
// delayed effect that asks a decision) resolves in order before the move
// phase opens:
//
//  0. hookStart: forced start-phase effects (School, Faith Village,
//     Icon; GAP-52), then the delayed effects due this turn (GAP-26);
//  1. the draw: one card, two at the Fortune-teller's first start phase
//     (REL-123, GAP-46), unless an effect cancels it (hookDraw: One's Own
//     Trial, Blessing of the Future). A full hand first sends its oldest
//     card to the graveyard (REL-681, GAP-19).
func (s *State) stepStart(f *frame) bool {
	seat := int(f.seat)
	pl := &s.players[seat]
	switch f.stage {
	case 0:
		f.stage = 1
		s.dispatch(hook{kind: hookStart, seat: int8(seat), other: -1, tile: -1, frame: -1})
		s.dueEffects(seat)
		return false
	case 1:
		f.stage = 2
		if pl.defeated {
			return true
		}
		s.cancelled = false
		s.dispatch(hook{kind: hookDraw, seat: int8(seat), other: -1, tile: -1, frame: -1})
		if s.cancelled {
			s.cancelled = false
			return false
		}
		n := 1
		if pl.character == FortuneTeller && pl.turns == 1 {
			n = 2 // Shell Game (REL-123, GAP-46)
		}
		s.drawCards(seat, n)
		return false
	}
	return true
}
