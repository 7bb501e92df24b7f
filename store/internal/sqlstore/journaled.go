package sqlstore

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"time"

	"tabletop/store"
	"tabletop/store/internal/journal"
)

// The answer journal (Backend.Journal). With one, the writer does not
// insert an append's answers in its transaction: it checks the version
// against the versions it keeps of the live matches, writes the answers
// of every append of a batch to the journal in one block, and answers
// them. The journal's records go to the database later, a chunk per
// transaction (applyChunk), when the oldest has waited ApplyEvery or
// the journal holds maxPending bytes, and before Store.Sync (LiveMatches,
// Open), which needs every answer in the database. A write or read that
// needs one match's answers (FinishMatch, SetDeadline, AnswersSince,
// Match) has that match's records inserted in a transaction just before
// its own (applyMatches): finishing a match used to apply every pending record of
// every match, a stall of the whole server as long as the journal.
//
// The versions: a match's entry is loaded from the database at its first
// append (matchState), then follows its appends; FinishMatch forgets it,
// so that the next append finds the match finished. Every match with a
// record in the journal has an entry, so the database (with the journal
// applied) never disagrees with one.

const (
	// applyChunk is about the records one apply transaction inserts. The
	// writer answers no write while it applies a chunk, and one goroutine
	// busy that long on a one-core server delays every match: 512 records
	// held the core for 5-25 ms at a time (docs/performance.md, round 15).
	applyChunk = 128
	// maxPending is the journal's pending bytes that start an apply
	// before ApplyEvery: about 200,000 answers.
	maxPending = 16 << 20
	// defaultApplyEvery is Backend.ApplyEvery's default. The longer the
	// records wait, the more of a match's answers share the page they go
	// to (a live match gets an answer every second or so), and the fewer
	// pages each answer costs in the WAL and the checkpoint. A write or
	// read that needs a match's answers takes that match's records at
	// once (applyMatches), so nothing waits for the period.
	defaultApplyEvery = 10 * time.Second
)

// sqlApplyAnswer inserts a journaled answer; one that is there already
// (applied before the process stopped, its segment not yet removed) is
// left as it is.
const sqlApplyAnswer = `INSERT INTO answers (match_id, version, seat, answer, hash, deadline_ms)
	VALUES (CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS INTEGER), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS BIGINT))
	ON CONFLICT DO NOTHING`

// journaling is the writer's state for the journal; only the writer
// goroutine uses it.
type journaling struct {
	j     *journal.Log
	read  Querier
	every time.Duration
	vers  map[store.MatchID]int
	since time.Time // when the oldest pending record was written; zero if none
	// draining: an apply is under way, a chunk after each batch until
	// nothing is pending.
	draining bool
	buf      []byte
	ops      []*op          // the batch's appends in buf
	prev     []matchVersion // the batch's versions before it, to undo a failed write
	timer    *time.Timer
	args     []any
	// The round being applied (applyChunk): the records of the first
	// roundLen pending bytes, by match; those before at are in.
	round    []journal.Record
	at       int
	roundLen int
	spare    []journal.Record // the buffer the next round is sorted into
	sync     []store.MatchID  // scratch: the matches of applyMatches
}

type matchVersion struct {
	id store.MatchID
	v  int
	ok bool
}

func newJournaling(j *journal.Log, read Querier, every time.Duration) *journaling {
	if every <= 0 {
		every = defaultApplyEvery
	}
	jl := &journaling{j: j, read: read, every: every, vers: map[store.MatchID]int{}}
	if len(j.Pending()) > 0 {
		jl.since, jl.draining = time.Now(), true // a killed run's records: first thing
	}
	return jl
}

// appends journals the appends of ops and answers them, and returns the
// other ops, in order.
func (w *writer) appends(ops []*op) []*op {
	jl := w.jl
	rest := ops[:0] // ops[i] is read before rest overwrites it
	jl.buf, jl.prev, jl.ops = jl.buf[:0], jl.prev[:0], jl.ops[:0]
	refused := 0
	for _, o := range ops {
		switch {
		case o.app == nil:
			rest = append(rest, o)
		default:
			if err := w.journalAppend(o.app); err != nil {
				refused++
				o.done <- err
				continue
			}
			jl.ops = append(jl.ops, o)
		}
	}
	if refused+len(jl.ops) > 0 {
		w.count(refused + len(jl.ops))
	}
	if len(jl.ops) == 0 {
		return rest
	}
	err := jl.j.Write(jl.buf)
	if err != nil {
		for i := len(jl.prev) - 1; i >= 0; i-- {
			if p := jl.prev[i]; p.ok {
				jl.vers[p.id] = p.v
			} else {
				delete(jl.vers, p.id)
			}
		}
		err = fmt.Errorf("store: %w", err)
	} else if jl.since.IsZero() {
		jl.since = time.Now()
	}
	w.pending.Store(int64(len(jl.j.Pending())))
	for _, o := range jl.ops {
		o.done <- err
	}
	clear(jl.ops)
	return rest
}

