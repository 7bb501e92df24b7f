// Package realigious is the rules of Realigious, a board game for 2 to 4
// players on a hex map in which religions spread by propagation and
// combat (spec: ../shared/spec/realigious.md, IDs REL-, UI-, CARD-, GAP-).
// The rules are pure and deterministic: no I/O, clock or goroutine; every
// random outcome is either a chance decision or a draw from the PCG held
// in the state.
//
// # Playing a match
//
// A Game creates states; a State implements engine.State:
//
//	g := realigious.New()                         // the default rules (rules.json)
//	st, err := g.New([]byte(`{"size":9}`), 2, 42) // config, seats, seed
//	for !st.Terminal() {
//		d := st.Pending()                   // who decides what
//		legal := st.Legal(nil)              // sorted answers
//		_, err = st.Apply(legal[0])         // all-or-nothing
//	}
//
// Answers have a stable text form (State.AnswerText, State.ParseAnswer):
// "move ne", "dispute", "bribe police donations", "card 2", "pay
// influence", "tile 3,4", "arm 1 donations". View(seat) is the only form of
// the state that may leave the server (docs/visibility.md).
//
// # Config
//
// Config (JSON) sets the map size, the climate, the cycle limit and each
// seat's religion, character, trait slot (traits) and player level;
// "no_cards" plays the rules core without strategy cards. Numbers live in
// rules.json (Params); replays record their hash.
//
// # Files by concept
//
//	realigious.go, params.go, types.go   the game, config, parameters, enums
//	turn.go, interact.go, rates.go       turns, propagation and combat, the rate tiers
//	vision.go, view.go                   vision, memory and views
//	factions.go, relics.go, celebrity.go the factions (section 11)
//	victory.go, evaluate.go              victory, ranking, the bots' evaluator
//	encode.go, sample.go                 the canonical encoding, information-set sampling
//	scenario*.go                         scenarios: positions, scripts, expectations
//	traits.go, cards.go, deck.go         the trait tree, the 84-card catalogue, slots and decks
//	cardzones.go, carduse.go, cardturn.go  the cards in play: zones, draw, using cards
//	frames.go, hooks.go, effects.go      card resolutions, moments and reactions, states and designations
//	carddefs.go, cards_<group>.go        what each card does
//
// # Strategy cards
//
// Each seat's trait slot builds its deck (REL-673); a card is drawn at
// every start phase into a hand of at most three (REL-677-681). In its
// interaction phase the active seat uses cards ("card N"), pays for them
// ("pay donations"), picks their targets ("tile 3,4"), and arms reaction
// cards in advance ("arm N influence"): an armed reaction fires by itself
// when its condition occurs, so that nothing is ever asked of a seat that
// holds one (docs/decisions.md, GAP-25). A card's behaviour is a cardDef
// (carddefs.go): its targets, its condition, a resumable effect, and the
// states and designations it leaves (effects.go), which act on rates, rolls
// and hooks (hooks.go). Resolutions in progress are frames (frames.go), a
// stack in the state, so that an effect can wait for a decision or a
// reaction and the whole state stays a flat, encodable value. Every chain
// of effects ends (maxChain resolutions a turn).
//
// # Scenarios
//
// A scenario (docs/scenarios.md) is a position plus a script of answers
// and expectations; testdata/scenarios holds them, TestScenarios runs them
// and "tabletop scenario run FILE" runs one. Snapshot writes any state as a
// scenario.
package realigious
