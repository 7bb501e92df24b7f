package realigious

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
)

// Tests of the Ascension cards that take, move, create and reveal relics
// (CARD-049-052, 055, 059, 060, GAP-32, GAP-33, GAP-53, GAP-60). The
// helpers (g3Game, g3Relic, g3Seen...) are in cards_ascension_test.go.

func TestCardHumbleBurntOffering(t *testing.T) {
	// CARD-049: a relic whose place the user does not know is revealed to
	// the user alone (GAP-32); with none, the card is not offered.
	for _, tc := range []struct {
		name    string
		seen    []int // who knows the second relic
		offered bool
	}{
		{"one unknown relic is revealed", []int{1}, true},
		{"every relic known: not offered", []int{0}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g3Game(t, 2)
			known := g3Relic(s, g1At(s, 6, 6), -1, 0)
			other := g3Relic(s, g1At(s, 7, 3), -1, tc.seen...)
			g1Hand(s, 0, cardAHumbleBurntOffering)
			g1Interact(t, s, 0)
			if got := offered(s, "card 1"); got != tc.offered {
				t.Fatalf("card 1 offered = %v, want %v (legal %v)", got, tc.offered, legalTexts(s))
			}
			if !tc.offered {
				return
			}
			evs := g1Do(t, s, "card 1", "pay donations")
			if !s.relics[other].seen.Has(0) || !s.relics[known].seen.Has(0) {
				t.Errorf("seen %v %v: seat 0 must now know both relics", s.relics[known].seen, s.relics[other].seen)
			}
			if s.players[0].res[Donations] != 1900 {
				t.Errorf("donations %d, want 1900 (level 1, REL-701)", s.players[0].res[Donations])
			}
			if !strings.Contains(g3Seen(t, evs, 0), g3JSON(s, g1At(s, 7, 3))) {
				t.Errorf("seat 0 is not told where: %s", g3Seen(t, evs, 0))
			}
			if seen1 := g3Seen(t, evs, 1); strings.Contains(seen1, "relic_revealed") || strings.Contains(seen1, g3JSON(s, g1At(s, 7, 3))) {
				t.Errorf("seat 1 learns the relic's place (GAP-32): %s", seen1)
			}
			if v := s.view(0).Factions.Relics; len(v) != 2 {
				t.Errorf("seat 0's view shows %d relics, want 2", len(v))
			}
		})
	}
}

func TestCardTheLastPiece(t *testing.T) {
	// CARD-050 GAP-53: a random relic still on the map is acquired, held
	// and counted; with no relic on the map, or 900 not payable, the card
	// is not offered.
	for _, tc := range []struct {
		name    string
		relic   bool
		res     int32
		offered bool
	}{
		{"acquires the relic", true, 2000, true},
		{"no relic on the map: not offered", false, 2000, false},
		{"cannot pay 900: not offered", true, 899, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g3Game(t, 2)
			i := -1
			if tc.relic {
				i = g3Relic(s, g1At(s, 8, 8), -1)
			}
			g3Relic(s, -1, 1) // held by seat 1: not on the map
			s.players[0].res = [numResources]int32{0, tc.res, tc.res}
			g1Hand(s, 0, cardTheLastPiece)
			g1Interact(t, s, 0)
			if got := offered(s, "card 1"); got != tc.offered {
				t.Fatalf("card 1 offered = %v, want %v (legal %v)", got, tc.offered, legalTexts(s))
			}
			if !tc.offered {
				return
			}
			evs := g1Do(t, s, "card 1", "pay donations")
			if r := s.relics[i]; r.holder != 0 || r.tile != -1 || s.relicsHeld(0) != 1 || s.players[0].buff != 1 {
				t.Errorf("relic %+v, held %d, buff %d: want held and counted by seat 0", r, s.relicsHeld(0), s.players[0].buff)
			}
			if findEvent(evs, "relic") == nil || strings.Contains(g3Seen(t, evs, 1), g3JSON(s, g1At(s, 8, 8))) {
				t.Errorf("relic event missing or its tile told to seat 1 (GAP-62): %s", g3Seen(t, evs, 1))
			}
		})
	}
}

