package realigious

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
)

// Tests of the Influence cards (CARD-025-036, REL-625) and the helpers the
// Holy War tests (cards_holywar_test.go) share. Each test builds a plain
// position with g2Game, plays the answers a player sends through Apply
// (card use, payer, targets, chance, moves) and checks the state, the
// events and the views. Card IDs and GAP decisions are cited at the
// assertions.

// g2Game builds an n-seat match for card tests: a blank 9×9 grass map (no
// structures, allotments or owners, no relics, no celebrity), turn order by
// seat number, seat i contacting (1, 2i), 50 reputation, 2000 donations
// and influence, no followers, no first-turn bonus pending, empty card
// zones, every tile revealed and every owner known, day, and the monsoon
// blowing north so that east and west moves are single steps (GAP-41).
func g2Game(t *testing.T, n int) *State {
	t.Helper()
	s := blankCardGame(t, n, "hinduism", 11)
	s.celeb = celebrity{pos: -1, start: -1, briber: -1}
	s.cycle = 1
	return s
}

// g2Hand replaces seat's hand, oldest first (the last card is "hand 1").
func g2Hand(s *State, seat int, cards ...handCard) {
	z := &s.zones[seat]
	z.hand, z.nHand = [HandLimit]handCard{}, 0
	for _, hc := range cards {
		z.hand[z.nHand] = hc
		z.nHand++
	}
}

// g2Cards is g2Hand with plain cards.
func g2Cards(s *State, seat int, ids ...CardID) {
	hs := make([]handCard, len(ids))
	for i, id := range ids {
		hs[i] = handCard{id: id}
	}
	g2Hand(s, seat, hs...)
}

// g2Armed is an armed reaction paying donations (GAP-25).
func g2Armed(id CardID) handCard { return handCard{id: id, flags: hcArmed} }

// g2Start begins seat's turn through the real start phase (its effects and
// draw) and returns the events; the move phase must follow.
func g2Start(t *testing.T, s *State, seat int) []engine.Event {
	t.Helper()
	s.turnIdx = slices.Index(s.order, int8(seat))
	s.phase = phaseMove
	s.events = s.events[:0]
	s.startTurn()
	if s.phase != phaseMove || s.active() != seat {
		t.Fatalf("start of seat %d's turn: phase %s, active %d (legal %v)", seat, phaseKinds[s.phase], s.active(), legalTexts(s))
	}
	return slices.Clone(s.events)
}

// g2Interact plays seat's turn up to its interaction phase: the start
// phase, then "move e" onto (2, 2·seat), which seat then owns, so that
// no tile interaction follows the phase (a Buddhist's extra move declined).
func g2Interact(t *testing.T, s *State, seat int) []engine.Event {
	t.Helper()
	evs := g2Start(t, s, seat)
	g1Own(s, seat, g1At(s, 2, 2*seat))
	evs = append(evs, g2Do(t, s, "move e")...)
	if s.phase == phaseExtraMove {
		evs = append(evs, g2Do(t, s, "stop")...) // a Buddhist declines Ground-Folding (REL-136)
	}
	if s.phase != phaseInteraction || s.active() != seat {
		t.Fatalf("seat %d after its move: phase %s, active %d", seat, phaseKinds[s.phase], s.active())
	}
	return evs
}

// g2Do applies answers given in text form and returns a copy of their
// events.
func g2Do(t *testing.T, s *State, texts ...string) []engine.Event {
	t.Helper()
	var out []engine.Event
	for _, text := range texts {
		a, err := s.ParseAnswer(text)
		if err != nil {
			t.Fatalf("ParseAnswer(%q): %v", text, err)
		}
		evs, err := s.Apply(a)
		if err != nil {
			t.Fatalf("Apply(%q): %v (legal: %v)", text, err, legalTexts(s))
		}
		out = append(out, evs...)
	}
	return out
}

// g2Buff returns the buff key on player p as seat's view shows it, or nil.
func g2Buff(s *State, seat engine.Seat, p int, key string) *EffectView {
	for _, b := range s.view(seat).Players[p].Buffs {
		if b.Key == key {
			return &b
		}
	}
	return nil
}

