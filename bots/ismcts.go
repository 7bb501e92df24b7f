package bots

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"tabletop/engine"
)

// ISMCTSOptions set the budget and tuning of an ISMCTS bot. Exactly one of
// Iterations and Time must be set.
type ISMCTSOptions struct {
	// Iterations is the number of search iterations per decision. A fixed
	// iteration budget makes the bot deterministic: use it for simulation
	// and tests.
	Iterations int
	// Time is the search time per decision, for live play. At least one
	// iteration runs whatever the time. A time budget makes the bot's
	// choices depend on the machine's speed.
	Time time.Duration
	// Exploration is the UCB1 constant c in mean + c·sqrt(ln(avail)/visits),
	// for values in [0, 1]. Zero means 0.7.
	Exploration float64
	// Rollout is the least number of seat decisions a rollout answers at
	// random before it is cut off and evaluated (it also ends with the
	// match). Zero means 20.
	Rollout int
	// Determinizations, when positive, is the number of distinct full
	// states sampled from the view per decision: iteration i then searches
	// a copy of determinization i mod Determinizations. Zero samples a
	// fresh determinization for every iteration. A pool is for games whose
	// sampler costs much more than State.Clone (one that decodes the view's
	// JSON on every call and implements neither a cache nor ViewPreparer):
	// some dozens of determinizations trade little diversity for speed.
	Determinizations int
}

// Default ISMCTS tuning.
const (
	defaultExploration = 0.7
	defaultRollout     = 20
	// timeCheckEvery is how many iterations run between clock reads under
	// a time budget.
	timeCheckEvery = 8
)

// ISMCTS is a single-observer information-set Monte Carlo tree search bot
// (Cowling, Powley and Whitehouse 2012). Every iteration samples a full
// state consistent with the bot's view (the game's engine.ViewSampler),
// descends the one tree shared by all samples choosing among the answers
// legal in that sample by UCB1 with availability counts, adds one node,
// plays the match on with uniformly random answers (chance by weight) for
// ISMCTSOptions.Rollout seat decisions or to the end, scores the state with
// the game's engine.Evaluator, and adds to every node on its path the value
// of the seat that chose the node's answer.
//
// Tree nodes are keyed by (seat to move, answer) along the path; chance
// decisions are drawn, not branched on, so every sample's chance outcomes
// share their nodes. The bot answers the most visited of obs.Legal.
//
// Under an iteration budget its choices depend only on its seed, seat and
// options and on the observations it is given. An ISMCTS is not safe for
// concurrent use.
type ISMCTS struct {
	g    SearchGame
	opts ISMCTSOptions
	rng  rand.PCG
	err  error
	iter int // iterations of the last Step

	nodes  []node
	path   []int32
	compat []int32 // children compatible with the sample, at one node
	legal  []engine.Answer
	mark   []bool
	pool   []engine.State // determinizations of one Step
}

// node is one tree node: the answer that led to it and that answer's
// statistics, from the point of view of the seat that gave it.
type node struct {
	answer      engine.Answer
	seat        engine.Seat // the seat that gave answer
	child, next int32       // first child and next sibling, -1 for none
	visits      int32
	avail       int32 // how often the answer was legal when its parent was visited
	sum         float64
}

// NewISMCTS returns an ISMCTS bot for seat of a match with the given seed.
// It returns an error unless exactly one of opts.Iterations and opts.Time
// is positive, or if another option is negative.
func NewISMCTS(g SearchGame, seed uint64, seat engine.Seat, opts ISMCTSOptions) (*ISMCTS, error) {
	if g == nil {
		return nil, errors.New("bots: NewISMCTS: nil game")
	}
	if (opts.Iterations > 0) == (opts.Time > 0) || opts.Iterations < 0 || opts.Time < 0 {
		return nil, fmt.Errorf("bots: NewISMCTS: iterations %d, time %v: want exactly one of them positive", opts.Iterations, opts.Time)
	}
	if opts.Exploration < 0 || opts.Rollout < 0 || opts.Determinizations < 0 {
		return nil, fmt.Errorf("bots: NewISMCTS: negative option in %+v", opts)
	}
	if opts.Exploration == 0 {
		opts.Exploration = defaultExploration
	}
	if opts.Rollout == 0 {
		opts.Rollout = defaultRollout
	}
	return &ISMCTS{g: g, opts: opts, rng: searchRNG(seed, streamISMCTS, seat)}, nil
}

