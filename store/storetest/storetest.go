// Package storetest is the conformance suite every store.Store runs: one
// test body for all implementations, so they cannot drift apart.
//
//	func TestStore(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) func() (store.Store, error) {
//			path := filepath.Join(t.TempDir(), "test.db")
//			return func() (store.Store, error) {
//				return sqlite.Open(context.Background(), path, sqlite.Options{})
//			}
//		})
//	}
//
// The suite covers every method with its errors, the version sequencing of
// answers, concurrent writers (and, where the store reports WriterStats,
// that group commit batched them) and a restart: close, reopen the same
// database and find everything there.
package storetest

import (
	"context"
	"errors"
	"testing"
	"time"

	"tabletop/store"
)

// NewDB creates a fresh, empty database for one test, arranging with
// t.Cleanup to remove it, and returns a function that opens it. The suite
// calls open again after closing the store, to check what survives a
// restart.
type NewDB func(t *testing.T) (open func() (store.Store, error))

// Run runs the whole suite, each part as a parallel subtest with its own
// database.
func Run(t *testing.T, newDB NewDB) {
	t.Helper()
	tests := []struct {
		name string
		fn   func(t *testing.T, e *env)
	}{
		{"Accounts", testAccounts},
		{"UpgradeGuest", testUpgradeGuest},
		{"DeleteAccount", testDeleteAccount},
		{"Sessions", testSessions},
		{"SessionsExcept", testSessionsExcept},
		{"Friends", testFriends},
		{"TraitSlots", testTraitSlots},
		{"LastTraitSlot", testLastTraitSlot},
		{"CreateMatch", testCreateMatch},
		{"AppendAnswers", testAppendAnswers},
		{"AppendBatch", testAppendBatch},
		{"AnswersSince", testAnswersSince},
		{"Deadline", testDeadline},
		{"SeatControl", testSeatControl},
		{"FinishMatch", testFinishMatch},
		{"History", testHistory},
		{"Replay", testReplay},
		{"ConcurrentMatches", testConcurrentMatches},
		{"ConcurrentSameMatch", testConcurrentSameMatch},
		{"Restart", testRestart},
		{"Closed", testClosed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := &env{open: newDB(t), ctx: context.Background()}
			e.s = e.mustOpen(t)
			tt.fn(t, e)
		})
	}
}

// env is one test's database and open store.
type env struct {
	open func() (store.Store, error)
	s    store.Store
	ctx  context.Context
}

// mustOpen opens the database and closes it at the end of the test.
func (e *env) mustOpen(t *testing.T) store.Store {
	t.Helper()
	s, err := e.open()
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close() = %v", err)
		}
	})
	return s
}

// reopen closes the store and opens the database again.
func (e *env) reopen(t *testing.T) {
	t.Helper()
	if err := e.s.Close(); err != nil {
		t.Fatalf("Close() = %v", err)
	}
	e.s = e.mustOpen(t)
}

// guest creates a guest account.
func (e *env) guest(t *testing.T, name string) store.Account {
	t.Helper()
	a, err := e.s.CreateGuest(e.ctx, store.Profile{DisplayName: name, Icon: "icon-" + name})
	if err != nil {
		t.Fatalf("CreateGuest(%q) = %v", name, err)
	}
	return a
}

// wantErr reports an error that is not (errors.Is) want; want nil means
// no error.
func wantErr(t *testing.T, call string, err, want error) {
	t.Helper()
	switch {
	case want == nil && err != nil:
		t.Errorf("%s = %v, want no error", call, err)
	case want != nil && !errors.Is(err, want):
		t.Errorf("%s = %v, want %v", call, err, want)
	}
}

// ms is t at the stores' precision, in UTC.
func ms(t time.Time) time.Time { return t.Truncate(time.Millisecond).UTC() }
