package realigious

import (
	"encoding/json"
	"fmt"
	"slices"

	"tabletop/engine"
)

// RunStep is one answer applied by Run.
type RunStep struct {
	// Script is the index of the script entry, or -1 for a chance decision
	// answered from the seed.
	Script int `json:"script"`
	// Seat is the deciding seat (engine.Chance for chance).
	Seat engine.Seat `json:"seat"`
	// Kind is the decision kind.
	Kind string `json:"kind"`
	// Answer is the answer's text.
	Answer string `json:"answer"`
	// Events are the events of this step, unredacted.
	Events []engine.Event `json:"-"`
}

// RunResult is the outcome of Run.
type RunResult struct {
	// State is the final state (on an error, the state before the failing
	// step).
	State *State
	// Events are every event in order, unredacted: those of Build's phase
	// entry first, then those of each step.
	Events []engine.Event
	// Steps lists the answers applied, chance answers from the seed included.
	Steps []RunStep
}

// EventsFor returns the events as seat (or engine.Spectator) may see them.
func (r *RunResult) EventsFor(seat engine.Seat) []engine.Event { return engine.Redact(r.Events, seat) }

// Run builds the scenario and plays its script. Chance decisions not
// forced by the script are answered with engine.ChanceAnswer(seed, steps,
// outcomes), also after the script unless StopAtChance. On a script error
// Run returns the result so far with the error; the failing step has not
// changed the state.
func (sc *Scenario) Run(g *Game) (*RunResult, error) {
	s, err := sc.Build(g)
	if err != nil {
		return nil, err
	}
	res := &RunResult{State: s, Events: slices.Clone(s.events)}
	for i, st := range sc.Script {
		a, err := s.ParseAnswer(st.Answer)
		if err != nil {
			return res, fmt.Errorf("%w: script[%d] %q: %w", ErrScenario, i, st.Answer, err)
		}
		for k := 0; !s.Terminal() && s.Pending().Seat == engine.Chance && !scnLegal(s, a); k++ {
			if k == scnMaxChance {
				return res, fmt.Errorf("%w: script[%d] %q: %d chance decisions in a row", ErrScenario, i, st.Answer, k)
			}
			if err := res.chance(sc.Seed); err != nil {
				return res, fmt.Errorf("%w: script[%d] %q: %w", ErrScenario, i, st.Answer, err)
			}
		}
		d := s.Pending()
		if st.Seat != nil && engine.Seat(*st.Seat) != d.Seat && !s.Terminal() {
			return res, fmt.Errorf("%w: script[%d] %q: seat %d decides %q, want seat %d", ErrScenario, i, st.Answer, d.Seat, d.Kind, *st.Seat)
		}
		if err := res.apply(i, d, a); err != nil {
			return res, fmt.Errorf("%w: script[%d] %q: %w", ErrScenario, i, st.Answer, err)
		}
	}
	if !sc.StopAtChance {
		for k := 0; !s.Terminal() && s.Pending().Seat == engine.Chance; k++ {
			if k == scnMaxChance {
				return res, fmt.Errorf("%w: after the script: %d chance decisions in a row", ErrScenario, k)
			}
			if err := res.chance(sc.Seed); err != nil {
				return res, fmt.Errorf("%w: after the script: %w", ErrScenario, err)
			}
		}
	}
	return res, nil
}

func scnLegal(s *State, a engine.Answer) bool {
	var buf [16]engine.Answer
	return slices.Contains(s.Legal(buf[:0]), a)
}

// chance answers the pending chance decision from the seed.
func (r *RunResult) chance(seed uint64) error {
	s := r.State
	d := s.Pending()
	out := s.Chance()
	total := 0
	for _, o := range out {
		if o.Weight > 0 {
			total += o.Weight
		}
	}
	if total <= 0 {
		return fmt.Errorf("chance decision %q has no outcome with a positive weight", d.Kind)
	}
	return r.apply(-1, d, engine.ChanceAnswer(seed, s.Steps(), out))
}

func (r *RunResult) apply(script int, d engine.Decision, a engine.Answer) error {
	s := r.State
	text := s.AnswerText(a)
	evs, err := s.Apply(a)
	if err != nil {
		return err
	}
	evs = slices.Clone(evs)
	r.Events = append(r.Events, evs...)
	r.Steps = append(r.Steps, RunStep{Script: script, Seat: d.Seat, Kind: d.Kind, Answer: text, Events: evs})
	return nil
}

// JSON is the output of "tabletop scenario run". With all, it holds every
// event unredacted, the steps applied, the pending decision and the final
// state as a Snapshot; otherwise the events as seat sees them and seat's
// view (seat may be engine.Spectator).
func (r *RunResult) JSON(seat engine.Seat, all bool) ([]byte, error) {
	s := r.State
	if all {
		out := struct {
			Events   []engine.Event      `json:"events"`
			Steps    []RunStep           `json:"steps"`
			Decision engine.DecisionJSON `json:"decision"`
			State    ScenarioState       `json:"state"`
		}{
			Events:   append([]engine.Event{}, r.Events...),
			Steps:    append([]RunStep{}, r.Steps...),
			Decision: engine.DescribeDecision(s),
			State:    Snapshot(s),
		}
		return json.MarshalIndent(out, "", "  ")
	}
	if seat != engine.Spectator && (seat < 0 || int(seat) >= len(s.players)) {
		return nil, fmt.Errorf("%w: seat %d is not a seat of this %d-player match", ErrScenario, seat, len(s.players))
	}
	out := struct {
		Events []engine.Event `json:"events"`
		View   *View          `json:"view"`
	}{Events: engine.Redact(r.Events, seat), View: s.view(seat)}
	return json.MarshalIndent(out, "", "  ")
}
