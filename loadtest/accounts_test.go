package loadtest

import (
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"tabletop/server/auth"
	"tabletop/store"
	"tabletop/store/memory"
)

// TestSeederGrow: the bulk path makes guests with working sessions and
// gives each account of a full clique its friends (UI-102: accepted
// friendships, as the lobby reads them); growing the pool fills the
// trailing clique without touching the others.
func TestSeederGrow(t *testing.T) {
	ctx := context.Background()
	st := memory.New()
	defer st.Close()
	svc := auth.New(st, auth.Options{})
	s := &Seeder{Store: st, Auth: svc, Workers: 8}
	p := &Pool{}

	if err := s.Grow(ctx, p, 5, 2); err != nil { // cliques of 3: one full, one partial
		t.Fatalf("Grow: %v", err)
	}
	if len(p.Accounts) != 5 || p.Befriended != 3 || p.Friends != 2 {
		t.Fatalf("pool = %d accounts, %d befriended, %d friends; want 5, 3, 2", len(p.Accounts), p.Befriended, p.Friends)
	}
	for _, a := range p.Accounts {
		got, err := svc.Authenticate(ctx, a.Token)
		if err != nil || int64(got.ID) != a.ID {
			t.Errorf("Authenticate(token of %d) = %d, %v", a.ID, got.ID, err)
		}
	}
	friendsOf := func(i int) []int64 {
		fs, err := st.Friends(ctx, store.AccountID(p.Accounts[i].ID))
		if err != nil {
			t.Fatal(err)
		}
		var out []int64
		for _, f := range fs {
			if f.State != store.FriendAccepted {
				t.Errorf("account %d: friendship with %d is %v, want accepted", i, f.Account, f.State)
			}
			out = append(out, int64(f.Account))
		}
		return out
	}
	if got := len(friendsOf(0)); got != 2 {
		t.Errorf("account 0 has %d friends, want 2", got)
	}
	if got := friendsOf(3); len(got) != 0 {
		t.Errorf("account 3 (partial clique) has friends %v, want none yet", got)
	}

	if err := s.Grow(ctx, p, 6, 2); err != nil {
		t.Fatalf("Grow to 6: %v", err)
	}
	if p.Befriended != 6 {
		t.Errorf("befriended = %d, want 6", p.Befriended)
	}
	want := []int64{p.Accounts[3].ID, p.Accounts[4].ID}
	got := friendsOf(5)
	if len(got) != 2 || !(reflect.DeepEqual(got, want) || reflect.DeepEqual(got, []int64{want[1], want[0]})) {
		t.Errorf("account 5's friends = %v, want its clique %v", got, want)
	}
	if got := len(friendsOf(0)); got != 2 {
		t.Errorf("account 0 has %d friends after growing, want still 2", got)
	}

	if err := s.Grow(ctx, p, 6, 3); err == nil || !strings.Contains(err.Error(), "2 friends") {
		t.Errorf("Grow with another friend count = %v, want an error naming the pool's", err)
	}
}

// TestPoolFile: a pool survives its file; a missing file is an empty
// pool.
func TestPoolFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pool.json")
	p, err := LoadPool(path)
	if err != nil || len(p.Accounts) != 0 {
		t.Fatalf("LoadPool(missing) = %+v, %v; want an empty pool", p, err)
	}
	p = &Pool{Accounts: []Account{{ID: 1, Token: "a"}, {ID: 2, Token: "b"}}, Friends: 1, Befriended: 2}
	if err := p.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := LoadPool(path)
	if err != nil || !reflect.DeepEqual(got, p) {
		t.Errorf("LoadPool = %+v, %v; want %+v", got, err, p)
	}
}
