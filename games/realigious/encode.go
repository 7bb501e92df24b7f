package realigious

import (
	"encoding/binary"
	"fmt"

	"tabletop/engine"
)

// The canonical encoding is a flat sequence of varints in a fixed field
// order, so equal states give equal bytes. It includes the PRNG state, so
// it never leaves the server; views are what players get.
const encodingVersion = 3

type enc struct{ b []byte }

func (e *enc) i(v int)    { e.b = binary.AppendVarint(e.b, int64(v)) }
func (e *enc) u(v uint64) { e.b = binary.AppendUvarint(e.b, v) }
func (e *enc) bool(v bool) {
	if v {
		e.b = append(e.b, 1)
	} else {
		e.b = append(e.b, 0)
	}
}
func (e *enc) str(v string) { e.u(uint64(len(v))); e.b = append(e.b, v...) }

func (e *enc) terms(ts *terms) {
	e.u(uint64(ts.n))
	for _, t := range ts.items() {
		e.i(int(t.tier))
		e.u(uint64(t.name))
		e.i(int(t.value))
		e.u(uint64(t.card))
		e.u(uint64(t.sub))
	}
}

// AppendEncoding appends the canonical encoding (engine.State).
func (s *State) AppendEncoding(buf []byte) []byte {
	e := enc{b: buf}
	e.u(encodingVersion)
	e.u(uint64(s.size))
	e.u(uint64(s.climate))
	e.i(s.cycleLimit)
	e.u(uint64(len(s.tiles)))
	for i := range s.tiles {
		t := &s.tiles[i]
		e.u(uint64(t.Terrain))
		e.u(uint64(t.Structure))
		e.u(uint64(t.Church))
		e.i(int(t.Owner))
		e.bool(t.Claimed)
		for _, a := range t.Alloc {
			e.i(int(a))
		}
	}
	e.u(uint64(len(s.players)))
	for i := range s.players {
		p := &s.players[i]
		e.u(uint64(p.religion))
		e.u(uint64(p.character))
		e.i(int(p.rep))
		for _, r := range p.res {
			e.i(int(r))
		}
		e.i(int(p.pos))
		e.i(int(p.prev))
		e.i(int(p.start))
		e.u(uint64(p.propCorr))
		e.u(uint64(p.combatCorr))
		e.u(uint64(p.defCorr))
		e.bool(p.defeated)
		e.i(int(p.defeatRank))
		e.bool(p.bonusUsed)
		e.i(int(p.turns))
		e.bool(p.extraUsed)
		e.bool(p.returnAtEnd)
		e.bool(p.onStart)
		e.bool(p.skipNext)
		e.u(uint64(p.buff))
		e.u(uint64(p.run))
		e.bool(p.nightEye)
		e.u(uint64(p.clairvoyance))
		e.bool(p.middleWay)
		e.bool(p.inshallah)
		e.i(int(p.secretArt))
		e.u(uint64(p.extraTurns))
	}
	for _, o := range s.order {
		e.i(int(o))
	}
	e.i(s.turnIdx)
	e.i(s.cycle)
	e.bool(s.night)
	e.i(int(s.squall))
	e.bool(s.squallSkip)
	e.u(uint64(s.wind))
	e.u(uint64(len(s.blocked)))
	for _, b := range s.blocked {
		e.u(uint64(b))
	}
	e.u(uint64(s.phase))
	r := &s.roll
	e.u(uint64(r.kind))
	e.i(int(r.seat))
	e.i(int(r.defender))
	e.i(int(r.tile))
	e.i(int(r.r1))
	e.i(int(r.r2))
	e.i(int(r.r))
	e.terms(&r.r1Terms)
	e.terms(&r.r2Terms)
	e.i(int(r.force))
	e.i(int(r.lose))
	e.bool(r.followers)
	e.i(int(s.relocSeat))
	e.i(int(s.defeats))
	e.u(uint64(s.cycleStage))
	e.u(uint64(s.cont))
	e.i(int(s.designSeat))
	e.u(uint64(s.god))
	e.u(uint64(len(s.relics)))
	for _, r := range s.relics {
		e.i(int(r.tile))
		e.i(int(r.holder))
		e.u(uint64(r.eye))
		e.u(uint64(r.seen))
		e.bool(r.counts)
		e.bool(r.moved)
	}
	for _, g := range s.govs {
		e.i(int(g.tile))
		e.i(int(g.briber))
		e.u(uint64(g.bribes))
	}
	e.u(uint64(s.celeb.kind))
	e.i(int(s.celeb.pos))
	e.i(int(s.celeb.start))
	e.i(int(s.celeb.briber))
	e.u(uint64(s.celeb.bribes))
	e.i(int(s.relicsCollected))
	for _, w := range s.revealed {
		e.u(w)
	}
	for _, k := range s.known {
		e.i(int(k))
	}
	rng, _ := s.rng.MarshalBinary()
	e.str(string(rng))
	e.i(s.steps)
	e.i(s.turns)
	e.i(int(s.winner))
	e.str(s.how)
	e.u(uint64(len(s.ranking)))
	for _, p := range s.ranking {
		e.i(int(p))
	}
	s.encodeCards(&e)
	return e.b
}

