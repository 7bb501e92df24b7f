package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
	"sync/atomic"
	"time"
)

// The writer does not checkpoint the WAL (wal_autocheckpoint is off on its
// connection): SQLite's automatic checkpoint runs inside the commit that
// crosses the threshold, copying the WAL into the database file and
// syncing it, and every answer waiting on that group commit waited with it
// (hundreds of milliseconds at p99 under load; docs/performance.md).
// Instead a checkpointer on a connection of its own runs a PASSIVE
// checkpoint every CheckpointEvery: it never takes the write lock, so
// commits go on meanwhile, and the WAL is reused once it has been copied.
// Close runs a last TRUNCATE checkpoint, leaving an empty WAL.
//
// A PASSIVE checkpoint copies the frames that were in the WAL when it
// began; under a steady stream of commits new ones always follow, so the
// checkpoint is never complete and SQLite never starts the WAL over: under
// load it grew by 38 MB/s (3.2 GB after 80 s of a load test), and every
// commit got slower as the WAL index grew. So when the background
// checkpoint finds the WAL beyond Options.WALPages, it asks the writer to
// run one more PASSIVE checkpoint between two batches, when no commit is
// in progress: that one only copies what came in since the background
// one, completes, and the next commit starts the WAL over (cut back to
// journal_size_limit).

// Options.CheckpointEvery's and Options.WALPages's defaults. A checkpoint
// copies every page written since the last one once, however many commits
// wrote it: a busy server's commits rewrite the same few thousand pages
// (a page of answers and a row of matches for every live match), so a
// checkpoint every second copied most of them every second. Every 5 s
// they are copied a fifth as often; the server wrote a fifth less and
// made a tenth fewer write calls at 3,000 answers/s (docs/performance.md,
// round 12). The WAL then holds up to 5 s of commits (about 170 MB at that
// load), hence room for 64 Ki pages (256 MiB) before the writer finishes
// a checkpoint.
const (
	defaultCheckpointEvery = 5 * time.Second
	defaultWALPages        = 65536
)

// checkpointer checkpoints the WAL in the background until stopped.
type checkpointer struct {
	db     *sql.DB
	pages  int         // the WAL size that calls for the writer's checkpoint
	finish atomic.Bool // the writer should finish a checkpoint
	stop   chan struct{}
	done   chan struct{}
	once   sync.Once
}

func startCheckpointer(dsn string, every time.Duration, pages int) (*checkpointer, error) {
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	c := &checkpointer{db: db, pages: pages, stop: make(chan struct{}), done: make(chan struct{})}
	go c.run(every)
	return c, nil
}

func (c *checkpointer) run(every time.Duration) {
	defer close(c.done)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-c.stop:
			return
		case <-t.C:
			// A failed PASSIVE checkpoint (a backup holding a lock) is
			// retried at the next tick; the WAL only grows meanwhile.
			var busy, log, copied int
			err := c.db.QueryRowContext(context.Background(), "PRAGMA wal_checkpoint(PASSIVE)").Scan(&busy, &log, &copied)
			if err == nil && log > c.pages {
				c.finish.Store(true)
			}
		}
	}
}

// finishOn runs the checkpoint the background one asked for on the
// writer's connection conn, which the writer goroutine calls between
// batches. A failure is left for the next request: the WAL stays valid.
func (c *checkpointer) finishOn(ctx context.Context, conn *sql.Conn) {
	if c.finish.CompareAndSwap(true, false) {
		_, _ = conn.ExecContext(ctx, "PRAGMA wal_checkpoint(PASSIVE)")
	}
}

// close stops the loop and truncates the WAL (best effort: the WAL is
// valid either way).
func (c *checkpointer) close() error {
	var err error
	c.once.Do(func() {
		close(c.stop)
		<-c.done
		if _, cerr := c.db.Exec("PRAGMA wal_checkpoint(TRUNCATE)"); cerr != nil {
			err = fmt.Errorf("store/sqlite: final checkpoint: %w", cerr)
		}
		if cerr := c.db.Close(); cerr != nil && err == nil {
			err = cerr
		}
	})
	return err
}
