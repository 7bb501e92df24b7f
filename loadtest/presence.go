package loadtest

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

// Presence mode holds cfg.Conns connections and swaps some of them out
// every second: a random connection closes and an account that has been
// offline for at least cfg.Offline connects in its place. The server
// then tells the friends of the one that left that it went offline (after
// its offline grace) and those of the newcomer that it came online, so
// presence pushes flow while the number of connections holds.

// presenceSlot is one of the cfg.Conns places a connection occupies.
type presenceSlot struct {
	mu   sync.Mutex
	c    *Client
	acct int // pool index
	busy atomic.Bool
}

// offlineQueue is the accounts waiting to connect again, oldest first.
type offlineQueue struct {
	mu    sync.Mutex
	accts []int
	since []time.Time
}

func (q *offlineQueue) push(acct int, at time.Time) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.accts = append(q.accts, acct)
	q.since = append(q.since, at)
}

// pop returns the oldest account if it has been offline since before
// ready.
func (q *offlineQueue) pop(ready time.Time) (int, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.accts) == 0 || q.since[0].After(ready) {
		return 0, false
	}
	a := q.accts[0]
	q.accts, q.since = q.accts[1:], q.since[1:]
	return a, true
}

// presenceRun is the state of presence mode.
type presenceRun struct {
	*runner
	index    map[int64]int  // account id → pool index
	helloAt  []atomic.Int64 // pool index → unix ns its last hello was sent
	slots    []*presenceSlot
	offline  offlineQueue
	stopping atomic.Bool
}

func (r *runner) presence(ctx context.Context) (*Result, error) {
	n := r.cfg.Accounts()
	p := &presenceRun{runner: r, index: make(map[int64]int, n), helloAt: make([]atomic.Int64, n)}
	for i, a := range r.pool.Accounts[:n] {
		p.index[a.ID] = i
	}
	for i := r.cfg.Conns; i < n; i++ {
		p.offline.push(i, time.Time{})
	}
	p.slots = make([]*presenceSlot, r.cfg.Conns)
	for i := range p.slots {
		p.slots[i] = &presenceSlot{acct: i}
	}
	// swaps are the churn goroutines, watchers those that wait for each
	// connection's end. At the end: stop the swaps (runCtx), wait for
	// them, close every connection, wait for the watchers.
	var swaps, watchers sync.WaitGroup
	runCtx, stopRun := context.WithCancel(ctx)
	stop := func() {
		p.stopping.Store(true)
		stopRun()
		swaps.Wait()
		closeAll(p.clients(), r.cfg.Dialers)
		watchers.Wait()
	}
	ctx = runCtx
	wg := &watchers

	// Connect every slot, cfg.Dialers at a time.
	setupCtx, cancel := context.WithTimeout(ctx, r.cfg.Setup)
	_ = parallel(setupCtx, len(p.slots), r.cfg.Dialers, func(ctx context.Context, i int) error {
		p.fill(ctx, wg, p.slots[i], p.slots[i].acct)
		return nil
	})
	incomplete := setupCtx.Err() != nil && ctx.Err() == nil
	noConn := r.noConnection(setupCtx, len(p.slots))
	cancel()
	setup, up := time.Since(r.begin), r.st.Open.Load()
	if ctx.Err() != nil {
		stop()
		return nil, ctx.Err()
	}
	if noConn != nil {
		stop()
		return nil, noConn
	}

	if err := r.warmUp(ctx); err != nil {
		stop()
		return nil, err
	}
	r.startMeasuring()
	rng := rand.New(rand.NewPCG(1, 2))
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	end := time.After(r.cfg.Duration)
	last := time.Now()
	owed := 0.0
	sem := make(chan struct{}, r.cfg.Dialers)
	for done := false; !done; {
		select {
		case <-ctx.Done():
			stop()
			return nil, ctx.Err()
		case <-end:
			done = true
		case now := <-tick.C:
			r.noteHeld()
			owed += r.cfg.Churn * now.Sub(last).Seconds()
			last = now
			for ; owed >= 1; owed-- {
				s := p.slots[rng.IntN(len(p.slots))]
				if !s.busy.CompareAndSwap(false, true) {
					continue // that one is changing already: skip a beat
				}
				select {
				case sem <- struct{}{}:
				default:
					s.busy.Store(false) // the dialers are all busy: skip
					r.st.Error("churn_skipped")
					continue
				}
				swaps.Go(func() {
					defer func() { <-sem }()
					p.swap(ctx, wg, s)
				})
			}
		}
	}
	res := r.result(setup, incomplete, up)
	stop()
	return res, nil
}

