package realigious

import (
	"math/rand/v2"

	"tabletop/engine"
)

// MaxPlayers is the largest number of seats in a match (REL-002).
const MaxPlayers = 4

// Tile is one hex of the map. The allotment is a fixed property of the tile,
// read by every reward and never depleted (GAP-02).
type Tile struct {
	Terrain   Terrain
	Structure Structure
	// Church is the established church's religion when Structure is Church.
	Church Religion
	// Owner is the owning seat, or -1 for a neutral tile.
	Owner int8
	// Claimed is set once a church's advantage has been taken (REL-946).
	Claimed bool
	// Alloc is the tile's allotment of followers, donations and influence.
	Alloc [numResources]int32
}

// player is one seat's whole state (REL-100).
type player struct {
	religion  Religion
	character Character
	rep       int32
	res       [numResources]int32
	pos       int16 // tile the piece contacts; -1 once removed
	prev      int16 // tile contacted at the start of this turn (REL-568)
	start     int16 // starting point (GAP-05)
	// correction stacks (REL-427, REL-533, REL-548)
	propCorr, combatCorr, defCorr uint8
	defeated                      bool
	defeatRank                    int16 // order of defeat, 1 = first defeated
	bonusUsed                     bool  // first successful propagation done (GAP-46)
	turns                         int32 // own turns begun, skipped ones included
	extraUsed                     bool  // Buddhism's extra move this turn (GAP-47)
	returnAtEnd                   bool  // lost a combat this turn (REL-568, GAP-18)
	onStart                       bool  // standing on the starting point, not contacting it (GAP-05)
	skipNext                      bool  // the Thug skips this seat's next turn (REL-993)

	// Factions (GAP-33, GAP-35).
	buff         uint8 // highest number of relics ever held
	run          uint8 // consecutive successes toward a relic (REL-910, REL-916)
	nightEye     bool  // Gi-ye Chin's Night Eye (REL-920)
	clairvoyance uint8 // own turns of Clairvoyance left (REL-921)
	middleWay    bool  // the temple's +10% propagation (GAP-35)
	inshallah    bool  // the mosque's −1% declaration cost (REL-949)
	secretArt    int32 // own turn number in which cards are free (REL-950); 0 = never

	// Strategy cards.
	extraTurns uint8 // extra turns to take after this one (A Glorious Opportunity, CARD-079, GAP-26)
}

type phase uint8

const (
	phaseMove        phase = iota // active seat picks a direction
	phaseSprint                   // Explorer's optional second step (REL-124)
	phaseExtraMove                // Buddhism's optional extra move (REL-136)
	phaseInteraction              // piece interaction tab (REL-507-509)
	phaseRoll                     // chance: success or failure
	phaseRelocate                 // chance: where a losing piece goes (REL-576)
	phaseWind                     // chance: the monsoon's new direction (REL-811)
	phaseOver
	phaseWander    // chance: where the celebrity steps (REL-983)
	phaseDesignate // Abukaros's stack 4: whose relics to take (REL-929)
	phaseCard      // a decision a card resolution asks (s.ask: payer, target or chance)
	phaseBusy      // frames are resolving; never pending between answers
)

var phaseKinds = [...]string{"move", "sprint", "extra_move", "interaction", "roll", "relocate", "wind", "over", "wander", "designate", "card", "busy"}

// cont says where the flow resumes after a decision taken in the middle of
// a contact or of the end of a cycle.
type cont uint8

const (
	contContact     cont = iota // the rest of the active seat's contact
	contCycle                   // the rest of the end of the cycle
	contStart                   // the rest of a start phase, after its cards (startRest)
	contInteraction             // back to the interaction phase, after a card use
	contDeclare                 // the rest of a combat declaration, after its "when" window
	contEndTurn                 // the end phase (endTurn)
	contAfterEnd                // the rest of the end phase, after its effects (afterEnd)
	contRelocate                // the beaten first arrival's relocation (REL-576)
	contTriggers                // the tile triggers after Hospital and friends (contactTriggers)
	contWander                  // the celebrity's contact effect (wanderRest)
	numConts
)

// Stages of the end of a cycle, run in order by resumeCycle.
const (
	stageNone   = iota
	stageWander // the celebrity steps (REL-983)
	stageWind   // the monsoon may turn (REL-811)
)

// rollKind says which tile interaction a pending roll resolves.
type rollKind uint8

const (
	rollPropagation rollKind = iota
	rollCombat
	rollPieceCombat
	rollProfessor // the Professor's propagation for its briber (REL-990)
)

var rollKindNames = [...]string{"propagation", "combat", "piece_combat", "professor"}

// roll is a tile interaction waiting for its chance answer, with the full
// arithmetic kept for the explain event.
type roll struct {
	kind     rollKind
	seat     int8
	defender int8
	tile     int16
	r1, r2   int16 // clamped; r2 is 0 for propagation
	r        int16
	r1Terms  terms
	r2Terms  terms
	// Card effects on the roll: force makes it succeed (1) or fail (2)
	// whatever R; lose is a chance in percent to lose whatever the roll
	// (All or Nothing's Reckless, CARD-045). followers records that the
	// declaration paid followers (REL-547) until the rates are built.
	force     int8
	lose      int16
	followers bool
}

