package lobby_test

import (
	"slices"
	"testing"
	"time"

	"tabletop/server/lobby"
	"tabletop/store"
)

// UI-013, UI-014, UI-015, UI-016, UI-017, GAP-64: queues for 2, 3 and 4
// players match humans as soon as they fill the seats, keep parties
// whole, and prefer older entries.
func TestQueueFill(t *testing.T) {
	tests := []struct {
		name    string
		players int
		parties []int   // party sizes, queued in this order
		rooms   [][]int // each room's parties (by index), in creation order
		waiting []int   // parties still queued
	}{
		{"2p solo pair", 2, []int{1, 1}, [][]int{{0, 1}}, nil},
		{"2p party of 2 plays at once", 2, []int{2}, [][]int{{0}}, nil},
		{"3p three solos", 3, []int{1, 1, 1}, [][]int{{0, 1, 2}}, nil},
		{"3p pair and solo", 3, []int{2, 2, 1}, [][]int{{0, 2}}, []int{1}},
		{"4p two pairs", 4, []int{2, 2}, [][]int{{0, 1}}, nil},
		{"4p three and one", 4, []int{3, 2, 1}, [][]int{{0, 2}}, []int{1}},
		{"4p pair skips solo", 4, []int{2, 1, 2}, [][]int{{0, 2}}, []int{1}},
		{"4p solos fill a pair", 4, []int{1, 2, 1}, [][]int{{0, 1, 2}}, nil},
		{"4p oldest first", 4, []int{3, 3, 1, 1}, [][]int{{0, 2}, {1, 3}}, nil},
		{"4p party of 4", 4, []int{1, 4}, [][]int{{1}}, []int{0}},
		{"4p nothing fits", 4, []int{3, 2, 3}, nil, []int{0, 1, 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			var leaders []store.AccountID
			byLeader := map[store.AccountID]int{}
			n := 0
			for i, size := range tt.parties {
				ids := make([]store.AccountID, size)
				for j := range ids {
					n++
					ids[j] = e.account(string(rune('a'+n)) + "x")
				}
				e.party(ids[0], ids[1:]...)
				leaders = append(leaders, ids[0])
				for _, id := range ids {
					byLeader[id] = i
				}
			}
			for i, l := range leaders {
				if err := e.l.Queue(e.ctx, l, tt.players); err != nil {
					t.Fatalf("Queue(party %d) = %v", i, err)
				}
			}
			var rooms [][]int
			// Each room is found through its humans' Room.
			seen := map[lobby.RoomID]int{}
			for i, l := range leaders {
				ri, ok := e.l.Room(l)
				if !ok {
					continue
				}
				if len(ri.Seats) != tt.players {
					t.Errorf("room of party %d has %d seats, want %d", i, len(ri.Seats), tt.players)
				}
				k, ok := seen[ri.ID]
				if !ok {
					k = len(rooms)
					seen[ri.ID] = k
					rooms = append(rooms, nil)
					for _, s := range ri.Seats {
						if s.Bot != "" {
							t.Errorf("room %d has a bot seat before any wait", ri.ID)
						}
					}
				}
				rooms[k] = append(rooms[k], i)
			}
			slices.SortFunc(rooms, func(a, b []int) int { return slices.Compare(a, b) })
			if !slices.EqualFunc(rooms, tt.rooms, slices.Equal) {
				t.Errorf("rooms = %v, want %v", rooms, tt.rooms)
			}
			var waiting []int
			st := e.l.Stats()
			total := 0
			for i, l := range leaders {
				if _, ok := e.l.Room(l); !ok {
					waiting = append(waiting, i)
					total += tt.parties[i]
				}
			}
			if !slices.Equal(waiting, tt.waiting) || st.Queued[tt.players] != total {
				t.Errorf("waiting = %v (%d queued), want %v (%d)", waiting, st.Queued[tt.players], tt.waiting, total)
			}
		})
	}
}

