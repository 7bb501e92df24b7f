package realigious

import (
	"slices"

	"tabletop/engine"
)

// Frames are resolutions in progress: a card being used, a reaction
// firing, a glory card acting from the graveyard, a reaction window, a
// delayed effect, the card part of a start phase. They form a stack in
// the state (s.frames, flat values); runFrames always runs the top frame,
// so what a frame pushes resolves before the frame goes on (last in, first
// out, GAP-25). A frame that must wait for a decision asks it (s.ask*) and
// returns; Apply stores the answer in the frame and runs the stack again.
// When the stack is empty the rules resume where they stopped (s.cont).

// frameKind says what a frame resolves.
type frameKind uint8

// The frame kinds.
const (
	frameUse         frameKind = iota // a card used from a hand, or a reaction firing
	frameEffect                       // a card's effect without a use (cardDef.discard: REL-724)
	frameWindow                       // offers an event to armed reactions (hooks.go)
	frameState                        // a delayed effect firing (stateDef.fire)
	frameStart                        // the card part of a start phase: due effects, the draw
	frameDone                         // finished; popped when it is on top
	frameTheft                        // Abukaros's stack-4 theft, after its "when" window (relics.go)
	frameEye                          // Gi-ye Chin's Stye or Insight: designation and effect (relic_eye.go)
	frameDesignation                  // Abukaros's stack-4 designation (relics.go)
	numFrameKinds
)

// Stages of a frameUse.
const (
	stagePay    uint8 = iota // the payer decision (GAP-22)
	stageTarget              // one decision per target (GAP-24)
	stageCommit              // pay, announce, open the nullify window (hookCardUse)
	stageEffect              // run the effect unless nullified
	stageAfter               // to the graveyard (hookGraveyard)
	numStages
)

// maxTargets bounds a card's targets.
const maxTargets = 4

// frameCap is the capacity of the frame stack. The stack never grows past
// it, so a *frame held by a running step stays valid while it pushes more
// (whenever frames exist, cap(s.frames) == frameCap).
const frameCap = maxFrames + 8

// Frame flags.
const (
	frNullified uint8 = 1 << iota // the card's effect is nullified (REL-692)
	frReaction                    // a reaction firing (GAP-25)
	frFree                        // the level cost is waived
	frKept                        // the effect put the card somewhere else: it does not go to the graveyard
	frMask      = frNullified | frReaction | frFree | frKept
)

// frame is one resolution in progress.
type frame struct {
	kind  frameKind
	stage uint8 // the framework's progress (frameUse, frameStart)
	step  uint8 // the effect's own progress (cardDef.run, stateDef.fire)
	flags uint8
	seat  int8 // the user, or the seat the effect is on
	payer int8 // -1 none, 0 donations, 1 influence
	card  CardID
	sub   uint8 // frameState: the state's index
	stack uint8 // the used instance's Spell of Ruin stack
	nt    uint8 // targets chosen
	tgt   [maxTargets]int16
	// x is the effect's scratch space between steps; got is the argument
	// of the answer to the last decision the frame asked.
	x   [4]int32
	got int32
	// h is the event a reaction or window answers (hookNone for a use).
	h hook
}

// target returns the i-th chosen target: a tile index, a seat, a hand
// index (oldest first) or a CardID, by the target's kind.
func (f *frame) target(i int) int { return int(f.tgt[i]) }

// hcFlagsToFrame carries a hand card's own flags into its use.
func hcFlagsToFrame(hc handCard) uint8 {
	if hc.flags&hcFree != 0 {
		return frFree
	}
	return 0
}

// push puts a frame on the stack; it resolves before the frames below it.
// A full stack drops it (chain bound, GAP-54).
func (s *State) push(f frame) {
	if cap(s.frames) < frameCap {
		s.frames = append(make([]frame, 0, frameCap), s.frames...)
	}
	if len(s.frames) == frameCap {
		s.emitAll("chain_limit", -1, map[string]int{"frames": len(s.frames)})
		return
	}
	s.frames = append(s.frames, f)
}

