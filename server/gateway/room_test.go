package gateway_test

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestRoomGet: a client that reconnects asks for its waiting room with
// "room" (UI-201, UI-213; docs/protocol.md "Waiting room",
// "Reconnecting"): the room as it sees it, or null when it is in none.
func TestRoomGet(t *testing.T) {
	s := newServer(t)
	tok, _ := s.guest("Ada")
	c := s.connect(tok)

	if r := c.call("room", nil); !r.OK || string(r.Data) != `{"room":null}` {
		t.Errorf("room before any = %s, want {\"room\":null}", r.raw)
	}
	r := c.call("play_bots", map[string]any{"players": 2, "level": "random"})
	var made struct {
		Room struct{ ID int64 }
	}
	if err := json.Unmarshal(r.Data, &made); !r.OK || err != nil || made.Room.ID == 0 {
		t.Fatalf("play_bots = %s", r.raw)
	}

	again := s.connect(tok) // a reconnect, say
	got := again.call("room", nil)
	var room struct {
		Room *struct {
			ID     int64
			State  string
			You    int
			Choice *struct{ Slot int }
		}
	}
	if err := json.Unmarshal(got.Data, &room); !got.OK || err != nil || room.Room == nil ||
		room.Room.ID != made.Room.ID || room.Room.State != "open" || room.Room.You < 0 || room.Room.Choice == nil {
		t.Errorf("room in a waiting room = %s, want room %d, open, with your seat and choice", got.raw, made.Room.ID)
	}
	if r := again.call("room", map[string]any{"character": "explorer"}); r.code() != "bad_request" || !strings.Contains(string(r.raw), "unknown field") {
		t.Errorf("room with a field = %s, want bad_request (unknown field)", r.raw)
	}

	if r := c.call("room_leave", nil); !r.OK {
		t.Fatalf("room_leave = %s", r.raw)
	}
	if r := c.call("room", nil); !r.OK || string(r.Data) != `{"room":null}` {
		t.Errorf("room after leaving = %s, want {\"room\":null}", r.raw)
	}
}