// journalAppend checks an append against its match's version and adds
// its records to the batch's block.
func (w *writer) journalAppend(a *appendOp) error {
	jl := w.jl
	v, ok := jl.vers[a.id]
	if !ok {
		version, finished, err := matchState(context.Background(), jl.read, a.id)
		switch {
		case err != nil:
			return err
		case finished:
			return fmt.Errorf("store: append to match %d: %w", a.id, store.ErrFinished)
		}
		v = version
	}
	if err := a.versionErr(v); err != nil {
		return err
	}
	jl.prev = append(jl.prev, matchVersion{id: a.id, v: v, ok: ok})
	for i, ans := range a.answers {
		jl.buf = journal.AppendRecord(jl.buf, journal.Record{
			Match: int64(a.id), Version: ans.Version, Seat: int(ans.Seat),
			Text: ans.Text, Hash: ans.Hash, Deadline: a.deadlineAt(i),
		})
	}
	jl.vers[a.id] = a.answers[len(a.answers)-1].Version
	return nil
}

// applyMatches moves the journaled records of the matches ops need
// (op.syncMatch) to the database, in a transaction of their own: what a
// write or read of a match needs there, without the other matches'
// records, which wait for their round. The records stay in the journal;
// applying them again in the round changes nothing. Committed before the
// ops run, they stay in the database whatever the ops do (FinishMatch
// forgets the match's version even when its transaction rolls back).
func (w *writer) applyMatches(ctx context.Context, ops []*op) error {
	jl := w.jl
	jl.sync = jl.sync[:0]
	for _, o := range ops {
		// A match without a version has no record pending (see above).
		if _, live := jl.vers[o.syncMatch]; o.syncMatch != 0 && live && !slices.Contains(jl.sync, o.syncMatch) {
			jl.sync = append(jl.sync, o.syncMatch)
		}
	}
	if len(jl.sync) == 0 {
		return nil
	}
	tx, err := w.begin(ctx)
	if err != nil {
		return fmt.Errorf("store: journal: begin: %w", err)
	}
	for b := jl.j.Pending(); len(b) > 0 && err == nil; {
		var m int64
		rest := b
		if m, rest, err = journal.Skip(b); err == nil && slices.Contains(jl.sync, store.MatchID(m)) {
			var r journal.Record
			if r, _, err = journal.Next(b); err == nil {
				jl.args, err = applyRecord(ctx, tx, jl.args, r)
			}
		}
		b = rest
	}
	err = jl.endApply(ctx, tx, err)
	if err != nil {
		return fmt.Errorf("store: journal: apply: %w", err)
	}
	return nil
}

// endApply ends an apply transaction: committed if the inserts went well
// (err nil), else rolled back; it returns the first error.
func (jl *journaling) endApply(ctx context.Context, tx Tx, err error) error {
	clear(jl.args[:cap(jl.args)]) // the records' strings
	if err != nil {
		_ = tx.Rollback(ctx)
		return err
	}
	return tx.Commit(ctx)
}

// forget drops a match's version (FinishMatch, on the writer goroutine):
// its next append reads the match from the database.
func (w *writer) forget(id store.MatchID) {
	if w.jl != nil {
		delete(w.jl.vers, id)
	}
}

// due says whether the journal's records should go to the database now.
func (jl *journaling) due() bool {
	if !jl.draining && !jl.since.IsZero() &&
		(time.Since(jl.since) >= jl.every || len(jl.j.Pending()) >= maxPending) {
		jl.draining = true
	}
	return jl.draining
}

// wait returns a channel that fires when the pending records fall due,
// nil if none are pending.
func (jl *journaling) wait() <-chan time.Time {
	if jl.since.IsZero() {
		return nil
	}
	d := max(jl.every-time.Since(jl.since), time.Millisecond)
	if jl.timer == nil {
		jl.timer = time.NewTimer(d)
	} else {
		jl.timer.Reset(d)
	}
	return jl.timer.C
}

// applyAll moves every pending record to the database.
func (w *writer) applyAll() error {
	for len(w.jl.j.Pending()) > 0 || w.jl.at < len(w.jl.round) {
		if err := w.applyChunk(); err != nil {
			return err
		}
	}
	return nil
}

