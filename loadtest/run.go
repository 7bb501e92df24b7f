package loadtest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"
	"sync/atomic"
	"time"
)

// The modes of a run.
const (
	ModePresence = "presence"
	ModeMatches  = "matches"
)

// Config describes a run. Zero durations and counts take the defaults
// noted.
type Config struct {
	// Dialer reaches the server.
	Dialer *Dialer
	// Mode is ModePresence or ModeMatches.
	Mode string

	// Conns is the number of connections held (presence mode).
	Conns int
	// Churn is how many times a second one connection is closed and
	// another account connects in its place (presence mode; 0: none).
	Churn float64
	// Offline is how long a churned-out account stays disconnected before
	// it may connect again: longer than the server's offline grace
	// (10 s), so that each churn is a real offline and a real online for
	// its friends (default 15 s).
	Offline time.Duration
	// FriendsList makes each connection ask for its friend list after
	// hello, as the web client does at its menu (presence mode).
	FriendsList bool

	// Matches and Players: how many matches of how many seats, every
	// seat a bot client (matches mode).
	Matches int
	Players int
	// Rate bounds the answers per second of all seats together (an
	// offered load); 0 answers each decision as soon as its frame arrives.
	Rate float64
	// Requeue makes the four seats of a finished match queue for another,
	// so that the number of live matches holds.
	Requeue bool
	// Seed seeds the random answers (0: a fixed seed).
	Seed uint64

	// Duration is how long to measure once set up (default 60 s).
	Duration time.Duration
	// Setup bounds connecting and starting the matches (default 5 min):
	// the measurement starts then even if not every connection or match
	// is up.
	Setup time.Duration
	// Warmup is how long the load runs after the setup before the
	// measurement starts (default none): a server that has just started
	// thousands of matches is still sending their first frames and
	// collecting the setup's garbage, which is not the steady state.
	Warmup time.Duration
	// Every is the interval of the progress lines (default 5 s).
	Every time.Duration
	// Dialers is the number of connections opened at once (default 64).
	Dialers int
	// Out receives the progress lines and the report (default discard).
	Out io.Writer
	// InProcess says the server runs in this process (its CPU time is the
	// load generator's too); the report says so.
	InProcess bool
}

func (c Config) withDefaults() (Config, error) {
	if c.Dialer == nil {
		return c, errors.New("loadtest: Config needs a Dialer")
	}
	return c.defaults()
}

// defaults checks the numbers and fills in the defaults; it does not need
// a Dialer.
func (c Config) defaults() (Config, error) {
	switch c.Mode {
	case ModePresence:
		if c.Conns <= 0 {
			return c, fmt.Errorf("loadtest: presence mode needs connections, not %d", c.Conns)
		}
	case ModeMatches:
		if c.Matches <= 0 || c.Players < 2 || c.Players > 4 {
			return c, fmt.Errorf("loadtest: matches mode needs matches of 2 to 4 players, not %d of %d", c.Matches, c.Players)
		}
	default:
		return c, fmt.Errorf("loadtest: unknown mode %q (want %s or %s)", c.Mode, ModePresence, ModeMatches)
	}
	if c.Churn < 0 || c.Rate < 0 {
		return c, errors.New("loadtest: negative churn or rate")
	}
	if c.Offline <= 0 {
		c.Offline = 15 * time.Second
	}
	if c.Duration <= 0 {
		c.Duration = time.Minute
	}
	if c.Setup <= 0 {
		c.Setup = 5 * time.Minute
	}
	if c.Every <= 0 {
		c.Every = 5 * time.Second
	}
	if c.Dialers <= 0 {
		c.Dialers = 64
	}
	if c.Out == nil {
		c.Out = io.Discard
	}
	return c, nil
}

// spare returns the accounts presence mode keeps offline for churn: the
// churn of 1.5 times the offline time, so that the account that connects
// has been away long enough.
func (c Config) spare() int {
	if c.Churn <= 0 {
		return 0
	}
	return int(math.Ceil(c.Churn*c.Offline.Seconds()*1.5)) + 1
}

// Accounts returns how many accounts the run needs.
func (c Config) Accounts() int {
	c, err := c.defaults()
	if err != nil {
		return 0
	}
	if c.Mode == ModePresence {
		return c.Conns + c.spare()
	}
	return c.Matches * c.Players
}

