package gateway_test

import (
	"encoding/json"
	"errors"
	"testing"

	"tabletop/server/gateway"
)

// TestDecode pins what the decoder accepts and how it refuses: typed
// codes, the id kept for the reply whenever it could be read.
func TestDecode(t *testing.T) {
	slot := 2
	tests := []struct {
		name string
		in   string
		want gateway.Message
		code gateway.Code // "" for accepted
	}{
		{"hello", `{"type":"hello","id":1,"protocol":4}`, gateway.Message{Type: "hello", ID: 1, Protocol: 4}, ""},
		{"answer", `{"type":"answer","id":7,"match":42,"version":17,"answer":"move e"}`,
			gateway.Message{Type: "answer", ID: 7, Match: 42, Version: 17, Answer: "move e"}, ""},
		{"watch without since", `{"type":"watch","match":3}`, gateway.Message{Type: "watch", Match: 3}, ""},
		{"room_choose partial", `{"type":"room_choose","id":2,"slot":2}`, gateway.Message{Type: "room_choose", ID: 2, Slot: &slot}, ""},
		{"empty", ``, gateway.Message{}, gateway.CodeBadRequest},
		{"null", `null`, gateway.Message{}, gateway.CodeBadRequest},
		{"string", `"hello"`, gateway.Message{}, gateway.CodeBadRequest},
		{"no type keeps id", `{"id":9}`, gateway.Message{ID: 9}, gateway.CodeBadRequest},
		{"unknown type keeps id", `{"type":"fly","id":9}`, gateway.Message{Type: "fly", ID: 9}, gateway.CodeUnknownType},
		{"negative id", `{"type":"ping","id":-1}`, gateway.Message{}, gateway.CodeBadRequest},
		{"huge id", `{"type":"ping","id":9007199254740993}`, gateway.Message{}, gateway.CodeBadRequest},
		{"hello without protocol", `{"type":"hello","id":1}`, gateway.Message{Type: "hello", ID: 1}, gateway.CodeBadRequest},
		{"null required", `{"type":"answer","id":1,"match":1,"version":1,"answer":null}`, gateway.Message{Type: "answer", ID: 1}, gateway.CodeBadRequest},
		{"foreign field", `{"type":"queue","id":1,"players":2,"answer":"x"}`, gateway.Message{Type: "queue", ID: 1}, gateway.CodeBadRequest},
		{"zero match", `{"type":"answer","id":1,"match":0,"version":1,"answer":"x"}`, gateway.Message{Type: "answer", ID: 1}, gateway.CodeBadRequest},
		{"long answer", `{"type":"answer","id":1,"match":1,"version":1,"answer":"` + string(make([]byte, 0)) + longString(300) + `"}`, gateway.Message{Type: "answer", ID: 1}, gateway.CodeBadRequest},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := gateway.Decode([]byte(tc.in))
			var e *gateway.Error
			switch {
			case tc.code == "" && err != nil:
				t.Fatalf("Decode(%s) = %v, want success", tc.in, err)
			case tc.code != "" && (!errors.As(err, &e) || e.Code != tc.code):
				t.Fatalf("Decode(%s) error = %v, want code %s", tc.in, err, tc.code)
			}
			if got.ID != tc.want.ID || got.Type != tc.want.Type {
				t.Errorf("Decode(%s) = type %q id %d, want %q %d", tc.in, got.Type, got.ID, tc.want.Type, tc.want.ID)
			}
			if tc.code == "" {
				gb, _ := json.Marshal(got)
				wb, _ := json.Marshal(tc.want)
				if string(gb) != string(wb) {
					t.Errorf("Decode(%s) = %s, want %s", tc.in, gb, wb)
				}
			}
		})
	}
}

func longString(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = 'a'
	}
	return string(b)
}

// FuzzDecode: the decoder never panics, refuses with a typed *Error, and
// whatever it accepts names a known type and survives a round trip
// through its own fields.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"type":"hello","id":1,"protocol":4}`,
		`{"type":"answer","id":7,"match":42,"version":17,"answer":"move e"}`,
		`{"type":"watch","id":3,"match":43,"since":0}`,
		`{"type":"room_choose","id":50,"character":"explorer","religion":"islam","slot":0}`,
		`{"type":"friend_request","id":21,"username":"bob"}`,
		`{"type":"play_bots","id":42,"players":3,"level":"normal"}`,
		`{"type":"x"}`, `[]`, `{"id":1e3}`, `{"type":"hello","protocol":1,"protocol":2}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := gateway.Decode(b)
		if err != nil {
			var e *gateway.Error
			if !errors.As(err, &e) || (e.Code != gateway.CodeBadRequest && e.Code != gateway.CodeUnknownType) {
				t.Fatalf("Decode(%q) error %v is not a typed bad_request/unknown_type", b, err)
			}
			if m.ID < 0 || m.ID > 1<<53-1 {
				t.Fatalf("Decode(%q) kept id %d out of range", b, m.ID)
			}
			return
		}
		if m.Type == "" || m.Match < 0 || m.Since < 0 || m.Version < 0 {
			t.Fatalf("Decode(%q) accepted %+v", b, m)
		}
		// Re-encode the accepted fields; the decoder must accept them again.
		out := map[string]any{"type": m.Type}
		if m.ID != 0 {
			out["id"] = m.ID
		}
		if _, err := gateway.Decode(mustJSON(t, out)); err != nil && m.Type != "hello" && !requiresFields(m.Type) {
			t.Fatalf("Decode(%q) accepted, but its type alone is refused: %v", b, err)
		}
	})
}

// requiresFields reports the types that are refused without fields.
func requiresFields(typ string) bool {
	switch typ {
	case "watch", "unwatch", "leave", "rejoin", "concede", "answer", "friend_request", "friend_accept",
		"friend_remove", "invite", "party_kick", "invite_accept", "invite_decline", "queue", "play_bots", "private_match":
		return true
	}
	return false
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