// Err returns the error that cut the last Step's search short (a missing
// view, a failing sampler or a sampled state rejecting a legal answer), or
// nil. When no iteration could run, that Step answered a seeded uniform
// draw from the legal answers instead.
func (m *ISMCTS) Err() error { return m.err }

// Iterations returns the number of iterations the last Step ran; zero when
// it had a single legal answer or could not search.
func (m *ISMCTS) Iterations() int { return m.iter }

// Step searches and returns the most visited legal answer (Bot).
func (m *ISMCTS) Step(obs Observation) engine.Answer {
	m.iter, m.err = 0, nil
	if len(obs.Legal) == 1 {
		return obs.Legal[0]
	}
	draw, err := prepare(m.g, &obs)
	if err != nil {
		m.err = err
		return fallback(&m.rng, &obs)
	}
	m.nodes = append(m.nodes[:0], node{seat: engine.NoSeat, child: -1, next: -1})
	clear(m.pool)
	m.pool = m.pool[:0]
	var deadline time.Time
	if m.opts.Time > 0 {
		deadline = time.Now().Add(m.opts.Time)
	}
	for i := 0; ; i++ {
		if m.opts.Iterations > 0 {
			if i >= m.opts.Iterations {
				break
			}
		} else if i > 0 && i%timeCheckEvery == 0 && !time.Now().Before(deadline) {
			break
		}
		det, err := m.determinization(draw, i)
		if err != nil {
			m.err = err
			break
		}
		if !m.iterate(det, &obs) {
			break
		}
		m.iter++
	}
	clear(m.pool)
	return m.choose(&obs)
}

// determinization returns the state iteration i searches (a copy of, when
// pooled).
func (m *ISMCTS) determinization(draw drawFunc, i int) (engine.State, error) {
	p := m.opts.Determinizations
	if p > 0 && i >= p {
		return m.pool[i%p], nil
	}
	st, err := draw(&m.rng)
	if err != nil {
		return nil, err
	}
	if p == 0 {
		return st, nil // used once: no copy needed
	}
	m.pool = append(m.pool, st)
	return st, nil
}

// iterate runs one iteration on a copy of det (det itself when no pool is
// kept). It reports false when the search cannot go on.
func (m *ISMCTS) iterate(det engine.State, obs *Observation) bool {
	st := det
	if m.opts.Determinizations > 0 {
		st = det.Clone()
	}
	m.path = append(m.path[:0], 0)
	cur := int32(0)
	// Selection and expansion.
	for !st.Terminal() {
		d := st.Pending()
		if d.Seat == engine.Chance {
			a, ok := pickChance(&m.rng, st.Chance())
			if !ok {
				m.err = fmt.Errorf("bots: ismcts: chance decision %q without a positive weight", d.Kind)
				return false
			}
			if _, err := st.Apply(a); err != nil {
				m.err = fmt.Errorf("bots: ismcts: chance answer %d: %w", a, err)
				return false
			}
			continue
		}
		legal := st.Legal(m.legal[:0])
		m.legal = legal
		if cur == 0 {
			legal = slices.DeleteFunc(legal, func(a engine.Answer) bool { return !legalIn(obs.Legal, a) })
			if len(legal) == 0 {
				m.err = fmt.Errorf("bots: ismcts: sampled state shares no legal answer with the observation")
				return false
			}
		}
		if len(legal) == 0 {
			break
		}
		next, expanded := m.descend(cur, d.Seat, legal)
		a := m.nodes[next].answer
		if _, err := st.Apply(a); err != nil {
			m.err = fmt.Errorf("bots: ismcts: legal answer %d rejected: %w", a, err)
			return false
		}
		m.path = append(m.path, next)
		cur = next
		if expanded {
			break
		}
	}
	m.rollout(st)
	vals := m.g.Evaluate(st)
	m.nodes[0].visits++
	for _, i := range m.path[1:] {
		n := &m.nodes[i]
		n.visits++
		if s := n.seat; s >= 0 && int(s) < len(vals) {
			n.sum += vals[s]
		}
	}
	return true
}

