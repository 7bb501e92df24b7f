package engine_test

import (
	"bytes"
	"fmt"

	"tabletop/engine"
	"tabletop/engine/internal/toygame"
)

// Play a seeded match of the toy race game: each seat plays its hidden card
// when it is a 3 and rolls otherwise; the match's seeded RNG answers the die
// rolls.
func ExampleMatch() {
	m, err := engine.NewMatch(toygame.Game{}, []byte(`{"target": 12}`), 3, 2024)
	if err != nil {
		panic(err)
	}
	for !m.State().Terminal() {
		s := m.State()
		d := s.Pending()
		if d.Seat == engine.Chance {
			_, err = m.ResolveChance()
		} else if s.View(d.Seat).(toygame.View).Hand == 3 {
			_, err = m.ApplyText("play")
		} else {
			_, err = m.ApplyText("roll")
		}
		if err != nil {
			panic(err)
		}
	}
	r := m.State().Result()
	fmt.Printf("seat %d wins (%s) after %d steps; ranking %v\n", r.Winner, r.How, m.Steps(), r.Ranking)
	// Output:
	// seat 2 wins (race) after 31 steps; ranking [2 1 0]
}

// Record a match, write its replay, read it back and verify it.
func ExampleVerify() {
	m, _ := engine.NewMatch(toygame.Game{}, nil, 2, 7)
	for !m.State().Terminal() {
		if m.State().Pending().Seat == engine.Chance {
			m.ResolveChance()
		} else {
			m.ApplyText("roll")
		}
	}
	var file bytes.Buffer
	m.Replay().WriteTo(&file)

	r, err := engine.ReadReplay(&file)
	if err != nil {
		panic(err)
	}
	final, err := engine.Verify(toygame.Game{}, r)
	fmt.Println(len(r.Steps), "steps verified:", err == nil, engine.Hash(final) == engine.Hash(m.State()))

	r.Header.RulesVersion = "toy/0"
	_, err = engine.Verify(toygame.Game{}, r)
	fmt.Println(err)
	// Output:
	// 20 steps verified: true true
	// engine: replay made under rules "toy/0" but this build has "toy/1": engine: replay mismatch
}

// A chance decision's answer depends only on the match seed and the step.
func ExampleChanceAnswer() {
	die := []engine.Outcome{{Answer: 1, Weight: 2}, {Answer: 2, Weight: 2}, {Answer: 3, Weight: 1}}
	for step := range 8 {
		fmt.Print(engine.ChanceAnswer(99, step, die), " ")
	}
	fmt.Println()
	// Output:
	// 1 1 3 1 1 1 2 2
}

// Show the pending decision in its wire form.
func ExampleDescribeDecision() {
	m, _ := engine.NewMatch(toygame.Game{}, nil, 2, 1)
	m.ApplyText("roll")
	d := engine.DescribeDecision(m.State())
	fmt.Printf("seat %d decides %q: %v (default %s), odds %v\n", d.Seat, d.Kind, d.Answers, d.Default, d.Chance)
	// Output:
	// seat -1 decides "die": [1 2 3] (default 1), odds [{1 2} {2 2} {3 1}]
}
