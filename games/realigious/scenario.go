package realigious

// Scenarios: a versioned JSON format that sets up any Realigious position
// (config + seed, then overrides of any part of the state), plays a script
// of answers on it, and states what must hold afterwards. docs/scenarios.md
// specifies the format; this file reads it (LoadScenario, Build, Run),
// writes it (Snapshot, SnapshotScenario) and checks expectations (Check).
// Nothing here does I/O: LoadScenario takes bytes.

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"tabletop/engine"
)

// ScenarioFormat is the "format" string of the scenario files this build
// reads and writes. Files with another format string are rejected.
const ScenarioFormat = "realigious-scenario/1"

// ErrScenario is wrapped by every error about a scenario: a malformed file,
// a state that is not consistent, or a script step that cannot be applied.
// Script errors also wrap the rules' error (engine.ErrIllegalAnswer, ...).
var ErrScenario = errors.New("realigious: scenario")

// scnMaxChance bounds the chance decisions answered from the seed in a row,
// so that a run always ends.
const scnMaxChance = 1000

// Scenario is one scenario file. docs/scenarios.md describes every field.
type Scenario struct {
	// Format must be ScenarioFormat.
	Format string `json:"format"`
	// Name and Description are free text; the description cites the rule
	// IDs the scenario verifies.
	Name        string `json:"name,omitempty"`
	Description string `json:"description,omitempty"`
	// Seed generates the map and random setup choices, and answers the
	// chance decisions the script does not force.
	Seed uint64 `json:"seed"`
	// Players is the seat count, 2 to 4; 0 means the length of
	// config.seats, or 2.
	Players int `json:"players,omitempty"`
	// Config is a match config (Config), checked by Game.ParseConfig.
	Config json.RawMessage `json:"config,omitempty"`
	// State overrides parts of the state generated from config and seed;
	// nil plays the match from its real start.
	State *ScenarioState `json:"state,omitempty"`
	// Script lists the answers to apply, in order.
	Script []ScriptStep `json:"script,omitempty"`
	// StopAtChance leaves a chance decision pending after the script
	// instead of answering it from the seed.
	StopAtChance bool `json:"stop_at_chance,omitempty"`
	// Expect lists what must hold after the run (Check).
	Expect *Expect `json:"expect,omitempty"`
}

// ScenarioState overrides the generated state. A nil or absent field keeps
// the generated value. Enums are lowercase names; tiles are "col,row".
type ScenarioState struct {
	// Size must equal the config's map size if given (it is written by
	// Snapshot so that a snapshot describes itself).
	Size       *int    `json:"size,omitempty"`
	CycleLimit *int    `json:"cycle_limit,omitempty"`
	Climate    *string `json:"climate,omitempty"`
	Cycle      *int    `json:"cycle,omitempty"`
	Night      *bool   `json:"night,omitempty"`
	Squall     *int    `json:"squall,omitempty"`
	SquallSkip *bool   `json:"squall_skip,omitempty"`
	Wind       *string `json:"wind,omitempty"`
	// Blocked lists the Rasputitsa tiles of this turn; [] clears them.
	Blocked []ScenarioPos `json:"blocked,omitzero"`
	// Order is the turn order of the seats; Active is the seat whose turn it is.
	Order  []int `json:"order,omitzero"`
	Active *int  `json:"active,omitempty"`
	// Phase is where the match stands: start (the default), move, sprint,
	// extra_move, contact, interaction, roll, relocate, wind, wander,
	// designate or over.
	Phase string `json:"phase,omitempty"`
	Steps *int   `json:"steps,omitempty"`
	Turns *int   `json:"turns,omitempty"`
	// Tiles overrides the map.
	Tiles *ScenarioTiles `json:"tiles,omitempty"`
	// Players overrides the seats; entry i is seat i.
	Players []ScenarioPlayer `json:"players,omitempty"`
	// Spectator is the public view's memory.
	Spectator *ScenarioMemory `json:"spectator,omitempty"`
	// Roll is the pending (or last) roll.
	Roll *ScenarioRoll `json:"roll,omitempty"`
	// RelocateSeat is the seat whose piece a relocate decision moves.
	RelocateSeat *int `json:"relocate_seat,omitempty"`
	// CycleStage is the next stage of the end of a cycle to run: none,
	// wander or wind. Cont is where a designation resumes: contact or
	// cycle. DesignSeat is the seat of a designate decision.
	CycleStage *string `json:"cycle_stage,omitempty"`
	Cont       *string `json:"cont,omitempty"`
	DesignSeat *int    `json:"design_seat,omitempty"`
	// Factions is "generated" (the default: the seed's god, relics and
	// celebrity, and the local governments found on the map) or "none" (no
	// relics, no celebrity, no local government). God, Relics, Governments
	// and Celebrity then override parts of it.
	Factions string  `json:"factions,omitempty"`
	God      *string `json:"god,omitempty"`
	// Relics replaces every relic; [] leaves none.
	Relics      []ScenarioRelic      `json:"relics,omitzero"`
	Governments *ScenarioGovernments `json:"governments,omitempty"`
	Celebrity   *ScenarioCelebrity   `json:"celebrity,omitempty"`
	// RelicsCollected counts the relic collections of the match.
	RelicsCollected *int `json:"relics_collected,omitempty"`
	// Result is the result of a finished match (phase over only).
	Result *ScenarioResult `json:"result,omitempty"`
	// RNG is the hex of the state's rand.PCG MarshalBinary; empty keeps the
	// generator seeded from the scenario's seed.
	RNG string `json:"rng,omitempty"`
}

// ScenarioTiles sets the map: Fill applies to every tile, then each Set
// entry to its tile.
type ScenarioTiles struct {
	Fill *ScenarioTile  `json:"fill,omitempty"`
	Set  []ScenarioTile `json:"set,omitzero"`
}

// ScenarioTile overrides the given attributes of a tile. At names the tile in
// tiles.set and is not allowed in tiles.fill.
type ScenarioTile struct {
	At        ScenarioPos `json:"at,omitzero"`
	Terrain   *string     `json:"terrain,omitempty"`
	Structure *string     `json:"structure,omitempty"`
	Church    *string     `json:"church,omitempty"`
	// Owner is a seat, or -1 for a neutral tile.
	Owner *int `json:"owner,omitempty"`
	// Claimed: the church's advantage has been taken (REL-946).
	Claimed *bool `json:"claimed,omitempty"`
	// Alloc is the allotment: followers, donations, influence.
	Alloc []int `json:"alloc,omitzero"`
}

// ScenarioPlayer overrides the given fields of one seat.
type ScenarioPlayer struct {
	Religion   *string `json:"religion,omitempty"`
	Character  *string `json:"character,omitempty"`
	Reputation *int    `json:"reputation,omitempty"`
	Followers  *int    `json:"followers,omitempty"`
	Donations  *int    `json:"donations,omitempty"`
	Influence  *int    `json:"influence,omitempty"`
	// Piece is the tile the piece contacts, null once removed; Prev is the
	// tile it contacted when its turn began; Start is its starting point.
	Piece                 ScenarioPos `json:"piece,omitzero"`
	Prev                  ScenarioPos `json:"prev,omitzero"`
	Start                 ScenarioPos `json:"start,omitzero"`
	OnStart               *bool       `json:"on_start,omitempty"`
	PropagationCorrection *int        `json:"propagation_correction,omitempty"`
	CombatCorrection      *int        `json:"combat_correction,omitempty"`
	DefenseCorrection     *int        `json:"defense_correction,omitempty"`
	Defeated              *bool       `json:"defeated,omitempty"`
	DefeatRank            *int        `json:"defeat_rank,omitempty"`
	BonusUsed             *bool       `json:"bonus_used,omitempty"`
	Turns                 *int        `json:"turns,omitempty"`
	ExtraUsed             *bool       `json:"extra_used,omitempty"`
	ReturnAtEnd           *bool       `json:"return_at_end,omitempty"`
	SkipNext              *bool       `json:"skip_next,omitempty"`
	// Faction counters (GAP-33, GAP-35): the relic buff level (highest
	// number of relics ever held; defaults to at least the relics held),
	// the run of successes toward a relic, the Gi-ye Chin effects, the
	// church advantages, and the own turn in which cards are free.
	RelicBuff    *int  `json:"relic_buff,omitempty"`
	RelicRun     *int  `json:"relic_run,omitempty"`
	NightEye     *bool `json:"night_eye,omitempty"`
	Clairvoyance *int  `json:"clairvoyance,omitempty"`
	MiddleWay    *bool `json:"middle_way,omitempty"`
	Inshallah    *bool `json:"inshallah,omitempty"`
	SecretArt    *int  `json:"secret_art,omitempty"`
	// Revealed and Known are the seat's memory (as in ScenarioMemory).
	Revealed *ScenarioTileSet `json:"revealed,omitempty"`
	Known    []ScenarioKnown  `json:"known,omitzero"`
}

// ScenarioMemory is what one seat, or the spectator, remembers: the tiles
// seen at least once, and the owners it last saw where they differ from the
// true owners.
type ScenarioMemory struct {
	Revealed *ScenarioTileSet `json:"revealed,omitempty"`
	Known    []ScenarioKnown  `json:"known,omitzero"`
}

// ScenarioKnown is the owner a seat last saw on a tile (-1 neutral).
type ScenarioKnown struct {
	At    ScenarioPos `json:"at"`
	Owner int         `json:"owner"`
}

// ScenarioRelic is one of the local god's relics: on the map (tile, holder
// -1), held (tile null, holder a seat) or out of play (tile null, holder -1).
type ScenarioRelic struct {
	Tile   ScenarioPos `json:"tile,omitzero"`
	Holder *int        `json:"holder,omitempty"`
	// Eye is a Gi-ye Chin relic's type; none for the other gods.
	Eye *string `json:"eye,omitempty"`
	// Seen lists the seats that know where it lies (GAP-32).
	Seen []int `json:"seen,omitzero"`
	// Counts: it counts toward mystic victory while held (default true).
	Counts *bool `json:"counts,omitempty"`
}

// ScenarioGovernments overrides the three local governments.
type ScenarioGovernments struct {
	Office   *ScenarioGovernment `json:"office,omitempty"`
	Police   *ScenarioGovernment `json:"police,omitempty"`
	Military *ScenarioGovernment `json:"military,omitempty"`
}

func (g *ScenarioGovernments) list() [3]*ScenarioGovernment {
	return [3]*ScenarioGovernment{g.Office, g.Police, g.Military}
}

// ScenarioGovernment is one local government: its tile (null: none on the
// map), the seat holding its advantage (-1: none) and how many times it
// was bribed (GAP-36).
type ScenarioGovernment struct {
	Tile   ScenarioPos `json:"tile,omitzero"`
	Briber *int        `json:"briber,omitempty"`
	Bribes *int        `json:"bribes,omitempty"`
}

// ScenarioCelebrity is the celebrity: its type, its tile (null: there is
// none), its start point, its briber and bribe count (GAP-37, GAP-38).
type ScenarioCelebrity struct {
	Kind   *string     `json:"kind,omitempty"`
	Tile   ScenarioPos `json:"tile,omitzero"`
	Start  ScenarioPos `json:"start,omitzero"`
	Briber *int        `json:"briber,omitempty"`
	Bribes *int        `json:"bribes,omitempty"`
}

// scnStageNames and scnContNames name cycleStage and cont in scenarios.
var (
	scnStageNames = [...]string{stageNone: "none", stageWander: "wander", stageWind: "wind"}
	scnContNames  = [...]string{contContact: "contact", contCycle: "cycle"}
)