// Result is what a run measured (over its measurement window only).
type Result struct {
	Mode     string
	Measured time.Duration
	// Presence mode: connections open at the end, the fewest open at
	// any time while measuring, presence pushes and churn swaps.
	Held, MinHeld    int64
	Presence, Churns int64
	// Matches mode: matches started (in all) and live at the end,
	// answers acknowledged, frames.
	Started, Live    int64
	Durable, Frames  int64
	FrameBytes       int64
	Connect          Snapshot
	AnswerFrame      Snapshot
	AnswerReply      Snapshot
	PresenceOnline   Snapshot
	Errors           map[string]int64
	SetupErrors      map[string]int64 // before the measurement
	ConnectFails     int64
	Drops            int64
	SetupTime        time.Duration
	Warmup           time.Duration // run unmeasured after the setup
	SetupIncomplete  bool          // the setup time ran out first
	SetupConnections int64
	// ServerCPU is the CPU time the server process used while measuring
	// (from its /metrics; ServerSampled false if they could not be
	// read), with its memory and goroutines at the end; GenCPU is the
	// load generator's. InProcess: the two are one process.
	ServerSampled    bool
	ServerCPU        time.Duration
	ServerRSS        int64
	ServerGoroutines int64
	GenCPU           time.Duration
	InProcess        bool
	// The window's histograms (waits.go): the server's answers, from its
	// reader to the durable reply, and the waits for a core of the
	// server's goroutines and the generator's.
	ServerAnswers, ServerWaits, GenWaits histogram
}

// PerSecond returns n per second of the measurement.
func (r *Result) PerSecond(n int64) float64 { return perSecond(0, n, r.Measured) }

// runner is one run in progress.
type runner struct {
	cfg   Config
	pool  *Pool
	st    Stats
	begin time.Time

	phase     atomic.Pointer[string]
	base      counters // at the start of the measurement
	srv0      serverSample
	cpu0      time.Duration
	waits0    histogram
	measuring atomic.Bool
	minHeld   atomic.Int64

	// dialErr is the first failed connect's error: when no connection
	// could be made, the run stops with it rather than measuring nothing.
	dialMu  sync.Mutex
	dialErr error
}

// dialFailed counts a failed connect and keeps the first error.
func (r *runner) dialFailed(err error) {
	r.st.ConnectFails.Add(1)
	r.st.Error("connect")
	r.dialMu.Lock()
	defer r.dialMu.Unlock()
	if r.dialErr == nil {
		r.dialErr = err
	}
}

// noConnection returns an error naming the first connect failure when
// none of the n tried connected (setupCtx: the setup's context), nil
// otherwise.
func (r *runner) noConnection(setupCtx context.Context, n int) error {
	if n == 0 || r.st.Connects.Load() > 0 {
		return nil
	}
	r.dialMu.Lock()
	err := r.dialErr
	r.dialMu.Unlock()
	if err == nil {
		err = context.Cause(setupCtx)
	}
	if err == nil {
		return nil
	}
	return fmt.Errorf("loadtest: none of the %d connections could be made: %w", n, err)
}

// Run runs a load test against the server of cfg.Dialer with the
// accounts of pool (which must have cfg.Accounts() of them), printing a
// progress line every cfg.Every and returning what the measurement
// window saw.
func Run(ctx context.Context, cfg Config, pool *Pool) (*Result, error) {
	cfg, err := cfg.withDefaults()
	if err != nil {
		return nil, err
	}
	if need := cfg.Accounts(); len(pool.Accounts) < need {
		return nil, fmt.Errorf("loadtest: %d accounts needed, the pool has %d", need, len(pool.Accounts))
	}
	r := &runner{cfg: cfg, pool: pool, begin: time.Now()}
	r.setPhase("connect")
	r.minHeld.Store(math.MaxInt64)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	wg.Go(func() { r.progressLoop(ctx) })
	defer wg.Wait()
	defer cancel()
	if cfg.Mode == ModePresence {
		return r.presence(ctx)
	}
	return r.matches(ctx)
}

func (r *runner) setPhase(p string) { r.phase.Store(&p) }

