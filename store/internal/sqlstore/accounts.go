package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"tabletop/store"
)

const accountColumns = `a.id, a.username, a.password_hash, a.display_name, a.icon, a.level, a.xp, a.created_ms`

func scanAccount(r Row) (store.Account, error) {
	var (
		a        store.Account
		username *string
		created  int64
	)
	err := r.Scan(&a.ID, &username, &a.PasswordHash, &a.DisplayName, &a.Icon, &a.Level, &a.XP, &created)
	if username != nil {
		a.Username = *username
	}
	a.Created = time.UnixMilli(created).UTC()
	return a, err
}

// CreateGuest implements store.Store.
func (s *Store) CreateGuest(ctx context.Context, p store.Profile) (store.Account, error) {
	return s.createAccount(ctx, "", nil, p)
}

// Register implements store.Store.
func (s *Store) Register(ctx context.Context, username string, passwordHash []byte, p store.Profile) (store.Account, error) {
	if username == "" || len(passwordHash) == 0 {
		return store.Account{}, errors.New("store: register: empty username or password hash")
	}
	return s.createAccount(ctx, username, passwordHash, p)
}

func (s *Store) createAccount(ctx context.Context, username string, hash []byte, p store.Profile) (store.Account, error) {
	a := store.Account{Username: username, PasswordHash: slices.Clone(hash), Profile: p, Level: 1}
	a.Created = s.now().Truncate(time.Millisecond).UTC()
	var user any
	if username != "" {
		user = username
	}
	err := s.write(ctx, func(ctx context.Context, tx Tx) error {
		err := tx.QueryRow(ctx, `INSERT INTO accounts (username, password_hash, display_name, icon, level, xp, created_ms)
			VALUES (?, ?, ?, ?, ?, 0, ?) RETURNING id`,
			user, hash, p.DisplayName, p.Icon, a.Level, a.Created.UnixMilli()).Scan(&a.ID)
		if err != nil && s.b.IsUnique(err) {
			return fmt.Errorf("store: username %q is taken: %w", username, store.ErrConflict)
		}
		return err
	})
	if err != nil {
		return store.Account{}, wrap(err, "store: create account")
	}
	return a, nil
}

// UpgradeGuest implements store.Store.
func (s *Store) UpgradeGuest(ctx context.Context, id store.AccountID, username string, passwordHash []byte) error {
	if username == "" || len(passwordHash) == 0 {
		return errors.New("store: upgrade guest: empty username or password hash")
	}
	return s.write(ctx, func(ctx context.Context, tx Tx) error {
		n, err := tx.Exec(ctx, `UPDATE accounts SET username = ?, password_hash = ? WHERE id = ? AND username IS NULL`,
			username, passwordHash, int64(id))
		switch {
		case err != nil && s.b.IsUnique(err):
			return fmt.Errorf("store: upgrade guest %d: username %q is taken: %w", id, username, store.ErrConflict)
		case err != nil:
			return fmt.Errorf("store: upgrade guest %d: %w", id, err)
		case n == 1:
			return nil
		}
		if _, err := s.accountTx(ctx, tx, id); err != nil {
			return fmt.Errorf("store: upgrade guest: %w", err)
		}
		return fmt.Errorf("store: upgrade guest: account %d is registered: %w", id, store.ErrConflict)
	})
}