// ScenarioRoll is the pending roll. Absent fields are computed from the
// state as the rules would (see docs/scenarios.md).
type ScenarioRoll struct {
	Kind     *string        `json:"kind,omitempty"`
	Seat     *int           `json:"seat,omitempty"`
	Defender *int           `json:"defender,omitempty"`
	Tile     ScenarioPos    `json:"tile,omitzero"`
	R1       *int           `json:"r1,omitempty"`
	R2       *int           `json:"r2,omitempty"`
	R        *int           `json:"r,omitempty"`
	R1Terms  []ScenarioTerm `json:"r1_terms,omitzero"`
	R2Terms  []ScenarioTerm `json:"r2_terms,omitzero"`
}

// ScenarioTerm is one addend of a rate, as in the explain events.
type ScenarioTerm struct {
	Tier  int    `json:"tier"`
	Name  string `json:"name"`
	Value int    `json:"value"`
}

// ScenarioResult is the result of a finished match.
type ScenarioResult struct {
	Winner  *int    `json:"winner,omitempty"`
	How     *string `json:"how,omitempty"`
	Ranking []int   `json:"ranking,omitzero"`
}

// ScriptStep is one script entry: an answer text, and optionally the seat
// that must be deciding (-1 for a chance decision). It is written as a bare
// string or as {"answer": "...", "seat": N}.
type ScriptStep struct {
	Answer string
	Seat   *int
}

type scnStepObject struct {
	Answer string `json:"answer"`
	Seat   *int   `json:"seat,omitempty"`
}

// UnmarshalJSON reads a bare string or an object.
func (st *ScriptStep) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		st.Seat = nil
		return json.Unmarshal(b, &st.Answer)
	}
	var o scnStepObject
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&o); err != nil {
		return fmt.Errorf("script entry: %w", err)
	}
	if o.Answer == "" {
		return errors.New("script entry: an object needs an \"answer\"")
	}
	st.Answer, st.Seat = o.Answer, o.Seat
	return nil
}

// MarshalJSON writes a bare string unless a seat is asserted.
func (st ScriptStep) MarshalJSON() ([]byte, error) {
	if st.Seat == nil {
		return json.Marshal(st.Answer)
	}
	return json.Marshal(scnStepObject(st))
}

// ScenarioPos is a tile coordinate in scenario JSON, written "col,row" like the
// answer text "tile col,row". Some fields also take null for "no tile".
// The zero ScenarioPos means the field is absent.
type ScenarioPos struct {
	// Set is true when the field is present.
	Set bool
	// Null is true for JSON null.
	Null     bool
	Col, Row int
}

// ScenarioAt returns the ScenarioPos of tile col,row.
func ScenarioAt(col, row int) ScenarioPos { return ScenarioPos{Set: true, Col: col, Row: row} }

func (p ScenarioPos) String() string {
	if p.Null {
		return "null"
	}
	return strconv.Itoa(p.Col) + "," + strconv.Itoa(p.Row)
}

// MarshalJSON writes "col,row" or null.
func (p ScenarioPos) MarshalJSON() ([]byte, error) {
	if !p.Set || p.Null {
		return []byte("null"), nil
	}
	return json.Marshal(p.String())
}

// UnmarshalJSON reads "col,row" or null.
func (p *ScenarioPos) UnmarshalJSON(b []byte) error {
	if string(bytes.TrimSpace(b)) == "null" {
		*p = ScenarioPos{Set: true, Null: true}
		return nil
	}
	var str string
	if err := json.Unmarshal(b, &str); err != nil {
		return fmt.Errorf("a tile is a string \"col,row\": %w", err)
	}
	c, r, ok := strings.Cut(str, ",")
	col, err1 := strconv.Atoi(strings.TrimSpace(c))
	row, err2 := strconv.Atoi(strings.TrimSpace(r))
	if !ok || err1 != nil || err2 != nil {
		return fmt.Errorf("%q is not a tile \"col,row\"", str)
	}
	*p = ScenarioPos{Set: true, Col: col, Row: row}
	return nil
}

// ScenarioTileSet is a set of tiles: "all", or a list of "col,row".
type ScenarioTileSet struct {
	All   bool
	Tiles []ScenarioPos
}

// MarshalJSON writes "all" or the list.
func (ts ScenarioTileSet) MarshalJSON() ([]byte, error) {
	if ts.All {
		return []byte(`"all"`), nil
	}
	if ts.Tiles == nil {
		return []byte("[]"), nil
	}
	return json.Marshal(ts.Tiles)
}

// UnmarshalJSON reads "all" or a list of tiles.
func (ts *ScenarioTileSet) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		var str string
		if err := json.Unmarshal(b, &str); err != nil {
			return err
		}
		if str != "all" {
			return fmt.Errorf("tile set %q: want \"all\" or a list of tiles", str)
		}
		*ts = ScenarioTileSet{All: true}
		return nil
	}
	var list []ScenarioPos
	if err := json.Unmarshal(b, &list); err != nil {
		return err
	}
	*ts = ScenarioTileSet{Tiles: list}
	return nil
}

// LoadScenario parses a scenario file. Unknown fields and unknown format
// versions are errors; the config and the state are checked by Build.
func LoadScenario(data []byte) (*Scenario, error) {
	var head struct {
		Format *string `json:"format"`
	}
	if json.Unmarshal(data, &head) == nil && head.Format != nil && *head.Format != ScenarioFormat {
		return nil, fmt.Errorf("%w: format %q is not supported (want %q)", ErrScenario, *head.Format, ScenarioFormat)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var sc Scenario
	if err := dec.Decode(&sc); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrScenario, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%w: trailing data after the scenario object", ErrScenario)
	}
	if err := sc.check(); err != nil {
		return nil, err
	}
	if sc.Players == 0 {
		sc.Players = sc.players()
	}
	return &sc, nil
}

// check validates what can be checked without a Game.
func (sc *Scenario) check() error {
	if sc.Format != ScenarioFormat {
		return fmt.Errorf("%w: format %q is not supported (want %q)", ErrScenario, sc.Format, ScenarioFormat)
	}
	if n := sc.players(); n < 2 || n > 4 { // REL-002
		return fmt.Errorf("%w: players: %d (2 to 4 play)", ErrScenario, n)
	}
	for i, st := range sc.Script {
		if strings.TrimSpace(st.Answer) == "" {
			return fmt.Errorf("%w: script[%d]: empty answer", ErrScenario, i)
		}
	}
	return nil
}

// players returns the seat count: Players, or the length of config.seats, or 2.
func (sc *Scenario) players() int {
	if sc.Players != 0 {
		return sc.Players
	}
	var c struct {
		Seats []json.RawMessage `json:"seats"`
	}
	if json.Unmarshal(sc.Config, &c) == nil && len(c.Seats) > 0 {
		return len(c.Seats)
	}
	return 2
}

// Marshal returns the scenario as indented JSON, as LoadScenario reads it.
func (sc *Scenario) Marshal() ([]byte, error) {
	return json.MarshalIndent(sc, "", "  ")
}

// Build returns the scenario's starting position: the state generated from
// config and seed, with the state block's overrides applied and its phase
// entered. Without a state block it is exactly the match's initial state. A
// nil g means New().
func (sc *Scenario) Build(g *Game) (*State, error) {
	if g == nil {
		g = New()
	}
	if err := sc.check(); err != nil {
		return nil, err
	}
	c, err := g.ParseConfig(sc.Config, sc.players())
	if err != nil {
		return nil, fmt.Errorf("%w: config: %w", ErrScenario, err)
	}
	if sc.State == nil {
		return g.NewState(c, sc.Seed), nil
	}
	s := g.setup(c, sc.Seed)
	b := &scnBuilder{s: s, st: sc.State}
	if err := b.build(); err != nil {
		return nil, fmt.Errorf("%w: %w", ErrScenario, err)
	}
	return s, nil
}

// scnBuilder applies a ScenarioState to a freshly set-up state.
type scnBuilder struct {
	s  *State
	st *ScenarioState
}

func (b *scnBuilder) build() error {
	s, st := b.s, b.st
	if st.Size != nil && *st.Size != s.size {
		return fmt.Errorf("state.size: %d, but the config's map is %dx%d", *st.Size, s.size, s.size)
	}
	if err := scnIntField("state.cycle_limit", st.CycleLimit, 1, math.MaxInt32, &s.cycleLimit); err != nil {
		return err
	}
	if st.Climate != nil {
		i, ok := parseEnum(climateNames[:], *st.Climate)
		if !ok {
			return fmt.Errorf("state.climate: unknown climate %q (want one of %v)", *st.Climate, climateNames)
		}
		s.climate = Climate(i)
	}
	if err := scnIntField("state.cycle", st.Cycle, 0, math.MaxInt32, &s.cycle); err != nil {
		return err
	}
	if st.Night != nil {
		s.night = *st.Night
	}
	if st.Squall != nil {
		if *st.Squall < 0 || *st.Squall >= max(s.p.SquallSize, 1) || *st.Squall > math.MaxInt8 {
			return fmt.Errorf("state.squall: %d (the gauge holds 0 to %d)", *st.Squall, s.p.SquallSize-1)
		}
		s.squall = int8(*st.Squall)
	}
	if st.SquallSkip != nil {
		s.squallSkip = *st.SquallSkip
	}
	if st.Wind != nil {
		i, ok := parseEnum(windNames[:], *st.Wind)
		if !ok {
			return fmt.Errorf("state.wind: unknown wind %q (want one of %v)", *st.Wind, windNames)
		}
		s.wind = Wind(i)
	}
	if err := b.tiles(); err != nil {
		return err
	}
	if err := b.factions(); err != nil {
		return err
	}
	if err := b.players(); err != nil {
		return err
	}
	if err := b.order(); err != nil {
		return err
	}
	if st.Blocked != nil {
		s.blocked = s.blocked[:0]
		for i, p := range st.Blocked {
			t, err := b.tile(fmt.Sprintf("state.blocked[%d]", i), p, false)
			if err != nil {
				return err
			}
			if slices.Contains(s.blocked, int16(t)) {
				return fmt.Errorf("state.blocked[%d]: %s is listed twice", i, p)
			}
			s.blocked = append(s.blocked, int16(t))
		}
		sortInt16(s.blocked)
	}
	if err := b.memory(); err != nil {
		return err
	}
	if err := scnIntField("state.steps", st.Steps, 0, math.MaxInt32, &s.steps); err != nil {
		return err
	}
	if err := scnIntField("state.turns", st.Turns, 0, math.MaxInt32, &s.turns); err != nil {
		return err
	}
	ph := st.Phase
	if ph == "" {
		ph = "start"
	}
	if err := b.roll(ph); err != nil {
		return err
	}
	if st.RelocateSeat != nil {
		v := *st.RelocateSeat
		if v < -1 || v >= len(s.players) {
			return fmt.Errorf("state.relocate_seat: %d is not a seat (or -1)", v)
		}
		s.relocSeat = int8(v)
	}
	if err := b.flow(ph); err != nil {
		return err
	}
	if err := b.result(ph); err != nil {
		return err
	}
	if st.RNG != "" {
		raw, err := hex.DecodeString(st.RNG)
		if err != nil {
			return fmt.Errorf("state.rng: %w", err)
		}
		if err := s.rng.UnmarshalBinary(raw); err != nil {
			return fmt.Errorf("state.rng: %w", err)
		}
	}
	if err := b.consistent(ph); err != nil {
		return err
	}
	return b.enter(ph)
}

