package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"sync"
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

// defaultCheckpointEvery is Options.CheckpointEvery's default.
const defaultCheckpointEvery = time.Second

// checkpointer checkpoints the WAL in the background until stopped.
type checkpointer struct {
	db   *sql.DB
	stop chan struct{}
	done chan struct{}
	once sync.Once
}

func startCheckpointer(dsn string, every time.Duration) (*checkpointer, error) {
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(1)
	c := &checkpointer{db: db, stop: make(chan struct{}), done: make(chan struct{})}
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
			_, _ = c.db.ExecContext(context.Background(), "PRAGMA wal_checkpoint(PASSIVE)")
		}
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