type dec struct {
	b   []byte
	err error
}

func (d *dec) fail(what string) {
	if d.err == nil {
		d.err = fmt.Errorf("realigious: %w: bad state encoding at %s", engine.ErrCorrupt, what)
	}
}

func (d *dec) i(what string) int {
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.fail(what)
		return 0
	}
	d.b = d.b[n:]
	return int(v)
}

func (d *dec) u(what string, max uint64) uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 || v > max {
		d.fail(what)
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *dec) bool(what string) bool { return d.u(what, 1) == 1 }

func (d *dec) rng(what string) int {
	v := d.i(what)
	if v < -128 || v > 127 {
		d.fail(what)
	}
	return v
}

func (d *dec) str(what string) string {
	n := d.u(what, 1<<20)
	if uint64(len(d.b)) < n {
		d.fail(what)
		return ""
	}
	s := string(d.b[:n])
	d.b = d.b[n:]
	return s
}

func (d *dec) terms(ts *terms) {
	ts.n = uint8(d.u("terms", maxTerms))
	for k := 0; k < int(ts.n); k++ {
		ts.list[k] = term{tier: int8(d.rng("tier")), name: termName(d.u("term", uint64(numTermNames)-1)), value: int16(d.i("value")),
			card: CardID(d.u("term card", NumCards)), sub: uint8(d.u("term sub", 255))}
	}
}

