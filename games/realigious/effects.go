package realigious

import "tabletop/engine"

// Effects are what cards leave behind: states on players, shown in the
// buff list (REL-697, REL-703), and designations on tiles (REL-698). Both
// are one flat list of effect values, so that Clone copies them in one
// go. An effect does nothing by itself: the card that made it declares, in
// its cardDef.states, how the effect acts (a rate term, a change to a roll,
// a forced answer to a hook, a delayed firing, a waived cost); the rules
// ask every effect at the matching moment.
//
// Durations count the affected seat's own turns (GAP-26), as absolute
// own-turn numbers (player.turns, which counts skipped turns too): an
// effect "for N turns" ends at the end phase of that seat's own turn
// `until`; "N cycles" and "N turns later" happen at the start phase of
// its own turn `until` (or `at`). Numbers rather than countdowns keep
// skipped and extra turns simple: a start phase that a skip swallowed is
// caught up by the next one that runs (≤ rather than =).

// effect is one card-made state on a player or designation on a tile.
type effect struct {
	card  CardID // the card whose definition declares it
	sub   uint8  // index into that card's cardDef.states
	clock uint8  // how it ends: clockGame, clockEnd, clockStart
	seat  int8   // the player it is on; for a designation, the seat that made it
	src   int8   // the seat whose card made it
	tile  int16  // the designated tile; -1 for a player state
	until int32  // own-turn number of seat at whose end (clockEnd) or start (clockStart) phase it ends
	at    int32  // own-turn number of seat at whose start phase stateDef.fire runs; 0: none
	n     int16  // a count the card's rules keep (uses left, stacks, ...)
	v     int16  // a value the card's rules keep (a card ID, an amount, ...)
}

// Effect clocks.
const (
	clockGame  uint8 = iota // lasts until the game ends or its rules end it
	clockEnd                // ends at the end phase of seat's own turn `until`
	clockStart              // ends at the start phase of seat's own turn `until`
	clockDead               // ended; swept away at the next sweep
	numClocks
)

// dur is a duration, made by the helpers below and given to addState and
// designateTile.
type dur struct {
	clock uint8
	until int32
}

// forGame lasts until the game ends (GAP-51, GAP-52).
func forGame() dur { return dur{clock: clockGame} }

// inOwnTurn reports whether seat's own turn is running: it is the active
// seat and the end of a cycle is not being played.
func (s *State) inOwnTurn(seat int) bool {
	return s.active() == seat && s.cycleStage == stageNone && s.phase != phaseWind && s.phase != phaseWander && s.phase != phaseOver
}

// forTurns lasts N of seat's own turns (GAP-26): the current one counts as
// turn 1 when the effect starts in seat's own turn, otherwise its next turn
// is turn 1; it ends at the end phase of turn N. "This turn" is forTurns(1).
func (s *State) forTurns(seat, n int) dur {
	t := int32(s.players[seat].turns) + int32(n)
	if s.inOwnTurn(seat) {
		t--
	}
	return dur{clock: clockEnd, until: t}
}

// forCycles lasts N cycles of seat (GAP-26): it ends at the start phase of
// seat's N-th own turn after the current one.
func (s *State) forCycles(seat, n int) dur {
	return dur{clock: clockStart, until: s.players[seat].turns + int32(n)}
}

// turnsLater is the own-turn number of seat whose start phase comes "N
// turns later" / "after N turns" (GAP-26): the N-th own turn after the
// current one. turnsLater(seat, 1) is seat's next turn.
func (s *State) turnsLater(seat, n int) int32 { return s.players[seat].turns + int32(n) }

// addState puts a state of card (its states[sub]) on seat, made by src's
// card, and returns it. The pointer is valid until the effect list next
// grows (another addState or designateTile).
func (s *State) addState(seat, src int, card CardID, sub int, d dur) *effect {
	if seat < 0 || seat >= len(s.players) {
		return &effect{clock: clockDead} // a value from a damaged encoding: nobody to put it on
	}
	s.effects = append(s.effects, effect{card: card, sub: uint8(sub), clock: d.clock, seat: int8(seat), src: int8(src), tile: -1, until: d.until})
	s.counted(card)
	e := &s.effects[len(s.effects)-1]
	s.emitEffect("state_on", e)
	return e
}

