package live

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"tabletop/bots"
	"tabletop/engine"
	"tabletop/store"
)

// Config is what every Host of a server shares. The zero value of each
// field but Store has a usable default.
type Config struct {
	// Store records matches and answers. Required.
	Store store.Store
	// Now is the host's clock; default time.Now.
	Now func() time.Time
	// AfterFunc calls f after d (in another goroutine) and returns a stop
	// function; default wraps time.AfterFunc. Tests inject a fake clock.
	AfterFunc func(d time.Duration, f func()) (stop func() bool)
	// TurnTime is how long a human seat has for each decision; zero means
	// no deadlines.
	TurnTime time.Duration
	// Queue is the capacity of the input channel (default 64). When it is
	// full, requests fail at once with CodeOverloaded.
	Queue int
	// SubBuffer is the capacity of each subscription's channel (default
	// 64). A subscriber whose channel is full is dropped (its channel is
	// closed); it resubscribes from the last version it saw.
	SubBuffer int
	// Batch bounds the chance and bot steps played before the host
	// persists, broadcasts and looks at its inputs again (default 256).
	Batch int
	// StandIn is the bot level that plays a seat whose human left or
	// conceded, and every bot seat of a recovered match (the store does
	// not record levels). Default "random".
	StandIn string
	// Logf reports problems that have no caller to return them to;
	// default discards.
	Logf func(format string, args ...any)
}

func (c Config) withDefaults() Config {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.AfterFunc == nil {
		c.AfterFunc = func(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }
	}
	if c.Queue <= 0 {
		c.Queue = 64
	}
	if c.SubBuffer <= 0 {
		c.SubBuffer = 64
	}
	if c.Batch <= 0 {
		c.Batch = 256
	}
	if c.StandIn == "" {
		c.StandIn = "random"
	}
	if c.Logf == nil {
		c.Logf = func(string, ...any) {}
	}
	return c
}

// SeatSpec says who plays a seat of a new match.
type SeatSpec struct {
	// Account is the human's account, 0 for a bot seat.
	Account store.AccountID
	// Bot is the level of a bot seat (see bots.Levels); "" for a human.
	Bot string
}

// MatchSpec describes a new match.
type MatchSpec struct {
	Game   engine.Game
	Config []byte // game config JSON, may be empty
	Seats  []SeatSpec
	// Seed is the match seed; 0 draws one from crypto/rand (production).
	Seed uint64
}

// Ack acknowledges an accepted answer: it is durable in the store.
type Ack struct {
	// Version is the state version right after the answer.
	Version int
	// Now is the version after the chance and bot steps that followed.
	Now int
}

// FrameStep is one step of a frame: the events of that step as the
// receiving seat may see them (a JSON array of engine.Event). Answer
// texts are never sent, as they could reveal hidden information.
type FrameStep struct {
	Version int             `json:"version"`
	Events  json.RawMessage `json:"events"`
}

// Frame is what one subscriber receives: everything between versions From
// and Version as its seat sees it. Frames share their byte slices;
// receivers must not modify them.
type Frame struct {
	Seat    engine.Seat     `json:"seat"`
	From    int             `json:"from"`
	Version int             `json:"version"`
	Steps   []FrameStep     `json:"steps"`
	View    json.RawMessage `json:"view"`
	// Decision is set only when the pending decision is this seat's.
	Decision *engine.DecisionJSON `json:"decision,omitempty"`
	// Deadline is the decision's deadline, zero for none.
	Deadline time.Time `json:"deadline,omitzero"`
	// Result is set once the match is over.
	Result *engine.Result `json:"result,omitempty"`
}

// Subscription receives the frames of one seat (or engine.Spectator).
type Subscription struct {
	// C delivers frames; it is closed when the host drops the subscriber
	// (too slow), stops, or the match ends.
	C    <-chan Frame
	c    chan Frame
	seat engine.Seat
	host *Host
}

// Close unsubscribes (best effort: if the host is overloaded the channel
// is closed later, when the host next finds it full or stops).
func (s *Subscription) Close() {
	select {
	case s.host.in <- input{kind: inUnsubscribe, sub: s}:
	default:
	}
}

type inputKind int

const (
	inAnswer inputKind = iota
	inLeave
	inConcede
	inJoin
	inSubscribe
	inUnsubscribe
	inSince
)

type input struct {
	kind    inputKind
	seat    engine.Seat
	version int
	text    string
	sub     *Subscription
	reply   chan result // nil: nobody waits
}

