package loadtest

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/server/live"
)

// TestParseFrame reads frames encoded the way the gateway encodes them
// (a live.Frame inside {"type":"frame","data":{...}}) and checks that the
// scanner finds the version, the decision and the result, and is not
// fooled by the view and the events, whose strings may look like the keys
// it looks for.
func TestParseFrame(t *testing.T) {
	view := json.RawMessage(`{"note":"\"decision\":{\"answers\":[\"evil\"]}","tiles":[[1,2],[3]],"esc":"a\\\\","nested":{"result":{"winner":0}},"seats":[{"status":"idle"}],"s":",\"seats\":[]"}`)
	steps := []live.FrameStep{{Version: 17, Events: json.RawMessage(`[{"kind":"moved","data":{"version":99,"s":"}]"}}]`)}}
	dec := &engine.DecisionJSON{Seat: 2, Kind: "move", Answers: []string{"move e", "move se"}, Default: "move se"}
	tests := []struct {
		name string
		f    live.Frame
		want frame
	}{
		{"decision", live.Frame{Seat: 2, From: 16, Version: 17, Steps: steps, View: view, Decision: dec, Deadline: time.Unix(100, 0)},
			frame{Match: 43, Seat: 2, From: 16, Version: 17, Decision: &decision{Seat: 2, Kind: "move", Answers: []string{"move e", "move se"}, Default: "move se"}}},
		{"no decision", live.Frame{Seat: 1, From: 16, Version: 17, Steps: steps, View: view},
			frame{Match: 43, Seat: 1, From: 16, Version: 17}},
		{"seat played by a stand-in", live.Frame{Seat: 1, From: 16, Version: 17, Steps: steps, View: view,
			Seats: []live.SeatInfo{{Status: live.SeatHuman}, {Status: live.SeatIdle}}},
			frame{Match: 43, Seat: 1, From: 16, Version: 17, Away: true}},
		{"result", live.Frame{Seat: 0, From: 0, Version: 300, Steps: []live.FrameStep{}, View: view, Result: &engine.Result{Winner: 1, How: "religious", Ranking: []engine.Seat{1, 0}}},
			frame{Match: 43, Seat: 0, From: 0, Version: 300, Over: true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(map[string]any{"type": "frame", "data": struct {
				Match int64 `json:"match"`
				live.Frame
			}{43, tt.f}})
			if err != nil {
				t.Fatal(err)
			}
			for _, parse := range []func([]byte) (message, error){parseMessage, parseMessageFast} {
				m, err := parse(b)
				if err != nil || m.Type != "frame" {
					t.Fatalf("parse = %+v, %v; want a frame", m, err)
				}
				got, err := parseFrame(m.Data)
				if err != nil {
					t.Fatalf("parseFrame: %v", err)
				}
				if !reflect.DeepEqual(got, tt.want) {
					t.Errorf("parseFrame = %+v (decision %+v), want %+v (decision %+v)", got, got.Decision, tt.want, tt.want.Decision)
				}
				// The quick path reads the server's layout, and agrees
				// with the walk of every member.
				quick, ok := parseFrameQuick(m.Data)
				full, err := parseFrameFull(m.Data)
				if !ok || err != nil || !reflect.DeepEqual(quick, full) {
					t.Errorf("parseFrameQuick = %+v, %v; parseFrameFull = %+v, %v: want the same frame", quick, ok, full, err)
				}
			}
		})
	}
}

// TestParseFrameOtherLayout: a frame whose members come in another
// order is not read by the quick path but still read right.
func TestParseFrameOtherLayout(t *testing.T) {
	b := []byte(`{"version":9,"seats":[{"status":"human"}],"match":4,"steps":[],"view":{"seats":[{"status":"left"}]},"seat":0,"from":8,"decision":{"seat":0,"kind":"move","answers":["stop"],"default":"stop"}}`)
	if _, ok := parseFrameQuick(b); ok {
		t.Errorf("parseFrameQuick read a frame in another layout")
	}
	got, err := parseFrame(b)
	want := frame{Match: 4, Seat: 0, From: 8, Version: 9, Decision: &decision{Seat: 0, Kind: "move", Answers: []string{"stop"}, Default: "stop"}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("parseFrame = %+v, %v; want %+v", got, err, want)
	}
}

