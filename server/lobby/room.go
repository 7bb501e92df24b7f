package lobby

import (
	"cmp"
	"context"
	"math/rand/v2"
	"slices"
	"time"

	"tabletop/store"
)

// The trait slot numbers of the three presets (REL-611, GAP-29); saved
// slots are numbered from 0.
const (
	// SlotBasic1 is "Basic Trait 1", the slot of a player who never chose
	// one (UI-217).
	SlotBasic1 = -1
	// SlotBasic2 is "Basic Trait 2".
	SlotBasic2 = -2
	// SlotBasic3 is "Basic Trait 3".
	SlotBasic3 = -3
)

// Choice is a seat's choices in the waiting room (UI-202..205): a
// character and an origin religion by name, or "random" (UI-214; "" is
// "random" too), and a trait slot: a saved slot number (0 and up) or a
// preset (SlotBasic1..3).
type Choice struct {
	Character string `json:"character"`
	Religion  string `json:"religion"`
	Slot      int    `json:"slot"`
}

// room is a waiting room (UI-201..217).
type room struct {
	id       RoomID
	players  int
	private  bool
	seats    []*seat // match seat order
	deadline time.Time
	stop     func() bool
	starting bool // the countdown ended: Start is being called
}

// seat is one seat of a room.
type seat struct {
	user   *user // nil for a bot, or after the human left
	player Player
	bot    string // level, for a bot seat or a seat whose human left
	choice Choice
	ready  bool
	left   bool
}

// humans returns the seats with a human still in the room.
func (r *room) humans() []*seat {
	var out []*seat
	for _, s := range r.seats {
		if s.user != nil {
			out = append(out, s)
		}
	}
	return out
}

// seatOf returns u's seat number, or -1.
func (r *room) seatOf(u *user) int {
	return slices.IndexFunc(r.seats, func(s *seat) bool { return s.user == u })
}

// infoFor is the room as u sees it: everyone's seat and readiness, only
// its own choices (GAP-65).
func (r *room) infoFor(u *user, now time.Time) RoomInfo {
	ri := RoomInfo{ID: r.id, State: "open", Players: r.players, Private: r.private, Deadline: wireTime(r.deadline), You: r.seatOf(u)}
	if left := r.deadline.Sub(now); left > 0 {
		ri.Seconds = int((left + time.Second - 1) / time.Second)
	}
	ri.Seats = make([]RoomSeat, len(r.seats))
	for i, s := range r.seats {
		rs := RoomSeat{Seat: i, Bot: s.bot, Ready: s.ready, Left: s.left}
		if s.user != nil || s.left {
			p := s.player
			rs.Player = &p
		}
		ri.Seats[i] = rs
	}
	if ri.You >= 0 {
		c := r.seats[ri.You].choice
		ri.Choice = &c
	}
	return ri
}

// roomInfo is the room as u sees it now, with its map size.
func (l *Lobby) roomInfo(r *room, u *user) RoomInfo {
	ri := r.infoFor(u, l.cfg.Now())
	ri.MapSize = l.mapSize(r.players)
	return ri
}

// pushRoom sends the room to each human in it.
func (l *Lobby) pushRoom(r *room) {
	for _, s := range r.humans() {
		l.push(s.user.id, TypeRoom, l.roomInfo(r, s.user))
	}
}

// mapSize is the n of the n×n map of a match of players (UI-211, GAP-03).
func (l *Lobby) mapSize(players int) int {
	if l.cfg.Match.Size > 0 {
		return l.cfg.Match.Size
	}
	return l.cfg.Game.Params().MapSize[players-2]
}

// formRoom takes tickets out of their queue and seats their humans, with
// bots of botLevel in the other seats, in a new waiting room, in an order
// drawn from Config.Seed (not the order they came in).
func (l *Lobby) formRoom(tickets []*ticket, players int, botLevel string, private bool) *room {
	r := &room{id: RoomID(l.nextID()), players: players, private: private}
	var humans []*user
	for _, t := range tickets {
		l.unqueue(t)
		humans = append(humans, t.members...)
		if !private {
			for _, m := range t.members {
				l.push(m.id, TypeQueue, QueueEvent{State: "matched", Players: players})
			}
		}
	}
	for _, u := range humans {
		r.seats = append(r.seats, &seat{user: u, player: u.player, choice: Choice{Character: "random", Religion: "random", Slot: u.last}})
	}
	for len(r.seats) < players {
		r.seats = append(r.seats, &seat{bot: botLevel})
	}
	rand.New(rand.NewPCG(l.cfg.Seed(), uint64(r.id))).Shuffle(len(r.seats), func(i, j int) {
		r.seats[i], r.seats[j] = r.seats[j], r.seats[i]
	})
	l.rooms[r.id] = r
	for _, u := range humans {
		before := u.status()
		u.room = r
		l.presenceChanged(u, before)
	}
	r.deadline = l.cfg.Now().Add(l.cfg.RoomCountdown)
	r.stop = l.cfg.AfterFunc(l.cfg.RoomCountdown, func() { l.countdownEnd(r) })
	for _, t := range tickets {
		if t.party != nil && l.parties[t.party.id] == t.party {
			l.pushParty(t.party, "room")
		}
	}
	l.pushRoom(r)
	return r
}

// Room returns the waiting room an account is in, as it sees it.
func (l *Lobby) Room(id store.AccountID) (RoomInfo, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	u := l.users[id]
	if u == nil || u.room == nil {
		return RoomInfo{}, false
	}
	return l.roomInfo(u.room, u), true
}

