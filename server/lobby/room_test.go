package lobby_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"tabletop/games/realigious"
	"tabletop/server/lobby"
	"tabletop/store"
)

// pair queues two fresh accounts for a 2-player match: a room.
func (e *env) pair() (a, b store.AccountID, ri lobby.RoomInfo) {
	e.t.Helper()
	a, b = e.account("ada"), e.account("bob")
	for _, id := range []store.AccountID{a, b} {
		if err := e.l.Queue(e.ctx, id, 2); err != nil {
			e.t.Fatalf("Queue(%d) = %v", id, err)
		}
	}
	ri, ok := e.l.Room(a)
	if !ok {
		e.t.Fatalf("no room for a matched pair")
	}
	return a, b, ri
}

// UI-208, UI-209, UI-210, UI-206, GAP-65: the countdown is exactly 40
// seconds in 1-second steps; when it ends the match (with one seat per
// player) starts and every human is told its match and seat.
func TestCountdown(t *testing.T) {
	e := newEnv(t)
	a, b, ri := e.pair()
	if ri.Seconds != 40 || !ri.Deadline.Equal(e.clock.Now().Add(40*time.Second)) || ri.State != "open" {
		t.Errorf("room = %+v, want open with 40 seconds", ri)
	}
	e.clock.Advance(39 * time.Second)
	if ri, _ := e.l.Room(a); ri.Seconds != 1 || len(e.started()) != 0 {
		t.Fatalf("after 39s: room %+v, %d starts; want 1 second left, none", ri, len(e.started()))
	}
	e.takeAll()
	e.clock.Advance(time.Second)
	starts := e.started()
	if len(starts) != 1 {
		t.Fatalf("after 40s: %d starts, want 1", len(starts))
	}
	req := starts[0]
	if req.Game != "realigious" || req.Room != ri.ID || !slices.Equal(humans(req), []store.AccountID{a, b}) {
		t.Errorf("Start(%+v), want both humans of room %d", req, ri.ID)
	}
	for _, id := range []store.AccountID{a, b} {
		ms := ofType[lobby.MatchStart](e.take(id), lobby.TypeMatchStart)
		if len(ms) != 1 || ms[0].Match != 1 || req.Seats[ms[0].Seat].Account != id {
			t.Errorf("match_start of %d = %+v, want match 1 at its seat", id, ms)
		}
		if _, ok := e.l.Room(id); ok {
			t.Errorf("%d is still in a room", id)
		}
		if got := e.l.Presence(id); got != lobby.InMatch {
			t.Errorf("Presence(%d) = %q, want in_match", id, got)
		}
	}
	wantCode(t, "Ready after start", e.l.Ready(e.ctx, a), lobby.CodeNotInRoom)
	e.clock.Advance(time.Minute)
	if len(e.started()) != 1 {
		t.Errorf("%d starts, want 1", len(e.started()))
	}
}

// GAP-65: the countdown ends early when every human seat is ready; bot
// seats are always ready.
func TestReadyEndsCountdown(t *testing.T) {
	tests := []struct {
		name  string
		ready func(e *env, a, b store.AccountID)
		start bool
	}{
		{"nobody ready", func(e *env, a, b store.AccountID) {}, false},
		{"one of two ready", func(e *env, a, b store.AccountID) { e.l.Ready(e.ctx, a) }, false},
		{"one ready twice", func(e *env, a, b store.AccountID) { e.l.Ready(e.ctx, a); e.l.Ready(e.ctx, a) }, false},
		{"both ready", func(e *env, a, b store.AccountID) { e.l.Ready(e.ctx, a); e.l.Ready(e.ctx, b) }, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t)
			a, b, _ := e.pair()
			e.clock.Advance(5 * time.Second)
			e.takeAll()
			tt.ready(e, a, b)
			if got := len(e.started()) == 1; got != tt.start {
				t.Errorf("started = %v, want %v", got, tt.start)
			}
			if !tt.start {
				if ri, _ := e.l.Room(b); ri.Seconds != 35 {
					t.Errorf("room after 5s = %+v, want 35 seconds left", ri)
				}
				return
			}
			if ms := ofType[lobby.MatchStart](e.take(b), lobby.TypeMatchStart); len(ms) != 1 {
				t.Errorf("b's match_start = %+v, want one", ms)
			}
		})
	}

	t.Run("against bots", func(t *testing.T) {
		e := newEnv(t)
		a := e.account("ada")
		if _, err := e.l.PlayBots(e.ctx, a, 4, "random"); err != nil {
			t.Fatal(err)
		}
		if err := e.l.Ready(e.ctx, a); err != nil {
			t.Fatal(err)
		}
		if s := e.started(); len(s) != 1 || len(s[0].Seats) != 4 || len(humans(s[0])) != 1 {
			t.Errorf("starts = %+v, want one with 1 human and 3 bots", s)
		}
	})
}

