package realigious

import (
	"slices"

	"tabletop/engine"
)

// Helpers of the Holy War cards (cards_holywar.go): reputation costs that
// card states change, reputation lowered by a card, effects triggered from
// a forced answer, Scattered in Terror's tile, the celebrity's contract
// combat and replacement, Media Control's fog and the Private Army Base's
// declarations.

// Reputation costs the rules charge and card states may change
// (stateDef.repCost).
const (
	repDeclare    = iota + 1 // declaring combat (REL-328, REL-513)
	repCombatLoss            // losing a combat one declared (REL-567, REL-579)
)

// cardRepCost returns the reputation cost seat pays for why after every
// card state's change, in the order the states were made (doubling and
// waiving commute: Axis of Evil and Declaration of Holy War).
func (s *State) cardRepCost(seat, why, cost int) int {
	if s.effMask&efDeclare == 0 {
		return cost
	}
	for i := range s.effects {
		e := &s.effects[i]
		if e.clock == clockDead {
			continue
		}
		if sd := s.stateDef(e); sd != nil && sd.repCost != nil {
			cost = sd.repCost(s, e, seat, why, cost)
		}
	}
	return max(cost, 0)
}

// repLossData is the payload of "reputation_loss": a card's effect lowered
// the event seat's reputation.
type repLossData struct {
	Card CardID `json:"card"`
	By   int    `json:"by"`
	Loss int    `json:"loss,omitempty"`
}

// cardLowerRep lowers seat's reputation by n through by's card (REL-062,
// REL-063: it may defeat the seat), tells every seat, and lets reactions
// answer (hookRepLowered: Fair Game). It reports whether the match ended.
func (s *State) cardLowerRep(seat, n, by int, card CardID) bool {
	pl := &s.players[seat]
	if pl.defeated || s.phase == phaseOver {
		return s.phase == phaseOver
	}
	data := repLossData{Card: card, By: by, Loss: min(n, int(pl.rep))}
	var pub any
	if s.repHidden(seat) {
		pub = repLossData{Card: card, By: by}
	}
	s.emit("reputation_loss", seat, engine.AllSeats, data, pub)
	return s.lowerReputation(seat, n, by, card)
}

// othersInTurnOrder lists the seats in play other than seat, in turn order
// starting after it.
func (s *State) othersInTurnOrder(seat int) []int {
	var out []int
	start := slices.Index(s.order, int8(seat))
	for k := 1; k <= len(s.order); k++ {
		o := int(s.order[(start+k)%len(s.order)])
		if o != seat && !s.players[o].defeated {
			out = append(out, o)
		}
	}
	return out
}

// pushStateFrame runs e's stateDef.fire as a frame answering h: a card
// effect triggered by a forced answer that needs a chance decision. It
// counts as a card resolution for the chain bound (GAP-54).
func (s *State) pushStateFrame(e *effect, h hook) {
	if !s.chainOpen() {
		return
	}
	s.chain++
	f := frame{kind: frameState, seat: e.seat, card: e.card, sub: e.sub, payer: -1, h: h}
	f.x[0], f.x[1] = int32(e.n), int32(e.v)
	s.push(f)
}

// scatterInTerror gives the user one random neutral tile adjacent to the
// combat's tile f.h.tile (CARD-041, GAP-59): ownership and the allotment,
// with Christianity's +20% on rewards from a tile (REL-133), as a
// successful propagation gives; no correction changes.
func scatterInTerror(s *State, f *frame) bool {
	seat := int(f.seat)
	if f.step == 0 {
		f.step = 1
		var cands []int
		for d := Dir(0); d < numDirs; d++ {
			if n := s.geo.neighbour(int(f.h.tile), d); n >= 0 && s.tiles[n].Owner < 0 && celebCanStand(s, n) {
				cands = append(cands, n)
			}
		}
		s.chanceTile(f, cands)
		return false
	}
	t := int(f.got)
	if t < 0 || s.tiles[t].Owner >= 0 || s.players[seat].defeated {
		return true
	}
	pl := &s.players[seat]
	pct := 100
	if pl.religion == Christianity {
		pct += s.p.ChristianRewardPct
	}
	var gains [numResources]int
	for r := range gains {
		gains[r] = int(s.tiles[t].Alloc[r]) * pct / 100
		pl.res[r] += int32(gains[r])
	}
	aud := s.involved(seat, int(f.h.other))
	s.emit("scattered_in_terror", seat, aud, map[string]any{"tile": s.coord(t), "gains": gains}, nil)
	s.setOwner(t, seat, aud)
	s.checkEnd()
	return true
}

