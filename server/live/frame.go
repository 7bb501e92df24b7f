package live

import (
	"bytes"
	"encoding/json"
	"time"

	"tabletop/engine"
	"tabletop/server/viewpatch"
)

// FrameStep is one step of a frame: the events of that step as the
// receiving seat may see them (a JSON array of engine.Event). Answer
// texts are never sent, as they could reveal hidden information.
type FrameStep struct {
	Version int             `json:"version"`
	Events  json.RawMessage `json:"events"`
}

// Frame is what one subscriber receives: everything between versions From
// and Version as its seat sees it. Frames share their byte slices, their
// Seats and their Decision; receivers must not modify them.
type Frame struct {
	Seat    engine.Seat     `json:"seat"`
	From    int             `json:"from"`
	Version int             `json:"version"`
	Steps   []FrameStep     `json:"steps"`
	View    json.RawMessage `json:"view"`
	// ViewPatch, when set, is an RFC 6902 JSON Patch turning the view of
	// the previous frame this subscription received into this frame's
	// view ("[]" when the view did not change). It is nil in a
	// subscription's first frame and whenever the whole view is smaller
	// than a patch. A subscription made with SubscribePatches then gets
	// no View; protocol 2 sends the patch instead of the view.
	ViewPatch json.RawMessage `json:"-"`
	// Seats says who plays each seat now (public). A frame with no steps
	// reports a change of seats (leave, idle, rejoin, concede).
	Seats []SeatInfo `json:"seats"`
	// SeatsJSON, when set, is json.Marshal(Seats), shared by the frames
	// of the same seat states: a sender may copy it instead of encoding.
	SeatsJSON json.RawMessage `json:"-"`
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
	// (too slow), stops, or the match ends. It is nil for a subscription
	// made with SubscribeSink.
	C    <-chan Frame
	sink Sink
	seat engine.Seat
	host *Host
	// viewVer is the version of the view the subscriber holds (its last
	// frame's, or a later version's when the view did not change since),
	// -1 before its first frame; sent is the version of its last frame.
	// Only the host goroutine uses them.
	viewVer, sent int
	// patches: the subscriber takes ViewPatch alone when a frame has one
	// (View is then nil).
	patches bool
}

// keeps says whether the subscriber may hold a frame's bytes after taking
// it: a channel's reader may, a Sink copies them before Frame returns.
func (s *Subscription) keeps() bool { return s.C != nil }

// A Sink takes a subscription's frames on the host's goroutine, for a
// subscriber that would otherwise need a goroutine of its own to drain a
// channel (a server with thousands of subscribers: every goroutine and
// every channel buffer is memory each collection scans).
type Sink interface {
	// Frame delivers the next frame without blocking. False means the
	// subscriber cannot take it (too slow): the host drops the
	// subscription, and Closed follows. The subscription's first frame,
	// delivered before SubscribeSink returns, must be taken. f.View,
	// f.ViewPatch and f.Decision (its Answers) are only valid until Frame
	// returns: the host builds the next step's views and decision in
	// their buffers.
	Frame(f Frame) bool
	// Closed says that no frame follows: the subscription was dropped or
	// closed, the host stopped, or the match ended. It is called once.
	Closed()
}

// A Flusher is a Sink (or an [AckSink]) that gathers what the host gives
// it during a step and sends it at once: the host calls Flush on its
// goroutine once the step's acknowledgement and frames have all been
// given. A server's connection writes them to its socket there, without
// waking a goroutine of its own to do it.
type Flusher interface {
	Flush()
}

// flush flushes every subscriber whose sink is a Flusher.
func (h *Host) flush() {
	for s := range h.subs {
		if f, ok := s.sink.(Flusher); ok {
			f.Flush()
		}
	}
}

// chanSink is the Sink of a channel subscription.
type chanSink chan Frame

func (c chanSink) Frame(f Frame) bool {
	select {
	case c <- f:
		return true
	default:
		return false
	}
}

func (c chanSink) Closed() { close(c) }

// Close unsubscribes (best effort: if the host is overloaded the
// subscription ends later, when its subscriber next refuses a frame or
// the host stops).
func (s *Subscription) Close() {
	select {
	case s.host.in <- input{kind: inUnsubscribe, sub: s}:
	default:
	}
}

// seatView is the last view built for an audience (a seat or the
// spectators): its bytes with their index, and the patch to it from the
// view built before. Views are about 20 KB and built for every audience
// after every step, so their buffers are reused when no frame holds them.
//
// With a game's view tracker (engine.ViewTracker) the index is of the
// view's skeleton, the patch is the skeleton's diff plus the tracker's
// array operations, and the whole view is only encoded when a frame needs
// it (a first frame, a protocol 1 client).
type seatView struct {
	ver    int // the version it shows, -1 before the first
	view   json.RawMessage
	doc    viewpatch.Doc   // view (or skeleton) indexed, invalid if indexing failed
	patch  json.RawMessage // from the view of version prev, nil if none
	prev   int
	shared bool   // a frame holds view: its buffer is left to the GC
	spare  []byte // an old view's buffer no frame holds, for the next view
	work   []byte // where patches are built
	// patchShared: a frame that outlives its delivery holds patch, whose
	// buffer is then left to the GC instead of becoming the next work.
	patchShared bool
	tr          engine.ViewTracker
}

