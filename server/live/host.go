package live

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
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
	// AfterFunc, when set, calls f after d (in another goroutine) and
	// returns a stop function: tests inject a fake clock. When nil (the
	// default) each host keeps one runtime timer and resets it for every
	// deadline: a new timer per step was garbage on every answer.
	AfterFunc func(d time.Duration, f func()) (stop func() bool)
	// TurnTime is how long a human seat has for each decision; zero means
	// no deadlines.
	TurnTime time.Duration
	// IdleAfter is how many deadlines in a row a human seat may let pass
	// before it is marked idle and a stand-in bot takes it until the
	// player rejoins (Join). Default 3; negative: never.
	IdleAfter int
	// Queue is the capacity of the input channel (default 16: a match has
	// one decision pending at a time and a few watchers, and the buffer,
	// whose inputs hold pointers, is memory every collection scans in
	// every live match). When it is full, requests fail at once with
	// CodeOverloaded.
	Queue int
	// SubBuffer is the capacity of each subscription's channel (default
	// 16: the gateway moves frames on at once, and with thousands of
	// subscribers a larger buffer is memory the garbage collector scans).
	// A subscriber whose channel is full is dropped (its channel is
	// closed); it resubscribes from the last version it saw.
	SubBuffer int
	// Batch bounds the chance and inline bot steps played before the host
	// persists, broadcasts and looks at its inputs again (default 256).
	Batch int
	// StandIn is the bot level that plays a seat whose human left, went
	// idle or conceded. Default "random".
	StandIn string
	// BotMoveTime is the search time per decision of the bot levels that
	// take one (bots.NewTimed: "expert"); zero keeps their fixed,
	// deterministic iteration budgets. A server sets it; tests leave it.
	BotMoveTime time.Duration
	// NewBot makes the bot of a level for a seat; default
	// bots.NewTimed(g, level, seed, seat, BotMoveTime). Tests inject bots.
	NewBot func(g engine.Game, level string, seed uint64, seat engine.Seat) (bots.Bot, error)
	// HashInterval: the match records the state's hash after every
	// HashInterval-th step and after the last one
	// (engine.Match.SetHashInterval). Default 8; 1 hashes every step.
	HashInterval int
	// Logf reports problems that have no caller to return them to;
	// default discards.
	Logf func(format string, args ...any)
	// OnFinish, if set, is called on the match's goroutine once its end
	// is recorded and before the frame with the result goes out, with the
	// seats' accounts (0 for a bot seat): a server marks the players as
	// out of the match there, so that a player who sees the result and
	// queues at once is not refused as still playing.
	OnFinish func(id store.MatchID, accounts []store.AccountID)
}

