package realigious

import (
	"slices"

	"tabletop/engine"
)

// Using cards (REL-699-701, GAP-22-25). In its own interaction phase the
// active seat may use any number of cards from its hand, one at a time
// ("card N", N the hand slot, 1 the newest, UI-314), then arm or disarm the
// reaction cards it holds ("arm N donations", "arm N influence", "disarm
// N"). A used card leaves the hand at once and resolves in a frameUse:
//
//  1. the payer ("pay donations" / "pay influence"), asked only when the
//     level cost is payable both ways (GAP-22);
//  2. its targets, one decision each, in the card's order (GAP-24); a
//     target with one legal choice is taken without asking (GAP-06);
//  3. the cost is paid (the level cost, then the stated payment, GAP-23),
//     the use is announced, and the nullify window opens (hookCardUse);
//  4. the effect runs unless nullified (REL-692, REL-702);
//  5. the card goes to the graveyard (REL-682), which may trigger more.
//
// A card is offered only when it is implemented, is not a reaction, its
// own condition holds, its level cost is payable in donations or
// influence, and every target has a legal choice: so "cannot pay" and "no
// target" are cards that are not offered. Arming is offered for every card
// in hand, reaction or not, so that neither the answers nor their number
// tell anything about the hand (an armed non-reaction card does nothing).
// A card's arming changes at most once a turn.

// cardCost returns the level cost seat pays to use card id, with the
// hand card's flags: level × 100 (REL-701), doubled per Spell of Ruin
// stack (GAP-56), 0 when free (The Appointed King), on the turn of the
// Secret Art of the Doctrine (REL-950) or when an effect waives it (Glory:
// Mercy).
func (s *State) cardCost(seat int, id CardID, free bool, stack int) int {
	info := id.Info()
	cost := info.Cost()
	if info.Extra == CostDoublesPerStack {
		cost <<= min(stack, 16)
	}
	if cost == 0 || free {
		return 0
	}
	pl := &s.players[seat]
	if pl.secretArt != 0 && pl.secretArt == pl.turns && s.inOwnTurn(seat) { // REL-950, GAP-35
		return 0
	}
	if s.effMask&efWaive == 0 {
		return cost
	}
	for i := range s.effects {
		e := &s.effects[i]
		if e.clock == clockDead {
			continue
		}
		if sd := s.stateDef(e); sd != nil && sd.waive != nil && sd.waive(s, e, seat, id) {
			return 0
		}
	}
	return cost
}

// canPay reports whether seat can pay hc's level cost in payer (0
// donations, 1 influence); stated payments can always be made (GAP-23).
func (s *State) canPay(seat int, hc handCard, payer int8) bool {
	cost := s.cardCost(seat, hc.id, hc.flags&hcFree != 0, int(hc.stack))
	return cost == 0 || int(s.players[seat].res[Donations+Resource(payer)]) >= cost // GAP-67
}

// usableAt reports whether the card at hand index i can be used now.
func (s *State) usableAt(seat, i int) bool {
	if int(s.chain) >= maxChain {
		return false // the turn's bound on card resolutions (GAP-54)
	}
	hc := s.handOf(seat)[i]
	d := s.defs.get(hc.id)
	if d == nil || d.react != nil {
		return false
	}
	if !s.canPay(seat, hc, 0) && !s.canPay(seat, hc, 1) {
		return false
	}
	if d.usable != nil && !d.usable(s, seat) {
		return false
	}
	// Targets are checked as if the card had left the hand (targetHand).
	f := frame{kind: frameUse, seat: int8(seat), card: hc.id, payer: -1, x: [4]int32{int32(i)}}
	f.flags |= frProbe
	for k, spec := range d.targets {
		v, ok := s.firstTarget(&f, spec)
		if !ok {
			return false
		}
		f.tgt[k] = int16(v)
		f.nt++
	}
	return true
}

