package realigious

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
)

// Scenario tests of the Sacrifice cards (CARD-061-072) and, through the
// g4 helpers below, of the religion, glory and shame cards
// (cards_special_test.go). Positions start from cfGame (a blank 9×9 map,
// seat i on (1, 2i), 2000 donations and influence, 50 reputation, seat 0
// to move) and are set up in place, as a scenario file would.

// g4At is the tile index of (col, row).
func g4At(s *State, col, row int) int { return s.geo.index(col, row) }

// g4Own gives the tiles to seat.
func g4Own(s *State, seat int, tiles ...int) {
	for _, t := range tiles {
		s.tiles[t].Owner = int8(seat)
		for row := 0; row <= len(s.players); row++ {
			s.known[row*len(s.tiles)+t] = int8(seat)
		}
	}
}

// g4Ready gives seat 0 the hand (oldest first) and leaves it in its
// interaction phase on (2, 0), a tile it owns.
func g4Ready(t *testing.T, s *State, hand ...CardID) {
	t.Helper()
	cfHand(s, 0, hand...)
	cfInteract(t, s)
}

// g4Do applies the answers in order and returns all their events.
func g4Do(t *testing.T, s *State, answers ...string) []engine.Event {
	t.Helper()
	var out []engine.Event
	for _, a := range answers {
		out = append(out, cfDo(t, s, a)...)
	}
	return out
}

// g4Seen returns the JSON of the events seat may see (engine.Redact).
func g4Seen(t *testing.T, evs []engine.Event, seat engine.Seat) string {
	t.Helper()
	b, err := json.Marshal(engine.Redact(evs, seat))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// g4TrimRevealed clears the bits past the last tile that cfGame sets in
// the revealed sets, which no real position has (a snapshot drops them).
func g4TrimRevealed(s *State) {
	w, n := s.words(), len(s.tiles)
	for row := 0; row <= len(s.players) && n%64 != 0; row++ {
		s.revealed[row*w+w-1] &= 1<<uint(n%64) - 1
	}
}

// g4State returns seat's live player state of card, or nil.
func g4State(s *State, seat int, card CardID) *effect { return s.stateOf(seat, card, 0) }

// g4Buff returns the buff of card in seat's view of player o, or nil.
func g4Buff(t *testing.T, s *State, viewer, o int, card CardID) *EffectView {
	t.Helper()
	v := s.View(engine.Seat(viewer)).(*View)
	for i, b := range v.Players[o].Buffs {
		if b.Card == card {
			return &v.Players[o].Buffs[i]
		}
	}
	return nil
}

func TestCARD061_NightOfTemperancePayment(t *testing.T) {
	// CARD-061: pay 1% reputation (GAP-23), draw one card; at 1%
	// reputation the payment defeats the user and nothing is drawn.
	for _, tc := range []struct {
		name     string
		rep      int32
		wantHand []CardID
		defeated bool
	}{
		{"draws one", 50, []CardID{3}, false},
		{"payment defeats", 1, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := cfGame(t, 2)
			s.players[0].rep = tc.rep
			s.zones[0].deck = []CardID{5, 3}
			g4Ready(t, s, cardNightOfTemperance)
			g4Do(t, s, "card 1")
			if got := cfHandIDs(s, 0); !slices.Equal(got, tc.wantHand) || s.players[0].defeated != tc.defeated {
				t.Errorf("hand %v defeated %v, want %v %v", got, s.players[0].defeated, tc.wantHand, tc.defeated)
			}
			if want := max(tc.rep-1, 0); s.players[0].rep != want {
				t.Errorf("reputation %d, want %d", s.players[0].rep, want)
			}
		})
	}
}

