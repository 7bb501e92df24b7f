package gateway

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync/atomic"
	"time"

	"golang.org/x/time/rate"

	"tabletop/engine"
	"tabletop/server/auth"
	"tabletop/server/live"
	"tabletop/store"
)

// Config is what New needs. Store, Auth and Games are required; every
// other field has a useful zero value.
type Config struct {
	// Store keeps accounts and matches.
	Store store.Store
	// Auth runs accounts and sessions over the same store.
	Auth *auth.Service
	// Games are the games this server hosts; the first is the default.
	Games []engine.Game
	// Live configures every match host (Store is set from Store). Its
	// Now also serves as the gateway's clock.
	Live live.Config
	// Lobby builds the lobby from the hooks the gateway provides; nil
	// runs without one (lobby messages are refused as unavailable).
	Lobby func(LobbyHooks) Lobby
	// Origins are the origins allowed besides the request's own host:
	// "https://play.example.com" (exact), or a host pattern such as
	// "*.example.com" or "localhost:5173" (path.Match syntax).
	Origins []string
	// Static serves "/" (the web client); nil answers 404.
	Static http.Handler
	// Logger receives the structured logs; nil discards them.
	Logger *slog.Logger

	// ConnRate and ConnBurst bound the messages of one connection
	// (default 20/s, burst 40); AccountRate and AccountBurst those of
	// all of an account's connections together (default 40/s, burst 80).
	ConnRate     rate.Limit
	ConnBurst    int
	AccountRate  rate.Limit
	AccountBurst int
	// SignupRate and SignupBurst bound the accounts (guests and
	// registrations) created per remote address (default one every 3s,
	// burst 20).
	SignupRate  rate.Limit
	SignupBurst int
	// MaxConns bounds an account's connections (default 8); a new one
	// closes the oldest.
	MaxConns int
	// PingInterval is how often the server pings each connection
	// (default 30s); a connection that does not answer in time closes.
	PingInterval time.Duration
	// ReconnectAfter is the delay shutdown suggests to clients (default
	// 2s).
	ReconnectAfter time.Duration
}

func (c Config) withDefaults() (Config, error) {
	if c.Store == nil || c.Auth == nil || len(c.Games) == 0 {
		return c, errors.New("gateway: Config needs Store, Auth and Games")
	}
	c.Live.Store = c.Store
	if c.Live.Now == nil {
		c.Live.Now = time.Now
	}
	if c.Logger == nil {
		c.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	if c.Live.Logf == nil {
		log := c.Logger
		c.Live.Logf = func(format string, args ...any) { log.Warn(fmt.Sprintf(format, args...)) }
	}
	if c.ConnRate <= 0 {
		c.ConnRate = 20
	}
	if c.ConnBurst <= 0 {
		c.ConnBurst = 40
	}
	if c.AccountRate <= 0 {
		c.AccountRate = 40
	}
	if c.AccountBurst <= 0 {
		c.AccountBurst = 80
	}
	if c.SignupRate <= 0 {
		c.SignupRate = rate.Every(3 * time.Second)
	}
	if c.SignupBurst <= 0 {
		c.SignupBurst = 20
	}
	if c.MaxConns <= 0 {
		c.MaxConns = 8
	}
	if c.PingInterval <= 0 {
		c.PingInterval = 30 * time.Second
	}
	if c.ReconnectAfter <= 0 {
		c.ReconnectAfter = 2 * time.Second
	}
	return c, nil
}

// Server is the HTTP and WebSocket front of the game server. Its
// Handler may serve many requests at once.
type Server struct {
	cfg      Config
	log      *slog.Logger
	games    map[string]engine.Game
	mgr      *manager
	hub      *hub
	lobby    Lobby // nil without one
	metrics  *metrics
	signups  *keyedLimiter[string]
	catalog  catalogue
	mux      *http.ServeMux
	draining atomic.Bool
	frames   bufPool // buffers of frames on their way out
	wire     bufPool // the writers' scratch: a batch of frames as the socket gets it
}

// New returns a Server. Call Recover before serving, to resume the live
// matches a previous run left, and Shutdown to drain.
func New(cfg Config) (*Server, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	s := &Server{cfg: cfg, log: cfg.Logger, games: map[string]engine.Game{}}
	for _, g := range cfg.Games {
		s.games[g.Descriptor().Name] = g
	}
	first := cfg.Games[0].Descriptor().Name
	// Presence clears when a match's end is recorded, before its result
	// frame goes out (the manager's onEnd otherwise, when Run returns).
	lcfg := cfg.Live
	lcfg.OnFinish = func(id store.MatchID, accounts []store.AccountID) { s.mgr.finish(id, accounts) }
	s.mgr = newManager(lcfg, s.lookup, first, s.log)
	s.hub = newHub(s)
	s.signups = newKeyedLimiter[string](cfg.SignupRate, cfg.SignupBurst, 10000)
	if s.catalog, err = buildCatalogue(cfg.Games); err != nil {
		return nil, err
	}
	if cfg.Lobby != nil {
		s.lobby = cfg.Lobby(LobbyHooks{Push: s.hub.push, Start: s.startMatch})
	}
	s.mgr.onEnd = s.matchOver
	s.metrics = newMetrics(s)
	s.routes()
	return s, nil
}

// lookup returns a hosted game by name.
func (s *Server) lookup(name string) (engine.Game, error) {
	if g, ok := s.games[name]; ok {
		return g, nil
	}
	return nil, fmt.Errorf("gateway: unknown game %q", name)
}

// Handler returns the server's HTTP handler: /api/, /ws, /healthz,
// /metrics and / (Config.Static).
func (s *Server) Handler() http.Handler { return s.mux }

// StartMatch creates and runs a live match (the lobby's Start hook; also
// for tools and tests) and marks its humans as in a match.
func (s *Server) StartMatch(ctx context.Context, r MatchRequest) (store.MatchID, error) {
	return s.startMatch(ctx, r)
}

func (s *Server) startMatch(ctx context.Context, r MatchRequest) (store.MatchID, error) {
	if s.draining.Load() {
		return 0, errDraining
	}
	id, err := s.mgr.start(ctx, r)
	if err != nil {
		return 0, err
	}
	if s.lobby != nil {
		for _, seat := range r.Seats {
			if seat.Account != 0 {
				s.lobby.SetPlaying(seat.Account, id)
			}
		}
	}
	return id, nil
}

// matchOver clears the presence of a finished match's players and has
// the lobby re-read their levels, which the result may have raised (the
// host recorded it before its Run returned).
func (s *Server) matchOver(id store.MatchID, accounts []store.AccountID) {
	if s.lobby == nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), requestTime)
	defer cancel()
	for _, a := range accounts {
		if a != 0 {
			s.lobby.ClearPlaying(a)
			s.lobby.Refresh(ctx, a)
		}
	}
}

