package bots_test

import (
	"fmt"
	"slices"
	"testing"

	"tabletop/bots"
	"tabletop/engine"
	"tabletop/games/realigious"
)

func TestRandomPicksLegalUniformly(t *testing.T) {
	legal := []engine.Answer{3, 7, 11, 20}
	b := bots.NewRandom(1, 0)
	seen := map[engine.Answer]int{}
	const n = 4000
	for range n {
		a := b.Step(bots.Observation{Legal: legal})
		if !slices.Contains(legal, a) {
			t.Fatalf("Step(%v) = %d, not a legal answer", legal, a)
		}
		seen[a]++
	}
	for _, a := range legal {
		if got := seen[a]; got < n/4-200 || got > n/4+200 {
			t.Errorf("answer %d picked %d times of %d, want about %d", a, got, n, n/4)
		}
	}
}

func TestRandomIsSeeded(t *testing.T) {
	legal := []engine.Answer{1, 2, 3, 4, 5, 6, 7, 8}
	draw := func(seed uint64, seat engine.Seat) []engine.Answer {
		b := bots.NewRandom(seed, seat)
		out := make([]engine.Answer, 32)
		for i := range out {
			out[i] = b.Step(bots.Observation{Legal: legal})
		}
		return out
	}
	if a, b := draw(5, 1), draw(5, 1); !slices.Equal(a, b) {
		t.Errorf("NewRandom(5, 1) drew %v then %v, want the same", a, b)
	}
	if a, b := draw(5, 0), draw(5, 1); slices.Equal(a, b) {
		t.Errorf("seats 0 and 1 of seed 5 drew the same %v, want different streams", a)
	}
	if a, b := draw(5, 0), draw(6, 0); slices.Equal(a, b) {
		t.Errorf("seeds 5 and 6 drew the same %v, want different streams", a)
	}
}

func TestRandomIsBlind(t *testing.T) {
	if bots.NeedsView(bots.NewRandom(1, 0)) {
		t.Errorf("NeedsView(Random) = true, want false")
	}
}

// TestRandomPlaysRealigious plays whole matches through engine.Match, which
// rejects any illegal answer, and checks that they end.
func TestRandomPlaysRealigious(t *testing.T) {
	g := realigious.New()
	for seats := 2; seats <= 4; seats++ {
		for seed := uint64(1); seed <= 3; seed++ {
			t.Run(fmt.Sprintf("seats=%d/seed=%d", seats, seed), func(t *testing.T) {
				m, err := engine.NewMatch(g, []byte(`{"cycle_limit":20}`), seats, seed)
				if err != nil {
					t.Fatal(err)
				}
				players := make([]bots.Bot, seats)
				for i := range players {
					players[i] = bots.NewRandom(seed, engine.Seat(i))
				}
				for steps := 0; !m.State().Terminal(); steps++ {
					if steps > 100000 {
						t.Fatalf("no result after %d steps", steps)
					}
					st := m.State()
					d := st.Pending()
					if d.Seat == engine.Chance {
						_, err = m.ResolveChance()
					} else {
						_, err = m.Apply(players[d.Seat].Step(bots.Observation{Seat: d.Seat, Legal: st.Legal(nil)}))
					}
					if err != nil {
						t.Fatalf("step %d: %v", m.Steps()+1, err)
					}
				}
			})
		}
	}
}

// ExampleRandom shows a bot answering a decision.
func ExampleRandom() {
	b := bots.NewRandom(42, 0)
	legal := []engine.Answer{10, 20, 30}
	for range 5 {
		fmt.Print(b.Step(bots.Observation{Legal: legal}), " ")
	}
	fmt.Println()
	// Output: 30 20 30 10 10
}
