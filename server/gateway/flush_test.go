package gateway

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"log/slog"
	"net"
	"testing"
	"time"
)

// socketPair returns the two ends of a loopback TCP connection, the
// server's wrapped as the gateway wraps a hijacked socket. (Buffers made
// smaller after the handshake stall loopback transfers: the tests write
// more than the default buffers hold instead.)
func socketPair(t *testing.T) (*sharedConn, net.Conn) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	cl, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	sv, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cl.Close(); sv.Close() })
	tc := sv.(*net.TCPConn)
	rc, err := tc.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	return &sharedConn{Conn: tc, rc: rc}, cl
}

// flushConn is a connection over raw with no WebSocket library above it:
// enough for the queue and its writers.
func flushConn(raw *sharedConn) *conn {
	return &conn{
		s:   &Server{log: slog.New(slog.NewTextHandler(io.Discard, nil))},
		raw: raw, closing: make(chan struct{}), writerDone: make(chan struct{}),
		ob: outbox{max: outQueue},
	}
}

// readText reads one unmasked text frame (RFC 6455, 5.2) and returns its
// payload.
func readText(t *testing.T, r *bufio.Reader) []byte {
	t.Helper()
	first, p := readFrame(t, r)
	if first != finText {
		t.Fatalf("frame starts %#x, want a final text frame", first)
	}
	return p
}

// readFrame reads one unmasked frame and returns its first byte (FIN and
// opcode) and payload.
func readFrame(t *testing.T, r *bufio.Reader) (byte, []byte) {
	t.Helper()
	var h [2]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		t.Fatalf("frame header: %v", err)
	}
	n := uint64(h[1])
	switch n {
	case 126:
		var b [2]byte
		io.ReadFull(r, b[:])
		n = uint64(binary.BigEndian.Uint16(b[:]))
	case 127:
		var b [8]byte
		io.ReadFull(r, b[:])
		n = binary.BigEndian.Uint64(b[:])
	}
	p := make([]byte, n)
	if _, err := io.ReadFull(r, p); err != nil {
		t.Fatalf("frame of %d bytes: %v", n, err)
	}
	return h[0], p
}

// writing reports whether a writer owns the queue.
func (c *conn) isWriting() bool {
	c.outMu.Lock()
	defer c.outMu.Unlock()
	return c.ob.writing
}

// waitIdle waits until no writer owns the queue and it is empty.
func waitIdle(t *testing.T, c *conn) {
	t.Helper()
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end); time.Sleep(time.Millisecond) {
		c.outMu.Lock()
		idle := !c.ob.writing && len(c.ob.q) == 0
		c.outMu.Unlock()
		if idle {
			return
		}
	}
	t.Fatal("the writer never finished")
}

// TestFlush: what a match's goroutine queues with pushLater goes out in
// order when it calls flush: on its own goroutine, in one write, when the
// socket takes it all at once; otherwise what is left goes through the
// writer goroutine, and the flush never waits for the socket (a slow
// client never holds up a match). Issue 5: an answer's acknowledgement
// and frame leave together, without the run-queue waits of a writer.
func TestFlush(t *testing.T) {
	t.Run("all at once, on the caller", func(t *testing.T) {
		raw, cl := socketPair(t)
		c := flushConn(raw)
		c.pushLater(outMsg{b: []byte(`{"type":"reply","id":1}`)}, true)
		c.pushLater(outMsg{b: []byte(`{"type":"frame"}`)}, false)
		if c.isWriting() {
			t.Fatal("pushLater started a writer")
		}
		c.flush()
		c.outMu.Lock()
		writing, queued := c.ob.writing, len(c.ob.q)
		c.outMu.Unlock()
		if writing || queued != 0 {
			t.Fatalf("after flush: writer %v, %d queued; want both written on the caller", writing, queued)
		}
		r := bufio.NewReader(cl)
		for _, want := range []string{`{"type":"reply","id":1}`, `{"type":"frame"}`} {
			if got := readText(t, r); string(got) != want {
				t.Fatalf("read %s, want %s", got, want)
			}
		}
	})
	t.Run("a short write leaves the rest to the writer", func(t *testing.T) {
		raw, cl := socketPair(t)
		c := flushConn(raw)
		big := bytes.Repeat([]byte("x"), 16<<20) // far more than the socket buffers hold
		c.pushLater(outMsg{b: big}, true)
		c.pushLater(outMsg{b: []byte("after")}, true)
		done := make(chan struct{})
		go func() { c.flush(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatal("flush waited for a socket nobody reads")
		}
		if !c.isWriting() {
			t.Fatal("after a short write no writer has the rest")
		}
		c.offer([]byte("later")) // queued behind the rest, by another goroutine
		r := bufio.NewReader(cl)
		if got := readText(t, r); !bytes.Equal(got, big) {
			t.Fatalf("the large message arrived as %d bytes, want %d intact", len(got), len(big))
		}
		for _, want := range []string{"after", "later"} {
			if got := readText(t, r); string(got) != want {
				t.Fatalf("read %q, want %q", got, want)
			}
		}
		waitIdle(t, c)
	})
	t.Run("a control frame never lands inside a frame begun", func(t *testing.T) {
		raw, cl := socketPair(t)
		c := flushConn(raw)
		big := bytes.Repeat([]byte("y"), 16<<20)
		c.pushLater(outMsg{b: big}, true)
		c.flush()
		if !raw.hasRest.Load() {
			t.Fatal("the socket took 16 MB at once: no frame was left half written")
		}
		pinged := make(chan error, 1)
		go func() { // the library's ping, as its own goroutine sends it
			_, err := raw.Write([]byte{0x89, 0})
			pinged <- err
		}()
		r := bufio.NewReader(cl)
		if first, p := readFrame(t, r); first != finText || !bytes.Equal(p, big) {
			t.Fatalf("first frame %#x of %d bytes, want the text frame begun, intact", first, len(p))
		}
		if first, p := readFrame(t, r); first != 0x89 || len(p) != 0 {
			t.Fatalf("then frame %#x of %d bytes, want the ping", first, len(p))
		}
		if err := <-pinged; err != nil {
			t.Fatal(err)
		}
		waitIdle(t, c)
	})
	t.Run("while the library writes, through the writer", func(t *testing.T) {
		raw, cl := socketPair(t)
		c := flushConn(raw)
		raw.mu.Lock() // a control frame being written
		c.pushLater(outMsg{b: []byte("frame")}, false)
		c.flush()
		if !c.isWriting() {
			raw.mu.Unlock()
			t.Fatal("flush neither wrote nor handed the message to a writer")
		}
		raw.mu.Unlock()
		if got := readText(t, bufio.NewReader(cl)); string(got) != "frame" {
			t.Fatalf("read %q, want %q", got, "frame")
		}
		waitIdle(t, c)
	})
	t.Run("a writer running: left to it", func(t *testing.T) {
		raw, cl := socketPair(t)
		c := flushConn(raw)
		c.outMu.Lock()
		c.ob.writing = true // the test plays a writer that has not looked yet
		c.outMu.Unlock()
		c.pushLater(outMsg{b: []byte("frame")}, false)
		c.flush()
		c.outMu.Lock()
		queued := len(c.ob.q)
		c.ob.writing = false
		c.outMu.Unlock()
		if queued != 1 {
			t.Fatalf("%d queued after flush, want the message left to the running writer", queued)
		}
		c.flush()
		if got := readText(t, bufio.NewReader(cl)); string(got) != "frame" {
			t.Fatalf("read %q, want %q", got, "frame")
		}
	})
}