func (c Config) withDefaults() Config {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.IdleAfter == 0 {
		c.IdleAfter = 3
	}
	if c.Queue <= 0 {
		c.Queue = 16
	}
	if c.HashInterval <= 0 {
		c.HashInterval = 8
	}
	if c.SubBuffer <= 0 {
		c.SubBuffer = 16
	}
	if c.Batch <= 0 {
		c.Batch = 256
	}
	if c.StandIn == "" {
		c.StandIn = "random"
	}
	if c.NewBot == nil {
		moveTime := c.BotMoveTime
		c.NewBot = func(g engine.Game, level string, seed uint64, seat engine.Seat) (bots.Bot, error) {
			return bots.NewTimed(g, level, seed, seat, moveTime)
		}
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
	// Now is the version after the chance and inline bot steps that
	// followed (a bot that searches answers later, in its own step).
	Now int
}

type inputKind int

const (
	inAnswer  inputKind = iota // a human's answer (Submit)
	inTimeout                  // the default answer at a deadline
	inBot                      // a searching bot's answer
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
	answer  engine.Answer // inBot
	sub     *Subscription
	acks    AckSink     // inAnswer: told of the acknowledgement, or nil
	reply   chan result // nil: nobody waits
}

type result struct {
	ack   Ack
	frame Frame
	err   error
}

// Host owns one live match. All its state belongs to the goroutine that
// runs Run; the other methods only send requests to it (Seats reads a
// snapshot).
type Host struct {
	cfg   Config
	id    store.MatchID
	game  engine.Game
	m     *engine.Match
	n     int     // seats
	hist  history // the redacted events JSON of every step per audience
	evbuf []byte  // record's scratch
	seats []seatState
	info  atomic.Pointer[[]SeatInfo] // public seat states, replaced on change
	// replies holds the reply channels of requests that got their reply.
	replies sync.Pool
	// steps is the scratch list of the frames given to Sinks; host
	// goroutine only.
	steps []FrameStep
	// seatsJSON is *info encoded (nil if that failed); host goroutine only.
	seatsJSON json.RawMessage
	subs      map[*Subscription]struct{}
	in        chan input
	botc      chan botAnswer
	wake      chan struct{}
	done      chan struct{}
	dl        time.Time // pending decision's deadline, zero for none
	stop      func() bool
	more      bool                      // bot or chance steps remain after a full batch
	dirty     bool                      // seats changed: broadcast even without new steps
	over      bool                      // FinishMatch done (or the match cannot go on)
	views     map[engine.Seat]*seatView // last view built per audience
	// The scratch and caches of the steps, which allocate per step only
	// what a frame or the history keeps.
	redacted []engine.Event // record's, for one audience's events
	stepbuf  []engine.Step  // persist's
	dec      decisionCache
	timer    *time.Timer // the reused runtime timer when Config.AfterFunc is nil
	ring     func()      // every timer's callback: wakes Run
}

// ID returns the store id of the match.
func (h *Host) ID() store.MatchID { return h.id }

// Done is closed when Run has returned.
func (h *Host) Done() <-chan struct{} { return h.done }

// Seats returns who plays each seat now, as frames show it. It may be
// called from any goroutine, before and after Run.
func (h *Host) Seats() []SeatInfo {
	return append([]SeatInfo(nil), *h.info.Load()...)
}

// Create records a new match in the store and returns its host, ready
// to Run.
func Create(ctx context.Context, cfg Config, spec MatchSpec) (*Host, error) {
	cfg = cfg.withDefaults()
	seed := spec.Seed
	for seed == 0 {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return nil, fmt.Errorf("live: match seed: %w", err)
		}
		seed = binary.LittleEndian.Uint64(b[:])
	}
	m, err := engine.NewMatch(spec.Game, spec.Config, len(spec.Seats), seed)
	if err != nil {
		return nil, fmt.Errorf("live: new match: %w", err)
	}
	h := newHost(cfg, spec.Game, m)
	nm := store.NewMatch{Header: m.Header(), Seats: make([]store.AccountID, h.n), Controls: make([]store.SeatControl, h.n)}
	for i, s := range spec.Seats {
		if (s.Bot == "") == (s.Account == 0) {
			return nil, fmt.Errorf("live: seat %d needs exactly one of an account and a bot level", i)
		}
		st := seatState{account: s.Account, status: SeatHuman}
		if s.Bot != "" {
			st.status = SeatBot
			if st.bot, err = h.newPlayer(s.Bot, engine.Seat(i)); err != nil {
				return nil, err
			}
		}
		h.seats[i] = st
		nm.Seats[i], nm.Controls[i] = s.Account, st.control()
	}
	h.id, err = cfg.Store.CreateMatch(ctx, nm)
	if err != nil {
		return nil, fmt.Errorf("live: create match: %w", err)
	}
	h.names(ctx)
	h.publish()
	return h, nil
}