// scnIntField stores *v into dst after a range check.
func scnIntField(name string, v *int, lo, hi int, dst *int) error {
	if v == nil {
		return nil
	}
	if *v < lo || *v > hi {
		return fmt.Errorf("%s: %d is out of range [%d, %d]", name, *v, lo, hi)
	}
	*dst = *v
	return nil
}

// tile resolves a coordinate to a tile index; nullable fields give -1 for null.
func (b *scnBuilder) tile(field string, p ScenarioPos, nullable bool) (int, error) {
	if p.Null {
		if nullable {
			return -1, nil
		}
		return 0, fmt.Errorf("%s: a tile is required, not null", field)
	}
	t := b.s.geo.index(p.Col, p.Row)
	if t < 0 {
		return 0, fmt.Errorf("%s: %q is off the %dx%d map", field, p.String(), b.s.geo.w, b.s.geo.h)
	}
	return t, nil
}

func (b *scnBuilder) tiles() error {
	ts := b.st.Tiles
	if ts == nil {
		return nil
	}
	s := b.s
	if ts.Fill != nil {
		if ts.Fill.At.Set {
			return errors.New("state.tiles.fill.at: fill applies to every tile and takes no \"at\"")
		}
		for t := range s.tiles {
			if err := b.tileSpec("state.tiles.fill", ts.Fill, t); err != nil {
				return err
			}
		}
	}
	for i := range ts.Set {
		field := fmt.Sprintf("state.tiles.set[%d]", i)
		spec := &ts.Set[i]
		if !spec.At.Set {
			return fmt.Errorf("%s.at: missing", field)
		}
		t, err := b.tile(field+".at", spec.At, false)
		if err != nil {
			return err
		}
		if err := b.tileSpec(field, spec, t); err != nil {
			return err
		}
	}
	return nil
}

func (b *scnBuilder) tileSpec(field string, spec *ScenarioTile, t int) error {
	tile := &b.s.tiles[t]
	if spec.Terrain != nil {
		i, ok := parseEnum(terrainNames[:], *spec.Terrain)
		if !ok {
			return fmt.Errorf("%s.terrain: unknown terrain %q (want one of %v)", field, *spec.Terrain, terrainNames)
		}
		tile.Terrain = Terrain(i)
	}
	if spec.Structure != nil {
		str := *spec.Structure
		i, ok := parseEnum(structureNames[:], str)
		switch {
		case str == "none" || str == "":
			tile.Structure = NoStructure
		case ok:
			tile.Structure = Structure(i)
		default:
			return fmt.Errorf("%s.structure: unknown structure %q (want none or one of %v)", field, str, nonEmpty(structureNames[:]))
		}
		if tile.Structure != Church {
			tile.Church = 0
			tile.Claimed = false
		}
	}
	if spec.Claimed != nil {
		if *spec.Claimed && tile.Structure != Church {
			return fmt.Errorf("%s.claimed: the tile has no church (structure %q) whose advantage could be taken", field, tile.Structure.String())
		}
		tile.Claimed = *spec.Claimed
	}
	if spec.Church != nil {
		i, ok := parseEnum(religionNames[:], *spec.Church)
		if !ok {
			return fmt.Errorf("%s.church: unknown religion %q (want one of %v)", field, *spec.Church, religionNames)
		}
		if tile.Structure != Church {
			return fmt.Errorf("%s.church: the tile has no church (structure %q)", field, tile.Structure.String())
		}
		tile.Church = Religion(i)
	}
	if spec.Owner != nil {
		o := *spec.Owner
		if o < -1 || o >= len(b.s.players) {
			return fmt.Errorf("%s.owner: %d is not a seat (or -1 for neutral)", field, o)
		}
		tile.Owner = int8(o)
	}
	if spec.Alloc != nil {
		if len(spec.Alloc) != int(numResources) {
			return fmt.Errorf("%s.alloc: %d values, want 3 (followers, donations, influence)", field, len(spec.Alloc))
		}
		for r, v := range spec.Alloc {
			if v < 0 || v > math.MaxInt32 {
				return fmt.Errorf("%s.alloc[%d]: %d is out of range", field, r, v)
			}
			tile.Alloc[r] = int32(v)
		}
	}
	return nil
}

// factions applies "factions", then "god", "relics", "governments",
// "celebrity" and "relics_collected".
func (b *scnBuilder) factions() error {
	s, st := b.s, b.st
	n := len(s.players)
	switch st.Factions {
	case "", "generated":
		// The local governments are the map's structures, as at setup.
		for i, str := range govStructure {
			s.govs[i].tile = -1
			for t := range s.tiles {
				if s.tiles[t].Structure == str {
					s.govs[i].tile = int16(t)
					break
				}
			}
		}
	case "none":
		s.relics = nil
		for i := range s.govs {
			s.govs[i] = gov{tile: -1, briber: -1}
		}
		s.celeb.pos, s.celeb.start, s.celeb.briber, s.celeb.bribes = -1, -1, -1, 0
	default:
		return fmt.Errorf("state.factions: %q (want \"generated\" or \"none\")", st.Factions)
	}
	if st.God != nil {
		i, ok := parseEnum(godNames[:], *st.God)
		if !ok {
			return fmt.Errorf("state.god: unknown god %q (want one of %v)", *st.God, godNames)
		}
		s.god = God(i)
	}
	if st.Relics != nil {
		if len(st.Relics) > 64 {
			return fmt.Errorf("state.relics: %d relics, at most 64", len(st.Relics))
		}
		s.relics = make([]relic, 0, len(st.Relics))
		for i := range st.Relics {
			r, err := b.relic(fmt.Sprintf("state.relics[%d]", i), &st.Relics[i])
			if err != nil {
				return err
			}
			s.relics = append(s.relics, r)
		}
	}
	if g := st.Governments; g != nil {
		for i, sg := range g.list() {
			if sg == nil {
				continue
			}
			field := "state.governments." + targetNames[i]
			gv := &s.govs[i]
			if sg.Tile.Set {
				t, err := b.tile(field+".tile", sg.Tile, true)
				if err != nil {
					return err
				}
				gv.tile = int16(t)
			}
			if err := scnBribeState(field, n, sg.Briber, sg.Bribes, &gv.briber, &gv.bribes); err != nil {
				return err
			}
		}
	}
	if c := st.Celebrity; c != nil {
		cl := &s.celeb
		if c.Kind != nil {
			i, ok := parseEnum(celebrityNames[:], *c.Kind)
			if !ok {
				return fmt.Errorf("state.celebrity.kind: unknown celebrity %q (want one of %v)", *c.Kind, celebrityNames)
			}
			cl.kind = CelebrityKind(i)
		}
		if c.Tile.Set {
			t, err := b.tile("state.celebrity.tile", c.Tile, true)
			if err != nil {
				return err
			}
			cl.pos = int16(t)
			if t < 0 && !c.Start.Set {
				cl.start = -1
			}
		}
		if c.Start.Set {
			t, err := b.tile("state.celebrity.start", c.Start, true)
			if err != nil {
				return err
			}
			cl.start = int16(t)
		}
		if err := scnBribeState("state.celebrity", n, c.Briber, c.Bribes, &cl.briber, &cl.bribes); err != nil {
			return err
		}
	}
	var collected int
	if err := scnIntField("state.relics_collected", st.RelicsCollected, 0, math.MaxInt32, &collected); err != nil {
		return err
	}
	if st.RelicsCollected != nil {
		s.relicsCollected = int32(collected)
	}
	return nil
}

// relic reads one entry of state.relics.
func (b *scnBuilder) relic(field string, sr *ScenarioRelic) (relic, error) {
	n := len(b.s.players)
	r := relic{tile: -1, holder: -1, counts: true}
	if !sr.Tile.Set && sr.Holder == nil {
		return r, fmt.Errorf("%s: give its tile (a relic on the map) or its holder (a held relic)", field)
	}
	if sr.Tile.Set {
		t, err := b.tile(field+".tile", sr.Tile, true)
		if err != nil {
			return r, err
		}
		r.tile = int16(t)
	}
	if sr.Holder != nil {
		h := *sr.Holder
		if h < -1 || h >= n {
			return r, fmt.Errorf("%s.holder: %d is not a seat (or -1)", field, h)
		}
		r.holder = int8(h)
	}
	if r.tile >= 0 && r.holder >= 0 {
		return r, fmt.Errorf("%s: a relic lies on a tile or is held, not both (tile %s, holder %d)", field, sr.Tile, r.holder)
	}
	if sr.Eye != nil {
		if err := r.eye.UnmarshalText([]byte(*sr.Eye)); err != nil {
			return r, fmt.Errorf("%s.eye: unknown relic type %q (want none or one of %v)", field, *sr.Eye, nonEmpty(eyeNames[:]))
		}
	}
	for k, seat := range sr.Seen {
		if seat < 0 || seat >= n {
			return r, fmt.Errorf("%s.seen[%d]: %d is not a seat", field, k, seat)
		}
		if r.tile < 0 {
			return r, fmt.Errorf("%s.seen: only a relic lying on the map can be seen", field)
		}
		r.seen |= engine.Only(engine.Seat(seat))
	}
	if sr.Counts != nil {
		r.counts = *sr.Counts
	}
	return r, nil
}

// scnBribeState applies a briber and a bribe count. A briber given without
// a count on something never bribed counts one bribe.
func scnBribeState(field string, n int, briber, bribes *int, dstBriber *int8, dstBribes *uint8) error {
	if briber != nil {
		if *briber < -1 || *briber >= n {
			return fmt.Errorf("%s.briber: %d is not a seat (or -1 for none)", field, *briber)
		}
		*dstBriber = int8(*briber)
		if *briber >= 0 && bribes == nil && *dstBribes == 0 {
			*dstBribes = 1
		}
	}
	if bribes != nil {
		if *bribes < 0 || *bribes > math.MaxUint8 {
			return fmt.Errorf("%s.bribes: %d is out of range [0, 255]", field, *bribes)
		}
		*dstBribes = uint8(*bribes)
	}
	return nil
}

// flow applies cycle_stage, cont and design_seat, with defaults that fit
// the phase: a wander, a Professor's roll or a designation at the end of a
// cycle still has the monsoon's stage to run, and a designation is the
// active seat's (cont contact) or the celebrity's briber's (cont cycle).
func (b *scnBuilder) flow(ph string) error {
	s, st := b.s, b.st
	if st.Cont != nil {
		i := slices.Index(scnContNames[:], *st.Cont)
		if i < 0 {
			return fmt.Errorf("state.cont: %q (want one of %v)", *st.Cont, scnContNames)
		}
		s.cont = cont(i)
	}
	switch {
	case st.CycleStage != nil:
		i := slices.Index(scnStageNames[:], *st.CycleStage)
		if i < 0 {
			return fmt.Errorf("state.cycle_stage: %q (want one of %v)", *st.CycleStage, scnStageNames)
		}
		s.cycleStage = uint8(i)
	case ph == "wander", ph == "roll" && s.roll.kind == rollProfessor, ph == "designate" && s.cont == contCycle:
		s.cycleStage = stageWind
	}
	switch {
	case st.DesignSeat != nil:
		v := *st.DesignSeat
		if v < -1 || v >= len(s.players) {
			return fmt.Errorf("state.design_seat: %d is not a seat (or -1)", v)
		}
		s.designSeat = int8(v)
	case ph == "designate" && s.cont == contCycle && s.celeb.briber >= 0:
		s.designSeat = s.celeb.briber
	case ph == "designate":
		s.designSeat = int8(s.active())
	}
	return nil
}

