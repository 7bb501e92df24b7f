package realigious

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"tabletop/engine"
)

// Tests of the balance lab's read-only card accessors (cardinfo.go).

// TestCardInfoCatalogue checks the card lists tools see (section 13).
func TestCardInfoCatalogue(t *testing.T) {
	g := New()
	keys := g.CardKeys()
	if len(keys) != NumCards || keys[0] != "CARD-001" || keys[NumCards-1] != "CARD-084" || !slices.IsSorted(keys) {
		t.Errorf("CardKeys() = %v, want CARD-001 to CARD-084 in order", keys)
	}
	for _, tt := range []struct{ key, want string }{
		{"CARD-001", "Gleaning"}, {"CARD-056", "Axis of Evil (Reaction)"}, {"CARD-085", ""}, {"bogus", ""},
	} {
		if got := g.CardName(tt.key); got != tt.want {
			t.Errorf("CardName(%q) = %q, want %q", tt.key, got, tt.want)
		}
	}
	// REL-721: glory and shame cards are awarded, never in a deck.
	if got, want := g.AwardedCards(), []string{"CARD-075", "CARD-076", "CARD-077", "CARD-078", "CARD-079",
		"CARD-080", "CARD-081", "CARD-082", "CARD-083", "CARD-084"}; !slices.Equal(got, want) {
		t.Errorf("AwardedCards() = %v, want %v", got, want)
	}
	impl := g.ImplementedCards()
	if !slices.IsSorted(impl) {
		t.Errorf("ImplementedCards() = %v, want catalogue order", impl)
	}
	for _, k := range impl {
		id, err := ParseCardID(k)
		if err != nil || g.defs.get(id) == nil {
			t.Errorf("ImplementedCards() lists %s, which has no definition", k)
		}
	}
	if want := NumCards - len(unimplementedCards()); len(impl) != want {
		t.Errorf("ImplementedCards() lists %d cards, want %d", len(impl), want)
	}
}

// TestCardInfoWithTraitSlots checks the slots the balance lab sets per
// seat (REL-610, GAP-27, GAP-28, GAP-29).
func TestCardInfoWithTraitSlots(t *testing.T) {
	g := New()
	base := []byte(`{"size":9,"seats":[{"traits":["gleaning","angels_seal","the_tithe","fair_game","judgment_day","gods_answer"]},{"level":1}]}`)
	seats := func(t *testing.T, raw []byte) []SeatConfig {
		t.Helper()
		c, err := g.ParseConfig(raw, 3)
		if err != nil {
			t.Fatalf("WithTraitSlots gave a config the game rejects: %v\n%s", err, raw)
		}
		return c.Seats
	}
	t.Run("empty keeps the config", func(t *testing.T) {
		out, err := g.WithTraitSlots(base, 3, []string{"", ""}, 1)
		if err != nil {
			t.Fatal(err)
		}
		s := seats(t, out)
		if len(s[0].Traits) != 6 || s[0].Traits[0] != TraitGleaning || fmt.Sprint(s[1].Traits) != fmt.Sprint(DefaultPreset.Slot().Traits) {
			t.Errorf("seats = %+v, want seat 0's six traits and the default preset", s)
		}
	})
	t.Run("presets", func(t *testing.T) {
		out, err := g.WithTraitSlots(base, 3, []string{"social", "mystic", "religious"}, 1)
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range []Preset{PresetSocial, PresetMystic, PresetReligious} {
			if got := seats(t, out)[i].Traits; fmt.Sprint(got) != fmt.Sprint(p.Slot().Traits) {
				t.Errorf("seat %d traits = %v, want the %s preset", i, got, p)
			}
		}
	})
	t.Run("random slots are legal and seeded", func(t *testing.T) {
		a, err := g.WithTraitSlots(base, 3, []string{"random", "random", "random"}, 7)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := g.WithTraitSlots(base, 3, []string{"random", "random", "random"}, 7)
		c, _ := g.WithTraitSlots(base, 3, []string{"random", "random", "random"}, 8)
		if string(a) != string(b) {
			t.Errorf("the same seed gave different slots:\n%s\n%s", a, b)
		}
		if string(a) == string(c) {
			t.Errorf("seeds 7 and 8 gave the same slots: %s", a)
		}
		for i, sc := range seats(t, a) {
			points, _ := TraitPoints(sc.Level)
			if n := len(sc.Traits); n < MinSlotTraits || n > points {
				t.Errorf("seat %d (level %d): %d traits, want %d to %d", i, sc.Level, n, MinSlotTraits, points)
			}
		}
	})
	t.Run("errors", func(t *testing.T) {
		for _, tt := range []struct {
			name    string
			choices []string
			raw     []byte
		}{
			{"unknown choice", []string{"aggressive"}, base},
			{"more choices than seats", []string{"", "", "", ""}, base},
			{"bad config", nil, []byte(`{"size":3}`)},
		} {
			out, err := g.WithTraitSlots(tt.raw, 3, tt.choices, 1)
			if !errors.Is(err, engine.ErrBadConfig) || out != nil {
				t.Errorf("%s: WithTraitSlots = %s, %v; want nil and ErrBadConfig", tt.name, out, err)
			}
		}
	})
}

