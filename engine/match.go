package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
)

// ErrNotChance is returned by Match.ResolveChance when the pending decision
// belongs to a seat rather than to chance.
var ErrNotChance = errors.New("engine: no chance decision pending")

// Match is one match in progress: a game, its header (config, seats, seed),
// the current state and the history of answers. The state applies answers;
// the match keeps the record that becomes a Replay. A Match is not safe for
// concurrent use.
type Match struct {
	game    Game
	header  Header
	initial State // the state before any answer; never applied to
	state   State
	log     stepLog
	nohash  bool     // see SetHashing
	every   int      // see SetHashInterval; 0 or 1: every step
	legal   []Answer // scratch for Legal
	buf     []byte   // scratch for AppendEncoding
}

// NewMatch starts a match of g: it normalizes config with g.NormalizeConfig
// (the normalized form goes into the replay header) and creates the initial
// state with g.New. Errors from the game are wrapped, so errors.Is finds
// ErrBadConfig.
func NewMatch(g Game, config []byte, seats int, seed uint64) (*Match, error) {
	d := g.Descriptor()
	norm, err := g.NormalizeConfig(config, seats)
	if err != nil {
		return nil, fmt.Errorf("engine: new %s match: %w", d.Name, err)
	}
	if len(norm) > 0 && !json.Valid(norm) {
		return nil, fmt.Errorf("engine: new %s match: normalized config is not JSON: %q", d.Name, norm)
	}
	s, err := g.New(norm, seats, seed)
	if err != nil {
		return nil, fmt.Errorf("engine: new %s match: %w", d.Name, err)
	}
	return &Match{
		game: g,
		header: Header{
			Format:       ReplayFormat,
			Game:         d.Name,
			RulesVersion: d.RulesVersion,
			ParamsHash:   g.ParamsHash(),
			Config:       json.RawMessage(slices.Clone(norm)),
			Seats:        seats,
			Seed:         seed,
		},
		initial: s.Clone(),
		state:   s,
	}, nil
}

// Game returns the match's game.
func (m *Match) Game() Game { return m.game }

// Header returns a copy of the replay header of the match.
func (m *Match) Header() Header {
	h := m.header
	h.Config = slices.Clone(h.Config)
	return h
}

// State returns the current state. It belongs to the match: callers must
// not Apply to it or otherwise change it (Clone it to experiment).
func (m *Match) State() State { return m.state }

// Steps returns the number of answers applied so far.
func (m *Match) Steps() int { return m.log.len() }

// SetHashing turns the per-step state hash on (the default) or off. With
// hashing off, Apply skips encoding and hashing the state, which makes bulk
// simulation faster; Replay then computes the missing hashes by re-applying
// the answers to a copy of the initial state.
func (m *Match) SetHashing(on bool) { m.nohash = !on }

// SetHashInterval makes the match hash the state only after every kth
// step, and after the step that ends the match; the other steps get no
// hash, which replays allow (a replay checks the hashes it has). A live
// server records a step for every answer, and encoding and hashing the
// whole state was a tenth of an answer's cost there; a divergence still
// shows within k steps. k <= 1 hashes every step (the default).
func (m *Match) SetHashInterval(k int) { m.every = k }

// hashed reports whether step i (0-based) gets a hash; last says it ends
// the match.
func (m *Match) hashed(i int, last bool) bool {
	return m.every <= 1 || (i+1)%m.every == 0 || last
}

// Apply applies an answer to the pending decision and records it. The answer
// is checked against Legal first: an illegal answer returns an error
// wrapping ErrIllegalAnswer (or ErrGameOver once the match is over) and
// records nothing. The events alias the state's buffer, as State.Apply says.
func (m *Match) Apply(a Answer) ([]Event, error) {
	s := m.state
	if s.Terminal() {
		return nil, m.overErr()
	}
	d := s.Pending()
	m.legal = s.Legal(m.legal[:0])
	if _, ok := slices.BinarySearch(m.legal, a); !ok {
		return nil, fmt.Errorf("engine: answer %d is not legal for the %q decision of seat %d: %w", a, d.Kind, d.Seat, ErrIllegalAnswer)
	}
	text := s.AnswerText(a)
	events, err := s.Apply(a)
	if err != nil {
		return nil, err
	}
	var hash *[HashLen / 2]byte
	if !m.nohash && m.hashed(m.log.len(), s.Terminal()) {
		m.buf = s.AppendEncoding(m.buf[:0])
		sum := hashSum(m.buf)
		hash = &sum
	}
	m.log.add(d.Seat, a, text, hash)
	return events, nil
}

