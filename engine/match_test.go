package engine_test

import (
	"errors"
	"fmt"
	"slices"
	"testing"

	"tabletop/engine"
	"tabletop/engine/internal/toygame"
)

// newMatch starts a toy match or fails the test.
func newMatch(t *testing.T, seats int, seed uint64) *engine.Match {
	t.Helper()
	m, err := engine.NewMatch(toygame.Game{}, nil, seats, seed)
	if err != nil {
		t.Fatalf("NewMatch(toy, nil, %d, %d) error: %v", seats, seed, err)
	}
	return m
}

// play answers up to n decisions of m (all of them if n < 0): chance by
// ResolveChance, seats by the given cycle of answer texts.
func play(t *testing.T, m *engine.Match, n int, texts ...string) {
	t.Helper()
	for i := 0; (n < 0 || i < n) && !m.State().Terminal(); i++ {
		var err error
		if m.State().Pending().Seat == engine.Chance {
			_, err = m.ResolveChance()
		} else {
			_, err = m.ApplyText(texts[m.Steps()%len(texts)])
		}
		if err != nil {
			t.Fatalf("step %d: %v", m.Steps()+1, err)
		}
	}
}

func TestNewMatch(t *testing.T) {
	tests := []struct {
		name    string
		config  string
		seats   int
		wantErr error
		wantCfg string
	}{
		{name: "defaults", seats: 2, wantCfg: `{"target":10}`},
		{name: "config", config: `{"target": 20}`, seats: 4, wantCfg: `{"target":20}`},
		{name: "too few seats", seats: 1, wantErr: engine.ErrBadConfig},
		{name: "too many seats", seats: 5, wantErr: engine.ErrBadConfig},
		{name: "bad target", config: `{"target": 2}`, seats: 2, wantErr: engine.ErrBadConfig},
		{name: "not json", config: `{`, seats: 2, wantErr: engine.ErrBadConfig},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var config []byte
			if tt.config != "" {
				config = []byte(tt.config)
			}
			m, err := engine.NewMatch(toygame.Game{}, config, tt.seats, 9)
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("NewMatch(%s, %d) error = %v, want %v", tt.config, tt.seats, err, tt.wantErr)
			}
			if err != nil {
				return
			}
			h := m.Header()
			want := engine.Header{Format: engine.ReplayFormat, Game: "toy", RulesVersion: "toy/1",
				ParamsHash: toygame.Game{}.ParamsHash(), Config: []byte(tt.wantCfg), Seats: tt.seats, Seed: 9}
			if string(h.Config) != tt.wantCfg || h.Format != want.Format || h.Game != want.Game ||
				h.RulesVersion != want.RulesVersion || h.ParamsHash != want.ParamsHash || h.Seats != want.Seats || h.Seed != want.Seed {
				t.Errorf("Header() = %+v, want %+v", h, want)
			}
			if m.Steps() != 0 || m.State().Steps() != 0 {
				t.Errorf("Steps() = %d, State().Steps() = %d, want 0", m.Steps(), m.State().Steps())
			}
		})
	}
}

func TestMatchRejectsWithoutRecording(t *testing.T) {
	m := newMatch(t, 2, 1)
	before := engine.Hash(m.State())
	tests := []struct {
		name string
		do   func() error
		want error
	}{
		{"illegal code", func() error { _, err := m.Apply(3); return err }, engine.ErrIllegalAnswer},
		{"huge code", func() error { _, err := m.Apply(1<<32 - 1); return err }, engine.ErrIllegalAnswer},
		{"unknown text", func() error { _, err := m.ApplyText("jump"); return err }, engine.ErrBadAnswerText},
		{"chance text for a seat", func() error { _, err := m.ApplyText("3"); return err }, engine.ErrBadAnswerText},
		{"no chance pending", func() error { _, err := m.ResolveChance(); return err }, engine.ErrNotChance},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := tt.do(); !errors.Is(err, tt.want) {
				t.Errorf("error = %v, want one wrapping %v", err, tt.want)
			}
			if m.Steps() != 0 || engine.Hash(m.State()) != before {
				t.Errorf("after a rejected answer Steps() = %d and the state changed: want nothing recorded", m.Steps())
			}
		})
	}
}

func TestMatchRecordsSteps(t *testing.T) {
	m := newMatch(t, 2, 1)
	seat := m.State().Pending().Seat
	if _, err := m.ApplyText("roll"); err != nil {
		t.Fatalf(`ApplyText("roll") error: %v`, err)
	}
	// A script may force the chance outcome instead of ResolveChance.
	events, err := m.ApplyText("3")
	if err != nil {
		t.Fatalf(`ApplyText("3") error: %v`, err)
	}
	if len(events) == 0 || events[0].Kind != "rolled" {
		t.Errorf(`ApplyText("3") events = %+v, want a "rolled" event`, events)
	}
	steps := m.Replay().Steps
	if len(steps) != 2 || steps[0].Seat != seat || steps[0].Answer != "roll" ||
		steps[1].Seat != engine.Chance || steps[1].Answer != "3" || steps[1].Hash != engine.Hash(m.State()) {
		t.Errorf("Replay().Steps = %+v, want roll by seat %d then chance 3 with the current hash", steps, seat)
	}
}

