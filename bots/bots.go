// Package bots holds players that answer a seat's decisions without a
// person. A bot sees only what its seat may see: the legal answers to the
// decision it faces and the seat's view (engine.State.View), never the
// state itself, so it cannot cheat on hidden information.
//
// # Playing a seat
//
// The caller owns the match and asks the bot whenever its seat decides:
//
//	b := bots.NewRandom(matchSeed, seat)
//	legal := st.Legal(nil)
//	a := b.Step(st.View(seat), legal)
//	_, err := st.Apply(a)
//
// Chance decisions are answered by the match (engine.ChanceAnswer), not by
// a bot.
package bots

import "tabletop/engine"

// Bot chooses answers for one seat. A Bot is not safe for concurrent use;
// give every seat and every match its own.
type Bot interface {
	// Step returns one of legal, the non-empty, sorted legal answers to the
	// decision the bot's seat faces. view is the seat's view at that
	// moment; a bot that reports Blind may be given nil instead.
	Step(view any, legal []engine.Answer) engine.Answer
}

// Blind is implemented by bots that never read the view. Callers may then
// skip building views, which matters in bulk simulation.
type Blind interface {
	// Blind reports whether the bot ignores its view argument.
	Blind() bool
}

// NeedsView reports whether b reads the view passed to Step.
func NeedsView(b Bot) bool {
	bl, ok := b.(Blind)
	return !ok || !bl.Blind()
}