// Decode rebuilds a state from its canonical encoding (engine.Game).
func (g *Game) Decode(b []byte) (engine.State, error) {
	s, err := g.decode(b)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func (g *Game) decode(b []byte) (*State, error) {
	d := &dec{b: b}
	if v := d.u("version", 1<<10); v != encodingVersion {
		return nil, fmt.Errorf("realigious: %w: state encoding version %d, want %d", engine.ErrCorrupt, v, encodingVersion)
	}
	s := &State{p: &g.params, defs: g.defs}
	s.size = int(d.u("size", 31))
	if s.size < 1 {
		return nil, fmt.Errorf("realigious: %w: map size %d", engine.ErrCorrupt, s.size)
	}
	s.geo = newGeometry(s.size, s.size)
	s.climate = Climate(d.u("climate", uint64(numClimates)-1))
	s.cycleLimit = d.i("cycle_limit")
	nt := int(d.u("tiles", 1<<12))
	if d.err != nil || nt != s.size*s.size {
		d.fail("tiles")
		return nil, d.err
	}
	s.tiles = make([]Tile, nt)
	for i := range s.tiles {
		t := &s.tiles[i]
		t.Terrain = Terrain(d.u("terrain", uint64(numTerrains)-1))
		t.Structure = Structure(d.u("structure", uint64(numStructures)-1))
		t.Church = Religion(d.u("church", uint64(numReligions)-1))
		t.Owner = int8(d.rng("owner"))
		t.Claimed = d.bool("claimed")
		for k := range t.Alloc {
			t.Alloc[k] = int32(d.i("alloc"))
		}
	}
	np := int(d.u("players", 4))
	if np < 2 {
		d.fail("players")
		return nil, d.err
	}
	s.players = make([]player, np)
	for i := range s.players {
		p := &s.players[i]
		p.religion = Religion(d.u("religion", uint64(numReligions)-1))
		p.character = Character(d.u("character", uint64(numCharacters)-1))
		p.rep = int32(d.i("rep"))
		for k := range p.res {
			p.res[k] = int32(d.i("res"))
		}
		p.pos = int16(d.i("pos"))
		p.prev = int16(d.i("prev"))
		p.start = int16(d.i("start"))
		p.propCorr = uint8(d.u("prop_corr", 255))
		p.combatCorr = uint8(d.u("combat_corr", 255))
		p.defCorr = uint8(d.u("def_corr", 255))
		p.defeated = d.bool("defeated")
		p.defeatRank = int16(d.i("defeat_rank"))
		p.bonusUsed = d.bool("bonus")
		p.turns = int32(d.i("turns"))
		p.extraUsed = d.bool("extra")
		p.returnAtEnd = d.bool("return")
		p.onStart = d.bool("on_start")
		p.skipNext = d.bool("skip_next")
		p.buff = uint8(d.u("buff", 255))
		p.run = uint8(d.u("run", 255))
		p.nightEye = d.bool("night_eye")
		p.clairvoyance = uint8(d.u("clairvoyance", 255))
		p.middleWay = d.bool("middle_way")
		p.inshallah = d.bool("inshallah")
		p.secretArt = int32(d.i("secret_art"))
		p.extraTurns = uint8(d.u("extra_turns", 255))
		for _, v := range []int16{p.pos, p.prev, p.start} {
			if int(v) < -1 || int(v) >= nt {
				d.fail("piece position")
			}
		}
	}
	s.order = make([]int8, np)
	for i := range s.order {
		s.order[i] = int8(d.rng("order"))
		if int(s.order[i]) < 0 || int(s.order[i]) >= np {
			d.fail("order")
		}
	}
	s.turnIdx = d.i("turn_idx")
	if s.turnIdx < 0 || s.turnIdx >= np {
		d.fail("turn_idx")
	}
	s.cycle = d.i("cycle")
	s.night = d.bool("night")
	s.squall = int8(d.rng("squall"))
	s.squallSkip = d.bool("squall_skip")
	s.wind = Wind(d.u("wind", uint64(numWinds)-1))
	nb := int(d.u("blocked", uint64(nt)))
	for k := 0; k < nb; k++ {
		s.blocked = append(s.blocked, int16(d.u("blocked tile", uint64(nt)-1)))
	}
	s.phase = phase(d.u("phase", uint64(phaseCard)))
	r := &s.roll
	r.kind = rollKind(d.u("roll kind", uint64(rollProfessor)))
	r.seat = int8(d.rng("roll seat"))
	r.defender = int8(d.rng("roll defender"))
	r.tile = int16(d.i("roll tile"))
	r.r1 = int16(d.i("r1"))
	r.r2 = int16(d.i("r2"))
	r.r = int16(d.i("r"))
	d.terms(&r.r1Terms)
	d.terms(&r.r2Terms)
	r.force = int8(d.i("roll force"))
	r.lose = int16(d.i("roll lose"))
	if r.force < 0 || r.force > 2 || r.lose < 0 || r.lose > 100 {
		d.fail("roll force")
	}
	r.followers = d.bool("roll followers")
	s.relocSeat = int8(d.rng("reloc"))
	s.defeats = int16(d.i("defeats"))
	s.cycleStage = uint8(d.u("cycle_stage", stageWind))
	s.cont = cont(d.u("cont", uint64(numConts)-1))
	s.designSeat = int8(d.rng("design_seat"))
	s.god = God(d.u("god", uint64(numGods)-1))
	nr := int(d.u("relics", 64))
	for k := 0; k < nr && d.err == nil; k++ {
		r := relic{tile: int16(d.i("relic tile")), holder: int8(d.rng("relic holder")), eye: Eye(d.u("relic eye", uint64(numEyes)-1)), seen: engine.SeatMask(d.u("relic seen", 0xFFFF)), counts: d.bool("relic counts"), moved: d.bool("relic moved")}
		if int(r.tile) < -1 || int(r.tile) >= nt || int(r.holder) >= np {
			d.fail("relic")
		}
		s.relics = append(s.relics, r)
	}
	for k := range s.govs {
		s.govs[k] = gov{tile: int16(d.i("gov tile")), briber: int8(d.rng("gov briber")), bribes: uint8(d.u("gov bribes", 255))}
		if int(s.govs[k].tile) < -1 || int(s.govs[k].tile) >= nt || int(s.govs[k].briber) >= np {
			d.fail("gov")
		}
	}
	s.celeb = celebrity{kind: CelebrityKind(d.u("celebrity", uint64(numCelebrities)-1)), pos: int16(d.i("celebrity pos")), start: int16(d.i("celebrity start")), briber: int8(d.rng("celebrity briber")), bribes: uint8(d.u("celebrity bribes", 255))}
	if int(s.celeb.pos) < -1 || int(s.celeb.pos) >= nt || int(s.celeb.start) < -1 || int(s.celeb.start) >= nt || int(s.celeb.briber) >= np {
		d.fail("celebrity")
	}
	s.relicsCollected = int32(d.i("relics collected"))
	s.revealed = make([]uint64, (np+1)*s.words())
	for k := range s.revealed {
		s.revealed[k] = d.u("revealed", ^uint64(0))
	}
	s.known = make([]int8, (np+1)*nt)
	for k := range s.known {
		s.known[k] = int8(d.rng("known"))
	}
	if err := s.rng.UnmarshalBinary([]byte(d.str("rng"))); err != nil {
		d.fail("rng")
	}
	s.steps = d.i("steps")
	s.turns = d.i("turns")
	s.winner = int8(d.rng("winner"))
	s.how = d.str("how")
	nk := int(d.u("ranking", uint64(np)))
	for k := 0; k < nk; k++ {
		s.ranking = append(s.ranking, int8(d.rng("ranking")))
	}
	s.decodeCards(d)
	if d.err == nil && len(d.b) != 0 {
		d.fail("end (trailing bytes)")
	}
	if d.err != nil {
		return nil, d.err
	}
	if err := s.validate(); err != nil {
		return nil, fmt.Errorf("realigious: %w: %w", engine.ErrCorrupt, err)
	}
	return s, nil
}

// validate checks what a decoded state needs so that no method can panic
// on it: seats and tiles in range, a turn order that is a permutation, and a
// pending decision with at least one legal answer.
func (s *State) validate() error {
	np, nt := len(s.players), len(s.tiles)
	seen := 0
	for _, o := range s.order {
		if seen&(1<<uint(o)) != 0 {
			return fmt.Errorf("turn order %v is not a permutation", s.order)
		}
		seen |= 1 << uint(o)
	}
	inSeat := func(v int8) bool { return v >= -1 && int(v) < np }
	for t := range s.tiles {
		if !inSeat(s.tiles[t].Owner) {
			return fmt.Errorf("tile %d owned by seat %d", t, s.tiles[t].Owner)
		}
	}
	for _, k := range s.known {
		if !inSeat(k) {
			return fmt.Errorf("a remembered owner is seat %d", k)
		}
	}
	if nt == 0 {
		return fmt.Errorf("no tiles")
	}
	if !inSeat(s.roll.seat) || !inSeat(s.roll.defender) || !inSeat(s.relocSeat) || !inSeat(s.winner) || !inSeat(s.designSeat) {
		return fmt.Errorf("seat out of range in roll %d/%d, relocation %d or winner %d", s.roll.seat, s.roll.defender, s.relocSeat, s.winner)
	}
	if s.roll.tile < -1 || int(s.roll.tile) >= nt {
		return fmt.Errorf("roll tile %d out of range", s.roll.tile)
	}
	if s.cycleLimit < 1 || s.cycleLimit > maxCycleLimit {
		return fmt.Errorf("cycle limit %d out of range", s.cycleLimit)
	}
	for _, r := range s.ranking {
		if r < 0 || int(r) >= np {
			return fmt.Errorf("ranking seat %d out of range", r)
		}
	}
	if s.phase == phaseOver {
		return nil
	}
	if s.phase == phaseRoll && (s.roll.seat < 0 || s.roll.tile < 0 || (s.roll.kind == rollCombat || s.roll.kind == rollPieceCombat) && s.roll.defender < 0) {
		return fmt.Errorf("pending roll without its seat, tile or defender")
	}
	if s.phase == phaseRelocate && s.relocSeat < 0 {
		return fmt.Errorf("pending relocation without its seat")
	}
	if s.phase == phaseDesignate && s.designSeat < 0 {
		return fmt.Errorf("pending designation without its seat")
	}
	// A designation resumes the active seat's contact unless it came at the
	// end of a cycle (cont), so only then may the active seat have no piece.
	cycleEnd := s.phase == phaseWind || s.phase == phaseWander || s.phase == phaseDesignate && s.cont == contCycle || s.phase == phaseRoll && s.roll.kind == rollProfessor
	if s.players[s.active()].pos < 0 && !cycleEnd {
		return fmt.Errorf("active seat %d has no piece", s.active())
	}
	if err := s.validateCards(); err != nil {
		return err
	}
	var buf [16]engine.Answer
	if len(s.Legal(buf[:0])) == 0 {
		return fmt.Errorf("pending %q has no legal answer", phaseKinds[s.phase])
	}
	return nil
}
