package lobby_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"tabletop/server/internal/fakeclock"
	"tabletop/server/lobby"
	"tabletop/store"
	"tabletop/store/memory"
)

// env is one test's lobby over an in-memory store, with a fake clock, a
// recorded push log and a recording Start.
type env struct {
	t     *testing.T
	ctx   context.Context
	db    *memory.DB
	st    store.Store
	clock *fakeclock.Clock
	l     *lobby.Lobby
	cfg   lobby.Config

	mu       sync.Mutex
	pushes   map[store.AccountID][]lobby.Message
	starts   []lobby.MatchRequest
	startErr error
	lastID   store.MatchID
}

// newEnv builds an env; edit the config before the lobby is made.
func newEnv(t *testing.T, edit ...func(*lobby.Config)) *env {
	t.Helper()
	e := &env{t: t, ctx: context.Background(), db: memory.NewDB(), clock: fakeclock.New(), pushes: make(map[store.AccountID][]lobby.Message)}
	e.st = e.db.Open()
	t.Cleanup(func() { e.st.Close() })
	seed := uint64(0)
	e.cfg = lobby.Config{
		Store:     e.st,
		Now:       e.clock.Now,
		AfterFunc: e.clock.AfterFunc,
		Push: func(to store.AccountID, m lobby.Message) {
			e.mu.Lock()
			defer e.mu.Unlock()
			e.pushes[to] = append(e.pushes[to], m)
		},
		Start: func(ctx context.Context, r lobby.MatchRequest) (store.MatchID, error) {
			e.mu.Lock()
			defer e.mu.Unlock()
			if e.startErr != nil {
				return 0, e.startErr
			}
			e.starts = append(e.starts, r)
			e.lastID++
			return e.lastID, nil
		},
		Seed:         func() uint64 { seed++; return seed },
		OfflineGrace: 10 * time.Second,
		BotFillAfter: 20 * time.Second,
	}
	for _, f := range edit {
		f(&e.cfg)
	}
	e.l = lobby.New(e.cfg)
	t.Cleanup(e.l.Close)
	return e
}

// account registers an account with a username and brings it online.
func (e *env) account(name string) store.AccountID {
	e.t.Helper()
	id := e.register(name)
	e.online(id)
	return id
}

// register registers an account with a username.
func (e *env) register(name string) store.AccountID {
	e.t.Helper()
	a, err := e.st.Register(e.ctx, name, []byte("hash"), store.Profile{DisplayName: "D-" + name, Icon: "icon-" + name})
	if err != nil {
		e.t.Fatalf("Register(%q) = %v", name, err)
	}
	return a.ID
}

func (e *env) online(id store.AccountID) {
	e.t.Helper()
	if err := e.l.Online(e.ctx, id); err != nil {
		e.t.Fatalf("Online(%d) = %v", id, err)
	}
}

// befriend makes two accounts friends through the lobby.
func (e *env) befriend(a, b store.AccountID) {
	e.t.Helper()
	acc, err := e.st.Account(e.ctx, b)
	if err != nil {
		e.t.Fatal(err)
	}
	if _, err := e.l.RequestFriend(e.ctx, a, acc.Username); err != nil {
		e.t.Fatalf("RequestFriend(%d, %q) = %v", a, acc.Username, err)
	}
	if _, err := e.l.AcceptFriend(e.ctx, b, a); err != nil {
		e.t.Fatalf("AcceptFriend(%d, %d) = %v", b, a, err)
	}
}

// party makes a party led by the first account with the others in it.
func (e *env) party(leader store.AccountID, members ...store.AccountID) {
	e.t.Helper()
	for _, m := range members {
		e.befriend(leader, m)
		if err := e.l.Invite(e.ctx, leader, m); err != nil {
			e.t.Fatalf("Invite(%d, %d) = %v", leader, m, err)
		}
		if _, err := e.l.AcceptInvite(e.ctx, m, leader); err != nil {
			e.t.Fatalf("AcceptInvite(%d, %d) = %v", m, leader, err)
		}
	}
}

// take returns and forgets the messages pushed to an account.
func (e *env) take(id store.AccountID) []lobby.Message {
	e.mu.Lock()
	defer e.mu.Unlock()
	m := e.pushes[id]
	delete(e.pushes, id)
	return m
}

// takeAll forgets every message pushed so far.
func (e *env) takeAll() {
	e.mu.Lock()
	defer e.mu.Unlock()
	clear(e.pushes)
}

// ofType returns the Data of the messages of one type.
func ofType[T any](ms []lobby.Message, typ string) []T {
	var out []T
	for _, m := range ms {
		if m.Type == typ {
			out = append(out, m.Data.(T))
		}
	}
	return out
}

// lastRoom returns the last "room" message of an account's messages.
func lastRoom(t *testing.T, ms []lobby.Message) lobby.RoomInfo {
	t.Helper()
	rs := ofType[lobby.RoomInfo](ms, lobby.TypeRoom)
	if len(rs) == 0 {
		t.Fatalf("no room message in %v", types(ms))
	}
	return rs[len(rs)-1]
}

// types lists message types, for failure messages.
func types(ms []lobby.Message) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Type
	}
	return out
}

// started returns the Start requests so far.
func (e *env) started() []lobby.MatchRequest {
	e.mu.Lock()
	defer e.mu.Unlock()
	return slices.Clone(e.starts)
}

// humans lists the accounts of a request's human seats, sorted.
func humans(r lobby.MatchRequest) []store.AccountID {
	var out []store.AccountID
	for _, s := range r.Seats {
		if s.Account != 0 {
			out = append(out, s.Account)
		}
	}
	slices.Sort(out)
	return out
}

// wantCode fails unless err carries code ("" for no error).
func wantCode(t *testing.T, call string, err error, code lobby.Code) {
	t.Helper()
	if got := lobby.CodeOf(err); got != code || (code == "" && err != nil) {
		t.Errorf("%s = %v (code %q), want code %q", call, err, got, code)
	}
}

// jsonOf encodes messages as the gateway would, for leak checks.
func jsonOf(t *testing.T, ms []lobby.Message) string {
	t.Helper()
	var s string
	for _, m := range ms {
		b, err := json.Marshal(m.Data)
		if err != nil {
			t.Fatalf("encoding %s: %v", m.Type, err)
		}
		s += fmt.Sprintf("%s %s\n", m.Type, b)
	}
	return s
}

// errSim is a simulated failure.
var errSim = simError("simulated failure")

type simError string

func (e simError) Error() string { return string(e) }
