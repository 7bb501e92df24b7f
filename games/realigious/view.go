package realigious

import "tabletop/engine"

// View is what one seat (or a spectator) may see of a match. It is the only
// form of the state that leaves the server; docs/visibility.md is its
// specification.
type View struct {
	Game       string      `json:"game"`
	Seat       int         `json:"seat"`
	Width      int         `json:"width"`
	Height     int         `json:"height"`
	Climate    Climate     `json:"climate"`
	Cycle      int         `json:"cycle"`
	CycleLimit int         `json:"cycle_limit"`
	Night      bool        `json:"night"`
	Squall     *SquallView `json:"squall,omitempty"`
	Wind       *Wind       `json:"wind,omitempty"`
	Blocked    []Coord     `json:"blocked,omitempty"`
	Active     int         `json:"active"`
	Pending    string      `json:"pending"`
	Order      []int       `json:"order"`
	Religious  int         `json:"religious_threshold"`
	Tiles      []TileView  `json:"tiles"`
	// Visible is which tiles the seat sees live (REL-823, REL-824,
	// UI-412): one byte per tile in the order of Tiles, '1' or '0'. It is
	// kept apart from the tiles so that nightfall and daybreak, which
	// turn most of them, change one short value of the view rather than
	// every tile (docs/performance.md, "Server load").
	Visible  string         `json:"visible"`
	Players  []PlayerView   `json:"players"`
	Factions FactionsView   `json:"factions"`
	Result   *engine.Result `json:"result,omitempty"`
	// CycleEnd is set while the end of a cycle runs (the celebrity's step,
	// the monsoon, or a decision one of them caused): the pending decision
	// belongs to no player's turn. Public, like the "cycle" event.
	CycleEnd bool `json:"cycle_end,omitempty"`
	// Hand is the viewing seat's own hand, newest first (slot 1, UI-314),
	// and Composition the set its deck refills from (GAP-20); both are
	// absent from other seats' and the spectators' views.
	Hand        []HandCardView `json:"hand,omitempty"`
	Composition []CardID       `json:"composition,omitempty"`
	// Designations are the card designations on tiles this seat has
	// revealed (REL-698).
	Designations []EffectView `json:"designations"`
	// CardDecision is the card resolution this seat is asked about, only
	// in the deciding seat's view.
	CardDecision *CardDecisionView `json:"card_decision,omitempty"`

	// cache, when set, keeps the players apart from the skeleton the
	// view is encoded to (view_cache.go); not part of the view.
	cache *viewCache
}

// SquallView is the tropical squall gauge (REL-805).
type SquallView struct {
	Gauge int  `json:"gauge"`
	Size  int  `json:"size"`
	Skip  bool `json:"skip_next"`
}

// TileView is one tile as a seat knows it. Unrevealed tiles carry only
// their coordinates.
type TileView struct {
	Coord
	Memory    Memory    `json:"memory"`
	Visible   bool      `json:"-"` // encoded in View.Visible
	Terrain   *Terrain  `json:"terrain,omitempty"`
	Structure Structure `json:"structure,omitempty"`
	Church    *Religion `json:"church,omitempty"`
	Claimed   bool      `json:"church_claimed,omitempty"`
	Owner     *int      `json:"owner,omitempty"`
	Alloc     *[3]int32 `json:"alloc,omitempty"`
	Blocked   bool      `json:"blocked,omitempty"`
}