// g2Seen returns the events as seat receives them, one JSON line each.
func g2Seen(t *testing.T, evs []engine.Event, seat engine.Seat) string {
	t.Helper()
	var b strings.Builder
	for _, e := range evs {
		if !e.Audience.Has(seat) {
			continue
		}
		data := e.Data
		if e.Public != nil && e.Seat != seat {
			data = e.Public
		}
		j, err := json.Marshal(data)
		if err != nil {
			t.Fatalf("marshal %s: %v", e.Kind, err)
		}
		b.WriteString(e.Kind + " " + string(j) + "\n")
	}
	return b.String()
}

// g2ViewJSON is seat's view in its wire form.
func g2ViewJSON(t *testing.T, s *State, seat engine.Seat) string {
	t.Helper()
	b, err := json.Marshal(s.View(seat))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// g2HandIDs returns seat's hand, oldest first.
func g2HandIDs(s *State, seat int) []CardID {
	var out []CardID
	for _, hc := range s.handOf(seat) {
		out = append(out, hc.id)
	}
	return out
}

// g2Wander makes the end-of-cycle step of the celebrity to (col, row) the
// pending decision and answers it; the next turn (seat next) starts after.
func g2Wander(t *testing.T, s *State, col, row, next int) []engine.Event {
	t.Helper()
	s.turnIdx = slices.Index(s.order, int8(next))
	s.phase, s.cycleStage = phaseWander, stageWind
	s.events = s.events[:0]
	return g2Do(t, s, "tile "+ceCoordText(Coord{col, row}))
}

func TestCardReputationGains(t *testing.T) {
	// CARD-025 Relief Volunteers (+3%), CARD-026 Noble Sacrifice (+15% for
	// all resources, GAP-23): reputation in points (GAP-13), public.
	for _, tc := range []struct {
		name      string
		card      CardID
		rep       int32
		res       [numResources]int32
		offered   bool
		wantRep   int32
		wantRes   [numResources]int32
		wantOver  string
		wantPayer string
	}{
		{"CARD-025 +3", cardReliefVolunteers, 50, [numResources]int32{7, 2000, 2000}, true, 53, [numResources]int32{7, 1900, 2000}, "", "pay donations"},
		{"CARD-025 cannot pay: not offered (REL-701)", cardReliefVolunteers, 50, [numResources]int32{500, 99, 99}, false, 50, [numResources]int32{500, 99, 99}, "", ""},
		{"CARD-025 pays influence when donations fall short (GAP-22)", cardReliefVolunteers, 50, [numResources]int32{0, 50, 300}, true, 53, [numResources]int32{0, 50, 200}, "", ""},
		{"CARD-026 +15 for everything (GAP-23)", cardNobleSacrifice, 50, [numResources]int32{300, 2000, 2000}, true, 65, [numResources]int32{}, "", "pay influence"},
		{"CARD-026 reaches the social victory (REL-052)", cardNobleSacrifice, 90, [numResources]int32{300, 2000, 2000}, true, 100, [numResources]int32{}, "social", "pay donations"},
		{"CARD-026 cannot pay 900", cardNobleSacrifice, 50, [numResources]int32{0, 899, 899}, false, 50, [numResources]int32{0, 899, 899}, "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g2Game(t, 2)
			s.players[0].rep, s.players[0].res = tc.rep, tc.res
			g2Cards(s, 0, tc.card)
			g2Interact(t, s, 0)
			if got := offered(s, "card 1"); got != tc.offered {
				t.Fatalf("card 1 offered = %v, want %v (legal %v)", got, tc.offered, legalTexts(s))
			}
			if !tc.offered {
				return
			}
			evs := g2Do(t, s, "card 1")
			if tc.wantPayer != "" {
				evs = append(evs, g2Do(t, s, tc.wantPayer)...)
			}
			if pl := s.players[0]; pl.rep != tc.wantRep || pl.res != tc.wantRes {
				t.Errorf("reputation %d resources %v, want %d %v", pl.rep, pl.res, tc.wantRep, tc.wantRes)
			}
			g := findEvent(evs, "reputation_gain")
			if g == nil || g.Data.(repChangeData).Change != int(tc.wantRep-tc.rep) || !g.Audience.Has(1) {
				t.Errorf("reputation_gain event %+v, want +%d told to every seat", g, tc.wantRep-tc.rep)
			}
			if tc.wantOver != "" && (s.phase != phaseOver || s.how != tc.wantOver || s.winner != 0) {
				t.Errorf("phase %s how %q winner %d, want over %q by seat 0", phaseKinds[s.phase], s.how, s.winner, tc.wantOver)
			}
			if s.phase != phaseOver && !slices.Contains(s.zones[0].grave, tc.card) {
				t.Errorf("graveyard %v, want the used card (REL-682)", s.zones[0].grave)
			}
		})
	}
}

