// Package gateway is the network front of the game server: REST for
// accounts, a WebSocket for everything live, and a match manager that
// runs the live hosts (server/live). The wire protocol it speaks is
// docs/protocol.md; this package is its one implementation.
//
// # Serving
//
//	gw, err := gateway.New(gateway.Config{
//		Store: st,                               // store/sqlite in production
//		Auth:  auth.New(st, auth.Options{}),
//		Games: []engine.Game{realigious.New()},
//		Live:  live.Config{TurnTime: time.Minute},
//		Lobby: func(h gateway.LobbyHooks) gateway.Lobby { ... }, // see cmd/tabletop/serve.go
//		Static: webclient.Handler(),
//	})
//	n, err := gw.Recover(ctx)                    // resume the matches a crash left
//	srv := &http.Server{Addr: ":8080", Handler: gw.Handler()}
//	go srv.ListenAndServe()
//	<-sigterm
//	gw.Shutdown(ctx)                             // drain: matches persisted, clients told
//	srv.Shutdown(ctx)
//
// [Server.Handler] serves /api/... (accounts, profile, trait slots,
// history, replays, catalogue), /ws, /healthz, /metrics (the server's own
// Prometheus registry) and / (Config.Static, the web client).
//
// # Who may do what
//
// Every request is authorized on its own. A session is a token in the
// HttpOnly cookie "tabletop_session" or an "Authorization: Bearer" header.
// State-changing requests and the WebSocket upgrade must come from an
// allowed Origin (the request's host or Config.Origins); a request without
// Origin is a non-browser client and its cookie is ignored, so a foreign
// page can never act with a player's cookie. On the WebSocket, an account
// acts only for the seat bound to it in the store's record of the match
// (not_in_match otherwise); anyone signed in may watch any live match, and
// receives the spectator's public view unless they have a seat. A
// connection lasts no longer than the session it said hello with: a
// logout closes that session's connections, a password change those of
// the account's other sessions, and deleting the account all of them
// (close code 4401).
//
// # One connection
//
// One goroutine reads and handles a connection's messages in order, so
// replies keep the order of requests; a writer goroutine runs while the
// connection's queue holds something, and a timer pings. A watched
// match's frames are encoded and queued by the match's own goroutine
// (the watch is its live.Sink), so an idle connection costs one goroutine.
// [Decode] checks every message against its type's fields before anything
// runs: a refused message changes nothing. Messages are limited in size
// ([MaxMessage]) and rate (per connection and per account, token buckets);
// pushes that find a connection's queue full close it (the client
// reconnects and resumes), while a frame that finds it full makes the host
// drop the watch's subscription, and the watch subscribes again from the
// last version it queued once the queue has room, so a client never misses
// a step.
//
// # Matches
//
// The match manager creates a host per match (from the lobby's Start hook,
// or [Server.StartMatch]), runs it on its own goroutine, and knows which
// account sits where. [Server.Recover] rebuilds the live matches after a
// restart (live.Recover): clients reconnect with watch {since: N} and get
// every step after N. [Server.Shutdown] refuses new matches, stops every
// host (their acknowledged answers are in the store already), tells every
// client to reconnect, and closes the connections with code 1012.
//
// # Lobby
//
// Friends, presence, parties, queues and the waiting room belong to the
// lobby; the gateway only decodes its messages, passes them to a [Lobby],
// and carries its pushes. Config.Lobby builds it with the hooks it needs
// ([LobbyHooks]): Push to an account's connections and Start a match.
// The gateway tells the lobby what only it sees: connections opening and
// closing, matches starting and ending, and profile changes and finished
// matches (Refresh), so that parties, rooms and friends show the current
// name, icon and level.
package gateway
