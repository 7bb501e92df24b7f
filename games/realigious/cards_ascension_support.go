package realigious

import "tabletop/engine"

// Helpers of the Ascension cards (CARD-049-060, cards_ascension.go): the
// relics they reveal, take, relocate, remove and create; the hex line of
// Revelation; what Pious Body and Mind keeps; the unconditional rolls of
// Power of the Ascended.
//
// Where a relic lies is hidden from everyone but the seats that found it
// (GAP-32), so every random pick whose answer would name a relic's tile is
// drawn from the state's PRNG (hiddenPick, freeRelicTile), as the rules
// place relics; picks among a seat's held relics, whose kinds the views
// show, are chance decisions.

// relicsOf returns the indices of the relics seat holds, counting or not.
func (s *State) relicsOf(seat int) []int {
	var out []int
	for i := range s.relics {
		if int(s.relics[i].holder) == seat {
			out = append(out, i)
		}
	}
	return out
}

// relicsOnMap returns the indices of the relics on the map for which keep
// holds.
func (s *State) relicsOnMap(keep func(r *relic) bool) []int {
	var out []int
	for i := range s.relics {
		if r := &s.relics[i]; r.tile >= 0 && (keep == nil || keep(r)) {
			out = append(out, i)
		}
	}
	return out
}

// relicEventData is the payload of the Ascension relic events. Tiles are
// only in the payload of the seats that may know them.
type relicEventData struct {
	Card   CardID  `json:"card"`
	Seat   int     `json:"seat"`           // whose relic it was, or who got it
	From   int     `json:"from,omitempty"` // the seat it was taken from (relic_taken)
	Relics int     `json:"relics"`
	Tiles  []Coord `json:"tiles,omitempty"`
}

// relocateRelic puts relic i back on the map at a random free tile (drawn
// from the state's PRNG: its place is hidden again, GAP-32). It counts
// toward victory again once collected, and The Second Coming may claim it
// (GAP-60). The holder's buff level stays (GAP-33).
func (s *State) relocateRelic(i int) {
	r := &s.relics[i]
	r.holder = -1 // freeRelicTile must not see it on its old tile
	t := s.freeRelicTile()
	r.tile, r.seen, r.counts, r.moved = int16(t), 0, true, true
}

// maxRelics bounds the relic list (the state encoding reads at most 64).
const maxRelics = 64

// newRelic creates a relic of the map's god on tile t, without a Gi-ye
// Chin type, known to seat (True Homecoming, CARD-059). It takes the slot
// of a relic out of the game if there is one, so that the list stays
// short; it reports false when the list is full.
func (s *State) newRelic(t, seat int) bool {
	r := relic{tile: int16(t), holder: -1, seen: seatBit(seat), counts: true}
	for i := range s.relics {
		if s.relics[i].tile < 0 && s.relics[i].holder < 0 {
			s.relics[i] = r
			return true
		}
	}
	if len(s.relics) >= maxRelics {
		return false
	}
	s.relics = append(s.relics, r)
	return true
}

// frameIndex returns the index of f in the frame stack, -1 if it is not
// there. Frames never move while they resolve (frameCap), so a running
// step may name its own frame in a "when" hook.
func (s *State) frameIndex(f *frame) int {
	for i := range s.frames {
		if &s.frames[i] == f {
			return i
		}
	}
	return -1
}

// attemptRelicTake announces that f's card attempts to take relic n (-1:
// one not chosen yet) of seat other (hookRelicTake, a "when" hook):
// Fire from Heaven may nullify the attempt before it happens (CARD-055).
// The caller returns false and reads f.flags&frNullified when resumed.
func (s *State) attemptRelicTake(f *frame, other, n int) {
	s.dispatch(hook{kind: hookRelicTake, seat: f.seat, other: int8(other), tile: -1, card: f.card, frame: int16(s.frameIndex(f)), n: int16(n)})
}

// relicTakeFailed reports whether f's attempt to take a relic was
// nullified, and says so.
func (s *State) relicTakeFailed(f *frame) bool {
	if f.flags&frNullified == 0 {
		return false
	}
	s.emitAll("relic_take_nullified", int(f.seat), map[string]any{"card": f.card})
	return true
}

// homecomingTiles are the tiles of seat where True Homecoming may place a
// relic (CARD-059): owned and contactable, without a relic. With known
// set, it reads the relics seat knows of instead of the truth, so that
// offering the card reveals nothing.
func (s *State) homecomingTiles(seat int, known bool) []int {
	var out []int
	for t := range s.tiles {
		if int(s.tiles[t].Owner) != seat || !s.tiles[t].Terrain.Contactable() || s.ruined(t) {
			continue
		}
		if i := s.relicAt(t); i >= 0 && (!known || s.relics[i].seen.Has(engine.Seat(seat))) {
			continue
		}
		out = append(out, t)
	}
	return out
}

