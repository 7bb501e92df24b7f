package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// ReplayFormat is the replay format version this build writes and reads.
// It changes only when the layout of Replay changes, not when rules change
// (that is Header.RulesVersion).
const ReplayFormat = 1

// Replay records a match: enough to re-create every state and to notice the
// first step at which the rules in force disagree with the recording.
// Replays are written by Match.Replay and checked by Verify.
type Replay struct {
	// Header says which game, rules, config and seed the match used.
	Header Header `json:"header"`
	// Steps lists every answer applied, chance answers included, in order.
	Steps []Step `json:"steps"`
}

// Header is the part of a replay that re-creates the initial state.
type Header struct {
	// Format is ReplayFormat.
	Format int `json:"format"`
	// Game is Descriptor.Name.
	Game string `json:"game"`
	// RulesVersion is Descriptor.RulesVersion when the match was played.
	RulesVersion string `json:"rules_version"`
	// ParamsHash is Game.ParamsHash when the match was played.
	ParamsHash string `json:"params_hash"`
	// Config is the normalized config (Game.NormalizeConfig).
	Config json.RawMessage `json:"config"`
	// Seats is the number of seats.
	Seats int `json:"seats"`
	// Seed is the match seed given to Game.New and ChanceAnswer. It is
	// written as a JSON string because JavaScript numbers cannot hold every
	// uint64.
	Seed uint64 `json:"seed,string"`
}

// Step is one applied answer.
type Step struct {
	// Seat is the seat that answered, Chance for a chance decision.
	Seat Seat `json:"seat"`
	// Answer is the answer's text form (State.AnswerText).
	Answer string `json:"answer"`
	// Hash is Hash of the state after the answer. An empty Hash (allowed in
	// hand-written scenarios) is not checked.
	Hash string `json:"hash,omitempty"`
}

// DivergenceError reports the first step at which a replay and the rules in
// force disagree. It wraps ErrReplayMismatch and, when the game rejected the
// step, the game's error.
type DivergenceError struct {
	// Step numbers the diverging answer from 1, so that the expected state
	// after it has State.Steps() == Step.
	Step int
	// Seat and Answer are the step as recorded.
	Seat   Seat
	Answer string
	// Reason says what differed.
	Reason string
	// Err is the error from ParseAnswer or Apply, or nil.
	Err error
}

// Error implements error.
func (e *DivergenceError) Error() string {
	msg := fmt.Sprintf("engine: replay diverges at step %d (seat %d answers %q): %s", e.Step, e.Seat, e.Answer, e.Reason)
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap returns ErrReplayMismatch and the underlying error, if any.
func (e *DivergenceError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrReplayMismatch}
	}
	return []error{ErrReplayMismatch, e.Err}
}

// ReadReplay reads one JSON replay from r. Input that is not a well-formed
// replay returns an error wrapping ErrCorrupt; a replay in another format
// version or for other rules is read fine and rejected later by Verify.
func ReadReplay(r io.Reader) (*Replay, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("engine: read replay: %w", err)
	}
	var rep Replay
	if err := json.Unmarshal(data, &rep); err != nil {
		return nil, fmt.Errorf("engine: read replay: %w: %w", err, ErrCorrupt)
	}
	if err := rep.check(); err != nil {
		return nil, err
	}
	return &rep, nil
}

// check reports structural damage: values no writer produces.
func (r *Replay) check() error {
	h := &r.Header
	switch {
	case h.Format <= 0:
		return fmt.Errorf("engine: replay format %d: %w", h.Format, ErrCorrupt)
	case h.Game == "":
		return fmt.Errorf("engine: replay names no game: %w", ErrCorrupt)
	case h.Seats < 1 || h.Seats > MaxSeats:
		return fmt.Errorf("engine: replay has %d seats: %w", h.Seats, ErrCorrupt)
	}
	for i, st := range r.Steps {
		if st.Seat != Chance && (st.Seat < 0 || int(st.Seat) >= h.Seats) {
			return fmt.Errorf("engine: replay step %d: seat %d of %d: %w", i+1, st.Seat, h.Seats, ErrCorrupt)
		}
		if st.Hash != "" && !isHash(st.Hash) {
			return fmt.Errorf("engine: replay step %d: malformed hash %q: %w", i+1, st.Hash, ErrCorrupt)
		}
	}
	return nil
}

