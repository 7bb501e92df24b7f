package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"tabletop/engine"
	"tabletop/server/live"
	"tabletop/store"
)

// watch is one match whose frames a connection receives: the sink of its
// subscription (live.Sink), called on the match's goroutine, which encodes
// each frame and queues it on the connection.
type watch struct {
	c    *conn
	id   store.MatchID
	e    *hosted
	seat engine.Seat

	mu      sync.Mutex
	sub     *live.Subscription
	started bool     // the watch reply is queued: frames go to the connection
	held    []outMsg // frames before that
	stopped bool     // unwatched: frames are refused, none is queued any more
	last    int      // the version of the last frame queued
	over    bool     // a frame with the result was queued
	first   bool     // the next frame is a subscription's first: always taken
}

// subscribe starts the match's frames for this watch: with view patches
// in protocol 2.
func (w *watch) subscribe(ctx context.Context, since int) (*live.Subscription, error) {
	w.mu.Lock()
	w.first = true
	w.mu.Unlock()
	return w.e.host.SubscribeSink(ctx, w.seat, since, w.c.protocol.Load() >= PatchProtocol, w)
}

// frameSize guesses a frame push's size, to allocate it once.
func frameSize(f *live.Frame, patches bool) int {
	n := 512 + len(f.View)
	if patches && f.ViewPatch != nil {
		n = 512 + len(f.ViewPatch)
	}
	for _, s := range f.Steps {
		n += len(s.Events) + 32
	}
	return n
}

// hostedOr returns the hosted match, or the refusal for one that is not
// hosted: not_found when the store does not know it, not_live otherwise.
func (c *conn) hostedOr(ctx context.Context, id store.MatchID) (*hosted, error) {
	if e := c.s.mgr.get(id); e != nil {
		return e, nil
	}
	if _, err := c.s.cfg.Store.Match(ctx, id); errors.Is(err, store.ErrNotFound) {
		return nil, errorf(CodeNotFound, "no match %d", id)
	}
	return nil, errorf(CodeNotLive, "match %d is not being played (it is over: GET /api/matches/%d)", id, id)
}

// watch subscribes the connection to a match as the account's seat, or
// as a spectator if it has none. The frames start after the reply.
func (c *conn) watch(ctx context.Context, m Message) (any, func(), error) {
	e, err := c.hostedOr(ctx, m.Match)
	if err != nil {
		return nil, nil, err
	}
	seat, ok := e.seatOf(c.accountID())
	if !ok {
		seat = engine.Spectator
	}
	w := &watch{c: c, id: m.Match, e: e, seat: seat, last: m.Since}
	sub, err := w.subscribe(ctx, m.Since)
	if err != nil {
		return nil, nil, err
	}
	c.unwatch(m.Match)
	w.mu.Lock()
	w.sub = sub
	w.mu.Unlock()
	c.mu.Lock()
	c.watches[m.Match] = w
	c.mu.Unlock()
	data := map[string]any{
		"match": m.Match, "seat": seat, "game": e.game,
		"players": len(e.accounts), "seats": e.seats(),
	}
	return data, w.start, nil
}

// Frame implements live.Sink: it encodes f and queues it, or holds it
// until the watch reply is queued. A full queue refuses it: the host then
// drops the subscription, and Closed subscribes again from the last
// version queued, so no step is ever skipped.
func (w *watch) Frame(f live.Frame) bool {
	c := w.c
	patches := c.protocol.Load() >= PatchProtocol
	b, err := appendFrame(c.s.frames.get(frameSize(&f, patches)), w.id, &f, patches)
	if err != nil {
		c.s.log.Error("frame: encode", "match", w.id, "err", err)
		c.s.frames.put(b)
		return false
	}
	m := outMsg{b: b, pooled: true}
	w.mu.Lock()
	defer w.mu.Unlock()
	switch {
	case w.stopped:
		c.recycle(m)
		return false
	case !w.started:
		w.held = append(w.held, m)
	case !c.pushLater(m, w.first): // the host calls Flush after the step
		return false
	}
	w.first = false
	w.last = f.Version
	if f.Result != nil {
		w.over = true
	}
	return true
}

// Flush implements live.Flusher: the step's frames go out.
func (w *watch) Flush() { w.c.flush() }

// start queues the frames held until the watch reply was queued.
func (w *watch) start() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.started = true
	for _, m := range w.held {
		w.c.push(m, true) // the first frames of a watch: one of a kind
	}
	w.held = nil
}

// Closed implements live.Sink. When the host dropped a subscriber that
// was too slow, the watch subscribes again once the connection's queue
// has room; when the match ended without the client having its result,
// it pushes "unwatched".
func (w *watch) Closed() {
	w.mu.Lock()
	done := w.stopped || w.over
	w.mu.Unlock()
	if !done {
		go w.resubscribe()
	}
}

func (w *watch) resubscribe() {
	c := w.c
	select {
	case <-w.e.host.Done():
		reason := "over"
		if c.s.draining.Load() {
			reason = "stopped"
		}
		w.unwatched(reason)
		return
	default:
	}
	if !c.waitRoom(c.ctx) {
		return
	}
	w.mu.Lock()
	last := w.last
	w.mu.Unlock()
	sub, err := w.subscribe(c.ctx, last)
	if err != nil {
		w.unwatched("over")
		return
	}
	w.mu.Lock()
	w.sub = sub
	stopped := w.stopped
	w.mu.Unlock()
	if stopped {
		sub.Close()
	}
}

