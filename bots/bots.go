package bots

import (
	"encoding/json"
	"fmt"

	"tabletop/engine"
)

// Observation is everything a bot is told when its seat decides.
type Observation struct {
	// Seat is the deciding seat.
	Seat engine.Seat
	// View is the JSON encoding of the seat's view; nil for a Blind bot.
	View []byte
	// Legal holds the legal answers, non-empty and sorted.
	Legal []engine.Answer
}

// Bot chooses answers for one seat. A Bot is not safe for concurrent use;
// give every seat and every match its own.
type Bot interface {
	// Step returns one of obs.Legal.
	Step(obs Observation) engine.Answer
}

// Blind is implemented by bots that never read the view. Callers may then
// skip building views, which matters in bulk simulation.
type Blind interface {
	// Blind reports whether the bot ignores Observation.View.
	Blind() bool
}

// NeedsView reports whether b reads Observation.View.
func NeedsView(b Bot) bool {
	bl, ok := b.(Blind)
	return !ok || !bl.Blind()
}

// Observe builds seat's observation of st: the legal answers and, when
// withView is set, the JSON of the seat's view. This is the only place the
// state is touched on a bot's behalf.
func Observe(st engine.State, seat engine.Seat, withView bool) (Observation, error) {
	obs := Observation{Seat: seat, Legal: st.Legal(nil)}
	if withView {
		b, err := json.Marshal(st.View(seat))
		if err != nil {
			return obs, fmt.Errorf("bots: view of seat %d: %w", seat, err)
		}
		obs.View = b
	}
	return obs, nil
}
