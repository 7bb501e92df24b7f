package realigious

import "tabletop/engine"

// Rules support for the Sacrifice, religion, glory and shame cards
// (cards_sacrifice.go, cards_special.go): the helpers their effects share
// and the small rule changes they make (Ruins block contact, Domain of God
// swaps tiles). The rules code calls ruined (canContact) and the card
// definitions call the rest.

// pushFire defers the work of e's forced answer to h to a frame running
// e's stateDef.fire once the dispatch is over: an `on` answer runs inside
// the dispatch loop, where changing owners or reputation (which dispatch
// and sweep effects themselves) would disturb the loop. The frame carries
// h, e's counters in x[0] and x[1] and e's source seat in x[2]. Like every
// triggered card effect it counts toward the chain bound (GAP-54); it
// reports false, pushing nothing, once the bound is reached.
func (s *State) pushFire(e *effect, h *hook) bool {
	if !s.chainOpen() {
		return false
	}
	s.chain++
	f := frame{kind: frameState, seat: e.seat, card: e.card, sub: e.sub, payer: -1, h: *h}
	f.h.cancel = false
	f.x[0], f.x[1], f.x[2] = int32(e.n), int32(e.v), int32(e.src)
	s.push(f)
	return true
}

// neutralizeTile makes tile t neutral by a card effect ("becomes a neutral
// tile": Puppet Curse, A Small Sacrifice, Eschatology, The Radical). The
// former owner learns it even where it does not see the tile; the
// designations that last only while owned end (GAP-52) and the reactions
// hear of the loss (hookTileLost, lostEffect). A neutral tile is left
// alone.
func (s *State) neutralizeTile(t int) {
	owner := int(s.tiles[t].Owner)
	if owner < 0 {
		return
	}
	s.setOwner(t, -1, seatBit(owner))
	s.tileLost(t, owner, -1, lostEffect)
}

// nextSeat returns the seat in play that follows seat in turn order (the
// player "whose turn is next"), or seat itself when no other remains.
func (s *State) nextSeat(seat int) int {
	n := len(s.order)
	at := 0
	for i, o := range s.order {
		if int(o) == seat {
			at = i
		}
	}
	for k := 1; k < n; k++ {
		if o := int(s.order[(at+k)%n]); !s.players[o].defeated {
			return o
		}
	}
	return seat
}

// ruined reports whether tile t is designated Ruins (A Small Sacrifice,
// CARD-070): no piece may contact it for the rest of the game (GAP-57).
func (s *State) ruined(t int) bool {
	if !s.hasEffects(cardASmallSacrifice) {
		return false // fast path: every move asks this
	}
	for i := range s.effects {
		e := &s.effects[i]
		if int(e.tile) == t && e.card == cardASmallSacrifice && e.clock != clockDead {
			return true
		}
	}
	return false
}

// seesPieceOn reports whether seat sees a piece on tile t.
func (s *State) seesPieceOn(seat, t int) bool {
	for o := range s.players {
		if int(s.players[o].pos) == t && !s.players[o].defeated && s.seesPiece(seat, o) {
			return true
		}
	}
	return false
}

// swapTiles exchanges the places of tiles a and b with everything on them
// (Domain of God, CARD-062, GAP-57): terrain, structure, owner, allotment,
// designations, relics, pieces, starting points, the celebrity and the
// local governments. The map's coordinates stay; what the seats remember
// of a coordinate changes only where they see it. Pieces keep contacting
// the tile they stood on: nothing is contacted anew. seat is the user.
func (s *State) swapTiles(seat, a, b int) {
	other := func(t int16) int16 {
		switch int(t) {
		case a:
			return int16(b)
		case b:
			return int16(a)
		}
		return t
	}
	s.tiles[a], s.tiles[b] = s.tiles[b], s.tiles[a]
	for i := range s.effects {
		if e := &s.effects[i]; e.tile >= 0 {
			e.tile = other(e.tile)
		}
	}
	for i := range s.relics {
		s.relics[i].tile = other(s.relics[i].tile)
	}
	for i := range s.govs {
		s.govs[i].tile = other(s.govs[i].tile)
	}
	s.celeb.start = other(s.celeb.start)
	// The swap is public; its tiles are told to the seats that know of them.
	var aud engine.SeatMask
	for o := 0; o <= len(s.players); o++ {
		if s.memory(o, a) != Unrevealed || s.memory(o, b) != Unrevealed {
			aud |= rowMask(o, len(s.players))
		}
	}
	s.emit("tiles_swapped", seat, aud|seatBit(seat), map[string]Coord{"a": s.coord(a), "b": s.coord(b)}, map[string]Coord{})
	for _, t := range []int{a, b} {
		aud := s.refreshOwner(t)
		s.emit("owner", int(s.tiles[t].Owner), aud, ownerData{Tile: s.coord(t), Owner: int(s.tiles[t].Owner)}, nil)
	}
	if c := s.celeb.pos; c >= 0 && other(c) != c {
		// Told like a step of the celebrity (wander): each seat the ends
		// it sees.
		before := s.celebAudience()
		s.celeb.pos = other(c)
		after := s.celebAudience()
		f, to := s.coord(int(c)), s.coord(int(s.celeb.pos))
		both := before & after
		s.emit("celebrity", int(s.celeb.briber), both, movedData{From: &f, To: &to}, nil)
		if arrived := after &^ both; arrived != 0 {
			s.emit("celebrity", int(s.celeb.briber), arrived, movedData{To: &to}, nil)
		}
		if left := before &^ after; left != 0 {
			s.emit("celebrity", int(s.celeb.briber), left, movedData{From: &f}, nil)
		}
	}
	for o := range s.players {
		pl := &s.players[o]
		pl.start, pl.prev = other(pl.start), other(pl.prev)
		if pl.defeated || pl.pos < 0 || other(pl.pos) == pl.pos {
			continue
		}
		s.movePiece("relocated", o, int(other(pl.pos))) // told like any move
	}
	for o := 0; o <= len(s.players); o++ {
		s.see(o)
	}
}

// cardsMatching returns the trait cards whose group is not skip, in ID
// order: the pools God's Answer and Excommunication draw from (GAP-53).
func cardsMatching(skip TraitGroup) []CardID {
	var out []CardID
	for _, id := range TraitCards() {
		if id.Info().Group != skip {
			out = append(out, id)
		}
	}
	return out
}

// tilesOwnedBy returns the tiles seat owns, in tile order.
func (s *State) tilesOwnedBy(seat int) []int {
	var out []int
	for t := range s.tiles {
		if int(s.tiles[t].Owner) == seat {
			out = append(out, t)
		}
	}
	return out
}
