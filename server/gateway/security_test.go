package gateway_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gobwas/ws"
	"github.com/gobwas/ws/wsutil"
	"golang.org/x/time/rate"

	"tabletop/server/gateway"
	"tabletop/server/live"
	"tabletop/store"
)

// twoHumans starts a match between two guests through the manager and
// returns their clients (watching) and the first frame each got.
func twoHumans(t *testing.T, s *testServer) (store.MatchID, [2]*wsClient, [2]frame) {
	t.Helper()
	var ids [2]store.AccountID
	var cs [2]*wsClient
	for i := range cs {
		tok, id := s.guest("P" + string(rune('A'+i)))
		ids[i] = id
		cs[i] = s.connect(tok)
	}
	match, err := s.gw.StartMatch(context.Background(), gateway.MatchRequest{
		Config: []byte(`{"size":7,"cycle_limit":3}`),
		Seats:  []live.SeatSpec{{Account: ids[0]}, {Account: ids[1]}},
	})
	if err != nil {
		t.Fatalf("StartMatch: %v", err)
	}
	var fs [2]frame
	for i, c := range cs {
		if r := c.call("watch", map[string]any{"match": match, "since": 0}); !r.OK {
			t.Fatalf("watch = %s", r.raw)
		}
		fs[i] = decodeFrame(t, c.next("frame"))
	}
	return match, cs, fs
}

// TestAnswerRefusals: a stale version, another seat's turn and a match the
// account does not play are refused with typed codes, and change nothing
// (issue 5: "no acting for another seat, no joining a match you are not
// in"; style 16: stale actions carry a version).
func TestAnswerRefusals(t *testing.T) {
	s := newServer(t)
	match, cs, fs := twoHumans(t, s)
	turn := 0
	if fs[1].Decision != nil {
		turn = 1
	}
	f := fs[turn]
	if f.Decision == nil {
		t.Fatalf("neither seat has a decision: %+v", fs)
	}
	strangerTok, _ := s.guest("Eve")
	stranger := s.connect(strangerTok)

	tests := []struct {
		name    string
		c       *wsClient
		fields  map[string]any
		want    string
		version bool // the error carries the match's version
	}{
		{"stale version", cs[turn], map[string]any{"match": match, "version": f.Version + 5, "answer": f.Decision.Default}, "stale_version", true},
		{"other seat's turn", cs[1-turn], map[string]any{"match": match, "version": f.Version, "answer": f.Decision.Default}, "not_your_seat", true},
		{"not in match", stranger, map[string]any{"match": match, "version": f.Version, "answer": f.Decision.Default}, "not_in_match", false},
		{"illegal answer", cs[turn], map[string]any{"match": match, "version": f.Version, "answer": "fly away"}, "illegal_answer", true},
		{"unknown match", cs[turn], map[string]any{"match": 9999, "version": 0, "answer": "x"}, "not_found", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := tc.c.call("answer", tc.fields)
			if r.OK || r.code() != tc.want {
				t.Fatalf("answer = %s, want %s", r.raw, tc.want)
			}
			if tc.version && (r.Error.Version == nil || *r.Error.Version != f.Version) {
				t.Errorf("error version = %v, want %d", r.Error.Version, f.Version)
			}
		})
	}
	// Nothing changed: the right answer at the right version still works.
	r := cs[turn].call("answer", map[string]any{"match": match, "version": f.Version, "answer": f.Decision.Default})
	if !r.OK {
		t.Fatalf("answer after refusals = %s", r.raw)
	}
	// Leave, concede and rejoin are for seated accounts only.
	for _, typ := range []string{"leave", "rejoin", "concede"} {
		if r := stranger.call(typ, map[string]any{"match": match}); r.code() != "not_in_match" {
			t.Errorf("stranger %s = %s, want not_in_match", typ, r.raw)
		}
	}
	// A stranger watches as the spectator.
	r = stranger.call("watch", map[string]any{"match": match, "since": 0})
	if !r.OK || !strings.Contains(string(r.Data), `"seat":-3`) {
		t.Errorf("stranger watch = %s, want seat -3", r.raw)
	}
	if sf := decodeFrame(t, stranger.next("frame")); sf.Seat != -3 || sf.Decision != nil {
		t.Errorf("spectator frame seat %d decision %v, want -3 and none", sf.Seat, sf.Decision)
	}
}

