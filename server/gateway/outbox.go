package gateway

import (
	"context"
	"time"

	"github.com/gobwas/ws"
)

// A connection's outgoing messages wait in a queue that a writer
// goroutine drains. The writer runs only while there is something to
// write: a connection of a live match gets a frame or two a second, and
// an idle goroutine per connection, with a channel buffer of outQueue
// messages, was the largest share of what each garbage collection scans
// (docs/performance.md, "Server load", round 4). A live match's goroutine
// does not wake it: it queues a step's messages with pushLater and writes
// them itself with flush, unless the socket is not ready for them.

// outbox is a connection's queue; its fields are guarded by conn.outMu.
type outbox struct {
	q       []outMsg
	spare   []outMsg      // the last batch's slice, reused for the next queue
	writing bool          // a writer goroutine runs
	closing bool          // close asked for: the writer ends with the close frame
	dead    bool          // the writer has ended: nothing more is written
	room    chan struct{} // closed once the queue has room; nil if nobody waits
	max     int           // messages it holds (outQueue; tests set less)
}

// push queues m without blocking: false when the queue is full (unless
// force) or the connection is gone, m's buffer then recycled.
func (c *conn) push(m outMsg, force bool) bool { return c.enqueue(m, force, true) }

// pushLater queues m like push, but starts no writer: the caller, a
// match's goroutine giving the connection an acknowledgement and frames
// of one step, calls flush once it has given them all.
func (c *conn) pushLater(m outMsg, force bool) bool { return c.enqueue(m, force, false) }

func (c *conn) enqueue(m outMsg, force, wake bool) bool {
	c.outMu.Lock()
	ob := &c.ob
	if ob.dead || !force && len(ob.q) >= ob.max {
		c.outMu.Unlock()
		c.recycle(m)
		return false
	}
	ob.q = append(ob.q, m)
	if wake {
		c.wakeWriter()
	}
	c.outMu.Unlock()
	return true
}

// flush writes what is queued when no writer runs: on the calling
// goroutine if the socket takes it all at once, else what is left through
// the writer. A live match's step used to wake a writer goroutine per
// connection, which waited its turn on the core once to start and once
// more after yielding for the step's acknowledgement: under load most
// of an answer's latency was those waits in the run queue
// (docs/performance.md, round 10).
func (c *conn) flush() {
	c.outMu.Lock()
	ob := &c.ob
	if ob.writing || ob.dead || len(ob.q) == 0 {
		c.outMu.Unlock()
		return
	}
	if ob.closing || c.raw == nil || c.raw.rc == nil {
		c.wakeWriter()
		c.outMu.Unlock()
		return
	}
	batch := ob.q
	ob.q, ob.spare = ob.spare[:0], nil
	ob.writing = true
	if ob.room != nil {
		close(ob.room)
		ob.room = nil
	}
	c.outMu.Unlock()

	buf := appendFrames(c.s.wire.get(0), batch)
	wrote := c.raw.tryWrite(buf)
	c.s.wire.put(buf)
	if wrote {
		for _, m := range batch {
			c.recycle(m)
		}
		clear(batch)
	}

	c.outMu.Lock()
	switch {
	case !wrote: // the batch goes back, ahead of anything queued since
		ob.q = append(batch, ob.q...)
	case cap(batch) <= ob.max && ob.spare == nil:
		ob.spare = batch[:0]
	}
	if len(ob.q) > 0 || ob.closing || c.raw.hasRest.Load() {
		go c.writeLoop() // ob.writing stays true: it is this writer's
	} else {
		ob.writing = false
	}
	c.outMu.Unlock()
}

// wakeWriter starts the writer if none runs; outMu held.
func (c *conn) wakeWriter() {
	if !c.ob.writing {
		c.ob.writing = true
		go c.writeLoop()
	}
}

// offer queues a message without blocking; false if the queue is full.
func (c *conn) offer(b []byte) bool {
	select {
	case <-c.closing:
		return true // going away anyway
	default:
	}
	return c.push(outMsg{b: b}, false)
}

// send queues a message, waiting while the queue is full, until ctx ends
// or the connection closes; false if it was not queued.
func (c *conn) send(ctx context.Context, b []byte) bool {
	m := outMsg{b: b}
	return c.whenRoom(ctx, func() bool { return len(c.ob.q) < c.ob.max }, &m)
}

