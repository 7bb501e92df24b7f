package main

import (
	"flag"
	"fmt"
	"strings"

	"tabletop/engine"
)

// registry holds the games this binary knows, by descriptor name. main
// builds it explicitly; there is no global registry.
type registry struct {
	games []engine.Game
}

// newRegistry returns a registry of the given games. It panics on a
// duplicate name, a programming error.
func newRegistry(games ...engine.Game) *registry {
	r := &registry{}
	for _, g := range games {
		if _, err := r.lookup(g.Descriptor().Name); err == nil {
			panic("tabletop: game registered twice: " + g.Descriptor().Name)
		}
		r.games = append(r.games, g)
	}
	return r
}

// lookup returns the game named name.
func (r *registry) lookup(name string) (engine.Game, error) {
	for _, g := range r.games {
		if g.Descriptor().Name == name {
			return g, nil
		}
	}
	return nil, fmt.Errorf("unknown game %q (known: %s)", name, strings.Join(r.names(), ", "))
}

// names returns the registered game names, in registration order.
func (r *registry) names() []string {
	out := make([]string, len(r.games))
	for i, g := range r.games {
		out[i] = g.Descriptor().Name
	}
	return out
}

// setupGame looks up a game, checks the seat count and normalizes the
// config; every problem is a usage error of fs.
func (a *app) setupGame(fs *flag.FlagSet, name string, players int, config string) (engine.Game, []byte, error) {
	g, err := a.games.lookup(name)
	if err != nil {
		return nil, nil, usagef(fs, "-game: %v", err)
	}
	d := g.Descriptor()
	if players < d.MinSeats || players > d.MaxSeats {
		return nil, nil, usagef(fs, "-players %d: %s plays with %d to %d", players, d.Name, d.MinSeats, d.MaxSeats)
	}
	norm, err := g.NormalizeConfig([]byte(config), players)
	if err != nil {
		return nil, nil, usagef(fs, "-config: %w", err)
	}
	return g, norm, nil
}
