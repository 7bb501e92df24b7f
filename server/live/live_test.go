package live_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/games/realigious"
	"tabletop/server/internal/fakeclock"
	"tabletop/server/live"
	"tabletop/store"
	"tabletop/store/memory"
)

type env struct {
	t     *testing.T
	db    *memory.DB
	st    store.Store
	clock *fakeclock.Clock
	cfg   live.Config
	game  engine.Game
	acct  store.AccountID
	// config is the game config of the matches create makes (nil: the
	// default); short keeps a match to the end quick.
	config []byte
}

// short is a small map and few cycles: a quick match to the end.
var short = []byte(`{"size":7,"cycle_limit":4}`)

func newEnv(t *testing.T) *env {
	t.Helper()
	db := memory.NewDB()
	st := db.Open()
	a, err := st.CreateGuest(context.Background(), store.Profile{DisplayName: "Ada"})
	if err != nil {
		t.Fatal(err)
	}
	c := fakeclock.New()
	return &env{t: t, db: db, st: st, clock: c, game: realigious.New(), acct: a.ID,
		cfg: live.Config{Store: st, Now: c.Now, AfterFunc: c.AfterFunc, SubBuffer: 1 << 16, Batch: 32}}
}

// account creates another guest account and returns its seat spec.
func (e *env) account(name string) live.SeatSpec {
	e.t.Helper()
	a, err := e.st.CreateGuest(context.Background(), store.Profile{DisplayName: name})
	if err != nil {
		e.t.Fatal(err)
	}
	return live.SeatSpec{Account: a.ID}
}

// lookup is the game registry of the tests: realigious only.
func (e *env) lookup(name string) (engine.Game, error) {
	if name != e.game.Descriptor().Name {
		return nil, fmt.Errorf("unknown game %q", name)
	}
	return e.game, nil
}

// restart stops nothing itself: it opens a new store handle over the
// same data and recovers the one live match, like a server restart.
func (e *env) restart(id store.MatchID) *live.Host {
	e.t.Helper()
	e.cfg.Store = e.db.Open()
	e.st = e.cfg.Store
	hosts, err := live.Recover(context.Background(), e.cfg, e.lookup)
	if err != nil || len(hosts) != 1 || hosts[0].ID() != id {
		e.t.Fatalf("Recover: %v, %d hosts, want match %d", err, len(hosts), id)
	}
	return hosts[0]
}

// turn polls the host until one of the human seats has a decision (bots
// and chance play on their own) and returns it; ok is false once the
// match is over.
func (e *env) turn(h *live.Host, humans ...engine.Seat) (seat engine.Seat, f live.Frame, ok bool) {
	e.t.Helper()
	ctx := context.Background()
	for end := time.Now().Add(20 * time.Second); time.Now().Before(end); time.Sleep(time.Millisecond) {
		for _, s := range humans {
			f, err := h.Since(ctx, s, 0)
			if live.CodeOf(err) == live.CodeClosed || err == nil && f.Result != nil {
				return s, f, false
			}
			if err != nil {
				e.t.Fatalf("Since(%d, 0) = %v", s, err)
			}
			if f.Decision != nil {
				return s, f, true
			}
		}
	}
	e.t.Fatal("no human decision")
	return 0, live.Frame{}, false
}

func (e *env) create(seed uint64, seats ...live.SeatSpec) *live.Host {
	e.t.Helper()
	h, err := live.Create(context.Background(), e.cfg, live.MatchSpec{Game: e.game, Config: e.config, Seats: seats, Seed: seed})
	if err != nil {
		e.t.Fatal(err)
	}
	return h
}

// run runs h until the test ends (or the returned stop is called).
func run(t *testing.T, h *live.Host) (stop func() error) {
	ctx, cancel := context.WithCancel(context.Background())
	errc := make(chan error, 1)
	go func() { errc <- h.Run(ctx) }()
	var once sync.Once
	var err error
	stop = func() error {
		once.Do(func() { cancel(); err = <-errc })
		return err
	}
	t.Cleanup(func() { stop() })
	return stop
}