// frProbe marks the frame usableAt builds to test targets: targetHand then
// skips the card being tested (index x[0]), which a real use has removed.
const frProbe uint8 = 1 << 7

// appendCardAnswers appends the interaction phase's card answers: "card N"
// for usable cards, then arming.
func (s *State) appendCardAnswers(buf []engine.Answer, seat int) []engine.Answer {
	n := s.handCount(seat)
	for slot := 1; slot <= n; slot++ {
		if s.usableAt(seat, s.handSlot(seat, slot)) {
			buf = append(buf, answer(ansCard, slot))
		}
	}
	// Each card's arming changes once a turn (hcSet), so that arming
	// cannot loop.
	for slot := 1; slot <= n; slot++ {
		hc := s.handOf(seat)[s.handSlot(seat, slot)]
		if hc.flags&(hcArmed|hcSet) == 0 {
			buf = append(buf, answer(ansArm, slot<<1), answer(ansArm, slot<<1|1))
		}
	}
	for slot := 1; slot <= n; slot++ {
		if s.handOf(seat)[s.handSlot(seat, slot)].flags&(hcArmed|hcSet) == hcArmed {
			buf = append(buf, answer(ansDisarm, slot))
		}
	}
	return buf
}

// useCard starts the use of the card in seat's hand slot (interaction
// phase). It reports whether the flow stopped for a decision.
func (s *State) useCard(seat, slot int) bool {
	hc := s.removeHand(seat, s.handSlot(seat, slot))
	s.chain++
	s.push(frame{kind: frameUse, stage: stagePay, seat: int8(seat), card: hc.id, payer: -1, stack: hc.stack, flags: hcFlagsToFrame(hc), h: hook{frame: -1, seat: -1, other: -1, tile: -1}})
	return s.settle(contInteraction)
}

// arm arms (payer 0 or 1) or disarms (payer -1) the card in hand slot.
func (s *State) arm(seat, slot int, payer int) {
	hc := &s.zones[seat].hand[s.handSlot(seat, slot)]
	hc.flags &^= hcArmed | hcPayInfluence
	hc.flags |= hcSet
	if payer >= 0 {
		hc.flags |= hcArmed
		if payer == 1 {
			hc.flags |= hcPayInfluence
		}
	}
}

// stepUse runs one stage of the card use in frame i.
func (s *State) stepUse(i int) bool {
	f := &s.frames[i]
	seat := int(f.seat)
	d := s.defs.get(f.card)
	switch f.stage {
	case stagePay:
		f.stage = stageTarget
		cost := s.cardCost(seat, f.card, f.flags&frFree != 0, int(f.stack))
		if f.payer < 0 && cost > 0 {
			hc := handCard{id: f.card, stack: f.stack}
			if f.flags&frFree != 0 {
				hc.flags = hcFree
			}
			can0, can1 := s.canPay(seat, hc, 0), s.canPay(seat, hc, 1)
			switch {
			case can0 && can1:
				s.askSeat(askPay, seat, []engine.Answer{answer(ansPay, 0), answer(ansPay, 1)}, 0)
			case can1:
				f.payer = 1
			default:
				f.payer = 0
			}
		}
		return false
	case stageTarget:
		if d == nil || int(f.nt) >= len(d.targets) {
			f.stage = stageCommit
			return false
		}
		opts := s.targetOptions(f, d.targets[f.nt])
		switch len(opts) {
		case 0:
			// The targets went away while the card was being chosen (a
			// reaction moved something): the card fizzles, still used.
			s.emitAll("card_fizzled", seat, map[string]any{"card": f.card})
			f.flags |= frNullified
			f.stage = stageCommit
		case 1:
			f.tgt[f.nt] = int16(s.targetValue(seat, opts[0]))
			f.nt++
		default:
			s.askSeat(askTarget, seat, opts, 0)
		}
		return false
	case stageCommit:
		s.payCard(f)
		s.announce(i)
		if d != nil && d.commit != nil {
			d.commit(s, &s.frames[i])
		}
		f = &s.frames[i]
		f.stage = stageEffect
		if s.phase == phaseOver || s.players[seat].defeated {
			f.stage = stageAfter
			return false
		}
		s.dispatch(hook{kind: hookCardUse, seat: int8(seat), other: -1, tile: -1, card: f.card, frame: int16(i), used: f.flags&frReaction != 0})
		return false
	case stageEffect:
		if f.flags&frStarted == 0 {
			f.flags |= frStarted
			if f.flags&frNullified != 0 && (d == nil || !d.noNullify) {
				s.emitAll("nullified", seat, map[string]any{"card": f.card})
				f.stage = stageAfter
				return false
			}
		}
		if d == nil || d.run == nil || s.players[seat].defeated || d.run(s, f) {
			f.stage = stageAfter
		}
		return false
	case stageAfter:
		if f.flags&frKept == 0 && !s.players[seat].defeated {
			s.toGraveyard(seat, handCard{id: f.card, stack: f.stack}, whyUsed)
		}
		return true
	}
	return true
}