// applyChunk moves a chunk of the pending records to the database in one
// transaction. The records pending when a round begins are sorted by match
// and applied a chunk at a time (about applyChunk records, never splitting
// a match's), so that a chunk writes each of its matches' pages once
// whatever the number of that match's answers in it; once the round's last
// chunk is in, its records are released from the journal.
func (w *writer) applyChunk() error {
	jl := w.jl
	ctx := context.Background()
	if jl.at == len(jl.round) && !jl.startRound() {
		jl.draining, jl.since = false, time.Time{}
		return nil
	}
	end := min(jl.at+applyChunk, len(jl.round))
	for end < len(jl.round) && jl.round[end].Match == jl.round[end-1].Match {
		end++
	}
	tx, err := w.begin(ctx)
	if err != nil {
		return fmt.Errorf("store: journal: begin: %w", err)
	}
	for _, r := range jl.round[jl.at:end] {
		if jl.args, err = applyRecord(ctx, tx, jl.args, r); err != nil {
			break
		}
	}
	err = jl.endApply(ctx, tx, err)
	if err != nil {
		// The records stay pending (the round starts over), and the next
		// try comes a period later.
		jl.endRound()
		jl.draining, jl.since = false, time.Now()
		return fmt.Errorf("store: journal: apply: %w", err)
	}
	w.batches.Add(1)
	if jl.at = end; jl.at < len(jl.round) {
		return nil
	}
	n := jl.roundLen
	jl.endRound()
	err = jl.j.Release(n)
	w.pending.Store(int64(len(jl.j.Pending())))
	if err != nil {
		return fmt.Errorf("store: %w", err)
	}
	jl.draining, jl.since = false, time.Time{}
	if len(jl.j.Pending()) > 0 {
		jl.since = time.Now() // written while the round went on
	}
	return nil
}

// startRound takes the pending records, sorted by match; false if there
// are none.
func (jl *journaling) startRound() bool {
	pending := jl.j.Pending()
	if len(pending) == 0 {
		return false
	}
	jl.round, jl.at, jl.roundLen = jl.round[:0], 0, len(pending)
	for b := pending; len(b) > 0; {
		r, rest, err := journal.Next(b)
		if err != nil {
			jl.roundLen = len(pending) - len(b) // whole records only (never: Write takes AppendRecord's)
			break
		}
		jl.round, b = append(jl.round, r), rest
	}
	jl.round, jl.spare = sortByMatch(jl.round, jl.spare)
	return len(jl.round) > 0
}

// sortByMatch returns recs sorted by match, a match's records in their
// order (versions ascending), and the buffer of the two (recs and buf)
// that does not hold them, emptied. Live matches have ids close together,
// so a counting sort does it in two passes: a round holds up to ten
// seconds of answers, and a comparison sort of that many held the writer,
// and every match waiting for it, for 20 ms (docs/performance.md, round
// 15).
func sortByMatch(recs, buf []journal.Record) (sorted, spare []journal.Record) {
	if len(recs) < 2 {
		return recs, buf[:0]
	}
	lo, hi := recs[0].Match, recs[0].Match
	for _, r := range recs {
		lo, hi = min(lo, r.Match), max(hi, r.Match)
	}
	if span := uint64(hi - lo); span >= uint64(4*len(recs)+1024) {
		slices.SortStableFunc(recs, func(a, b journal.Record) int { return cmp.Compare(a.Match, b.Match) })
		return recs, buf[:0]
	}
	starts := make([]int32, hi-lo+2)
	for _, r := range recs {
		starts[r.Match-lo+1]++
	}
	for i := 1; i < len(starts); i++ {
		starts[i] += starts[i-1]
	}
	buf = slices.Grow(buf[:0], len(recs))[:len(recs)]
	for _, r := range recs {
		buf[starts[r.Match-lo]] = r
		starts[r.Match-lo]++
	}
	clear(recs)
	return buf, recs[:0]
}

// endRound forgets the round's records (their strings with them).
func (jl *journaling) endRound() {
	clear(jl.round)
	jl.round, jl.at, jl.roundLen = jl.round[:0], 0, 0
}

// closeJournal moves what is pending to the database and closes the
// journal; what it could not move stays in the journal for the next Open.
func (w *writer) closeJournal() error {
	if w.jl == nil {
		return nil
	}
	err := w.applyAll()
	if jl := w.jl; jl.timer != nil {
		jl.timer.Stop()
	}
	if cerr := w.jl.j.Close(); err == nil {
		err = cerr
	}
	return err
}

// ApplyRecords inserts journal records (journal.Next's encoding) into the
// answers table through q, leaving any that is there already: for a copy
// of a database made while its journal held answers (sqlite.Backup).
func ApplyRecords(ctx context.Context, q Querier, records []byte) error {
	var args []any
	for len(records) > 0 {
		r, rest, err := journal.Next(records)
		if err != nil {
			return err
		}
		records = rest
		if args, err = applyRecord(ctx, q, args, r); err != nil {
			return err
		}
	}
	return nil
}

// applyRecord inserts one journaled answer through q (args: scratch,
// returned for reuse).
func applyRecord(ctx context.Context, q Querier, args []any, r journal.Record) ([]any, error) {
	args = append(args[:0], r.Match, int64(r.Version), int64(r.Seat), r.Text, r.Hash, r.Deadline)
	if _, err := q.Exec(ctx, sqlApplyAnswer, args...); err != nil {
		return args, fmt.Errorf("store: journal: match %d version %d: %w", r.Match, r.Version, err)
	}
	return args, nil
}
