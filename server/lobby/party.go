package lobby

import (
	"context"
	"slices"

	"tabletop/store"
)

// party is a group that queues and plays together (UI-010, GAP-64).
type party struct {
	id      PartyID
	leader  store.AccountID
	members []*user // joining order
	invited map[store.AccountID]bool
}

// busy reports whether the party is queued or in a waiting room, when its
// members cannot change.
func (p *party) busy() bool {
	for _, m := range p.members {
		if m.ticket != nil || m.room != nil {
			return true
		}
	}
	return false
}

// info is the party as its members see it.
func (p *party) info() *PartyInfo {
	pi := &PartyInfo{ID: p.id, Leader: p.leader, Members: make([]Player, len(p.members)), Invited: sortedIDs(p.invited)}
	for i, m := range p.members {
		pi.Members[i] = m.player
		if m.ticket != nil {
			pi.Queue = m.ticket.players
		}
	}
	return pi
}

// pushParty sends the party to each member.
func (l *Lobby) pushParty(p *party, reason string) {
	info := p.info()
	for _, m := range p.members {
		l.push(m.id, TypeParty, PartyEvent{Party: info, Reason: reason})
	}
}

// online returns the account's entry if it is online.
func (l *Lobby) online(id store.AccountID) (*user, error) {
	u := l.users[id]
	if u == nil || !u.online {
		return nil, fail(CodeNotOnline, "account %d is not online", id)
	}
	return u, nil
}

// newParty makes u the leader of a new party of one.
func (l *Lobby) newParty(u *user) *party {
	p := &party{id: PartyID(l.nextID()), leader: u.id, members: []*user{u}, invited: make(map[store.AccountID]bool)}
	l.parties[p.id] = p
	u.party = p
	return p
}

// CreateParty makes id the leader of a new party of one, or returns the
// party it is in. Invite also creates the party when needed. Parties are
// formed in the menu: an account in a waiting room or a match cannot
// create one (CodeInMatch), as it could not invite anyone into it.
func (l *Lobby) CreateParty(ctx context.Context, id store.AccountID) (PartyInfo, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	u, err := l.online(id)
	if err != nil {
		return PartyInfo{}, err
	}
	if u.party != nil {
		return *u.party.info(), nil
	}
	if u.status() == InMatch {
		return PartyInfo{}, fail(CodeInMatch, "account %d is in a match or a waiting room; create the party from the menu", id)
	}
	if u.ticket != nil {
		return PartyInfo{}, fail(CodeBusy, "account %d is queued; cancel the queue first", id)
	}
	p := l.newParty(u)
	l.pushParty(p, "created")
	return *p.info(), nil
}

// Party returns the party an account is in.
func (l *Lobby) Party(id store.AccountID) (PartyInfo, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	u := l.users[id]
	if u == nil || u.party == nil {
		return PartyInfo{}, false
	}
	return *u.party.info(), true
}

// Invite invites a friend into from's party, creating the party if from
// has none (UI-108..110). Both must be online and in no match or waiting
// room (the green light: otherwise CodeInMatch); from must lead the
// party, which must have room and be neither queued nor in a room. The
// friend gets an "invite" message; inviting again repeats it.
func (l *Lobby) Invite(ctx context.Context, from, to store.AccountID) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	u, err := l.online(from)
	if err != nil {
		return err
	}
	switch {
	case from == to:
		return fail(CodeBadRequest, "an invite to oneself")
	case u.status() == InMatch:
		return fail(CodeInMatch, "account %d is in a match or a waiting room; invite from the menu", from)
	case !u.friends[to]:
		return fail(CodeNotFriend, "account %d is not a friend of %d", to, from)
	}
	t := l.users[to]
	switch t.status() {
	case Offline:
		return fail(CodeNotOnline, "account %d is not online", to)
	case InMatch:
		return fail(CodeInMatch, "account %d is in a match", to)
	}
	p := u.party
	switch {
	case p == nil && u.ticket != nil:
		return fail(CodeBusy, "account %d is queued; cancel the queue first", from)
	case p == nil:
	case p.leader != from:
		return fail(CodeNotLeader, "only the party leader invites")
	case p.busy():
		return fail(CodeBusy, "the party is queued or in a waiting room")
	case len(p.members) >= MaxParty:
		return fail(CodePartyFull, "the party has %d members already", len(p.members))
	case t.party == p:
		return fail(CodeBadRequest, "account %d is in the party already", to)
	}
	created := p == nil
	if created {
		p = l.newParty(u)
	}
	if prev, ok := t.invites[from]; ok && prev != p.id {
		if old := l.dropInvite(t, from, "cancelled"); old != nil {
			l.pushParty(old, "")
		}
	}
	p.invited[to] = true
	if t.invites == nil {
		t.invites = make(map[store.AccountID]PartyID)
	}
	t.invites[from] = p.id
	l.push(to, TypeInvite, InviteEvent{Event: "received", From: u.player, Party: p.id})
	reason := "invited"
	if created {
		reason = "created"
	}
	l.pushParty(p, reason)
	return nil
}

