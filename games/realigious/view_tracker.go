package realigious

import (
	"fmt"

	"tabletop/engine"
)

// viewTracker is Realigious's engine.ViewTracker, with the tiles as the
// array kept apart. A live match needs every audience's view after every
// step, and from one step to the next only a few tiles, most of a view's
// bytes, change. The tracker keeps each tile's facts and JSON from the
// view before: a tile's JSON is a function of its facts, which are plain
// values, so an unchanged tile costs a memory compare and a copy, and the
// tiles that did change are exactly the patch's tile operations. The rest
// of the view is rebuilt every time, in a reused viewBlock, so that an
// update costs no allocation once warm.
//
// view_tracker_test.go checks along random playouts that AppendView gives
// (*State).AppendView's bytes and that skeleton and tile operations
// rebuild every view from the one before.
type viewTracker struct {
	blk   viewBlock
	v     *View       // the view of the last Update, without tiles; in blk
	seat  engine.Seat // its seat
	facts []tileFacts // its tiles' facts
	json  []byte      // its tiles' JSON, one after another
	ends  []int32     // ends[t]: where tile t's JSON ends in json
	// next* are the buffers the next Update's tiles are written to; they
	// swap with the above.
	nextJSON []byte
	nextEnds []int32
	changed  []int32 // the tiles whose facts the last Update changed
	skel     []byte  // the last view's skeleton ("tiles":[])
	head     int     // where its "[]" starts
	tracked  bool    // an Update has been made
	diffOK   bool    // changed compares the last Update with the one before
}

// NewViewTracker returns a tracker of this game's views
// (engine.ViewTrackerMaker).
func (s *State) NewViewTracker() engine.ViewTracker { return &viewTracker{} }

// Update implements engine.ViewTracker.
func (tr *viewTracker) Update(st engine.State, seat engine.Seat) error {
	s, ok := st.(*State)
	if !ok {
		return fmt.Errorf("realigious: view tracker given a %T, not a Realigious state", st)
	}
	v, seat, row := s.buildViewIn(&tr.blk, seat, false)
	n := len(s.tiles)
	tr.diffOK = tr.tracked && tr.seat == seat && len(tr.facts) == n
	if !tr.diffOK {
		// Another audience or another map: nothing to compare with.
		tr.facts, tr.ends = make([]tileFacts, n), make([]int32, n)
		tr.json = tr.json[:0]
	}
	if cap(tr.nextEnds) < n {
		tr.nextEnds = make([]int32, n)
	}
	// Room for the tiles as they were and a margin: the JSON grows as the
	// map is revealed.
	out, ends := reserve(tr.nextJSON[:0], len(tr.json)+len(tr.json)/8+256), tr.nextEnds[:n]
	tr.changed = tr.changed[:0]
	start := int32(0)
	for t := range n {
		f := s.tileFacts(seat, row, t)
		if tr.diffOK && f == tr.facts[t] {
			out = append(out, tr.json[start:tr.ends[t]]...)
		} else {
			tr.facts[t] = f
			out = f.appendJSON(out)
			tr.changed = append(tr.changed, int32(t))
		}
		start = tr.ends[t]
		ends[t] = int32(len(out))
	}
	tr.nextJSON, tr.nextEnds = tr.json, tr.ends
	tr.json, tr.ends = out, ends
	tr.v, tr.seat, tr.tracked = v, seat, true
	tr.skel = v.appendHead(tr.skel[:0])
	tr.head = len(tr.skel)
	tr.skel = v.appendTail(append(tr.skel, "[]"...))
	return nil
}

// tile returns tile t's JSON in the view of the last Update.
func (tr *viewTracker) tile(t int) []byte {
	start := int32(0)
	if t > 0 {
		start = tr.ends[t-1]
	}
	return tr.json[start:tr.ends[t]]
}

// AppendView implements engine.ViewTracker: the skeleton with the tiles
// put in place of its "[]".
func (tr *viewTracker) AppendView(buf []byte) []byte {
	if tr.v == nil {
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
	return append(buf, tr.skel[tr.head+2:]...)
}

// ViewSize implements engine.ViewTracker.
func (tr *viewTracker) ViewSize() int {
	if tr.v == nil {
		return len("null")
	}
	commas := max(len(tr.ends)-1, 0)
	return len(tr.skel) + len(tr.json) + commas
}

// AppendSkeleton implements engine.ViewTracker.
func (tr *viewTracker) AppendSkeleton(buf []byte) []byte {
	if tr.v == nil {
		return append(buf, "null"...)
	}
	return append(reserve(buf, len(tr.skel)), tr.skel...)
}

// ArrayPath implements engine.ViewTracker.
func (tr *viewTracker) ArrayPath() string { return "/tiles" }

// AppendArrayOps implements engine.ViewTracker: one "replace" per changed
// tile, or one for the whole array when that is shorter.
func (tr *viewTracker) AppendArrayOps(buf []byte, comma bool) ([]byte, bool) {
	if !tr.diffOK {
		return buf, false
	}
	// When most tiles changed (nightfall, a cycle's turn) one operation
	// replacing the whole array is shorter than one per tile.
	opsLen := 0
	for _, t := range tr.changed {
		opsLen += len(tr.tile(int(t))) + len(`{"op":"replace","path":"/tiles/000","value":},`)
	}
	if opsLen >= len(tr.json)+len(tr.ends)+1 {
		if comma {
			buf = append(buf, ',')
		}
		buf = reserve(buf, len(tr.json)+len(tr.ends)+64)
		buf = append(buf, `{"op":"replace","path":"/tiles","value":[`...)
		for t := range tr.ends {
			if t > 0 {
				buf = append(buf, ',')
			}
			buf = append(buf, tr.tile(t)...)
		}
		return append(buf, "]}"...), true
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
	return buf, true
}