func TestCARD062_DomainOfGod(t *testing.T) {
	// CARD-062, GAP-57: all resources are paid; two tiles swap places with
	// everything on them (owner, structure, allotment, designations,
	// pieces); once per game, even when nullified; tiles a piece cannot
	// move onto cannot be chosen.
	t.Run("swap", func(t *testing.T) {
		s := cfGame(t, 2)
		a, b := g4At(s, 5, 5), g4At(s, 1, 2) // b holds seat 1's piece
		s.tiles[a] = Tile{Terrain: Grass, Structure: House, Owner: -1, Alloc: [numResources]int32{40, 10, 10}}
		g4Own(s, 1, b)
		s.designateTile(b, 1, cardSanctuary, 0, forGame())
		g4Ready(t, s, cardDomainOfGod, cardDomainOfGod)
		evs := g4Do(t, s, "card 1", "pay donations", "tile 5,5", "tile 1,2")
		if s.tiles[b].Structure != House || s.tiles[b].Alloc[Followers] != 40 || s.tiles[a].Owner != 1 || s.tiles[b].Owner != -1 {
			t.Errorf("after the swap: %+v at 1,2 and %+v at 5,5", s.tiles[b], s.tiles[a])
		}
		if int(s.players[1].pos) != a {
			t.Errorf("seat 1's piece at %v, want it carried to 5,5", s.coord(int(s.players[1].pos)))
		}
		if s.designationAt(a, cardSanctuary, 0) == nil || s.designationAt(b, cardSanctuary, 0) != nil {
			t.Error("the Sanctuary did not move with its tile")
		}
		if s.players[0].res != ([numResources]int32{}) {
			t.Errorf("resources %v, want all spent (GAP-23)", s.players[0].res)
		}
		if len(cfEvents(evs, "tiles_swapped")) != 1 {
			t.Error("no tiles_swapped event")
		}
		if g4State(s, 0, cardDomainOfGod) == nil || cfHas(s, "card 1") {
			t.Errorf("once per game: mark %v, legal %v", g4State(s, 0, cardDomainOfGod), legalTexts(s))
		}
	})
	t.Run("nullified still counts", func(t *testing.T) {
		s := cfGame(t, 2)
		s.zones[1].hand[0] = handCard{id: cardTheWitchsWay, flags: hcArmed}
		s.zones[1].nHand = 1
		g4Ready(t, s, cardDomainOfGod, cardDomainOfGod)
		evs := g4Do(t, s, "card 1", "pay influence", "tile 5,5", "tile 6,6")
		if len(cfEvents(evs, "nullified")) != 1 || len(cfEvents(evs, "tiles_swapped")) != 0 {
			t.Fatalf("want the use nullified by The Witch's Way; events %v", evs)
		}
		if g4State(s, 0, cardDomainOfGod) == nil || cfHas(s, "card 1") {
			t.Error("a nullified Domain of God must still use up the once per game")
		}
	})
	t.Run("unmovable tiles", func(t *testing.T) {
		s := cfGame(t, 2)
		s.tiles[g4At(s, 5, 5)].Terrain = Water
		s.blocked = append(s.blocked, int16(g4At(s, 6, 6)))
		g4Ready(t, s, cardDomainOfGod)
		g4Do(t, s, "card 1", "pay donations")
		if cfHas(s, "tile 5,5") || cfHas(s, "tile 6,6") || !cfHas(s, "tile 7,7") {
			t.Errorf("targets %v: water and blocked tiles must not be offered", legalTexts(s))
		}
	})
	t.Run("cannot pay", func(t *testing.T) {
		s := cfGame(t, 2)
		s.players[0].res = [numResources]int32{5000, 999, 999}
		g4Ready(t, s, cardDomainOfGod)
		if cfHas(s, "card 1") {
			t.Error("1000 in neither donations nor influence: the card must not be offered (GAP-22)")
		}
	})
}

func TestCARD063_GodsAnswer(t *testing.T) {
	// CARD-063, GAP-53: a hand card goes into the deck, which is shuffled;
	// a random non-Sacrifice trait card enters the hand, told only to the
	// user.
	t.Run("swap a card", func(t *testing.T) {
		s := cfGame(t, 2)
		s.zones[0].deck = []CardID{2, 4}
		g4Ready(t, s, cardEschatology, cardGodsAnswer)
		evs := g4Do(t, s, "card 1", "pay donations") // the only other card is taken without asking (GAP-06)
		hand := cfHandIDs(s, 0)
		if len(hand) != 1 || hand[0] < 1 || hand[0] > 60 {
			t.Fatalf("hand %v, want one trait card of CARD-001-060", hand)
		}
		deck := slices.Clone(s.zones[0].deck)
		slices.Sort(deck)
		if !slices.Equal(deck, []CardID{2, 4, cardEschatology}) {
			t.Errorf("deck %v, want Eschatology shuffled in", deck)
		}
		seen := g4Seen(t, evs, 1)
		if strings.Contains(seen, hand[0].String()) && hand[0] != cardGodsAnswer || strings.Contains(seen, cardEschatology.String()) {
			t.Errorf("seat 1 learns the hidden cards: %s", seen)
		}
		if own := g4Seen(t, evs, 0); !strings.Contains(own, hand[0].String()) || !strings.Contains(own, cardEschatology.String()) {
			t.Errorf("the user is not told its cards: %s", own)
		}
	})
	t.Run("no other card", func(t *testing.T) {
		s := cfGame(t, 2)
		g4Ready(t, s, cardGodsAnswer)
		if cfHas(s, "card 1") {
			t.Error("God's Answer alone in hand has no target and must not be offered (GAP-24)")
		}
	})
}

