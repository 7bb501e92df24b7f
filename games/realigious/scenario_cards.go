package realigious

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"

	"tabletop/engine"
)

// The cards' part of the scenario format (docs/scenarios.md, "Cards"):
// per seat its composition, deck (top first), hand (oldest first) and
// graveyard (oldest first); the effects in play (player states and
// designations, with their durations); and, for a position in the middle
// of a card resolution, the frames and the pending card decision.

// ScenarioHandCard is one hand card: a bare "CARD-017", or an object that
// also gives its armed payer ("donations", "influence"), whether its level
// cost is waived and its Spell of Ruin stack.
type ScenarioHandCard struct {
	Card  CardID `json:"card"`
	Armed string `json:"armed,omitempty"`
	// Set: its arming was changed this turn (no more changes this turn).
	Set   bool `json:"set,omitempty"`
	Free  bool `json:"free,omitempty"`
	Stack int  `json:"stack,omitempty"`
}

type scnHandObject ScenarioHandCard

// UnmarshalJSON reads a bare card ID or an object.
func (h *ScenarioHandCard) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		*h = ScenarioHandCard{}
		return json.Unmarshal(b, &h.Card)
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var o scnHandObject
	if err := dec.Decode(&o); err != nil {
		return fmt.Errorf("hand card: %w", err)
	}
	*h = ScenarioHandCard(o)
	return nil
}

// MarshalJSON writes a bare card ID unless the card carries more.
func (h ScenarioHandCard) MarshalJSON() ([]byte, error) {
	if h.Armed == "" && !h.Free && !h.Set && h.Stack == 0 {
		return json.Marshal(h.Card)
	}
	return json.Marshal(scnHandObject(h))
}

// ScenarioEffect is one effect in play: a state on a player (no tile) or a
// designation on a tile. Key names the state among its card's states.
// Ends is "end" or "start" with Until the own turn of Seat at whose end or
// start phase it ends, or absent for an effect that lasts; At is the own
// turn at whose start phase it acts (0: none). N and V are its counters.
type ScenarioEffect struct {
	Card  CardID      `json:"card"`
	Key   string      `json:"key"`
	Seat  int         `json:"seat"`
	From  *int        `json:"from,omitempty"`
	Tile  ScenarioPos `json:"tile,omitzero"`
	Ends  string      `json:"ends,omitempty"`
	Until int         `json:"until,omitempty"`
	At    int         `json:"at,omitempty"`
	N     int         `json:"n,omitempty"`
	V     int         `json:"v,omitempty"`
	// Dead marks an effect that ended but is not yet swept away; only
	// snapshots taken in the middle of a resolution have one.
	Dead bool `json:"dead,omitempty"`
}

// ScenarioFrame is one resolution in progress (frames.go), bottom of the
// stack first. Its fields mirror the frame; Targets holds the values
// chosen so far (tile "col,row" values are tile indexes here: the format
// is for snapshots more than for hand-written files).
type ScenarioFrame struct {
	Kind    string       `json:"kind"`
	Stage   int          `json:"stage,omitempty"`
	Step    int          `json:"step,omitempty"`
	Flags   int          `json:"flags,omitempty"`
	Seat    int          `json:"seat"`
	Payer   int          `json:"payer"`
	Card    CardID       `json:"card,omitempty"`
	Sub     int          `json:"sub,omitempty"`
	Stack   int          `json:"stack,omitempty"`
	Targets []int        `json:"targets,omitzero"`
	X       [4]int       `json:"x"`
	Got     int          `json:"got,omitempty"`
	Hook    ScenarioHook `json:"hook"`
}

// ScenarioHook is the event a frame answers.
type ScenarioHook struct {
	Kind   int  `json:"kind,omitempty"`
	Seat   int  `json:"seat"`
	Other  int  `json:"other"`
	Tile   int  `json:"tile"`
	Card   int  `json:"card,omitempty"`
	Frame  int  `json:"frame"`
	N      int  `json:"n,omitempty"`
	Won    bool `json:"won,omitempty"`
	Piece  bool `json:"piece,omitempty"`
	Used   bool `json:"used,omitempty"`
	Cancel bool `json:"cancel,omitempty"`
}