func TestCardGuardianOfLife(t *testing.T) {
	// CARD-027 Guardian of Life: a Hospital on a neutral tile; each contact
	// by another player's piece gives the user +5% (GAP-52: it stays when
	// the tile is owned later).
	for _, tc := range []struct {
		name    string
		visitor int
		owned   int // owner of the Hospital tile before the visit
		wantRep int32
	}{
		{"another player's contact: +5", 1, -1, 55},
		{"the tile owned later: still +5 (GAP-52)", 1, 1, 55},
		{"the user's own contact gives nothing", 0, -1, 50},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g2Game(t, 2)
			hospital := g1At(s, 5, 5)
			for i := range s.tiles { // the only neutral tile but seat 0's own
				if i != hospital {
					g1Own(s, 1, i)
				}
			}
			g1Own(s, 0, g1At(s, 2, 0))
			g2Cards(s, 0, cardGuardianOfLife)
			g2Interact(t, s, 0)
			evs := g2Do(t, s, "card 1", "pay donations") // one legal tile: taken without asking (GAP-06)
			if d := findEvent(evs, "card_used"); d == nil || len(d.Data.(cardUsedData).Tiles) != 1 || d.Data.(cardUsedData).Tiles[0] != s.coord(hospital) {
				t.Fatalf("card_used %+v, want the Hospital tile", d)
			}
			for _, seat := range []engine.Seat{0, 1, engine.Spectator} {
				if got := designationsSeen(s, seat); !slices.Equal(got, []string{"hospital@5,5"}) {
					t.Errorf("designations seen by %d = %v (REL-698)", seat, got)
				}
			}
			g1Own(s, tc.owned, hospital)
			// The visitor steps onto the Hospital from (4,5).
			s.players[tc.visitor].pos = int16(g1At(s, 4, 5))
			g2Start(t, s, tc.visitor)
			g2Do(t, s, "move e")
			if got := s.players[0].rep; got != tc.wantRep {
				t.Errorf("user's reputation %d, want %d", got, tc.wantRep)
			}
		})
	}
	t.Run("no neutral tile: not offered", func(t *testing.T) {
		s := g2Game(t, 2)
		for i := range s.tiles {
			g1Own(s, 1, i)
		}
		g2Cards(s, 0, cardGuardianOfLife)
		g2Interact(t, s, 0)
		if offered(s, "card 1") {
			t.Errorf("CARD-027 offered with no neutral tile (GAP-24): %v", legalTexts(s))
		}
	})
}

func TestCardReliefOperation(t *testing.T) {
	// CARD-028 Relief Operation (reaction): a third player nullifies a
	// combat declared on another player's tile and gains +10% (GAP-54).
	for _, tc := range []struct {
		name      string
		holder    int
		armed     bool
		donations int32
		fires     bool
	}{
		{"a third player's armed card fires", 2, true, 2000, true},
		{"not armed: declined (GAP-25)", 2, false, 2000, false},
		{"cannot pay 800: does not fire", 2, true, 799, false},
		{"the tile's owner cannot use it (GAP-54)", 1, true, 2000, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g2Game(t, 3)
			target := g1At(s, 2, 0)
			g1Own(s, 1, target)
			hc := handCard{id: cardReliefOperation}
			if tc.armed {
				hc = g2Armed(cardReliefOperation)
			}
			g2Hand(s, tc.holder, hc)
			s.players[tc.holder].res = [numResources]int32{0, tc.donations, 0}
			g2Start(t, s, 0)
			evs := g2Do(t, s, "move e") // seat 0 contacts seat 1's tile: combat is declared (GAP-07)
			if s.players[0].rep != 48 {
				t.Errorf("attacker's reputation %d, want 48: the declaration is paid before the window", s.players[0].rep)
			}
			if !tc.fires {
				wantPending(t, s, engine.Chance, "roll")
				if s.players[tc.holder].rep != 50 || s.handCount(tc.holder) != 1 {
					t.Errorf("holder reputation %d hand %d, want 50 and the card kept", s.players[tc.holder].rep, s.handCount(tc.holder))
				}
				return
			}
			if findEvent(evs, "combat_nullified") == nil || findEvent(evs, "combat") != nil {
				t.Fatalf("events %v, want the combat nullified (REL-692)", eventKinds(evs))
			}
			if s.players[2].rep != 60 || s.players[2].res[Donations] != tc.donations-800 {
				t.Errorf("holder reputation %d donations %d, want 60 and 800 paid", s.players[2].rep, s.players[2].res[Donations])
			}
			if s.tiles[target].Owner != 1 || s.active() != 1 {
				t.Errorf("tile owner %d active %d, want the tile kept and the turn over", s.tiles[target].Owner, s.active())
			}
			if !slices.Equal(s.zones[2].grave, []CardID{cardReliefOperation}) {
				t.Errorf("graveyard %v (REL-682)", s.zones[2].grave)
			}
		})
	}
}

