// Package toygame is a tiny game for testing the engine machinery: a race in
// which 2-4 seats move along a track until one reaches the target.
//
// On its turn a seat either rolls a die (a chance decision: faces 1, 2, 3
// with weights 2, 2, 1) or plays its hidden hand card (value 1-3) and draws
// a new one from a shuffled deck of nine cards, three of each value, kept in
// the state's PCG-driven deck. The first seat at or past the target wins.
// Only the holder sees a hand card; other seats see that a card was drawn.
//
// Parameters (JSON config): "target" int, 5-50 (default 10).
package toygame

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"

	"tabletop/engine"
)

// Answer codes. Gaps between codes let tests probe illegal values.
const (
	answerRoll engine.Answer = 10 // "roll"
	answerPlay engine.Answer = 20 // "play"
)

const (
	phaseTurn  = 0 // a seat decides roll or play
	phaseRoll  = 1 // chance decides the die face
	phaseOver  = 2
	deckSize   = 9
	encVersion = 1
)

// dieWeights[f] is the weight of die face f.
var dieWeights = [4]int{0, 2, 2, 1}

// Game is the toy game. Its zero value is ready to use.
type Game struct{}

// Config is the game's config.
type Config struct {
	// Target is the track position that wins.
	Target int `json:"target"`
}

// Descriptor implements engine.Game.
func (Game) Descriptor() engine.Descriptor {
	return engine.Descriptor{Name: "toy", MinSeats: 2, MaxSeats: 4, RulesVersion: "toy/1", HiddenInformation: true}
}

// ParamsHash implements engine.Game.
func (Game) ParamsHash() string { return "die=1:2,2:2,3:1;deck=3x1,3x2,3x3" }

// NormalizeConfig implements engine.Game.
func (g Game) NormalizeConfig(config []byte, seats int) ([]byte, error) {
	c, err := g.parse(config, seats)
	if err != nil {
		return nil, err
	}
	return json.Marshal(c)
}

func (g Game) parse(config []byte, seats int) (Config, error) {
	c := Config{Target: 10}
	if d := g.Descriptor(); seats < d.MinSeats || seats > d.MaxSeats {
		return c, fmt.Errorf("toy: %d seats, want %d-%d: %w", seats, d.MinSeats, d.MaxSeats, engine.ErrBadConfig)
	}
	if len(config) > 0 {
		if err := json.Unmarshal(config, &c); err != nil {
			return c, fmt.Errorf("toy: config: %w: %w", err, engine.ErrBadConfig)
		}
	}
	if c.Target < 5 || c.Target > 50 {
		return c, fmt.Errorf("toy: target %d, want 5-50: %w", c.Target, engine.ErrBadConfig)
	}
	return c, nil
}

// New implements engine.Game.
func (g Game) New(config []byte, seats int, seed uint64) (engine.State, error) {
	c, err := g.parse(config, seats)
	if err != nil {
		return nil, err
	}
	s := &State{seats: uint8(seats), target: uint8(c.Target), rng: engine.SeedPCG(seed, 1)}
	for i := range s.deck {
		s.deck[i] = uint8(i/3 + 1)
	}
	s.shuffle()
	for i := range seats {
		s.hand[i] = s.draw()
	}
	s.turn = uint8(engine.IntN(&s.rng, seats))
	return s, nil
}

// State is a toy game state.
type State struct {
	seats, target, turn, phase uint8
	winner                     uint8 // valid when phase == phaseOver
	next                       uint8 // next card of deck to draw
	pos, hand                  [4]uint8
	deck                       [deckSize]uint8
	steps                      uint32
	rng                        rand.PCG
	events                     []engine.Event
}

func (s *State) shuffle() {
	engine.Shuffle(&s.rng, deckSize, func(i, j int) { s.deck[i], s.deck[j] = s.deck[j], s.deck[i] })
	s.next = 0
}

