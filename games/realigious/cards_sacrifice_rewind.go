package realigious

import (
	"fmt"
	"math"
	"slices"
)

// Turn marks for Time Reversal (CARD-066, GAP-55): "return the target
// player's play state to what it was one turn earlier". At the start of
// every own turn (skipped ones too, GAP-26) the rules record the seat's
// play state in its mark (markTurn, called by startTurn): piece, reputation,
// resources, corrections, hand, deck, graveyard, the states on it and the
// owner of every tile. Time Reversal restores the target to its mark,
// except that resources spent since are not given back (each resource
// becomes the smaller of then and now) and tiles are only taken back: a
// tile the target owns now but did not then returns to its owner then (or
// becomes neutral when that owner is out), and Domain of God's record of
// its use stays (rewindKeeps). Marks are kept only while some
// seat's composition holds Time Reversal, so matches without it pay
// nothing for them; a seat without a mark cannot be targeted.
//
// The marks are part of the state: cloned, encoded (encodeMarks) and
// expressed in scenarios ("marks", ScenarioMark).

// turnMark is one seat's play state at the start of its last own turn.
type turnMark struct {
	turn    int32 // the own turn it was taken at; 0: no mark
	pos     int16
	onStart bool
	rep     int32
	res     [numResources]int32
	corr    [3]uint8 // propagation, combat, defense corrections
	nHand   uint8
	hand    [HandLimit]handCard
	deck    []CardID
	grave   []CardID
	owners  []int8   // every tile's owner
	states  []effect // the player states on the seat, in list order
}

// cloneMarks copies the marks deeply.
func cloneMarks(src []turnMark) []turnMark {
	if src == nil {
		return nil
	}
	out := slices.Clone(src)
	for i := range out {
		m := &out[i]
		m.deck, m.grave = slices.Clone(m.deck), slices.Clone(m.grave)
		m.owners, m.states = slices.Clone(m.owners), slices.Clone(m.states)
	}
	return out
}

// marksWanted reports whether some seat's composition holds Time Reversal.
func (s *State) marksWanted() bool {
	for i := range s.zones {
		if slices.Contains(s.zones[i].comp, cardTimeReversal) {
			return true
		}
	}
	return false
}

// markTurn records seat's play state as its own turn begins.
func (s *State) markTurn(seat int) {
	if !s.marksWanted() {
		return
	}
	if len(s.marks) != len(s.players) {
		s.marks = make([]turnMark, len(s.players))
	}
	pl, z, m := &s.players[seat], &s.zones[seat], &s.marks[seat]
	m.turn, m.pos, m.onStart, m.rep, m.res = pl.turns, pl.pos, pl.onStart, pl.rep, pl.res
	m.corr = [3]uint8{pl.propCorr, pl.combatCorr, pl.defCorr}
	m.nHand, m.hand = z.nHand, z.hand
	m.deck, m.grave = append(m.deck[:0], z.deck...), append(m.grave[:0], z.grave...)
	m.owners = m.owners[:0]
	for t := range s.tiles {
		m.owners = append(m.owners, s.tiles[t].Owner)
	}
	m.states = m.states[:0]
	for _, e := range s.effects {
		if e.tile < 0 && int(e.seat) == seat && e.clock != clockDead {
			m.states = append(m.states, e)
		}
	}
}

// hasMark reports whether seat has a mark to return to.
func (s *State) hasMark(seat int) bool {
	return seat < len(s.marks) && s.marks[seat].turn > 0
}

// timeReversal is CARD-066: half of each resource is paid with the cost
// (GAP-23); another player with a mark returns to it (rewind).
func timeReversal() cardDef {
	return cardDef{
		id: cardTimeReversal,
		targets: []targetSpec{{kind: targetSeat, ok: func(s *State, f *frame, o int) bool {
			return otherSeat(s, f, o) && s.hasMark(o)
		}}},
		run: func(s *State, f *frame) bool {
			if o := f.target(0); s.hasMark(o) && !s.players[o].defeated {
				s.rewind(o, int(f.seat))
			}
			return true
		},
	}
}

