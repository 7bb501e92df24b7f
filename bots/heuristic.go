package bots

import (
	"math/rand/v2"

	"tabletop/engine"
)

// HeuristicOptions tune a Heuristic bot. The zero value is a good default.
type HeuristicOptions struct {
	// Samples is the number K of determinizations (full states sampled
	// from the view) every answer is scored on. Zero or less means 8.
	Samples int
	// ChanceDepth is how many chance decisions in a row after an answer
	// are resolved by expectation over all their weighted outcomes; chance
	// decisions deeper than that are resolved by one weighted draw. Zero
	// means 2; a negative value draws every outcome.
	ChanceDepth int
	// Absolute scores a state by the bot's own value alone. By default a
	// state scores the bot's value minus the best value among the other
	// seats, which prefers hurting the leader to gaining as much elsewhere.
	Absolute bool
}

// Default Heuristic budgets.
const (
	defaultHeuristicSamples = 8
	defaultChanceDepth      = 2
	// maxChanceChain bounds the chance decisions resolved after one answer,
	// in case a game chains chance decisions without end.
	maxChanceChain = 64
)

// Heuristic is a one-ply search bot. For every legal answer it samples K
// full states from its view (the game's engine.ViewSampler), applies the
// answer to each, resolves the chance decisions that follow by expectation
// (HeuristicOptions.ChanceDepth) until a seat decides or the match ends,
// and scores the result with the game's engine.Evaluator. It answers the
// best mean score; ties go to a seeded draw.
//
// Its choices depend only on its seed, seat and options and on the
// observations it is given. A Heuristic is not safe for concurrent use.
type Heuristic struct {
	g    SearchGame
	opts HeuristicOptions
	rng  rand.PCG
	err  error

	dets []engine.State     // the K determinizations of one Step
	outs [][]engine.Outcome // copies of chance outcomes, per depth
	ties []engine.Answer
}

// NewHeuristic returns a Heuristic bot for seat of a match with the given
// seed. It panics if g is nil.
func NewHeuristic(g SearchGame, seed uint64, seat engine.Seat, opts HeuristicOptions) *Heuristic {
	if g == nil {
		panic("bots: NewHeuristic: nil game")
	}
	if opts.Samples <= 0 {
		opts.Samples = defaultHeuristicSamples
	}
	if opts.ChanceDepth == 0 {
		opts.ChanceDepth = defaultChanceDepth
	}
	return &Heuristic{g: g, opts: opts, rng: searchRNG(seed, streamHeuristic, seat)}
}

// Err returns the error that kept the last Step from searching (a missing
// view, a failing sampler), or nil. That Step answered a seeded uniform
// draw from the legal answers instead.
func (h *Heuristic) Err() error { return h.err }

// Step returns the legal answer with the best mean score (Bot).
func (h *Heuristic) Step(obs Observation) engine.Answer {
	h.err = nil
	if len(obs.Legal) == 1 {
		return obs.Legal[0]
	}
	draw, err := prepare(h.g, &obs)
	if err != nil {
		h.err = err
		return fallback(&h.rng, &obs)
	}
	h.dets = h.dets[:0]
	for range h.opts.Samples {
		st, err := draw(&h.rng)
		if err != nil {
			h.err = err
			return fallback(&h.rng, &obs)
		}
		h.dets = append(h.dets, st)
	}
	h.ties = h.ties[:0]
	best := 0.0
	for i, a := range obs.Legal {
		last := i == len(obs.Legal)-1
		sum, n := 0.0, 0
		for _, det := range h.dets {
			st := det
			if !last {
				st = det.Clone()
			}
			if _, err := st.Apply(a); err != nil {
				continue // the view did not determine this answer's legality
			}
			sum += h.value(st, obs.Seat, 0)
			n++
		}
		if n == 0 {
			continue
		}
		score := sum / float64(n)
		switch {
		case len(h.ties) == 0 || score > best+1e-12:
			best = score
			h.ties = append(h.ties[:0], a)
		case score >= best-1e-12:
			h.ties = append(h.ties, a)
		}
	}
	clear(h.dets)
	if len(h.ties) == 0 {
		return fallback(&h.rng, &obs)
	}
	return h.ties[engine.IntN(&h.rng, len(h.ties))]
}

// value scores st for seat once the chance decisions pending in it are
// resolved. depth counts the chance decisions resolved by expectation on
// the way here. value may apply answers to st.
func (h *Heuristic) value(st engine.State, seat engine.Seat, depth int) float64 {
	for chain := 0; chain < maxChanceChain && !st.Terminal(); chain++ {
		if st.Pending().Seat != engine.Chance {
			break
		}
		if depth < h.opts.ChanceDepth {
			return h.expect(st, seat, depth)
		}
		a, ok := pickChance(&h.rng, st.Chance())
		if !ok {
			break
		}
		if _, err := st.Apply(a); err != nil {
			break
		}
	}
	return seatValue(h.g.Evaluate(st), seat, !h.opts.Absolute)
}

// expect returns the weighted mean value over the outcomes of the chance
// decision pending in st.
func (h *Heuristic) expect(st engine.State, seat engine.Seat, depth int) float64 {
	for len(h.outs) <= depth {
		h.outs = append(h.outs, nil)
	}
	// Copy the outcomes: Apply may reuse whatever buffer they came in.
	outs := append(h.outs[depth][:0], st.Chance()...)
	h.outs[depth] = outs
	lastPos := -1
	for i, o := range outs {
		if o.Weight > 0 {
			lastPos = i
		}
	}
	sum, total := 0.0, 0
	for i, o := range outs {
		if o.Weight <= 0 {
			continue
		}
		c := st
		if i != lastPos {
			c = st.Clone()
		}
		if _, err := c.Apply(o.Answer); err != nil {
			continue
		}
		sum += float64(o.Weight) * h.value(c, seat, depth+1)
		total += o.Weight
	}
	if total == 0 {
		return seatValue(h.g.Evaluate(st), seat, !h.opts.Absolute)
	}
	return sum / float64(total)
}