func (b *scnBuilder) players() error {
	s := b.s
	if len(b.st.Players) > len(s.players) {
		return fmt.Errorf("state.players: %d entries for %d players", len(b.st.Players), len(s.players))
	}
	for i := range b.st.Players {
		if err := b.player(i); err != nil {
			return err
		}
	}
	// Defeat ranks: the defeated seats hold ranks 1..k; missing ones are
	// given in seat order.
	var used [5]bool
	k := 0
	for i := range s.players {
		pl := &s.players[i]
		if !pl.defeated {
			if pl.defeatRank != 0 {
				return fmt.Errorf("state.players[%d].defeat_rank: %d, but the seat is not defeated", i, pl.defeatRank)
			}
			continue
		}
		k++
	}
	for i := range s.players {
		pl := &s.players[i]
		if !pl.defeated || pl.defeatRank == 0 {
			continue
		}
		if int(pl.defeatRank) > k || used[pl.defeatRank] {
			return fmt.Errorf("state.players[%d].defeat_rank: %d (the %d defeated seats hold ranks 1 to %d once each)", i, pl.defeatRank, k, k)
		}
		used[pl.defeatRank] = true
	}
	next := 1
	for i := range s.players {
		pl := &s.players[i]
		if pl.defeated && pl.defeatRank == 0 {
			for used[next] {
				next++
			}
			pl.defeatRank = int16(next)
			used[next] = true
		}
	}
	s.defeats = int16(k)
	// The buff level is at least the relics held, unless given (GAP-33).
	for i := range s.players {
		if i < len(b.st.Players) && b.st.Players[i].RelicBuff != nil {
			continue
		}
		if h := s.relicsHeld(i); int(s.players[i].buff) < h {
			s.players[i].buff = uint8(min(h, math.MaxUint8))
		}
	}
	return nil
}

func (b *scnBuilder) player(i int) error {
	s := b.s
	sp := &b.st.Players[i]
	pl := &s.players[i]
	field := fmt.Sprintf("state.players[%d]", i)
	if sp.Religion != nil {
		r, ok := parseEnum(religionNames[:], *sp.Religion)
		if !ok {
			return fmt.Errorf("%s.religion: unknown religion %q (want one of %v)", field, *sp.Religion, religionNames)
		}
		pl.religion = Religion(r)
	}
	if sp.Character != nil {
		c, ok := parseEnum(characterNames[:], *sp.Character)
		if !ok {
			return fmt.Errorf("%s.character: unknown character %q (want one of %v)", field, *sp.Character, characterNames)
		}
		pl.character = Character(c)
	}
	ints := []struct {
		name   string
		v      *int
		lo, hi int
		set    func(int)
	}{
		{"reputation", sp.Reputation, 0, math.MaxInt32, func(v int) { pl.rep = int32(v) }},
		{"followers", sp.Followers, 0, math.MaxInt32, func(v int) { pl.res[Followers] = int32(v) }},
		{"donations", sp.Donations, 0, math.MaxInt32, func(v int) { pl.res[Donations] = int32(v) }},
		{"influence", sp.Influence, 0, math.MaxInt32, func(v int) { pl.res[Influence] = int32(v) }},
		{"propagation_correction", sp.PropagationCorrection, 0, math.MaxUint8, func(v int) { pl.propCorr = uint8(v) }},
		{"combat_correction", sp.CombatCorrection, 0, math.MaxUint8, func(v int) { pl.combatCorr = uint8(v) }},
		{"defense_correction", sp.DefenseCorrection, 0, math.MaxUint8, func(v int) { pl.defCorr = uint8(v) }},
		{"defeat_rank", sp.DefeatRank, 0, 4, func(v int) { pl.defeatRank = int16(v) }},
		{"turns", sp.Turns, 0, math.MaxInt32, func(v int) { pl.turns = int32(v) }},
		{"relic_buff", sp.RelicBuff, 0, math.MaxUint8, func(v int) { pl.buff = uint8(v) }},
		{"relic_run", sp.RelicRun, 0, math.MaxUint8, func(v int) { pl.run = uint8(v) }},
		{"clairvoyance", sp.Clairvoyance, 0, math.MaxUint8, func(v int) { pl.clairvoyance = uint8(v) }},
		{"secret_art", sp.SecretArt, 0, math.MaxInt32, func(v int) { pl.secretArt = int32(v) }},
	}
	for _, f := range ints {
		if f.v == nil {
			continue
		}
		if *f.v < f.lo || *f.v > f.hi {
			return fmt.Errorf("%s.%s: %d is out of range [%d, %d]", field, f.name, *f.v, f.lo, f.hi)
		}
		f.set(*f.v)
	}
	bools := []struct {
		v   *bool
		dst *bool
	}{
		{sp.Defeated, &pl.defeated}, {sp.BonusUsed, &pl.bonusUsed}, {sp.ExtraUsed, &pl.extraUsed},
		{sp.ReturnAtEnd, &pl.returnAtEnd}, {sp.OnStart, &pl.onStart}, {sp.SkipNext, &pl.skipNext},
		{sp.NightEye, &pl.nightEye}, {sp.MiddleWay, &pl.middleWay}, {sp.Inshallah, &pl.inshallah},
	}
	for _, f := range bools {
		if f.v != nil {
			*f.dst = *f.v
		}
	}
	if sp.Start.Set {
		t, err := b.tile(field+".start", sp.Start, true)
		if err != nil {
			return err
		}
		pl.start = int16(t)
	}
	if sp.Piece.Set {
		t, err := b.tile(field+".piece", sp.Piece, true)
		if err != nil {
			return err
		}
		pl.pos = int16(t)
		if !sp.Prev.Set {
			pl.prev = pl.pos
		}
		if sp.OnStart == nil {
			pl.onStart = false // a placed piece contacts its tile
		}
	} else if pl.defeated && sp.Defeated != nil {
		pl.pos = -1 // a defeated seat's piece has left the map (GAP-34)
		pl.onStart = false
		pl.returnAtEnd = false
	}
	if sp.Prev.Set {
		t, err := b.tile(field+".prev", sp.Prev, true)
		if err != nil {
			return err
		}
		pl.prev = int16(t)
	}
	return nil
}

func (b *scnBuilder) order() error {
	s, st := b.s, b.st
	n := len(s.players)
	if st.Order != nil {
		if len(st.Order) != n {
			return fmt.Errorf("state.order: %d seats, want all %d", len(st.Order), n)
		}
		seen := make([]bool, n)
		for i, o := range st.Order {
			if o < 0 || o >= n || seen[o] {
				return fmt.Errorf("state.order[%d]: %d (the order lists every seat 0 to %d once)", i, o, n-1)
			}
			seen[o] = true
			s.order[i] = int8(o)
		}
	}
	if st.Active != nil {
		idx := slices.Index(s.order, int8(*st.Active))
		if *st.Active < 0 || *st.Active >= n || idx < 0 {
			return fmt.Errorf("state.active: %d is not a seat", *st.Active)
		}
		s.turnIdx = idx
	}
	return nil
}

func (b *scnBuilder) memory() error {
	s := b.s
	n := len(s.tiles)
	// Known owners default to the true owners: each seat saw the map by day.
	for row := 0; row <= len(s.players); row++ {
		for t := range s.tiles {
			s.known[row*n+t] = s.tiles[t].Owner
		}
	}
	for i := range b.st.Players {
		sp := &b.st.Players[i]
		if err := b.seatMemory(fmt.Sprintf("state.players[%d]", i), i, sp.Revealed, sp.Known); err != nil {
			return err
		}
	}
	if sm := b.st.Spectator; sm != nil {
		if err := b.seatMemory("state.spectator", len(s.players), sm.Revealed, sm.Known); err != nil {
			return err
		}
	}
	return nil
}

func (b *scnBuilder) seatMemory(field string, row int, revealed *ScenarioTileSet, known []ScenarioKnown) error {
	s := b.s
	if revealed != nil {
		w := s.words()
		clear(s.revealed[row*w : (row+1)*w])
		if revealed.All {
			for t := range s.tiles {
				s.reveal(row, t)
			}
		}
		for i, p := range revealed.Tiles {
			t, err := b.tile(fmt.Sprintf("%s.revealed[%d]", field, i), p, false)
			if err != nil {
				return err
			}
			s.reveal(row, t)
		}
	}
	for i, k := range known {
		f := fmt.Sprintf("%s.known[%d]", field, i)
		if !k.At.Set {
			return fmt.Errorf("%s.at: missing", f)
		}
		t, err := b.tile(f+".at", k.At, false)
		if err != nil {
			return err
		}
		if k.Owner < -1 || k.Owner >= len(s.players) {
			return fmt.Errorf("%s.owner: %d is not a seat (or -1 for neutral)", f, k.Owner)
		}
		s.known[row*len(s.tiles)+t] = int8(k.Owner)
	}
	return nil
}

func (b *scnBuilder) roll(phaseName string) error {
	s := b.s
	sr := b.st.Roll
	if sr == nil {
		if phaseName != "roll" {
			return nil
		}
		sr = &ScenarioRoll{}
	}
	n := len(s.players)
	r := &s.roll
	kind, kindGiven := rollPropagation, sr.Kind != nil
	if kindGiven {
		i := slices.Index(rollKindNames[:], *sr.Kind)
		if i < 0 {
			return fmt.Errorf("state.roll.kind: unknown roll kind %q (want one of %v)", *sr.Kind, rollKindNames)
		}
		kind = rollKind(i)
	}
	// A Professor's roll is its briber's, on the celebrity's tile (REL-990).
	prof := kind == rollProfessor
	seat := s.active()
	if prof {
		seat = int(s.celeb.briber)
	}
	if sr.Seat != nil {
		seat = *sr.Seat
	}
	if seat < 0 || seat >= n {
		if prof && sr.Seat == nil {
			return errors.New("state.roll.seat: a professor roll is the celebrity's briber's, and the celebrity has no briber; give the seat")
		}
		return fmt.Errorf("state.roll.seat: %d is not a seat", seat)
	}
	t := int(s.players[seat].pos)
	if prof {
		t = int(s.celeb.pos)
	}
	if sr.Tile.Set {
		var err error
		if t, err = b.tile("state.roll.tile", sr.Tile, true); err != nil {
			return err
		}
	}
	if t < 0 && (phaseName == "roll" || !sr.Tile.Set) {
		if prof {
			return errors.New("state.roll.tile: the celebrity is not on the map; give the tile")
		}
		return fmt.Errorf("state.roll.tile: seat %d's piece is off the map; give the tile", seat)
	}
	if !kindGiven && t >= 0 {
		if o := int(s.tiles[t].Owner); o >= 0 && o != seat {
			kind = rollCombat
			if op := &s.players[o]; !op.defeated && int(op.pos) == t {
				kind = rollPieceCombat
			}
		}
	}
	combat := kind == rollCombat || kind == rollPieceCombat
	def := -1
	if combat && t >= 0 {
		def = int(s.tiles[t].Owner)
	}
	if sr.Defender != nil {
		def = *sr.Defender
	}
	if def < -1 || def >= n {
		return fmt.Errorf("state.roll.defender: %d is not a seat (or -1)", def)
	}
	if combat && (def < 0 || def == seat) {
		return fmt.Errorf("state.roll.defender: a %s roll needs a defender other than seat %d", rollKindNames[kind], seat)
	}
	if prof && def != -1 {
		return fmt.Errorf("state.roll.defender: %d, but a professor roll has no defender (-1)", def)
	}
	*r = roll{kind: kind, seat: int8(seat), defender: int8(def), tile: int16(t)}
	// Terms default to what the rules compute now (the combat default leaves
	// out the follower bonus, REL-547: give r1_terms for it).
	switch {
	case sr.R1Terms != nil:
		ts, err := scnTerms("state.roll.r1_terms", sr.R1Terms)
		if err != nil {
			return err
		}
		r.r1Terms = ts
	case !combat:
		if t >= 0 { // no terms for a recorded roll without a tile
			r.r1Terms = s.propagationTerms(seat, t)
		}
	default:
		r.r1Terms = s.attackTerms(seat, false)
	}
	switch {
	case sr.R2Terms != nil:
		ts, err := scnTerms("state.roll.r2_terms", sr.R2Terms)
		if err != nil {
			return err
		}
		r.r2Terms = ts
	case combat:
		r.r2Terms = s.defenseTerms(def, kind == rollPieceCombat)
	}
	r1 := s.p.clamp(r.r1Terms.sum())
	r2 := 0
	if combat {
		r2 = s.p.clamp(r.r2Terms.sum())
	}
	if sr.R1 != nil {
		r1 = *sr.R1
	}
	if sr.R2 != nil {
		r2 = *sr.R2
	}
	rr := r1
	if combat {
		rr = s.p.clamp(r1 - r2)
	}
	if sr.R != nil {
		rr = *sr.R
	}
	for _, v := range []struct {
		name string
		v    int
	}{{"r1", r1}, {"r2", r2}, {"r", rr}} {
		if v.v < 0 || v.v > 100 {
			return fmt.Errorf("state.roll.%s: %d is not a percentage", v.name, v.v)
		}
	}
	r.r1, r.r2, r.r = int16(r1), int16(r2), int16(rr)
	return nil
}

