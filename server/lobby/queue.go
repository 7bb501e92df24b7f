package lobby

import (
	"context"
	"slices"
	"time"

	"tabletop/bots"
	"tabletop/store"
)

// ticket is one queue entry: a solo player or a whole party, waiting for
// a match of players seats.
type ticket struct {
	id      int64
	players int
	members []*user
	party   *party // nil for a solo player
	since   time.Time
	stop    func() bool // the bot fill timer, nil if none
	done    bool        // matched or cancelled
}

// event is the "queue" message for the ticket's members.
func (l *Lobby) queued(t *ticket) QueueEvent {
	e := QueueEvent{State: "queued", Players: t.players, Since: wireTime(t.since)}
	if l.cfg.BotFillAfter >= 0 {
		e.BotsAt = wireTime(t.since.Add(l.cfg.BotFillAfter))
	}
	return e
}

// group returns the humans u brings to a match: its party (u must lead
// it) or u alone. Each must be online and not in a match or a room.
func (l *Lobby) group(u *user) ([]*user, error) {
	members := []*user{u}
	if p := u.party; p != nil {
		if p.leader != u.id {
			return nil, fail(CodeNotLeader, "only the party leader starts matchmaking")
		}
		members = p.members
	}
	for _, m := range members {
		switch m.status() {
		case Offline:
			return nil, fail(CodeNotOnline, "account %d is not online", m.id)
		case InMatch:
			return nil, fail(CodeInMatch, "account %d is in a match", m.id)
		}
	}
	return slices.Clone(members), nil
}

// checkPlayers checks a player count and that the group fits.
func checkPlayers(players, group int) error {
	if players < 2 || players > 4 {
		return fail(CodeBadRequest, "%d players (2 to 4 play)", players)
	}
	if group > players {
		return fail(CodePartyTooBig, "a party of %d does not fit a %d-player match", group, players)
	}
	return nil
}

// Queue puts id, with its party if it leads one, in the queue for
// matches of players seats (UI-013..017). Humans queued for the same
// count are matched as soon as they fill the seats, parties kept whole
// and older entries first (GAP-64); after Config.BotFillAfter an entry
// takes the humans that fit and bots fill the other seats. A matched
// entry's humans get a "queue" message with State "matched" and then a
// "room". Queueing again replaces the entry.
func (l *Lobby) Queue(ctx context.Context, id store.AccountID, players int) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return fail(CodeClosed, "the server is shutting down")
	}
	u, err := l.online(id)
	if err != nil {
		return err
	}
	members, err := l.group(u)
	if err != nil {
		return err
	}
	if err := checkPlayers(players, len(members)); err != nil {
		return err
	}
	if u.ticket != nil {
		l.cancelTicket(u.ticket, "cancelled")
	}
	t := &ticket{id: l.nextID(), players: players, members: members, party: u.party, since: l.cfg.Now()}
	for _, m := range members {
		m.ticket = t
	}
	l.queues[players] = append(l.queues[players], t)
	if l.cfg.BotFillAfter >= 0 {
		t.stop = l.cfg.AfterFunc(l.cfg.BotFillAfter, func() { l.botFill(t) })
	}
	e := l.queued(t)
	for _, m := range members {
		l.push(m.id, TypeQueue, e)
	}
	if t.party != nil {
		l.pushParty(t.party, "queue")
	}
	l.match(t)
	return nil
}

// CancelQueue takes id's queue entry, with its whole party, out of the
// queue (UI-018). Any member may cancel.
func (l *Lobby) CancelQueue(ctx context.Context, id store.AccountID) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	u := l.users[id]
	if u == nil || u.ticket == nil {
		return fail(CodeNotFound, "account %d is not queued", id)
	}
	l.cancelTicket(u.ticket, "cancelled")
	return nil
}

// cancelTicket takes a ticket out of its queue and tells its members.
func (l *Lobby) cancelTicket(t *ticket, reason string) {
	l.unqueue(t)
	for _, m := range t.members {
		l.push(m.id, TypeQueue, QueueEvent{State: "cancelled", Players: t.players, Reason: reason})
	}
	if t.party != nil && l.parties[t.party.id] == t.party {
		l.pushParty(t.party, "queue")
	}
	for _, m := range t.members {
		l.gc(m)
	}
}

// unqueue takes a ticket out of its queue.
func (l *Lobby) unqueue(t *ticket) {
	t.done = true
	if t.stop != nil {
		t.stop()
		t.stop = nil
	}
	l.queues[t.players] = slices.DeleteFunc(l.queues[t.players], func(x *ticket) bool { return x == t })
	for _, m := range t.members {
		if m.ticket == t {
			m.ticket = nil
		}
	}
}

