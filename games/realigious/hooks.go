package realigious

import "tabletop/engine"

// Hooks are the moments card effects and reactions answer (REL-691). The
// rules call dispatch at each moment with a hook describing it; dispatch
// first runs the forced answers of the effects in play (stateDef.on, in
// the order the effects were made), then, unless the chain bound is
// reached, opens a reaction window: a frame that offers the event to the
// armed reactions seat by seat, in turn order starting after the acting
// seat (docs/decisions.md, GAP-25). A reaction fires only if its owner
// armed it in advance and its cost can be paid; nothing is ever asked of a
// seat that holds one, so offering reactions reveals nothing (GAP-25).
//
// "When" hooks (hookCardUse, hookDeclare, hookRelicTake) come before the
// action: an answer may cancel it (s.cancel), and the action checks once
// the frames are done. The others come after the fact.

// hookKind names a moment.
type hookKind uint8

// The moments.
const (
	hookNone hookKind = iota
	// hookStart: the start phase of seat's turn, before its draw.
	hookStart
	// hookDraw: seat is about to make its start-phase draw; cancel skips it
	// (One's Own Trial, Blessing of the Future).
	hookDraw
	// hookEnd: the end phase of seat's turn.
	hookEnd
	// hookCardUse (when): seat uses card (frame is the use); cancelling
	// nullifies the card (REL-692, REL-702). Reactions fire this too.
	hookCardUse
	// hookNullify: frame (seat's card) was nullified by other's card.
	hookNullify
	// hookGraveyard: card of seat reached its graveyard; used says it was
	// used (otherwise discarded or pushed out); n is its stack.
	hookGraveyard
	// hookRepLowered: seat lost n reputation through other's card or relic
	// effect (card, 0 for a relic); not payments or combat penalties.
	hookRepLowered
	// hookDeclare (when): seat declares combat on tile, owned by other;
	// piece for piece-vs-piece. Cancelling nullifies the combat.
	hookDeclare
	// hookCombat: the combat seat declared on tile against other ended;
	// won is the attacker's result; piece for piece-vs-piece.
	hookCombat
	// hookTileLost: other lost tile; seat took it (-1: it became neutral);
	// n is why (lostCombat, lostEffect, lostDefeat).
	hookTileLost
	// hookRelic: seat acquired relic number n (an index into the relics).
	hookRelic
	// hookRelicTake (when): seat attempts to take other's relics (card).
	hookRelicTake
	// hookCeleb: the celebrity stepped on tile, owned by other (-1: none).
	hookCeleb
	// hookContact: seat's piece contacted tile (a tile trigger, GAP-69).
	hookContact
	// hookPropagation: seat's propagation on tile ended; won its result.
	hookPropagation
	numHookKinds
)

// Why a tile was lost (hookTileLost's n).
const (
	lostCombat = iota + 1
	lostEffect
	lostDefeat
)

// isWhen reports whether a hook kind comes before its action.
func (k hookKind) isWhen() bool {
	return k == hookCardUse || k == hookDeclare || k == hookRelicTake || k == hookDraw
}

// hook describes one moment. Unused fields are -1 (seats, tile, frame) or 0.
type hook struct {
	kind  hookKind
	seat  int8 // the acting seat
	other int8 // the other seat concerned
	tile  int16
	card  CardID
	frame int16 // the frame concerned (the card use a reaction may nullify)
	n     int16
	won   bool
	piece bool
	used  bool
	// cancel is set by forced answers during dispatch; reactions cancel
	// through s.cancel, which reaches the action's frame or s.cancelled.
	cancel bool
}

// maxFrames bounds the frames in resolution at once, and maxChain the card
// resolutions (uses, reactions, triggers) started in one turn: beyond
// them no reaction fires and no triggered card effect starts, so every
// chain ends (Angel's Seal, Miracle, Witch's Way against Witch's Way...;
// docs/decisions.md, GAP-54).
const (
	maxFrames = 24
	maxChain  = 48
)

// chainOpen reports whether another card resolution may start, and
// announces once per turn that the bound was reached.
func (s *State) chainOpen() bool {
	if int(s.chain) < maxChain && len(s.frames) < maxFrames {
		return true
	}
	if !s.chainHit {
		s.chainHit = true
		s.emitAll("chain_limit", -1, map[string]int{"resolutions": int(s.chain), "frames": len(s.frames)})
	}
	return false
}

// dispatch offers h to the effects in play and to armed reactions. Forced
// answers run now; reactions and triggered card effects are pushed as
// frames, which resolve after the current step (see settle).
func (s *State) dispatch(h hook) {
	if s.effMask&efOn != 0 {
		for i := 0; i < len(s.effects); i++ {
			e := &s.effects[i]
			if e.clock == clockDead || s.defs.maskOf(e.card)&efOn == 0 {
				continue
			}
			if sd := s.stateDef(e); sd != nil && sd.on != nil {
				sd.on(s, e, &h)
			}
		}
		s.sweep()
	}
	if h.cancel {
		s.cancel(&h)
	}
	if h.kind == hookGraveyard && !h.used {
		// Cards that act when they reach a graveyard unused (REL-724).
		if d := s.defs.get(h.card); d != nil && d.discard != nil && s.chainOpen() {
			s.chain++
			s.push(frame{kind: frameEffect, seat: h.seat, card: h.card, payer: -1, stack: uint8(h.n), h: h})
		}
	}
	if s.anyArmed(h.kind) && s.chainOpen() {
		s.push(frame{kind: frameWindow, seat: h.seat, payer: -1, h: h})
	}
}

