package gateway_test

import (
	"encoding/json"
	"fmt"
	"testing"
)

// TestReplayStep re-plays a finished match step by step for the web
// client's replay viewer (docs/ui.md "Replay viewer"): the last step's view
// holds the result, each step carries its answer, a bad step or seat is
// bad_request, and a live match's steps are not served (its seed is secret).
func TestReplayStep(t *testing.T) {
	s := newServer(t)
	token, _ := s.guest("Ada")
	c := s.connect(token)
	match := c.startBots(2)
	frames := c.playOut(match)
	last := frames[len(frames)-1]

	type stepJSON struct {
		Step   int `json:"step"`
		Steps  int `json:"steps"`
		Seat   int `json:"seat"`
		Answer *struct {
			Seat   int    `json:"seat"`
			Answer string `json:"answer"`
		} `json:"answer"`
		View   map[string]json.RawMessage `json:"view"`
		Events []json.RawMessage          `json:"events"`
		Result *struct {
			Winner int `json:"winner"`
		} `json:"result"`
	}
	get := func(q string) (int, stepJSON, []byte) {
		t.Helper()
		code, b, _ := s.do("GET", fmt.Sprintf("/api/matches/%d/replay/step?%s", match, q), token, nil)
		var out stepJSON
		if code == 200 {
			if err := json.Unmarshal(b, &out); err != nil {
				t.Fatalf("decode %s: %v", b, err)
			}
		}
		return code, out, b
	}
	tests := []struct {
		name  string
		query string
		code  int
	}{
		{"start, spectator", "step=0", 200},
		{"first step, seat 0", "step=1&seat=0", 200},
		{"last step, seat 1", fmt.Sprintf("step=%d&seat=1", last.Version), 200},
		{"beyond the end", fmt.Sprintf("step=%d", last.Version+1), 400},
		{"chance is no seat", "step=1&seat=-1", 400},
		{"no such seat", "step=1&seat=2", 400},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, b := get(tc.query)
			if code != tc.code {
				t.Fatalf("GET replay/step?%s = %d %s, want %d", tc.query, code, b, tc.code)
			}
			if code != 200 {
				return
			}
			if out.Steps != last.Version || out.View["tiles"] == nil {
				t.Errorf("GET replay/step?%s = steps %d view %v, want %d steps and a view", tc.query, out.Steps, out.View != nil, last.Version)
			}
			if out.Step > 0 && (out.Answer == nil || out.Answer.Answer == "") {
				t.Errorf("step %d has no answer", out.Step)
			}
			if out.Step == last.Version && out.Result == nil {
				t.Errorf("the last step has no result")
			}
		})
	}

	// A live match is not served.
	live := c.startBots(2)
	code, b, _ := s.do("GET", fmt.Sprintf("/api/matches/%d/replay/step?step=0", live), token, nil)
	if code != 409 {
		t.Errorf("replay/step of a live match = %d %s, want 409 match_live", code, b)
	}
}
