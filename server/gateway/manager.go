package gateway

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"time"

	"tabletop/engine"
	"tabletop/server/live"
	"tabletop/store"
)

// MatchRequest asks the match manager for a new live match: what the
// lobby hands over when a waiting room closes (or a test, directly).
type MatchRequest struct {
	// Game is a game name; "" is the first game of Config.Games.
	Game string
	// Config is the game's config JSON (may be empty).
	Config []byte
	// Seats says who plays each seat: an account, or a bot level.
	Seats []live.SeatSpec
}

// SeatInfo is one seat of a match as clients see it: its number, then
// live.SeatInfo's status, account, name and the level of the bot playing
// it now (the same fields as a frame's seats).
type SeatInfo struct {
	Seat int `json:"seat"`
	live.SeatInfo
}

// LiveMatch is an entry of an account's live matches (rejoin from the
// menu).
type LiveMatch struct {
	Match   store.MatchID `json:"match"`
	Game    string        `json:"game"`
	Players int           `json:"players"`
	Seat    int           `json:"seat"`
	Created time.Time     `json:"created"`
	Seats   []SeatInfo    `json:"seats"`
}

// hosted is one live match the manager runs.
type hosted struct {
	host *live.Host
	game string
	// accounts[i] is the account bound to seat i (0 for a bot seat): the
	// only account that may act for it.
	accounts []store.AccountID
	created  time.Time
	// finished: the host reported its end (live.Config.OnFinish); guarded
	// by manager.mu.
	finished bool
}

// seats returns who plays each seat now.
func (e *hosted) seats() []SeatInfo {
	info := e.host.Seats()
	out := make([]SeatInfo, len(info))
	for i, si := range info {
		out[i] = SeatInfo{Seat: i, SeatInfo: si}
	}
	return out
}

func accountsOf(h *live.Host) []store.AccountID {
	info := h.Seats()
	out := make([]store.AccountID, len(info))
	for i, si := range info {
		out[i] = si.Account
	}
	return out
}

// manager owns the live hosts of this server: it creates them (from the
// lobby's Start), recovers them after a restart, runs each on its own
// goroutine, and answers who sits where. It is safe for concurrent use.
type manager struct {
	cfg    live.Config
	lookup func(string) (engine.Game, error)
	first  string // the default game
	log    *slog.Logger
	// onEnd is called (outside the lock) when a match is over: the
	// gateway clears the players' "in a match" presence.
	onEnd func(id store.MatchID, accounts []store.AccountID)

	ctx    context.Context // the hosts' context: cancelled by stop
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu       sync.Mutex
	matches  map[store.MatchID]*hosted
	draining bool
}

func newManager(cfg live.Config, lookup func(string) (engine.Game, error), first string, log *slog.Logger) *manager {
	ctx, cancel := context.WithCancel(context.Background())
	return &manager{
		cfg: cfg, lookup: lookup, first: first, log: log,
		ctx: ctx, cancel: cancel,
		matches: map[store.MatchID]*hosted{},
	}
}

// errDraining refuses new matches while the server shuts down.
var errDraining = &Error{Code: CodeDraining, Msg: "the server is shutting down; no new matches"}

// start creates, records and runs a new match.
func (m *manager) start(ctx context.Context, r MatchRequest) (store.MatchID, error) {
	m.mu.Lock()
	draining := m.draining
	m.mu.Unlock()
	if draining {
		return 0, errDraining
	}
	name := r.Game
	if name == "" {
		name = m.first
	}
	g, err := m.lookup(name)
	if err != nil {
		return 0, fmt.Errorf("gateway: start match: %w", err)
	}
	h, err := live.Create(ctx, m.cfg, live.MatchSpec{Game: g, Config: r.Config, Seats: r.Seats})
	if err != nil {
		return 0, fmt.Errorf("gateway: start match: %w", err)
	}
	if !m.run(h, &hosted{host: h, game: name, accounts: accountsOf(h), created: wireTime(m.cfg.Now())}) {
		return 0, errDraining
	}
	m.log.Info("match started", "match", h.ID(), "game", name, "seats", len(r.Seats))
	return h.ID(), nil
}

