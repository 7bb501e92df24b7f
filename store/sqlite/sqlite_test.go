package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"tabletop/store"
	"tabletop/store/sqlite"
	"tabletop/store/storetest"
)

func TestStore(t *testing.T) {
	for _, tt := range []struct {
		name string
		opts sqlite.Options
	}{
		{"NORMAL", sqlite.Options{Synchronous: sqlite.SyncNormal}},
		{"FULL", sqlite.Options{Synchronous: sqlite.SyncFull}},
		// The batched appends PostgreSQL uses, checked here too.
		{"BatchAppends", sqlite.Options{BatchAppends: true}},
		// The answer journal, applied at once and at its default pace.
		{"Journal", sqlite.Options{Journal: true, ApplyEvery: time.Nanosecond}},
		{"JournalFULL", sqlite.Options{Journal: true, Synchronous: sqlite.SyncFull}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			storetest.Run(t, func(t *testing.T) func() (store.Store, error) {
				path := filepath.Join(t.TempDir(), "tabletop.db")
				return func() (store.Store, error) {
					return sqlite.Open(context.Background(), path, tt.opts)
				}
			})
		})
	}
}
