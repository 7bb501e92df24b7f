// Package memory is an in-memory store.Store: for tests, and for playing
// in one process with no database. Nothing is durable: the data lives as
// long as the DB value. It passes the shared suite, storetest, with the
// same errors, orderings and secrecy rules as the SQL stores.
//
//	s := memory.New()
//	defer s.Close()
//
// To "restart" (close a store and open the same data again), keep the DB:
//
//	db := memory.NewDB()
//	s := db.Open()
//	…
//	s.Close()
//	s = db.Open() // everything written through the first handle is there
//
// One mutex guards each DB; every method holds it for its whole work, so
// each write is atomic and reads after it see it.
package memory

import (
	"context"
	"fmt"
	"sync"
	"time"

	"tabletop/store"
)

// DB is the data of in-memory stores: what a database file is to the
// SQLite store. Handles opened on it share it.
type DB struct {
	mu sync.Mutex // guards everything below, and the handles' closed flags

	lastAccount store.AccountID
	lastMatch   store.MatchID
	accounts    map[store.AccountID]*account
	usernames   map[string]store.AccountID
	sessions    map[string]*session // by string(token hash)
	friends     map[pair]*friendship
	traitSlots  map[store.AccountID]map[int]*traitSlot
	matches     map[store.MatchID]*match
	now         func() time.Time
}

// NewDB returns an empty database.
func NewDB() *DB {
	return &DB{
		accounts:   make(map[store.AccountID]*account),
		usernames:  make(map[string]store.AccountID),
		sessions:   make(map[string]*session),
		friends:    make(map[pair]*friendship),
		traitSlots: make(map[store.AccountID]map[int]*traitSlot),
		matches:    make(map[store.MatchID]*match),
		now:        time.Now,
	}
}

// Open returns a store over db. Closing it closes only this handle; the
// data stays in db for the next Open.
func (db *DB) Open() store.Store { return &Store{db: db} }

// New returns a store over a new, empty database.
func New() store.Store { return NewDB().Open() }

// Store is one open handle on a DB. It implements store.Store.
type Store struct {
	db     *DB
	closed bool // guarded by db.mu
}

var _ store.Store = (*Store)(nil)

// Close implements store.Store. It waits for the call in progress (it
// takes the lock) and marks the handle closed; closing again is a no-op.
func (s *Store) Close() error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	s.closed = true
	return nil
}

// write locks the database for a write and returns the unlock, or the
// error that stops the write: the context's, as the SQL writer checks it
// first, or ErrClosed.
func (s *Store) write(ctx context.Context) (unlock func(), err error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.db.mu.Lock()
	if s.closed {
		s.db.mu.Unlock()
		return nil, store.ErrClosed
	}
	return s.db.mu.Unlock, nil
}

// read locks the database for a read: ErrClosed first, then the context.
func (s *Store) read(ctx context.Context, doing string) (unlock func(), err error) {
	s.db.mu.Lock()
	if s.closed {
		s.db.mu.Unlock()
		return nil, store.ErrClosed
	}
	if err := ctx.Err(); err != nil {
		s.db.mu.Unlock()
		return nil, fmt.Errorf("%s: %w", doing, err)
	}
	return s.db.mu.Unlock, nil
}

// nowMS is the current time in Unix milliseconds.
func (db *DB) nowMS() int64 { return db.now().UnixMilli() }

// fromMS converts Unix milliseconds to a UTC time.
func fromMS(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// msTime is t as stored: milliseconds, UTC, the zero time kept zero.
func msTime(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return fromMS(t.UnixMilli())
}

// clone copies b, keeping nil nil (and non-nil empty non-nil).
func clone(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append([]byte{}, b...)
}
