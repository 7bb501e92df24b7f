package realigious

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/bits"
	"math/rand/v2"

	"tabletop/engine"
)

// Information sets (engine.ViewSampler). A search bot holds only its seat's
// view; SampleView turns that view into a full State that a search may play
// on. Everything the view shows is copied; everything it does not show is
// drawn from the caller's PRNG, consistent with what the view shows:
//
//   - Tiles: terrain, structure, church, claimed flag and allotment of
//     revealed and adjacent tiles as shown; the owner is the owner the view
//     shows (live, or the seat's known owner), neutral where it shows none.
//     Unrevealed tiles (which real matches never have after their first
//     step, GAP-43) draw their terrain from the climate's pool (REL-845) and
//     share the part of each deposit the shown tiles do not hold.
//   - Pieces: shown pieces stand where shown. Every other piece of a seat in
//     play is put on a random tile the seat would not see it on (out of
//     vision, or in trees it cannot see into), preferring tiles its owner
//     owns, never on a blocked tile nor on the sampling seat's own tile. A
//     seat that has not begun a turn stands on its starting point. One
//     inference is made: at an interaction with no bribe on offer there must
//     be a piece to dispute (GAP-18), so on a trees tile whose owner the
//     seat cannot see, an unseen seat's piece is put there as its owner.
//   - Relics: those the view places are kept, the others of relics_on_map go
//     to random free tiles (GAP-32 placement rules, away from every piece);
//     held relics follow the per-player counts and Gi-ye Chin types; the
//     types nobody has seen are drawn from those left (GAP-33).
//   - Local governments and the celebrity: bribe states as shown; a place
//     the view does not show is drawn where the seat cannot see it.
//   - Hidden counters the view does not carry are set plausibly: the tile a
//     piece contacted at the start of the turn is its tile now (REL-568
//     returns then go nowhere), the first-propagation bonus counts as used
//     once the seat owns a tile or holds followers beyond its start (GAP-46),
//     runs toward a relic are 0 (REL-910), defeated seats are ranked in seat
//     order, the step count is 0.
//   - The PRNG is seeded from r.
//
// The sampled state's pending decision is the seat's own decision of the
// view: its move, sprint, extra move or interaction, or its designation
// (REL-929), at the end of a cycle when the view's cycle_end says so. Any
// other view (another seat's decision, chance, the end of the match) is an
// error. The state passes validate, its view for the seat is the input
// view, and its legal answers equal the true ones except when a stealthed
// piece the seat cannot see stands on the seat's own tile, which decides
// whether Dispute is offered (docs/visibility.md, "What the rules still let
// a seat infer"). sample_test.go measures this.

// SampleView builds a full state consistent with seat's view, given as the
// JSON a client receives (engine.ViewSampler).
func (g *Game) SampleView(view []byte, seat engine.Seat, r *rand.PCG) (engine.State, error) {
	draw, err := g.PrepareView(view, seat)
	if err != nil {
		return nil, err
	}
	return draw(r)
}

// PrepareView decodes a view once and returns a function that draws states
// consistent with it, each from its own r (bots.ViewPreparer). A search
// samples one view many times, and decoding it is most of the cost. The
// returned function may be called concurrently: it only reads the view.
func (g *Game) PrepareView(view []byte, seat engine.Seat) (func(r *rand.PCG) (engine.State, error), error) {
	v, err := ParseView(view)
	if err != nil {
		return nil, err
	}
	if v.Width < 2 || v.Width > 31 {
		return nil, fmt.Errorf("realigious: sample view: map %dx%d", v.Width, v.Height)
	}
	geo := newGeometry(v.Width, v.Width)
	return func(r *rand.PCG) (engine.State, error) {
		s, err := g.sample(v, geo, int(seat), r)
		if err != nil {
			return nil, err
		}
		return s, nil
	}, nil
}

// ParseView decodes a view's JSON strictly: unknown fields and trailing data
// are errors. It checks the syntax only; SampleView checks the content.
func ParseView(data []byte) (*View, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	v := &View{}
	if err := dec.Decode(v); err != nil {
		return nil, fmt.Errorf("realigious: view: %w", err)
	}
	if dec.More() {
		return nil, fmt.Errorf("realigious: view: trailing data")
	}
	return v, nil
}

