package main

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"time"

	_ "modernc.org/sqlite" // the "sqlite" database/sql driver
)

// backup writes a consistent copy of a server's database with SQLite's
// VACUUM INTO, which reads one snapshot of the database (WAL mode lets it
// run beside the live server's writer) and writes it compacted to OUT.
func (a *app) backup(args []string) error {
	fl := a.newFlagSet("backup", "-data DIR OUT",
		"Writes a consistent copy of the server's database in DIR to the new file OUT, while\n"+
			"the server runs. Restore by stopping the server and putting OUT in place of\n"+
			"DIR/"+dbFile+".")
	data := fl.String("data", "tabletop-data", "the server's data `directory`")
	pos, err := parse(fl, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef(fl, "want one output file, got %d arguments", len(pos))
	}
	src := filepath.Join(*data, dbFile)
	if _, err := os.Stat(src); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	out, err := filepath.Abs(pos[0])
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if _, err := os.Stat(out); err == nil {
		return fmt.Errorf("backup: %s exists; choose a new file", pos[0])
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("backup: %w", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	if err := vacuumInto(ctx, src, out); err != nil {
		os.Remove(out)
		return fmt.Errorf("backup: %w", err)
	}
	fi, err := os.Stat(out)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	fmt.Fprintf(a.stdout, "backup: %s -> %s (%d bytes)\n", src, pos[0], fi.Size())
	return nil
}

// vacuumInto copies the database at src to the new file out.
func vacuumInto(ctx context.Context, src, out string) error {
	abs, err := filepath.Abs(src)
	if err != nil {
		return err
	}
	q := url.Values{}
	q.Add("_pragma", "busy_timeout(10000)")
	db, err := sql.Open("sqlite", "file:"+abs+"?"+q.Encode())
	if err != nil {
		return err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "VACUUM INTO ?", out); err != nil {
		return fmt.Errorf("vacuum into %s: %w", out, err)
	}
	return nil
}
