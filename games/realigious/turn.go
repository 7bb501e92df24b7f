package realigious

import (
	"fmt"

	"tabletop/engine"
)

// Pending returns the decision the match waits for (engine.State).
func (s *State) Pending() engine.Decision {
	switch s.phase {
	case phaseOver:
		return engine.Decision{Seat: engine.NoSeat, Kind: phaseKinds[phaseOver]}
	case phaseDesignate:
		var buf [4]engine.Answer
		d := engine.Decision{Seat: engine.Seat(s.designSeat), Kind: phaseKinds[s.phase]}
		if legal := s.Legal(buf[:0]); len(legal) > 0 {
			d.Default = legal[0]
		}
		return d
	case phaseRoll, phaseRelocate, phaseWind, phaseWander:
		var buf [8]engine.Answer
		d := engine.Decision{Seat: engine.Chance, Kind: phaseKinds[s.phase]}
		if legal := s.Legal(buf[:0]); len(legal) > 0 {
			d.Default = legal[0]
		}
		return d
	case phaseCard:
		d := engine.Decision{Seat: engine.Seat(s.ask.seat), Kind: askKinds[s.ask.kind]}
		if s.ask.seat < 0 {
			d.Seat = engine.Chance
		}
		if int(s.ask.def) < len(s.opts) {
			d.Default = s.opts[s.ask.def].Answer
		}
		return d
	}
	// Shame: Control lends the move and interaction decisions (decider).
	return engine.Decision{Seat: engine.Seat(s.decider(s.phase)), Kind: phaseKinds[s.phase], Default: s.defaultAnswer()}
}

// defaultAnswer is the time-out answer (GAP-66): decline every option, and
// for the mandatory move a legal direction picked by the turn count, so that
// an idle player does not walk in one line.
func (s *State) defaultAnswer() engine.Answer {
	switch s.phase {
	case phaseMove:
		var buf [numDirs]engine.Answer
		if legal := s.Legal(buf[:0]); len(legal) > 0 {
			return legal[(s.turns*5+s.steps)%len(legal)]
		}
	case phaseSprint, phaseExtraMove:
		return answer(ansStop, 0)
	case phaseInteraction:
		if s.disputeTarget(s.active()) >= 0 {
			return answer(ansPass, 0)
		}
		return answer(ansEnd, 0)
	}
	return 0
}

// Legal appends the legal answers in ascending order (engine.State).
func (s *State) Legal(buf []engine.Answer) []engine.Answer {
	switch s.phase {
	case phaseMove:
		return s.appendMoves(buf, s.active())
	case phaseSprint, phaseExtraMove:
		buf = s.appendMoves(buf, s.active())
		return append(buf, answer(ansStop, 0))
	case phaseInteraction:
		// GAP-06 (a): bribes, then the piece interaction tab or "end".
		seat := s.active()
		if s.disputeTarget(seat) >= 0 {
			buf = append(buf, answer(ansDispute, 0), answer(ansPass, 0))
		} else {
			buf = append(buf, answer(ansEnd, 0))
		}
		if s.controller(seat) >= 0 {
			return buf // Shame: Control: the controller has no use of the seat's cards and resources (GAP-61)
		}
		buf = s.appendBaseAttacks(buf, seat) // "tile c,r": Private Army Base (CARD-046)
		buf = s.appendBribes(buf, seat)
		return s.appendCardAnswers(buf, seat)
	case phaseCard:
		return s.optAnswers(buf)
	case phaseWander:
		return s.appendWanders(buf)
	case phaseDesignate:
		return s.appendDesignations(buf, int(s.designSeat))
	case phaseRoll:
		return append(buf, answer(ansFailure, 0), answer(ansSuccess, 0))
	case phaseRelocate:
		return s.appendRelocations(buf)
	case phaseWind:
		for w := Wind(0); w < numWinds; w++ {
			if w != s.wind {
				buf = append(buf, answer(ansWind, int(w)))
			}
		}
		return buf
	}
	return buf
}

