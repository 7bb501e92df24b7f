package realigious

import "tabletop/engine"

// The cards' part of an information set (SampleView). The view shows the
// seat's own hand and composition, every hand and deck size, every
// graveyard, the buff lists and the designations. What it does not show
// is drawn:
//
//   - The seat's own deck: deck_count cards drawn from its composition.
//     (The real deck is the composition less what was drawn since the last
//     refill, which the seat could track; a uniform draw is the simple
//     consistent choice.)
//   - Another seat's composition: its trait slot is hidden (GAP-65), so it
//     is drawn as a slot of 5 to 10 traits that contains every trait whose
//     card that seat has in its graveyard, plus its religion's cards
//     (REL-720). Its hand and deck are drawn from that composition (a glory
//     or shame card in a hidden hand is not guessed).
//   - A hidden state's counters (hidden stateDef) on another seat are 0.
//
// Armed reactions of other seats are hidden and sampled as unarmed.

// cards fills the sampled state's zones and effects from the view.
func (b *sampler) cards() {
	s, v := b.s, b.v
	np := len(s.players)
	s.zones = make([]zones, np)
	for i := range v.Players {
		pv := &v.Players[i]
		z := &s.zones[i]
		if pv.HandCount < 0 || pv.HandCount > HandLimit || pv.DeckCount < 0 || pv.DeckCount > maxZoneCards || len(pv.Graveyard) > maxZoneCards {
			b.fail("seat %d: hand %d, deck %d, graveyard %d cards", i, pv.HandCount, pv.DeckCount, len(pv.Graveyard))
			return
		}
		for _, c := range pv.Graveyard {
			if !c.Valid() {
				b.fail("seat %d: graveyard card %d", i, c)
				return
			}
		}
		z.grave = append([]CardID(nil), pv.Graveyard...)
		if i == b.seat {
			b.ownCards(z)
		} else {
			z.comp = b.guessComposition(i)
			for range pv.HandCount {
				z.hand[z.nHand] = handCard{id: z.comp[engine.IntN(b.r, len(z.comp))]}
				z.nHand++
			}
		}
		for range pv.DeckCount {
			if len(z.comp) == 0 {
				b.fail("seat %d has a deck but no composition", i)
				return
			}
			z.deck = append(z.deck, z.comp[engine.IntN(b.r, len(z.comp))])
		}
	}
	b.effects()
	b.cardDecision()
}

// cardDecision rebuilds the seat's pending card decision from its view:
// the top frame and the answers. The frames below it, if any, are not in
// the view; the sample resumes the interaction phase afterwards when the
// seat is the active one in its turn, else ends the turn (an
// approximation of what follows the decision, not of the decision). A
// Stye or Insight designation keeps the designate phase and the flow that
// flow gave it, as Abukaros's does.
func (b *sampler) cardDecision() {
	s, d := b.s, b.v.CardDecision
	if d == nil {
		return
	}
	f, err := s.buildFrame(&d.Frame, 0)
	if err != nil {
		b.fail("card decision: %v", err)
		return
	}
	s.frames = cloneFrames([]frame{f})
	if d.Kind == phaseKinds[phaseDesignate] {
		// A Stye or Insight designation (REL-923, REL-924): flow set the
		// phase, and the legal answers follow from the seats in play.
		if f.kind != frameEye || f.step != 1 || int(f.seat) != b.seat {
			b.fail("card decision: a designation with a %s frame of seat %d at step %d", frameKindNames[f.kind%numFrameKinds], f.seat, f.step)
		}
		return
	}
	answers := make([]ScenarioOpt, len(d.Answers))
	for i, a := range d.Answers {
		answers[i] = ScenarioOpt{Answer: a}
	}
	if err := s.buildAsk(&ScenarioAsk{Kind: d.Kind, Seat: b.seat, Answers: answers, Default: d.Default}); err != nil {
		b.fail("card decision: %v", err)
		return
	}
	s.phase = phaseCard
	s.cont = contEndTurn
	if b.v.Active == b.seat && !b.v.CycleEnd {
		s.cont = contInteraction
	}
}