// Recover resumes the live matches in the store (after a restart or a
// crash) and returns how many it runs. A match that cannot be rebuilt is
// reported in the error; the others run.
func (s *Server) Recover(ctx context.Context) (int, error) {
	n, err := s.mgr.recover(ctx)
	if s.lobby != nil {
		for acct, id := range s.mgr.humans() {
			s.lobby.SetPlaying(acct, id)
		}
	}
	return n, err
}

// LiveMatches returns the number of matches being hosted.
func (s *Server) LiveMatches() int { return s.mgr.count() }

// Shutdown drains the server: no new accounts, queues or matches; every
// live match stops with its acknowledged answers in the store (Recover
// resumes it); every connection is told to reconnect ("shutdown") and
// closed with code 1012. The HTTP listener is the caller's to close.
func (s *Server) Shutdown(ctx context.Context) error {
	s.draining.Store(true)
	if s.lobby != nil {
		s.lobby.Close()
	}
	err := s.mgr.stop(ctx)
	s.hub.shutdown(s.cfg.ReconnectAfter)
	return err
}

// routes registers every endpoint.
func (s *Server) routes() {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/guest", s.api(s.handleGuest))
	mux.HandleFunc("POST /api/register", s.api(s.handleRegister))
	mux.HandleFunc("POST /api/login", s.api(s.handleLogin))
	mux.HandleFunc("POST /api/logout", s.api(s.handleLogout))
	mux.HandleFunc("POST /api/upgrade", s.api(s.handleUpgrade))
	mux.HandleFunc("POST /api/password", s.api(s.handlePassword))
	mux.HandleFunc("GET /api/me", s.api(s.handleMe))
	mux.HandleFunc("PATCH /api/me", s.api(s.handlePatchMe))
	mux.HandleFunc("DELETE /api/me", s.api(s.handleDeleteMe))
	mux.HandleFunc("GET /api/slots", s.api(s.handleSlots))
	mux.HandleFunc("PUT /api/slots/{n}", s.api(s.handlePutSlot))
	mux.HandleFunc("DELETE /api/slots/{n}", s.api(s.handleDeleteSlot))
	mux.HandleFunc("GET /api/history", s.api(s.handleHistory))
	mux.HandleFunc("GET /api/matches/live", s.api(s.handleLiveMatches))
	mux.HandleFunc("GET /api/matches/{id}", s.api(s.handleMatch))
	mux.HandleFunc("GET /api/matches/{id}/replay", s.api(s.handleReplay))
	mux.HandleFunc("GET /api/matches/{id}/replay/step", s.api(s.handleReplayStep))
	mux.HandleFunc("GET /api/catalogue", s.handleCatalogue)
	mux.HandleFunc("/api/", s.api(func(w http.ResponseWriter, r *http.Request) error {
		return errorf(CodeNotFound, "no such endpoint: %s %s", r.Method, r.URL.Path)
	}))
	mux.HandleFunc("GET /ws", s.handleWS)
	mux.HandleFunc("GET /healthz", s.handleHealth)
	mux.Handle("GET /metrics", s.metrics.handler())
	if s.cfg.Static != nil {
		mux.Handle("/", s.cfg.Static)
	}
	s.mux = mux
}

// unsafeMethod reports whether a method changes state (and so needs the
// origin check).
func unsafeMethod(m string) bool {
	switch strings.ToUpper(m) {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return false
	}
	return true
}

// handleHealth reports liveness: 503 while draining.
func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	status, code := "ok", http.StatusOK
	if s.draining.Load() {
		status, code = "draining", http.StatusServiceUnavailable
	}
	writeJSON(w, code, map[string]any{"status": status, "live_matches": s.mgr.count(), "connections": s.hub.count()})
}