var bot = live.SeatSpec{Bot: "random"}

// humanVsBot runs a match of the env's human (seat 0) against a bot and
// subscribes to seat 0 from the start.
func (e *env) humanVsBot(t *testing.T, seed uint64) (*live.Host, *live.Subscription) {
	t.Helper()
	h := e.create(seed, e.human(), bot)
	run(t, h)
	sub, err := h.Subscribe(context.Background(), 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	return h, sub
}

func (e *env) human() live.SeatSpec { return live.SeatSpec{Account: e.acct} }

// next reads frames until one carries a decision for the subscriber, or
// the result; it fails after a while.
func next(t *testing.T, s *live.Subscription) (live.Frame, bool) {
	t.Helper()
	for {
		select {
		case f, ok := <-s.C:
			if !ok {
				return live.Frame{}, false
			}
			if f.Decision != nil || f.Result != nil {
				return f, true
			}
		case <-time.After(20 * time.Second):
			t.Fatal("no frame")
		}
	}
}

// checkFinished verifies the finished record and its replay.
func (e *env) checkFinished(id store.MatchID, conceded ...int) store.MatchRecord {
	e.t.Helper()
	rec, err := e.st.Match(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	if rec.Live() {
		e.t.Fatal("match still live")
	}
	if _, err := engine.Verify(e.game, rec.Replay()); err != nil {
		e.t.Fatalf("replay: %v", err)
	}
	best := 0
	for i, s := range rec.Seats {
		if s.Rank == 1 {
			best++
		}
		if slices.Contains(conceded, i) {
			if s.XP != 0 {
				e.t.Errorf("conceded seat %d earned %d XP", i, s.XP)
			}
			continue
		}
		if s.Rank < 1 || s.XP < 20 {
			e.t.Errorf("seat result %+v", s)
		}
	}
	if best == 0 {
		e.t.Error("nobody ranked first")
	}
	return rec
}

func TestBotMatchToEndAndPrivacy(t *testing.T) {
	e := newEnv(t)
	// Seat 0 starts human so that nothing is played before the
	// subscriptions; then it leaves and a bot plays it.
	h := e.create(7, e.human(), bot)
	run(t, h)
	ctx := context.Background()
	var subs []*live.Subscription
	for _, s := range []engine.Seat{0, 1, engine.Spectator} {
		sub, err := h.Subscribe(ctx, s, 0)
		if err != nil {
			t.Fatal(err)
		}
		subs = append(subs, sub)
	}
	if err := h.Leave(ctx, 0); err != nil {
		t.Fatal(err)
	}
	<-h.Done()
	rec := e.checkFinished(h.ID())

	// Recompute, from the finished replay, what each audience may see
	// after every step, and demand every frame equals it byte for byte.
	m, err := engine.NewMatch(e.game, rec.Header.Config, 2, rec.Header.Seed)
	if err != nil {
		t.Fatal(err)
	}
	auds := []engine.Seat{0, 1, engine.Spectator}
	type at struct {
		events [3][]byte
		view   [3][]byte
		seat   engine.Seat
	}
	var exp []at // exp[v]: after version v
	snap := func(ev []engine.Event) {
		var a at
		for i, s := range auds {
			a.events[i], _ = json.Marshal(engine.Redact(ev, s))
			a.view[i], _ = json.Marshal(m.State().View(s))
		}
		a.seat = m.State().Pending().Seat
		if m.State().Terminal() {
			a.seat = engine.NoSeat
		}
		exp = append(exp, a)
	}
	snap(nil)
	for _, st := range rec.Replay().Steps {
		ev, err := m.ApplyText(st.Answer)
		if err != nil {
			t.Fatal(err)
		}
		snap(ev)
	}
	hidden := 0
	for i, sub := range subs {
		frames := 0
		last := 0
		for f := range sub.C {
			frames++
			if f.From != last || f.Seat != auds[i] {
				t.Fatalf("seat %d: frame from %d seat %d after version %d", auds[i], f.From, f.Seat, last)
			}
			last = f.Version
			for _, s := range f.Steps {
				if !bytes.Equal(s.Events, exp[s.Version].events[i]) {
					t.Fatalf("seat %d version %d: events differ", auds[i], s.Version)
				}
			}
			if !bytes.Equal(f.View, exp[f.Version].view[i]) {
				t.Fatalf("seat %d version %d: view differs", auds[i], f.Version)
			}
			// A decision goes only to the seat that decides, and only
			// while its human plays it.
			human := i < 2 && f.Seats[i].Status == live.SeatHuman
			if (f.Decision != nil) != (exp[f.Version].seat == auds[i] && human) {
				t.Fatalf("seat %d version %d: decision sent wrongly", auds[i], f.Version)
			}
			if i < 2 && !bytes.Equal(f.View, exp[f.Version].view[1-i]) {
				hidden++
			}
		}
		if last != rec.Version || frames < 2 {
			t.Errorf("seat %d: %d frames up to version %d of %d", auds[i], frames, last, rec.Version)
		}
	}
	if hidden == 0 {
		t.Error("the two seats never saw different views: the check proves nothing")
	}
	t.Logf("%d steps, %d frames with seat-specific views", rec.Version, hidden)
}

func TestStaleIllegalAndWrongSeat(t *testing.T) {
	e := newEnv(t)
	h, sub := e.humanVsBot(t, 11)
	ctx := context.Background()
	f, ok := next(t, sub)
	if !ok || f.Decision == nil {
		t.Fatalf("no decision for seat 0: %+v", f)
	}
	v := f.Version
	try := func(seat engine.Seat, version int, text string, want live.Code) {
		t.Helper()
		_, err := h.Submit(ctx, seat, version, text)
		if live.CodeOf(err) != want {
			t.Errorf("Submit(%d, %d, %q) = %v, want %s", seat, version, text, err, want)
		}
	}
	try(0, v-1, f.Decision.Default, live.CodeStale)
	try(0, v+1, f.Decision.Default, live.CodeStale)
	try(0, v, "no such answer", live.CodeIllegal)
	try(1, v, f.Decision.Default, live.CodeNotYourSeat)
	try(5, v, f.Decision.Default, live.CodeNotYourSeat)
	got, err := h.Since(ctx, 0, v)
	if err != nil || got.Version != v || len(got.Steps) != 0 {
		t.Fatalf("state changed: %+v %v", got, err)
	}
	if rec, _ := e.st.Match(ctx, h.ID()); rec.Version != v {
		t.Fatalf("store at %d, want %d", rec.Version, v)
	}
	ack, err := h.Submit(ctx, 0, v, f.Decision.Answers[len(f.Decision.Answers)-1])
	if err != nil || ack.Version != v+1 || ack.Now < ack.Version {
		t.Fatalf("valid answer: %+v %v", ack, err)
	}
	if rec, _ := e.st.Match(ctx, h.ID()); rec.Version != ack.Now {
		t.Fatalf("acknowledged but store at %d, want %d", rec.Version, ack.Now)
	}
	// Reconnect: everything after v, for seat 0 only.
	got, err = h.Since(ctx, 0, v)
	if err != nil || got.From != v || got.Version != ack.Now || len(got.Steps) != ack.Now-v {
		t.Fatalf("Since: %+v %v", got, err)
	}
}

func TestDeadlineSubmitsDefault(t *testing.T) {
	e := newEnv(t)
	e.cfg.TurnTime = 30 * time.Second
	h, sub := e.humanVsBot(t, 5)
	ctx := context.Background()
	f, _ := next(t, sub)
	if f.Deadline.IsZero() {
		t.Fatal("no deadline sent")
	}
	rec, _ := e.st.Match(ctx, h.ID())
	if !rec.Deadline.Equal(f.Deadline) {
		t.Fatalf("stored deadline %v, frame %v", rec.Deadline, f.Deadline)
	}
	e.clock.Advance(29 * time.Second)
	e.clock.Advance(2 * time.Second)
	g, _ := next(t, sub)
	if g.Version <= f.Version {
		t.Fatalf("no progress: %d", g.Version)
	}
	ans, err := e.st.AnswersSince(ctx, h.ID(), f.Version)
	if err != nil {
		t.Fatal(err)
	}
	if a := ans[0]; a.Seat != 0 || a.Text != f.Decision.Default {
		t.Fatalf("recorded %+v, want seat 0 default %q", a, f.Decision.Default)
	}
}

// TestDeadlineRuntimeTimer: without Config.AfterFunc the host's one
// runtime timer, reset for each decision, answers the default at each
// deadline in turn, also after an answer in time.
func TestDeadlineRuntimeTimer(t *testing.T) {
	e := newEnv(t)
	e.cfg.Now, e.cfg.AfterFunc = nil, nil
	e.cfg.TurnTime, e.cfg.IdleAfter = 50*time.Millisecond, -1
	h, sub := e.humanVsBot(t, 5)
	ctx := context.Background()
	f, _ := next(t, sub)
	// On a slow machine the deadline may come first: then it is stale.
	if _, err := h.Submit(ctx, 0, f.Version, f.Decision.Default); err != nil && live.CodeOf(err) != live.CodeStale {
		t.Fatalf("Submit = %v", err)
	}
	f, _ = next(t, sub)
	for i := range 3 {
		if f.Decision == nil {
			t.Fatalf("deadline %d: no decision at version %d", i, f.Version)
		}
		g, _ := next(t, sub)
		if g.Version <= f.Version {
			t.Fatalf("deadline %d: no progress from version %d", i, f.Version)
		}
		ans, err := e.st.AnswersSince(ctx, h.ID(), f.Version)
		if err != nil {
			t.Fatal(err)
		}
		if a := ans[0]; a.Seat != 0 || a.Text != f.Decision.Default {
			t.Fatalf("deadline %d: recorded %+v, want seat 0 default %q", i, a, f.Decision.Default)
		}
		f = g
	}
}

func TestLeaveRejoinConcede(t *testing.T) {
	e := newEnv(t)
	h, sub := e.humanVsBot(t, 3)
	ctx := context.Background()
	f, _ := next(t, sub)
	if err := h.Join(ctx, 0); err != nil {
		t.Fatal(err)
	}
	if err := h.Leave(ctx, 0); err != nil {
		t.Fatal(err)
	}
	// With a stand-in bot in seat 0, two bots may finish the match at once:
	// then the host is closed rather than refusing the seat.
	if _, err := h.Submit(ctx, 0, f.Version, f.Decision.Default); live.CodeOf(err) != live.CodeNotYourSeat && live.CodeOf(err) != live.CodeStale && live.CodeOf(err) != live.CodeClosed {
		t.Fatalf("answer while away: %v", err)
	}
	conceded := []int{0}
	if err := h.Concede(ctx, 0); err != nil {
		if live.CodeOf(err) != live.CodeClosed {
			t.Fatal(err)
		}
		conceded = nil // the match ended before the concession
	}
	if err := h.Join(ctx, 0); live.CodeOf(err) != live.CodeConceded && live.CodeOf(err) != live.CodeClosed {
		t.Fatalf("rejoin after concede: %v", err)
	}
	<-h.Done()
	e.checkFinished(h.ID(), conceded...)
}

func TestOverload(t *testing.T) {
	e := newEnv(t)
	e.cfg.Queue = 1
	h := e.create(1, e.human(), bot) // not running: nothing drains the queue
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	go h.Submit(ctx, 0, 0, "x")
	time.Sleep(10 * time.Millisecond)
	if _, err := h.Submit(context.Background(), 0, 0, "x"); live.CodeOf(err) != live.CodeOverloaded {
		t.Fatalf("full queue: %v", err)
	}
}

func TestRecoverAfterRestart(t *testing.T) {
	e := newEnv(t)
	e.cfg.TurnTime = time.Minute
	h := e.create(9, e.human(), bot)
	stop := run(t, h)
	ctx := context.Background()
	acked := map[int]string{} // version → answer text, seat 0
	play := func(h *live.Host, n int) bool {
		sub, err := h.Subscribe(ctx, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer sub.Close()
		for i := 0; n < 0 || i < n; i++ {
			f, ok := next(t, sub)
			if !ok || f.Result != nil {
				return true
			}
			text := f.Decision.Answers[(i*7)%len(f.Decision.Answers)]
			ack, err := h.Submit(ctx, 0, f.Version, text)
			if live.CodeOf(err) == live.CodeClosed {
				return true
			}
			if err != nil {
				t.Fatal(err)
			}
			acked[ack.Version] = text
		}
		return false
	}
	if play(h, 5) {
		t.Fatal("match ended too early for the test")
	}
	if err := stop(); err != context.Canceled {
		t.Fatalf("Run: %v", err)
	}
	// Restart: a new store handle over the same data, a new host.
	h2 := e.restart(h.ID())
	run(t, h2)
	for !play(h2, -1) {
	}
	<-h2.Done()
	rec := e.checkFinished(h.ID())
	for v, text := range acked {
		if a := rec.Answers[v-1]; a.Seat != 0 || a.Text != text {
			t.Errorf("acknowledged answer %d %q lost: %+v", v, text, a)
		}
	}
	t.Logf("%d acknowledged human answers, %d steps", len(acked), rec.Version)
}

// TestRanksAndLevel pins the experience and level curve (GAP-27: levels
// 1 to 6, REL-606).
func TestRanksAndLevel(t *testing.T) {
	ranks := []struct {
		name  string
		res   engine.Result
		seats int
		want  []store.SeatResult
	}{
		{"2 seats", engine.Result{Winner: 1, How: "religious", Ranking: []engine.Seat{1, 0}}, 2,
			[]store.SeatResult{{Rank: 2, XP: 20}, {Rank: 1, XP: 40}}},
		{"4 seats", engine.Result{Winner: 2, How: "cycle_limit", Ranking: []engine.Seat{2, 0, 3, 1}}, 4,
			[]store.SeatResult{{Rank: 2, XP: 33}, {Rank: 4, XP: 20}, {Rank: 1, XP: 40}, {Rank: 3, XP: 26}}},
		{"draw", engine.Result{Winner: engine.NoSeat, How: "draw"}, 3,
			[]store.SeatResult{{Rank: 1, XP: 40}, {Rank: 1, XP: 40}, {Rank: 1, XP: 40}}},
	}
	for _, tt := range ranks {
		t.Run(tt.name, func(t *testing.T) {
			if got := live.Ranks(tt.res, tt.seats); !slices.Equal(got, tt.want) {
				t.Errorf("Ranks(%+v, %d) = %+v, want %+v", tt.res, tt.seats, got, tt.want)
			}
		})
	}
	for xp, want := range map[int64]int{-5: 1, 0: 1, 99: 1, 100: 2, 199: 2, 200: 3, 499: 5, 500: 6, 1 << 40: live.MaxLevel} {
		if got := live.Level(xp); got != want {
			t.Errorf("Level(%d) = %d, want %d", xp, got, want)
		}
	}
	for l := 1; l <= live.MaxLevel; l++ {
		start := live.LevelStart(l)
		if live.Level(start) != l || (l > 1 && live.Level(start-1) != l-1) {
			t.Errorf("LevelStart(%d) = %d: Level there is %d, just below %d", l, start, live.Level(start), live.Level(start-1))
		}
	}
}
