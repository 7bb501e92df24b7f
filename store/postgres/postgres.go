// Package postgres is the store.Store for operators who outgrow one
// machine: PostgreSQL through jackc/pgx (pgxpool), with the same tables
// and behaviour as the SQLite store (both run store/storetest).
//
// A write is acknowledged after PostgreSQL has committed it, which with
// the server's default synchronous_commit=on means flushed to its WAL on
// disk. Writes go through one group-committing writer per Store, which
// uses one pooled connection at a time; reads use the rest of the pool.
//
// The schema is migrated on Open with the versioned files in migrations/
// (pressly/goose), under a PostgreSQL advisory lock so that several
// servers may start at once; a schema made by a newer build is refused. Options.Schema keeps the tables in a schema
// of their own (the tests use a fresh one each).
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"strconv"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"

	"tabletop/store"
	"tabletop/store/internal/sqlstore"
)

//go:embed migrations/*.sql
var migrations embed.FS

// Options configures Open. Only URL is required.
type Options struct {
	// URL is the connection string, e.g.
	// "postgres://user@127.0.0.1:5432/db?sslmode=disable".
	URL string
	// Schema, if set, is the schema the tables live in: it is created if
	// missing and becomes the connections' search_path.
	Schema string
	// MaxConns bounds the pool (reads plus the writer's connection);
	// pgxpool's default when 0.
	MaxConns int32
}

// Open connects to the database, brings the schema up to date and starts
// the writer. The store returned also has a method
// WriterStats() store.WriterStats. Close it to release the pool.
func Open(ctx context.Context, opts Options) (store.Store, error) {
	cfg, err := pgxpool.ParseConfig(opts.URL)
	if err != nil {
		return nil, fmt.Errorf("store/postgres: open: %w", err)
	}
	if opts.MaxConns > 0 {
		cfg.MaxConns = opts.MaxConns
	}
	if opts.Schema != "" {
		if err := createSchema(ctx, cfg.ConnConfig.Copy(), opts.Schema); err != nil {
			return nil, fmt.Errorf("store/postgres: open: %w", err)
		}
		cfg.ConnConfig.RuntimeParams["search_path"] = pgx.Identifier{opts.Schema}.Sanitize()
	}
	if err := migrate(ctx, cfg.ConnConfig.Copy()); err != nil {
		return nil, fmt.Errorf("store/postgres: open: %w", err)
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store/postgres: open: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store/postgres: open: %w", err)
	}
	cache := new(sync.Map)
	return sqlstore.New(sqlstore.Backend{
		Read: querier{pool, cache},
		Begin: func(ctx context.Context) (sqlstore.Tx, error) {
			tx, err := pool.Begin(ctx)
			if err != nil {
				return nil, err
			}
			return txn{querier{tx, cache}, tx}, nil
		},
		IsUnique:     isCode("23505"),
		IsForeignKey: isCode("23503"),
		// One statement per answer was two round trips per answer.
		BatchAppends: true,
		Close: func() error {
			pool.Close()
			return nil
		},
	}), nil
}

// createSchema creates a schema unless it exists.
func createSchema(ctx context.Context, cfg *pgx.ConnConfig, schema string) error {
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, "CREATE SCHEMA IF NOT EXISTS "+pgx.Identifier{schema}.Sanitize())
	if err != nil {
		return fmt.Errorf("create schema %s: %w", schema, err)
	}
	return nil
}

// migrate applies the migrations the schema lacks, under an advisory lock
// named after the schema.
func migrate(ctx context.Context, cfg *pgx.ConnConfig) error {
	db := stdlib.OpenDB(*cfg)
	defer db.Close()
	var schema string
	if err := db.QueryRowContext(ctx, "SELECT current_schema()").Scan(&schema); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	h := fnv.New64a()
	h.Write([]byte("tabletop/store/postgres:" + schema))
	locker, err := lock.NewPostgresSessionLocker(lock.WithLockID(int64(h.Sum64())), lock.WithLockTimeout(1, 300))
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	sub, err := fs.Sub(migrations, "migrations")
	if err != nil {
		return err
	}
	p, err := goose.NewProvider(goose.DialectPostgres, db, sub,
		goose.WithDisableGlobalRegistry(true), goose.WithSessionLocker(locker))
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	if err := sqlstore.Migrate(ctx, p); err != nil {
		return fmt.Errorf("schema %s: %w", schema, err)
	}
	return db.Close()
}

// isCode returns a test for PostgreSQL errors with the SQLSTATE code.
func isCode(code string) func(error) bool {
	return func(err error) bool {
		var e *pgconn.PgError
		return errors.As(err, &e) && e.Code == code
	}
}

// pgxQuerier is what *pgxpool.Pool and pgx.Tx share.
type pgxQuerier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// querier adapts pgx to sqlstore.Querier, rewriting ? placeholders.
type querier struct {
	q     pgxQuerier
	cache *sync.Map // query with ? → query with $n
}

func (q querier) Exec(ctx context.Context, query string, args ...any) (int64, error) {
	tag, err := q.q.Exec(ctx, q.rebind(query), args...)
	return tag.RowsAffected(), err
}

func (q querier) Query(ctx context.Context, query string, args ...any) (sqlstore.Rows, error) {
	r, err := q.q.Query(ctx, q.rebind(query), args...)
	if err != nil {
		return nil, err
	}
	return rows{r}, nil
}

func (q querier) QueryRow(ctx context.Context, query string, args ...any) sqlstore.Row {
	return row{q.q.QueryRow(ctx, q.rebind(query), args...)}
}

type rows struct{ pgx.Rows }

func (r rows) Close() error {
	r.Rows.Close()
	return r.Rows.Err()
}

// row maps pgx.ErrNoRows to sqlstore.ErrNoRows.
type row struct{ r pgx.Row }

func (r row) Scan(dest ...any) error {
	err := r.r.Scan(dest...)
	if errors.Is(err, pgx.ErrNoRows) {
		return sqlstore.ErrNoRows
	}
	return err
}

// txn adapts pgx.Tx to sqlstore.Tx.
type txn struct {
	querier
	tx pgx.Tx
}

func (t txn) Commit(ctx context.Context) error   { return t.tx.Commit(ctx) }
func (t txn) Rollback(ctx context.Context) error { return t.tx.Rollback(ctx) }

// rebind rewrites the ? placeholders of a query as $1, $2, …. The store's
// queries have no ? in literals or identifiers, and are constants, so the
// results are cached.
func (q querier) rebind(query string) string {
	if v, ok := q.cache.Load(query); ok {
		return v.(string)
	}
	var b strings.Builder
	n := 0
	for i := 0; i < len(query); i++ {
		if query[i] == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteByte(query[i])
	}
	out := b.String()
	q.cache.Store(query, out)
	return out
}