// frStarted marks a card use whose effect has begun.
const frStarted uint8 = 1 << 6

// payCard pays a use's level cost and stated payment (GAP-23): the level
// cost first, in the chosen resource; then reputation (which may defeat
// the user, REL-063), all resources, or half of each resource.
func (s *State) payCard(f *frame) {
	seat := int(f.seat)
	pl := &s.players[seat]
	if cost := s.cardCost(seat, f.card, f.flags&frFree != 0, int(f.stack)); cost > 0 && f.payer >= 0 {
		r := Donations + Resource(f.payer)
		pl.res[r] = max(pl.res[r]-int32(cost), 0)
		f.x[3] = int32(cost) // announce reads it
	}
	info := f.card.Info()
	switch info.Extra {
	case PayAllResources:
		pl.res = [numResources]int32{}
	case PayHalfResources:
		for r := range pl.res {
			pl.res[r] -= pl.res[r] / 2
		}
	case PayReputation:
		s.loseReputation(seat, info.ExtraReputation)
	}
}

// cardUsedData is the payload of "card_used". Targets that name hidden
// cards, and tiles, are told only to the user and the seats targeted.
type cardUsedData struct {
	Card     CardID   `json:"card"`
	Reaction bool     `json:"reaction,omitempty"`
	Paid     string   `json:"paid,omitempty"`
	Cost     int      `json:"cost"`
	Seats    []int    `json:"seats,omitempty"`
	Tiles    []Coord  `json:"tiles,omitempty"`
	Cards    []CardID `json:"cards,omitempty"`
}

// announce emits "card_used" for the use in frame i (GAP-62).
func (s *State) announce(i int) {
	f := &s.frames[i]
	seat := int(f.seat)
	d := s.defs.get(f.card)
	data := cardUsedData{Card: f.card, Reaction: f.flags&frReaction != 0, Cost: int(f.x[3])}
	if f.payer >= 0 && f.x[3] > 0 {
		data.Paid = (Donations + Resource(f.payer)).String()
	}
	aud := seatBit(seat)
	for k := 0; d != nil && k < int(f.nt); k++ {
		v := int(f.tgt[k])
		switch d.targets[k].kind {
		case targetTile:
			data.Tiles = append(data.Tiles, s.coord(v))
		case targetSeat:
			data.Seats = append(data.Seats, v)
			aud |= seatBit(v)
		case targetDeck, targetGrave:
			data.Cards = append(data.Cards, CardID(v))
		}
	}
	pub := cardUsedData{Card: data.Card, Reaction: data.Reaction, Paid: data.Paid, Cost: data.Cost, Seats: data.Seats}
	s.emit("card_used", seat, aud, data, pub)
}

// targetOptions lists the legal answers for the next target of f.
func (s *State) targetOptions(f *frame, spec targetSpec) []engine.Answer {
	var out []engine.Answer
	s.eachTarget(f, spec, func(a engine.Answer, _ int) bool { out = append(out, a); return true })
	return out
}

