package sqlstore

import (
	"context"
	"errors"
	"fmt"

	"tabletop/store"
)

// SetLastTraitSlot implements store.Store.
func (s *Store) SetLastTraitSlot(ctx context.Context, id store.AccountID, slot int) error {
	return s.write(ctx, func(ctx context.Context, tx Tx) error {
		_, err := tx.Exec(ctx, `INSERT INTO last_trait_slots (account_id, slot) VALUES (?, ?)
			ON CONFLICT (account_id) DO UPDATE SET slot = excluded.slot`, int64(id), slot)
		if err != nil && s.b.IsForeignKey(err) {
			return fmt.Errorf("store: set last trait slot: account %d: %w", id, store.ErrNotFound)
		}
		return wrap(err, "store: set last trait slot")
	})
}

// LastTraitSlot implements store.Store.
func (s *Store) LastTraitSlot(ctx context.Context, id store.AccountID) (int, error) {
	if err := s.read(); err != nil {
		return 0, err
	}
	var slot int
	err := s.b.Read.QueryRow(ctx, `SELECT slot FROM last_trait_slots WHERE account_id = ?`, int64(id)).Scan(&slot)
	if errors.Is(err, ErrNoRows) {
		return 0, fmt.Errorf("store: last trait slot of account %d: %w", id, store.ErrNotFound)
	}
	return slot, wrap(err, "store: read last trait slot")
}