func TestCardRiteOfExorcism(t *testing.T) {
	// CARD-051 (reaction): another player's acquisition is undone, the
	// relic goes back to a random tile, hidden, and the buff level stays
	// (GAP-33). Edges: not armed, the owner's own acquisition, and the
	// taking nullified by Fire from Heaven (CARD-055).
	for _, tc := range []struct {
		name     string
		armed    bool
		ownerUse bool // seat 1 itself acquires
		fire     bool // seat 0 holds an armed Fire from Heaven
		relocate bool
	}{
		{"relic taken back to the map", true, false, false, true},
		{"not armed: declined (GAP-25)", false, false, false, false},
		{"own acquisition: no reaction", true, true, false, false},
		{"nullified by Fire from Heaven", true, false, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g3Game(t, 2)
			i := g3Relic(s, g1At(s, 8, 8), -1)
			user, owner := 0, 1
			if tc.ownerUse {
				g1Hand(s, 0, cardRiteOfExorcism, cardTheLastPiece)
				s.zones[0].hand[0].flags |= hcArmed
			} else {
				g1Hand(s, 0, cardTheLastPiece)
				if tc.fire {
					g3Armed(s, 0, cardFireFromHeaven, cardTheLastPiece)
					s.zones[0].hand[1].flags = 0
				}
				g1Hand(s, owner, cardRiteOfExorcism)
				if tc.armed {
					s.zones[owner].hand[0].flags |= hcArmed
				}
			}
			g1Interact(t, s, user)
			evs := g1Do(t, s, "card 1", "pay donations")
			r := s.relics[i]
			if got := r.holder == -1 && r.tile >= 0; got != tc.relocate {
				t.Fatalf("relic %+v: relocated = %v, want %v (events %v)", r, got, tc.relocate, eventKinds(evs))
			}
			if !tc.relocate {
				if r.holder != int8(user) {
					t.Errorf("relic %+v, want held by seat %d", r, user)
				}
				if tc.fire && (!slices.Contains(g1Grave(s, 1), cardRiteOfExorcism) || findEvent(evs, "relic_take_nullified") == nil) {
					t.Errorf("graveyard %v, events %v: the nullified Rite counts as used", g1Grave(s, 1), eventKinds(evs))
				}
				return
			}
			if !r.moved || r.seen != 0 || !r.counts {
				t.Errorf("relic %+v: want moved, hidden, counting", r)
			}
			if s.relicsHeld(0) != 0 || s.players[0].buff != 1 {
				t.Errorf("seat 0 holds %d, buff %d; want 0 held, buff 1 (GAP-33)", s.relicsHeld(0), s.players[0].buff)
			}
			if s.players[1].res[Donations] != 1800 || !slices.Equal(g1Grave(s, 1), []CardID{cardRiteOfExorcism}) {
				t.Errorf("seat 1 donations %d, graveyard %v; want 200 paid and the card used", s.players[1].res[Donations], g1Grave(s, 1))
			}
			after := evs[slices.IndexFunc(evs, func(e engine.Event) bool { return e.Kind == "card_used" && e.Seat == 1 }):]
			for seat := engine.Seat(0); seat < 2; seat++ {
				if strings.Contains(g3Seen(t, after, seat), g3JSON(s, int(r.tile))) {
					t.Errorf("seat %d is told where the relic went", seat)
				}
			}
		})
	}
}

func TestCardRiteOfExorcismOnContact(t *testing.T) {
	// CARD-051: a relic collected by contact (REL-901) is answered too,
	// between the base flow's steps; the turn goes on afterwards.
	s := g3Game(t, 2)
	dest := g1At(s, 2, 0)
	i := g3Relic(s, dest, -1)
	g3Armed(s, 1, cardRiteOfExorcism)
	g1Start(t, s, 0)
	g1Own(s, 0, dest)
	evs := g1Do(t, s, "move e")
	if r := s.relics[i]; r.holder != -1 || !r.moved || findEvent(evs, "relic_relocated") == nil {
		t.Fatalf("relic %+v, events %v: the Rite must relocate it", r, eventKinds(evs))
	}
	if s.players[0].buff != 1 || s.phase != phaseInteraction && s.phase != phaseMove {
		t.Errorf("buff %d, phase %s", s.players[0].buff, phaseKinds[s.phase])
	}
}