// cloneFrames copies a frame stack, keeping the capacity invariant.
func cloneFrames(v []frame) []frame {
	if len(v) == 0 {
		return nil
	}
	return append(make([]frame, 0, frameCap), v...)
}

// askKind names a decision a frame asks.
type askKind uint8

// The decisions frames ask, with their Decision.Kind.
const (
	askPay    askKind = iota // "card_pay": pay donations or pay influence
	askTarget                // "card_target": a target of the card
	askChance                // "card_chance": a random pick or roll (chance)
	numAskKinds
)

var askKinds = [numAskKinds]string{"card_pay", "card_target", "card_chance"}

// ask is the pending frame decision; its answers and, for chance, their
// weights are s.opts (sorted by answer).
type ask struct {
	kind askKind
	seat int8 // the deciding seat; -1 for chance
	def  uint8
}

// askSeat poses a decision of seat to the top frame: the answers are
// sorted and the default is answers[def] (the cheapest sensible choice).
func (s *State) askSeat(kind askKind, seat int, answers []engine.Answer, def int) {
	s.opts = s.opts[:0]
	for _, a := range answers {
		s.opts = append(s.opts, engine.Outcome{Answer: a})
	}
	d := answers[def]
	slices.SortFunc(s.opts, func(a, b engine.Outcome) int { return int(a.Answer) - int(b.Answer) })
	s.ask = ask{kind: kind, seat: int8(seat)}
	for i, o := range s.opts {
		if o.Answer == d {
			s.ask.def = uint8(i)
		}
	}
	s.phase = phaseCard
}

// askOutcomes poses a chance decision to the top frame; weights must be
// positive. It is not asked when only one outcome is possible: the frame
// gets it at once (GAP-06) and askOutcomes reports false.
func (s *State) askOutcomes(f *frame, outs []engine.Outcome) bool {
	if len(outs) == 1 {
		_, f.got = splitAnswerGot(outs[0].Answer)
		return false
	}
	s.opts = append(s.opts[:0], outs...)
	slices.SortFunc(s.opts, func(a, b engine.Outcome) int { return int(a.Answer) - int(b.Answer) })
	s.ask = ask{kind: askChance, seat: -1}
	s.phase = phaseCard
	return true
}

func splitAnswerGot(a engine.Answer) (int, int32) {
	k, v := splitAnswer(a)
	return k, int32(v)
}

// chanceTile asks chance to pick one of tiles uniformly ("a random tile");
// the pick arrives in f.got. With one candidate it is taken at once and
// chanceTile returns false (no wait); with none it returns false and sets
// f.got to -1.
func (s *State) chanceTile(f *frame, tiles []int) bool {
	if len(tiles) == 0 {
		f.got = -1
		return false
	}
	outs := make([]engine.Outcome, len(tiles))
	for i, t := range tiles {
		outs[i] = engine.Outcome{Answer: answer(ansTile, t), Weight: 1}
	}
	return s.askOutcomes(f, outs)
}

// chanceSeat asks chance to pick one of seats uniformly; as chanceTile.
func (s *State) chanceSeat(f *frame, seats []int) bool {
	if len(seats) == 0 {
		f.got = -1
		return false
	}
	outs := make([]engine.Outcome, len(seats))
	for i, o := range seats {
		outs[i] = engine.Outcome{Answer: answer(ansSeat, o), Weight: 1}
	}
	return s.askOutcomes(f, outs)
}

// chancePct asks chance for a roll that succeeds with pct percent; f.got
// is 1 for success, 0 for failure. A roll of 0 or 100 is not asked.
func (s *State) chancePct(f *frame, pct int) bool {
	switch {
	case pct <= 0:
		f.got = 0
		return false
	case pct >= 100:
		f.got = 1
		return false
	}
	return s.askOutcomes(f, []engine.Outcome{{Answer: answer(ansFailure, 0), Weight: 100 - pct}, {Answer: answer(ansSuccess, 0), Weight: pct}})
}

// chancePick asks chance for one of n numbered outcomes ("pick 0" to
// "pick n-1"), uniformly; f.got is the number.
func (s *State) chancePick(f *frame, n int) bool {
	if n <= 0 {
		f.got = -1
		return false
	}
	outs := make([]engine.Outcome, n)
	for i := range outs {
		outs[i] = engine.Outcome{Answer: answer(ansPick, i), Weight: 1}
	}
	return s.askOutcomes(f, outs)
}

