package realigious

import (
	"fmt"

	"tabletop/engine"
)

// The cards' part of the canonical encoding (encode.go), after the
// rules core's fields: each seat's zones, the effects, the frames, the
// pending frame decision and the chain counters.

// Bounds a decoded state must keep, so that nothing can index out of
// range or allocate without limit.
const (
	maxZoneCards = 4096 // cards in one zone
	maxEffects   = 4096
	maxOpts      = 4096
)

func (e *enc) cards(v []CardID) {
	e.u(uint64(len(v)))
	for _, c := range v {
		e.u(uint64(c))
	}
}

func (e *enc) hook(h *hook) {
	e.u(uint64(h.kind))
	e.i(int(h.seat))
	e.i(int(h.other))
	e.i(int(h.tile))
	e.u(uint64(h.card))
	e.i(int(h.frame))
	e.i(int(h.n))
	e.bool(h.won)
	e.bool(h.piece)
	e.bool(h.used)
	e.bool(h.cancel)
}

func (s *State) encodeCards(e *enc) {
	e.bool(s.noCards)
	for i := range s.zones {
		z := &s.zones[i]
		e.cards(z.comp)
		e.cards(z.deck)
		e.cards(z.grave)
		e.u(uint64(z.nHand))
		for _, hc := range z.hand[:z.nHand] {
			e.u(uint64(hc.id))
			e.u(uint64(hc.flags))
			e.u(uint64(hc.stack))
		}
	}
	e.u(uint64(len(s.effects)))
	for _, x := range s.effects {
		e.u(uint64(x.card))
		e.u(uint64(x.sub))
		e.u(uint64(x.clock))
		e.i(int(x.seat))
		e.i(int(x.src))
		e.i(int(x.tile))
		e.i(int(x.until))
		e.i(int(x.at))
		e.i(int(x.n))
		e.i(int(x.v))
	}
	e.u(uint64(len(s.frames)))
	for i := range s.frames {
		f := &s.frames[i]
		e.u(uint64(f.kind))
		e.u(uint64(f.stage))
		e.u(uint64(f.step))
		e.u(uint64(f.flags))
		e.i(int(f.seat))
		e.i(int(f.payer))
		e.u(uint64(f.card))
		e.u(uint64(f.sub))
		e.u(uint64(f.stack))
		e.u(uint64(f.nt))
		for _, t := range f.tgt {
			e.i(int(t))
		}
		for _, x := range f.x {
			e.i(int(x))
		}
		e.i(int(f.got))
		e.hook(&f.h)
	}
	e.u(uint64(len(s.opts)))
	for _, o := range s.opts {
		e.u(uint64(o.Answer))
		e.i(o.Weight)
	}
	e.u(uint64(s.ask.kind))
	e.i(int(s.ask.seat))
	e.u(uint64(s.ask.def))
	e.bool(s.cancelled)
	e.u(uint64(s.chain))
	e.bool(s.chainHit)
	s.encodeMarks(e)
}

func (d *dec) cards(what string, valid bool) []CardID {
	n := int(d.u(what, maxZoneCards))
	if n == 0 {
		return nil
	}
	out := make([]CardID, 0, min(n, len(d.b)))
	for k := 0; k < n && d.err == nil; k++ {
		c := CardID(d.u(what+" card", NumCards))
		if valid && !c.Valid() {
			d.fail(what + " card")
		}
		out = append(out, c)
	}
	return out
}

func (d *dec) i16(what string) int16 {
	v := d.i(what)
	if v < -1<<15 || v >= 1<<15 {
		d.fail(what)
	}
	return int16(v)
}

func (d *dec) i32(what string) int32 {
	v := d.i(what)
	if v < -1<<31 || v >= 1<<31 {
		d.fail(what)
	}
	return int32(v)
}

func (d *dec) hook(h *hook) {
	h.kind = hookKind(d.u("hook kind", uint64(numHookKinds)-1))
	h.seat = int8(d.rng("hook seat"))
	h.other = int8(d.rng("hook other"))
	h.tile = d.i16("hook tile")
	h.card = CardID(d.u("hook card", NumCards))
	h.frame = d.i16("hook frame")
	h.n = d.i16("hook n")
	h.won = d.bool("hook won")
	h.piece = d.bool("hook piece")
	h.used = d.bool("hook used")
	h.cancel = d.bool("hook cancel")
}

