package engine

import (
	"errors"
)

// Seat identifies a player in a match, numbered from 0. Negative values are
// reserved for the pseudo-seats below.
type Seat int

const (
	// Chance is the seat of a chance decision: in play the match's seeded RNG
	// answers it, in tests and scenarios a script may force the outcome.
	Chance Seat = -1
	// NoSeat decides nothing: it is the seat of a terminal state's decision.
	NoSeat Seat = -2
	// Spectator is the seat argument for the public view: it sees only what
	// every player sees.
	Spectator Seat = -3
)

// MaxSeats bounds the seat count of every game, so that a SeatMask fits.
const MaxSeats = 8

// SeatMask is a set of seats, bit i for seat i.
type SeatMask uint16

// AllSeats is the mask of every seat (and spectators, which read bit 15).
const AllSeats SeatMask = 0xFFFF

// SpectatorBit marks an audience that includes spectators.
const SpectatorBit SeatMask = 1 << 15

// Has reports whether the mask includes seat s (Spectator reads SpectatorBit).
func (m SeatMask) Has(s Seat) bool {
	if s == Spectator {
		return m&SpectatorBit != 0
	}
	if s < 0 || s >= 15 {
		return false
	}
	return m&(1<<uint(s)) != 0
}

// Only returns the mask holding just seat s.
func Only(s Seat) SeatMask {
	if s < 0 || s >= 15 {
		return 0
	}
	return 1 << uint(s)
}

// Answer is a game-defined compact code for one answer to a decision. Its
// stable text form comes from State.AnswerText and is parsed back by
// State.ParseAnswer; logs, replays, scripts and the wire use the text form.
type Answer uint32

// Decision is what the state is waiting for: who decides, what kind of
// choice it is, and the answer given when the deadline passes.
type Decision struct {
	// Seat is the deciding seat, Chance for a chance decision, NoSeat when
	// the match is over.
	Seat Seat
	// Kind names the decision, e.g. "move" or "roll"; stable across versions.
	Kind string
	// Default is the answer the server submits on time-out; it is always legal.
	Default Answer
}

// Outcome is one outcome of a chance decision with its weight. Weights are
// integers (for Realigious, percent) so that sampling is exact and portable.
type Outcome struct {
	Answer Answer
	Weight int
}

// Event is one thing that happened during Apply. Events are built by the
// game and redacted per seat by Redact before they leave the server.
type Event struct {
	// Kind names the event, e.g. "moved", "propagation".
	Kind string `json:"kind"`
	// Seat is the seat the event is about, or NoSeat.
	Seat Seat `json:"seat"`
	// Audience is the set of seats that may see the event in full.
	Audience SeatMask `json:"-"`
	// Data is the full, JSON-encodable payload.
	Data any `json:"data,omitempty"`
	// Public is what seats outside Audience see instead; nil means they do
	// not see the event at all.
	Public any `json:"-"`
}

// Redact returns the events as seat s may see them, in order. An event whose
// audience excludes s is replaced by its Public form or dropped.
func Redact(events []Event, s Seat) []Event {
	return AppendRedacted(make([]Event, 0, len(events)), events, s)
}

// AppendRedacted appends the events as seat s may see them (see Redact) to
// dst and returns the extended slice. A server that redacts every step for
// every audience reuses one dst instead of allocating a slice each time.
func AppendRedacted(dst, events []Event, s Seat) []Event {
	for _, e := range events {
		switch {
		case e.Audience.Has(s):
			dst = append(dst, e)
		case e.Public != nil:
			dst = append(dst, Event{Kind: e.Kind, Seat: e.Seat, Audience: e.Audience, Data: e.Public})
		}
	}
	return dst
}

// Result is the outcome of a finished match.
type Result struct {
	// Winner is the winning seat, or NoSeat for a draw.
	Winner Seat `json:"winner"`
	// How names the way the match was won: e.g. "religious", "social",
	// "survival", "ranked", or "draw".
	How string `json:"how"`
	// Ranking lists every seat from first to last place.
	Ranking []Seat `json:"ranking"`
}

