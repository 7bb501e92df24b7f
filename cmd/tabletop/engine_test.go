package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/games/realigious"
)

// engineResp is a decoded response line.
type engineResp struct {
	OK    bool            `json:"ok"`
	ID    json.RawMessage `json:"id"`
	Error *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
	Protocol string              `json:"protocol"`
	Version  int                 `json:"version"`
	Commands []string            `json:"commands"`
	Bots     []string            `json:"bots"`
	Seed     string              `json:"seed"`
	Step     int                 `json:"step"`
	Decision engine.DecisionJSON `json:"decision"`
	Terminal bool                `json:"terminal"`
	Result   *engine.Result      `json:"result"`
	Seat     *int                `json:"seat"`
	Answer   string              `json:"answer"`
	Applied  bool                `json:"applied"`
	Events   [][]json.RawMessage `json:"events"`
	Spect    []json.RawMessage   `json:"spectator_events"`
	View     json.RawMessage     `json:"view"`
	Hash     string              `json:"hash"`
	State    string              `json:"state_hash"`
	Replay   *engine.Replay      `json:"replay"`
	Config   json.RawMessage     `json:"config"`
	raw      string
}

func decodeResp(t *testing.T, line string) engineResp {
	t.Helper()
	var r engineResp
	if err := json.Unmarshal([]byte(line), &r); err != nil {
		t.Fatalf("response %q is not JSON: %v", line, err)
	}
	if strings.ContainsAny(line, "\n") {
		t.Fatalf("response spans lines: %q", line)
	}
	if r.OK == (r.Error != nil) {
		t.Fatalf("response %q: ok %v with error %v", line, r.OK, r.Error)
	}
	r.raw = line
	return r
}

// runEngine feeds lines to an in-process "tabletop engine" and returns one
// response per non-blank line.
func runEngine(t *testing.T, lines ...string) []engineResp {
	t.Helper()
	code, stdout, stderr := runCmd(t, strings.Join(lines, "\n")+"\n", "engine")
	if code != exitOK || stderr != "" {
		t.Fatalf("engine = %d, stderr %q", code, stderr)
	}
	var out []engineResp
	for _, l := range strings.Split(strings.TrimSuffix(stdout, "\n"), "\n") {
		if l != "" {
			out = append(out, decodeResp(t, l))
		}
	}
	return out
}

