// Package loadtest is the load generator behind "tabletop loadtest": bot
// clients that speak the server's WebSocket protocol (docs/protocol.md)
// over real TCP connections, and the counters and latency histograms
// that say how the server held up. Figures and the exact commands of the
// runs are in docs/performance.md ("Server load").
//
// # Two modes
//
// Presence mode ([ModePresence]) holds Config.Conns connections whose
// accounts are friends in cliques, and swaps Config.Churn of them per
// second: one connection closes, an account that has been offline longer
// than the server's offline grace connects in its place. The friends of
// both are told (presence pushes), so presence traffic flows while the
// number of connections holds. It measures connections held, presence
// pushes per second, connect time (dial + hello) and the time from an
// account's hello to a friend seeing it online.
//
// Matches mode ([ModeMatches]) connects Config.Matches × Config.Players
// bots that queue through the lobby's matchmaking, ready in the waiting
// room and play: each answers its seat's decision with a random legal
// answer as soon as the frame that poses it arrives (or as Config.Rate
// allows). It measures durable answers per second (acknowledged
// answers: the server replies once the answer is in the store) and, for
// each answer, the time from sending it to receiving the frame with its
// step, and to its acknowledgement. Refusals are handled as a client
// must: illegal_answer and not_your_seat resynchronize at once (watch
// again from the last version held, which brings the pending decision);
// stale_version, overloaded, store_error, rate_limited and unavailable
// (the server did not acknowledge in time: the answer may still land)
// wait a moment and resynchronize only if no frame has moved the match
// on meanwhile, so that an overloaded server is not sent whole frames'
// worth of extra work; a seat a stand-in bot took over is rejoined; a
// finished match is followed by another (Config.Requeue).
//
// # Using it
//
//	pool, _ := loadtest.LoadPool("pool.json")         // accounts kept between runs
//	seed := &loadtest.Seeder{Store: st, Auth: auth.New(st, auth.Options{})}
//	seed.Grow(ctx, pool, cfg.Accounts(), 10)           // guests + cliques of friends
//	res, err := loadtest.Run(ctx, loadtest.Config{
//		Dialer: loadtest.NewDialer("http://127.0.0.1:8080"),
//		Mode:   loadtest.ModeMatches, Matches: 2000, Players: 4,
//		Duration: time.Minute, Out: os.Stdout,        // a progress line every 5 s
//	}, pool)
//	res.Report(os.Stdout)
//
// Accounts are made in bulk straight in the server's store ([Seeder]):
// the REST sign-up limit and the cost of registering usernames make the
// API far too slow for ten thousand accounts, and friendships between
// guests can only be made there. [GuestsOverHTTP] is the slow path for a
// server whose database is out of reach.
//
// # Measuring honestly
//
// What a run reports covers its measurement window only (after every
// connection is up and every match has started). The report also gives
// the CPU time the server process used in that window, read from its
// /metrics, and the generator's own: on a machine shared with other
// work, "the server had 40% of a core" is part of the result. So are two
// splits of the latency (waits.go): the share of answers the server
// acknowledged within 10-100 ms by its own histogram, which ends at the
// reply, and how often goroutines of the server and of the generator
// waited over 10 and 100 ms for their core, which tells a server that
// queues work from a generator that falls behind its sockets. A client
// paces its own messages to the limits the server states in its hello
// reply, as a well-behaved client does, so that no answer is refused for
// rate and the latency is the server's.
//
// The generator reads frames with a small scanner (scan.go) that skips
// the seat's view without decoding it, so that a generator on one core
// can keep up with a server on another.
package loadtest
