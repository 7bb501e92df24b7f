package gateway

import (
	"bufio"
	"context"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/coder/websocket"
)

// The socket under a WebSocket connection. The gateway keeps the
// connection the WebSocket library hijacks and writes its messages' data
// frames itself; the library still does the handshake, reads, and its
// control frames (pings, pongs, close). Measured in the server's profile
// under load (docs/performance.md, "Server load"):
//
//   - Writes are bounded by the socket's write deadline instead of a
//     context per write, which cost a timer and a callback registration in
//     the library for every message (four frames per answer).
//   - Messages queued together go out in one system call. An answer's
//     acknowledgement and the frame of its step usually leave together.
//   - The library's write path (two channel-based locks, a bufio writer
//     and its flush per message) cost a quarter as much as the write
//     system calls themselves. A server's data frame is the simplest of
//     frames: FIN, opcode, length, payload, no mask (RFC 6455, 5.2).

// maxCork bounds the bytes gathered before the socket is written.
const maxCork = 64 << 10

// hijackRecorder hands the WebSocket library a sharedConn in place of the
// connection net/http hijacks, and keeps it.
type hijackRecorder struct {
	http.ResponseWriter
	conn *sharedConn
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
	h.conn = &sharedConn{Conn: c}
	if sc, ok := c.(syscall.Conn); ok { // a TCP socket; not under TLS
		if rc, err := sc.SyscallConn(); err == nil {
			h.conn.rc = rc
		}
	}
	// The library resets brw.Writer onto the connection it is given.
	return h.conn, brw, nil
}

// sharedConn is the socket shared by the library's control frames and the
// gateway's data frames. Each write holds its lock, so frames never
// interleave: the library writes a control frame (at most 139 bytes) in
// one Write, through a bufio writer it flushes after every frame.
//
// A tryWrite the socket took only part of leaves the socket in the middle
// of a frame: the rest waits in rest, and whoever writes next (the
// writer goroutine, or the library for a control frame) writes it first.
type sharedConn struct {
	net.Conn
	rc        syscall.RawConn // the socket's, for tryWrite; nil if it is none
	mu        sync.Mutex
	closeSent bool        // the library wrote a close frame: no data frame may follow
	rest      []byte      // the unwritten end of tryWrite's bytes
	hasRest   atomic.Bool // len(rest) > 0, readable without mu
	// The write tryWrite is making (mu held): its bytes, how many went,
	// and writeSome as a func value made once, since a closure passed to
	// RawConn.Write is allocated at every write.
	wb      []byte
	wn      int
	writeFn func(fd uintptr) bool
}

func (c *sharedConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := c.writeRest(); err != nil {
		return 0, err
	}
	if len(p) > 0 && p[0]&0x0f == opClose {
		c.closeSent = true
	}
	return c.Conn.Write(p)
}

// writeRest writes what tryWrite left; mu held.
func (c *sharedConn) writeRest() error {
	if len(c.rest) == 0 {
		return nil
	}
	_, err := c.Conn.Write(c.rest)
	c.rest = nil // rare: not worth keeping a buffer per connection
	c.hasRest.Store(false)
	return err
}

// WebSocket frame bits (RFC 6455, 5.2).
const (
	finText = 0x81 // FIN and opcode text
	opClose = 0x8
)

// appendTextHeader appends the header of a final, unmasked text frame of
// n bytes.
func appendTextHeader(b []byte, n int) []byte {
	switch {
	case n < 126:
		return append(b, finText, byte(n))
	case n <= 0xffff:
		return append(b, finText, 126, byte(n>>8), byte(n))
	default:
		return append(b, finText, 127,
			byte(n>>56), byte(n>>48), byte(n>>40), byte(n>>32),
			byte(n>>24), byte(n>>16), byte(n>>8), byte(n))
	}
}

// writeMessages writes msgs as text frames, gathered in buf (scratch,
// returned for reuse) into one system call per maxCork bytes.
func (c *sharedConn) writeMessages(msgs []outMsg, buf []byte) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closeSent {
		return buf, net.ErrClosed
	}
	buf = append(buf[:0], c.rest...)
	c.rest = nil
	c.hasRest.Store(false)
	for _, m := range msgs {
		buf = appendTextHeader(buf, len(m.b))
		buf = append(buf, m.b...)
		if len(buf) >= maxCork {
			if _, err := c.Conn.Write(buf); err != nil {
				return buf, err
			}
			buf = buf[:0]
		}
	}
	if len(buf) == 0 {
		return buf, nil
	}
	_, err := c.Conn.Write(buf)
	return buf, err
}

// appendFrames appends msgs as text frames to buf.
func appendFrames(buf []byte, msgs []outMsg) []byte {
	for _, m := range msgs {
		buf = appendTextHeader(buf, len(m.b))
		buf = append(buf, m.b...)
	}
	return buf
}

// tryWrite writes b, whole frames, as far as the socket takes it at once,
// without waiting for it. It reports false when it wrote nothing: the
// socket is not one it can write so (no RawConn), a control frame is
// being written, the close frame went, something is left from before, or
// the write failed; the caller's writer goroutine then writes b, and
// meets any error itself. When the socket took part of b, the rest is
// kept (rest) for the next write, which the caller must start.
func (c *sharedConn) tryWrite(b []byte) bool {
	if c.rc == nil || !c.mu.TryLock() {
		return false
	}
	defer c.mu.Unlock()
	if c.closeSent || len(c.rest) > 0 {
		return false
	}
	if c.writeFn == nil {
		c.writeFn = c.writeSome
	}
	c.wb, c.wn = b, 0
	_ = c.rc.Write(c.writeFn)
	n := c.wn
	c.wb = nil
	if n == 0 {
		return false
	}
	if n < len(b) {
		c.rest = append([]byte(nil), b[n:]...)
		c.hasRest.Store(true)
	}
	return true
}

// writeSome writes wb from wn on as far as the socket takes it, for
// tryWrite. It returns true, "done", so that RawConn.Write never parks
// the goroutine to wait for the socket (EAGAIN ends the loop).
func (c *sharedConn) writeSome(fd uintptr) bool {
	for c.wn < len(c.wb) {
		m, err := syscall.Write(int(fd), c.wb[c.wn:])
		if err == syscall.EINTR {
			continue
		}
		if err != nil || m <= 0 {
			break
		}
		c.wn += m
	}
	return true
}

// writeBatch writes queued messages in order, in as few socket writes as
// maxCork allows, within writeTimeout (the socket's write deadline, set
// for the batch and cleared after it, so that the library's own control
// frames, which bring their own time limits, never meet a stale one),
// and recycles their buffers; false if a write failed.
func (c *conn) writeBatch(batch []outMsg) bool {
	ok := true
	if c.raw == nil { // not a hijacked socket (tests): through the library
		for _, m := range batch {
			ctx, cancel := context.WithTimeout(context.Background(), writeTimeout)
			ok = ok && c.ws.Write(ctx, websocket.MessageText, m.b) == nil
			cancel()
			c.recycle(m)
		}
		return ok
	}
	if c.raw.SetWriteDeadline(time.Now().Add(writeTimeout)) != nil {
		ok = false
	}
	if ok {
		buf := c.s.wire.get(0)
		buf, err := c.raw.writeMessages(batch, buf)
		c.s.wire.put(buf)
		ok = err == nil
	}
	_ = c.raw.SetWriteDeadline(time.Time{})
	for _, m := range batch {
		c.recycle(m)
	}
	return ok
}