// contractTargets lists the seats other than user whose pieces stand on
// tile t, in seat order.
func (s *State) contractTargets(user, t int) []int {
	var out []int
	for o := range s.players {
		if o != user && !s.players[o].defeated && int(s.players[o].pos) == t {
			out = append(out, o)
		}
	}
	return out
}

// contractKilling fights the celebrity's contract combat (CARD-043,
// GAP-58) on the tile it stepped on (f.h.tile) as a piece-vs-piece combat
// of the user against a piece there (a random one if several: chance):
// no declaration (nothing is declared: no cost, no "when" window, GAP-58);
// the user's R1 against the target's piece-combat R2 (REL-520-522); the
// roll with the card effects that force or spoil it (REL-523, REL-558,
// GAP-14); the piece-vs-piece results with the user as the attacker
// (REL-571-580), except that no tile changes hands (GAP-58); the combat
// told to the card effects and reactions (hookCombat); then, on a win, the
// target's piece to its nearest own tile (REL-576, chance among ties).
//
// f.x[2] keeps the target, f.x[3] the result (1: the user won).
func contractKilling(s *State, f *frame) bool {
	user, t := int(f.seat), int(f.h.tile)
	switch f.step {
	case 0:
		f.step = 1
		s.chanceSeat(f, s.contractTargets(user, t))
		return false
	case 1:
		if f.got < 0 || int(f.got) >= len(s.players) || s.players[user].defeated || s.players[f.got].defeated {
			return true
		}
		f.x[2] = f.got
		f.step = 2
		rl := s.contractRoll(user, int(f.x[2]), t)
		switch {
		case rl.force != 0:
			f.got = int32(boolInt(rl.force == 1))
		case rl.lose > 0:
			// Reckless (CARD-045): the roll must succeed and the 10%
			// loss must not strike, in one chance decision as a declared
			// combat's roll (Chance).
			win := int(rl.r) * (100 - int(rl.lose))
			s.askOutcomes(f, []engine.Outcome{{Answer: answer(ansFailure, 0), Weight: 100*100 - win}, {Answer: answer(ansSuccess, 0), Weight: win}})
		default:
			s.chancePct(f, int(rl.r))
		}
		return false
	case 2:
		target := int(f.x[2])
		won := f.got == 1
		rl := s.contractRoll(user, target, t) // as at the roll: only the chance answer came since
		f.x[3] = int32(boolInt(won))
		f.step = 3
		return s.contractResult(&rl, won)
	case 3:
		target := int(f.x[2])
		dp := &s.players[target]
		// The Worst Scandal answers a won piece-vs-piece combat by sending
		// the beaten piece to its start instead (it clears relocSeat).
		if f.x[3] == 0 || int(s.relocSeat) != target || dp.defeated || int(dp.pos) != t {
			return true
		}
		f.step = 4
		s.chanceTile(f, s.nearestOwnTiles(target))
		return false
	}
	if target := int(f.x[2]); f.got >= 0 && !s.players[target].defeated && s.players[target].pos >= 0 {
		s.movePiece("relocated", target, int(f.got))
	}
	return true
}

// contractRoll builds the contract combat's roll as a declared
// piece-vs-piece combat's (declareRest, poseRoll): the user's R1 without
// the follower bonus (no declaration, so no follower cost, REL-547)
// against target's first-arrival R2 on tile t, R = R1 − R2 (REL-522,
// GAP-11), then the card effects on the roll (cardRoll: unconditional
// outcomes, Reckless, Repentance).
func (s *State) contractRoll(user, target, t int) roll {
	r1t, r2t, r := s.contractRates(user, target, t)
	rl := roll{kind: rollPieceCombat, seat: int8(user), defender: int8(target), tile: int16(t),
		r1: int16(s.p.clamp(r1t.sum())), r2: int16(s.p.clamp(r2t.sum())), r: int16(r), r1Terms: r1t, r2Terms: r2t}
	s.cardRoll(&rl)
	if rl.lose >= 100 {
		rl.force = 2
	}
	return rl
}