func TestCardHandOfMercy(t *testing.T) {
	// CARD-029 What the Right Hand Does and CARD-030 Let Not the Left Hand
	// Know bring each other back from the graveyard.
	for _, tc := range []struct {
		name     string
		card     CardID
		grave    []CardID
		wantHand []CardID
		wantRep  int32
	}{
		{"CARD-029 brings back CARD-030", cardRightHand, []CardID{cardLeftHand, 1}, []CardID{cardLeftHand}, 53},
		{"CARD-029 alone: +3 only", cardRightHand, []CardID{1}, nil, 53},
		{"CARD-030 brings back CARD-029", cardLeftHand, []CardID{cardRightHand}, []CardID{cardRightHand}, 50},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g2Game(t, 2)
			s.zones[0].grave = slices.Clone(tc.grave)
			g2Cards(s, 0, tc.card)
			g2Interact(t, s, 0)
			evs := g2Do(t, s, "card 1", "pay donations")
			if got := g2HandIDs(s, 0); !slices.Equal(got, tc.wantHand) {
				t.Errorf("hand %v, want %v", got, tc.wantHand)
			}
			if s.players[0].rep != tc.wantRep {
				t.Errorf("reputation %d, want %d", s.players[0].rep, tc.wantRep)
			}
			if len(tc.wantHand) > 0 && slices.Contains(s.zones[0].grave, tc.wantHand[0]) {
				t.Errorf("graveyard %v still holds the returned card", s.zones[0].grave)
			}
			if len(tc.wantHand) > 0 && findEvent(evs, "card_returned") == nil {
				t.Errorf("events %v, want card_returned (graveyards are public)", eventKinds(evs))
			}
		})
	}
}

func TestCardLeftHandHidesReputation(t *testing.T) {
	// CARD-030: for 3 of the user's turns (GAP-26) the other seats' status
	// boards do not show its reputation; the user's own does.
	s := g2Game(t, 2)
	g2Cards(s, 0, cardLeftHand)
	g2Interact(t, s, 0) // the user's turn 4
	g2Do(t, s, "card 1", "pay donations")
	b := g2Buff(s, 1, 0, "hidden_reputation")
	if b == nil || b.Ends != "end" || b.Until != 6 {
		t.Fatalf("buff seen by seat 1 = %+v, want hidden_reputation until the end of turn 6 (REL-697)", b)
	}
	for _, tc := range []struct {
		seat   engine.Seat
		hidden bool
	}{{0, false}, {1, true}, {engine.Spectator, true}} {
		pv := s.view(tc.seat).Players[0]
		if pv.ReputationHidden != tc.hidden || tc.hidden && pv.Reputation != -1 || !tc.hidden && pv.Reputation != 50 {
			t.Errorf("seat %d sees reputation %d hidden %v, want hidden %v", tc.seat, pv.Reputation, pv.ReputationHidden, tc.hidden)
		}
		if j, _ := json.Marshal(pv); tc.hidden && strings.Contains(string(j), "50") {
			t.Errorf("seat %d's view carries the hidden value: %s", tc.seat, j)
		}
	}
	// A gain while hidden is told without its amount to the others.
	s.events = s.events[:0]
	s.cardRaiseRep(0, 3, cardReliefVolunteers)
	if seen := g2Seen(t, s.events, 1); strings.Contains(seen, "change") {
		t.Errorf("seat 1 learns the gain: %s", seen)
	}
	if seen := g2Seen(t, s.events, 0); !strings.Contains(seen, `"change":3`) {
		t.Errorf("seat 0 is not told its gain: %s", seen)
	}
	// It expires at the end phase of the user's turn 6.
	s.players[0].turns = 6
	s.expireEffects(0, false)
	if pv := s.view(1).Players[0]; pv.ReputationHidden || pv.Reputation != 53 {
		t.Errorf("after turn 6 seat 1 sees %d hidden %v, want 53 shown", pv.Reputation, pv.ReputationHidden)
	}
}

