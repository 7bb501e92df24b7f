package realigious

import (
	"bytes"
	mathbits "math/bits"
	"slices"

	"tabletop/engine"
)

// A view tracker rebuilds the skeleton of its audience's view after every
// step, and most steps change one player's counters or none. The
// skeleton has "players":[]: the tracker's viewCache keeps a copy of each
// player's last PlayerView and, for a player whose PlayerView changed,
// writes the operations that change its members (appendPlayerOps), so
// that neither the players' JSON, graveyards of a hundred cards
// included, nor its index go through the server's diff of the skeletons.
// The players were most of a skeleton, and under load that diff read
// them out of the processor's caches for every audience after every
// step (docs/performance.md, round 11). Their JSON is not kept: a changed
// player is encoded in the match's scratch (playerScratch), and a whole
// view, which a server seldom needs, encodes them again.

// playerCache is one player's last PlayerView.
type playerCache struct {
	ok    bool
	pv    PlayerView // a deep copy: its pointers point into this cache
	piece Coord
	grave []CardID
	buffs []EffectView
	tiles []Coord // the buffs' tiles, in the order they have them
	size  int     // the length of pv's JSON
}

// viewCache is a view tracker's copy of the players of its last view.
// at is where the last skeleton's players' "[]" is (-1 when the players
// are written in it, or null), n how many there are, and ops the
// operations that turn the players before into them (comma-separated),
// unless whole (their number changed, or a player is new to the cache).
type viewCache struct {
	// players has a PlayerView per player of the match, made at the
	// first Update: an array of engine.MaxSeats was half empty in a
	// 4-player match, and a server's collector scans every tracker's
	// (docs/performance.md, round 15).
	players []playerCache
	at      int
	n       int
	ops     []byte
	whole   bool
	scratch *playerScratch // the match's, shared by its trackers
}

// playerScratch is where a view block's trackers encode players: a
// changed player's JSON now (and its member marks), and the one before
// when a member went (to name it).
type playerScratch struct {
	now, old []byte
	nm, om   playerMarks
}

// appendPlayers appends "[]" for the players to the skeleton b and brings
// the cache up to date with them.
func (c *viewCache) appendPlayers(b []byte, players []PlayerView) []byte {
	if len(players) > engine.MaxSeats {
		c.inline()
		return appendPlayerList(b, players)
	}
	if len(players) > len(c.players) {
		// The players before are gone with the array: every player is
		// new to the cache, so the operations are not made (whole).
		c.players = make([]playerCache, len(players))
	}
	if c.scratch == nil {
		c.scratch = new(playerScratch)
	}
	c.ops, c.whole = c.ops[:0], len(players) != c.n
	c.at, c.n = len(b), len(players)
	for i := range players {
		pc, p := &c.players[i], &players[i]
		var diff uint32
		if pc.ok {
			if diff = playerDiff(&pc.pv, p); diff == 0 {
				continue
			}
		} else {
			c.whole = true
		}
		e := c.scratch
		e.now = p.appendMarked(e.now[:0], &e.nm)
		if !c.whole {
			c.ops = appendPlayerOps(c.ops, i, diff, &pc.pv, e)
		}
		pc.keep(p)
		pc.size = len(e.now)
	}
	return append(b, "[]"...)
}

// inline notes that the last skeleton has the players in it, or null: the
// next players kept apart are new.
func (c *viewCache) inline() { c.at, c.n = -1, 0 }

// appendPlayersJSON appends the players kept apart as a JSON array.
func (c *viewCache) appendPlayersJSON(b []byte) []byte {
	b = append(b, '[')
	for i := range c.n {
		if i > 0 {
			b = append(b, ',')
		}
		b = c.players[i].pv.appendJSON(b)
	}
	return append(b, ']')
}

// playersSize is the length of appendPlayersJSON's array.
func (c *viewCache) playersSize() int {
	n := 2 + max(c.n-1, 0)
	for i := range c.n {
		n += c.players[i].size
	}
	return n
}

// appendPlayerOps appends, comma-separated, the operations that turn
// player i's JSON before (of old) into its JSON now (e.now, its members
// at e.nm), the members that may differ set in diff (playerDiff): one per
// member that differs, or one replacing the player when that is shorter.
// The player before is encoded only when a member went, to name it.
func appendPlayerOps(b []byte, i int, diff uint32, old *PlayerView, e *playerScratch) []byte {
	start := len(b)
	had, encoded := playerHas(old), false
	for ; diff != 0; diff &= diff - 1 {
		k := mathbits.TrailingZeros32(diff)
		kind, member := "replace", e.now[e.nm[k]:e.nm[k+1]]
		switch {
		case len(member) > 0 && had&(1<<k) == 0:
			kind = "add"
		case len(member) == 0 && had&(1<<k) != 0:
			if !encoded {
				e.old, encoded = old.appendMarked(e.old[:0], &e.om), true
			}
			kind, member = "remove", e.old[e.om[k]:e.om[k+1]]
		case len(member) == 0:
			continue // left out before and now
		}
		// A member is `,"key":value` (`{"key":value` for the first), its
		// key plain: no escapes, nothing a JSON pointer escapes.
		colon := bytes.Index(member, []byte(`":`))
		if len(b) > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"op":"`...)
		b = append(b, kind...)
		b = appendIntField(b, `","path":"/players/`, i)
		b = append(b, '/')
		b = append(b, member[2:colon]...)
		b = append(b, '"')
		if kind != "remove" {
			b = append(b, `,"value":`...)
			b = append(b, member[colon+2:]...)
		}
		b = append(b, '}')
	}
	if len(b)-start > len(e.now)+len(`,{"op":"replace","path":"/players/0","value":}`) {
		b = b[:start]
		if start > 0 {
			b = append(b, ',')
		}
		b = appendIntField(b, `{"op":"replace","path":"/players/`, i)
		b = append(b, `","value":`...)
		b = append(b, e.now...)
		b = append(b, '}')
	}
	return b
}