// ScenarioAsk is the pending card decision (phase "card"): its kind
// (card_pay, card_target, card_chance), the deciding seat (-1 for chance),
// the answers (with weights for chance) and the default answer.
type ScenarioAsk struct {
	Kind    string        `json:"kind"`
	Seat    int           `json:"seat"`
	Answers []ScenarioOpt `json:"answers"`
	Default string        `json:"default"`
}

// ScenarioOpt is one answer of a card decision.
type ScenarioOpt struct {
	Answer string `json:"answer"`
	Weight int    `json:"weight,omitempty"`
}

var frameKindNames = [numFrameKinds]string{"use", "effect", "window", "state", "start", "done", "theft", "eye", "designation"}

// cards applies the state block's card fields.
func (b *scnBuilder) cards() error {
	s, st := b.s, b.st
	switch st.Cards {
	case "none":
	case "", "generated":
		s.setupDecks(b.c)
	default:
		return fmt.Errorf("state.cards: %q (want none or generated)", st.Cards)
	}
	for i := range st.Players {
		if err := b.seatCards(i); err != nil {
			return err
		}
	}
	if st.Effects != nil {
		s.effects = s.effects[:0]
		for i := range st.Effects {
			if err := b.effect(i); err != nil {
				return err
			}
		}
	}
	s.recountEffects()
	for i := range st.Frames {
		if err := b.frame(i); err != nil {
			return err
		}
	}
	if st.Ask != nil {
		if err := b.ask(); err != nil {
			return err
		}
	}
	if err := b.marks(); err != nil {
		return err
	}
	if st.Chain != nil {
		if *st.Chain < 0 || *st.Chain > math.MaxUint8 {
			return fmt.Errorf("state.chain: %d is out of range [0, 255]", *st.Chain)
		}
		s.chain = uint8(*st.Chain)
	}
	if st.ChainHit != nil {
		s.chainHit = *st.ChainHit
	}
	if st.Cancelled != nil {
		s.cancelled = *st.Cancelled
	}
	return nil
}

func (b *scnBuilder) seatCards(i int) error {
	sp := &b.st.Players[i]
	z := &b.s.zones[i]
	field := fmt.Sprintf("state.players[%d]", i)
	list := func(name string, v []CardID, dst *[]CardID, reverse bool) error {
		if v == nil {
			return nil
		}
		if len(v) > maxZoneCards {
			return fmt.Errorf("%s.%s: %d cards, at most %d", field, name, len(v), maxZoneCards)
		}
		for k, c := range v {
			if !c.Valid() {
				return fmt.Errorf("%s.%s[%d]: not a card", field, name, k)
			}
		}
		*dst = slices.Clone(v)
		if *dst == nil {
			*dst = []CardID{}
		}
		if reverse {
			slices.Reverse(*dst)
		}
		return nil
	}
	if err := list("composition", sp.Composition, &z.comp, false); err != nil {
		return err
	}
	if err := list("deck", sp.Deck, &z.deck, true); err != nil { // top first in the file, last in the zone
		return err
	}
	if err := list("graveyard", sp.Graveyard, &z.grave, false); err != nil {
		return err
	}
	if sp.Hand != nil {
		if len(sp.Hand) > HandLimit {
			return fmt.Errorf("%s.hand: %d cards, a hand holds at most %d (REL-680)", field, len(sp.Hand), HandLimit)
		}
		z.nHand = 0
		z.hand = [HandLimit]handCard{}
		for k, h := range sp.Hand {
			f := fmt.Sprintf("%s.hand[%d]", field, k)
			if !h.Card.Valid() {
				return fmt.Errorf("%s: not a card", f)
			}
			if h.Stack < 0 || h.Stack > math.MaxUint8 {
				return fmt.Errorf("%s.stack: %d is out of range [0, 255]", f, h.Stack)
			}
			hc := handCard{id: h.Card, stack: uint8(h.Stack)}
			switch h.Armed {
			case "":
			case "donations":
				hc.flags |= hcArmed
			case "influence":
				hc.flags |= hcArmed | hcPayInfluence
			default:
				return fmt.Errorf("%s.armed: %q (want donations or influence)", f, h.Armed)
			}
			if h.Free {
				hc.flags |= hcFree
			}
			if h.Set {
				hc.flags |= hcSet
			}
			z.hand[z.nHand] = hc
			z.nHand++
		}
	}
	if sp.ExtraTurns != nil {
		if *sp.ExtraTurns < 0 || *sp.ExtraTurns > math.MaxUint8 {
			return fmt.Errorf("%s.extra_turns: %d is out of range [0, 255]", field, *sp.ExtraTurns)
		}
		b.s.players[i].extraTurns = uint8(*sp.ExtraTurns)
	}
	return nil
}

