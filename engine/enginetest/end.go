package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"tabletop/engine"
)

// checkEnd checks the result of a finished match and that nothing more can
// be applied to it.
func checkEnd(c *checker, m *engine.Match, n int) {
	s := m.State()
	r := s.Result()
	ranked := slices.Clone(r.Ranking)
	slices.Sort(ranked)
	perm := len(ranked) == n
	for i, seat := range ranked {
		perm = perm && seat == engine.Seat(i)
	}
	if !perm {
		c.errorf("Result().Ranking = %v, want a permutation of seats 0-%d", r.Ranking, n-1)
	}
	switch {
	case r.Winner == engine.NoSeat:
	case r.Winner < 0 || int(r.Winner) >= n:
		c.errorf("Result().Winner = %d, want NoSeat or 0-%d", r.Winner, n-1)
	case perm && r.Ranking[0] != r.Winner:
		c.errorf("Result().Winner = %d but Ranking = %v starts elsewhere", r.Winner, r.Ranking)
	}
	if r.How == "" {
		c.errorf("Result().How is empty")
	}
	if _, err := json.Marshal(r); err != nil {
		c.errorf("json.Marshal(Result()) error: %v", err)
	}
	if _, err := m.Apply(0); !errors.Is(err, engine.ErrGameOver) {
		c.errorf("Match.Apply after the end: error = %v, want one wrapping ErrGameOver", err)
	}
	if _, err := m.ResolveChance(); !errors.Is(err, engine.ErrGameOver) {
		c.errorf("Match.ResolveChance after the end: error = %v, want one wrapping ErrGameOver", err)
	}
}

// checkReplay checks that the match's replay verifies, survives its JSON
// form, and that playing the same seed again with hashing off records the
// same steps and hashes.
func checkReplay(c *checker, g engine.Game, m *engine.Match, opts Options, n int, seed uint64) {
	r := m.Replay()
	want := engine.Hash(m.State())
	if final, err := engine.Verify(g, r); err != nil {
		c.errorf("Verify(Match.Replay()) error: %v", err)
	} else if got := engine.Hash(final); got != want {
		c.errorf("Verify(Match.Replay()) final hash %s, want %s", got, want)
	}

	var buf bytes.Buffer
	if _, err := r.WriteTo(&buf); err != nil {
		c.errorf("Replay.WriteTo error: %v", err)
		return
	}
	r2, err := engine.ReadReplay(&buf)
	if err != nil {
		c.errorf("ReadReplay(Replay.WriteTo) error: %v", err)
		return
	}
	if !slices.Equal(r2.Steps, r.Steps) {
		c.errorf("ReadReplay(Replay.WriteTo) steps differ from the written ones")
	}
	if final, err := engine.Verify(g, r2); err != nil {
		c.errorf("Verify(ReadReplay(Replay.WriteTo)) error: %v", err)
	} else if got := engine.Hash(final); got != want {
		c.errorf("Verify(ReadReplay(Replay.WriteTo)) final hash %s, want %s", got, want)
	}

	m2, err := engine.NewMatch(g, opts.Config, n, seed)
	if err != nil {
		c.errorf("second NewMatch error: %v", err)
		return
	}
	m2.SetHashing(false)
	p := RandomAnswers(seed)
	if err := playRandom(m2, &p, opts.MaxSteps); err != nil {
		c.errorf("second play of the same seed: %v", err)
		return
	}
	if got := engine.Hash(m2.State()); got != want {
		c.errorf("second play of the same seed: final hash %s, want %s", got, want)
	}
	steps := m2.Replay().Steps
	if i := firstDiff(steps, r.Steps); i >= 0 {
		c.errorf("second play of the same seed (hashing off) differs at step %d: %+v, want %+v", i+1, at(steps, i), at(r.Steps, i))
	}
}

// playRandom plays m to the end as checkMatch does, without checks.
func playRandom(m *engine.Match, p *rand.PCG, maxSteps int) error {
	var buf []engine.Answer
	for !m.State().Terminal() {
		if m.Steps() >= maxSteps {
			return fmt.Errorf("match did not end within %d steps", maxSteps)
		}
		var err error
		if s := m.State(); s.Pending().Seat == engine.Chance {
			_, err = m.ResolveChance()
		} else {
			var a engine.Answer
			a, buf = RandomAnswer(s, p, buf)
			_, err = m.Apply(a)
		}
		if err != nil {
			return fmt.Errorf("step %d: %w", m.Steps()+1, err)
		}
	}
	return nil
}

// firstDiff returns the first index at which a and b differ, or -1.
func firstDiff(a, b []engine.Step) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

// at returns steps[i], or a zero Step past the end.
func at(steps []engine.Step, i int) engine.Step {
	if i < len(steps) {
		return steps[i]
	}
	return engine.Step{}
}
