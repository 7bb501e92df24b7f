package gateway_test

import (
	"encoding/json"
	"testing"

	"github.com/coder/websocket"

	"tabletop/server/gateway"
)

// login opens another session of a registered account and returns its
// token.
func (s *testServer) login(username, password string) string {
	s.t.Helper()
	code, b, _ := s.do("POST", "/api/login", "", map[string]string{"username": username, "password": password})
	if code != 200 {
		s.t.Fatalf("login %s = %d %s", username, code, b)
	}
	var out struct{ Token string }
	if err := json.Unmarshal(b, &out); err != nil || out.Token == "" {
		s.t.Fatalf("login %s = %s: %v", username, b, err)
	}
	return out.Token
}

// wantClosed fails unless the connection ends with code.
func wantClosed(t *testing.T, name string, c *wsClient, code websocket.StatusCode) {
	t.Helper()
	if got := websocket.CloseStatus(c.closeErr()); got != code {
		t.Errorf("%s: connection closed with %d, want %d", name, got, code)
	}
}

// wantOpen fails unless the connection still answers.
func wantOpen(t *testing.T, name string, c *wsClient) {
	t.Helper()
	if r := c.call("ping", nil); !r.OK {
		t.Errorf("%s: ping = %s, want the connection open", name, r.raw)
	}
}

// TestLogoutClosesItsConnections: a logout ends the open WebSocket
// connections of that session with 4401, and only those: the account's
// other sessions (other devices) keep theirs (docs/protocol.md, "Session
// calls", "Close codes").
func TestLogoutClosesItsConnections(t *testing.T) {
	s := newServer(t)
	tok1, _ := s.register("ada")
	tok2 := s.login("ada", "correct horse")
	a1, a1b, a2 := s.connect(tok1), s.connect(tok1), s.connect(tok2)

	if code, b, _ := s.do("POST", "/api/logout", tok1, nil); code != 204 {
		t.Fatalf("logout = %d %s", code, b)
	}
	wantClosed(t, "first connection of the session", a1, 4401)
	wantClosed(t, "second connection of the session", a1b, 4401)
	wantOpen(t, "connection of another session", a2)
}

// TestPasswordChangeClosesOtherSessions: a password change ends the
// account's other sessions and so closes their connections with 4401;
// the connections of the session that changed it stay (docs/protocol.md,
// "Session calls", "Close codes").
func TestPasswordChangeClosesOtherSessions(t *testing.T) {
	s := newServer(t)
	tok1, _ := s.register("ada")
	tok2 := s.login("ada", "correct horse")
	tok3 := s.login("ada", "correct horse")
	bobTok, _ := s.register("bob")
	a1, a2, a3, b := s.connect(tok1), s.connect(tok2), s.connect(tok3), s.connect(bobTok)

	body := map[string]string{"old_password": "correct horse", "new_password": "battery staple"}
	if code, b, _ := s.do("POST", "/api/password", tok2, body); code != 204 {
		t.Fatalf("password = %d %s", code, b)
	}
	wantClosed(t, "older session", a1, 4401)
	wantClosed(t, "newer session", a3, 4401)
	wantOpen(t, "the session that changed the password", a2)
	wantOpen(t, "another account", b)
}

// TestHelloAfterLogout: a connection whose upgrade carried a session
// that ends before its hello is refused at hello (unauthorized, 4401),
// not let in on the account the upgrade read.
func TestHelloAfterLogout(t *testing.T) {
	s := newServer(t)
	tok, _ := s.register("ada")
	c, err := s.dial(tok)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	if code, b, _ := s.do("POST", "/api/logout", tok, nil); code != 204 {
		t.Fatalf("logout = %d %s", code, b)
	}
	if r := c.call("hello", map[string]any{"protocol": gateway.ProtocolVersion}); r.code() != "unauthorized" {
		t.Errorf("hello after logout = %s, want unauthorized", r.raw)
	}
	wantClosed(t, "connection after a refused hello", c, 4401)
}
