// Package bots holds players that answer a seat's decisions without a
// person. A bot sees only what its seat may see: it is handed an
// [Observation] — the seat, the seat's view as the JSON a client receives,
// and the legal answers — and never a pointer into the match, so the type
// system keeps hidden information out of its reach. Search bots rebuild
// full states from the view with the game's [engine.ViewSampler] and score
// them with its [engine.Evaluator] (together, a [SearchGame]).
//
// # Playing a seat
//
// The caller owns the match and asks the bot whenever its seat decides:
//
//	b, err := bots.New(game, "normal", matchSeed, seat)
//	...
//	obs, _ := bots.Observe(st, seat, bots.NeedsView(b))
//	a := b.Step(obs)
//	_, err = st.Apply(a)
//
// Chance decisions are answered by the match (engine.ChanceAnswer), not by
// a bot. A bot is not safe for concurrent use; give every seat of every
// match its own. Bots made with the same seed and seat and handed the same
// observations give the same answers (except under a time budget), so a
// seeded match between bots replays identically.
//
// # Difficulty levels
//
// [New] makes a bot from a level name ([Levels] lists them):
//
//   - "random": [Random], a uniform draw among the legal answers. It reads
//     no view ([Blind]) and suits any game.
//   - "easy": [Heuristic] on one sampled determinization: greedy on the
//     evaluator's score one answer ahead, but misled by what it cannot see.
//   - "normal": [Heuristic] on 8 determinizations, chance outcomes weighed
//     by their probabilities.
//   - "hard": [ISMCTS] with 300 iterations per decision.
//   - "expert": [ISMCTS] with 2000 iterations per decision, or, made with
//     [NewTimed], a search time per decision for live play.
//
// Levels other than "random" need a game that implements [SearchGame].
// On a 4-player Realigious midgame (13×13 map) one decision takes about
// 0.03 ms at "easy", 0.25 ms at "normal", 11 ms at "hard" and 75 ms at
// "expert" on one core of the development machine (see
// BenchmarkISMCTSIterations and BenchmarkHeuristicStep).
//
// # Search bots
//
// [Heuristic] looks one answer ahead: for each legal answer it applies the
// answer to K determinizations, resolves the chance decisions that follow
// by expectation, and scores the state where a seat next decides, by
// default relative to the best opponent.
//
// [ISMCTS] is single-observer information-set Monte Carlo tree search: one
// tree, keyed by (seat to move, answer), shared by all determinizations;
// UCB1 with availability counts; random rollouts of at least 20 seat
// decisions cut off by the evaluator. Give it an iteration budget for
// simulation and tests (deterministic) or a time budget for live play.
//
// Both record why they could not search (no view, a failing sampler) in
// Err and then answer a seeded uniform draw, so that a match never stalls.
//
// # Testing a bot
//
// Package bots/bottest plays seeded matches with a bot on every seat and
// fails on any illegal answer or unfinished match.
package bots
