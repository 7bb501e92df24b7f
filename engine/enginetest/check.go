package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"

	"tabletop/engine"
)

// maxErrors bounds the errors one check reports, so that a broken game
// fails with a readable list rather than one line per step.
const maxErrors = 12

// checker collects errors with a context prefix.
type checker struct {
	errs  []error
	where string
}

func (c *checker) errorf(format string, args ...any) {
	if len(c.errs) >= maxErrors {
		return
	}
	msg := fmt.Sprintf(format, args...)
	if c.where != "" {
		msg = c.where + ": " + msg
	}
	c.errs = append(c.errs, errors.New(msg))
}

func (c *checker) full() bool { return len(c.errs) >= maxErrors }

// checkDescriptor checks the game's declared facts and its seat bounds.
func checkDescriptor(g engine.Game) []error {
	c := &checker{where: "descriptor"}
	d := g.Descriptor()
	if d.Name == "" {
		c.errorf("empty Name")
	}
	if d.RulesVersion == "" {
		c.errorf("empty RulesVersion")
	}
	if d.MinSeats < 1 || d.MinSeats > d.MaxSeats || d.MaxSeats > engine.MaxSeats {
		c.errorf("seats %d-%d, want 1 <= MinSeats <= MaxSeats <= %d", d.MinSeats, d.MaxSeats, engine.MaxSeats)
	}
	if h := g.ParamsHash(); h == "" || h != g.ParamsHash() {
		c.errorf("ParamsHash() = %q, want non-empty and stable", h)
	}
	if g.Descriptor() != d {
		c.errorf("Descriptor() is not stable")
	}
	for _, n := range []int{d.MinSeats - 1, d.MaxSeats + 1} {
		if _, err := g.New(nil, n, 1); !errors.Is(err, engine.ErrBadConfig) {
			c.errorf("New(nil, %d seats) error = %v, want one wrapping ErrBadConfig", n, err)
		}
		if _, err := g.NormalizeConfig(nil, n); !errors.Is(err, engine.ErrBadConfig) {
			c.errorf("NormalizeConfig(nil, %d seats) error = %v, want one wrapping ErrBadConfig", n, err)
		}
	}
	return c.errs
}

// checkConfig checks NormalizeConfig and New for one seat count.
func checkConfig(g engine.Game, config []byte, n int) []error {
	c := &checker{where: "config"}
	norm, err := g.NormalizeConfig(config, n)
	if err != nil {
		c.errorf("NormalizeConfig(%s, %d) error: %v", config, n, err)
		return c.errs
	}
	if !json.Valid(norm) {
		c.errorf("NormalizeConfig(%s, %d) = %q, not JSON", config, n, norm)
	}
	if again, err := g.NormalizeConfig(norm, n); err != nil || !bytes.Equal(again, norm) {
		c.errorf("NormalizeConfig(%s) = %s, %v; want it unchanged (idempotent)", norm, again, err)
	}
	const seed = 7
	s1, err1 := g.New(config, n, seed)
	s2, err2 := g.New(norm, n, seed)
	s3, err3 := g.New(config, n, seed)
	if err := errors.Join(err1, err2, err3); err != nil {
		c.errorf("New error: %v", err)
		return c.errs
	}
	if e1, e2, e3 := s1.AppendEncoding(nil), s2.AppendEncoding(nil), s3.AppendEncoding(nil); !bytes.Equal(e1, e2) || !bytes.Equal(e1, e3) {
		c.errorf("New with the same seed and the config or its normalized form gives different encodings")
	}
	if s1.Steps() != 0 {
		c.errorf("initial Steps() = %d, want 0", s1.Steps())
	}
	for _, bad := range []string{"{", "[1,2]", `"x"`} {
		if _, err := g.New([]byte(bad), n, seed); !errors.Is(err, engine.ErrBadConfig) {
			c.errorf("New(%s) error = %v, want one wrapping ErrBadConfig", bad, err)
		}
	}
	return c.errs
}

