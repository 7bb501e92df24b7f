package realigious

import (
	"bytes"
	"fmt"
	mathbits "math/bits"
	"slices"
	"unsafe"

	"tabletop/engine"
)

// viewTracker is Realigious's engine.ViewTracker, with the tiles as the
// array kept apart. A live match needs every audience's view after every
// step, and from one step to the next only a few tiles, most of a view's
// bytes, change. The tracker keeps each tile's facts and JSON from the
// view before, and a copy of what they were computed from: the tiles, the
// audience's known owners and revealed tiles, the pieces, the blocked
// tiles and the audience's vision key and disks (view_tracker_key.go).
// When the key is the same, only the tiles whose inputs changed are
// recomputed, so that a step costs in proportion to what it changed. A
// tile's JSON is a function of its facts but for visible, which goes to
// the view's "visible" string (in the skeleton), so the tiles whose other
// facts changed are exactly the patch's tile operations, and only their
// JSON is rewritten: each tile has a slot of its own in one buffer, with
// room to grow a little, and a tile that outgrows it moves to the
// buffer's end.
// The rest of the view is rebuilt every time, in a reused viewBlock, so
// that an update costs no allocation once warm.
//
// view_tracker_test.go and view_tracker_fast_test.go check along random
// playouts, and after random changes to every input of tileFacts, that
// AppendView gives (*State).AppendView's bytes, that the facts and changed
// tiles are what computing every tile gives, and that skeleton and tile
// operations rebuild every view from the one before.
type viewTracker struct {
	// blk is where Update builds the view, shared with the tracker's
	// siblings (NewSibling): a live server keeps a tracker for every
	// audience of every match, and the block's View and scratch lists
	// hold pointers, which the collector scans at every collection
	// (docs/performance.md, "Server load"). cache is the audience's own.
	blk   *viewBlock
	cache viewCache
	has   bool        // an Update made a view (the game's: not null)
	seat  engine.Seat // its seat
	facts []tileFacts // its tiles' facts
	// Tile t's JSON is json[starts[t]:ends[t]], in a slot that ends at
	// slots[t]. total is the tiles' length, waste the bytes of json in no
	// slot (left by tiles that moved). nextJSON is the buffer the slots are
	// laid out again in; it swaps with json.
	json     []byte
	starts   []int32
	ends     []int32
	slots    []int32
	total    int
	waste    int
	nextJSON []byte
	changed  []int32 // the tiles whose JSON the last Update changed
	vis      []byte  // the tiles' bytes of View.Visible
	skel     []byte  // the last view's skeleton ("tiles":[])
	skelOld  []byte  // the one before, intact (Skeleton)
	head     int     // where its "[]" starts
	tracked  bool    // an Update has been made
	diffOK   bool    // changed compares the last Update with the one before

	// The inputs of the facts as of the last Update.
	key      []byte // the vision key
	nextKey  []byte // the buffer the next key is built in
	disks    [2]visionDisk
	tiles    []Tile   // the state's tiles
	known    []int8   // the audience's row of known owners
	revealed []uint64 // its row of revealed tiles
	pieces   []int16  // every player's piece
	blocked  []int16  // the blocked tiles

	dirty   tileSet // scratch: the tiles to recompute
	tileBuf []byte  // scratch: a tile's JSON
	// For the tests: how the last Update went, and how many times the
	// slots were laid out again.
	pass   trPass
	layout int
}

// trPass is how an Update recomputed the tiles.
type trPass uint8

const (
	passNew  trPass = iota // another audience or map: every tile, nothing to compare
	passFull               // the vision key changed: every tile, compared
	passFast               // only the tiles whose inputs changed
)

// slotRoom is the room a tile's slot leaves to grow in place: enough for
// the usual changes (a bool, an owner, a digit of an allotment).
const slotRoom = 4

// NewViewTracker returns a tracker of this game's views
// (engine.ViewTrackerMaker).
func (s *State) NewViewTracker() engine.ViewTracker { return &viewTracker{blk: new(viewBlock)} }

// NewSibling implements engine.ViewTrackerSibling: a tracker that builds
// its views in tr's block. Only one of them may be in a call at a time.
func (tr *viewTracker) NewSibling() engine.ViewTracker { return &viewTracker{blk: tr.blk} }