// warmUp lets the load run for cfg.Warmup before the measurement.
func (r *runner) warmUp(ctx context.Context) error {
	if r.cfg.Warmup <= 0 {
		return nil
	}
	r.setPhase("warm-up")
	t := time.NewTimer(r.cfg.Warmup)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// startMeasuring empties the histograms and notes the counters: what
// the setup did is not measured.
func (r *runner) startMeasuring() {
	// Connect keeps the setup's connections: in matches mode they all
	// happen then.
	for _, l := range []*Latency{&r.st.AnswerFrame, &r.st.AnswerReply, &r.st.PresenceOnline} {
		l.Total.Snapshot(true)
	}
	r.srv0 = r.cfg.Dialer.serverMetrics(context.Background())
	r.cpu0 = processCPU()
	r.waits0 = ownWaits()
	r.base = r.st.counters()
	r.minHeld.Store(r.st.Open.Load())
	r.measuring.Store(true)
	r.setPhase("measure")
}

// noteHeld records the connections open now for MinHeld.
func (r *runner) noteHeld() {
	if !r.measuring.Load() {
		return
	}
	n := r.st.Open.Load()
	for {
		m := r.minHeld.Load()
		if n >= m || r.minHeld.CompareAndSwap(m, n) {
			return
		}
	}
}

// result builds the Result at the end of the measurement.
func (r *runner) result(setup time.Duration, incomplete bool, setupConns int64) *Result {
	now := r.st.counters()
	cpu := processCPU() - r.cpu0
	srv := r.cfg.Dialer.serverMetrics(context.Background())
	errs := r.st.Errors()
	for k, n := range r.base.errs {
		if errs[k] -= n; errs[k] == 0 {
			delete(errs, k)
		}
	}
	r.setPhase("done")
	return &Result{
		Mode:     r.cfg.Mode,
		Measured: now.at.Sub(r.base.at),
		Held:     r.st.Open.Load(), MinHeld: r.minHeld.Load(),
		Presence: now.presence - r.base.presence, Churns: now.churns - r.base.churns,
		Started: r.st.Started.Load(), Live: r.st.Started.Load() - r.st.Finished.Load(),
		Durable: now.durable - r.base.durable, Frames: now.frames - r.base.frames,
		FrameBytes:     now.frameBytes - r.base.frameBytes,
		Connect:        r.st.Connect.Total.Snapshot(false),
		AnswerFrame:    r.st.AnswerFrame.Total.Snapshot(false),
		AnswerReply:    r.st.AnswerReply.Total.Snapshot(false),
		PresenceOnline: r.st.PresenceOnline.Total.Snapshot(false),
		Errors:         errs,
		SetupErrors:    r.base.errs,
		ConnectFails:   r.st.ConnectFails.Load(), Drops: r.st.Drops.Load(),
		SetupTime: setup, Warmup: r.cfg.Warmup, SetupIncomplete: incomplete, SetupConnections: setupConns,
		ServerSampled: r.srv0.OK && srv.OK, ServerCPU: srv.CPU - r.srv0.CPU,
		ServerRSS: srv.RSS, ServerGoroutines: srv.Goroutines,
		GenCPU: cpu, InProcess: r.cfg.InProcess,
		ServerAnswers: srv.Answers.since(r.srv0.Answers), ServerWaits: srv.Waits.since(r.srv0.Waits),
		GenWaits: ownWaits().since(r.waits0),
	}
}

// progressLoop prints a progress line every cfg.Every.
func (r *runner) progressLoop(ctx context.Context) {
	t := time.NewTicker(r.cfg.Every)
	defer t.Stop()
	last := r.st.counters()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		if *r.phase.Load() == "done" {
			return // the connections are closing: nothing to tell
		}
		now := r.st.counters()
		fmt.Fprintln(r.cfg.Out, r.progressLine(last, now))
		last = now
	}
}

func (r *runner) progressLine(a, b counters) string {
	d := b.at.Sub(a.at)
	head := fmt.Sprintf("[%5.0fs %-7s] conns %d", b.at.Sub(r.begin).Seconds(), *r.phase.Load(), r.st.Open.Load())
	errs := fmt.Sprintf("errors %d", b.err)
	if b.err > a.err {
		errs = fmt.Sprintf("errors %d (+%d)", b.err, b.err-a.err)
	}
	if r.cfg.Mode == ModePresence {
		c := r.st.Connect.Interval.Snapshot(true)
		p := r.st.PresenceOnline.Interval.Snapshot(true)
		return fmt.Sprintf("%s  connects/s %.0f  churn/s %.0f  presence/s %.0f  connect p99 %s  online→friend p99 %s  %s",
			head, perSecond(a.connects, b.connects, d), perSecond(a.churns, b.churns, d), perSecond(a.presence, b.presence, d),
			ms(c.Quantile(0.99)), ms(p.Quantile(0.99)), errs)
	}
	f := r.st.AnswerFrame.Interval.Snapshot(true)
	r.st.AnswerReply.Interval.Snapshot(true)
	r.st.Connect.Interval.Snapshot(true)
	return fmt.Sprintf("%s  matches %d live (%d started)  answers/s %.0f  frames/s %.0f (%.1f MB/s)  answer→frame p50 %s p99 %s max %s  resyncs %d  %s",
		head, b.started-b.finished, b.started, perSecond(a.durable, b.durable, d), perSecond(a.frames, b.frames, d),
		perSecond(a.frameBytes, b.frameBytes, d)/1e6, ms(f.Quantile(0.5)), ms(f.Quantile(0.99)), ms(f.Max), b.resyncs, errs)
}