// contractResult applies the piece-vs-piece results of the contract
// combat rl (REL-571-580, GAP-58) and tells the card effects and
// reactions (hookCombat, as pieceCombatResult does); it reports whether
// the frame is done (the match ended).
func (s *State) contractResult(rl *roll, won bool) bool {
	user, target, t := int(rl.seat), int(rl.defender), int(rl.tile)
	pl, dp := &s.players[user], &s.players[target]
	// The explain event is a declared combat's (explain reads the pending
	// roll, which the contract's is not: lend it).
	pending := s.roll
	s.roll = *rl
	ex := s.explain(won)
	s.roll = pending
	ex.Kind = "contract_killing"
	s.emit("contract_killing", user, seatBit(user)|seatBit(target)|s.pieceAudience(target), ex, nil)
	if won {
		pl.combatCorr = 0             // REL-571
		stack(&dp.defCorr)            // REL-533
		s.giveCard(user, GloryCard)   // REL-573
		s.giveCard(target, ShameCard) // REL-575
		s.relocSeat = int8(target)    // REL-576, once the answers to the combat are done
		if s.relicRun(user, Sekrazade, true) {
			return true
		}
	} else {
		stack(&pl.combatCorr) // REL-577
		s.relicRun(user, Sekrazade, false)
		dp.defCorr = 0 // REL-580
		// REL-579; CARD-047 covers declared combats only.
		if s.loseReputation(user, s.cardRepCost(user, repCombatLoss, s.p.PieceLossReputation)) && s.phase == phaseOver {
			return true
		}
		s.giveCard(user, ShameCard) // REL-578
	}
	s.dispatch(hook{kind: hookCombat, seat: int8(user), other: int8(target), tile: int16(t), frame: -1, piece: true, won: won})
	return false
}

// contractRates builds the contract combat's rates: the user's R1 (no
// declaration, so no follower bonus) against target's first-arrival R2 on
// tile t, and R (REL-522, GAP-11).
func (s *State) contractRates(user, target, t int) (r1t, r2t terms, r int) {
	r1t = s.attackTerms(user, false)
	s.cardTerms(&r1t, rateQuery{rate: rateAttack, seat: user, other: target, tile: t})
	r2t = s.defenseTerms(target, true)
	s.cardTerms(&r2t, rateQuery{rate: rateDefense, seat: target, other: user, tile: t})
	return r1t, r2t, s.p.clamp(s.p.clamp(r1t.sum()) - s.p.clamp(r2t.sum()))
}

// nearestOwnTiles lists the tiles seat owns at the nearest distance from
// its piece that it can contact now (REL-576, GAP-48).
func (s *State) nearestOwnTiles(seat int) []int {
	from := int(s.players[seat].pos)
	var out []int
	best := -1
	for t := range s.tiles {
		if from < 0 || int(s.tiles[t].Owner) != seat || t == from || !s.canContact(t) {
			continue
		}
		switch d := s.geo.distance(from, t); {
		case best < 0 || d < best:
			best, out = d, append(out[:0], t)
		case d == best:
			out = append(out, t)
		}
	}
	return out
}

// lawfulExecution removes the celebrity and summons a new one (CARD-044):
// step 0 removes it and draws the type, step 1 draws the tile, step 2
// places it. f.x[2] keeps the type.
func lawfulExecution(s *State, f *frame) bool {
	user := int(f.seat)
	switch f.step {
	case 0:
		if s.celeb.pos < 0 {
			return true
		}
		at := s.coord(int(s.celeb.pos))
		seen := s.celebAudience()
		s.emit("celebrity_removed", user, seen, map[string]any{"kind": s.celeb.kind, "tile": at}, nil)
		s.emit("celebrity_removed", user, engine.AllSeats&^seen, map[string]any{"kind": s.celeb.kind}, nil)
		s.celeb.pos, s.celeb.briber, s.celeb.bribes = -1, -1, 0
		for i := range s.effects {
			e := &s.effects[i]
			if e.clock != clockDead && e.tile < 0 && (e.card == cardWiretap || e.card == cardContractKilling) {
				s.endEffect(e)
			}
		}
		s.sweep()
		f.step = 1
		s.chancePick(f, int(numCelebrities))
		return false
	case 1:
		f.x[2] = f.got
		f.step = 2
		var cands []int
		for t := range s.tiles {
			if celebCanStand(s, t) {
				cands = append(cands, t)
			}
		}
		s.chanceTile(f, cands)
		return false
	}
	if f.got < 0 {
		return true
	}
	t := int(f.got)
	s.celeb = celebrity{kind: CelebrityKind(f.x[2]), pos: int16(t), start: int16(t), briber: -1}
	seen := s.celebAudience()
	s.emit("celebrity_summoned", user, seen, map[string]any{"kind": s.celeb.kind, "tile": s.coord(t)}, nil)
	s.emit("celebrity_summoned", user, engine.AllSeats&^seen, map[string]any{"kind": s.celeb.kind}, nil)
	return true
}

