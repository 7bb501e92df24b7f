package realigious

import (
	"tabletop/engine"
)

// The celebrity wanders one step at the end of every cycle (REL-981, REL-983,
// GAP-38) and, once bribed, acts for its briber as a second piece that
// cannot be steered (REL-985, REL-986): what it does on contact depends on
// its type (REL-990-993).

// declareCost is the reputation a combat declaration costs seat: 2%, waived
// by the police station's Let Off with a Warning (REL-970, GAP-36) and cut
// by 1% with the mosque's Insha'Allah (REL-949).
func (s *State) declareCost(seat int) int {
	if s.hasAdvantage(seat, targetPolice) {
		return 0
	}
	c := s.p.DeclareReputation
	if s.players[seat].inshallah {
		c--
	}
	return s.cardRepCost(seat, repDeclare, max(c, 0)) // Axis of Evil, Declaration of Holy War
}

// appendWanders appends the tiles the celebrity may step to.
func (s *State) appendWanders(buf []engine.Answer) []engine.Answer {
	pos := int(s.celeb.pos)
	if pos < 0 {
		return buf
	}
	for d := Dir(0); d < numDirs; d++ {
		if n := s.geo.neighbour(pos, d); n >= 0 && s.tiles[n].Terrain.Contactable() && !s.tiles[n].Structure.LocalGovernment() && !s.ruined(n) {
			buf = append(buf, answer(ansTile, n))
		}
	}
	sortAnswers(buf)
	return buf
}

func sortAnswers(v []engine.Answer) {
	for i := 1; i < len(v); i++ {
		for j := i; j > 0 && v[j] < v[j-1]; j-- {
			v[j], v[j-1] = v[j-1], v[j]
		}
	}
}

// wander moves the celebrity to tile t and applies its contact effect. It
// reports whether the flow stopped (a roll or decision pending, or the end).
func (s *State) wander(t int) bool {
	from := int(s.celeb.pos)
	before := s.celebAudience()
	s.celeb.pos = int16(t)
	after := s.celebAudience()
	f, to := s.coord(from), s.coord(t)
	// Like a piece's move: each seat learns only the ends it saw.
	both := before & after
	s.emit("celebrity", int(s.celeb.briber), both, movedData{From: &f, To: &to}, nil)
	if arrived := after &^ both; arrived != 0 {
		s.emit("celebrity", int(s.celeb.briber), arrived, movedData{To: &to}, nil)
	}
	if left := before &^ after; left != 0 {
		s.emit("celebrity", int(s.celeb.briber), left, movedData{From: &f}, nil)
	}
	if b := int(s.celeb.briber); b >= 0 {
		s.see(b)
	}
	// Cards answer the step first (Wiretap, Puppet Curse, Contract Killing).
	if s.fire(hook{kind: hookCeleb, seat: s.celeb.briber, other: s.tiles[t].Owner, tile: int16(t), frame: -1}, contWander) {
		return true
	}
	return s.wanderRest()
}

// wanderRest applies the bribed celebrity's contact effect on its tile.
func (s *State) wanderRest() bool {
	t := int(s.celeb.pos)
	b := int(s.celeb.briber)
	if b < 0 || t < 0 || s.players[b].defeated {
		return false
	}
	tile := &s.tiles[t]
	switch s.celeb.kind {
	case Professor:
		// REL-990, GAP-38: a propagation at the briber's rate that leaves
		// the briber's correction alone.
		if tile.Owner < 0 && tile.Terrain.Contactable() && !tile.Structure.LocalGovernment() {
			ts := s.propagationTerms(b, t)
			r := s.p.clamp(ts.sum())
			s.roll = roll{kind: rollProfessor, seat: int8(b), defender: -1, tile: int16(t), r1: int16(r), r: int16(r), r1Terms: ts}
			s.phase = phaseRoll
			return true
		}
	case Vagrant:
		if int(tile.Owner) == b { // REL-991
			s.gainReputation(b, s.p.VagrantReputation)
			return s.checkEnd()
		}
	case Archaeologist:
		if s.relicAt(t) >= 0 { // REL-992
			s.cont = contCycle
			return s.collectRelics(b, t, s.celebAudience())
		}
	case Thug:
		for o := range s.players { // REL-993
			if o != b && int(s.players[o].pos) == t && !s.players[o].defeated {
				s.players[o].skipNext = true
				// Told where only to those who see the victim (it may be in stealth).
				aud := s.pieceAudience(o) | engine.Only(engine.Seat(o)) | engine.Only(engine.Seat(b))
				s.emit("thug", o, aud, map[string]any{"briber": b, "tile": s.coord(t)}, map[string]any{"briber": b})
			}
		}
	}
	return false
}

// celebAudience is who sees the celebrity: its briber, and every seat that
// sees its tile.
func (s *State) celebAudience() engine.SeatMask {
	var m engine.SeatMask
	if b := s.celeb.briber; b >= 0 {
		m |= engine.Only(engine.Seat(b))
	}
	if s.celeb.pos < 0 {
		return m
	}
	for o := range s.players {
		if s.seesTile(o, int(s.celeb.pos)) {
			m |= engine.Only(engine.Seat(o))
		}
	}
	if !s.night && !s.fogAt(int(s.celeb.pos)) {
		m |= engine.SpectatorBit
	}
	return m
}

// gainReputation adds n points, up to 100 (GAP-13).
func (s *State) gainReputation(seat, n int) {
	pl := &s.players[seat]
	pl.rep = int32(min(int(pl.rep)+n, 100))
}

// professorResult applies the Professor's roll (REL-990).
func (s *State) professorResult(seat, t int, success bool, ex *Explain) {
	if success {
		tile := &s.tiles[t]
		pl := &s.players[seat]
		for r := range tile.Alloc {
			ex.Gains[r] = int(tile.Alloc[r])
			pl.res[r] += tile.Alloc[r]
		}
		s.emit("professor", seat, s.celebAudience()|engine.Only(engine.Seat(seat)), ex, nil)
		s.setOwner(t, seat, engine.Only(engine.Seat(seat)))
		if s.checkEnd() {
			return
		}
	} else {
		s.emit("professor", seat, s.celebAudience()|engine.Only(engine.Seat(seat)), ex, nil)
	}
	s.resumeCycle()
}

// churchAdvantage gives the first player of a church's religion to
// propagate its tile the church's faction advantage (REL-945-950, GAP-35).
// It reports whether the tile's allotment is replaced (King's Treasure).
func (s *State) churchAdvantage(seat, t int) bool {
	tile := &s.tiles[t]
	pl := &s.players[seat]
	if tile.Structure != Church || tile.Church != pl.religion || tile.Claimed {
		return false
	}
	tile.Claimed = true // REL-946: the first matching propagator only
	name := ""
	replaced := false
	switch pl.religion {
	case Christianity:
		// King's Treasure: half of current holdings instead of the
		// allotment (REL-947).
		name = "kings_treasure"
		for r := range pl.res {
			pl.res[r] += pl.res[r] / 2
		}
		replaced = true
	case Buddhism:
		name = "middle_way" // GAP-35: +10% propagation for the rest of the game
		pl.middleWay = true
	case Islam:
		name = "inshallah" // REL-949
		pl.inshallah = true
	case Hinduism:
		name = "secret_art" // REL-950: cards used this turn are free
		pl.secretArt = int32(pl.turns)
	}
	s.emit("church", seat, s.involved(seat, -1), map[string]string{"advantage": name}, nil)
	return replaced
}
