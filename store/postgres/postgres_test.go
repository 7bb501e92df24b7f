package postgres_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"

	"tabletop/store"
	"tabletop/store/postgres"
	"tabletop/store/storetest"
)

// envURL names the environment variable with the test database's URL.
const envURL = "TABLETOP_TEST_POSTGRES"

// testURL returns the test database's URL or skips the test.
func testURL(t *testing.T) string {
	t.Helper()
	url := os.Getenv(envURL)
	if url == "" {
		t.Skipf("%s is not set: skipping the PostgreSQL store tests (e.g. %s=postgres://postgres@127.0.0.1:5432/test?sslmode=disable)", envURL, envURL)
	}
	return url
}

// freshSchema returns the name of a new schema, dropped with everything in
// it when the test ends.
func freshSchema(t *testing.T, url string) string {
	t.Helper()
	var b [6]byte
	rand.Read(b[:])
	schema := "storetest_" + hex.EncodeToString(b[:])
	t.Cleanup(func() {
		ctx := context.Background()
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA IF EXISTS "+pgx.Identifier{schema}.Sanitize()+" CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	return schema
}

func TestStore(t *testing.T) {
	url := testURL(t)
	storetest.Run(t, func(t *testing.T) func() (store.Store, error) {
		opts := postgres.Options{URL: url, Schema: freshSchema(t, url), MaxConns: 4}
		return func() (store.Store, error) {
			return postgres.Open(context.Background(), opts)
		}
	})
}

// BenchmarkAppendMatches: as the SQLite store's benchmark of the same
// name, many matches with one answer at a time each, from 64 goroutines.
//
//	TABLETOP_TEST_POSTGRES=postgres://… go test ./store/postgres -run '^$' -bench AppendMatches
func BenchmarkAppendMatches(b *testing.B) {
	url := os.Getenv(envURL)
	if url == "" {
		b.Skipf("%s is not set", envURL)
	}
	ctx := context.Background()
	var rb [6]byte
	rand.Read(rb[:])
	schema := "bench_" + hex.EncodeToString(rb[:])
	defer func() {
		conn, err := pgx.Connect(ctx, url)
		if err == nil {
			conn.Exec(ctx, "DROP SCHEMA IF EXISTS "+pgx.Identifier{schema}.Sanitize()+" CASCADE")
			conn.Close(ctx)
		}
	}()
	s, err := postgres.Open(ctx, postgres.Options{URL: url, Schema: schema, MaxConns: 4})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	storetest.AppendMatches(b, s, 500, 64)
}