// Chance returns the outcomes of a pending chance decision (engine.State).
func (s *State) Chance() []engine.Outcome {
	switch s.phase {
	case phaseRoll:
		r := int(s.roll.r)
		if lose := int(s.roll.lose); lose > 0 {
			// Reckless: success needs the roll and then no 10% loss (CARD-045).
			win := r * (100 - lose)
			return []engine.Outcome{{Answer: answer(ansFailure, 0), Weight: 100*100 - win}, {Answer: answer(ansSuccess, 0), Weight: win}}
		}
		return []engine.Outcome{{Answer: answer(ansFailure, 0), Weight: 100 - r}, {Answer: answer(ansSuccess, 0), Weight: r}} // REL-420, REL-523
	case phaseCard:
		if s.ask.seat < 0 {
			return append([]engine.Outcome(nil), s.opts...)
		}
	case phaseRelocate, phaseWind, phaseWander:
		legal := s.Legal(nil)
		out := make([]engine.Outcome, len(legal))
		for i, a := range legal {
			out[i] = engine.Outcome{Answer: a, Weight: 1}
		}
		return out
	}
	return nil
}

// appendMoves appends a move for every neighbour the seat's piece may
// contact (REL-220-222, REL-227, REL-814).
func (s *State) appendMoves(buf []engine.Answer, seat int) []engine.Answer {
	pos := int(s.players[seat].pos)
	if pos < 0 {
		return buf
	}
	for d := Dir(0); d < numDirs; d++ {
		if n := s.geo.neighbour(pos, d); n >= 0 && s.canEnter(seat, n) {
			buf = append(buf, answer(ansMove, int(d)))
		}
	}
	return buf
}

// canContact reports whether a piece may contact tile t now.
func (s *State) canContact(t int) bool {
	if !s.tiles[t].Terrain.Contactable() || s.ruined(t) { // REL-227, GAP-45; Ruins (CARD-070, GAP-57)
		return false
	}
	for _, b := range s.blocked { // REL-814
		if int(b) == t {
			return false
		}
	}
	return true
}

// Apply applies one answer (engine.State). It validates before it changes
// anything, so an illegal answer leaves the state untouched.
func (s *State) Apply(a engine.Answer) ([]engine.Event, error) {
	if s.phase == phaseOver {
		return nil, fmt.Errorf("realigious: %w", engine.ErrGameOver)
	}
	if !s.isLegal(a) {
		return nil, fmt.Errorf("realigious: %w: %s is not an answer to %q (answer code %d)",
			engine.ErrIllegalAnswer, s.AnswerText(a), phaseKinds[s.phase], uint32(a))
	}
	s.events = s.events[:0]
	s.steps++
	kind, arg := splitAnswer(a)
	switch s.phase {
	case phaseMove:
		s.move(Dir(arg))
	case phaseSprint, phaseExtraMove:
		if kind == ansStop {
			if s.phase == phaseSprint {
				s.contact()
			} else {
				s.enterInteraction()
			}
		} else {
			s.move(Dir(arg))
		}
	case phaseInteraction:
		switch kind {
		case ansBribe:
			s.bribe(s.active(), arg>>1, Donations+Resource(arg&1))
			s.enterInteraction()
		case ansCard:
			if !s.useCard(s.active(), arg) {
				s.enterInteraction()
			}
		case ansArm:
			s.arm(s.active(), arg>>1, arg&1)
		case ansDisarm:
			s.arm(s.active(), arg, -1)
		case ansTile:
			s.baseAttack(s.active(), arg) // CARD-046
		default:
			s.resolveTile(kind == ansDispute)
		}
	case phaseCard:
		s.answerFrame(a)
		if !s.runFrames() {
			s.resume()
		}
	case phaseWander:
		if !s.wander(arg) {
			s.resumeCycle()
		}
	case phaseDesignate:
		s.phase = phaseMove // leave the decision before its effects run
		if f := s.designWaiting(); f != nil {
			f.got = int32(arg) // Abukaros's stack 4, Stye or Insight: the frame applies it
		} else {
			s.designate(int(s.designSeat), arg) // REL-929, posed without its frame (a scenario, a sample)
			if s.phase == phaseOver {
				break
			}
		}
		if len(s.frames) > 0 && s.runFrames() {
			break // the designation came in the middle of card resolutions
		}
		s.resume()
	case phaseRoll:
		s.applyRoll(kind == ansSuccess)
	case phaseRelocate:
		s.relocate(int(s.relocSeat), arg)
		s.endTurn()
	case phaseWind:
		s.wind = Wind(arg)
		s.emitAll("wind", -1, map[string]string{"wind": s.wind.String()}) // REL-811
		s.resumeCycle()
	}
	return s.events, nil
}

