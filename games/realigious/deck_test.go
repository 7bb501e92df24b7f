package realigious

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Trait points, trait slots and decks (REL-600-611, REL-670-676, GAP-20,
// GAP-27, GAP-28, GAP-29).

// REL-604: 5 points to start; REL-605: +1 per level; REL-606: 10 at the
// top level, 6; GAP-27: points = 4 + level.
func TestTraitPoints(t *testing.T) {
	for level, want := range map[int]int{1: 5, 2: 6, 3: 7, 4: 8, 5: 9, 6: 10} {
		if got, err := TraitPoints(level); got != want || err != nil {
			t.Errorf("TraitPoints(%d) = %d, %v; want %d", level, got, err, want)
		}
	}
	for _, level := range []int{-1, 0, 7} {
		if _, err := TraitPoints(level); !errors.Is(err, ErrBadLevel) {
			t.Errorf("TraitPoints(%d): %v", level, err)
		}
	}
}

func slotOf(name string, n int) TraitSlot {
	s := TraitSlot{Name: name}
	for i := range n {
		s.Traits = append(s.Traits, Trait(i+1))
	}
	return s
}

// REL-603: every trait costs one point, so a slot may hold as many traits
// as the player has points and no more; GAP-28: at least 5, no prerequisites.
func TestSlotSizeByLevel(t *testing.T) {
	for level := MinPlayerLevel; level <= MaxPlayerLevel; level++ {
		points, _ := TraitPoints(level)
		for n := 0; n <= NumTraits; n++ {
			err := slotOf("Mine", n).Validate(level)
			if legal := n >= MinSlotTraits && n <= points; legal != (err == nil) {
				t.Errorf("level %d, %d traits: %v", level, n, err)
			}
		}
	}
	// GAP-28: no prerequisites: the last trait of every column is enough
	// together with any others.
	s := TraitSlot{Name: "Bottom row", Traits: []Trait{TraitMovingMountains, TraitReunionAtTheDeadSea, TraitTheAppointedKing, TraitTheHeavenlyHost, TraitJudgmentDay}}
	if err := s.Validate(1); err != nil {
		t.Errorf("GAP-28: %v", err)
	}
}

// GAP-28: each problem is named, with the slot's name.
func TestSlotValidateErrors(t *testing.T) {
	cases := []struct {
		slot  TraitSlot
		level int
		is    error
		msg   string
	}{
		{slotOf("Mystic", 11), 6, ErrTooManyTraits, `slot "Mystic" has 11 traits, 10 allowed at player level 6`},
		{slotOf("Mystic", 6), 1, ErrTooManyTraits, `slot "Mystic" has 6 traits, 5 allowed at player level 1`},
		{slotOf("Thin", 4), 6, ErrTooFewTraits, `slot "Thin" has 4 traits (8 cards), at least 5 traits (10 cards) needed`},
		{slotOf("Empty", 0), 3, ErrTooFewTraits, `slot "Empty" has 0 traits (0 cards)`},
		{TraitSlot{Name: "Odd", Traits: []Trait{1, 2, 3, 4, 37}}, 1, ErrUnknownTrait, `slot "Odd", trait 5 is 37 (1 to 36)`},
		{TraitSlot{Name: "Odd", Traits: []Trait{0, 2, 3, 4, 5}}, 1, ErrUnknownTrait, `slot "Odd", trait 1 is 0 (1 to 36)`},
		{TraitSlot{Name: "Twice", Traits: []Trait{1, 2, 3, 4, 1}}, 1, ErrDuplicateTrait, `slot "Twice" lists "Gleaning" twice`},
		{TraitSlot{Name: "  ", Traits: []Trait{1, 2, 3, 4, 5}}, 1, ErrUnnamedSlot, "needs a name"},
		{slotOf("Mine", 5), 0, ErrBadLevel, "player level out of range: 0 (1 to 6)"},
		{slotOf("Mine", 5), 7, ErrBadLevel, "7 (1 to 6)"},
	}
	for _, c := range cases {
		err := c.slot.Validate(c.level)
		if !errors.Is(err, c.is) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q at level %d: %v; want %v containing %q", c.slot.Name, c.level, err, c.is, c.msg)
		}
	}
	// Several problems are all reported.
	err := TraitSlot{Name: "Mess", Traits: []Trait{1, 1, 99}}.Validate(1)
	for _, want := range []error{ErrTooFewTraits, ErrDuplicateTrait, ErrUnknownTrait} {
		if !errors.Is(err, want) {
			t.Errorf("joined error %v lacks %v", err, want)
		}
	}
}