func TestCardPowerOfTheAscended(t *testing.T) {
	// CARD-052 GAP-60: two held relics go back to the map; for 5 own turns
	// the user's propagations and combats are won unconditionally (GAP-14).
	t.Run("relocates two relics and forces propagation", func(t *testing.T) {
		s := g3Game(t, 2)
		a, b := g3Relic(s, -1, 0), g3Relic(s, -1, 0)
		g1Hand(s, 0, cardPowerOfTheAscended)
		g1Interact(t, s, 0)
		g1Do(t, s, "card 1", "pay donations")
		for _, i := range []int{a, b} {
			if r := s.relics[i]; r.holder != -1 || r.tile < 0 || !r.moved {
				t.Errorf("relic %d %+v: want relocated", i, r)
			}
		}
		if s.relicsHeld(0) != 0 || s.players[0].buff != 2 {
			t.Errorf("held %d, buff %d: want 0 and 2 (GAP-60)", s.relicsHeld(0), s.players[0].buff)
		}
		if !slices.Contains(g1Buffs(s, 1, 0), "power_of_the_ascended") {
			t.Errorf("buffs seat 1 sees on seat 0: %v", g1Buffs(s, 1, 0))
		}
		e := s.stateOf(0, cardPowerOfTheAscended, 0)
		if e == nil || e.until != s.players[0].turns+ascendedTurns-1 {
			t.Fatalf("state %+v, want until own turn %d (GAP-26)", e, s.players[0].turns+ascendedTurns-1)
		}
		// Next own turn: a propagation succeeds without a roll.
		if s.phase == phaseInteraction {
			g1Do(t, s, "end")
		}
		s.players[0].pos = int16(g1At(s, 1, 0))
		evs := g1MoveTo(t, s, 0, -1, [numResources]int32{10, 10, 10})
		if ex := g1Explain(t, evs, "propagation"); ex.Forced != "success" || s.tiles[g1At(s, 2, 0)].Owner != 0 {
			t.Errorf("explain %+v, owner %d: want a forced success", ex, s.tiles[g1At(s, 2, 0)].Owner)
		}
	})
	t.Run("attack on the user fails", func(t *testing.T) {
		s := g3Game(t, 2)
		s.addState(0, 0, cardPowerOfTheAscended, 0, forGame())
		evs := g1MoveTo(t, s, 1, 0, [numResources]int32{})
		if ex := g1Explain(t, evs, "combat"); ex.Forced != "failure" || s.tiles[g1At(s, 2, 2)].Owner != 0 {
			t.Errorf("explain %+v: the attack on the ascended must fail", ex)
		}
	})
	t.Run("three relics: two random picks", func(t *testing.T) {
		s := g3Game(t, 2)
		g3Relic(s, -1, 0)
		keep := g3Relic(s, -1, 0)
		g3Relic(s, -1, 0)
		g1Hand(s, 0, cardPowerOfTheAscended)
		g1Interact(t, s, 0)
		g1Do(t, s, "card 1", "pay donations")
		wantPending(t, s, engine.Chance, "card_chance")
		g1Do(t, s, "pick 0", "pick 1") // the first, then the last of the two left
		if s.relics[keep].holder != 0 || len(s.relicsOf(0)) != 1 {
			t.Errorf("held %v, want only relic %d", s.relicsOf(0), keep)
		}
	})
	t.Run("one relic: not offered", func(t *testing.T) {
		s := g3Game(t, 2)
		g3Relic(s, -1, 0)
		g1Hand(s, 0, cardPowerOfTheAscended)
		g1Interact(t, s, 0)
		if offered(s, "card 1") {
			t.Errorf("offered with one relic (GAP-60): %v", legalTexts(s))
		}
	})
	t.Run("expires after 5 own turns", func(t *testing.T) {
		s := g3Game(t, 2)
		s.addState(0, 0, cardPowerOfTheAscended, 0, s.forTurns(0, ascendedTurns))
		s.players[0].turns += ascendedTurns
		s.expireEffects(0, false)
		g1MoveTo(t, s, 0, -1, [numResources]int32{10, 10, 10})
		wantPending(t, s, engine.Chance, "roll")
	})
}