func (s *State) isLegal(a engine.Answer) bool {
	if s.phase == phaseCard {
		return s.isOpt(a)
	}
	if s.phase == phaseInteraction {
		// The card answers are checked one by one: listing them all would
		// probe every card's targets.
		seat := s.active()
		switch kind, arg := splitAnswer(a); kind {
		case ansCard:
			i := s.handSlot(seat, arg)
			return i >= 0 && s.usableAt(seat, i)
		case ansArm, ansDisarm:
			slot := arg
			if kind == ansArm {
				slot = arg >> 1
			}
			i := s.handSlot(seat, slot)
			if i < 0 {
				return false
			}
			fl := s.handOf(seat)[i].flags
			return fl&hcSet == 0 && (fl&hcArmed != 0) == (kind == ansDisarm)
		}
	}
	if s.phase == phaseRelocate {
		kind, arg := splitAnswer(a)
		return kind == ansTile && s.isRelocation(int(s.relocSeat), arg)
	}
	var buf [16]engine.Answer
	for _, l := range s.Legal(buf[:0]) {
		if l == a {
			return true
		}
	}
	return false
}

// startTurn runs start phases until a seat has a decision to make (REL-201,
// REL-202). Defeated seats are passed over; a squall skips one turn.
func (s *State) startTurn() {
	for {
		seat := s.active()
		pl := &s.players[seat]
		if pl.defeated {
			if s.advance() {
				return
			}
			continue
		}
		pl.turns++
		s.turns++
		pl.prev = pl.pos
		pl.extraUsed = false
		pl.returnAtEnd = false
		s.blocked = s.blocked[:0]
		s.markTurn(seat) // Time Reversal's mark (CARD-066, GAP-55)
		s.emitAll("turn", seat, turnData{Cycle: s.cycle, Turn: int(pl.turns), Night: s.night})
		if s.squallSkip { // REL-807, GAP-39
			s.squallSkip = false
			s.emitAll("squall", seat, nil)
			s.expireEffects(seat, false) // a skipped turn counts as a turn (GAP-26)
			if s.advance() {
				return
			}
			continue
		}
		if pl.skipNext { // REL-993: the Thug's victim loses this turn
			pl.skipNext = false
			s.emitAll("skipped", seat, nil)
			s.expireEffects(seat, false)
			if s.advance() {
				return
			}
			continue
		}
		if pl.clairvoyance > 0 {
			pl.clairvoyance-- // REL-921: counted in own turns (GAP-26)
		}
		if s.climate == Cold {
			s.rasputitsa() // REL-813
		}
		// The card part of the start phase (REL-203, REL-677): effects that
		// end or fire now, then the draw.
		s.chain, s.chainHit = 0, false
		for i := range s.zones[seat].hand {
			s.zones[seat].hand[i].flags &^= hcSet // arming may change again
		}
		s.expireEffects(seat, true)
		s.push(frame{kind: frameStart, seat: int8(seat), payer: -1, h: hook{seat: int8(seat), other: -1, tile: -1, frame: -1}})
		if s.settle(contStart) {
			return
		}
		s.startRest()
		return
	}
}

// startRest ends the start phase and opens the move phase (REL-204).
func (s *State) startRest() {
	seat := s.active()
	if s.players[seat].defeated {
		s.endTurn()
		return
	}
	if s.moveOverride(seat) {
		return
	}
	var buf [numDirs]engine.Answer
	if len(s.appendMoves(buf[:0], seat)) == 0 {
		// No contactable neighbour: the piece stays and nothing happens (GAP-48).
		s.emitAll("no_move", seat, nil)
		s.endTurn()
		return
	}
	s.phase = phaseMove // REL-204, REL-220
}

