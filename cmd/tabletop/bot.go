package main

import (
	"fmt"
	"strings"

	"tabletop/bots"
	"tabletop/engine"
)

// botNames are the names sim's -bots and the engine protocol's "bot"
// command accept: bot kinds, then strength levels.
var botNames = []string{"random", "heuristic", "ismcts", "easy", "normal", "hard", "expert"}

// newBot returns the built-in bot called name (a kind or a level) to play
// seat of a match with the given seed. A bot's choices depend only on the
// game, name, seed, seat and what it is shown, so seeded games replay.
func newBot(g engine.Game, name string, seed uint64, seat engine.Seat) (bots.Bot, error) {
	switch name {
	case "random":
		return bots.NewRandom(seed, seat), nil
	}
	return nil, fmt.Errorf("unknown bot %q (known: %s)", name, strings.Join(botNames, ", "))
}
