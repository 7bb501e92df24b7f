package realigious

// Scenarios: a versioned JSON format that sets up any Realigious position
// (config + seed, then overrides of any part of the state), plays a script
// of answers on it, and states what must hold afterwards. docs/scenarios.md
// specifies the format. This file holds the format's types and
// LoadScenario; scenario_build*.go and scenario_consistent.go build a state
// from it (Build), scenario_run.go plays its script (Run),
// scenario_snapshot.go writes a state back out (Snapshot) and
// scenario_expect.go checks expectations (Check). Nothing here does I/O:
// LoadScenario takes bytes.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
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

	// Cards is "generated" (the default: the decks the config's trait
	// slots build, shuffled from the seed after the map, REL-673) or
	// "none" (every composition, deck, hand and graveyard empty, and the
	// PRNG not drawn for decks); a players entry then overrides its seat's
	// zones. docs/scenarios.md, "Cards".
	Cards string `json:"cards,omitempty"`
	// Effects replaces the effects in play (player states and tile
	// designations); [] leaves none.
	Effects []ScenarioEffect `json:"effects,omitzero"`
	// Frames are the card resolutions in progress, bottom first, and Ask
	// the decision the top one asks (phase "card").
	Frames []ScenarioFrame `json:"frames,omitzero"`
	Ask    *ScenarioAsk    `json:"ask,omitempty"`
	// Marks are the seats' turn marks for Time Reversal (ScenarioMark):
	// one per seat, or [] for none; absent keeps the generated ones.
	Marks []ScenarioMark `json:"marks,omitzero"`
	// Chain counts the card resolutions started this turn (maxChain) and
	// ChainHit says the bound was announced; Cancelled is the result of
	// the rules' last "when" window.
	Chain     *int  `json:"chain,omitempty"`
	ChainHit  *bool `json:"chain_hit,omitempty"`
	Cancelled *bool `json:"cancelled,omitempty"`
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
	// Cards (REL-670): the composition the deck refills from, the deck
	// with its top card first, the hand oldest card first, and the
	// graveyard oldest card first; ExtraTurns are extra turns still to take
	// (CARD-079).
	Composition []CardID           `json:"composition,omitzero"`
	Deck        []CardID           `json:"deck,omitzero"`
	Hand        []ScenarioHandCard `json:"hand,omitzero"`
	Graveyard   []CardID           `json:"graveyard,omitzero"`
	ExtraTurns  *int               `json:"extra_turns,omitempty"`
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
	// Moved: a card put it back on the map, so The Second Coming may
	// claim it (CARD-060; default false); only for a relic on the map.
	Moved *bool `json:"moved,omitempty"`
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
	scnContNames  = [numConts]string{contContact: "contact", contCycle: "cycle", contStart: "start", contInteraction: "interaction",
		contDeclare: "declare", contEndTurn: "end_turn", contAfterEnd: "after_end", contRelocate: "relocate", contTriggers: "triggers", contWander: "wander"}
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
	// Force is "success" or "failure" when a card decided the roll;
	// Reckless the chance in percent to lose whatever the roll (CARD-045);
	// Followers that the declaration paid followers (REL-547).
	Force     string `json:"force,omitempty"`
	Reckless  int    `json:"reckless,omitempty"`
	Followers bool   `json:"followers,omitempty"`
}

// ScenarioTerm is one addend of a rate, as in the explain events. A card
// effect's term names its card and the effect's key.
type ScenarioTerm struct {
	Tier  int    `json:"tier"`
	Name  string `json:"name"`
	Value int    `json:"value"`
	Card  CardID `json:"card,omitempty"`
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