// REL-600, REL-602: the chosen traits build the deck; REL-607: each trait
// puts both its cards in; REL-672: 10 to 20 trait cards; REL-720 and
// GAP-20: religion cards come on top of that.
func TestDeckBuild(t *testing.T) {
	slot := PresetMystic.Slot()
	for _, r := range []Religion{Christianity, Buddhism, Hinduism, Islam} {
		deck, err := BuildDeck(slot, 1, r)
		if err != nil {
			t.Fatal(err)
		}
		want := []CardID{49, 50, 51, 52, 53, 54, 55, 56, 59, 60}
		want = append(want, ReligionCardsFor(r)...)
		if !slices.Equal(deck, want) {
			t.Errorf("%s: deck %v, want %v", r, deck, want)
		}
	}
	// REL-672: the smallest deck has 10 trait cards, the largest 20; GAP-20:
	// with religion cards, 12 and 22.
	small, _ := BuildDeck(slotOf("Small", 5), 6, Islam)
	large, _ := BuildDeck(slotOf("Large", 10), 6, Hinduism)
	if len(small) != 12 || len(large) != 22 {
		t.Errorf("deck sizes %d and %d, want 12 and 22 (GAP-20)", len(small), len(large))
	}
	if c := count(large, CardFootstepsOfGod); c != 2 {
		t.Errorf("Hinduism deck has %d Footsteps of God, want 2 (REL-720)", c)
	}
	if c := count(small, CardTheRadical); c != 2 {
		t.Errorf("Islam deck has %d The Radical, want 2 (REL-720)", c)
	}
	trait := 0
	for _, id := range large {
		if id.Info().Kind == TraitCard {
			trait++
		}
	}
	if trait != MaxDeckTraitCards {
		t.Errorf("%d trait cards in the largest deck, want 20 (REL-672)", trait)
	}
	// An invalid slot builds nothing.
	if d, err := BuildDeck(slotOf("Too many", 6), 1, Christianity); d != nil || !errors.Is(err, ErrTooManyTraits) {
		t.Errorf("BuildDeck of an illegal slot: %v, %v", d, err)
	}
}

func count(ids []CardID, id CardID) int {
	n := 0
	for _, x := range ids {
		if x == id {
			n++
		}
	}
	return n
}

func sorted(ids []CardID) []CardID {
	out := slices.Clone(ids)
	slices.Sort(out)
	return out
}

// REL-673: the deck is shuffled at the start; REL-671: it holds the cards
// not yet used; REL-676: a draw takes the top card.
func TestDeckShuffleAndDraw(t *testing.T) {
	comp, _ := BuildDeck(PresetReligious.Slot(), 1, Hinduism)
	r := rand.NewPCG(1, 2)
	d := NewDeck(comp, r)
	if d.Len() != len(comp) || !slices.Equal(sorted(d.Cards()), sorted(comp)) || !slices.Equal(d.Composition(), comp) {
		t.Fatalf("REL-673: deck %v from %v", d.Cards(), comp)
	}
	if slices.Equal(d.Cards(), comp) {
		t.Error("REL-673: the deck is not shuffled")
	}
	// The same seed gives the same order; another seed another order.
	if again := NewDeck(comp, rand.NewPCG(1, 2)); !slices.Equal(again.Cards(), d.Cards()) {
		t.Error("NewDeck is not deterministic")
	}
	if other := NewDeck(comp, rand.NewPCG(3, 4)); slices.Equal(other.Cards(), d.Cards()) {
		t.Error("two seeds gave the same order")
	}
	for i := range len(comp) - 1 {
		top := d.Cards()[0]
		id, ok := d.Draw(r)
		if !ok || id != top {
			t.Fatalf("REL-676: draw %d took %s, top was %s", i, id, top)
		}
		if d.Len() != len(comp)-1-i {
			t.Fatalf("REL-671: %d cards left after %d draws", d.Len(), i+1)
		}
	}
	var zero Deck
	if id, ok := zero.Draw(r); ok || id != 0 || zero.Len() != 0 {
		t.Errorf("the zero deck drew %s", id)
	}
}

