package gateway_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"tabletop/server/gateway"
	"tabletop/server/live"
)

// TestAccounts walks the account calls of docs/protocol.md: guest,
// upgrade (same id), logout, login, change password, profile, delete.
func TestAccounts(t *testing.T) {
	s := newServer(t)
	token, id := s.guest("Ada")

	type step struct {
		name, method, path string
		token              func() string
		body               any
		want               int
		wantIn             string
	}
	tok := func() string { return token }
	steps := []step{
		{"me as guest", "GET", "/api/me", tok, nil, 200, `"guest":true`},
		{"bad display name", "PATCH", "/api/me", tok, map[string]string{"display_name": " "}, 400, "bad_display_name"},
		{"bad icon", "PATCH", "/api/me", tok, map[string]string{"icon": "Owl!"}, 400, "bad_icon"},
		{"profile", "PATCH", "/api/me", tok, map[string]string{"display_name": "Ada L.", "icon": "owl"}, 200, `"icon":"owl"`},
		{"password of a guest", "POST", "/api/password", tok, map[string]string{"old_password": "x", "new_password": "correct horse"}, 409, `"guest"`},
		{"weak password", "POST", "/api/upgrade", tok, map[string]string{"username": "ada", "password": "short"}, 400, "weak_password"},
		{"upgrade", "POST", "/api/upgrade", tok, map[string]string{"username": "Ada", "password": "correct horse"}, 200, fmt.Sprintf(`"id":%d,"username":"ada","guest":false`, id)},
		{"upgrade twice", "POST", "/api/upgrade", tok, map[string]string{"username": "ada2", "password": "correct horse"}, 409, "registered"},
		{"register taken", "POST", "/api/register", func() string { return "" }, map[string]string{"username": "ada", "password": "correct horse"}, 409, "username_taken"},
		{"unknown field", "POST", "/api/login", func() string { return "" }, map[string]string{"username": "ada", "pass": "x"}, 400, "bad_request"},
		{"wrong password", "POST", "/api/login", func() string { return "" }, map[string]string{"username": "ada", "password": "wrong horse"}, 401, "bad_credentials"},
		{"no session", "GET", "/api/me", func() string { return "" }, nil, 401, "unauthorized"},
		{"unknown endpoint", "GET", "/api/nothing", tok, nil, 404, "not_found"},
	}
	for _, st := range steps {
		t.Run(st.name, func(t *testing.T) {
			code, b, _ := s.do(st.method, st.path, st.token(), st.body)
			if code != st.want || !strings.Contains(string(b), st.wantIn) {
				t.Errorf("%s %s = %d %s, want %d with %s", st.method, st.path, code, b, st.want, st.wantIn)
			}
		})
	}

	// Login makes a second session; a password change ends the other.
	code, b, hdr := s.do("POST", "/api/login", "", map[string]string{"username": "ada", "password": "correct horse"})
	if code != 200 || !strings.Contains(hdr.Get("Set-Cookie"), gateway.CookieName+"=") || !strings.Contains(hdr.Get("Set-Cookie"), "HttpOnly") {
		t.Fatalf("login = %d %s, cookie %q", code, b, hdr.Get("Set-Cookie"))
	}
	var login struct{ Token string }
	_ = json.Unmarshal(b, &login)
	if code, b, _ := s.do("POST", "/api/password", login.Token, map[string]string{"old_password": "correct horse", "new_password": "battery staple"}); code != 204 {
		t.Fatalf("password = %d %s", code, b)
	}
	if code, _, _ := s.do("GET", "/api/me", token, nil); code != 401 {
		t.Errorf("the other session after a password change: GET /api/me = %d, want 401", code)
	}
	// Logout ends the session and clears the cookie.
	code, _, hdr = s.do("POST", "/api/logout", login.Token, nil)
	if code != 204 || !strings.Contains(hdr.Get("Set-Cookie"), "Max-Age=0") {
		t.Errorf("logout = %d, cookie %q", code, hdr.Get("Set-Cookie"))
	}
	if code, _, _ := s.do("GET", "/api/me", login.Token, nil); code != 401 {
		t.Errorf("after logout GET /api/me = %d, want 401", code)
	}
	// Delete needs the password and closes the account's connections.
	_, b, _ = s.do("POST", "/api/login", "", map[string]string{"username": "ada", "password": "battery staple"})
	_ = json.Unmarshal(b, &login)
	c := s.connect(login.Token)
	if code, b, _ := s.do("DELETE", "/api/me", login.Token, map[string]string{"password": "nope nope"}); code != 401 {
		t.Errorf("delete with a wrong password = %d %s, want 401", code, b)
	}
	if code, b, _ := s.do("DELETE", "/api/me", login.Token, map[string]string{"password": "battery staple"}); code != 204 {
		t.Fatalf("delete = %d %s", code, b)
	}
	if got := websocket.CloseStatus(c.closeErr()); got != 4401 {
		t.Errorf("connection after delete closed with %d, want 4401", got)
	}
	if _, err := s.st.Account(context.Background(), id); err == nil {
		t.Errorf("account %d still exists after delete", id)
	}
}