func (s *State) draw() uint8 {
	if s.next == deckSize {
		s.shuffle()
	}
	c := s.deck[s.next]
	s.next++
	return c
}

// Pending implements engine.State.
func (s *State) Pending() engine.Decision {
	switch s.phase {
	case phaseTurn:
		return engine.Decision{Seat: engine.Seat(s.turn), Kind: "turn", Default: answerRoll}
	case phaseRoll:
		return engine.Decision{Seat: engine.Chance, Kind: "die", Default: 1}
	}
	return engine.Decision{Seat: engine.NoSeat, Kind: "over"}
}

// Legal implements engine.State.
func (s *State) Legal(buf []engine.Answer) []engine.Answer {
	switch s.phase {
	case phaseTurn:
		return append(buf, answerRoll, answerPlay)
	case phaseRoll:
		return append(buf, 1, 2, 3)
	}
	return buf
}

// Chance implements engine.State.
func (s *State) Chance() []engine.Outcome {
	if s.phase != phaseRoll {
		return nil
	}
	return []engine.Outcome{{Answer: 1, Weight: dieWeights[1]}, {Answer: 2, Weight: dieWeights[2]}, {Answer: 3, Weight: dieWeights[3]}}
}

// Apply implements engine.State.
func (s *State) Apply(a engine.Answer) ([]engine.Event, error) {
	if s.phase == phaseOver {
		return nil, fmt.Errorf("toy: answer %d: %w", a, engine.ErrGameOver)
	}
	if _, ok := slices.BinarySearch(s.Legal(make([]engine.Answer, 0, 3)), a); !ok {
		return nil, fmt.Errorf("toy: answer %d to %q: %w", a, s.Pending().Kind, engine.ErrIllegalAnswer)
	}
	s.events = s.events[:0]
	seat := engine.Seat(s.turn)
	switch {
	case a == answerRoll:
		s.phase = phaseRoll
	case a == answerPlay:
		v := s.hand[s.turn]
		s.hand[s.turn] = s.draw()
		s.events = append(s.events, engine.Event{Kind: "played", Seat: seat, Audience: engine.AllSeats, Data: map[string]int{"value": int(v)}},
			engine.Event{Kind: "drew", Seat: seat, Audience: engine.Only(seat), Data: map[string]int{"card": int(s.hand[s.turn])}, Public: map[string]int{}})
		s.move(int(v))
	default:
		s.events = append(s.events, engine.Event{Kind: "rolled", Seat: seat, Audience: engine.AllSeats, Data: map[string]int{"face": int(a)}})
		s.move(int(a))
	}
	s.steps++
	return s.events, nil
}

func (s *State) move(n int) {
	p := min(int(s.pos[s.turn])+n, int(s.target))
	s.pos[s.turn] = uint8(p)
	if p == int(s.target) {
		s.phase, s.winner = phaseOver, s.turn
		s.events = append(s.events, engine.Event{Kind: "won", Seat: engine.Seat(s.turn), Audience: engine.AllSeats})
		return
	}
	s.phase = phaseTurn
	s.turn = (s.turn + 1) % s.seats
}

// Terminal implements engine.State.
func (s *State) Terminal() bool { return s.phase == phaseOver }

// Result implements engine.State: the winner first, then by position, then
// by seat.
func (s *State) Result() engine.Result {
	r := engine.Result{Winner: engine.Seat(s.winner), How: "race"}
	for i := range int(s.seats) {
		r.Ranking = append(r.Ranking, engine.Seat(i))
	}
	slices.SortStableFunc(r.Ranking, func(a, b engine.Seat) int {
		if (a == r.Winner) != (b == r.Winner) {
			if a == r.Winner {
				return -1
			}
			return 1
		}
		return int(s.pos[b]) - int(s.pos[a])
	})
	return r
}

// Clone implements engine.State.
func (s *State) Clone() engine.State {
	c := *s
	c.events = nil
	return &c
}