// UI-213: leaving the waiting room returns the player to the menu; a bot
// takes the seat so the others still play; the last human out closes the
// room.
func TestLeaveRoom(t *testing.T) {
	t.Run("others play on", func(t *testing.T) {
		e := newEnv(t, func(c *lobby.Config) { c.BotLevel = "hard" })
		a, b, ri := e.pair()
		e.takeAll()
		if err := e.l.LeaveRoom(e.ctx, a); err != nil {
			t.Fatalf("LeaveRoom(a) = %v", err)
		}
		if got := lastRoom(t, e.take(a)); got.State != "left" || got.ID != ri.ID {
			t.Errorf("a's room message = %+v, want left", got)
		}
		if got := e.l.Presence(a); got != lobby.Online {
			t.Errorf("Presence(a) = %q, want online", got)
		}
		seats := lastRoom(t, e.take(b)).Seats
		if i := slices.IndexFunc(seats, func(s lobby.RoomSeat) bool { return s.Left }); i < 0 || seats[i].Bot != "hard" || seats[i].Player.Account != a {
			t.Errorf("b sees seats %+v, want ada's seat left to a hard bot", seats)
		}
		wantCode(t, "LeaveRoom(a) again", e.l.LeaveRoom(e.ctx, a), lobby.CodeNotInRoom)
		wantCode(t, "Ready(a)", e.l.Ready(e.ctx, a), lobby.CodeNotInRoom)
		if err := e.l.Ready(e.ctx, b); err != nil {
			t.Fatal(err)
		}
		s := e.started()
		if len(s) != 1 || !slices.Equal(humans(s[0]), []store.AccountID{b}) || !slices.ContainsFunc(s[0].Seats, func(m lobby.MatchSeat) bool { return m.Bot == "hard" }) {
			t.Errorf("starts = %+v, want bob and a hard bot", s)
		}
		// a may queue again at once.
		wantCode(t, "Queue(a)", e.l.Queue(e.ctx, a, 2), "")
	})
	t.Run("last one out", func(t *testing.T) {
		e := newEnv(t)
		a, b, _ := e.pair()
		e.l.LeaveRoom(e.ctx, a)
		e.takeAll()
		if err := e.l.LeaveRoom(e.ctx, b); err != nil {
			t.Fatal(err)
		}
		e.clock.Advance(time.Minute)
		if len(e.started()) != 0 || e.l.Stats().Rooms != 0 {
			t.Errorf("an empty room started or stayed: %d starts, %d rooms", len(e.started()), e.l.Stats().Rooms)
		}
	})
	t.Run("the one not ready leaves", func(t *testing.T) {
		e := newEnv(t)
		a, b, _ := e.pair()
		e.l.Ready(e.ctx, a)
		e.l.LeaveRoom(e.ctx, b)
		if len(e.started()) != 1 {
			t.Errorf("%d starts, want 1: everyone left in the room is ready", len(e.started()))
		}
	})
}

