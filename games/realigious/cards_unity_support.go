package realigious

// The longer effects of the Unity cards (CARD-013-024, cards_unity.go).

// replayable reports whether Angel's Seal may use card id of seat again
// (CARD-013, GAP-54): an implemented card that is not a reaction (a
// reaction acts only on its own condition), does not already act on its
// own when discarded (glory and shame cards, The Radical: REL-724), whose
// own condition holds, and which lies in seat's graveyard.
func (s *State) replayable(seat int, id CardID) bool {
	d := s.defs.get(id)
	if d == nil || d.react != nil || d.discard != nil || d.run == nil {
		return false
	}
	if d.usable != nil && !d.usable(s, seat) {
		return false
	}
	return s.graveHas(seat, id)
}

// angelsSeal takes the card its hook names out of the graveyard and uses
// it again for the owner, its level cost waived (frFree; a stated payment
// still applies, as for The Appointed King, GAP-53). The use asks its
// targets like any use; with none left it fizzles.
func angelsSeal(s *State, f *frame) bool {
	if f.step > 0 {
		return true
	}
	seat, id := int(f.seat), f.h.card
	if !s.takeFromGrave(seat, id) {
		return true
	}
	s.emitAll("card_replayed", seat, map[string]any{"card": id, "by": cardAngelsSeal})
	f.step = 1
	if !s.chainOpen() {
		return true
	}
	s.chain++
	s.push(frame{kind: frameUse, stage: stagePay, seat: int8(seat), card: id, payer: -1, flags: frFree, h: hook{kind: hookNone, seat: -1, other: -1, tile: -1, frame: -1}})
	return false
}

// fullDefensiveStance moves every reaction card of the user's deck to its
// graveyard without the graveyard's triggers (GAP-54), then gives the user
// one effect per activation condition (the reaction's hook kind): that of
// the cheapest implemented reaction among them (ties: the lower card
// number). An emptied deck refills (GAP-20).
func fullDefensiveStance(s *State, f *frame) bool {
	seat := int(f.seat)
	z := &s.zones[seat]
	var moved []CardID // top of the deck first
	for i := len(z.deck) - 1; i >= 0; i-- {
		if id := z.deck[i]; id.Info().Reaction {
			moved = append(moved, id)
		}
	}
	keep := z.deck[:0]
	for _, id := range z.deck {
		if !id.Info().Reaction {
			keep = append(keep, id)
		}
	}
	z.deck = keep
	z.grave = append(z.grave, moved...)
	if len(moved) > 0 && len(z.deck) == 0 {
		s.refill(seat)
	}
	s.emitAll("full_defensive_stance", seat, map[string]any{"cards": moved, "deck": len(s.zones[seat].deck)})
	var best [numHookKinds]CardID
	for _, id := range moved {
		d := s.defs.get(id)
		if d == nil || d.react == nil {
			continue
		}
		k := d.react.on
		if b := best[k]; b == 0 || id.Cost() < b.Cost() || id.Cost() == b.Cost() && id < b {
			best[k] = id
		}
	}
	for _, id := range best {
		if id != 0 {
			e := s.addState(seat, seat, cardFullDefensiveStance, 0, forGame())
			e.v = int16(id)
		}
	}
	return true
}

// stanceFires fires the reaction effect a Full Defensive Stance state
// holds (e.v) the first time its condition occurs: a free reaction use
// that does not go to the graveyard again (the card already lies there),
// after which the state ends (GAP-54).
func stanceFires(s *State, e *effect, h *hook) {
	id := CardID(e.v)
	d := s.defs.get(id)
	if d == nil || d.react == nil || d.react.on != h.kind || s.players[e.seat].defeated {
		return
	}
	if d.react.cond != nil && !d.react.cond(s, int(e.seat), h) {
		return
	}
	if h.kind.isWhen() && (h.cancel || s.isCancelled(h)) {
		return // the action is already nullified
	}
	if !s.chainOpen() {
		return
	}
	s.chain++
	s.endEffect(e)
	s.push(frame{kind: frameUse, stage: stageCommit, seat: e.seat, card: id, payer: -1, flags: frReaction | frFree | frKept, h: *h})
}

// trialOnDraw cancels the start-phase draws of the seat under One's Own
// Trial; at the last one, once the trial fired (stateDef.fire cleared
// e.at), the state ends.
func trialOnDraw(s *State, e *effect, h *hook) {
	if h.kind != hookDraw || int(h.seat) != int(e.seat) {
		return
	}
	h.cancel = true
	if e.at == 0 {
		s.endEffect(e)
	}
}

// trialFire discards the hand and draws three cards, at the start phase of
// the trial's third turn (CARD-017, GAP-26; one at a time, GAP-19).
func trialFire(s *State, f *frame) bool {
	switch f.step {
	case 0:
		f.step = 1
		s.discardHand(int(f.seat))
		return false
	default:
		s.drawCards(int(f.seat), trialDraw)
		return true
	}
}

