package bottest_test

import (
	"errors"
	"strings"
	"testing"

	"tabletop/bots"
	"tabletop/bots/bottest"
	"tabletop/engine"
	"tabletop/games/realigious"
)

var config = []byte(`{"size":7,"cycle_limit":3}`)

// botFunc adapts a function to bots.Bot.
type botFunc func(obs bots.Observation) engine.Answer

func (f botFunc) Step(obs bots.Observation) engine.Answer { return f(obs) }

// erring is a legal bot that reports an error.
type erring struct{ botFunc }

func (erring) Err() error { return errors.New("cannot search") }

func TestPlay(t *testing.T) {
	g := realigious.New()
	tests := []struct {
		name    string
		bot     bots.Bot
		wantErr string // "" for a finished match
	}{
		{"random", bots.NewRandom(1, 0), ""},
		{"first", botFunc(func(obs bots.Observation) engine.Answer { return obs.Legal[0] }), ""},
		{"illegal", botFunc(func(obs bots.Observation) engine.Answer { return obs.Legal[len(obs.Legal)-1] + 1 }), "answered"},
		{"changes legal", botFunc(func(obs bots.Observation) engine.Answer { obs.Legal[0]++; return obs.Legal[0] }), "changed its observation"},
		{"changes view", botFunc(func(obs bots.Observation) engine.Answer { obs.View[0] = ' '; return obs.Legal[0] }), "changed its observation"},
		{"reports error", erring{func(obs bots.Observation) engine.Answer { return obs.Legal[0] }}, "cannot search"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := bottest.Play(g, config, 2, 5, func(seat engine.Seat, seed uint64) bots.Bot {
				if seat == 1 {
					return tt.bot
				}
				return bots.NewRandom(seed, seat)
			})
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("Play = %v, want a finished match", err)
			case tt.wantErr == "" && len(r.Ranking) != 2:
				t.Errorf("Play ranking = %v, want 2 seats", r.Ranking)
			case tt.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tt.wantErr)):
				t.Errorf("Play error = %v, want one containing %q", err, tt.wantErr)
			}
		})
	}
}

// TestExercise runs the acceptance test itself on random bots.
func TestExercise(t *testing.T) {
	results := bottest.Exercise(t, realigious.New(), config, 3, 2, func(seat engine.Seat, seed uint64) bots.Bot {
		return bots.NewRandom(seed, seat)
	})
	if len(results) != 2 {
		t.Errorf("Exercise returned %d results, want 2", len(results))
	}
}
