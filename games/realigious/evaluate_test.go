package realigious

import (
	"math"
	"testing"

	"tabletop/engine"
)

// evNew returns a fresh 3-player state at its first decision.
func evNew(t *testing.T) *State {
	t.Helper()
	st, err := New().New([]byte(`{"climate":"dry"}`), 3, 11)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// evEqual returns evNew's state with every hand emptied and no effects,
// so that the seats differ in nothing the evaluation reads: the opening
// draws (REL-203) deal them different cards.
func evEqual(t *testing.T) *State {
	t.Helper()
	s := evNew(t)
	for i := range s.zones {
		evSetHand(s, i)
	}
	s.effects = s.effects[:0]
	return s
}

// evSetHand replaces seat's hand with ids, oldest first.
func evSetHand(s *State, seat int, ids ...CardID) {
	z := &s.zones[seat]
	z.hand = [HandLimit]handCard{}
	z.nHand = 0
	for _, id := range ids {
		z.hand[z.nHand] = handCard{id: id}
		z.nHand++
	}
}

// evOwnedTile gives seat the first neutral ownable tile and returns it.
func evOwnedTile(t *testing.T, s *State, seat int) int {
	t.Helper()
	for i := range s.tiles {
		tl := &s.tiles[i]
		if tl.Owner < 0 && tl.Terrain.Contactable() && !tl.Structure.LocalGovernment() {
			tl.Owner = int8(seat)
			return i
		}
	}
	t.Fatalf("no neutral tile for seat %d", seat)
	return -1
}

func evInRange(t *testing.T, v []float64, n int) {
	t.Helper()
	if len(v) != n {
		t.Fatalf("%d scores for %d seats", len(v), n)
	}
	for i, x := range v {
		if math.IsNaN(x) || x < 0 || x > 1 {
			t.Fatalf("seat %d scores %v", i, x)
		}
	}
}

func TestEvaluateTerminal(t *testing.T) {
	g := New()
	s := evNew(t)
	s.finish(1, "religious")
	if v := g.Evaluate(s); v[0] != 0 || v[1] != 1 || v[2] != 0 {
		t.Fatalf("winner 1: %v", v)
	}
	s = evNew(t)
	s.finish(-1, "draw")
	for _, x := range g.Evaluate(s) {
		if x != 1.0/3 {
			t.Fatalf("draw: %v", g.Evaluate(s))
		}
	}
	// Real finished matches agree with their result.
	for seed := uint64(1); seed <= 6; seed++ {
		st, _ := g.New([]byte(`{"cycle_limit":20}`), 2+int(seed%3), seed)
		s := st.(*State)
		r := engine.SeedPCG(seed, 1)
		for !s.Terminal() {
			smpStep(t, s, &r)
		}
		v := g.Evaluate(s)
		res := s.Result()
		for i, x := range v {
			want := 0.0
			switch {
			case res.Winner == engine.NoSeat:
				want = 1 / float64(len(v))
			case int(res.Winner) == i:
				want = 1
			}
			if x != want {
				t.Fatalf("seed %d: result %+v, scores %v", seed, res, v)
			}
		}
	}
}

func TestEvaluateDefeatedScoresZero(t *testing.T) {
	s := evNew(t)
	s.eliminate(2)
	v := New().Evaluate(s)
	evInRange(t, v, 3)
	if v[2] != 0 || v[0] <= 0 || v[1] <= 0 {
		t.Fatalf("scores %v", v)
	}
}

func TestEvaluateMonotone(t *testing.T) {
	g := New()
	base := evEqual(t)
	v0 := g.Evaluate(base)
	evInRange(t, v0, 3)
	if v0[0] != v0[1] || v0[1] != v0[2] {
		t.Fatalf("equal seats score %v", v0)
	}
	check := func(name string, change func(s *State)) {
		t.Helper()
		s := base.clone()
		change(s)
		v := g.Evaluate(s)
		evInRange(t, v, 3)
		if v[0] <= v0[0] || v[1] >= v0[1] {
			t.Fatalf("%s: seat 0 %v → %v, seat 1 %v → %v", name, v0[0], v[0], v0[1], v[1])
		}
	}
	check("followers", func(s *State) { s.players[0].res[Followers] += 1000 })
	check("tiles", func(s *State) {
		n := 0
		for t := range s.tiles {
			if s.tiles[t].Terrain.Contactable() && !s.tiles[t].Structure.LocalGovernment() && n < 5 {
				s.tiles[t].Owner = 0
				n++
			}
		}
	})
	check("reputation", func(s *State) { s.players[0].rep += 20 })
	check("relics", func(s *State) { s.relics[0].tile, s.relics[0].holder = -1, 0 })
	check("resources", func(s *State) { s.players[0].res[Donations] += 1000 })
	// Reputation near 0 is bad.
	s := base.clone()
	s.players[0].rep = 2
	if v := g.Evaluate(s); v[0] >= v0[0] {
		t.Fatalf("reputation 2 scores %v, 50 scores %v", v[0], v0[0])
	}
	// More followers, more score, all along.
	prev := -1.0
	for f := int32(0); f < int32(base.p.religiousThreshold(3)); f += 500 {
		s := base.clone()
		s.players[0].res[Followers] = f
		v := g.Evaluate(s)
		if v[0] <= prev {
			t.Fatalf("followers %d score %v, below %v", f, v[0], prev)
		}
		prev = v[0]
	}
}

// TestEvaluateCards checks the card terms: with everything else equal,
// the seat with more or better cards, or with more of its own effects in
// play, scores higher than seat 1, and every score stays in [0, 1].
func TestEvaluateCards(t *testing.T) {
	g := New()
	base := evEqual(t)
	const (
		low  = cardGleaning       // CARD-001, level 1
		high = CardID(2)          // CARD-002 Repentance, level 9
		mid  = cardTrainingClergy // CARD-003, level 2
	)
	tests := []struct {
		name   string
		change func(t *testing.T, s *State)
	}{
		// REL-678: cards in hand can be used; one more card is an option more.
		{"more cards in hand", func(t *testing.T, s *State) {
			evSetHand(s, 0, low, mid)
			evSetHand(s, 1, low)
		}},
		// REL-612, REL-701: a higher power level buys a stronger effect.
		{"higher level card", func(t *testing.T, s *State) {
			evSetHand(s, 0, high)
			evSetHand(s, 1, low)
			s.players[0].res[Donations], s.players[1].res[Donations] = 900, 900
		}},
		// REL-701: a card is used by paying level × 100; one that cannot be
		// paid is worth less until resources come.
		{"affordable card", func(t *testing.T, s *State) {
			evSetHand(s, 0, high)
			evSetHand(s, 1, high)
			s.players[0].res[Donations], s.players[1].res[Donations] = 900, 899
			s.players[0].res[Influence], s.players[1].res[Influence] = 0, 1
		}},
		// REL-721, REL-724: a shame card punishes its holder, a glory card
		// rewards it.
		{"glory card against shame card", func(t *testing.T, s *State) {
			evSetHand(s, 0, cardGloryMercy)
			evSetHand(s, 1, cardShameControl)
		}},
		// REL-681, GAP-19: a full hand still beats a hand of two, though
		// its oldest card goes at the next draw.
		{"full hand", func(t *testing.T, s *State) {
			evSetHand(s, 0, low, mid, high)
			evSetHand(s, 1, mid, high)
		}},
		// REL-697: a state the seat's own card put on it (a permanent buff).
		{"own permanent buff", func(t *testing.T, s *State) {
			s.addState(0, 0, cardTrainingClergy, 0, forGame())
		}},
		// REL-698: a tile the seat designated.
		{"own designation", func(t *testing.T, s *State) {
			s.designateTile(evOwnedTile(t, s, 0), 0, cardSanctuary, 0, forGame())
			evOwnedTile(t, s, 1)
		}},
		// REL-697: a state another seat's card put on seat 1 (CARD-032).
		{"hostile state on the other seat", func(t *testing.T, s *State) {
			s.addState(1, 0, CardAxisOfEvil, 0, s.forTurns(1, 3))
		}},
		// REL-721: a shame card's state punishes the seat it is on.
		{"shame state on the other seat", func(t *testing.T, s *State) {
			s.addState(1, 1, cardShameControl, 0, s.forTurns(1, 2))
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := base.clone()
			tc.change(t, s)
			v := g.Evaluate(s)
			evInRange(t, v, 3)
			if v[0] <= v[1] {
				t.Errorf("Evaluate = %v, want seat 0 above seat 1", v)
			}
		})
	}
}

// TestEvaluateCardUseInProgress checks that a card whose use has begun
// (it left the hand at once, REL-699, and waits for its targets, GAP-24)
// counts as held until it is paid for: choosing to use a card is then
// judged by what the use does, not by the slot it empties.
func TestEvaluateCardUseInProgress(t *testing.T) {
	g := New()
	held := evEqual(t)
	evSetHand(held, 0, cardGleaning, cardTrainingClergy)
	using := held.clone()
	evSetHand(using, 0, cardGleaning)
	using.frames = append(using.frames, frame{kind: frameUse, stage: stageTarget, seat: 0, card: cardTrainingClergy, payer: -1})
	if got, want := g.Evaluate(using), g.Evaluate(held); got[0] != want[0] {
		t.Errorf("Evaluate(use in progress)[0] = %v, want %v (card held)", got[0], want[0])
	}
	paid := using.clone()
	paid.frames[0].stage = stageEffect
	if got, want := g.Evaluate(paid), g.Evaluate(held); got[0] >= want[0] {
		t.Errorf("Evaluate(use paid)[0] = %v, want below %v (card held)", got[0], want[0])
	}
}

// TestEvaluateCardsStaySmall pins the bound that keeps the search bots
// using cards (see Evaluate): a full hand of the best trait cards, all
// affordable (REL-701), weighs less than two tiles more, so that emptying
// a slot never costs more than a modest gain.
func TestEvaluateCardsStaySmall(t *testing.T) {
	g := New()
	cards := evEqual(t)
	evSetHand(cards, 0, CardID(2), CardID(2), CardID(2))
	tiles := evEqual(t)
	for _, s := range []*State{cards, tiles} {
		s.players[0].res[Donations] = 5000
		s.players[1].res[Donations] = 5000
	}
	evOwnedTile(t, tiles, 0)
	evOwnedTile(t, tiles, 0)
	if c, l := g.Evaluate(cards), g.Evaluate(tiles); c[0] >= l[0] {
		t.Errorf("Evaluate(3 level-9 cards)[0] = %v, want below %v (2 more tiles)", c[0], l[0])
	}
}

func TestEvaluateInRangeAndCheap(t *testing.T) {
	g := New()
	for seed := uint64(1); seed <= 8; seed++ {
		st, _ := g.New([]byte(`{"cycle_limit":40}`), 2+int(seed%3), seed)
		s := st.(*State)
		r := engine.SeedPCG(seed, 2)
		for !s.Terminal() {
			evInRange(t, g.Evaluate(s), len(s.players))
			smpStep(t, s, &r)
		}
	}
	s := evNew(t)
	if a := testing.AllocsPerRun(100, func() { g.Evaluate(s) }); a > 1 {
		t.Fatalf("Evaluate allocates %v times, want only the result", a)
	}
}

func BenchmarkEvaluate(b *testing.B) {
	g := New()
	st, _ := g.New(nil, 4, 1)
	b.ReportAllocs()
	for b.Loop() {
		g.Evaluate(st)
	}
}