func scnTerms(field string, list []ScenarioTerm) (terms, error) {
	var ts terms
	if len(list) > maxTerms {
		return ts, fmt.Errorf("%s: %d terms, at most %d", field, len(list), maxTerms)
	}
	for i, t := range list {
		n, ok := parseEnum(termNames[:], t.Name)
		if !ok {
			return ts, fmt.Errorf("%s[%d].name: unknown term %q (want one of %v)", field, i, t.Name, termNames)
		}
		if t.Tier < 1 || t.Tier > 5 {
			return ts, fmt.Errorf("%s[%d].tier: %d (tiers are 1 to 5)", field, i, t.Tier)
		}
		if t.Value < math.MinInt16 || t.Value > math.MaxInt16 {
			return ts, fmt.Errorf("%s[%d].value: %d is out of range", field, i, t.Value)
		}
		ts.list[i] = term{tier: int8(t.Tier), name: termName(n), value: int16(t.Value)}
		ts.n++
	}
	return ts, nil
}

func (b *scnBuilder) result(phaseName string) error {
	sr := b.st.Result
	if sr == nil {
		return nil
	}
	if phaseName != "over" {
		return fmt.Errorf("state.result: only a finished match (phase \"over\") has a result, not phase %q", phaseName)
	}
	s := b.s
	n := len(s.players)
	if sr.Winner != nil {
		if *sr.Winner < -1 || *sr.Winner >= n {
			return fmt.Errorf("state.result.winner: %d is not a seat (or -1 for none)", *sr.Winner)
		}
		s.winner = int8(*sr.Winner)
	}
	if sr.How != nil {
		if len(*sr.How) > 64 {
			return errors.New("state.result.how: longer than 64 bytes")
		}
		s.how = *sr.How
	}
	if sr.Ranking != nil {
		if len(sr.Ranking) > n {
			return fmt.Errorf("state.result.ranking: %d seats for %d players", len(sr.Ranking), n)
		}
		s.ranking = s.ranking[:0]
		for i, v := range sr.Ranking {
			if v < 0 || v >= n || slices.Contains(s.ranking, int8(v)) {
				return fmt.Errorf("state.result.ranking[%d]: %d (each seat at most once)", i, v)
			}
			s.ranking = append(s.ranking, int8(v))
		}
	}
	return nil
}

// consistent checks that the state is one the rules can work with: every
// reachable state passes, and no state that passes can make the rules
// panic or break the engine contract.
func (b *scnBuilder) consistent(phaseName string) error {
	s := b.s
	n := len(s.players)
	alive, movable := 0, 0
	// A piece may stand on water once the military base's Restriction
	// Lifted has been held (GAP-36); its advantage may since have moved on.
	wet := s.govs[targetMilitary].bribes > 0
	for i := range s.players {
		pl := &s.players[i]
		field := fmt.Sprintf("state.players[%d]", i)
		if pl.defeated {
			if pl.pos >= 0 {
				return fmt.Errorf("%s.piece: a defeated seat's piece has left the map and must be null (GAP-34)", field)
			}
			continue
		}
		alive++
		if pl.pos < 0 {
			return fmt.Errorf("%s.piece: null, but seat %d is not defeated", field, i)
		}
		p := s.coord(int(pl.pos))
		if !s.tiles[pl.pos].Terrain.Contactable() && !wet {
			return fmt.Errorf("%s.piece: %d,%d is %s, which no piece can contact (GAP-45) unless the military base has been bribed (GAP-36)", field, p.Col, p.Row, s.tiles[pl.pos].Terrain)
		}
		for d := Dir(0); d < numDirs; d++ {
			if nb := s.geo.neighbour(int(pl.pos), d); nb >= 0 && (s.tiles[nb].Terrain.Contactable() || s.hasAdvantage(i, targetMilitary)) {
				movable++
				break
			}
		}
		if pl.prev >= 0 && !s.tiles[pl.prev].Terrain.Contactable() && !wet {
			c := s.coord(int(pl.prev))
			return fmt.Errorf("%s.prev: %d,%d is %s, which no piece can contact (GAP-45) unless the military base has been bribed (GAP-36)", field, c.Col, c.Row, s.tiles[pl.prev].Terrain)
		}
		if pl.onStart && pl.pos != pl.start {
			return fmt.Errorf("%s.on_start: true, but the piece is not on its starting point", field)
		}
		if h := s.relicsHeld(i); int(pl.buff) < h {
			return fmt.Errorf("%s.relic_buff: %d, but the seat holds %d relics (the buff level is the highest number ever held, GAP-33)", field, pl.buff, h)
		}
	}
	for t := range s.tiles {
		o := int(s.tiles[t].Owner)
		if o < 0 {
			continue
		}
		c := s.coord(t)
		switch {
		case !s.tiles[t].Terrain.Contactable():
			return fmt.Errorf("state.tiles: %d,%d is %s and cannot be owned (GAP-45)", c.Col, c.Row, s.tiles[t].Terrain)
		case s.tiles[t].Structure.LocalGovernment():
			return fmt.Errorf("state.tiles: %d,%d is a local government (%s) and cannot be owned (GAP-36)", c.Col, c.Row, s.tiles[t].Structure)
		case s.players[o].defeated:
			return fmt.Errorf("state.tiles: %d,%d is owned by seat %d, which is defeated (GAP-34)", c.Col, c.Row, o)
		}
	}
	if err := b.consistentFactions(); err != nil {
		return err
	}
	if phaseName == "over" {
		return nil
	}
	if alive < 2 {
		return fmt.Errorf("state.players: %d seats not defeated; a match in play has at least 2 (REL-054)", alive)
	}
	if movable == 0 {
		// Every turn would end without a decision (GAP-48), forever.
		return errors.New("state.players: no piece in play has a contactable neighbour, so no seat could ever move")
	}
	active := s.active()
	apl := &s.players[active]
	r := &s.roll
	switch phaseName {
	case "start", "wind", "wander":
	case "designate":
		if s.cont == contContact && apl.defeated {
			return fmt.Errorf("state.active: seat %d is defeated, but a designation with cont \"contact\" resumes its contact", active)
		}
	case "roll":
		if r.kind != rollProfessor && apl.defeated {
			return fmt.Errorf("state.active: seat %d is defeated and cannot act in phase %q", active, phaseName)
		}
	case "move", "sprint", "extra_move", "contact", "interaction", "relocate":
		if apl.defeated {
			return fmt.Errorf("state.active: seat %d is defeated and cannot act in phase %q", active, phaseName)
		}
	default:
		return fmt.Errorf("state.phase: unknown phase %q (want start, move, sprint, extra_move, contact, interaction, roll, relocate, wind, wander, designate or over)", phaseName)
	}
	switch phaseName {
	case "move":
		var buf [numDirs]engine.Answer
		if len(s.appendMoves(buf[:0], active)) == 0 {
			return fmt.Errorf("state.phase: \"move\", but seat %d has no tile to move to (REL-220)", active)
		}
	case "roll":
		if r.kind == rollProfessor {
			if s.players[r.seat].defeated {
				return fmt.Errorf("state.roll.seat: seat %d is defeated", r.seat)
			}
			if r.tile >= 0 && s.tiles[r.tile].Owner >= 0 {
				return errors.New("state.roll.tile: the Professor propagates only a neutral tile (REL-990)")
			}
		} else if int(r.seat) != active {
			return fmt.Errorf("state.roll.seat: %d, but the active seat is %d", r.seat, active)
		}
		if r.tile < 0 || !s.tiles[r.tile].Terrain.Contactable() || s.tiles[r.tile].Structure.LocalGovernment() {
			return errors.New("state.roll.tile: a pending roll needs a contactable tile that is not a local government (GAP-36, GAP-45)")
		}
		if (r.kind == rollCombat || r.kind == rollPieceCombat) && s.players[r.defender].defeated {
			return fmt.Errorf("state.roll.defender: seat %d is defeated", r.defender)
		}
	case "relocate":
		rs := int(s.relocSeat)
		if rs < 0 || rs >= n || s.players[rs].defeated {
			return errors.New("state.relocate_seat: a relocate decision needs a seat in play")
		}
		if len(s.appendRelocations(nil)) == 0 {
			return fmt.Errorf("state.relocate_seat: seat %d owns no tile to move its piece to (REL-576)", rs)
		}
	case "wander":
		var buf [numDirs]engine.Answer
		if s.celeb.pos < 0 {
			return errors.New("state.phase: \"wander\", but there is no celebrity (state.celebrity.tile is null)")
		}
		if len(s.appendWanders(buf[:0])) == 0 {
			return errors.New("state.phase: \"wander\", but the celebrity has no contactable tile to step to (GAP-38)")
		}
	case "designate":
		ds := int(s.designSeat)
		switch {
		case ds < 0 || s.players[ds].defeated:
			return errors.New("state.design_seat: a designate decision needs a seat in play")
		case s.god != Abukaros || n < 3:
			return fmt.Errorf("state.phase: \"designate\" is Abukaros's stack 4 with 3 or 4 players (REL-929), not %s with %d", s.god, n)
		case s.players[ds].buff < 4:
			return fmt.Errorf("state.players[%d].relic_buff: %d, but a designation comes at stack 4 (REL-929)", ds, s.players[ds].buff)
		}
	}
	return nil
}