// emptyPatch is the patch of a view that did not change.
const emptyPatch = "[]"

// quiet reports whether a frame tells its subscriber nothing: no events
// in its steps, the view unchanged, no decision and no result.
func quiet(f *Frame) bool {
	if f.Decision != nil || f.Result != nil || string(f.ViewPatch) != emptyPatch {
		return false
	}
	for _, st := range f.Steps {
		if len(st.Events) > 0 && string(st.Events) != "[]" {
			return false
		}
	}
	return true
}

// viewOf returns the audience's view at the current version, building it
// (and its patch from the previous one) when it is stale. Views are built
// once per step per audience however many subscribers share it.
func (h *Host) viewOf(seat engine.Seat) *seatView {
	now := h.m.Steps()
	if h.views == nil {
		h.views = map[engine.Seat]*seatView{}
	}
	sv := h.views[seat]
	if sv == nil {
		sv = &seatView{ver: -1, prev: -1, tr: h.newTracker()}
		h.views[seat] = sv
	}
	if sv.ver == now {
		return sv
	}
	if sv.tr != nil {
		if err := sv.tr.Update(h.m.State(), seat); err == nil {
			h.trackedView(sv, now)
			return sv
		} else {
			h.cfg.Logf("live: match %d: view tracker: %v", h.id, err)
			sv.tr, sv.doc = nil, viewpatch.Doc{} // whole views from now on
		}
	}
	b, err := engine.AppendView(sv.buffer(), h.m.State(), seat)
	if err != nil {
		h.cfg.Logf("live: match %d: view: %v", h.id, err)
		b = []byte("null")
	}
	oldDoc, oldVer := sv.doc, sv.ver
	sv.next(now, b)
	if oldDoc.Valid() {
		patch, doc, err := viewpatch.Diff(sv.work[:0], oldDoc, b)
		sv.doc = doc // invalid on an error: the next view is indexed afresh
		if err == nil && len(patch) < len(b) {
			sv.keepPatch(patch, oldVer)
		} else {
			sv.work = patch[:0]
		}
	} else {
		sv.doc, _ = viewpatch.Index(b)
	}
	return sv
}

// newTracker returns a view tracker for another audience: a sibling of
// one the host has, so that the match's trackers share their scratch.
func (h *Host) newTracker() engine.ViewTracker {
	for _, sv := range h.views {
		if sv.tr != nil {
			return engine.NewSiblingTracker(sv.tr, h.m.State())
		}
	}
	return engine.NewViewTracker(h.m.State())
}

// buffer returns a buffer for the next whole view: the spare one when
// there is one.
func (sv *seatView) buffer() []byte {
	if sv.spare != nil {
		return sv.spare[:0]
	}
	return make([]byte, 0, len(sv.view)+len(sv.view)/8+4096)
}

// next makes view (nil: not encoded yet) the audience's view at version
// now, keeping the old view's buffer for reuse when no frame holds it.
func (sv *seatView) next(now int, view []byte) {
	old, oldShared := sv.view, sv.shared
	oldPatch, patchShared := sv.patch, sv.patchShared
	sv.ver, sv.view, sv.shared, sv.patch, sv.prev, sv.spare = now, view, false, nil, -1, nil
	sv.patchShared = false
	if old != nil && !oldShared {
		sv.spare = old[:0]
	}
	if oldPatch != nil && !patchShared && sv.work == nil {
		sv.work = oldPatch[:0]
	}
}

// keepPatch makes patch, built in sv.work, the patch from version prev;
// its buffer is no longer sv.work's, which takes the old patch's when
// next frees it.
func (sv *seatView) keepPatch(patch []byte, prev int) {
	sv.patch, sv.prev, sv.work = patch, prev, nil
}

// trackedView brings sv to version now from its tracker, just updated:
// the patch is the diff of the skeletons with the tracker's array
// operations added.
func (h *Host) trackedView(sv *seatView, now int) {
	oldDoc, oldVer := sv.doc, sv.ver
	sv.next(now, nil)
	// The tracker's own skeleton: it keeps the one oldDoc indexes
	// intact through this Update.
	skel := sv.tr.Skeleton()
	if !oldDoc.Valid() {
		sv.doc, _ = viewpatch.Index(skel)
		return
	}
	patch, doc, err := viewpatch.Diff(sv.work[:0], oldDoc, skel)
	sv.doc = doc // invalid on an error: the next skeleton is indexed afresh
	// A patch that replaces the whole document would replace it with the
	// skeleton: such a step (never seen) gets the whole view.
	if err != nil || bytes.Contains(patch, []byte(`"path":""`)) {
		sv.work = patch[:0]
		return
	}
	merged, ok := sv.tr.AppendArrayOps(patch[:len(patch)-1], len(patch) > 2)
	if ok {
		merged = append(merged, ']')
		if len(merged) < sv.tr.ViewSize() {
			sv.keepPatch(merged, oldVer)
			return
		}
	}
	sv.work = merged[:0]
}