// moveOverride applies a card that replaces this turn's move (Footsteps of
// God, Guidance, Operation Snow White; GAP-49): the first effect of seat
// with a moveTo due this turn names the tile the piece moves to and
// contacts. It reports whether it moved the piece; a tile that can no
// longer be entered leaves the normal move (GAP-49).
func (s *State) moveOverride(seat int) bool {
	if s.effMask&efMoveTo == 0 {
		return false
	}
	pl := &s.players[seat]
	for i := range s.effects {
		e := &s.effects[i]
		if int(e.seat) != seat || e.clock == clockDead || e.at == 0 || e.at > pl.turns {
			continue
		}
		sd := s.stateDef(e)
		if sd == nil || sd.moveTo == nil {
			continue
		}
		t := sd.moveTo(s, e)
		s.endEffect(&s.effects[i])
		s.sweep()
		if t < 0 || pl.pos < 0 || !s.canEnter(seat, t) {
			return false
		}
		pl.onStart = false
		s.movePiece("moved", seat, t)
		s.contact()
		return true
	}
	return false
}

type turnData struct {
	Cycle int  `json:"cycle"`
	Turn  int  `json:"turn"`
	Night bool `json:"night"`
}

// move moves the active piece one step in d, and a second step with the
// monsoon (REL-812, GAP-41).
func (s *State) move(d Dir) {
	seat := s.active()
	pl := &s.players[seat]
	from := int(pl.pos)
	to := s.geo.neighbour(from, d)
	if s.climate == Temperate && s.wind.boosts(d) {
		if n := s.geo.neighbour(to, d); n >= 0 && s.canEnter(seat, n) {
			to = n
		}
	} else {
		to = s.sanctuaryStep(seat, from, to, d) // CARD-009, GAP-52
	}
	pl.onStart = false
	s.movePiece("moved", seat, to)
	switch {
	case s.phase == phaseMove && pl.character == Explorer && pl.turns == 1:
		// Sprint: a second step in the first move phase; only the final
		// tile is contacted (REL-124, GAP-46).
		var buf [numDirs]engine.Answer
		if len(s.appendMoves(buf[:0], seat)) > 0 {
			s.phase = phaseSprint
			return
		}
		s.contact()
	case s.phase == phaseExtraMove:
		pl.extraUsed = true
		s.contact()
	default:
		s.contact()
	}
}

// movePiece moves seat's piece to tile `to`, updates vision, and tells each
// seat only the ends of the move it could see: seats that see the piece
// before and after learn both, seats that see it only after learn where it
// arrived, seats that saw it only before learn that it left.
func (s *State) movePiece(kind string, seat, to int) {
	pl := &s.players[seat]
	from := int(pl.pos)
	me := engine.Only(engine.Seat(seat))
	before := s.pieceAudience(seat)
	pl.pos = int16(to)
	s.see(seat)
	if from >= 0 && s.tiles[from].Structure == Trees {
		s.refreshOwner(from) // a stealthed piece leaving uncovers the tile's owner
	}
	after := s.pieceAudience(seat)
	f, t := s.coord(from), s.coord(to)
	both := before&after | me
	s.emit(kind, seat, both, movedData{From: &f, To: &t}, nil)
	if arrived := after &^ both; arrived != 0 {
		s.emit(kind, seat, arrived, movedData{To: &t}, nil)
	}
	if left := before &^ after &^ me; left != 0 {
		s.emit(kind, seat, left, movedData{From: &f}, nil)
	}
}

// movedData is the payload of "moved", "returned" and "relocated"; an end
// the receiving seat could not see is left out.
type movedData struct {
	From *Coord `json:"from,omitempty"`
	To   *Coord `json:"to,omitempty"`
}

// contact processes the tile triggers of the tile the active piece touched
// (REL-209, REL-224, REL-225, GAP-69).
func (s *State) contact() {
	seat := s.active()
	s.cont = contContact
	if s.collectRelics(seat, int(s.players[seat].pos), s.pieceAudience(seat)) { // REL-901: the first trigger (GAP-69)
		return
	}
	s.contactRest()
}

// contactRest runs the tile triggers after relic collection: the card
// effects on the tile (Hospital, Secession: hookContact, GAP-69), then
// contactTriggers.
func (s *State) contactRest() {
	seat := s.active()
	if s.fire(hook{kind: hookContact, seat: int8(seat), other: -1, tile: s.players[seat].pos, frame: -1}, contTriggers) {
		return
	}
	s.contactTriggers()
}

