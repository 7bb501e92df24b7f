package sqlite

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tabletop/store"
)

// TestPragmas checks the settings each kind of connection gets.
func TestPragmas(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.db")
	s, err := Open(context.Background(), path, Options{})
	if err != nil {
		t.Fatalf("Open = %v", err)
	}
	defer s.Close()
	tests := []struct {
		name     string
		opts     Options
		readOnly bool
		want     map[string]string
	}{
		{"writer", Options{}, false, map[string]string{
			"journal_mode": "wal", "synchronous": "1", "foreign_keys": "1", "busy_timeout": "5000", "query_only": "0", "cache_size": "-65536"}},
		{"writer FULL", Options{Synchronous: SyncFull, BusyTimeout: 1500 * time.Millisecond}, false, map[string]string{
			"synchronous": "2", "busy_timeout": "1500"}},
		{"reader", Options{}, true, map[string]string{"journal_mode": "wal", "query_only": "1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.opts.BusyTimeout == 0 {
				tt.opts.BusyTimeout = 5 * time.Second
			}
			db, err := sql.Open("sqlite", dsn(path, tt.opts, tt.readOnly))
			if err != nil {
				t.Fatal(err)
			}
			defer db.Close()
			for pragma, want := range tt.want {
				var got string
				if err := db.QueryRow("PRAGMA " + pragma).Scan(&got); err != nil || got != want {
					t.Errorf("PRAGMA %s = %q, %v, want %q", pragma, got, err, want)
				}
			}
		})
	}
}

// TestNewerSchema checks that a database migrated by a newer build is
// refused rather than misread.
func TestNewerSchema(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "n.db")
	s, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatalf("Open = %v", err)
	}
	s.Close()
	db, err := sql.Open("sqlite", dsn(path, Options{BusyTimeout: time.Second}, false))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(`INSERT INTO goose_db_version (version_id, is_applied) VALUES (999, 1)`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if s, err := Open(ctx, path, Options{}); err == nil {
		s.Close()
		t.Errorf("Open(database at schema 999) = nil, want an error")
	} else {
		t.Log(err)
	}
}

// TestCheckpointer: the writer's connection never checkpoints (commits do
// not wait for the database file to be synced), the background
// checkpointer copies the WAL into the database file while the store is
// open, and Close leaves an empty WAL.
func TestCheckpointer(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.db")
	s, err := Open(context.Background(), path, Options{CheckpointEvery: 20 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	db, err := sql.Open("sqlite", dsn(path, Options{BusyTimeout: time.Second}, false))
	if err != nil {
		t.Fatal(err)
	}
	var auto int
	if err := db.QueryRow("PRAGMA wal_autocheckpoint").Scan(&auto); err != nil || auto != 0 {
		t.Errorf("writer wal_autocheckpoint = %d, %v; want 0", auto, err)
	}
	db.Close()
	before := fileSize(t, path)
	for i := range 200 {
		if _, err := s.CreateGuest(context.Background(), store.Profile{DisplayName: fmt.Sprintf("g%d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for fileSize(t, path) <= before {
		if time.Now().After(deadline) {
			t.Fatalf("the database file stayed at %d bytes: the WAL was never checkpointed", before)
		}
		time.Sleep(10 * time.Millisecond)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if n := fileSize(t, path+"-wal"); n != 0 {
		t.Errorf("WAL after Close = %d bytes, want 0 (truncated)", n)
	}
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	fi, err := os.Stat(path)
	if os.IsNotExist(err) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return fi.Size()
}

// TestWALStartsOver: under a steady stream of commits the WAL does not
// grow without end, because the writer finishes a checkpoint between
// batches once the WAL passes Options.WALPages, and SQLite then starts it
// over and cuts the file back to journal_size_limit: the file is seen to
// shrink while the writes go on. (Without the writer's checkpoint it never
// shrank and reached about 200 MB in 1.5 s here. A bound on its peak size
// instead failed on a loaded machine, where the checkpointer falls behind
// for a while.)
func TestWALStartsOver(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "w.db")
	const pages = 64
	s, err := Open(context.Background(), path, Options{CheckpointEvery: 2 * time.Millisecond, WALPages: pages})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var writes atomic.Int64
	for w := range 8 {
		wg.Go(func() {
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				if _, err := s.CreateGuest(ctx, store.Profile{DisplayName: fmt.Sprintf("w%d-%d", w, i)}); err != nil {
					t.Error(err)
					return
				}
				writes.Add(1)
			}
		})
	}
	// Two ways to see it start over. When the writer's checkpoint came
	// after the WAL outgrew pages, the file is cut back (journal size
	// limit). When the checkpointer keeps up (a busy machine, one core),
	// the WAL starts over before it is that large, and the file never
	// grows past a fraction of what was written to it: every commit
	// appends at least one page frame, so a WAL that never started over
	// would be longer than commits × pageSize.
	stats := s.(interface{ WriterStats() store.WriterStats })
	// The test is judged when it is seen, with the commits counted before
	// the file is measured: the file only grows until it is cut back, so
	// a later, larger size must not undo a restart already proven.
	var peak, shrunk int64
	restarted := false
	for end := time.Now().Add(10 * time.Second); time.Now().Before(end) && shrunk == 0 && !restarted; time.Sleep(2 * time.Millisecond) {
		commits := stats.WriterStats().Batches
		n := fileSize(t, path+"-wal")
		if peak > pages*pageSize && n < peak {
			shrunk = n
		}
		peak = max(peak, n)
		restarted = commits*pageSize > 2*max(n, pages*pageSize)
	}
	close(stop)
	wg.Wait()
	if shrunk == 0 && !restarted {
		t.Errorf("the WAL reached %d bytes over %d writes and never started over", peak, writes.Load())
	}
	t.Logf("%d writes in %d commits, WAL peak %d bytes, cut back to %d (0: never past %d pages)",
		writes.Load(), stats.WriterStats().Batches, peak, shrunk, pages)
}
