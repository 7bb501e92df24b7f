package lobby_test

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tabletop/server/lobby"
	"tabletop/store"
)

// Close drains: queue entries are cancelled, rooms that have not started
// close, and no new queue or room is opened.
func TestCloseDrains(t *testing.T) {
	e := newEnv(t)
	a, b := e.account("ada"), e.account("bob")
	if err := e.l.Queue(e.ctx, a, 3); err != nil {
		t.Fatal(err)
	}
	if _, err := e.l.PlayBots(e.ctx, b, 2, ""); err != nil {
		t.Fatal(err)
	}
	e.takeAll()
	e.l.Close()
	if q := ofType[lobby.QueueEvent](e.take(a), lobby.TypeQueue); len(q) != 1 || q[0].State != "cancelled" || q[0].Reason != "closed" {
		t.Errorf("a's queue messages = %+v, want cancelled: closed", q)
	}
	if r := lastRoom(t, e.take(b)); r.State != "closed" || r.Reason != "closed" {
		t.Errorf("b's room message = %+v, want closed: closed", r)
	}
	wantCode(t, "Queue after Close", e.l.Queue(e.ctx, a, 2), lobby.CodeClosed)
	_, err := e.l.PlayBots(e.ctx, a, 2, "")
	wantCode(t, "PlayBots after Close", err, lobby.CodeClosed)
	_, err = e.l.PrivateMatch(e.ctx, a, 2, "random")
	wantCode(t, "PrivateMatch after Close", err, lobby.CodeClosed)
	e.clock.Advance(time.Hour)
	if len(e.started()) != 0 {
		t.Errorf("%d matches started after Close", len(e.started()))
	}
	if n := e.clock.Pending(); n != 0 {
		t.Errorf("%d timers pending after Close", n)
	}
	if st := e.l.Stats(); st.Rooms != 0 || st.Queued != [5]int{} {
		t.Errorf("Stats() = %+v after Close, want no rooms or queues", st)
	}
	e.l.Close() // a second Close is harmless
}

// Close waits for a match start in progress; its humans still get their
// match.
func TestCloseWaitsForStart(t *testing.T) {
	entered, release := make(chan struct{}), make(chan struct{})
	var startReturned atomic.Bool
	e := newEnv(t, func(c *lobby.Config) {
		c.Start = func(ctx context.Context, r lobby.MatchRequest) (store.MatchID, error) {
			close(entered)
			<-release
			startReturned.Store(true)
			return 42, nil
		}
	})
	a := e.account("ada")
	if _, err := e.l.PlayBots(e.ctx, a, 2, ""); err != nil {
		t.Fatal(err)
	}
	readyDone := make(chan error)
	go func() { readyDone <- e.l.Ready(e.ctx, a) }()
	select {
	case <-entered:
	case err := <-readyDone:
		t.Fatalf("Ready = %v without starting the match", err)
	}
	closed := make(chan bool)
	go func() { e.l.Close(); closed <- startReturned.Load() }()
	for lobby.CodeOf(e.l.Queue(e.ctx, e.account(fmt.Sprint("x", time.Now().UnixNano())), 2)) != lobby.CodeClosed {
		runtime.Gosched() // until Close has begun
	}
	select {
	case <-closed:
		t.Fatal("Close returned while a Start was in progress")
	default:
	}
	close(release)
	if !<-closed {
		t.Error("Close returned before Start did")
	}
	if err := <-readyDone; err != nil {
		t.Errorf("Ready = %v", err)
	}
	if ms := ofType[lobby.MatchStart](e.take(a), lobby.TypeMatchStart); len(ms) != 1 || ms[0].Match != 42 {
		t.Errorf("match_start = %+v, want match 42", ms)
	}
}

// Errors are *lobby.Error values whose text names the package and code.
func TestErrorType(t *testing.T) {
	e := newEnv(t)
	err := e.l.Queue(e.ctx, 77, 2)
	var le *lobby.Error
	if !errors.As(err, &le) || le.Code != lobby.CodeNotOnline {
		t.Fatalf("Queue(offline) = %#v, want *lobby.Error not_online", err)
	}
	if s := err.Error(); !strings.HasPrefix(s, "lobby: not_online: ") {
		t.Errorf("Error() = %q, want the lobby: not_online: prefix", s)
	}
	wrapped := &lobby.Error{Code: lobby.CodeStore, Msg: "reading", Err: errSim}
	if !errors.Is(wrapped, errSim) || lobby.CodeOf(fmt.Errorf("gateway: %w", wrapped)) != lobby.CodeStore {
		t.Errorf("a wrapped store error lost its cause or code: %v", wrapped)
	}
	if lobby.CodeOf(errSim) != "" {
		t.Errorf("CodeOf(a foreign error) = %q, want \"\"", lobby.CodeOf(errSim))
	}
}

// Many accounts connect, befriend, party, queue, choose, leave and drop
// at once; run with -race. The lobby ends consistent: every matched human
// got a match_start or a room message, and Close leaves nothing behind.
func TestConcurrentUse(t *testing.T) {
	e := newEnv(t)
	const n = 24
	ids := make([]store.AccountID, n)
	for i := range ids {
		ids[i] = e.register(fmt.Sprintf("p%02d", i))
	}
	var wg sync.WaitGroup
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := ids[i]
			e.l.Online(e.ctx, id)
			if i%2 == 1 {
				e.l.RequestFriend(e.ctx, id, fmt.Sprintf("p%02d", i-1))
				e.l.AcceptFriend(e.ctx, ids[i-1], id)
				e.l.Invite(e.ctx, id, ids[i-1])
				e.l.AcceptInvite(e.ctx, ids[i-1], id)
			}
			e.l.Queue(e.ctx, id, 2+i%3)
			if i%5 == 0 {
				e.l.CancelQueue(e.ctx, id)
				e.l.PlayBots(e.ctx, id, 3, "random")
			}
			e.l.Choose(e.ctx, id, lobby.Choice{Character: "explorer"})
			e.l.Friends(e.ctx, id)
			if i%7 == 0 {
				e.l.LeaveRoom(e.ctx, id)
				e.l.Offline(id)
			}
			e.l.Ready(e.ctx, id)
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for range 10 {
			e.clock.Advance(5 * time.Second)
			e.l.Stats()
		}
	}()
	wg.Wait()
	e.clock.Advance(time.Minute)
	e.l.Close()
	if st := e.l.Stats(); st.Rooms != 0 || st.Queued != [5]int{} {
		t.Errorf("Stats() = %+v after Close", st)
	}
	for _, r := range e.started() {
		for _, s := range r.Seats {
			if (s.Account == 0) == (s.Bot == "") {
				t.Errorf("seat %+v is neither a human nor a bot", s)
			}
		}
	}
}
