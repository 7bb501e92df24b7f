package loadtest

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Matches mode connects cfg.Matches × cfg.Players bot clients; each
// queues for a cfg.Players-player match (the lobby's matchmaking puts
// them together), readies in the waiting room, watches its match and
// answers each of its decisions with a random legal answer as soon as
// the frame that poses it arrives (or, with cfg.Rate, when the shared
// rate allows). It measures, for every answer, the time to the frame
// that carries its step and the time to its durable acknowledgement.

// seatEvent is what a seat bot's goroutine handles: pushes and replies,
// in the order the connection delivered them.
type seatEvent struct {
	kind    string // "frame", "room", "match_start", "queue", "unwatched", "reply", "dropped", "recheck", "requeue"
	frame   frame
	room    roomPush
	start   matchStartPush
	queue   string // queue state
	reply   Reply
	req     string // the request a reply answers: "answer", "watch", ...
	version int    // the version an answer was sent at
	sent    time.Time
	at      time.Time // "frame": when the connection's reader had it
	match   int64     // "recheck": the match it is about
	gen     int       // the connection the event came from (seatBot.gen)
}

type roomPush struct {
	ID    int64  `json:"id"`
	State string `json:"state"`
	You   int    `json:"you"`
}

type matchStartPush struct {
	Match int64 `json:"match"`
	Seat  int   `json:"seat"`
}

// sentAnswer is an answer waiting for its frame.
type sentAnswer struct {
	version int
	at      time.Time
}

// seatBot is one bot client of matches mode. Its fields belong to its
// goroutine (run).
type seatBot struct {
	m    *matchRun
	acct int
	c    *Client
	gen  int // counts connections: events of an older one are stale
	box  mailbox
	rng  *rand.Rand
	lim  *rate.Limiter

	room     int64 // the room readied in
	match    int64
	seat     int
	last     int // the highest version seen
	answered int // the version last answered (-1: none since the last resync)
	out      []sentAnswer
	buf      []byte
	// rejoining is set from a rejoin sent for an idle seat to the first
	// frame that shows the seat played by its human again.
	rejoining bool
}

// matchRun is the state of matches mode.
type matchRun struct {
	*runner
	global *rate.Limiter // cfg.Rate, nil for none
	mu     sync.Mutex
	seen   map[int64]bool // match id → over
	ctx    context.Context
}

func (r *runner) matches(ctx context.Context) (*Result, error) {
	// botCtx ends the bots (and their pending deliveries) when the
	// measurement is over, before the connections close.
	botCtx, stopBots := context.WithCancel(ctx)
	m := &matchRun{runner: r, seen: map[int64]bool{}, ctx: botCtx}
	if r.cfg.Rate > 0 {
		m.global = rate.NewLimiter(rate.Limit(r.cfg.Rate), max(1, int(r.cfg.Rate/50)))
	}
	n := r.cfg.Accounts()
	bots := make([]*seatBot, n)
	for i := range bots {
		bots[i] = &seatBot{
			m: m, acct: i, box: newMailbox(),
			rng: rand.New(rand.NewPCG(r.cfg.Seed, uint64(i))),
		}
	}
	var wg sync.WaitGroup
	defer wg.Wait()
	defer stopBots()

	// Connect everyone, cfg.Dialers at a time; each bot queues as soon as
	// it is connected, so matches start while others still connect.
	setupCtx, cancel := context.WithTimeout(ctx, r.cfg.Setup)
	defer cancel()
	_ = parallel(setupCtx, n, r.cfg.Dialers, func(ctx context.Context, i int) error {
		b := bots[i]
		if b.connect(ctx) {
			wg.Go(func() { b.run(botCtx) })
		}
		return nil
	})
	// No bot connected (no server there, or one that refuses the bots'
	// protocol): stop now rather than wait out the setup.
	if err := r.noConnection(setupCtx, n); err != nil && ctx.Err() == nil {
		return nil, err
	}
	r.setPhase("start")
	want := int64(r.cfg.Matches)
	poll := time.NewTicker(50 * time.Millisecond)
	for r.st.Started.Load() < want && setupCtx.Err() == nil {
		select {
		case <-poll.C:
		case <-setupCtx.Done():
		}
	}
	poll.Stop()
	incomplete := setupCtx.Err() != nil && ctx.Err() == nil
	setup, up := time.Since(r.begin), r.st.Open.Load()
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}

	if err := r.warmUp(ctx); err != nil {
		return nil, err
	}
	r.startMeasuring()
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-time.After(r.cfg.Duration):
	}
	res := r.result(setup, incomplete, up)
	stopBots()
	wg.Wait()
	var cs []*Client
	for _, b := range bots {
		if b.c != nil {
			cs = append(cs, b.c)
		}
	}
	closeAll(cs, r.cfg.Dialers)
	return res, nil
}

