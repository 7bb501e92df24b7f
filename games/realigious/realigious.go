package realigious

import (
	"bytes"
	"encoding/json"
	"fmt"

	"tabletop/engine"
)

// RulesVersion changes whenever a rule change alters the outcome of a
// replay; replays made under another version are rejected.
const RulesVersion = "realigious/4"

// maxCycleLimit bounds a configured cycle limit, and with it the length of
// every match.
const maxCycleLimit = 1000

// Game creates Realigious matches under one set of rules parameters. It is
// immutable and safe for concurrent use.
type Game struct {
	params Params
	hash   string
	defs   *defTable // the card definitions (carddefs.go), read-only
}

// New returns the game with the default rules (DefaultParams).
func New() *Game { return NewWithParams(DefaultParams()) }

// NewWithParams returns the game with the given rules parameters.
func NewWithParams(p Params) *Game {
	return &Game{params: p, hash: p.Hash(), defs: buildCardDefs()}
}

// Params returns the rules parameters in force.
func (g *Game) Params() Params { return g.params }

// Descriptor returns the game's facts (engine.Game).
func (g *Game) Descriptor() engine.Descriptor {
	return engine.Descriptor{Name: "realigious", MinSeats: 2, MaxSeats: 4, RulesVersion: RulesVersion, HiddenInformation: true}
}

// ParamsHash identifies the rules parameters (engine.Game).
func (g *Game) ParamsHash() string { return g.hash }

// Config is a match's setup. Every field has a default; "random" choices are
// drawn from the match seed.
type Config struct {
	// Size is the map side n of an n×n map; 0 picks 9, 11 or 13 by player
	// count (GAP-03).
	Size int `json:"size"`
	// Climate is tropical, dry, temperate, cold or random (GAP-04).
	Climate string `json:"climate"`
	// CycleLimit ends the match after this many cycles (GAP-71); 0 = default.
	CycleLimit int `json:"cycle_limit"`
	// Seats holds each seat's origin religion and character (REL-101).
	Seats []SeatConfig `json:"seats"`
	// NoCards plays without strategy cards: every deck is empty and combat
	// gives no glory or shame card. It is the rules core alone, for tests
	// of the core and for balance comparisons.
	NoCards bool `json:"no_cards,omitempty"`
}

// SeatConfig is one seat's choices; "random" or "" picks a religion or
// character at random (UI-215).
type SeatConfig struct {
	Religion  string `json:"religion"`
	Character string `json:"character"`
	// Traits is the seat's trait slot (REL-610), by trait key or name; it
	// builds the deck (REL-673). Empty means "Basic Trait 1", the slot of a
	// player who never chose one (UI-217, GAP-29); the normalized config
	// lists the traits either way.
	Traits []Trait `json:"traits,omitempty"`
	// Level is the player level the slot is checked against (GAP-27,
	// GAP-28); 0 means the highest, 6.
	Level int `json:"level,omitempty"`
}

// ParseConfig decodes and normalizes a config for the given seat count.
func (g *Game) ParseConfig(raw []byte, seats int) (Config, error) {
	var c Config
	if len(bytes.TrimSpace(raw)) > 0 {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&c); err != nil {
			return c, fmt.Errorf("realigious: %w: %w", engine.ErrBadConfig, err)
		}
	}
	if seats < 2 || seats > 4 { // REL-002
		return c, fmt.Errorf("realigious: %w: %d players (2 to 4 play)", engine.ErrBadConfig, seats)
	}
	if c.Size == 0 {
		c.Size = g.params.MapSize[seats-2]
	}
	if c.Size < 7 || c.Size > 31 {
		return c, fmt.Errorf("realigious: %w: size %d (7 to 31)", engine.ErrBadConfig, c.Size)
	}
	if c.Climate == "" {
		c.Climate = "random"
	}
	if _, ok := parseEnum(climateNames[:], c.Climate); !ok && c.Climate != "random" {
		return c, fmt.Errorf("realigious: %w: climate %q (want random or one of %v)", engine.ErrBadConfig, c.Climate, climateNames)
	}
	if c.CycleLimit == 0 {
		c.CycleLimit = g.params.CycleLimit
	}
	if c.CycleLimit < 1 || c.CycleLimit > maxCycleLimit {
		return c, fmt.Errorf("realigious: %w: cycle_limit %d (1 to %d)", engine.ErrBadConfig, c.CycleLimit, maxCycleLimit)
	}
	if len(c.Seats) > seats {
		return c, fmt.Errorf("realigious: %w: %d seat choices for %d players", engine.ErrBadConfig, len(c.Seats), seats)
	}
	for len(c.Seats) < seats {
		c.Seats = append(c.Seats, SeatConfig{})
	}
	for i := range c.Seats {
		sc := &c.Seats[i]
		if sc.Religion == "" {
			sc.Religion = "random"
		}
		if sc.Character == "" {
			sc.Character = "random"
		}
		if _, ok := parseEnum(religionNames[:], sc.Religion); !ok && sc.Religion != "random" {
			return c, fmt.Errorf("realigious: %w: seats[%d].religion %q (want random or one of %v)", engine.ErrBadConfig, i, sc.Religion, religionNames)
		}
		if _, ok := parseEnum(characterNames[:], sc.Character); !ok && sc.Character != "random" {
			return c, fmt.Errorf("realigious: %w: seats[%d].character %q (want random or one of %v)", engine.ErrBadConfig, i, sc.Character, characterNames)
		}
		if sc.Level == 0 {
			sc.Level = MaxPlayerLevel
		}
		if len(sc.Traits) == 0 {
			sc.Traits = DefaultPreset.Slot().Traits // UI-217, GAP-29
		}
		slot := TraitSlot{Name: fmt.Sprintf("seats[%d]", i), Traits: sc.Traits}
		if err := slot.Validate(sc.Level); err != nil {
			return c, fmt.Errorf("realigious: %w: seats[%d].traits: %w", engine.ErrBadConfig, i, err)
		}
	}
	return c, nil
}