// AcceptInvite joins the party "from" invited id into. An account in
// another party leaves it first (a solo queue entry is cancelled). The
// party must still exist, have room, and be neither queued nor in a room.
func (l *Lobby) AcceptInvite(ctx context.Context, id, from store.AccountID) (PartyInfo, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	u, err := l.online(id)
	if err != nil {
		return PartyInfo{}, err
	}
	pid, ok := u.invites[from]
	p := l.parties[pid]
	switch {
	case !ok:
		return PartyInfo{}, fail(CodeNotFound, "no invite from %d to %d", from, id)
	case p == nil:
		delete(u.invites, from)
		return PartyInfo{}, fail(CodeNotFound, "the party of the invite from %d is gone", from)
	case u.status() == InMatch:
		return PartyInfo{}, fail(CodeInMatch, "account %d is in a match", id)
	case p.busy():
		return PartyInfo{}, fail(CodeBusy, "the party is queued or in a waiting room")
	case len(p.members) >= MaxParty:
		return PartyInfo{}, fail(CodePartyFull, "the party has %d members already", len(p.members))
	case u.party != nil && u.party.busy():
		return PartyInfo{}, fail(CodeBusy, "account %d's party is queued; cancel the queue first", id)
	}
	delete(u.invites, from)
	delete(p.invited, id)
	if u.ticket != nil {
		l.cancelTicket(u.ticket, "party_changed")
	}
	if u.party != nil {
		l.leaveParty(u, "left")
	}
	p.members = append(p.members, u)
	u.party = p
	l.pushParty(p, "joined")
	return *p.info(), nil
}

// DeclineInvite refuses the invite from "from"; the inviter gets an
// "invite" message with Event "declined".
func (l *Lobby) DeclineInvite(ctx context.Context, id, from store.AccountID) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	u := l.users[id]
	if u == nil {
		return fail(CodeNotFound, "no invite from %d to %d", from, id)
	}
	if _, ok := u.invites[from]; !ok {
		return fail(CodeNotFound, "no invite from %d to %d", from, id)
	}
	if p := l.dropInvite(u, from, "declined"); p != nil {
		l.pushParty(p, "")
	}
	return nil
}

// dropInvite ends the invite from "from" to u and returns its party, if
// it still exists, for the caller to push. For "declined" the inviter is
// told; for "cancelled" u is.
func (l *Lobby) dropInvite(u *user, from store.AccountID, event string) *party {
	pid := u.invites[from]
	delete(u.invites, from)
	p := l.parties[pid]
	if p != nil {
		delete(p.invited, u.id)
	}
	inviter := l.user(from)
	if event == "declined" {
		l.push(from, TypeInvite, InviteEvent{Event: event, From: inviter.player, To: u.id, Party: pid})
	} else {
		l.push(u.id, TypeInvite, InviteEvent{Event: event, From: inviter.player, Party: pid})
	}
	l.gc(inviter)
	l.gc(u)
	return p
}

// LeaveParty takes id out of its party. If it led the party, the member
// who joined first after it leads now and the pending invites end. A
// queued party's queue entry is cancelled; a waiting room keeps the seat.
func (l *Lobby) LeaveParty(ctx context.Context, id store.AccountID) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	u := l.users[id]
	if u == nil || u.party == nil {
		return fail(CodeNotFound, "account %d is in no party", id)
	}
	l.leaveParty(u, "left")
	return nil
}

// Kick takes a member out of the leader's party; the member gets a
// "party" message with Reason "kicked".
func (l *Lobby) Kick(ctx context.Context, leader, member store.AccountID) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	u := l.users[leader]
	switch {
	case u == nil || u.party == nil:
		return fail(CodeNotFound, "account %d is in no party", leader)
	case u.party.leader != leader:
		return fail(CodeNotLeader, "only the party leader kicks")
	case leader == member:
		return fail(CodeBadRequest, "the leader leaves rather than kicks itself")
	}
	m := l.users[member]
	if m == nil || m.party != u.party {
		return fail(CodeNotFound, "account %d is not in the party", member)
	}
	l.leaveParty(m, "kicked")
	return nil
}

// leaveParty takes u out of its party; reason ("left" or "kicked") goes
// to u and the others.
func (l *Lobby) leaveParty(u *user, reason string) {
	p := u.party
	if u.ticket != nil {
		l.cancelTicket(u.ticket, "party_changed")
	}
	p.members = slices.DeleteFunc(p.members, func(m *user) bool { return m == u })
	u.party = nil
	l.push(u.id, TypeParty, PartyEvent{Party: nil, Reason: reason})
	if p.leader == u.id {
		for _, to := range sortedIDs(p.invited) {
			if t := l.users[to]; t != nil {
				l.dropInvite(t, u.id, "cancelled")
			}
		}
	}
	if len(p.members) == 0 {
		delete(l.parties, p.id)
		l.gc(u)
		return
	}
	if p.leader == u.id {
		p.leader = p.members[0].id
		reason = "leader"
	}
	l.pushParty(p, reason)
	l.gc(u)
}