// designateTile gives tile t the designation states[sub] of card, made by seat
// (REL-698), and returns it (valid as for addState).
func (s *State) designateTile(t, seat int, card CardID, sub int, d dur) *effect {
	if t < 0 || t >= len(s.tiles) || seat < 0 || seat >= len(s.players) {
		return &effect{clock: clockDead} // a value from a damaged encoding: nothing to designate
	}
	s.effects = append(s.effects, effect{card: card, sub: uint8(sub), clock: d.clock, seat: int8(seat), src: int8(seat), tile: int16(t), until: d.until})
	s.counted(card)
	e := &s.effects[len(s.effects)-1]
	s.emitEffect("designation", e)
	return e
}

// endEffect ends e; it is removed at the next sweep, and no longer acts.
func (s *State) endEffect(e *effect) {
	if e.clock == clockDead {
		return
	}
	s.emitEffect("effect_off", e)
	e.clock = clockDead
	s.nDead++
}

// sweep removes ended effects, keeping the others in order.
func (s *State) sweep() {
	if s.nDead == 0 {
		return
	}
	k := 0
	for _, e := range s.effects {
		if e.clock != clockDead {
			s.effects[k] = e
			k++
		}
	}
	if k == len(s.effects) {
		s.nDead = 0
		return
	}
	s.effects = s.effects[:k]
	s.recountEffects()
}

// counted records a new effect of card in effN and effMask.
func (s *State) counted(card CardID) {
	if card.Valid() {
		s.effN[card]++
	}
	s.effMask |= s.defs.maskOf(card)
}

// recountEffects rebuilds effN and effMask from the effect list. Code that
// replaces s.effects wholesale (decoding, scenarios, sampling, Time
// Reversal) must call it.
func (s *State) recountEffects() {
	s.effN = [NumCards + 1]uint16{}
	s.effMask, s.nDead = 0, 0
	for _, e := range s.effects {
		if e.clock != clockDead {
			s.counted(e.card)
		} else {
			s.nDead++
		}
	}
}

// hasEffects reports whether an effect of card may be in play: false
// means certainly none (a fast path for hot rules code).
func (s *State) hasEffects(card CardID) bool { return card.Valid() && s.effN[card] > 0 }

// stateOf returns seat's first live state states[sub] of card, or nil.
func (s *State) stateOf(seat int, card CardID, sub int) *effect {
	if !s.hasEffects(card) {
		return nil
	}
	for i := range s.effects {
		e := &s.effects[i]
		if e.clock != clockDead && e.tile < 0 && int(e.seat) == seat && e.card == card && int(e.sub) == sub {
			return e
		}
	}
	return nil
}

// designationAt returns tile t's first live designation states[sub] of
// card, or nil.
func (s *State) designationAt(t int, card CardID, sub int) *effect {
	if !s.hasEffects(card) {
		return nil
	}
	for i := range s.effects {
		e := &s.effects[i]
		if e.clock != clockDead && int(e.tile) == t && e.card == card && int(e.sub) == sub {
			return e
		}
	}
	return nil
}

// stateDef returns the definition of e's kind; nil when its card has no
// such state (a scenario may name any card).
func (s *State) stateDef(e *effect) *stateDef {
	d := s.defs.get(e.card)
	if d == nil || int(e.sub) >= len(d.states) {
		return nil
	}
	return &d.states[e.sub]
}

// effectKey names e in events, views and explain terms.
func (s *State) effectKey(e *effect) string {
	if sd := s.stateDef(e); sd != nil {
		return sd.key
	}
	return e.card.String()
}

// emitEffect announces a state or designation starting or ending. States
// are public (REL-697, GAP-70); a hidden state's values are told only to
// the seat it is on. A designation is told to those who remember its tile.
func (s *State) emitEffect(kind string, e *effect) {
	data := s.effectView(e, true)
	if e.tile >= 0 {
		var aud engine.SeatMask
		for o := 0; o <= len(s.players); o++ {
			if s.memory(o, int(e.tile)) != Unrevealed {
				aud |= rowMask(o, len(s.players))
			}
		}
		s.emit(kind, int(e.seat), aud|seatBit(int(e.seat)), data, nil)
		return
	}
	pub := s.effectView(e, false)
	s.emit(kind, int(e.seat), seatBit(int(e.seat)), data, pub)
}

// expireEffects ends seat's effects whose time is up at the start phase
// (start) or the end phase (!start) of its own turn now.
func (s *State) expireEffects(seat int, start bool) {
	turn := s.players[seat].turns
	for i := range s.effects {
		e := &s.effects[i]
		if int(e.seat) != seat || e.clock == clockDead {
			continue
		}
		if start && e.clock == clockStart && e.until <= turn || !start && e.clock == clockEnd && e.until <= turn {
			s.endEffect(e)
		}
	}
	s.sweep()
}