// REL-674, REL-675, GAP-20: when the last card is drawn, a freshly
// shuffled set of the same composition (religion cards included) takes its
// place at once.
func TestDeckRefill(t *testing.T) {
	comp, _ := BuildDeck(slotOf("Five", 5), 1, Islam)
	r := rand.NewPCG(7, 7)
	d := NewDeck(comp, r)
	var drawn []CardID
	for range 3 * len(comp) {
		id, ok := d.Draw(r)
		if !ok {
			t.Fatal("a deck with a composition ran dry")
		}
		drawn = append(drawn, id)
		if d.Len() == 0 {
			t.Fatal("GAP-20: the deck is empty between draws")
		}
	}
	// Each run of len(comp) draws is one whole set.
	for set := range 3 {
		got := sorted(drawn[set*len(comp) : (set+1)*len(comp)])
		if !slices.Equal(got, sorted(comp)) {
			t.Errorf("REL-675: set %d drew %v, want the composition %v", set, got, sorted(comp))
		}
	}
	if d.Len() != len(comp) || !slices.Equal(sorted(d.Cards()), sorted(comp)) {
		t.Errorf("REL-674: after three sets the deck holds %v", d.Cards())
	}
}

func TestDeckClone(t *testing.T) {
	comp, _ := BuildDeck(PresetSocial.Slot(), 1, Christianity)
	r := rand.NewPCG(5, 6)
	d := NewDeck(comp, r)
	c := d.Clone()
	d.Draw(r)
	if c.Len() != len(comp) || d.Len() != len(comp)-1 {
		t.Error("a clone shares the pile")
	}
	comp[0] = 99
	if d.Composition()[0] == 99 {
		t.Error("the deck shares the caller's composition")
	}
}

// REL-670: the card slot is the deck at the deck position, the hand and the
// graveyard; at the start the deck is shuffled there (REL-673) and the hand
// and graveyard are empty.
func TestCardSlot(t *testing.T) {
	comp, _ := BuildDeck(PresetReligious.Slot(), 1, Christianity)
	cs := NewCardSlot(comp, rand.NewPCG(1, 1))
	if cs.Deck.Len() != 10 || len(cs.Hand) != 0 || len(cs.Graveyard) != 0 {
		t.Errorf("REL-670: new card slot %+v", cs)
	}
	cs.Hand = append(cs.Hand, 1)
	c := cs.Clone()
	c.Hand[0] = 2
	c.Deck.Draw(rand.NewPCG(1, 1))
	if cs.Hand[0] != 1 || cs.Deck.Len() != 10 {
		t.Error("a cloned card slot shares memory")
	}
}

// REL-611 and GAP-29: three presets, one per victory strategy, 5 traits
// each so that level 1 can use them; Basic Trait 1 is the religious one.
func TestPresets(t *testing.T) {
	want := []struct {
		preset   Preset
		name     string
		category TraitCategory
		traits   []Trait
	}{
		{PresetReligious, "Basic Trait 1", CategoryReligion, []Trait{TraitGleaning, TraitOrdainingTheApostles, TraitCastingTheNet, TraitSeasonOfHarvest, TraitJoyOfMinistry}},
		{PresetSocial, "Basic Trait 2", CategorySociety, []Trait{TraitNobleSacrifice, TraitGuardianOfLife, TraitHandOfMercy, TraitANewGeneration, TraitFairGame}},
		{PresetMystic, "Basic Trait 3", CategoryMystic, []Trait{TraitAHumbleBurntOffering, TraitPrayerOfExorcism, TraitASpecialGift, TraitFireFromHeaven, TraitTrueHomecoming}},
	}
	all := Presets()
	if len(all) != 3 || DefaultPreset != PresetReligious || DefaultPreset.Slot().Name != "Basic Trait 1" {
		t.Fatalf("GAP-29: presets %v, default %s", all, DefaultPreset)
	}
	for i, w := range want {
		s := w.preset.Slot()
		if s.Name != w.name || !slices.Equal(s.Traits, w.traits) || all[i].Name != s.Name || !slices.Equal(all[i].Traits, s.Traits) {
			t.Errorf("GAP-29: %s is %+v", w.preset, s)
		}
		for level := MinPlayerLevel; level <= MaxPlayerLevel; level++ {
			if err := s.Validate(level); err != nil {
				t.Errorf("GAP-29: %s at level %d: %v", w.preset, level, err)
			}
		}
		// REL-611: each preset serves its victory strategy's category.
		for _, tr := range s.Traits {
			if tr.Category() != w.category {
				t.Errorf("REL-611: %s holds %s of %s", w.preset, tr, tr.Category())
			}
		}
		s.Traits[0] = TraitJudgmentDay
		if w.preset.Slot().Traits[0] == TraitJudgmentDay {
			t.Errorf("%s.Slot shares memory", w.preset)
		}
	}
	if s := Preset(0).Slot(); s.Name != "" || s.Traits != nil {
		t.Errorf("invalid preset: %+v", s)
	}
}

