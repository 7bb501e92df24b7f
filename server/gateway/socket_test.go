package gateway

import (
	"bytes"
	"net"
	"testing"
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

// TestCorkConn: corked writes reach the socket as one write, in order,
// when uncorked; uncorked writes go straight through; a large batch's
// buffer is not kept.
func TestCorkConn(t *testing.T) {
	under := &countConn{}
	c := &corkConn{Conn: under}
	c.Write([]byte("a"))
	c.cork()
	c.Write([]byte("bc"))
	c.Write([]byte("d"))
	if c.held() != 3 || len(under.writes) != 1 {
		t.Fatalf("corked: held %d, socket writes %d; want 3 held and only the first write sent", c.held(), len(under.writes))
	}
	if err := c.uncork(); err != nil {
		t.Fatal(err)
	}
	c.Write([]byte("e"))
	want := []string{"a", "bcd", "e"}
	if len(under.writes) != len(want) {
		t.Fatalf("socket writes %q, want %q", under.writes, want)
	}
	for i, w := range want {
		if string(under.writes[i]) != w {
			t.Errorf("socket write %d = %q, want %q", i, under.writes[i], w)
		}
	}
	if err := c.uncork(); err != nil || len(under.writes) != 3 {
		t.Errorf("uncork with nothing held wrote (%d writes, %v)", len(under.writes), err)
	}
	c.cork()
	c.Write(make([]byte, maxCork+1))
	c.uncork()
	if c.buf != nil {
		t.Errorf("a batch over maxCork kept its %d-byte buffer", cap(c.buf))
	}
}
