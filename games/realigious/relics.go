package realigious

import (
	"tabletop/engine"
)

// Relics (REL-900-930, GAP-32, GAP-33): a piece (or the Archaeologist)
// contacting a relic's tile collects it. Each seat has relics held, which
// count toward mystic victory, and a buff level, the highest number of
// relics it ever held, which drives the stack effects and is never lost.

// collectRelics collects every relic on tile t for seat (REL-901). It
// reports whether the flow stopped: the match ended or a decision is
// pending.
// where is the audience that may know where it happened.
func (s *State) collectRelics(seat, t int, where engine.SeatMask) bool {
	for i := range s.relics {
		if int(s.relics[i].tile) != t {
			continue
		}
		if s.gainRelic(seat, i, "contact", where) {
			return true
		}
	}
	return false
}

// gainRelic gives relic i to seat and applies what follows.
func (s *State) gainRelic(seat, i int, how string, where engine.SeatMask) bool {
	r := &s.relics[i]
	from := int(r.tile)
	r.tile, r.holder, r.seen, r.moved = -1, int8(seat), 0, false
	s.relicsCollected++
	c := s.coord(from)
	data := relicData{Seat: seat, God: s.god, Eye: r.eye, How: how, Held: s.relicsHeld(seat)}
	pub := data
	if from >= 0 {
		data.Tile = &c
	}
	// GAP-62: where it happened is told only to those who saw it.
	s.emit("relic", seat, where|engine.Only(engine.Seat(seat)), data, pub)
	eye := r.eye
	buff := s.players[seat].buff
	if s.relicGained(seat, eye, r.counts) {
		return true
	}
	// Cards answer the acquisition (Rite of Exorcism, CARD-051).
	s.dispatch(hook{kind: hookRelic, seat: int8(seat), other: -1, tile: int16(from), frame: -1, n: int16(i)})
	// A designation goes on top, so it resolves before the answers.
	switch {
	case s.god == GiyeChin:
		s.pushEye(seat, eye) // Stye, Insight (REL-923, REL-924)
	case s.god == Abukaros && buff < 4 && s.players[seat].buff >= 4 && len(s.players) > 2:
		s.pushDesignation(seat) // stack 4 (REL-929)
	}
	return s.settle(s.cont)
}

type relicData struct {
	Seat int    `json:"seat"`
	God  God    `json:"god"`
	Eye  Eye    `json:"eye,omitempty"`
	How  string `json:"how"`
	Tile *Coord `json:"tile,omitempty"`
	Held int    `json:"held"`
}

// relicGained applies the god's effects of a newly held relic.
func (s *State) relicGained(seat int, eye Eye, counts bool) bool {
	pl := &s.players[seat]
	if s.god == GiyeChin {
		s.eyeEffect(seat, eye) // REL-918
	}
	if counts {
		for held := s.relicsHeld(seat); int(pl.buff) < held; {
			pl.buff++
			if pl.buff == 4 {
				pl.run = 0 // runs toward a relic count from stack 4 on (GAP-33)
			}
			if s.stackReached(seat, int(pl.buff)) {
				return true
			}
		}
	}
	return s.checkEnd() // REL-053, REL-909, REL-911, REL-915, REL-917, REL-919
}

// stackReached applies a one-off effect of reaching buff level n (GAP-33).
func (s *State) stackReached(seat, n int) bool {
	if s.god != Abukaros {
		return false // Zog's and Sekrazade's buffs are read from the level
	}
	if n >= 1 && n <= 3 {
		// REL-925-927: every other player loses 5%, 10%, 15%.
		for o := range s.players {
			if o != seat && !s.players[o].defeated {
				if s.lowerReputation(o, 5*n, seat, 0) {
					return true
				}
			}
		}
	}
	// Stack 4 with 3-4 players (REL-929) designates a player: gainRelic,
	// the only way up to that level, pushes the designation as a frame
	// (pushDesignation) once the acquisition is told to the cards.
	return false
}

