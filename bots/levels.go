package bots

import (
	"fmt"
	"strings"
	"time"

	"tabletop/engine"
)

// Iteration budgets of the search levels.
const (
	hardIterations   = 300
	expertIterations = 2000
)

// levels lists the difficulty levels, easiest first.
var levels = [...]string{"random", "easy", "normal", "hard", "expert"}

// Levels returns the names of the difficulty levels New accepts, easiest
// first.
func Levels() []string { return append([]string(nil), levels[:]...) }

// New returns the bot of a difficulty level for seat of a match of g with
// the given seed (see the package doc for what each level is). Every level
// is deterministic: the same seed, seat and observations give the same
// answers. Levels other than "random" need g to implement SearchGame. An
// unknown level returns an error listing the names.
func New(g engine.Game, level string, seed uint64, seat engine.Seat) (Bot, error) {
	return NewTimed(g, level, seed, seat, 0)
}

// NewTimed is New for live play: a positive moveTime replaces the
// "expert" level's iteration budget by that much search time per decision.
// The other levels keep their fixed budgets, so that they stay as weak as
// their names say whatever the machine. A moveTime of zero is New.
func NewTimed(g engine.Game, level string, seed uint64, seat engine.Seat, moveTime time.Duration) (Bot, error) {
	if level == "random" {
		return NewRandom(seed, seat), nil
	}
	known := false
	for _, l := range levels {
		known = known || l == level
	}
	if !known {
		return nil, fmt.Errorf("bots: unknown level %q (want one of %s)", level, strings.Join(levels[:], ", "))
	}
	sg, ok := g.(SearchGame)
	if !ok {
		return nil, fmt.Errorf("bots: level %q needs a game with a view sampler and an evaluator; %s has none", level, g.Descriptor().Name)
	}
	switch level {
	case "easy":
		return NewHeuristic(sg, seed, seat, HeuristicOptions{Samples: 1}), nil
	case "normal":
		return NewHeuristic(sg, seed, seat, HeuristicOptions{}), nil
	case "hard":
		return NewISMCTS(sg, seed, seat, ISMCTSOptions{Iterations: hardIterations})
	}
	opts := ISMCTSOptions{Iterations: expertIterations}
	if moveTime > 0 {
		opts = ISMCTSOptions{Time: moveTime}
	}
	return NewISMCTS(sg, seed, seat, opts)
}