// fogRadius is how far Media Control's fog reaches from its centre
// (GAP-57: every tile within distance 2).
const fogRadius = 2

// fogHides reports whether a fog made by a seat other than seat covers
// tile t (Media Control, CARD-040); seat -1 (the spectators) is hidden
// by every fog.
func (s *State) fogHides(seat, t int) bool {
	if !s.hasEffects(cardMediaControl) {
		return false // fast path: vision asks this for every tile
	}
	for i := range s.effects {
		e := &s.effects[i]
		if e.clock == clockDead || e.tile < 0 || e.card != cardMediaControl || int(e.seat) == seat {
			continue
		}
		if s.geo.distance(int(e.tile), t) <= fogRadius {
			return true
		}
	}
	return false
}

// fogAt reports whether any fog covers tile t.
func (s *State) fogAt(t int) bool { return t >= 0 && s.fogHides(-1, t) }

// fogChanged records what the seats see once a fog rises: nothing new is
// revealed, but a seat's vision from inside may change.
func (s *State) fogChanged() {
	for o := range s.players {
		if !s.players[o].defeated {
			s.see(o)
		}
	}
}

// baseTargets lists the tiles seat may declare combat on from its Private
// Army Bases (CARD-046, GAP-59): enemy tiles, as seat sees them, within 1
// of a base it owns, other than the tile its piece contacts (whose
// interaction is the normal one), in tile order. Buddhists never declare
// combat (REL-137).
func (s *State) baseTargets(seat int) []int {
	pl := &s.players[seat]
	if pl.religion == Buddhism || pl.defeated || pl.onStart || !s.hasEffects(cardFearAndTrembling) {
		return nil
	}
	var out []int
	for i := range s.effects {
		e := &s.effects[i]
		if e.clock == clockDead || e.tile < 0 || e.card != cardFearAndTrembling || int(e.seat) != seat || int(s.tiles[e.tile].Owner) != seat {
			continue
		}
		for d := Dir(0); d < numDirs; d++ {
			n := s.geo.neighbour(int(e.tile), d)
			if n < 0 || n == int(pl.pos) || slices.Contains(out, n) {
				continue
			}
			if o := s.seenOwner(seat, n); o >= 0 && o != seat && celebCanStand(s, n) {
				out = append(out, n)
			}
		}
	}
	slices.Sort(out)
	return out
}

// appendBaseAttacks appends "tile c,r" for each base target (the
// interaction phase's answers, in order after "end", "dispute", "pass").
func (s *State) appendBaseAttacks(buf []engine.Answer, seat int) []engine.Answer {
	for _, t := range s.baseTargets(seat) {
		buf = append(buf, answer(ansTile, t))
	}
	return buf
}

// baseAttack declares combat on tile t from a Private Army Base in place
// of the tile interaction; the turn ends with the combat. A tile that
// turns out not to be an enemy's (seat's memory was old) is not attacked:
// seat learns its owner and the interaction phase goes on.
func (s *State) baseAttack(seat, t int) {
	owner := int(s.tiles[t].Owner)
	if owner < 0 || owner == seat || s.players[owner].defeated {
		s.known[seat*len(s.tiles)+t] = int8(owner)
		s.emit("base_attack_void", seat, seatBit(seat), map[string]any{"tile": s.coord(t), "owner": owner}, nil)
		s.enterInteraction()
		return
	}
	for i := range s.effects {
		e := &s.effects[i]
		if e.clock != clockDead && e.card == cardFearAndTrembling && int(e.seat) == seat && e.tile >= 0 && s.geo.distance(int(e.tile), t) <= 1 {
			e.v = 1 // a loss leaves the piece where it is (the base's hookCombat answer)
			break
		}
	}
	s.emit("base_attack", seat, s.involved(seat, owner), map[string]any{"tile": s.coord(t), "defender": owner}, nil)
	s.startCombat(seat, owner, t, false)
}
