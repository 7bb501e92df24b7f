package realigious

import "tabletop/engine"

// Rules the Expansion and Unity cards (CARD-001-024) add to the rules
// core: the Sanctuary's longer step, the Apostle's bar on combat, Joy of
// Ministry's larger propagation rewards, and the helpers of Casting the
// Net, Repentance and Wall of the Word. The rules core calls the first
// three at one place each (move; resolveTile and disputeTarget;
// propagationResult).

// sanctuaryStep returns the tile where seat's move in direction d, from
// `from` to `to`, ends: one tile further when `to` is nearer (hex
// distance) than `from` to one of seat's Sanctuaries and that tile can be
// entered (CARD-009, GAP-52). It does not add to the monsoon's extra step
// (GAP-41): both make a move two tiles long.
func (s *State) sanctuaryStep(seat, from, to int, d Dir) int {
	for i := range s.effects {
		e := &s.effects[i]
		if e.clock == clockDead || e.card != cardSanctuary || e.tile < 0 || int(e.seat) != seat {
			continue
		}
		if st := int(e.tile); s.geo.distance(to, st) < s.geo.distance(from, st) {
			if n := s.geo.neighbour(to, d); n >= 0 && s.canEnter(seat, n) {
				return n
			}
			return to
		}
	}
	return to
}

// combatBarred reports whether tile t may not be the target of a combat:
// it is an Apostle of its current owner (CARD-004, GAP-52).
func (s *State) combatBarred(t int) bool {
	owner := s.tiles[t].Owner
	if owner < 0 {
		return false
	}
	for i := range s.effects {
		e := &s.effects[i]
		if e.clock != clockDead && e.card == cardOrdainingApostles && int(e.tile) == t && e.seat == owner {
			return true
		}
	}
	return false
}

// propagationBonus is the percentage added to every resource seat gains
// by propagation: 10 per Joy of Ministry it used (CARD-019, GAP-51); it
// adds to the other bonuses before they apply (GAP-13).
func (s *State) propagationBonus(seat int) int {
	pct := 0
	for i := range s.effects {
		e := &s.effects[i]
		if e.clock != clockDead && e.card == cardJoyOfMinistry && e.tile < 0 && int(e.seat) == seat {
			pct += joyBonus
		}
	}
	return pct
}

// repentanceRoll makes R of a combat of the seat under Repentance its
// propagation success rate on the tile, with no R2 (CARD-002, GAP-59).
// The explain event shows the propagation terms and a zero "repentance"
// term that names the rule.
func repentanceRoll(s *State, e *effect, r *roll) {
	if r.kind != rollCombat && r.kind != rollPieceCombat || int(r.seat) != int(e.seat) {
		return
	}
	ts := s.propagationTerms(int(r.seat), int(r.tile))
	ts.addCard(1, e.card, e.sub, 0)
	v := s.p.clamp(ts.sum())
	r.r1Terms, r.r2Terms = ts, terms{}
	r.r1, r.r2, r.r = int16(v), 0, int16(v)
}

// castNets resolves Casting the Net after a successful propagation of
// f.seat on f.h.tile (CARD-005, GAP-51): f.x[0] nets are left; each picks
// a different random neutral contactable tile next to it (a chance
// decision, f.x[2] holding the directions tried), then propagates it with
// 10% (another). A success gives the tile and its allotment (with Joy of
// Ministry, not the religion's contact bonus: the tile is not contacted)
// and changes no correction; it does not cast more nets.
func castNets(s *State, f *frame) bool {
	seat, from := int(f.seat), int(f.h.tile)
	if from < 0 || from >= len(s.tiles) || int(f.x[1]) < 0 || int(f.x[1]) >= len(s.tiles) {
		return true // only a damaged encoding gets here: end the nets, never index out of range
	}
	switch f.step {
	case 0:
		if f.x[0] <= 0 || s.players[seat].defeated {
			return true
		}
		var cands []int
		for d := Dir(0); d < numDirs; d++ {
			n := s.geo.neighbour(from, d)
			if n >= 0 && f.x[2]&(1<<d) == 0 && s.tiles[n].Owner < 0 && s.tiles[n].Terrain.Contactable() && !s.tiles[n].Structure.LocalGovernment() {
				cands = append(cands, n)
			}
		}
		if len(cands) == 0 {
			return true
		}
		f.step = 1
		s.chanceTile(f, cands)
		return false
	case 1:
		t := int(f.got)
		for d := Dir(0); d < numDirs; d++ {
			if s.geo.neighbour(from, d) == t {
				f.x[2] |= 1 << d
			}
		}
		f.x[1] = int32(t)
		f.step = 2
		s.chancePct(f, netChance)
		return false
	default:
		t := int(f.x[1])
		f.x[0]--
		f.step = 0
		won := f.got == 1 && s.tiles[t].Owner < 0
		data := map[string]any{"tile": s.coord(t), "success": won}
		if !won {
			s.emit("net", seat, s.ownerWatchers(seat, t), data, nil)
			return false
		}
		pl := &s.players[seat]
		pct := 100 + s.propagationBonus(seat)
		var gains [numResources]int
		for r := range gains {
			gains[r] = int(s.tiles[t].Alloc[r]) * pct / 100
			pl.res[r] += int32(gains[r])
		}
		data["gains"] = gains
		s.emit("net", seat, s.ownerWatchers(seat, t), data, nil)
		s.setOwner(t, seat, seatBit(seat))
		s.checkEnd()
		return false
	}
}

// isNullified reports whether frame i is the use of card, nullified and
// not yet resolved (so that undoing the nullification still matters).
func (s *State) isNullified(i int, card CardID) bool {
	if i < 0 || i >= len(s.frames) {
		return false
	}
	f := &s.frames[i]
	return f.kind == frameUse && f.card == card && f.flags&frNullified != 0 && f.flags&frStarted == 0
}

// discardFromDeck sends a random card of seat's deck to its graveyard
// (Wall of the Word, CARD-010). The pick comes from the state's PRNG, not
// a chance decision, so that no answer names a card of a hidden deck
// (hiddenPick); the card is public once in the graveyard. An emptied deck
// refills at once (GAP-20).
func (s *State) discardFromDeck(seat int) {
	z := &s.zones[seat]
	if len(z.deck) == 0 {
		return
	}
	k := s.hiddenPick(len(z.deck))
	id := z.deck[k]
	z.deck = append(z.deck[:k], z.deck[k+1:]...)
	if len(z.deck) == 0 {
		s.refill(seat)
	}
	s.toGraveyard(seat, handCard{id: id}, whyEffect)
}

// ownerWatchers is the audience of an event that tells tile t's owner:
// seat, and every seat (and the spectators) that sees the tile's owner now
// (ownerVisible, GAP-62).
func (s *State) ownerWatchers(seat, t int) engine.SeatMask {
	m := seatBit(seat)
	for row := 0; row <= len(s.players); row++ {
		if s.ownerVisible(row, t) {
			m |= rowMask(row, len(s.players))
		}
	}
	return m
}