// PlayerView is one seat's public counters, and its piece when seen.
type PlayerView struct {
	Seat        int       `json:"seat"`
	Religion    Religion  `json:"religion"`
	Character   Character `json:"character"`
	Reputation  int       `json:"reputation"`
	Followers   int       `json:"followers"`
	Donations   int       `json:"donations"`
	Influence   int       `json:"influence"`
	Piece       *Coord    `json:"piece,omitempty"`
	Stealth     bool      `json:"stealth,omitempty"`
	HighGround  bool      `json:"high_ground,omitempty"`
	PropCorr    int       `json:"propagation_correction"`
	CombatCorr  int       `json:"combat_correction"`
	DefenseCorr int       `json:"defense_correction"`
	Defeated    bool      `json:"defeated,omitempty"`
	Turns       int       `json:"turns"`
	// Faction counters are public (GAP-70).
	Relics int `json:"relics"`
	// RelicsTaken counts the relics held that do not count: taken by Fire
	// from Heaven (CARD-055, GAP-33).
	RelicsTaken  int    `json:"relics_taken,omitempty"`
	RelicTypes   EyeSet `json:"relic_types,omitempty"`
	Buff         int    `json:"relic_buff"`
	NightEye     bool   `json:"night_eye,omitempty"`
	Clairvoyance int    `json:"clairvoyance,omitempty"`
	MiddleWay    bool   `json:"middle_way,omitempty"`
	Inshallah    bool   `json:"inshallah,omitempty"`
	SkipNext     bool   `json:"skip_next,omitempty"`
	// Cards (GAP-70): hand and deck sizes, the graveyard (oldest first) and
	// the buff list (REL-697, REL-703).
	HandCount  int          `json:"hand_count"`
	DeckCount  int          `json:"deck_count"`
	Graveyard  []CardID     `json:"graveyard"`
	Buffs      []EffectView `json:"buffs"`
	ExtraTurns int          `json:"extra_turns,omitempty"`

	// ReputationHidden: a card keeps this seat's reputation off the
	// viewer's status board (CARD-030); Reputation is then -1.
	ReputationHidden bool `json:"reputation_hidden,omitempty"`
}

// pendingFor names the pending decision as the seat (or spectator row) may
// know it: the kind only when it sees the active piece, else "turn", since
// a kind such as "interaction" would tell where an unseen piece stands.
func (s *State) pendingFor(row int) string {
	if s.phase == phaseOver || s.phase == phaseWind {
		return phaseKinds[s.phase]
	}
	a := s.active()
	kind := phaseKinds[s.phase]
	if s.phase == phaseCard {
		kind = askKinds[s.ask.kind]
		if row == int(s.ask.seat) {
			return kind // the deciding seat's own decision
		}
	}
	if s.phase == phaseDesignate && row == int(s.designSeat) {
		return kind // the designating seat's own decision
	}
	switch s.phase {
	case phaseMove, phaseSprint, phaseExtraMove, phaseInteraction:
		if row == s.decider(s.phase) {
			return kind // a controlling seat's decision (Shame: Control)
		}
	}
	if row == a || row < len(s.players) && s.seesPiece(row, a) || row == len(s.players) && s.pieceAudience(a).Has(engine.Spectator) {
		return kind
	}
	return "turn"
}

// atCycleEnd reports whether the pending decision comes from the end of a
// cycle (resumeCycle continues after it) rather than from a player's turn.
func (s *State) atCycleEnd() bool {
	switch s.phase {
	case phaseWander, phaseWind:
		return true
	case phaseDesignate:
		return s.cont == contCycle
	case phaseRoll:
		return s.roll.kind == rollProfessor
	case phaseCard:
		return s.cycleStage != stageNone
	}
	return false
}

// View returns seat's view, or the public view for engine.Spectator
// (engine.State).
func (s *State) View(seat engine.Seat) any { return s.view(seat) }

// viewBlock holds a view and the fixed-size parts its pointers and short
// slices refer to, so that building a view costs one allocation for all of
// them instead of one each: the server builds a view for every seat after
// every answer (docs/performance.md, "View").
type viewBlock struct {
	v       View
	squall  SquallView
	wind    Wind
	result  engine.Result
	order   [engine.MaxSeats]int
	players [engine.MaxSeats]PlayerView
	pieces  [engine.MaxSeats]Coord
	govs    [len(State{}.govs)]GovernmentView
	govAt   [len(State{}.govs)]Coord
	celeb   CelebrityView
	celebAt Coord
	// Scratch backing arrays of the card lists (cardsView), kept when a
	// block is reused.
	effects []EffectView
	coords  []Coord
	cards   []CardID
	hand    []HandCardView
	relics  []RelicView
	blocked []Coord
	// builds counts the views built in the block: from the second one on
	// (a view tracker's), the view's encoder keeps its players in cache,
	// apart from the skeleton, and encodes them in scratch.
	builds  int
	cache   *viewCache
	scratch playerScratch
}

func (s *State) view(seat engine.Seat) *View {
	v, _, _ := s.buildView(seat, true)
	return v
}

