package realigious

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"tabletop/engine"
)

// playRandom plays one seeded random game to the end and returns the number
// of answers applied. Chance decisions are answered as in play.
func playRandom(g *Game, players int, seed uint64, buf []engine.Answer) (int, []engine.Answer) {
	st := g.NewState(Config{Size: g.params.MapSize[players-2], Climate: "random", CycleLimit: g.params.CycleLimit, Seats: make([]SeatConfig, players)}, seed)
	r := rand.NewPCG(seed, 99)
	n := 0
	for st.phase != phaseOver {
		buf = st.Legal(buf[:0])
		var a engine.Answer
		if st.phase == phaseRoll || st.phase == phaseRelocate || st.phase == phaseWind {
			a = engine.ChanceAnswer(seed, st.steps, st.Chance())
		} else {
			a = buf[engine.IntN(r, len(buf))]
		}
		if _, err := st.Apply(a); err != nil {
			panic(err)
		}
		n++
	}
	return n, buf
}

// BenchmarkRandomGame measures full random games: games/s and answers/s
// (one answer = one Apply; see docs/performance.md for the decision kinds).
func BenchmarkRandomGame(b *testing.B) {
	g := New()
	for _, players := range []int{2, 3, 4} {
		b.Run(fmt.Sprintf("players=%d", players), func(b *testing.B) {
			var buf []engine.Answer
			answers := 0
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				var n int
				n, buf = playRandom(g, players, uint64(i), buf)
				answers += n
			}
			sec := b.Elapsed().Seconds()
			b.ReportMetric(float64(b.N)/sec, "games/s")
			b.ReportMetric(float64(answers)/sec, "answers/s")
			b.ReportMetric(float64(answers)/float64(b.N), "answers/game")
		})
	}
}

// midgame returns a 4-player state after some random play.
func midgame(b *testing.B, steps int) *State {
	b.Helper()
	g := New()
	st := g.NewState(Config{Size: 13, Climate: "temperate", CycleLimit: 100, Seats: make([]SeatConfig, 4)}, 7)
	r := rand.NewPCG(7, 7)
	var buf []engine.Answer
	for i := 0; i < steps && st.phase != phaseOver; i++ {
		buf = benchStep(b, st, r, 7, buf)
	}
	return st
}

// benchStep applies a random legal answer to st (at a roll, the seeded
// chance answer) and returns buf for reuse.
// midgameSteps returns up to n consecutive states of a random playout
// from midgame(b, 300) (fewer if the match ends), the answers drawn from
// seed.
func midgameSteps(b *testing.B, n int, seed uint64) []*State {
	b.Helper()
	st := midgame(b, 300)
	states := []*State{st.clone()}
	r := rand.NewPCG(seed, seed)
	var abuf []engine.Answer
	for cur := st.clone(); len(states) < n && cur.phase != phaseOver; states = append(states, cur.clone()) {
		abuf = benchStep(b, cur, r, seed, abuf)
	}
	return states
}

func benchStep(b *testing.B, st *State, r *rand.PCG, seed uint64, buf []engine.Answer) []engine.Answer {
	buf = st.Legal(buf[:0])
	a := buf[engine.IntN(r, len(buf))]
	if st.phase == phaseRoll {
		a = engine.ChanceAnswer(seed, st.steps, st.Chance())
	}
	if _, err := st.Apply(a); err != nil {
		b.Fatal(err)
	}
	return buf
}

// BenchmarkApply measures one Apply on a 4-player midgame state (the state
// is cloned outside the timer every 64 answers to stay in the midgame).
func BenchmarkApply(b *testing.B) {
	base := midgame(b, 300)
	st := base.clone()
	var buf []engine.Answer
	r := rand.NewPCG(1, 2)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%64 == 0 || st.phase == phaseOver {
			b.StopTimer()
			st = base.clone()
			b.StartTimer()
		}
		buf = st.Legal(buf[:0])
		if _, err := st.Apply(buf[engine.IntN(r, len(buf))]); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkClone measures Clone of a 4-player state.
func BenchmarkClone(b *testing.B) {
	st := midgame(b, 300)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = st.Clone()
	}
}

// BenchmarkView measures building and encoding one seat's view of a
// 4-player state: build alone, with encoding/json, and with AppendView.
func BenchmarkView(b *testing.B) {
	st := midgame(b, 300)
	b.Run("build", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			_ = st.View(engine.Seat(i % 4))
		}
	})
	b.Run("json", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := json.Marshal(st.View(engine.Seat(i % 4))); err != nil {
				b.Fatal(err)
			}
		}
	})
	// append is the server's path (engine.AppendView): build the view and
	// encode it by hand into a reused buffer, the same bytes as json.
	b.Run("append", func(b *testing.B) {
		var buf []byte
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			buf = st.AppendView(buf[:0], engine.Seat(i%4))
		}
		b.SetBytes(int64(len(buf)))
	})
	// step is the server's per-step work: after each step of a playout,
	// every seat's view, by AppendView ("stateless") or by one tracker per
	// seat ("tracker": Update and the skeleton, what a server with view
	// patches needs every step). One op is one view.
	states := []*State{st.clone()}
	r := rand.NewPCG(3, 3)
	var abuf []engine.Answer
	for cur := st.clone(); len(states) < 64 && cur.phase != phaseOver; states = append(states, cur.clone()) {
		abuf = benchStep(b, cur, r, 3, abuf)
	}
	b.Run("step/stateless", func(b *testing.B) {
		var buf []byte
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			buf = states[(i/4)%len(states)].AppendView(buf[:0], engine.Seat(i%4))
		}
	})
	b.Run("step/tracker", func(b *testing.B) {
		var buf []byte
		var trs [4]engine.ViewTracker
		for i := range trs {
			trs[i] = st.NewViewTracker()
		}
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if err := trs[i%4].Update(states[(i/4)%len(states)], engine.Seat(i%4)); err != nil {
				b.Fatal(err)
			}
			buf = append(buf[:0], trs[i%4].Skeleton()...)
		}
	})
}