// TestCardInfoDeckCards checks the deck a seat's slot and religion build
// (REL-673, REL-720).
func TestCardInfoDeckCards(t *testing.T) {
	g := New()
	cfg := Config{Size: 9, Climate: "dry", CycleLimit: 5, Seats: []SeatConfig{
		{Religion: "hinduism", Character: "explorer", Traits: []Trait{TraitTheTithe, TraitGleaning, TraitFairGame, TraitJudgmentDay, TraitGodsAnswer}},
		{Religion: "christianity", Character: "explorer"},
	}}
	s := g.NewState(cfg, 3)
	want := []string{"CARD-001", "CARD-002", "CARD-015", "CARD-016", "CARD-039", "CARD-040", "CARD-063", "CARD-064", "CARD-071", "CARD-072", "CARD-073"}
	if got := s.DeckCards(0); !slices.Equal(got, want) {
		t.Errorf("DeckCards(0) = %v, want %v (two Footsteps of God listed once)", got, want)
	}
	if got := s.DeckCards(1); len(got) != 2*MinSlotTraits {
		t.Errorf("DeckCards(1) = %v, want the 10 cards of the default preset", got)
	}
	if s.DeckCards(2) != nil || s.DeckCards(-1) != nil {
		t.Errorf("DeckCards out of range is not nil")
	}
	cfg.NoCards = true
	if got := g.NewState(cfg, 3).DeckCards(0); got != nil {
		t.Errorf("DeckCards without cards = %v, want nil", got)
	}
}

// TestCardInfoCardUse plays a seeded random game until cards are used and
// checks that CardUse names them, and that other events are not uses
// (REL-699).
func TestCardInfoCardUse(t *testing.T) {
	g := New()
	st, err := g.New([]byte(`{"size":9,"cycle_limit":10}`), 2, 5)
	if err != nil {
		t.Fatal(err)
	}
	s := st.(*State)
	r := rand.New(rand.NewPCG(5, 5))
	uses, others := 0, 0
	for !s.Terminal() && uses < 5 {
		var a engine.Answer
		if s.Pending().Seat == engine.Chance {
			a = engine.ChanceAnswer(5, s.Steps(), s.Chance())
		} else {
			legal := s.Legal(nil)
			a = legal[r.IntN(len(legal))]
		}
		events, err := s.Apply(a)
		if err != nil {
			t.Fatal(err)
		}
		for _, ev := range events {
			card, ok := g.CardUse(ev)
			if ok != (ev.Kind == "card_used") {
				t.Fatalf("CardUse(%s event) = %v", ev.Kind, ok)
			}
			if !ok {
				others++
				continue
			}
			uses++
			b, _ := json.Marshal(ev.Data)
			var d struct{ Card string }
			if json.Unmarshal(b, &d) != nil || d.Card != card || ev.Seat < 0 || int(ev.Seat) >= 2 {
				t.Errorf("CardUse = %s for seat %d, event data %s", card, ev.Seat, b)
			}
		}
	}
	if uses == 0 || others == 0 {
		t.Errorf("a 10-cycle random game shows %d card uses and %d other events", uses, others)
	}
	if _, ok := g.CardUse(engine.Event{Kind: "card_used", Data: "CARD-001"}); ok {
		t.Errorf("CardUse accepts a card_used event with foreign data")
	}
}
