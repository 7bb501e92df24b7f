// Sessions: login tokens, stored by hash, each naming an account until
// it expires.

package memory

import (
	"context"
	"errors"
	"fmt"
	"time"

	"tabletop/store"
)

type session struct {
	account   store.AccountID
	expiresMS int64
}

// CreateSession implements store.Store.
func (s *Store) CreateSession(ctx context.Context, tokenHash []byte, id store.AccountID, expires time.Time) error {
	if len(tokenHash) == 0 {
		return errors.New("store: create session: empty token hash")
	}
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	key := string(tokenHash)
	// As in SQL, the key's uniqueness is checked before the account.
	if _, ok := s.db.sessions[key]; ok {
		return fmt.Errorf("store: create session: token hash exists: %w", store.ErrConflict)
	}
	if s.db.accounts[id] == nil {
		return fmt.Errorf("store: create session: account %d: %w", id, store.ErrNotFound)
	}
	s.db.sessions[key] = &session{account: id, expiresMS: expires.UnixMilli()}
	return nil
}

// SessionAccount implements store.Store.
func (s *Store) SessionAccount(ctx context.Context, tokenHash []byte, now time.Time) (store.Account, error) {
	unlock, err := s.read(ctx, "store: session")
	if err != nil {
		return store.Account{}, err
	}
	defer unlock()
	ses := s.db.sessions[string(tokenHash)]
	if ses == nil || ses.expiresMS <= now.UnixMilli() {
		return store.Account{}, fmt.Errorf("store: session: %w", store.ErrNotFound)
	}
	a := s.db.accounts[ses.account]
	if a == nil { // cannot happen: sessions go with their account
		return store.Account{}, fmt.Errorf("store: session: %w", store.ErrNotFound)
	}
	return a.record(), nil
}

// DeleteSession implements store.Store.
func (s *Store) DeleteSession(ctx context.Context, tokenHash []byte) error {
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	key := string(tokenHash)
	if _, ok := s.db.sessions[key]; !ok {
		return fmt.Errorf("store: delete session: %w", store.ErrNotFound)
	}
	delete(s.db.sessions, key)
	return nil
}

// PurgeSessions implements store.Store.
func (s *Store) PurgeSessions(ctx context.Context, now time.Time) (int, error) {
	unlock, err := s.write(ctx)
	if err != nil {
		return 0, err
	}
	defer unlock()
	cut, n := now.UnixMilli(), 0
	for k, ses := range s.db.sessions {
		if ses.expiresMS <= cut {
			delete(s.db.sessions, k)
			n++
		}
	}
	return n, nil
}

// DeleteSessionsExcept implements store.Store.
func (s *Store) DeleteSessionsExcept(ctx context.Context, id store.AccountID, keep []byte) (int, error) {
	unlock, err := s.write(ctx)
	if err != nil {
		return 0, err
	}
	defer unlock()
	n := 0
	for k, ses := range s.db.sessions {
		if ses.account == id && (keep == nil || k != string(keep)) {
			delete(s.db.sessions, k)
			n++
		}
	}
	return n, nil
}
