package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// tinyConfig makes a 2-player match end within a few dozen decisions.
const tinyConfig = `{"size":7,"cycle_limit":5}`

func TestPlayScriptedToTheEnd(t *testing.T) {
	replay := filepath.Join(t.TempDir(), "played.json")
	// Always the first answer, in both forms: by number and by text is
	// covered below; 400 lines are far more than 5 cycles need.
	stdin := strings.Repeat("1\n", 400)
	code, stdout, stderr := runCmd(t, stdin, "play", "-game", "realigious", "-players", "2", "-seat", "1",
		"-seed", "3", "-config", tinyConfig, "-replay", replay)
	if code != exitOK {
		t.Fatalf("play = %d, want 0; stderr:\n%s", code, stderr)
	}
	for _, want := range []string{
		"seed 3; you are seat 1",
		"legend:",
		"seat 1, your decision: move",
		"result: ",
		"replay written to " + replay,
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("play output lacks %q", want)
		}
	}
	if strings.Contains(stdout, "quit after") {
		t.Errorf("play quit before the end of the match")
	}

	code, out, stderr := runCmd(t, "", "replay", replay)
	if code != exitOK {
		t.Fatalf("replay of the played match = %d, want 0; stderr:\n%s", code, stderr)
	}
	if !strings.Contains(out, "verified") || !strings.Contains(out, "seed:          3") {
		t.Errorf("replay summary:\n%s", out)
	}
	// The result printed by play is the one the replay re-creates.
	result := between(stdout, "result: ", "\n")
	if !strings.Contains(out, "result:        "+result+"\n") {
		t.Errorf("play printed result %q, replay says:\n%s", result, out)
	}
}

func between(s, start, end string) string {
	_, after, _ := strings.Cut(s, start)
	before, _, _ := strings.Cut(after, end)
	return before
}

// TestPlaySeesOnlyOwnView checks that the map shows the seat's memory:
// at night, tiles out of sight are marked as remembered.
func TestPlaySeesOnlyOwnView(t *testing.T) {
	code, stdout, stderr := runCmd(t, strings.Repeat("1\n", 400), "play", "-players", "2", "-seed", "4", "-config", tinyConfig)
	if code != exitOK {
		t.Fatalf("play = %d, want 0; stderr:\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "(night)") {
		t.Fatalf("no night in a 5-cycle match:\n%s", stdout)
	}
	night := between(stdout, "(night)", "seat  religion")
	if !strings.Contains(night, ".") {
		t.Errorf("the night map marks no tile as remembered:\n%s", night)
	}
	if strings.Contains(stdout, "\x1b[") {
		t.Errorf("play wrote terminal escapes to a non-terminal")
	}
}

func TestPlayBadInputReprompts(t *testing.T) {
	stdin := "\nfoo\n0\n99\nmove nowhere\nq\n"
	code, stdout, stderr := runCmd(t, stdin, "play", "-players", "2", "-seed", "3", "-config", tinyConfig)
	if code != exitOK {
		t.Fatalf("play = %d, want 0; stderr:\n%s", code, stderr)
	}
	for _, want := range []string{
		"type a number from 1 to",
		`"foo" is not a legal answer now`,
		"0 is not an answer number",
		"99 is not an answer number",
		`"move nowhere" is not a legal answer now`,
		"quit after",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("play output lacks %q:\n%s", want, stdout)
		}
	}
}

func TestPlayAnswerText(t *testing.T) {
	// Seat 0 moves first at seed 3; answer by text, then quit.
	code, stdout, _ := runCmd(t, "", "play", "-players", "2", "-seed", "3", "-config", tinyConfig)
	if code != exitOK {
		t.Fatalf("play = %d, want 0", code)
	}
	first := strings.TrimSpace(between(between(stdout, "your decision: move\n", "\n>"), ") ", "\n"))
	first = strings.TrimSuffix(first, "  (default)")
	if !strings.HasPrefix(first, "move ") {
		t.Fatalf("could not find the first move answer in:\n%s", stdout)
	}
	code, stdout, _ = runCmd(t, strings.ToUpper(first)+"\nq\n", "play", "-players", "2", "-seed", "3", "-config", tinyConfig)
	if code != exitOK {
		t.Fatalf("play = %d, want 0", code)
	}
	if strings.Contains(stdout, "not a legal answer") || strings.Count(stdout, "your decision") < 2 {
		t.Errorf("answer %q was not taken:\n%s", strings.ToUpper(first), stdout)
	}
}

func TestPlayEOFQuits(t *testing.T) {
	replay := filepath.Join(t.TempDir(), "partial.json")
	code, stdout, stderr := runCmd(t, "", "play", "-players", "2", "-seed", "3", "-config", tinyConfig, "-replay", replay)
	if code != exitOK {
		t.Fatalf("play with empty input = %d, want 0; stderr:\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "quit after") {
		t.Errorf("play output lacks the quit message:\n%s", stdout)
	}
	// The unfinished match's replay still verifies.
	if code, out, stderr := runCmd(t, "", "replay", replay); code != exitOK || !strings.Contains(out, "unfinished") {
		t.Errorf("replay of a quit match = %d, want 0 and unfinished; stdout:\n%s\nstderr:\n%s", code, out, stderr)
	}
}

func TestPlayBadFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"seat out of range", []string{"-seat", "2"}, "-seat 2"},
		{"negative seat", []string{"-seat", "-1"}, "-seat -1"},
		{"too many players", []string{"-players", "5"}, "-players 5"},
		{"bad config", []string{"-config", `{"size":"big"}`}, "-config"},
		{"unknown game", []string{"-game", "go"}, `unknown game "go"`},
		{"unknown flag", []string{"-speed", "3"}, "-speed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := runCmd(t, "", append([]string{"play"}, tt.args...)...)
			if code != exitUsage {
				t.Errorf("play %q = %d, want %d", tt.args, code, exitUsage)
			}
			if !strings.HasPrefix(stderr, "tabletop: play: ") || !strings.Contains(stderr, tt.want) {
				t.Errorf("play %q stderr = %q, want tabletop: play: ... %s", tt.args, stderr, tt.want)
			}
		})
	}
}
