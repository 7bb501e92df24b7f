// Package live is the core of the game server for matches in progress,
// with no network code: a transport (WebSocket, in-process, tests) calls a
// [Host] and forwards its [Frame]s.
//
// # One goroutine per match
//
// [Create] records a new match in the store (version 0) and returns its
// Host; [Recover] rebuilds the hosts of every live match after a restart.
// [Host.Run] is the only goroutine that touches the match. Everything else
// ([Host.Submit], [Host.Leave], [Host.Concede], [Host.Join],
// [Host.Subscribe], [Host.Since]) is a request on one bounded channel
// (Config.Queue).
//
// Overload policy: a request that finds the channel full fails at once
// with [CodeOverloaded]; nobody blocks forever (a caller also stops
// waiting when its context ends or the host stops). Frames go to each
// subscriber on its own bounded channel (Config.SubBuffer); a subscriber
// that lets it fill is dropped (its channel is closed) and resubscribes
// with the last version it saw. Bots and chance play at most Config.Batch
// steps before the host looks at its inputs again.
//
// # The flow of an answer
//
//  1. Check: the match is not over, the answer was computed against the
//     current version ([CodeStale]), the seat is the deciding one and is
//     played by its human ([CodeNotYourSeat]), the text parses and is
//     legal ([CodeIllegal]). A refusal changes nothing.
//  2. Apply it to the engine.Match, then resolve chance decisions
//     (Match.ResolveChance) and let bot seats answer (bots.Observe, which
//     gives a bot only its seat's view, then Bot.Step), until a human must
//     decide or the match is over.
//  3. Persist every new step with store.AppendAnswers (version = step
//     number, hash included) together with the next decision's deadline.
//     If the store refuses, the match is rolled back to the stored version
//     and the sender gets [CodeStore].
//  4. Only then acknowledge the sender ([Ack]) and broadcast: every
//     subscriber gets its own Frame: the new version, each step's events
//     as engine.Redact gives them to its seat (engine.Spectator for
//     spectators), its view (State.View(seat)) and the pending decision
//     (engine.DescribeDecision) only when that decision is its seat's.
//     Answer texts are never sent: they could reveal hidden moves.
//  5. When the match is over: store.FinishMatch with [Ranks] and [Level];
//     the finished record holds the seed, so MatchRecord.Replay is the
//     full replay (engine.Verify checks it). Run then returns nil.
//
// # Time
//
// Time belongs to the host (Config.Now and Config.AfterFunc, injected in
// tests). A human decision gets a deadline of Config.TurnTime, stored with
// the answers (or store.SetDeadline); on expiry the host submits the
// decision's Default answer, recorded like any other.
//
// # Seats
//
// Leave hands a seat to a stand-in bot (Config.StandIn) until Join;
// Concede does so for good (no rejoin, no experience). Reconnecting is
// Since(seat, version) or Subscribe(seat, version): everything after that
// version, from the host's history of redacted events (rebuilt by
// replaying the stored answers after a restart).
//
// # Restart
//
// Recover reads store.LiveMatches and AnswersSince(0), rebuilds each match
// with engine.ResumeMatch (which checks every stored hash) and keeps the
// stored deadline, so a deadline that passed during the outage fires as
// soon as the host runs. Only acknowledged answers were persisted, and
// everything persisted is replayed, so no acknowledged answer is lost.
// Not persisted (and so reset by a restart): which humans had left or
// conceded, and the bot levels (recovered bot seats play Config.StandIn).
package live
