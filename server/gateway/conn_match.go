package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"tabletop/engine"
	"tabletop/server/live"
	"tabletop/store"
)

// watch is one match whose frames a connection receives.
type watch struct {
	cancel context.CancelFunc
	done   chan struct{}
}

// subscribe starts a match's frames for this connection: with view
// patches in protocol 2.
func (c *conn) subscribe(ctx context.Context, e *hosted, seat engine.Seat, since int) (*live.Subscription, error) {
	if c.protocol.Load() >= 2 {
		return e.host.SubscribePatches(ctx, seat, since)
	}
	return e.host.Subscribe(ctx, seat, since)
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
	sub, err := c.subscribe(ctx, e, seat, m.Since)
	if err != nil {
		return nil, nil, err
	}
	c.unwatch(m.Match)
	wctx, cancel := context.WithCancel(c.ctx)
	w := &watch{cancel: cancel, done: make(chan struct{})}
	c.mu.Lock()
	c.watches[m.Match] = w
	c.mu.Unlock()
	data := map[string]any{
		"match": m.Match, "seat": seat, "game": e.game,
		"players": len(e.accounts), "seats": e.seats(),
	}
	return data, func() { go c.forward(wctx, w, m.Match, e, seat, sub, m.Since) }, nil
}

// forward copies a subscription's frames to the connection. When the host
// drops the subscription (the connection was too slow) it subscribes
// again from the last version sent, so no step is ever skipped; when the
// match ends without the client having its result, it pushes "unwatched".
func (c *conn) forward(ctx context.Context, w *watch, id store.MatchID, e *hosted, seat engine.Seat, sub *live.Subscription, last int) {
	defer close(w.done)
	defer func() { sub.Close() }()
	over := false
	for {
		select {
		case <-ctx.Done():
			return
		case f, ok := <-sub.C:
			if !ok {
				if over || ctx.Err() != nil {
					return
				}
				select {
				case <-e.host.Done():
					reason := "over"
					if c.s.draining.Load() {
						reason = "stopped"
					}
					c.offer(mustPush("unwatched", map[string]any{"match": id, "reason": reason}))
					return
				default:
				}
				next, err := c.subscribe(ctx, e, seat, last)
				if err != nil {
					c.offer(mustPush("unwatched", map[string]any{"match": id, "reason": "over"}))
					return
				}
				sub = next
				continue
			}
			patches := c.protocol.Load() >= 2
			b, err := appendFrame(c.s.frames.get(frameSize(&f, patches)), id, &f, patches)
			if err != nil {
				c.s.log.Error("frame: encode", "match", id, "err", err)
				return
			}
			if !c.sendMsg(ctx, outMsg{b: b, pooled: true}) {
				c.s.frames.put(b)
				return
			}
			last = f.Version
			if f.Result != nil {
				over = true
			}
		}
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
		w.cancel()
		<-w.done
	}
}

// stopWatches ends every watch (the connection is closing).
func (c *conn) stopWatches() {
	c.mu.Lock()
	ws := c.watches
	c.watches = map[store.MatchID]*watch{}
	c.mu.Unlock()
	for _, w := range ws {
		w.cancel()
		<-w.done
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
	ack, err := e.host.Submit(ctx, seat, m.Version, m.Answer)
	if err != nil {
		return nil, err
	}
	c.s.metrics.answer.Observe(time.Since(start).Seconds())
	return answerAck{Now: ack.Now, Version: ack.Version}, nil
}

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