// Seats are in an order drawn from Config.Seed, not the joining order,
// and the same seed gives the same order.
func TestSeatOrder(t *testing.T) {
	order := func(seed uint64) []store.AccountID {
		e := newEnv(t, func(c *lobby.Config) { c.Seed = func() uint64 { return seed } })
		var ids []store.AccountID
		for _, n := range []string{"ada", "bob", "cy", "dee"} {
			id := e.account(n)
			ids = append(ids, id)
			if err := e.l.Queue(e.ctx, id, 4); err != nil {
				t.Fatal(err)
			}
		}
		e.clock.Advance(time.Minute)
		var got []store.AccountID
		for _, s := range e.started()[0].Seats {
			got = append(got, s.Account)
		}
		return got
	}
	joined := []store.AccountID{1, 2, 3, 4}
	shuffled := 0
	for seed := range uint64(8) {
		got := order(seed)
		if again := order(seed); !slices.Equal(got, again) {
			t.Errorf("seed %d: orders %v and %v differ", seed, got, again)
		}
		if !slices.Equal(got, joined) {
			shuffled++
		}
	}
	if shuffled < 6 {
		t.Errorf("%d of 8 seeds changed the joining order, want most", shuffled)
	}
}

// UI-211: the room shows the map size of its player count (GAP-03), or
// the configured one.
func TestMapSize(t *testing.T) {
	sizes := realigious.DefaultParams().MapSize
	for _, tt := range []struct {
		players, base, want int
	}{{2, 0, sizes[0]}, {3, 0, sizes[1]}, {4, 0, sizes[2]}, {3, 7, 7}} {
		e := newEnv(t, func(c *lobby.Config) { c.Match.Size = tt.base })
		ri, err := e.l.PlayBots(e.ctx, e.account("ada"), tt.players, "")
		if err != nil {
			t.Fatal(err)
		}
		if ri, _ := e.l.Room(ri.Seats[ri.You].Player.Account); ri.MapSize != tt.want {
			t.Errorf("%d players, base size %d: MapSize %d, want %d", tt.players, tt.base, ri.MapSize, tt.want)
		}
	}
}

// UI-202, UI-203, UI-204, UI-205, UI-207, UI-214, UI-215, GAP-65: each
// seat chooses character, religion and traits, "random" by default; the
// choices are hidden from the others until the match loads (checked on
// the encoded messages), who see only icon, ID, level and readiness;
// "random" is left to the rules, which draw it from the match seed.
func TestChoicesHidden(t *testing.T) {
	e := newEnv(t)
	a, b, _ := e.pair()
	e.takeAll()
	ri, err := e.l.Choose(e.ctx, a, lobby.Choice{Character: "fortune_teller", Religion: "hinduism", Slot: lobby.SlotBasic3})
	if err != nil {
		t.Fatalf("Choose = %v", err)
	}
	if ri.Choice == nil || ri.Choice.Character != "fortune_teller" || ri.Choice.Slot != lobby.SlotBasic3 {
		t.Errorf("Choose returned %+v, want the new choice", ri.Choice)
	}
	e.l.Ready(e.ctx, a)
	e.l.Ready(e.ctx, b)
	bms := e.take(b)
	mine, theirs := jsonOf(t, e.take(a)), jsonOf(t, bms)
	seen := false
	for _, ri := range ofType[lobby.RoomInfo](bms, lobby.TypeRoom) {
		for _, st := range ri.Seats {
			if p := st.Player; p != nil && p.Account == a {
				seen = true
				if p.DisplayName != "D-ada" || p.Icon != "icon-ada" || p.Level != 1 || p.Username != "ada" {
					t.Errorf("b sees a as %+v, want icon, ID and level", p)
				}
			}
		}
	}
	if !seen {
		t.Errorf("b never saw a's seat")
	}
	if !strings.Contains(mine, "fortune_teller") {
		t.Errorf("a never saw its own choice:\n%s", mine)
	}
	for _, secret := range []string{"fortune_teller", "hinduism", `"slot":-3`} {
		if strings.Contains(theirs, secret) {
			t.Errorf("b's messages reveal a's %s:\n%s", secret, theirs)
		}
	}
	req := e.started()[0]
	var cfg realigious.Config
	if err := json.Unmarshal(req.Config, &cfg); err != nil {
		t.Fatalf("config %s: %v", req.Config, err)
	}
	for i, s := range req.Seats {
		religion, character, traits := "random", "random", realigious.PresetReligious.Slot().Traits
		if s.Account == a {
			religion, character, traits = "hinduism", "fortune_teller", realigious.PresetMystic.Slot().Traits
		}
		got := cfg.Seats[i]
		if got.Religion != religion || got.Character != character || !slices.Equal(got.Traits, traits) || got.Level != 1 {
			t.Errorf("config seat %d = %+v, want %s, %s, %v at level 1", i, got, religion, character, traits)
		}
	}
}