// Matchmaking needs a leader, a party that fits and humans free to play.
func TestQueueRefused(t *testing.T) {
	e := newEnv(t)
	a, b, c, d := e.account("ada"), e.account("bob"), e.account("cy"), e.account("dee")
	e.party(a, b, c)
	e.l.SetPlaying(d, 9)
	tests := []struct {
		name    string
		id      store.AccountID
		players int
		code    lobby.Code
	}{
		{"five players", a, 5, lobby.CodeBadRequest},
		{"one player", a, 1, lobby.CodeBadRequest},
		{"party of 3 in a 2-player queue", a, 2, lobby.CodePartyTooBig},
		{"member, not leader", b, 4, lobby.CodeNotLeader},
		{"in a match", d, 2, lobby.CodeInMatch},
		{"offline", 99, 2, lobby.CodeNotOnline},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantCode(t, "Queue", e.l.Queue(e.ctx, tt.id, tt.players), tt.code)
		})
	}
	if st := e.l.Stats(); st.Queued != [5]int{} {
		t.Errorf("Stats().Queued = %v after refusals, want none", st.Queued)
	}
	wantCode(t, "CancelQueue unqueued", e.l.CancelQueue(e.ctx, a), lobby.CodeNotFound)
}

// UI-018: touching Start Matching again leaves the queue; any member may
// cancel the party's entry, and everyone is told.
func TestCancelQueue(t *testing.T) {
	e := newEnv(t)
	a, b := e.account("ada"), e.account("bob")
	e.party(a, b)
	if err := e.l.Queue(e.ctx, a, 3); err != nil {
		t.Fatal(err)
	}
	q := ofType[lobby.QueueEvent](e.take(b), lobby.TypeQueue)
	want := lobby.QueueEvent{State: "queued", Players: 3, Since: e.clock.Now(), BotsAt: e.clock.Now().Add(20 * time.Second)}
	if len(q) != 1 || q[0] != want {
		t.Errorf("b's queue messages = %+v, want %+v", q, want)
	}
	c := e.account("cy")
	e.befriend(a, c)
	wantCode(t, "Invite while queued", e.l.Invite(e.ctx, a, c), lobby.CodeBusy)
	if err := e.l.CancelQueue(e.ctx, b); err != nil {
		t.Fatalf("CancelQueue(b) = %v", err)
	}
	for _, id := range []store.AccountID{a, b} {
		q := ofType[lobby.QueueEvent](e.take(id), lobby.TypeQueue)
		if len(q) == 0 || q[len(q)-1].State != "cancelled" {
			t.Errorf("queue messages of %d = %+v, want cancelled", id, q)
		}
	}
	e.clock.Advance(time.Minute)
	if len(e.started()) != 0 || e.l.Stats().Rooms != 0 {
		t.Errorf("a cancelled entry was matched")
	}
}

// After Config.BotFillAfter an entry takes the humans that fit and bots
// of Config.BotLevel fill the other seats.
func TestBotFillTiming(t *testing.T) {
	e := newEnv(t, func(c *lobby.Config) { c.BotLevel = "easy" })
	a, b, c := e.account("ada"), e.account("bob"), e.account("cy")
	e.party(b, c)
	if err := e.l.Queue(e.ctx, a, 4); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(10 * time.Second)
	if err := e.l.Queue(e.ctx, b, 4); err != nil {
		t.Fatal(err)
	}
	e.clock.Advance(9*time.Second + 999*time.Millisecond)
	if _, ok := e.l.Room(a); ok {
		t.Fatalf("a room before BotFillAfter")
	}
	e.clock.Advance(time.Millisecond)
	ri, ok := e.l.Room(a)
	if !ok {
		t.Fatalf("no room after BotFillAfter")
	}
	var bots, people []store.AccountID
	for _, s := range ri.Seats {
		switch {
		case s.Bot == "easy" && s.Player == nil:
			bots = append(bots, 0)
		case s.Player != nil && s.Bot == "":
			people = append(people, s.Player.Account)
		default:
			t.Errorf("seat %+v", s)
		}
	}
	slices.Sort(people)
	if len(bots) != 1 || !slices.Equal(people, []store.AccountID{a, b, c}) {
		t.Errorf("room seats %+v, want ada, bob, cy and one easy bot", ri.Seats)
	}
	if rb, _ := e.l.Room(b); rb.ID != ri.ID {
		t.Errorf("bob's party is in room %d, ada in %d", rb.ID, ri.ID)
	}
	// b's own timer was stopped with its entry: nothing fires at 30s.
	e.clock.Advance(10 * time.Second)
	if e.l.Stats().Rooms != 1 {
		t.Errorf("Stats().Rooms = %d, want 1", e.l.Stats().Rooms)
	}
}