// contactTriggers runs the rules' own triggers after the card effects.
func (s *State) contactTriggers() {
	seat := s.active()
	pl := &s.players[seat]
	t := int(pl.pos)
	if t < 0 || pl.defeated {
		s.endTurn() // a card effect defeated the seat during its contact
		return
	}
	if s.onrushStep(seat) {
		return // Glory: Onrush: another step before the interaction (GAP-61)
	}
	// Stealth and high ground hold while the piece contacts the tile
	// (REL-870, REL-873); they are read from the tile, not stored.
	if pl.religion == Buddhism && !pl.extraUsed && s.tiles[t].Owner == int8(seat) {
		// Ground-Folding: an optional extra move after contacting an owned
		// tile, once per turn (REL-136, GAP-47).
		var buf [numDirs]engine.Answer
		if len(s.appendMoves(buf[:0], seat)) > 0 {
			s.phase = phaseExtraMove
			return
		}
	}
	s.enterInteraction()
}

// enterInteraction opens the interaction phase (GAP-06). The piece
// interaction tab is offered when the tile's owner has a piece on it
// (REL-507, GAP-18); without a choice to make the phase ends at once.
func (s *State) enterInteraction() {
	seat := s.active()
	if s.players[seat].defeated {
		s.endTurn()
		return
	}
	var buf [16]engine.Answer
	// A hand is a choice (its cards can be used or armed); its size is
	// public, so opening the phase for it reveals nothing (GAP-25).
	if s.disputeTarget(seat) >= 0 || s.controller(seat) < 0 && (s.handCount(seat) > 0 || len(s.appendBribes(buf[:0], seat)) > 0 || len(s.baseTargets(seat)) > 0) {
		s.phase = phaseInteraction
		return
	}
	s.resolveTile(false)
}

// disputeTarget returns the first-arrival seat a Dispute would target, or -1.
func (s *State) disputeTarget(seat int) int {
	pl := &s.players[seat]
	if pl.religion == Buddhism { // REL-137, GAP-18 (7)
		return -1
	}
	t := int(pl.pos)
	owner := int(s.tiles[t].Owner)
	if owner < 0 || owner == seat || s.combatBarred(t) { // CARD-004: an Apostle is never fought over
		return -1
	}
	if op := &s.players[owner]; !op.defeated && int(op.pos) == t {
		return owner
	}
	return -1
}

// endTurn runs the end phase (REL-207) and starts the next turn.
func (s *State) endTurn() {
	if s.phase == phaseOver {
		return
	}
	seat := s.active()
	pl := &s.players[seat]
	if pl.returnAtEnd && !pl.defeated && pl.prev >= 0 {
		// A beaten attacker goes back to the tile it contacted last turn
		// (REL-568, GAP-18 (6)).
		pl.returnAtEnd = false
		s.movePiece("returned", seat, int(pl.prev))
	}
	if s.fire(hook{kind: hookEnd, seat: int8(seat), other: -1, tile: -1, frame: -1}, contAfterEnd) {
		return
	}
	s.afterEnd()
}

// afterEnd ends the turn once the end phase's effects are done: effects
// that last to this end phase expire (GAP-26), an extra turn is taken
// (CARD-079: it does not move the cycle, day and night or the squall
// gauge, GAP-26), and otherwise the turn passes.
func (s *State) afterEnd() {
	if s.phase == phaseOver {
		return
	}
	seat := s.active()
	pl := &s.players[seat]
	s.expireEffects(seat, false)
	if pl.extraTurns > 0 && !pl.defeated {
		pl.extraTurns--
		s.emitAll("extra_turn", seat, nil)
		s.startTurn()
		return
	}
	if s.climate == Tropical { // REL-806, GAP-39
		s.squall++
		if int(s.squall) >= s.p.SquallSize {
			s.squall = 0
			s.squallSkip = true
		}
	}
	if !s.advance() {
		s.startTurn()
	}
}