// ApplyText parses an answer's text form for the pending decision (as
// scripts, the command line and the wire give it) and applies it like Apply.
// An unknown text returns the game's error, wrapping ErrBadAnswerText.
func (m *Match) ApplyText(text string) ([]Event, error) {
	if m.state.Terminal() {
		return nil, m.overErr()
	}
	a, err := m.state.ParseAnswer(text)
	if err != nil {
		return nil, err
	}
	return m.Apply(a)
}

// ResolveChance answers the pending chance decision with
// ChanceAnswer(seed, Steps(), outcomes) and applies it like Apply. It
// returns an error wrapping ErrNotChance when a seat must answer, and
// ErrGameOver when the match is over.
func (m *Match) ResolveChance() ([]Event, error) {
	s := m.state
	if s.Terminal() {
		return nil, m.overErr()
	}
	d := s.Pending()
	if d.Seat != Chance {
		return nil, fmt.Errorf("engine: seat %d must answer the %q decision: %w", d.Seat, d.Kind, ErrNotChance)
	}
	outcomes := s.Chance()
	if chanceTotal(outcomes) <= 0 {
		return nil, fmt.Errorf("engine: chance decision %q has no positive total weight (%d outcomes)", d.Kind, len(outcomes))
	}
	return m.Apply(ChanceAnswer(m.header.Seed, m.log.len(), outcomes))
}

// Replay returns the record of the match so far, as a copy the caller owns.
// If hashing was off for some steps, Replay first computes their hashes
// (and keeps them for next time). Should re-applying an answer fail, which
// only a non-deterministic game can cause, the hashes from that step on stay
// empty, and Verify of the replay reports the problem.
func (m *Match) Replay() *Replay {
	m.fillHashes()
	return &Replay{Header: m.Header(), Steps: m.log.steps(0)}
}

// StepsFrom returns a copy of the steps after the first from, in order: what
// a server persists after version from without copying the whole history.
func (m *Match) StepsFrom(from int) []Step {
	if from < 0 {
		from = 0
	}
	if from >= m.log.len() {
		return nil
	}
	m.fillHashes()
	return m.log.steps(from)
}

// AppendStepsFrom appends the steps after the first from to dst, as
// StepsFrom returns them, and returns the extended slice: a server that
// persists after every answer reuses one dst.
func (m *Match) AppendStepsFrom(dst []Step, from int) []Step {
	from = max(from, 0)
	if from >= m.log.len() {
		return dst
	}
	m.fillHashes()
	for i := from; i < m.log.len(); i++ {
		dst = append(dst, m.log.step(i))
	}
	return dst
}

// fillHashes computes the hashes Apply skipped with hashing off.
func (m *Match) fillHashes() {
	terminal := m.state.Terminal()
	missing := func(i int) bool {
		return !m.log.hashed(i) && m.hashed(i, terminal && i == m.log.len()-1)
	}
	first := -1
	for i := range m.log.len() {
		if missing(i) {
			first = i
			break
		}
	}
	if first < 0 {
		return
	}
	s := m.initial.Clone()
	for i := range m.log.len() {
		if _, err := s.Apply(m.log.answer(i)); err != nil {
			return
		}
		if i >= first && missing(i) {
			m.buf = s.AppendEncoding(m.buf[:0])
			m.log.setHash(i, m.buf)
		}
	}
}

// overErr is the error for an answer after the end of the match.
func (m *Match) overErr() error {
	return fmt.Errorf("engine: %s match over after %d steps: %w", m.header.Game, m.log.len(), ErrGameOver)
}
