// Package sqlstore implements store.Store once for the SQL databases: the
// queries, the rules of each method and the group-committing writer. The
// SQLite and PostgreSQL packages adapt their drivers to the small
// interfaces here and supply the schema.
//
// Queries use ? placeholders; an adapter whose database wants $1, $2…
// rewrites them. The SQL is the common subset of SQLite and PostgreSQL:
// integers for times (Unix milliseconds), blobs (bytea) for opaque bytes,
// NULL for absent values, INSERT … RETURNING and ON CONFLICT.
package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"tabletop/store"
	"tabletop/store/internal/journal"
)

// ErrNoRows is what Row.Scan returns when the query found no row.
var ErrNoRows = errors.New("sqlstore: no rows")

// Querier runs statements: the read pool, or the write transaction.
type Querier interface {
	// Exec runs a statement and returns the number of rows it changed.
	Exec(ctx context.Context, query string, args ...any) (int64, error)
	Query(ctx context.Context, query string, args ...any) (Rows, error)
	// QueryRow runs a query for one row; its Scan returns ErrNoRows when
	// there is none.
	QueryRow(ctx context.Context, query string, args ...any) Row
}

// Tx is a write transaction.
type Tx interface {
	Querier
	Commit(ctx context.Context) error
	Rollback(ctx context.Context) error
}

// Rows is the result of Query.
type Rows interface {
	Next() bool
	Scan(dest ...any) error
	Err() error
	Close() error
}

// Row is the result of QueryRow.
type Row interface {
	Scan(dest ...any) error
}

// Backend is what a database driver supplies.
type Backend struct {
	// Read runs queries outside the writer, concurrently.
	Read Querier
	// Begin starts a write transaction. Only the writer goroutine calls
	// it, one transaction at a time.
	Begin func(ctx context.Context) (Tx, error)
	// IsUnique and IsForeignKey classify a driver error as a violated
	// unique (or primary key) constraint or foreign key constraint.
	IsUnique     func(error) bool
	IsForeignKey func(error) bool
	// Close releases the database after the writer has stopped.
	Close func() error
	// BatchAppends makes the writer run a group commit's appends as a
	// few statements for many matches (appends.go) rather than two
	// statements each. It pays where a statement costs a round trip
	// (PostgreSQL); in SQLite, where one costs a few microseconds, the
	// batched statements measured a little slower.
	BatchAppends bool
	// CommitDelay is how long a small group commit of a busy writer
	// waits for more writes (writer.go, "Commit delay"); 0 never waits.
	CommitDelay time.Duration
	// Journal, if set, takes the answers of AppendAnswers in place of
	// the database, which gets them in bulk later (journaled.go); its
	// pending records (an earlier run's) go first. The store closes it.
	Journal *journal.Log
	// ApplyEvery is how long journaled answers wait before they go to
	// the database (default 10s).
	ApplyEvery time.Duration
}

// Store implements store.Store over a Backend.
type Store struct {
	b   Backend
	w   *writer
	now func() time.Time
}

var _ store.Store = (*Store)(nil)

// New starts the store's writer. The schema must be in place.
func New(b Backend) *Store {
	var jl *journaling
	if b.Journal != nil {
		jl = newJournaling(b.Journal, b.Read, b.ApplyEvery)
	}
	return &Store{b: b, w: newWriter(b.Begin, b.BatchAppends, b.CommitDelay, jl), now: time.Now}
}

// Close stops the writer after the queued writes (and, with a journal,
// after moving its records to the database) and closes the backend.
func (s *Store) Close() error {
	if !s.w.close() {
		return nil
	}
	if err := errors.Join(s.w.closeErr, s.b.Close()); err != nil {
		return fmt.Errorf("store: close: %w", err)
	}
	return nil
}

// Sync moves every journaled answer to the database (nothing to do
// without a journal): what a read of answers needs first, and what an
// opener that wants an earlier run's records applied at once calls.
func (s *Store) Sync(ctx context.Context) error {
	if s.b.Journal == nil {
		return nil
	}
	return s.w.doSync(ctx, func(context.Context, Tx) error { return nil })
}

// syncMatch moves match id's journaled answers to the database: what a
// read of that match needs first.
func (s *Store) syncMatch(ctx context.Context, id store.MatchID) error {
	if s.b.Journal == nil {
		return nil
	}
	return s.w.doSyncMatch(ctx, id, func(context.Context, Tx) error { return nil })
}

// WriterStats returns the writer's counts so far.
func (s *Store) WriterStats() store.WriterStats { return s.w.stats() }

// write runs fn in the writer's next transaction.
func (s *Store) write(ctx context.Context, fn func(ctx context.Context, tx Tx) error) error {
	return s.w.do(ctx, fn)
}

// read checks that the store is open before a read.
func (s *Store) read() error {
	if s.w.isClosed() {
		return store.ErrClosed
	}
	return nil
}

// ms converts a time to the stored form, NULL (nil) for the zero time.
func ms(t time.Time) any {
	if t.IsZero() {
		return nil
	}
	return t.UnixMilli()
}

// msOrZero is ms with 0 for the zero time: an answer's deadline column,
// which is never NULL.
func msOrZero(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// fromMS converts a stored time back; NULL is the zero time.
func fromMS(v *int64) time.Time {
	if v == nil {
		return time.Time{}
	}
	return time.UnixMilli(*v).UTC()
}

// nullID is NULL for the zero id.
func nullID[T ~int64](id T) any {
	if id == 0 {
		return nil
	}
	return int64(id)
}

// collect scans every row of a query with scan and closes the rows.
func collect[T any](rows Rows, err error, scan func(Rows) (T, error)) ([]T, error) {
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []T
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	if err := rows.Err(); err != nil {
		return nil, err
	}
	return out, nil
}