// UnmarshalText decodes a memory state's name.
func (m *Memory) UnmarshalText(b []byte) error {
	return unmarshalEnum(memoryNames[:], "memory", b, (*uint8)(m))
}

// UnmarshalJSON decodes a list of relic type names.
func (e *EyeSet) UnmarshalJSON(b []byte) error {
	var names []Eye
	if err := json.Unmarshal(b, &names); err != nil {
		return err
	}
	*e = 0
	for _, x := range names {
		if x == NoEye {
			return fmt.Errorf("realigious: empty relic type in a set")
		}
		*e |= 1 << x
	}
	return nil
}

// sampleStream is the PCG stream of sampled states.
const sampleStream = 0x53616d706c65 // "Sample"

// sampler holds what sample builds and the seat's constraints.
type sampler struct {
	s    *State
	v    *View
	seat int
	r    *rand.PCG
	err  error
}

func (b *sampler) fail(format string, args ...any) {
	if b.err == nil {
		b.err = fmt.Errorf("realigious: sample view: "+format, args...)
	}
}

// tile returns the index of a shown coordinate, failing on one off the map.
func (b *sampler) tile(what string, c Coord) int {
	t := b.s.geo.index(c.Col, c.Row)
	if t < 0 {
		b.fail("%s %d,%d is off the map", what, c.Col, c.Row)
	}
	return t
}

func (b *sampler) seatIn(what string, v, lo int) int8 {
	if v < lo || v >= len(b.v.Players) {
		b.fail("%s %d out of range", what, v)
		return -1
	}
	return int8(v)
}

func (b *sampler) u8(what string, v int) uint8 {
	if v < 0 || v > 255 {
		b.fail("%s %d out of range", what, v)
		return 0
	}
	return uint8(v)
}

func (b *sampler) i32(what string, v int) int32 {
	if v < -1<<31 || v >= 1<<31 {
		b.fail("%s %d out of range", what, v)
		return 0
	}
	return int32(v)
}

func (g *Game) sample(v *View, geo *geometry, seat int, r *rand.PCG) (*State, error) {
	np := len(v.Players)
	switch {
	case v.Game != "realigious":
		return nil, fmt.Errorf("realigious: sample view: game %q", v.Game)
	case np < 2 || np > MaxPlayers:
		return nil, fmt.Errorf("realigious: sample view: %d players", np)
	case seat < 0 || seat >= np || v.Seat != seat:
		return nil, fmt.Errorf("realigious: sample view: the view is seat %d's, asked for seat %d", v.Seat, seat)
	case v.Result != nil || v.Pending == phaseKinds[phaseOver]:
		return nil, fmt.Errorf("realigious: sample view: the match is over")
	case v.Width != v.Height || v.Width < 2 || v.Width > 31 || len(v.Tiles) != v.Width*v.Height:
		return nil, fmt.Errorf("realigious: sample view: map %dx%d with %d tiles", v.Width, v.Height, len(v.Tiles))
	case v.CycleLimit < 1 || v.CycleLimit > maxCycleLimit || v.Cycle < 0 || v.Cycle >= v.CycleLimit:
		return nil, fmt.Errorf("realigious: sample view: cycle %d of %d", v.Cycle, v.CycleLimit)
	case v.Religious != g.params.religiousThreshold(np):
		return nil, fmt.Errorf("realigious: sample view: religious threshold %d, but these rules give %d (other rules?)", v.Religious, g.params.religiousThreshold(np))
	case len(v.Order) != np || v.Active < 0 || v.Active >= np:
		return nil, fmt.Errorf("realigious: sample view: turn order %v, active seat %d", v.Order, v.Active)
	}
	b := &sampler{v: v, seat: seat, r: r}
	s := &State{
		p:          &g.params,
		defs:       g.defs,
		geo:        geo,
		climate:    v.Climate,
		size:       v.Width,
		cycleLimit: v.CycleLimit,
		cycle:      v.Cycle,
		night:      v.Night,
		rng:        engine.SeedPCG(r.Uint64(), sampleStream),
		winner:     -1,
		relocSeat:  -1,
		designSeat: -1,
		roll:       roll{seat: -1, defender: -1, tile: -1},
		players:    make([]player, np),
		order:      make([]int8, np),
	}
	b.s = s
	if s.climate >= numClimates {
		return nil, fmt.Errorf("realigious: sample view: climate %d", s.climate)
	}
	// v may be shared with other samplers (PrepareView): read it only.
	for _, stage := range []func(){b.flow, b.tiles, b.players, b.factions, b.cards, b.memory, b.hidden} {
		if stage(); b.err != nil {
			return nil, b.err
		}
	}
	if err := s.validate(); err != nil {
		return nil, fmt.Errorf("realigious: sample view: the sampled state is invalid: %w", err)
	}
	if d := s.Pending().Seat; d != engine.Seat(seat) {
		return nil, fmt.Errorf("realigious: sample view: the pending %q belongs to seat %d, not %d", v.Pending, d, seat)
	}
	return s, nil
}