// checkMatch plays one random match with full checks, then checks its
// result, replay and determinism.
func checkMatch(g engine.Game, opts Options, n int, seed uint64) []error {
	c := &checker{}
	m, err := engine.NewMatch(g, opts.Config, n, seed)
	if err != nil {
		c.errorf("NewMatch(seats=%d, seed=%d) error: %v", n, seed, err)
		return c.errs
	}
	p := RandomAnswers(seed)
	var buf []engine.Answer
	for step := 0; ; step++ {
		s := m.State()
		d := s.Pending()
		c.where = fmt.Sprintf("step %d (seat %d, %q)", step, d.Seat, d.Kind)
		checkState(c, s, n, step, opts)
		if c.full() {
			return c.errs
		}
		if step >= opts.MaxSteps && !s.Terminal() {
			c.errorf("match did not end within MaxSteps = %d answers", opts.MaxSteps)
			return c.errs
		}
		// The answer the match applies next: a seat's is drawn now (in the
		// same order as playRandom draws), chance's comes from ResolveChance.
		var next engine.Answer
		if !s.Terminal() {
			legal := s.Legal(nil)
			if len(legal) == 0 {
				return c.errs // reported by checkState; nothing to play
			}
			if d.Seat == engine.Chance {
				next = legal[step%len(legal)] // only for the clone check
			} else {
				next, buf = RandomAnswer(s, &p, buf)
			}
		}
		var held engine.State // a clone that the next Apply must not change
		var heldEnc []byte
		if (step+int(seed%uint64(opts.CheckEvery)))%opts.CheckEvery == 0 || s.Terminal() {
			if !checkDeep(c, g, s, next) {
				return c.errs // the match's state is damaged: later errors would be noise
			}
			held, heldEnc = s.Clone(), s.AppendEncoding(nil)
		}
		if s.Terminal() {
			break
		}
		var events []engine.Event
		if d.Seat == engine.Chance {
			events, err = m.ResolveChance()
		} else {
			events, err = m.Apply(next)
		}
		if err != nil {
			c.errorf("applying a legal answer: %v", err)
			return c.errs
		}
		checkEvents(c, events, n)
		if got := m.State().Steps(); got != step+1 {
			c.errorf("Steps() = %d after %d answers", got, step+1)
		}
		if held != nil && !bytes.Equal(held.AppendEncoding(nil), heldEnc) {
			c.errorf("Apply to the original changed an earlier clone")
		}
	}
	if c.full() {
		return c.errs
	}
	c.where = fmt.Sprintf("end after %d steps", m.Steps())
	checkEnd(c, m, n)
	checkReplay(c, g, m, opts, n, seed)
	return c.errs
}

// checkState checks the cheap per-step contract of s.
func checkState(c *checker, s engine.State, n, step int, opts Options) {
	d := s.Pending()
	legal := s.Legal(nil)
	if got := s.Steps(); got != step {
		c.errorf("Steps() = %d, want %d", got, step)
	}
	if s.Terminal() {
		if d.Seat != engine.NoSeat || len(legal) != 0 || s.Chance() != nil {
			c.errorf("terminal state: Pending().Seat = %d, Legal = %v, Chance = %v; want NoSeat, empty, nil", d.Seat, legal, s.Chance())
		}
	} else {
		checkDecision(c, s, d, legal, n)
	}
	for _, seat := range seatsAndSpectator(n) {
		v := s.View(seat)
		if v == nil {
			c.errorf("View(%d) = nil", seat)
			continue
		}
		want, err := json.Marshal(v)
		if err != nil {
			c.errorf("json.Marshal(View(%d)) error: %v", seat, err)
			continue
		}
		if va, ok := s.(engine.ViewAppender); ok {
			checkAppendView(c, va, seat, want)
		}
	}
	if _, err := json.Marshal(engine.DescribeDecision(s)); err != nil {
		c.errorf("json.Marshal(DescribeDecision) error: %v", err)
	}
	if opts.Invariant != nil {
		if err := opts.Invariant(s); err != nil {
			c.errorf("Invariant: %v", err)
		}
	}
}

