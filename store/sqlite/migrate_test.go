package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"path/filepath"
	"testing"
	"time"

	"github.com/pressly/goose/v3"

	"tabletop/store"
	"tabletop/store/storetest"
)

// TestMigrationAnswerDeadlines upgrades a database of schema 3, where a
// match's version and deadline were columns of matches, to the current
// one, where they come from its answers (migration 00004): a live match
// keeps its version and its deadline, a finished one its version and no
// deadline, and a live one without answers its deadline; the upgraded
// matches then take answers as before.
func TestMigrationAnswerDeadlines(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "m.db")
	db, err := sql.Open("sqlite", dsn(path, Options{BusyTimeout: time.Second}, false))
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, db, migrationsDir(), goose.WithDisableGlobalRegistry(true))
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Date(2026, 11, 25, 6, 0, 0, 0, time.UTC)
	storetest.Schema3(t, db, p, deadline)

	s, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatalf("Open = %v", err)
	}
	closed := false
	defer func() {
		if !closed {
			s.Close()
		}
	}()
	storetest.CheckSchema3Matches(t, s, deadline)
	next := deadline.Add(time.Minute)
	if err := s.AppendAnswers(ctx, 1, []store.Answer{{Version: 4, Text: "d", Hash: "h4"}}, next); err != nil {
		t.Fatalf("AppendAnswers(match 1, 4) = %v", err)
	}
	var ve *store.VersionError
	if err := s.AppendAnswers(ctx, 1, []store.Answer{{Version: 4, Text: "d", Hash: "h4"}}, next); !errors.As(err, &ve) || ve.Have != 4 {
		t.Errorf("AppendAnswers(match 1, 4 again) = %v, want a version error at 4", err)
	}
	live, err := s.LiveMatches(ctx)
	if err != nil || len(live) != 2 || live[0].Version != 4 || !live[0].Deadline.Equal(next) || !live[1].Deadline.Equal(deadline.Add(time.Second)) {
		t.Errorf("LiveMatches = %+v, %v; want match 1 at 4 (deadline %v) and match 3", live, err, next)
	}

	// Down to schema 3: the live matches' columns are brought back.
	s.Close()
	closed = true
	if db, err = sql.Open("sqlite", dsn(path, Options{BusyTimeout: time.Second}, false)); err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if p, err = goose.NewProvider(goose.DialectSQLite3, db, migrationsDir(), goose.WithDisableGlobalRegistry(true)); err != nil {
		t.Fatal(err)
	}
	if _, err := p.DownTo(ctx, 3); err != nil {
		t.Fatalf("DownTo(3) = %v", err)
	}
	var version int
	var dl *int64
	if err := db.QueryRowContext(ctx, `SELECT version, deadline_ms FROM matches WHERE id = 1`).Scan(&version, &dl); err != nil || version != 4 || dl == nil || *dl != next.UnixMilli() {
		t.Errorf("match 1 after DownTo(3): version %d, deadline %v, %v; want 4, %d", version, dl, err, next.UnixMilli())
	}
}