// flow sets the turn order and the pending decision, which must be seat's.
func (b *sampler) flow() {
	s, v := b.s, b.v
	seen := 0
	for i, o := range v.Order {
		s.order[i] = b.seatIn("turn order seat", o, 0)
		if o >= 0 && o < len(v.Players) {
			if seen&(1<<o) != 0 {
				b.fail("turn order %v is not a permutation", v.Order)
			}
			seen |= 1 << o
		}
		if o == v.Active {
			s.turnIdx = i
		}
	}
	mine := v.Active == b.seat
	switch v.Pending {
	case "move":
		s.phase, mine = phaseMove, true // another seat's when it controls the piece: checked at the end
	case "sprint":
		s.phase, mine = phaseSprint, true
	case "extra_move":
		s.phase, mine = phaseExtraMove, true
	case "interaction":
		s.phase, mine = phaseInteraction, true
	case "card_pay", "card_target":
		// The seat's own card decision (card_decision): cards() builds it.
		if v.CardDecision == nil || v.CardDecision.Kind != v.Pending {
			b.fail("a %q decision without its card_decision", v.Pending)
			return
		}
		s.phase = phaseCard
		mine = true
	case "designate":
		s.phase = phaseDesignate
		s.designSeat = int8(b.seat)
		// A designation in a turn resumes the active seat's contact, so it
		// is the active seat's; at the end of a cycle it is the celebrity's
		// briber's (REL-992) and the monsoon comes next (stageWind).
		mine = mine || v.CycleEnd
		if v.CycleEnd {
			s.cont, s.cycleStage = contCycle, stageWind
		}
		if d := v.CardDecision; d != nil {
			// Stye or Insight (REL-923, REL-924): cards() rebuilds the frame.
			if v.Factions.God != GiyeChin || d.Kind != v.Pending || d.Frame.Kind != frameKindNames[frameEye] {
				b.fail("seat %d cannot be designating for a %s %q frame", b.seat, v.Factions.God, d.Frame.Kind)
			}
		} else if p := v.Players[b.seat]; v.Factions.God != Abukaros || p.Buff < 4 || len(v.Players) < 3 {
			b.fail("seat %d cannot be designating (REL-929 needs Abukaros, 3+ players and stack 4)", b.seat)
		}
	default:
		b.fail("the pending decision %q is not seat %d's", v.Pending, b.seat)
		return
	}
	if !mine || v.CycleEnd && s.phase != phaseDesignate && s.phase != phaseCard {
		b.fail("the pending %q belongs to seat %d, not %d", v.Pending, v.Active, b.seat)
	}
	switch s.climate {
	case Tropical:
		if v.Squall == nil || v.Squall.Size != s.p.SquallSize || v.Squall.Gauge < 0 || v.Squall.Gauge >= v.Squall.Size {
			b.fail("tropical squall gauge %+v (rules size %d)", v.Squall, s.p.SquallSize)
			return
		}
		s.squall, s.squallSkip = int8(v.Squall.Gauge), v.Squall.Skip
	case Temperate:
		if v.Wind == nil || *v.Wind >= numWinds {
			b.fail("temperate match without a wind")
			return
		}
		s.wind = *v.Wind
	}
}

