package realigious

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// flow applies cycle_stage, cont and design_seat, with defaults that fit
// the phase: a wander, a Professor's roll or a designation at the end of a
// cycle still has the monsoon's stage to run, and a designation is the
// active seat's (cont contact) or the celebrity's briber's (cont cycle).
func (b *scnBuilder) flow(ph string) error {
	s, st := b.s, b.st
	if st.Cont != nil {
		i := slices.Index(scnContNames[:], *st.Cont)
		if i < 0 {
			return fmt.Errorf("state.cont: %q (want one of %v)", *st.Cont, scnContNames)
		}
		s.cont = cont(i)
	}
	switch {
	case st.CycleStage != nil:
		i := slices.Index(scnStageNames[:], *st.CycleStage)
		if i < 0 {
			return fmt.Errorf("state.cycle_stage: %q (want one of %v)", *st.CycleStage, scnStageNames)
		}
		s.cycleStage = uint8(i)
	case ph == "wander", ph == "roll" && s.roll.kind == rollProfessor, ph == "designate" && s.cont == contCycle:
		s.cycleStage = stageWind
	}
	switch {
	case st.DesignSeat != nil:
		v := *st.DesignSeat
		if v < -1 || v >= len(s.players) {
			return fmt.Errorf("state.design_seat: %d is not a seat (or -1)", v)
		}
		s.designSeat = int8(v)
	case ph == "designate" && s.cont == contCycle && s.celeb.briber >= 0:
		s.designSeat = s.celeb.briber
	case ph == "designate":
		s.designSeat = int8(s.active())
	}
	return nil
}

func (b *scnBuilder) roll(phaseName string) error {
	s := b.s
	sr := b.st.Roll
	if sr == nil {
		if phaseName != "roll" {
			return nil
		}
		sr = &ScenarioRoll{}
	}
	n := len(s.players)
	r := &s.roll
	kind, kindGiven := rollPropagation, sr.Kind != nil
	if kindGiven {
		i := slices.Index(rollKindNames[:], *sr.Kind)
		if i < 0 {
			return fmt.Errorf("state.roll.kind: unknown roll kind %q (want one of %v)", *sr.Kind, rollKindNames)
		}
		kind = rollKind(i)
	}
	// A Professor's roll is its briber's, on the celebrity's tile (REL-990).
	prof := kind == rollProfessor
	seat := s.active()
	if prof {
		seat = int(s.celeb.briber)
	}
	if sr.Seat != nil {
		seat = *sr.Seat
	}
	if seat < 0 || seat >= n {
		if prof && sr.Seat == nil {
			return errors.New("state.roll.seat: a professor roll is the celebrity's briber's, and the celebrity has no briber; give the seat")
		}
		return fmt.Errorf("state.roll.seat: %d is not a seat", seat)
	}
	t := int(s.players[seat].pos)
	if prof {
		t = int(s.celeb.pos)
	}
	if sr.Tile.Set {
		var err error
		if t, err = b.tile("state.roll.tile", sr.Tile, true); err != nil {
			return err
		}
	}
	if t < 0 && (phaseName == "roll" || !sr.Tile.Set) {
		if prof {
			return errors.New("state.roll.tile: the celebrity is not on the map; give the tile")
		}
		return fmt.Errorf("state.roll.tile: seat %d's piece is off the map; give the tile", seat)
	}
	if !kindGiven && t >= 0 {
		if o := int(s.tiles[t].Owner); o >= 0 && o != seat {
			kind = rollCombat
			if op := &s.players[o]; !op.defeated && int(op.pos) == t {
				kind = rollPieceCombat
			}
		}
	}
	combat := kind == rollCombat || kind == rollPieceCombat
	def := -1
	if combat && t >= 0 {
		def = int(s.tiles[t].Owner)
	}
	if sr.Defender != nil {
		def = *sr.Defender
	}
	if def < -1 || def >= n {
		return fmt.Errorf("state.roll.defender: %d is not a seat (or -1)", def)
	}
	if combat && (def < 0 || def == seat) {
		return fmt.Errorf("state.roll.defender: a %s roll needs a defender other than seat %d", rollKindNames[kind], seat)
	}
	if prof && def != -1 {
		return fmt.Errorf("state.roll.defender: %d, but a professor roll has no defender (-1)", def)
	}
	*r = roll{kind: kind, seat: int8(seat), defender: int8(def), tile: int16(t)}
	// Terms default to what the rules compute now (the combat default leaves
	// out the follower bonus, REL-547: give r1_terms for it).
	switch {
	case sr.R1Terms != nil:
		ts, err := b.scnTerms("state.roll.r1_terms", sr.R1Terms)
		if err != nil {
			return err
		}
		r.r1Terms = ts
	case !combat:
		if t >= 0 { // no terms for a recorded roll without a tile
			r.r1Terms = s.propagationTerms(seat, t)
		}
	default:
		r.r1Terms = s.attackTerms(seat, false)
		if t >= 0 {
			s.cardTerms(&r.r1Terms, rateQuery{rate: rateAttack, seat: seat, other: def, tile: t})
		}
	}
	switch {
	case sr.R2Terms != nil:
		ts, err := b.scnTerms("state.roll.r2_terms", sr.R2Terms)
		if err != nil {
			return err
		}
		r.r2Terms = ts
	case combat:
		r.r2Terms = s.defenseTerms(def, kind == rollPieceCombat)
		if t >= 0 {
			s.cardTerms(&r.r2Terms, rateQuery{rate: rateDefense, seat: def, other: seat, tile: t})
		}
	}
	r1 := s.p.clamp(r.r1Terms.sum())
	r2 := 0
	if combat {
		r2 = s.p.clamp(r.r2Terms.sum())
	}
	if sr.R1 != nil {
		r1 = *sr.R1
	}
	if sr.R2 != nil {
		r2 = *sr.R2
	}
	rr := r1
	if combat {
		rr = s.p.clamp(r1 - r2)
	}
	if sr.R != nil {
		rr = *sr.R
	}
	for _, v := range []struct {
		name string
		v    int
	}{{"r1", r1}, {"r2", r2}, {"r", rr}} {
		if v.v < 0 || v.v > 100 {
			return fmt.Errorf("state.roll.%s: %d is not a percentage", v.name, v.v)
		}
	}
	r.r1, r.r2, r.r = int16(r1), int16(r2), int16(rr)
	switch sr.Force {
	case "":
	case "success":
		r.force = 1
	case "failure":
		r.force = 2
	default:
		return fmt.Errorf("state.roll.force: %q (want success or failure)", sr.Force)
	}
	if sr.Reckless < 0 || sr.Reckless > 100 {
		return fmt.Errorf("state.roll.reckless: %d is not a percentage", sr.Reckless)
	}
	r.lose, r.followers = int16(sr.Reckless), sr.Followers
	return nil
}