func TestCARD064_SpellOfRuin(t *testing.T) {
	// CARD-064, GAP-56: used, it passes to the next player with its stack
	// one higher (the cost doubles); at stack 5 that player loses 20% and
	// the card leaves the game; reaching a graveyard costs its holder 20%;
	// nothing nullifies it.
	for _, tc := range []struct {
		name      string
		stack     int
		witch     bool
		wantStack int // in seat 1's hand; 0: not there
		wantRep1  int32
	}{
		{"passes on", 0, false, 1, 50},
		{"stack 3 costs 6400", 3, false, 4, 50},
		{"stack 5 leaves the game", 4, false, 0, 30},
		{"cannot be nullified", 0, true, 1, 50},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := cfGame(t, 2)
			s.players[0].res = [numResources]int32{0, 20000, 0}
			if tc.witch {
				s.zones[1].hand[0] = handCard{id: cardTheWitchsWay, flags: hcArmed}
				s.zones[1].nHand = 1
			}
			cfHand(s, 0, cardSpellOfRuin)
			s.zones[0].hand[0].stack = uint8(tc.stack)
			cfInteract(t, s)
			before := s.players[0].res[Donations]
			evs := g4Do(t, s, "card 1")
			if paid := before - s.players[0].res[Donations]; paid != 800<<tc.stack {
				t.Errorf("paid %d, want %d (GAP-56)", paid, 800<<tc.stack)
			}
			got := 0
			for _, hc := range s.handOf(1) {
				if hc.id == cardSpellOfRuin {
					got = int(hc.stack)
				}
			}
			if got != tc.wantStack || s.players[1].rep != tc.wantRep1 {
				t.Errorf("seat 1 holds it at stack %d with reputation %d, want %d and %d", got, s.players[1].rep, tc.wantStack, tc.wantRep1)
			}
			if slices.Contains(s.zones[0].grave, cardSpellOfRuin) || slices.Contains(s.zones[1].grave, cardSpellOfRuin) {
				t.Error("a used Spell of Ruin must not reach a graveyard")
			}
			if tc.witch && len(cfEvents(evs, "nullify_failed")) != 1 {
				t.Error("REL-702: the nullification must fail")
			}
			if tc.wantStack > 0 {
				v := s.View(1).(*View)
				if c := v.Hand[0].Cost; c != 800<<tc.wantStack {
					t.Errorf("seat 1 sees cost %d, want %d", c, 800<<tc.wantStack)
				}
			}
		})
	}
	t.Run("graveyard costs the holder", func(t *testing.T) {
		s := cfGame(t, 2)
		cfHand(s, 1, cardSpellOfRuin, 1, 2)
		s.zones[1].hand[0].stack = 2
		s.zones[1].deck = []CardID{3}
		g4Ready(t, s, cardNightOfTemperance)
		g4Do(t, s, "end") // seat 1's draw pushes the spell out of its full hand
		if s.players[1].rep != 30 || !slices.Contains(s.zones[1].grave, cardSpellOfRuin) {
			t.Errorf("seat 1 reputation %d, graveyard %v; want 30 and the spell kept there", s.players[1].rep, s.zones[1].grave)
		}
	})
}

func TestCARD065_TheWitchsWay(t *testing.T) {
	// CARD-065: an armed Witch's Way nullifies another player's card use
	// (REL-692): no effect, but the card is used; only if armed and paid.
	for _, tc := range []struct {
		name      string
		flags     uint8
		res       [numResources]int32
		nullified bool
	}{
		{"armed", hcArmed, [numResources]int32{0, 2000, 2000}, true},
		{"not armed", 0, [numResources]int32{0, 2000, 2000}, false},
		{"cannot pay", hcArmed, [numResources]int32{0, 200, 0}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := cfGame(t, 2)
			s.players[1].res = tc.res
			s.zones[1].hand[0] = handCard{id: cardTheWitchsWay, flags: tc.flags}
			s.zones[1].nHand = 1
			s.zones[0].deck = []CardID{5}
			g4Ready(t, s, cardNightOfTemperance)
			g4Do(t, s, "card 1")
			drew := len(cfHandIDs(s, 0)) == 1
			if drew == tc.nullified {
				t.Errorf("seat 0 drew %v, want nullified %v", drew, tc.nullified)
			}
			if !slices.Contains(s.zones[0].grave, cardNightOfTemperance) {
				t.Error("a nullified card still goes to the graveyard as used")
			}
			if used := slices.Contains(s.zones[1].grave, cardTheWitchsWay); used != tc.nullified {
				t.Errorf("Witch's Way used %v, want %v", used, tc.nullified)
			}
			if tc.nullified && s.players[1].res[Donations] != 1700 {
				t.Errorf("seat 1 donations %d, want 1700 (300 paid)", s.players[1].res[Donations])
			}
		})
	}
}

