package gateway_test

import (
	"encoding/json"
	"testing"
	"time"
)

// TestAnswerReplyBeforeItsFrame: on the connection that sent an answer
// and watches its match, the answer's reply comes first and the frame of
// the version it reports follows, for answer after answer (issue 5;
// docs/protocol.md, "answer"). The match's goroutine queues both and
// writes them together.
func TestAnswerReplyBeforeItsFrame(t *testing.T) {
	s := newServer(t)
	token, _ := s.guest("Ada")
	c := s.connect(token)
	match := c.startBots(2)
	if r := c.call("watch", map[string]any{"match": match, "since": 0}); !r.OK {
		t.Fatalf("watch = %s", r.raw)
	}
	answered := 0
	for answered < 6 {
		f := decodeFrame(t, c.next("frame"))
		if f.Result != nil {
			break
		}
		if f.Decision == nil || heldFrames(c) > 0 {
			continue // an answer only to the latest frame
		}
		id := c.send("answer", map[string]any{"match": match, "version": f.Version, "answer": f.Decision.Default})
		var order []string
		var now int
		for len(order) < 2 {
			var m msg
			select {
			case m = <-c.in:
			case <-time.After(20 * time.Second):
				t.Fatalf("after answer %d: got %v", id, order)
			}
			switch {
			case m.Type == "reply" && m.ID == id:
				if !m.OK {
					t.Fatalf("answer at %d = %s", f.Version, m.raw)
				}
				var ack struct {
					Now int `json:"now"`
				}
				if err := json.Unmarshal(m.Data, &ack); err != nil {
					t.Fatal(err)
				}
				now = ack.Now
				order = append(order, "reply")
			case m.Type == "frame":
				nf := decodeFrame(t, m)
				if len(order) == 1 && nf.Version != now {
					t.Fatalf("the frame after the reply is version %d, want %d (the reply's now)", nf.Version, now)
				}
				order = append(order, "frame")
				c.held = append(c.held, m) // the loop above reads it again
			}
		}
		if order[0] != "reply" {
			t.Fatalf("answer %d: %v, want its reply before its frame", id, order)
		}
		answered++
	}
	if answered == 0 {
		t.Fatal("the match gave the seat no decision")
	}
}

// heldFrames counts the frames the client has read but not taken.
func heldFrames(c *wsClient) int {
	n := 0
	for _, m := range c.held {
		if m.Type == "frame" {
			n++
		}
	}
	return n
}