func TestCardANewGeneration(t *testing.T) {
	// CARD-031 A New Generation: a School on an own tile; +1% at each of
	// the user's start phases while the user owns it (GAP-52).
	for _, tc := range []struct {
		name    string
		owner   int
		wantRep int32
	}{{"owned at the start phase: +1", 0, 51}, {"lost: nothing", 1, 50}} {
		t.Run(tc.name, func(t *testing.T) {
			s := g2Game(t, 2)
			school := g1At(s, 6, 6)
			g1Own(s, 0, school)
			g2Cards(s, 0, cardANewGeneration)
			g2Interact(t, s, 0)
			g2Do(t, s, "card 1", "pay donations", "tile 6,6")
			if got := designationsSeen(s, 1); !slices.Contains(got, "school@6,6") {
				t.Fatalf("designations %v, want the School", got)
			}
			g1Own(s, tc.owner, school)
			g2Start(t, s, 0)
			if got := s.players[0].rep; got != tc.wantRep {
				t.Errorf("reputation %d, want %d", got, tc.wantRep)
			}
		})
	}
	t.Run("no own tile: not offered", func(t *testing.T) {
		s := g2Game(t, 2)
		g2Cards(s, 0, cardANewGeneration)
		g2Start(t, s, 0)
		g1Own(s, 1, g1At(s, 2, 0))
		g2Do(t, s, "move e")
		if offered(s, "card 1") {
			t.Errorf("offered with no own tile: %v", legalTexts(s))
		}
	})
}

func TestCardAxisOfEvil(t *testing.T) {
	// CARD-032 Axis of Evil: the target pays twice the declaration
	// reputation for 3 of its turns (GAP-26, GAP-50), not four times with
	// two of them.
	for _, tc := range []struct {
		name  string
		uses  int
		turns int32 // the target's own turns at the declaration
		want  int
	}{{"doubled", 1, 4, 4}, {"two uses: still twice", 2, 4, 4}, {"expired after 3 turns", 1, 7, 2}} {
		t.Run(tc.name, func(t *testing.T) {
			s := g2Game(t, 2)
			ids := make([]CardID, tc.uses)
			for i := range ids {
				ids[i] = cardAxisOfEvil
			}
			g2Cards(s, 0, ids...)
			g2Interact(t, s, 0)
			for range tc.uses {
				g2Do(t, s, "card 1", "pay donations") // one other seat: taken without asking
			}
			b := g2Buff(s, 0, 1, "axis_of_evil")
			if b == nil || b.Until != 6 || b.From != 0 {
				t.Fatalf("buff on seat 1 = %+v, want axis_of_evil by seat 0 until turn 6", b)
			}
			// The hand is empty: the interaction phase ended with the last card.
			s.players[1].turns = tc.turns - 1
			if tc.turns > 6 {
				s.players[1].turns = 6
				s.expireEffects(1, false)
				s.players[1].turns = tc.turns - 1
			}
			g1Own(s, 0, g1At(s, 2, 2))
			g2Start(t, s, 1)
			evs := g2Do(t, s, "move e")
			d := findEvent(evs, "declare")
			if d == nil || d.Data.(declareData).Reputation != tc.want || s.players[1].rep != int32(50-tc.want) {
				t.Errorf("declare %+v, reputation %d; want cost %d", d, s.players[1].rep, tc.want)
			}
		})
	}
}