// ownCards copies the seat's own hand and composition.
func (b *sampler) ownCards(z *zones) {
	v := b.v
	if len(v.Hand) != v.Players[b.seat].HandCount || len(v.Composition) > maxZoneCards {
		b.fail("own hand of %d cards, hand_count %d", len(v.Hand), v.Players[b.seat].HandCount)
		return
	}
	for _, c := range v.Composition {
		if !c.Valid() {
			b.fail("composition card %d", c)
			return
		}
	}
	z.comp = append([]CardID(nil), v.Composition...)
	// View slots run newest first; the hand is stored oldest first.
	for k := len(v.Hand) - 1; k >= 0; k-- {
		hv := v.Hand[k]
		if !hv.Card.Valid() || hv.Stack < 0 || hv.Stack > 255 {
			b.fail("own hand card %d", hv.Card)
			return
		}
		hc := handCard{id: hv.Card, stack: uint8(hv.Stack)}
		if hv.Free {
			hc.flags |= hcFree
		}
		if hv.Set {
			hc.flags |= hcSet
		}
		switch hv.Armed {
		case "":
		case "donations":
			hc.flags |= hcArmed
		case "influence":
			hc.flags |= hcArmed | hcPayInfluence
		default:
			b.fail("own hand card armed with %q", hv.Armed)
			return
		}
		z.hand[z.nHand] = hc
		z.nHand++
	}
}

// guessComposition draws a composition for another seat: the traits its
// graveyard shows, topped up to a random size of 5 to 10 traits, plus its
// religion's cards.
func (b *sampler) guessComposition(seat int) []CardID {
	var has [NumTraits + 1]bool
	n := 0
	for _, c := range b.v.Players[seat].Graveyard {
		if t := c.Info().Trait; t != NoTrait && !has[t] {
			has[t] = true
			n++
		}
	}
	want := MinSlotTraits + engine.IntN(b.r, MaxPlayerLevel)
	for n < want && n < NumTraits {
		t := Trait(1 + engine.IntN(b.r, NumTraits))
		if !has[t] {
			has[t] = true
			n++
		}
	}
	var slot TraitSlot
	for t := Trait(1); t <= NumTraits; t++ {
		if has[t] {
			slot.Traits = append(slot.Traits, t)
		}
	}
	return append(slot.Cards(), ReligionCardsFor(b.s.players[seat].religion)...)
}

// effects rebuilds the effects from the buff lists and designations.
func (b *sampler) effects() {
	s, v := b.s, b.v
	add := func(ev EffectView) {
		if b.err != nil {
			return
		}
		sub, ok := s.stateIndex(ev.Card, ev.Key)
		if !ok || ev.Seat < 0 || ev.Seat >= len(s.players) || ev.From < -1 || ev.From >= len(s.players) {
			b.fail("effect %s %q", ev.Card, ev.Key)
			return
		}
		e := effect{card: ev.Card, sub: uint8(sub), seat: int8(ev.Seat), src: int8(ev.From), tile: -1,
			until: int32(ev.Until), at: int32(ev.At), n: int16(ev.N), v: int16(ev.V)}
		switch ev.Ends {
		case "":
			e.clock = clockGame
		case "end":
			e.clock = clockEnd
		case "start":
			e.clock = clockStart
		default:
			b.fail("effect ends %q", ev.Ends)
			return
		}
		if ev.Tile != nil {
			e.tile = int16(b.tile("designation", *ev.Tile))
		}
		s.effects = append(s.effects, e)
	}
	for _, pv := range v.Players {
		for _, ev := range pv.Buffs {
			add(ev)
		}
	}
	for _, ev := range v.Designations {
		add(ev)
	}
	s.recountEffects()
}
