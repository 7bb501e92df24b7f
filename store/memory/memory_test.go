package memory_test

import (
	"context"
	"errors"
	"testing"

	"tabletop/store"
	"tabletop/store/memory"
	"tabletop/store/storetest"
)

func TestStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) func() (store.Store, error) {
		// One database per test; each open is a new handle on it, so the
		// restart test finds what it wrote before closing.
		db := memory.NewDB()
		return func() (store.Store, error) { return db.Open(), nil }
	})
}

func TestNew(t *testing.T) {
	ctx := context.Background()
	s := memory.New()
	a, err := s.CreateGuest(ctx, store.Profile{DisplayName: "A"})
	if err != nil || a.ID != 1 {
		t.Fatalf("CreateGuest = %+v, %v, want account 1", a, err)
	}
	if err := s.Close(); err != nil {
		t.Fatalf("Close() = %v", err)
	}
	if _, err := s.Account(ctx, a.ID); !errors.Is(err, store.ErrClosed) {
		t.Errorf("Account after Close = %v, want ErrClosed", err)
	}
}

func TestCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	s := memory.New()
	defer s.Close()
	if _, err := s.CreateGuest(ctx, store.Profile{}); !errors.Is(err, context.Canceled) {
		t.Errorf("CreateGuest(canceled) = %v, want context.Canceled", err)
	}
	if _, err := s.Account(ctx, 1); !errors.Is(err, context.Canceled) {
		t.Errorf("Account(canceled) = %v, want context.Canceled", err)
	}
}

func TestHandles(t *testing.T) {
	ctx := context.Background()
	db := memory.NewDB()
	s1, s2 := db.Open(), db.Open()
	a, err := s1.Register(ctx, "ann", []byte("pw"), store.Profile{DisplayName: "Ann"})
	if err != nil {
		t.Fatalf("Register = %v", err)
	}
	a.PasswordHash[0] = 'X' // the caller's copy
	if err := s1.Close(); err != nil {
		t.Fatalf("Close() = %v", err)
	}
	got, err := s2.AccountByUsername(ctx, "ann")
	if err != nil || got.ID != a.ID || string(got.PasswordHash) != "pw" {
		t.Errorf("other handle: AccountByUsername(ann) = %+v, %v, want account %d with hash pw", got, err, a.ID)
	}
	if err := s2.Close(); err != nil {
		t.Fatalf("Close() = %v", err)
	}
}
