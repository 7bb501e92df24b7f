package memory

import (
	"context"
	"fmt"

	"tabletop/store"
)

// SetLastTraitSlot implements store.Store.
func (s *Store) SetLastTraitSlot(ctx context.Context, id store.AccountID, slot int) error {
	a, unlock, err := s.writeAccount(ctx, id, "set last trait slot")
	if err != nil {
		return err
	}
	defer unlock()
	a.lastSlot, a.hasLastSlot = slot, true
	return nil
}

// LastTraitSlot implements store.Store.
func (s *Store) LastTraitSlot(ctx context.Context, id store.AccountID) (int, error) {
	unlock, err := s.read(ctx, "store: read last trait slot")
	if err != nil {
		return 0, err
	}
	defer unlock()
	a := s.db.accounts[id]
	if a == nil || !a.hasLastSlot {
		return 0, fmt.Errorf("store: last trait slot of account %d: %w", id, store.ErrNotFound)
	}
	return a.lastSlot, nil
}
