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
	var out DecisionJSON
	DescribeDecisionTo(&out, s, nil)
	return out
}

// DescribeDecisionTo sets *d to DescribeDecision(s), reusing the array of
// d.Answers (and of d.Chance for a chance decision), and returns legal, its
// scratch for s.Legal, for the next call: a live server describes the
// decision after every step, into the same arrays. Whatever d held before
// is overwritten, so nobody may still be reading it.
func DescribeDecisionTo(d *DecisionJSON, s State, legal []Answer) []Answer {
	p := s.Pending()
	answers, chance := d.Answers[:0], d.Chance[:0]
	*d = DecisionJSON{Seat: p.Seat, Kind: p.Kind}
	if s.Terminal() {
		d.Seat = NoSeat
		d.Answers = answers
		if d.Answers == nil {
			d.Answers = []string{} // [] on the wire, never null
		}
		return legal
	}
	legal = s.Legal(legal[:0])
	if answers == nil || cap(answers) < len(legal) {
		answers = make([]string, 0, len(legal))
	}
	for _, a := range legal {
		answers = append(answers, s.AnswerText(a))
	}
	d.Answers = answers
	d.Default = s.AnswerText(p.Default)
	if p.Seat == Chance {
		outcomes := slices.Clone(s.Chance())
		slices.SortStableFunc(outcomes, func(a, b Outcome) int { return cmp.Compare(a.Answer, b.Answer) })
		if chance == nil || cap(chance) < len(outcomes) {
			chance = make([]OutcomeJSON, 0, len(outcomes))
		}
		for _, o := range outcomes {
			chance = append(chance, OutcomeJSON{Answer: s.AnswerText(o.Answer), Weight: o.Weight})
		}
		d.Chance = chance
	}
	return legal
}
