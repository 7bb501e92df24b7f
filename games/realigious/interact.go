package realigious

import (
	"tabletop/engine"
)

// resolveTile runs the tile interaction of the active seat's contacted tile
// at the end of the interaction phase (GAP-06 (c)): propagation on a neutral
// tile, combat on another player's tile, nothing on one's own.
func (s *State) resolveTile(dispute bool) {
	seat := s.active()
	pl := &s.players[seat]
	t := int(pl.pos)
	tile := &s.tiles[t]
	switch {
	case pl.onStart || t < 0:
		s.endTurn()
	case tile.Owner < 0:
		if tile.Structure.LocalGovernment() || !tile.Terrain.Contactable() {
			s.endTurn() // never propagated (GAP-36)
			return
		}
		s.startPropagation(seat, t) // REL-410, REL-416
	case int(tile.Owner) == seat:
		s.endTurn()
	default:
		owner := int(tile.Owner)
		if pl.religion == Buddhism { // REL-137, REL-513
			s.endTurn()
			return
		}
		piece := s.disputeTarget(seat) >= 0
		if piece && !dispute {
			// Pass: no combat and no cost (GAP-18 (2)).
			s.emit("pass", seat, s.pieceAudience(seat)|engine.Only(engine.Seat(seat))|engine.Only(engine.Seat(owner)), nil, nil)
			s.endTurn()
			return
		}
		s.startCombat(seat, owner, t, piece) // REL-501, GAP-07
	}
}

func (s *State) startPropagation(seat, t int) {
	ts := s.propagationTerms(seat, t) // REL-419
	r := s.p.clamp(ts.sum())          // REL-436
	s.roll = roll{kind: rollPropagation, seat: int8(seat), defender: -1, tile: int16(t), r1: int16(r), r: int16(r), r1Terms: ts}
	s.phase = phaseRoll // REL-420
}

// startCombat declares combat and pays its costs (REL-328, REL-329,
// REL-513, REL-547, GAP-07, GAP-10).
func (s *State) startCombat(seat, defender, t int, piece bool) {
	pl := &s.players[seat]
	withFollowers := int(pl.res[Followers]) >= s.p.CombatFollowerMin
	if withFollowers {
		pl.res[Followers] -= int32(s.p.CombatFollowerCost)
	}
	kind := rollCombat
	if piece {
		kind = rollPieceCombat
	}
	s.emit("declare", seat, s.involved(seat, defender), declareData{Tile: s.coord(t), Defender: defender, Kind: rollKindNames[kind], Reputation: s.declareCost(seat), Followers: boolInt(withFollowers) * s.p.CombatFollowerCost}, nil)
	if s.loseReputation(seat, s.declareCost(seat)) {
		s.endTurn() // the declaration's cost defeated the attacker (REL-063)
		return
	}
	r1t := s.attackTerms(seat, withFollowers)
	r2t := s.defenseTerms(defender, piece)
	r1 := s.p.clamp(r1t.sum()) // REL-557
	r2 := s.p.clamp(r2t.sum()) // REL-541
	r := s.p.clamp(r1 - r2)    // REL-522, GAP-11
	s.roll = roll{kind: kind, seat: int8(seat), defender: int8(defender), tile: int16(t), r1: int16(r1), r2: int16(r2), r: int16(r), r1Terms: r1t, r2Terms: r2t}
	s.phase = phaseRoll // REL-523
}

