package sqlite_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/store"
	"tabletop/store/sqlite"
)

// rawAnswers counts a match's answers in the database file itself, past
// the store (and its journal).
func rawAnswers(t *testing.T, path string, id store.MatchID) int {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM answers WHERE match_id = ?`, int64(id)).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func newMatch(t *testing.T, s store.Store) store.MatchID {
	t.Helper()
	id, err := s.CreateMatch(context.Background(), store.NewMatch{
		Header: engine.Header{Format: 1, Game: "journal", Seats: 2},
		Seats:  make([]store.AccountID, 2),
	})
	if err != nil {
		t.Fatal(err)
	}
	return id
}

func journalAnswers(from, to int) []store.Answer {
	var out []store.Answer
	for v := from; v <= to; v++ {
		out = append(out, store.Answer{Version: v, Seat: engine.Seat(v % 2), Text: fmt.Sprintf("answer %d", v), Hash: "h"})
	}
	return out
}

// TestJournalApplies: journaled answers reach the database by themselves
// once ApplyEvery has passed, and the journal's segments go with them; an
// answer in the journal alone is already acknowledged, refused when its
// version is wrong, and read back through the store.
func TestJournalApplies(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabletop.db")
	s, err := sqlite.Open(ctx, path, sqlite.Options{Journal: true, ApplyEvery: 300 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	id := newMatch(t, s)
	for v := 1; v <= 30; v += 3 {
		if err := s.AppendAnswers(ctx, id, journalAnswers(v, v+2), time.Time{}); err != nil {
			t.Fatal(err)
		}
	}
	if n := rawAnswers(t, path, id); n != 0 {
		t.Errorf("right after the appends the database holds %d answers, want them in the journal alone", n)
	}
	// Versions are checked against the journal's answers.
	var ve *store.VersionError
	if err := s.AppendAnswers(ctx, id, journalAnswers(30, 30), time.Time{}); !errors.As(err, &ve) || ve.Have != 30 {
		t.Errorf("a stale append = %v, want a VersionError at 30", err)
	}
	deadline := time.UnixMilli(1_900_000_000_000).UTC()
	if err := s.AppendAnswers(ctx, id, journalAnswers(31, 31), deadline); err != nil {
		t.Fatal(err)
	}
	// Without a read, the writer applies them once they are due.
	for start := time.Now(); rawAnswers(t, path, id) != 31; {
		if time.Since(start) > 10*time.Second {
			t.Fatalf("the database holds %d answers 10 s later, want 31", rawAnswers(t, path, id))
		}
		time.Sleep(20 * time.Millisecond)
	}
	segs, _ := filepath.Glob(filepath.Join(sqlite.JournalDir(path), "*.log"))
	for _, seg := range segs {
		if fi, err := os.Stat(seg); err == nil && fi.Size() > 0 {
			t.Errorf("after the apply the journal keeps %s (%d bytes)", seg, fi.Size())
		}
	}
	m, err := s.Match(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if m.Version != 31 || len(m.Answers) != 31 || !m.Deadline.Equal(deadline) {
		t.Errorf("Match = version %d, %d answers, deadline %v; want 31, 31, %v", m.Version, len(m.Answers), m.Deadline, deadline)
	}
}

// TestJournalLocked: the server's store holds its journal; a second store
// with a journal on the same database is refused, one without is not (the
// load generator's accounts).
func TestJournalLocked(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabletop.db")
	s, err := sqlite.Open(ctx, path, sqlite.Options{Journal: true})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s2, err := sqlite.Open(ctx, path, sqlite.Options{Journal: true}); err == nil {
		s2.Close()
		t.Fatal("a second store with the same journal opened")
	}
	s3, err := sqlite.Open(ctx, path, sqlite.Options{})
	if err != nil {
		t.Fatalf("a store without the journal: %v", err)
	}
	s3.Close()
}

// TestJournalFinishTakesItsMatch: finishing a match, setting its deadline
// or reading it moves that match's journaled answers to the database and
// leaves the other matches' records to their round, so that a match's end
// does not stall the server for every pending answer (issue 5,
// docs/performance.md round 15). A FinishMatch that fails still leaves its
// match's answers in place for the next one.
func TestJournalFinishTakesItsMatch(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "tabletop.db")
	s, err := sqlite.Open(ctx, path, sqlite.Options{Journal: true, ApplyEvery: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ids := []store.MatchID{newMatch(t, s), newMatch(t, s), newMatch(t, s)}
	for _, id := range ids {
		if err := s.AppendAnswers(ctx, id, journalAnswers(1, 4), time.Time{}); err != nil {
			t.Fatal(err)
		}
	}
	pending := func() int64 {
		return s.(interface{ WriterStats() store.WriterStats }).WriterStats().JournalPending
	}
	if p := pending(); p == 0 {
		t.Error("WriterStats().JournalPending = 0 with 12 answers in the journal")
	}
	fin, dl, other := ids[0], ids[1], ids[2]
	if err := s.FinishMatch(ctx, fin, store.Finish{Result: []byte(`{}`), Seats: []store.SeatResult{{Rank: 1}}}); err == nil {
		t.Fatal("FinishMatch with 1 result for 2 seats: no error")
	}
	if err := s.FinishMatch(ctx, fin, store.Finish{Result: []byte(`{}`), Seats: []store.SeatResult{{Rank: 1}, {Rank: 2}}}); err != nil {
		t.Fatalf("FinishMatch: %v", err)
	}
	m, err := s.Match(ctx, fin)
	if err != nil || m.Version != 4 || len(m.Answers) != 4 {
		t.Errorf("finished match: version %d, %d answers, %v; want 4 and 4", m.Version, len(m.Answers), err)
	}
	if err := s.SetDeadline(ctx, dl, time.Now().Add(time.Minute)); err != nil {
		t.Fatalf("SetDeadline: %v", err)
	}
	for _, tt := range []struct {
		id   store.MatchID
		want int
	}{{fin, 4}, {dl, 4}, {other, 0}} {
		if n := rawAnswers(t, path, tt.id); n != tt.want {
			t.Errorf("match %d: %d answers in the database, want %d", tt.id, n, tt.want)
		}
	}
	got, err := s.AnswersSince(ctx, other, 2)
	if err != nil || len(got) != 2 || got[0].Version != 3 {
		t.Errorf("AnswersSince(other, 2) = %+v, %v; want versions 3 and 4", got, err)
	}
	if n := rawAnswers(t, path, other); n != 4 {
		t.Errorf("after AnswersSince: %d answers of the other match in the database, want 4", n)
	}
	if err := s.AppendAnswers(ctx, other, journalAnswers(3, 3), time.Time{}); err == nil {
		t.Error("an append at a version the journal holds: no error")
	}
	if _, err := s.LiveMatches(ctx); err != nil { // applies every pending answer
		t.Fatal(err)
	}
	if p := pending(); p != 0 {
		t.Errorf("after LiveMatches, WriterStats().JournalPending = %d, want 0", p)
	}
}

// TestBackupJournal: a backup taken while answers are only in the journal
// holds them.
func TestBackupJournal(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "tabletop.db")
	s, err := sqlite.Open(ctx, path, sqlite.Options{Journal: true, ApplyEvery: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	id := newMatch(t, s)
	if err := s.AppendAnswers(ctx, id, journalAnswers(1, 5), time.Time{}); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "copy.db")
	if err := sqlite.Backup(ctx, path, out); err != nil {
		t.Fatal(err)
	}
	if n := rawAnswers(t, path, id); n != 0 {
		t.Fatalf("the live database holds %d answers; the test wants them in the journal", n)
	}
	if n := rawAnswers(t, out, id); n != 5 {
		t.Errorf("the backup holds %d answers, want the journal's 5", n)
	}
	if err := sqlite.Backup(ctx, path, out); err == nil {
		t.Error("a backup over an existing file: no error")
	}
}
