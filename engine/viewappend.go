package engine

import (
	"encoding/json"
	"fmt"
)

// ViewAppender is implemented by states that encode views without
// reflection. AppendView appends exactly the bytes json.Marshal(st.View(s))
// produces, for every seat and Spectator, to buf and returns the extended
// buffer.
//
// It exists for the server's hot path: a live match sends every seat its
// view after every answer, and encoding/json spends most of that time on
// reflection and allocations. The JSON stays the protocol: a game that
// implements ViewAppender must not change a byte of it, which
// enginetest.Run checks along its random playouts. Like the other State
// methods it is not safe for concurrent use and must not change the state.
type ViewAppender interface {
	AppendView(buf []byte, s Seat) []byte
}

// AppendView appends the JSON of st's view for seat s to buf: through
// ViewAppender when st implements it, otherwise json.Marshal(st.View(s)).
// The bytes are the same either way; only the cost differs. The error, from
// json.Marshal only, names the seat.
func AppendView(buf []byte, st State, s Seat) ([]byte, error) {
	if va, ok := st.(ViewAppender); ok {
		return va.AppendView(buf, s), nil
	}
	b, err := json.Marshal(st.View(s))
	if err != nil {
		return buf, fmt.Errorf("engine: encoding the view of seat %d: %w", s, err)
	}
	return append(buf, b...), nil
}

// ViewTracker follows the view of one audience (a seat or Spectator) from
// step to step and tells what changed in it, so that a server can send a
// patch without diffing whole views: a live match keeps one per audience.
//
// The tracker sees a view as its skeleton, the view with its largest
// arrays (at the JSON pointers ArrayPaths) emptied to [], and those
// arrays' elements. A server diffs the small skeletons itself and takes
// the arrays' changes from AppendArrayOps. A tracker is not safe for
// concurrent use, and what it returns describes the last Update only
// while the state is unchanged.
type ViewTracker interface {
	// Update moves the tracker to st's view for seat s.
	Update(st State, s Seat) error
	// AppendView appends the view of the last Update: exactly the bytes
	// of the package function AppendView.
	AppendView(buf []byte) []byte
	// ViewSize is the length of what AppendView would append.
	ViewSize() int
	// Skeleton returns that view with the arrays at ArrayPaths replaced
	// by [], in the tracker's memory: the caller must not modify it, and
	// it stays valid through the next Update (not the one after), since a
	// server diffs each new skeleton against its index of the one before
	// (lent, not copied: kilobytes per audience per step).
	Skeleton() []byte
	// ArrayPaths are the JSON pointers of the arrays kept apart
	// ("/tiles"). An array kept apart may also be in the skeleton
	// whole, or null, when the tracker cannot keep it apart; the
	// skeleton's diff then covers it.
	ArrayPaths() []string
	// AppendArrayOps appends the RFC 6902 operations on the arrays kept
	// apart (on their elements, their elements' members, or whole
	// arrays) that turn the view of the Update before the last into that
	// of the last, once the skeleton's patch is applied, separated by
	// commas, with a comma before the first when comma is true. ok is
	// false when it cannot tell (no Update before, another seat, a map of
	// another size).
	AppendArrayOps(buf []byte, comma bool) (out []byte, ok bool)
}

// ViewTrackerMaker is implemented by states whose games have a view
// tracker.
type ViewTrackerMaker interface {
	NewViewTracker() ViewTracker
}

// NewViewTracker returns a tracker for views of states like st, nil when
// its game has none (a server then diffs whole views).
func NewViewTracker(st State) ViewTracker {
	if m, ok := st.(ViewTrackerMaker); ok {
		return m.NewViewTracker()
	}
	return nil
}

// ViewTrackerSibling is implemented by trackers that can share their
// scratch memory with more trackers of the same match: a server keeps
// one per audience of every live match, and the scratch is most of a
// tracker's pointers, which the collector scans at every collection.
// Siblings must be used one at a time (a match's trackers are, by its
// one goroutine).
type ViewTrackerSibling interface {
	// NewSibling returns a tracker, for any audience, that shares the
	// receiver's scratch.
	NewSibling() ViewTracker
}

// NewSiblingTracker returns a tracker for views of states like st: a
// sibling of tr when tr has siblings (ViewTrackerSibling), else as
// NewViewTracker.
func NewSiblingTracker(tr ViewTracker, st State) ViewTracker {
	if s, ok := tr.(ViewTrackerSibling); ok {
		return s.NewSibling()
	}
	return NewViewTracker(st)
}