// TestOrigin: state-changing requests and the WebSocket upgrade from a
// foreign Origin are refused; the host itself and -origin entries pass; a
// cookie without Origin does not authenticate a state change.
func TestOrigin(t *testing.T) {
	s := newServer(t, func(c *gateway.Config) { c.Origins = []string{"https://play.example.com", "*.friends.test"} })
	token, _ := s.guest("Ada")
	tests := []struct {
		origin string
		want   int
	}{
		{"https://evil.example", http.StatusForbidden},
		{"null", http.StatusForbidden},
		{s.ts.URL, http.StatusOK},
		{"https://play.example.com", http.StatusOK},
		{"http://a.friends.test", http.StatusOK},
		{"", http.StatusOK}, // a program with a Bearer token
	}
	for _, tc := range tests {
		t.Run("patch me from "+tc.origin, func(t *testing.T) {
			var hdr []string
			if tc.origin != "" {
				hdr = []string{"Origin", tc.origin}
			}
			code, b, _ := s.do("PATCH", "/api/me", token, map[string]string{"icon": "owl"}, hdr...)
			if code != tc.want {
				t.Errorf("PATCH /api/me from %q = %d %s, want %d", tc.origin, code, b, tc.want)
			}
			if code == http.StatusForbidden && !strings.Contains(string(b), `"bad_origin"`) {
				t.Errorf("refusal %s, want code bad_origin", b)
			}
			_, err := s.dial(token, hdr...)
			if (err == nil) != (tc.want == http.StatusOK) {
				t.Errorf("websocket from %q: err %v, want refused=%v", tc.origin, err, tc.want != http.StatusOK)
			}
		})
	}
	t.Run("cookie without origin", func(t *testing.T) {
		code, b, _ := s.do("PATCH", "/api/me", "", map[string]string{"icon": "cat"}, "Cookie", gateway.CookieName+"="+token)
		if code != http.StatusUnauthorized {
			t.Errorf("PATCH with a cookie and no Origin = %d %s, want 401", code, b)
		}
		code, _, _ = s.do("PATCH", "/api/me", "", map[string]string{"icon": "cat"}, "Cookie", gateway.CookieName+"="+token, "Origin", s.ts.URL)
		if code != http.StatusOK {
			t.Errorf("PATCH with a cookie and our Origin = %d, want 200", code)
		}
	})
}

// TestHello: the version handshake and the session check.
func TestHello(t *testing.T) {
	s := newServer(t)
	token, _ := s.guest("Ada")
	tests := []struct {
		name      string
		token     string
		first     string
		wantCode  string
		wantClose websocket.StatusCode
	}{
		{"unsupported protocol", token, `{"type":"hello","id":1,"protocol":5}`, "unsupported_protocol", 4400},
		{"retired protocol 2", token, `{"type":"hello","id":1,"protocol":2}`, "unsupported_protocol", 4400}, // tiles carried their sight
		{"protocol 0", token, `{"type":"hello","id":1,"protocol":0}`, "unsupported_protocol", 4400},
		{"no hello first", token, `{"type":"ping","id":1}`, "hello_required", 4400},
		{"no session", "", `{"type":"hello","id":1,"protocol":4}`, "unauthorized", 4401},
		{"bad token in hello", "", `{"type":"hello","id":1,"protocol":4,"token":"nope"}`, "unauthorized", 4401},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, err := s.dial(tc.token)
			if err != nil {
				t.Fatal(err)
			}
			if err := c.sendRaw([]byte(tc.first)); err != nil {
				t.Fatal(err)
			}
			r := c.next("reply")
			if r.code() != tc.wantCode {
				t.Errorf("reply = %s, want %s", r.raw, tc.wantCode)
			}
			if tc.wantCode == "unsupported_protocol" && (r.Error == nil || fmt.Sprint(r.Error.Supported) != "[3 4]") {
				t.Errorf("reply %s: want supported [1 2]", r.raw)
			}
			if got := websocket.CloseStatus(c.closeErr()); got != tc.wantClose {
				t.Errorf("close status = %d, want %d", got, tc.wantClose)
			}
		})
	}
	t.Run("token in hello", func(t *testing.T) {
		c, err := s.dial("")
		if err != nil {
			t.Fatal(err)
		}
		if r := c.call("hello", map[string]any{"protocol": gateway.ProtocolVersion, "token": token}); !r.OK {
			t.Errorf("hello with token = %s", r.raw)
		}
	})
}

