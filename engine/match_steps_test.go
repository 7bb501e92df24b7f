package engine_test

import (
	"testing"

	"tabletop/engine"
	"tabletop/engine/internal/toygame"
)

// TestMatchStepsFrom checks that StepsFrom returns exactly the tail of the
// replay's steps, and AppendStepsFrom appends the same.
func TestMatchStepsFrom(t *testing.T) {
	m, err := engine.NewMatch(toygame.Game{}, nil, 2, 9)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 6 && !m.State().Terminal(); i++ {
		if m.State().Pending().Seat == engine.Chance {
			_, err = m.ResolveChance()
		} else {
			_, err = m.Apply(m.State().Pending().Default)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	all := m.Replay().Steps
	for _, from := range []int{-1, 0, 2, len(all), len(all) + 3} {
		got := m.StepsFrom(from)
		lo := min(max(from, 0), len(all))
		if len(got) != len(all)-lo {
			t.Fatalf("StepsFrom(%d) has %d steps, want %d", from, len(got), len(all)-lo)
		}
		for i := range got {
			if got[i] != all[lo+i] {
				t.Errorf("StepsFrom(%d)[%d] = %+v, want %+v", from, i, got[i], all[lo+i])
			}
		}
		before := engine.Step{Answer: "before"}
		app := m.AppendStepsFrom([]engine.Step{before}, from)
		if len(app) != 1+len(got) || app[0] != before {
			t.Fatalf("AppendStepsFrom([before], %d) = %+v, want before and %d steps", from, app, len(got))
		}
		for i := range got {
			if app[1+i] != got[i] {
				t.Errorf("AppendStepsFrom(%d)[%d] = %+v, want %+v", from, 1+i, app[1+i], got[i])
			}
		}
	}
}
