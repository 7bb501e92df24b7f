package realigious

import "tabletop/engine"

// Vision follows docs/visibility.md: by day every tile is visible (REL-823);
// at night a seat sees the tile its piece contacts and the six around it
// (REL-824, GAP-43), or everything within 3 from a mountain (REL-873). A
// piece on a tile with trees is stealthed (REL-870): only its owner and
// pieces on high ground within 3 see it (REL-874). Tiles a seat has seen
// stay revealed (UI-412); tiles next to revealed ones are "adjacent"
// (UI-414); the rest are unrevealed (UI-416).

// Coord is a tile's offset coordinates, as shown to players and in answers.
type Coord struct {
	Col int `json:"col"`
	Row int `json:"row"`
}

func (s *State) coord(t int) Coord {
	if t < 0 || t >= len(s.tiles) {
		return Coord{-1, -1}
	}
	c, r := s.geo.colRow(t)
	return Coord{c, r}
}

// stealthed reports whether seat's piece is in stealth (REL-870-872).
func (s *State) stealthed(seat int) bool {
	pos := s.players[seat].pos
	return pos >= 0 && s.tiles[pos].Structure == Trees
}

// highGround reports whether seat's piece is on high ground (REL-873, REL-875).
func (s *State) highGround(seat int) bool {
	pos := s.players[seat].pos
	return pos >= 0 && s.tiles[pos].Structure == Mountain
}

// radius is how far seat sees at night.
func (s *State) radius(seat int) int {
	if s.highGround(seat) {
		return s.p.HighGroundRadius
	}
	return s.p.NightRadius
}

// seesTile reports whether seat has live vision of tile t.
func (s *State) seesTile(seat, t int) bool {
	if s.fogHides(seat, t) { // Media Control (CARD-040, GAP-57)
		return false
	}
	pl := &s.players[seat]
	if pl.defeated || pl.pos < 0 {
		return !s.night
	}
	if !s.night || pl.nightEye { // REL-823, REL-920
		return true
	}
	if c := int(s.celeb.pos); s.sharesCelebVision(seat) && c >= 0 && s.geo.distance(c, t) <= s.p.NightRadius {
		return true // the celebrity sees for its briber, as a second piece (REL-985), and a wiretapper (CARD-033)
	}
	return s.geo.distance(int(pl.pos), t) <= s.radius(seat) // REL-824, REL-873
}

// seesPiece reports whether seat sees the piece of other.
func (s *State) seesPiece(seat, other int) bool {
	if seat == other {
		return true
	}
	op := &s.players[other]
	if op.defeated || op.pos < 0 {
		return false
	}
	if !s.stealthed(other) && s.hasAdvantage(seat, targetOffice) && !s.players[seat].defeated && !s.fogHides(seat, int(op.pos)) {
		return true // Move-in Report (REL-969)
	}
	if !s.seesTile(seat, int(op.pos)) {
		return false
	}
	if !s.stealthed(other) {
		return true
	}
	// Stealth: seen only from high ground within its radius (REL-871, REL-874).
	pl := &s.players[seat]
	return !pl.defeated && s.highGround(seat) && s.geo.distance(int(pl.pos), int(op.pos)) <= s.p.HighGroundRadius
}

// pieceAudience is the set of seats (and spectators) that see seat's piece.
func (s *State) pieceAudience(seat int) engine.SeatMask {
	var m engine.SeatMask
	for o := range s.players {
		if s.seesPiece(o, seat) {
			m |= engine.Only(engine.Seat(o))
		}
	}
	if !s.night && !s.stealthed(seat) && s.players[seat].pos >= 0 && !s.fogAt(int(s.players[seat].pos)) {
		m |= engine.SpectatorBit
	}
	return m
}