// TestSignupLimit: new accounts per address are rate-limited.
func TestSignupLimit(t *testing.T) {
	s := newServer(t, func(c *gateway.Config) { c.SignupRate, c.SignupBurst = 0.001, 2 })
	s.guest("A")
	s.guest("B")
	code, b, hdr := s.do("POST", "/api/guest", "", nil)
	if code != http.StatusTooManyRequests || !strings.Contains(string(b), "retry_after_ms") || hdr.Get("Retry-After") == "" {
		t.Errorf("third guest = %d %s (Retry-After %q), want 429 rate_limited", code, b, hdr.Get("Retry-After"))
	}
}

// TestTraitSlots: slots are validated by the rules at the account's level
// (GAP-28, REL-604-611) and listed back; bad ones change nothing.
func TestTraitSlots(t *testing.T) {
	s := newServer(t)
	token, _ := s.guest("Ada")
	five := `["gleaning","ordaining_the_apostles","casting_the_net","season_of_harvest","joy_of_ministry"]`
	six := `["gleaning","ordaining_the_apostles","casting_the_net","season_of_harvest","joy_of_ministry","eternal_return"]`
	tests := []struct {
		name, path, body string
		want             int
		wantIn           string
	}{
		{"valid", "/api/slots/0", `{"name":"Mine","traits":` + five + `}`, 200, `"valid":true`},
		{"too many for level 1", "/api/slots/1", `{"name":"Big","traits":` + six + `}`, 422, "too many traits"},
		{"unknown trait", "/api/slots/1", `{"name":"X","traits":["gleaning","nope"]}`, 422, "bad_slot"},
		{"no name, too few", "/api/slots/1", `{"name":"","traits":["gleaning"]}`, 422, `"errors":[`},
		{"slot out of range", "/api/slots/10", `{"name":"Mine","traits":` + five + `}`, 400, "bad_request"},
		{"unknown field", "/api/slots/1", `{"name":"Mine","traits":` + five + `,"x":1}`, 422, "bad_slot"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, b, _ := s.do("PUT", tc.path, token, json.RawMessage(tc.body))
			if code != tc.want || !strings.Contains(string(b), tc.wantIn) {
				t.Errorf("PUT %s %s = %d %s, want %d with %s", tc.path, tc.body, code, b, tc.want, tc.wantIn)
			}
		})
	}
	code, b, _ := s.do("GET", "/api/slots", token, nil)
	var list struct {
		Slots []struct {
			Slot   int
			Name   string
			Traits []string
		}
	}
	if err := json.Unmarshal(b, &list); code != 200 || err != nil || len(list.Slots) != 1 || list.Slots[0].Name != "Mine" || len(list.Slots[0].Traits) != 5 {
		t.Errorf("GET /api/slots = %d %s, want only slot 0 named Mine", code, b)
	}
	if code, _, _ := s.do("DELETE", "/api/slots/0", token, nil); code != 204 {
		t.Errorf("DELETE slot 0 = %d, want 204", code)
	}
	if code, b, _ := s.do("DELETE", "/api/slots/0", token, nil); code != 404 {
		t.Errorf("DELETE slot 0 again = %d %s, want 404", code, b)
	}
}

// TestCatalogue: the client's game data with Korean and English names,
// cacheable by ETag.
func TestCatalogue(t *testing.T) {
	s := newServer(t)
	code, b, hdr := s.do("GET", "/api/catalogue", "", nil)
	if code != 200 {
		t.Fatalf("GET /api/catalogue = %d", code)
	}
	var cat struct {
		Religions []struct{ Key, En, Ko string }
		Traits    []struct {
			Key   string
			Cards []string
		}
		Cards []struct {
			ID, En, Ko, Text string
			TextKo           string `json:"text_ko"`
		}
		Presets     []struct{ Name string }
		TraitPoints map[string]int `json:"trait_points"`
	}
	if err := json.Unmarshal(b, &cat); err != nil {
		t.Fatal(err)
	}
	if len(cat.Religions) != 4 || cat.Religions[0].Ko != "기독교" || len(cat.Traits) != 36 || len(cat.Cards) != 84 ||
		len(cat.Presets) != 3 || cat.TraitPoints["6"] != 10 || len(cat.Traits[0].Cards) != 2 {
		t.Errorf("catalogue: %d religions, %d traits, %d cards, %d presets, trait points %v", len(cat.Religions), len(cat.Traits), len(cat.Cards), len(cat.Presets), cat.TraitPoints)
	}
	if cat.Cards[0].ID != "CARD-001" || cat.Cards[0].Ko == "" || cat.Cards[0].En == "" {
		t.Errorf("first card = %+v, want CARD-001 with both names", cat.Cards[0])
	}
	for _, c := range cat.Cards { // both texts for every card, Korean from the seed
		if c.Text == "" || c.TextKo == "" || c.Text == c.TextKo {
			t.Errorf("card %s: text %q, text_ko %q, want both", c.ID, c.Text, c.TextKo)
		}
	}
	if code, _, _ := s.do("GET", "/api/catalogue", "", nil, "If-None-Match", hdr.Get("ETag")); code != http.StatusNotModified {
		t.Errorf("catalogue with its ETag = %d, want 304", code)
	}
}