// isHash reports whether s has the form of a Hash result.
func isHash(s string) bool {
	if len(s) != HashLen {
		return false
	}
	for i := range len(s) {
		c := s[i]
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// WriteTo writes the replay as JSON with one step per line, so that a change
// to a golden replay shows in a diff as the changed steps. The output is
// read back by ReadReplay (and by any JSON decoder).
func (r *Replay) WriteTo(w io.Writer) (int64, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	buf.WriteString(`{"header":`)
	if err := enc.Encode(r.Header); err != nil {
		return 0, fmt.Errorf("engine: write replay: %w", err)
	}
	buf.Truncate(buf.Len() - 1) // Encode's newline
	buf.WriteString(",\n\"steps\":[")
	for i := range r.Steps {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteByte('\n')
		if err := enc.Encode(r.Steps[i]); err != nil {
			return 0, fmt.Errorf("engine: write replay: %w", err)
		}
		buf.Truncate(buf.Len() - 1)
	}
	if len(r.Steps) > 0 {
		buf.WriteByte('\n')
	}
	buf.WriteString("]}\n")
	n, err := w.Write(buf.Bytes())
	if err != nil {
		return int64(n), fmt.Errorf("engine: write replay: %w", err)
	}
	return int64(n), nil
}

// Verify re-plays r under the rules of g and returns the final state. It
// checks that the header names g's game, rules version and parameters
// (otherwise an error wrapping ErrReplayMismatch names both sides), then
// applies every step through ParseAnswer and Apply and compares the seat
// and the state hash after each one. The first disagreement returns a
// *DivergenceError naming the step. Verify does not modify r.
func Verify(g Game, r *Replay) (final State, err error) {
	m, err := ResumeMatch(g, r)
	if err != nil {
		return nil, err
	}
	return m.state, nil
}

// checkHeader reports whether a replay header was made by g's rules.
func checkHeader(g Game, h *Header) error {
	d := g.Descriptor()
	switch {
	case h.Format != ReplayFormat:
		return fmt.Errorf("engine: replay format %d but this build reads format %d: %w", h.Format, ReplayFormat, ErrReplayMismatch)
	case h.Game != d.Name:
		return fmt.Errorf("engine: replay of game %q but this game is %q: %w", h.Game, d.Name, ErrReplayMismatch)
	case h.RulesVersion != d.RulesVersion:
		return fmt.Errorf("engine: replay made under rules %q but this build has %q: %w", h.RulesVersion, d.RulesVersion, ErrReplayMismatch)
	case h.ParamsHash != g.ParamsHash():
		return fmt.Errorf("engine: replay made with rules parameters %q but this build has %q: %w", h.ParamsHash, g.ParamsHash(), ErrReplayMismatch)
	}
	return nil
}

// ResumeMatch rebuilds the match that r records, checking it exactly as
// Verify does, and returns it ready to continue: this is how a server
// restores a live match from its stored header and answers. The returned
// match hashes every step.
func ResumeMatch(g Game, r *Replay) (*Match, error) {
	if r == nil {
		return nil, fmt.Errorf("engine: nil replay: %w", ErrCorrupt)
	}
	h := &r.Header
	if err := checkHeader(g, h); err != nil {
		return nil, err
	}
	var config []byte
	if len(h.Config) > 0 && string(h.Config) != "null" {
		config = h.Config
	}
	m, err := NewMatch(g, config, h.Seats, h.Seed)
	if err != nil {
		return nil, fmt.Errorf("engine: replay header: %w", err)
	}
	for i, st := range r.Steps {
		diverge := func(reason string, err error) error {
			return &DivergenceError{Step: i + 1, Seat: st.Seat, Answer: st.Answer, Reason: reason, Err: err}
		}
		s := m.state
		if s.Terminal() {
			return nil, diverge("the game is already over", nil)
		}
		if seat := s.Pending().Seat; seat != st.Seat {
			return nil, diverge(fmt.Sprintf("seat %d decides now", seat), nil)
		}
		a, err := s.ParseAnswer(st.Answer)
		if err != nil {
			return nil, diverge("the answer does not parse", err)
		}
		if _, err := m.Apply(a); err != nil {
			return nil, diverge("the answer is not legal", err)
		}
		if got := m.log.hashText(i); st.Hash != "" && got != st.Hash {
			return nil, diverge(fmt.Sprintf("state hash %s, replay has %s", got, st.Hash), nil)
		}
	}
	return m, nil
}