// consistentFactions checks the relics, local governments and celebrity.
func (b *scnBuilder) consistentFactions() error {
	s := b.s
	inPlay := func(field string, seat int8) error {
		if seat >= 0 && s.players[seat].defeated {
			return fmt.Errorf("%s: seat %d is defeated; its relics and bribes are gone (GAP-34)", field, seat)
		}
		return nil
	}
	for i := range s.relics {
		r := &s.relics[i]
		field := fmt.Sprintf("state.relics[%d]", i)
		if err := inPlay(field+".holder", r.holder); err != nil {
			return err
		}
		if r.tile < 0 {
			continue
		}
		c := s.coord(int(r.tile))
		if !s.tiles[r.tile].Terrain.Contactable() {
			return fmt.Errorf("%s.tile: %d,%d is %s, where no relic can lie (GAP-32); give \"relics\" or \"factions\": \"none\"", field, c.Col, c.Row, s.tiles[r.tile].Terrain)
		}
		if j := s.relicAt(int(r.tile)); j != i {
			return fmt.Errorf("%s.tile: %d,%d already holds relic %d (one relic a tile, GAP-32)", field, c.Col, c.Row, j)
		}
	}
	for i, g := range s.govs {
		field := "state.governments." + targetNames[i]
		if g.tile >= 0 && s.tiles[g.tile].Structure != govStructure[i] {
			c := s.coord(int(g.tile))
			have := s.tiles[g.tile].Structure.String()
			if have == "" {
				have = "none"
			}
			return fmt.Errorf("%s.tile: %d,%d has structure %q, not %s", field, c.Col, c.Row, have, govStructure[i])
		}
		if g.briber >= 0 && g.bribes == 0 {
			return fmt.Errorf("%s.bribes: 0, but seat %d holds its advantage", field, g.briber)
		}
		if err := inPlay(field+".briber", g.briber); err != nil {
			return err
		}
	}
	cl := &s.celeb
	if cl.pos >= 0 {
		c := s.coord(int(cl.pos))
		what := ""
		if tl := &s.tiles[cl.pos]; !tl.Terrain.Contactable() {
			what = tl.Terrain.String()
		} else if tl.Structure.LocalGovernment() {
			what = "a local government (" + tl.Structure.String() + ")"
		}
		if what != "" {
			return fmt.Errorf("state.celebrity.tile: %d,%d is %s, where the celebrity cannot stand (GAP-38); give \"celebrity\" or \"factions\": \"none\"", c.Col, c.Row, what)
		}
	} else if cl.briber >= 0 {
		return fmt.Errorf("state.celebrity.briber: %d, but there is no celebrity (tile null)", cl.briber)
	}
	if cl.briber >= 0 && cl.bribes == 0 {
		return fmt.Errorf("state.celebrity.bribes: 0, but seat %d holds its advantage", cl.briber)
	}
	return inPlay("state.celebrity.briber", cl.briber)
}

// enter puts the state in its phase: "start" runs the start phase,
// "contact" the tile triggers and "interaction" the interaction phase of
// the active seat, as the rules do; the others only set the phase.
func (b *scnBuilder) enter(phaseName string) error {
	s := b.s
	s.events = s.events[:0]
	switch phaseName {
	case "start":
		s.phase = phaseMove
		s.startTurn()
	case "contact":
		s.phase = phaseMove
		s.contact()
	case "interaction":
		s.phase = phaseMove
		s.enterInteraction()
	default:
		i := slices.Index(phaseKinds[:], phaseName)
		if i < 0 {
			return fmt.Errorf("state.phase: unknown phase %q", phaseName)
		}
		s.phase = phase(i)
	}
	return nil
}

// RunStep is one answer applied by Run.
type RunStep struct {
	// Script is the index of the script entry, or -1 for a chance decision
	// answered from the seed.
	Script int `json:"script"`
	// Seat is the deciding seat (engine.Chance for chance).
	Seat engine.Seat `json:"seat"`
	// Kind is the decision kind.
	Kind string `json:"kind"`
	// Answer is the answer's text.
	Answer string `json:"answer"`
	// Events are the events of this step, unredacted.
	Events []engine.Event `json:"-"`
}

// RunResult is the outcome of Run.
type RunResult struct {
	// State is the final state (on an error, the state before the failing
	// step).
	State *State
	// Events are every event in order, unredacted: those of Build's phase
	// entry first, then those of each step.
	Events []engine.Event
	// Steps lists the answers applied, chance answers from the seed included.
	Steps []RunStep
}

// EventsFor returns the events as seat (or engine.Spectator) may see them.
func (r *RunResult) EventsFor(seat engine.Seat) []engine.Event { return engine.Redact(r.Events, seat) }

// Run builds the scenario and plays its script. Chance decisions not
// forced by the script are answered with engine.ChanceAnswer(seed, steps,
// outcomes), also after the script unless StopAtChance. On a script error
// Run returns the result so far with the error; the failing step has not
// changed the state.
func (sc *Scenario) Run(g *Game) (*RunResult, error) {
	s, err := sc.Build(g)
	if err != nil {
		return nil, err
	}
	res := &RunResult{State: s, Events: slices.Clone(s.events)}
	for i, st := range sc.Script {
		a, err := s.ParseAnswer(st.Answer)
		if err != nil {
			return res, fmt.Errorf("%w: script[%d] %q: %w", ErrScenario, i, st.Answer, err)
		}
		for k := 0; !s.Terminal() && s.Pending().Seat == engine.Chance && !scnLegal(s, a); k++ {
			if k == scnMaxChance {
				return res, fmt.Errorf("%w: script[%d] %q: %d chance decisions in a row", ErrScenario, i, st.Answer, k)
			}
			if err := res.chance(sc.Seed); err != nil {
				return res, fmt.Errorf("%w: script[%d] %q: %w", ErrScenario, i, st.Answer, err)
			}
		}
		d := s.Pending()
		if st.Seat != nil && engine.Seat(*st.Seat) != d.Seat && !s.Terminal() {
			return res, fmt.Errorf("%w: script[%d] %q: seat %d decides %q, want seat %d", ErrScenario, i, st.Answer, d.Seat, d.Kind, *st.Seat)
		}
		if err := res.apply(i, d, a); err != nil {
			return res, fmt.Errorf("%w: script[%d] %q: %w", ErrScenario, i, st.Answer, err)
		}
	}
	if !sc.StopAtChance {
		for k := 0; !s.Terminal() && s.Pending().Seat == engine.Chance; k++ {
			if k == scnMaxChance {
				return res, fmt.Errorf("%w: after the script: %d chance decisions in a row", ErrScenario, k)
			}
			if err := res.chance(sc.Seed); err != nil {
				return res, fmt.Errorf("%w: after the script: %w", ErrScenario, err)
			}
		}
	}
	return res, nil
}

func scnLegal(s *State, a engine.Answer) bool {
	var buf [16]engine.Answer
	return slices.Contains(s.Legal(buf[:0]), a)
}

// chance answers the pending chance decision from the seed.
func (r *RunResult) chance(seed uint64) error {
	s := r.State
	d := s.Pending()
	out := s.Chance()
	total := 0
	for _, o := range out {
		if o.Weight > 0 {
			total += o.Weight
		}
	}
	if total <= 0 {
		return fmt.Errorf("chance decision %q has no outcome with a positive weight", d.Kind)
	}
	return r.apply(-1, d, engine.ChanceAnswer(seed, s.Steps(), out))
}

func (r *RunResult) apply(script int, d engine.Decision, a engine.Answer) error {
	s := r.State
	text := s.AnswerText(a)
	evs, err := s.Apply(a)
	if err != nil {
		return err
	}
	evs = slices.Clone(evs)
	r.Events = append(r.Events, evs...)
	r.Steps = append(r.Steps, RunStep{Script: script, Seat: d.Seat, Kind: d.Kind, Answer: text, Events: evs})
	return nil
}

// JSON is the output of "tabletop scenario run". With all, it holds every
// event unredacted, the steps applied, the pending decision and the final
// state as a Snapshot; otherwise the events as seat sees them and seat's
// view (seat may be engine.Spectator).
func (r *RunResult) JSON(seat engine.Seat, all bool) ([]byte, error) {
	s := r.State
	if all {
		out := struct {
			Events   []engine.Event      `json:"events"`
			Steps    []RunStep           `json:"steps"`
			Decision engine.DecisionJSON `json:"decision"`
			State    ScenarioState       `json:"state"`
		}{
			Events:   append([]engine.Event{}, r.Events...),
			Steps:    append([]RunStep{}, r.Steps...),
			Decision: engine.DescribeDecision(s),
			State:    Snapshot(s),
		}
		return json.MarshalIndent(out, "", "  ")
	}
	if seat != engine.Spectator && (seat < 0 || int(seat) >= len(s.players)) {
		return nil, fmt.Errorf("%w: seat %d is not a seat of this %d-player match", ErrScenario, seat, len(s.players))
	}
	out := struct {
		Events []engine.Event `json:"events"`
		View   *View          `json:"view"`
	}{Events: engine.Redact(r.Events, seat), View: s.view(seat)}
	return json.MarshalIndent(out, "", "  ")
}