// rewind returns seat to its mark (Time Reversal used by user).
func (s *State) rewind(seat, user int) {
	pl, m := &s.players[seat], &s.marks[seat]
	if m.pos >= 0 && pl.pos >= 0 && m.pos != pl.pos {
		s.movePiece("relocated", seat, int(m.pos))
	}
	pl.onStart = m.onStart
	pl.rep = m.rep
	pl.propCorr, pl.combatCorr, pl.defCorr = m.corr[0], m.corr[1], m.corr[2]
	for r := range pl.res {
		pl.res[r] = min(pl.res[r], m.res[r]) // spent resources stay spent, gains are undone
	}
	z := &s.zones[seat]
	z.nHand, z.hand = m.nHand, m.hand
	z.deck, z.grave = append(z.deck[:0], m.deck...), append(z.grave[:0], m.grave...)
	for i := range s.effects {
		if e := &s.effects[i]; e.tile < 0 && int(e.seat) == seat && e.clock != clockDead && !rewindKeeps(e) {
			s.endEffect(e)
		}
	}
	s.sweep()
	for _, e := range m.states {
		if rewindKeeps(&e) {
			continue
		}
		s.effects = append(s.effects, e)
		s.counted(e.card)
		s.emitEffect("state_on", &s.effects[len(s.effects)-1])
	}
	taken := 0
	for t := range s.tiles {
		if int(s.tiles[t].Owner) != seat || int(m.owners[t]) == seat {
			continue
		}
		back := int(m.owners[t])
		if back >= 0 && s.players[back].defeated {
			back = -1
		}
		s.setOwner(t, back, seatBit(seat)|seatBit(back))
		s.tileLost(t, seat, back, lostEffect)
		taken++
	}
	full := map[string]any{"seat": seat, "turn": m.turn, "reputation": pl.rep, "tiles": taken, "hand": s.handIDs(seat), "deck": len(z.deck)}
	pub := map[string]any{"seat": seat, "turn": m.turn, "reputation": pl.rep, "tiles": taken, "hand": int(z.nHand), "deck": len(z.deck)}
	s.emit("time_reversal", user, s.cardWatchers(seat), full, pub)
	s.checkEnd()
}

// rewindKeeps reports whether a rewind leaves state e as it is now: the
// record that Domain of God was used is bookkeeping of a limit, which
// counts uses, not the player's state.
func rewindKeeps(e *effect) bool { return e.card == cardDomainOfGod }

// handIDs returns seat's hand, oldest first.
func (s *State) handIDs(seat int) []CardID {
	out := []CardID{}
	for _, hc := range s.handOf(seat) {
		out = append(out, hc.id)
	}
	return out
}

// encodeMarks appends the marks to the canonical encoding.
func (s *State) encodeMarks(e *enc) {
	e.u(uint64(len(s.marks)))
	for i := range s.marks {
		m := &s.marks[i]
		e.i(int(m.turn))
		if m.turn == 0 {
			continue
		}
		e.i(int(m.pos))
		e.bool(m.onStart)
		e.i(int(m.rep))
		for _, v := range m.res {
			e.i(int(v))
		}
		for _, v := range m.corr {
			e.u(uint64(v))
		}
		e.u(uint64(m.nHand))
		for _, hc := range m.hand[:m.nHand] {
			e.u(uint64(hc.id))
			e.u(uint64(hc.flags))
			e.u(uint64(hc.stack))
		}
		e.cards(m.deck)
		e.cards(m.grave)
		for _, o := range m.owners {
			e.i(int(o))
		}
		e.u(uint64(len(m.states)))
		for _, x := range m.states {
			e.u(uint64(x.card))
			e.u(uint64(x.sub))
			e.u(uint64(x.clock))
			e.i(int(x.src))
			e.i(int(x.until))
			e.i(int(x.at))
			e.i(int(x.n))
			e.i(int(x.v))
		}
	}
}

// decodeMarks reads what encodeMarks wrote, checking every range.
func (s *State) decodeMarks(d *dec) {
	np, nt := len(s.players), len(s.tiles)
	n := int(d.u("marks", uint64(np)))
	if n != 0 && n != np {
		d.fail("marks")
		return
	}
	if n > 0 {
		s.marks = make([]turnMark, n)
	}
	for i := 0; i < n && d.err == nil; i++ {
		m := &s.marks[i]
		m.turn = d.i32("mark turn")
		if m.turn < 0 {
			d.fail("mark turn")
		}
		if m.turn <= 0 {
			continue
		}
		m.pos = d.i16("mark piece")
		m.onStart = d.bool("mark on start")
		m.rep = d.i32("mark reputation")
		for r := range m.res {
			m.res[r] = d.i32("mark resource")
		}
		for k := range m.corr {
			m.corr[k] = uint8(d.u("mark correction", 255))
		}
		m.nHand = uint8(d.u("mark hand", HandLimit))
		for k := 0; k < int(m.nHand); k++ {
			m.hand[k] = handCard{id: CardID(d.u("mark hand card", NumCards)), flags: uint8(d.u("mark hand flags", uint64(hcMask))), stack: uint8(d.u("mark hand stack", 255))}
			if !m.hand[k].id.Valid() {
				d.fail("mark hand card")
			}
		}
		m.deck = d.cards("mark deck", true)
		m.grave = d.cards("mark graveyard", true)
		m.owners = make([]int8, nt)
		for t := range m.owners {
			m.owners[t] = int8(d.rng("mark owner"))
		}
		ns := int(d.u("mark states", maxEffects))
		for k := 0; k < ns && d.err == nil; k++ {
			x := effect{card: CardID(d.u("mark state card", NumCards)), sub: uint8(d.u("mark state sub", 255)), clock: uint8(d.u("mark state clock", uint64(numClocks)-1)),
				seat: int8(i), src: int8(d.rng("mark state src")), tile: -1, until: d.i32("mark state until"), at: d.i32("mark state at"),
				n: d.i16("mark state n"), v: d.i16("mark state v")}
			if !x.card.Valid() || x.clock == clockDead {
				d.fail("mark state")
			}
			m.states = append(m.states, x)
		}
		if m.pos < -1 || int(m.pos) >= nt || m.rep < 0 || m.rep > 100 {
			d.fail("mark")
		}
	}
}

