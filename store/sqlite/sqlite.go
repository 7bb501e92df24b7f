// Package sqlite is the default store.Store: one SQLite database file in
// write-ahead-log mode, through modernc.org/sqlite (pure Go, no cgo).
//
// # Durability
//
// Every write is acknowledged only after its transaction has committed.
// What a commit survives depends on Options.Synchronous:
//
//   - SyncNormal (the default): the commit is in the WAL file, written but
//     not fsynced. It survives the process being killed (kill -9, a crash,
//     an out-of-memory kill), because the operating system still has it.
//     A power loss or kernel crash may lose the last commits, never
//     corrupt the database.
//   - SyncFull: the WAL is fsynced at every commit; the commit also
//     survives a power loss. Group commit keeps this affordable: one
//     fsync serves every write queued meanwhile.
//
// # Connections
//
// One connection writes, owned by the store's group-committing writer
// goroutine (SQLite has one writer anyway); reads use a separate pool of
// read-only connections, which WAL lets run alongside the writer. Foreign
// keys are on and busy_timeout is set on every connection.
//
// The schema is migrated on Open with the versioned files in migrations/
// (pressly/goose); a database made by a newer build is refused.
//
// # Answer journal
//
// With Options.Journal (a server's setting), AppendAnswers does not write
// to the database: the writer checks each append's version against the
// versions it keeps of the live matches and writes the answers of a whole
// group commit to an append-only journal (JournalDir: segment files of
// checksummed blocks) with one system call, durable as a commit is (an
// fsync per block with SyncFull). Every ApplyEvery the writer moves the
// journal's answers to the database, sorted by match, a few hundred per
// transaction between two group commits, and releases them. Under load a commit of answers wrote a WAL page for
// nearly every answer, each of a different match; applied in bulk, a
// match's answers of those seconds share one (docs/performance.md, round
// 13). Reads of answers (AnswersSince, Match, LiveMatches) and the writes
// that depend on them (FinishMatch, SetDeadline) move everything pending
// to the database first, so the store behaves as without a journal. Open
// applies what a killed process left in the journal; Backup copies it
// into the backup. The journal's directory is locked by the store that
// has it open.
package sqlite

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path/filepath"
	"runtime"
	"time"

	"github.com/pressly/goose/v3"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"tabletop/store"
	"tabletop/store/internal/journal"
	"tabletop/store/internal/sqlstore"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Sync is SQLite's synchronous setting for the database.
type Sync int

const (
	// SyncNormal survives the process being killed, not a power loss.
	SyncNormal Sync = iota
	// SyncFull also survives a power loss: an fsync per commit.
	SyncFull
)

// String returns "NORMAL" or "FULL", the pragma's values.
func (s Sync) String() string {
	if s == SyncFull {
		return "FULL"
	}
	return "NORMAL"
}

// Options configures Open. The zero value is the default.
type Options struct {
	// Synchronous is SyncNormal by default; see the package doc.
	Synchronous Sync
	// BusyTimeout is how long a connection waits for a lock held by
	// another process (a backup, the sqlite3 shell); 5s by default.
	BusyTimeout time.Duration
	// ReadConns bounds the read pool; by default max(4, GOMAXPROCS).
	ReadConns int
	// CheckpointEvery is how often the WAL is checkpointed in the
	// background (checkpoint.go); 5s by default.
	CheckpointEvery time.Duration
	// WALPages is the WAL size, in pages, beyond which the writer finishes
	// a checkpoint between two batches so that the WAL starts over
	// (checkpoint.go); 65536 (256 MiB) by default.
	WALPages int
	// BatchAppends runs a group commit's appends as a few statements for
	// many matches (sqlstore.Backend.BatchAppends). Off by default: with
	// SQLite it measured a little slower than two statements an answer.
	BatchAppends bool
	// CommitDelay is how long a busy writer's small group commit waits
	// for more writes, trading up to that much acknowledgement latency
	// for less CPU per answer below saturation (0, the default: never).
	CommitDelay time.Duration
	// Journal makes AppendAnswers durable in the answer journal, the
	// directory JournalDir(path), and moves the answers to the database
	// in bulk every ApplyEvery (see "Answer journal" in the package doc).
	// Off by default; a server turns it on. Only one store at a time may
	// open a database with its journal.
	Journal bool
	// ApplyEvery is how long journaled answers wait for the database
	// (10s by default).
	ApplyEvery time.Duration
	// Logf reports what Open recovered from the journal; default discards.
	Logf func(format string, args ...any)
}