// accountTx reads an account inside a write.
func (s *Store) accountTx(ctx context.Context, q Querier, id store.AccountID) (store.Account, error) {
	a, err := scanAccount(q.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts a WHERE a.id = ?`, int64(id)))
	if errors.Is(err, ErrNoRows) {
		return a, fmt.Errorf("account %d: %w", id, store.ErrNotFound)
	}
	return a, err
}

// Account implements store.Store.
func (s *Store) Account(ctx context.Context, id store.AccountID) (store.Account, error) {
	if err := s.read(); err != nil {
		return store.Account{}, err
	}
	a, err := s.accountTx(ctx, s.b.Read, id)
	return a, wrap(err, "store: read account")
}

// AccountByUsername implements store.Store.
func (s *Store) AccountByUsername(ctx context.Context, username string) (store.Account, error) {
	if err := s.read(); err != nil {
		return store.Account{}, err
	}
	a, err := scanAccount(s.b.Read.QueryRow(ctx, `SELECT `+accountColumns+` FROM accounts a WHERE a.username = ?`, username))
	if errors.Is(err, ErrNoRows) {
		return a, fmt.Errorf("store: username %q: %w", username, store.ErrNotFound)
	}
	return a, wrap(err, "store: read account")
}

// SetPassword implements store.Store.
func (s *Store) SetPassword(ctx context.Context, id store.AccountID, passwordHash []byte) error {
	if len(passwordHash) == 0 {
		return errors.New("store: set password: empty hash")
	}
	return s.write(ctx, func(ctx context.Context, tx Tx) error {
		n, err := tx.Exec(ctx, `UPDATE accounts SET password_hash = ? WHERE id = ? AND username IS NOT NULL`, passwordHash, int64(id))
		if err != nil || n == 1 {
			return wrap(err, "store: set password")
		}
		if _, err := s.accountTx(ctx, tx, id); err != nil {
			return fmt.Errorf("store: set password: %w", err)
		}
		return fmt.Errorf("store: set password: account %d is a guest: %w", id, store.ErrConflict)
	})
}

// SetProfile implements store.Store.
func (s *Store) SetProfile(ctx context.Context, id store.AccountID, p store.Profile) error {
	return s.write(ctx, func(ctx context.Context, tx Tx) error {
		n, err := tx.Exec(ctx, `UPDATE accounts SET display_name = ?, icon = ? WHERE id = ?`, p.DisplayName, p.Icon, int64(id))
		return changed(n, err, "store: set profile of account %d", id)
	})
}

// DeleteAccount implements store.Store.
func (s *Store) DeleteAccount(ctx context.Context, id store.AccountID) error {
	return s.write(ctx, func(ctx context.Context, tx Tx) error {
		n, err := tx.Exec(ctx, `DELETE FROM accounts WHERE id = ?`, int64(id))
		return changed(n, err, "store: delete account %d", id)
	})
}

// CreateSession implements store.Store.
func (s *Store) CreateSession(ctx context.Context, tokenHash []byte, id store.AccountID, expires time.Time) error {
	if len(tokenHash) == 0 {
		return errors.New("store: create session: empty token hash")
	}
	created := s.now().UnixMilli()
	return s.write(ctx, func(ctx context.Context, tx Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO sessions (token_hash, account_id, created_ms, expires_ms) VALUES (?, ?, ?, ?)`,
			tokenHash, int64(id), created, expires.UnixMilli())
		switch {
		case err == nil:
			return nil
		case s.b.IsForeignKey(err):
			return fmt.Errorf("store: create session: account %d: %w", id, store.ErrNotFound)
		case s.b.IsUnique(err):
			return fmt.Errorf("store: create session: token hash exists: %w", store.ErrConflict)
		}
		return fmt.Errorf("store: create session: %w", err)
	})
}

// SessionAccount implements store.Store.
func (s *Store) SessionAccount(ctx context.Context, tokenHash []byte, now time.Time) (store.Account, error) {
	if err := s.read(); err != nil {
		return store.Account{}, err
	}
	a, err := scanAccount(s.b.Read.QueryRow(ctx, `SELECT `+accountColumns+`
		FROM sessions s JOIN accounts a ON a.id = s.account_id
		WHERE s.token_hash = ? AND s.expires_ms > ?`, tokenHash, now.UnixMilli()))
	if errors.Is(err, ErrNoRows) {
		return a, fmt.Errorf("store: session: %w", store.ErrNotFound)
	}
	return a, wrap(err, "store: session")
}

// DeleteSession implements store.Store.
func (s *Store) DeleteSession(ctx context.Context, tokenHash []byte) error {
	return s.write(ctx, func(ctx context.Context, tx Tx) error {
		n, err := tx.Exec(ctx, `DELETE FROM sessions WHERE token_hash = ?`, tokenHash)
		return changed(n, err, "store: delete session")
	})
}

// PurgeSessions implements store.Store.
func (s *Store) PurgeSessions(ctx context.Context, now time.Time) (int, error) {
	var purged int64
	err := s.write(ctx, func(ctx context.Context, tx Tx) error {
		var err error
		purged, err = tx.Exec(ctx, `DELETE FROM sessions WHERE expires_ms <= ?`, now.UnixMilli())
		return wrap(err, "store: purge sessions")
	})
	return int(purged), err
}

// changed turns an update's row count into ErrNotFound when it is 0.
func changed(n int64, err error, format string, args ...any) error {
	if err != nil {
		return fmt.Errorf(format+": %w", append(args, err)...)
	}
	if n == 0 {
		return fmt.Errorf(format+": %w", append(args, store.ErrNotFound)...)
	}
	return nil
}

// wrap prefixes err with what was being done, unless it is nil or
// already names the store (the errors the methods make themselves).
func wrap(err error, doing string) error {
	if err == nil || strings.HasPrefix(err.Error(), "store:") {
		return err
	}
	return fmt.Errorf("%s: %w", doing, err)
}

// DeleteSessionsExcept implements store.Store.
func (s *Store) DeleteSessionsExcept(ctx context.Context, id store.AccountID, keep []byte) (int, error) {
	var n int64
	err := s.write(ctx, func(ctx context.Context, tx Tx) error {
		var err error
		if keep == nil {
			n, err = tx.Exec(ctx, `DELETE FROM sessions WHERE account_id = ?`, int64(id))
		} else {
			n, err = tx.Exec(ctx, `DELETE FROM sessions WHERE account_id = ? AND token_hash <> ?`, int64(id), keep)
		}
		return wrap(err, fmt.Sprintf("store: delete sessions of account %d", id))
	})
	return int(n), err
}