// View is what a seat sees.
type View struct {
	Target    int         `json:"target"`
	Positions []int       `json:"positions"`
	Turn      int         `json:"turn"`
	Rolling   bool        `json:"rolling,omitempty"`
	Winner    *int        `json:"winner,omitempty"`
	Hand      int         `json:"hand,omitempty"` // the viewer's own card; 0 for spectators
	Seat      engine.Seat `json:"seat"`
}

// View implements engine.State.
func (s *State) View(seat engine.Seat) any {
	v := View{Target: int(s.target), Turn: int(s.turn), Rolling: s.phase == phaseRoll, Seat: seat}
	for i := range int(s.seats) {
		v.Positions = append(v.Positions, int(s.pos[i]))
	}
	if seat >= 0 && int(seat) < int(s.seats) {
		v.Hand = int(s.hand[seat])
	}
	if s.phase == phaseOver {
		w := int(s.winner)
		v.Winner = &w
	}
	return v
}

// AnswerText implements engine.State.
func (s *State) AnswerText(a engine.Answer) string {
	switch {
	case s.phase == phaseTurn && a == answerRoll:
		return "roll"
	case s.phase == phaseTurn && a == answerPlay:
		return "play"
	}
	return strconv.FormatUint(uint64(a), 10)
}

// ParseAnswer implements engine.State.
func (s *State) ParseAnswer(text string) (engine.Answer, error) {
	switch {
	case s.phase == phaseTurn && text == "roll":
		return answerRoll, nil
	case s.phase == phaseTurn && text == "play":
		return answerPlay, nil
	case s.phase == phaseRoll && len(text) == 1 && text[0] >= '1' && text[0] <= '3':
		return engine.Answer(text[0] - '0'), nil
	}
	return 0, fmt.Errorf("toy: %q: %w", text, engine.ErrBadAnswerText)
}

// AppendEncoding implements engine.State.
func (s *State) AppendEncoding(b []byte) []byte {
	b = append(b, encVersion, s.seats, s.target, s.turn, s.phase, s.winner, s.next)
	b = append(b, s.pos[:s.seats]...)
	b = append(b, s.hand[:s.seats]...)
	b = append(b, s.deck[:]...)
	b = binary.BigEndian.AppendUint32(b, s.steps)
	return engine.AppendPCG(b, &s.rng)
}

// Decode implements engine.Game.
func (Game) Decode(b []byte) (engine.State, error) {
	bad := func(what string) (engine.State, error) {
		return nil, fmt.Errorf("toy: decode: %s: %w", what, engine.ErrCorrupt)
	}
	if len(b) < 7 || b[0] != encVersion {
		return bad("header")
	}
	s := &State{seats: b[1], target: b[2], turn: b[3], phase: b[4], winner: b[5], next: b[6]}
	if s.seats < 2 || s.seats > 4 || s.target < 5 || s.target > 50 || s.turn >= s.seats ||
		s.phase > phaseOver || s.winner >= s.seats || s.next > deckSize {
		return bad("header fields")
	}
	n := int(s.seats)
	b = b[7:]
	if len(b) != 2*n+deckSize+4+engine.PCGSize {
		return bad("length")
	}
	copy(s.pos[:], b[:n])
	copy(s.hand[:], b[n:2*n])
	copy(s.deck[:], b[2*n:2*n+deckSize])
	b = b[2*n+deckSize:]
	for i := range n {
		if s.pos[i] > s.target || s.hand[i] < 1 || s.hand[i] > 3 {
			return bad("seat fields")
		}
	}
	for _, c := range s.deck {
		if c < 1 || c > 3 {
			return bad("deck")
		}
	}
	s.steps = binary.BigEndian.Uint32(b)
	rng, rest, err := engine.DecodePCG(b[4:])
	if err != nil || len(rest) != 0 {
		return bad("rng")
	}
	s.rng = rng
	return s, nil
}

// Steps implements engine.State.
func (s *State) Steps() int { return int(s.steps) }