func TestMatchGameOver(t *testing.T) {
	m := newMatch(t, 3, 5)
	play(t, m, -1, "roll", "play")
	if !m.State().Terminal() {
		t.Fatalf("match not over after %d steps", m.Steps())
	}
	for name, do := range map[string]func() error{
		"Apply":         func() error { _, err := m.Apply(10); return err },
		"ApplyText":     func() error { _, err := m.ApplyText("roll"); return err },
		"ResolveChance": func() error { _, err := m.ResolveChance(); return err },
	} {
		if err := do(); !errors.Is(err, engine.ErrGameOver) {
			t.Errorf("%s after the end: error = %v, want one wrapping ErrGameOver", name, err)
		}
	}
}

func TestMatchHashingOff(t *testing.T) {
	tests := []struct {
		name    string
		offFrom int // hashing is turned off after this many steps
	}{
		{"always on", -1},
		{"off from start", 0},
		{"off midway", 5},
	}
	ref := newMatch(t, 2, 77)
	play(t, ref, -1, "play", "roll", "roll")
	want := ref.Replay().Steps
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := newMatch(t, 2, 77)
			if tt.offFrom >= 0 {
				play(t, m, tt.offFrom, "play", "roll", "roll")
				m.SetHashing(false)
			}
			play(t, m, -1, "play", "roll", "roll")
			got := m.Replay().Steps
			if !slices.Equal(got, want) {
				t.Errorf("Replay().Steps = %+v, want %+v", got, want)
			}
			if !slices.Equal(m.Replay().Steps, want) {
				t.Errorf("second Replay().Steps differ")
			}
		})
	}
}

// TestMatchHashInterval: with SetHashInterval(k) only every kth step and
// the last one carry a hash, each equal to the hash of a fully hashed
// match, with hashing off or on; the replay still verifies.
func TestMatchHashInterval(t *testing.T) {
	ref := newMatch(t, 2, 77)
	play(t, ref, -1, "play", "roll", "roll")
	want := ref.Replay().Steps
	for _, k := range []int{0, 1, 3, 8} {
		for _, off := range []bool{false, true} {
			t.Run(fmt.Sprintf("k=%d/off=%v", k, off), func(t *testing.T) {
				m := newMatch(t, 2, 77)
				m.SetHashInterval(k)
				m.SetHashing(!off)
				play(t, m, -1, "play", "roll", "roll")
				got := m.Replay().Steps
				if len(got) != len(want) {
					t.Fatalf("%d steps, want %d", len(got), len(want))
				}
				for i := range got {
					wantHash := want[i].Hash
					if k > 1 && (i+1)%k != 0 && i != len(got)-1 {
						wantHash = ""
					}
					if got[i].Hash != wantHash || got[i].Answer != want[i].Answer {
						t.Errorf("step %d: hash %q answer %q, want hash %q answer %q", i+1, got[i].Hash, got[i].Answer, wantHash, want[i].Answer)
					}
				}
				if _, err := engine.Verify(toygame.Game{}, m.Replay()); err != nil {
					t.Errorf("Verify: %v", err)
				}
			})
		}
	}
}

func TestResumeMatchContinues(t *testing.T) {
	whole := newMatch(t, 3, 123)
	play(t, whole, -1, "roll", "play")

	half := newMatch(t, 3, 123)
	play(t, half, whole.Steps()/2, "roll", "play")
	resumed, err := engine.ResumeMatch(toygame.Game{}, half.Replay())
	if err != nil {
		t.Fatalf("ResumeMatch error: %v", err)
	}
	if resumed.Steps() != half.Steps() {
		t.Fatalf("ResumeMatch Steps() = %d, want %d", resumed.Steps(), half.Steps())
	}
	play(t, resumed, -1, "roll", "play")
	if got, want := resumed.Replay().Steps, whole.Replay().Steps; !slices.Equal(got, want) {
		t.Errorf("resumed match steps differ from the uninterrupted match:\n got %+v\nwant %+v", got, want)
	}
}

func TestMatchStateIsCurrent(t *testing.T) {
	m := newMatch(t, 2, 3)
	play(t, m, 4, "roll")
	if got := m.State().Steps(); got != 4 {
		t.Errorf("State().Steps() = %d, want 4", got)
	}
	if m.Game() != (toygame.Game{}) {
		t.Errorf("Game() = %v, want the toy game", m.Game())
	}
	h := m.Header()
	h.Config[0] = 'X'
	if m.Header().Config[0] == 'X' {
		t.Errorf("Header() shares Config with the match")
	}
}