// nearestOwnTo returns the tiles seat owns nearest to tile t.
func (s *State) nearestOwnTo(seat, t int) []int {
	var out []int
	best := -1
	for o := range s.tiles {
		if int(s.tiles[o].Owner) != seat {
			continue
		}
		switch d := s.geo.distance(o, t); {
		case best < 0 || d < best:
			best, out = d, append(out[:0], o)
		case d == best:
			out = append(out, o)
		}
	}
	return out
}

// hexLine returns the tiles of the straight line from a to b, both
// included, by cube-coordinate interpolation (GAP-57): at each of the
// distance+1 steps, the cube point a + (b−a)·i/N, nudged off the tile
// edges the same way every time, rounded to its hex.
func (g *geometry) hexLine(a, b int) []int {
	n := g.distance(a, b)
	ax, ay, az := g.cube(a)
	bx, by, bz := g.cube(b)
	out := make([]int, 0, n+1)
	for i := 0; i <= n; i++ {
		if n == 0 {
			out = append(out, a)
			break
		}
		f := float64(i) / float64(n)
		x := float64(ax) + 1e-6 + float64(bx-ax)*f
		y := float64(ay) + 2e-6 + float64(by-ay)*f
		z := float64(az) - 3e-6 + float64(bz-az)*f
		rx, ry, rz := roundHalf(x), roundHalf(y), roundHalf(z)
		dx, dy, dz := absf(float64(rx)-x), absf(float64(ry)-y), absf(float64(rz)-z)
		switch {
		case dx > dy && dx > dz:
			rx = -ry - rz
		case dy > dz:
			ry = -rx - rz
		default:
			rz = -rx - ry
		}
		if t := g.fromCube(rx, ry, rz); t >= 0 && (len(out) == 0 || out[len(out)-1] != t) {
			out = append(out, t)
		}
	}
	return out
}

// roundHalf rounds v to the nearest integer (the nudge keeps v off .5).
func roundHalf(v float64) int {
	if v < 0 {
		return -int(-v + 0.5)
	}
	return int(v + 0.5)
}

func absf(v float64) float64 {
	if v < 0 {
		return -v
	}
	return v
}

// revelationOpen reports whether tile t of the line can be propagated by
// Revelation: neutral and contactable, not a local government, not Ruins
// (GAP-57).
func (s *State) revelationOpen(t int) bool {
	tl := &s.tiles[t]
	return tl.Owner < 0 && tl.Terrain.Contactable() && !tl.Structure.LocalGovernment() && !s.ruined(t)
}

// revelationRoll builds seat's propagation roll on tile t for Revelation
// (the tile's own propagation success rate, REL-419) and lets the card
// effects force it (Power of the Ascended, Reward of Penance).
func (s *State) revelationRoll(seat, t int) roll {
	ts := s.propagationTerms(seat, t)
	r := s.p.clamp(ts.sum())
	rl := roll{kind: rollPropagation, seat: int8(seat), defender: -1, tile: int16(t), r1: int16(r), r: int16(r), r1Terms: ts}
	s.cardRoll(&rl)
	if rl.lose >= 100 {
		rl.force = 2
	}
	return rl
}

// revelationExplain is the explain payload of one Revelation attempt.
func (s *State) revelationExplain(rl *roll, success bool) *Explain {
	ex := &Explain{
		Kind:     rollKindNames[rollPropagation],
		Seat:     int(rl.seat),
		Defender: -1,
		Tile:     s.coord(int(rl.tile)),
		R1Terms:  s.explainTermsOf(&rl.r1Terms),
		R1Raw:    rl.r1Terms.sum(),
		R1:       int(rl.r1),
		RRaw:     int(rl.r1),
		R:        int(rl.r),
		Roll:     "failure",
	}
	if success {
		ex.Roll = "success"
	}
	switch rl.force {
	case 1:
		ex.Forced = "success"
	case 2:
		ex.Forced = "failure"
	}
	return ex
}

// revelationLine is the line of the Revelation in frame f: from the relic
// tile (target 0) to the own tile chosen (f.x[0]).
func (s *State) revelationLine(f *frame) []int {
	line := s.geo.hexLine(f.target(0), int(f.x[0]))
	if len(line) > 64 {
		line = line[:64] // the success mask's bits; a 31×31 map needs at most 46
	}
	return line
}