// eyeEffect applies a Gi-ye Chin relic on collection (REL-920-922,
// GAP-33). Stye and Insight designate a player first: gainRelic pushes
// their frame (pushEye, relic_eye.go).
func (s *State) eyeEffect(seat int, eye Eye) {
	pl := &s.players[seat]
	switch eye {
	case NightEye:
		pl.nightEye = true // REL-920
		s.see(seat)
	case Clairvoyance:
		pl.clairvoyance = 3 // REL-921
	case SeeksKin:
		// REL-922: one relic this seat has not found is revealed to it.
		var hidden []int
		for i := range s.relics {
			if r := &s.relics[i]; r.tile >= 0 && !r.seen.Has(engine.Seat(seat)) {
				hidden = append(hidden, i)
			}
		}
		if len(hidden) > 0 {
			i := hidden[engine.IntN(&s.rng, len(hidden))]
			s.relics[i].seen |= engine.Only(engine.Seat(seat))
			c := s.coord(int(s.relics[i].tile))
			s.emit("relic_revealed", seat, engine.Only(engine.Seat(seat)), map[string]any{"tile": c}, nil)
		}
	}
}

// relicRun counts a success or failure toward Zog's (propagation) or
// Sekrazade's (combat) three-in-a-row relic gain at buff level 4 with 3-4
// players (REL-910, REL-916, GAP-33). It reports whether the flow stopped.
func (s *State) relicRun(seat int, god God, success bool) bool {
	pl := &s.players[seat]
	if s.god != god {
		return false
	}
	if !success {
		pl.run = 0
		return false
	}
	if pl.run < 255 {
		pl.run++
	}
	if len(s.players) == 2 || pl.buff < 4 || pl.run < 3 {
		return false
	}
	pl.run = 0
	var onMap []int
	for i := range s.relics {
		if s.relics[i].tile >= 0 {
			onMap = append(onMap, i)
		}
	}
	if len(onMap) == 0 {
		return false
	}
	return s.gainRelic(seat, onMap[engine.IntN(&s.rng, len(onMap))], "run", engine.Only(engine.Seat(seat)))
}

// pushDesignation pushes the frame of Abukaros's stack-4 designation by
// seat (REL-929, GAP-33): designate another player; take all of its relics
// if its reputation is 50% or less. Like Stye's and Insight's (pushEye), it
// goes above the acquisition's reaction window, so that it resolves first
// and the collection then goes on wherever it came from (a contact, the
// Archaeologist, a card). Frame fields: seat is the designator, got the
// designated seat; step 1 waits for the designation.
func (s *State) pushDesignation(seat int) {
	s.push(frame{kind: frameDesignation, seat: int8(seat), payer: -1,
		h: hook{kind: hookNone, seat: -1, other: -1, tile: -1, frame: -1}})
}

// designWaiting returns the frame of a designation that waits for its
// answer (the top frame: Abukaros's stack 4, Stye or Insight), or nil. A
// designate decision without one (a scenario or a sampled view may pose
// Abukaros's so) is applied by Apply at once.
func (s *State) designWaiting() *frame {
	if len(s.frames) == 0 {
		return nil
	}
	if f := &s.frames[len(s.frames)-1]; (f.kind == frameDesignation || f.kind == frameEye) && f.step == 1 {
		return f
	}
	return nil
}

// stepDesignation runs a designation frame: Abukaros's stack 4
// (frameDesignation) or a Stye or Insight relic (frameEye). Step 0 finds
// the candidates (appendDesignations) and designates the only one without
// asking (GAP-06) or asks the designator; step 1 applies the answer Apply
// stored in f.got. With no candidate nothing happens.
func (s *State) stepDesignation(f *frame) bool {
	seat := int(f.seat)
	if seat < 0 || seat >= len(s.players) || s.players[seat].defeated {
		return true
	}
	if f.step == 0 {
		var buf [MaxPlayers]engine.Answer
		switch c := s.appendDesignations(buf[:0], seat); len(c) {
		case 0:
			return true // nobody to designate
		case 1:
			_, target := splitAnswer(c[0])
			s.designated(f, target) // GAP-06: one candidate is not asked
			return true
		}
		f.step = 1
		s.designSeat = int8(seat)
		s.phase = phaseDesignate
		return false
	}
	target := int(f.got)
	if target < 0 || target >= len(s.players) || target == seat || s.players[target].defeated {
		return true // only a damaged encoding gets here
	}
	s.designated(f, target)
	return true
}