func TestCardWiretap(t *testing.T) {
	// CARD-033 Wiretap (reaction): the celebrity stepping on the owner's
	// tile shares its vision with the owner until it is removed (GAP-58).
	s := g2Game(t, 2)
	s.night = true
	s.celeb = celebrity{kind: Vagrant, pos: int16(g1At(s, 6, 5)), start: int16(g1At(s, 6, 5)), briber: 1, bribes: 1}
	tile := g1At(s, 6, 6)
	g1Own(s, 0, tile)
	g2Hand(s, 0, g2Armed(cardWiretap))
	far := g1At(s, 6, 7) // next to the tile, far from seat 0's piece on (1,0)
	if s.seesTile(0, far) {
		t.Fatal("seat 0 sees (6,7) at night before the wiretap")
	}
	evs := g2Wander(t, s, 6, 6, 0)
	if s.stateOf(0, cardWiretap, 0) == nil || findEvent(evs, "card_used") == nil {
		t.Fatalf("no wiretap after the step (events %v)", eventKinds(evs))
	}
	if !s.seesTile(0, far) || !s.seesTile(0, tile) {
		t.Error("the wiretapped celebrity does not share its vision (CARD-033)")
	}
	if b := g2Buff(s, 1, 0, "wiretap"); b == nil {
		t.Error("the wiretap is not in the buff list (REL-697)")
	}
	// Lawful Execution removes the celebrity: the wiretap ends (GAP-58).
	g2Cards(s, 1, cardLawfulExecution)
	s.night = false
	g2Interact(t, s, 1)
	g2Do(t, s, "card 1", "pay donations", "pick 3", "tile 8,8")
	if s.stateOf(0, cardWiretap, 0) != nil {
		t.Error("the wiretap outlived its celebrity (GAP-58)")
	}
	t.Run("another seat's tile: no reaction", func(t *testing.T) {
		s := g2Game(t, 2)
		s.celeb = celebrity{kind: Vagrant, pos: int16(g1At(s, 6, 5)), start: -1, briber: -1}
		g1Own(s, 1, g1At(s, 6, 6))
		g2Hand(s, 0, g2Armed(cardWiretap))
		g2Wander(t, s, 6, 6, 0)
		if s.stateOf(0, cardWiretap, 0) != nil || s.handCount(0) != 1 {
			t.Error("Wiretap fired on another seat's tile")
		}
	})
}

func TestCardOperationSnowWhite(t *testing.T) {
	// CARD-034 Operation Snow White: in the user's next move phase the
	// piece and the celebrity swap tiles, and the piece contacts its new
	// tile (GAP-58).
	for _, tc := range []struct {
		name    string
		prepare func(s *State)
		swap    bool
	}{
		{"swap", func(*State) {}, true},
		{"the celebrity's tile is blocked: normal move (GAP-49)", func(s *State) {
			s.tiles[g1At(s, 6, 6)].Terrain = Water
		}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g2Game(t, 2)
			s.celeb = celebrity{kind: Thug, pos: int16(g1At(s, 6, 6)), start: -1, briber: -1}
			g2Cards(s, 0, cardOperationSnowWhite)
			g2Interact(t, s, 0)
			from := int(s.players[0].pos)
			g2Do(t, s, "card 1", "pay donations")
			if b := g2Buff(s, 1, 0, "operation_snow_white"); b == nil || b.At != 5 {
				t.Fatalf("buff %+v, want operation_snow_white at turn 5", b)
			}
			tc.prepare(s)
			g1Own(s, 0, g1At(s, 6, 6))
			s.turnIdx, s.phase = 0, phaseMove
			s.startTurn() // the swap contacts an own tile: the turn goes on to seat 1
			if !tc.swap {
				if int(s.players[0].pos) != from || s.phase != phaseMove {
					t.Errorf("piece %v phase %s, want the normal move", s.coord(int(s.players[0].pos)), phaseKinds[s.phase])
				}
				return
			}
			if int(s.players[0].pos) != g1At(s, 6, 6) || int(s.celeb.pos) != from {
				t.Errorf("piece %v celebrity %v, want swapped", s.coord(int(s.players[0].pos)), s.coord(int(s.celeb.pos)))
			}
			if g2Buff(s, 0, 0, "operation_snow_white") != nil {
				t.Error("the state outlived the swap")
			}
		})
	}
	t.Run("no celebrity: not offered", func(t *testing.T) {
		s := g2Game(t, 2)
		g2Cards(s, 0, cardOperationSnowWhite)
		g2Interact(t, s, 0)
		if offered(s, "card 1") {
			t.Errorf("offered without a celebrity: %v", legalTexts(s))
		}
	})
}