// firstTarget returns the value of the first legal choice for spec.
func (s *State) firstTarget(f *frame, spec targetSpec) (int, bool) {
	v, found := 0, false
	s.eachTarget(f, spec, func(_ engine.Answer, val int) bool {
		v, found = val, true
		return false
	})
	return v, found
}

// targetValue converts a target answer of seat to the value a frame
// stores: the hand index (oldest first) of a "hand N" answer, the argument
// of the others (tile, seat, CardID).
func (s *State) targetValue(seat int, a engine.Answer) int {
	kind, arg := splitAnswer(a)
	if kind == ansHand {
		return s.handSlot(seat, arg)
	}
	return arg
}

// eachTarget calls yield with every legal answer for spec and the value
// it stores, in ascending answer order, until yield returns false. A
// target may not repeat an earlier target of the same kind ("two tiles"
// are two different tiles).
func (s *State) eachTarget(f *frame, spec targetSpec, yield func(a engine.Answer, v int) bool) {
	seat := int(f.seat)
	d := s.defs.get(f.card)
	taken := func(v int) bool {
		for k := 0; k < int(f.nt); k++ {
			if d.targets[k].kind == spec.kind && int(f.tgt[k]) == v {
				return true
			}
		}
		return false
	}
	ok := spec.ok
	if ok == nil {
		ok = anyCard
	}
	switch spec.kind {
	case targetTile:
		for t := range s.tiles {
			if !taken(t) && ok(s, f, t) && !yield(answer(ansTile, t), t) {
				return
			}
		}
	case targetSeat:
		for o := range s.players {
			if o != seat && s.seatShielded(o) { // Glory: Seeker (CARD-078, GAP-61)
				continue
			}
			if !taken(o) && ok(s, f, o) && !yield(answer(ansSeat, o), o) {
				return
			}
		}
	case targetHand:
		// Newest first, so that answers ("hand 1", "hand 2") ascend.
		hand := s.handOf(seat)
		for i := len(hand) - 1; i >= 0; i-- {
			if f.flags&frProbe != 0 && i == int(f.x[0]) {
				continue
			}
			if !taken(i) && ok(s, f, i) && !yield(answer(ansHand, s.slotOf(seat, i)), i) {
				return
			}
		}
	case targetDeck, targetGrave:
		zone := s.zones[seat].deck
		kind := ansDeck
		if spec.kind == targetGrave {
			zone, kind = s.zones[seat].grave, ansGrave
		}
		var seen [NumCards + 1]bool
		for _, c := range zone {
			seen[c] = true
		}
		for id := CardID(1); id <= NumCards; id++ {
			if seen[id] && !taken(int(id)) && ok(s, f, int(id)) && !yield(answer(kind, int(id)), int(id)) {
				return
			}
		}
	}
}

// answerFrame applies the answer to the top frame's pending decision.
func (s *State) answerFrame(a engine.Answer) {
	f := &s.frames[len(s.frames)-1]
	kind, arg := splitAnswer(a)
	if kind == ansSuccess {
		arg = 1 // chancePct: f.got is 1 for success, 0 for failure
	}
	switch s.ask.kind {
	case askPay:
		f.payer = int8(arg)
	case askTarget:
		f.tgt[f.nt] = int16(s.targetValue(int(f.seat), a))
		f.nt++
	case askChance:
		f.got = int32(arg)
	}
	s.opts = s.opts[:0]
	s.ask = ask{}
}

// optAnswers appends the pending frame decision's answers.
func (s *State) optAnswers(buf []engine.Answer) []engine.Answer {
	for _, o := range s.opts {
		buf = append(buf, o.Answer)
	}
	return buf
}

// isOpt reports whether a is an answer to the pending frame decision.
func (s *State) isOpt(a engine.Answer) bool {
	return slices.ContainsFunc(s.opts, func(o engine.Outcome) bool { return o.Answer == a })
}
