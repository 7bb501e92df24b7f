package realigious

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"tabletop/engine"
	"tabletop/engine/enginetest"
)

// maxTurnAnswers is the documented bound on the answers of one turn
// (docs/decisions.md, GAP-54): at most maxChain card resolutions start in
// a turn, each asks a bounded number of decisions, and arming changes
// once per card; 1024 is far above any turn of real play.
const maxTurnAnswers = 1024

// TestCardStepBoundPerTurn plays seeded random matches with random trait
// slots (every card comes into play) and checks that no turn exceeds
// maxTurnAnswers answers nor maxChain card resolutions (GAP-54: every
// chain ends). CI plays a few matches; REALIGIOUS_BOUND_GAMES=100000 runs
// the recorded run (docs/performance.md).
func TestCardStepBoundPerTurn(t *testing.T) {
	games := 24
	if testing.Short() {
		games = 6
	}
	if n, err := strconv.Atoi(os.Getenv("REALIGIOUS_BOUND_GAMES")); err == nil && n > 0 {
		games = n
	}
	g := New()
	worst, worstChain, total := 0, 0, 0
	for m := range games {
		seats := 2 + m%3
		s := randomSlotMatch(t, g, uint64(m), seats, climateNames[m%len(climateNames)], 30, 91)
		rnd := enginetest.RandomAnswers(uint64(m))
		var buf []engine.Answer
		turn, inTurn := s.turns, 0
		for step := 0; !s.Terminal(); step++ {
			var a engine.Answer
			a, buf = randomStep(s, uint64(m), step, &rnd, buf)
			if _, err := s.Apply(a); err != nil {
				t.Fatalf("game %d step %d: %v", m, step, err)
			}
			total++
			if s.turns != turn {
				turn, inTurn = s.turns, 0
			}
			inTurn++
			worst, worstChain = max(worst, inTurn), max(worstChain, int(s.chain))
			if inTurn > maxTurnAnswers || int(s.chain) > maxChain {
				t.Fatalf("game %d turn %d: %d answers, %d card resolutions (bounds %d, %d)", m, turn, inTurn, s.chain, maxTurnAnswers, maxChain)
			}
		}
	}
	t.Logf("%d games, %d answers: at most %d answers and %d card resolutions in one turn (bounds %d, %d)", games, total, worst, worstChain, maxTurnAnswers, maxChain)
}

// randomSlotMatch starts a seeded match of seats players whose trait
// slots are drawn at random (stream picks the draw), in climate with the
// given cycle limit: the random-card games several tests play out.
func randomSlotMatch(t testing.TB, g *Game, seed uint64, seats int, climate string, cycleLimit int, stream uint64) *State {
	t.Helper()
	r := rand.NewPCG(seed, stream)
	cfg := Config{Climate: climate, CycleLimit: cycleLimit}
	for range seats {
		cfg.Seats = append(cfg.Seats, SeatConfig{Traits: RandomSlot(r, MaxPlayerLevel).Traits})
	}
	raw, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	st, err := g.New(raw, seats, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// applyRandomStep applies randomStep's answer to s, failing t if the rules
// refuse it, and returns buf for reuse.
func applyRandomStep(t *testing.T, s *State, seed uint64, step int, rnd *rand.PCG, buf []engine.Answer) []engine.Answer {
	t.Helper()
	a, buf := randomStep(s, seed, step, rnd, buf)
	if _, err := s.Apply(a); err != nil {
		t.Fatalf("step %d: %v", step, err)
	}
	return buf
}

// randomStep answers the pending decision of s, a game played from seed:
// chance as in play, a seat's decision with a random legal answer.
func randomStep(s *State, seed uint64, step int, rnd *rand.PCG, buf []engine.Answer) (engine.Answer, []engine.Answer) {
	if s.Pending().Seat == engine.Chance {
		return engine.ChanceAnswer(seed, step, s.Chance()), buf
	}
	return enginetest.RandomAnswer(s, rnd, buf)
}