func (b *scnBuilder) effect(i int) error {
	s := b.s
	se := &b.st.Effects[i]
	field := fmt.Sprintf("state.effects[%d]", i)
	sub, ok := s.stateIndex(se.Card, se.Key)
	if !ok {
		return fmt.Errorf("%s: %s declares no effect %q", field, se.Card, se.Key)
	}
	if se.Seat < 0 || se.Seat >= len(s.players) {
		return fmt.Errorf("%s.seat: %d is not a seat", field, se.Seat)
	}
	from := se.Seat
	if se.From != nil {
		from = *se.From
	}
	if from < -1 || from >= len(s.players) {
		return fmt.Errorf("%s.from: %d is not a seat (or -1)", field, from)
	}
	e := effect{card: se.Card, sub: uint8(sub), seat: int8(se.Seat), src: int8(from), tile: -1, until: int32(se.Until), at: int32(se.At), n: int16(se.N), v: int16(se.V)}
	for _, v := range []int{se.Until, se.At} {
		if v < 0 || v > math.MaxInt32 {
			return fmt.Errorf("%s: turn %d is out of range", field, v)
		}
	}
	if se.N < math.MinInt16 || se.N > math.MaxInt16 || se.V < math.MinInt16 || se.V > math.MaxInt16 {
		return fmt.Errorf("%s: n %d or v %d is out of range", field, se.N, se.V)
	}
	switch se.Ends {
	case "":
		e.clock = clockGame
	case "end":
		e.clock = clockEnd
	case "start":
		e.clock = clockStart
	default:
		return fmt.Errorf("%s.ends: %q (want end, start or none)", field, se.Ends)
	}
	if se.Dead {
		e.clock = clockDead
	}
	if se.Tile.Set {
		t, err := b.tile(field+".tile", se.Tile, true)
		if err != nil {
			return err
		}
		e.tile = int16(t)
	}
	s.effects = append(s.effects, e)
	return nil
}

func (b *scnBuilder) frame(i int) error {
	f, err := b.s.buildFrame(&b.st.Frames[i], i)
	if err != nil {
		return fmt.Errorf("state.frames[%d]: %w", i, err)
	}
	b.s.frames = append(cloneFrames(b.s.frames), f)
	return nil
}

