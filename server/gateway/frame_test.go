package gateway

import (
	"encoding/json"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/server/live"
	"tabletop/store"
)

// TestAppendFrame: protocol 1 frames are byte for byte what encoding/json
// writes for the documented frame (docs/protocol.md), and protocol 2
// frames differ only by carrying view_patch instead of view when the
// frame has a patch.
func TestAppendFrame(t *testing.T) {
	dl := time.Date(2026, 11, 24, 5, 30, 0, 123e6, time.UTC)
	res := engine.Result{Winner: 1, How: "religious", Ranking: []engine.Seat{1, 0}}
	dec := engine.DecisionJSON{Seat: 0, Kind: "move", Answers: []string{"a", "b<c"}}
	chance := engine.DecisionJSON{Seat: engine.Chance, Kind: "roll", Answers: []string{"1", "2"}, Default: "1",
		Chance: []engine.OutcomeJSON{{Answer: "1", Weight: 1}, {Answer: "2", Weight: 3}}}
	frames := map[string]live.Frame{
		"no steps": {Seat: 0, From: 3, Version: 3, Steps: []live.FrameStep{}, View: json.RawMessage(`{"a":1}`),
			Seats: []live.SeatInfo{{Status: "playing", Account: 4, Name: "Ann"}, {Status: "bot", Bot: "easy"}}},
		"steps and decision": {Seat: 0, From: 1, Version: 3, Steps: []live.FrameStep{
			{Version: 2, Events: json.RawMessage(`[{"kind":"x"}]`)}, {Version: 3}},
			View: json.RawMessage(`{"a":2}`), ViewPatch: json.RawMessage(`[{"op":"replace","path":"/a","value":2}]`),
			Seats: []live.SeatInfo{{Status: "playing"}}, Decision: &dec, Deadline: dl},
		"spectator result": {Seat: engine.Spectator, From: 0, Version: 1, Steps: []live.FrameStep{{Version: 1, Events: json.RawMessage(`[]`)}},
			View: json.RawMessage(`{"a":3}`), ViewPatch: json.RawMessage(`[]`), Result: &res},
		"nil view": {Seat: 1, Steps: nil},
		"chance decision, deadline in a zone": {Seat: 2, From: 4, Version: 5, Steps: []live.FrameStep{},
			View: json.RawMessage(`{}`), Decision: &chance, Deadline: time.Date(2026, 1, 2, 3, 4, 5, 0, time.FixedZone("X", 5400))},
	}
	type frameData struct {
		Match store.MatchID `json:"match"`
		live.Frame
	}
	for name, f := range frames {
		t.Run(name, func(t *testing.T) {
			want, err := json.Marshal(pushMessage{Type: "frame", Data: frameData{Match: 17, Frame: f}})
			if err != nil {
				t.Fatal(err)
			}
			got, err := appendFrame(nil, 17, &f, false)
			if err != nil || string(got) != string(want) {
				t.Fatalf("protocol 1:\n got %s (%v)\nwant %s", got, err, want)
			}
			got2, err := appendFrame(nil, 17, &f, true)
			if err != nil {
				t.Fatal(err)
			}
			var m1, m2 struct{ Data map[string]json.RawMessage }
			if json.Unmarshal(got, &m1) != nil || json.Unmarshal(got2, &m2) != nil {
				t.Fatalf("not JSON: %s / %s", got, got2)
			}
			d1, d2 := m1.Data, m2.Data
			if f.ViewPatch != nil {
				if string(d2["view_patch"]) != string(f.ViewPatch) || d2["view"] != nil {
					t.Errorf("protocol 2 frame %s: want view_patch %s and no view", got2, f.ViewPatch)
				}
				delete(d2, "view_patch")
				delete(d1, "view")
			}
			b1, _ := json.Marshal(d1)
			b2, _ := json.Marshal(d2)
			if string(b1) != string(b2) {
				t.Errorf("protocol 2 differs elsewhere:\n%s\n%s", b1, b2)
			}
		})
	}
}

// TestAppendFrameBadDeadline: a deadline encoding/json cannot write (a
// year past 9999) fails the frame with an error, as json.Marshal did.
func TestAppendFrameBadDeadline(t *testing.T) {
	f := live.Frame{Steps: []live.FrameStep{}, Deadline: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)}
	if _, err := json.Marshal(f); err == nil {
		t.Fatal("json.Marshal accepted the year 10000")
	}
	if b, err := appendFrame(nil, 1, &f, true); err == nil {
		t.Fatalf("appendFrame = %s, want an error", b)
	}
}