// cancel cancels the action of a "when" hook: it nullifies the card use
// h.frame (unless the card cannot be nullified, REL-702), or, for an
// action of the rules themselves (a combat declaration...), sets
// s.cancelled, which the action reads when it resumes.
func (s *State) cancel(h *hook) {
	if h.frame < 0 {
		s.cancelled = true
		return
	}
	s.nullify(int(h.frame), int(h.seat))
}

// nullify nullifies the card use in frame i (REL-692): its effect does not
// happen, but the card counts as used and goes to the graveyard. by is the
// seat whose effect nullifies it. It reports whether it worked.
func (s *State) nullify(i, by int) bool {
	if i < 0 || i >= len(s.frames) {
		return false
	}
	f := &s.frames[i]
	if d := s.defs.get(f.card); d != nil && d.noNullify {
		s.emitAll("nullify_failed", by, map[string]any{"card": f.card, "seat": f.seat}) // REL-702
		return false
	}
	if f.flags&frNullified != 0 {
		return true
	}
	f.flags |= frNullified
	s.dispatch(hook{kind: hookNullify, seat: f.seat, other: int8(by), tile: -1, card: f.card, frame: int16(i)})
	return true
}

// anyArmed reports whether some seat holds an armed reaction to k.
func (s *State) anyArmed(k hookKind) bool {
	for seat := range s.zones {
		for _, hc := range s.handOf(seat) {
			if hc.flags&hcArmed == 0 {
				continue
			}
			if d := s.defs.get(hc.id); d != nil && d.react != nil && d.react.on == k {
				return true
			}
		}
	}
	return false
}

// armedReaction returns the index (oldest first) of seat's oldest armed
// reaction to h that it can pay, or -1.
func (s *State) armedReaction(seat int, h *hook) int {
	if s.players[seat].defeated {
		return -1
	}
	for i, hc := range s.handOf(seat) {
		if hc.flags&hcArmed == 0 {
			continue
		}
		d := s.defs.get(hc.id)
		if d == nil || d.react == nil || d.react.on != h.kind {
			continue
		}
		if !s.canPay(seat, hc, payerOf(hc)) {
			continue
		}
		if d.react.cond == nil || d.react.cond(s, seat, h) {
			return i
		}
	}
	return -1
}

// payerOf returns the resource an armed card pays with.
func payerOf(hc handCard) int8 {
	if hc.flags&hcPayInfluence != 0 {
		return 1
	}
	return 0
}

// windowSeat returns the k-th seat a reaction window offers h to: turn
// order starting after the acting seat, the acting seat last.
func (s *State) windowSeat(h *hook, k int) int {
	n := len(s.order)
	start := s.turnIdx
	if h.seat >= 0 {
		for i, o := range s.order {
			if int(o) == int(h.seat) {
				start = i
			}
		}
	}
	return int(s.order[(start+1+k)%n])
}

// stepWindow offers f.h to the next seat with an armed reaction; each seat
// fires at most one reaction per event (its oldest), and a cancelled
// "when" event is offered no further.
func (s *State) stepWindow(f *frame) bool {
	for k := int(f.x[0]); k < len(s.order); k++ {
		if f.h.kind.isWhen() && s.isCancelled(&f.h) {
			return true
		}
		seat := s.windowSeat(&f.h, k)
		i := s.armedReaction(seat, &f.h)
		if i < 0 || !s.chainOpen() {
			continue
		}
		f.x[0] = int32(k + 1)
		hc := s.removeHand(seat, i)
		s.chain++
		h := f.h
		s.push(frame{kind: frameUse, stage: stageCommit, seat: int8(seat), card: hc.id, payer: payerOf(hc), stack: hc.stack, flags: frReaction | hcFlagsToFrame(hc), h: h})
		return false
	}
	return true
}

// isCancelled reports whether the action of a "when" hook was cancelled.
func (s *State) isCancelled(h *hook) bool {
	if h.frame < 0 {
		return s.cancelled
	}
	return int(h.frame) < len(s.frames) && s.frames[h.frame].flags&frNullified != 0
}

// seatBit is the audience of one seat.
func seatBit(seat int) engine.SeatMask {
	if seat < 0 {
		return 0
	}
	return engine.Only(engine.Seat(seat))
}

// rowMask is the audience bit of a view row: a seat, or the spectators for
// row n (the number of seats).
func rowMask(row, n int) engine.SeatMask {
	if row == n {
		return engine.SpectatorBit
	}
	return seatBit(row)
}