// Update implements engine.ViewTracker.
func (tr *viewTracker) Update(st engine.State, seat engine.Seat) error {
	s, ok := st.(*State)
	if !ok {
		return fmt.Errorf("realigious: view tracker given a %T, not a Realigious state", st)
	}
	// The block's cache is the audience's own: a sibling's would diff
	// this audience's players against another audience's (pieces); the
	// scratch they are encoded in is the block's.
	tr.blk.cache, tr.blk.builds = &tr.cache, 1
	tr.cache.scratch = &tr.blk.scratch
	v, seat, row := s.buildViewIn(tr.blk, seat, false)
	tr.blk.cache = nil
	n := len(s.tiles)
	tr.diffOK = tr.tracked && tr.seat == seat && len(tr.facts) == n
	key, disks := s.appendVisionKey(tr.nextKey[:0], seat, row)
	same := tr.diffOK && bytes.Equal(key, tr.key)
	tr.key, tr.nextKey = key, tr.key
	tr.changed = tr.changed[:0]
	switch {
	case !tr.diffOK:
		tr.pass = passNew
		tr.facts, tr.vis = resize(tr.facts, n), resize(tr.vis, n)
		for t := range n {
			tr.facts[t] = s.tileFacts(seat, row, t)
			tr.vis[t] = tr.facts[t].sight()
			tr.changed = append(tr.changed, int32(t))
		}
		tr.starts, tr.ends, tr.slots = resize(tr.starts, n), resize(tr.ends, n), resize(tr.slots, n)
		tr.lay(true)
		tr.snapshot(s, row, disks)
	case !same:
		tr.pass = passFull
		for t := range n {
			tr.recompute(s, seat, row, t)
		}
		tr.rewrite()
		tr.snapshot(s, row, disks)
	default:
		tr.pass = passFast
		tr.markDirty(s, row, disks)
		for w, bits := range tr.dirty {
			for ; bits != 0; bits &= bits - 1 {
				tr.recompute(s, seat, row, w*64+mathbits.TrailingZeros64(bits))
			}
		}
		tr.rewrite()
	}
	tr.has, tr.seat, tr.tracked = true, seat, true
	// The skeleton before stays as it was: a server's index of it is
	// what it diffs the new one against (Skeleton).
	tr.skel, tr.skelOld = tr.skelOld, tr.skel
	tr.skel = v.appendHead(tr.skel[:0])
	tr.head = len(tr.skel)
	// The view is the block's, for this call only: it may borrow vis.
	v.Visible = unsafe.String(unsafe.SliceData(tr.vis), len(tr.vis))
	tr.skel = v.appendTail(append(tr.skel, "[]"...))
	v.Visible = ""
	return nil
}

// resize returns sl with length n, reallocated if it is too short.
func resize[T any](sl []T, n int) []T {
	if cap(sl) < n {
		return make([]T, n)
	}
	return sl[:n]
}

// recompute updates tile t's facts and sight, noting it in changed if
// its JSON changed. Tiles must come in increasing order.
func (tr *viewTracker) recompute(s *State, seat engine.Seat, row, t int) {
	f := s.tileFacts(seat, row, t)
	if f == tr.facts[t] {
		return
	}
	if !f.sameJSON(tr.facts[t]) {
		tr.changed = append(tr.changed, int32(t))
	}
	tr.facts[t], tr.vis[t] = f, f.sight()
}

// snapshot records the inputs of the facts just computed.
func (tr *viewTracker) snapshot(s *State, row int, disks [2]visionDisk) {
	n, w := len(s.tiles), s.words()
	tr.disks = disks
	tr.tiles = append(tr.tiles[:0], s.tiles...)
	tr.known = append(tr.known[:0], s.known[row*n:row*n+n]...)
	tr.revealed = append(tr.revealed[:0], s.revealed[row*w:row*w+w]...)
	tr.pieces = tr.pieces[:0]
	for i := range s.players {
		tr.pieces = append(tr.pieces, s.players[i].pos)
	}
	tr.blocked = append(tr.blocked[:0], s.blocked...)
}

