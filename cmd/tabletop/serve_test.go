package main

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// serveChildEnv, when set to a JSON list of arguments, makes the test
// binary run the program with them (TestServeKill9's server process).
const serveChildEnv = "TABLETOP_SERVE_CHILD"

// TestMain lets this test binary stand in for the tabletop binary: the
// child runs exactly what main runs.
func TestMain(m *testing.M) {
	if args := os.Getenv(serveChildEnv); args != "" {
		var a []string
		if err := json.Unmarshal([]byte(args), &a); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(exitUsage)
		}
		os.Exit(run(a, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// serveProc is a `tabletop serve` child process.
type serveProc struct {
	t    *testing.T
	cmd  *exec.Cmd
	addr string
	done chan struct{}
	mu   sync.Mutex
	log  bytes.Buffer
}

// startServer runs `tabletop serve` on a free port over the data dir.
func startServer(t *testing.T, data string) *serveProc {
	t.Helper()
	args, _ := json.Marshal([]string{"serve", "-addr", "127.0.0.1:0", "-data", data, "-log", "json",
		"-turn-time", "0", "-bots", "random", "-match-config", `{"size":7}`})
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), serveChildEnv+"="+string(args))
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	s := &serveProc{t: t, cmd: cmd, done: make(chan struct{})}
	addr := make(chan string, 1)
	go func() {
		defer close(s.done)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			s.mu.Lock()
			s.log.Write(append(sc.Bytes(), '\n'))
			s.mu.Unlock()
			var line struct{ Msg, Addr string }
			if json.Unmarshal(sc.Bytes(), &line) == nil && line.Msg == "listening" {
				addr <- line.Addr
			}
		}
		_ = cmd.Wait()
	}()
	t.Cleanup(func() { cmd.Process.Kill(); <-s.done })
	select {
	case s.addr = <-addr:
	case <-s.done:
		t.Fatalf("server exited before listening:\n%s", s.logs())
	case <-time.After(20 * time.Second):
		t.Fatalf("server not listening after 20s:\n%s", s.logs())
	}
	return s
}

func (s *serveProc) logs() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.log.String()
}

// wsPlayer is one account on the server, with its connection.
type wsPlayer struct {
	t     *testing.T
	token string
	ws    *websocket.Conn
	in    chan map[string]json.RawMessage
	id    int64
	held  []map[string]json.RawMessage
	match int64
	// events[v] is the events JSON of step v as this seat received it.
	events map[int]string
	acked  int // the highest version an answer of ours was acknowledged at
}

func newGuest(t *testing.T, s *serveProc, name string) *wsPlayer {
	t.Helper()
	resp, err := http.Post("http://"+s.addr+"/api/guest", "application/json", strings.NewReader(`{"display_name":"`+name+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var out struct{ Token string }
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil || out.Token == "" {
		t.Fatalf("guest: %v", err)
	}
	return &wsPlayer{t: t, token: out.Token, events: map[int]string{}}
}

// connect opens /ws and says hello.
func (p *wsPlayer) connect(s *serveProc) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, "ws://"+s.addr+"/ws", &websocket.DialOptions{
		HTTPHeader: http.Header{"Authorization": {"Bearer " + p.token}},
	})
	if err != nil {
		p.t.Fatalf("dial: %v", err)
	}
	ws.SetReadLimit(1 << 24)
	p.ws, p.in, p.held = ws, make(chan map[string]json.RawMessage, 1024), nil
	go func(in chan map[string]json.RawMessage) {
		defer close(in)
		for {
			_, b, err := ws.Read(context.Background())
			if err != nil {
				return
			}
			var m map[string]json.RawMessage
			if json.Unmarshal(b, &m) == nil {
				in <- m
			}
		}
	}(p.in)
	if r := p.call("hello", `"protocol":4`); string(r["ok"]) != "true" {
		p.t.Fatalf("hello: %v", r)
	}
}

