package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/pprof"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"tabletop/bots"
	"tabletop/games/realigious"
	"tabletop/server/auth"
	"tabletop/server/gateway"
	"tabletop/server/live"
	"tabletop/server/lobby"
	"tabletop/store/sqlite"
	"tabletop/webclient"
)

// dbFile is the SQLite database inside the data directory.
const dbFile = "tabletop.db"

// serve runs the game server until SIGTERM or SIGINT, then drains it.
func (a *app) serve(args []string) error {
	fs := a.newFlagSet("serve", "[flags]",
		"Runs the game server: HTTP + WebSocket on -addr, the web client at /, an embedded SQLite\n"+
			"database in -data. SIGTERM (or ^C) drains it: no new matches, live ones persisted,\n"+
			"clients told to reconnect. The protocol is docs/protocol.md.")
	addr := fs.String("addr", ":8080", "listen `address` (host:port; port 0 picks one)")
	data := fs.String("data", "tabletop-data", "data `directory` (created if missing) holding "+dbFile)
	origins := fs.String("origin", "", "extra allowed browser `origins`, comma-separated (https://play.example.com, *.example.com)")
	turn := fs.Duration("turn-time", time.Minute, "time for each human decision; 0 for none (GAP-66)")
	botFill := fs.Duration("bot-fill", 20*time.Second, "queue wait before bots fill empty seats; negative: never")
	countdown := fs.Duration("room-countdown", 40*time.Second, "waiting room countdown (UI-209, GAP-65)")
	botLevel := fs.String("bots", "normal", "`level` of the bots that fill seats and stand in for players who leave")
	botTime := fs.Duration("bot-time", time.Second, "search time per decision of the searching bot levels (expert)")
	matchCfg := fs.String("match-config", "", "base `JSON` config of every match (size, climate, cycle_limit)")
	logFormat := fs.String("log", "text", "log `format`: text or json")
	logLevel := fs.String("log-level", "info", "log `level`: debug, info, warn or error")
	debugAddr := fs.String("debug-addr", "", "serve Go's profiler (/debug/pprof/) on this `address`; keep it private (127.0.0.1:6060)")
	syncFull := fs.Bool("sync-full", false, "fsync every commit (survives power loss, not only kill -9)")
	journal := fs.Bool("journal", true, "make answers durable in the answer journal (DIR/"+dbFile+"-answers) and move them to the database in bulk")
	applyEvery := fs.Duration("apply-every", 10*time.Second, "how long journaled answers wait before they go to the database")
	commitDelay := fs.Duration("commit-delay", 500*time.Microsecond, "how long a busy server's small group commit waits for more answers (less CPU per answer, up to this much later acknowledgements); 0 never waits")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef(fs, "unexpected argument %q", pos[0])
	}
	if !slices.Contains(bots.Levels(), *botLevel) {
		return usagef(fs, "-bots %q: want one of %s", *botLevel, strings.Join(bots.Levels(), ", "))
	}
	log, err := newLogger(a, *logFormat, *logLevel)
	if err != nil {
		return usagef(fs, "%v", err)
	}
	var base realigious.Config
	if *matchCfg != "" {
		dec := json.NewDecoder(strings.NewReader(*matchCfg))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&base); err != nil {
			return usagef(fs, "-match-config: %v", err)
		}
	}
	game, err := a.games.lookup("realigious")
	if err != nil {
		return err
	}
	rg, _ := game.(*realigious.Game)
	if _, err := rg.ParseConfig([]byte(*matchCfg), 2); err != nil {
		return usagef(fs, "-match-config: %v", err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := os.MkdirAll(*data, 0o750); err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	opts := sqlite.Options{
		CommitDelay: *commitDelay, Journal: *journal, ApplyEvery: *applyEvery,
		Logf: func(format string, args ...any) { log.Info(fmt.Sprintf(format, args...)) },
	}
	if *syncFull {
		opts.Synchronous = sqlite.SyncFull
	}
	st, err := sqlite.Open(ctx, filepath.Join(*data, dbFile), opts)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	defer st.Close()
	accounts := auth.New(st, auth.Options{})
	logf := func(format string, args ...any) { log.Warn(fmt.Sprintf(format, args...)) }
	gw, err := gateway.New(gateway.Config{
		Store: st,
		Auth:  accounts,
		Games: a.games.games,
		Live:  live.Config{TurnTime: *turn, StandIn: *botLevel, BotMoveTime: *botTime},
		Lobby: gateway.NewLobby(lobby.Config{
			Store: st, BotFillAfter: *botFill, RoomCountdown: *countdown,
			BotLevel: *botLevel, Game: rg, Match: base, Logf: logf,
		}),
		Origins: splitList(*origins),
		Static:  webclient.Handler(),
		Logger:  log,
	})
	if err != nil {
		return err
	}
	n, rerr := gw.Recover(ctx)
	log.Info("recovered live matches", "matches", n)
	if rerr != nil {
		log.Error("some matches could not be recovered", "err", rerr)
	}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	srv := &http.Server{Handler: gw.Handler(), ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelWarn)}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	log.Info("listening", "addr", ln.Addr().String(), "data", *data, "turn_time", turn.String())
	if *debugAddr != "" {
		if err := serveDebug(ctx, *debugAddr, log); err != nil {
			return err
		}
	}
	go purgeSessions(ctx, accounts, log)

	select {
	case <-ctx.Done():
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	}
	log.Info("draining")
	sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	derr := gw.Shutdown(sctx)
	herr := srv.Shutdown(sctx)
	if err := errors.Join(derr, herr); err != nil {
		log.Error("drain", "err", err)
		return fmt.Errorf("serve: %w", err)
	}
	log.Info("stopped")
	return nil
}

// serveDebug serves net/http/pprof on its own listener, never on the
// public one: profiles show what the server is doing to whoever asks.
func serveDebug(ctx context.Context, addr string, log *slog.Logger) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("serve: -debug-addr: %w", err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/debug/pprof/", pprof.Index)
	mux.HandleFunc("/debug/pprof/profile", pprof.Profile)
	mux.HandleFunc("/debug/pprof/trace", pprof.Trace)
	srv := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	go func() {
		<-ctx.Done()
		_ = srv.Close()
	}()
	log.Info("profiler listening", "addr", ln.Addr().String())
	return nil
}

// newLogger returns the slog logger of -log and -log-level, on stderr.
func newLogger(a *app, format, level string) (*slog.Logger, error) {
	var lv slog.Level
	if err := lv.UnmarshalText([]byte(level)); err != nil {
		return nil, fmt.Errorf("-log-level %q: want debug, info, warn or error", level)
	}
	o := &slog.HandlerOptions{Level: lv}
	switch format {
	case "text":
		return slog.New(slog.NewTextHandler(a.stderr, o)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(a.stderr, o)), nil
	}
	return nil, fmt.Errorf("-log %q: want text or json", format)
}

// purgeSessions deletes expired sessions every hour.
func purgeSessions(ctx context.Context, accounts *auth.Service, log *slog.Logger) {
	t := time.NewTicker(time.Hour)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if n, err := accounts.PurgeSessions(ctx); err != nil {
				log.Warn("purge sessions", "err", err)
			} else if n > 0 {
				log.Info("purged expired sessions", "sessions", n)
			}
		}
	}
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}