// markDirty sets dirty to the tiles whose facts may differ from the
// snapshot's, given an unchanged vision key, and brings the snapshot up to
// date.
func (tr *viewTracker) markDirty(s *State, row int, disks [2]visionDisk) {
	n, w := len(s.tiles), s.words()
	tr.dirty.reset(n)
	d := tr.dirty
	for lo := 0; lo < n; lo += tileBlock {
		hi := min(lo+tileBlock, n)
		if sameBytes(s.tiles[lo:hi], tr.tiles[lo:hi]) {
			continue
		}
		for t := lo; t < hi; t++ {
			if s.tiles[t] != tr.tiles[t] {
				tr.tiles[t] = s.tiles[t]
				d.add(t)
			}
		}
	}
	if known := s.known[row*n : row*n+n]; !sameBytes(known, tr.known) {
		for t, k := range known {
			if k != tr.known[t] {
				tr.known[t] = k
				d.add(t)
			}
		}
	}
	for i, word := range s.revealed[row*w : row*w+w] {
		for diff := word ^ tr.revealed[i]; diff != 0; diff &= diff - 1 {
			d.addAround(s.geo, i*64+mathbits.TrailingZeros64(diff))
		}
		tr.revealed[i] = word
	}
	if disks != tr.disks { // the row's piece or the celebrity moved at night (REL-824, REL-985)
		for _, k := range [...]visionDisk{tr.disks[0], tr.disks[1], disks[0], disks[1]} {
			d.addDisk(s.geo, n, k)
		}
		tr.disks = disks
	}
	// A stealthed piece may hide its tile's owner (REL-870): the tiles with
	// trees a piece stands on or left. A tile whose trees went is in the
	// set already.
	for i := range s.players {
		for _, p := range [...]int16{tr.pieces[i], s.players[i].pos} {
			if p >= 0 && int(p) < n && s.tiles[p].Structure == Trees {
				d.add(int(p))
			}
		}
		tr.pieces[i] = s.players[i].pos
	}
	if !slices.Equal(s.blocked, tr.blocked) {
		for _, b := range tr.blocked {
			d.add(int(b))
		}
		for _, b := range s.blocked {
			d.add(int(b))
		}
		tr.blocked = append(tr.blocked[:0], s.blocked...)
	}
}

// tileBlock is how many tiles markDirty compares as one block of memory.
const tileBlock = 16

// sameBytes reports whether a and b hold the same bytes: then they are
// equal element by element (padding included, so a false "not the same"
// only costs the element-wise compare that follows it). After most steps
// every tile of every audience is unchanged; comparing Tiles field by
// field was a twentieth of a busy server's CPU (docs/performance.md).
func sameBytes[T any](a, b []T) bool {
	if len(a) != len(b) {
		return false
	}
	if len(a) == 0 {
		return true
	}
	size := int(unsafe.Sizeof(a[0])) * len(a)
	return bytes.Equal(
		unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(a))), size),
		unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(b))), size))
}

// lay writes the tiles' JSON one after another, each with room to grow,
// from their facts when encode, else from their slots.
func (tr *viewTracker) lay(encode bool) {
	tr.layout++
	out := reserve(tr.nextJSON[:0], tr.total+len(tr.facts)*slotRoom+tr.total/8+256)
	tr.total, tr.waste = 0, 0
	for t := range tr.facts {
		start := int32(len(out))
		if encode {
			out = tr.facts[t].appendJSON(out)
		} else {
			out = append(out, tr.tile(t)...)
		}
		tr.starts[t], tr.ends[t] = start, int32(len(out))
		tr.total += len(out) - int(start)
		out = append(out, "    "[:slotRoom]...)
		tr.slots[t] = int32(len(out))
	}
	tr.nextJSON, tr.json = tr.json, out
}

// rewrite writes the changed tiles' JSON: in its slot when it fits, else
// at the end of the buffer; the slots are laid out again when more than
// half of it is waste.
func (tr *viewTracker) rewrite() {
	for _, t := range tr.changed {
		start, end, slot := tr.starts[t], tr.ends[t], tr.slots[t]
		tr.total -= int(end - start)
		// Encoded apart, not in place: a tile that outgrows its slot
		// would make append allocate a buffer for it alone.
		b := tr.facts[t].appendJSON(tr.tileBuf[:0])
		tr.tileBuf = b
		tr.total += len(b)
		if len(b) <= int(slot-start) {
			tr.ends[t] = start + int32(copy(tr.json[start:slot], b))
			continue
		}
		tr.waste += int(slot - start)
		start = int32(len(tr.json))
		tr.json = append(reserve(tr.json, len(b)+slotRoom), b...)
		tr.starts[t], tr.ends[t] = start, int32(len(tr.json))
		tr.json = append(tr.json, "    "[:slotRoom]...)
		tr.slots[t] = int32(len(tr.json))
	}
	if tr.waste > len(tr.json)/2 {
		tr.lay(false)
	}
}