func TestCardTheAppointedKing(t *testing.T) {
	// CARD-035 The Appointed King: a card of the deck or graveyard comes
	// to hand at the start phase 3 own turns later, its level cost waived
	// (GAP-53).
	for _, tc := range []struct {
		name   string
		deck   []CardID
		grave  []CardID
		answer string // "" when only one choice exists
		want   CardID
	}{
		{"from the graveyard", []CardID{53}, []CardID{cardNobleSacrifice}, "grave CARD-026", cardNobleSacrifice},
		{"from the deck", []CardID{53, cardNobleSacrifice}, nil, "deck CARD-026", cardNobleSacrifice},
		{"a single choice is not asked (GAP-06)", []CardID{cardNobleSacrifice}, nil, "", cardNobleSacrifice},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g2Game(t, 2)
			g2Cards(s, 0, cardTheAppointedKing)
			g2Interact(t, s, 0)
			g1Deck(s, 0, tc.deck...)
			s.zones[0].grave = slices.Clone(tc.grave)
			evs := g2Do(t, s, "card 1", "pay donations")
			if tc.answer != "" {
				wantPending(t, s, 0, "card_target")
				evs = append(evs, g2Do(t, s, tc.answer)...)
			}
			b := g2Buff(s, 0, 0, "appointed_king")
			if b == nil || b.At != 7 || b.V != int(tc.want) {
				t.Fatalf("own buff %+v, want appointed_king at turn 7 holding %s", b, tc.want)
			}
			if ob := g2Buff(s, 1, 0, "appointed_king"); ob == nil || ob.V != 0 {
				t.Errorf("seat 1 sees %+v: the set-aside card must stay hidden", ob)
			}
			if seen := g2Seen(t, evs, 1); tc.answer != "grave CARD-026" && strings.Contains(seen, "CARD-026") {
				t.Errorf("seat 1 learns the card taken from the deck: %s", seen)
			}
			if slices.Contains(s.zones[0].deck, tc.want) && len(tc.grave) == 0 || slices.Contains(s.zones[0].grave, tc.want) {
				t.Errorf("deck %v grave %v still hold the card", s.zones[0].deck, s.zones[0].grave)
			}
			g1Deck(s, 0, 1, 1, 1, 1, 1)
			for turn := 5; turn <= 7; turn++ {
				g2Start(t, s, 0)
				s.phase = phaseMove
			}
			hand := s.handOf(0)
			last := hand[len(hand)-2] // before the turn-7 draw
			if last.id != tc.want || last.flags&hcFree == 0 || s.cardCost(0, last.id, true, 0) != 0 {
				t.Errorf("hand %v, want %s with its cost waived before the draw", g2HandIDs(s, 0), tc.want)
			}
			if g2Buff(s, 0, 0, "appointed_king") != nil {
				t.Error("the state outlived its firing")
			}
		})
	}
	t.Run("empty deck and graveyard: not offered", func(t *testing.T) {
		s := g2Game(t, 2)
		g2Cards(s, 0, cardTheAppointedKing)
		g2Interact(t, s, 0)
		if offered(s, "card 1") {
			t.Errorf("offered with nothing to choose (GAP-24): %v", legalTexts(s))
		}
	})
}