// REL-608, REL-609: trait slots are saved, more than one per player; the
// saved form lists traits by key and reads back the same.
func TestSlotSaved(t *testing.T) {
	saved := []TraitSlot{PresetMystic.Slot(), {Name: "Mine", Traits: []Trait{TraitGodsAnswer, TraitTheWitchsWay, 1, 2, 3}}}
	b, err := json.Marshal(saved)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `{"name":"Mine","traits":["gods_answer","the_witchs_way","gleaning",`) {
		t.Errorf("saved form: %s", b)
	}
	var back []TraitSlot
	if err := json.Unmarshal(b, &back); err != nil || len(back) != 2 {
		t.Fatalf("read back: %v, %v", back, err)
	}
	for i := range saved {
		if back[i].Name != saved[i].Name || !slices.Equal(back[i].Traits, saved[i].Traits) {
			t.Errorf("slot %d read back as %+v", i, back[i])
		}
	}
	// Korean and English names are read too; unknown traits are refused.
	var s TraitSlot
	if err := json.Unmarshal([]byte(`{"name":"K","traits":["이삭 줍기","Fair Game"]}`), &s); err != nil || !slices.Equal(s.Traits, []Trait{TraitGleaning, TraitFairGame}) {
		t.Errorf("names: %+v, %v", s, err)
	}
	if err := json.Unmarshal([]byte(`{"name":"K","traits":["nope"]}`), &s); !errors.Is(err, ErrUnknownTrait) {
		t.Errorf("unknown trait: %v", err)
	}
	c := saved[1].Clone()
	c.Traits[0] = 9
	if saved[1].Traits[0] != TraitGodsAnswer {
		t.Error("Clone shares memory")
	}
}

// REL-610: each game uses the slot picked for it: different slots build
// different decks.
func TestSlotPickedPerGame(t *testing.T) {
	a, _ := BuildDeck(PresetReligious.Slot(), 1, Buddhism)
	b, _ := BuildDeck(PresetSocial.Slot(), 1, Buddhism)
	if slices.Equal(a, b) || slices.ContainsFunc(a, func(id CardID) bool { return slices.Contains(b, id) }) {
		t.Errorf("REL-610: %v and %v", a, b)
	}
}

// Bots' random slots are legal at their level, deterministic, and span
// every legal size.
func TestRandomSlot(t *testing.T) {
	for level := MinPlayerLevel; level <= MaxPlayerLevel; level++ {
		points, _ := TraitPoints(level)
		sizes := map[int]bool{}
		for seed := range uint64(300) {
			s := RandomSlot(rand.NewPCG(seed, uint64(level)), level)
			if err := s.Validate(level); err != nil {
				t.Fatalf("level %d seed %d: %v", level, seed, err)
			}
			if !slices.IsSorted(s.Traits) || s.Name != "Random" {
				t.Fatalf("level %d seed %d: %+v", level, seed, s)
			}
			again := RandomSlot(rand.NewPCG(seed, uint64(level)), level)
			if !slices.Equal(again.Traits, s.Traits) {
				t.Fatalf("level %d seed %d: not deterministic", level, seed)
			}
			sizes[len(s.Traits)] = true
		}
		for n := MinSlotTraits; n <= points; n++ {
			if !sizes[n] {
				t.Errorf("level %d: no slot of %d traits in 300 draws", level, n)
			}
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("RandomSlot accepted level 0")
		}
	}()
	RandomSlot(rand.NewPCG(1, 1), 0)
}
