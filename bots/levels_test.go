package bots_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"tabletop/bots"
	"tabletop/engine"
	"tabletop/games/realigious"
)

// plainGame hides every method of a game but engine.Game's, so that it has
// no sampler or evaluator.
type plainGame struct{ engine.Game }

func TestNew(t *testing.T) {
	g := realigious.New()
	tests := []struct {
		level   string
		game    engine.Game
		want    string // the bot's type
		wantErr string // a substring of the error
	}{
		{level: "random", game: g, want: "*bots.Random"},
		{level: "random", game: plainGame{g}, want: "*bots.Random"},
		{level: "easy", game: g, want: "*bots.Heuristic"},
		{level: "normal", game: g, want: "*bots.Heuristic"},
		{level: "hard", game: g, want: "*bots.ISMCTS"},
		{level: "expert", game: g, want: "*bots.ISMCTS"},
		{level: "hard", game: plainGame{g}, wantErr: "view sampler"},
		{level: "", game: g, wantErr: "random, easy, normal, hard, expert"},
		{level: "Expert", game: g, wantErr: `unknown level "Expert"`},
		{level: "godlike", game: g, wantErr: "random, easy, normal, hard, expert"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%T", tt.level, tt.game), func(t *testing.T) {
			b, err := bots.New(tt.game, tt.level, 1, 0)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Errorf("New(%q) error = %v, want one containing %q", tt.level, err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("New(%q) error = %v", tt.level, err)
			}
			if got := fmt.Sprintf("%T", b); got != tt.want {
				t.Errorf("New(%q) = %s, want %s", tt.level, got, tt.want)
			}
		})
	}
}

func TestLevels(t *testing.T) {
	want := []string{"random", "easy", "normal", "hard", "expert"}
	got := bots.Levels()
	if !slices.Equal(got, want) {
		t.Errorf("Levels() = %v, want %v", got, want)
	}
	got[0] = "changed"
	if bots.Levels()[0] != "random" {
		t.Errorf("Levels() returned its own slice; changing it changed the next result")
	}
}

// TestLevelsAnswer asks every level for one decision of a 4-player
// midgame, with the budgets of the level (the expert also under a time
// budget), and checks that the answer is legal and the search ran.
func TestLevelsAnswer(t *testing.T) {
	g := realigious.New()
	_, obs := position(t, g, nil, 4, 3, 200)
	tests := []struct {
		level    string
		moveTime time.Duration
		iters    int // for ISMCTS: the iterations the Step must run (-1: at least one)
	}{
		{level: "random"},
		{level: "easy"},
		{level: "normal"},
		{level: "hard", iters: 300},
		{level: "expert", iters: 2000},
		{level: "expert", moveTime: 20 * time.Millisecond, iters: -1},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s/%v", tt.level, tt.moveTime), func(t *testing.T) {
			if testing.Short() && tt.level == "expert" && tt.moveTime == 0 {
				t.Skip("expert search in -short mode")
			}
			b, err := bots.NewTimed(g, tt.level, 9, obs.Seat, tt.moveTime)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			a := b.Step(obs)
			took := time.Since(start)
			if !slices.Contains(obs.Legal, a) {
				t.Errorf("%s: Step = %d, not in %v", tt.level, a, obs.Legal)
			}
			if e, ok := b.(interface{ Err() error }); ok && e.Err() != nil {
				t.Errorf("%s: Err() = %v", tt.level, e.Err())
			}
			if m, ok := b.(*bots.ISMCTS); ok {
				switch got := m.Iterations(); {
				case tt.iters >= 0 && got != tt.iters:
					t.Errorf("%s: Iterations() = %d, want %d", tt.level, got, tt.iters)
				case tt.iters < 0 && got < 1:
					t.Errorf("%s: Iterations() = %d, want at least 1", tt.level, got)
				}
				if tt.moveTime > 0 && took > 10*tt.moveTime+100*time.Millisecond {
					t.Errorf("%s: Step took %v under a %v budget", tt.level, took, tt.moveTime)
				}
			}
			t.Logf("%s: %v", tt.level, took)
		})
	}
}
