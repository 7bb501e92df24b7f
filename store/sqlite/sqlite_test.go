package sqlite_test

import (
	"context"
	"path/filepath"
	"testing"

	"tabletop/store"
	"tabletop/store/sqlite"
	"tabletop/store/storetest"
)

func TestStore(t *testing.T) {
	for _, sync := range []sqlite.Sync{sqlite.SyncNormal, sqlite.SyncFull} {
		t.Run(sync.String(), func(t *testing.T) {
			t.Parallel()
			storetest.Run(t, func(t *testing.T) func() (store.Store, error) {
				path := filepath.Join(t.TempDir(), "tabletop.db")
				return func() (store.Store, error) {
					return sqlite.Open(context.Background(), path, sqlite.Options{Synchronous: sync})
				}
			})
		})
	}
}