// JournalDir is the answer journal's directory of the database at path.
func JournalDir(path string) string { return path + "-answers" }

// Open opens (creating it if needed) the database file at path, brings its
// schema up to date and starts the writer. The store returned also has a
// method WriterStats() store.WriterStats. Close it to release the file.
func Open(ctx context.Context, path string, opts Options) (store.Store, error) {
	if opts.BusyTimeout <= 0 {
		opts.BusyTimeout = 5 * time.Second
	}
	if opts.ReadConns <= 0 {
		opts.ReadConns = max(4, runtime.GOMAXPROCS(0))
	}
	if opts.CheckpointEvery <= 0 {
		opts.CheckpointEvery = defaultCheckpointEvery
	}
	if opts.WALPages <= 0 {
		opts.WALPages = defaultWALPages
	}
	if opts.Synchronous != SyncNormal && opts.Synchronous != SyncFull {
		return nil, fmt.Errorf("store/sqlite: open %s: unknown synchronous setting %d", path, opts.Synchronous)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("store/sqlite: open %s: %w", path, err)
	}
	if err := migrate(ctx, dsn(abs, opts, false)); err != nil {
		return nil, fmt.Errorf("store/sqlite: open %s: %w", path, err)
	}

	wdb, err := sql.Open("sqlite", dsn(abs, opts, false))
	if err != nil {
		return nil, fmt.Errorf("store/sqlite: open %s: %w", path, err)
	}
	wdb.SetMaxOpenConns(1)
	wdb.SetMaxIdleConns(1)
	wdb.SetConnMaxLifetime(0)
	wdb.SetConnMaxIdleTime(0)
	rdb, err := sql.Open("sqlite", dsn(abs, opts, true))
	if err != nil {
		wdb.Close()
		return nil, fmt.Errorf("store/sqlite: open %s: %w", path, err)
	}
	rdb.SetMaxOpenConns(opts.ReadConns)
	rdb.SetMaxIdleConns(opts.ReadConns)
	for _, db := range []*sql.DB{wdb, rdb} {
		if err := db.PingContext(ctx); err != nil {
			wdb.Close()
			rdb.Close()
			return nil, fmt.Errorf("store/sqlite: open %s: %w", path, err)
		}
	}
	wc, err := openWriteConn(ctx, wdb)
	if err != nil {
		wdb.Close()
		rdb.Close()
		return nil, fmt.Errorf("store/sqlite: open %s: %w", path, err)
	}
	ckpt, err := startCheckpointer(dsn(abs, opts, false), opts.CheckpointEvery, opts.WALPages)
	if err != nil {
		wc.close()
		wdb.Close()
		rdb.Close()
		return nil, fmt.Errorf("store/sqlite: open %s: %w", path, err)
	}
	var jlog *journal.Log
	if opts.Journal {
		var rec journal.Recovered
		jlog, rec, err = journal.Open(JournalDir(abs), opts.Synchronous == SyncFull)
		if err != nil {
			_ = errors.Join(wc.close(), wdb.Close(), rdb.Close(), ckpt.close())
			return nil, fmt.Errorf("store/sqlite: open %s: %w", path, err)
		}
		if rec.Records > 0 || rec.Dropped > 0 {
			opts.logf("store/sqlite: %d journaled answers recovered from %s (%d bytes of an unfinished write cut off)", rec.Records, jlog.Dir(), rec.Dropped)
		}
	}
	st := sqlstore.New(sqlstore.Backend{
		Read: querier{rdb},
		Begin: func(ctx context.Context) (sqlstore.Tx, error) {
			return wc.begin(ctx, ckpt)
		},
		IsUnique:     isCode(sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY),
		IsForeignKey: isCode(sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY),
		BatchAppends: opts.BatchAppends,
		CommitDelay:  opts.CommitDelay,
		Journal:      jlog,
		ApplyEvery:   opts.ApplyEvery,
		Close: func() error {
			// The checkpoint last, when nothing else holds the database.
			return errors.Join(wc.close(), rdb.Close(), wdb.Close(), ckpt.close())
		},
	})
	// An earlier run's journaled answers go to the database before anyone
	// reads it.
	if err := st.Sync(ctx); err != nil {
		st.Close()
		return nil, fmt.Errorf("store/sqlite: open %s: journal: %w", path, err)
	}
	return st, nil
}

