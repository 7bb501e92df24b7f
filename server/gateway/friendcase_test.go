package gateway_test

import (
	"strings"
	"testing"
)

// TestFriendRequestIgnoresCase: usernames are stored case-folded
// (registration and login fold them), so a friend request by "BOB" finds
// the account registered as "Bob" (UI-106, GAP-64; docs/protocol.md
// "Friends and presence").
func TestFriendRequestIgnoresCase(t *testing.T) {
	s := newServer(t)
	adaTok, _ := s.register("ada")
	bobTok, _ := s.register("Bob")
	a := s.connect(adaTok)
	b := s.connect(bobTok)

	r := a.call("friend_request", map[string]any{"username": "BOB"})
	if !r.OK || !strings.Contains(string(r.Data), `"username":"bob"`) {
		t.Fatalf(`friend_request {username: "BOB"} = %s, want bob's outgoing entry`, r.raw)
	}
	if m := b.next("friend_request"); !strings.Contains(string(m.Data), `"state":"incoming"`) {
		t.Errorf("bob's friend_request push = %s, want an incoming entry", m.raw)
	}
}