type result struct {
	ack   Ack
	frame Frame
	err   error
}

// Host owns one live match. All its state belongs to the goroutine that
// runs Run; the other methods only send requests to it.
type Host struct {
	cfg   Config
	id    store.MatchID
	game  engine.Game
	m     *engine.Match
	n     int        // seats
	hist  [][][]byte // hist[v-1][audience]: redacted events JSON of step v
	bots  []bots.Bot // per seat: the bot playing it now, nil for a human
	gone  []bool     // per seat: the human conceded
	subs  map[*Subscription]struct{}
	in    chan input
	wake  chan struct{}
	done  chan struct{}
	dl    time.Time // pending decision's deadline, zero for none
	stop  func() bool
	more  bool // bot or chance steps remain after a full batch
	over  bool // FinishMatch done (or the match cannot go on)
	views map[engine.Seat]json.RawMessage
}

// ID returns the store id of the match.
func (h *Host) ID() store.MatchID { return h.id }

// Done is closed when Run has returned.
func (h *Host) Done() <-chan struct{} { return h.done }

// Create records a new match in the store and returns its host, ready
// to Run.
func Create(ctx context.Context, cfg Config, spec MatchSpec) (*Host, error) {
	cfg = cfg.withDefaults()
	seed := spec.Seed
	for seed == 0 {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return nil, err
		}
		seed = binary.LittleEndian.Uint64(b[:])
	}
	m, err := engine.NewMatch(spec.Game, spec.Config, len(spec.Seats), seed)
	if err != nil {
		return nil, err
	}
	accounts := make([]store.AccountID, len(spec.Seats))
	for i, s := range spec.Seats {
		accounts[i] = s.Account
		if (s.Bot == "") == (s.Account == 0) {
			return nil, fmt.Errorf("live: seat %d needs exactly one of an account and a bot level", i)
		}
	}
	h, err := newHost(cfg, spec.Game, m)
	if err != nil {
		return nil, err
	}
	for i, s := range spec.Seats {
		if s.Bot != "" {
			if h.bots[i], err = bots.New(spec.Game, s.Bot, botSeed(seed, i), engine.Seat(i)); err != nil {
				return nil, err
			}
		}
	}
	h.id, err = cfg.Store.CreateMatch(ctx, store.NewMatch{Header: m.Header(), Seats: accounts})
	if err != nil {
		return nil, err
	}
	return h, nil
}

func newHost(cfg Config, g engine.Game, m *engine.Match) (*Host, error) {
	n := m.Header().Seats
	return &Host{
		cfg: cfg, game: g, m: m, n: n,
		bots: make([]bots.Bot, n), gone: make([]bool, n),
		subs: map[*Subscription]struct{}{},
		in:   make(chan input, cfg.Queue),
		wake: make(chan struct{}, 1),
		done: make(chan struct{}),
	}, nil
}

// botSeed derives a bot's seed from the match seed (bots never see it).
func botSeed(seed uint64, seat int) uint64 {
	return seed ^ (uint64(seat)+1)*0x9E3779B97F4A7C15
}