func (p *wsPlayer) call(typ, fields string) map[string]json.RawMessage {
	p.t.Helper()
	p.id++
	msg := fmt.Sprintf(`{"type":%q,"id":%d`, typ, p.id)
	if fields != "" {
		msg += "," + fields
	}
	msg += "}"
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := p.ws.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
		p.t.Fatalf("send %s: %v", typ, err)
	}
	id := fmt.Sprint(p.id)
	return p.wait(func(m map[string]json.RawMessage) bool {
		return string(m["type"]) == `"reply"` && string(m["id"]) == id
	})
}

func (p *wsPlayer) next(typ string) map[string]json.RawMessage {
	p.t.Helper()
	return p.wait(func(m map[string]json.RawMessage) bool { return string(m["type"]) == `"`+typ+`"` })
}

func (p *wsPlayer) wait(ok func(map[string]json.RawMessage) bool) map[string]json.RawMessage {
	p.t.Helper()
	for i, m := range p.held {
		if ok(m) {
			p.held = append(p.held[:i:i], p.held[i+1:]...)
			return m
		}
	}
	timeout := time.After(20 * time.Second)
	for {
		select {
		case m, open := <-p.in:
			if !open {
				return nil
			}
			if ok(m) {
				return m
			}
			p.held = append(p.held, m)
		case <-timeout:
			p.t.Fatalf("timed out waiting")
		}
	}
}

type serveFrame struct {
	Version int `json:"version"`
	Steps   []struct {
		Version int             `json:"version"`
		Events  json.RawMessage `json:"events"`
	} `json:"steps"`
	Decision *struct {
		Default string `json:"default"`
	} `json:"decision"`
}

// nextFrame waits for a frame and records its steps' events.
func (p *wsPlayer) nextFrame() (serveFrame, bool) {
	m := p.next("frame")
	if m == nil {
		return serveFrame{}, false
	}
	var f serveFrame
	if err := json.Unmarshal(m["data"], &f); err != nil {
		p.t.Fatal(err)
	}
	for _, st := range f.Steps {
		p.events[st.Version] = string(st.Events)
	}
	return f, true
}