// playerHas returns the members p's JSON has: bit k for member k
// (playerMarks), clear for the members appendMarked leaves out
// (omitempty). TestPlayerOps checks it against the JSON.
func playerHas(p *PlayerView) uint32 {
	has := uint32(1)<<playerMembers - 1
	drop := func(k int, out bool) {
		if out {
			has &^= 1 << k
		}
	}
	drop(7, p.Piece == nil)
	drop(8, !p.Stealth)
	drop(9, !p.HighGround)
	drop(13, !p.Defeated)
	drop(16, p.RelicsTaken == 0)
	drop(17, p.RelicTypes == 0)
	drop(19, !p.NightEye)
	drop(20, p.Clairvoyance == 0)
	drop(21, !p.MiddleWay)
	drop(22, !p.Inshallah)
	drop(23, !p.SkipNext)
	drop(28, p.ExtraTurns == 0)
	drop(29, !p.ReputationHidden)
	return has
}

// keep makes the cache's PlayerView a deep copy of p.
func (pc *playerCache) keep(p *PlayerView) {
	pc.pv, pc.ok = *p, true
	if p.Piece != nil {
		pc.piece = *p.Piece
		pc.pv.Piece = &pc.piece
	}
	if p.Graveyard != nil {
		pc.grave = append(pc.grave[:0], p.Graveyard...)
		pc.pv.Graveyard = pc.grave
		if pc.grave == nil {
			pc.grave = []CardID{}
			pc.pv.Graveyard = pc.grave
		}
	}
	if p.Buffs != nil {
		pc.buffs = append(pc.buffs[:0], p.Buffs...)
		if pc.buffs == nil {
			pc.buffs = []EffectView{}
		}
		pc.tiles = pc.tiles[:0]
		for k := range pc.buffs {
			if t := pc.buffs[k].Tile; t != nil {
				pc.tiles = append(pc.tiles, *t)
			}
		}
		n := 0
		for k := range pc.buffs {
			if pc.buffs[k].Tile != nil {
				pc.buffs[k].Tile = &pc.tiles[n]
				n++
			}
		}
		pc.pv.Buffs = pc.buffs
	}
}

// playerDiff returns the members of p's and q's JSON that may differ: bit
// k for member k (playerMarks), set when the fields it encodes differ
// (pointers and slices by what they hold, nil apart from empty); 0 when
// they encode alike. view_cache_test.go checks that it tells every field.
func playerDiff(p, q *PlayerView) uint32 {
	var d uint32
	set := func(k int, differ bool) {
		if differ {
			d |= 1 << k
		}
	}
	set(0, p.Seat != q.Seat)
	set(1, p.Religion != q.Religion)
	set(2, p.Character != q.Character)
	set(3, p.Reputation != q.Reputation)
	set(4, p.Followers != q.Followers)
	set(5, p.Donations != q.Donations)
	set(6, p.Influence != q.Influence)
	set(7, !sameCoordPtr(p.Piece, q.Piece))
	set(8, p.Stealth != q.Stealth)
	set(9, p.HighGround != q.HighGround)
	set(10, p.PropCorr != q.PropCorr)
	set(11, p.CombatCorr != q.CombatCorr)
	set(12, p.DefenseCorr != q.DefenseCorr)
	set(13, p.Defeated != q.Defeated)
	set(14, p.Turns != q.Turns)
	set(15, p.Relics != q.Relics)
	set(16, p.RelicsTaken != q.RelicsTaken)
	set(17, p.RelicTypes != q.RelicTypes)
	set(18, p.Buff != q.Buff)
	set(19, p.NightEye != q.NightEye)
	set(20, p.Clairvoyance != q.Clairvoyance)
	set(21, p.MiddleWay != q.MiddleWay)
	set(22, p.Inshallah != q.Inshallah)
	set(23, p.SkipNext != q.SkipNext)
	set(24, p.HandCount != q.HandCount)
	set(25, p.DeckCount != q.DeckCount)
	set(26, (p.Graveyard == nil) != (q.Graveyard == nil) || !sameBytes(p.Graveyard, q.Graveyard))
	set(27, (p.Buffs == nil) != (q.Buffs == nil) || !slices.EqualFunc(p.Buffs, q.Buffs, sameEffectView))
	set(28, p.ExtraTurns != q.ExtraTurns)
	set(29, p.ReputationHidden != q.ReputationHidden)
	return d
}

func sameCoordPtr(p, q *Coord) bool {
	if p == nil || q == nil {
		return p == q
	}
	return *p == *q
}

// sameEffectView compares two EffectViews, their tiles by value.
func sameEffectView(a, b EffectView) bool {
	if !sameCoordPtr(a.Tile, b.Tile) {
		return false
	}
	a.Tile, b.Tile = nil, nil
	return a == b
}

// scratch returns n zero elements backed by *p, growing it when it is
// too small: never nil, so an empty list still encodes as "[]".
func scratch[T any](p *[]T, n int) []T {
	sl := scratchFull(p, n)
	clear(sl)
	return sl
}

// scratchFull is scratch for a caller that sets all n elements: it
// leaves them as they were. It grows *p to twice what is needed: the
// lists grow a little at a time all match long (the graveyards by a card
// at a time), and a block is reused for every step of a live match.
func scratchFull[T any](p *[]T, n int) []T {
	if *p == nil || cap(*p) < n {
		*p = make([]T, n, 2*n)
	}
	return (*p)[:n]
}
