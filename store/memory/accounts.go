// Accounts: guests and registered players, their profiles and
// passwords, and the trait slots each account saves.

package memory

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"tabletop/store"
)

type account struct {
	id        store.AccountID
	username  string // "" for a guest
	hash      []byte // nil for a guest
	profile   store.Profile
	level     int
	xp        int64
	createdMS int64
	// lastSlot is the last used trait slot, if hasLastSlot.
	lastSlot    int
	hasLastSlot bool
}

func (a *account) record() store.Account {
	return store.Account{
		ID:           a.id,
		Username:     a.username,
		PasswordHash: clone(a.hash),
		Profile:      a.profile,
		Level:        a.level,
		XP:           a.xp,
		Created:      fromMS(a.createdMS),
	}
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
	unlock, err := s.write(ctx)
	if err != nil {
		return store.Account{}, err
	}
	defer unlock()
	db := s.db
	if username != "" {
		if _, taken := db.usernames[username]; taken {
			return store.Account{}, fmt.Errorf("store: username %q is taken: %w", username, store.ErrConflict)
		}
	}
	db.lastAccount++
	a := &account{id: db.lastAccount, username: username, hash: clone(hash), profile: p, level: 1, createdMS: db.nowMS()}
	db.accounts[a.id] = a
	if username != "" {
		db.usernames[username] = a.id
	}
	return a.record(), nil
}

// writeAccount takes the write lock and finds account id; what names the
// operation in the error when there is no such account. The caller
// unlocks.
func (s *Store) writeAccount(ctx context.Context, id store.AccountID, what string) (*account, func(), error) {
	unlock, err := s.write(ctx)
	if err != nil {
		return nil, nil, err
	}
	a := s.db.accounts[id]
	if a == nil {
		unlock()
		return nil, nil, fmt.Errorf("store: %s: account %d: %w", what, id, store.ErrNotFound)
	}
	return a, unlock, nil
}

// UpgradeGuest implements store.Store.
func (s *Store) UpgradeGuest(ctx context.Context, id store.AccountID, username string, passwordHash []byte) error {
	if username == "" || len(passwordHash) == 0 {
		return errors.New("store: upgrade guest: empty username or password hash")
	}
	a, unlock, err := s.writeAccount(ctx, id, "upgrade guest")
	if err != nil {
		return err
	}
	defer unlock()
	switch {
	case a.username != "":
		return fmt.Errorf("store: upgrade guest: account %d is registered: %w", id, store.ErrConflict)
	}
	if _, taken := s.db.usernames[username]; taken {
		return fmt.Errorf("store: upgrade guest %d: username %q is taken: %w", id, username, store.ErrConflict)
	}
	a.username, a.hash = username, clone(passwordHash)
	s.db.usernames[username] = id
	return nil
}

// Account implements store.Store.
func (s *Store) Account(ctx context.Context, id store.AccountID) (store.Account, error) {
	unlock, err := s.read(ctx, "store: read account")
	if err != nil {
		return store.Account{}, err
	}
	defer unlock()
	a := s.db.accounts[id]
	if a == nil {
		return store.Account{}, fmt.Errorf("store: read account: account %d: %w", id, store.ErrNotFound)
	}
	return a.record(), nil
}

// AccountByUsername implements store.Store.
func (s *Store) AccountByUsername(ctx context.Context, username string) (store.Account, error) {
	unlock, err := s.read(ctx, "store: read account")
	if err != nil {
		return store.Account{}, err
	}
	defer unlock()
	id, ok := s.db.usernames[username]
	if !ok {
		return store.Account{}, fmt.Errorf("store: username %q: %w", username, store.ErrNotFound)
	}
	return s.db.accounts[id].record(), nil
}

// SetPassword implements store.Store.
func (s *Store) SetPassword(ctx context.Context, id store.AccountID, passwordHash []byte) error {
	if len(passwordHash) == 0 {
		return errors.New("store: set password: empty hash")
	}
	a, unlock, err := s.writeAccount(ctx, id, "set password")
	if err != nil {
		return err
	}
	defer unlock()
	if a.username == "" {
		return fmt.Errorf("store: set password: account %d is a guest: %w", id, store.ErrConflict)
	}
	a.hash = clone(passwordHash)
	return nil
}

// SetProfile implements store.Store.
func (s *Store) SetProfile(ctx context.Context, id store.AccountID, p store.Profile) error {
	a, unlock, err := s.writeAccount(ctx, id, "set profile")
	if err != nil {
		return err
	}
	defer unlock()
	a.profile = p
	return nil
}

// DeleteAccount implements store.Store: its sessions, friendships and
// trait slots go with it; the seats it played are cleared.
func (s *Store) DeleteAccount(ctx context.Context, id store.AccountID) error {
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	db := s.db
	a := db.accounts[id]
	if a == nil {
		return fmt.Errorf("store: delete account %d: %w", id, store.ErrNotFound)
	}
	delete(db.accounts, id)
	if a.username != "" {
		delete(db.usernames, a.username)
	}
	for k, ses := range db.sessions {
		if ses.account == id {
			delete(db.sessions, k)
		}
	}
	for k := range db.friends {
		if k.lo == id || k.hi == id {
			delete(db.friends, k)
		}
	}
	delete(db.traitSlots, id)
	for _, m := range db.matches {
		for i := range m.seats {
			if m.seats[i].Account == id {
				m.seats[i].Account = 0
			}
		}
	}
	return nil
}

type traitSlot struct {
	data      []byte
	updatedMS int64
}

// SaveTraitSlot implements store.Store.
func (s *Store) SaveTraitSlot(ctx context.Context, id store.AccountID, slot int, data []byte) error {
	if slot < 0 || len(data) == 0 {
		return fmt.Errorf("store: save trait slot %d: negative slot or no data", slot)
	}
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	db := s.db
	if db.accounts[id] == nil {
		return fmt.Errorf("store: save trait slot: account %d: %w", id, store.ErrNotFound)
	}
	slots := db.traitSlots[id]
	if slots == nil {
		slots = make(map[int]*traitSlot)
		db.traitSlots[id] = slots
	}
	slots[slot] = &traitSlot{data: clone(data), updatedMS: db.nowMS()}
	return nil
}

// TraitSlots implements store.Store.
func (s *Store) TraitSlots(ctx context.Context, id store.AccountID) ([]store.TraitSlot, error) {
	unlock, err := s.read(ctx, "store: trait slots")
	if err != nil {
		return nil, err
	}
	defer unlock()
	var out []store.TraitSlot
	for n, t := range s.db.traitSlots[id] {
		out = append(out, store.TraitSlot{Slot: n, Data: clone(t.data), Updated: fromMS(t.updatedMS)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Slot < out[j].Slot })
	return out, nil
}

// DeleteTraitSlot implements store.Store.
func (s *Store) DeleteTraitSlot(ctx context.Context, id store.AccountID, slot int) error {
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	slots := s.db.traitSlots[id]
	if _, ok := slots[slot]; !ok {
		return fmt.Errorf("store: delete trait slot %d of account %d: %w", slot, id, store.ErrNotFound)
	}
	delete(slots, slot)
	if len(slots) == 0 {
		delete(s.db.traitSlots, id)
	}
	return nil
}
