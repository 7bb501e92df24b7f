package realigious

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"tabletop/engine"
)

// FuzzScenario feeds arbitrary bytes to LoadScenario and Run. Errors are
// fine; a panic is not. Whatever state a run reaches must also keep the
// engine contract (Pending, Legal, Chance and views are defined) and survive
// a snapshot round trip byte for byte. The seed corpus is every
// testdata/scenarios file plus testdata/fuzz/FuzzScenario.
func FuzzScenario(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "scenarios", "*.json"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
	g := New()
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := LoadScenario(data)
		if err != nil {
			return
		}
		res, err := sc.Run(g)
		sc.Check(res, err)
		if res == nil {
			return
		}
		s := res.State
		d := s.Pending()
		legal := s.Legal(nil)
		if !s.Terminal() && len(legal) == 0 {
			t.Fatalf("decision %q of seat %d has no legal answer", d.Kind, d.Seat)
		}
		if (d.Seat == engine.Chance) != (s.Chance() != nil) {
			t.Fatalf("decision %q of seat %d: Chance() = %v", d.Kind, d.Seat, s.Chance())
		}
		engine.DescribeDecision(s)
		for seat := range s.players {
			s.View(engine.Seat(seat))
			if _, err := res.JSON(engine.Seat(seat), false); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := res.JSON(engine.Spectator, true); err != nil {
			t.Fatal(err)
		}
		// The default answer is legal and applies.
		if !s.Terminal() {
			c := s.clone()
			if _, err := c.Apply(d.Default); err != nil {
				t.Fatalf("default answer %q: %v", s.AnswerText(d.Default), err)
			}
		}
		snap, err := SnapshotScenario(s, sc.Seed).Marshal()
		if err != nil {
			t.Fatal(err)
		}
		sc2, err := LoadScenario(snap)
		if err != nil {
			t.Fatalf("snapshot does not load: %v\n%s", err, snap)
		}
		s2, err := sc2.Build(g)
		if err != nil {
			t.Fatalf("snapshot does not build: %v\n%s", err, snap)
		}
		if !bytes.Equal(s.AppendEncoding(nil), s2.AppendEncoding(nil)) {
			t.Fatalf("snapshot round trip changed the state\n%s", snap)
		}
	})
}
