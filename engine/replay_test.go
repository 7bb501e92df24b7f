package engine_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/engine/internal/toygame"
)

const goldenReplay = "testdata/toy-3seats-seed42.replay.json"

// finishedReplay returns the replay of a finished 3-seat toy match.
func finishedReplay(t *testing.T) *engine.Replay {
	t.Helper()
	m := newMatch(t, 3, 42)
	play(t, m, -1, "roll", "play", "roll")
	return m.Replay()
}

func TestGoldenReplay(t *testing.T) {
	var buf bytes.Buffer
	if _, err := finishedReplay(t).WriteTo(&buf); err != nil {
		t.Fatalf("WriteTo error: %v", err)
	}
	if os.Getenv("UPDATE_GOLDEN") != "" {
		if err := os.MkdirAll(filepath.Dir(goldenReplay), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(goldenReplay, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(goldenReplay)
	if err != nil {
		t.Fatalf("reading golden replay (UPDATE_GOLDEN=1 writes it): %v", err)
	}
	if !bytes.Equal(buf.Bytes(), want) {
		t.Errorf("replay differs from %s (UPDATE_GOLDEN=1 rewrites it):\n got %s\nwant %s", goldenReplay, buf.Bytes(), want)
	}
	f, err := os.Open(goldenReplay)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := engine.ReadReplay(f)
	if err != nil {
		t.Fatalf("ReadReplay(%s) error: %v", goldenReplay, err)
	}
	final, err := engine.Verify(toygame.Game{}, r)
	if err != nil {
		t.Fatalf("Verify(%s) error: %v", goldenReplay, err)
	}
	if !final.Terminal() || final.Steps() != len(r.Steps) {
		t.Errorf("Verify final state: Terminal() = %v, Steps() = %d; want true, %d", final.Terminal(), final.Steps(), len(r.Steps))
	}
}

func TestReplayJSONRoundTrip(t *testing.T) {
	r := finishedReplay(t)
	var buf bytes.Buffer
	n, err := r.WriteTo(&buf)
	if err != nil || n != int64(buf.Len()) {
		t.Fatalf("WriteTo = %d, %v; want %d, nil", n, err, buf.Len())
	}
	text := buf.String()
	for _, want := range []string{`"rules_version":"toy/1"`, `"params_hash":`, `"seed":"42"`, `"config":{"target":10}`, "\n{\"seat\":-1,\"answer\":"} {
		if !strings.Contains(text, want) {
			t.Errorf("WriteTo output lacks %s:\n%s", want, text)
		}
	}
	back, err := engine.ReadReplay(&buf)
	if err != nil {
		t.Fatalf("ReadReplay error: %v", err)
	}
	var again bytes.Buffer
	if _, err := back.WriteTo(&again); err != nil || again.String() != text {
		t.Errorf("WriteTo(ReadReplay(WriteTo)) = %s, %v; want the same bytes", again.String(), err)
	}
}

func TestReadReplayCorrupt(t *testing.T) {
	const header = `"header":{"format":1,"game":"toy","rules_version":"toy/1","params_hash":"p","config":{},"seats":2,"seed":"1"}`
	tests := []struct {
		name, in string
	}{
		{"empty", ""},
		{"truncated", `{"header":{"format":1`},
		{"not an object", `[]`},
		{"trailing data", "{" + header + `,"steps":[]} {}`},
		{"seed as number", `{"header":{"format":1,"game":"toy","seats":2,"seed":1},"steps":[]}`},
		{"no format", `{"header":{"game":"toy","seats":2,"seed":"1"},"steps":[]}`},
		{"no game", `{"header":{"format":1,"seats":2,"seed":"1"},"steps":[]}`},
		{"zero seats", `{"header":{"format":1,"game":"toy","seats":0,"seed":"1"},"steps":[]}`},
		{"seat out of range", "{" + header + `,"steps":[{"seat":2,"answer":"roll"}]}`},
		{"bad pseudo-seat", "{" + header + `,"steps":[{"seat":-3,"answer":"roll"}]}`},
		{"short hash", "{" + header + `,"steps":[{"seat":0,"answer":"roll","hash":"abc"}]}`},
		{"upper-case hash", "{" + header + `,"steps":[{"seat":0,"answer":"roll","hash":"ABCDEF0123456789ABCDEF0123456789"}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := engine.ReadReplay(strings.NewReader(tt.in)); !errors.Is(err, engine.ErrCorrupt) {
				t.Errorf("ReadReplay(%s) error = %v, want one wrapping ErrCorrupt", tt.in, err)
			}
		})
	}
}

func TestVerifyHeaderMismatch(t *testing.T) {
	tests := []struct {
		name    string
		edit    func(h *engine.Header)
		wantMsg string
	}{
		{"rules version", func(h *engine.Header) { h.RulesVersion = "toy/0" },
			`engine: replay made under rules "toy/0" but this build has "toy/1"`},
		{"game", func(h *engine.Header) { h.Game = "chess" }, `engine: replay of game "chess" but this game is "toy"`},
		{"params", func(h *engine.Header) { h.ParamsHash = "old" }, `engine: replay made with rules parameters "old"`},
		{"format", func(h *engine.Header) { h.Format = 99 }, `engine: replay format 99 but this build reads format 1`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := finishedReplay(t)
			tt.edit(&r.Header)
			_, err := engine.Verify(toygame.Game{}, r)
			if !errors.Is(err, engine.ErrReplayMismatch) || !strings.HasPrefix(err.Error(), tt.wantMsg) {
				t.Errorf("Verify error = %v, want one wrapping ErrReplayMismatch starting %q", err, tt.wantMsg)
			}
		})
	}
}

func TestVerifyFindsDivergence(t *testing.T) {
	tests := []struct {
		name     string
		edit     func(r *engine.Replay)
		wantStep int
		wantErr  error // also wrapped, besides ErrReplayMismatch
	}{
		{"hash", func(r *engine.Replay) { r.Steps[4].Hash = strings.Repeat("0", engine.HashLen) }, 5, nil},
		{"answer", func(r *engine.Replay) { r.Steps[2].Answer = "jump" }, 3, engine.ErrBadAnswerText},
		{"seat", func(r *engine.Replay) { r.Steps[0].Seat = (r.Steps[0].Seat + 1) % 3 }, 1, nil},
		{"chance outcome", func(r *engine.Replay) { r.Steps[1].Answer = flipDie(r.Steps[1].Answer) }, 2, nil},
		{"step after the end", func(r *engine.Replay) {
			r.Steps = append(r.Steps, engine.Step{Seat: 0, Answer: "roll"})
		}, -1, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := finishedReplay(t)
			if tt.wantStep < 0 {
				tt.wantStep = len(r.Steps) + 1
			}
			tt.edit(r)
			final, err := engine.Verify(toygame.Game{}, r)
			var div *engine.DivergenceError
			if !errors.As(err, &div) || !errors.Is(err, engine.ErrReplayMismatch) {
				t.Fatalf("Verify error = %v, want a *DivergenceError wrapping ErrReplayMismatch", err)
			}
			if final != nil {
				t.Errorf("Verify returned a state with an error")
			}
			if div.Step != tt.wantStep {
				t.Errorf("DivergenceError.Step = %d, want %d (%v)", div.Step, tt.wantStep, err)
			}
			if prefix := fmt.Sprintf("engine: replay diverges at step %d ", tt.wantStep); !strings.HasPrefix(err.Error(), prefix) {
				t.Errorf("Verify error = %q, want it to start %q", err, prefix)
			}
			if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
				t.Errorf("Verify error = %v, want it to wrap %v too", err, tt.wantErr)
			}
		})
	}
}

// flipDie returns a different die face than text.
func flipDie(text string) string {
	if text == "1" {
		return "2"
	}
	return "1"
}

func TestVerifyScriptWithoutHashes(t *testing.T) {
	// Hand-written scenarios may omit hashes and config; chance steps force
	// the outcomes.
	r := finishedReplay(t)
	r.Header.Config = nil
	for i := range r.Steps {
		r.Steps[i].Hash = ""
	}
	final, err := engine.Verify(toygame.Game{}, r)
	if err != nil {
		t.Fatalf("Verify(no hashes) error: %v", err)
	}
	if want := finishedReplay(t).Steps; engine.Hash(final) != want[len(want)-1].Hash {
		t.Errorf("Verify(no hashes) final hash %s, want %s", engine.Hash(final), want[len(want)-1].Hash)
	}
	if _, err := engine.Verify(toygame.Game{}, nil); !errors.Is(err, engine.ErrCorrupt) {
		t.Errorf("Verify(nil) error = %v, want one wrapping ErrCorrupt", err)
	}
}
