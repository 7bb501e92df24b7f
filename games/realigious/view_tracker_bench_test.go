package realigious

import (
	"testing"

	"tabletop/engine"
)

// BenchmarkViewTrackerUpdate measures a live match's view work per step:
// after each step of a 4-player random playout from a midgame state, every
// audience's tracker (four seats and the spectator) is updated. One op is
// one step, five Updates. The states are made before the timer; the
// playout restarts after 128 steps (one jump the trackers see whole).
func BenchmarkViewTrackerUpdate(b *testing.B) {
	states := midgameSteps(b, 128, 5)
	audiences := []engine.Seat{0, 1, 2, 3, engine.Spectator}
	trs := make([]engine.ViewTracker, len(audiences))
	for i := range trs {
		trs[i] = states[0].NewViewTracker()
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := states[i%len(states)]
		for a, seat := range audiences {
			if err := trs[a].Update(s, seat); err != nil {
				b.Fatal(err)
			}
		}
	}
}