// tiles copies the shown tiles and draws the unrevealed ones.
func (b *sampler) tiles() {
	s, v := b.s, b.v
	n := len(v.Tiles)
	s.tiles = make([]Tile, n)
	var held [numResources]int
	var hidden []int
	for t := range v.Tiles {
		tv := &v.Tiles[t]
		if s.geo.index(tv.Col, tv.Row) != t {
			b.fail("tile %d has coordinates %d,%d", t, tv.Col, tv.Row)
			return
		}
		tl := &s.tiles[t]
		tl.Owner = -1
		if tv.Memory == Unrevealed {
			hidden = append(hidden, t)
			continue
		}
		if tv.Terrain == nil || tv.Alloc == nil || *tv.Terrain >= numTerrains || tv.Structure >= numStructures {
			b.fail("tile %d,%d lacks its terrain or allotment", tv.Col, tv.Row)
			return
		}
		tl.Terrain, tl.Structure, tl.Alloc, tl.Claimed = *tv.Terrain, tv.Structure, *tv.Alloc, tv.Claimed
		if tl.Structure == Church {
			if tv.Church == nil || *tv.Church >= numReligions {
				b.fail("church %d,%d without its religion", tv.Col, tv.Row)
				return
			}
			tl.Church = *tv.Church
		}
		for r := range held {
			held[r] += int(tl.Alloc[r])
		}
		if tv.Memory == Revealed {
			if tv.Owner == nil {
				b.fail("revealed tile %d,%d without an owner", tv.Col, tv.Row)
				return
			}
			tl.Owner = b.seatIn("owner", *tv.Owner, -1)
		}
	}
	for _, c := range v.Blocked {
		if t := b.tile("blocked tile", c); t >= 0 {
			s.blocked = append(s.blocked, int16(t))
		}
	}
	sortInt16(s.blocked)
	if len(hidden) == 0 {
		return
	}
	pool := climatePool(s.climate)
	var land []int
	for _, t := range hidden {
		s.tiles[t].Terrain = pool[engine.IntN(b.r, len(pool))] // REL-845
		if s.tiles[t].Terrain.Contactable() {
			land = append(land, t)
		}
	}
	// A local government nowhere shown stands on an unrevealed tile.
	for i, st := range govStructure {
		if b.v.Factions.Governments != nil && i < len(b.v.Factions.Governments) && b.v.Factions.Governments[i].Tile != nil {
			continue
		}
		if b.hasStructure(st) || len(land) == 0 {
			continue
		}
		k := engine.IntN(b.r, len(land))
		s.tiles[land[k]].Structure = st
		land = append(land[:k], land[k+1:]...)
	}
	// The rest of each deposit, spread evenly in steps of 10 (GAP-02).
	if len(land) == 0 {
		return
	}
	for r := range held {
		left := s.p.DepositPerPlayer[r]*len(s.players) - held[r]
		if left <= 0 {
			continue
		}
		each := left / len(land) / 10 * 10
		for i, t := range land {
			a := each
			if i == len(land)-1 {
				a = left - each*(len(land)-1)
			}
			s.tiles[t].Alloc[r] = int32(a)
		}
	}
}

func (b *sampler) hasStructure(st Structure) bool {
	for t := range b.s.tiles {
		if b.s.tiles[t].Structure == st {
			return true
		}
	}
	return false
}

// players copies the public counters and the shown pieces.
func (b *sampler) players() {
	s, v := b.s, b.v
	starts := startTiles(s.geo, len(s.players))
	for i := range v.Players {
		pv := &v.Players[i]
		pl := &s.players[i]
		if pv.Seat != i || pv.Religion >= numReligions || pv.Character >= numCharacters {
			b.fail("player %d: seat %d, religion %d, character %d", i, pv.Seat, pv.Religion, pv.Character)
			return
		}
		pl.religion, pl.character = pv.Religion, pv.Character
		pl.rep = b.i32("reputation", pv.Reputation)
		if pv.ReputationHidden {
			pl.rep = 50 // a hidden reputation (CARD-030): the starting value as a guess
		}
		pl.res = [numResources]int32{b.i32("followers", pv.Followers), b.i32("donations", pv.Donations), b.i32("influence", pv.Influence)}
		pl.propCorr = b.u8("propagation_correction", pv.PropCorr)
		pl.combatCorr = b.u8("combat_correction", pv.CombatCorr)
		pl.defCorr = b.u8("defense_correction", pv.DefenseCorr)
		pl.defeated = pv.Defeated
		pl.turns = b.i32("turns", pv.Turns)
		pl.buff = b.u8("relic_buff", pv.Buff)
		pl.nightEye, pl.middleWay, pl.inshallah, pl.skipNext = pv.NightEye, pv.MiddleWay, pv.Inshallah, pv.SkipNext
		pl.clairvoyance = b.u8("clairvoyance", pv.Clairvoyance)
		pl.start, pl.pos = starts[i], -1
		if pl.defeated {
			s.defeats++
			pl.defeatRank = s.defeats
		} else if pv.Piece != nil {
			pl.pos = int16(b.tile("piece", *pv.Piece))
		} else if i == b.seat {
			b.fail("seat %d's own piece is not shown", i)
		}
		if pl.defeated && pv.Piece != nil {
			b.fail("defeated seat %d has a piece", i)
		}
		s.turns += int(pl.turns)
	}
	if s.players[s.active()].defeated && !b.v.CycleEnd {
		b.fail("the active seat %d is defeated", s.active())
	}
}

