package sqlstore

import (
	"context"
	"errors"
	"fmt"
	"time"

	"tabletop/store"
)

// A friendship is one row of friends: from_id asked to_id at created_ms;
// accepted_ms is NULL while the request is pending. The schema allows one
// row per pair of accounts, whichever direction.

// RequestFriend implements store.Store.
func (s *Store) RequestFriend(ctx context.Context, from, to store.AccountID) error {
	if from == to {
		return fmt.Errorf("store: account %d cannot befriend itself: %w", from, store.ErrConflict)
	}
	created := s.now().UnixMilli()
	return s.write(ctx, func(ctx context.Context, tx Tx) error {
		var one int
		err := tx.QueryRow(ctx, `SELECT 1 FROM friends WHERE (from_id = ? AND to_id = ?) OR (from_id = ? AND to_id = ?)`,
			int64(from), int64(to), int64(to), int64(from)).Scan(&one)
		switch {
		case err == nil:
			return fmt.Errorf("store: friend request %d to %d: the two are already related: %w", from, to, store.ErrConflict)
		case !errors.Is(err, ErrNoRows):
			return fmt.Errorf("store: friend request: %w", err)
		}
		_, err = tx.Exec(ctx, `INSERT INTO friends (from_id, to_id, created_ms) VALUES (?, ?, ?)`, int64(from), int64(to), created)
		switch {
		case err == nil:
			return nil
		case s.b.IsForeignKey(err):
			return fmt.Errorf("store: friend request %d to %d: unknown account: %w", from, to, store.ErrNotFound)
		case s.b.IsUnique(err):
			return fmt.Errorf("store: friend request %d to %d: %w", from, to, store.ErrConflict)
		}
		return fmt.Errorf("store: friend request: %w", err)
	})
}

// AcceptFriend implements store.Store.
func (s *Store) AcceptFriend(ctx context.Context, id, from store.AccountID) error {
	accepted := s.now().UnixMilli()
	return s.write(ctx, func(ctx context.Context, tx Tx) error {
		n, err := tx.Exec(ctx, `UPDATE friends SET accepted_ms = ? WHERE from_id = ? AND to_id = ? AND accepted_ms IS NULL`,
			accepted, int64(from), int64(id))
		return changed(n, err, "store: accept friend request %d to %d", from, id)
	})
}

// RemoveFriend implements store.Store.
func (s *Store) RemoveFriend(ctx context.Context, id, other store.AccountID) error {
	return s.write(ctx, func(ctx context.Context, tx Tx) error {
		n, err := tx.Exec(ctx, `DELETE FROM friends WHERE (from_id = ? AND to_id = ?) OR (from_id = ? AND to_id = ?)`,
			int64(id), int64(other), int64(other), int64(id))
		return changed(n, err, "store: remove friend %d of %d", other, id)
	})
}

// Friends implements store.Store.
func (s *Store) Friends(ctx context.Context, id store.AccountID) ([]store.Friend, error) {
	if err := s.read(); err != nil {
		return nil, err
	}
	rows, err := s.b.Read.Query(ctx, `
		SELECT f.to_id, a.display_name, a.icon, f.created_ms, f.accepted_ms, 1
		FROM friends f JOIN accounts a ON a.id = f.to_id WHERE f.from_id = ?
		UNION ALL
		SELECT f.from_id, a.display_name, a.icon, f.created_ms, f.accepted_ms, 0
		FROM friends f JOIN accounts a ON a.id = f.from_id WHERE f.to_id = ?
		ORDER BY 1`, int64(id), int64(id))
	out, err := collect(rows, err, func(r Rows) (store.Friend, error) {
		var (
			f        store.Friend
			created  int64
			accepted *int64
			asked    int
		)
		err := r.Scan(&f.Account, &f.DisplayName, &f.Icon, &created, &accepted, &asked)
		switch {
		case accepted != nil:
			f.State, f.Since = store.FriendAccepted, fromMS(accepted)
		case asked == 1:
			f.State, f.Since = store.FriendOutgoing, fromMS(&created)
		default:
			f.State, f.Since = store.FriendIncoming, fromMS(&created)
		}
		return f, err
	})
	return out, wrap(err, "store: friends")
}

// SaveTraitSlot implements store.Store.
func (s *Store) SaveTraitSlot(ctx context.Context, id store.AccountID, slot int, data []byte) error {
	if slot < 0 || len(data) == 0 {
		return fmt.Errorf("store: save trait slot %d: negative slot or no data", slot)
	}
	updated := s.now().UnixMilli()
	return s.write(ctx, func(ctx context.Context, tx Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO trait_slots (account_id, slot, data, updated_ms) VALUES (?, ?, ?, ?)
			ON CONFLICT (account_id, slot) DO UPDATE SET data = excluded.data, updated_ms = excluded.updated_ms`,
			int64(id), slot, data, updated)
		if err != nil && s.b.IsForeignKey(err) {
			return fmt.Errorf("store: save trait slot: account %d: %w", id, store.ErrNotFound)
		}
		return wrap(err, "store: save trait slot")
	})
}

// TraitSlots implements store.Store.
func (s *Store) TraitSlots(ctx context.Context, id store.AccountID) ([]store.TraitSlot, error) {
	if err := s.read(); err != nil {
		return nil, err
	}
	rows, err := s.b.Read.Query(ctx, `SELECT slot, data, updated_ms FROM trait_slots WHERE account_id = ? ORDER BY slot`, int64(id))
	out, err := collect(rows, err, func(r Rows) (store.TraitSlot, error) {
		var (
			t       store.TraitSlot
			data    []byte
			updated int64
		)
		err := r.Scan(&t.Slot, &data, &updated)
		t.Data = data
		t.Updated = time.UnixMilli(updated).UTC()
		return t, err
	})
	return out, wrap(err, "store: trait slots")
}

// DeleteTraitSlot implements store.Store.
func (s *Store) DeleteTraitSlot(ctx context.Context, id store.AccountID, slot int) error {
	return s.write(ctx, func(ctx context.Context, tx Tx) error {
		n, err := tx.Exec(ctx, `DELETE FROM trait_slots WHERE account_id = ? AND slot = ?`, int64(id), slot)
		return changed(n, err, "store: delete trait slot %d of account %d", slot, id)
	})
}