// designated applies the effect of designation frame f on target.
func (s *State) designated(f *frame, target int) {
	if f.kind == frameEye {
		s.eyeOn(int(f.seat), Eye(f.sub), target)
		return
	}
	s.designate(int(f.seat), target)
}

// appendDesignations appends a "seat N" answer for every other seat in play.
func (s *State) appendDesignations(buf []engine.Answer, seat int) []engine.Answer {
	for o := range s.players {
		if o != seat && !s.players[o].defeated {
			buf = append(buf, answer(ansSeat, o))
		}
	}
	return buf
}

// theftReputation is the reputation at or below which Abukaros's stack-4
// designation takes the target's relics (REL-929: "50% or less").
const theftReputation = 50

// designate applies Abukaros's stack-4 designation of target by seat
// (REL-929). When it would take relics (target's reputation is 50% or
// less and it holds some), the taking is an attempt to take target's
// relics, which Fire from Heaven may nullify as it nullifies a card's
// (CARD-055): it runs as a frame (frameTheft, stepTheft) so that the
// attempt's "when" window resolves first, whatever it asks. With nothing
// to take there is no attempt and the designation resolves at once.
func (s *State) designate(seat, target int) {
	if int(s.players[target].rep) <= theftReputation && len(s.relicsOf(target)) > 0 && len(s.frames) < frameCap {
		s.push(frame{kind: frameTheft, seat: int8(seat), payer: -1,
			h: hook{kind: hookRelicTake, seat: int8(seat), other: int8(target), tile: -1, frame: -1, n: -1}})
		return
	}
	s.theft(seat, target)
}

// stepTheft runs the frame of a theft (f.seat takes from f.h.other): step
// 0 announces the attempt (hookRelicTake, a "when" hook of the rules, so
// that a nullification sets s.cancelled as it does for a combat
// declaration); step 1, once the window is over, either reports the
// nullification as the cards' takings do (relic_take_nullified) or
// takes the relics.
func (s *State) stepTheft(f *frame) bool {
	seat, target := int(f.seat), int(f.h.other)
	if seat < 0 || seat >= len(s.players) || target < 0 || target >= len(s.players) {
		return true // only a damaged encoding gets here
	}
	if f.step == 0 {
		f.step = 1
		s.cancelled = false
		s.dispatch(f.h)
		return false
	}
	if s.cancelled {
		s.cancelled = false
		s.emitAll("relic_take_nullified", seat, map[string]int{"target": target})
		return true
	}
	if !s.players[seat].defeated {
		s.theft(seat, target)
	}
	return true
}

// theft takes all of target's relics for seat if target's reputation is
// 50% or less (REL-929) and tells who was designated and what was taken.
func (s *State) theft(seat, target int) {
	took := 0
	if int(s.players[target].rep) <= theftReputation {
		for i := range s.relics {
			if int(s.relics[i].holder) == target {
				s.relics[i].holder = int8(seat)
				took++
			}
		}
	}
	data := map[string]int{"target": target, "relics": took, "reputation": int(s.players[target].rep)}
	if s.repHidden(target) {
		// Let Not the Left Hand Know (CARD-030): only the target sees its
		// reputation; the others learn what was taken.
		s.emit("theft", seat, seatBit(target), data, map[string]int{"target": target, "relics": took})
	} else {
		s.emitAll("theft", seat, data)
	}
	if took > 0 {
		s.relicGained(seat, NoEye, true)
	}
}

// scatterRelics puts a defeated seat's relics back on the map at random
// tiles, hidden again (GAP-34).
func (s *State) scatterRelics(seat int) {
	for i := range s.relics {
		if int(s.relics[i].holder) == seat {
			t := s.freeRelicTile()
			s.relics[i].holder, s.relics[i].tile, s.relics[i].seen = -1, int16(t), 0
		}
	}
}

// relicBonus is Zog's or Sekrazade's stack buff: +10% per level up to 3
// (REL-906-908, REL-912-914).
func (s *State) relicBonus(seat int, god God) int {
	if s.god != god {
		return 0
	}
	return 10 * min(int(s.players[seat].buff), 3)
}