// buildFrame turns a frame as scenarios write it into a frame, the i-th
// of the stack, with the range checks a decoded frame gets.
func (s *State) buildFrame(sf *ScenarioFrame, i int) (frame, error) {
	k := slices.Index(frameKindNames[:], sf.Kind)
	if k < 0 {
		return frame{}, fmt.Errorf("kind: %q (want one of %v)", sf.Kind, frameKindNames)
	}
	if len(sf.Targets) > maxTargets {
		return frame{}, fmt.Errorf("targets: %d, at most %d", len(sf.Targets), maxTargets)
	}
	f := frame{kind: frameKind(k), stage: uint8(sf.Stage), step: uint8(sf.Step), flags: uint8(sf.Flags), seat: int8(sf.Seat),
		payer: int8(sf.Payer), card: sf.Card, sub: uint8(sf.Sub), stack: uint8(sf.Stack), nt: uint8(len(sf.Targets)), got: int32(sf.Got)}
	in := func(v, lo, hi int) bool { return v >= lo && v <= hi }
	for j, v := range sf.Targets {
		if !in(v, math.MinInt16, math.MaxInt16) {
			return frame{}, fmt.Errorf("targets[%d]: %d is out of range", j, v)
		}
		f.tgt[j] = int16(v)
	}
	for j, v := range sf.X {
		if !in(v, math.MinInt32, math.MaxInt32) {
			return frame{}, fmt.Errorf("x[%d]: %d is out of range", j, v)
		}
		f.x[j] = int32(v)
	}
	h := &sf.Hook
	f.h = hook{kind: hookKind(h.Kind), seat: int8(h.Seat), other: int8(h.Other), tile: int16(h.Tile), card: CardID(h.Card), frame: int16(h.Frame), n: int16(h.N), won: h.Won, piece: h.Piece, used: h.Used, cancel: h.Cancel}
	np, nt := len(s.players), len(s.tiles)
	if !in(sf.Stage, 0, int(numStages)-1) || !in(sf.Step, 0, 255) || !in(sf.Flags, 0, 255) || !in(sf.Seat, -1, np-1) ||
		!in(sf.Payer, -1, 1) || !in(int(sf.Card), 0, NumCards) || !in(sf.Sub, 0, 255) || !in(sf.Stack, 0, 255) || !in(sf.Got, math.MinInt32, math.MaxInt32) ||
		!in(h.Kind, 0, int(numHookKinds)-1) || !in(h.Seat, -1, np-1) || !in(h.Other, -1, np-1) || !in(h.Tile, -1, nt-1) ||
		!in(h.Card, 0, NumCards) || !in(h.Frame, -1, i-1) || !in(h.N, math.MinInt16, math.MaxInt16) {
		return frame{}, errors.New("a field is out of range")
	}
	if sf.Seat < 0 && f.kind != frameWindow || (f.kind == frameUse || f.kind == frameEffect || f.kind == frameState) && !sf.Card.Valid() {
		return frame{}, fmt.Errorf("a %s frame needs a seat and a card", sf.Kind)
	}
	return f, nil
}

func (b *scnBuilder) ask() error {
	if err := b.s.buildAsk(b.st.Ask); err != nil {
		return fmt.Errorf("state.ask.%w", err)
	}
	return nil
}

// buildAsk sets the pending card decision from its scenario form.
func (s *State) buildAsk(sa *ScenarioAsk) error {
	k := slices.Index(askKinds[:], sa.Kind)
	if k < 0 {
		return fmt.Errorf("kind: %q (want one of %v)", sa.Kind, askKinds)
	}
	if sa.Seat < -1 || sa.Seat >= len(s.players) {
		return fmt.Errorf("seat: %d is not a seat (or -1 for chance)", sa.Seat)
	}
	if len(sa.Answers) == 0 || len(sa.Answers) > maxOpts {
		return errors.New("answers: a card decision needs 1 to 4096 answers")
	}
	s.ask = ask{kind: askKind(k), seat: int8(sa.Seat)}
	s.opts = s.opts[:0]
	for i, o := range sa.Answers {
		a, err := s.ParseAnswer(o.Answer)
		if err != nil {
			return fmt.Errorf("answers[%d]: %w", i, err)
		}
		if o.Weight < 0 || o.Weight > 1<<20 {
			return fmt.Errorf("answers[%d].weight: %d is out of range", i, o.Weight)
		}
		s.opts = append(s.opts, engine.Outcome{Answer: a, Weight: o.Weight})
		if o.Answer == sa.Default {
			s.ask.def = uint8(i)
		}
	}
	return nil
}

