/*
Package engine is the contract every game implements and the machinery the
games share: decisions, chance, events, seeded randomness, views, hashes,
replays. The rules of a game live in its own package (games/<name>); servers,
bots and tools drive any game through this package alone.

The code under engine/ does no I/O, reads no clock and starts no goroutine:
a game is a pure, deterministic function of its config, its seed and the
answers it is given.

# Vocabulary

One set of words serves the code, the protocols and the docs.

A [Seat] is a player's place in a match, numbered from 0. Three negative
pseudo-seats exist: [Chance] decides random outcomes, [NoSeat] decides
nothing (the match is over), and [Spectator] asks for the public view.

A [Decision] is what the [State] waits for: [State.Pending] names the seat
that decides, the kind of choice ("turn", "target", "use reaction?") and a
default answer, which the server submits when the seat's time runs out.
Everything a seat is ever asked is a decision; the engine never calls out.

An [Answer] is a compact game-defined code for one choice. [State.Legal]
lists the legal answers, sorted; [State.AnswerText] and [State.ParseAnswer]
convert to and from the stable text form that logs, replays, scripts and the
wire use. Numeric codes never leave the process.

[State.Apply] takes one answer. It is all-or-nothing: an illegal answer
returns an error wrapping [ErrIllegalAnswer] and leaves the state
byte-identical; a legal one changes the state in place and returns the
[Event] values describing what happened. Each event carries an audience;
[Redact] gives the events as one seat may see them, and [AppendEvents]
their JSON, without reflection for payloads that implement [DataAppender].

A view is what one seat (or [Spectator]) may see: [State.View] returns a
JSON-encodable value holding no hidden information and no RNG state. Views
and redacted events are the only things that leave a server.

# Playing a seeded game

A [Match] wraps a state with its history. Create one from a [Game], a JSON
config (nil for the defaults), the seat count and a seed, then answer
decisions until the state is terminal:

	m, err := engine.NewMatch(game, nil, 3, seed)
	if err != nil {
		return err
	}
	for !m.State().Terminal() {
		d := m.State().Pending()
		if d.Seat == engine.Chance {
			_, err = m.ResolveChance() // the seeded RNG decides
		} else {
			_, err = m.ApplyText(askSeat(d.Seat, m.State().View(d.Seat)))
		}
		if err != nil {
			return err // an illegal answer records nothing; ask again
		}
	}
	result := m.State().Result()

[DescribeDecision] gives a pending decision in the one JSON encoding
([DecisionJSON]) shared by the WebSocket protocol, the JSON-lines engine
protocol, scenarios and replays.

Bots that search call [State.Clone] and apply answers to the copies; the
match's own state is never applied to except through the match.

# Chance

A roll, a random tile or a random card is a chance decision: its seat is
[Chance] and [State.Chance] lists the [Outcome] values with integer weights
(for Realigious, percent). In play, [Match.ResolveChance] answers it with
[ChanceAnswer](seed, step, outcomes), which depends only on the match seed
and the number of answers so far: a server that restarts resumes the match
without saving any RNG state. In tests and scenarios a script answers the
chance decision like any other, forcing the outcome ("this roll is a 6").

Large shuffles and map generation would need too many chance decisions, so
a game may keep a [math/rand/v2.PCG] by value in its state, seeded with [SeedPCG],
drawn from with [IntN] and [Shuffle] (whose algorithms this package fixes,
so results never change with the Go release), and written into its encoding
with [AppendPCG] and read back with [DecodePCG]. Nothing in the engine or in
a game draws from a global source.

# Determinism and hashes

Same config, seed and answers give the same bytes: [State.AppendEncoding]
is a canonical binary encoding of the whole state (integer arithmetic only,
no map iteration order), and [Hash] is a short SHA-256 of it. Two states
with equal hashes are the same position.

# Replays

A [Replay] is a [Header] (format, game, rules version, parameters hash,
normalized config, seats, seed) and one [Step] per answer, chance answers
included, each with the seat, the answer text and the state hash after it.
[Match.Replay] records one; [Replay.WriteTo] and [ReadReplay] store it as
JSON with one step per line, so that a changed golden replay diffs by step.

[Verify] re-plays a replay under the rules in force. A replay recorded under
another rules version or parameters fails at once with an error wrapping
[ErrReplayMismatch] that names both versions; otherwise every answer is
parsed and applied again, and the first step whose seat, answer or hash
disagrees is reported as a [*DivergenceError]. A bug report that carries a
replay thus becomes a regression test. [ResumeMatch] does what Verify does
and returns the match ready to continue, which is how a server restores a
live match from its stored answers.

Golden replays under testdata/ are rewritten on purpose by running the tests
with UPDATE_GOLDEN=1, and their diffs reviewed.

# Conformance

Every game runs the suite in package tabletop/engine/enginetest from its
tests:

	func TestConformance(t *testing.T) {
		enginetest.Run(t, mygame.Game{}, enginetest.Options{})
	}

It plays many seeded random matches and checks the [State] contract at every
step, the clone, decode and illegal-answer rules at sampled steps, and the
result, replay and determinism at the end.
*/
package engine
