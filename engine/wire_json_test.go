package engine_test

import (
	"bytes"
	"encoding/json"
	"testing"

	"tabletop/engine"
)

// TestDecisionAppendJSON checks that DecisionJSON.AppendJSON writes what
// json.Marshal writes, for every shape a decision takes on the wire.
func TestDecisionAppendJSON(t *testing.T) {
	tests := []struct {
		name string
		d    engine.DecisionJSON
	}{
		{"terminal", engine.DecisionJSON{Seat: engine.NoSeat, Answers: []string{}}},
		{"nil answers", engine.DecisionJSON{Seat: 0, Kind: "move"}},
		{"seat", engine.DecisionJSON{Seat: 3, Kind: "card_target", Answers: []string{"tile 8,0", "tile 9,0"}, Default: "tile 8,0"}},
		{"escaping", engine.DecisionJSON{Seat: 1, Kind: `a"b<c>`, Answers: []string{"é\u2028", "\x00&"}, Default: "\xff"}},
		{"chance", engine.DecisionJSON{Seat: engine.Chance, Kind: "roll", Answers: []string{"1", "2"}, Default: "1",
			Chance: []engine.OutcomeJSON{{Answer: "1", Weight: 5}, {Answer: "2", Weight: -1}}}},
		{"empty chance", engine.DecisionJSON{Seat: engine.Chance, Kind: "roll", Answers: []string{}, Chance: []engine.OutcomeJSON{}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			want, err := json.Marshal(tt.d)
			if err != nil {
				t.Fatal(err)
			}
			got := tt.d.AppendJSON([]byte("["))
			if !bytes.Equal(got[1:], want) {
				t.Errorf("AppendJSON = %s\n want %s", got[1:], want)
			}
		})
	}
}