// viewRow returns the seat a view is for, Spectator for anything but a
// player's seat, and its row in the state's per-seat memories.
func (s *State) viewRow(seat engine.Seat) (engine.Seat, int) {
	row := int(seat)
	if seat == engine.Spectator || row < 0 || row >= len(s.players) {
		return engine.Spectator, len(s.players)
	}
	return seat, row
}

// buildView builds seat's view, without its tiles unless withTiles (Tiles
// is then nil and AppendView encodes them one by one from tileFacts). It
// returns the seat and row as viewRow gives them.
func (s *State) buildView(seat engine.Seat, withTiles bool) (*View, engine.Seat, int) {
	return s.buildViewIn(&viewBlock{}, seat, withTiles)
}

// buildViewIn builds the view in blk, whose arrays and scratch slices it
// reuses: the View it returns lives in blk and is valid until blk's next
// use.
func (s *State) buildViewIn(blk *viewBlock, seat engine.Seat, withTiles bool) (*View, engine.Seat, int) {
	seat, row := s.viewRow(seat)
	v := &blk.v
	*v = View{
		Game: "realigious", Seat: int(seat), Width: s.geo.w, Height: s.geo.h,
		Climate: s.climate, Cycle: s.cycle, CycleLimit: s.cycleLimit, Night: s.night,
		Active: s.active(), Pending: s.pendingFor(row), CycleEnd: s.atCycleEnd(),
		Religious: s.p.religiousThreshold(len(s.players)),
	}
	if len(s.order) > 0 { // nil, not empty, when there is none: "order":null
		v.Order = blk.order[:0]
		if len(s.order) > len(blk.order) {
			v.Order = make([]int, 0, len(s.order))
		}
		for _, o := range s.order {
			v.Order = append(v.Order, int(o))
		}
	}
	switch s.climate {
	case Tropical:
		blk.squall = SquallView{Gauge: int(s.squall), Size: s.p.SquallSize, Skip: s.squallSkip}
		v.Squall = &blk.squall
	case Temperate:
		blk.wind = s.wind
		v.Wind = &blk.wind
	}
	if len(s.blocked) > 0 {
		v.Blocked = scratch(&blk.blocked, len(s.blocked))
		for i, b := range s.blocked {
			v.Blocked[i] = s.coord(int(b))
		}
	}
	if withTiles {
		v.Tiles = make([]TileView, len(s.tiles))
		facts := make([]tileFacts, len(s.tiles))
		vis := make([]byte, len(s.tiles))
		for t := range s.tiles {
			facts[t] = s.tileFacts(seat, row, t)
			facts[t].tileView(&v.Tiles[t])
			vis[t] = facts[t].sight()
		}
		v.Visible = string(vis)
	}
	v.Players = blk.players[:0]
	pieces := blk.pieces[:]
	if len(s.players) > len(blk.players) {
		v.Players = make([]PlayerView, 0, len(s.players))
		pieces = make([]Coord, len(s.players))
	}
	for i := range s.players {
		pl := &s.players[i]
		pv := PlayerView{
			Seat: i, Religion: pl.religion, Character: pl.character, Reputation: int(pl.rep),
			Followers: int(pl.res[Followers]), Donations: int(pl.res[Donations]), Influence: int(pl.res[Influence]),
			PropCorr: int(pl.propCorr), CombatCorr: int(pl.combatCorr), DefenseCorr: int(pl.defCorr),
			Defeated: pl.defeated, Turns: int(pl.turns),
		}
		if i != row && s.repHidden(i) { // Let Not the Left Hand Know (CARD-030)
			pv.Reputation, pv.ReputationHidden = -1, true
		}
		seen := false
		if seat == engine.Spectator {
			seen = !s.night && !s.stealthed(i) && pl.pos >= 0 && !s.fogAt(int(pl.pos)) // CARD-040
		} else {
			seen = s.seesPiece(row, i)
		}
		if seen && pl.pos >= 0 {
			pieces[i] = s.coord(int(pl.pos))
			pv.Piece = &pieces[i]
			pv.Stealth = s.stealthed(i)
			pv.HighGround = s.highGround(i)
		}
		pv.Relics, pv.Buff = s.relicsHeld(i), int(pl.buff)
		for _, r := range s.relics {
			if int(r.holder) == i && r.eye != NoEye {
				pv.RelicTypes |= 1 << r.eye
			}
			if int(r.holder) == i && !r.counts {
				pv.RelicsTaken++
			}
		}
		pv.NightEye, pv.Clairvoyance, pv.MiddleWay, pv.Inshallah, pv.SkipNext = pl.nightEye, int(pl.clairvoyance), pl.middleWay, pl.inshallah, pl.skipNext
		v.Players = append(v.Players, pv)
	}
	if len(s.players) == 0 {
		v.Players = nil // as encoding/json wrote a view without players: "players":null
	}
	s.factionsView(&v.Factions, blk, seat, row)
	s.cardsView(v, blk, seat, row)
	for i := range s.players {
		v.Players[i].ExtraTurns = int(s.players[i].extraTurns)
	}
	if s.phase == phaseOver {
		blk.result = s.Result()
		v.Result = &blk.result
	}
	if blk.builds++; blk.builds > 1 {
		if blk.cache == nil {
			blk.cache = new(viewCache)
		}
		v.cache = blk.cache
	}
	return v, seat, row
}

