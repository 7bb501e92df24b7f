package live_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/server/live"
	"tabletop/store"
)

// control reads a seat's stored control.
func (e *env) control(id store.MatchID, seat int) store.SeatControl {
	e.t.Helper()
	rec, err := e.st.Match(context.Background(), id)
	if err != nil {
		e.t.Fatal(err)
	}
	return rec.Seats[seat].Control
}

func wantSeats(t *testing.T, when string, got, want []live.SeatInfo) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("%s: Seats() = %+v, want %+v", when, got, want)
	}
}

// TestSeatControlsSurviveRestart: who plays each seat (human, bot level,
// stand-in after leave, concession) is stored with the match and comes
// back after a restart; a player who left rejoins after the restart, one
// who conceded cannot (issue 5; GAP-66 disconnection handling).
func TestSeatControlsSurviveRestart(t *testing.T) {
	e := newEnv(t)
	e.config = short
	ada, bea := e.human(), e.account("Bea")
	h := e.create(23, ada, bea, live.SeatSpec{Bot: "easy"})
	stop := run(t, h)
	ctx := context.Background()
	wantSeats(t, "created", h.Seats(), []live.SeatInfo{
		{Status: live.SeatHuman, Account: ada.Account, Name: "Ada"},
		{Status: live.SeatHuman, Account: bea.Account, Name: "Bea"},
		{Status: live.SeatBot, Bot: "easy"},
	})
	if _, _, ok := e.turn(h, 0, 1); !ok {
		t.Fatal("match over at once")
	}
	if err := h.Leave(ctx, 0); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := e.turn(h, 1); !ok { // the stand-in plays seat 0; Bea holds the match
		t.Fatal("match over too early for the test")
	}
	if got := e.control(h.ID(), 0); got != (store.SeatControl{Status: "left", Bot: "random"}) {
		t.Errorf("stored control of seat 0 = %+v, want left to a random stand-in", got)
	}
	if err := stop(); err != context.Canceled {
		t.Fatalf("Run: %v", err)
	}

	h = e.restart(h.ID())
	afterLeave := []live.SeatInfo{
		{Status: live.SeatLeft, Account: ada.Account, Name: "Ada", Bot: "random"},
		{Status: live.SeatHuman, Account: bea.Account, Name: "Bea"},
		{Status: live.SeatBot, Bot: "easy"},
	}
	wantSeats(t, "recovered", h.Seats(), afterLeave)
	stop = run(t, h)
	if f, err := h.Since(ctx, 1, 0); err != nil || !slices.Equal(f.Seats, afterLeave) {
		t.Errorf("recovered frame seats = %+v, %v, want %+v", f.Seats, err, afterLeave)
	}
	if err := h.Join(ctx, 0); err != nil {
		t.Fatalf("Join after restart: %v", err)
	}
	if err := h.Concede(ctx, 1); err != nil {
		t.Fatal(err)
	}
	if _, _, ok := e.turn(h, 0); !ok {
		t.Fatal("match over too early for the test")
	}
	if err := stop(); err != context.Canceled {
		t.Fatalf("Run: %v", err)
	}

	h = e.restart(h.ID())
	wantSeats(t, "recovered again", h.Seats(), []live.SeatInfo{
		{Status: live.SeatHuman, Account: ada.Account, Name: "Ada"},
		{Status: live.SeatConceded, Account: bea.Account, Name: "Bea", Bot: "random"},
		{Status: live.SeatBot, Bot: "easy"},
	})
	run(t, h)
	if err := h.Join(ctx, 1); live.CodeOf(err) != live.CodeConceded {
		t.Errorf("Join(conceded seat) after restart = %v, want %s", err, live.CodeConceded)
	}
	if err := h.Join(ctx, 2); live.CodeOf(err) != live.CodeNotYourSeat {
		t.Errorf("Join(bot seat) = %v, want %s", err, live.CodeNotYourSeat)
	}
	if err := h.Leave(ctx, 0); err != nil {
		t.Fatal(err)
	}
	<-h.Done()
	e.checkFinished(h.ID(), 1)
}