// TestReconnectSince: after missing frames, watch {since: N} brings every
// step after N in one frame, identical to what was missed.
func TestReconnectSince(t *testing.T) {
	s := newServer(t)
	match, cs, fs := twoHumans(t, s)
	// Play a few answers, collecting every frame seat 0 receives.
	got := map[int]json.RawMessage{}
	record := func(f frame) {
		for _, st := range f.Steps {
			got[st.Version] = st.Events
		}
	}
	record(fs[0])
	cur := fs
	now := fs[0].Version
	for range 6 {
		turn := 0
		if cur[1].Decision != nil {
			turn = 1
		}
		f := cur[turn]
		if f.Decision == nil || f.Result != nil {
			break
		}
		if r := cs[turn].call("answer", map[string]any{"match": match, "version": f.Version, "answer": f.Decision.Default}); !r.OK {
			t.Fatalf("answer = %s", r.raw)
		}
		// The seat that answered gets its frame; the other gets one
		// only if the steps showed it something, and always when it
		// decides next (docs/protocol.md, "frame").
		cur[turn] = decodeFrame(t, cs[turn].next("frame"))
		now = cur[turn].Version
		if turn == 0 {
			record(cur[0])
		}
		if cur[turn].Decision == nil && cur[turn].Result == nil {
			other := 1 - turn
			for cur[other].Version < now {
				cur[other] = decodeFrame(t, cs[other].next("frame"))
				if other == 0 {
					record(cur[0])
				}
			}
		}
	}
	// A new connection of seat 0's account resumes from version 2.
	c := s.connect(cs[0].token)
	if r := c.call("watch", map[string]any{"match": match, "since": 2}); !r.OK {
		t.Fatalf("watch since 2 = %s", r.raw)
	}
	f := decodeFrame(t, c.next("frame"))
	if f.From != 2 || f.Version != now || len(f.Steps) != f.Version-2 {
		t.Fatalf("resumed frame %d..%d with %d steps, want 2..%d", f.From, f.Version, len(f.Steps), now)
	}
	for _, st := range f.Steps {
		want, ok := got[st.Version]
		if !ok {
			want = json.RawMessage("[]") // a step that showed seat 0 nothing: never sent alone
		}
		if string(st.Events) != string(want) {
			t.Errorf("step %d events after reconnect = %s, want %s", st.Version, st.Events, want)
		}
	}
	if r := c.call("watch", map[string]any{"match": match, "since": f.Version + 10}); r.code() != "stale_version" {
		t.Errorf("watch beyond the version = %s, want stale_version", r.raw)
	}
}

// TestShutdown: Shutdown tells every connection to reconnect, closes it
// with 1012, stops the matches (persisted: still live in the store) and
// turns /healthz to 503.
func TestShutdown(t *testing.T) {
	s := newServer(t)
	match, cs, _ := twoHumans(t, s)
	if code, b, _ := s.do("GET", "/healthz", "", nil); code != 200 || !strings.Contains(string(b), `"live_matches":1`) {
		t.Errorf("healthz = %d %s", code, b)
	}
	code, b, _ := s.do("GET", "/metrics", "", nil)
	for _, m := range []string{"tabletop_live_matches 1", "tabletop_connections 2", "tabletop_answer_seconds_bucket", "tabletop_queue_players"} {
		if code != 200 || !strings.Contains(string(b), m) {
			t.Errorf("/metrics lacks %q", m)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := s.gw.Shutdown(ctx); err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	for i, c := range cs {
		m := c.next("shutdown")
		if !strings.Contains(string(m.Data), `"reconnect_after_ms"`) {
			t.Errorf("client %d shutdown = %s", i, m.raw)
		}
		if got := websocket.CloseStatus(c.closeErr()); got != websocket.StatusServiceRestart {
			t.Errorf("client %d closed with %d, want 1012", i, got)
		}
	}
	rec, err := s.st.Match(ctx, match)
	if err != nil || !rec.Live() {
		t.Errorf("match after shutdown: live=%v err=%v, want still live", rec.Live(), err)
	}
	if code, _, _ := s.do("GET", "/healthz", "", nil); code != 503 {
		t.Errorf("healthz while draining = %d, want 503", code)
	}
	if _, err := s.gw.StartMatch(ctx, gateway.MatchRequest{Seats: []live.SeatSpec{{Bot: "random"}, {Bot: "random"}}}); err == nil {
		t.Errorf("StartMatch while draining succeeded")
	}
	if _, err := s.dial(""); err == nil {
		t.Errorf("websocket upgrade while draining succeeded")
	}
}