type declareData struct {
	Tile       Coord  `json:"tile"`
	Defender   int    `json:"defender"`
	Kind       string `json:"kind"`
	Reputation int    `json:"reputation_cost"`
	Followers  int    `json:"follower_cost"`
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// applyRoll applies the outcome of the pending roll.
func (s *State) applyRoll(success bool) {
	rl := s.roll
	seat := int(rl.seat)
	ex := s.explain(success)
	switch rl.kind {
	case rollPropagation:
		s.propagationResult(seat, int(rl.tile), success, ex)
	case rollCombat:
		s.combatResult(seat, int(rl.defender), int(rl.tile), success, ex)
	case rollPieceCombat:
		s.pieceCombatResult(seat, int(rl.defender), int(rl.tile), success, ex)
	case rollProfessor:
		s.professorResult(seat, int(rl.tile), success, ex)
	}
}

// propagationResult applies REL-438-441.
func (s *State) propagationResult(seat, t int, success bool, ex *Explain) {
	pl := &s.players[seat]
	if !success {
		stack(&pl.propCorr) // REL-415, REL-427, REL-428, REL-441
		s.emit("propagation", seat, s.involved(seat, -1), ex, nil)
		s.relicRun(seat, ZogMalomos, false)
		s.endTurn()
		return
	}
	pl.propCorr = 0 // REL-438
	tile := &s.tiles[t]
	pct := [numResources]int{100, 100, 100}
	if pl.religion == Christianity { // REL-133, GAP-47
		for r := range pct {
			pct[r] += s.p.ChristianRewardPct
		}
	}
	if !pl.bonusUsed { // REL-121, REL-122, GAP-46
		pl.bonusUsed = true
		switch pl.character {
		case Businessman:
			pct[Donations] += s.p.CharacterRewardPct
			pct[Influence] += s.p.CharacterRewardPct
		case Religionist:
			pct[Followers] += s.p.CharacterRewardPct
		}
	}
	before := pl.res
	if !s.churchAdvantage(seat, t) { // King's Treasure replaces the allotment (REL-947)
		for r := range pct { // REL-414, REL-439
			pl.res[r] += int32(int(tile.Alloc[r]) * pct[r] / 100)
		}
	}
	for r := range ex.Gains {
		ex.Gains[r] = int(pl.res[r] - before[r])
	}
	s.emit("propagation", seat, s.involved(seat, -1), ex, nil)
	s.setOwner(t, seat, s.involved(seat, -1)) // REL-411
	if s.checkEnd() || s.relicRun(seat, ZogMalomos, true) {
		return
	}
	s.endTurn()
}

// combatResult applies the normal combat results (REL-561-569, GAP-17).
func (s *State) combatResult(seat, def, t int, success bool, ex *Explain) {
	pl, dp := &s.players[seat], &s.players[def]
	if !success {
		stack(&pl.combatCorr) // REL-548
		s.relicRun(seat, Sekrazade, false)
		dp.defCorr = 0        // REL-569
		pl.returnAtEnd = true // REL-568
		s.emit("combat", seat, s.involved(seat, def), ex, nil)
		s.loseReputation(seat, s.p.NormalLossReputation) // REL-567
		s.endTurn()
		return
	}
	pl.combatCorr = 0  // REL-561
	stack(&dp.defCorr) // REL-533
	tile := &s.tiles[t]
	for r := Resource(0); r < numResources; r++ { // REL-565, GAP-67
		loss := int(tile.Alloc[r]) * s.p.DefenderLossPct / 100
		if loss > int(dp.res[r]) {
			loss = int(dp.res[r])
		}
		dp.res[r] -= int32(loss)
		ex.DefenderLoss[r] = loss
	}
	pct := 100
	if pl.religion == Islam {
		pct += s.p.IslamRewardPct // REL-143
	}
	if pl.religion == Christianity {
		pct += s.p.ChristianRewardPct // REL-133
	}
	for r := Resource(0); r < numResources; r++ { // REL-563, GAP-17
		g := ex.DefenderLoss[r]
		if r != Followers {
			g += int(tile.Alloc[r])
		}
		g = g * pct / 100
		ex.Gains[r] = g
		pl.res[r] += int32(g)
	}
	s.emit("combat", seat, s.involved(seat, def), ex, nil)
	s.setOwner(t, seat, s.involved(seat, def)) // REL-562, REL-564
	if s.checkEnd() || s.relicRun(seat, Sekrazade, true) {
		return
	}
	s.endTurn()
}

// pieceCombatResult applies the piece-vs-piece results (REL-571-580). Glory
// and shame cards arrive with the strategy cards (REL-573, REL-575, REL-578).
func (s *State) pieceCombatResult(seat, def, t int, success bool, ex *Explain) {
	pl, dp := &s.players[seat], &s.players[def]
	s.emit("piece_combat", seat, s.involved(seat, def), ex, nil)
	if !success {
		stack(&pl.combatCorr) // REL-577
		s.relicRun(seat, Sekrazade, false)
		dp.defCorr = 0                                  // REL-580
		pl.returnAtEnd = true                           // GAP-18 (6)
		s.loseReputation(seat, s.p.PieceLossReputation) // REL-579
		s.endTurn()
		return
	}
	pl.combatCorr = 0                          // REL-571
	stack(&dp.defCorr)                         // REL-533
	s.setOwner(t, seat, s.involved(seat, def)) // REL-572, REL-574
	if s.checkEnd() || s.relicRun(seat, Sekrazade, true) {
		return
	}
	// The loser's piece moves to a random tile it owns at the nearest
	// distance (REL-576).
	var buf [8]engine.Answer
	s.relocSeat = int8(def)
	cands := s.appendRelocations(buf[:0])
	switch len(cands) {
	case 0:
		s.endTurn() // it owns no tile: the piece stays
	case 1:
		_, arg := splitAnswer(cands[0])
		s.relocate(def, arg)
		s.endTurn()
	default:
		s.phase = phaseRelocate
	}
}

// appendRelocations appends a tile answer for every tile the relocating seat
// owns at the nearest distance from its piece, in tile order.
func (s *State) appendRelocations(buf []engine.Answer) []engine.Answer {
	seat := int(s.relocSeat)
	from := int(s.players[seat].pos)
	best := -1
	for t := range s.tiles {
		if int(s.tiles[t].Owner) != seat || t == from || !s.canContact(t) { // REL-814: not onto a blocked tile
			continue
		}
		d := s.geo.distance(from, t)
		switch {
		case best < 0 || d < best:
			best = d
			buf = append(buf[:0], answer(ansTile, t))
		case d == best:
			buf = append(buf, answer(ansTile, t))
		}
	}
	return buf
}

func (s *State) isRelocation(seat, t int) bool {
	if t < 0 || t >= len(s.tiles) {
		return false
	}
	for _, a := range s.appendRelocations(nil) {
		if _, arg := splitAnswer(a); arg == t {
			return true
		}
	}
	return false
}

func (s *State) relocate(seat, t int) { s.movePiece("relocated", seat, t) }

// setOwner changes a tile's owner and tells every seat that can see the
// tile's owner (ownerVisible), plus the seats in learn, who took part in
// the interaction that changed it.
func (s *State) setOwner(t, owner int, learn engine.SeatMask) {
	s.tiles[t].Owner = int8(owner)
	aud := s.refreshOwner(t) | learn
	n := len(s.tiles)
	for seat := range s.players {
		if learn.Has(engine.Seat(seat)) {
			s.known[seat*n+t] = int8(owner)
		}
	}
	s.emit("owner", owner, aud, ownerData{Tile: s.coord(t), Owner: owner}, nil)
}

type ownerData struct {
	Tile  Coord `json:"tile"`
	Owner int   `json:"owner"`
}

// loseReputation takes n points of reputation and reports whether that
// defeated the seat (REL-062, REL-063, GAP-67). It ends no turn: a caller
// whose active seat falls ends the turn itself.
func (s *State) loseReputation(seat, n int) bool {
	pl := &s.players[seat]
	pl.rep -= int32(n)
	if pl.rep < 0 {
		pl.rep = 0
	}
	if pl.rep > 0 {
		return false
	}
	s.eliminate(seat)
	s.checkEnd()
	return true
}

// drain takes n points of reputation from seat through another player's
// effect, and reports whether the match ended.
func (s *State) drain(seat, n int) bool {
	s.loseReputation(seat, n)
	return s.phase == phaseOver
}

// eliminate removes a seat at 0 reputation (GAP-34): its piece leaves the
// map and its tiles become neutral.
func (s *State) eliminate(seat int) {
	pl := &s.players[seat]
	pl.defeated = true
	s.defeats++
	pl.defeatRank = s.defeats
	pl.pos = -1
	pl.returnAtEnd = false
	s.emitAll("defeated", seat, map[string]string{"how": "reputation"}) // REL-062
	for t := range s.tiles {
		if int(s.tiles[t].Owner) == seat {
			s.setOwner(t, -1, 0)
		}
	}
	// GAP-34: bribes lapse (their counters stay), relics go back to the map.
	for i := range s.govs {
		if int(s.govs[i].briber) == seat {
			s.govs[i].briber = -1
		}
	}
	if int(s.celeb.briber) == seat {
		s.celeb.briber = -1
	}
	s.scatterRelics(seat)
}

// stack adds one correction stack; stacks grow until reset and never wrap.
func stack(c *uint8) {
	if *c < ^uint8(0) {
		*c++
	}
}
