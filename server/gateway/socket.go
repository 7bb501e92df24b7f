package gateway

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"runtime"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// The socket under a WebSocket connection. The gateway keeps the
// connection the WebSocket library hijacks for two reasons, both measured
// in the server's profile under load (docs/performance.md, "Server load"):
//
//   - Writes are bounded by the socket's write deadline instead of a
//     context per write, which cost a timer and a callback registration in
//     the library for every message (four frames per answer).
//   - Messages queued together go out in one system call: the writer
//     "corks" the socket, lets the library write each message's frame into
//     a buffer, and sends the buffer at once. An answer's acknowledgement
//     and the frame of its step usually leave together.

// maxCork bounds the bytes gathered before the socket is written.
const maxCork = 64 << 10

// hijackRecorder hands the WebSocket library a corkConn in place of the
// connection net/http hijacks, and keeps it.
type hijackRecorder struct {
	http.ResponseWriter
	conn *corkConn
}

func (h *hijackRecorder) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	c, brw, err := http.NewResponseController(h.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, err
	}
	if err := brw.Writer.Flush(); err != nil { // anything net/http left (nothing, normally)
		c.Close()
		return nil, nil, err
	}
	h.conn = &corkConn{Conn: c}
	// The library resets brw.Writer onto the connection it is given.
	return h.conn, brw, nil
}

// corkConn is a connection whose writes can be held back and sent in one
// go. Writes from any goroutine (the library's pongs and close frames too)
// keep their order.
type corkConn struct {
	net.Conn
	mu     sync.Mutex
	corked bool
	buf    []byte
}

func (c *corkConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.corked {
		c.buf = append(c.buf, p...)
		return len(p), nil
	}
	return c.Conn.Write(p)
}

func (c *corkConn) cork() {
	c.mu.Lock()
	c.corked = true
	c.mu.Unlock()
}

// uncork writes what was held back and lets writes through again.
func (c *corkConn) uncork() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.corked = false
	if len(c.buf) == 0 {
		return nil
	}
	_, err := c.Conn.Write(c.buf)
	if cap(c.buf) > maxCork {
		c.buf = nil // a rare large batch does not pin its buffer
	} else {
		c.buf = c.buf[:0]
	}
	return err
}

// held returns how many bytes are held back.
func (c *corkConn) held() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.buf)
}

// write writes one message within writeTimeout: through the socket's
// write deadline, set for the write and cleared after it (so that the
// library's own control frames, which bring their own time limits, never
// meet a stale one), when the socket is known.
func (c *conn) write(b []byte) bool {
	if c.raw == nil {
		ctx, cancel := context.WithTimeout(context.Background(), writeTimeout)
		defer cancel()
		return c.ws.Write(ctx, websocket.MessageText, b) == nil
	}
	if c.raw.SetWriteDeadline(time.Now().Add(writeTimeout)) != nil {
		return false
	}
	err := c.ws.Write(context.Background(), websocket.MessageText, b)
	_ = c.raw.SetWriteDeadline(time.Time{})
	return err == nil
}

// writeMsg writes one queued message and recycles its buffer if pooled.
func (c *conn) writeMsg(m outMsg) bool {
	ok := c.write(m.b)
	if m.pooled {
		c.s.frames.put(m.b)
	}
	return ok
}

// writeQueued writes m and, corked into one socket write, the messages
// queued behind it (up to maxCork bytes); false if a write failed.
//
// A message alone in the queue first lets the goroutines that are ready
// run (one yield): the acknowledgement of an answer is queued a moment
// before the frame of its step, by another goroutine, and they should
// leave together.
func (c *conn) writeQueued(m outMsg) bool {
	if c.raw != nil && len(c.out) == 0 {
		runtime.Gosched()
	}
	if c.raw == nil || len(c.out) == 0 {
		return c.writeMsg(m)
	}
	c.raw.cork()
	ok := c.ws.Write(context.Background(), websocket.MessageText, m.b) == nil
	if m.pooled {
		c.s.frames.put(m.b)
	}
	for ok && len(c.out) > 0 && c.raw.held() < maxCork {
		m = <-c.out // only this goroutine receives: it is there
		ok = c.ws.Write(context.Background(), websocket.MessageText, m.b) == nil
		if m.pooled {
			c.s.frames.put(m.b)
		}
	}
	if c.raw.SetWriteDeadline(time.Now().Add(writeTimeout)) != nil {
		ok = false
	}
	if err := c.raw.uncork(); err != nil {
		ok = false
	}
	_ = c.raw.SetWriteDeadline(time.Time{})
	return ok
}
