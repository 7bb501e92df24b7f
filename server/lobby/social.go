package lobby

import (
	"context"
	"errors"
	"fmt"

	"tabletop/store"
)

// Online counts a new connection of an account. The first one reads the
// account, its friends and its last used trait slot from the store, then
// tells its online friends it is online (UI-105). On error the
// connection is not counted: do not call Offline for it.
func (l *Lobby) Online(ctx context.Context, id store.AccountID) error {
	l.mu.Lock()
	u := l.user(id)
	u.conns++
	if u.grace != nil { // back within the grace period: nothing changed
		u.grace()
		u.grace = nil
	}
	if u.online || u.loading {
		l.mu.Unlock()
		return nil
	}
	u.loading = true
	l.mu.Unlock()

	p, friends, last, err := l.load(ctx, id)

	l.mu.Lock()
	defer l.mu.Unlock()
	u.loading = false
	if err != nil {
		u.conns--
		l.gc(u)
		return err
	}
	u.player = p
	u.last = last
	if u.conns == 0 { // every connection closed while we read
		l.gc(u)
		return nil
	}
	before := u.status()
	u.friends = friends
	u.online = true
	l.presenceChanged(u, before)
	return nil
}

// load reads what the lobby keeps of an online account.
func (l *Lobby) load(ctx context.Context, id store.AccountID) (Player, map[store.AccountID]bool, int, error) {
	acc, err := l.cfg.Store.Account(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return Player{}, nil, 0, fail(CodeNotFound, "no account %d", id)
	}
	if err != nil {
		return Player{}, nil, 0, storeFail(fmt.Sprintf("reading account %d", id), err)
	}
	fs, err := l.cfg.Store.Friends(ctx, id)
	if err != nil {
		return Player{}, nil, 0, storeFail(fmt.Sprintf("reading the friends of %d", id), err)
	}
	friends := make(map[store.AccountID]bool)
	for _, f := range fs {
		if f.State == store.FriendAccepted {
			friends[f.Account] = true
		}
	}
	last, err := l.cfg.Store.LastTraitSlot(ctx, id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		last = SlotBasic1 // the first game (UI-217)
	case err != nil:
		return Player{}, nil, 0, storeFail(fmt.Sprintf("reading the last trait slot of %d", id), err)
	}
	return playerOf(acc), friends, last, nil
}

// playerOf is what others see of an account.
func playerOf(a store.Account) Player {
	return Player{Account: a.ID, Username: a.Username, DisplayName: a.DisplayName, Icon: a.Icon, Level: a.Level}
}

// Offline counts a closed connection of an account. When the last one
// closes and stays closed for Config.OfflineGrace, the account goes
// offline: it leaves its queue (with its whole party) and its party, its
// pending invites end, and its friends see it offline. An account in a
// waiting room keeps its seat (the room starts without waiting for it).
func (l *Lobby) Offline(id store.AccountID) {
	l.mu.Lock()
	defer l.mu.Unlock()
	u := l.users[id]
	if u == nil || u.conns == 0 {
		return
	}
	u.conns--
	if u.conns > 0 || !u.online {
		l.gc(u)
		return
	}
	if l.closed || l.cfg.OfflineGrace < 0 {
		l.goOffline(u)
		return
	}
	u.graceN++
	n := u.graceN
	u.grace = l.cfg.AfterFunc(l.cfg.OfflineGrace, func() {
		l.mu.Lock()
		defer l.mu.Unlock()
		if l.users[id] == u && u.graceN == n && u.grace != nil && u.conns == 0 && u.online {
			u.grace = nil
			l.goOffline(u)
		}
	})
}

// goOffline takes an account with no connection out of the social state.
func (l *Lobby) goOffline(u *user) {
	before := u.status()
	if u.ticket != nil {
		l.cancelTicket(u.ticket, "member_offline")
	}
	if u.party != nil {
		l.leaveParty(u, "left")
	}
	for _, from := range sortedIDs(u.invites) {
		if p := l.dropInvite(u, from, "declined"); p != nil {
			l.pushParty(p, "")
		}
	}
	u.online = false
	l.presenceChanged(u, before)
	u.friends = nil
	l.gc(u)
}

