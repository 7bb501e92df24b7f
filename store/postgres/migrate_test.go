package postgres_test

import (
	"context"
	"database/sql"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"

	"tabletop/store/postgres"
	"tabletop/store/storetest"
)

// TestMigrationAnswerDeadlines is the SQLite store's test of the same name
// on PostgreSQL: a schema at version 3 with a live match (version and
// deadline in matches), a finished one and one without answers is
// upgraded (migration 00004); each keeps its version and deadline, and
// going down to 3 brings the columns back.
func TestMigrationAnswerDeadlines(t *testing.T) {
	url := testURL(t)
	schema := freshSchema(t, url)
	ctx := context.Background()
	cfg, err := pgx.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+pgx.Identifier{schema}.Sanitize()); err != nil {
		t.Fatal(err)
	}
	conn.Close(ctx)
	cfg.RuntimeParams["search_path"] = pgx.Identifier{schema}.Sanitize()
	open := func() (*sql.DB, *goose.Provider) {
		db := stdlib.OpenDB(*cfg)
		p, err := goose.NewProvider(goose.DialectPostgres, db, os.DirFS("migrations"), goose.WithDisableGlobalRegistry(true))
		if err != nil {
			t.Fatal(err)
		}
		return db, p
	}
	db, p := open()
	deadline := time.Date(2026, 11, 25, 6, 0, 0, 0, time.UTC)
	storetest.Schema3(t, db, p, deadline)

	s, err := postgres.Open(ctx, postgres.Options{URL: url, Schema: schema, MaxConns: 2})
	if err != nil {
		t.Fatalf("Open = %v", err)
	}
	storetest.CheckSchema3Matches(t, s, deadline)
	s.Close()

	db, p = open()
	defer db.Close()
	if _, err := p.DownTo(ctx, 3); err != nil {
		t.Fatalf("DownTo(3) = %v", err)
	}
	var version int
	var dl *int64
	if err := db.QueryRowContext(ctx, `SELECT version, deadline_ms FROM matches WHERE id = 1`).Scan(&version, &dl); err != nil || version != 3 || dl == nil || *dl != deadline.UnixMilli() {
		t.Errorf("match 1 after DownTo(3): version %d, deadline %v, %v; want 3, %d", version, dl, err, deadline.UnixMilli())
	}
}
