package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/games/realigious"
)

// writeTestReplay plays a short match between random bots and writes its
// replay to a temporary file, returning the path and the replay.
func writeTestReplay(t *testing.T) (string, *engine.Replay) {
	t.Helper()
	m := playMatch(t, realigious.New(), `{"size":7,"cycle_limit":6}`, 2, 11)
	rep := m.Replay()
	return saveReplay(t, rep), rep
}

func saveReplay(t *testing.T, rep *engine.Replay) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "match.replay.json")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rep.WriteTo(f); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestReplayVerifies(t *testing.T) {
	path, rep := writeTestReplay(t)
	code, stdout, stderr := runCmd(t, "", "replay", path)
	if code != exitOK {
		t.Fatalf("replay %s = %d, want 0; stderr:\n%s", path, code, stderr)
	}
	final := rep.Steps[len(rep.Steps)-1].Hash
	for _, want := range []string{
		"verified", "game:          realigious", "rules version: " + realigious.RulesVersion,
		"seats:         2", "result:", "final hash:    " + final,
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("replay summary lacks %q:\n%s", want, stdout)
		}
	}
	if !strings.Contains(stdout, "steps:         "+itoa(len(rep.Steps))) {
		t.Errorf("replay summary does not give %d steps:\n%s", len(rep.Steps), stdout)
	}
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestReplayTamperedHash(t *testing.T) {
	_, rep := writeTestReplay(t)
	const step = 5 // 1-based
	h := []byte(rep.Steps[step-1].Hash)
	if h[0] == '0' {
		h[0] = '1'
	} else {
		h[0] = '0'
	}
	rep.Steps[step-1].Hash = string(h)
	path := saveReplay(t, rep)
	code, stdout, stderr := runCmd(t, "", "replay", path)
	if code != exitFailure {
		t.Errorf("replay of a tampered file = %d, want %d", code, exitFailure)
	}
	if !strings.HasPrefix(stderr, "tabletop: replay ") || !strings.Contains(stderr, "step 5 ") || !strings.Contains(stderr, string(h)) {
		t.Errorf("replay stderr = %q, want it to name step 5 and the recorded hash", stderr)
	}
	if stdout != "" {
		t.Errorf("replay stdout = %q, want nothing on failure", stdout)
	}
}

func TestReplayOtherRulesVersion(t *testing.T) {
	_, rep := writeTestReplay(t)
	rep.Header.RulesVersion = "realigious/0"
	path := saveReplay(t, rep)
	code, _, stderr := runCmd(t, "", "replay", path)
	if code != exitFailure {
		t.Errorf("replay under other rules = %d, want %d", code, exitFailure)
	}
	for _, want := range []string{`"realigious/0"`, `"` + realigious.RulesVersion + `"`} {
		if !strings.Contains(stderr, want) {
			t.Errorf("replay stderr = %q, want it to name rules %s", stderr, want)
		}
	}
}

func TestReplayBadFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	_, rep := writeTestReplay(t)
	rep.Steps[2].Answer = "fly away"
	badAnswer := saveReplay(t, rep)
	tests := []struct {
		name     string
		args     []string
		wantCode int
		want     string
	}{
		{"not JSON", []string{write("garbage.json", "this is not a replay")}, exitFailure, "corrupt"},
		{"truncated", []string{write("cut.json", `{"header":{"format":1,"game":"realigious"`)}, exitFailure, "corrupt"},
		{"no seats", []string{write("seats.json", `{"header":{"format":1,"game":"realigious","seats":0},"steps":[]}`)}, exitFailure, "0 seats"},
		{"unknown game", []string{write("chess.json", `{"header":{"format":1,"game":"chess","seats":2},"steps":[]}`)}, exitFailure, `unknown game "chess"`},
		{"bad answer", []string{badAnswer}, exitFailure, "step 3 "},
		{"missing file", []string{filepath.Join(dir, "nope.json")}, exitFailure, "no such file"},
		{"no file", nil, exitUsage, "want one replay FILE"},
		{"two files", []string{"a", "b"}, exitUsage, "want one replay FILE"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := runCmd(t, "", append([]string{"replay"}, tt.args...)...)
			if code != tt.wantCode {
				t.Errorf("replay %q = %d, want %d; stderr: %s", tt.args, code, tt.wantCode, stderr)
			}
			if !strings.HasPrefix(stderr, "tabletop: replay") || !strings.Contains(stderr, tt.want) {
				t.Errorf("replay %q stderr = %q, want tabletop: replay ... %s", tt.args, stderr, tt.want)
			}
		})
	}
}