// tileFacts is one tile as a seat knows it, without pointers: the present
// flags stand for TileView's nil pointers. tileView fills TileViews from
// it, and AppendView encodes it directly, so that the tiles (most of a view)
// cost no allocation and no pointer writes.
type tileFacts struct {
	coord      Coord
	owner      int
	alloc      [3]int32
	memory     Memory
	terrain    Terrain
	structure  Structure
	church     Religion
	hasTerrain bool
	hasAlloc   bool
	hasChurch  bool
	hasOwner   bool
	visible    bool
	claimed    bool
	blocked    bool
}

// tileFacts returns tile t as seat (view row row) knows it.
func (s *State) tileFacts(seat engine.Seat, row, t int) tileFacts {
	f := tileFacts{coord: s.coord(t), memory: s.memory(row, t)}
	if f.memory == Unrevealed {
		return f
	}
	tile := &s.tiles[t]
	f.terrain, f.structure, f.alloc = tile.Terrain, tile.Structure, tile.Alloc
	f.hasTerrain, f.hasAlloc = true, true
	if tile.Structure == Church {
		f.church, f.hasChurch = tile.Church, true
		// Live information, like the owner: a claim made out of sight must not
		// tell where a piece stood (REL-946, GAP-70).
		f.claimed = tile.Claimed && s.ownerVisible(row, t)
	}
	if f.memory != Revealed {
		return f // adjacent tiles show attributes only (UI-415)
	}
	f.visible = seat != engine.Spectator && s.seesTile(row, t) || seat == engine.Spectator && !s.night && !s.fogAt(t)
	f.owner, f.hasOwner = int(s.known[row*len(s.tiles)+t]), true
	// ownerVisible(row, t), with its first test (does row see the tile
	// live?) already answered by f.visible: one seesTile per tile instead
	// of two, on the server's hot path.
	if f.visible && !s.ownerHidden(row, t) {
		f.owner = int(tile.Owner)
	}
	for _, b := range s.blocked {
		if int(b) == t {
			f.blocked = true
		}
	}
	return f
}

// sight is the tile's byte of View.Visible.
func (f *tileFacts) sight() byte {
	if f.visible {
		return '1'
	}
	return '0'
}

// sameJSON reports whether f and g encode the same tile: they agree on
// everything but visible, which the view carries apart (View.Visible).
func (f tileFacts) sameJSON(g tileFacts) bool {
	f.visible = g.visible
	return f == g
}

// tileView fills *tv, zero on entry, from f; its pointers point into *f.
func (f *tileFacts) tileView(tv *TileView) {
	tv.Coord, tv.Memory, tv.Visible, tv.Structure = f.coord, f.memory, f.visible, f.structure
	if f.hasTerrain {
		tv.Terrain = &f.terrain
	}
	if f.hasAlloc {
		tv.Alloc = &f.alloc
	}
	if f.hasChurch {
		tv.Church, tv.Claimed = &f.church, f.claimed
	}
	if f.hasOwner {
		tv.Owner = &f.owner
	}
	tv.Blocked = f.blocked
}