// unwatched tells the client that the watch ended, unless it was
// unwatched meanwhile.
func (w *watch) unwatched(reason string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.stopped {
		w.stopped = true
		w.c.offer(mustPush("unwatched", map[string]any{"match": w.id, "reason": reason}))
	}
}

// stop ends the watch: once it returns, none of its frames is queued.
func (w *watch) stop() {
	w.mu.Lock()
	w.stopped = true
	sub := w.sub
	for _, m := range w.held {
		w.c.recycle(m)
	}
	w.held = nil
	w.mu.Unlock()
	if sub != nil {
		sub.Close()
	}
}

func mustPush(typ string, data any) []byte {
	b, _ := json.Marshal(pushMessage{Type: typ, Data: data})
	return b
}

// unwatch stops a match's frames on this connection.
func (c *conn) unwatch(id store.MatchID) {
	c.mu.Lock()
	w := c.watches[id]
	delete(c.watches, id)
	c.mu.Unlock()
	if w != nil {
		w.stop()
	}
}

// stopWatches ends every watch (the connection is closing).
func (c *conn) stopWatches() {
	c.mu.Lock()
	ws := c.watches
	c.watches = map[store.MatchID]*watch{}
	c.mu.Unlock()
	for _, w := range ws {
		w.stop()
	}
}

// seat returns the hosted match and the account's seat in it, or the
// refusal: only seats bound to the account may be acted for.
func (c *conn) seat(ctx context.Context, id store.MatchID) (*hosted, engine.Seat, error) {
	e, err := c.hostedOr(ctx, id)
	if err != nil {
		return nil, 0, err
	}
	seat, ok := e.seatOf(c.accountID())
	if !ok {
		return nil, 0, errorf(CodeNotInMatch, "you have no seat in match %d", id)
	}
	return e, seat, nil
}

// answer submits an answer for the account's seat and replies once it
// is durable.
func (c *conn) answer(ctx context.Context, m Message) (any, error) {
	e, seat, err := c.seat(ctx, m.Match)
	if err != nil {
		return nil, err
	}
	start := time.Now()
	var acks live.AckSink
	var note *ackNote
	if m.ID != 0 {
		note = &ackNote{c: c, id: m.ID}
		acks = note
	}
	ack, err := e.host.SubmitAck(ctx, seat, m.Version, m.Answer, acks)
	// The host queued the acknowledgement (even if this wait ended first):
	// it is the reply.
	hostReplied := note != nil && !note.state.CompareAndSwap(ackPending, ackByReader)
	if err != nil && !hostReplied {
		return nil, err
	}
	c.s.metrics.answer.Observe(time.Since(start).Seconds())
	if hostReplied {
		return replied{}, nil
	}
	return answerAck{Now: ack.Now, Version: ack.Version}, nil
}

// ackNote is an answer's live.AckSink: the match's goroutine queues the
// acknowledgement ahead of the step's frames and writes them together
// (conn.flush), unless the reader, whose Submit ended first (its time
// ran out), already answered with what it knew.
type ackNote struct {
	c     *conn
	id    int64
	state atomic.Int32
}

// The states of an ackNote: who replies.
const (
	ackPending  = iota
	ackByHost   // the host queued the acknowledgement
	ackByReader // the reader replies (the refusal, or a timeout)
)

func (a *ackNote) Ack(ack live.Ack) {
	if a.state.CompareAndSwap(ackPending, ackByHost) {
		// Forced: the acknowledgement of a durable answer is never dropped.
		a.c.pushLater(outMsg{b: appendAckReply(a.c.s.frames.get(80), a.id, answerAck{Now: ack.Now, Version: ack.Version}), pooled: true}, true)
	}
}

func (a *ackNote) Flush() { a.c.flush() }

// replied is the data of a request whose reply was queued already.
type replied struct{}

// answerAck is the reply to answer. A struct rather than a map, which
// encoding/json sorts on every reply: its fields are in that order, so the
// bytes are the same.
type answerAck struct {
	Now     int `json:"now"`
	Version int `json:"version"`
}

// seatAction is leave, rejoin or concede for the account's seat.
func (c *conn) seatAction(ctx context.Context, m Message) error {
	e, seat, err := c.seat(ctx, m.Match)
	if err != nil {
		return err
	}
	id := c.accountID()
	switch m.Type {
	case "leave":
		err = e.host.Leave(ctx, seat)
	case "concede":
		err = e.host.Concede(ctx, seat)
	case "rejoin":
		err = e.host.Join(ctx, seat)
	}
	if err != nil {
		return err
	}
	if c.s.lobby != nil {
		if m.Type == "rejoin" {
			c.s.lobby.SetPlaying(id, m.Match)
		} else {
			c.s.lobby.ClearPlaying(id)
		}
	}
	c.s.log.Info("seat "+m.Type, "match", m.Match, "seat", seat, "account", id)
	return nil
}
