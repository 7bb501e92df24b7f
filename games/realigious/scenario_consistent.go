package realigious

import (
	"errors"
	"fmt"

	"tabletop/engine"
)

// consistent checks that the state is one the rules can work with: every
// reachable state passes, and no state that passes can make the rules
// panic or break the engine contract.
func (b *scnBuilder) consistent(phaseName string) error {
	s := b.s
	n := len(s.players)
	alive, movable := 0, 0
	// A piece may stand on water once the military base's Restriction
	// Lifted has been held (GAP-36); its advantage may since have moved on.
	wet := s.govs[targetMilitary].bribes > 0
	for i := range s.players {
		pl := &s.players[i]
		field := fmt.Sprintf("state.players[%d]", i)
		if pl.defeated {
			if pl.pos >= 0 {
				return fmt.Errorf("%s.piece: a defeated seat's piece has left the map and must be null (GAP-34)", field)
			}
			continue
		}
		alive++
		if pl.pos < 0 {
			return fmt.Errorf("%s.piece: null, but seat %d is not defeated", field, i)
		}
		p := s.coord(int(pl.pos))
		if !s.tiles[pl.pos].Terrain.Contactable() && !wet {
			return fmt.Errorf("%s.piece: %d,%d is %s, which no piece can contact (GAP-45) unless the military base has been bribed (GAP-36)", field, p.Col, p.Row, s.tiles[pl.pos].Terrain)
		}
		for d := Dir(0); d < numDirs; d++ {
			if nb := s.geo.neighbour(int(pl.pos), d); nb >= 0 && (s.tiles[nb].Terrain.Contactable() || s.hasAdvantage(i, targetMilitary)) {
				movable++
				break
			}
		}
		if pl.prev >= 0 && !s.tiles[pl.prev].Terrain.Contactable() && !wet {
			c := s.coord(int(pl.prev))
			return fmt.Errorf("%s.prev: %d,%d is %s, which no piece can contact (GAP-45) unless the military base has been bribed (GAP-36)", field, c.Col, c.Row, s.tiles[pl.prev].Terrain)
		}
		if pl.onStart && pl.pos != pl.start {
			return fmt.Errorf("%s.on_start: true, but the piece is not on its starting point", field)
		}
		if h := s.relicsHeld(i); int(pl.buff) < h {
			return fmt.Errorf("%s.relic_buff: %d, but the seat holds %d relics (the buff level is the highest number ever held, GAP-33)", field, pl.buff, h)
		}
	}
	for t := range s.tiles {
		o := int(s.tiles[t].Owner)
		if o < 0 {
			continue
		}
		c := s.coord(t)
		switch {
		case !s.tiles[t].Terrain.Contactable():
			return fmt.Errorf("state.tiles: %d,%d is %s and cannot be owned (GAP-45)", c.Col, c.Row, s.tiles[t].Terrain)
		case s.tiles[t].Structure.LocalGovernment():
			return fmt.Errorf("state.tiles: %d,%d is a local government (%s) and cannot be owned (GAP-36)", c.Col, c.Row, s.tiles[t].Structure)
		case s.players[o].defeated:
			return fmt.Errorf("state.tiles: %d,%d is owned by seat %d, which is defeated (GAP-34)", c.Col, c.Row, o)
		}
	}
	if err := b.consistentFactions(); err != nil {
		return err
	}
	if err := b.consistentCards(phaseName); err != nil {
		return err
	}
	if phaseName == "over" {
		return nil
	}
	if alive < 2 {
		return fmt.Errorf("state.players: %d seats not defeated; a match in play has at least 2 (REL-054)", alive)
	}
	if movable == 0 {
		// Every turn would end without a decision (GAP-48), forever.
		return errors.New("state.players: no piece in play has a contactable neighbour, so no seat could ever move")
	}
	active := s.active()
	apl := &s.players[active]
	r := &s.roll
	switch phaseName {
	case "start", "wind", "wander":
	case "designate":
		if s.cont == contContact && apl.defeated {
			return fmt.Errorf("state.active: seat %d is defeated, but a designation with cont \"contact\" resumes its contact", active)
		}
	case "roll":
		if r.kind != rollProfessor && apl.defeated {
			return fmt.Errorf("state.active: seat %d is defeated and cannot act in phase %q", active, phaseName)
		}
	case "move", "sprint", "extra_move", "contact", "interaction", "relocate":
		if apl.defeated {
			return fmt.Errorf("state.active: seat %d is defeated and cannot act in phase %q", active, phaseName)
		}
	case "card":
		if len(s.frames) == 0 || len(s.opts) == 0 {
			return errors.New("state.phase: \"card\" needs the frames and the ask of a card resolution")
		}
	default:
		return fmt.Errorf("state.phase: unknown phase %q (want start, move, sprint, extra_move, contact, interaction, roll, relocate, wind, wander, designate, card or over)", phaseName)
	}
	if len(s.frames) > 0 && phaseName != "card" && phaseName != "designate" {
		return fmt.Errorf("state.frames: card resolutions are in progress only in phase \"card\" or \"designate\", not %q", phaseName)
	}
	switch phaseName {
	case "move":
		var buf [numDirs]engine.Answer
		if len(s.appendMoves(buf[:0], active)) == 0 {
			return fmt.Errorf("state.phase: \"move\", but seat %d has no tile to move to (REL-220)", active)
		}
	case "roll":
		if r.kind == rollProfessor {
			if s.players[r.seat].defeated {
				return fmt.Errorf("state.roll.seat: seat %d is defeated", r.seat)
			}
			if r.tile >= 0 && s.tiles[r.tile].Owner >= 0 {
				return errors.New("state.roll.tile: the Professor propagates only a neutral tile (REL-990)")
			}
		} else if int(r.seat) != active {
			return fmt.Errorf("state.roll.seat: %d, but the active seat is %d", r.seat, active)
		}
		if r.tile < 0 || !s.tiles[r.tile].Terrain.Contactable() || s.tiles[r.tile].Structure.LocalGovernment() {
			return errors.New("state.roll.tile: a pending roll needs a contactable tile that is not a local government (GAP-36, GAP-45)")
		}
		if (r.kind == rollCombat || r.kind == rollPieceCombat) && s.players[r.defender].defeated {
			return fmt.Errorf("state.roll.defender: seat %d is defeated", r.defender)
		}
	case "relocate":
		rs := int(s.relocSeat)
		if rs < 0 || rs >= n || s.players[rs].defeated {
			return errors.New("state.relocate_seat: a relocate decision needs a seat in play")
		}
		if len(s.appendRelocations(nil)) == 0 {
			return fmt.Errorf("state.relocate_seat: seat %d owns no tile to move its piece to (REL-576)", rs)
		}
	case "wander":
		var buf [numDirs]engine.Answer
		if s.celeb.pos < 0 {
			return errors.New("state.phase: \"wander\", but there is no celebrity (state.celebrity.tile is null)")
		}
		if len(s.appendWanders(buf[:0])) == 0 {
			return errors.New("state.phase: \"wander\", but the celebrity has no contactable tile to step to (GAP-38)")
		}
	case "designate":
		ds := int(s.designSeat)
		switch {
		case ds < 0 || s.players[ds].defeated:
			return errors.New("state.design_seat: a designate decision needs a seat in play")
		case s.eyeWaiting() != nil:
			// Stye or Insight (REL-923, REL-924): the eye frame designates.
			if f := s.eyeWaiting(); s.god != GiyeChin || int(f.seat) != ds || (Eye(f.sub) != Stye && Eye(f.sub) != Insight) {
				return fmt.Errorf("state.frames: an eye frame designates for Gi-ye Chin's Stye or Insight by its seat, not %s's eye %d by seat %d", s.god, f.sub, f.seat)
			}
		case s.god != Abukaros || n < 3:
			return fmt.Errorf("state.phase: \"designate\" is Abukaros's stack 4 with 3 or 4 players (REL-929), not %s with %d", s.god, n)
		case s.players[ds].buff < 4:
			return fmt.Errorf("state.players[%d].relic_buff: %d, but a designation comes at stack 4 (REL-929)", ds, s.players[ds].buff)
		case s.designWaiting() != nil && int(s.designWaiting().seat) != ds:
			return fmt.Errorf("state.frames: the designation frame is seat %d's, but state.design_seat is %d", s.designWaiting().seat, ds)
		}
	}
	return nil
}