// factions sets the god, the governments, the celebrity and the relics whose
// place or holder the view shows.
func (b *sampler) factions() {
	s, f := b.s, &b.v.Factions
	if f.God >= numGods {
		b.fail("god %d", f.God)
		return
	}
	s.god = f.God
	if f.MysticThreshold != s.mysticThreshold() || len(f.Governments) != len(s.govs) {
		b.fail("mystic threshold %d (want %d), %d governments", f.MysticThreshold, s.mysticThreshold(), len(f.Governments))
		return
	}
	for i, gv := range f.Governments {
		if gv.Kind != targetNames[i] {
			b.fail("government %d is %q, want %q", i, gv.Kind, targetNames[i])
			return
		}
		g := &s.govs[i]
		g.tile, g.briber, g.bribes = -1, b.seatIn("briber", gv.Briber, -1), b.u8("bribes", gv.Bribes)
		if gv.Tile != nil {
			g.tile = int16(b.tile("government", *gv.Tile))
			continue
		}
		for t := range s.tiles {
			if s.tiles[t].Structure == govStructure[i] {
				g.tile = int16(t)
				break
			}
		}
	}
	s.celeb = celebrity{pos: -1, start: -1, briber: -1}
	if c := f.Celebrity; c != nil {
		if c.Kind >= numCelebrities {
			b.fail("celebrity %d", c.Kind)
			return
		}
		s.celeb.kind, s.celeb.briber, s.celeb.bribes = c.Kind, b.seatIn("celebrity briber", c.Briber, -1), b.u8("celebrity bribes", c.Bribes)
		s.celeb.start = int16(s.centreTile())
		if c.Tile != nil {
			s.celeb.pos = int16(b.tile("celebrity", *c.Tile))
		}
	}
	// Relics: shown places first, in the view's order, then the held ones.
	n := s.mysticThreshold()
	held, onMap := 0, f.OnMap
	for i := range b.v.Players {
		if k := b.v.Players[i].Relics; k < 0 || k > n {
			b.fail("seat %d holds %d relics", i, k)
			return
		}
		held += b.v.Players[i].Relics + b.v.Players[i].RelicsTaken
	}
	n = max(n, held+onMap) // True Homecoming creates relics (CARD-059)
	if len(f.Relics) > onMap || onMap < 0 || held < 0 || held+onMap > n || f.Moved < 0 || f.Moved > onMap {
		b.fail("%d relics shown, %d on the map, %d held, of %d", len(f.Relics), onMap, held, n)
		return
	}
	s.relics = make([]relic, 0, n)
	var used EyeSet
	for _, rv := range f.Relics {
		t := b.tile("relic", rv.Tile)
		if t >= 0 && s.relicAt(t) >= 0 {
			b.fail("two relics on %d,%d", rv.Tile.Col, rv.Tile.Row)
		}
		s.relics = append(s.relics, relic{tile: int16(t), holder: -1, eye: rv.Eye, seen: engine.Only(engine.Seat(b.seat)), counts: true})
		used |= 1 << rv.Eye
	}
	for i := range b.v.Players {
		pv := &b.v.Players[i]
		types := pv.RelicTypes
		// A relic True Homecoming created has no type (CARD-059).
		if s.god == GiyeChin && bits.OnesCount8(uint8(types)) > pv.Relics+pv.RelicsTaken || s.god != GiyeChin && types != 0 || pv.RelicsTaken < 0 {
			b.fail("seat %d holds %d relics of types %08b", i, pv.Relics, types)
			return
		}
		for k := 0; k < pv.Relics+pv.RelicsTaken; k++ {
			r := relic{tile: -1, holder: int8(i), counts: k < pv.Relics}
			if s.god == GiyeChin && types != 0 {
				r.eye = Eye(bits.TrailingZeros8(uint8(types)))
				types &^= 1 << r.eye
			}
			used |= 1 << r.eye
			s.relics = append(s.relics, r)
		}
	}
	// The types no one has seen (GAP-33): the five, less those placed.
	var left []Eye
	if s.god == GiyeChin {
		for e := NightEye; e < numEyes; e++ {
			if used&(1<<e) == 0 {
				left = append(left, e)
			}
		}
		engine.Shuffle(b.r, len(left), func(i, j int) { left[i], left[j] = left[j], left[i] })
	}
	for len(s.relics) < n {
		r := relic{tile: -1, holder: -1, counts: true}
		if onMap > len(f.Relics) {
			onMap--
			r.tile = -2 // placed by hidden, once the pieces stand
		}
		if s.god == GiyeChin {
			if len(left) > 0 { // none left: a relic True Homecoming created
				r.eye, left = left[0], left[1:]
			}
		}
		s.relics = append(s.relics, r)
	}
	// The relics a card put back on the map (CARD-060): which ones is not
	// shown, only how many.
	for i, k := 0, f.Moved; i < len(s.relics) && k > 0; i++ {
		if s.relics[i].tile != -1 {
			s.relics[i].moved = true
			k--
		}
	}
	for i := range b.v.Players {
		s.relicsCollected += int32(b.v.Players[i].Buff)
	}
}