// "Play against bots now" opens a room at once; a private match keeps a
// party among itself.
func TestPlayBotsAndPrivateMatch(t *testing.T) {
	e := newEnv(t)
	a, b, c := e.account("ada"), e.account("bob"), e.account("cy")
	e.party(a, b)
	tests := []struct {
		name    string
		call    func() (lobby.RoomInfo, error)
		code    lobby.Code
		seats   int
		bots    int
		private bool
	}{
		{"unknown level", func() (lobby.RoomInfo, error) { return e.l.PlayBots(e.ctx, c, 2, "godlike") }, lobby.CodeBadRequest, 0, 0, false},
		{"member, not leader", func() (lobby.RoomInfo, error) { return e.l.PrivateMatch(e.ctx, b, 2, "") }, lobby.CodeNotLeader, 0, 0, false},
		{"no bots, too few", func() (lobby.RoomInfo, error) { return e.l.PrivateMatch(e.ctx, a, 3, "") }, lobby.CodeBadRequest, 0, 0, false},
		{"party too big", func() (lobby.RoomInfo, error) { return e.l.PlayBots(e.ctx, a, 1, "") }, lobby.CodeBadRequest, 0, 0, false},
		{"solo against bots", func() (lobby.RoomInfo, error) { return e.l.PlayBots(e.ctx, c, 3, "") }, "", 3, 2, true},
		{"party with bots", func() (lobby.RoomInfo, error) { return e.l.PrivateMatch(e.ctx, a, 4, "random") }, "", 4, 2, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ri, err := tt.call()
			wantCode(t, tt.name, err, tt.code)
			if err != nil {
				return
			}
			bots := 0
			for _, s := range ri.Seats {
				if s.Bot != "" {
					bots++
				}
			}
			if len(ri.Seats) != tt.seats || bots != tt.bots || ri.Private != tt.private || ri.You < 0 {
				t.Errorf("room = %+v, want %d seats, %d bots, private %v", ri, tt.seats, bots, tt.private)
			}
		})
	}
}

// Queueing again moves the entry to the new player count; a refused
// queue call keeps the old entry.
func TestRequeue(t *testing.T) {
	e := newEnv(t)
	a := e.account("ada")
	steps := []struct {
		players int
		code    lobby.Code
		queued  [5]int
	}{
		{3, "", [5]int{3: 1}},
		{2, "", [5]int{2: 1}},
		{5, lobby.CodeBadRequest, [5]int{2: 1}},
		{4, "", [5]int{4: 1}},
	}
	for _, s := range steps {
		wantCode(t, "Queue", e.l.Queue(e.ctx, a, s.players), s.code)
		if got := e.l.Stats().Queued; got != s.queued {
			t.Errorf("after Queue(%d): Queued = %v, want %v", s.players, got, s.queued)
		}
	}
	// Only the last entry's timer fills with bots.
	e.clock.Advance(20 * time.Second)
	if s := e.started(); len(s) != 0 {
		t.Fatalf("started before the countdown: %+v", s)
	}
	if ri, ok := e.l.Room(a); !ok || ri.Players != 4 || e.l.Stats().Rooms != 1 {
		t.Errorf("Room(a) = %+v, %v with %d rooms, want one 4-player room", ri, ok, e.l.Stats().Rooms)
	}
}