// Run plays the match until it is over (then it returns nil) or ctx ends
// (then it returns ctx.Err(); the store holds every acknowledged answer
// and Recover continues the match). Run must be called once.
func (h *Host) Run(ctx context.Context) error {
	defer h.shutdown()
	h.play(ctx, nil)
	for !h.over {
		if h.more { // inputs first, then the next batch
			select {
			case in := <-h.in:
				h.handle(ctx, in)
			case <-ctx.Done():
				return ctx.Err()
			default:
				h.play(ctx, nil)
			}
			continue
		}
		select {
		case in := <-h.in:
			h.handle(ctx, in)
		case <-h.wake:
			h.expire(ctx)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

func (h *Host) shutdown() {
	if h.stop != nil {
		h.stop()
	}
	for s := range h.subs {
		close(s.c)
	}
	h.subs = nil
	close(h.done)
}

// send queues a request and waits for its result.
func (h *Host) send(ctx context.Context, in input) result {
	in.reply = make(chan result, 1)
	select {
	case <-h.done:
		return result{err: &Error{Code: CodeClosed}}
	default:
	}
	select {
	case h.in <- in:
	default:
		return result{err: &Error{Code: CodeOverloaded, Msg: "input queue full"}}
	}
	select {
	case r := <-in.reply:
		return r
	case <-h.done:
		return result{err: &Error{Code: CodeClosed}}
	case <-ctx.Done():
		return result{err: ctx.Err()}
	}
}

// Submit answers the pending decision for seat, computed against state
// version. It returns once the answer is durable, or a *Error.
func (h *Host) Submit(ctx context.Context, seat engine.Seat, version int, answer string) (Ack, error) {
	r := h.send(ctx, input{kind: inAnswer, seat: seat, version: version, text: answer})
	return r.ack, r.err
}

// Leave hands the seat to a stand-in bot until Join.
func (h *Host) Leave(ctx context.Context, seat engine.Seat) error {
	return h.send(ctx, input{kind: inLeave, seat: seat}).err
}

// Concede hands the seat to a stand-in bot for good: the seat cannot
// rejoin and earns no experience.
func (h *Host) Concede(ctx context.Context, seat engine.Seat) error {
	return h.send(ctx, input{kind: inConcede, seat: seat}).err
}

// Join gives a human seat back to its player after Leave.
func (h *Host) Join(ctx context.Context, seat engine.Seat) error {
	return h.send(ctx, input{kind: inJoin, seat: seat}).err
}

// Since returns everything after version for seat (a player seat or
// engine.Spectator) as one frame: the reconnect request.
func (h *Host) Since(ctx context.Context, seat engine.Seat, version int) (Frame, error) {
	r := h.send(ctx, input{kind: inSince, seat: seat, version: version})
	return r.frame, r.err
}

// Subscribe starts the frames of seat; the first frame holds everything
// after version (0 for all of it).
func (h *Host) Subscribe(ctx context.Context, seat engine.Seat, version int) (*Subscription, error) {
	c := make(chan Frame, h.cfg.SubBuffer)
	s := &Subscription{C: c, c: c, seat: seat, host: h}
	r := h.send(ctx, input{kind: inSubscribe, seat: seat, version: version, sub: s})
	if r.err != nil {
		return nil, r.err
	}
	return s, nil
}

func (h *Host) reply(in *input, r result) {
	if in != nil && in.reply != nil {
		in.reply <- r
	}
}

func (h *Host) refuse(in *input, code Code, msg string, err error) {
	h.reply(in, result{err: &Error{Code: code, Version: h.m.Steps(), Msg: msg, Err: err}})
}

func (h *Host) validSeat(s engine.Seat) bool { return s >= 0 && int(s) < h.n }

func (h *Host) handle(ctx context.Context, in input) {
	switch in.kind {
	case inAnswer:
		h.play(ctx, &in)
	case inLeave, inConcede:
		if !h.validSeat(in.seat) {
			h.refuse(&in, CodeNotYourSeat, "no such seat", nil)
			return
		}
		if in.kind == inConcede {
			h.gone[in.seat] = true
		}
		if h.bots[in.seat] == nil {
			b, err := bots.New(h.game, h.cfg.StandIn, botSeed(h.m.Header().Seed, int(in.seat)), in.seat)
			if err != nil {
				h.refuse(&in, CodeNotYourSeat, "no stand-in bot", err)
				return
			}
			h.bots[in.seat] = b
		}
		h.reply(&in, result{})
		h.play(ctx, nil) // the stand-in answers at once if it is the seat's turn
	case inJoin:
		switch {
		case !h.validSeat(in.seat):
			h.refuse(&in, CodeNotYourSeat, "no such seat", nil)
		case h.gone[in.seat]:
			h.refuse(&in, CodeConceded, "", nil)
		default:
			h.bots[in.seat] = nil // a bot seat may be taken over too
			h.reply(&in, result{})
			h.play(ctx, nil) // may set a deadline
		}
	case inSince, inSubscribe:
		if !h.validSeat(in.seat) && in.seat != engine.Spectator {
			h.refuse(&in, CodeNotYourSeat, "no such seat", nil)
			return
		}
		if in.version < 0 || in.version > h.m.Steps() {
			h.refuse(&in, CodeStale, "unknown version", nil)
			return
		}
		h.views = nil
		f := h.frame(in.seat, in.version)
		if in.kind == inSubscribe {
			in.sub.c <- f // fresh channel with room
			h.subs[in.sub] = struct{}{}
		}
		h.reply(&in, result{frame: f})
	case inUnsubscribe:
		if _, ok := h.subs[in.sub]; ok {
			delete(h.subs, in.sub)
			close(in.sub.c)
		}
	}
}

// expire submits the default answer when the deadline has passed.
func (h *Host) expire(ctx context.Context) {
	st := h.m.State()
	if h.dl.IsZero() || st.Terminal() || h.cfg.Now().Before(h.dl) {
		return
	}
	d := st.Pending()
	h.play(ctx, &input{kind: inAnswer, seat: d.Seat, version: h.m.Steps(), text: st.AnswerText(d.Default)})
}

// play is the heart of the host: apply the sender's answer (if any), then
// chance and bot steps up to Config.Batch, persist them, acknowledge,
// broadcast, and finish the match when it is over. A refused answer
// changes nothing.
func (h *Host) play(ctx context.Context, in *input) {
	from := h.m.Steps()
	st := h.m.State()
	if in != nil {
		d := st.Pending()
		switch {
		case st.Terminal():
			h.refuse(in, CodeClosed, "match over", nil)
			return
		case in.version != from:
			h.refuse(in, CodeStale, fmt.Sprintf("answer computed against version %d", in.version), nil)
			return
		case !h.validSeat(in.seat) || in.seat != d.Seat || h.bots[in.seat] != nil:
			h.refuse(in, CodeNotYourSeat, fmt.Sprintf("seat %d decides", d.Seat), nil)
			return
		}
		a, err := st.ParseAnswer(in.text)
		if err != nil {
			h.refuse(in, CodeIllegal, "", err)
			return
		}
		ev, err := h.m.Apply(a)
		if err != nil {
			h.refuse(in, CodeIllegal, "", err)
			return
		}
		h.record(ev)
	}
	mine := h.m.Steps()
	h.more = false
	for n := 0; !st.Terminal(); n++ {
		d := st.Pending()
		if d.Seat != engine.Chance && h.bots[d.Seat] == nil {
			break // a human decides
		}
		if n == h.cfg.Batch {
			h.more = true
			break
		}
		var ev []engine.Event
		var err error
		if d.Seat == engine.Chance {
			ev, err = h.m.ResolveChance()
		} else {
			b := h.bots[d.Seat]
			var obs bots.Observation
			if obs, err = bots.Observe(st, d.Seat, bots.NeedsView(b)); err == nil {
				ev, err = h.m.Apply(b.Step(obs))
			}
		}
		if err != nil { // a broken game or bot: keep what is valid, stop playing
			h.cfg.Logf("live: match %d step %d: %v", h.id, h.m.Steps()+1, err)
			h.over = true
			break
		}
		h.record(ev)
	}
	dl := h.dl
	if h.m.Steps() != from || dl.IsZero() {
		dl = h.deadline()
	}
	if h.m.Steps() > from {
		if err := h.persist(ctx, from, dl); err != nil {
			h.cfg.Logf("live: match %d: %v", h.id, err)
			h.rollback(from)
			h.refuse(in, CodeStore, "", err)
			return
		}
	} else if !dl.Equal(h.dl) {
		if err := h.cfg.Store.SetDeadline(ctx, h.id, dl); err != nil {
			h.cfg.Logf("live: match %d: deadline: %v", h.id, err)
		}
	}
	h.arm(dl)
	h.reply(in, result{ack: Ack{Version: mine, Now: h.m.Steps()}})
	if h.m.Steps() > from {
		h.broadcast(from)
	}
	if st.Terminal() && !h.over {
		h.finish(ctx)
	}
}

// deadline returns the deadline of the pending decision: set for a human
// seat when Config.TurnTime is.
func (h *Host) deadline() time.Time {
	st := h.m.State()
	if h.cfg.TurnTime <= 0 || st.Terminal() {
		return time.Time{}
	}
	if s := st.Pending().Seat; s == engine.Chance || h.bots[s] != nil {
		return time.Time{}
	}
	return h.cfg.Now().Add(h.cfg.TurnTime).UTC().Truncate(time.Millisecond)
}

// arm sets the deadline timer.
func (h *Host) arm(dl time.Time) {
	if h.stop != nil {
		h.stop()
		h.stop = nil
	}
	h.dl = dl
	if dl.IsZero() {
		return
	}
	h.stop = h.cfg.AfterFunc(max(dl.Sub(h.cfg.Now()), 0), func() {
		select {
		case h.wake <- struct{}{}:
		default:
		}
	})
}

// record keeps the redacted events of the step just applied, one JSON
// array per audience (the seats, then the spectator).
func (h *Host) record(events []engine.Event) {
	enc := make([][]byte, h.n+1)
	for a := range enc {
		b, err := json.Marshal(engine.Redact(events, h.audienceSeat(a)))
		if err != nil {
			h.cfg.Logf("live: match %d: events: %v", h.id, err)
			b = []byte("[]")
		}
		enc[a] = b
	}
	h.hist = append(h.hist, enc)
}

func (h *Host) audienceSeat(a int) engine.Seat {
	if a == h.n {
		return engine.Spectator
	}
	return engine.Seat(a)
}

func (h *Host) audience(s engine.Seat) int {
	if h.validSeat(s) {
		return int(s)
	}
	return h.n
}

// persist writes the steps after version from, with the next deadline.
func (h *Host) persist(ctx context.Context, from int, dl time.Time) error {
	steps := h.m.StepsFrom(from)
	ans := make([]store.Answer, len(steps))
	for i, s := range steps {
		ans[i] = store.Answer{Version: from + i + 1, Seat: s.Seat, Text: s.Answer, Hash: s.Hash}
	}
	return h.cfg.Store.AppendAnswers(ctx, h.id, ans, dl)
}

// rollback returns the match to version v after a failed write.
func (h *Host) rollback(v int) {
	rep := h.m.Replay()
	rep.Steps = rep.Steps[:v]
	m, err := engine.ResumeMatch(h.game, rep)
	if err != nil { // cannot happen with a deterministic game
		h.cfg.Logf("live: match %d: rollback: %v", h.id, err)
		h.over = true
		return
	}
	h.m = m
	h.hist = h.hist[:v]
	h.more = false
}

// frame builds seat's frame of the steps after version from.
func (h *Host) frame(seat engine.Seat, from int) Frame {
	st := h.m.State()
	f := Frame{Seat: seat, From: from, Version: h.m.Steps(), Steps: []FrameStep{}}
	a := h.audience(seat)
	for v := from; v < f.Version; v++ {
		f.Steps = append(f.Steps, FrameStep{Version: v + 1, Events: h.hist[v][a]})
	}
	if h.views == nil {
		h.views = map[engine.Seat]json.RawMessage{}
	}
	view, ok := h.views[seat]
	if !ok {
		b, err := json.Marshal(st.View(seat))
		if err != nil {
			h.cfg.Logf("live: match %d: view: %v", h.id, err)
			b = []byte("null")
		}
		view, h.views[seat] = b, b
	}
	f.View = view
	if st.Terminal() {
		r := st.Result()
		f.Result = &r
	} else if st.Pending().Seat == seat {
		d := engine.DescribeDecision(st)
		f.Decision, f.Deadline = &d, h.dl
	}
	return f
}

// broadcast sends every subscriber its frame of the steps after from. A
// subscriber with a full channel is dropped.
func (h *Host) broadcast(from int) {
	h.views = nil
	for s := range h.subs {
		select {
		case s.c <- h.frame(s.seat, from):
		default:
			delete(h.subs, s)
			close(s.c)
		}
	}
}

// finish records the end of the match: ranks, experience, result.
func (h *Host) finish(ctx context.Context) {
	res := h.m.State().Result()
	f := store.Finish{Seats: Ranks(res, h.n), Level: Level}
	for i := range f.Seats {
		if h.gone[i] {
			f.Seats[i].XP = 0
		}
	}
	f.Result, _ = json.Marshal(res)
	if err := h.cfg.Store.FinishMatch(ctx, h.id, f); err != nil && !errors.Is(err, store.ErrFinished) {
		h.cfg.Logf("live: match %d: finish: %v (Recover will retry)", h.id, err)
	}
	h.over = true
}

// Ranks turns a result into each seat's rank (1 = first; a draw ranks
// everyone 1) and experience: XP = 10 + 20·(seats − rank), so the winner
// of a 2-player match earns 30 and the loser 10.
func Ranks(res engine.Result, seats int) []store.SeatResult {
	out := make([]store.SeatResult, seats)
	for i := range out {
		out[i].Rank = 1
	}
	if res.How != "draw" {
		for i, s := range res.Ranking {
			if s >= 0 && int(s) < seats {
				out[s].Rank = i + 1
			}
		}
	}
	for i := range out {
		out[i].XP = int64(10 + 20*(seats-out[i].Rank))
	}
	return out
}

// Level is the level curve: level L needs 50·(L−1)² experience, so
// 0 XP is level 1, 50 is 2, 200 is 3, 450 is 4.
func Level(xp int64) int {
	if xp <= 0 {
		return 1
	}
	l := int(math.Sqrt(float64(xp) / 50))
	for 50*int64(l+1)*int64(l+1) <= xp {
		l++
	}
	for l > 0 && 50*int64(l)*int64(l) > xp {
		l--
	}
	return l + 1
}