// snapshotCards writes the card fields of s into st.
func (s *State) snapshotCards(st *ScenarioState) {
	ip := func(v int) *int { return &v }
	bp := func(v bool) *bool { return &v }
	for i := range s.players {
		z := &s.zones[i]
		sp := &st.Players[i]
		sp.Composition = append([]CardID{}, z.comp...)
		sp.Deck = append([]CardID{}, z.deck...)
		slices.Reverse(sp.Deck)
		sp.Graveyard = append([]CardID{}, z.grave...)
		sp.Hand = []ScenarioHandCard{}
		for _, hc := range z.hand[:z.nHand] {
			h := ScenarioHandCard{Card: hc.id, Free: hc.flags&hcFree != 0, Set: hc.flags&hcSet != 0, Stack: int(hc.stack)}
			if hc.flags&hcArmed != 0 {
				h.Armed = (Donations + Resource(payerOf(hc))).String()
			}
			sp.Hand = append(sp.Hand, h)
		}
		sp.ExtraTurns = ip(int(s.players[i].extraTurns))
	}
	st.Effects = []ScenarioEffect{}
	for _, e := range s.effects {
		se := ScenarioEffect{Card: e.card, Key: s.effectKey(&e), Seat: int(e.seat), From: ip(int(e.src)), Ends: clockEnds[e.clock%numClocks],
			Until: int(e.until), At: int(e.at), N: int(e.n), V: int(e.v), Dead: e.clock == clockDead}
		if e.clock == clockDead {
			se.Ends = "" // a dead effect keeps its until for the encoding
		}
		if e.tile >= 0 {
			se.Tile = s.scnPos(int(e.tile))
		}
		st.Effects = append(st.Effects, se)
	}
	for i := range s.frames {
		st.Frames = append(st.Frames, s.scnFrame(&s.frames[i]))
	}
	if s.phase == phaseCard || len(s.opts) > 0 {
		sa := &ScenarioAsk{Kind: askKinds[s.ask.kind], Seat: int(s.ask.seat)}
		for _, o := range s.opts {
			sa.Answers = append(sa.Answers, ScenarioOpt{Answer: s.AnswerText(o.Answer), Weight: o.Weight})
		}
		if int(s.ask.def) < len(s.opts) {
			sa.Default = s.AnswerText(s.opts[s.ask.def].Answer)
		}
		st.Ask = sa
	}
	s.snapshotMarks(st)
	st.Chain = ip(int(s.chain))
	st.ChainHit = bp(s.chainHit)
	st.Cancelled = bp(s.cancelled)
	st.Cards = "none"
}

// consistentCards checks the card fields against each other: a frame's
// targets name real tiles, seats and cards, and the card decision is
// well formed (the checks a decoded state gets, validateCards). Frames
// may also wait under a designation (phaseName "designate": Abukaros's
// designation frame or Stye's and Insight's eye frame, possibly in the
// middle of a card).
func (b *scnBuilder) consistentCards(phaseName string) error {
	s := b.s
	saved := s.phase
	switch {
	case len(s.opts) > 0 && len(s.frames) > 0:
		s.phase = phaseCard
	case phaseName == "designate":
		s.phase = phaseDesignate
	}
	err := s.validateCards()
	s.phase = saved
	if err != nil && len(s.frames) > 0 {
		return fmt.Errorf("state.frames: %w", err)
	}
	return nil
}

// scnFrame describes a frame as scenarios (and card_decision views) write it.
func (s *State) scnFrame(f *frame) ScenarioFrame {
	sf := ScenarioFrame{Kind: frameKindNames[f.kind%numFrameKinds], Stage: int(f.stage), Step: int(f.step), Flags: int(f.flags), Seat: int(f.seat),
		Payer: int(f.payer), Card: f.card, Sub: int(f.sub), Stack: int(f.stack), Got: int(f.got)}
	for j := 0; j < int(f.nt); j++ {
		sf.Targets = append(sf.Targets, int(f.tgt[j]))
	}
	for j, v := range f.x {
		sf.X[j] = int(v)
	}
	h := &f.h
	sf.Hook = ScenarioHook{Kind: int(h.kind), Seat: int(h.seat), Other: int(h.other), Tile: int(h.tile), Card: int(h.card), Frame: int(h.frame), N: int(h.n), Won: h.won, Piece: h.piece, Used: h.used, Cancel: h.cancel}
	return sf
}