// see records what seat sees now: tiles become revealed and their owners
// known (UI-412).
func (s *State) see(seat int) {
	n := len(s.tiles)
	if seat < len(s.players) {
		// Detection from high ground can uncover a stealthed piece's tile.
		for o := range s.players {
			if p := int(s.players[o].pos); o != seat && p >= 0 && s.ownerVisible(seat, p) {
				s.known[seat*n+p] = s.tiles[p].Owner
			}
		}
	}
	if !s.night || seat == len(s.players) {
		w := s.words()
		for i := 0; i < w; i++ {
			s.revealed[seat*w+i] = ^uint64(0)
		}
		if n%64 != 0 {
			s.revealed[seat*w+w-1] = (1 << uint(n%64)) - 1
		}
		return
	}
	pl := &s.players[seat]
	if pl.pos < 0 {
		return
	}
	if pl.nightEye { // REL-920: night does not limit this seat
		for t := 0; t < n; t++ {
			s.seeTile(seat, t)
		}
		return
	}
	if c := int(s.celeb.pos); s.sharesCelebVision(seat) && c >= 0 {
		s.seeTile(seat, c) // REL-985: the celebrity's surroundings (CARD-033: and a wiretapper's)
		for d := Dir(0); d < numDirs; d++ {
			if t := s.geo.neighbour(c, d); t >= 0 {
				s.seeTile(seat, t)
			}
		}
	}
	r := s.radius(seat)
	pos := int(pl.pos)
	if r == 1 {
		s.seeTile(seat, pos)
		for d := Dir(0); d < numDirs; d++ {
			if t := s.geo.neighbour(pos, d); t >= 0 {
				s.seeTile(seat, t)
			}
		}
		return
	}
	for t := 0; t < n; t++ {
		if s.geo.distance(pos, t) <= r {
			s.seeTile(seat, t)
		}
	}
}

func (s *State) seeTile(seat, t int) {
	s.reveal(seat, t)
	if !s.ownerHidden(seat, t) && !s.fogHides(seat, t) { // the caller knows seat sees t; fog (CARD-040) hides the owner
		s.known[seat*len(s.tiles)+t] = s.tiles[t].Owner
	}
}

// ownerVisible reports whether seat (or the spectator row, len(players))
// sees who owns tile t now: it sees the tile, and no stealthed piece it
// cannot see stands there. A stealthed piece's captures stay hidden until
// it leaves the trees (REL-870, GAP-70): otherwise a change of owner would
// give its position away.
func (s *State) ownerVisible(seat, t int) bool {
	spectator := seat == len(s.players)
	if spectator && (s.night || s.fogAt(t)) || !spectator && !s.seesTile(seat, t) {
		return false
	}
	return !s.ownerHidden(seat, t)
}

// ownerHidden reports whether a stealthed piece that seat cannot see stands
// on tile t, hiding the tile's owner from it.
func (s *State) ownerHidden(seat, t int) bool {
	spectator := seat == len(s.players)
	if s.tiles[t].Structure != Trees {
		return false
	}
	for o := range s.players {
		op := &s.players[o]
		if o == seat || op.defeated || int(op.pos) != t {
			continue
		}
		if spectator || !s.seesPiece(seat, o) {
			return true
		}
	}
	return false
}

// refreshOwner records tile t's owner for every seat that sees it, and
// returns the mask of those seats (spectators included).
func (s *State) refreshOwner(t int) engine.SeatMask {
	n := len(s.tiles)
	var m engine.SeatMask
	if !s.night && s.tiles[t].Structure != Trees && !s.fogAt(t) {
		// By day with no stealth or fog possible, every seat and spectators see it.
		for row := 0; row <= len(s.players); row++ {
			s.known[row*n+t] = s.tiles[t].Owner
		}
		return engine.AllSeats
	}
	for seat := 0; seat <= len(s.players); seat++ {
		if s.ownerVisible(seat, t) {
			s.known[seat*n+t] = s.tiles[t].Owner
			if seat == len(s.players) {
				m |= engine.SpectatorBit
			} else {
				m |= engine.Only(engine.Seat(seat))
			}
		}
	}
	return m
}

// Memory is what a seat remembers of a tile (UI-412-416).
type Memory uint8

// The three memory states of a tile.
const (
	Unrevealed Memory = iota
	Adjacent
	Revealed
)

var memoryNames = [...]string{"unrevealed", "adjacent", "revealed"}

func (m Memory) String() string { return enumName(memoryNames[:], int(m)) }

// MarshalText encodes the memory state by name.
func (m Memory) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// memory returns seat's memory of tile t; the spectator row is len(players).
func (s *State) memory(seat, t int) Memory {
	if s.isRevealed(seat, t) {
		return Revealed
	}
	for d := Dir(0); d < numDirs; d++ {
		if n := s.geo.neighbour(t, d); n >= 0 && s.isRevealed(seat, n) {
			return Adjacent // UI-414
		}
	}
	return Unrevealed
}
