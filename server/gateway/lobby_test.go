package gateway_test

import (
	"encoding/json"
	"strings"
	"testing"

	"tabletop/store"
)

// register creates a registered account and returns its token and id.
func (s *testServer) register(name string) (string, store.AccountID) {
	s.t.Helper()
	code, b, _ := s.do("POST", "/api/register", "", map[string]string{"username": name, "password": "correct horse", "display_name": name})
	if code != 200 {
		s.t.Fatalf("register %s = %d %s", name, code, b)
	}
	var out struct {
		Account struct{ ID store.AccountID }
		Token   string
	}
	_ = json.Unmarshal(b, &out)
	return out.Token, out.Account.ID
}

// TestFriendsAndPresence: friend requests by username, acceptance and
// live presence pushes go through the lobby (UI-101..114, GAP-64).
func TestFriendsAndPresence(t *testing.T) {
	s := newServer(t)
	adaTok, ada := s.register("ada")
	bobTok, bob := s.register("bob")
	a := s.connect(adaTok)
	b := s.connect(bobTok)

	if r := a.call("friend_request", map[string]any{"username": "bob"}); !r.OK {
		t.Fatalf("friend_request = %s", r.raw)
	}
	if m := b.next("friend_request"); !strings.Contains(string(m.Data), `"state":"incoming"`) {
		t.Errorf("bob's friend_request push = %s", m.raw)
	}
	if r := a.call("friend_request", map[string]any{"username": "bob"}); r.OK {
		t.Errorf("second friend_request = %s, want a refusal", r.raw)
	}
	if r := b.call("friend_accept", map[string]any{"account": ada}); !r.OK {
		t.Fatalf("friend_accept = %s", r.raw)
	}
	if m := a.next("friend"); !strings.Contains(string(m.Data), `"event":"accepted"`) {
		t.Errorf("ada's friend push = %s", m.raw)
	}
	r := a.call("friends", nil)
	var fl struct {
		Friends []struct {
			Account  store.AccountID
			State    string
			Presence string
		}
	}
	if err := json.Unmarshal(r.Data, &fl); err != nil || len(fl.Friends) != 1 || fl.Friends[0].Account != bob ||
		fl.Friends[0].State != "accepted" || fl.Friends[0].Presence != "online" {
		t.Errorf("friends = %s, want bob accepted and online", r.raw)
	}
	// Bob goes offline: Ada is told.
	b.ws.CloseNow()
	p := a.next("presence")
	if !strings.Contains(string(p.Data), `"status":"offline"`) {
		t.Errorf("presence push = %s, want bob offline", p.raw)
	}
	// Lobby refusals carry the lobby's codes.
	if r := a.call("invite", map[string]any{"account": bob}); r.code() != "not_online" {
		t.Errorf("invite an offline friend = %s, want not_online", r.raw)
	}
	if r := a.call("queue", map[string]any{"players": 5}); r.code() != "bad_request" {
		t.Errorf("queue for 5 = %s, want bad_request", r.raw)
	}
}

// TestQueueTwoHumans: two players queueing for 2 meet in one waiting
// room (UI-014, UI-201..210), each sees only their own choice (GAP-65),
// a partial room_choose keeps the other fields, and both get the match.
func TestQueueTwoHumans(t *testing.T) {
	s := newServer(t)
	var cs [2]*wsClient
	for i := range cs {
		tok, _ := s.guest("G")
		cs[i] = s.connect(tok)
		if r := cs[i].call("queue", map[string]any{"players": 2}); !r.OK {
			t.Fatalf("queue = %s", r.raw)
		}
	}
	for i, c := range cs {
		room := c.next("room")
		if !strings.Contains(string(room.Data), `"state":"open"`) || strings.Count(string(room.Data), `"choice"`) != 1 {
			t.Errorf("client %d room = %s, want an open room with one choice (its own)", i, room.raw)
		}
	}
	if r := cs[0].call("room_choose", map[string]any{"character": "explorer"}); !r.OK {
		t.Fatalf("room_choose character = %s", r.raw)
	}
	r := cs[0].call("room_choose", map[string]any{"religion": "islam"})
	if !r.OK || !strings.Contains(string(r.Data), `"character":"explorer"`) || !strings.Contains(string(r.Data), `"religion":"islam"`) {
		t.Errorf("room_choose religion = %s, want explorer kept and islam chosen", r.raw)
	}
	if r := cs[1].call("room_choose", map[string]any{"character": "wizard"}); r.code() != "bad_choice" {
		t.Errorf("room_choose wizard = %s, want bad_choice", r.raw)
	}
	var matches [2]store.MatchID
	for _, c := range cs {
		if r := c.call("room_ready", nil); !r.OK {
			t.Fatalf("room_ready = %s", r.raw)
		}
	}
	for i, c := range cs {
		var ms struct {
			Match store.MatchID
			Seat  int
		}
		_ = json.Unmarshal(c.next("match_start").Data, &ms)
		matches[i] = ms.Match
		w := c.call("watch", map[string]any{"match": ms.Match, "since": 0})
		if !w.OK || !strings.Contains(string(w.Data), `"seat":`) {
			t.Fatalf("watch = %s", w.raw)
		}
		var wd struct{ Seat int }
		_ = json.Unmarshal(w.Data, &wd)
		if wd.Seat != ms.Seat {
			t.Errorf("client %d watches as seat %d, match_start said %d", i, wd.Seat, ms.Seat)
		}
	}
	if matches[0] == 0 || matches[0] != matches[1] {
		t.Errorf("matches %v, want one shared match", matches)
	}
}

// TestPlayAgainAtOnce: the players of a match are out of it by the time
// its result frame arrives, so "play against bots" right after the result
// starts the next match instead of being refused as in_match (the
// presence used to clear only after the match's goroutine returned).
func TestPlayAgainAtOnce(t *testing.T) {
	s := newServer(t)
	token, _ := s.guest("Ada")
	c := s.connect(token)
	for range 3 {
		frames := c.playOut(c.startBots(2))
		if frames[len(frames)-1].Result == nil {
			t.Fatal("the last frame has no result")
		}
	}
}