func (o Options) logf(format string, args ...any) {
	if o.Logf != nil {
		o.Logf(format, args...)
	}
}

// pageSize is SQLite's default page size, which the database keeps.
const pageSize = 4096

// writerCacheKiB is the writer connection's page cache (64 MiB).
const writerCacheKiB = 64 << 10

// dsn is the modernc.org/sqlite data source name for the file at path.
func dsn(path string, opts Options, readOnly bool) string {
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", opts.BusyTimeout.Milliseconds()))
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous("+opts.Synchronous.String()+")")
	q.Add("_pragma", "foreign_keys(1)")
	if readOnly {
		q.Add("_pragma", "query_only(1)")
	} else {
		// Take the write lock at BEGIN, not at the first write (the
		// writer's own BEGIN says so too: writeconn.go); leave
		// checkpoints to the checkpointer (checkpoint.go).
		q.Set("_txlock", "immediate")
		q.Add("_pragma", "wal_autocheckpoint(0)")
		// When the WAL starts over, its file is cut back to twice the
		// size at which the writer finishes a checkpoint.
		q.Add("_pragma", fmt.Sprintf("journal_size_limit(%d)", 2*opts.WALPages*pageSize))
		// The writer touches a page of every live match's answers per
		// batch; with the default 2 MB cache a busy server read those
		// pages back from the file again and again.
		q.Add("_pragma", fmt.Sprintf("cache_size(%d)", -writerCacheKiB))
	}
	return (&url.URL{Scheme: "file", OmitHost: true, Path: path, RawQuery: q.Encode()}).String()
}

// migrate applies the migrations the database lacks, on a connection of
// its own.
func migrate(ctx context.Context, dsn string) error {
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	p, err := goose.NewProvider(goose.DialectSQLite3, db, migrationsDir(), goose.WithDisableGlobalRegistry(true))
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if err := sqlstore.Migrate(ctx, p); err != nil {
		return err
	}
	return db.Close()
}

// migrationsDir is the directory of migration files.
func migrationsDir() fs.FS {
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		panic(err) // the embedded directory is there
	}
	return sub
}

// isCode returns a test for SQLite errors with one of the extended codes.
func isCode(codes ...int) func(error) bool {
	return func(err error) bool {
		var e *sqlite.Error
		if !errors.As(err, &e) {
			return false
		}
		for _, c := range codes {
			if e.Code() == c {
				return true
			}
		}
		return false
	}
}

// execQuerier is what *sql.DB and *sql.Tx share.
type execQuerier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// querier adapts database/sql to sqlstore.Querier.
type querier struct{ q execQuerier }

func (q querier) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	res, err := q.q.ExecContext(ctx, query, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

func (q querier) Query(ctx context.Context, query string, args ...any) (sqlstore.Rows, error) {
	rows, err := q.q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	return rows, nil
}

func (q querier) QueryRow(ctx context.Context, query string, args ...any) sqlstore.Row {
	return row{q.q.QueryRowContext(ctx, query, args...)}
}

// row maps sql.ErrNoRows to sqlstore.ErrNoRows.
type row struct{ r *sql.Row }

func (r row) Scan(dest ...any) error {
	err := r.r.Scan(dest...)
	if errors.Is(err, sql.ErrNoRows) {
		return sqlstore.ErrNoRows
	}
	return err
}
