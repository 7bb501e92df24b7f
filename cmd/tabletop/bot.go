package main

import (
	"fmt"
	"slices"
	"strings"

	"tabletop/bots"
	"tabletop/engine"
)

// botAliases maps the bot kinds to the level bots.New makes of them:
// "heuristic" is the Heuristic bot of level "normal", "ismcts" the IS-MCTS
// bot of level "hard". A name bots.New knows itself is never looked up
// here.
var botAliases = map[string]string{"heuristic": "normal", "ismcts": "hard"}

// botNames lists the names sim's -bots and the engine protocol's "bot"
// command accept: the levels of bots.New, then the kinds of botAliases.
func botNames() []string {
	names := bots.Levels()
	for _, k := range []string{"heuristic", "ismcts"} {
		if !slices.Contains(names, k) {
			names = append(names, k)
		}
	}
	return names
}

// newBot returns the built-in bot called name (a level or a kind) to play
// seat of a match of g with the given seed. A bot's choices depend only on
// g, name, seed, seat and what it is shown, so seeded games replay.
func newBot(g engine.Game, name string, seed uint64, seat engine.Seat) (bots.Bot, error) {
	level := name
	if l, ok := botAliases[name]; ok && !slices.Contains(bots.Levels(), name) {
		level = l
	}
	if !slices.Contains(bots.Levels(), level) {
		return nil, fmt.Errorf("unknown bot %q (known: %s)", name, strings.Join(botNames(), ", "))
	}
	b, err := bots.New(g, level, seed, seat)
	if err != nil {
		return nil, fmt.Errorf("bot %q: %w", name, err)
	}
	return b, nil
}
