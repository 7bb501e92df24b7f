package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// TestLoadtestServe runs "tabletop loadtest -serve" with tiny numbers in
// both modes: a server in the process with its SQLite database in a
// temporary directory, bot clients over real WebSockets on loopback, and
// the report on stdout. Matches mode plays 2-player matches found through
// matchmaking (UI-013..018) and counts durable answers; presence mode
// holds connections of friends and swaps them (UI-103..105).
func TestLoadtestServe(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want []string       // in stdout
		nums map[string]int // a report line's first number must be at least this
	}{
		{"matches", []string{"-mode", "matches", "-matches", "1", "-players", "2", "-friends", "0",
			"-match-config", `{"size":7,"cycle_limit":3}`},
			[]string{"serving on http://127.0.0.1:", "answers/s", "== loadtest matches", "of warm-up)", "answer → frame"},
			map[string]int{"durable answers": 1, "matches": 1}},
		{"presence", []string{"-mode", "presence", "-conns", "5", "-friends", "2", "-churn", "5", "-offline", "100ms"},
			[]string{"presence/s", "== loadtest presence", "hello → friend sees online"},
			map[string]int{"connections held": 4, "churn": 2}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"loadtest", "-serve", "-duration", "1s", "-every", "500ms", "-setup", "20s", "-warmup", "500ms"}, tt.args...)
			code, stdout, stderr := runCmd(t, "", args...)
			if code != exitOK {
				t.Fatalf("tabletop %s = %d; stderr:\n%s\nstdout:\n%s", strings.Join(args, " "), code, stderr, stdout)
			}
			for _, w := range tt.want {
				if !strings.Contains(stdout, w) {
					t.Errorf("stdout lacks %q:\n%s", w, stdout)
				}
			}
			for line, least := range tt.nums {
				m := regexp.MustCompile(`(?m)^` + line + ` +(\d+)`).FindStringSubmatch(stdout)
				if m == nil {
					t.Errorf("no report line %q:\n%s", line, stdout)
					continue
				}
				if n, _ := strconv.Atoi(m[1]); n < least {
					t.Errorf("%s %d, want at least %d:\n%s", line, n, least, stdout)
				}
			}
		})
	}
}

// TestLoadtestAccountsPool: -mode accounts with -data makes the pool in
// the server's database and keeps it in DIR/loadtest-pool.json; a second
// run reuses it.
func TestLoadtestAccountsPool(t *testing.T) {
	dir := t.TempDir()
	args := []string{"loadtest", "-serve", "-data", dir, "-mode", "accounts", "-conns", "6", "-matches", "1", "-players", "2", "-friends", "2"}
	code, stdout, stderr := runCmd(t, "", args...)
	if code != exitOK || !strings.Contains(stdout, "6 accounts ready (6 with friendships, 2 friends each)") {
		t.Fatalf("first run = %d\n%s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(filepath.Join(dir, poolFile)); err != nil {
		t.Fatalf("no pool file: %v", err)
	}
	code, stdout, stderr = runCmd(t, "", args...)
	if code != exitOK || strings.Contains(stdout, "creating") || !strings.Contains(stdout, "6 accounts ready") {
		t.Errorf("second run = %d, want the pool reused without creating accounts:\n%s%s", code, stdout, stderr)
	}
}

// TestLoadtestUsage: a bad command line is exit code 2 with a message,
// and changes nothing.
func TestLoadtestUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no mode", nil, "-mode"},
		{"unknown mode", []string{"-mode", "chaos"}, `"chaos"`},
		{"bad players", []string{"-mode", "matches", "-players", "7"}, "bad numbers"},
		{"presence without a database", []string{"-mode", "presence", "-url", "http://127.0.0.1:1"}, "needs friendships"},
		{"argument", []string{"-mode", "matches", "extra"}, "unexpected argument"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := runCmd(t, "", append([]string{"loadtest"}, tt.args...)...)
			if code != exitUsage || !strings.Contains(stderr, tt.want) {
				t.Errorf("loadtest %q = %d, stderr %q; want %d mentioning %q", tt.args, code, stderr, exitUsage, tt.want)
			}
		})
	}
}