// match looks for tickets that, with the new ticket t, fill its seats
// exactly. Every other pair of waiting tickets was looked at when the
// younger of them arrived, so a full match, if any, includes t. Among the
// ways to fill the seats it takes the one whose tickets are oldest.
func (l *Lobby) match(t *ticket) {
	need := t.players - len(t.members)
	if need == 0 {
		l.formRoom([]*ticket{t}, t.players, "", false)
		return
	}
	// The oldest few tickets of each size are all any way of filling at
	// most 3 seats can use.
	var bySize [MaxParty][]int // positions in the queue, oldest first
	q := l.queues[t.players]
	for i, x := range q {
		if n := len(x.members); x != t && n <= need && len(bySize[n]) < need/n {
			bySize[n] = append(bySize[n], i)
		}
	}
	var best []int
	for _, parts := range fills(need) {
		var used [MaxParty]int
		var pos []int
		for _, n := range parts {
			if used[n] >= len(bySize[n]) {
				pos = nil
				break
			}
			pos = append(pos, bySize[n][used[n]])
			used[n]++
		}
		if pos == nil {
			continue
		}
		slices.Sort(pos)
		if best == nil || slices.Compare(pos, best) < 0 {
			best = pos
		}
	}
	if best == nil {
		return
	}
	group := make([]*ticket, 0, len(best)+1)
	for _, i := range best {
		group = append(group, q[i])
	}
	l.formRoom(append(group, t), t.players, "", false)
}

// fills lists the ticket sizes that fill 1 to 3 free seats.
func fills(need int) [][]int {
	switch need {
	case 1:
		return [][]int{{1}}
	case 2:
		return [][]int{{2}, {1, 1}}
	case 3:
		return [][]int{{3}, {2, 1}, {1, 1, 1}}
	}
	return nil
}

// botFill runs when a ticket has waited Config.BotFillAfter: it takes the
// waiting tickets that fit, oldest first, and bots fill the other seats.
func (l *Lobby) botFill(t *ticket) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if t.done || l.closed {
		return
	}
	t.stop = nil
	free := t.players - len(t.members)
	group := []*ticket{t}
	for _, x := range l.queues[t.players] {
		if x != t && len(x.members) <= free {
			group = append(group, x)
			free -= len(x.members)
		}
	}
	l.formRoom(group, t.players, l.cfg.BotLevel, false)
}

// PlayBots opens a waiting room at once for id (with its party, if it
// leads one) and bots of the given level ("" for Config.BotLevel) in the
// other seats ("play against bots now"). A queue entry is cancelled.
func (l *Lobby) PlayBots(ctx context.Context, id store.AccountID, players int, level string) (RoomInfo, error) {
	if level == "" {
		level = l.cfg.BotLevel
	}
	return l.private(id, players, level, true)
}

// PrivateMatch opens a waiting room at once for the leader's party with
// no strangers: bots of botLevel fill the empty seats, or, with botLevel
// "", players must be the party's size (0 means that size).
func (l *Lobby) PrivateMatch(ctx context.Context, leader store.AccountID, players int, botLevel string) (RoomInfo, error) {
	return l.private(leader, players, botLevel, false)
}

// private opens a room for id's group and bots.
func (l *Lobby) private(id store.AccountID, players int, level string, solo bool) (RoomInfo, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.closed {
		return RoomInfo{}, fail(CodeClosed, "the server is shutting down")
	}
	if level != "" && !validLevel(level) {
		return RoomInfo{}, fail(CodeBadRequest, "bot level %q (want one of %v)", level, bots.Levels())
	}
	u, err := l.online(id)
	if err != nil {
		return RoomInfo{}, err
	}
	members, err := l.group(u)
	if err != nil {
		return RoomInfo{}, err
	}
	if players == 0 && !solo {
		players = len(members)
	}
	if err := checkPlayers(players, len(members)); err != nil {
		return RoomInfo{}, err
	}
	if level == "" && len(members) < players {
		return RoomInfo{}, fail(CodeBadRequest, "%d players for a party of %d and no bots", players, len(members))
	}
	if u.ticket != nil {
		l.cancelTicket(u.ticket, "cancelled")
	}
	t := &ticket{id: l.nextID(), players: players, members: members, party: u.party, since: l.cfg.Now()}
	r := l.formRoom([]*ticket{t}, players, level, true)
	return l.roomInfo(r, u), nil
}

// Stats counts what the lobby holds, for metrics.
type Stats struct {
	// Online counts the accounts online; Queued the humans waiting in
	// each queue, by player count (Queued[2..4]).
	Online  int
	Queued  [MaxParty + 1]int
	Parties int
	Rooms   int
}

// Stats returns the current counts.
func (l *Lobby) Stats() Stats {
	l.mu.Lock()
	defer l.mu.Unlock()
	var s Stats
	for _, u := range l.users {
		if u.online {
			s.Online++
		}
	}
	for n, q := range l.queues {
		for _, t := range q {
			s.Queued[n] += len(t.members)
		}
	}
	s.Parties = len(l.parties)
	s.Rooms = len(l.rooms)
	return s
}
