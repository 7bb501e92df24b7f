package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"runtime/pprof"
	"strings"
	"sync"
	"time"

	"tabletop/games/realigious"
	"tabletop/loadtest"
	"tabletop/server/auth"
	"tabletop/server/gateway"
	"tabletop/server/live"
	"tabletop/server/lobby"
	"tabletop/store"
	"tabletop/store/sqlite"
)

// poolFile is the account pool the load generator keeps in a server's
// data directory.
const poolFile = "loadtest-pool.json"

// loadtest drives bot clients over real WebSockets against a server
// (docs/performance.md, "Server load").
func (a *app) loadtest(args []string) error {
	fs := a.newFlagSet("loadtest", "-mode presence|matches|accounts [flags]",
		"Drives bot clients over WebSockets against a running 'tabletop serve' (-url) or one in this\n"+
			"process (-serve) and reports what it measured.\n\n"+
			"  presence  holds -conns connections of accounts with -friends friends each and swaps\n"+
			"            -churn of them per second (disconnect one, connect another that has been\n"+
			"            offline -offline): presence pushes flow while the count holds.\n"+
			"  matches   -matches × -players bot clients queue, meet in waiting rooms, ready, and\n"+
			"            answer every decision with a random legal answer as soon as its frame\n"+
			"            arrives (or at -rate answers/s in all): durable answers per second and the\n"+
			"            time from sending an answer to receiving its frame.\n"+
			"  accounts  only creates the account pool for a later run.\n\n"+
			"Accounts: with -serve, or with -data naming the server's data directory, guests and\n"+
			"friendships are written straight into the database (the bulk path) and kept in a pool\n"+
			"file (DIR/"+poolFile+") for the next run; otherwise guests are made through\n"+
			"POST /api/guest, slowly (the server limits sign-ups), and without friends.\n\n"+
			"For figures worth quoting run the server and the generator as two processes pinned\n"+
			"to different cores:\n"+
			"  taskset -c 0 tabletop serve -addr 127.0.0.1:8080 -data DIR\n"+
			"  taskset -c 1 tabletop loadtest -url http://127.0.0.1:8080 -data DIR -mode ...")
	mode := fs.String("mode", "", "`mode`: presence, matches or accounts")
	url := fs.String("url", "http://127.0.0.1:8080", "the server's base `URL` (ignored with -serve)")
	serve := fs.Bool("serve", false, "run a server in this process, on a loopback port, with its database in -data (default a temporary directory)")
	data := fs.String("data", "", "the server's data `directory`: accounts are created directly in its database")
	poolPath := fs.String("pool", "", "account pool `file` (default DIR/"+poolFile+" with -data, none otherwise)")
	conns := fs.Int("conns", 10000, "presence: connections to hold")
	friends := fs.Int("friends", 10, "friends of each account (friendships form cliques of friends+1)")
	churn := fs.Float64("churn", 50, "presence: connections swapped per second")
	offline := fs.Duration("offline", 15*time.Second, "presence: least time a swapped-out account stays offline (more than the server's 10s offline grace)")
	friendsList := fs.Bool("friends-list", true, "presence: each connection asks for its friend list after hello")
	matches := fs.Int("matches", 2000, "matches: concurrent matches")
	players := fs.Int("players", 4, "matches: seats per match (2-4), each a bot client")
	answerRate := fs.Float64("rate", 0, "matches: answers per second of all seats together; 0 answers at once")
	requeue := fs.Bool("requeue", true, "matches: the seats of a finished match queue for another")
	seed := fs.Uint64("seed", 1, "matches: seed of the random answers")
	duration := fs.Duration("duration", time.Minute, "how long to measure once set up")
	setup := fs.Duration("setup", 5*time.Minute, "longest time to connect and start the matches before measuring anyway")
	warmup := fs.Duration("warmup", 20*time.Second, "how long to run after the setup before measuring (the server's steady state)")
	every := fs.Duration("every", 5*time.Second, "interval of the progress lines")
	dialers := fs.Int("dialers", 64, "connections opened at once")
	matchCfg := fs.String("match-config", "", "-serve: base `JSON` config of every match (size, climate, cycle_limit)")
	turn := fs.Duration("turn-time", time.Minute, "-serve: time for each decision")
	syncFull := fs.Bool("sync-full", false, "-serve: fsync every commit")
	gogc := fs.Int("gogc", 400, "the generator's own heap target (as GOGC; the GOGC variable wins): its collections stop its clients' clocks, so it collects less often than a server would")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of this process (with -serve: server and clients) to `file`")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef(fs, "unexpected argument %q", pos[0])
	}
	cfg := loadtest.Config{
		Mode: *mode, Conns: *conns, Churn: *churn, Offline: *offline, FriendsList: *friendsList,
		Matches: *matches, Players: *players, Rate: *answerRate, Requeue: *requeue, Seed: *seed,
		Duration: *duration, Setup: *setup, Warmup: *warmup, Every: *every, Dialers: *dialers, Out: a.stdout,
	}
	need := *conns
	switch *mode {
	case loadtest.ModePresence, loadtest.ModeMatches:
		cfg.Dialer = loadtest.NewDialer(*url)
		if need = cfg.Accounts(); need == 0 {
			return usagef(fs, "bad numbers for -mode %s", *mode)
		}
	case "accounts":
	default:
		return usagef(fs, "-mode %q: want presence, matches or accounts", *mode)
	}
	if *friends < 0 {
		return usagef(fs, "-friends %d: want 0 or more", *friends)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	say := func(s string) { fmt.Fprintf(a.stdout, "loadtest: %s\n", s) }

	// The store to seed, and the in-process server.
	var st store.Store
	closeOwn := func() {} // closes a store this command opened itself
	if *serve {
		dir := *data
		if dir == "" {
			tmp, err := os.MkdirTemp("", "tabletop-loadtest-")
			if err != nil {
				return fmt.Errorf("loadtest: %w", err)
			}
			defer os.RemoveAll(tmp)
			dir = tmp
		}
		srv, err := startLocalServer(ctx, a, dir, *matchCfg, *turn, *syncFull)
		if err != nil {
			return err
		}
		defer srv.stop()
		st = srv.st
		cfg.Dialer = loadtest.NewDialer(srv.url)
		cfg.InProcess = true
		*url = srv.url
		say(fmt.Sprintf("serving on %s, data in %s", srv.url, dir))
		if *data == "" && *poolPath == "" {
			*poolPath = "-" // a temporary database: no pool file
		}
	} else if *data != "" {
		db := filepath.Join(*data, dbFile)
		if _, err := os.Stat(db); err != nil {
			return fmt.Errorf("loadtest: -data %s: %w (is it the server's -data directory?)", *data, err)
		}
		s, err := sqlite.Open(ctx, db, sqlite.Options{})
		if err != nil {
			return fmt.Errorf("loadtest: %w", err)
		}
		// Closed once the accounts are made: a second process holding the
		// server's database open, with a checkpointer of its own, kept
		// the server's WAL from ever starting over.
		closeOwn = sync.OnceFunc(func() { s.Close() })
		defer closeOwn()
		st = s
	}
	if *poolPath == "" && *data != "" {
		*poolPath = filepath.Join(*data, poolFile)
	}
	if *poolPath == "-" {
		*poolPath = ""
	}

	pool := &loadtest.Pool{}
	if *poolPath != "" {
		if pool, err = loadtest.LoadPool(*poolPath); err != nil {
			return err
		}
	}
	if *mode == "accounts" {
		need = max(*conns, *matches**players)
	}
	began := time.Now()
	switch {
	case st != nil:
		seeder := &loadtest.Seeder{Store: st, Auth: auth.New(st, auth.Options{}), Progress: say}
		err = seeder.Grow(ctx, pool, need, *friends)
	case *mode == loadtest.ModePresence && *friends > 0:
		return usagef(fs, "presence mode needs friendships: give -data (the server's data directory) or -serve")
	default:
		err = loadtest.GuestsOverHTTP(ctx, nil, *url, pool, need, say)
	}
	closeOwn()
	if *poolPath != "" {
		if serr := pool.Save(*poolPath); serr != nil {
			err = errors.Join(err, serr)
		}
	}
	if err != nil {
		return err
	}
	say(fmt.Sprintf("%d accounts ready (%d with friendships, %d friends each) in %.1fs",
		len(pool.Accounts), pool.Befriended, pool.Friends, time.Since(began).Seconds()))
	if *mode == "accounts" {
		return nil
	}

	if os.Getenv("GOGC") == "" && *gogc > 0 && !*serve {
		// At 4,000 answers/s the generator collected every 14 s, each
		// collection holding up its readers for 150-300 ms: the timings
		// measured its pauses as much as the server (docs/performance.md,
		// round 10). With -serve the server shares the process: left alone.
		debug.SetGCPercent(*gogc)
	}
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return fmt.Errorf("loadtest: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("loadtest: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	say(fmt.Sprintf("%s against %s", strings.Join(os.Args, " "), *url))
	res, err := loadtest.Run(ctx, cfg, pool)
	if err != nil {
		return err
	}
	res.Report(a.stdout)
	return nil
}

// localServer is the in-process server of -serve.
type localServer struct {
	url  string
	st   store.Store
	stop func()
}

// startLocalServer runs a server like 'tabletop serve' (same defaults) on
// a loopback port, with its SQLite database in dir.
func startLocalServer(ctx context.Context, a *app, dir, matchCfg string, turn time.Duration, syncFull bool) (*localServer, error) {
	game, err := a.games.lookup("realigious")
	if err != nil {
		return nil, err
	}
	rg, _ := game.(*realigious.Game)
	var base realigious.Config
	if matchCfg != "" {
		dec := json.NewDecoder(strings.NewReader(matchCfg))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&base); err != nil {
			return nil, fmt.Errorf("loadtest: -match-config: %w", err)
		}
	}
	opts := sqlite.Options{}
	if syncFull {
		opts.Synchronous = sqlite.SyncFull
	}
	st, err := sqlite.Open(ctx, filepath.Join(dir, dbFile), opts)
	if err != nil {
		return nil, fmt.Errorf("loadtest: %w", err)
	}
	log := slog.New(slog.NewTextHandler(a.stderr, &slog.HandlerOptions{Level: slog.LevelError}))
	gw, err := gateway.New(gateway.Config{
		Store: st,
		Auth:  auth.New(st, auth.Options{}),
		Games: a.games.games,
		Live:  live.Config{TurnTime: turn, StandIn: "normal", BotMoveTime: time.Second},
		Lobby: gateway.NewLobby(lobby.Config{
			Store: st, BotLevel: "normal", Game: rg, Match: base,
			Logf: func(format string, args ...any) { log.Warn(fmt.Sprintf(format, args...)) },
		}),
		Logger: log,
	})
	if err != nil {
		st.Close()
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		st.Close()
		return nil, fmt.Errorf("loadtest: %w", err)
	}
	hs := &http.Server{Handler: gw.Handler(), ReadHeaderTimeout: 10 * time.Second, ErrorLog: slog.NewLogLogger(log.Handler(), slog.LevelError)}
	go func() { _ = hs.Serve(ln) }()
	return &localServer{
		url: "http://" + ln.Addr().String(),
		st:  st,
		stop: func() {
			sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			_ = gw.Shutdown(sctx)
			_ = hs.Shutdown(sctx)
			st.Close()
		},
	}, nil
}
