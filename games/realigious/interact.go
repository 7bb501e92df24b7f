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
	if pl.onStart || t < 0 || pl.defeated {
		s.endTurn()
		return
	}
	tile := &s.tiles[t]
	switch {
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
		if s.combatBarred(t) { // CARD-004: an Apostle cannot be a combat target (GAP-52)
			s.emit("combat_barred", seat, s.involved(seat, owner), map[string]any{"tile": s.coord(t), "owner": owner}, nil)
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
	s.poseRoll() // REL-420
}

// poseRoll lets the card effects change the pending roll (cardRoll), then
// asks chance for it, or applies a forced outcome at once.
func (s *State) poseRoll() {
	s.roll.force, s.roll.lose = 0, 0
	s.cardRoll(&s.roll)
	if s.roll.lose >= 100 {
		s.roll.force = 2
	}
	if f := s.roll.force; f != 0 {
		s.applyRoll(f == 1)
		return
	}
	s.phase = phaseRoll
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
	s.roll = roll{kind: kind, seat: int8(seat), defender: int8(defender), tile: int16(t), followers: withFollowers}
	// The "when" window of the declaration: a card may nullify the combat
	// (Peace Like a River, Relief Operation).
	s.cancelled = false
	if s.fire(hook{kind: hookDeclare, seat: int8(seat), other: int8(defender), tile: int16(t), frame: -1, piece: piece}, contDeclare) {
		return
	}
	s.declareRest()
}

// declareRest builds the combat rates once the declaration's window is
// over, or ends the turn when a card nullified the combat.
func (s *State) declareRest() {
	rl := &s.roll
	seat, defender, t := int(rl.seat), int(rl.defender), int(rl.tile)
	if s.cancelled || s.players[seat].defeated || s.players[defender].defeated {
		if s.cancelled {
			s.cancelled = false
			s.emit("combat_nullified", seat, s.involved(seat, defender), map[string]any{"tile": s.coord(t), "defender": defender}, nil)
		}
		s.endTurn()
		return
	}
	piece := rl.kind == rollPieceCombat
	r1t := s.attackTerms(seat, rl.followers)
	s.cardTerms(&r1t, rateQuery{rate: rateAttack, seat: seat, other: defender, tile: t})
	r2t := s.defenseTerms(defender, piece)
	s.cardTerms(&r2t, rateQuery{rate: rateDefense, seat: defender, other: seat, tile: t})
	r1 := s.p.clamp(r1t.sum()) // REL-557
	r2 := s.p.clamp(r2t.sum()) // REL-541
	r := s.p.clamp(r1 - r2)    // REL-522, GAP-11
	s.roll = roll{kind: rl.kind, seat: int8(seat), defender: int8(defender), tile: int16(t), r1: int16(r1), r2: int16(r2), r: int16(r), r1Terms: r1t, r2Terms: r2t}
	s.poseRoll() // REL-523
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
		s.afterRoll(hook{kind: hookPropagation, seat: int8(seat), other: -1, tile: int16(t), frame: -1})
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
	for r := range pct {
		pct[r] += s.propagationBonus(seat) // Joy of Ministry (CARD-019, GAP-13)
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
	s.afterRoll(hook{kind: hookPropagation, seat: int8(seat), other: -1, tile: int16(t), frame: -1, won: true})
}

// afterRoll tells the card effects how a propagation or normal combat
// ended, then ends the turn once they are done.
func (s *State) afterRoll(h hook) {
	if s.fire(h, contEndTurn) {
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
		s.loseReputation(seat, s.cardRepCost(seat, repCombatLoss, s.p.NormalLossReputation)) // REL-567, CARD-047
		s.afterRoll(hook{kind: hookCombat, seat: int8(seat), other: int8(def), tile: int16(t), frame: -1})
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
	s.tileLost(t, def, seat, lostCombat)
	if s.checkEnd() || s.relicRun(seat, Sekrazade, true) {
		return
	}
	s.afterRoll(hook{kind: hookCombat, seat: int8(seat), other: int8(def), tile: int16(t), frame: -1, won: true})
}

// pieceCombatResult applies the piece-vs-piece results (REL-571-580): the
// winner of an attack gets a random glory card and the beaten first
// arrival a random shame card; a beaten attacker gets a shame card
// (REL-573, REL-575, REL-578, REL-721), into the hand (GAP-61).
func (s *State) pieceCombatResult(seat, def, t int, success bool, ex *Explain) {
	pl, dp := &s.players[seat], &s.players[def]
	s.emit("piece_combat", seat, s.involved(seat, def), ex, nil)
	if !success {
		stack(&pl.combatCorr) // REL-577
		s.relicRun(seat, Sekrazade, false)
		dp.defCorr = 0        // REL-580
		pl.returnAtEnd = true // GAP-18 (6)
		// REL-579; CARD-047 may waive it.
		s.loseReputation(seat, s.cardRepCost(seat, repCombatLoss, s.p.PieceLossReputation))
		s.giveCard(seat, ShameCard) // REL-578
		s.afterRoll(hook{kind: hookCombat, seat: int8(seat), other: int8(def), tile: int16(t), frame: -1, piece: true})
		return
	}
	pl.combatCorr = 0                          // REL-571
	stack(&dp.defCorr)                         // REL-533
	s.setOwner(t, seat, s.involved(seat, def)) // REL-572, REL-574
	s.tileLost(t, def, seat, lostCombat)
	s.giveCard(seat, GloryCard) // REL-573
	s.giveCard(def, ShameCard)  // REL-575
	if s.checkEnd() || s.relicRun(seat, Sekrazade, true) {
		return
	}
	s.relocSeat = int8(def)
	if s.fire(hook{kind: hookCombat, seat: int8(seat), other: int8(def), tile: int16(t), frame: -1, piece: true, won: true}, contRelocate) {
		return
	}
	s.relocateLoser()
}

// relocateLoser moves the beaten first arrival's piece (s.relocSeat) to a
// random tile it owns at the nearest distance (REL-576), then ends the turn.
func (s *State) relocateLoser() {
	def := int(s.relocSeat)
	if def < 0 || s.players[def].defeated || s.players[def].pos < 0 {
		s.endTurn()
		return
	}
	var buf [8]engine.Answer
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
	s.dropEffectsOf(seat) // GAP-34: the cards' effects on and by it end
}

// lowerReputation takes n reputation from seat through by's card (card) or
// relic (card 0) effect, and tells the reactions (hookRepLowered: Fair
// Game). It reports whether the match ended.
func (s *State) lowerReputation(seat, n, by int, card CardID) bool {
	before := s.players[seat].rep
	s.loseReputation(seat, n)
	if s.phase == phaseOver {
		return true
	}
	if lost := before - s.players[seat].rep; lost > 0 {
		s.dispatch(hook{kind: hookRepLowered, seat: int8(seat), other: int8(by), tile: -1, card: card, frame: -1, n: int16(lost)})
	}
	return false
}

// giveCard puts a random glory or shame card into seat's hand (REL-721,
// GAP-61). Which one is drawn from the state's PRNG: the card lands in a
// hidden hand (docs/decisions.md, GAP-61); its kind is public.
func (s *State) giveCard(seat int, kind CardKind) {
	if s.players[seat].defeated || s.noCards {
		return
	}
	first := CardID(75) // CARD-075-079 (REL-725)
	if kind == ShameCard {
		first = 80 // CARD-080-084
	}
	id := first + CardID(s.hiddenPick(5))
	s.addToHand(seat, id, 0, kind.String())
}

// stack adds one correction stack; stacks grow until reset and never wrap.
func stack(c *uint8) {
	if *c < ^uint8(0) {
		*c++
	}
}