// started counts a match the first time one of its seats hears of it.
func (m *matchRun) started(id int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if _, ok := m.seen[id]; !ok {
		m.seen[id] = false
		m.st.Started.Add(1)
	}
}

// finished counts a match the first time one of its seats sees it end.
func (m *matchRun) finished(id int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if over, ok := m.seen[id]; ok && !over {
		m.seen[id] = true
		m.st.Finished.Add(1)
	}
}

// connect dials the bot's account and queues it; false on failure.
func (b *seatBot) connect(ctx context.Context) bool {
	st := &b.m.st
	start := time.Now()
	b.gen++
	gen := b.gen
	c, err := b.m.cfg.Dialer.Dial(ctx, b.m.pool.Accounts[b.acct], func(typ string, data []byte) { b.onPush(gen, typ, data) })
	if err != nil {
		if ctx.Err() == nil {
			b.m.dialFailed(err)
		}
		return false
	}
	st.Connect.Record(time.Since(start))
	st.Connects.Add(1)
	st.Open.Add(1)
	b.c = c
	b.lim = rate.NewLimiter(rate.Limit(max(c.Rate, 1)), max(1, min(c.Burst, 10)))
	go func() {
		<-c.Done()
		st.Open.Add(-1)
		if !c.ClosedLocally() {
			b.deliver(seatEvent{kind: "dropped", gen: gen})
		}
	}()
	switch {
	case b.match != 0: // a reconnection: the caller resynchronizes
	case len(c.Live) > 0:
		// The account still has a seat in a match (an earlier run left
		// it): take the seat back from its stand-in bot and play on, as
		// a player rejoins from the menu.
		b.match, b.seat, b.last, b.answered, b.out = c.Live[0].Match, c.Live[0].Seat, 0, -1, nil
		b.m.started(b.match)
		b.request(ctx, "rejoin", map[string]any{"match": b.match})
		b.watch(ctx, 0)
	default:
		b.queue()
	}
	return true
}

// deliver hands an event to the bot's goroutine. It never blocks: the
// connection's reader calls it, and a reader that waited for a bot that
// waits to write to the server, which waits to write to the reader,
// would close a loop that only the server's write timeout breaks.
func (b *seatBot) deliver(ev seatEvent) { b.box.put(ev) }

// mailbox is an unbounded queue of events with one reader. (Bounded by
// the protocol in practice: a bot gets a frame per step of its own match
// and a few lobby messages.)
type mailbox struct {
	mu    sync.Mutex
	queue []seatEvent
	spare []seatEvent   // the slice take returned before, reused
	ready chan struct{} // has a token while queue is not empty
}

func newMailbox() mailbox { return mailbox{ready: make(chan struct{}, 1)} }

func (m *mailbox) put(ev seatEvent) {
	m.mu.Lock()
	m.queue = append(m.queue, ev)
	m.mu.Unlock()
	select {
	case m.ready <- struct{}{}:
	default:
	}
}

// take returns the queued events and empties the queue. The slice is
// valid until the next take, which reuses it.
func (m *mailbox) take() []seatEvent {
	m.mu.Lock()
	defer m.mu.Unlock()
	q := m.queue
	clear(m.spare)
	m.queue, m.spare = m.spare[:0], q
	return q
}

