package engine

import "math/rand/v2"

// The interfaces below serve search bots (bots/): a bot is handed its
// seat's view and the legal answers, never the state, and searches over
// states the game samples from that view.

// ViewSampler is implemented by games with hidden information. SampleView
// builds a full state consistent with what seat has been shown: view is the
// JSON encoding of State.View(seat) at a decision of that seat, exactly as a
// client receives it, and every detail the view does not show is drawn from
// r. The sampled state's pending decision is the seat's decision the view
// was taken at; its legal answers match the true ones whenever the view
// determines them.
type ViewSampler interface {
	SampleView(view []byte, seat Seat, r *rand.PCG) (State, error)
}

// Evaluator scores a state for every seat, for search cut-offs. Scores lie
// in [0, 1]; at a terminal state they are the result: 1 for the winner and
// 0 for the others, 1/n each for a draw. Higher is better for that seat.
type Evaluator interface {
	Evaluate(s State) []float64
}