// ScenarioMark is one seat's turn mark (Time Reversal, CARD-066) in the
// scenario format: the play state it had when its last own turn began.
// Owners lists only the tiles whose owner then differs from the owner in
// the state; States are player states on the seat (tile and seat unset).
type ScenarioMark struct {
	Turn        int                `json:"turn"`
	Piece       ScenarioPos        `json:"piece,omitzero"`
	OnStart     bool               `json:"on_start,omitempty"`
	Reputation  int                `json:"reputation"`
	Resources   [3]int             `json:"resources"`
	Corrections [3]int             `json:"corrections"`
	Hand        []ScenarioHandCard `json:"hand,omitzero"`
	Deck        []CardID           `json:"deck,omitzero"`
	Graveyard   []CardID           `json:"graveyard,omitzero"`
	Owners      []ScenarioKnown    `json:"owners,omitzero"`
	States      []ScenarioEffect   `json:"states,omitzero"`
}

// marks applies the state block's "marks": one entry per seat (turn 0 for
// a seat without a mark), or none.
func (b *scnBuilder) marks() error {
	s, list := b.s, b.st.Marks
	if list == nil {
		return nil
	}
	s.marks = nil
	if len(list) == 0 {
		return nil
	}
	if len(list) != len(s.players) {
		return fmt.Errorf("state.marks: %d marks for %d seats", len(list), len(s.players))
	}
	s.marks = make([]turnMark, len(list))
	for i := range list {
		if err := b.mark(i, &list[i], &s.marks[i]); err != nil {
			return err
		}
	}
	return nil
}