// sendPooled is send for a buffer from the server's frame pool, which
// goes back to the pool once written (or refused).
func (c *conn) sendPooled(ctx context.Context, b []byte) bool {
	m := outMsg{b: b, pooled: true}
	if !c.whenRoom(ctx, func() bool { return len(c.ob.q) < c.ob.max }, &m) {
		c.recycle(m)
		return false
	}
	return true
}

// waitRoom waits until the queue is at most half full, the connection
// closes or ctx ends; false in the last two cases.
func (c *conn) waitRoom(ctx context.Context) bool {
	return c.whenRoom(ctx, func() bool { return len(c.ob.q) <= c.ob.max/2 }, nil)
}

// whenRoom waits until room (called with outMu held) holds, then queues
// m if not nil; false if the connection is gone or closes, or ctx ends,
// first.
func (c *conn) whenRoom(ctx context.Context, room func() bool, m *outMsg) bool {
	for {
		c.outMu.Lock()
		if c.ob.dead {
			c.outMu.Unlock()
			return false
		}
		if room() {
			if m != nil {
				c.ob.q = append(c.ob.q, *m)
				c.wakeWriter()
			}
			c.outMu.Unlock()
			return true
		}
		wait := c.roomLocked()
		c.outMu.Unlock()
		select {
		case <-wait:
		case <-c.closing:
			return false
		case <-ctx.Done():
			return false
		}
	}
}

// roomLocked returns the channel closed when the writer next empties the
// queue; outMu held.
func (c *conn) roomLocked() chan struct{} {
	if c.ob.room == nil {
		c.ob.room = make(chan struct{})
	}
	return c.ob.room
}

// recycle returns a pooled message's buffer.
func (c *conn) recycle(m outMsg) {
	if m.pooled {
		c.s.frames.put(m.b)
	}
}

// writeLoop writes what is queued, in batches, and returns when the
// queue is empty; once close is asked for, it flushes the queue and
// sends the close frame.
func (c *conn) writeLoop() {
	for {
		c.outMu.Lock()
		ob := &c.ob
		// The end of a frame that flush began is written first thing by
		// the next batch, even an empty one (writeMessages).
		if len(ob.q) == 0 && (c.raw == nil || !c.raw.hasRest.Load()) {
			if ob.closing {
				ob.dead = true
				c.outMu.Unlock()
				c.closeSocket()
				c.cancelCtx()
				close(c.writerDone)
				return
			}
			ob.writing = false
			c.outMu.Unlock()
			return
		}
		batch := ob.q
		ob.q, ob.spare = ob.spare[:0], nil
		if ob.room != nil {
			close(ob.room)
			ob.room = nil
		}
		c.outMu.Unlock()

		ok := c.writeBatch(batch)
		clear(batch) // the buffers are recycled or left to their owners
		c.outMu.Lock()
		if cap(batch) <= ob.max {
			ob.spare = batch[:0]
		}
		if !ok {
			ob.dead = true
			rest := ob.q
			ob.q = nil
			c.outMu.Unlock()
			for _, m := range rest {
				c.recycle(m)
			}
			c.close(ws.StatusGoingAway, "write failed")
			if c.raw != nil {
				_ = c.raw.Close()
			}
			c.cancelCtx()
			close(c.writerDone)
			return
		}
		c.outMu.Unlock()
	}
}

// close starts closing the connection: the writer flushes what is
// queued, then sends the close frame. Only the first call counts.
func (c *conn) close(code ws.StatusCode, reason string) {
	c.closeOnce.Do(func() {
		c.closeCode, c.closeReason = code, reason
		close(c.closing)
		c.outMu.Lock()
		c.ob.closing = true
		if !c.ob.dead {
			c.wakeWriter()
		}
		c.outMu.Unlock()
	})
}

// closeWait is how long the writer waits for the client's close frame
// after sending its own before it closes the socket.
const closeWait = 5 * time.Second

// closeSocket ends the close handshake (RFC 6455, 7.1.1): the close
// frame, then the client's (the read loop reads it, or has stopped
// reading), then the socket.
func (c *conn) closeSocket() {
	if c.raw == nil {
		return
	}
	_ = c.raw.writeClose(c.closeCode, c.closeReason)
	if c.readDone != nil {
		t := time.NewTimer(closeWait)
		select {
		case <-c.readDone:
		case <-t.C:
		}
		t.Stop()
	}
	_ = c.raw.Close()
}