// memory sets the seat's revealed tiles and known owners from the view;
// the other rows get the same tiles and the sampled owners.
func (b *sampler) memory() {
	s := b.s
	s.allocMemory() // known = the sampled owners
	w := s.words()
	for t := range b.v.Tiles {
		if b.v.Tiles[t].Memory == Revealed {
			s.reveal(b.seat, t)
		}
	}
	for row := 0; row <= len(s.players); row++ {
		copy(s.revealed[row*w:(row+1)*w], s.revealed[b.seat*w:(b.seat+1)*w])
	}
}

// hidden draws what the view does not show: the celebrity's place, the
// unseen pieces, the unseen relics, and the rest of each player.
func (b *sampler) hidden() {
	s, seat := b.s, b.seat
	me := &s.players[seat]
	if c := b.v.Factions.Celebrity; c != nil && c.Tile == nil {
		if int(s.celeb.briber) == seat {
			b.fail("the celebrity's briber is not shown its place")
			return
		}
		// Anywhere the seat does not see (REL-983 keeps it off local
		// governments and non-contactable tiles).
		t := b.pick(func(t int) bool {
			tl := &s.tiles[t]
			return tl.Terrain.Contactable() && !tl.Structure.LocalGovernment() && !s.seesTile(seat, t)
		}, nil)
		if t < 0 {
			b.fail("no tile can hide the celebrity")
			return
		}
		s.celeb.pos = int16(t)
	}
	// Unseen pieces.
	for o := range s.players {
		op := &s.players[o]
		if op.defeated || op.pos >= 0 {
			continue
		}
		unseen := func(t int) bool {
			if t == int(me.pos) || !b.stand(o, t) {
				return false
			}
			op.pos = int16(t)
			ok := !s.seesPiece(seat, o)
			op.pos = -1
			return ok
		}
		t := -1
		if op.turns == 0 && unseen(int(op.start)) {
			t = int(op.start) // still on its starting point (GAP-05)
		}
		if t < 0 {
			t = b.pick(unseen, func(t int) bool { return int(s.tiles[t].Owner) == o && s.relicAt(t) < 0 })
		}
		if t < 0 {
			b.fail("no tile can hide seat %d's piece", o)
			return
		}
		op.pos = int16(t)
	}
	if s.phase == phaseInteraction {
		b.inferDispute()
	}
	// Unseen relics: free tiles away from every piece (GAP-32).
	for i := range s.relics {
		if s.relics[i].tile != -2 {
			continue
		}
		free := func(t int) bool {
			tl := &s.tiles[t]
			return tl.Terrain.Contactable() && tl.Structure == NoStructure && s.relicAt(t) < 0 && !s.pieceOn(t)
		}
		clear := func(t int) bool {
			for k := range s.players {
				if st := int(s.players[k].start); s.geo.distance(st, t) <= s.p.StartClear {
					return false
				}
			}
			return true
		}
		t := b.pick(free, clear)
		if t < 0 {
			t = b.pick(func(t int) bool { return s.tiles[t].Terrain.Contactable() && s.relicAt(t) < 0 }, nil)
		}
		if t < 0 {
			b.fail("no tile for a relic")
			return
		}
		s.relics[i].tile = int16(t)
	}
	for i := range s.players {
		pl := &s.players[i]
		pl.prev = pl.pos
		first := i == s.active() && s.phase == phaseMove && pl.turns == 1
		pl.onStart = pl.pos >= 0 && pl.pos == pl.start && (pl.turns == 0 || first)
		owns := false
		for t := range s.tiles {
			if int(s.tiles[t].Owner) == i {
				owns = true
				break
			}
		}
		pl.bonusUsed = owns || int(pl.res[Followers]) > s.p.StartResources[Followers]
	}
	// The known owners of the other rows are the sampled ones; the seat's
	// own row is what its view shows.
	n := len(s.tiles)
	for t := range b.v.Tiles {
		if tv := &b.v.Tiles[t]; tv.Owner != nil {
			s.known[seat*n+t] = int8(*tv.Owner)
		}
	}
}