// TestIdlePlayer: a human seat that lets IdleAfter deadlines pass in a
// row goes idle, a stand-in plays it, the frames and the store say so,
// and Join gives it back. An answer in between starts the count again
// (GAP-66: a player who stops answering is auto-played until back).
func TestIdlePlayer(t *testing.T) {
	e := newEnv(t)
	e.cfg.TurnTime = 30 * time.Second
	e.cfg.IdleAfter = 2
	ada, bea := e.human(), e.account("Bea")
	h := e.create(29, ada, bea, bot)
	run(t, h)
	ctx := context.Background()

	// adaTurn lets Bea answer her decisions until Ada decides.
	adaTurn := func() live.Frame {
		t.Helper()
		for {
			s, f, ok := e.turn(h, 0, 1)
			if !ok {
				t.Fatal("match over too early for the test")
			}
			if s == 0 {
				return f
			}
			if _, err := h.Submit(ctx, 1, f.Version, f.Decision.Default); err != nil {
				t.Fatalf("Bea's answer: %v", err)
			}
		}
	}
	steps := []struct {
		do         string
		wantMissed int
		wantStatus live.SeatStatus
	}{
		{"miss", 1, live.SeatHuman},
		{"answer", 0, live.SeatHuman},
		{"miss", 1, live.SeatHuman},
		{"miss", 2, live.SeatIdle},
	}
	for i, st := range steps {
		f := adaTurn()
		if f.Deadline.IsZero() {
			t.Fatalf("step %d: no deadline", i)
		}
		switch st.do {
		case "miss":
			e.clock.Advance(31 * time.Second)
			for g := f; g.Version == f.Version; {
				time.Sleep(time.Millisecond)
				var err error
				if g, err = h.Since(ctx, 1, 0); err != nil {
					t.Fatal(err)
				}
			}
			ans, err := e.st.AnswersSince(ctx, h.ID(), f.Version)
			if err != nil || len(ans) == 0 || ans[0].Seat != 0 || ans[0].Text != f.Decision.Default {
				t.Fatalf("step %d: recorded %+v, %v, want Ada's default %q", i, ans, err, f.Decision.Default)
			}
		case "answer":
			if _, err := h.Submit(ctx, 0, f.Version, f.Decision.Default); err != nil {
				t.Fatal(err)
			}
		}
		c := e.control(h.ID(), 0)
		if c.Missed != st.wantMissed || c.Status != string(st.wantStatus) {
			t.Errorf("step %d (%s): stored control %+v, want %d missed, status %s", i, st.do, c, st.wantMissed, st.wantStatus)
		}
	}

	// Bea's frames show Ada idle, a stand-in in her seat.
	f, err := h.Since(ctx, 1, 0)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := json.Marshal(f.Seats)
	want := fmt.Sprintf(`[{"status":"idle","account":%d,"name":"Ada","bot":"random"},{"status":"human","account":%d,"name":"Bea"},{"status":"bot","bot":"random"}]`,
		ada.Account, bea.Account)
	if string(got) != want {
		t.Errorf("frame seats = %s, want %s", got, want)
	}
	if f, err := h.Since(ctx, 0, 0); err != nil || f.Decision != nil {
		t.Errorf("idle seat's frame: decision %v, %v, want none (the stand-in decides)", f.Decision, err)
	}
	if _, err := h.Submit(ctx, 0, f.Version, "stop"); live.CodeOf(err) != live.CodeNotYourSeat && live.CodeOf(err) != live.CodeStale {
		t.Errorf("answer from the idle seat = %v, want %s", err, live.CodeNotYourSeat)
	}

	if err := h.Join(ctx, 0); err != nil {
		t.Fatalf("Join after idle: %v", err)
	}
	if c := e.control(h.ID(), 0); c != (store.SeatControl{Status: "human"}) {
		t.Errorf("stored control after Join = %+v, want human, 0 missed", c)
	}
	if s := h.Seats()[0]; s.Status != live.SeatHuman || s.Bot != "" {
		t.Errorf("seat 0 after Join = %+v, want human", s)
	}
	f = adaTurn()
	if f.Deadline.IsZero() || f.Seats[0].Status != live.SeatHuman {
		t.Errorf("Ada's frame after Join: deadline %v, seat %+v", f.Deadline, f.Seats[0])
	}
}