// Snapshot exports the whole of s as a state block: loading it back with
// the same size (SnapshotScenario) gives a state with byte-identical
// AppendEncoding.
func Snapshot(s *State) ScenarioState {
	ip := func(v int) *int { return &v }
	sp := func(v string) *string { return &v }
	bp := func(v bool) *bool { return &v }
	st := ScenarioState{
		Size:       ip(s.size),
		CycleLimit: ip(s.cycleLimit),
		Climate:    sp(s.climate.String()),
		Cycle:      ip(s.cycle),
		Night:      bp(s.night),
		Squall:     ip(int(s.squall)),
		SquallSkip: bp(s.squallSkip),
		Wind:       sp(s.wind.String()),
		Blocked:    []ScenarioPos{},
		Order:      []int{},
		Active:     ip(s.active()),
		Phase:      phaseKinds[s.phase],
		Steps:      ip(s.steps),
		Turns:      ip(s.turns),
		Tiles:      &ScenarioTiles{Set: make([]ScenarioTile, len(s.tiles))},
	}
	for _, t := range s.blocked {
		st.Blocked = append(st.Blocked, s.scnPos(int(t)))
	}
	for _, o := range s.order {
		st.Order = append(st.Order, int(o))
	}
	for t := range s.tiles {
		tile := &s.tiles[t]
		spec := ScenarioTile{
			At:        s.scnPos(t),
			Terrain:   sp(tile.Terrain.String()),
			Structure: sp("none"),
			Owner:     ip(int(tile.Owner)),
			Alloc:     []int{int(tile.Alloc[0]), int(tile.Alloc[1]), int(tile.Alloc[2])},
		}
		if tile.Structure != NoStructure {
			spec.Structure = sp(tile.Structure.String())
		}
		if tile.Structure == Church {
			spec.Church = sp(tile.Church.String())
		}
		if tile.Claimed {
			spec.Claimed = bp(true)
		}
		st.Tiles.Set[t] = spec
	}
	for i := range s.players {
		pl := &s.players[i]
		revealed, known := s.scnMemory(i)
		st.Players = append(st.Players, ScenarioPlayer{
			Religion:              sp(pl.religion.String()),
			Character:             sp(pl.character.String()),
			Reputation:            ip(int(pl.rep)),
			Followers:             ip(int(pl.res[Followers])),
			Donations:             ip(int(pl.res[Donations])),
			Influence:             ip(int(pl.res[Influence])),
			Piece:                 s.scnPos(int(pl.pos)),
			Prev:                  s.scnPos(int(pl.prev)),
			Start:                 s.scnPos(int(pl.start)),
			OnStart:               bp(pl.onStart),
			PropagationCorrection: ip(int(pl.propCorr)),
			CombatCorrection:      ip(int(pl.combatCorr)),
			DefenseCorrection:     ip(int(pl.defCorr)),
			Defeated:              bp(pl.defeated),
			DefeatRank:            ip(int(pl.defeatRank)),
			BonusUsed:             bp(pl.bonusUsed),
			Turns:                 ip(int(pl.turns)),
			ExtraUsed:             bp(pl.extraUsed),
			ReturnAtEnd:           bp(pl.returnAtEnd),
			SkipNext:              bp(pl.skipNext),
			RelicBuff:             ip(int(pl.buff)),
			RelicRun:              ip(int(pl.run)),
			NightEye:              bp(pl.nightEye),
			Clairvoyance:          ip(int(pl.clairvoyance)),
			MiddleWay:             bp(pl.middleWay),
			Inshallah:             bp(pl.inshallah),
			SecretArt:             ip(int(pl.secretArt)),
			Revealed:              revealed,
			Known:                 known,
		})
	}
	revealed, known := s.scnMemory(len(s.players))
	st.Spectator = &ScenarioMemory{Revealed: revealed, Known: known}
	r := &s.roll
	st.Roll = &ScenarioRoll{
		Kind:     sp(rollKindNames[r.kind]),
		Seat:     ip(int(r.seat)),
		Defender: ip(int(r.defender)),
		Tile:     s.scnPos(int(r.tile)),
		R1:       ip(int(r.r1)),
		R2:       ip(int(r.r2)),
		R:        ip(int(r.r)),
		R1Terms:  scnSnapTerms(&r.r1Terms),
		R2Terms:  scnSnapTerms(&r.r2Terms),
	}
	st.RelocateSeat = ip(int(s.relocSeat))
	st.CycleStage = sp(enumName(scnStageNames[:], int(s.cycleStage)))
	st.Cont = sp(enumName(scnContNames[:], int(s.cont)))
	st.DesignSeat = ip(int(s.designSeat))
	st.God = sp(s.god.String())
	st.Relics = []ScenarioRelic{}
	for _, r := range s.relics {
		sr := ScenarioRelic{Tile: s.scnPos(int(r.tile)), Holder: ip(int(r.holder)), Seen: []int{}, Counts: bp(r.counts)}
		if r.eye != NoEye {
			sr.Eye = sp(r.eye.String())
		}
		for seat := range MaxPlayers {
			if r.seen.Has(engine.Seat(seat)) {
				sr.Seen = append(sr.Seen, seat)
			}
		}
		st.Relics = append(st.Relics, sr)
	}
	var govs [3]*ScenarioGovernment
	for i, g := range s.govs {
		govs[i] = &ScenarioGovernment{Tile: s.scnPos(int(g.tile)), Briber: ip(int(g.briber)), Bribes: ip(int(g.bribes))}
	}
	st.Governments = &ScenarioGovernments{Office: govs[targetOffice], Police: govs[targetPolice], Military: govs[targetMilitary]}
	st.Celebrity = &ScenarioCelebrity{
		Kind:   sp(s.celeb.kind.String()),
		Tile:   s.scnPos(int(s.celeb.pos)),
		Start:  s.scnPos(int(s.celeb.start)),
		Briber: ip(int(s.celeb.briber)),
		Bribes: ip(int(s.celeb.bribes)),
	}
	st.RelicsCollected = ip(int(s.relicsCollected))
	if s.phase == phaseOver || s.winner != -1 || s.how != "" || len(s.ranking) > 0 {
		res := &ScenarioResult{Winner: ip(int(s.winner)), How: sp(s.how), Ranking: []int{}}
		for _, p := range s.ranking {
			res.Ranking = append(res.Ranking, int(p))
		}
		st.Result = res
	}
	raw, _ := s.rng.MarshalBinary()
	st.RNG = hex.EncodeToString(raw)
	return st
}

// SnapshotScenario wraps Snapshot(s) in a scenario that Build turns back
// into s: a config of the same size, climate, cycle limit and seats, and
// StopAtChance so that running it leaves a pending chance decision alone.
// seed only answers the chance decisions of later runs.
func SnapshotScenario(s *State, seed uint64) *Scenario {
	c := Config{Size: s.size, Climate: s.climate.String(), CycleLimit: s.cycleLimit}
	for i := range s.players {
		c.Seats = append(c.Seats, SeatConfig{Religion: s.players[i].religion.String(), Character: s.players[i].character.String()})
	}
	raw, _ := json.Marshal(c)
	st := Snapshot(s)
	return &Scenario{
		Format:       ScenarioFormat,
		Name:         "snapshot",
		Seed:         seed,
		Players:      len(s.players),
		Config:       raw,
		State:        &st,
		StopAtChance: true,
	}
}

// scnPos returns the ScenarioPos of tile t, null for -1.
func (s *State) scnPos(t int) ScenarioPos {
	if t < 0 || t >= len(s.tiles) {
		return ScenarioPos{Set: true, Null: true}
	}
	c, r := s.geo.colRow(t)
	return ScenarioAt(c, r)
}

// scnMemory returns a memory row: the revealed tiles and the known owners
// that differ from the true ones.
func (s *State) scnMemory(row int) (*ScenarioTileSet, []ScenarioKnown) {
	ts := &ScenarioTileSet{All: true}
	for t := range s.tiles {
		if !s.isRevealed(row, t) {
			ts.All = false
			break
		}
	}
	if !ts.All {
		ts.Tiles = []ScenarioPos{}
		for t := range s.tiles {
			if s.isRevealed(row, t) {
				ts.Tiles = append(ts.Tiles, s.scnPos(t))
			}
		}
	}
	known := []ScenarioKnown{}
	n := len(s.tiles)
	for t := range s.tiles {
		if k := s.known[row*n+t]; k != s.tiles[t].Owner {
			known = append(known, ScenarioKnown{At: s.scnPos(t), Owner: int(k)})
		}
	}
	return ts, known
}

func scnSnapTerms(ts *terms) []ScenarioTerm {
	out := []ScenarioTerm{}
	for _, t := range ts.items() {
		out = append(out, ScenarioTerm{Tier: int(t.tier), Name: t.name.String(), Value: int(t.value)})
	}
	return out
}

// Expect lists what must hold after a run. Only the fields given are
// checked.
type Expect struct {
	// Error is a substring of the expected load, build or run error.
	Error   string         `json:"error,omitempty"`
	Players []ExpectPlayer `json:"players,omitempty"`
	Tiles   []ExpectTile   `json:"tiles,omitempty"`
	// Pending is the kind of the pending decision ("move", "roll", "over"...).
	Pending *string `json:"pending,omitempty"`
	// Active is the seat whose turn it is.
	Active *int          `json:"active,omitempty"`
	Cycle  *int          `json:"cycle,omitempty"`
	Night  *bool         `json:"night,omitempty"`
	Squall *int          `json:"squall,omitempty"`
	Wind   *string       `json:"wind,omitempty"`
	Result *ExpectResult `json:"result,omitempty"`
	// Events are event kinds that must occur in this order (a subsequence
	// of all events).
	Events []string `json:"events,omitempty"`
	// Rolls are checked against the explain data of the roll events
	// ("propagation", "combat", "piece_combat", "professor"), the first
	// entry against the first roll.
	Rolls []ExpectRoll `json:"rolls,omitempty"`
	// Views are checked against State.View of a seat (-3 for the spectator).
	Views []ExpectView `json:"views,omitempty"`
	// Factions checks the god, relics, local governments and celebrity.
	Factions *ExpectFactions `json:"factions,omitempty"`
}

// ExpectFactions checks the factions (section 11).
type ExpectFactions struct {
	God *string `json:"god,omitempty"`
	// Relics checks relic i against entry i (an empty entry checks nothing).
	Relics []ExpectRelic `json:"relics,omitempty"`
	// RelicsOnMap counts the relics lying on the map.
	RelicsOnMap     *int               `json:"relics_on_map,omitempty"`
	RelicsCollected *int               `json:"relics_collected,omitempty"`
	Governments     *ExpectGovernments `json:"governments,omitempty"`
	Celebrity       *ExpectCelebrity   `json:"celebrity,omitempty"`
}

// ExpectRelic checks where a relic is: its tile (null when held or out of
// play) and its holder (-1 when on the map).
type ExpectRelic struct {
	Tile   ScenarioPos `json:"tile,omitzero"`
	Holder *int        `json:"holder,omitempty"`
}

// ExpectGovernments checks the local governments.
type ExpectGovernments struct {
	Office   *ExpectBribe `json:"office,omitempty"`
	Police   *ExpectBribe `json:"police,omitempty"`
	Military *ExpectBribe `json:"military,omitempty"`
}

// ExpectBribe checks a local government's bribe state.
type ExpectBribe struct {
	Briber *int `json:"briber,omitempty"`
	Bribes *int `json:"bribes,omitempty"`
}

// ExpectCelebrity checks the celebrity: its tile (null: none), briber and
// bribe count.
type ExpectCelebrity struct {
	Tile   ScenarioPos `json:"tile,omitzero"`
	Briber *int        `json:"briber,omitempty"`
	Bribes *int        `json:"bribes,omitempty"`
}

// ExpectPlayer checks one seat.
type ExpectPlayer struct {
	Seat                  int         `json:"seat"`
	Reputation            *int        `json:"reputation,omitempty"`
	Followers             *int        `json:"followers,omitempty"`
	Donations             *int        `json:"donations,omitempty"`
	Influence             *int        `json:"influence,omitempty"`
	Piece                 ScenarioPos `json:"piece,omitzero"`
	PropagationCorrection *int        `json:"propagation_correction,omitempty"`
	CombatCorrection      *int        `json:"combat_correction,omitempty"`
	DefenseCorrection     *int        `json:"defense_correction,omitempty"`
	Defeated              *bool       `json:"defeated,omitempty"`
	Turns                 *int        `json:"turns,omitempty"`
	// Relics is the number of stack-counting relics held; RelicBuff the
	// buff level (GAP-33).
	RelicBuff *int  `json:"relic_buff,omitempty"`
	Relics    *int  `json:"relics,omitempty"`
	SkipNext  *bool `json:"skip_next,omitempty"`
	NightEye  *bool `json:"night_eye,omitempty"`
	MiddleWay *bool `json:"middle_way,omitempty"`
	Inshallah *bool `json:"inshallah,omitempty"`
}

// ExpectTile checks one tile's owner (-1 neutral) and whether its church's
// advantage was taken.
type ExpectTile struct {
	At      ScenarioPos `json:"at"`
	Owner   *int        `json:"owner,omitempty"`
	Claimed *bool       `json:"claimed,omitempty"`
}

// ExpectResult checks the result of a finished match (winner -1: none).
type ExpectResult struct {
	Winner  *int    `json:"winner,omitempty"`
	How     *string `json:"how,omitempty"`
	Ranking []int   `json:"ranking,omitzero"`
}

