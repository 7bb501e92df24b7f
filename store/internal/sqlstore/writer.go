package sqlstore

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"tabletop/store"
)

// Group commit. Every write is a function queued to one goroutine, which
// takes whatever is queued (up to maxBatch), runs it all in one
// transaction, commits once and then answers each caller. While a commit
// is under way new writes queue up, so under load one commit (one fsync
// with synchronous=FULL) serves many writes. Each write runs inside a
// savepoint: a write that fails (a taken username, a wrong version) is
// rolled back alone and the others still commit.

const (
	// maxBatch bounds the writes in one transaction.
	maxBatch = 256
	// queueLen is how many writes may wait for the writer.
	queueLen = 1024
)

// op is one queued write. Ops are pooled (writer.free): a busy server
// appends thousands of answers a second, and a new op and channel for
// each was garbage that its collector paid for.
type op struct {
	ctx    context.Context
	fn     func(ctx context.Context, tx Tx) error // nil for an append
	app    *appendOp                              // &appBuf for an AppendAnswers; nil for others
	appBuf appendOp                               // app's storage, pooled with the op
	done   chan error                             // buffered: the writer never blocks on it
	// sync: fn needs every journaled answer in the database; syncMatch,
	// when not 0, the answers of that match only (journaled.go).
	sync      bool
	syncMatch store.MatchID
}

// run runs the write on its own (alone in its transaction or in a
// savepoint).
func (o *op) run(ctx context.Context, tx Tx) error {
	if o.app != nil {
		return o.app.run(ctx, tx)
	}
	return o.fn(ctx, tx)
}

// writer is the group-committing writer.
type writer struct {
	begin func(ctx context.Context) (Tx, error)

	mu      sync.RWMutex // guards closed and sending on ops
	closed  bool
	ops     chan *op
	stopped chan struct{}

	// free holds ops that nothing can touch again: never queued, or
	// answered and the reply received. An op whose caller gave up stays
	// out, as the writer may still reply to it.
	free sync.Pool

	batches, writes atomic.Int64
	pending         atomic.Int64 // the journal's pending bytes, for stats

	// Only the loop goroutine uses these; sql is nil unless appends
	// are batched.
	sql  *batchSQL
	seen map[store.MatchID]bool // the matches of the run of appends
	args []any
	errs []error // the errors of a batch's writes

	// Commit delay (see grouping): the last batch's size and end.
	delay   time.Duration
	last    int
	lastEnd time.Time
	timer   *time.Timer

	// jl is the answer journal's state (journaled.go), nil without one;
	// closeErr what closing it reported.
	jl       *journaling
	closeErr error
}

// newWriter starts a writer; batch and delay: see Backend.BatchAppends
// and Backend.CommitDelay.
func newWriter(begin func(ctx context.Context) (Tx, error), batch bool, delay time.Duration, jl *journaling) *writer {
	w := &writer{begin: begin, ops: make(chan *op, queueLen), stopped: make(chan struct{}), delay: delay, jl: jl}
	w.free.New = func() any { return &op{done: make(chan error, 1)} }
	if batch {
		w.sql, w.seen = newBatchSQL(), map[store.MatchID]bool{}
	}
	if jl != nil {
		w.pending.Store(int64(len(jl.j.Pending()))) // a killed run's
	}
	go w.loop()
	return w
}

// do queues fn and waits until its transaction has committed (nil) or fn
// or the transaction failed.
func (w *writer) do(ctx context.Context, fn func(ctx context.Context, tx Tx) error) error {
	o := w.free.Get().(*op)
	o.fn = fn
	return w.submit(ctx, o)
}

// doSync is do for a write that needs every answer in the database: with
// a journal, the writer moves its records there first.
func (w *writer) doSync(ctx context.Context, fn func(ctx context.Context, tx Tx) error) error {
	o := w.free.Get().(*op)
	o.fn, o.sync = fn, true
	return w.submit(ctx, o)
}

// doSyncMatch is do for a write that needs the answers of match id in
// the database: with a journal, the writer inserts that match's records
// in a transaction just before the write's (applyMatches).
func (w *writer) doSyncMatch(ctx context.Context, id store.MatchID, fn func(ctx context.Context, tx Tx) error) error {
	o := w.free.Get().(*op)
	o.fn, o.syncMatch = fn, id
	return w.submit(ctx, o)
}

// doAppend is do for an append, which the writer may batch with others.
func (w *writer) doAppend(ctx context.Context, a appendOp) error {
	o := w.free.Get().(*op)
	o.appBuf = a
	o.app = &o.appBuf
	return w.submit(ctx, o)
}

