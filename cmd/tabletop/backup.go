package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"tabletop/store/sqlite"
)

// backup writes a consistent copy of a server's database with SQLite's
// VACUUM INTO, which reads one snapshot of the database (WAL mode lets it
// run beside the live server's writer) and writes it compacted to OUT.
func (a *app) backup(args []string) error {
	fl := a.newFlagSet("backup", "-data DIR OUT",
		"Writes a consistent copy of the server's database in DIR to the new file OUT, while\n"+
			"the server runs, with the answers its journal holds. Restore by stopping the\n"+
			"server, putting OUT in place of DIR/"+dbFile+" and removing DIR/"+dbFile+"-answers.")
	data := fl.String("data", "tabletop-data", "the server's data `directory`")
	pos, err := parse(fl, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef(fl, "want one output file, got %d arguments", len(pos))
	}
	src := filepath.Join(*data, dbFile)
	out := pos[0]
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	if err := sqlite.Backup(ctx, src, out); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	fi, err := os.Stat(out)
	if err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	fmt.Fprintf(a.stdout, "backup: %s -> %s (%d bytes)\n", src, pos[0], fi.Size())
	return nil
}