func (b *scnBuilder) mark(seat int, sm *ScenarioMark, m *turnMark) error {
	s := b.s
	field := fmt.Sprintf("state.marks[%d]", seat)
	if sm.Turn < 0 || sm.Turn > math.MaxInt32 {
		return fmt.Errorf("%s.turn: %d is out of range", field, sm.Turn)
	}
	if m.turn = int32(sm.Turn); m.turn == 0 {
		return nil
	}
	m.pos = -1
	if sm.Piece.Set {
		t, err := b.tile(field+".piece", sm.Piece, false)
		if err != nil {
			return err
		}
		m.pos = int16(t)
	}
	m.onStart = sm.OnStart
	if sm.Reputation < 0 || sm.Reputation > 100 {
		return fmt.Errorf("%s.reputation: %d is out of range [0, 100]", field, sm.Reputation)
	}
	m.rep = int32(sm.Reputation)
	for r, v := range sm.Resources {
		if v < 0 || v > math.MaxInt32 {
			return fmt.Errorf("%s.resources[%d]: %d is out of range", field, r, v)
		}
		m.res[r] = int32(v)
	}
	for k, v := range sm.Corrections {
		if v < 0 || v > 255 {
			return fmt.Errorf("%s.corrections[%d]: %d is out of range [0, 255]", field, k, v)
		}
		m.corr[k] = uint8(v)
	}
	if len(sm.Hand) > HandLimit {
		return fmt.Errorf("%s.hand: %d cards, a hand holds at most %d (REL-680)", field, len(sm.Hand), HandLimit)
	}
	for k, h := range sm.Hand {
		if !h.Card.Valid() || h.Stack < 0 || h.Stack > 255 {
			return fmt.Errorf("%s.hand[%d]: not a card or stack out of range", field, k)
		}
		hc := handCard{id: h.Card, stack: uint8(h.Stack)}
		switch h.Armed {
		case "":
		case "donations":
			hc.flags |= hcArmed
		case "influence":
			hc.flags |= hcArmed | hcPayInfluence
		default:
			return fmt.Errorf("%s.hand[%d].armed: %q (want donations or influence)", field, k, h.Armed)
		}
		if h.Free {
			hc.flags |= hcFree
		}
		m.hand[k] = hc
	}
	m.nHand = uint8(len(sm.Hand))
	for _, z := range []struct {
		name string
		v    []CardID
	}{{"deck", sm.Deck}, {"graveyard", sm.Graveyard}} {
		if len(z.v) > maxZoneCards || slices.ContainsFunc(z.v, func(c CardID) bool { return !c.Valid() }) {
			return fmt.Errorf("%s.%s: too many cards or not a card", field, z.name)
		}
	}
	m.deck = slices.Clone(sm.Deck)
	slices.Reverse(m.deck) // top first in the file, last in the zone
	m.grave = slices.Clone(sm.Graveyard)
	m.owners = make([]int8, len(s.tiles))
	for t := range s.tiles {
		m.owners[t] = s.tiles[t].Owner
	}
	for k, o := range sm.Owners {
		t, err := b.tile(fmt.Sprintf("%s.owners[%d].at", field, k), o.At, false)
		if err != nil {
			return err
		}
		if o.Owner < -1 || o.Owner >= len(s.players) {
			return fmt.Errorf("%s.owners[%d].owner: %d is not a seat (or -1 for neutral)", field, k, o.Owner)
		}
		m.owners[t] = int8(o.Owner)
	}
	for k, se := range sm.States {
		f := fmt.Sprintf("%s.states[%d]", field, k)
		sub, ok := s.stateIndex(se.Card, se.Key)
		if !ok {
			return fmt.Errorf("%s: %s declares no effect %q", f, se.Card, se.Key)
		}
		from := seat
		if se.From != nil {
			from = *se.From
		}
		if from < -1 || from >= len(s.players) || se.Until < 0 || se.At < 0 ||
			se.N < math.MinInt16 || se.N > math.MaxInt16 || se.V < math.MinInt16 || se.V > math.MaxInt16 {
			return fmt.Errorf("%s: a field is out of range", f)
		}
		e := effect{card: se.Card, sub: uint8(sub), seat: int8(seat), src: int8(from), tile: -1, until: int32(se.Until), at: int32(se.At), n: int16(se.N), v: int16(se.V)}
		switch se.Ends {
		case "":
			e.clock = clockGame
		case "end":
			e.clock = clockEnd
		case "start":
			e.clock = clockStart
		default:
			return fmt.Errorf("%s.ends: %q (want end, start or none)", f, se.Ends)
		}
		m.states = append(m.states, e)
	}
	return nil
}

// snapshotMarks writes the marks into st.
func (s *State) snapshotMarks(st *ScenarioState) {
	st.Marks = []ScenarioMark{}
	for i := range s.marks {
		m := &s.marks[i]
		sm := ScenarioMark{Turn: int(m.turn)}
		if m.turn == 0 {
			st.Marks = append(st.Marks, sm)
			continue
		}
		if m.pos >= 0 {
			sm.Piece = s.scnPos(int(m.pos))
		}
		sm.OnStart, sm.Reputation = m.onStart, int(m.rep)
		for r, v := range m.res {
			sm.Resources[r] = int(v)
		}
		for k, v := range m.corr {
			sm.Corrections[k] = int(v)
		}
		sm.Hand = []ScenarioHandCard{}
		for _, hc := range m.hand[:m.nHand] {
			h := ScenarioHandCard{Card: hc.id, Free: hc.flags&hcFree != 0, Stack: int(hc.stack)}
			if hc.flags&hcArmed != 0 {
				h.Armed = (Donations + Resource(payerOf(hc))).String()
			}
			sm.Hand = append(sm.Hand, h)
		}
		sm.Deck = slices.Clone(m.deck)
		slices.Reverse(sm.Deck)
		sm.Graveyard = slices.Clone(m.grave)
		for t, o := range m.owners {
			if o != s.tiles[t].Owner {
				sm.Owners = append(sm.Owners, ScenarioKnown{At: s.scnPos(t), Owner: int(o)})
			}
		}
		for _, e := range m.states {
			from := int(e.src)
			sm.States = append(sm.States, ScenarioEffect{Card: e.card, Key: s.effectKey(&e), Seat: i, From: &from,
				Ends: clockEnds[e.clock%numClocks], Until: int(e.until), At: int(e.at), N: int(e.n), V: int(e.v)})
		}
		st.Marks = append(st.Marks, sm)
	}
}
