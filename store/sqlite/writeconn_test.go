package sqlite

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/store"
	"tabletop/store/internal/sqlstore"
)

// TestBind checks that a hot statement's arguments reach the driver as
// database/sql would convert them, and that one it would reject is left
// to it.
func TestBind(t *testing.T) {
	tests := []struct {
		name string
		args []any
		want []driver.Value // nil: not bound
	}{
		{"none", nil, []driver.Value{}},
		{"int64", []any{int64(1 << 40)}, []driver.Value{int64(1 << 40)}},
		{"int", []any{7}, []driver.Value{int64(7)}},
		{"NULL", []any{nil}, []driver.Value{nil}},
		{"text and blob", []any{"move ne", []byte{1}}, []driver.Value{"move ne", []byte{1}}},
		{"pointer", []any{new(int64)}, []driver.Value{int64(0)}},
		{"unsupported", []any{int64(1), struct{}{}}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var w writeConn
			ok := w.bind(tt.args)
			if ok != (tt.want != nil) {
				t.Fatalf("bind(%v) = %v, want %v", tt.args, ok, tt.want != nil)
			}
			if !ok {
				return
			}
			got := make([]driver.Value, len(w.args))
			for i, nv := range w.args {
				if nv.Ordinal != i+1 || nv.Name != "" {
					t.Errorf("bind(%v): argument %d is %+v, want ordinal %d", tt.args, i, nv, i+1)
				}
				got[i] = nv.Value
			}
			if !slices.EqualFunc(got, tt.want, func(a, b driver.Value) bool {
				ab, aok := a.([]byte)
				bb, bok := b.([]byte)
				if aok && bok {
					return slices.Equal(ab, bb)
				}
				return a == b
			}) {
				t.Errorf("bind(%v) = %v, want %v", tt.args, got, tt.want)
			}
		})
	}
}

// TestAppendAllocs guards the writer's path for an answer against
// database/sql's garbage (writeconn.go). An append alone in its
// transaction (BEGIN, an UPDATE, an INSERT, COMMIT) allocated 42 times
// through database/sql; 13 with the writer's own statements; 11 since the
// append is one conditional INSERT (BEGIN, INSERT, COMMIT), most of them
// in the driver (a Result per statement, the copies of the text it binds)
// and the arguments boxed.
func TestAppendAllocs(t *testing.T) {
	const runs, limit = 200, 12
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "a.db"), Options{CheckpointEvery: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	id, err := s.CreateMatch(ctx, store.NewMatch{
		Header: engine.Header{Format: 1, Game: "allocs", Seats: 2},
		Seats:  make([]store.AccountID, 2),
	})
	if err != nil {
		t.Fatal(err)
	}
	answers := make([][]store.Answer, runs+1) // AllocsPerRun runs once more, first
	for i := range answers {
		answers[i] = []store.Answer{{Version: i + 1, Seat: engine.Seat(i % 2), Text: "move ne", Hash: "0123456789abcdef"}}
	}
	deadline := time.Now().Add(time.Minute)
	n := 0
	allocs := testing.AllocsPerRun(runs, func() {
		if err := s.AppendAnswers(ctx, id, answers[n], deadline); err != nil {
			t.Fatal(err)
		}
		n++
	})
	t.Logf("%v allocations an append", allocs)
	if allocs > limit {
		t.Errorf("AppendAnswers allocated %v times, want at most %d", allocs, limit)
	}
}

// TestWriteConnReopens: once database/sql has closed the writer's
// connection (after a driver.ErrBadConn), a begin fails, and the next
// one takes a new connection from the pool and prepares its statements
// again, as a begin on the pool did before the writer held one.
func TestWriteConnReopens(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "r.db")
	s, err := Open(ctx, path, Options{}) // the schema
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	db, err := sql.Open("sqlite", dsn(path, Options{BusyTimeout: time.Second}, false))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	w, err := openWriteConn(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	defer w.close()
	ckpt := &checkpointer{}

	steps := []struct {
		name    string
		breakIt bool // close the connection first, as database/sql would
		wantErr error
	}{
		{"begin", false, nil},
		{"begin on a closed connection", true, sql.ErrConnDone},
		{"begin again", false, nil},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			if st.breakIt {
				w.conn.Close()
			}
			tx, err := w.begin(ctx, ckpt)
			if !errors.Is(err, st.wantErr) {
				t.Fatalf("begin() = %v, want %v", err, st.wantErr)
			}
			if err != nil {
				return
			}
			if len(w.hot) == 0 {
				t.Errorf("begin() prepared no statements")
			}
			if _, err := tx.Exec(ctx, sqlstore.HotStatements()[0]); err != nil {
				t.Errorf("Exec(%q) = %v", sqlstore.HotStatements()[0], err)
			}
			if err := tx.Commit(ctx); err != nil {
				t.Errorf("Commit() = %v", err)
			}
		})
	}
}
