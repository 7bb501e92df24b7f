package live

import (
	"encoding/json"
	"time"

	"tabletop/engine"
)

// FrameStep is one step of a frame: the events of that step as the
// receiving seat may see them (a JSON array of engine.Event). Answer
// texts are never sent, as they could reveal hidden information.
type FrameStep struct {
	Version int             `json:"version"`
	Events  json.RawMessage `json:"events"`
}

// Frame is what one subscriber receives: everything between versions From
// and Version as its seat sees it. Frames share their byte slices and
// their Seats; receivers must not modify them.
type Frame struct {
	Seat    engine.Seat     `json:"seat"`
	From    int             `json:"from"`
	Version int             `json:"version"`
	Steps   []FrameStep     `json:"steps"`
	View    json.RawMessage `json:"view"`
	// Seats says who plays each seat now (public). A frame with no steps
	// reports a change of seats (leave, idle, rejoin, concede).
	Seats []SeatInfo `json:"seats"`
	// Decision is set only when the pending decision is this seat's and
	// its human plays it (not a stand-in).
	Decision *engine.DecisionJSON `json:"decision,omitempty"`
	// Deadline is the decision's deadline, zero for none.
	Deadline time.Time `json:"deadline,omitzero"`
	// Result is set once the match is over.
	Result *engine.Result `json:"result,omitempty"`
}

// Subscription receives the frames of one seat (or engine.Spectator).
type Subscription struct {
	// C delivers frames; it is closed when the host drops the subscriber
	// (too slow), stops, or the match ends.
	C    <-chan Frame
	c    chan Frame
	seat engine.Seat
	host *Host
}

// Close unsubscribes (best effort: if the host is overloaded the channel
// is closed later, when the host next finds it full or stops).
func (s *Subscription) Close() {
	select {
	case s.host.in <- input{kind: inUnsubscribe, sub: s}:
	default:
	}
}

// frame builds seat's frame of the steps after version from.
func (h *Host) frame(seat engine.Seat, from int) Frame {
	st := h.m.State()
	f := Frame{Seat: seat, From: from, Version: h.m.Steps(), Steps: []FrameStep{}, Seats: *h.info.Load()}
	a := h.audience(seat)
	for v := from; v < f.Version; v++ {
		f.Steps = append(f.Steps, FrameStep{Version: v + 1, Events: h.hist[v][a]})
	}
	if h.views == nil {
		h.views = map[engine.Seat]json.RawMessage{}
	}
	view, ok := h.views[seat]
	if !ok {
		b, err := json.Marshal(st.View(seat))
		if err != nil {
			h.cfg.Logf("live: match %d: view: %v", h.id, err)
			b = []byte("null")
		}
		view, h.views[seat] = b, b
	}
	f.View = view
	if st.Terminal() {
		r := st.Result()
		f.Result = &r
	} else if d := st.Pending().Seat; d == seat && h.validSeat(seat) && h.seats[seat].bot == nil {
		dj := engine.DescribeDecision(st)
		f.Decision, f.Deadline = &dj, h.dl
	}
	return f
}

// broadcast sends every subscriber its frame of the steps after from. A
// subscriber with a full channel is dropped.
func (h *Host) broadcast(from int) {
	h.views = nil
	for s := range h.subs {
		select {
		case s.c <- h.frame(s.seat, from):
		default:
			delete(h.subs, s)
			close(s.c)
		}
	}
}
