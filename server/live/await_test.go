package live

import (
	"context"
	"testing"
)

// TestAwaitPrefersTheReply: a request answered just before the host
// stopped gets its answer, never "closed". The answer that ends a match
// is durable and must be acknowledged as such (issue 5: no acknowledged
// answer lost, no durable answer reported as refused). With the reply
// and the stop both ready, a plain select chose either; a gateway test
// failed now and then under load with the last answer of a match refused.
func TestAwaitPrefersTheReply(t *testing.T) {
	h := &Host{done: make(chan struct{})}
	close(h.done)
	for i := range 200 {
		reply := make(chan result, 1)
		reply <- result{ack: Ack{Version: i, Now: i + 1}}
		r, got := h.await(context.Background(), reply)
		if r.err != nil || r.ack.Version != i || !got {
			t.Fatalf("try %d: await = %+v, %v, %v; want the reply", i, r.ack, r.err, got)
		}
	}
	// A channel without its reply is not given back for reuse: the host
	// may still send to it.
	if r, got := h.await(context.Background(), make(chan result)); CodeOf(r.err) != CodeClosed || got {
		t.Errorf("no reply from a stopped host: %v, %v; want %s and no reply", r.err, got, CodeClosed)
	}
}