func (b *scnBuilder) scnTerms(field string, list []ScenarioTerm) (terms, error) {
	var ts terms
	if len(list) > maxTerms {
		return ts, fmt.Errorf("%s: %d terms, at most %d", field, len(list), maxTerms)
	}
	for i, t := range list {
		n, ok := parseEnum(termNames[:], t.Name)
		if !ok && t.Card == 0 {
			return ts, fmt.Errorf("%s[%d].name: unknown term %q (want one of %v)", field, i, t.Name, termNames)
		}
		if t.Tier < 1 || t.Tier > 5 {
			return ts, fmt.Errorf("%s[%d].tier: %d (tiers are 1 to 5)", field, i, t.Tier)
		}
		if t.Value < math.MinInt16 || t.Value > math.MaxInt16 {
			return ts, fmt.Errorf("%s[%d].value: %d is out of range", field, i, t.Value)
		}
		tm := term{tier: int8(t.Tier), name: termName(n), value: int16(t.Value)}
		if t.Card != 0 {
			sub, ok := b.s.stateIndex(t.Card, t.Name)
			if !ok {
				return ts, fmt.Errorf("%s[%d]: %s declares no effect %q", field, i, t.Card, t.Name)
			}
			tm.name, tm.card, tm.sub = termCard, t.Card, uint8(sub)
		}
		ts.list[i] = tm
		ts.n++
	}
	return ts, nil
}

func (b *scnBuilder) result(phaseName string) error {
	sr := b.st.Result
	if sr == nil {
		return nil
	}
	if phaseName != "over" {
		return fmt.Errorf("state.result: only a finished match (phase \"over\") has a result, not phase %q", phaseName)
	}
	s := b.s
	n := len(s.players)
	if sr.Winner != nil {
		if *sr.Winner < -1 || *sr.Winner >= n {
			return fmt.Errorf("state.result.winner: %d is not a seat (or -1 for none)", *sr.Winner)
		}
		s.winner = int8(*sr.Winner)
	}
	if sr.How != nil {
		if len(*sr.How) > 64 {
			return errors.New("state.result.how: longer than 64 bytes")
		}
		s.how = *sr.How
	}
	if sr.Ranking != nil {
		if len(sr.Ranking) > n {
			return fmt.Errorf("state.result.ranking: %d seats for %d players", len(sr.Ranking), n)
		}
		s.ranking = s.ranking[:0]
		for i, v := range sr.Ranking {
			if v < 0 || v >= n || slices.Contains(s.ranking, int8(v)) {
				return fmt.Errorf("state.result.ranking[%d]: %d (each seat at most once)", i, v)
			}
			s.ranking = append(s.ranking, int8(v))
		}
	}
	return nil
}

// enter puts the state in its phase: "start" runs the start phase,
// "contact" the tile triggers and "interaction" the interaction phase of
// the active seat, as the rules do; the others only set the phase.
func (b *scnBuilder) enter(phaseName string) error {
	s := b.s
	s.events = s.events[:0]
	switch phaseName {
	case "start":
		s.phase = phaseMove
		s.startTurn()
	case "contact":
		s.phase = phaseMove
		s.contact()
	case "interaction":
		s.phase = phaseMove
		s.enterInteraction()
	default:
		i := slices.Index(phaseKinds[:], phaseName)
		if i < 0 {
			return fmt.Errorf("state.phase: unknown phase %q", phaseName)
		}
		s.phase = phase(i)
	}
	return nil
}