// stand reports whether seat o's piece may stand on tile t: a tile it may
// contact, or water with Restriction Lifted (GAP-36), never a Rasputitsa
// tile (GAP-42: blocked tiles never hold a piece).
func (b *sampler) stand(o, t int) bool {
	s := b.s
	for _, x := range s.blocked {
		if int(x) == t {
			return false
		}
	}
	return s.tiles[t].Terrain.Contactable() || s.tiles[t].Terrain == Water && s.hasAdvantage(o, targetMilitary)
}

// inferDispute makes the interaction consistent: the seat is offered the
// interaction tab only with a piece to dispute or a bribe to make (GAP-06),
// so with no bribe on offer the owner's piece stands on its tile. That can
// only be a stealthed piece it does not see, on trees whose owner it does
// not see (REL-870).
func (b *sampler) inferDispute() {
	s, seat := b.s, b.seat
	var buf [16]engine.Answer
	if s.disputeTarget(seat) >= 0 || s.handCount(seat) > 0 || len(s.appendBribes(buf[:0], seat)) > 0 {
		return // a hand is a choice too (GAP-25): nothing to infer
	}
	t := int(s.players[seat].pos)
	if s.players[seat].religion == Buddhism || s.tiles[t].Structure != Trees {
		b.fail("an interaction with nothing to dispute nor bribe")
		return
	}
	var cands []int
	for o := range s.players {
		op := &s.players[o]
		if o == seat || op.defeated || b.v.Players[o].Piece != nil {
			continue
		}
		if int(s.tiles[t].Owner) == o {
			cands = append(cands[:0], o) // the owner it last knew: the likeliest
			break
		}
		cands = append(cands, o)
	}
	if len(cands) == 0 {
		b.fail("an interaction with nothing to dispute nor bribe, and no hidden piece")
		return
	}
	o := cands[engine.IntN(b.r, len(cands))]
	s.tiles[t].Owner = int8(o)
	s.players[o].pos = int16(t)
	if s.seesPiece(seat, o) {
		b.fail("the disputed piece would be seen")
	}
}

// pick returns a random tile satisfying ok, preferring those that also
// satisfy prefer (when any do), or -1.
func (b *sampler) pick(ok, prefer func(t int) bool) int {
	var buf [31 * 31]int16
	cands := buf[:0]
	for _, pass := range [2]bool{true, false} {
		if pass && prefer == nil {
			continue
		}
		cands = cands[:0]
		for t := range b.s.tiles {
			if ok(t) && (!pass || prefer(t)) {
				cands = append(cands, int16(t))
			}
		}
		if len(cands) > 0 {
			return int(cands[engine.IntN(b.r, len(cands))])
		}
	}
	return -1
}
