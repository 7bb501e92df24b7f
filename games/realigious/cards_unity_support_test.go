package realigious

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"tabletop/engine"
	"tabletop/engine/enginetest"
)

// Tests across the Expansion and Unity cards (CARD-001-024): their
// scenario files, nullification, and random matches played with decks of
// these cards only.

// TestCARDG1Scenarios runs the scenario files of the Expansion and Unity
// cards, testdata/cards/g1/*.json (CARD-009, CARD-013, CARD-015: each
// file's description cites what it verifies).
func TestCARDG1Scenarios(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "cards", "g1", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files: %v", err)
	}
	g := New()
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			sc, res, err := scnRunBytes(g, data)
			for _, msg := range sc.Check(res, err) {
				t.Errorf("%s: %s", file, msg)
			}
		})
	}
}

func TestCARDG1Nullified(t *testing.T) {
	// A nullified card is paid and used but does nothing (REL-692,
	// REL-702): one row per card whose effect leaves a trace.
	for _, tc := range []struct {
		name string
		card CardID
		pay  string
	}{
		{"CARD-007 The Harvester", cardTheHarvester, "pay donations"},
		{"CARD-015 The Tithe", cardTheTithe, "pay donations"},
		{"CARD-019 Joy of Ministry", cardJoyOfMinistry, "pay influence"},
		{"CARD-021 Eternal Return", cardEternalReturn, "pay influence"},
		{"CARD-022 Indulgence", cardIndulgence, "pay influence"},
		{"CARD-023 Reunion at the Dead Sea", cardReunion, "pay donations"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g1Game(t, 2)
			g1Witch(s)
			s.players[0].rep = 30
			g1Hand(s, 1, g1WitchCard)
			g1Arm(s, 1, 0, true)
			g1Hand(s, 0, tc.card)
			g1Interact(t, s, 0)
			evs := g1Do(t, s, "card 1", tc.pay)
			if findEvent(evs, "nullified") == nil || len(s.stateOfs(0)) != 0 || s.players[0].rep != 30 {
				t.Errorf("events %v states %v reputation %d: the effect must not happen", eventKinds(evs), s.stateOfs(0), s.players[0].rep)
			}
			if !slices.Equal(g1Grave(s, 0), []CardID{tc.card}) {
				t.Errorf("graveyard %v: a nullified card still counts as used", g1Grave(s, 0))
			}
			cost := int32(tc.card.Cost())
			if r := s.players[0].res; r[Donations]+r[Influence] != 4000-cost && tc.card != cardIndulgence {
				t.Errorf("resources %v: the cost %d is paid", r, cost)
			}
		})
	}
}

// TestCARDG1RandomPlay plays seeded random matches whose seats build their
// decks from the Expansion and Unity traits only (CARD-001-024), arming
// and using cards at random, and checks after every answer the rules'
// invariants and, every few answers, that the position encodes and decodes
// byte for byte. Every match must end, and the cards must be used.
func TestCARDG1RandomPlay(t *testing.T) {
	expansion := []Trait{TraitGleaning, TraitOrdainingTheApostles, TraitCastingTheNet, TraitSeasonOfHarvest, TraitRampartOfTheWord, TraitMovingMountains}
	unity := []Trait{TraitAngelsSeal, TraitTheTithe, TraitOnesOwnTrial, TraitJoyOfMinistry, TraitEternalReturn, TraitReunionAtTheDeadSea}
	used := map[CardID]int{}
	g := New()
	for seed := uint64(1); seed <= 24; seed++ {
		players := 2 + int(seed%2)
		seats := make([]SeatConfig, players)
		for i := range seats {
			a, b := expansion, unity
			if (int(seed)+i)%2 == 1 {
				a, b = unity, expansion
			}
			seats[i] = SeatConfig{Religion: "christianity", Character: "religionist", Traits: append(slices.Clone(a), b[:4]...)}
		}
		cfg, err := json.Marshal(Config{Size: 9, CycleLimit: 25, Seats: seats})
		if err != nil {
			t.Fatal(err)
		}
		st, err := g.New(cfg, players, seed)
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		s := st.(*State)
		rnd := enginetest.RandomAnswers(seed)
		var buf []engine.Answer
		for step := 0; !s.Terminal(); step++ {
			if step > 20000 {
				t.Fatalf("seed %d: the match does not end", seed)
			}
			var a engine.Answer
			if s.Pending().Seat == engine.Chance {
				a = engine.ChanceAnswer(seed, step, s.Chance())
			} else {
				a, buf = enginetest.RandomAnswer(s, &rnd, buf)
			}
			evs, err := s.Apply(a)
			if err != nil {
				t.Fatalf("seed %d step %d: Apply(%s): %v", seed, step, s.AnswerText(a), err)
			}
			for _, e := range evs {
				if e.Kind == "card_used" {
					used[e.Data.(cardUsedData).Card]++
				}
			}
			if err := invariant(s); err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
			if step%25 == 0 {
				enc := s.AppendEncoding(nil)
				back, err := g.Decode(enc)
				if err != nil || !bytes.Equal(back.(*State).AppendEncoding(nil), enc) {
					t.Fatalf("seed %d step %d (%s): decode %v", seed, step, s.Pending().Kind, err)
				}
			}
		}
	}
	n := 0
	for id := CardID(1); id <= 24; id++ {
		if used[id] > 0 {
			n++
		}
	}
	t.Logf("cards used: %v", used)
	if n < 20 {
		t.Errorf("only %d of the 24 cards were used (%v): the matches exercise too little", n, used)
	}
}