// submit queues o, a fresh op or one from w.free, and waits for its
// reply. It returns o to w.free unless the writer may still send on
// o.done: a caller that gives up leaves its op to the garbage collector.
func (w *writer) submit(ctx context.Context, o *op) error {
	if err := ctx.Err(); err != nil {
		w.release(o)
		return err
	}
	o.ctx = ctx
	w.mu.RLock()
	if w.closed {
		w.mu.RUnlock()
		w.release(o)
		return store.ErrClosed
	}
	select {
	case w.ops <- o:
	case <-ctx.Done():
		w.mu.RUnlock()
		w.release(o)
		return ctx.Err()
	}
	w.mu.RUnlock()
	select {
	case err := <-o.done:
		w.release(o)
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// release puts back an op that the writer no longer holds and whose done
// channel is empty, keeping neither its context nor its answers alive.
func (w *writer) release(o *op) {
	*o = op{done: o.done}
	w.free.Put(o)
}

// close stops taking writes, waits for the queued ones and reports
// whether this call closed the writer.
func (w *writer) close() bool {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		<-w.stopped
		return false
	}
	w.closed = true
	close(w.ops)
	w.mu.Unlock()
	<-w.stopped
	return true
}

func (w *writer) isClosed() bool {
	w.mu.RLock()
	defer w.mu.RUnlock()
	return w.closed
}

func (w *writer) stats() store.WriterStats {
	return store.WriterStats{Batches: w.batches.Load(), Writes: w.writes.Load(), JournalPending: w.pending.Load()}
}

// loop runs batches until ops is closed and drained.
func (w *writer) loop() {
	defer close(w.stopped)
	batch := make([]*op, 0, maxBatch)
	for {
		first, ok := w.next()
		if !ok {
			break
		}
		batch = append(batch[:0], first)
		if len(w.ops) == 0 {
			// The sender that woke the writer has just blocked waiting
			// for its commit, and the scheduler runs the goroutine a
			// send wakes next: without a yield, every write on a busy
			// one-core server had a commit of its own (1-2 writes a
			// batch). Yielding lets the goroutines that are ready queue
			// their writes first; an idle server loses nothing.
			runtime.Gosched()
		}
	fill:
		for len(batch) < maxBatch {
			select {
			case o, ok := <-w.ops:
				if !ok {
					break fill
				}
				batch = append(batch, o)
			default:
				break fill
			}
		}
		if w.grouping(len(batch)) {
			batch = w.gather(batch)
		}
		w.run(batch)
		w.last, w.lastEnd = len(batch), time.Now()
		clear(batch)
	}
	w.closeErr = w.closeJournal()
}

// next returns the next queued write (false once the queue is closed and
// empty). With a journal, it first moves a chunk of records to the
// database when they are due (one chunk per batch, so that writes keep
// flowing while a large apply goes on), and while waiting it wakes up
// when the pending records fall due.
func (w *writer) next() (*op, bool) {
	for {
		if w.jl == nil {
			o, ok := <-w.ops
			return o, ok
		}
		if w.jl.due() {
			_ = w.applyChunk() // on failure the records stay and wait a period
			select {
			case o, ok := <-w.ops:
				return o, ok
			default:
				continue
			}
		}
		select {
		case o, ok := <-w.ops:
			return o, ok
		case <-w.jl.wait():
		}
	}
}

// Commit delay. Below saturation the yield above finds few writes ready,
// and a transaction of one or two answers costs two to three times as
// much per answer as one of hundreds (its BEGIN, its commit's WAL frames
// and locks). When the writer is busy with concurrent writers (its last
// batch had more than one write and ended within a few delays), a small
// batch waits up to delay for more writes before it runs: each answer's
// acknowledgement comes up to delay later, and the server spends less CPU
// per answer. A lone match or an idle server never waits.

// minGroup is the batch size from which the writer does not wait.
const minGroup = 16

// grouping says whether a batch of n writes should wait for more.
func (w *writer) grouping(n int) bool {
	return w.delay > 0 && n < minGroup && w.last > 1 && time.Since(w.lastEnd) < 4*w.delay
}

// gather adds to batch the writes that arrive within the delay, until
// the batch is full or the queue closes.
func (w *writer) gather(batch []*op) []*op {
	if w.timer == nil {
		w.timer = time.NewTimer(w.delay)
	} else {
		w.timer.Reset(w.delay)
	}
	defer w.timer.Stop()
	for len(batch) < maxBatch {
		select {
		case o, ok := <-w.ops:
			if !ok {
				return batch
			}
			batch = append(batch, o)
		case <-w.timer.C:
			return batch
		}
	}
	return batch
}

// run runs one batch in one transaction and answers its callers.
func (w *writer) run(batch []*op) {
	live := batch[:0]
	for _, o := range batch {
		if err := o.ctx.Err(); err != nil {
			o.done <- err // the caller gave up before the write began
			continue
		}
		live = append(live, o)
	}
	if w.jl != nil {
		live = w.appends(live)
	}
	if len(live) == 0 {
		return
	}
	ctx := context.Background()
	fail := func(err error) {
		for _, o := range live {
			o.done <- err
		}
	}
	if w.jl != nil && needsSync(live) {
		if err := w.applyAll(); err != nil {
			fail(err)
			return
		}
	}
	if w.jl != nil {
		if err := w.applyMatches(ctx, live); err != nil {
			fail(err)
			return
		}
	}
	tx, err := w.begin(ctx)
	if err != nil {
		fail(fmt.Errorf("store: begin write: %w", err))
		return
	}
	errs := w.batchErrs(len(live))
	if len(live) == 1 {
		// Alone in its transaction, a write needs no savepoint.
		if errs[0] = live[0].run(ctx, tx); errs[0] != nil {
			_ = tx.Rollback(ctx)
			w.count(1)
			live[0].done <- errs[0]
			return
		}
	} else if !w.runAll(ctx, tx, live, errs) {
		// A write failed, which is rare (a stale version, a constraint):
		// the batch starts over with each write in a savepoint of its
		// own, so that the failure is that write's alone. Savepoints for
		// every write cost a third of the writer's time, hence the
		// optimistic first try.
		_ = tx.Rollback(ctx)
		if tx, err = w.begin(ctx); err != nil {
			fail(fmt.Errorf("store: begin write: %w", err))
			return
		}
		clear(errs)
		for i, o := range live {
			if err := savepoint(ctx, tx, o, &errs[i]); err != nil {
				_ = tx.Rollback(ctx)
				fail(fmt.Errorf("store: group commit: %w", err))
				return
			}
		}
	}
	if err := tx.Commit(ctx); err != nil {
		fail(fmt.Errorf("store: commit: %w", err))
		return
	}
	w.count(len(live))
	for i, o := range live {
		o.done <- errs[i]
	}
	clear(errs)
}

// needsSync says whether one of ops needs the journal applied first.
func needsSync(ops []*op) bool {
	for _, o := range ops {
		if o.sync {
			return true
		}
	}
	return false
}

// batchErrs returns the writer's scratch for the errors of n writes, zeroed.
func (w *writer) batchErrs(n int) []error {
	if cap(w.errs) < n {
		w.errs = make([]error, n, maxBatch)
	}
	w.errs = w.errs[:n]
	clear(w.errs)
	return w.errs
}

// runAll runs the writes of a batch one after another; false when one
// fails (the transaction must then be rolled back). If appends are
// batched, each run of appends to distinct matches is run as a few
// statements (appends.go): an append that fails there wrote nothing, so
// its error goes to errs and the others go on.
func (w *writer) runAll(ctx context.Context, tx Tx, ops []*op, errs []error) bool {
	if w.sql == nil {
		for _, o := range ops {
			if o.run(ctx, tx) != nil {
				return false
			}
		}
		return true
	}
	clear(w.seen)
	start := 0 // ops[start:i] are a run of appends
	appends := func(end int) bool {
		if start == end {
			return true
		}
		var err error
		w.args, err = w.sql.appendRun(ctx, tx, ops[start:end], errs[start:end], w.args)
		clear(w.args[:cap(w.args)]) // keep no answers alive
		clear(w.seen)
		start = end
		return err == nil
	}
	for i, o := range ops {
		if o.app != nil {
			if w.seen[o.app.id] || i-start == maxVersionRows {
				// A second append to a match follows the first's outcome.
				if !appends(i) {
					return false
				}
			}
			w.seen[o.app.id] = true
			continue
		}
		if !appends(i) || o.run(ctx, tx) != nil {
			return false
		}
		start = i + 1
	}
	return appends(len(ops))
}

// savepoint runs one write of a batch in a savepoint, rolling it back if
// it fails (its error goes to *opErr). A non-nil result is a failure of
// the savepoint itself, which dooms the batch.
func savepoint(ctx context.Context, tx Tx, o *op, opErr *error) error {
	if _, err := tx.Exec(ctx, sqlSavepoint); err != nil {
		return err
	}
	if *opErr = o.run(ctx, tx); *opErr != nil {
		if _, err := tx.Exec(ctx, "ROLLBACK TO SAVEPOINT w"); err != nil {
			return err
		}
	}
	_, err := tx.Exec(ctx, sqlRelease)
	return err
}

// The savepoint that isolates each write of a group commit.
const (
	sqlSavepoint = "SAVEPOINT w"
	sqlRelease   = "RELEASE SAVEPOINT w"
)

func (w *writer) count(writes int) {
	w.batches.Add(1)
	w.writes.Add(int64(writes))
}
