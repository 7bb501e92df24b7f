package realigious

import (
	"math/rand/v2"
	"testing"

	"tabletop/engine"
)

// BenchmarkViewTrackerUpdate measures a live match's view work per step:
// after each step of a 4-player random playout from a midgame state, every
// audience's tracker (four seats and the spectator) is updated. One op is
// one step, five Updates. The states are made before the timer; the
// playout restarts after 128 steps (one jump the trackers see whole).
func BenchmarkViewTrackerUpdate(b *testing.B) {
	st := midgame(b, 300)
	states := []*State{st.clone()}
	r := rand.NewPCG(5, 5)
	var abuf []engine.Answer
	for cur := st.clone(); len(states) < 128 && cur.phase != phaseOver; states = append(states, cur.clone()) {
		abuf = benchStep(b, cur, r, 5, abuf)
	}
	audiences := []engine.Seat{0, 1, 2, 3, engine.Spectator}
	trs := make([]engine.ViewTracker, len(audiences))
	for i := range trs {
		trs[i] = st.NewViewTracker()
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