// NormalizeConfig returns the canonical JSON of a config (engine.Game).
func (g *Game) NormalizeConfig(raw []byte, seats int) ([]byte, error) {
	c, err := g.ParseConfig(raw, seats)
	if err != nil {
		return nil, err
	}
	return json.Marshal(c)
}

// New creates the initial state of a match (engine.Game).
func (g *Game) New(raw []byte, seats int, seed uint64) (engine.State, error) {
	c, err := g.ParseConfig(raw, seats)
	if err != nil {
		return nil, err
	}
	return g.NewState(c, seed), nil
}

// NewState creates the initial state from a parsed config: random choices,
// turn order and the map come from the seed, in that order.
func (g *Game) NewState(c Config, seed uint64) *State {
	s := g.setup(c, seed)
	s.setupDecks(c) // REL-673: after the map, so that a seed's map does not depend on the decks
	s.startTurn()
	return s
}

// setup builds the initial state up to, not including, the first start
// phase. Scenarios (scenario.go) override parts of it before the first turn.
func (g *Game) setup(c Config, seed uint64) *State {
	seats := len(c.Seats)
	s := &State{
		p:          &g.params,
		defs:       g.defs,
		geo:        newGeometry(c.Size, c.Size),
		size:       c.Size,
		cycleLimit: c.CycleLimit,
		rng:        engine.SeedPCG(seed, 0x5265616c6967), // "Realig"
		noCards:    c.NoCards,
		winner:     -1,
		relocSeat:  -1,
	}
	if i, ok := parseEnum(climateNames[:], c.Climate); ok {
		s.climate = Climate(i)
	} else {
		s.climate = Climate(engine.IntN(&s.rng, int(numClimates))) // GAP-04 (1)
	}
	s.players = make([]player, seats)
	for i, sc := range c.Seats {
		pl := &s.players[i]
		if r, ok := parseEnum(religionNames[:], sc.Religion); ok {
			pl.religion = Religion(r)
		} else {
			pl.religion = Religion(engine.IntN(&s.rng, int(numReligions))) // GAP-65
		}
		if ch, ok := parseEnum(characterNames[:], sc.Character); ok {
			pl.character = Character(ch)
		} else {
			pl.character = Character(engine.IntN(&s.rng, int(numCharacters)))
		}
		pl.rep = int32(g.params.StartReputation) // REL-112
		for r := range pl.res {
			pl.res[r] = int32(g.params.StartResources[r]) // GAP-01
		}
	}
	s.order = make([]int8, seats)
	for i := range s.order {
		s.order[i] = int8(i)
	}
	engine.Shuffle(&s.rng, seats, func(i, j int) { s.order[i], s.order[j] = s.order[j], s.order[i] }) // GAP-05
	tiles, starts := generateMap(&g.params, s.geo, s.climate, seats, &s.rng)
	s.tiles = tiles
	for i := range s.players {
		pl := &s.players[i]
		pl.start, pl.pos, pl.prev = starts[i], starts[i], starts[i]
		pl.onStart = true // GAP-05: standing on it, not contacting it
	}
	if s.climate == Temperate {
		s.wind = Wind(engine.IntN(&s.rng, int(numWinds))) // GAP-41
	}
	s.placeFactions() // GAP-04 (6), (7), GAP-32, GAP-38
	s.allocMemory()
	for seat := 0; seat <= seats; seat++ {
		s.see(seat) // the match starts at day (GAP-43)
	}
	s.zones = make([]zones, seats) // setupDecks fills them
	return s
}

func (s *State) allocMemory() {
	rows := len(s.players) + 1
	s.revealed = make([]uint64, rows*s.words())
	s.known = make([]int8, rows*len(s.tiles))
	for i := range s.known {
		s.known[i] = s.tiles[i%len(s.tiles)].Owner
	}
}
