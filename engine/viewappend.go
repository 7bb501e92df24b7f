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
