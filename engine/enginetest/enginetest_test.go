package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/engine/internal/toygame"
)

// brokenGame wraps the toy game and breaks one rule of the contract, so
// that the tests can check that the suite notices.
type brokenGame struct {
	toygame.Game
	fault string
}

func (g brokenGame) New(config []byte, seats int, seed uint64) (engine.State, error) {
	s, err := g.Game.New(config, seats, seed)
	if err != nil {
		return nil, err
	}
	return &brokenState{State: s, fault: g.fault}, nil
}

func (g brokenGame) Decode(b []byte) (engine.State, error) {
	s, err := g.Game.Decode(b)
	if err != nil {
		return nil, err
	}
	return &brokenState{State: s, fault: g.fault}, nil
}

type brokenState struct {
	engine.State
	fault string
}

func (s *brokenState) Legal(buf []engine.Answer) []engine.Answer {
	buf = s.State.Legal(buf)
	if s.fault == "unsorted" {
		slices.Reverse(buf)
	}
	return buf
}

func (s *brokenState) Pending() engine.Decision {
	d := s.State.Pending()
	if s.fault == "default" && !s.Terminal() {
		d.Default = 999
	}
	return d
}

func (s *brokenState) Chance() []engine.Outcome {
	if s.fault == "chance" {
		return nil
	}
	return s.State.Chance()
}

func (s *brokenState) ParseAnswer(text string) (engine.Answer, error) {
	if s.fault == "parse" && !s.Terminal() {
		return s.State.Legal(nil)[0], nil
	}
	return s.State.ParseAnswer(text)
}

func (s *brokenState) Apply(a engine.Answer) ([]engine.Event, error) {
	if s.fault == "lenient" && !s.Terminal() && !slices.Contains(s.State.Legal(nil), a) {
		return s.State.Apply(s.State.Pending().Default)
	}
	return s.State.Apply(a)
}

func (s *brokenState) Clone() engine.State {
	if s.fault == "shallow" {
		return s
	}
	return &brokenState{State: s.State.Clone(), fault: s.fault}
}

func (s *brokenState) View(seat engine.Seat) any {
	if s.fault == "view" {
		return func() {}
	}
	return s.State.View(seat)
}

// AppendView makes every broken state an engine.ViewAppender, so that the
// suite's AppendView check runs on the toy game; fault "appendview"
// changes one byte.
func (s *brokenState) AppendView(buf []byte, seat engine.Seat) []byte {
	b, err := json.Marshal(s.View(seat))
	if err != nil {
		return buf
	}
	if s.fault == "appendview" && seat == engine.Spectator {
		b = bytes.Replace(b, []byte(`"seat"`), []byte(`"Seat"`), 1)
	}
	return append(buf, b...)
}

func (s *brokenState) Result() engine.Result {
	r := s.State.Result()
	if s.fault == "ranking" {
		r.Ranking = r.Ranking[1:]
	}
	return r
}

func TestCheckMatchFindsFaults(t *testing.T) {
	tests := []struct {
		fault string
		opts  Options
		want  string
	}{
		{fault: "unsorted", want: "not strictly ascending"},
		{fault: "default", want: "Pending().Default = 999, not in Legal"},
		{fault: "chance", want: "want non-nil exactly for Chance"},
		{fault: "parse", want: "ParseAnswer(AnswerText("},
		{fault: "lenient", want: "Apply(illegal 0) error = <nil>"},
		{fault: "shallow", want: "to a clone changed the original"},
		{fault: "view", want: "json.Marshal(View(0)) error"},
		{fault: "ranking", want: "want a permutation of seats"},
		{fault: "appendview", want: "AppendView(-3) differs from json.Marshal(View(-3)) at byte"},
		{fault: "", opts: Options{MaxSteps: 3}, want: "match did not end within MaxSteps = 3"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("fault=%q", tt.fault), func(t *testing.T) {
			g := brokenGame{fault: tt.fault}
			opts := tt.opts
			opts.CheckEvery = 1
			opts = opts.withDefaults(g.Descriptor())
			errs := checkMatch(g, opts, 2, 1)
			if len(errs) == 0 {
				t.Fatalf("checkMatch(fault %q) found nothing, want an error containing %q", tt.fault, tt.want)
			}
			msg := errors.Join(errs...).Error()
			if !strings.Contains(msg, tt.want) {
				t.Errorf("checkMatch(fault %q) errors:\n%s\nwant one containing %q", tt.fault, msg, tt.want)
			}
		})
	}
}

func TestCheckMatchPassesToyGame(t *testing.T) {
	g := toygame.Game{}
	opts := Options{CheckEvery: 1}.withDefaults(g.Descriptor())
	for seed := range uint64(5) {
		if errs := checkMatch(g, opts, 3, seed); len(errs) > 0 {
			t.Errorf("checkMatch(toy, seed %d) = %v, want no errors", seed, errs)
		}
	}
	if errs := checkDescriptor(g); len(errs) > 0 {
		t.Errorf("checkDescriptor(toy) = %v, want no errors", errs)
	}
	if errs := checkConfig(g, nil, 2); len(errs) > 0 {
		t.Errorf("checkConfig(toy) = %v, want no errors", errs)
	}
}

func TestIllegalAnswers(t *testing.T) {
	tests := []struct {
		name  string
		legal []engine.Answer
		want  []engine.Answer
	}{
		{"none", nil, []engine.Answer{0, 1, 1<<32 - 2, 1<<32 - 1}},
		{"gap", []engine.Answer{10, 20}, []engine.Answer{0, 1, 9, 11, 15, 21, 1<<32 - 2, 1<<32 - 1}},
		{"dense from zero", []engine.Answer{0, 1, 2}, []engine.Answer{3, 1<<32 - 2, 1<<32 - 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := illegalAnswers(tt.legal); !slices.Equal(got, tt.want) {
				t.Errorf("illegalAnswers(%v) = %v, want %v", tt.legal, got, tt.want)
			}
		})
	}
}

func TestPlayoutDeterministic(t *testing.T) {
	g := toygame.Game{}
	for seed := range uint64(10) {
		a, err := Playout(g, nil, 4, seed, 0)
		if err != nil {
			t.Fatalf("Playout(seed %d) error: %v", seed, err)
		}
		b, _ := Playout(g, nil, 4, seed, 0)
		if ha, hb := engine.Hash(a), engine.Hash(b); ha != hb {
			t.Errorf("Playout(seed %d) hashes %s and %s, want equal", seed, ha, hb)
		}
	}
	if _, err := Playout(g, nil, 2, 1, 2); err == nil {
		t.Errorf("Playout(maxSteps 2) error = nil, want a step-limit error")
	}
}
