package gateway

import (
	"bytes"
	"context"
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gobwas/ws"
)

// countConn records the writes that reach the socket.
type countConn struct {
	net.Conn
	writes [][]byte
}

func (c *countConn) Write(p []byte) (int, error) {
	c.writes = append(c.writes, bytes.Clone(p))
	return len(p), nil
}

func (c *countConn) SetWriteDeadline(time.Time) error { return nil }

// TestTextHeader: the three length forms of an unmasked final text frame
// (RFC 6455, 5.2).
func TestTextHeader(t *testing.T) {
	for _, tc := range []struct {
		n    int
		want []byte
	}{
		{0, []byte{0x81, 0}},
		{125, []byte{0x81, 125}},
		{126, []byte{0x81, 126, 0, 126}},
		{65535, []byte{0x81, 126, 0xff, 0xff}},
		{65536, []byte{0x81, 127, 0, 0, 0, 0, 0, 1, 0, 0}},
	} {
		if got := appendTextHeader(nil, tc.n); !bytes.Equal(got, tc.want) {
			t.Errorf("appendTextHeader(%d) = % x, want % x", tc.n, got, tc.want)
		}
	}
}

// TestWriteMessages: a batch reaches the socket in one write, frames in
// order, split only past maxCork; nothing follows a close frame the
// library wrote.
func TestWriteMessages(t *testing.T) {
	t.Run("one write per batch", func(t *testing.T) {
		under := &countConn{}
		c := &sharedConn{Conn: under}
		if _, err := c.writeMessages([]outMsg{{b: []byte("a")}, {b: []byte("bc")}}, nil); err != nil {
			t.Fatal(err)
		}
		want := []byte{0x81, 1, 'a', 0x81, 2, 'b', 'c'}
		if len(under.writes) != 1 || !bytes.Equal(under.writes[0], want) {
			t.Fatalf("socket writes % x, want one: % x", under.writes, want)
		}
	})
	t.Run("split past maxCork", func(t *testing.T) {
		under := &countConn{}
		c := &sharedConn{Conn: under}
		big := outMsg{b: make([]byte, maxCork)}
		if _, err := c.writeMessages([]outMsg{big, {b: []byte("x")}}, nil); err != nil {
			t.Fatal(err)
		}
		if len(under.writes) != 2 || len(under.writes[1]) != 3 {
			t.Fatalf("%d socket writes, want 2 (the large frame, then the small one)", len(under.writes))
		}
	})
	t.Run("nothing after a close frame", func(t *testing.T) {
		under := &countConn{}
		c := &sharedConn{Conn: under}
		c.Write([]byte{0x88, 2, 0x03, 0xe8}) // the library's close frame
		_, err := c.writeMessages([]outMsg{{b: []byte("late")}}, nil)
		if !errors.Is(err, net.ErrClosed) || len(under.writes) != 1 {
			t.Fatalf("after close: err %v, %d socket writes; want net.ErrClosed and only the close frame", err, len(under.writes))
		}
	})
}

// TestWriteMessagesToClient: a WebSocket client (coder/websocket) reads
// the gateway's frames of every length form as the messages sent, with
// its pings answered on the same socket by the gateway's frame reader.
func TestWriteMessagesToClient(t *testing.T) {
	sizes := []int{0, 1, 125, 126, 4000, 65535, 65536, 200000}
	done := make(chan error, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sock, brw, _, err := ws.HTTPUpgrader{}.Upgrade(r, w)
		if err != nil {
			done <- err
			return
		}
		sc := newSharedConn(sock)
		go func() { // reads, answering the client's pings
			rd := frameReader{br: brw.Reader, ctl: sc}
			for {
				if _, _, err := rd.next(); err != nil {
					return
				}
			}
		}()
		var buf []byte
		for i, n := range sizes {
			msg := []byte(strings.Repeat(string(rune('a'+i)), n))
			if buf, err = sc.writeMessages([]outMsg{{b: msg}}, buf); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cl, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cl.CloseNow()
	cl.SetReadLimit(1 << 20)
	pinged := make(chan error, 1)
	go func() { pinged <- cl.Ping(ctx) }() // a control frame answered in between
	for i, n := range sizes {
		typ, b, err := cl.Read(ctx)
		if err != nil {
			t.Fatalf("message %d (%d bytes): %v", i, n, err)
		}
		if typ != websocket.MessageText || len(b) != n || n > 0 && (b[0] != byte('a'+i) || b[n-1] != byte('a'+i)) {
			t.Fatalf("message %d: type %v, %d bytes; want text of %d bytes of %q", i, typ, len(b), n, rune('a'+i))
		}
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	go func() { _, _, _ = cl.Read(ctx) }() // the client reads the pong
	if err := <-pinged; err != nil {
		t.Errorf("the client's ping was not answered: %v", err)
	}
}