// revelation resolves CARD-054 for f.seat (GAP-57): the own tile nearest
// the relic (ties at random), then every open tile on the line between
// them is attempted, all with the rates as they stand before any result
// (the attempts are simultaneous: results apply at the end), then the
// successes give their tiles and allotments, and the propagation
// correction clears if any succeeded, otherwise gains one stack.
//
// f.x[0] is the own tile, f.x[1] the line index being rolled, f.x[2] and
// f.x[3] the mask of successes (low and high 32 bits).
func revelation(s *State, f *frame) bool {
	seat := int(f.seat)
	for {
		switch f.step {
		case 0:
			rt := f.target(0)
			own := s.nearestOwnTo(seat, rt)
			if s.relicAt(rt) < 0 || len(own) == 0 {
				s.emitAll("card_fizzled", seat, map[string]any{"card": f.card})
				return true
			}
			// The tie-break draws from the PRNG: its answer would point at
			// the hidden relic.
			f.x[0] = int32(own[s.hiddenPick(len(own))])
			f.x[1], f.x[2], f.x[3] = 0, 0, 0
			f.step = 1
		case 1:
			line := s.revelationLine(f)
			k := int(f.x[1])
			for k < len(line) && !s.revelationOpen(line[k]) {
				k++
			}
			f.x[1] = int32(k)
			if k == len(line) {
				f.step = 3
				continue
			}
			rl := s.revelationRoll(seat, line[k])
			f.step = 2
			switch rl.force {
			case 1:
				f.got = 1
			case 2:
				f.got = 0
			default:
				if s.chancePct(f, int(rl.r)) {
					return false
				}
			}
		case 2:
			line := s.revelationLine(f)
			k := int(f.x[1])
			rl := s.revelationRoll(seat, line[k])
			won := f.got == 1
			if won {
				f.x[2+k/32] |= 1 << (k % 32)
			}
			// The attempts are told to the user only: they happen away
			// from its piece, and the line would point at the relic. Who
			// sees a tile sees its new owner (setOwner).
			s.emit("revelation", seat, seatBit(seat), s.revelationExplain(&rl, won), nil)
			f.x[1]++
			f.step = 1
		default:
			return revelationApply(s, f)
		}
	}
}

// revelationApply gives the successes of a Revelation their tiles and
// allotments (with Joy of Ministry, without the religion's contact bonus:
// no tile is contacted, as with Casting the Net) and settles the
// correction.
func revelationApply(s *State, f *frame) bool {
	seat := int(f.seat)
	pl := &s.players[seat]
	line := s.revelationLine(f)
	tried, won := 0, 0
	var gains [numResources]int
	for k, t := range line {
		if !s.revelationOpen(t) {
			continue
		}
		tried++
		if f.x[2+k/32]&(1<<(k%32)) == 0 {
			continue
		}
		won++
		pct := 100 + s.propagationBonus(seat)
		for r := range gains {
			g := int(s.tiles[t].Alloc[r]) * pct / 100
			gains[r] += g
			pl.res[r] += int32(g)
		}
		s.setOwner(t, seat, seatBit(seat))
	}
	switch {
	case won > 0:
		pl.propCorr = 0 // REL-438
	case tried > 0:
		stack(&pl.propCorr) // REL-441
	}
	s.emit("revelation_done", seat, seatBit(seat), map[string]any{"attempts": tried, "successes": won, "gains": gains}, nil)
	s.checkEnd()
	return true
}

// ascendedRoll is Power of the Ascended (CARD-052, GAP-60, GAP-14): the
// seat's propagations (its own and its Professor's) succeed, its attacks
// succeed and attacks on it fail, unconditionally. An unconditional
// outcome already set for the other side cancels it, and the roll decides.
func ascendedRoll(s *State, e *effect, r *roll) {
	seat := int8(e.seat)
	switch {
	case (r.kind == rollPropagation || r.kind == rollProfessor) && r.seat == seat:
		r.force = 1
	case (r.kind == rollCombat || r.kind == rollPieceCombat) && r.seat == seat:
		if r.force == 2 {
			r.force = 0
		} else {
			r.force = 1
		}
	case (r.kind == rollCombat || r.kind == rollPieceCombat) && r.defender == seat:
		if r.force == 1 {
			r.force = 0
		} else {
			r.force = 2
		}
	}
}

// pietyKeeps reports whether Pious Body and Mind leaves effect e in place
// (GAP-60): the states that hold a set-aside card (The Appointed King,
// Blessing of the Future: ending them would destroy the card, which the
// text does not say) and the record that Domain of God was used (a rule's
// bookkeeping, not an effect on the player).
func pietyKeeps(e *effect) bool {
	switch e.card {
	case cardTheAppointedKing, cardBlessingOfFuture, cardDomainOfGod:
		return true
	}
	return false
}