// facts is the inverse of tileView, for encoding.
func (tv *TileView) facts() tileFacts {
	f := tileFacts{coord: tv.Coord, memory: tv.Memory, visible: tv.Visible, structure: tv.Structure, claimed: tv.Claimed, blocked: tv.Blocked}
	if tv.Terrain != nil {
		f.terrain, f.hasTerrain = *tv.Terrain, true
	}
	if tv.Church != nil {
		f.church, f.hasChurch = *tv.Church, true
	}
	if tv.Owner != nil {
		f.owner, f.hasOwner = *tv.Owner, true
	}
	if tv.Alloc != nil {
		f.alloc, f.hasAlloc = *tv.Alloc, true
	}
	return f
}

// FactionsView is what a seat knows of the factions (section 11).
type FactionsView struct {
	// God is the map's local god; it is public (docs/decisions.md, GAP-32).
	God God `json:"god"`
	// MysticThreshold is the relic count of a mystic victory.
	MysticThreshold int `json:"mystic_threshold"`
	// Relics lists the relics on the map whose place this seat knows (GAP-32).
	Relics []RelicView `json:"relics"`
	// OnMap counts the relics still on the map, known or not.
	OnMap int `json:"relics_on_map"`
	// Moved counts the relics on the map that a card put back, which The
	// Second Coming may claim (CARD-060, GAP-60).
	Moved       int              `json:"relics_moved,omitempty"`
	Governments []GovernmentView `json:"governments"`
	Celebrity   *CelebrityView   `json:"celebrity,omitempty"`
}

// RelicView is a relic whose place the seat knows.
type RelicView struct {
	Tile Coord `json:"tile"`
	Eye  Eye   `json:"eye,omitempty"`
}

// GovernmentView is one local government and its bribe state (public).
type GovernmentView struct {
	Kind   string `json:"kind"`
	Tile   *Coord `json:"tile,omitempty"`
	Briber int    `json:"briber"`
	Bribes int    `json:"bribes"`
	Cost   int    `json:"cost"`
}

// CelebrityView is the celebrity: its bribe state is public, its place is
// shown when the seat sees its tile or bribed it.
type CelebrityView struct {
	Kind   CelebrityKind `json:"kind"`
	Tile   *Coord        `json:"tile,omitempty"`
	Briber int           `json:"briber"`
	Bribes int           `json:"bribes"`
	Cost   int           `json:"cost"`
}

// factionsView fills f with what seat (view row row) knows of the
// factions; blk holds the governments and the celebrity.
func (s *State) factionsView(f *FactionsView, blk *viewBlock, seat engine.Seat, row int) {
	*f = FactionsView{God: s.god, MysticThreshold: s.mysticThreshold(), Relics: []RelicView{}}
	known := 0
	for _, r := range s.relics {
		if r.tile >= 0 && seat != engine.Spectator && r.seen.Has(seat) {
			known++
		}
	}
	if known > 0 {
		f.Relics = scratch(&blk.relics, known)[:0]
	}
	for _, r := range s.relics {
		if r.tile < 0 {
			continue
		}
		f.OnMap++
		if r.moved {
			f.Moved++
		}
		if seat != engine.Spectator && r.seen.Has(seat) {
			f.Relics = append(f.Relics, RelicView{Tile: s.coord(int(r.tile)), Eye: r.eye})
		}
	}
	f.Governments = blk.govs[:]
	for i, g := range s.govs {
		gv := &f.Governments[i]
		*gv = GovernmentView{Kind: targetNames[i], Briber: int(g.briber), Bribes: int(g.bribes), Cost: s.bribeCost(i)}
		if g.tile >= 0 && s.memory(row, int(g.tile)) != Unrevealed {
			blk.govAt[i] = s.coord(int(g.tile))
			gv.Tile = &blk.govAt[i]
		}
	}
	if s.celeb.pos >= 0 {
		cv := &blk.celeb
		*cv = CelebrityView{Kind: s.celeb.kind, Briber: int(s.celeb.briber), Bribes: int(s.celeb.bribes), Cost: s.bribeCost(targetCelebrity)}
		if s.celebAudience().Has(seat) {
			blk.celebAt = s.coord(int(s.celeb.pos))
			cv.Tile = &blk.celebAt
		}
		f.Celebrity = cv
	}
}