// dueEffects pushes a frame for every effect of seat whose delayed firing
// (stateDef.fire) is due at this start phase, oldest first.
func (s *State) dueEffects(seat int) {
	if s.effMask&(efFire|efMoveTo) == 0 {
		return
	}
	turn := s.players[seat].turns
	// Frames run last in, first out: push the newest first.
	for i := len(s.effects) - 1; i >= 0; i-- {
		e := &s.effects[i]
		if int(e.seat) != seat || e.clock == clockDead || e.at == 0 || e.at > turn {
			continue
		}
		sd := s.stateDef(e)
		if sd != nil && sd.moveTo != nil {
			continue // read by the move phase (moveOverride)
		}
		e.at = 0
		if sd == nil || sd.fire == nil {
			continue
		}
		f := frame{kind: frameState, seat: e.seat, card: e.card, sub: e.sub, payer: -1}
		f.h = hook{kind: hookStart, seat: e.seat, other: e.src, tile: e.tile, card: e.card, frame: -1, n: e.n}
		f.x[0], f.x[1] = int32(e.n), int32(e.v)
		s.push(f)
	}
}

// dropEffectsOf ends every effect on or made by a defeated seat (GAP-34).
func (s *State) dropEffectsOf(seat int) {
	for i := range s.effects {
		if e := &s.effects[i]; int(e.seat) == seat && e.clock != clockDead {
			s.endEffect(e)
		}
	}
	s.sweep()
}

// tileLost ends the designations of t that last only while their seat owns
// the tile (stateDef.whileOwned; GAP-52) once it no longer does, and tells
// the reactions (hookTileLost). loser lost the tile; winner took it (-1:
// it became neutral); why is lostCombat, lostEffect or lostDefeat.
func (s *State) tileLost(t, loser, winner, why int) {
	for i := range s.effects {
		e := &s.effects[i]
		if int(e.tile) != t || e.clock == clockDead || int(e.seat) != loser {
			continue
		}
		if sd := s.stateDef(e); sd != nil && sd.whileOwned {
			s.endEffect(e)
		}
	}
	s.sweep()
	s.dispatch(hook{kind: hookTileLost, seat: int8(winner), other: int8(loser), tile: int16(t), frame: -1, n: int16(why)})
}

// seatShielded reports whether seat may not be designated as the target
// of another seat's card (Glory: Seeker, CARD-078, GAP-61).
func (s *State) seatShielded(seat int) bool {
	if s.effMask&efShield == 0 {
		return false
	}
	for i := range s.effects {
		e := &s.effects[i]
		if e.clock == clockDead || e.tile >= 0 || int(e.seat) != seat {
			continue
		}
		if sd := s.stateDef(e); sd != nil && sd.shield {
			return true
		}
	}
	return false
}

// rateQuery says which rate is being built, for whom, where.
type rateQuery struct {
	rate  rateKind
	seat  int // whose rate it is: the propagator, the attacker (R1) or the defender (R2)
	other int // the other side of a combat, -1 for propagation
	tile  int
}

// rateKind names the three rates cards change.
type rateKind uint8

// The rates.
const (
	rateProp    rateKind = iota // propagation success rate (REL-419)
	rateAttack                  // R1, combat success rate (REL-550)
	rateDefense                 // R2, combat defense rate (REL-536)
)

// cardTerms adds every effect's term to a rate (REL-419, REL-520; Tier 1
// for cards, Tier 2 for designations, GAP-12), named after the effect so
// that explain events show it.
func (s *State) cardTerms(ts *terms, q rateQuery) {
	if s.effMask&efTerm == 0 {
		return
	}
	for i := range s.effects {
		e := &s.effects[i]
		if e.clock == clockDead {
			continue
		}
		sd := s.stateDef(e)
		if sd == nil || sd.term == nil {
			continue
		}
		if tier, v := sd.term(s, e, &q); v != 0 {
			ts.addCard(tier, e.card, e.sub, v)
		}
	}
}

// cardRoll lets every effect change a pending roll: force its outcome or
// add a chance of losing whatever the roll (stateDef.roll).
func (s *State) cardRoll(r *roll) {
	if s.effMask&efRoll == 0 {
		return
	}
	for i := range s.effects {
		e := &s.effects[i]
		if e.clock == clockDead {
			continue
		}
		if sd := s.stateDef(e); sd != nil && sd.roll != nil {
			sd.roll(s, e, r)
		}
	}
}