// checkAppendView checks that a ViewAppender appends (keeping what buf
// held) exactly the bytes of json.Marshal(View(seat)), want: the server
// sends AppendView's bytes, and the JSON is the protocol.
func checkAppendView(c *checker, va engine.ViewAppender, seat engine.Seat, want []byte) {
	const prefix = "prefix"
	got := va.AppendView([]byte(prefix), seat)
	if len(got) < len(prefix) || string(got[:len(prefix)]) != prefix {
		c.errorf("AppendView(%q, %d) does not keep the buffer's bytes", prefix, seat)
		return
	}
	got = got[len(prefix):]
	if bytes.Equal(got, want) {
		return
	}
	i := 0
	for i < len(got) && i < len(want) && got[i] == want[i] {
		i++
	}
	c.errorf("AppendView(%d) differs from json.Marshal(View(%d)) at byte %d: got %q, want %q",
		seat, seat, i, excerpt(got, i), excerpt(want, i))
}

// excerpt returns the bytes of b around offset i.
func excerpt(b []byte, i int) []byte {
	return b[max(0, i-40):min(len(b), i+40)]
}

// checkDecision checks a pending decision against Legal and Chance.
func checkDecision(c *checker, s engine.State, d engine.Decision, legal []engine.Answer, n int) {
	if d.Seat != engine.Chance && (d.Seat < 0 || int(d.Seat) >= n) {
		c.errorf("Pending().Seat = %d, want Chance or 0-%d", d.Seat, n-1)
	}
	if d.Kind == "" {
		c.errorf("Pending().Kind is empty")
	}
	if len(legal) == 0 {
		c.errorf("Legal is empty before the end")
		return
	}
	for i := 1; i < len(legal); i++ {
		if legal[i-1] >= legal[i] {
			c.errorf("Legal = %v, not strictly ascending", legal)
			break
		}
	}
	if !slices.Contains(legal, d.Default) {
		c.errorf("Pending().Default = %d, not in Legal %v", d.Default, legal)
	}
	outcomes := s.Chance()
	if (outcomes != nil) != (d.Seat == engine.Chance) {
		c.errorf("Chance() = %v with Pending().Seat = %d; want non-nil exactly for Chance", outcomes, d.Seat)
	}
	if outcomes != nil {
		answers := make([]engine.Answer, len(outcomes))
		for i, o := range outcomes {
			answers[i] = o.Answer
			if o.Weight <= 0 {
				c.errorf("Chance() outcome %d has weight %d, want > 0", o.Answer, o.Weight)
			}
		}
		slices.Sort(answers)
		if !slices.Equal(answers, legal) {
			c.errorf("Chance() answers %v, want Legal %v", answers, legal)
		}
	}
	for _, a := range legal {
		text := s.AnswerText(a)
		back, err := s.ParseAnswer(text)
		if text == "" || err != nil || back != a {
			c.errorf("ParseAnswer(AnswerText(%d) = %q) = %d, %v; want %d", a, text, back, err, a)
		}
	}
}

// checkEvents checks that events name valid seats and encode for every
// audience.
func checkEvents(c *checker, events []engine.Event, n int) {
	for _, e := range events {
		if e.Kind == "" {
			c.errorf("event with empty Kind: %+v", e)
		}
		if e.Seat != engine.NoSeat && (e.Seat < 0 || int(e.Seat) >= n) {
			c.errorf("event %q about seat %d, want NoSeat or 0-%d", e.Kind, e.Seat, n-1)
		}
	}
	for _, seat := range seatsAndSpectator(n) {
		if _, err := json.Marshal(engine.Redact(events, seat)); err != nil {
			c.errorf("json.Marshal(Redact(events, %d)) error: %v", seat, err)
		}
	}
}