func TestCARD067_TheFutureWithin(t *testing.T) {
	// CARD-067: 5% reputation and 400 paid, three cards drawn one at a
	// time (GAP-19): with two cards already held the oldest goes first.
	for _, tc := range []struct {
		name  string
		hand  []CardID
		want  []CardID
		grave []CardID
	}{
		{"empty hand", []CardID{cardTheFutureWithin}, []CardID{1, 2, 3}, []CardID{cardTheFutureWithin}},
		{"full hand", []CardID{25, 27, cardTheFutureWithin}, []CardID{1, 2, 3}, []CardID{25, 27, cardTheFutureWithin}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := cfGame(t, 2)
			s.zones[0].deck = []CardID{3, 2, 1}
			s.zones[0].comp = []CardID{1, 2, 3}
			g4Ready(t, s, tc.hand...)
			g4Do(t, s, "card 1", "pay donations")
			if got := cfHandIDs(s, 0); !slices.Equal(got, tc.want) || !slices.Equal(s.zones[0].grave, tc.grave) {
				t.Errorf("hand %v graveyard %v, want %v %v", got, s.zones[0].grave, tc.want, tc.grave)
			}
			if s.players[0].rep != 45 || s.players[0].res[Donations] != 1600 {
				t.Errorf("reputation %d donations %d, want 45 and 1600", s.players[0].rep, s.players[0].res[Donations])
			}
		})
	}
}

func TestCARD068_Catastrophe(t *testing.T) {
	// CARD-068, GAP-57: every hand goes to the graveyard, then the user
	// uses the dearest of those cards free of its level cost, as its own;
	// ties are a chance decision; a reaction has no effect.
	t.Run("uses the dearest", func(t *testing.T) {
		s := cfGame(t, 2)
		cfHand(s, 1, cardGodsAnswer, cardTheFutureWithin)
		s.zones[0].deck = []CardID{3, 2, 1}
		g4Ready(t, s, cardNightOfTemperance, cardCatastrophe)
		evs := g4Do(t, s, "card 1", "pay donations")
		if got := cfHandIDs(s, 0); !slices.Equal(got, []CardID{1, 2, 3}) {
			t.Errorf("hand %v: The Future Within should have drawn three", got)
		}
		if s.players[0].res[Donations] != 1400 || s.players[0].rep != 45 {
			t.Errorf("donations %d reputation %d: want 600 for Catastrophe only, and the 5%% stated payment", s.players[0].res[Donations], s.players[0].rep)
		}
		if !slices.Equal(s.zones[1].grave, []CardID{cardGodsAnswer}) || !slices.Contains(s.zones[0].grave, cardTheFutureWithin) {
			t.Errorf("graveyards %v / %v: the used card moves to the user's", s.zones[0].grave, s.zones[1].grave)
		}
		if len(cfEvents(evs, "catastrophe")) != 1 {
			t.Error("no catastrophe event")
		}
	})
	t.Run("tie is chance", func(t *testing.T) {
		s := cfGame(t, 2)
		cfHand(s, 1, cardPuppetCurse)
		g4Ready(t, s, cardPuppetCurse, cardCatastrophe)
		g4Do(t, s, "card 1", "pay donations")
		if d := s.Pending(); d.Seat != engine.Chance || !cfHas(s, "pick 1") {
			t.Fatalf("pending %+v legal %v, want a chance pick between the two Puppet Curses", d, legalTexts(s))
		}
		if s.handCount(0)+s.handCount(1) != 0 {
			t.Error("the pick must come after the hands went to the graveyards (it would tell about hidden hands)")
		}
		g4Do(t, s, "pick 1") // seat 1's copy
		if g4State(s, 0, cardPuppetCurse) == nil || slices.Contains(s.zones[1].grave, cardPuppetCurse) {
			t.Errorf("seat 0 should have used seat 1's Puppet Curse; graveyards %v / %v", s.zones[0].grave, s.zones[1].grave)
		}
	})
	t.Run("reaction has no effect", func(t *testing.T) {
		s := cfGame(t, 2)
		cfHand(s, 1, cardTheWitchsWay)
		g4Ready(t, s, cardNightOfTemperance, cardCatastrophe)
		evs := g4Do(t, s, "card 1", "pay donations")
		if len(cfEvents(evs, "card_fizzled")) != 1 || !slices.Contains(s.zones[1].grave, cardTheWitchsWay) {
			t.Errorf("want the reaction to fizzle and stay in seat 1's graveyard; graveyard %v", s.zones[1].grave)
		}
	})
	t.Run("alone in hand", func(t *testing.T) {
		s := cfGame(t, 2)
		cfHand(s, 1, cardTheFutureWithin)
		g4Ready(t, s, cardCatastrophe)
		if cfHas(s, "card 1") {
			t.Error("usable only with another card in the user's hand")
		}
	})
	t.Run("ten ties kept", func(t *testing.T) {
		var cands []catCandidate
		for k := range catMaxTies + 1 {
			cands = append(cands, catCandidate{id: CardID(60 + k%4), seat: k % 4})
		}
		cands[9] = catCandidate{id: cardSpellOfRuin, seat: 3, stack: 4}
		var f frame
		catPut(&f, cands)
		if catCount(&f) != catMaxTies {
			t.Fatalf("count %d, want %d", catCount(&f), catMaxTies)
		}
		for k := range catMaxTies {
			seat, id, stack := catGet(&f, k)
			if seat != cands[k].seat || id != cands[k].id || stack != cands[k].stack {
				t.Errorf("candidate %d = %d %s %d, want %+v", k, seat, id, stack, cands[k])
			}
		}
	})
}

