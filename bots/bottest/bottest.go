// Package bottest is the acceptance test for bots: it plays seeded matches
// in which bots answer every seat decision, and fails on any illegal answer,
// any change a bot makes to its observation, any error a search bot
// records, and any match that does not end.
//
// A bot's test calls it for every game and seat count it claims to play:
//
//	func TestMyBot(t *testing.T) {
//		bottest.Exercise(t, realigious.New(), []byte(`{"size":7,"cycle_limit":6}`), 2, 3,
//			func(seat engine.Seat, seed uint64) bots.Bot { return mybot.New(seed, seat) })
//	}
package bottest

import (
	"fmt"
	"slices"
	"testing"

	"tabletop/bots"
	"tabletop/engine"
)

// MaxSteps bounds the answers (chance answers included) of one exercised
// match; a match still running after that many fails as not ending.
const MaxSteps = 1_000_000

// Exercise plays games matches of g with the given config and number of
// players, with seeds 1, 2, …, games. Before each match it asks newBot for
// every seat's bot (newBot(seat, seed)); chance decisions are answered as
// in play, by engine.ChanceAnswer through engine.Match. Each seat decision
// goes to the deciding seat's bot through bots.Observe, with the view when
// bots.NeedsView asks for it.
//
// A match fails (t.Errorf, and the match stops) when a bot answers outside
// obs.Legal, changes obs.Legal or obs.View, reports an error through an
// Err() error method (as the search bots do when they cannot search), or the
// match does not end within MaxSteps answers. Exercise returns each
// finished match's result, in seed order (a zero Result for a failed one).
func Exercise(t *testing.T, g engine.Game, config []byte, players, games int, newBot func(seat engine.Seat, seed uint64) bots.Bot) []engine.Result {
	t.Helper()
	results := make([]engine.Result, games)
	for i := range games {
		seed := uint64(i + 1)
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			t.Helper()
			r, err := Play(g, config, players, seed, newBot)
			if err != nil {
				t.Errorf("%s, %d players, config %s: %v", g.Descriptor().Name, players, config, err)
				return
			}
			results[i] = r
		})
	}
	return results
}

// Play plays one seeded match as Exercise does and returns its result, or
// the first failure.
func Play(g engine.Game, config []byte, players int, seed uint64, newBot func(seat engine.Seat, seed uint64) bots.Bot) (engine.Result, error) {
	m, err := engine.NewMatch(g, config, players, seed)
	if err != nil {
		return engine.Result{}, err
	}
	m.SetHashing(false)
	seats := make([]bots.Bot, players)
	for i := range seats {
		if seats[i] = newBot(engine.Seat(i), seed); seats[i] == nil {
			return engine.Result{}, fmt.Errorf("no bot for seat %d", i)
		}
	}
	for !m.State().Terminal() {
		if m.Steps() >= MaxSteps {
			return engine.Result{}, fmt.Errorf("seed %d: no result after %d answers", seed, m.Steps())
		}
		st := m.State()
		d := st.Pending()
		if d.Seat == engine.Chance {
			if _, err := m.ResolveChance(); err != nil {
				return engine.Result{}, fmt.Errorf("seed %d, step %d: %w", seed, m.Steps()+1, err)
			}
			continue
		}
		if d.Seat < 0 || int(d.Seat) >= players {
			return engine.Result{}, fmt.Errorf("seed %d, step %d: decision %q for seat %d of %d", seed, m.Steps()+1, d.Kind, d.Seat, players)
		}
		b := seats[d.Seat]
		obs, err := bots.Observe(st, d.Seat, bots.NeedsView(b))
		if err != nil {
			return engine.Result{}, fmt.Errorf("seed %d, step %d: %w", seed, m.Steps()+1, err)
		}
		legal, view := slices.Clone(obs.Legal), slices.Clone(obs.View)
		a := b.Step(obs)
		if !slices.Equal(obs.Legal, legal) || !slices.Equal(obs.View, view) {
			return engine.Result{}, fmt.Errorf("seed %d, step %d: seat %d's bot %T changed its observation", seed, m.Steps()+1, d.Seat, b)
		}
		if e, ok := b.(interface{ Err() error }); ok && e.Err() != nil {
			return engine.Result{}, fmt.Errorf("seed %d, step %d: seat %d's bot %T: %w", seed, m.Steps()+1, d.Seat, b, e.Err())
		}
		if !slices.Contains(legal, a) {
			return engine.Result{}, fmt.Errorf("seed %d, step %d: seat %d's bot %T answered %d to %q, legal %v", seed, m.Steps()+1, d.Seat, b, a, d.Kind, legal)
		}
		if _, err := m.Apply(a); err != nil {
			return engine.Result{}, fmt.Errorf("seed %d, step %d: seat %d's bot %T: %w", seed, m.Steps()+1, d.Seat, b, err)
		}
	}
	return m.State().Result(), nil
}