// TestServeKill9 starts `tabletop serve`, plays several matches against
// bots over WebSockets, kills the server with SIGKILL while answers are
// flowing, restarts it on the same data directory, and checks that every
// match resumes with every acknowledged answer: each wsPlayer finds its
// match in hello's live_matches, `watch {since: 0}` replays the same
// events it saw for every acknowledged version, and the match plays on.
// Then SIGTERM drains the server: clients get "shutdown" and code 1012.
// Finally `tabletop backup` copies the database.
func TestServeKill9(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGKILL on windows")
	}
	data := t.TempDir()
	s := startServer(t, data)
	players := make([]*wsPlayer, 4)
	for i := range players {
		p := newGuest(t, s, fmt.Sprintf("P%d", i))
		p.connect(s)
		if r := p.call("play_bots", `"players":2,"level":"random"`); string(r["ok"]) != "true" {
			t.Fatalf("play_bots: %s", r["error"])
		}
		p.call("room_ready", "")
		var start struct{ Match int64 }
		if err := json.Unmarshal(p.next("match_start")["data"], &start); err != nil || start.Match == 0 {
			t.Fatalf("match_start: %v", err)
		}
		p.match = start.Match
		if r := p.call("watch", fmt.Sprintf(`"match":%d,"since":0`, p.match)); string(r["ok"]) != "true" {
			t.Fatalf("watch: %s", r["error"])
		}
		players[i] = p
	}

	// Each wsPlayer answers as fast as it can; the server is killed once
	// 40 answers have been acknowledged, while the others are in flight.
	var mu sync.Mutex
	total := 0
	killed := make(chan struct{})
	var wg sync.WaitGroup
	for _, p := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				f, ok := p.nextFrame()
				if !ok {
					return
				}
				if f.Decision == nil {
					continue
				}
				r := p.call("answer", fmt.Sprintf(`"match":%d,"version":%d,"answer":%q`, p.match, f.Version, f.Decision.Default))
				if r == nil {
					return // the connection died with the server
				}
				if string(r["ok"]) == "true" {
					var ack struct{ Version int }
					_ = json.Unmarshal(r["data"], &ack)
					p.acked = max(p.acked, ack.Version)
					mu.Lock()
					total++
					if total == 40 {
						if err := s.cmd.Process.Signal(syscall.SIGKILL); err != nil {
							t.Errorf("kill: %v", err)
						}
						close(killed)
					}
					mu.Unlock()
				}
			}
		}()
	}
	select {
	case <-killed:
	case <-time.After(30 * time.Second):
		t.Fatalf("fewer than 40 answers acknowledged in 30s:\n%s", s.logs())
	}
	wg.Wait()
	<-s.done

	s2 := startServer(t, data)
	if !strings.Contains(s2.logs(), `"msg":"recovered live matches","matches":4`) {
		t.Errorf("restart did not recover 4 matches:\n%s", s2.logs())
	}
	for i, p := range players {
		before := p.events
		p.events = map[int]string{}
		p.connect(s2)
		var live struct {
			Matches []struct{ Match int64 } `json:"matches"`
		}
		_ = json.Unmarshal(p.call("live_matches", "")["data"], &live)
		if len(live.Matches) != 1 || live.Matches[0].Match != p.match {
			t.Errorf("player %d: live matches %+v, want its match %d", i, live.Matches, p.match)
		}
		if r := p.call("watch", fmt.Sprintf(`"match":%d,"since":0`, p.match)); string(r["ok"]) != "true" {
			t.Fatalf("player %d: watch after restart: %s", i, r["error"])
		}
		f, _ := p.nextFrame()
		if f.Version < p.acked {
			t.Errorf("player %d: match %d resumed at version %d, but version %d was acknowledged", i, p.match, f.Version, p.acked)
		}
		for v := 1; v <= p.acked; v++ {
			// (The frame of the last acknowledged version may not have
			// reached us before the kill; the reply can overtake it.)
			if b, ok := before[v]; ok && b != p.events[v] {
				t.Errorf("player %d: step %d events differ after restart:\n%s\nbefore:\n%s", i, v, p.events[v], before[v])
				break
			}
		}
		// The match plays on.
		for f.Decision == nil {
			f, _ = p.nextFrame()
		}
		if r := p.call("answer", fmt.Sprintf(`"match":%d,"version":%d,"answer":%q`, p.match, f.Version, f.Decision.Default)); string(r["ok"]) != "true" {
			t.Errorf("player %d: answer after restart: %s", i, r["error"])
		}
		t.Logf("player %d: match %d, answers acknowledged up to version %d before the kill, resumed at %d", i, p.match, p.acked, f.Version)
	}

	// SIGTERM drains: clients are told to reconnect, the process exits 0.
	if err := s2.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for i, p := range players {
		if m := p.next("shutdown"); m == nil {
			t.Errorf("player %d: no shutdown message", i)
		}
	}
	select {
	case <-s2.done:
	case <-time.After(20 * time.Second):
		t.Fatalf("server did not stop after SIGTERM:\n%s", s2.logs())
	}
	if code := s2.cmd.ProcessState.ExitCode(); code != 0 {
		t.Errorf("exit code after SIGTERM = %d, want 0:\n%s", code, s2.logs())
	}

	// A backup of the stopped server's data is a database with the matches.
	out := filepath.Join(t.TempDir(), "copy.db")
	code, stdout, stderr := runCmd(t, "", "backup", "-data", data, out)
	if code != 0 {
		t.Fatalf("backup = %d %s %s", code, stdout, stderr)
	}
	db, err := sql.Open("sqlite", "file:"+out+"?mode=ro")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var n int
	if err := db.QueryRow("SELECT count(*) FROM matches").Scan(&n); err != nil || n != 4 {
		t.Errorf("backup holds %d matches (%v), want 4", n, err)
	}
	if code, _, _ := runCmd(t, "", "backup", "-data", data, out); code != exitFailure {
		t.Errorf("backup over an existing file = %d, want %d", code, exitFailure)
	}
}
