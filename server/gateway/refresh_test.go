package gateway_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"tabletop/server/gateway"
	"tabletop/store"
)

// friendsAndParty makes bob ada's friend and a member of her party.
func (s *testServer) friendsAndParty(a, b *wsClient, ada, bob store.AccountID) {
	s.t.Helper()
	if r := a.call("friend_request", map[string]any{"username": "bob"}); !r.OK {
		s.t.Fatalf("friend_request = %s", r.raw)
	}
	if r := b.call("friend_accept", map[string]any{"account": ada}); !r.OK {
		s.t.Fatalf("friend_accept = %s", r.raw)
	}
	if r := a.call("invite", map[string]any{"account": bob}); !r.OK {
		s.t.Fatalf("invite = %s", r.raw)
	}
	if r := b.call("invite_accept", map[string]any{"from": ada}); !r.OK {
		s.t.Fatalf("invite_accept = %s", r.raw)
	}
}

// friendUpdate waits for a "friend" push with event "updated".
func (c *wsClient) friendUpdate() msg {
	c.t.Helper()
	return c.waitFor(func(m msg) bool {
		return m.Type == "friend" && strings.Contains(string(m.Data), `"event":"updated"`)
	}, "friend updated push")
}

// TestProfileChangeReachesLobby: after PATCH /api/me the party and the
// online friends see the new name and icon (UI-011, UI-102,
// docs/protocol.md "Friends and presence").
func TestProfileChangeReachesLobby(t *testing.T) {
	s := newServer(t)
	adaTok, ada := s.register("ada")
	bobTok, bob := s.register("bob")
	a, b := s.connect(adaTok), s.connect(bobTok)
	s.friendsAndParty(a, b, ada, bob)

	if code, body, _ := s.do("PATCH", "/api/me", bobTok, map[string]string{"display_name": "Robert", "icon": "owl"}); code != 200 {
		t.Fatalf("PATCH /api/me = %d %s", code, body)
	}
	p := a.waitFor(func(m msg) bool {
		return m.Type == "party" && strings.Contains(string(m.Data), `"display_name":"Robert"`)
	}, "party push with Robert")
	if !strings.Contains(string(p.Data), `"icon":"owl"`) {
		t.Errorf("ada's party push = %s, want bob's new icon", p.raw)
	}
	f := a.friendUpdate()
	if !strings.Contains(string(f.Data), `"display_name":"Robert"`) || !strings.Contains(string(f.Data), `"presence":"online"`) {
		t.Errorf("ada's friend push = %s, want bob as Robert, online", f.raw)
	}
}

// levelsStore finishes matches with a steep level curve (level 2 from
// the first experience), so that one match raises a level.
type levelsStore struct{ store.Store }

func (s levelsStore) FinishMatch(ctx context.Context, id store.MatchID, f store.Finish) error {
	f.Level = func(xp int64) int { return 1 + min(int(xp/10), 5) }
	return s.Store.FinishMatch(ctx, id, f)
}

// TestMatchEndRefreshesLevel: when a match ends the lobby re-reads the
// players' levels, so that their friends see the new one (UI-102,
// REL-606, docs/protocol.md "Levels and experience").
func TestMatchEndRefreshesLevel(t *testing.T) {
	s := newServer(t, func(c *gateway.Config) { c.Store = levelsStore{c.Store} })
	adaTok, ada := s.register("ada")
	bobTok, _ := s.register("bob")
	a, b := s.connect(adaTok), s.connect(bobTok)
	if r := a.call("friend_request", map[string]any{"username": "bob"}); !r.OK {
		t.Fatalf("friend_request = %s", r.raw)
	}
	if r := b.call("friend_accept", map[string]any{"account": ada}); !r.OK {
		t.Fatalf("friend_accept = %s", r.raw)
	}

	a.playOut(a.startBots(2))
	f := b.friendUpdate()
	var ev struct {
		Friend struct {
			Account store.AccountID
			Level   int
		}
	}
	if err := json.Unmarshal(f.Data, &ev); err != nil || ev.Friend.Account != ada || ev.Friend.Level < 2 {
		t.Errorf("bob's friend push after ada's match = %s, want ada at level 2 or more", f.raw)
	}
	acc, err := s.st.Account(context.Background(), ada)
	if err != nil || acc.Level != ev.Friend.Level {
		t.Errorf("ada's stored level = %d (%v), pushed %d", acc.Level, err, ev.Friend.Level)
	}
}