// SetPlaying records that an account plays a live match (its friends see
// the red light, UI-104, and it cannot be invited or queued). The lobby
// calls it itself for the humans of the matches its rooms start; the
// gateway calls it when a player rejoins a match.
func (l *Lobby) SetPlaying(id store.AccountID, match store.MatchID) {
	l.mu.Lock()
	defer l.mu.Unlock()
	u := l.user(id)
	before := u.status()
	u.match = match
	l.presenceChanged(u, before)
	l.gc(u)
}

// ClearPlaying records that an account's match ended or that it left it
// (back to the menu: the green light, UI-105).
func (l *Lobby) ClearPlaying(id store.AccountID) {
	l.mu.Lock()
	defer l.mu.Unlock()
	u := l.users[id]
	if u == nil {
		return
	}
	before := u.status()
	u.match = 0
	l.presenceChanged(u, before)
	l.gc(u)
}

// Presence returns an account's status (UI-103..105).
func (l *Lobby) Presence(id store.AccountID) Status {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.statusOf(id)
}

// Refresh re-reads an account's profile and level (after it changed its
// display name or icon, or finished a match) so that its party, its
// waiting room and its online friends show them: the party and the room
// get a "party" or "room" message, and each online friend a "friend"
// message with Event "updated". Nothing is pushed when nothing that
// others see changed (experience is not shown, a level is), and nothing
// for an account the lobby does not hold (offline and in no room, party
// or match: friend lists read the store).
func (l *Lobby) Refresh(ctx context.Context, id store.AccountID) error {
	acc, err := l.cfg.Store.Account(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return fail(CodeNotFound, "no account %d", id)
	}
	if err != nil {
		return storeFail(fmt.Sprintf("reading account %d", id), err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	u := l.users[id]
	if u == nil {
		return nil
	}
	p := playerOf(acc)
	if p == u.player {
		return nil
	}
	u.player = p
	if u.party != nil {
		l.pushParty(u.party, "")
	}
	if r := u.room; r != nil {
		// A seat keeps a copy of its player (the seat outlives a leaver).
		r.seats[r.seatOf(u)].player = p
		if !r.starting {
			l.pushRoom(r)
		}
	}
	if u.online {
		f := FriendInfo{Player: p, State: store.FriendAccepted.String(), Presence: u.status()}
		for _, to := range sortedIDs(u.friends) {
			if fu := l.users[to]; fu != nil && fu.online {
				l.push(to, TypeFriend, FriendEvent{Event: "updated", Friend: f})
			}
		}
	}
	return nil
}

// Friends lists an account's friends and friend requests, each with its
// profile and level, and the presence of its friends (UI-102..108).
func (l *Lobby) Friends(ctx context.Context, id store.AccountID) ([]FriendInfo, error) {
	fs, err := l.cfg.Store.Friends(ctx, id)
	if err != nil {
		return nil, storeFail(fmt.Sprintf("reading the friends of %d", id), err)
	}
	out := make([]FriendInfo, 0, len(fs))
	for _, f := range fs {
		acc, err := l.cfg.Store.Account(ctx, f.Account)
		if errors.Is(err, store.ErrNotFound) {
			continue // deleted meanwhile
		}
		if err != nil {
			return nil, storeFail(fmt.Sprintf("reading friend %d", f.Account), err)
		}
		out = append(out, FriendInfo{Player: playerOf(acc), State: f.State.String(), Since: f.Since})
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for i := range out {
		if out[i].State == store.FriendAccepted.String() {
			out[i].Presence = l.statusOf(out[i].Account)
		}
	}
	return out, nil
}

// RequestFriend asks the registered account with that username to be
// from's friend (GAP-64: added by ID, accepted by the other). The
// username is matched in any case ("BOB" finds "bob": usernames are
// stored folded, see auth.NormalizeUsername). The other account gets a
// "friend_request" message; the result is the new entry of from's list.
func (l *Lobby) RequestFriend(ctx context.Context, from store.AccountID, username string) (FriendInfo, error) {
	username = foldUsername(username)
	to, err := l.cfg.Store.AccountByUsername(ctx, username)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return FriendInfo{}, fail(CodeNotFound, "no account named %q", username)
	case err != nil:
		return FriendInfo{}, storeFail("finding "+username, err)
	case to.ID == from:
		return FriendInfo{}, fail(CodeBadRequest, "a friend request to oneself")
	}
	me, err := l.cfg.Store.Account(ctx, from)
	if errors.Is(err, store.ErrNotFound) {
		return FriendInfo{}, fail(CodeNotFound, "no account %d", from)
	}
	if err != nil {
		return FriendInfo{}, storeFail(fmt.Sprintf("reading account %d", from), err)
	}
	err = l.cfg.Store.RequestFriend(ctx, from, to.ID)
	switch {
	case errors.Is(err, store.ErrConflict):
		return FriendInfo{}, fail(CodeConflict, "%s is already a friend or has a request pending", username)
	case errors.Is(err, store.ErrNotFound):
		return FriendInfo{}, fail(CodeNotFound, "no account %d", from)
	case err != nil:
		return FriendInfo{}, storeFail("recording the friend request", err)
	}
	now := wireTime(l.cfg.Now())
	l.mu.Lock()
	defer l.mu.Unlock()
	l.push(to.ID, TypeFriendRequest, FriendInfo{Player: playerOf(me), State: store.FriendIncoming.String(), Since: now})
	return FriendInfo{Player: playerOf(to), State: store.FriendOutgoing.String(), Since: now}, nil
}

// AcceptFriend accepts the friend request from "from" to id. Both see
// each other's presence from now on; "from" gets a "friend" message. The
// result is from's entry in id's list.
func (l *Lobby) AcceptFriend(ctx context.Context, id, from store.AccountID) (FriendInfo, error) {
	if err := l.cfg.Store.AcceptFriend(ctx, id, from); errors.Is(err, store.ErrNotFound) {
		return FriendInfo{}, fail(CodeNotFound, "no friend request from %d to %d", from, id)
	} else if err != nil {
		return FriendInfo{}, storeFail("accepting the friend request", err)
	}
	me, err1 := l.cfg.Store.Account(ctx, id)
	them, err2 := l.cfg.Store.Account(ctx, from)
	if err := errors.Join(err1, err2); err != nil {
		return FriendInfo{}, storeFail("reading the new friends", err)
	}
	now := wireTime(l.cfg.Now())
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, p := range [2][2]store.AccountID{{id, from}, {from, id}} {
		if u := l.users[p[0]]; u != nil && u.friends != nil {
			u.friends[p[1]] = true
		}
	}
	accepted := store.FriendAccepted.String()
	l.push(from, TypeFriend, FriendEvent{Event: "accepted", Friend: FriendInfo{Player: playerOf(me), State: accepted, Presence: l.statusOf(id), Since: now}})
	return FriendInfo{Player: playerOf(them), State: accepted, Presence: l.statusOf(from), Since: now}, nil
}

// RemoveFriend ends the friendship or the request between id and other,
// whichever direction it has: unfriend, decline and withdraw are all
// this. The other account gets a "friend" message with Event "removed".
// Parties are not touched.
func (l *Lobby) RemoveFriend(ctx context.Context, id, other store.AccountID) error {
	if err := l.cfg.Store.RemoveFriend(ctx, id, other); errors.Is(err, store.ErrNotFound) {
		return fail(CodeNotFound, "%d and %d are neither friends nor asked", id, other)
	} else if err != nil {
		return storeFail("removing the friend", err)
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, p := range [2][2]store.AccountID{{id, other}, {other, id}} {
		if u := l.users[p[0]]; u != nil && u.friends != nil {
			delete(u.friends, p[1])
		}
	}
	l.push(other, TypeFriend, FriendEvent{Event: "removed", Friend: FriendInfo{Player: Player{Account: id}, State: store.FriendNone.String()}})
	return nil
}

// foldUsername folds a username as auth.NormalizeUsername does (ASCII
// A-Z to a-z, nothing else: usernames are ASCII), so that every caller of
// RequestFriend finds an account in any case.
func foldUsername(name string) string {
	b := []byte(name)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
