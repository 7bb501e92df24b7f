package storetest

import (
	"context"
	"database/sql"
	"strconv"
	"testing"
	"time"

	"github.com/pressly/goose/v3"

	"tabletop/store"
)

// Schema 3 kept a match's version and deadline in matches; migration 00004
// of both SQL stores moves them to its answers. Schema3 migrates a fresh
// database (db, with the store's migrations in p) to schema 3 and writes
// schema3Matches into it, then closes db; the test opens its store on it
// and calls CheckSchema3Matches.
func Schema3(t *testing.T, db *sql.DB, p *goose.Provider, deadline time.Time) {
	t.Helper()
	ctx := context.Background()
	if _, err := p.UpTo(ctx, 3); err != nil {
		t.Fatalf("migrate to schema 3: %v", err)
	}
	for _, q := range schema3Matches(deadline) {
		if _, err := db.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
}

// schema3Matches is SQL for a database at schema 3 (run in order): match 1
// live at version 3 with a deadline, match 2 finished at version 2, match
// 3 live without answers and with a deadline a second later.
func schema3Matches(deadline time.Time) []string {
	ms := strconv.FormatInt(deadline.UnixMilli(), 10)
	return []string{
		// Ids 1, 2 and 3 in a fresh database (PostgreSQL's identity
		// column takes no explicit id).
		`INSERT INTO matches (game, seats, header, seed, version, deadline_ms, created_ms) VALUES
			('g', 2, '{"format":1,"game":"g","seats":2}', 7, 3, ` + ms + `, 1),
			('g', 2, '{"format":1,"game":"g","seats":2}', 7, 2, NULL, 1),
			('g', 2, '{"format":1,"game":"g","seats":2}', 7, 0, ` + ms + ` + 1000, 1)`,
		`UPDATE matches SET finished_ms = 5, result = '{}' WHERE id = 2`,
		`INSERT INTO answers (match_id, version, seat, answer, hash) VALUES
			(1, 1, 0, 'a', 'h1'), (1, 2, 1, 'b', 'h2'), (1, 3, 0, 'c', 'h3'),
			(2, 1, 0, 'a', 'h1'), (2, 2, 1, 'b', 'h2')`,
	}
}

// CheckSchema3Matches checks the matches of Schema3Matches after the
// upgrade: each keeps its version, answers and deadline (none once
// finished).
func CheckSchema3Matches(t *testing.T, s store.Store, deadline time.Time) {
	t.Helper()
	for _, tt := range []struct {
		id       store.MatchID
		version  int
		deadline time.Time
	}{
		{1, 3, deadline},
		{2, 2, time.Time{}},
		{3, 0, deadline.Add(time.Second)},
	} {
		m, err := s.Match(context.Background(), tt.id)
		if err != nil {
			t.Fatalf("Match(%d) = %v", tt.id, err)
		}
		if m.Version != tt.version || len(m.Answers) != tt.version || !m.Deadline.Equal(tt.deadline) {
			t.Errorf("match %d: version %d with %d answers, deadline %v; want %d, %v", tt.id, m.Version, len(m.Answers), m.Deadline, tt.version, tt.deadline)
		}
	}
}