// State is one position of a match. Implementations are not safe for
// concurrent use; Clone gives an independent copy for another goroutine.
//
// The contract every game keeps, checked by enginetest.Run:
//   - Pending, Legal and Chance agree: Legal is non-empty and sorted
//     ascending until the state is terminal, and empty after; Pending().Default
//     is in Legal; Chance is non-nil exactly when Pending().Seat == Chance,
//     and its answers are exactly Legal.
//   - Apply validates first: an illegal answer returns an error wrapping
//     ErrIllegalAnswer (or ErrGameOver) and leaves AppendEncoding byte-identical.
//   - Same initial state + same answers = same Encode bytes after every step.
//   - View is defined for every seat and Spectator at every state, terminal
//     included, and never contains hidden information or RNG state.
type State interface {
	// Pending returns the decision the state waits for.
	Pending() Decision
	// Legal appends the legal answers to buf, sorted ascending, and returns it.
	Legal(buf []Answer) []Answer
	// Chance returns the outcomes of a pending chance decision, nil otherwise.
	Chance() []Outcome
	// Apply applies one answer for the pending decision. The returned events
	// alias a buffer the state reuses; they are valid until the next Apply.
	Apply(a Answer) ([]Event, error)
	// Terminal reports whether the match is over.
	Terminal() bool
	// Result returns the result of a terminal state.
	Result() Result
	// Clone returns an independent deep copy.
	Clone() State
	// View returns what seat s (or Spectator) may see, as a JSON-encodable value.
	View(s Seat) any
	// AnswerText returns the stable text form of an answer to the pending decision.
	AnswerText(a Answer) string
	// ParseAnswer parses a text form for the pending decision.
	ParseAnswer(text string) (Answer, error)
	// AppendEncoding appends the canonical binary encoding of the full state.
	AppendEncoding(buf []byte) []byte
	// Steps returns the number of answers applied since the initial state.
	Steps() int
}

// Descriptor declares a game's facts as data.
type Descriptor struct {
	// Name is the short name, used on the command line and in replays.
	Name string
	// MinSeats and MaxSeats bound the player count.
	MinSeats, MaxSeats int
	// RulesVersion changes whenever a rule changes the outcome of a replay.
	RulesVersion string
	// HiddenInformation is true when views differ between seats.
	HiddenInformation bool
}

// Game creates and decodes states of one game.
type Game interface {
	// Descriptor returns the game's facts.
	Descriptor() Descriptor
	// New creates the initial state for a JSON config and a seed. The config
	// may be empty; games fill defaults and validate it.
	New(config []byte, seats int, seed uint64) (State, error)
	// NormalizeConfig returns the canonical JSON of a config with defaults
	// filled in, as stored in replay headers.
	NormalizeConfig(config []byte, seats int) ([]byte, error)
	// ParamsHash identifies the rules parameters in force.
	ParamsHash() string
	// Decode rebuilds a state from AppendEncoding's bytes.
	Decode(b []byte) (State, error)
}

// Sentinel errors callers can branch on.
var (
	// ErrIllegalAnswer is wrapped by Apply when an answer is not legal now.
	ErrIllegalAnswer = errors.New("engine: illegal answer")
	// ErrGameOver is wrapped by Apply on a terminal state.
	ErrGameOver = errors.New("engine: game is over")
	// ErrBadAnswerText is wrapped by ParseAnswer for an unknown text form.
	ErrBadAnswerText = errors.New("engine: unknown answer text")
	// ErrBadConfig is wrapped by New for an invalid config.
	ErrBadConfig = errors.New("engine: invalid config")
	// ErrCorrupt is wrapped by Decode and replay loading for damaged data.
	ErrCorrupt = errors.New("engine: corrupt data")
	// ErrReplayMismatch is wrapped when a replay's hashes or rules differ.
	ErrReplayMismatch = errors.New("engine: replay mismatch")
)