// inRoom returns u's room if it can still change.
func (l *Lobby) inRoom(id store.AccountID) (*user, *room, error) {
	u := l.users[id]
	if u == nil || u.room == nil {
		return nil, nil, fail(CodeNotInRoom, "account %d is in no waiting room", id)
	}
	if u.room.starting {
		return nil, nil, fail(CodeStarting, "the countdown is over; the match is starting")
	}
	return u, u.room, nil
}

// Choose sets id's choices in its waiting room (UI-203..205). The whole
// Choice is replaced. Unknown names, a preset number out of range, and a
// saved slot the account does not have or that fails Config.Validate are
// CodeBadChoice. Only id sees its choices (GAP-65).
func (l *Lobby) Choose(ctx context.Context, id store.AccountID, c Choice) (RoomInfo, error) {
	if c.Character == "" {
		c.Character = "random"
	}
	if c.Religion == "" {
		c.Religion = "random"
	}
	if c.Character != "random" && !slices.Contains(l.cfg.Game.Characters(), c.Character) {
		return RoomInfo{}, fail(CodeBadChoice, "character %q (want random or one of %v)", c.Character, l.cfg.Game.Characters())
	}
	if c.Religion != "random" && !slices.Contains(l.cfg.Game.Religions(), c.Religion) {
		return RoomInfo{}, fail(CodeBadChoice, "religion %q (want random or one of %v)", c.Religion, l.cfg.Game.Religions())
	}
	if c.Slot < SlotBasic3 {
		return RoomInfo{}, fail(CodeBadChoice, "trait slot %d (saved slots from 0, presets %d to %d)", c.Slot, SlotBasic3, SlotBasic1)
	}
	l.mu.Lock()
	_, r, err := l.inRoom(id)
	level := 0
	if err == nil {
		level = l.users[id].player.Level
	}
	l.mu.Unlock()
	if err != nil {
		return RoomInfo{}, err
	}
	if c.Slot >= 0 {
		if _, _, err := l.savedSlot(ctx, id, level, c.Slot); err != nil {
			return RoomInfo{}, err
		}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	u, r2, err := l.inRoom(id)
	if err != nil {
		return RoomInfo{}, err
	}
	if r2 != r {
		return RoomInfo{}, fail(CodeNotInRoom, "account %d changed rooms", id)
	}
	r.seats[r.seatOf(u)].choice = c
	ri := l.roomInfo(r, u)
	l.push(id, TypeRoom, ri)
	return ri, nil
}

// Ready marks id's seat ready. When every human in the room is ready, the
// countdown ends early and the match starts (GAP-65).
func (l *Lobby) Ready(ctx context.Context, id store.AccountID) error {
	l.mu.Lock()
	u, r, err := l.inRoom(id)
	if err != nil {
		l.mu.Unlock()
		return err
	}
	r.seats[r.seatOf(u)].ready = true
	l.pushRoom(r)
	start := l.startIfReady(r)
	l.mu.Unlock()
	start()
	return nil
}

// LeaveRoom takes id back to the menu (UI-213). A bot of Config.BotLevel
// takes its seat, so the others still play; a room with no human left
// closes. If everyone left is ready, the match starts.
func (l *Lobby) LeaveRoom(ctx context.Context, id store.AccountID) error {
	l.mu.Lock()
	u, r, err := l.inRoom(id)
	if err != nil {
		l.mu.Unlock()
		return err
	}
	s := r.seats[r.seatOf(u)]
	s.user, s.left, s.ready, s.bot = nil, true, false, l.cfg.BotLevel
	before := u.status()
	u.room = nil
	l.push(id, TypeRoom, RoomInfo{ID: r.id, State: "left", You: -1})
	l.presenceChanged(u, before)
	l.gc(u)
	if len(r.humans()) == 0 {
		l.dissolveRoom(r, "empty")
		l.mu.Unlock()
		return nil
	}
	l.pushRoom(r)
	start := l.startIfReady(r)
	l.mu.Unlock()
	start()
	return nil
}

// startIfReady begins the start of a room whose humans are all ready; the
// caller runs the result after unlocking.
func (l *Lobby) startIfReady(r *room) func() {
	for _, s := range r.humans() {
		if !s.ready {
			return func() {}
		}
	}
	return l.beginStart(r)
}

// countdownEnd starts a room whose countdown ran out (UI-210).
func (l *Lobby) countdownEnd(r *room) {
	l.mu.Lock()
	if l.rooms[r.id] != r || r.starting {
		l.mu.Unlock()
		return
	}
	start := l.beginStart(r)
	l.mu.Unlock()
	start()
}

// dissolveRoom closes a room before its match: its humans go back to the
// menu.
func (l *Lobby) dissolveRoom(r *room, reason string) {
	if r.stop != nil {
		r.stop()
	}
	delete(l.rooms, r.id)
	for _, s := range r.humans() {
		u := s.user
		before := u.status()
		u.room = nil
		l.push(u.id, TypeRoom, RoomInfo{ID: r.id, State: "closed", You: -1, Reason: reason})
		l.presenceChanged(u, before)
		l.gc(u)
	}
}

// sortedRooms returns the rooms by id.
func (l *Lobby) sortedRooms() []*room {
	out := make([]*room, 0, len(l.rooms))
	for _, r := range l.rooms {
		out = append(out, r)
	}
	slices.SortFunc(out, func(a, b *room) int { return cmp.Compare(a.id, b.id) })
	return out
}
