package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/games/realigious"
)

const scenarioConfig = `{"size":7,"seats":[{"religion":"islam","character":"explorer"},{"religion":"hinduism","character":"businessman"}]}`

// legalFirstAnswer returns the text of an answer that is legal at the start
// of the scenario's match.
func legalFirstAnswer(t *testing.T) string {
	t.Helper()
	s, err := realigious.New().New([]byte(scenarioConfig), 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	return engine.DescribeDecision(s).Answers[0]
}

func writeScenario(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "scenario.json")
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func scenarioFile(script ...string) string {
	b, _ := json.Marshal(script)
	return fmt.Sprintf(`{"format":%q,"seed":1,"config":%s,"script":%s}`, realigious.ScenarioFormat, scenarioConfig, b)
}

func TestScenarioRun(t *testing.T) {
	path := writeScenario(t, scenarioFile(legalFirstAnswer(t)))
	tests := []struct {
		name     string
		args     []string
		wantKeys []string
	}{
		{"all", nil, []string{"events", "steps", "decision", "state"}},
		{"seat 1", []string{"-seat", "1"}, []string{"events", "view"}},
		{"spectator", []string{"-seat", "-3"}, []string{"events", "view"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"scenario", "run", path}, tt.args...)
			code, stdout, stderr := runCmd(t, "", args...)
			if code != exitOK {
				t.Fatalf("run(%q) = %d, want 0; stderr:\n%s", args, code, stderr)
			}
			var got map[string]json.RawMessage
			if err := json.Unmarshal([]byte(stdout), &got); err != nil {
				t.Fatalf("stdout is not a JSON object: %v\n%s", err, stdout)
			}
			if len(got) != len(tt.wantKeys) {
				t.Errorf("output keys = %d, want %v", len(got), tt.wantKeys)
			}
			for _, k := range tt.wantKeys {
				if _, ok := got[k]; !ok {
					t.Errorf("output lacks %q", k)
				}
			}
			var events []map[string]any
			if err := json.Unmarshal(got["events"], &events); err != nil || len(events) == 0 {
				t.Errorf(`"events" = %s, want a non-empty list (%v)`, got["events"], err)
			}
		})
	}
}

func TestScenarioRunErrors(t *testing.T) {
	tests := []struct {
		name     string
		file     string
		args     []string
		wantCode int
		want     []string // in stderr
	}{
		{"unknown field", `{"format":"realigious-scenario/1","seed":1,"sede":2}`, nil, exitFailure, []string{`"sede"`}},
		{"bad format", `{"format":"realigious-scenario/9","seed":1}`, nil, exitFailure, []string{"realigious-scenario/9"}},
		{"not JSON", `{"format":`, nil, exitFailure, []string{"scenario"}},
		{"bad config", `{"format":"realigious-scenario/1","seed":1,"config":{"size":2}}`, nil, exitFailure, []string{"config", "size 2"}},
		{"bad state field", `{"format":"realigious-scenario/1","seed":1,"state":{"climate":"arctic"}}`, nil, exitFailure, []string{"state.climate", "arctic"}},
		{"illegal answer", scenarioFile("dispute"), nil, exitFailure, []string{"script[0]", `"dispute"`, "illegal answer"}},
		{"unknown answer", scenarioFile("fly north"), nil, exitFailure, []string{"script[0]", `"fly north"`}},
		{"seat out of range", scenarioFile(), []string{"-seat", "3"}, exitFailure, []string{"seat 3"}},
		{"bad seat flag", scenarioFile(), []string{"-seat", "-2"}, exitUsage, []string{"-seat -2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeScenario(t, tt.file)
			args := append([]string{"scenario", "run", path}, tt.args...)
			code, stdout, stderr := runCmd(t, "", args...)
			if code != tt.wantCode {
				t.Errorf("run(%q) = %d, want %d; stderr:\n%s", args, code, tt.wantCode, stderr)
			}
			if !strings.HasPrefix(stderr, "tabletop: scenario") {
				t.Errorf("stderr = %q, want it to start with tabletop: scenario", stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(stderr, w) {
					t.Errorf("stderr = %q, want it to name %s", stderr, w)
				}
			}
			if stdout != "" {
				t.Errorf("stdout = %q, want nothing on failure", stdout)
			}
		})
	}
}

func TestScenarioExpectations(t *testing.T) {
	first := legalFirstAnswer(t)
	pass := fmt.Sprintf(`{"format":%q,"seed":1,"config":%s,"script":[%q],"expect":{"events":["moved"]}}`,
		realigious.ScenarioFormat, scenarioConfig, first)
	if code, _, stderr := runCmd(t, "", "scenario", "run", writeScenario(t, pass)); code != exitOK {
		t.Errorf("scenario with met expectations = %d, want 0; stderr:\n%s", code, stderr)
	}
	fail := fmt.Sprintf(`{"format":%q,"seed":1,"config":%s,"script":[%q],"expect":{"cycle":42}}`,
		realigious.ScenarioFormat, scenarioConfig, first)
	code, stdout, stderr := runCmd(t, "", "scenario", "run", writeScenario(t, fail))
	if code != exitFailure {
		t.Errorf("scenario with failed expectations = %d, want %d", code, exitFailure)
	}
	if !strings.Contains(stderr, "cycle = 0, want 42") || !strings.Contains(stdout, `"events"`) {
		t.Errorf("failed expectation: stdout %d bytes, stderr %q; want the JSON and the mismatch", len(stdout), stderr)
	}
}

func TestScenarioUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no command", []string{"scenario"}, "want a command: run FILE"},
		{"unknown command", []string{"scenario", "walk", "x.json"}, `unknown command "walk"`},
		{"no file", []string{"scenario", "run"}, "want one scenario FILE"},
		{"unknown game", []string{"scenario", "run", "x.json", "-game", "chess"}, `unknown game "chess"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, stderr := runCmd(t, "", tt.args...)
			if code != exitUsage {
				t.Errorf("run(%q) = %d, want %d", tt.args, code, exitUsage)
			}
			if !strings.Contains(stderr, tt.want) {
				t.Errorf("run(%q) stderr = %q, want %q", tt.args, stderr, tt.want)
			}
		})
	}
	code, _, stderr := runCmd(t, "", "scenario", "run", filepath.Join(t.TempDir(), "missing.json"))
	if code != exitFailure || !strings.Contains(stderr, "no such file") {
		t.Errorf("scenario run of a missing file = %d, %q; want 1 and no such file", code, stderr)
	}
}
