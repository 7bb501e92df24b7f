package gateway

import (
	"bufio"
	"context"
	"net"
	"net/http"
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

// writeBatch writes queued messages in order, corked into as few socket
// writes as maxCork allows, and recycles their buffers; false if a write
// failed.
func (c *conn) writeBatch(batch []outMsg) bool {
	ok := true
	if c.raw == nil || len(batch) == 1 {
		for _, m := range batch {
			ok = ok && c.write(m.b)
			c.recycle(m)
		}
		return ok
	}
	c.raw.cork()
	for _, m := range batch {
		ok = ok && c.ws.Write(context.Background(), websocket.MessageText, m.b) == nil
		c.recycle(m)
		if ok && c.raw.held() >= maxCork {
			ok = c.uncork()
			c.raw.cork()
		}
	}
	return c.uncork() && ok
}

// uncork sends what the corked socket holds within writeTimeout.
func (c *conn) uncork() bool {
	ok := c.raw.SetWriteDeadline(time.Now().Add(writeTimeout)) == nil
	if err := c.raw.uncork(); err != nil {
		ok = false
	}
	_ = c.raw.SetWriteDeadline(time.Time{})
	return ok
}