// advance passes the turn to the next seat in order, ending the cycle after
// the last (REL-211). It reports whether the flow stops before the next
// turn: the match is over or the monsoon waits for its chance answer.
func (s *State) advance() bool {
	s.turnIdx++
	if s.turnIdx < len(s.order) {
		return false
	}
	s.turnIdx = 0
	s.cycle++
	if !s.night {
		s.recordOwners() // nightfall: each seat keeps the owners it saw by day
	}
	s.night = !s.night // REL-821, GAP-43
	if !s.night {
		for seat := 0; seat <= len(s.players); seat++ {
			s.see(seat)
		}
		// Daybreak: known catches up with every owner now in sight, so that
		// a stealthed piece entering a tile later does not turn its shown
		// owner back to a stale one (and give itself away).
		s.recordOwners()
	}
	s.emitAll("cycle", -1, cycleData{Cycle: s.cycle, Night: s.night})
	if s.cycle >= s.cycleLimit {
		s.finishAtLimit() // GAP-71
		return true
	}
	s.cycleStage = stageWander
	return s.runCycleStages()
}

// recordOwners records, by day, the owner of every tile as each seat sees
// it: every owner, except on tiles where a stealthed piece it cannot see
// stands (REL-870). It runs at nightfall and at daybreak.
func (s *State) recordOwners() {
	n := len(s.tiles)
	for row := 0; row <= len(s.players); row++ {
		var keep [MaxPlayers]int16
		var owner [MaxPlayers]int8
		k := 0
		for o := range s.players {
			if p := int(s.players[o].pos); p >= 0 && !s.ownerVisible(row, p) {
				keep[k], owner[k] = int16(p), s.known[row*n+p]
				k++
			}
		}
		for t := range s.tiles {
			s.known[row*n+t] = s.tiles[t].Owner
		}
		for i := 0; i < k; i++ {
			s.known[row*n+int(keep[i])] = owner[i]
		}
	}
}

// runCycleStages runs what is left of the end of a cycle and reports
// whether the flow stopped for a decision or the end of the match.
func (s *State) runCycleStages() bool {
	for s.phase != phaseOver {
		switch s.cycleStage {
		case stageWander:
			s.cycleStage = stageWind
			var buf [numDirs]engine.Answer
			if len(s.appendWanders(buf[:0])) > 0 {
				s.phase = phaseWander // REL-983, GAP-38
				return true
			}
		case stageWind:
			s.cycleStage = stageNone
			if s.climate == Temperate && s.cycle%s.p.MonsoonPeriod == 0 {
				s.phase = phaseWind // REL-811, GAP-41
				return true
			}
		default:
			return false
		}
	}
	return true
}

// resumeCycle continues the end of a cycle after a decision, then starts
// the next turn.
func (s *State) resumeCycle() {
	if !s.runCycleStages() {
		s.startTurn()
	}
}

type cycleData struct {
	Cycle int  `json:"cycle"`
	Night bool `json:"night"`
}

// rasputitsa blocks ⌈5%⌉ of the contactable tiles for this turn, never one
// with a piece on it (REL-813, REL-814, GAP-42).
func (s *State) rasputitsa() {
	contactable := 0
	for i := range s.tiles {
		if s.tiles[i].Terrain.Contactable() {
			contactable++
		}
	}
	want := (contactable*s.p.RasputitsaPct + 99) / 100
	if want < 1 {
		want = 1
	}
	for tries := 0; len(s.blocked) < want && tries < 64*want; tries++ {
		t := engine.IntN(&s.rng, len(s.tiles))
		if !s.canContact(t) || s.pieceOn(t) {
			continue
		}
		s.blocked = append(s.blocked, int16(t))
	}
	sortInt16(s.blocked)
	coords := make([]Coord, len(s.blocked))
	for i, t := range s.blocked {
		coords[i] = s.coord(int(t))
	}
	s.emitAll("rasputitsa", -1, coords)
}

func (s *State) pieceOn(t int) bool {
	for i := range s.players {
		if int(s.players[i].pos) == t && !s.players[i].defeated {
			return true
		}
	}
	return false
}

func sortInt16(v []int16) {
	for i := 1; i < len(v); i++ {
		for j := i; j > 0 && v[j] < v[j-1]; j-- {
			v[j], v[j-1] = v[j-1], v[j]
		}
	}
}
