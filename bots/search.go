package bots

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"

	"tabletop/engine"
)

// SearchGame is what the search bots (Heuristic, ISMCTS) need from a game:
// a sampler that rebuilds full states from a seat's view, and an evaluator
// that scores a state for every seat. Both methods must be safe to call
// from the goroutine that owns the bot; a game value that is immutable (as
// games are) may serve many bots at once.
type SearchGame interface {
	engine.ViewSampler
	engine.Evaluator
}

// ErrNoView is recorded (see Heuristic.Err and ISMCTS.Err) when a search
// bot is handed an Observation without a view: the caller skipped the view
// although NeedsView reported true.
var ErrNoView = errors.New("bots: observation has no view")

// searchRNG seeds the PCG of a search bot: one stream per bot kind and seat,
// so that bots of one match never share draws.
func searchRNG(seed uint64, kind uint64, seat engine.Seat) rand.PCG {
	return engine.SeedPCG(seed, kind<<8|uint64(uint8(seat)))
}

// Stream tags of the bot kinds ("heur", "mcts").
const (
	streamHeuristic = 0x68657572
	streamISMCTS    = 0x6d637473
)

// pickChance draws a chance outcome with probability proportional to its
// weight. Outcomes of weight zero or less are never drawn; it returns false
// when no outcome has a positive weight.
func pickChance(r *rand.PCG, outcomes []engine.Outcome) (engine.Answer, bool) {
	total := 0
	for _, o := range outcomes {
		if o.Weight > 0 {
			total += o.Weight
		}
	}
	if total <= 0 {
		return 0, false
	}
	x := engine.IntN(r, total)
	for _, o := range outcomes {
		if o.Weight <= 0 {
			continue
		}
		if x < o.Weight {
			return o.Answer, true
		}
		x -= o.Weight
	}
	return 0, false // unreachable
}

// ViewPreparer is an optional interface of a SearchGame whose view
// decoding costs much more than drawing a state from it (decoding JSON
// often does). PrepareView decodes seat's view once and returns a function
// that draws a full state from it with r, exactly as
// SampleView(view, seat, r) would. The search bots call it once per
// decision when the game has it; the returned function is called only by
// the goroutine that called PrepareView, and not after that Step returns.
type ViewPreparer interface {
	PrepareView(view []byte, seat engine.Seat) (func(r *rand.PCG) (engine.State, error), error)
}

// drawFunc draws one determinization of an observation.
type drawFunc func(r *rand.PCG) (engine.State, error)

// prepare returns a function drawing full states consistent with obs, each
// checked to wait for obs.Seat as the ViewSampler contract promises.
func prepare(g engine.ViewSampler, obs *Observation) (drawFunc, error) {
	if len(obs.View) == 0 {
		return nil, ErrNoView
	}
	seat, view := obs.Seat, obs.View
	draw := func(r *rand.PCG) (engine.State, error) { return g.SampleView(view, seat, r) }
	if p, ok := g.(ViewPreparer); ok {
		d, err := p.PrepareView(view, seat)
		if err != nil {
			return nil, fmt.Errorf("bots: prepare view of seat %d: %w", seat, err)
		}
		draw = d
	}
	return func(r *rand.PCG) (engine.State, error) {
		st, err := draw(r)
		if err != nil {
			return nil, fmt.Errorf("bots: sample view of seat %d: %w", seat, err)
		}
		if d := st.Pending(); d.Seat != seat {
			return nil, fmt.Errorf("bots: sampled state waits for seat %d (%q), want seat %d", d.Seat, d.Kind, seat)
		}
		return st, nil
	}, nil
}

// seatValue is the score of seat in vals: its own value, or, when relative
// is set, its value minus the best value among the other seats (in [-1, 1]).
// A short vals (a game bug) scores 0.
func seatValue(vals []float64, seat engine.Seat, relative bool) float64 {
	if int(seat) >= len(vals) || seat < 0 {
		return 0
	}
	v := vals[seat]
	if !relative {
		return v
	}
	best, found := 0.0, false
	for i, o := range vals {
		if i != int(seat) && (!found || o > best) {
			best, found = o, true
		}
	}
	return v - best
}

// legalIn reports whether a is in the sorted list legal.
func legalIn(legal []engine.Answer, a engine.Answer) bool {
	_, ok := slices.BinarySearch(legal, a)
	return ok
}

// fallback picks uniformly among obs.Legal: what a search bot answers when
// it cannot search (no view, a failing sampler).
func fallback(r *rand.PCG, obs *Observation) engine.Answer {
	if len(obs.Legal) == 0 {
		panic("bots: Step: no legal answer")
	}
	return obs.Legal[engine.IntN(r, len(obs.Legal))]
}