// hiddenPick draws a number in [0, n) from the state's PRNG. It is for
// random picks whose result lands in a hidden zone (a random card into a
// hand or deck): a chance decision would name the card in the answer that
// replays and tools show, so these are drawn like a shuffle (GAP-33's
// rule for hidden relics; docs/decisions.md).
func (s *State) hiddenPick(n int) int { return engine.IntN(&s.rng, n) }

// runFrames resolves frames until the stack is empty (false) or a
// decision is pending or the match is over (true).
func (s *State) runFrames() bool {
	s.running = true
	defer func() { s.running = false }()
	for spins := 0; len(s.frames) > 0; spins++ {
		if s.phase == phaseOver {
			s.frames = s.frames[:0]
			return true
		}
		i := len(s.frames) - 1
		if s.frames[i].kind == frameDone {
			s.frames = s.frames[:i]
			continue
		}
		s.phase = phaseBusy
		n := len(s.frames)
		step := s.frames[i].step
		stage := s.frames[i].stage
		done := s.stepFrame(i)
		if done {
			s.frames[i].kind = frameDone
		}
		if s.phase != phaseBusy {
			if s.phase == phaseOver {
				s.frames = s.frames[:0]
			}
			return true
		}
		if !done && len(s.frames) == n && s.frames[i].step == step && s.frames[i].stage == stage && spins > 1<<12 {
			s.frames[i].kind = frameDone // a definition that never progresses: give up on it
		}
	}
	return false
}

// settle resolves the frames pushed by the rules' last dispatch. It
// reports whether the flow stopped; the rules then resume at `at` once the
// frames are done. While frames are already resolving (a card effect that
// runs rules code), it returns false at once: the new frames resolve when
// the current frame's step is over.
func (s *State) settle(at cont) bool {
	if s.phase == phaseOver {
		return true
	}
	if len(s.frames) == 0 || s.running {
		return false
	}
	old := s.phase
	if s.runFrames() {
		if s.phase != phaseOver {
			s.cont = at
		}
		return true
	}
	s.phase = old
	return false
}

// fire dispatches h and settles (see settle).
func (s *State) fire(h hook, at cont) bool {
	s.dispatch(h)
	return s.settle(at)
}

// resume continues the rules where the last pause left them, once the
// frame stack is empty.
func (s *State) resume() {
	switch s.cont {
	case contContact:
		s.contactRest()
	case contCycle:
		s.resumeCycle()
	case contStart:
		s.startRest()
	case contInteraction:
		s.enterInteraction()
	case contDeclare:
		s.declareRest()
	case contEndTurn:
		s.endTurn()
	case contAfterEnd:
		s.afterEnd()
	case contRelocate:
		s.relocateLoser()
	case contTriggers:
		s.contactTriggers()
	case contWander:
		if !s.wanderRest() {
			s.resumeCycle()
		}
	}
}

// stepFrame runs one step of frame i and reports whether it is finished.
func (s *State) stepFrame(i int) bool {
	f := &s.frames[i]
	switch f.kind {
	case frameUse:
		return s.stepUse(i)
	case frameEffect:
		d := s.defs.get(f.card)
		if d == nil || d.discard == nil {
			return true
		}
		if f.step == 0 && f.stage == 0 {
			f.stage = 1
			s.emitAll("card_effect", int(f.seat), map[string]any{"card": f.card, "how": "graveyard"}) // REL-724
		}
		return d.discard(s, f)
	case frameWindow:
		return s.stepWindow(f)
	case frameState:
		d := s.defs.get(f.card)
		if d == nil || int(f.sub) >= len(d.states) || d.states[f.sub].fire == nil {
			return true
		}
		return d.states[f.sub].fire(s, f)
	case frameStart:
		return s.stepStart(f)
	case frameTheft:
		return s.stepTheft(f)
	case frameEye, frameDesignation:
		return s.stepDesignation(f)
	}
	return true
}