// checkDeep runs the expensive checks on s, which it should leave as it
// found it; it reports false if s changed nonetheless. a is a legal answer
// to apply to clones of s (ignored when s is terminal).
func checkDeep(c *checker, g engine.Game, s engine.State, a engine.Answer) bool {
	enc := s.AppendEncoding(nil)
	if again := s.AppendEncoding([]byte("prefix")); !bytes.Equal(again[len("prefix"):], enc) || string(again[:len("prefix")]) != "prefix" {
		c.errorf("AppendEncoding is not stable or does not append")
	}

	// Decode round trip, and rejection of damaged encodings.
	if d, err := g.Decode(enc); err != nil {
		c.errorf("Decode(AppendEncoding) error: %v", err)
	} else if got := d.AppendEncoding(nil); !bytes.Equal(got, enc) {
		c.errorf("Decode(AppendEncoding).AppendEncoding differs from the original")
	}
	for _, bad := range [][]byte{nil, enc[:len(enc)-1], enc[:len(enc)/2], append(slices.Clip(enc), 0)} {
		if _, err := g.Decode(bad); !errors.Is(err, engine.ErrCorrupt) {
			c.errorf("Decode(%d of %d bytes) error = %v, want one wrapping ErrCorrupt", len(bad), len(enc), err)
		}
	}

	// Clones are equal and independent in both directions.
	c1 := s.Clone()
	c2 := c1.Clone()
	if !bytes.Equal(c1.AppendEncoding(nil), enc) || !bytes.Equal(c2.AppendEncoding(nil), enc) {
		c.errorf("Clone().AppendEncoding differs from the original")
	}
	if !s.Terminal() {
		if _, err := c1.Apply(a); err != nil {
			c.errorf("Clone().Apply(%d) error: %v", a, err)
		}
		if !bytes.Equal(s.AppendEncoding(nil), enc) {
			c.errorf("Apply(%d) to a clone changed the original", a)
			return false
		}
		if !bytes.Equal(c2.AppendEncoding(nil), enc) {
			c.errorf("Apply(%d) to a clone changed another clone", a)
		}
		if _, err := c2.Apply(a); err != nil {
			c.errorf("Clone().Apply(%d) error: %v", a, err)
		}
		if !bytes.Equal(c1.AppendEncoding(nil), c2.AppendEncoding(nil)) {
			c.errorf("Apply(%d) to two equal clones gives different encodings", a)
		}
	}

	// Views and answer parsing do not change the state.
	for _, text := range []string{"", "\x00", "enginetest: no such answer"} {
		if slices.ContainsFunc(s.Legal(nil), func(a engine.Answer) bool { return s.AnswerText(a) == text }) {
			continue
		}
		_, err := s.ParseAnswer(text)
		if !errors.Is(err, engine.ErrBadAnswerText) && !(s.Terminal() && errors.Is(err, engine.ErrGameOver)) {
			c.errorf("ParseAnswer(%q) error = %v, want one wrapping ErrBadAnswerText", text, err)
		}
	}
	if !bytes.Equal(s.AppendEncoding(nil), enc) {
		c.errorf("View, AnswerText or ParseAnswer changed the state")
		return false
	}

	// Illegal answers are rejected and change nothing.
	want, wantName := engine.ErrIllegalAnswer, "ErrIllegalAnswer"
	if s.Terminal() {
		want, wantName = engine.ErrGameOver, "ErrGameOver"
	}
	for _, a := range illegalAnswers(s.Legal(nil)) {
		if _, err := s.Apply(a); !errors.Is(err, want) {
			c.errorf("Apply(illegal %d) error = %v, want one wrapping %s", a, err, wantName)
		}
		if !bytes.Equal(s.AppendEncoding(nil), enc) {
			c.errorf("Apply(illegal %d) changed the state", a)
			return false
		}
	}
	return true
}

// illegalAnswers returns a few answer codes not in the sorted legal list:
// the extremes, the neighbours of the legal range and codes in its gaps.
func illegalAnswers(legal []engine.Answer) []engine.Answer {
	cand := []engine.Answer{0, 1, math.MaxUint32, math.MaxUint32 - 1}
	if len(legal) > 0 {
		lo, hi := legal[0], legal[len(legal)-1]
		cand = append(cand, lo-1, hi+1)
		gaps := 0
		for i := 1; i < len(legal) && gaps < 3; i++ {
			if a, b := legal[i-1], legal[i]; b-a > 1 {
				cand = append(cand, a+1, a+(b-a)/2)
				gaps++
			}
		}
	}
	slices.Sort(cand)
	cand = slices.Compact(cand)
	return slices.DeleteFunc(cand, func(a engine.Answer) bool {
		_, ok := slices.BinarySearch(legal, a)
		return ok
	})
}

// seatsAndSpectator lists seats 0..n-1 and Spectator.
func seatsAndSpectator(n int) []engine.Seat {
	out := make([]engine.Seat, 0, n+1)
	for i := range n {
		out = append(out, engine.Seat(i))
	}
	return append(out, engine.Spectator)
}