// tile returns tile t's JSON in the view of the last Update.
func (tr *viewTracker) tile(t int) []byte { return tr.json[tr.starts[t]:tr.ends[t]] }

// AppendView implements engine.ViewTracker: the skeleton with the tiles
// put in place of its "[]".
func (tr *viewTracker) AppendView(buf []byte) []byte {
	if !tr.has {
		return append(buf, "null"...)
	}
	buf = append(buf, tr.skel[:tr.head]...)
	buf = append(buf, '[')
	for t := range tr.ends {
		if t > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, tr.tile(t)...)
	}
	buf = append(buf, ']')
	rest := tr.skel[tr.head+2:]
	if at := tr.cache.at; at >= 0 {
		buf = append(buf, tr.skel[tr.head+2:at]...)
		buf = tr.cache.appendPlayersJSON(buf)
		rest = tr.skel[at+2:]
	}
	return append(buf, rest...)
}

// ViewSize implements engine.ViewTracker.
func (tr *viewTracker) ViewSize() int {
	if !tr.has {
		return len("null")
	}
	commas := max(len(tr.ends)-1, 0)
	n := len(tr.skel) + tr.total + commas
	if tr.cache.at >= 0 {
		n += tr.cache.playersSize() - len("[]")
	}
	return n
}

// Skeleton implements engine.ViewTracker: the skeleton's bytes, which
// the next Update leaves as they are and the one after overwrites.
func (tr *viewTracker) Skeleton() []byte {
	if !tr.has {
		return []byte("null")
	}
	return tr.skel
}

// ArrayPaths implements engine.ViewTracker.
func (tr *viewTracker) ArrayPaths() []string { return []string{"/tiles", "/players"} }

// AppendArrayOps implements engine.ViewTracker: the tiles' operations
// (appendTileOps), then the players' (viewCache.appendPlayers).
func (tr *viewTracker) AppendArrayOps(buf []byte, comma bool) ([]byte, bool) {
	if !tr.diffOK {
		return buf, false
	}
	buf = tr.appendTileOps(buf, comma)
	comma = comma || len(tr.changed) > 0
	c := &tr.cache
	switch {
	case c.at < 0: // the players are in the skeleton
	case c.whole:
		if comma {
			buf = append(buf, ',')
		}
		buf = append(buf, `{"op":"replace","path":"/players","value":`...)
		buf = append(c.appendPlayersJSON(buf), '}')
	case len(c.ops) > 0:
		if comma {
			buf = append(buf, ',')
		}
		buf = append(buf, c.ops...)
	}
	return buf, true
}

// appendTileOps appends one "replace" per changed tile, or one for the
// whole array when that is shorter.
func (tr *viewTracker) appendTileOps(buf []byte, comma bool) []byte {
	// When most tiles changed (nightfall, a cycle's turn) one operation
	// replacing the whole array is shorter than one per tile.
	opsLen := 0
	for _, t := range tr.changed {
		opsLen += len(tr.tile(int(t))) + len(`{"op":"replace","path":"/tiles/000","value":},`)
	}
	if opsLen >= tr.total+len(tr.ends)+1 {
		if comma {
			buf = append(buf, ',')
		}
		buf = reserve(buf, tr.total+len(tr.ends)+64)
		buf = append(buf, `{"op":"replace","path":"/tiles","value":[`...)
		for t := range tr.ends {
			if t > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, tr.tile(t)...)
		}
		return append(buf, "]}"...)
	}
	for _, t := range tr.changed {
		if comma {
			buf = append(buf, ',')
		}
		comma = true
		buf = appendIntField(buf, `{"op":"replace","path":"/tiles/`, int(t))
		buf = append(buf, `","value":`...)
		buf = append(buf, tr.tile(int(t))...)
		buf = append(buf, '}')
	}
	return buf
}
