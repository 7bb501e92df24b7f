package realigious

import "tabletop/engine"

// What a tile's facts depend on, apart from the tile itself. tileFacts
// (view.go) reads, for tile t and view row row:
//   - the tile's Tile, the row's known owner of it and its revealed bit,
//     and the revealed bits of its neighbours (memory, UI-414);
//   - whether the row sees the tile live (seesTile; for the spectator, the
//     night and the fog): the night, the Media Control fogs (CARD-040), the
//     row's piece, defeat and Night Eye (REL-824, REL-873, REL-920), the
//     celebrity's tile when the row shares its vision (REL-985, CARD-033);
//   - whether a stealthed piece the row does not see stands on the tile
//     (ownerHidden, REL-870): never, unless the tile has trees and a piece;
//   - whether the tile is blocked.
//
// The vision key holds the parts of the second item that apply to every
// tile; the piece's place and the celebrity's, which only matter within
// their night radius, are kept apart as vision disks. The tracker
// (view_tracker.go) recomputes every tile when the key changed, and else
// only the tiles whose own inputs changed, those within an old or new disk
// when the disks moved, and the tiles with trees that a piece stands on or
// stood on.

// Vision modes: how a view row sees tiles live, as seesTile decides.
const (
	visionDay   byte = iota // every tile outside the fog (REL-823)
	visionBlind             // no tile: night with no piece, or the spectator at night
	visionAll               // every tile outside the fog: night with Night Eye (REL-920)
	visionDisks             // the tiles outside the fog within the vision disks (REL-824)
)

// visionDisk is a disk of tiles a row sees at night: within radius of
// centre. centre is -1 for none.
type visionDisk struct {
	centre, radius int
}

// noDisks returns the disks of every mode but visionDisks.
func noDisks() [2]visionDisk { return [2]visionDisk{{-1, 0}, {-1, 0}} }

// appendVisionKey appends to b the vision key of seat (view row row, as
// viewRow gives them) and returns it with the row's vision disks. Two
// states with equal keys, disks, tiles, known and revealed rows, pieces
// on trees and blocked tiles give the row equal tile facts.
func (s *State) appendVisionKey(b []byte, seat engine.Seat, row int) ([]byte, [2]visionDisk) {
	n := len(s.tiles)
	b = append(b, byte(n), byte(n>>8), byte(s.geo.w), byte(s.geo.w>>8), byte(s.geo.h), byte(s.geo.h>>8),
		byte(len(s.players)), byte(seat), byte(row), boolByte(s.night))
	mode, disks := s.visionMode(seat, row)
	b = append(b, mode)
	// The fog, exactly as fogHides reads it (CARD-040, GAP-57).
	if !s.hasEffects(cardMediaControl) {
		return append(b, 0), disks
	}
	b = append(b, 1)
	for i := range s.effects {
		e := &s.effects[i]
		if e.clock != clockDead && e.tile >= 0 && e.card == cardMediaControl {
			b = append(b, byte(e.tile), byte(e.tile>>8), byte(e.seat))
		}
	}
	return b, disks
}

// visionMode returns how row sees tiles live, following seesTile's
// branches, and its disks in mode visionDisks.
func (s *State) visionMode(seat engine.Seat, row int) (byte, [2]visionDisk) {
	if seat == engine.Spectator {
		if s.night {
			return visionBlind, noDisks()
		}
		return visionDay, noDisks()
	}
	pl := &s.players[row]
	switch {
	case !s.night:
		return visionDay, noDisks()
	case pl.defeated || pl.pos < 0:
		return visionBlind, noDisks()
	case pl.nightEye:
		return visionAll, noDisks()
	}
	disks := [2]visionDisk{{int(pl.pos), s.radius(row)}, {-1, 0}}
	if c := int(s.celeb.pos); s.sharesCelebVision(row) && c >= 0 {
		disks[1] = visionDisk{c, s.p.NightRadius}
	}
	return visionDisks, disks
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// tileSet is a set of tiles, as a bitset.
type tileSet []uint64

// reset empties the set and sizes it for n tiles.
func (ts *tileSet) reset(n int) {
	w := (n + 63) / 64
	if cap(*ts) < w {
		*ts = make(tileSet, w)
	}
	*ts = (*ts)[:w]
	clear(*ts)
}

func (ts tileSet) add(t int) { ts[t/64] |= 1 << (uint(t) % 64) }

// addAround adds t and its neighbours, whose memory t's revealed bit
// decides (UI-414).
func (ts tileSet) addAround(g *geometry, t int) {
	ts.add(t)
	for d := Dir(0); d < numDirs; d++ {
		if nb := g.neighbour(t, d); nb >= 0 {
			ts.add(nb)
		}
	}
}

// addDisk adds the tiles of d.
func (ts tileSet) addDisk(g *geometry, n int, d visionDisk) {
	switch {
	case d.centre < 0 || d.radius < 0:
	case d.radius == 0:
		ts.add(d.centre)
	case d.radius == 1:
		ts.addAround(g, d.centre)
	default:
		for t := range n {
			if g.distance(d.centre, t) <= d.radius {
				ts.add(t)
			}
		}
	}
}