// TestSeatRequestsRefused: Leave, Join and Concede name a human seat.
func TestSeatRequestsRefused(t *testing.T) {
	e := newEnv(t)
	h := e.create(3, e.human(), bot)
	run(t, h)
	ctx := context.Background()
	tests := []struct {
		name string
		call func() error
		want live.Code
	}{
		{"leave a bot seat", func() error { return h.Leave(ctx, 1) }, live.CodeNotYourSeat},
		{"join a bot seat", func() error { return h.Join(ctx, 1) }, live.CodeNotYourSeat},
		{"concede seat 5", func() error { return h.Concede(ctx, 5) }, live.CodeNotYourSeat},
		{"leave the spectator", func() error { return h.Leave(ctx, engine.Spectator) }, live.CodeNotYourSeat},
		{"join while playing", func() error { return h.Join(ctx, 0) }, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.call(); live.CodeOf(err) != tt.want || (tt.want == "" && err != nil) {
				t.Errorf("%s = %v, want %q", tt.name, err, tt.want)
			}
		})
	}
	wantSeats(t, "after refusals", h.Seats(), []live.SeatInfo{
		{Status: live.SeatHuman, Account: e.acct, Name: "Ada"},
		{Status: live.SeatBot, Bot: "random"},
	})
}

// TestRecoverWithoutControls: a match stored before seat controls were
// (no status recorded) comes back with its account seats human and its
// bot seats played by Config.StandIn.
func TestRecoverWithoutControls(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	m, err := engine.NewMatch(e.game, nil, 2, 41)
	if err != nil {
		t.Fatal(err)
	}
	id, err := e.st.CreateMatch(ctx, store.NewMatch{Header: m.Header(), Seats: []store.AccountID{e.acct, 0}})
	if err != nil {
		t.Fatal(err)
	}
	h := e.restart(id)
	wantSeats(t, "recovered", h.Seats(), []live.SeatInfo{
		{Status: live.SeatHuman, Account: e.acct, Name: "Ada"},
		{Status: live.SeatBot, Bot: "random"},
	})
	run(t, h)
	if _, f, ok := e.turn(h, 0); !ok || f.Decision == nil {
		t.Fatalf("no decision for the recovered human seat: %+v", f)
	}
}

// TestFrameSeatsJSON: every frame's SeatsJSON is the encoding of its
// Seats, before and after the seats change (a human leaves, a stand-in
// takes over), so a sender may copy it in place of encoding the seats.
func TestFrameSeatsJSON(t *testing.T) {
	e := newEnv(t)
	h, sub := e.humanVsBot(t, 3)
	ctx := context.Background()
	recv := func() live.Frame {
		t.Helper()
		select {
		case f, ok := <-sub.C:
			if !ok {
				t.Fatal("subscription closed")
			}
			want, _ := json.Marshal(f.Seats)
			if !bytes.Equal(f.SeatsJSON, want) {
				t.Fatalf("frame at %d: SeatsJSON %s, want %s", f.Version, f.SeatsJSON, want)
			}
			return f
		case <-time.After(20 * time.Second):
			t.Fatal("no frame")
		}
		return live.Frame{}
	}
	recv()
	if err := h.Leave(ctx, 0); err != nil {
		t.Fatal(err)
	}
	for range 1000 {
		if f := recv(); f.Seats[0].Status == live.SeatLeft {
			return
		}
	}
	t.Fatal("no frame showed seat 0 as left")
}
