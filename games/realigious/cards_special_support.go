package realigious

import "tabletop/engine"

// The rule changes of the glory and shame cards (cards_special.go) that
// the turn flow asks about: Glory: Onrush turns one move into three steps
// (contactTriggers calls onrushStep) and Shame: Control hands the holder's
// move and piece-interaction decisions to another seat (Pending, Legal and
// enterInteraction call controller).

// onrushStep is called once the active seat's piece has contacted a tile
// and the contact's triggers ran (GAP-61). While a Glory: Onrush state is
// on the seat, the contact counts as one of its three tiles: before the
// third, the seat moves again (a move phase, no tile interaction) and
// onrushStep reports true; at the third, or when the piece has nowhere to
// go, the state ends and the turn goes on to the interaction phase.
func (s *State) onrushStep(seat int) bool {
	e := s.stateOf(seat, cardGloryOnrush, 0)
	if e == nil || s.players[seat].defeated {
		return false
	}
	e.n++
	var buf [numDirs]engine.Answer
	if int(e.n) < onrushTiles && len(s.appendMoves(buf[:0], seat)) > 0 {
		s.emit("onrush", seat, s.pieceAudience(seat)|seatBit(seat), map[string]int{"tile": int(e.n)}, nil) // where the piece is, like its moves
		s.phase = phaseMove
		return true
	}
	s.endEffect(e)
	s.sweep()
	return false
}

// controller returns the seat that decides seat's moves and piece
// interaction choice this turn (Shame: Control, CARD-081, GAP-61), or -1
// when seat decides them itself.
func (s *State) controller(seat int) int {
	e := s.stateOf(seat, cardShameControl, 0)
	if e == nil || e.v < 0 || int(e.v) >= len(s.players) || s.players[e.v].defeated {
		return -1
	}
	return int(e.v)
}

// decider returns the seat that answers the active seat's own decision in
// phase ph: the controller during the move and interaction phases, else
// the active seat.
func (s *State) decider(ph phase) int {
	seat := s.active()
	switch ph {
	case phaseMove, phaseSprint, phaseExtraMove, phaseInteraction:
		if c := s.controller(seat); c >= 0 {
			return c
		}
	}
	return seat
}

// emitSecession announces that seat's seceding tile t became neutral (The
// Radical): the tile is told to the seats that know of it, like its
// designation; the others learn only that it happened.
func (s *State) emitSecession(seat, t int) {
	var aud engine.SeatMask
	for o := 0; o <= len(s.players); o++ {
		if s.memory(o, t) != Unrevealed {
			aud |= rowMask(o, len(s.players))
		}
	}
	s.emit("secession", seat, aud|seatBit(seat), map[string]Coord{"tile": s.coord(t)}, map[string]Coord{})
}
