package gateway_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"tabletop/engine"
	"tabletop/games/realigious"
	"tabletop/server/auth"
	"tabletop/server/gateway"
	"tabletop/server/live"
	"tabletop/server/lobby"
	"tabletop/store"
	"tabletop/store/memory"
)

// testServer is a gateway over an in-memory store behind httptest, with
// the real lobby: small maps and short matches so that whole matches
// finish in well under a second.
type testServer struct {
	t  *testing.T
	st store.Store
	gw *gateway.Server
	ts *httptest.Server
}

// smallMatch is the base config of the lobby's matches in tests.
var smallMatch = realigious.Config{Size: 7, CycleLimit: 4}

func newServer(t *testing.T, edit ...func(*gateway.Config)) *testServer {
	t.Helper()
	st := memory.New()
	cfg := gateway.Config{
		Store: st,
		Auth:  auth.New(st, auth.Options{Hash: auth.CheapHashParams(), UsernameBurst: 100, AddressBurst: 100}),
		Games: []engine.Game{realigious.New()},
		Live:  live.Config{},
		Lobby: gateway.NewLobby(lobby.Config{
			Store: st, Match: smallMatch, BotLevel: "random",
			RoomCountdown: 5 * time.Second, OfflineGrace: -1,
		}),
		SignupRate: 1000, SignupBurst: 1000,
	}
	for _, f := range edit {
		f(&cfg)
	}
	gw, err := gateway.New(cfg)
	if err != nil {
		t.Fatalf("gateway.New: %v", err)
	}
	ts := httptest.NewServer(gw.Handler())
	s := &testServer{t: t, st: st, gw: gw, ts: ts}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := gw.Shutdown(ctx); err != nil {
			t.Errorf("Shutdown: %v", err)
		}
		ts.Close()
		st.Close()
	})
	return s
}

// do sends a REST request (JSON body if not nil) with a Bearer token (if
// not "") and returns the status and the body.
func (s *testServer) do(method, path, token string, body any, hdr ...string) (int, []byte, http.Header) {
	s.t.Helper()
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			s.t.Fatal(err)
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, s.ts.URL+path, r)
	if err != nil {
		s.t.Fatal(err)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b, resp.Header
}

// guest creates a guest account and returns its token and id.
func (s *testServer) guest(name string) (string, store.AccountID) {
	s.t.Helper()
	code, b, _ := s.do("POST", "/api/guest", "", map[string]string{"display_name": name})
	if code != 200 {
		s.t.Fatalf("POST /api/guest = %d %s", code, b)
	}
	var out struct {
		Account struct{ ID store.AccountID }
		Token   string
	}
	if err := json.Unmarshal(b, &out); err != nil {
		s.t.Fatal(err)
	}
	return out.Token, out.Account.ID
}

// msg is a decoded server message.
type msg struct {
	Type  string          `json:"type"`
	ID    int64           `json:"id"`
	OK    bool            `json:"ok"`
	Data  json.RawMessage `json:"data"`
	Error *struct {
		Code      string   `json:"code"`
		Message   string   `json:"message"`
		Version   *int     `json:"version"`
		Supported []int    `json:"supported"`
		Errors    []string `json:"errors"`
	} `json:"error"`
	raw []byte
}

func (m msg) code() string {
	if m.Error == nil {
		return ""
	}
	return m.Error.Code
}

// wsClient is a WebSocket client that keeps every message it receives.
type wsClient struct {
	t      *testing.T
	token  string
	ws     *websocket.Conn
	in     chan msg
	closed chan error
	held   []msg
	id     int64

	mu  sync.Mutex
	all [][]byte // every message received, for leak scans
}

// dial opens /ws with a Bearer token (none if "") and extra headers.
func (s *testServer) dial(token string, hdr ...string) (*wsClient, error) {
	h := http.Header{}
	if token != "" {
		h.Set("Authorization", "Bearer "+token)
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		h.Set(hdr[i], hdr[i+1])
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(s.ts.URL, "http")+"/ws", &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		return nil, err
	}
	ws.SetReadLimit(1 << 24)
	c := &wsClient{t: s.t, ws: ws, in: make(chan msg, 4096), closed: make(chan error, 1)}
	go c.read()
	s.t.Cleanup(func() { ws.CloseNow() })
	return c, nil
}

// connect dials and says hello in the newest protocol.
func (s *testServer) connect(token string) *wsClient {
	s.t.Helper()
	return s.connectProtocol(token, gateway.ProtocolVersion)
}

// connectProtocol dials and says hello in the given protocol.
func (s *testServer) connectProtocol(token string, protocol int) *wsClient {
	s.t.Helper()
	c, err := s.dial(token)
	if err != nil {
		s.t.Fatalf("dial: %v", err)
	}
	if r := c.call("hello", map[string]any{"protocol": protocol}); !r.OK {
		s.t.Fatalf("hello = %s", r.raw)
	}
	c.token = token
	return c
}

