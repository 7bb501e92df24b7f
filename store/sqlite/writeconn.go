package sqlite

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"

	"tabletop/store/internal/sqlstore"
)

// The writer's connection. The writer runs a statement for every answer
// (sqlstore.HotStatements), and through database/sql each cost a
// few hundred bytes of garbage: the arguments copied into a new
// []driver.NamedValue (converting each int into a new box), a Result, the
// Tx's release closure; each transaction, a Tx, a context and a goroutine
// to watch it. A busy server's collections came often enough to show in
// its latency. So the writer holds its one connection for the store's
// life (a *sql.Conn), runs the hot statements and its transactions' BEGIN,
// COMMIT and ROLLBACK on the driver connection ((*sql.Conn).Raw), prepared
// there once, with a NamedValue slice it reuses, and runs its other
// statements through database/sql on that connection: in SQLite the
// transaction is the connection's, so they are all inside it.

// The statements that make the writer's transactions, besides the hot
// ones. IMMEDIATE takes the write lock at BEGIN, as _txlock does (dsn).
const (
	sqlBegin    = "BEGIN IMMEDIATE"
	sqlCommit   = "COMMIT"
	sqlRollback = "ROLLBACK"
)

// hotStmt is a driver statement prepared on the writer's connection.
type hotStmt interface {
	driver.Stmt
	driver.StmtExecContext
}

// writeConn is the writer's connection. Only the writer goroutine uses
// it, and close once the writer has stopped.
type writeConn struct {
	db   *sql.DB   // the pool of one connection that conn is
	conn *sql.Conn // nil once database/sql found it broken, until the next begin
	// hot are the statements of sqlstore.HotStatements and the
	// transactions', prepared on conn; nil until the schema has them
	// (and if preparing fails: statements are then parsed as usual, and
	// preparing is retried a few times).
	hot   map[string]hotStmt
	tries int
	args  []driver.NamedValue // scratch for a hot statement's arguments
	tx    txn                 // the transaction under way: one value reused
}

func openWriteConn(ctx context.Context, db *sql.DB) (*writeConn, error) {
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	return &writeConn{db: db, conn: conn}, nil
}

// begin starts a write transaction, after the checkpoint ckpt asked for,
// if any, and preparing the hot statements (the connection is free then).
func (w *writeConn) begin(ctx context.Context, ckpt *checkpointer) (sqlstore.Tx, error) {
	if w.conn == nil {
		conn, err := w.db.Conn(ctx)
		if err != nil {
			return nil, err
		}
		w.conn = conn
	}
	ckpt.finishOn(ctx, w.conn)
	w.prepare(ctx)
	if _, err := w.run(ctx, sqlBegin); err != nil {
		return nil, err
	}
	w.tx = txn{querier: querier{w.conn}, w: w}
	return &w.tx, nil
}

func (w *writeConn) prepare(ctx context.Context) {
	if w.hot != nil || w.tries >= 100 {
		return
	}
	w.tries++
	hot := make(map[string]hotStmt, len(sqlstore.HotStatements())+3)
	err := w.raw(func(dc any) error {
		p, ok := dc.(driver.ConnPrepareContext)
		if !ok {
			return fmt.Errorf("store/sqlite: driver connection %T cannot prepare with a context", dc)
		}
		for _, q := range append(sqlstore.HotStatements(), sqlBegin, sqlCommit, sqlRollback) {
			st, err := p.PrepareContext(ctx, q)
			if err != nil { // the schema is not migrated yet
				return err
			}
			h, ok := st.(hotStmt)
			if !ok {
				return errors.Join(fmt.Errorf("store/sqlite: driver statement %T cannot execute with a context", st), st.Close())
			}
			hot[q] = h
		}
		return nil
	})
	if err != nil {
		_ = w.raw(func(any) error { return closeAll(hot) })
		return
	}
	w.hot = hot
}

// raw runs f on the driver connection. f's error is returned but not
// given to database/sql, which would close the connection, under the
// transaction, on a driver.ErrBadConn.
func (w *writeConn) raw(f func(dc any) error) error {
	var err error
	if rerr := w.conn.Raw(func(dc any) error {
		err = f(dc)
		return nil
	}); rerr != nil {
		return rerr
	}
	return err
}

// run runs a statement of the writer's, prepared if it is hot, and
// returns the number of rows it changed.
func (w *writeConn) run(ctx context.Context, query string, args ...any) (int64, error) {
	if w.conn == nil {
		return 0, sql.ErrConnDone
	}
	var (
		n   int64
		err error
	)
	if st := w.hot[query]; st != nil && w.bind(args) {
		n, err = w.exec(ctx, st)
	} else {
		n, err = querier{w.conn}.Exec(ctx, query, args...)
	}
	if errors.Is(err, sql.ErrConnDone) {
		// database/sql closed the connection after a driver.ErrBadConn,
		// and its statements with it: the next begin takes a new one
		// from the pool, as a begin on the pool itself would.
		w.conn, w.hot, w.tries = nil, nil, 0
	}
	return n, err
}

// bind sets w.args to args as database/sql would convert them (without a
// driver.NamedValueChecker, which modernc.org/sqlite lacks); false if one
// does not convert, for database/sql to report.
func (w *writeConn) bind(args []any) bool {
	w.args = w.args[:0]
	for i, a := range args {
		v, err := driver.DefaultParameterConverter.ConvertValue(a)
		if err != nil {
			clear(w.args)
			return false
		}
		w.args = append(w.args, driver.NamedValue{Ordinal: i + 1, Value: v})
	}
	return true
}

// exec runs st with the arguments bound in w.args and returns the number
// of rows it changed.
func (w *writeConn) exec(ctx context.Context, st hotStmt) (int64, error) {
	var n int64
	err := w.raw(func(any) error {
		res, err := st.ExecContext(ctx, w.args)
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	clear(w.args) // keep no answer alive
	return n, err
}

func (w *writeConn) close() error {
	if w.conn == nil {
		return nil
	}
	err := w.raw(func(any) error { return closeAll(w.hot) })
	w.hot = nil
	return errors.Join(err, w.conn.Close())
}

func closeAll(stmts map[string]hotStmt) error {
	var errs []error
	for _, s := range stmts {
		errs = append(errs, s.Close())
	}
	return errors.Join(errs...)
}

// txn is a write transaction on the writer's connection.
type txn struct {
	querier // the connection, which the transaction is
	w       *writeConn
}

// Exec runs a hot statement prepared, any other through database/sql.
func (t *txn) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	return t.w.run(ctx, query, args...)
}

func (t *txn) Commit(ctx context.Context) error {
	_, err := t.w.run(ctx, sqlCommit)
	if err != nil {
		// A COMMIT that failed (SQLITE_BUSY) can leave the transaction
		// open, and a later COMMIT would then make durable the writes
		// whose callers were told that they failed; it may also have
		// ended it, and this ROLLBACK then fails harmlessly.
		_, _ = t.w.run(ctx, sqlRollback)
	}
	return err
}

func (t *txn) Rollback(ctx context.Context) error {
	_, err := t.w.run(ctx, sqlRollback)
	return err
}