// ExpectRoll checks one roll's explain data.
type ExpectRoll struct {
	Kind         *string     `json:"kind,omitempty"`
	Seat         *int        `json:"seat,omitempty"`
	Defender     *int        `json:"defender,omitempty"`
	Tile         ScenarioPos `json:"tile,omitzero"`
	R1Raw        *int        `json:"r1_raw,omitempty"`
	R1           *int        `json:"r1,omitempty"`
	R2Raw        *int        `json:"r2_raw,omitempty"`
	R2           *int        `json:"r2,omitempty"`
	RRaw         *int        `json:"r_raw,omitempty"`
	R            *int        `json:"r,omitempty"`
	Roll         *string     `json:"roll,omitempty"`
	Gains        []int       `json:"gains,omitzero"`
	DefenderLoss []int       `json:"defender_loss,omitzero"`
	// R1Terms and R2Terms, when given, must equal the whole list of terms.
	R1Terms []ScenarioTerm `json:"r1_terms,omitzero"`
	R2Terms []ScenarioTerm `json:"r2_terms,omitzero"`
}

// ExpectView checks what a seat's view shows: a tile (At: visible, memory,
// owner) or another seat's piece (Piece: visible).
type ExpectView struct {
	Seat    int         `json:"seat"`
	At      ScenarioPos `json:"at,omitzero"`
	Piece   *int        `json:"piece,omitempty"`
	Visible *bool       `json:"visible,omitempty"`
	Memory  *string     `json:"memory,omitempty"`
	Owner   *int        `json:"owner,omitempty"`
}

// Check compares a run with the scenario's expectations and returns one
// message per mismatch, e.g. "players[0].reputation = 48, want 46". runErr
// is the error of LoadScenario, Build or Run; res may be nil.
func (sc *Scenario) Check(res *RunResult, runErr error) []string {
	var ex Expect
	if sc != nil && sc.Expect != nil {
		ex = *sc.Expect
	}
	var out []string
	bad := func(format string, args ...any) { out = append(out, fmt.Sprintf(format, args...)) }
	switch {
	case ex.Error != "" && runErr == nil:
		bad("error = nil, want an error containing %q", ex.Error)
	case ex.Error != "" && !strings.Contains(runErr.Error(), ex.Error):
		bad("error = %q, want it to contain %q", runErr.Error(), ex.Error)
	case ex.Error == "" && runErr != nil:
		bad("unexpected error: %v", runErr)
	}
	if res == nil || res.State == nil {
		return out
	}
	s := res.State
	intEq := func(name string, got int, want *int) {
		if want != nil && got != *want {
			bad("%s = %d, want %d", name, got, *want)
		}
	}
	boolEq := func(name string, got bool, want *bool) {
		if want != nil && got != *want {
			bad("%s = %t, want %t", name, got, *want)
		}
	}
	strEq := func(name, got string, want *string) {
		if want != nil && got != *want {
			bad("%s = %q, want %q", name, got, *want)
		}
	}
	posEq := func(name string, got int, want ScenarioPos) {
		if !want.Set {
			return
		}
		if g := s.scnPos(got); g.Null != want.Null || !g.Null && (g.Col != want.Col || g.Row != want.Row) {
			bad("%s = %s, want %s", name, g, want)
		}
	}
	for i, ep := range ex.Players {
		if ep.Seat < 0 || ep.Seat >= len(s.players) {
			bad("players[%d].seat: %d is not a seat", i, ep.Seat)
			continue
		}
		pl := &s.players[ep.Seat]
		name := fmt.Sprintf("players[%d]", ep.Seat)
		intEq(name+".reputation", int(pl.rep), ep.Reputation)
		intEq(name+".followers", int(pl.res[Followers]), ep.Followers)
		intEq(name+".donations", int(pl.res[Donations]), ep.Donations)
		intEq(name+".influence", int(pl.res[Influence]), ep.Influence)
		posEq(name+".piece", int(pl.pos), ep.Piece)
		intEq(name+".propagation_correction", int(pl.propCorr), ep.PropagationCorrection)
		intEq(name+".combat_correction", int(pl.combatCorr), ep.CombatCorrection)
		intEq(name+".defense_correction", int(pl.defCorr), ep.DefenseCorrection)
		boolEq(name+".defeated", pl.defeated, ep.Defeated)
		intEq(name+".turns", int(pl.turns), ep.Turns)
		intEq(name+".relics", s.relicsHeld(ep.Seat), ep.Relics)
		intEq(name+".relic_buff", int(pl.buff), ep.RelicBuff)
		boolEq(name+".skip_next", pl.skipNext, ep.SkipNext)
		boolEq(name+".night_eye", pl.nightEye, ep.NightEye)
		boolEq(name+".middle_way", pl.middleWay, ep.MiddleWay)
		boolEq(name+".inshallah", pl.inshallah, ep.Inshallah)
	}
	for i, et := range ex.Tiles {
		t := s.geo.index(et.At.Col, et.At.Row)
		if !et.At.Set || et.At.Null || t < 0 {
			bad("tiles[%d].at: %s is not a tile of the map", i, et.At)
			continue
		}
		intEq(fmt.Sprintf("tiles[%s].owner", et.At), int(s.tiles[t].Owner), et.Owner)
		boolEq(fmt.Sprintf("tiles[%s].claimed", et.At), s.tiles[t].Claimed, et.Claimed)
	}
	strEq("pending", s.Pending().Kind, ex.Pending)
	intEq("active", s.active(), ex.Active)
	intEq("cycle", s.cycle, ex.Cycle)
	boolEq("night", s.night, ex.Night)
	intEq("squall", int(s.squall), ex.Squall)
	strEq("wind", s.wind.String(), ex.Wind)
	if ef := ex.Factions; ef != nil {
		strEq("factions.god", s.god.String(), ef.God)
		for i, er := range ef.Relics {
			name := fmt.Sprintf("factions.relics[%d]", i)
			if i >= len(s.relics) {
				bad("%s: the match has %d relics", name, len(s.relics))
				break
			}
			posEq(name+".tile", int(s.relics[i].tile), er.Tile)
			intEq(name+".holder", int(s.relics[i].holder), er.Holder)
		}
		onMap := 0
		for _, r := range s.relics {
			if r.tile >= 0 {
				onMap++
			}
		}
		intEq("factions.relics_on_map", onMap, ef.RelicsOnMap)
		intEq("factions.relics_collected", int(s.relicsCollected), ef.RelicsCollected)
		if eg := ef.Governments; eg != nil {
			for i, e := range [3]*ExpectBribe{eg.Office, eg.Police, eg.Military} {
				if e != nil {
					name := "factions.governments." + targetNames[i]
					intEq(name+".briber", int(s.govs[i].briber), e.Briber)
					intEq(name+".bribes", int(s.govs[i].bribes), e.Bribes)
				}
			}
		}
		if ec := ef.Celebrity; ec != nil {
			posEq("factions.celebrity.tile", int(s.celeb.pos), ec.Tile)
			intEq("factions.celebrity.briber", int(s.celeb.briber), ec.Briber)
			intEq("factions.celebrity.bribes", int(s.celeb.bribes), ec.Bribes)
		}
	}
	if er := ex.Result; er != nil {
		if !s.Terminal() {
			bad("result: the match is not over (pending %q)", s.Pending().Kind)
		} else {
			intEq("result.winner", int(s.winner), er.Winner)
			strEq("result.how", s.how, er.How)
			if er.Ranking != nil {
				got := make([]int, len(s.ranking))
				for i, p := range s.ranking {
					got[i] = int(p)
				}
				if !slices.Equal(got, er.Ranking) {
					bad("result.ranking = %v, want %v", got, er.Ranking)
				}
			}
		}
	}
	if len(ex.Events) > 0 {
		k := 0
		for _, e := range res.Events {
			if k < len(ex.Events) && e.Kind == ex.Events[k] {
				k++
			}
		}
		if k < len(ex.Events) {
			kinds := make([]string, len(res.Events))
			for i, e := range res.Events {
				kinds[i] = e.Kind
			}
			bad("events: %q (events[%d]) not found in order in %v", ex.Events[k], k, kinds)
		}
	}
	var rolls []*Explain
	for _, e := range res.Events {
		if x, ok := e.Data.(*Explain); ok {
			rolls = append(rolls, x)
		}
	}
	for i, er := range ex.Rolls {
		name := fmt.Sprintf("rolls[%d]", i)
		if i >= len(rolls) {
			bad("%s: only %d rolls happened", name, len(rolls))
			break
		}
		x := rolls[i]
		strEq(name+".kind", x.Kind, er.Kind)
		intEq(name+".seat", x.Seat, er.Seat)
		intEq(name+".defender", x.Defender, er.Defender)
		if er.Tile.Set && (x.Tile.Col != er.Tile.Col || x.Tile.Row != er.Tile.Row) {
			bad("%s.tile = %d,%d, want %s", name, x.Tile.Col, x.Tile.Row, er.Tile)
		}
		intEq(name+".r1_raw", x.R1Raw, er.R1Raw)
		intEq(name+".r1", x.R1, er.R1)
		intEq(name+".r2_raw", x.R2Raw, er.R2Raw)
		intEq(name+".r2", x.R2, er.R2)
		intEq(name+".r", x.R, er.R)
		intEq(name+".r_raw", x.RRaw, er.RRaw)
		strEq(name+".roll", x.Roll, er.Roll)
		if er.Gains != nil && !slices.Equal(x.Gains[:], er.Gains) {
			bad("%s.gains = %v, want %v", name, x.Gains, er.Gains)
		}
		if er.DefenderLoss != nil && !slices.Equal(x.DefenderLoss[:], er.DefenderLoss) {
			bad("%s.defender_loss = %v, want %v", name, x.DefenderLoss, er.DefenderLoss)
		}
		termsEq := func(field string, got []ExplainTerm, want []ScenarioTerm) {
			if want == nil {
				return
			}
			g := make([]ScenarioTerm, len(got))
			for k, t := range got {
				g[k] = ScenarioTerm(t)
			}
			if !slices.Equal(g, want) {
				bad("%s.%s = %v, want %v", name, field, g, want)
			}
		}
		termsEq("r1_terms", x.R1Terms, er.R1Terms)
		termsEq("r2_terms", x.R2Terms, er.R2Terms)
	}
	for i, ev := range ex.Views {
		name := fmt.Sprintf("views[%d]", i)
		seat := engine.Seat(ev.Seat)
		if seat != engine.Spectator && (ev.Seat < 0 || ev.Seat >= len(s.players)) {
			bad("%s.seat: %d is not a seat (or -3 for the spectator)", name, ev.Seat)
			continue
		}
		v := s.view(seat)
		switch {
		case ev.Piece != nil:
			if *ev.Piece < 0 || *ev.Piece >= len(v.Players) {
				bad("%s.piece: %d is not a seat", name, *ev.Piece)
				continue
			}
			boolEq(fmt.Sprintf("%s (seat %d sees seat %d's piece)", name, ev.Seat, *ev.Piece), v.Players[*ev.Piece].Piece != nil, ev.Visible)
		case ev.At.Set && !ev.At.Null && s.geo.index(ev.At.Col, ev.At.Row) >= 0:
			tv := v.Tiles[s.geo.index(ev.At.Col, ev.At.Row)]
			tn := fmt.Sprintf("%s (seat %d, tile %s)", name, ev.Seat, ev.At)
			boolEq(tn+".visible", tv.Visible, ev.Visible)
			strEq(tn+".memory", tv.Memory.String(), ev.Memory)
			if ev.Owner != nil {
				switch {
				case tv.Owner == nil:
					bad("%s.owner: not shown, want %d", tn, *ev.Owner)
				default:
					intEq(tn+".owner", *tv.Owner, ev.Owner)
				}
			}
		default:
			bad("%s: give \"at\" (a tile of the map) or \"piece\"", name)
		}
	}
	return out
}
