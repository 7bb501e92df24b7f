// Package live is the core of the game server for matches in progress,
// with no network code: a transport (WebSocket, in-process, tests) calls a
// [Host] and forwards its [Frame]s.
//
//	h, err := live.Create(ctx, cfg, live.MatchSpec{Game: g, Seats: []live.SeatSpec{
//		{Account: ada}, {Bot: "normal"},
//	}})
//	go h.Run(ctx)
//	sub, err := h.Subscribe(ctx, 0, 0)      // seat 0's frames from the start
//	f := <-sub.C                             // f.Decision: what seat 0 must answer
//	ack, err := h.Submit(ctx, 0, f.Version, f.Decision.Default)
//
// # One goroutine per match
//
// [Create] records a new match in the store (version 0) and returns its
// Host; [Recover] rebuilds the hosts of every live match after a restart.
// [Host.Run] is the only goroutine that touches the match. Everything else
// ([Host.Submit], [Host.Leave], [Host.Concede], [Host.Join],
// [Host.Subscribe], [Host.Since]) is a request on one bounded channel
// (Config.Queue); [Host.Seats] reads a snapshot.
//
// Overload policy: a request that finds the channel full fails at once
// with [CodeOverloaded]; nobody blocks forever (a caller also stops
// waiting when its context ends or the host stops). Frames go to each
// subscriber on its own bounded channel (Config.SubBuffer), or, with
// [Host.SubscribeSink], to a [Sink] the host calls without blocking (a
// server's connection encodes the frame there and queues the bytes: no
// goroutine nor channel per subscriber, and the host reuses the view
// and patch buffers from one step to the next). A subscriber that lets
// its channel fill, or whose Sink refuses a frame, is dropped (the
// channel is closed, the Sink told) and resubscribes with the last
// version it saw. Chance and blind bots play at most Config.Batch steps
// before the host looks at its inputs again.
//
// # The flow of an answer
//
//  1. Check: the match is not over, the answer was computed against the
//     current version ([CodeStale]), the seat is the deciding one and is
//     played by its human ([CodeNotYourSeat]), the text parses and is
//     legal ([CodeIllegal]). A refusal changes nothing.
//  2. Apply it to the engine.Match, then resolve chance decisions
//     (Match.ResolveChance) and let bot seats answer (see Bots), until a
//     human must decide, a bot must think, or the match is over.
//  3. Persist every new step with store.AppendAnswers (version = step
//     number, and the state's hash after every Config.HashInterval-th
//     step and the last) together with the next decision's deadline.
//     If the store refuses, the match is rolled back to the stored version
//     and the sender gets [CodeStore].
//  4. Only then acknowledge the sender ([Ack]) and broadcast: every
//     subscriber gets its own Frame: the new version, each step's events
//     as engine.Redact gives them to its seat (engine.Spectator for
//     spectators), its view (State.View(seat)) or, for a subscription
//     made with SubscribePatches, the patch from the view it had (built
//     from the game's engine.ViewTracker when it has one: the tracker
//     names the tiles that changed, and only the rest of the view is
//     diffed), who plays each seat
//     ([SeatInfo]) and the pending decision (engine.DescribeDecision) only
//     when that decision is its seat's and its human plays it. Answer
//     texts are never sent: they could reveal hidden moves.
//  5. When the match is over: see Match end. Run then returns nil.
//
// # Bots
//
// A bot seat is played by the bot of its level (Config.NewBot, by default
// bots.NewTimed with Config.BotMoveTime, so a server gives "expert" a
// search time per decision; tests keep the deterministic iteration
// budgets). Blind bots ("random") answer inline. Searching bots (every
// other level: they read views) think on a goroutine of their own, so a
// long search never holds up answers, subscriptions or reconnects: the
// host builds the bot's bots.Observation (the seat's view as JSON and the
// legal answers, a copy of nothing the host keeps) and the goroutine runs
// Step. The answer comes back tagged with the version it was computed
// against; the host, still the only writer of the match, applies it only
// if the match has not moved and the bot still plays the seat, and
// otherwise drops it and asks again if the seat's bot is to decide. A bot
// that panics answers the decision's default; a bot answer the rules
// refuse is logged and replaced by the default.
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
// Each seat has a [SeatStatus], public in every frame:
//
//   - "human": its player decides. "bot": a bot seat from the start.
//   - "left": after [Host.Leave] a stand-in bot (Config.StandIn) plays
//     until [Host.Join].
//   - "idle" (the idle-player policy): a human seat that lets
//     Config.IdleAfter deadlines pass in a row (default 3; each answered
//     with the decision's default) goes idle, and the stand-in plays it
//     until the player comes back with Join. An answer of the player's
//     own resets the count. This is GAP-66's "auto-played until they
//     reconnect", after a few turns of grace rather than at once.
//   - "conceded": after [Host.Concede] the stand-in plays to the end; the
//     seat cannot rejoin ([CodeConceded]) and earns no experience.
//
// Every change of status (and of the missed-deadline count) is stored
// with the match (store.SetSeatControl) before it takes effect, and
// subscribers get a frame with the new seats (with no steps if nothing
// else moved). Reconnecting is Since(seat, version) or Subscribe(seat,
// version): everything after that version, from the host's history of
// redacted events (rebuilt by replaying the stored answers after a
// restart).
//
// # Spectators
//
// engine.Spectator may Subscribe and call Since, never answer. Its frames
// hold the public view (State.View(engine.Spectator)), the events as
// engine.Redact gives them to the spectator, the seats, and the result;
// never a decision or deadline. The tests scan the serialized frames for
// anything hidden (docs/visibility.md).
//
// # Match end
//
// store.FinishMatch records, in one transaction, the result, each seat's
// rank and experience ([Ranks]: 20 for finishing plus up to 20 by rank;
// none for a conceded seat), adds the experience to the accounts and sets
// their levels ([Level]: one level per 100 XP, 1 to [MaxLevel] = 6,
// GAP-27), which also makes the match part of the players' history
// (store.History). The finished record holds the seed, so [ReplayOf]
// returns the full replay, checked with engine.Verify, for download; a
// live match's replay is refused ([ErrNotFinished]).
//
// # Restart
//
// Recover reads store.LiveMatches and AnswersSince(0), rebuilds each match
// with engine.ResumeMatch (which checks every stored hash), gives every
// seat back to whoever played it (the stored status, bot level and
// missed-deadline count) and keeps the stored deadline, so a deadline that
// passed during the outage fires as soon as the host runs. Only
// acknowledged answers were persisted, and everything persisted is
// replayed, so no acknowledged answer is lost. A bot's search in progress
// is lost and started again.
package live
