package realigious

import (
	"math"
	"testing"

	"tabletop/engine"
)

// evNew returns a fresh 3-player state at its first decision.
func evNew(t *testing.T) *State {
	t.Helper()
	st, err := New().New([]byte(`{"climate":"dry"}`), 3, 11)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

func evInRange(t *testing.T, v []float64, n int) {
	t.Helper()
	if len(v) != n {
		t.Fatalf("%d scores for %d seats", len(v), n)
	}
	for i, x := range v {
		if math.IsNaN(x) || x < 0 || x > 1 {
			t.Fatalf("seat %d scores %v", i, x)
		}
	}
}

func TestEvaluateTerminal(t *testing.T) {
	g := New()
	s := evNew(t)
	s.finish(1, "religious")
	if v := g.Evaluate(s); v[0] != 0 || v[1] != 1 || v[2] != 0 {
		t.Fatalf("winner 1: %v", v)
	}
	s = evNew(t)
	s.finish(-1, "draw")
	for _, x := range g.Evaluate(s) {
		if x != 1.0/3 {
			t.Fatalf("draw: %v", g.Evaluate(s))
		}
	}
	// Real finished matches agree with their result.
	for seed := uint64(1); seed <= 6; seed++ {
		st, _ := g.New([]byte(`{"cycle_limit":20}`), 2+int(seed%3), seed)
		s := st.(*State)
		r := engine.SeedPCG(seed, 1)
		for !s.Terminal() {
			smpStep(t, s, &r)
		}
		v := g.Evaluate(s)
		res := s.Result()
		for i, x := range v {
			want := 0.0
			switch {
			case res.Winner == engine.NoSeat:
				want = 1 / float64(len(v))
			case int(res.Winner) == i:
				want = 1
			}
			if x != want {
				t.Fatalf("seed %d: result %+v, scores %v", seed, res, v)
			}
		}
	}
}

func TestEvaluateDefeatedScoresZero(t *testing.T) {
	s := evNew(t)
	s.eliminate(2)
	v := New().Evaluate(s)
	evInRange(t, v, 3)
	if v[2] != 0 || v[0] <= 0 || v[1] <= 0 {
		t.Fatalf("scores %v", v)
	}
}

func TestEvaluateMonotone(t *testing.T) {
	g := New()
	base := evNew(t)
	v0 := g.Evaluate(base)
	evInRange(t, v0, 3)
	if v0[0] != v0[1] || v0[1] != v0[2] {
		t.Fatalf("equal seats score %v", v0)
	}
	check := func(name string, change func(s *State)) {
		t.Helper()
		s := base.clone()
		change(s)
		v := g.Evaluate(s)
		evInRange(t, v, 3)
		if v[0] <= v0[0] || v[1] >= v0[1] {
			t.Fatalf("%s: seat 0 %v → %v, seat 1 %v → %v", name, v0[0], v[0], v0[1], v[1])
		}
	}
	check("followers", func(s *State) { s.players[0].res[Followers] += 1000 })
	check("tiles", func(s *State) {
		n := 0
		for t := range s.tiles {
			if s.tiles[t].Terrain.Contactable() && !s.tiles[t].Structure.LocalGovernment() && n < 5 {
				s.tiles[t].Owner = 0
				n++
			}
		}
	})
	check("reputation", func(s *State) { s.players[0].rep += 20 })
	check("relics", func(s *State) { s.relics[0].tile, s.relics[0].holder = -1, 0 })
	check("resources", func(s *State) { s.players[0].res[Donations] += 1000 })
	// Reputation near 0 is bad.
	s := base.clone()
	s.players[0].rep = 2
	if v := g.Evaluate(s); v[0] >= v0[0] {
		t.Fatalf("reputation 2 scores %v, 50 scores %v", v[0], v0[0])
	}
	// More followers, more score, all along.
	prev := -1.0
	for f := int32(0); f < int32(base.p.religiousThreshold(3)); f += 500 {
		s := base.clone()
		s.players[0].res[Followers] = f
		v := g.Evaluate(s)
		if v[0] <= prev {
			t.Fatalf("followers %d score %v, below %v", f, v[0], prev)
		}
		prev = v[0]
	}
}

func TestEvaluateInRangeAndCheap(t *testing.T) {
	g := New()
	for seed := uint64(1); seed <= 8; seed++ {
		st, _ := g.New([]byte(`{"cycle_limit":40}`), 2+int(seed%3), seed)
		s := st.(*State)
		r := engine.SeedPCG(seed, 2)
		for !s.Terminal() {
			evInRange(t, g.Evaluate(s), len(s.players))
			smpStep(t, s, &r)
		}
	}
	s := evNew(t)
	if a := testing.AllocsPerRun(100, func() { g.Evaluate(s) }); a > 1 {
		t.Fatalf("Evaluate allocates %v times, want only the result", a)
	}
}

func BenchmarkEvaluate(b *testing.B) {
	g := New()
	st, _ := g.New(nil, 4, 1)
	b.ReportAllocs()
	for b.Loop() {
		g.Evaluate(st)
	}
}