// recover rebuilds every live match of the store and runs it.
func (m *manager) recover(ctx context.Context) (int, error) {
	hosts, err := live.Recover(ctx, m.cfg, m.lookup)
	n := 0
	for _, h := range hosts {
		rec, rerr := m.cfg.Store.Match(ctx, h.ID())
		if rerr != nil {
			err = errors.Join(err, fmt.Errorf("gateway: recover match %d: %w", h.ID(), rerr))
			continue
		}
		if m.run(h, &hosted{host: h, game: rec.Header.Game, accounts: accountsOf(h), created: rec.Created}) {
			n++
		}
	}
	return n, err
}

// run registers a host and starts its goroutine; false while draining.
func (m *manager) run(h *live.Host, e *hosted) bool {
	m.mu.Lock()
	if m.draining {
		m.mu.Unlock()
		return false
	}
	m.matches[h.ID()] = e
	m.wg.Add(1)
	m.mu.Unlock()
	go func() {
		defer m.wg.Done()
		err := h.Run(m.ctx)
		m.mu.Lock()
		finished := e.finished
		delete(m.matches, h.ID())
		m.mu.Unlock()
		if err == nil {
			m.log.Info("match over", "match", h.ID())
			// A match that recorded its end had onEnd then (finish):
			// calling it again could clear the presence of the next
			// match its players started meanwhile.
			if m.onEnd != nil && !finished {
				m.onEnd(h.ID(), e.accounts)
			}
		}
	}()
	return true
}

// finish marks a hosted match as having reported its end and calls
// onEnd: live.Config.OnFinish, on the match's goroutine.
func (m *manager) finish(id store.MatchID, accounts []store.AccountID) {
	m.mu.Lock()
	if e := m.matches[id]; e != nil {
		e.finished = true
	}
	m.mu.Unlock()
	if m.onEnd != nil {
		m.onEnd(id, accounts)
	}
}

// get returns a hosted match, or nil.
func (m *manager) get(id store.MatchID) *hosted {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.matches[id]
}

// seatOf returns the seat account plays in e, or false.
func (e *hosted) seatOf(account store.AccountID) (engine.Seat, bool) {
	if account == 0 {
		return 0, false
	}
	for i, a := range e.accounts {
		if a == account {
			return engine.Seat(i), true
		}
	}
	return 0, false
}

// liveFor lists the hosted matches an account has a seat in, oldest
// first.
func (m *manager) liveFor(account store.AccountID) []LiveMatch {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := []LiveMatch{}
	for id, e := range m.matches {
		if s, ok := e.seatOf(account); ok {
			out = append(out, LiveMatch{
				Match: id, Game: e.game, Players: len(e.accounts), Seat: int(s),
				Created: e.created, Seats: e.seats(),
			})
		}
	}
	slices.SortFunc(out, func(a, b LiveMatch) int { return cmp.Compare(a.Match, b.Match) })
	return out
}

// count returns the number of hosted matches.
func (m *manager) count() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.matches)
}

// humans returns the accounts with a seat in a hosted match.
func (m *manager) humans() map[store.AccountID]store.MatchID {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[store.AccountID]store.MatchID{}
	for id, e := range m.matches {
		for _, a := range e.accounts {
			if a != 0 {
				out[a] = id
			}
		}
	}
	return out
}

// stop refuses new matches, stops every host (each has persisted every
// acknowledged answer; Recover resumes them) and waits for them, or for
// ctx.
func (m *manager) stop(ctx context.Context) error {
	m.mu.Lock()
	m.draining = true
	m.mu.Unlock()
	m.cancel()
	done := make(chan struct{})
	go func() {
		m.wg.Wait()
		close(done)
	}()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("gateway: stopping matches: %w", ctx.Err())
	}
}
