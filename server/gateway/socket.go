package gateway

import (
	"net"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/gobwas/ws"
)

// The socket under a WebSocket connection. The gateway writes its
// messages' data frames itself, and its few control frames (pings, pongs,
// the close frame); github.com/gobwas/ws does the handshake and parses
// what the client sends (wsread.go). Measured in the server's profile
// under load (docs/performance.md, "Server load"):
//
//   - Writes are bounded by the socket's write deadline instead of a
//     context per write, which cost a timer and a callback registration in
//     a WebSocket library for every message (four frames per answer).
//   - Messages queued together go out in one system call. An answer's
//     acknowledgement and the frame of its step usually leave together.
//   - A library's write path (two channel-based locks, a bufio writer
//     and its flush per message) cost a quarter as much as the write
//     system calls themselves. A server's data frame is the simplest of
//     frames: FIN, opcode, length, payload, no mask (RFC 6455, 5.2).

// maxCork bounds the bytes gathered before the socket is written.
const maxCork = 64 << 10

// newSharedConn wraps the socket of an upgraded connection.
func newSharedConn(c net.Conn) *sharedConn {
	sc := &sharedConn{Conn: c}
	if raw, ok := c.(syscall.Conn); ok { // a TCP socket; not under TLS
		if rc, err := raw.SyscallConn(); err == nil {
			sc.rc = rc
		}
	}
	return sc
}

// sharedConn is the socket shared by the control frames (written by the
// reading goroutine, the ping timer and the closing writer, each in one
// Write) and the data frames (writeMessages, tryWrite). Each write holds
// its lock, so frames never interleave.
//
// A tryWrite the socket took only part of leaves the socket in the middle
// of a frame: the rest waits in rest, and whoever writes next (the
// writer goroutine, or a control frame) writes it first.
type sharedConn struct {
	net.Conn
	rc        syscall.RawConn // the socket's, for tryWrite; nil if it is none
	mu        sync.Mutex
	closeSent bool        // the close frame went: no frame may follow
	rest      []byte      // the unwritten end of tryWrite's bytes
	hasRest   atomic.Bool // len(rest) > 0, readable without mu
	// The write tryWrite is making (mu held): its bytes, how many went,
	// and writeSome as a func value made once, since a closure passed to
	// RawConn.Write is allocated at every write.
	wb      []byte
	wn      int
	writeFn func(fd uintptr) bool
}

// Write writes p, one whole frame, within writeTimeout; nothing is
// written after a close frame (RFC 6455, 5.5.1).
func (c *sharedConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closeSent {
		return 0, net.ErrClosed
	}
	c.setDeadline()
	defer c.clearDeadline()
	if err := c.writeRest(); err != nil {
		return 0, err
	}
	if len(p) > 0 && p[0]&0x0f == opClose {
		c.closeSent = true
	}
	return c.Conn.Write(p)
}

// setDeadline bounds the blocking writes about to be made by
// writeTimeout; mu held. Every blocking write sets it under mu, so that
// no write clears another's, and clears it after (clearDeadline), since
// tryWrite's non-blocking write fails at once past a deadline.
func (c *sharedConn) setDeadline() { _ = c.SetWriteDeadline(time.Now().Add(writeTimeout)) }

func (c *sharedConn) clearDeadline() { _ = c.SetWriteDeadline(time.Time{}) }

// writeControl writes a control frame with payload p (at most 125 bytes).
func (c *sharedConn) writeControl(op ws.OpCode, p []byte) error {
	var f [2 + ws.MaxControlFramePayloadSize]byte
	f[0], f[1] = 0x80|byte(op), byte(len(p))
	n := 2 + copy(f[2:], p)
	_, err := c.Write(f[:n])
	return err
}

// writeClose writes the close frame with code and reason (cut to fit).
func (c *sharedConn) writeClose(code ws.StatusCode, reason string) error {
	var p [ws.MaxControlFramePayloadSize]byte
	p[0], p[1] = byte(code>>8), byte(code)
	n := 2 + copy(p[2:], reason)
	return c.writeControl(ws.OpClose, p[:n])
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
// returned for reuse) into one system call per maxCork bytes, within
// writeTimeout.
func (c *sharedConn) writeMessages(msgs []outMsg, buf []byte) ([]byte, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closeSent {
		return buf, net.ErrClosed
	}
	c.setDeadline()
	defer c.clearDeadline()
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
// maxCork allows, and recycles their buffers; false if a write failed.
func (c *conn) writeBatch(batch []outMsg) bool {
	ok := c.raw != nil
	if ok {
		buf := c.s.wire.get(0)
		buf, err := c.raw.writeMessages(batch, buf)
		c.s.wire.put(buf)
		ok = err == nil
	}
	for _, m := range batch {
		c.recycle(m)
	}
	return ok
}