func newHost(cfg Config, g engine.Game, m *engine.Match) *Host {
	n := m.Header().Seats
	m.SetHashInterval(cfg.HashInterval)
	h := &Host{
		cfg: cfg, game: g, m: m, n: n,
		seats: make([]seatState, n),
		hist:  newHistory(n + 1),
		subs:  map[*Subscription]struct{}{},
		in:    make(chan input, cfg.Queue),
		botc:  make(chan botAnswer),
		wake:  make(chan struct{}, 1),
		done:  make(chan struct{}),
		dec:   decisionCache{ver: -1},
	}
	h.ring = func() {
		select {
		case h.wake <- struct{}{}:
		default:
		}
	}
	h.publish()
	return h
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
			case r := <-h.botc:
				h.botDone(ctx, r)
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
		case r := <-h.botc:
			h.botDone(ctx, r)
		case <-h.wake:
			h.tick(ctx)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

func (h *Host) shutdown() {
	h.setTimer(-1)
	for s := range h.subs {
		s.sink.Closed()
	}
	h.subs = nil
	close(h.done)
}

// send queues a request and waits for its result.
func (h *Host) send(ctx context.Context, in input) result {
	// A reply channel is used again once its reply has been taken: one
	// per request was a tenth of what an answer allocated.
	reply, _ := h.replies.Get().(chan result)
	if reply == nil {
		reply = make(chan result, 1)
	}
	in.reply = reply
	select {
	case <-h.done:
		h.replies.Put(reply)
		return result{err: &Error{Code: CodeClosed}}
	default:
	}
	select {
	case h.in <- in:
	default:
		h.replies.Put(reply)
		return result{err: &Error{Code: CodeOverloaded, Msg: "input queue full"}}
	}
	r, got := h.await(ctx, reply)
	if got {
		h.replies.Put(reply)
	}
	return r
}

// await waits for a request's result, and reports whether it came on
// reply (which is then empty again). A host replies before it stops, so
// a reply that is there wins over the host having stopped: the answer
// that ends a match is acknowledged, not refused as closed (with both
// ready, a plain select picks either).
func (h *Host) await(ctx context.Context, reply <-chan result) (result, bool) {
	select {
	case r := <-reply:
		return r, true
	case <-h.done:
		select {
		case r := <-reply:
			return r, true
		default:
			return result{err: &Error{Code: CodeClosed}}, false
		}
	case <-ctx.Done():
		return result{err: ctx.Err()}, false
	}
}

// Submit answers the pending decision for seat, computed against state
// version. It returns once the answer is durable, or a *Error.
func (h *Host) Submit(ctx context.Context, seat engine.Seat, version int, answer string) (Ack, error) {
	return h.SubmitAck(ctx, seat, version, answer, nil)
}

// An AckSink learns on the host's goroutine that an answer is durable:
// Ack comes before the step's frames go to the subscribers, and Flush
// (see [Flusher]) after them, so a transport can send the acknowledgement
// ahead of the frame, together, without waiting for Submit's caller to
// run. Neither may block.
type AckSink interface {
	Ack(Ack)
	Flusher
}

// SubmitAck is Submit that also tells acks (if not nil) of the
// acknowledgement. When the answer is refused, or Submit's context ends
// first, acks may hear nothing.
func (h *Host) SubmitAck(ctx context.Context, seat engine.Seat, version int, answer string, acks AckSink) (Ack, error) {
	r := h.send(ctx, input{kind: inAnswer, seat: seat, version: version, text: answer, acks: acks})
	return r.ack, r.err
}

// Leave hands a human seat to a stand-in bot until Join. Leaving again,
// or after conceding, changes nothing.
func (h *Host) Leave(ctx context.Context, seat engine.Seat) error {
	return h.send(ctx, input{kind: inLeave, seat: seat}).err
}

// Concede hands a human seat to a stand-in bot for good: the seat cannot
// rejoin and earns no experience.
func (h *Host) Concede(ctx context.Context, seat engine.Seat) error {
	return h.send(ctx, input{kind: inConcede, seat: seat}).err
}

// Join gives a human seat back to its player after Leave or idleness
// ([CodeConceded] after Concede; [CodeNotYourSeat] for a bot seat).
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
	return h.subscribe(ctx, seat, version, false)
}

// SubscribePatches is Subscribe for a subscriber that keeps the view of
// its last frame: a frame whose ViewPatch is set then has no View.
func (h *Host) SubscribePatches(ctx context.Context, seat engine.Seat, version int) (*Subscription, error) {
	return h.subscribe(ctx, seat, version, true)
}

// SubscribeSink is SubscribePatches (patches true) or Subscribe with the
// frames delivered to sink instead of a channel.
func (h *Host) SubscribeSink(ctx context.Context, seat engine.Seat, version int, patches bool, sink Sink) (*Subscription, error) {
	return h.subscribeTo(ctx, &Subscription{sink: sink, seat: seat, host: h, viewVer: -1, patches: patches}, version)
}

func (h *Host) subscribe(ctx context.Context, seat engine.Seat, version int, patches bool) (*Subscription, error) {
	c := make(chan Frame, h.cfg.SubBuffer)
	return h.subscribeTo(ctx, &Subscription{C: c, sink: chanSink(c), seat: seat, host: h, viewVer: -1, patches: patches}, version)
}

func (h *Host) subscribeTo(ctx context.Context, s *Subscription, version int) (*Subscription, error) {
	r := h.send(ctx, input{kind: inSubscribe, seat: s.seat, version: version, sub: s})
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
	case inLeave, inConcede, inJoin:
		h.seatRequest(ctx, &in)
	case inSince, inSubscribe:
		if !h.validSeat(in.seat) && in.seat != engine.Spectator {
			h.refuse(&in, CodeNotYourSeat, "no such seat", nil)
			return
		}
		if in.version < 0 || in.version > h.m.Steps() {
			h.refuse(&in, CodeStale, "unknown version", nil)
			return
		}
		f := h.frame(in.seat, in.version, nil)
		if in.kind == inSubscribe {
			in.sub.sink.Frame(f) // a fresh channel has room; a Sink takes it
			in.sub.viewVer, in.sub.sent = f.Version, f.Version
			h.subs[in.sub] = struct{}{}
			if fl, ok := in.sub.sink.(Flusher); ok {
				fl.Flush()
			}
		}
		h.reply(&in, result{frame: f})
	case inUnsubscribe:
		if _, ok := h.subs[in.sub]; ok {
			delete(h.subs, in.sub)
			in.sub.sink.Closed()
		}
	}
}