// consistentFactions checks the relics, local governments and celebrity.
func (b *scnBuilder) consistentFactions() error {
	s := b.s
	inPlay := func(field string, seat int8) error {
		if seat >= 0 && s.players[seat].defeated {
			return fmt.Errorf("%s: seat %d is defeated; its relics and bribes are gone (GAP-34)", field, seat)
		}
		return nil
	}
	for i := range s.relics {
		r := &s.relics[i]
		field := fmt.Sprintf("state.relics[%d]", i)
		if err := inPlay(field+".holder", r.holder); err != nil {
			return err
		}
		if r.tile < 0 {
			continue
		}
		c := s.coord(int(r.tile))
		if !s.tiles[r.tile].Terrain.Contactable() {
			return fmt.Errorf("%s.tile: %d,%d is %s, where no relic can lie (GAP-32); give \"relics\" or \"factions\": \"none\"", field, c.Col, c.Row, s.tiles[r.tile].Terrain)
		}
		if j := s.relicAt(int(r.tile)); j != i {
			return fmt.Errorf("%s.tile: %d,%d already holds relic %d (one relic a tile, GAP-32)", field, c.Col, c.Row, j)
		}
	}
	for i, g := range s.govs {
		field := "state.governments." + targetNames[i]
		if g.tile >= 0 && s.tiles[g.tile].Structure != govStructure[i] {
			c := s.coord(int(g.tile))
			have := s.tiles[g.tile].Structure.String()
			if have == "" {
				have = "none"
			}
			return fmt.Errorf("%s.tile: %d,%d has structure %q, not %s", field, c.Col, c.Row, have, govStructure[i])
		}
		if g.briber >= 0 && g.bribes == 0 {
			return fmt.Errorf("%s.bribes: 0, but seat %d holds its advantage", field, g.briber)
		}
		if err := inPlay(field+".briber", g.briber); err != nil {
			return err
		}
	}
	cl := &s.celeb
	if cl.pos >= 0 {
		c := s.coord(int(cl.pos))
		what := ""
		if tl := &s.tiles[cl.pos]; !tl.Terrain.Contactable() {
			what = tl.Terrain.String()
		} else if tl.Structure.LocalGovernment() {
			what = "a local government (" + tl.Structure.String() + ")"
		}
		if what != "" {
			return fmt.Errorf("state.celebrity.tile: %d,%d is %s, where the celebrity cannot stand (GAP-38); give \"celebrity\" or \"factions\": \"none\"", c.Col, c.Row, what)
		}
	} else if cl.briber >= 0 {
		return fmt.Errorf("state.celebrity.briber: %d, but there is no celebrity (tile null)", cl.briber)
	}
	if cl.briber >= 0 && cl.bribes == 0 {
		return fmt.Errorf("state.celebrity.bribes: 0, but seat %d holds its advantage", cl.briber)
	}
	return inPlay("state.celebrity.briber", cl.briber)
}