// clients returns the open connections. Once p.stopping is set, a slot
// gets no new connection after it was read here.
func (p *presenceRun) clients() []*Client {
	var out []*Client
	for _, s := range p.slots {
		s.mu.Lock()
		if s.c != nil {
			out = append(out, s.c)
		}
		s.mu.Unlock()
	}
	return out
}

// swap closes a slot's connection and connects the account that has
// been offline longest in its place. s.busy is held.
func (p *presenceRun) swap(ctx context.Context, wg *sync.WaitGroup, s *presenceSlot) {
	defer s.busy.Store(false)
	next, ok := p.offline.pop(time.Now().Add(-p.cfg.Offline))
	if !ok {
		p.st.Error("churn_no_offline_account")
		return
	}
	s.mu.Lock()
	old, acct := s.c, s.acct
	s.c = nil
	s.mu.Unlock()
	if old != nil {
		old.Close()
	}
	p.offline.push(acct, time.Now())
	p.st.Churns.Add(1)
	p.fill(ctx, wg, s, next)
}

// fill connects account acct into slot s (retrying a few times) and
// watches the connection: if the server drops it, the slot reconnects.
func (p *presenceRun) fill(ctx context.Context, wg *sync.WaitGroup, s *presenceSlot, acct int) {
	var c *Client
	for try := 0; try < 3 && c == nil && ctx.Err() == nil; try++ {
		c = p.connect(ctx, acct)
		if c == nil {
			time.Sleep(time.Duration(try+1) * 200 * time.Millisecond)
		}
	}
	if c == nil {
		return
	}
	s.mu.Lock()
	if p.stopping.Load() { // too late: the run is over
		s.mu.Unlock()
		c.CloseNow()
		p.st.Open.Add(-1)
		return
	}
	s.c, s.acct = c, acct
	s.mu.Unlock()
	wg.Go(func() {
		<-c.Done()
		p.st.Open.Add(-1)
		if c.ClosedLocally() || p.stopping.Load() {
			return
		}
		p.st.Drops.Add(1)
		p.st.Error("dropped_" + closeName(c))
		if s.busy.CompareAndSwap(false, true) {
			s.mu.Lock()
			if s.c == c {
				s.c = nil
			}
			s.mu.Unlock()
			p.fill(ctx, wg, s, acct)
			s.busy.Store(false)
		}
	})
}

// connect dials account acct and says hello; nil on failure (counted).
func (p *presenceRun) connect(ctx context.Context, acct int) *Client {
	a := p.pool.Accounts[acct]
	start := time.Now()
	p.helloAt[acct].Store(start.UnixNano())
	c, err := p.cfg.Dialer.Dial(ctx, a, p.onPush)
	if err != nil {
		if ctx.Err() == nil {
			p.dialFailed(err)
		}
		return nil
	}
	p.st.Connect.Record(time.Since(start))
	p.st.Connects.Add(1)
	p.st.Open.Add(1)
	if p.cfg.FriendsList {
		r, err := c.Request(ctx, "friends", nil)
		switch {
		case err != nil:
			p.st.Error("friends_failed")
		case !r.OK:
			p.st.Error(r.Err.Code)
		}
	}
	return c
}

// onPush counts presence pushes and times "online" ones against the
// newcomer's hello.
func (p *presenceRun) onPush(typ string, data []byte) {
	if typ != "presence" {
		return
	}
	now := time.Now()
	p.st.Presence.Add(1)
	var m struct {
		Account int64  `json:"account"`
		Status  string `json:"status"`
	}
	if json.Unmarshal(data, &m) != nil {
		p.st.Error("bad_presence")
		return
	}
	if m.Status != "online" {
		return
	}
	p.st.PresenceUp.Add(1)
	if i, ok := p.index[m.Account]; ok {
		if at := p.helloAt[i].Load(); at != 0 {
			p.st.PresenceOnline.Record(now.Sub(time.Unix(0, at)))
		}
	}
}

// closeName names a connection's close code for the error counts.
func closeName(c *Client) string {
	if code := c.CloseStatus(); code >= 0 {
		return strconv.Itoa(int(code))
	}
	return "no_close_frame"
}

// closeAll closes connections, n at a time.
func closeAll(cs []*Client, n int) {
	_ = parallel(context.Background(), len(cs), n, func(_ context.Context, i int) error {
		cs[i].CloseNow()
		return nil
	})
}
