package engine

import (
	"cmp"
	"slices"
)

// DecisionJSON is the one JSON encoding of a pending decision, shared by the
// WebSocket protocol, the JSON-lines engine protocol, scenarios and replays.
// Answers are always in their text form; the numeric Answer codes never
// leave the process.
//
// A terminal state is described with Seat NoSeat, an empty Kind unless the
// game names its terminal decision, an empty (not null) Answers list and an
// empty Default.
type DecisionJSON struct {
	// Seat is the deciding seat, Chance (-1) or NoSeat (-2).
	Seat Seat `json:"seat"`
	// Kind is Decision.Kind.
	Kind string `json:"kind"`
	// Answers are the texts of the legal answers, in the order of
	// State.Legal (ascending answer code).
	Answers []string `json:"answers"`
	// Default is the text of the time-out answer, "" when terminal.
	Default string `json:"default"`
	// Chance lists the outcomes of a chance decision, in ascending answer
	// code; it is omitted for every other decision.
	Chance []OutcomeJSON `json:"chance,omitempty"`
}

// OutcomeJSON is one chance outcome on the wire: the answer text and its
// integer weight. The probability of an outcome is its weight divided by the
// sum of the weights.
type OutcomeJSON struct {
	// Answer is the outcome's answer text.
	Answer string `json:"answer"`
	// Weight is the outcome's integer weight, positive.
	Weight int `json:"weight"`
}

// DescribeDecision returns the wire form of the decision s is waiting for.
// It does not modify s.
func DescribeDecision(s State) DecisionJSON {
	d := s.Pending()
	out := DecisionJSON{Seat: d.Seat, Kind: d.Kind, Answers: []string{}}
	if s.Terminal() {
		out.Seat = NoSeat
		return out
	}
	legal := s.Legal(nil)
	out.Answers = make([]string, len(legal))
	for i, a := range legal {
		out.Answers[i] = s.AnswerText(a)
	}
	out.Default = s.AnswerText(d.Default)
	if d.Seat == Chance {
		outcomes := slices.Clone(s.Chance())
		slices.SortStableFunc(outcomes, func(a, b Outcome) int { return cmp.Compare(a.Answer, b.Answer) })
		out.Chance = make([]OutcomeJSON, len(outcomes))
		for i, o := range outcomes {
			out.Chance[i] = OutcomeJSON{Answer: s.AnswerText(o.Answer), Weight: o.Weight}
		}
	}
	return out
}