// penanceRoll makes the propagations of the seat under Reward of Penance
// succeed and combats against it fail, unconditionally (CARD-018, GAP-14);
// an attacker's unconditional win already set cancels it.
func penanceRoll(s *State, e *effect, r *roll) {
	seat := int(e.seat)
	switch {
	case (r.kind == rollPropagation || r.kind == rollProfessor) && int(r.seat) == seat:
		r.force = 1
	case (r.kind == rollCombat || r.kind == rollPieceCombat) && int(r.defender) == seat:
		if r.force == 1 {
			r.force = 0
		} else {
			r.force = 2
		}
	}
}

// returnRecord records, in an Eternal Return state not yet fired, each card
// its seat uses (when it reaches the graveyard as used): the newest in the
// low byte of e.v, the one before in its high byte, the third in e.n.
// Eternal Return itself is not recorded (GAP-53, docs/decisions.md).
func returnRecord(s *State, e *effect, h *hook) {
	if h.kind != hookGraveyard || !h.used || int(h.seat) != int(e.seat) || e.at == 0 || h.card == cardEternalReturn {
		return
	}
	e.n = e.v >> 8
	e.v = (e.v&0xFF)<<8 | int16(h.card)
}

// returnedCards lists the cards an Eternal Return recorded, oldest first.
func returnedCards(n, v int32) []CardID {
	var out []CardID
	for _, c := range []int32{n, v >> 8 & 0xFF, v & 0xFF} {
		if id := CardID(c); id.Valid() {
			out = append(out, id)
		}
	}
	return out
}

// returnFire discards the hand, then takes the recorded cards (f.x[0],
// f.x[1]: the state's n and v) from the graveyard into the hand, oldest
// first, so that the most recent is hand 1 (GAP-53, GAP-19). A recorded
// card no longer in the graveyard stays where it is. The state then ends.
func returnFire(s *State, f *frame) bool {
	seat := int(f.seat)
	switch f.step {
	case 0:
		for i := range s.effects {
			e := &s.effects[i]
			if e.clock != clockDead && e.card == cardEternalReturn && e.tile < 0 && int(e.seat) == seat && e.at == 0 {
				s.endEffect(e)
				break
			}
		}
		f.step = 1
		s.discardHand(seat)
		return false
	default:
		var got []CardID
		for _, id := range returnedCards(f.x[0], f.x[1]) {
			if s.takeFromGrave(seat, id) {
				s.addToHand(seat, id, 0, "effect")
				got = append(got, id)
			}
		}
		s.emitAll("eternal_return", seat, map[string]any{"cards": got})
		return true
	}
}

// reunionCount counts the cards of the Reunited seat that reach its
// graveyard (any way but Full Defensive Stance's); at the composition's
// size (e.v) the state ends and a frame draws three cards (CARD-023,
// GAP-20).
func reunionCount(s *State, e *effect, h *hook) {
	if h.kind != hookGraveyard || int(h.seat) != int(e.seat) {
		return
	}
	e.n++
	if e.n < e.v {
		return
	}
	s.endEffect(e)
	s.push(frame{kind: frameState, seat: e.seat, card: cardReunion, payer: -1, h: hook{kind: hookGraveyard, seat: e.seat, other: -1, tile: -1, frame: -1}})
}

// riverTile: a contactable tile next to a water tile that the attacker
// (the declaration hook's seat) may enter (CARD-024, GAP-45).
func riverTile(s *State, f *frame, t int) bool {
	if !s.tiles[t].Terrain.Contactable() || !s.canEnter(int(f.h.seat), t) {
		return false
	}
	for d := Dir(0); d < numDirs; d++ {
		if n := s.geo.neighbour(t, d); n >= 0 && s.tiles[n].Terrain == Water {
			return true
		}
	}
	return false
}

// peaceLikeARiver nullifies the declared combat, then asks the owner
// where the attacker's piece goes (one candidate is taken without asking,
// GAP-06) and moves it there.
func peaceLikeARiver(s *State, f *frame) bool {
	attacker := int(f.h.seat)
	switch f.step {
	case 0:
		s.cancel(&f.h)
		f.step = 1
		if s.players[attacker].defeated || s.players[attacker].pos < 0 {
			return true
		}
		opts := s.targetOptions(f, targetSpec{kind: targetTile, ok: riverTile})
		switch len(opts) {
		case 0:
			return true
		case 1:
			f.tgt[f.nt] = int16(s.targetValue(int(f.seat), opts[0]))
			f.nt++
		default:
			s.askSeat(askTarget, int(f.seat), opts, 0)
		}
		return false
	default:
		if f.nt == 0 {
			return true
		}
		t := int(f.tgt[f.nt-1])
		if s.players[attacker].pos >= 0 && !s.players[attacker].defeated {
			s.movePiece("moved", attacker, t)
		}
		return true
	}
}
