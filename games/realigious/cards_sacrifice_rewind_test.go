package realigious

import (
	"slices"
	"strings"
	"testing"

	"tabletop/engine/enginetest"
)

// Tests of Time Reversal (CARD-066) and its turn marks
// (cards_sacrifice_rewind.go), and a conformance run of decks full of
// Sacrifice cards, which takes the marks through every encoding and clone
// check. The g4 helpers are in cards_sacrifice_test.go.

func TestCARD066_TimeReversal(t *testing.T) {
	// CARD-066, GAP-55: seat 1 returns to its state at the start of its
	// last turn: its piece, its tile gains and resource gains are undone;
	// resources it spent stay spent; half of the user's resources are paid.
	setup := func(t *testing.T) *State {
		s := cfGame(t, 2)
		s.zones[0].comp = []CardID{cardTimeReversal}
		s.zones[1].deck = []CardID{cardNightOfTemperance}
		g4Ready(t, s, cardTimeReversal)
		if cfHas(s, "card 1") {
			t.Fatal("seat 1 has no mark yet: Time Reversal must not be offered")
		}
		g4Do(t, s, "end")
		if !s.hasMark(1) {
			t.Fatal("seat 1's turn started without a mark")
		}
		return s
	}
	t.Run("rewind", func(t *testing.T) {
		s := setup(t)
		startPos := s.players[1].pos
		g4Do(t, s, "move e", "card 1", "success") // seat 1 drew Night of Temperance and uses it, then propagates 2,2
		if s.tiles[g4At(s, 2, 2)].Owner != 1 {
			t.Fatalf("setup: seat 1 did not take 2,2")
		}
		s.players[1].res[Donations] = 1500 // spent 500 this turn
		g4Own(s, 0, g4At(s, 3, 0))
		g4TrimRevealed(s)
		scnRoundTrip(t, New(), s, 7) // the marks survive a snapshot
		evs := g4Do(t, s, "move e", "card 1", "pay influence")
		pl := &s.players[1]
		if pl.pos != startPos || s.tiles[g4At(s, 2, 2)].Owner != -1 {
			t.Errorf("seat 1 at %v, 2,2 owned by %d; want back at 1,2 and 2,2 neutral", s.coord(int(pl.pos)), s.tiles[g4At(s, 2, 2)].Owner)
		}
		if pl.rep != 50 || pl.res != ([numResources]int32{0, 1500, 2000}) {
			t.Errorf("seat 1 reputation %d resources %v; want 50 and [0 1500 2000]", pl.rep, pl.res)
		}
		if got := cfHandIDs(s, 1); len(got) != 0 || !slices.Equal(s.zones[1].deck, []CardID{cardNightOfTemperance}) || len(s.zones[1].grave) != 0 {
			t.Errorf("seat 1 hand %v deck %v graveyard %v; want the draw and the use undone", got, s.zones[1].deck, s.zones[1].grave)
		}
		if s.players[0].res != ([numResources]int32{0, 1000, 650}) {
			t.Errorf("user resources %v, want [0 1000 650]: 700 influence, then half of each (GAP-23)", s.players[0].res)
		}
		if seen := g4Seen(t, evs, 0); strings.Contains(seen, `"hand":["`) {
			t.Errorf("the user learns seat 1's restored hand: %s", seen)
		}
	})
	t.Run("no marks without the card", func(t *testing.T) {
		s := cfGame(t, 2)
		g4Ready(t, s, cardNightOfTemperance)
		g4Do(t, s, "end")
		if s.marks != nil {
			t.Errorf("marks %v: no composition holds Time Reversal, nothing should be recorded", s.marks)
		}
	})
	t.Run("shielded target", func(t *testing.T) {
		s := setup(t)
		g4Do(t, s, "move e", "end", "failure")
		s.addState(1, 1, cardGlorySeeker, 0, s.forTurns(1, 3))
		g4Own(s, 0, g4At(s, 3, 0))
		g4Do(t, s, "move e")
		if cfHas(s, "card 1") {
			t.Error("a Seeker cannot be targeted: Time Reversal has no target")
		}
	})
}

// TestCardsSacrificeConformance runs the engine's conformance suite on
// matches whose decks hold the Sacrifice group (CARD-061-072) and, with
// Islam and Hinduism, The Radical and Footsteps of God (CARD-073, 074):
// random play uses them all, so Time Reversal's marks, Spell of Ruin's
// stacks and the frames of Catastrophe go through every encoding, clone
// and replay check.
func TestCardsSacrificeConformance(t *testing.T) {
	seeds := 2
	if testing.Short() {
		seeds = 1
	}
	sacrifice := `"night_of_temperance","gods_answer","the_witchs_way","the_future_within","a_small_sacrifice","judgment_day"`
	seats := []string{
		`{"religion":"islam","character":"explorer","traits":[` + sacrifice + `,"a_special_gift"]}`,
		`{"religion":"hinduism","character":"explorer","traits":[` + sacrifice + `,"gleaning"]}`,
	}
	for n := 2; n <= 4; n++ {
		var list []string
		for i := range n {
			list = append(list, seats[i%2])
		}
		enginetest.Run(t, New(), enginetest.Options{
			Seats:     []int{n},
			Seeds:     seeds,
			Config:    []byte(`{"size":9,"seats":[` + strings.Join(list, ",") + `]}`),
			MaxSteps:  200000,
			Invariant: invariant,
		})
	}
}