func (s *State) decodeCards(d *dec) {
	np, nt := len(s.players), len(s.tiles)
	seatOK := func(v int8, none bool) bool { return int(v) < np && (v >= 0 || none && v == -1) }
	tileOK := func(v int16) bool { return v >= -1 && int(v) < nt }
	s.noCards = d.bool("no cards")
	s.zones = make([]zones, np)
	for i := range s.zones {
		z := &s.zones[i]
		z.comp = d.cards("composition", true)
		z.deck = d.cards("deck", true)
		z.grave = d.cards("graveyard", true)
		z.nHand = uint8(d.u("hand", HandLimit))
		for k := 0; k < int(z.nHand); k++ {
			z.hand[k] = handCard{id: CardID(d.u("hand card", NumCards)), flags: uint8(d.u("hand flags", uint64(hcMask))), stack: uint8(d.u("hand stack", 255))}
			if !z.hand[k].id.Valid() {
				d.fail("hand card")
			}
		}
	}
	ne := int(d.u("effects", maxEffects))
	for k := 0; k < ne && d.err == nil; k++ {
		x := effect{card: CardID(d.u("effect card", NumCards)), sub: uint8(d.u("effect sub", 255)), clock: uint8(d.u("effect clock", uint64(numClocks)-1)),
			seat: int8(d.rng("effect seat")), src: int8(d.rng("effect src")), tile: d.i16("effect tile"),
			until: d.i32("effect until"), at: d.i32("effect at"), n: d.i16("effect n"), v: d.i16("effect v")}
		if !x.card.Valid() || !seatOK(x.seat, false) || !seatOK(x.src, true) || !tileOK(x.tile) {
			d.fail("effect")
		}
		s.effects = append(s.effects, x)
	}
	s.recountEffects()
	nf := int(d.u("frames", frameCap))
	if nf > 0 {
		s.frames = make([]frame, 0, frameCap)
	}
	for k := 0; k < nf && d.err == nil; k++ {
		f := frame{kind: frameKind(d.u("frame kind", uint64(numFrameKinds)-1)), stage: uint8(d.u("frame stage", uint64(numStages)-1)),
			step: uint8(d.u("frame step", 255)), flags: uint8(d.u("frame flags", 255)), seat: int8(d.rng("frame seat")),
			payer: int8(d.rng("frame payer")), card: CardID(d.u("frame card", NumCards)), sub: uint8(d.u("frame sub", 255)),
			stack: uint8(d.u("frame stack", 255)), nt: uint8(d.u("frame targets", maxTargets))}
		for j := range f.tgt {
			f.tgt[j] = d.i16("frame target")
		}
		for j := range f.x {
			f.x[j] = d.i32("frame scratch")
		}
		f.got = d.i32("frame got")
		d.hook(&f.h)
		if !seatOK(f.seat, f.kind == frameWindow) || f.payer < -1 || f.payer > 1 || !seatOK(f.h.seat, true) || !seatOK(f.h.other, true) ||
			!tileOK(f.h.tile) || f.h.frame < -1 || int(f.h.frame) >= k {
			d.fail("frame")
		}
		if (f.kind == frameUse || f.kind == frameEffect || f.kind == frameState) && !f.card.Valid() {
			d.fail("frame card")
		}
		s.frames = append(s.frames, f)
	}
	no := int(d.u("opts", maxOpts))
	for k := 0; k < no && d.err == nil; k++ {
		a := engine.Answer(d.u("opt answer", 1<<32-1))
		w := d.i("opt weight")
		if w < 0 || w > 1<<20 {
			d.fail("opt weight")
		}
		s.opts = append(s.opts, engine.Outcome{Answer: a, Weight: w})
	}
	s.ask = ask{kind: askKind(d.u("ask kind", uint64(numAskKinds)-1)), seat: int8(d.rng("ask seat")), def: uint8(d.u("ask default", 255))}
	s.cancelled = d.bool("cancelled")
	s.chain = uint8(d.u("chain", 255))
	s.chainHit = d.bool("chain hit")
	s.decodeMarks(d)
}