// TestMalformedMessages: every malformed message gets a typed error and
// the connection stays usable.
func TestMalformedMessages(t *testing.T) {
	s := newServer(t)
	token, _ := s.guest("Ada")
	c := s.connect(token)
	tests := []struct {
		name, msg, code string
	}{
		{"not json", `{"type":`, "bad_request"},
		{"array", `[1,2]`, "bad_request"},
		{"no type", `{"id":3}`, "bad_request"},
		{"unknown type", `{"type":"teleport","id":4}`, "unknown_type"},
		{"unknown field", `{"type":"ping","id":5,"x":1}`, "bad_request"},
		{"field of another type", `{"type":"ping","id":6,"match":1}`, "bad_request"},
		{"missing field", `{"type":"answer","id":7,"match":1,"version":0}`, "bad_request"},
		{"wrong type", `{"type":"watch","id":8,"match":"one"}`, "bad_request"},
		{"negative since", `{"type":"watch","id":9,"match":1,"since":-1}`, "bad_request"},
		{"fractional id", `{"type":"ping","id":1.5}`, "bad_request"},
		{"second hello", `{"type":"hello","id":10,"protocol":4}`, "bad_request"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if err := c.sendRaw([]byte(tc.msg)); err != nil {
				t.Fatal(err)
			}
			r := c.waitFor(func(m msg) bool { return (m.Type == "reply" && !m.OK) || m.Type == "error" }, "refusal")
			if r.code() != tc.code {
				t.Errorf("%s -> %s, want %s", tc.msg, r.raw, tc.code)
			}
		})
	}
	if r := c.call("ping", nil); !r.OK {
		t.Errorf("ping after malformed messages = %s", r.raw)
	}
}

// TestOversizedMessage: a message over MaxMessage closes the connection
// with 1009.
func TestOversizedMessage(t *testing.T) {
	s := newServer(t)
	token, _ := s.guest("Ada")
	c := s.connect(token)
	big := `{"type":"ping","id":2,"pad":"` + strings.Repeat("x", gateway.MaxMessage) + `"}`
	_ = c.sendRaw([]byte(big))
	if got := websocket.CloseStatus(c.closeErr()); got != websocket.StatusMessageTooBig {
		t.Errorf("close status = %d, want %d", got, websocket.StatusMessageTooBig)
	}
}

// TestRateLimit: messages over the per-connection limit are refused with
// rate_limited and not carried out; a flood closes the connection (4429).
func TestRateLimit(t *testing.T) {
	s := newServer(t, func(c *gateway.Config) {
		c.ConnRate, c.ConnBurst = rate.Every(time.Hour), 5
	})
	token, _ := s.guest("Ada")
	c := s.connect(token)
	limited := 0
	for range 10 {
		r := c.call("ping", nil)
		if r.code() == "rate_limited" {
			limited++
			var raw map[string]json.RawMessage
			_ = json.Unmarshal(r.raw, &raw)
			if !strings.Contains(string(r.raw), "retry_after_ms") {
				t.Errorf("refusal %s has no retry_after_ms", r.raw)
			}
		} else if !r.OK {
			t.Errorf("ping = %s", r.raw)
		}
	}
	if limited != 5 {
		t.Errorf("%d of 10 pings limited with a burst of 5, want 5", limited)
	}
	for range 250 {
		if err := c.sendRaw([]byte(`{"type":"ping"}`)); err != nil {
			break
		}
	}
	if got := websocket.CloseStatus(c.closeErr()); got != 4429 {
		t.Errorf("close after a flood = %d, want 4429", got)
	}
	if err := c.closeErr(); err == nil || errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("connection still open after a flood")
	}
}

// TestPingTimeout: the server pings every PingInterval and closes (1001)
// a connection from which nothing came within half of it; a client that
// answers pings stays (docs/protocol.md, "ping").
func TestPingTimeout(t *testing.T) {
	s := newServer(t, func(c *gateway.Config) { c.PingInterval = 100 * time.Millisecond })
	token, _ := s.guest("Ada")
	answering := s.connect(token) // coder/websocket answers pings while it reads

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	d := ws.Dialer{Header: ws.HandshakeHeaderHTTP(http.Header{"Authorization": {"Bearer " + token}})}
	silent, br, _, err := d.Dial(ctx, "ws"+strings.TrimPrefix(s.ts.URL, "http")+"/ws")
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	var r io.Reader = silent
	if br != nil {
		r = io.MultiReader(br, silent)
	}
	if err := wsutil.WriteClientText(silent, fmt.Appendf(nil, `{"type":"hello","id":1,"protocol":%d}`, gateway.ProtocolVersion)); err != nil {
		t.Fatal(err)
	}
	_ = silent.SetReadDeadline(time.Now().Add(5 * time.Second))
	var ops []ws.OpCode
	for {
		f, err := ws.ReadFrame(r)
		if err != nil {
			t.Fatalf("after frames %v: %v (want a close frame)", ops, err)
		}
		ops = append(ops, f.Header.OpCode)
		if f.Header.OpCode == ws.OpClose {
			if code, reason := ws.ParseCloseFrameData(f.Payload); code != ws.StatusGoingAway || reason != "ping timeout" {
				t.Fatalf("close %d %q, want 1001 \"ping timeout\"", code, reason)
			}
			break
		}
	}
	if !slices.Contains(ops, ws.OpPing) {
		t.Errorf("frames %v before the close: no ping", ops)
	}
	if r := answering.call("ping", nil); !r.OK {
		t.Errorf("the client that answers pings: ping = %s", r.raw)
	}
}
