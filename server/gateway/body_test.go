package gateway_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"tabletop/server/gateway"
)

// doRaw sends a REST request with a raw body and a Bearer token.
func (s *testServer) doRaw(method, path, token, body string) (int, string) {
	s.t.Helper()
	req, err := http.NewRequest(method, s.ts.URL+path, bytes.NewReader([]byte(body)))
	if err != nil {
		s.t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// TestBodyMessages: a body of the wrong shape is a bad_request whose
// message names what is wrong (docs/protocol.md "REST"): a body that is
// not an object says so, and a trait slot's traits that are not an array
// of keys are refused before the rules see them, rather than read as
// base64 bytes (REL-608-611, GAP-28).
func TestBodyMessages(t *testing.T) {
	s := newServer(t)
	tok, _ := s.guest("Ada")
	five := `["gleaning","a_humble_burnt_offering","prayer_of_exorcism","a_special_gift","fire_from_heaven"]`
	tests := []struct {
		name, method, path, body string
		want                     int
		wantMsg                  string
	}{
		{"array body", "PATCH", "/api/me", `[1]`, 400, "the body must be a JSON object, not an array"},
		{"string body", "PATCH", "/api/me", `"ada"`, 400, "the body must be a JSON object, not a string"},
		{"field of the wrong type", "PATCH", "/api/me", `{"icon":5}`, 400, "the body: icon has the wrong type (a number)"},
		{"traits as a string", "PUT", "/api/slots/0", `{"name":"Mine","traits":"gleaning"}`, 400, `the body: traits must be an array of trait keys, such as [\"gleaning\", ...], not a string`},
		{"traits as an object", "PUT", "/api/slots/0", `{"name":"Mine","traits":{}}`, 400, "traits must be an array of trait keys"},
		{"a trait that is a number", "PUT", "/api/slots/0", `{"name":"Mine","traits":["gleaning",3]}`, 400, "the body: traits[1] must be a trait key (a string), not a number"},
		{"name as a number", "PUT", "/api/slots/0", `{"name":5,"traits":` + five + `}`, 400, "the body: name must be a string, not a number"},
		{"slot body as an array", "PUT", "/api/slots/0", `[1]`, 400, "the body must be a JSON object, not an array"},
		{"unknown trait is the rules' call", "PUT", "/api/slots/0", `{"name":"Mine","traits":["gleaning","nope"]}`, 422, "bad_slot"},
		{"valid slot", "PUT", "/api/slots/0", `{"name":"Mine","traits":` + five + `}`, 200, `"valid":true`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, b := s.doRaw(tt.method, tt.path, tok, tt.body)
			if code != tt.want || !strings.Contains(b, tt.wantMsg) {
				t.Errorf("%s %s %s = %d %s, want %d with %s", tt.method, tt.path, tt.body, code, b, tt.want, tt.wantMsg)
			}
			if tt.want == 400 && !strings.Contains(b, `"code":"bad_request"`) {
				t.Errorf("%s %s %s = %s, want bad_request", tt.method, tt.path, tt.body, b)
			}
		})
	}
}

// wireTimes finds the RFC 3339 times in a message.
var wireTimes = regexp.MustCompile(`"(\d{4}-\d\d-\d\dT[0-9:.]+(?:Z|[+-]\d\d:\d\d))"`)

// TestTimePrecision: every time the server sends is UTC to the
// millisecond, like frame deadlines (docs/protocol.md "Conventions"):
// hello, ping, the queue and the waiting room.
func TestTimePrecision(t *testing.T) {
	s := newServer(t)
	tok, _ := s.guest("Ada")
	c, err := s.dial(tok)
	if err != nil {
		t.Fatal(err)
	}
	var raws [][]byte
	hello := c.call("hello", map[string]any{"protocol": gateway.ProtocolVersion})
	raws = append(raws, hello.raw, c.call("ping", nil).raw)
	if r := c.call("queue", map[string]any{"players": 4}); !r.OK {
		t.Fatalf("queue = %s", r.raw)
	}
	raws = append(raws, c.next("queue").raw)
	if r := c.call("play_bots", map[string]any{"players": 2, "level": "random"}); !r.OK {
		t.Fatalf("play_bots = %s", r.raw)
	} else {
		raws = append(raws, r.raw)
	}
	n := 0
	for _, raw := range raws {
		for _, m := range wireTimes.FindAllSubmatch(raw, -1) {
			n++
			var tm time.Time
			if err := json.Unmarshal([]byte(`"`+string(m[1])+`"`), &tm); err != nil {
				t.Errorf("time %s in %s: %v", m[1], raw, err)
				continue
			}
			if tm.Nanosecond()%int(time.Millisecond) != 0 || !strings.HasSuffix(string(m[1]), "Z") {
				t.Errorf("time %s in %s, want UTC to the millisecond", m[1], raw)
			}
		}
	}
	if n < 5 { // hello now, ping now, queue since and bots_at, room deadline
		t.Errorf("found %d times in %q, want at least 5", n, raws)
	}
}