func TestCardFireFromHeaven(t *testing.T) {
	// CARD-055 GAP-53 GAP-33: an attempt to take the owner's relic (Rite of
	// Exorcism) is nullified, and one random relic of the attempter is
	// taken; it does not count. Edges: the attempter holds none; the
	// attempter's own Fire from Heaven answers the taking.
	for _, tc := range []struct {
		name       string
		thiefHeld  int
		thiefFire  bool
		wantHeld0  int // counting relics of seat 0 after
		wantTotal0 int // all relics of seat 0 after
		wantTotal1 int
	}{
		{"nullifies and takes one", 1, false, 1, 2, 0},
		{"attempter holds none: nullify only", 0, false, 1, 1, 0},
		{"attempter's own Fire from Heaven answers", 1, true, 0, 0, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g3Game(t, 2)
			mine := g3Relic(s, g1At(s, 8, 8), -1)
			for range tc.thiefHeld {
				g3Relic(s, -1, 1)
			}
			g3Armed(s, 0, cardFireFromHeaven, cardTheLastPiece)
			s.zones[0].hand[1].flags = 0
			if tc.thiefFire {
				g3Armed(s, 1, cardFireFromHeaven, cardRiteOfExorcism)
			} else {
				g3Armed(s, 1, cardRiteOfExorcism)
			}
			g1Interact(t, s, 0)
			evs := g1Do(t, s, "card 1", "pay donations")
			if s.relics[mine].holder != 0 && !tc.thiefFire {
				t.Fatalf("relic %+v: the Rite must be nullified (events %v)", s.relics[mine], eventKinds(evs))
			}
			if got := s.relicsHeld(0); got != tc.wantHeld0 {
				t.Errorf("seat 0 counts %d relics, want %d", got, tc.wantHeld0)
			}
			if got := len(s.relicsOf(0)); got != tc.wantTotal0 {
				t.Errorf("seat 0 holds %d relics, want %d", got, tc.wantTotal0)
			}
			if got := len(s.relicsOf(1)); got != tc.wantTotal1 {
				t.Errorf("seat 1 holds %d relics, want %d", got, tc.wantTotal1)
			}
			for _, i := range s.relicsOf(0) {
				if i != mine && s.relics[i].counts {
					t.Errorf("relic %d taken by Fire from Heaven counts (GAP-33)", i)
				}
			}
			if s.players[0].res[Donations] != 2000-900-400 {
				t.Errorf("seat 0 donations %d: want 900 + 400 paid", s.players[0].res[Donations])
			}
			if s.players[0].buff != 1 {
				t.Errorf("buff %d: a taken relic does not raise it (GAP-33)", s.players[0].buff)
			}
		})
	}
}

func TestCardTrueHomecoming(t *testing.T) {
	// CARD-059 GAP-60: a held relic leaves the game, two relics appear on
	// random own tiles, known to the user only. Edges: no relic held, one
	// free own tile.
	for _, tc := range []struct {
		name    string
		held    int
		tiles   int
		offered bool
	}{
		{"one relic out, two in", 1, 3, true},
		{"no relic held: not offered", 0, 3, false},
		{"one own tile free: not offered", 1, 1, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g3Game(t, 2)
			var held []int
			for range tc.held {
				held = append(held, g3Relic(s, -1, 0))
			}
			own := []int{g1At(s, 6, 6), g1At(s, 6, 7), g1At(s, 7, 6)}[:tc.tiles]
			g1Own(s, 0, own...)
			g1Hand(s, 0, cardTrueHomecoming)
			evs := g1Interact(t, s, 0) // seat 0 also owns (2,0), where its piece stands
			if tc.tiles == 1 {
				g3Relic(s, g1At(s, 2, 0), -1, 0) // a relic it knows on its other tile
			}
			if got := offered(s, "card 1"); got != tc.offered {
				t.Fatalf("card 1 offered = %v, want %v (legal %v)", got, tc.offered, legalTexts(s))
			}
			if !tc.offered {
				return
			}
			evs = append(evs, g1Do(t, s, "card 1", "pay donations")...)
			if len(s.relicsOf(0)) != 0 || len(s.relics) != len(held)+1 {
				t.Errorf("relics %+v: want the held one out of the game, its slot reused", s.relics)
			}
			created := s.relicsOnMap(nil)
			if len(created) != homecomingRelics {
				t.Fatalf("%d relics on the map, want %d", len(created), homecomingRelics)
			}
			for _, i := range created {
				r := s.relics[i]
				if int(s.tiles[r.tile].Owner) != 0 || !r.counts || r.seen != engine.Only(0) {
					t.Errorf("new relic %+v: want on an own tile, counting, known to seat 0 only", r)
				}
				if c := g3JSON(s, int(r.tile)); strings.Contains(g3Seen(t, evs, 1), c) {
					t.Errorf("seat 1 is told the new relic's place %s", c)
				}
			}
			if v := s.view(1).Factions; len(v.Relics) != 0 || v.OnMap != 2 {
				t.Errorf("seat 1's view %+v: want 2 on the map, none placed", v)
			}
		})
	}
}