func TestCardBlessingOfTheFuture(t *testing.T) {
	// CARD-036 Blessing of the Future: a deck card enters the hand at the
	// start phase 2 own turns later instead of the draw; a full hand sends
	// it to the graveyard (the card's text over GAP-19).
	for _, tc := range []struct {
		name      string
		full      bool
		wantHand  []CardID
		wantGrave []CardID
	}{
		{"instead of the draw", false, []CardID{cardReliefVolunteers}, []CardID{cardBlessingOfFuture}},
		{"hand full: to the graveyard", true, []CardID{1, 1, 1}, []CardID{cardBlessingOfFuture, cardReliefVolunteers}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g2Game(t, 2)
			g2Cards(s, 0, cardBlessingOfFuture)
			g2Interact(t, s, 0)
			g1Deck(s, 0, 53, cardReliefVolunteers, 53)
			evs := g2Do(t, s, "card 1", "pay donations", "deck CARD-025")
			if got := s.zones[0].deck; slices.Contains(got, cardReliefVolunteers) {
				t.Fatalf("deck %v still holds the chosen card", got)
			}
			if seen := g2Seen(t, evs, 1); strings.Contains(seen, "CARD-025") {
				t.Errorf("seat 1 learns the chosen card: %s", seen)
			}
			if b := g2Buff(s, 1, 0, "blessing_of_the_future"); b == nil || b.At != 6 || b.V != 0 {
				t.Errorf("seat 1 sees %+v, want the state at turn 6 with its card hidden", b)
			}
			g2Start(t, s, 0) // turn 5: a normal draw
			if got := g2HandIDs(s, 0); !slices.Equal(got, []CardID{53}) {
				t.Fatalf("turn 5 hand %v, want the normal draw", got)
			}
			g2Cards(s, 0)
			if tc.full {
				g2Cards(s, 0, 1, 1, 1)
			}
			deck := len(s.zones[0].deck)
			g2Start(t, s, 0) // turn 6
			if got := g2HandIDs(s, 0); !slices.Equal(got, tc.wantHand) {
				t.Errorf("turn 6 hand %v, want %v", got, tc.wantHand)
			}
			if len(s.zones[0].deck) != deck {
				t.Errorf("deck %d → %d: the draw must not happen", deck, len(s.zones[0].deck))
			}
			if !slices.Equal(s.zones[0].grave, tc.wantGrave) {
				t.Errorf("graveyard %v, want %v", s.zones[0].grave, tc.wantGrave)
			}
			if g2Buff(s, 0, 0, "blessing_of_the_future") != nil {
				t.Error("the state outlived its card")
			}
		})
	}
}

func TestCardG2Nullified(t *testing.T) {
	// A nullified card of the group does nothing but counts as used
	// (REL-692, REL-702): The Witch's Way against CARD-025, CARD-029 and
	// CARD-032 (no state), and against the reaction CARD-028 (the combat
	// goes on).
	for _, tc := range []struct {
		name string
		card CardID
	}{
		{"CARD-025 Relief Volunteers", cardReliefVolunteers},
		{"CARD-029 What the Right Hand Does", cardRightHand},
		{"CARD-032 Axis of Evil", cardAxisOfEvil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g2Game(t, 2)
			s.zones[0].grave = []CardID{cardLeftHand}
			g2Cards(s, 0, tc.card)
			g2Hand(s, 1, g2Armed(cardTheWitchsWay))
			g2Interact(t, s, 0)
			evs := g2Do(t, s, "card 1", "pay donations")
			if findEvent(evs, "nullified") == nil {
				t.Fatalf("events %v, want the card nullified", eventKinds(evs))
			}
			if s.players[0].rep != 50 || s.handCount(0) != 0 || len(s.effects) != 0 {
				t.Errorf("reputation %d, hand %v, effects %d: the effect happened", s.players[0].rep, g2HandIDs(s, 0), len(s.effects))
			}
			if !slices.Equal(s.zones[0].grave, []CardID{cardLeftHand, tc.card}) {
				t.Errorf("graveyard %v, want the nullified card in it (REL-692)", s.zones[0].grave)
			}
		})
	}
	t.Run("CARD-028 Relief Operation nullified: the combat goes on", func(t *testing.T) {
		s := g2Game(t, 3)
		g2Hand(s, 2, g2Armed(cardReliefOperation))
		g2Hand(s, 0, g2Armed(cardTheWitchsWay))
		g2Attack(t, s, 0, 1)
		g2Do(t, s, "end") // the hand opened the interaction phase
		wantPending(t, s, engine.Chance, "roll")
		if s.players[2].rep != 50 || !slices.Equal(s.zones[2].grave, []CardID{cardReliefOperation}) {
			t.Errorf("reactor reputation %d graveyard %v", s.players[2].rep, s.zones[2].grave)
		}
	})
}