// onPush runs on the connection's reader: it reads what the bot needs
// and passes it on.
func (b *seatBot) onPush(gen int, typ string, data []byte) {
	st := &b.m.st
	ev := seatEvent{kind: typ, gen: gen}
	var err error
	switch typ {
	case "frame":
		// Received now, as an acknowledgement is (Reply.At): the bot's
		// goroutine may run later, on a load generator's busy core.
		ev.at = time.Now()
		st.Frames.Add(1)
		st.FrameBytes.Add(int64(len(data)))
		ev.frame, err = parseFrame(data)
	case "room":
		err = json.Unmarshal(data, &ev.room)
	case "match_start":
		err = json.Unmarshal(data, &ev.start)
	case "queue":
		var q struct {
			State string `json:"state"`
		}
		err = json.Unmarshal(data, &q)
		ev.queue = q.State
	case "unwatched":
		var u struct {
			Match int64 `json:"match"`
		}
		err = json.Unmarshal(data, &u)
		ev.frame.Match = u.Match
	default:
		return // presence, party, ...: not the bots' business
	}
	if err != nil {
		st.Error("bad_" + typ)
		return
	}
	b.deliver(ev)
}

// run is the bot's goroutine.
func (b *seatBot) run(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-b.box.ready:
		}
		for _, ev := range b.box.take() {
			if ctx.Err() != nil {
				return
			}
			b.handle(ctx, ev)
		}
	}
}

func (b *seatBot) handle(ctx context.Context, ev seatEvent) {
	st := &b.m.st
	if ev.gen != b.gen {
		return // from a connection replaced since
	}
	switch ev.kind {
	case "frame":
		b.onFrame(ctx, ev.frame, ev.at)
	case "room":
		if ev.room.State == "open" && ev.room.ID != b.room {
			b.room = ev.room.ID
			b.request(ctx, "room_ready", nil)
		} else if ev.room.State == "failed" || ev.room.State == "closed" {
			st.Error("room_" + ev.room.State)
			b.queue()
		}
	case "queue":
		if ev.queue == "cancelled" {
			st.Error("queue_cancelled")
			b.queue()
		}
	case "match_start":
		b.match, b.seat, b.last, b.answered, b.out = ev.start.Match, ev.start.Seat, 0, -1, nil
		b.m.started(b.match)
		b.watch(ctx, 0)
	case "unwatched":
		if ev.frame.Match == b.match {
			b.over()
		}
	case "reply":
		b.onReply(ctx, ev)
	case "recheck": // after a refusal: resynchronize unless a frame came
		if ev.match == b.match && b.match != 0 && b.last <= ev.version {
			b.resync(ctx)
		}
	case "requeue":
		if b.match == 0 {
			b.queue()
		}
	case "dropped":
		st.Drops.Add(1)
		st.Error("dropped_" + closeName(b.c))
		if ctx.Err() != nil || !b.connect(ctx) {
			return
		}
		if b.match != 0 {
			b.resync(ctx)
		}
	}
}

// onFrame times the answers the frame carries, received at now, and
// answers its decision.
func (b *seatBot) onFrame(ctx context.Context, f frame, now time.Time) {
	if f.Match != b.match {
		return
	}
	st := &b.m.st
	for len(b.out) > 0 && b.out[0].version < f.Version {
		if f.From <= b.out[0].version {
			st.AnswerFrame.Record(now.Sub(b.out[0].at))
		}
		b.out = b.out[1:]
	}
	b.last = max(b.last, f.Version)
	if f.Over {
		b.over()
		return
	}
	if f.Away {
		// The bot was too slow (starved of CPU) and let deadlines pass:
		// a stand-in plays its seat. Take it back, as a player would.
		if !b.rejoining {
			b.rejoining = true
			b.m.st.Error("seat_idle")
			b.request(ctx, "rejoin", map[string]any{"match": b.match})
		}
		return
	}
	b.rejoining = false
	d := f.Decision
	if d == nil || f.Version != b.last || b.answered >= f.Version || len(d.Answers) == 0 {
		return
	}
	answer := d.Answers[b.rng.IntN(len(d.Answers))]
	if b.m.global != nil && b.m.global.Wait(ctx) != nil {
		return
	}
	if b.lim.Wait(ctx) != nil {
		return
	}
	version, match, c, gen := f.Version, b.match, b.c, b.gen
	sent := time.Now()
	_, err := c.Send(ctx, func(id int64) []byte {
		b.buf = appendAnswer(b.buf[:0], id, match, version, answer)
		return b.buf
	}, func(r Reply) {
		b.deliver(seatEvent{kind: "reply", req: "answer", reply: r, version: version, sent: sent, gen: gen})
	})
	if err != nil {
		return // the connection is gone: "dropped" follows
	}
	b.answered = version
	b.out = append(b.out, sentAnswer{version: version, at: sent})
	st.Sent.Add(1)
}

