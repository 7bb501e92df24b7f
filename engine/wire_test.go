package engine_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"tabletop/engine"
	"tabletop/engine/internal/toygame"
)

func TestDescribeDecision(t *testing.T) {
	m := newMatch(t, 2, 1)
	turn := m.State().Pending().Seat
	tests := []struct {
		name    string
		steps   int // answers before describing; -1 plays to the end
		want    engine.DecisionJSON
		wantStr string
	}{
		{
			name: "seat decision",
			want: engine.DecisionJSON{Seat: turn, Kind: "turn", Answers: []string{"roll", "play"}, Default: "roll"},
		},
		{
			name:  "chance decision",
			steps: 1,
			want: engine.DecisionJSON{Seat: engine.Chance, Kind: "die", Answers: []string{"1", "2", "3"}, Default: "1",
				Chance: []engine.OutcomeJSON{{Answer: "1", Weight: 2}, {Answer: "2", Weight: 2}, {Answer: "3", Weight: 1}}},
			wantStr: `{"seat":-1,"kind":"die","answers":["1","2","3"],"default":"1","chance":[{"answer":"1","weight":2},{"answer":"2","weight":2},{"answer":"3","weight":1}]}`,
		},
		{
			name:    "terminal",
			steps:   -1,
			want:    engine.DecisionJSON{Seat: engine.NoSeat, Kind: "over", Answers: []string{}},
			wantStr: `{"seat":-2,"kind":"over","answers":[],"default":""}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newMatch(t, 2, 1)
			play(t, m, tt.steps, "roll")
			got := engine.DescribeDecision(m.State())
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("DescribeDecision = %+v, want %+v", got, tt.want)
			}
			b, err := json.Marshal(got)
			if err != nil {
				t.Fatalf("json.Marshal error: %v", err)
			}
			if tt.wantStr != "" && string(b) != tt.wantStr {
				t.Errorf("json.Marshal(DescribeDecision) = %s, want %s", b, tt.wantStr)
			}
			var back engine.DecisionJSON
			if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(back, got) {
				t.Errorf("json round trip = %+v, %v; want %+v", back, err, got)
			}
		})
	}
}

// TestDescribeDecisionTo: describing every decision of a match into one
// reused DecisionJSON gives, step by step and at the end, what
// DescribeDecision gives.
func TestDescribeDecisionTo(t *testing.T) {
	m := newMatch(t, 2, 3)
	var (
		d     engine.DecisionJSON
		legal []engine.Answer
	)
	for {
		want := engine.DescribeDecision(m.State())
		legal = engine.DescribeDecisionTo(&d, m.State(), legal)
		if !reflect.DeepEqual(d, want) {
			t.Fatalf("step %d: DescribeDecisionTo = %+v, want %+v", m.Steps(), d, want)
		}
		if m.State().Terminal() {
			break
		}
		play(t, m, 1, "roll", "play")
	}
}

func TestHashMatchesEncoding(t *testing.T) {
	s, err := toygame.Game{}.New(nil, 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got, want := engine.Hash(s), engine.HashEncoding(s.AppendEncoding(nil)); got != want || len(got) != engine.HashLen {
		t.Errorf("Hash = %s, want HashEncoding(AppendEncoding) = %s of length %d", got, want, engine.HashLen)
	}
	c := s.Clone()
	if _, err := c.Apply(10); err != nil {
		t.Fatal(err)
	}
	if engine.Hash(c) == engine.Hash(s) {
		t.Errorf("Hash is the same before and after an answer")
	}
}
