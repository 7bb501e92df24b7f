package loadtest

import (
	"bytes"
	"context"
	"io"
	"net"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/games/realigious"
	"tabletop/server/auth"
	"tabletop/server/gateway"
	"tabletop/server/live"
	"tabletop/server/lobby"
	"tabletop/store/memory"
)

// testServer runs a gateway with the real lobby over an in-memory store
// behind httptest, with small, short matches, and returns a pool of n
// accounts with friends friends each, made by the bulk path.
func testServer(t *testing.T, n, friends int) (*Dialer, *Pool) {
	t.Helper()
	st := memory.New()
	svc := auth.New(st, auth.Options{})
	gw, err := gateway.New(gateway.Config{
		Store: st,
		Auth:  svc,
		Games: []engine.Game{realigious.New()},
		Live:  live.Config{},
		Lobby: gateway.NewLobby(lobby.Config{
			Store: st, Match: realigious.Config{Size: 7, CycleLimit: 3}, BotLevel: "random",
			OfflineGrace: -1,
		}),
	})
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewServer(gw.Handler())
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = gw.Shutdown(ctx)
		ts.Close()
		st.Close()
	})
	p := &Pool{}
	if err := (&Seeder{Store: st, Auth: svc}).Grow(context.Background(), p, n, friends); err != nil {
		t.Fatal(err)
	}
	return NewDialer(ts.URL), p
}

// TestRunMatches plays a few 2-player matches between bot clients over
// real WebSockets: matchmaking puts them together (UI-013..018), they
// ready in the waiting room (UI-201..210), and every answer is
// acknowledged as durable and timed to its frame. Finished matches are
// followed by new ones (Requeue).
func TestRunMatches(t *testing.T) {
	d, pool := testServer(t, 4, 0)
	var out bytes.Buffer
	cfg := Config{
		Dialer: d, Mode: ModeMatches, Matches: 2, Players: 2, Requeue: true,
		Duration: 1500 * time.Millisecond, Setup: 10 * time.Second, Every: 500 * time.Millisecond, Out: &out,
	}
	res, err := Run(context.Background(), cfg, pool)
	if err != nil {
		t.Fatalf("Run: %v\n%s", err, out.String())
	}
	res.Report(&out)
	t.Log(out.String())
	if res.SetupIncomplete || res.Started < 2 {
		t.Errorf("started %d matches (setup incomplete: %v), want 2 at least", res.Started, res.SetupIncomplete)
	}
	if res.Durable == 0 || res.AnswerFrame.N == 0 || res.AnswerReply.N == 0 {
		t.Errorf("durable %d, timed to frame %d, to ack %d: want answers measured", res.Durable, res.AnswerFrame.N, res.AnswerReply.N)
	}
	if len(res.Errors) != 0 || res.Drops != 0 {
		t.Errorf("errors %v, drops %d: want none", res.Errors, res.Drops)
	}
	if !res.ServerSampled || res.ServerCPU <= 0 || res.GenCPU <= 0 {
		t.Errorf("server CPU %v (sampled %v), generator CPU %v: want both measured", res.ServerCPU, res.ServerSampled, res.GenCPU)
	}
	for _, want := range []string{"durable answers", "answer → frame", "matches               "} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q", want)
		}
	}
	if !strings.Contains(out.String(), "answers/s") {
		t.Errorf("no progress line in the output")
	}
}

// TestRunPresence holds connections of friends and swaps some out: the
// friends of the newcomers see them come online (UI-103..105) and of
// those that leave go offline, and the connection count holds.
func TestRunPresence(t *testing.T) {
	cfg := Config{
		Mode: ModePresence, Conns: 7, Churn: 10, Offline: 100 * time.Millisecond, FriendsList: true,
		Duration: 1500 * time.Millisecond, Setup: 10 * time.Second, Every: 500 * time.Millisecond,
	}
	d, pool := testServer(t, cfg.Accounts(), 2)
	cfg.Dialer = d
	var out bytes.Buffer
	cfg.Out = &out
	res, err := Run(context.Background(), cfg, pool)
	if err != nil {
		t.Fatalf("Run: %v\n%s", err, out.String())
	}
	res.Report(&out)
	t.Log(out.String())
	if res.SetupConnections != 7 || res.MinHeld < 6 {
		t.Errorf("connections: %d after setup, %d at the fewest; want 7 and at least 6 (one in a swap)", res.SetupConnections, res.MinHeld)
	}
	if res.Churns < 5 || res.Presence == 0 || res.PresenceOnline.N == 0 {
		t.Errorf("%d swaps, %d presence pushes, %d timed onlines: want presence flowing", res.Churns, res.Presence, res.PresenceOnline.N)
	}
	if len(res.Errors) != 0 || res.Drops != 0 {
		t.Errorf("errors %v, drops %d: want none", res.Errors, res.Drops)
	}
}

// TestRunNoServer: when no connection can be made (no server there, or
// one that refuses the clients' protocol), a run of either mode stops at
// once with the connect error instead of waiting out the setup time or
// measuring nothing.
func TestRunNoServer(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + ln.Addr().String()
	ln.Close() // nothing listens there now: every dial is refused
	tests := []struct {
		name string
		cfg  Config
	}{
		{"matches", Config{Mode: ModeMatches, Matches: 2, Players: 2}},
		{"presence", Config{Mode: ModePresence, Conns: 4, Churn: 1, Offline: time.Second}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			cfg := tc.cfg
			cfg.Dialer, cfg.Out = NewDialer(url), io.Discard
			cfg.Duration, cfg.Setup, cfg.Every = time.Second, time.Minute, time.Minute
			pool := &Pool{Accounts: make([]Account, 8)}
			for i := range pool.Accounts {
				pool.Accounts[i].ID = int64(i + 1)
			}
			start := time.Now()
			_, err := Run(context.Background(), cfg, pool)
			if err == nil || !strings.Contains(err.Error(), "none of the 4 connections could be made") || !strings.Contains(err.Error(), "refused") {
				t.Fatalf("Run = %v, want the connect failure", err)
			}
			if d := time.Since(start); d > 30*time.Second {
				t.Errorf("Run took %v to give up, want well under the 1m setup", d)
			}
		})
	}
}