// onReply handles the reply to an answer or a watch: a refusal is
// counted and the bot resynchronizes (watch again from the last version
// it has), after the wait the server asked for, if any.
func (b *seatBot) onReply(ctx context.Context, ev seatEvent) {
	st := &b.m.st
	r := ev.reply
	if r.OK {
		if ev.req == "answer" {
			st.Durable.Add(1)
			st.AnswerReply.Record(r.At.Sub(ev.sent))
		}
		return
	}
	code := r.Err.Code
	if code == "closed" {
		return // "dropped" follows
	}
	// A queue refused with in_match is the lobby not having heard yet
	// that the last match ended: not an error, the bot tries again.
	if ev.req != "queue" || code != "in_match" {
		st.Error(code)
	}
	if ev.req == "answer" && code != "unavailable" {
		// Refused: no frame will carry it. (An answer the server did not
		// acknowledge in time may still be applied: its frame times it.)
		for i, a := range b.out {
			if a.version == ev.version {
				b.out = append(b.out[:i:i], b.out[i+1:]...)
				break
			}
		}
	}
	if ev.req == "queue" {
		if code != "draining" && code != "closed" {
			b.later(time.Second, seatEvent{kind: "requeue"})
		}
		return
	}
	if ev.req != "answer" && ev.req != "watch" {
		return // room_ready, rejoin...: counted, nothing to redo
	}
	var wait time.Duration
	switch code {
	case "not_live", "not_in_match", "conceded":
		b.over()
		return
	case "not_your_seat": // a stand-in may have the seat: take it back
		b.request(ctx, "rejoin", map[string]any{"match": b.match})
	case "stale_version":
		wait = 200 * time.Millisecond // the frame is on its way
	case "unavailable":
		wait = time.Second // the server is slow; the answer may yet land
	case "overloaded", "store_error", "rate_limited", "internal":
		wait = 100 * time.Millisecond
		if r.Err.RetryAfterMS > 0 {
			wait = time.Duration(r.Err.RetryAfterMS) * time.Millisecond
		}
	}
	if wait == 0 {
		b.resync(ctx)
		return
	}
	// Resynchronize only if no frame has moved the match on meanwhile:
	// watching again costs the server a whole frame, and an overloaded
	// server should not be sent more work than needed.
	b.later(wait, seatEvent{kind: "recheck", match: b.match, version: b.last})
}

// later delivers ev (from the current connection) after d.
func (b *seatBot) later(d time.Duration, ev seatEvent) {
	ev.gen = b.gen
	time.AfterFunc(d, func() { b.deliver(ev) })
}

// resync watches the match again from the last version the bot has: the
// frame that follows brings what it missed and the pending decision.
func (b *seatBot) resync(ctx context.Context) {
	b.m.st.Resyncs.Add(1)
	b.answered = -1
	b.watch(ctx, b.last)
}

func (b *seatBot) watch(ctx context.Context, since int) {
	b.request(ctx, "watch", map[string]any{"match": b.match, "since": since})
}

// over ends the bot's match; with cfg.Requeue it queues for the next.
func (b *seatBot) over() {
	if b.match == 0 {
		return
	}
	b.m.finished(b.match)
	b.match, b.out = 0, nil
	if b.m.cfg.Requeue {
		b.queue()
	}
}

// queue enters the matchmaking queue.
func (b *seatBot) queue() {
	b.request(b.m.ctx, "queue", map[string]any{"players": b.m.cfg.Players})
}

// request sends a message whose reply comes back as an event.
func (b *seatBot) request(ctx context.Context, typ string, fields map[string]any) {
	c, gen := b.c, b.gen
	if c == nil || b.lim.Wait(ctx) != nil {
		return
	}
	_ = c.SendAsync(ctx, typ, fields, func(r Reply) {
		if !r.OK {
			b.deliver(seatEvent{kind: "reply", req: typ, reply: r, gen: gen})
		}
	})
}
