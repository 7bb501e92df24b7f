package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"tabletop/server/auth"
	"tabletop/store"
)

// Account is one bot's account: its id and a session token.
type Account struct {
	ID    int64  `json:"id"`
	Token string `json:"token"`
}

// Pool is the set of accounts the bots use, kept in a file between runs
// (sessions last 30 days) so that a 10,000-connection run does not start
// by creating 10,000 accounts.
//
// Friendships form cliques: accounts [0, g), [g, 2g), ... with g =
// Friends+1 are all friends within their clique, so every account has
// Friends friends, and every change of its presence reaches Friends
// others. A trailing clique that is not full has no friendships yet; it
// gets them when the pool grows to fill it.
type Pool struct {
	Accounts []Account `json:"accounts"`
	// Friends is each account's number of friends (0: none).
	Friends int `json:"friends"`
	// Befriended is how many accounts, from the first, have their
	// clique's friendships in the store.
	Befriended int `json:"befriended"`
}

// LoadPool reads a pool file; a missing file is an empty pool.
func LoadPool(path string) (*Pool, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return &Pool{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("loadtest: account pool: %w", err)
	}
	var p Pool
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, fmt.Errorf("loadtest: account pool %s: %w", path, err)
	}
	return &p, nil
}

// Save writes the pool file (atomically: a crash leaves the old one).
func (p *Pool) Save(path string) error {
	b, err := json.Marshal(p)
	if err != nil {
		return fmt.Errorf("loadtest: account pool: %w", err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return fmt.Errorf("loadtest: account pool: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("loadtest: account pool: %w", err)
	}
	return nil
}

// Seeder creates accounts and friendships directly in a server's store:
// the bulk path for large runs. The sign-up limit of the REST API (one
// guest every 3 s per address after a burst of 20) would take hours for
// 10,000 guests, and friend requests need registered usernames, whose
// argon2id hashing costs tens of milliseconds each. The store's group-
// committing writer takes the seeder's concurrent writes in large
// batches, so 10,000 guests with 10 friends each take seconds. It works
// on the database of a running server too (SQLite WAL: the two writers
// take turns), but is quickest before the server starts.
type Seeder struct {
	Store store.Store
	Auth  *auth.Service
	// Workers is the number of concurrent writes (default 256).
	Workers int
	// Progress, if not nil, receives a line now and then.
	Progress func(string)
}

// Grow adds guests to p until it has n accounts, then the friendships of
// every full clique that lacks them. friends must match the pool's once
// it has friendships.
func (s *Seeder) Grow(ctx context.Context, p *Pool, n, friends int) error {
	if friends < 0 {
		return fmt.Errorf("loadtest: %d friends", friends)
	}
	if p.Befriended > 0 && p.Friends != friends {
		return fmt.Errorf("loadtest: the account pool was made with %d friends per account, not %d: use that, or start from a new pool (and data directory)", p.Friends, friends)
	}
	p.Friends = friends
	workers := s.Workers
	if workers <= 0 {
		workers = 256
	}
	if add := n - len(p.Accounts); add > 0 {
		s.progress("creating %d guest accounts in the store", add)
		start := len(p.Accounts)
		p.Accounts = append(p.Accounts, make([]Account, add)...)
		err := parallel(ctx, add, workers, func(ctx context.Context, i int) error {
			a, token, err := s.Auth.Guest(ctx, "Load "+strconv.Itoa(start+i))
			if err != nil {
				return err
			}
			p.Accounts[start+i] = Account{ID: int64(a.ID), Token: token}
			return nil
		})
		if err != nil {
			p.Accounts = compact(p.Accounts)
			return fmt.Errorf("loadtest: creating guests: %w", err)
		}
	}
	if friends == 0 {
		p.Befriended = len(p.Accounts)
		return nil
	}
	g := friends + 1
	full := len(p.Accounts) / g * g
	if full <= p.Befriended {
		return nil
	}
	var pairs [][2]Account
	for b := p.Befriended / g; b*g < full; b++ {
		clique := p.Accounts[b*g : b*g+g]
		for i := range clique {
			for j := i + 1; j < len(clique); j++ {
				pairs = append(pairs, [2]Account{clique[i], clique[j]})
			}
		}
	}
	s.progress("making %d friendships among %d accounts", len(pairs), full-p.Befriended)
	err := parallel(ctx, len(pairs), workers, func(ctx context.Context, i int) error {
		a, b := store.AccountID(pairs[i][0].ID), store.AccountID(pairs[i][1].ID)
		// A conflict is a request or friendship that a previous,
		// interrupted run made: accept it in case it is only a request.
		if err := s.Store.RequestFriend(ctx, a, b); err != nil && !errors.Is(err, store.ErrConflict) {
			return err
		}
		if err := s.Store.AcceptFriend(ctx, b, a); err != nil && !errors.Is(err, store.ErrNotFound) {
			return err
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("loadtest: making friends: %w", err)
	}
	p.Befriended = full
	return nil
}

func (s *Seeder) progress(format string, args ...any) {
	if s.Progress != nil {
		s.Progress(fmt.Sprintf(format, args...))
	}
}

// compact drops the zero accounts a failed Grow left.
func compact(as []Account) []Account {
	out := as[:0]
	for _, a := range as {
		if a.ID != 0 {
			out = append(out, a)
		}
	}
	return out
}

// parallel runs fn(0..n-1) on workers goroutines and returns the first
// error (the others stop taking work).
func parallel(ctx context.Context, n, workers int, fn func(ctx context.Context, i int) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var next atomic.Int64
	var once sync.Once
	var first error
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Go(func() {
			for ctx.Err() == nil {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				if err := fn(ctx, i); err != nil {
					once.Do(func() { first = err; cancel() })
					return
				}
			}
		})
	}
	wg.Wait()
	if first == nil && ctx.Err() != nil {
		// The parent context ended (ours is only cancelled on error).
		return context.Cause(ctx)
	}
	return first
}

// GuestsOverHTTP adds guests to p through POST /api/guest until it has n
// accounts, waiting out the server's sign-up limit (rate_limited,
// retry_after_ms) as a polite client would. It is the path for a server
// whose database the load generator cannot reach; it is slow beyond a few
// dozen accounts and makes no friendships.
func GuestsOverHTTP(ctx context.Context, hc *http.Client, base string, p *Pool, n int, progress func(string)) error {
	if hc == nil {
		hc = http.DefaultClient
	}
	url := strings.TrimRight(base, "/") + "/api/guest"
	for len(p.Accounts) < n {
		body := fmt.Sprintf(`{"display_name":"Load %d"}`, len(p.Accounts))
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
		if err != nil {
			return fmt.Errorf("loadtest: guest: %w", err)
		}
		req.Header.Set("Content-Type", "application/json")
		resp, err := hc.Do(req)
		if err != nil {
			return fmt.Errorf("loadtest: guest: %w", err)
		}
		b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		resp.Body.Close()
		if err != nil {
			return fmt.Errorf("loadtest: guest: %w", err)
		}
		var out struct {
			Account struct {
				ID int64 `json:"id"`
			} `json:"account"`
			Token string     `json:"token"`
			Error *WireError `json:"error"`
		}
		if err := json.Unmarshal(b, &out); err != nil {
			return fmt.Errorf("loadtest: guest: HTTP %d: %w", resp.StatusCode, err)
		}
		switch {
		case resp.StatusCode == http.StatusOK && out.Token != "":
			p.Accounts = append(p.Accounts, Account{ID: out.Account.ID, Token: out.Token})
		case out.Error != nil && out.Error.Code == "rate_limited":
			wait := time.Duration(out.Error.RetryAfterMS) * time.Millisecond
			if progress != nil {
				progress(fmt.Sprintf("%d/%d guests; the server limits sign-ups: waiting %s", len(p.Accounts), n, wait))
			}
			select {
			case <-time.After(max(wait, 100*time.Millisecond)):
			case <-ctx.Done():
				return fmt.Errorf("loadtest: guest: %w", ctx.Err())
			}
		default:
			return fmt.Errorf("loadtest: guest: HTTP %d: %s", resp.StatusCode, bytes.TrimSpace(b))
		}
	}
	return nil
}
