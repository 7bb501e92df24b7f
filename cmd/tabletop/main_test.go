package main

import (
	"bytes"
	"strings"
	"testing"
)

// runCmd runs the program in-process with stdin and returns its exit code
// and output.
func runCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestHelp(t *testing.T) {
	subcommands := []string{"sim", "engine", "replay", "play", "scenario", "serve", "backup", "loadtest", "help"}
	tests := []struct {
		name     string
		args     []string
		wantCode int
		inStdout bool // the usage goes to stdout (else stderr)
	}{
		{"help", []string{"help"}, exitOK, true},
		{"-h", []string{"-h"}, exitOK, true},
		{"no args", nil, exitUsage, false},
		{"unknown", []string{"frobnicate"}, exitUsage, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(t, "", tt.args...)
			if code != tt.wantCode {
				t.Errorf("run(%q) = %d, want %d; stderr:\n%s", tt.args, code, tt.wantCode, stderr)
			}
			got := stderr
			if tt.inStdout {
				got = stdout
			}
			for _, sub := range subcommands {
				if !strings.Contains(got, "\t"+sub+" ") {
					t.Errorf("run(%q) usage does not list %q:\n%s", tt.args, sub, got)
				}
			}
		})
	}
	t.Run("unknown names it", func(t *testing.T) {
		_, _, stderr := runCmd(t, "", "frobnicate")
		if !strings.HasPrefix(stderr, `tabletop: unknown subcommand "frobnicate"`) {
			t.Errorf("stderr = %q, want it to start with tabletop: unknown subcommand", stderr)
		}
	})
}

func TestSubcommandHelp(t *testing.T) {
	tests := []struct {
		args []string
		want []string // in stdout
	}{
		{[]string{"sim", "-h"}, []string{"usage: tabletop sim", "-players", "-games", "-seed", "-workers", "-json", "-config",
			"-bots", "-rotate", "-rules", "-report"}},
		{[]string{"engine", "-h"}, []string{"usage: tabletop engine", "docs/engine-protocol.md"}},
		{[]string{"replay", "-h"}, []string{"usage: tabletop replay FILE"}},
		{[]string{"play", "-h"}, []string{"usage: tabletop play", "-seat", "-seed", "-replay", "-config"}},
		{[]string{"scenario", "-h"}, []string{"usage: tabletop scenario run FILE", "-seat"}},
		{[]string{"scenario", "run", "-h"}, []string{"usage: tabletop scenario run FILE", "-seat"}},
		{[]string{"help", "sim"}, []string{"usage: tabletop sim"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCmd(t, "", tt.args...)
			if code != exitOK {
				t.Errorf("run(%q) = %d, want 0; stderr:\n%s", tt.args, code, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(stdout, w) {
					t.Errorf("run(%q) stdout lacks %q:\n%s", tt.args, w, stdout)
				}
			}
		})
	}
}