func TestEngineErrors(t *testing.T) {
	newGame := `{"cmd":"new","players":2,"seed":7,"config":` + tinyConfig + `}`
	tests := []struct {
		name  string
		setup bool // send newGame first
		line  string
		code  string
		in    string // in the message
	}{
		{"not JSON", false, `{"cmd":`, codeBadJSON, ""},
		{"not an object", false, `[1,2]`, codeBadJSON, "object"},
		{"two objects", false, `{"cmd":"hello"} {"cmd":"hello"}`, codeBadJSON, ""},
		{"no cmd", false, `{}`, codeBadRequest, `"cmd"`},
		{"cmd not a string", false, `{"cmd":3}`, codeBadRequest, "cmd"},
		{"unknown field", false, `{"cmd":"new","players":2,"sede":7}`, codeBadRequest, "sede"},
		{"unknown cmd", false, `{"cmd":"fly"}`, codeUnknownCmd, `"fly"`},
		{"legal without a game", false, `{"cmd":"legal"}`, codeNoGame, "new"},
		{"apply without a game", false, `{"cmd":"apply","answer":"stop"}`, codeNoGame, ""},
		{"unknown game", false, `{"cmd":"new","game":"chess","players":2}`, codeUnknownGame, "chess"},
		{"no players", false, `{"cmd":"new"}`, codeBadPlayers, "2 to 4"},
		{"too many players", false, `{"cmd":"new","players":9}`, codeBadPlayers, "9"},
		{"bad config", false, `{"cmd":"new","players":2,"config":{"size":3}}`, codeBadConfig, "size 3"},
		{"unknown config field", false, `{"cmd":"new","players":2,"config":{"colour":1}}`, codeBadConfig, "colour"},
		{"negative seed", false, `{"cmd":"new","players":2,"seed":-1}`, codeBadRequest, "seed"},
		{"view without seat", true, `{"cmd":"view"}`, codeBadRequest, `"seat"`},
		{"view of a missing seat", true, `{"cmd":"view","seat":2}`, codeBadSeat, "seat 2"},
		{"apply without answer", true, `{"cmd":"apply"}`, codeBadRequest, `"answer"`},
		{"bad answer text", true, `{"cmd":"apply","answer":"fly away"}`, codeBadAnswerText, "fly away"},
		{"illegal answer", true, `{"cmd":"apply","answer":"success"}`, codeIllegalAnswer, "not legal"},
		{"chance at a seat's decision", true, `{"cmd":"chance"}`, codeNotChance, "seat"},
		{"unknown bot", true, `{"cmd":"bot","level":"grandmaster"}`, codeUnknownBot, "grandmaster"},
		{"bot without level", true, `{"cmd":"bot"}`, codeBadRequest, `"level"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lines := []string{}
			if tt.setup {
				lines = append(lines, newGame, `{"cmd":"state_hash"}`)
			}
			lines = append(lines, tt.line, `{"cmd":"state_hash"}`)
			out := runEngine(t, lines...)
			if len(out) != len(lines) {
				t.Fatalf("%d responses to %d lines", len(out), len(lines))
			}
			r := out[len(out)-2]
			if r.OK || r.Error.Code != tt.code || !strings.Contains(r.Error.Message, tt.in) {
				t.Errorf("%s -> %s, want code %s with %q in the message", tt.line, r.raw, tt.code, tt.in)
			}
			if tt.setup {
				if before, after := out[1].Hash, out[len(out)-1].Hash; before == "" || before != after {
					t.Errorf("%s changed the state hash from %q to %q", tt.line, before, after)
				}
			}
		})
	}
}

func TestEngineHelloAndIDs(t *testing.T) {
	out := runEngine(t,
		`{"cmd":"hello","id":42}`,
		"",
		"   ",
		`{"cmd":"hello","id":{"n": [1, 2]}}`,
		`{"cmd":"nope","id":"x"}`,
		`{"cmd":"hello","id":"y","bogus":1}`,
		`{"cmd":"quit"}`,
		`{"cmd":"hello"}`, // after quit: not read
	)
	if len(out) != 5 {
		t.Fatalf("%d responses, want 5 (blank lines get none, nothing after quit)", len(out))
	}
	h := out[0]
	if !h.OK || h.Protocol != engineProtocol || h.Version != engineVersion || string(h.ID) != "42" {
		t.Errorf("hello = %s", h.raw)
	}
	if !slices.Equal(h.Commands, engineCommands) || !slices.Contains(h.Bots, "random") || !slices.Contains(h.Bots, "hard") {
		t.Errorf("hello commands %v, bots %v", h.Commands, h.Bots)
	}
	if !strings.Contains(h.raw, `"games":[{"name":"realigious","min_seats":2,"max_seats":4,`) {
		t.Errorf("hello does not describe realigious: %s", h.raw)
	}
	if string(out[1].ID) != `{"n":[1,2]}` {
		t.Errorf("id echoed as %s, want it compacted", out[1].ID)
	}
	if string(out[2].ID) != `"x"` || out[2].Error.Code != codeUnknownCmd {
		t.Errorf("unknown cmd with id = %s", out[2].raw)
	}
	if string(out[3].ID) != `"y"` || out[3].Error.Code != codeBadRequest {
		t.Errorf("bad request with id = %s, want the id echoed", out[3].raw)
	}
	if !out[4].OK {
		t.Errorf("quit = %s", out[4].raw)
	}
}

func TestEngineLineTooLong(t *testing.T) {
	long := `{"cmd":"hello","id":"` + strings.Repeat("x", maxEngineLine) + `"}`
	out := runEngine(t, long, `{"cmd":"hello"}`)
	if len(out) != 2 || out[0].Error == nil || out[0].Error.Code != codeLineTooLong || !out[1].OK {
		t.Errorf("a too long line then hello gave %d responses: %+v", len(out), out)
	}
}

func TestEngineNewIsSeeded(t *testing.T) {
	newGame := `{"cmd":"new","players":3,"seed":"7","config":` + tinyConfig + `}`
	out := runEngine(t, newGame, `{"cmd":"new","players":3,"seed":7,"config":`+tinyConfig+`}`,
		`{"cmd":"new","players":3,"seed":8,"config":`+tinyConfig+`}`, `{"cmd":"new","players":3}`)
	a, b, c, d := out[0], out[1], out[2], out[3]
	if !a.OK || a.Seed != "7" || a.State == "" || a.State != b.State || a.State == c.State {
		t.Errorf("seeds 7 (string), 7, 8 gave state hashes %q %q %q", a.State, b.State, c.State)
	}
	if a.Step != 0 || a.Decision.Seat < 0 || len(a.Decision.Answers) == 0 {
		t.Errorf("new: step %d, decision %+v", a.Step, a.Decision)
	}
	if !strings.Contains(string(a.Config), `"cycle_limit":5`) || !strings.Contains(string(a.Config), `"seats":[`) {
		t.Errorf("new: config %s, want the normalized config", a.Config)
	}
	if !d.OK || d.Seed == "" {
		t.Errorf("new without seed = %s, want a random seed reported", d.raw)
	}
	// A failed new keeps the match.
	out = runEngine(t, newGame, `{"cmd":"state_hash"}`, `{"cmd":"new","players":7}`, `{"cmd":"state_hash"}`)
	if out[2].OK || out[1].Hash != out[3].Hash {
		t.Errorf("a failed new changed the match: %s, %s", out[1].raw, out[3].raw)
	}
}

// engineProc is a running "tabletop engine" subprocess.
type engineProc struct {
	t   *testing.T
	in  io.WriteCloser
	out *bufio.Reader
	cmd *exec.Cmd
}

func (p *engineProc) send(line string) engineResp {
	p.t.Helper()
	if _, err := io.WriteString(p.in, line+"\n"); err != nil {
		p.t.Fatalf("write %q: %v", line, err)
	}
	resp, err := p.out.ReadString('\n')
	if err != nil {
		p.t.Fatalf("read the response to %q: %v", line, err)
	}
	return decodeResp(p.t, strings.TrimSuffix(resp, "\n"))
}

func (p *engineProc) sendOK(line string) engineResp {
	p.t.Helper()
	r := p.send(line)
	if !r.OK {
		p.t.Fatalf("%s -> %s", line, r.raw)
	}
	return r
}

// TestEngineSubprocess builds the binary, runs "tabletop engine" and plays
// a whole small game through the pipe: chance by "chance", the seats by
// "apply" and by "bot", then checks the end, the errors after it and the
// replay.
func TestEngineSubprocess(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "tabletop")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "engine")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &engineProc{t: t, in: in, out: bufio.NewReader(out), cmd: cmd}

	if h := p.sendOK(`{"cmd":"hello"}`); h.Version != engineVersion {
		t.Errorf("hello version %d", h.Version)
	}
	// Malformed lines first: answered, nothing breaks.
	for _, bad := range []string{`}{`, `{"cmd":"legal"}`, `"hello"`} {
		if r := p.send(bad); r.OK {
			t.Errorf("%s -> %s, want an error", bad, r.raw)
		}
	}
	const players = 2
	n := p.sendOK(`{"cmd":"new","game":"realigious","players":2,"seed":7,"config":` + tinyConfig + `}`)
	if n.Seed != "7" {
		t.Errorf("new: seed %q", n.Seed)
	}
	var chance, applied, botted int
	for step := 0; ; step++ {
		if step > 20000 {
			t.Fatalf("no end after %d steps", step)
		}
		l := p.sendOK(`{"cmd":"legal"}`)
		if l.Step != step {
			t.Fatalf("legal: step %d, want %d", l.Step, step)
		}
		if l.Terminal {
			if l.Result == nil || l.Decision.Seat != engine.NoSeat || len(l.Decision.Answers) != 0 {
				t.Errorf("terminal legal = %s", l.raw)
			}
			break
		}
		d := l.Decision
		if len(d.Answers) == 0 || !slices.Contains(d.Answers, d.Default) {
			t.Fatalf("step %d: decision %+v", step, d)
		}
		var r engineResp
		switch {
		case d.Seat == engine.Chance:
			if len(d.Chance) == 0 {
				t.Fatalf("step %d: chance decision without outcomes: %s", step, l.raw)
			}
			if e := p.send(`{"cmd":"bot","level":"random"}`); e.OK || e.Error.Code != codeChancePending {
				t.Errorf("bot at a chance decision = %s", e.raw)
			}
			r = p.sendOK(`{"cmd":"chance"}`)
			chance++
		case step%2 == 0:
			if step < 40 { // a few views along the way
				v := p.sendOK(fmt.Sprintf(`{"cmd":"view","seat":%d}`, d.Seat))
				s := p.sendOK(`{"cmd":"view","seat":-3}`)
				if len(v.View) < 2 || v.View[0] != '{' || len(s.View) < 2 {
					t.Fatalf("views: %s / %s", v.raw, s.raw)
				}
			}
			ans := d.Answers[step%len(d.Answers)]
			r = p.sendOK(fmt.Sprintf(`{"cmd":"apply","answer":%q}`, ans))
			if r.Answer != ans {
				t.Errorf("apply %q answered %q", ans, r.Answer)
			}
			applied++
		default:
			ask := p.sendOK(`{"cmd":"bot","level":"random"}`)
			if ask.Applied || !slices.Contains(d.Answers, ask.Answer) || p.sendOK(`{"cmd":"legal"}`).Step != step {
				t.Fatalf("bot without apply = %s, want a legal answer and no change", ask.raw)
			}
			r = p.sendOK(`{"cmd":"bot","level":"random","apply":true}`)
			if !r.Applied {
				t.Fatalf("bot with apply = %s", r.raw)
			}
			botted++
		}
		if r.Seat == nil || *r.Seat != int(d.Seat) || len(r.Events) != players || r.Step != step+1 {
			t.Fatalf("step %d: response %s: want seat %d, %d event lists, step %d", step, r.raw, d.Seat, players, step+1)
		}
		for i, ev := range r.Events {
			if len(ev) > len(r.Events[0])+len(r.Spect)+100 {
				t.Fatalf("seat %d: %d events", i, len(ev))
			}
		}
	}
	if chance == 0 || applied == 0 || botted == 0 {
		t.Errorf("the game took %d chance, %d apply and %d bot steps; want each", chance, applied, botted)
	}
	h := p.sendOK(`{"cmd":"state_hash"}`)
	for _, line := range []string{`{"cmd":"apply","answer":"stop"}`, `{"cmd":"chance"}`, `{"cmd":"bot","level":"random"}`} {
		if r := p.send(line); r.OK || r.Error.Code != codeGameOver {
			t.Errorf("after the end, %s -> %s, want game_over", line, r.raw)
		}
	}
	if h2 := p.sendOK(`{"cmd":"state_hash"}`); h2.Hash != h.Hash {
		t.Errorf("errors after the end changed the hash")
	}
	// The record is a replay that verifies under the same rules.
	rep := p.sendOK(`{"cmd":"replay"}`).Replay
	if rep == nil || len(rep.Steps) != h.Step {
		t.Fatalf("replay with %v steps, want %d", rep, h.Step)
	}
	final, err := engine.Verify(realigious.New(), rep)
	if err != nil {
		t.Fatalf("the protocol's replay does not verify: %v", err)
	}
	if engine.Hash(final) != h.Hash {
		t.Errorf("replayed hash %s, protocol %s", engine.Hash(final), h.Hash)
	}
	p.sendOK(`{"cmd":"quit"}`)
	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Errorf("engine exited with %v; stderr:\n%s", err, stderr.String())
	}
}

// TestEngineBotLevels asks a search bot without applying its answer, then
// with; asking twice gives the same answer from the same position.
func TestEngineBotLevels(t *testing.T) {
	newGame := `{"cmd":"new","players":2,"seed":3,"config":` + tinyConfig + `}`
	out := runEngine(t, newGame, `{"cmd":"legal"}`, `{"cmd":"bot","level":"normal"}`, `{"cmd":"bot","level":"heuristic"}`,
		`{"cmd":"bot","level":"easy","apply":true}`, `{"cmd":"legal"}`)
	legal := out[1].Decision.Answers
	for _, r := range out[2:5] {
		if !r.OK || !slices.Contains(legal, r.Answer) {
			t.Errorf("bot = %s, want one of %v", r.raw, legal)
		}
	}
	if out[2].Answer != out[3].Answer {
		t.Errorf("normal answered %q, heuristic (the same bot) %q", out[2].Answer, out[3].Answer)
	}
	if !out[4].Applied || out[5].Step != 1 {
		t.Errorf("bot with apply = %s, then step %d", out[4].raw, out[5].Step)
	}
}

// TestEngineEOF ends at end of input with exit code 0 and no output.
func TestEngineEOF(t *testing.T) {
	code, stdout, stderr := runCmd(t, "", "engine")
	if code != exitOK || stdout != "" || stderr != "" {
		t.Errorf("engine with no input = %d, %q, %q", code, stdout, stderr)
	}
	code, _, stderr = runCmd(t, "", "engine", "extra")
	if code != exitUsage || !strings.Contains(stderr, `unexpected argument "extra"`) {
		t.Errorf("engine extra = %d, %q", code, stderr)
	}
}
