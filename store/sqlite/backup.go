package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"

	"tabletop/store/internal/journal"
	"tabletop/store/internal/sqlstore"
)

// Backup writes a consistent copy of the database at path, with the
// answers its server's journal holds, to the new file out, while the
// server runs.
//
// The journal is read first, then the database copied with SQLite's VACUUM
// INTO (one snapshot; WAL lets it run beside the writer), then the
// journal's answers inserted into the copy where missing. Every answer
// acknowledged before the backup began is in one of the two: an answer the
// server moved from its journal to the database between the two reads was
// in the database by the time of the snapshot.
func Backup(ctx context.Context, path, out string) error {
	abs, err := filepath.Abs(path)
	if err != nil {
		return err
	}
	if _, err := os.Stat(abs); err != nil {
		return err
	}
	if out, err = filepath.Abs(out); err != nil {
		return err
	}
	if _, err := os.Stat(out); err == nil {
		return fmt.Errorf("%s exists; choose a new file", out)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	records, err := journal.ReadDir(JournalDir(abs))
	if err != nil {
		return err
	}
	if err := vacuumInto(ctx, abs, out); err != nil {
		os.Remove(out)
		return err
	}
	if len(records) == 0 {
		return nil
	}
	if err := applyRecords(ctx, out, records); err != nil {
		os.Remove(out)
		return fmt.Errorf("journaled answers: %w", err)
	}
	return nil
}

// vacuumInto copies the database at src to the new file out.
func vacuumInto(ctx context.Context, src, out string) error {
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	db, err := sql.Open("sqlite", "file:"+src+"?"+q.Encode())
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", out); err != nil {
		return fmt.Errorf("vacuum into %s: %w", out, err)
	}
	return nil
}

// applyRecords inserts journal records into the database file at path, in
// one transaction.
func applyRecords(ctx context.Context, path string, records []byte) error {
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=foreign_keys(1)")
	if err != nil {
		return err
	}
	defer db.Close()
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	if err := sqlstore.ApplyRecords(ctx, querier{tx}, records); err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit()
}