// State is a Realigious position. It implements engine.State.
type State struct {
	p   *Params
	geo *geometry

	climate    Climate
	size       int
	cycleLimit int

	tiles   []Tile
	players []player
	order   []int8 // turn order of seats (GAP-05)
	turnIdx int    // index into order of the active seat

	cycle      int
	night      bool
	squall     int8 // squall gauge (REL-805-807)
	squallSkip bool // the next turn is skipped (GAP-39)
	wind       Wind
	blocked    []int16 // Rasputitsa tiles this turn (REL-813)

	phase      phase
	roll       roll
	relocSeat  int8
	defeats    int16 // how many seats have been defeated so far
	cycleStage uint8 // how far the end of the cycle has run
	cont       cont  // where a designation resumes
	designSeat int8  // who designates (REL-929)

	// Factions (section 11).
	god             God
	relics          []relic
	govs            [3]gov // office, police station, military base
	celeb           celebrity
	relicsCollected int32

	// revealed holds one bitset per seat of tiles seen at least once (UI-412).
	revealed []uint64
	// known holds per seat the owner last seen of every tile; it is read for
	// tiles out of vision at night.
	known []int8

	rng   rand.PCG
	steps int
	turns int // player turns played, skipped ones included

	winner  int8
	how     string
	ranking []int8

	// Strategy cards (section 9): the definitions (read-only, per Game),
	// each seat's zones, the effects in play, the resolutions in progress
	// (frames) and the decision the top frame asks (ask, with its answers
	// and weights in opts). cancelled is the result of the rules' last
	// "when" window (hooks.go); chain counts the card resolutions of this
	// turn (maxChain) and chainHit that the bound was announced.
	defs      *defTable
	noCards   bool // config no_cards: no decks, and combat gives no glory or shame card
	zones     []zones
	effects   []effect
	frames    []frame
	opts      []engine.Outcome
	ask       ask
	cancelled bool
	chain     uint8
	chainHit  bool
	// running is set while frames resolve (settle then defers); it is
	// never set between answers, so it is not part of the state's value.
	running bool
	// effN counts the effects of each card and effMask ORs the stateDef
	// funcs they have (efOn, ...): both are derived from effects (never
	// encoded) so that hot paths skip the effect list when nothing in play
	// can matter (recountEffects).
	effN    [NumCards + 1]uint16
	effMask uint8
	nDead   uint16 // effects ended but not yet swept
	// marks are the seats' play states at the start of their last own
	// turn, kept for Time Reversal (cards_sacrifice_rewind.go); nil while
	// no composition holds it.
	marks []turnMark

	events []engine.Event
}

func (s *State) words() int { return (len(s.tiles) + 63) / 64 }

// active returns the seat whose turn it is.
func (s *State) active() int { return int(s.order[s.turnIdx]) }

// Clone returns an independent deep copy (engine.State).
func (s *State) Clone() engine.State { return s.clone() }

func (s *State) clone() *State {
	c := *s
	c.tiles = append([]Tile(nil), s.tiles...)
	c.players = append([]player(nil), s.players...)
	c.order = append([]int8(nil), s.order...)
	c.blocked = append([]int16(nil), s.blocked...)
	c.revealed = append([]uint64(nil), s.revealed...)
	c.known = append([]int8(nil), s.known...)
	c.ranking = append([]int8(nil), s.ranking...)
	c.relics = append([]relic(nil), s.relics...)
	c.zones = cloneZones(s.zones)
	c.effects = append([]effect(nil), s.effects...)
	c.marks = cloneMarks(s.marks)
	c.frames = cloneFrames(s.frames)
	c.opts = append([]engine.Outcome(nil), s.opts...)
	c.events = nil
	return &c
}

// Steps returns the number of answers applied (engine.State).
func (s *State) Steps() int { return s.steps }

// Terminal reports whether the match is over (engine.State).
func (s *State) Terminal() bool { return s.phase == phaseOver }

// Result returns the result of a finished match (engine.State).
func (s *State) Result() engine.Result {
	r := engine.Result{Winner: engine.NoSeat, How: s.how}
	if s.winner >= 0 {
		r.Winner = engine.Seat(s.winner)
	}
	for _, p := range s.ranking {
		r.Ranking = append(r.Ranking, engine.Seat(p))
	}
	return r
}

// isRevealed reports whether seat saw tile t at least once.
func (s *State) isRevealed(seat, t int) bool {
	return s.revealed[seat*s.words()+t/64]&(1<<(uint(t)%64)) != 0
}

func (s *State) reveal(seat, t int) {
	s.revealed[seat*s.words()+t/64] |= 1 << (uint(t) % 64)
}

func (s *State) emit(kind string, seat int, audience engine.SeatMask, data, public any) {
	if seat < 0 {
		seat = int(engine.NoSeat)
	}
	s.events = append(s.events, engine.Event{Kind: kind, Seat: engine.Seat(seat), Audience: audience, Data: data, Public: public})
}

// emitAll emits an event every seat and spectators see.
func (s *State) emitAll(kind string, seat int, data any) {
	s.emit(kind, seat, engine.AllSeats, data, nil)
}