func TestCardTheSecondComing(t *testing.T) {
	// CARD-060 GAP-60 GAP-23: a relic a card put back on the map is claimed
	// for 400 and half of every resource. Edge: only relics never moved.
	for _, tc := range []struct {
		name    string
		moved   bool
		offered bool
	}{
		{"claims the relocated relic", true, true},
		{"no relocated relic: not offered", false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g3Game(t, 2)
			i := g3Relic(s, g1At(s, 8, 8), -1)
			s.relics[i].moved = tc.moved
			g3Relic(s, g1At(s, 8, 7), -1) // never moved
			s.players[0].res = [numResources]int32{100, 2000, 1000}
			g1Hand(s, 0, cardTheSecondComing)
			g1Interact(t, s, 0)
			if got := offered(s, "card 1"); got != tc.offered {
				t.Fatalf("card 1 offered = %v, want %v (legal %v)", got, tc.offered, legalTexts(s))
			}
			if !tc.offered {
				return
			}
			g1Do(t, s, "card 1", "pay donations")
			if r := s.relics[i]; r.holder != 0 || r.moved || s.relicsHeld(0) != 1 {
				t.Errorf("relic %+v, held %d: want claimed", r, s.relicsHeld(0))
			}
			if got := s.players[0].res; got != [numResources]int32{50, 800, 500} {
				t.Errorf("resources %v, want 400 then half of each paid (GAP-23)", got)
			}
		})
	}
}

func TestCardsAscensionRandomPlay(t *testing.T) {
	// CARD-049-060 in play: seeded matches whose decks hold only the twelve
	// Ascension cards, answered at random, with resources to use them.
	// After every answer the state passes validate and round-trips through
	// its encoding; every 8th seat decision is sampled from the seat's view
	// (relics created, taken and put back included), which must offer the
	// same answers; the relic cards must have acted.
	g := New()
	seen := map[string]int{}
	stats := smpStats{kinds: map[string]int{}}
	decisions := 0
	for m := range 16 {
		seats := 2 + m%3
		cfg := `{"cycle_limit":20,"seats":[`
		for i := range seats {
			if i > 0 {
				cfg += ","
			}
			cfg += `{"traits":["a_humble_burnt_offering","prayer_of_exorcism","a_special_gift","fire_from_heaven","pious_body_and_mind","true_homecoming"]}`
		}
		st, err := g.New([]byte(cfg+"]}"), seats, uint64(500+m))
		if err != nil {
			t.Fatal(err)
		}
		s := st.(*State)
		for i := range s.players {
			s.players[i].res = [numResources]int32{0, 8000, 8000}
		}
		r := engine.SeedPCG(uint64(m), 9)
		sr := engine.SeedPCG(uint64(m), 8)
		for step := 0; !s.Terminal() && step < 3000; step++ {
			if seat := smpDecider(s); seat >= 0 {
				if decisions++; decisions%8 == 0 {
					smpCheck(t, g, s, seat, &sr, &stats)
				}
			}
			var a engine.Answer
			if s.Pending().Seat == engine.Chance {
				a = engine.ChanceAnswer(r.Uint64(), s.Steps(), s.Chance())
			} else {
				legal := s.Legal(nil)
				a = legal[engine.IntN(&r, len(legal))]
			}
			evs, err := s.Apply(a)
			if err != nil {
				t.Fatalf("match %d step %d: %v", m, step, err)
			}
			for _, e := range evs {
				seen[e.Kind]++
			}
			if err := s.validate(); err != nil {
				t.Fatalf("match %d step %d: %v", m, step, err)
			}
			if _, err := g.Decode(s.AppendEncoding(nil)); err != nil {
				t.Fatalf("match %d step %d: %v", m, step, err)
			}
		}
	}
	for _, kind := range []string{"relic_revealed", "relic_relocated", "relic_created", "revelation", "purified"} {
		if seen[kind] == 0 {
			t.Errorf("no %q event in %d matches: %s", kind, 16, fmt.Sprint(seen))
		}
	}
}