func TestCARD069_PuppetCurse(t *testing.T) {
	// CARD-069, GAP-58: for 3 of the user's turns, every tile the
	// celebrity steps on becomes neutral, whoever bribed it; then no more.
	for _, tc := range []struct {
		name    string
		expired bool
		want    int8
	}{
		{"curses the step", false, -1},
		{"expired", true, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := cfGame(t, 2)
			s.celeb = celebrity{kind: Vagrant, pos: int16(g4At(s, 5, 5)), start: int16(g4At(s, 5, 5)), briber: -1}
			g4Ready(t, s, cardPuppetCurse)
			g4Do(t, s, "card 1", "pay donations")
			if b := g4Buff(t, s, 1, 0, cardPuppetCurse); b == nil || b.Ends != "end" || b.Until != int(s.players[0].turns)+2 {
				t.Fatalf("buff %+v, want it to end with seat 0's turn %d (GAP-26)", b, s.players[0].turns+2)
			}
			if tc.expired {
				s.players[0].turns += 2
				s.expireEffects(0, false)
			}
			to := g4At(s, 6, 5)
			g4Own(s, 1, to)
			s.phase, s.cycleStage = phaseWander, stageNone
			g4Do(t, s, "tile 6,5")
			if s.tiles[to].Owner != tc.want {
				t.Errorf("owner of 6,5 is %d, want %d", s.tiles[to].Owner, tc.want)
			}
		})
	}
}

func TestCARD070_ASmallSacrifice(t *testing.T) {
	// CARD-070, GAP-57: an own tile becomes neutral; a tile without a
	// structure or a piece becomes Ruins, which no piece contacts again.
	t.Run("ruins", func(t *testing.T) {
		s := cfGame(t, 2)
		r := g4At(s, 2, 2)
		g4Own(s, 1, r)
		g4Ready(t, s, cardASmallSacrifice)
		g4Do(t, s, "card 1", "pay donations", "tile 2,2") // the own tile 2,0 is the only choice
		if s.tiles[g4At(s, 2, 0)].Owner != -1 || s.designationAt(r, cardASmallSacrifice, 0) == nil || s.tiles[r].Owner != 1 {
			t.Fatalf("2,0 owner %d, ruins %v, 2,2 owner %d", s.tiles[g4At(s, 2, 0)].Owner, s.designationAt(r, cardASmallSacrifice, 0), s.tiles[r].Owner)
		}
		if s.canEnter(1, r) || s.canEnter(0, r) {
			t.Error("no piece may contact Ruins")
		}
		g4Do(t, s, "failure")   // 2,0 is neutral now: with an empty hand seat 0 propagates it at once
		if cfHas(s, "move e") { // seat 1 stands on 1,2, Ruins lie east
			t.Errorf("seat 1 may move east onto the Ruins: %v", legalTexts(s))
		}
	})
	t.Run("targets", func(t *testing.T) {
		s := cfGame(t, 2)
		s.tiles[g4At(s, 4, 4)].Structure = House
		g4Ready(t, s, cardASmallSacrifice)
		g4Do(t, s, "card 1", "pay donations")
		if cfHas(s, "tile 4,4") || cfHas(s, "tile 1,2") || !cfHas(s, "tile 5,5") {
			t.Errorf("targets %v: no structure, no piece", legalTexts(s))
		}
	})
	t.Run("no own tile", func(t *testing.T) {
		s := cfGame(t, 2)
		g4Ready(t, s, cardASmallSacrifice)
		s.tiles[g4At(s, 2, 0)].Owner = -1
		if cfHas(s, "card 1") {
			t.Error("without an own tile the card has no target")
		}
	})
}