// TestParseMessageReplies reads the reply envelopes of docs/protocol.md.
func TestParseMessageReplies(t *testing.T) {
	tests := []struct {
		in   string
		want message
	}{
		{`{"type":"reply","id":7,"ok":true,"data":{"version":18,"now":21}}`,
			message{Type: "reply", ID: 7, OK: true, Data: []byte(`{"version":18,"now":21}`)}},
		{`{"type":"reply","id":7,"ok":false,"error":{"code":"stale_version","message":"x","version":19}}`,
			message{Type: "reply", ID: 7, Err: &WireError{Code: "stale_version", Message: "x", Version: 19}}},
		{` { "type" : "presence" , "data" : {"account":23,"status":"in_match"} } `,
			message{Type: "presence", Data: []byte(`{"account":23,"status":"in_match"}`)}},
		{`{"type":"reply","id":3,"ok":false,"error":{"code":"rate_limited","message":"slow","retry_after_ms":250}}`,
			message{Type: "reply", ID: 3, Err: &WireError{Code: "rate_limited", Message: "slow", RetryAfterMS: 250}}},
		{`{"type":"brand_new","data":{}}`, message{Type: "brand_new", Data: []byte(`{}`)}},
	}
	for _, tt := range tests {
		t.Run(tt.want.Type, func(t *testing.T) {
			got, err := parseMessage([]byte(tt.in))
			if err != nil {
				t.Fatalf("parseMessage(%s): %v", tt.in, err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("parseMessage(%s) = %+v, want %+v", tt.in, got, tt.want)
			}
		})
	}
}

// TestParseMessageRejects: malformed input is an error, never a panic.
func TestParseMessageRejects(t *testing.T) {
	for _, in := range []string{
		``, `[]`, `{`, `{"type"`, `{"type":}`, `{"type":"reply","id":x}`, `{"type":"frame","data":{"a":"unterminated}}`,
		`{"type":"frame" "data":1}`, `{"data":{}}`, `{"type":7}`, `{"type":"reply","id":12345678901234567890}`,
		`{"type":"reply","error":{"code":3}}`,
	} {
		t.Run(in, func(t *testing.T) {
			if m, err := parseMessage([]byte(in)); err == nil {
				t.Errorf("parseMessage(%q) = %+v, want an error", in, m)
			}
		})
	}
	if _, err := parseFrame([]byte(`{"version":"seven"}`)); !errors.Is(err, errScan) {
		t.Errorf("parseFrame of a string version = %v, want errScan", err)
	}
}

// TestAppendAnswer: the hand-built answer message is the JSON of the
// protocol's answer, with the text escaped.
func TestAppendAnswer(t *testing.T) {
	b := appendAnswer(nil, 7, 43, 118, `move "e"`)
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("appendAnswer made %s: %v", b, err)
	}
	want := map[string]any{"type": "answer", "id": 7.0, "match": 43.0, "version": 118.0, "answer": `move "e"`}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("appendAnswer = %s, want %v", b, want)
	}
}

func FuzzParseMessage(f *testing.F) {
	f.Add(`{"type":"frame","data":{"match":1,"version":2,"decision":{"answers":["a"]}}}`)
	f.Add(`{"type":"reply","id":1,"ok":false,"error":{"code":"x"}}`)
	f.Add(`{"type":"frame","data":{"match":1,"seat":0,"from":1,"version":2,"steps":[],"view":{},"seats":[],"decision":null}}`)
	f.Fuzz(func(t *testing.T, s string) {
		if m, err := parseMessageFast([]byte(s)); err == nil && m.Type == "frame" {
			_, _ = parseFrame(m.Data) // must not panic
		}
		m, err := parseMessage([]byte(s))
		if err == nil && m.Type == "frame" {
			_, _ = parseFrame(m.Data)
		}
		if err == nil && !strings.Contains(s, "type") {
			t.Errorf("parseMessage(%q) accepted a message without a type", s)
		}
	})
}

// TestTexts: a decision's answers and a seat's status read by the
// scanner are what encoding/json reads, escapes included; malformed
// arrays are errors, not panics.
func TestTexts(t *testing.T) {
	for _, in := range []string{`[]`, `["stop"]`, ` [ "move e" , "move se" ] `, `["a\"b","\u00e9t\u00e9","x\\"]`, `["","end"]`} {
		var want []string
		if err := json.Unmarshal([]byte(in), &want); err != nil {
			t.Fatal(err)
		}
		got, err := texts([]byte(in))
		if err != nil || len(got) != len(want) {
			t.Errorf("texts(%s) = %q, %v; want %q", in, got, err, want)
			continue
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("texts(%s)[%d] = %q, want %q", in, i, got[i], want[i])
			}
		}
	}
	for _, bad := range []string{`[`, `["a"`, `["a" "b"]`, `[1]`, `{"a":1}`, `["a",]`} {
		if got, err := texts([]byte(bad)); err == nil {
			t.Errorf("texts(%s) = %q, want an error", bad, got)
		}
	}
	seats := []byte(`[{"status":"human","name":"A"},{"name":"B","status":"left"},{"status":"idle"}]`)
	for seat, want := range []string{"human", "left", "idle", ""} {
		if got, err := seatStatus(seats, seat); err != nil || got != want {
			t.Errorf("seatStatus(seat %d) = %q, %v; want %q", seat, got, err, want)
		}
	}
	if got, err := seatStatus([]byte("null"), 0); err != nil || got != "" {
		t.Errorf("seatStatus(null) = %q, %v", got, err)
	}
}