// wholeView returns the view of sv's version, encoding it from the
// tracker the first time a frame needs it.
func (sv *seatView) wholeView() json.RawMessage {
	if sv.view == nil && sv.tr != nil {
		buf := sv.spare
		if n := sv.tr.ViewSize(); cap(buf) < n {
			buf = make([]byte, 0, n+n/4) // views grow as the map is revealed
		}
		sv.view = sv.tr.AppendView(buf[:0])
		sv.spare = nil
	}
	return sv.view
}

// frame builds seat's frame of the steps after version from for sub (nil
// for a request that is not a subscription): with a patch when sub holds
// the view the patch starts from.
func (h *Host) frame(seat engine.Seat, from int, sub *Subscription) Frame {
	st := h.m.State()
	f := Frame{Seat: seat, From: from, Version: h.m.Steps(), Steps: []FrameStep{}, Seats: *h.info.Load(), SeatsJSON: h.seatsJSON}
	if sub != nil && !sub.keeps() {
		// A Sink is done with the frame when Frame returns: its steps
		// go in the host's scratch list, not a new one per frame.
		f.Steps = h.steps[:0]
	}
	a := h.audience(seat)
	for v := from; v < f.Version; v++ {
		f.Steps = append(f.Steps, FrameStep{Version: v + 1, Events: h.hist.at(v+1, a)})
	}
	if sub != nil && !sub.keeps() {
		h.steps = f.Steps[:0]
	}
	sv := h.viewOf(seat)
	if sub != nil {
		switch sub.viewVer {
		case sv.ver:
			f.ViewPatch = json.RawMessage(emptyPatch)
		case sv.prev:
			f.ViewPatch = sv.patch
			sv.patchShared = sv.patchShared || sub.keeps()
		}
	}
	if f.ViewPatch == nil || sub == nil || !sub.patches {
		f.View = sv.wholeView()
		sv.shared = sv.shared || sub == nil || sub.keeps()
	}
	if st.Terminal() {
		r := st.Result()
		f.Result = &r
	} else if d := st.Pending().Seat; d == seat && h.validSeat(seat) && h.seats[seat].bot == nil {
		f.Decision, f.Deadline = h.decision(sub == nil || sub.keeps()), h.dl
	}
	return f
}

// decisionCache is the pending decision's wire form, described once per
// version: every frame that poses it (one per subscription of the
// deciding seat, and each Since) poses the same.
type decisionCache struct {
	ver   int // the version described, -1 for none
	d     *engine.DecisionJSON
	legal []engine.Answer // scratch for State.Legal
	// shared: a frame that outlives its delivery holds d, so the next
	// version is described into a new one.
	shared bool
}

// decision returns the pending decision of the current version, for a
// frame that holds it after its delivery when keep is true.
func (h *Host) decision(keep bool) *engine.DecisionJSON {
	c := &h.dec
	if now := h.m.Steps(); c.d == nil || c.ver != now {
		if c.d == nil || c.shared {
			c.d, c.shared = new(engine.DecisionJSON), false
		}
		c.legal = engine.DescribeDecisionTo(c.d, h.m.State(), c.legal)
		c.ver = now
	}
	c.shared = c.shared || keep
	return c.d
}

// release lets go of the decision's texts once a step's frames are out,
// unless a kept frame holds them. A host keeps its decision between
// steps, and its answer texts (a string per legal answer, up to about a
// hundred) across every live match were a seventh of the objects a busy
// server's collections marked. A later frame of the same version
// describes the decision again.
func (c *decisionCache) release() {
	if c.d == nil || c.shared {
		return
	}
	clear(c.d.Answers[:cap(c.d.Answers)])
	clear(c.d.Chance[:cap(c.d.Chance)])
	*c.d = engine.DecisionJSON{Answers: c.d.Answers[:0], Chance: c.d.Chance[:0]}
	c.ver = -1
}

// broadcast sends every subscriber its frame of the steps after from. A
// subscriber that refuses it is dropped.
func (h *Host) broadcast(from int, answerer engine.Seat) {
	for s := range h.subs {
		f := h.frame(s.seat, min(from, s.sent), s)
		if s.seat != answerer && !h.dirty && quiet(&f) {
			// The steps showed this seat nothing: they go with its next
			// frame, which starts where its last one ended. A third of the
			// frames under load were such, and a frame costs the server a
			// write to the socket (docs/performance.md, round 11).
			s.viewVer = f.Version
			continue
		}
		if s.sink.Frame(f) {
			s.viewVer, s.sent = f.Version, f.Version
			continue
		}
		delete(h.subs, s)
		s.sink.Closed()
	}
	h.dec.release()
	h.flush()
}