// UI-203, UI-204, UI-205, GAP-28: bad choices are refused and change
// nothing.
func TestChooseRefused(t *testing.T) {
	e := newEnv(t)
	a, _, _ := e.pair()
	stranger := e.account("cy")
	if err := e.st.SaveTraitSlot(e.ctx, a, 4, []byte(`{"name":"Two","traits":["gleaning","casting_the_net"]}`)); err != nil {
		t.Fatal(err)
	}
	six := []byte(`{"name":"Six","traits":["gleaning","casting_the_net","ordaining_the_apostles","season_of_harvest","joy_of_ministry","a_special_gift"]}`)
	if err := e.st.SaveTraitSlot(e.ctx, a, 6, six); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		id   store.AccountID
		c    lobby.Choice
		code lobby.Code
	}{
		{"unknown character", a, lobby.Choice{Character: "wizard"}, lobby.CodeBadChoice},
		{"unknown religion", a, lobby.Choice{Religion: "jedi"}, lobby.CodeBadChoice},
		{"no such preset", a, lobby.Choice{Slot: -4}, lobby.CodeBadChoice},
		{"no such saved slot", a, lobby.Choice{Slot: 3}, lobby.CodeBadChoice},
		{"slot the rules reject", a, lobby.Choice{Slot: 4}, lobby.CodeBadChoice},
		{"too many traits for level 1", a, lobby.Choice{Slot: 6}, lobby.CodeBadChoice},
		{"not in a room", stranger, lobby.Choice{}, lobby.CodeNotInRoom},
		{"random everything", a, lobby.Choice{Slot: lobby.SlotBasic2}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := e.l.Choose(e.ctx, tt.id, tt.c)
			wantCode(t, "Choose", err, tt.code)
		})
	}
	ri, _ := e.l.Room(a)
	if want := (lobby.Choice{Character: "random", Religion: "random", Slot: lobby.SlotBasic2}); *ri.Choice != want {
		t.Errorf("choice = %+v, want %+v", *ri.Choice, want)
	}
}

// A match that cannot be created sends its humans back to the menu.
func TestStartFailure(t *testing.T) {
	e := newEnv(t)
	a, b, _ := e.pair()
	e.mu.Lock()
	e.startErr = errSim
	e.mu.Unlock()
	e.takeAll()
	e.clock.Advance(40 * time.Second)
	for _, id := range []store.AccountID{a, b} {
		if got := lastRoom(t, e.take(id)); got.State != "failed" {
			t.Errorf("room message of %d = %+v, want failed", id, got)
		}
		if got := e.l.Presence(id); got != lobby.Online {
			t.Errorf("Presence(%d) = %q, want online", id, got)
		}
	}
	wantCode(t, "Queue after failure", e.l.Queue(e.ctx, a, 2), "")
}