func (c *wsClient) read() {
	for {
		_, b, err := c.ws.Read(context.Background())
		if err != nil {
			c.closed <- err
			close(c.in)
			return
		}
		c.mu.Lock()
		c.all = append(c.all, b)
		c.mu.Unlock()
		var m msg
		if err := json.Unmarshal(b, &m); err != nil {
			c.t.Errorf("server sent non-JSON %q", b)
			continue
		}
		m.raw = b
		c.in <- m
	}
}

// sendRaw writes one text message.
func (c *wsClient) sendRaw(b []byte) error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return c.ws.Write(ctx, websocket.MessageText, b)
}

// send writes a message of type typ with the fields and returns its id.
func (c *wsClient) send(typ string, fields map[string]any) int64 {
	c.t.Helper()
	c.id++
	m := map[string]any{"type": typ, "id": c.id}
	for k, v := range fields {
		m[k] = v
	}
	b, _ := json.Marshal(m)
	if err := c.sendRaw(b); err != nil {
		c.t.Fatalf("send %s: %v", typ, err)
	}
	return c.id
}

// call sends a message and waits for its reply; other messages are kept
// for next.
func (c *wsClient) call(typ string, fields map[string]any) msg {
	c.t.Helper()
	id := c.send(typ, fields)
	return c.waitFor(func(m msg) bool { return m.Type == "reply" && m.ID == id }, typ+" reply")
}

// next returns the next message of a type (kept messages first).
func (c *wsClient) next(typ string) msg {
	c.t.Helper()
	return c.waitFor(func(m msg) bool { return m.Type == typ }, typ)
}

func (c *wsClient) waitFor(ok func(msg) bool, what string) msg {
	c.t.Helper()
	for i, m := range c.held {
		if ok(m) {
			c.held = append(c.held[:i:i], c.held[i+1:]...)
			return m
		}
	}
	timeout := time.After(20 * time.Second)
	for {
		select {
		case m, open := <-c.in:
			if !open {
				c.t.Fatalf("connection closed while waiting for %s: %v", what, c.closeErr())
			}
			if ok(m) {
				return m
			}
			c.held = append(c.held, m)
		case <-timeout:
			c.t.Fatalf("no %s within 20s", what)
		}
	}
}

// closeErr waits for the connection to end and returns why.
func (c *wsClient) closeErr() error {
	select {
	case err := <-c.closed:
		c.closed <- err
		return err
	case <-time.After(10 * time.Second):
		return fmt.Errorf("still open")
	}
}

// frame is a frame push's data.
type frame struct {
	Match   store.MatchID `json:"match"`
	Seat    int           `json:"seat"`
	From    int           `json:"from"`
	Version int           `json:"version"`
	Steps   []struct {
		Version int             `json:"version"`
		Events  json.RawMessage `json:"events"`
	} `json:"steps"`
	View      json.RawMessage      `json:"view"`
	ViewPatch json.RawMessage      `json:"view_patch"` // protocol 2
	Decision  *engine.DecisionJSON `json:"decision"`
	Result    *engine.Result       `json:"result"`
}

func decodeFrame(t *testing.T, m msg) frame {
	t.Helper()
	var f frame
	if err := json.Unmarshal(m.Data, &f); err != nil {
		t.Fatalf("frame %s: %v", m.raw, err)
	}
	return f
}

// startBots makes the client's account play a match against bots through
// the lobby (play_bots, ready) and returns the match id.
func (c *wsClient) startBots(players int) store.MatchID {
	c.t.Helper()
	if r := c.call("play_bots", map[string]any{"players": players, "level": "random"}); !r.OK {
		c.t.Fatalf("play_bots = %s", r.raw)
	}
	if r := c.call("room_ready", nil); !r.OK {
		c.t.Fatalf("room_ready = %s", r.raw)
	}
	var start struct {
		Match store.MatchID `json:"match"`
	}
	m := c.next("match_start")
	if err := json.Unmarshal(m.Data, &start); err != nil || start.Match == 0 {
		c.t.Fatalf("match_start %s: %v", m.raw, err)
	}
	return start.Match
}

// playOut watches a match and answers every decision of the client's
// seat with its default until the match is over; it returns the frames.
func (c *wsClient) playOut(id store.MatchID) []frame {
	c.t.Helper()
	if r := c.call("watch", map[string]any{"match": id, "since": 0}); !r.OK {
		c.t.Fatalf("watch = %s", r.raw)
	}
	var frames []frame
	for {
		f := decodeFrame(c.t, c.next("frame"))
		frames = append(frames, f)
		if f.Result != nil {
			return frames
		}
		if f.Decision == nil {
			continue
		}
		r := c.call("answer", map[string]any{"match": id, "version": f.Version, "answer": f.Decision.Default})
		if !r.OK && r.code() != "stale_version" {
			c.t.Fatalf("answer at %d = %s", f.Version, r.raw)
		}
	}
}