// descend picks the child of node cur for seat's decision among the legal
// answers: a new child for an untried answer if there is one (expanded is
// then true), else the compatible child with the best UCB1 score. It counts
// one availability for every compatible child.
func (m *ISMCTS) descend(cur int32, seat engine.Seat, legal []engine.Answer) (next int32, expanded bool) {
	if cap(m.mark) < len(legal) {
		m.mark = make([]bool, len(legal))
	}
	mark := m.mark[:len(legal)]
	clear(mark)
	m.compat = m.compat[:0]
	tried := 0
	for c := m.nodes[cur].child; c >= 0; c = m.nodes[c].next {
		n := &m.nodes[c]
		if n.seat != seat {
			continue
		}
		i, ok := slices.BinarySearch(legal, n.answer)
		if !ok {
			continue
		}
		mark[i] = true
		tried++
		n.avail++
		m.compat = append(m.compat, c)
	}
	if untried := len(legal) - tried; untried > 0 {
		k := engine.IntN(&m.rng, untried)
		for i, seen := range mark {
			if seen {
				continue
			}
			if k == 0 {
				return m.addChild(cur, seat, legal[i]), true
			}
			k--
		}
	}
	best, bestScore := int32(-1), math.Inf(-1)
	for _, c := range m.compat {
		n := &m.nodes[c]
		v := float64(n.visits)
		score := n.sum/v + m.opts.Exploration*math.Sqrt(math.Log(float64(n.avail))/v)
		if score > bestScore {
			best, bestScore = c, score
		}
	}
	return best, false
}

// addChild adds a child of node parent for seat's answer a, with one
// availability, and returns its index.
func (m *ISMCTS) addChild(parent int32, seat engine.Seat, a engine.Answer) int32 {
	i := int32(len(m.nodes))
	m.nodes = append(m.nodes, node{answer: a, seat: seat, child: -1, next: m.nodes[parent].child, avail: 1})
	m.nodes[parent].child = i
	return i
}

// rollout answers st's decisions at random, chance by weight, until the
// match ends or Rollout seat decisions were answered and a seat decides.
func (m *ISMCTS) rollout(st engine.State) {
	for n := 0; !st.Terminal(); {
		var a engine.Answer
		if st.Pending().Seat == engine.Chance {
			var ok bool
			if a, ok = pickChance(&m.rng, st.Chance()); !ok {
				return
			}
		} else {
			if n >= m.opts.Rollout {
				return
			}
			m.legal = st.Legal(m.legal[:0])
			if len(m.legal) == 0 {
				return
			}
			a = m.legal[engine.IntN(&m.rng, len(m.legal))]
			n++
		}
		if _, err := st.Apply(a); err != nil {
			m.err = fmt.Errorf("bots: ismcts: rollout answer %d: %w", a, err)
			return
		}
	}
}

// choose returns the most visited root child among obs.Legal, ties going
// to the better mean and then to the smaller answer, or a seeded draw when
// no iteration ran.
func (m *ISMCTS) choose(obs *Observation) engine.Answer {
	best := int32(-1)
	for c := m.nodes[0].child; c >= 0; c = m.nodes[c].next {
		n := &m.nodes[c]
		if n.seat != obs.Seat || n.visits == 0 || !legalIn(obs.Legal, n.answer) {
			continue
		}
		if best < 0 {
			best = c
			continue
		}
		b := &m.nodes[best]
		switch {
		case n.visits != b.visits:
			if n.visits > b.visits {
				best = c
			}
		case n.sum*float64(b.visits) != b.sum*float64(n.visits):
			if n.sum*float64(b.visits) > b.sum*float64(n.visits) {
				best = c
			}
		case n.answer < b.answer:
			best = c
		}
	}
	if best < 0 {
		return fallback(&m.rng, obs)
	}
	return m.nodes[best].answer
}