// Report writes the result as the text docs/performance.md quotes.
func (res *Result) Report(w io.Writer) {
	fmt.Fprintf(w, "\n== loadtest %s: measured %.1fs", res.Mode, res.Measured.Seconds())
	if res.SetupIncomplete {
		fmt.Fprintf(w, " (setup time ran out after %.0fs: not everything was up)", res.SetupTime.Seconds())
	} else {
		fmt.Fprintf(w, " (after %.0fs of setup", res.SetupTime.Seconds())
		if res.Warmup > 0 {
			fmt.Fprintf(w, " and %.0fs of warm-up", res.Warmup.Seconds())
		}
		fmt.Fprint(w, ")")
	}
	fmt.Fprintln(w)
	switch res.Mode {
	case ModePresence:
		fmt.Fprintf(w, "connections held      %d at the end, %d at the fewest (%d up after setup)\n", res.Held, res.MinHeld, res.SetupConnections)
		fmt.Fprintf(w, "churn                 %d swaps (%.1f/s)\n", res.Churns, res.PerSecond(res.Churns))
		fmt.Fprintf(w, "presence messages     %d (%.0f/s)\n", res.Presence, res.PerSecond(res.Presence))
		fmt.Fprintf(w, "connect (dial+hello)  %s (whole run)\n", res.Connect.Summary())
		fmt.Fprintf(w, "hello → friend sees online  %s\n", res.PresenceOnline.Summary())
	case ModeMatches:
		fmt.Fprintf(w, "connections           %d (%d up after setup)\n", res.Held, res.SetupConnections)
		fmt.Fprintf(w, "matches               %d started, %d live at the end\n", res.Started, res.Live)
		fmt.Fprintf(w, "durable answers       %d (%.0f/s)\n", res.Durable, res.PerSecond(res.Durable))
		fmt.Fprintf(w, "frames received       %d (%.0f/s, %.1f MB/s, %.1f KB average)\n", res.Frames, res.PerSecond(res.Frames),
			res.PerSecond(res.FrameBytes)/1e6, float64(res.FrameBytes)/float64(max(res.Frames, 1))/1e3)
		fmt.Fprintf(w, "answer → frame        %s\n", res.AnswerFrame.Summary())
		fmt.Fprintf(w, "answer → durable ack  %s\n", res.AnswerReply.Summary())
		fmt.Fprintf(w, "connect (dial+hello)  %s (whole run)\n", res.Connect.Summary())
	}
	fmt.Fprintf(w, "errors                %s; failed connects %d (whole run), dropped by the server %d\n",
		errorList(res.Errors), res.ConnectFails, res.Drops)
	if len(res.SetupErrors) > 0 {
		fmt.Fprintf(w, "errors during setup   %s\n", errorList(res.SetupErrors))
	}
	res.reportCPU(w)
}

// reportCPU says how much CPU the server and the load generator had: on
// a shared machine the figures above mean little without it.
func (res *Result) reportCPU(w io.Writer) {
	share := func(d time.Duration) string {
		return fmt.Sprintf("%.1fs in %.1fs = %.0f%% of one core", d.Seconds(), res.Measured.Seconds(), 100*d.Seconds()/res.Measured.Seconds())
	}
	per := ""
	switch {
	case res.Mode == ModeMatches && res.Durable > 0:
		per = fmt.Sprintf("; %.2f ms per durable answer", res.ServerCPU.Seconds()*1000/float64(res.Durable))
	case res.Mode == ModePresence && res.Churns > 0:
		per = fmt.Sprintf("; %.2f ms per churn swap", res.ServerCPU.Seconds()*1000/float64(res.Churns))
	}
	switch {
	case res.InProcess:
		fmt.Fprintf(w, "CPU (server + generator, one process)  %s\n", share(res.GenCPU))
	case res.ServerSampled:
		fmt.Fprintf(w, "server CPU            %s%s; RSS %.0f MB, %d goroutines at the end\n",
			share(res.ServerCPU), per, float64(res.ServerRSS)/1e6, res.ServerGoroutines)
		fmt.Fprintf(w, "load generator CPU    %s\n", share(res.GenCPU))
		if res.Mode == ModeMatches {
			fmt.Fprintf(w, "server acknowledged   %s (tabletop_answer_seconds: answer read → durable reply)\n", ackLine(res.ServerAnswers))
		}
		fmt.Fprintf(w, "waits for the core    server %s; generator %s (goroutines ready to run)\n", waitsLine(res.ServerWaits), waitsLine(res.GenWaits))
	default:
		fmt.Fprintf(w, "server CPU            unknown (its /metrics could not be read)\n")
		fmt.Fprintf(w, "load generator CPU    %s\n", share(res.GenCPU))
	}
}
