package realigious

import (
	"slices"

	"tabletop/engine"
)

// A view tracker rebuilds the skeleton of its audience's view (all but
// the tiles) after every step, and most steps change one player's
// counters or none: the others' JSON, graveyards of a hundred cards
// included, would be written out again unchanged. The tracker's
// viewBlock keeps each player's last JSON with a copy of the PlayerView
// it encodes, and the encoder reuses the JSON when the PlayerView is
// equal. A block used once (AppendView, View) keeps nothing.

// playerCache is the last JSON of one player's PlayerView.
type playerCache struct {
	ok    bool
	pv    PlayerView // a deep copy: its pointers point into this cache
	piece Coord
	grave []CardID
	buffs []EffectView
	tiles []Coord // the buffs' tiles, in the order they have them
	json  []byte
}

// viewCache is a view block's encodings of the parts of its views that
// seldom change.
type viewCache struct {
	players [engine.MaxSeats]playerCache
}

// appendPlayer appends p's JSON, from the cache when p is the PlayerView
// it holds for slot i.
func (c *viewCache) appendPlayer(b []byte, i int, p *PlayerView) []byte {
	if i >= len(c.players) {
		return p.appendJSON(b)
	}
	pc := &c.players[i]
	if pc.ok && samePlayerView(&pc.pv, p) {
		return append(b, pc.json...)
	}
	start := len(b)
	b = p.appendJSON(b)
	pc.json = append(pc.json[:0], b[start:]...)
	pc.keep(p)
	return b
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

// samePlayerView reports whether p and q encode alike: every field
// equal, pointers and slices by what they hold, nil apart from empty.
// view_cache_test.go checks that it tells every field.
func samePlayerView(p, q *PlayerView) bool {
	return p.Seat == q.Seat && p.Religion == q.Religion && p.Character == q.Character &&
		p.Reputation == q.Reputation && p.Followers == q.Followers && p.Donations == q.Donations &&
		p.Influence == q.Influence && sameCoordPtr(p.Piece, q.Piece) && p.Stealth == q.Stealth &&
		p.HighGround == q.HighGround && p.PropCorr == q.PropCorr && p.CombatCorr == q.CombatCorr &&
		p.DefenseCorr == q.DefenseCorr && p.Defeated == q.Defeated && p.Turns == q.Turns &&
		p.Relics == q.Relics && p.RelicsTaken == q.RelicsTaken && p.RelicTypes == q.RelicTypes &&
		p.Buff == q.Buff && p.NightEye == q.NightEye && p.Clairvoyance == q.Clairvoyance &&
		p.MiddleWay == q.MiddleWay && p.Inshallah == q.Inshallah && p.SkipNext == q.SkipNext &&
		p.HandCount == q.HandCount && p.DeckCount == q.DeckCount &&
		(p.Graveyard == nil) == (q.Graveyard == nil) && slices.Equal(p.Graveyard, q.Graveyard) &&
		(p.Buffs == nil) == (q.Buffs == nil) && slices.EqualFunc(p.Buffs, q.Buffs, sameEffectView) &&
		p.ExtraTurns == q.ExtraTurns && p.ReputationHidden == q.ReputationHidden
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
