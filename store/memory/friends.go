// Friends: one friendship per pair of accounts, pending until the
// asked account accepts it.

package memory

import (
	"context"
	"fmt"
	"sort"

	"tabletop/store"
)

// pair is two accounts, lower id first: one friendship per pair.
type pair struct{ lo, hi store.AccountID }

func pairOf(a, b store.AccountID) pair {
	if a > b {
		a, b = b, a
	}
	return pair{a, b}
}

// friendship is from asking to; accepted is false while pending.
type friendship struct {
	from, to   store.AccountID
	createdMS  int64
	accepted   bool
	acceptedMS int64
}

// RequestFriend implements store.Store.
func (s *Store) RequestFriend(ctx context.Context, from, to store.AccountID) error {
	if from == to {
		return fmt.Errorf("store: account %d cannot befriend itself: %w", from, store.ErrConflict)
	}
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	db := s.db
	k := pairOf(from, to)
	if db.friends[k] != nil {
		return fmt.Errorf("store: friend request %d to %d: the two are already related: %w", from, to, store.ErrConflict)
	}
	if db.accounts[from] == nil || db.accounts[to] == nil {
		return fmt.Errorf("store: friend request %d to %d: unknown account: %w", from, to, store.ErrNotFound)
	}
	db.friends[k] = &friendship{from: from, to: to, createdMS: db.nowMS()}
	return nil
}

// AcceptFriend implements store.Store.
func (s *Store) AcceptFriend(ctx context.Context, id, from store.AccountID) error {
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	f := s.db.friends[pairOf(id, from)]
	if f == nil || f.from != from || f.to != id || f.accepted {
		return fmt.Errorf("store: accept friend request %d to %d: %w", from, id, store.ErrNotFound)
	}
	f.accepted, f.acceptedMS = true, s.db.nowMS()
	return nil
}

// RemoveFriend implements store.Store.
func (s *Store) RemoveFriend(ctx context.Context, id, other store.AccountID) error {
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	k := pairOf(id, other)
	if s.db.friends[k] == nil {
		return fmt.Errorf("store: remove friend %d of %d: %w", other, id, store.ErrNotFound)
	}
	delete(s.db.friends, k)
	return nil
}

// Friends implements store.Store: ordered by the other account's id.
func (s *Store) Friends(ctx context.Context, id store.AccountID) ([]store.Friend, error) {
	unlock, err := s.read(ctx, "store: friends")
	if err != nil {
		return nil, err
	}
	defer unlock()
	var out []store.Friend
	for k, f := range s.db.friends {
		if k.lo != id && k.hi != id {
			continue
		}
		other, asked := f.to, true
		if f.to == id {
			other, asked = f.from, false
		}
		a := s.db.accounts[other]
		if a == nil {
			continue // cannot happen: friendships go with their accounts
		}
		fr := store.Friend{Account: other, Profile: a.profile}
		switch {
		case f.accepted:
			fr.State, fr.Since = store.FriendAccepted, fromMS(f.acceptedMS)
		case asked:
			fr.State, fr.Since = store.FriendOutgoing, fromMS(f.createdMS)
		default:
			fr.State, fr.Since = store.FriendIncoming, fromMS(f.createdMS)
		}
		out = append(out, fr)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Account < out[j].Account })
	return out, nil
}
