package gateway

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync/atomic"
	"unicode/utf8"

	"github.com/gobwas/ws"
)

// The reading side of a connection. github.com/gobwas/ws parses, checks
// and unmasks the client's frames; what is left here is what RFC 6455
// asks of a server that reads messages: gather a fragmented message, keep
// it under MaxMessage, answer pings with pongs and a close with a close,
// all in the connection's one reading goroutine, into a buffer that lives
// as long as the connection (nothing allocated per message). With a
// WebSocket library's reader (a context and channel-based locks per
// message) the reading goroutines took 16% of a loaded server's core
// against 12% now, and each connection held 6 KB and 17 objects more for
// every garbage collection to visit (docs/performance.md, round 14).

// WebSocket close codes this file and the protocol use beyond
// the library's (RFC 6455, 7.4.1; 1012 from the IANA registry).
const closeServiceRestart ws.StatusCode = 1012

// errTooBig is a message over MaxMessage.
var errTooBig = errors.New("gateway: websocket message over the size limit")

// peerClosed is the client's close frame: the connection is over.
type peerClosed struct{ code ws.StatusCode }

func (e peerClosed) Error() string {
	return fmt.Sprintf("gateway: the client closed the websocket (%d)", e.code)
}

// protocolError is a frame RFC 6455 does not allow (an unmasked frame,
// reserved bits or opcodes, an out-of-order continuation...).
type protocolError struct{ err error }

func (e protocolError) Error() string { return "gateway: websocket: " + e.err.Error() }
func (e protocolError) Unwrap() error { return e.err }

// frameReader reads one client's messages. ctl is where the replies to
// control frames go (the connection's sharedConn, which writes each in
// one piece between the gateway's data frames).
type frameReader struct {
	br  *bufio.Reader
	ctl *sharedConn
	msg []byte // the message being read; reused
	// heard is set by every frame read, for the pings (conn.ping).
	heard *atomic.Bool
	skip  int64                               // the unread payload of a frame refused as too large
	hdr   [ws.MaxHeaderSize - 2]byte          // ws.ReadHeaderBuffer's scratch
	cbuf  [ws.MaxControlFramePayloadSize]byte // a control frame's payload
}

// keepMsg is the largest message buffer a connection keeps between
// messages: a few requests that were large should not pin 64 KiB on each
// of thousands of connections.
const keepMsg = 4 << 10

// next returns the next data message and its opcode (text or binary),
// answering control frames on the way. The message is valid until the
// next call. Errors: errTooBig, protocolError, peerClosed, or the
// socket's.
func (r *frameReader) next() (ws.OpCode, []byte, error) {
	if cap(r.msg) > keepMsg {
		r.msg = nil
	}
	r.msg = r.msg[:0]
	state := ws.StateServerSide
	var op ws.OpCode
	for {
		h, err := ws.ReadHeaderBuffer(r.br, r.hdr[:])
		if err != nil {
			if errors.Is(err, ws.ErrHeaderLengthMSB) || errors.Is(err, ws.ErrHeaderLengthUnexpected) {
				err = protocolError{err}
			}
			return 0, nil, err
		}
		if r.heard != nil {
			r.heard.Store(true)
		}
		if err := ws.CheckHeader(h, state); err != nil {
			return 0, nil, protocolError{err}
		}
		if h.OpCode.IsControl() {
			if err := r.control(h); err != nil {
				return 0, nil, err
			}
			continue
		}
		if h.Length > int64(MaxMessage-len(r.msg)) {
			r.skip = h.Length
			return 0, nil, errTooBig
		}
		if h.OpCode != ws.OpContinuation {
			op = h.OpCode
		}
		n, m := len(r.msg), int(h.Length)
		r.msg = slices.Grow(r.msg, m)[:n+m]
		p := r.msg[n:]
		if _, err := io.ReadFull(r.br, p); err != nil {
			return 0, nil, err
		}
		ws.Cipher(p, h.Mask, 0)
		if h.Fin {
			return op, r.msg, nil
		}
		state = state.Set(ws.StateFragmented)
	}
}

// control reads a control frame and answers it: a ping with a pong, a
// close with a close (unless the server sent one first) and peerClosed.
func (r *frameReader) control(h ws.Header) error {
	p := r.cbuf[:h.Length] // CheckHeader bounds it
	if _, err := io.ReadFull(r.br, p); err != nil {
		return err
	}
	ws.Cipher(p, h.Mask, 0)
	switch h.OpCode {
	case ws.OpPing:
		// Not after the server's close frame (net.ErrClosed), and a
		// broken socket fails the next read: the error is not the reader's.
		_ = r.ctl.writeControl(ws.OpPong, p)
	case ws.OpClose:
		code, reason := ws.ParseCloseFrameDataUnsafe(p)
		reply := code
		switch {
		case len(p) == 0:
			reply, code = ws.StatusNormalClosure, ws.StatusNoStatusRcvd
		case len(p) == 1 || ws.CheckCloseFrameData(code, reason) != nil || !utf8.ValidString(reason):
			reply = ws.StatusProtocolError
		}
		_ = r.ctl.writeClose(reply, "")
		return peerClosed{code: code}
	}
	return nil // a ping answered, or a pong (heard already)
}

// drain reads and drops frames until the client's close frame, an error,
// or the socket's end (the writer closes it a little after its close
// frame): a server that closed the socket with the client's data unread
// would reset it, and the client could lose the close frame that says
// why.
func (r *frameReader) drain() {
	for n := r.skip; ; {
		if _, err := r.br.Discard(int(min(n, 1<<30))); err != nil {
			return
		}
		h, err := ws.ReadHeaderBuffer(r.br, r.hdr[:])
		if err != nil {
			return
		}
		if h.OpCode == ws.OpClose && h.Length <= ws.MaxControlFramePayloadSize {
			_ = r.control(h)
			return
		}
		n = h.Length
	}
}
