package storetest

import (
	"testing"

	"tabletop/store"
)

// testLastTraitSlot covers the waiting room's remembered trait slot
// (UI-216): replaced by each write, negative numbers kept, per account,
// surviving a restart, gone with the account.
func testLastTraitSlot(t *testing.T, e *env) {
	a, b := e.guest(t, "A"), e.guest(t, "B")
	_, err := e.s.LastTraitSlot(e.ctx, a.ID)
	wantErr(t, "LastTraitSlot(never set)", err, store.ErrNotFound)
	_, err = e.s.LastTraitSlot(e.ctx, 999999)
	wantErr(t, "LastTraitSlot(unknown)", err, store.ErrNotFound)
	wantErr(t, "SetLastTraitSlot(unknown)", e.s.SetLastTraitSlot(e.ctx, 999999, 1), store.ErrNotFound)

	must(t, e.s.SetLastTraitSlot(e.ctx, a.ID, 3))
	must(t, e.s.SetLastTraitSlot(e.ctx, a.ID, -2))
	must(t, e.s.SetLastTraitSlot(e.ctx, b.ID, 0))
	e.reopen(t)
	for _, w := range []struct {
		id   store.AccountID
		want int
	}{{a.ID, -2}, {b.ID, 0}} {
		if got, err := e.s.LastTraitSlot(e.ctx, w.id); err != nil || got != w.want {
			t.Errorf("LastTraitSlot(%d) = %d, %v, want %d", w.id, got, err, w.want)
		}
	}
	must(t, e.s.DeleteAccount(e.ctx, a.ID))
	_, err = e.s.LastTraitSlot(e.ctx, a.ID)
	wantErr(t, "LastTraitSlot(deleted)", err, store.ErrNotFound)
}