func TestCARD071_JudgmentDay(t *testing.T) {
	// CARD-071: Judgment on another player for 3 of their turns (GAP-26);
	// declaring combat or defending successfully costs them 10%
	// reputation (GAP-13: points).
	t.Run("declares", func(t *testing.T) {
		s := cfGame(t, 2)
		g4Own(s, 0, g4At(s, 2, 2))
		g4Ready(t, s, cardJudgmentDay)
		turns := int(s.players[1].turns)
		g4Do(t, s, "card 1", "pay donations") // seat 1 is the only target; seat 0's turn then ends
		if b := g4Buff(t, s, 0, 1, cardJudgmentDay); b == nil || b.Until != turns+3 {
			t.Fatalf("judgment buff %+v, want it until seat 1's turn %d (its next turn is the first)", b, turns+3)
		}
		g4Do(t, s, "move e") // seat 1 contacts seat 0's 2,2: combat
		if s.players[1].rep != 50-2-10 {
			t.Errorf("seat 1 reputation %d, want 38 (2%% declaration, 10%% judgment)", s.players[1].rep)
		}
	})
	t.Run("defends", func(t *testing.T) {
		s := cfGame(t, 2)
		s.addState(1, 0, cardJudgmentDay, 0, s.forTurns(1, 3))
		g4Own(s, 1, g4At(s, 2, 0))
		cfHand(s, 0, cardNightOfTemperance)
		g4Do(t, s, "move e", "end", "failure") // seat 0 attacks 2,0 and fails
		if s.players[1].rep != 40 {
			t.Errorf("seat 1 reputation %d, want 40 after a successful defence", s.players[1].rep)
		}
	})
	t.Run("seeker", func(t *testing.T) {
		s := cfGame(t, 2)
		s.addState(1, 1, cardGlorySeeker, 0, s.forTurns(1, 3))
		g4Ready(t, s, cardJudgmentDay)
		if cfHas(s, "card 1") {
			t.Error("the only other player is a Seeker: no target (GAP-61)")
		}
	})
}

func TestCARD072_Eschatology(t *testing.T) {
	// CARD-072: when another player loses a normal combat, and with it the
	// tile, its tiles next to that tile become neutral.
	for _, tc := range []struct {
		name  string
		roll  string
		piece bool
		fires bool
	}{
		{"defender loses", "success", false, true},
		{"attacker loses", "failure", false, false},
		{"piece combat", "success", true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := cfGame(t, 2)
			lost, near, far := g4At(s, 2, 0), g4At(s, 3, 0), g4At(s, 5, 0)
			g4Own(s, 1, lost, near, far)
			if tc.piece {
				s.players[1].pos = int16(lost)
			}
			s.zones[0].hand[0] = handCard{id: cardEschatology, flags: hcArmed}
			s.zones[0].nHand = 1
			answers := []string{"move e", "end", tc.roll}
			if tc.piece {
				answers[1] = "dispute"
			}
			g4Do(t, s, answers...)
			fired := slices.Contains(s.zones[0].grave, cardEschatology)
			if fired != tc.fires || (s.tiles[near].Owner == -1) != tc.fires || s.tiles[far].Owner != 1 {
				t.Errorf("fired %v, 3,0 owner %d, 5,0 owner %d; want fired %v", fired, s.tiles[near].Owner, s.tiles[far].Owner, tc.fires)
			}
		})
	}
}