// validateCards checks what the card rules need of a decoded state beyond
// the ranges decodeCards checks: a frame decision with its frames and
// sorted answers, frame targets that name real tiles, seats and cards.
func (s *State) validateCards() error {
	np, nt := len(s.players), len(s.tiles)
	if s.phase == phaseBusy {
		return fmt.Errorf("phase busy is never pending")
	}
	if s.phase == phaseCard {
		if len(s.frames) == 0 || len(s.opts) == 0 || int(s.ask.def) >= len(s.opts) || int(s.ask.seat) >= np || s.ask.seat < -1 {
			return fmt.Errorf("card decision without its frame or answers")
		}
		if s.ask.seat < 0 && s.ask.kind != askChance || s.ask.seat >= 0 && s.ask.kind == askChance {
			return fmt.Errorf("card decision %q asked of seat %d", askKinds[s.ask.kind], s.ask.seat)
		}
		for k, o := range s.opts {
			if k > 0 && o.Answer <= s.opts[k-1].Answer || s.ask.seat < 0 && o.Weight <= 0 {
				return fmt.Errorf("card decision answers not sorted or weights not positive")
			}
		}
	} else if len(s.frames) > 0 && s.phase != phaseDesignate && s.phase != phaseOver {
		return fmt.Errorf("%d frames pending under decision %q", len(s.frames), phaseKinds[s.phase])
	}
	if s.phase == phaseCard {
		if err := s.validateAsk(); err != nil {
			return err
		}
	}
	for k := range s.frames {
		f := &s.frames[k]
		d := s.defs.get(f.card)
		if f.kind == frameUse && f.flags&(frReaction|frNullified) == 0 && f.stage > stageTarget && d != nil && int(f.nt) != len(d.targets) {
			return fmt.Errorf("frame %d: %s past its targets with %d of %d chosen", k, f.card, f.nt, len(d.targets))
		}
		for j := 0; j < int(f.nt); j++ {
			v := int(f.tgt[j])
			if d == nil || j >= len(d.targets) {
				return fmt.Errorf("frame %d: %d targets for %s", k, f.nt, f.card)
			}
			lim := map[targetKind]int{targetTile: nt, targetSeat: np, targetHand: HandLimit, targetDeck: NumCards + 1, targetGrave: NumCards + 1}[d.targets[j].kind]
			if v < 0 || v >= lim {
				return fmt.Errorf("frame %d: target %d is %d", k, j, v)
			}
		}
	}
	return nil
}

// validateAsk checks that the answers of a pending card decision are of
// the kinds and ranges the decision takes, so that applying one can only
// store a sound value in the frame.
func (s *State) validateAsk() error {
	np, nt := len(s.players), len(s.tiles)
	top := &s.frames[len(s.frames)-1]
	for _, o := range s.opts {
		kind, arg := splitAnswer(o.Answer)
		ok := false
		switch s.ask.kind {
		case askPay:
			ok = kind == ansPay && arg <= 1
		case askTarget:
			d := s.defs.get(top.card)
			if top.kind != frameUse || top.stage != stageTarget || d == nil || int(top.nt) >= len(d.targets) {
				// A choice an effect asks of a seat while it resolves: any
				// target kind, in range.
				switch kind {
				case ansTile:
					ok = arg < nt
				case ansSeat:
					ok = arg < np
				case ansHand:
					ok = arg >= 1 && arg <= HandLimit
				case ansDeck, ansGrave:
					ok = CardID(arg).Valid()
				case ansPick, ansPay:
					ok = true
				}
				break
			}
			switch d.targets[top.nt].kind {
			case targetTile:
				ok = kind == ansTile && arg < nt
			case targetSeat:
				ok = kind == ansSeat && arg < np
			case targetHand:
				ok = kind == ansHand && arg >= 1 && arg <= s.handCount(int(top.seat))
			case targetDeck:
				ok = kind == ansDeck && CardID(arg).Valid()
			case targetGrave:
				ok = kind == ansGrave && CardID(arg).Valid()
			}
		case askChance:
			switch kind {
			case ansTile:
				ok = arg < nt
			case ansSeat:
				ok = arg < np
			case ansPick, ansSuccess, ansFailure:
				ok = true
			}
		}
		if !ok {
			return fmt.Errorf("card decision %q offers %s", askKinds[s.ask.kind], s.AnswerText(o.Answer))
		}
	}
	return nil
}
