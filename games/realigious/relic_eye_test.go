package realigious

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
)

// Gi-ye Chin's Stye and Insight (REL-923, REL-924, GAP-33; relic_eye.go).
// Helpers of this file are prefixed ey; scenes are rlScene's (relics_test.go)
// with cards switched on and the zones set by hand.

// eyScene is rlScene for Gi-ye Chin with n seats, cards on (empty zones,
// as ttBegin's draws then find nothing), a relic of type eye on (5,4) east
// of seat 0's piece on (4,4), and seat 0's move pending. Seat 0 collects
// the relic with "move e".
func eyScene(t *testing.T, n int, eye Eye) *State {
	t.Helper()
	s := rlScene(t, GiyeChin, n)
	ttPut(t, s, 0, 4, 4)
	faRelic(t, s, 5, 4, eye)
	s.noCards = false
	ttBegin(s, faOrder(n)...)
	return s
}

// eyDeck sets seat's composition and deck; deck is listed top card first.
func eyDeck(s *State, seat int, comp []CardID, deck ...CardID) {
	z := &s.zones[seat]
	z.comp = slices.Clone(comp)
	z.deck = slices.Clone(deck)
	slices.Reverse(z.deck) // deck[len-1] is the top card
}

// eyRedacted returns the serialized events seat receives, one per event.
func eyRedacted(t *testing.T, evs []engine.Event, seat engine.Seat) []string {
	t.Helper()
	var out []string
	for _, e := range engine.Redact(evs, seat) {
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

// eyPlainCards are trait cards that do nothing when they reach a graveyard
// unused (no discard effect, no reaction), so that a Stye resolves alone.
var eyPlainCards = []CardID{cardGleaning, cardRepentance, cardTrainingClergy, cardOrdainingApostles, cardCastingTheNet, cardAgeOfCathedrals}

// REL-923: Stye sends the top three cards of the designated seat's deck to
// its graveyard, top card first, each told publicly (card_out), and the
// contact goes on; a deck that runs out refills at once (GAP-20) and the
// next card comes from the fresh deck; with nothing to refill from, fewer
// go.
func TestREL923_StyeTopThreeToGraveyard(t *testing.T) {
	a, b, c, d, e, x := eyPlainCards[0], eyPlainCards[1], eyPlainCards[2], eyPlainCards[3], eyPlainCards[4], eyPlainCards[5]
	tests := []struct {
		name      string
		comp      []CardID
		deck      []CardID // top first
		wantGrave []CardID // oldest first
		wantDeck  int
		refills   int
	}{
		{"five cards: the top three", []CardID{a, b, c, d, e}, []CardID{e, d, c, b, a}, []CardID{e, d, c}, 2, 0},
		{"exactly three: the deck refills", []CardID{x, x, x}, []CardID{c, b, a}, []CardID{c, b, a}, 3, 1},
		{"two cards: the third from the refilled deck", []CardID{x, x, x, x}, []CardID{b, a}, []CardID{b, a, x}, 3, 1},
		{"two cards, no composition: two", nil, []CardID{b, a}, []CardID{b, a}, 0, 0},
		{"empty deck and composition: nothing", nil, nil, nil, 0, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := eyScene(t, 3, Stye)
			eyDeck(s, 1, tc.comp, tc.deck...)
			eyDeck(s, 2, []CardID{d, e}, d, e)
			ttDo(t, s, "move e")
			if p := s.Pending(); p.Seat != 0 || p.Kind != "designate" { // REL-923: the collector designates
				t.Fatalf("pending %+v, want seat 0's designate", p)
			}
			evs := ttDo(t, s, "seat 1")
			z := &s.zones[1]
			if !slices.Equal(z.grave, tc.wantGrave) || len(z.deck) != tc.wantDeck { // REL-923
				t.Errorf("graveyard %v deck %d, want %v and %d", z.grave, len(z.deck), tc.wantGrave, tc.wantDeck)
			}
			if len(s.zones[2].grave) != 0 || len(s.zones[2].deck) != 2 {
				t.Errorf("seat 2's zones changed: graveyard %v deck %v", s.zones[2].grave, s.zones[2].deck)
			}
			if n := len(ttFind(evs, "refill")); n != tc.refills { // GAP-20
				t.Errorf("%d refill events, want %d", n, tc.refills)
			}
			sty := ttFind(evs, "stye")
			if len(sty) != 1 || sty[0].Seat != 0 || sty[0].Audience != engine.AllSeats {
				t.Fatalf("stye events %+v (kinds %v), want one public event of seat 0", sty, ttKinds(evs))
			}
			outs := ttFind(evs, "card_out")
			var moved []CardID
			for _, o := range outs {
				if o.Seat != 1 || o.Audience != engine.AllSeats || o.Data.(cardMoveData).How != whyEffect { // public like the graveyard (GAP-70)
					t.Errorf("card_out %+v, want seat 1's, public, how effect", o)
				}
				moved = append(moved, *o.Data.(cardMoveData).Card)
			}
			if !slices.Equal(moved, tc.wantGrave) {
				t.Errorf("card_out cards %v, want %v", moved, tc.wantGrave)
			}
			for _, v := range []engine.Seat{1, 2, engine.Spectator} {
				got := strings.Join(eyRedacted(t, evs, v), "\n")
				if !strings.Contains(got, `{"kind":"stye","seat":0,"data":{"target":1}}`) {
					t.Errorf("seat %d's events do not say whom Stye designated:\n%s", v, got)
				}
			}
			if p := s.Pending(); p.Kind != "roll" || s.coord(int(s.roll.tile)) != (Coord{5, 4}) { // the contact goes on
				t.Errorf("after the designation pending %+v", p)
			}
		})
	}
}

// REL-923, REL-924, GAP-06: with two or more other seats in play the
// collector is asked ("designate", one "seat N" per other seat not
// defeated); with one the relic designates it without a decision.
func TestREL923_REL924_Designation(t *testing.T) {
	for _, eye := range []Eye{Stye, Insight} {
		t.Run(eye.String()+"/two candidates: asked", func(t *testing.T) {
			s := eyScene(t, 4, eye)
			s.players[3].defeated, s.players[3].pos, s.players[3].prev = true, -1, -1
			ttDo(t, s, "move e")
			if p := s.Pending(); p.Seat != 0 || p.Kind != "designate" || s.AnswerText(p.Default) != "seat 1" {
				t.Fatalf("pending %+v", p)
			}
			if l := ttLegal(s); !slices.Equal(l, []string{"seat 1", "seat 2"}) { // not itself, not the defeated seat
				t.Fatalf("legal %v", l)
			}
			if err := ttTry(s, "seat 3"); err == nil {
				t.Error("the defeated seat 3 was accepted")
			}
			if err := ttTry(s, "seat 0"); err == nil {
				t.Error("the collector itself was accepted")
			}
			evs := ttDo(t, s, "seat 2")
			kind := map[Eye]string{Stye: "stye", Insight: "insight"}[eye]
			f := ttFind(evs, kind)
			if len(f) != 1 {
				t.Fatalf("events %v, want one %s", ttKinds(evs), kind)
			}
			if b, _ := json.Marshal(f[0].Data); !strings.Contains(string(b), `"target":2`) {
				t.Errorf("%s %s, want target 2", kind, b)
			}
		})
		t.Run(eye.String()+"/one candidate: not asked", func(t *testing.T) {
			for _, n := range []int{2, 3} {
				s := eyScene(t, n, eye)
				if n == 3 {
					s.players[1].defeated, s.players[1].pos, s.players[1].prev = true, -1, -1
				}
				eyDeck(s, n-1, eyPlainCards, eyPlainCards...)
				evs := ttDo(t, s, "move e")
				if p := s.Pending(); p.Kind == "designate" { // GAP-06
					t.Fatalf("%d seats: a one-answer designation was asked", n)
				}
				kind := map[Eye]string{Stye: "stye", Insight: "insight"}[eye]
				f := ttFind(evs, kind)
				if len(f) != 1 {
					t.Fatalf("%d seats: events %v, want one %s", n, ttKinds(evs), kind)
				}
				b, _ := json.Marshal(f[0].Data)
				if want := fmt.Sprintf(`"target":%d`, n-1); !strings.Contains(string(b), want) {
					t.Errorf("%d seats: %s %s, want %s", n, kind, b, want)
				}
				if eye == Stye && len(s.zones[n-1].grave) != styeCards {
					t.Errorf("%d seats: graveyard %v", n, s.zones[n-1].grave)
				}
			}
		})
	}
}

// REL-924: Insight shows the designated seat's whole hand to the collector
// alone, once: the collector's serialized events carry the cards, while
// the target, the third seat and the spectator only learn that Insight was
// used and on whom (checked on the JSON bytes of their events and views).
// The designation decision is shown to the collector alone too, and its
// view can be sampled.
func TestREL924_InsightOnlyToCollector(t *testing.T) {
	s := eyScene(t, 3, Insight)
	hand := []CardID{cardSanctuary, cardWallOfTheWord, cardMovingMountains} // oldest first; nowhere else in the match
	for _, id := range hand {
		s.zones[1].hand[s.zones[1].nHand] = handCard{id: id}
		s.zones[1].nHand++
	}
	ttDo(t, s, "move e")
	if p := s.Pending(); p.Seat != 0 || p.Kind != "designate" {
		t.Fatalf("pending %+v", p)
	}

	// The pending designation: the collector's card_decision, nobody else's.
	for _, v := range faViewers(s) {
		_, b := faViewJSON(t, s, v)
		has := strings.Contains(string(b), `"card_decision":{"kind":"designate","frame":{"kind":"eye"`)
		if has != (v == 0) {
			t.Errorf("seat %d's view shows the eye designation: %v, want %v", v, has, v == 0)
		}
	}
	g := New()
	sr := engine.SeedPCG(1, 2)
	st := smpStats{kinds: map[string]int{}}
	smp := smpCheck(t, g, s, 0, &sr, &st) // the sample has the same view and legal answers
	scnRoundTrip(t, g, s, 1)
	if enc, err := g.Decode(s.AppendEncoding(nil)); err != nil || string(enc.AppendEncoding(nil)) != string(s.AppendEncoding(nil)) {
		t.Fatalf("encoding round trip: %v", err)
	}

	evs := ttDo(t, s, "seat 1")
	if _, err := smp.Apply(answer(ansSeat, 1)); err != nil {
		t.Fatalf("the sample does not take the answer: %v", err)
	}
	ins := ttFind(evs, "insight")
	if len(ins) != 1 || ins[0].Seat != 0 || ins[0].Audience != engine.Only(0) {
		t.Fatalf("insight events %+v", ins)
	}
	names := make([]string, len(hand))
	for i, id := range hand {
		names[i] = id.String()
	}
	want := fmt.Sprintf(`{"kind":"insight","seat":0,"data":{"target":1,"hand":3,"cards":[%q,%q,%q]}}`, names[2], names[1], names[0])
	if got := eyRedacted(t, ttFind(evs, "insight"), 0); len(got) != 1 || got[0] != want { // REL-924: slot order, slot 1 first
		t.Errorf("the collector gets %v, want %s", got, want)
	}
	for _, v := range []engine.Seat{1, 2, engine.Spectator} {
		got := eyRedacted(t, evs, v)
		all := strings.Join(got, "\n")
		if !slices.Contains(got, `{"kind":"insight","seat":0,"data":{"target":1,"hand":3}}`) {
			t.Errorf("seat %d is not told Insight's target:\n%s", v, all)
		}
		_, view := faViewJSON(t, s, v)
		for _, name := range names {
			if strings.Contains(all, name) { // REL-924: the cards reach the collector only
				t.Errorf("seat %d's events name %s:\n%s", v, name, all)
			}
			if v != 1 && strings.Contains(string(view), name) {
				t.Errorf("seat %d's view names %s", v, name)
			}
		}
	}
	if h := cfHandIDs(s, 1); !slices.Equal(h, hand) { // a look: the hand stays
		t.Errorf("seat 1's hand %v, want %v", h, hand)
	}
	if p := s.Pending(); p.Kind != "roll" { // the contact goes on
		t.Errorf("after the designation pending %+v", p)
	}
}

// GAP-33, REL-923, REL-924: with cards off (no_cards) Stye and Insight do
// nothing: no designation, no event, the contact goes on.
func TestREL923_REL924_NoCards(t *testing.T) {
	for _, eye := range []Eye{Stye, Insight} {
		t.Run(eye.String(), func(t *testing.T) {
			s := rlScene(t, GiyeChin, 3)
			ttPut(t, s, 0, 4, 4)
			faRelic(t, s, 5, 4, eye)
			ttBegin(s, 0, 1, 2)
			if !s.noCards {
				t.Fatal("the scene has cards")
			}
			evs := ttDo(t, s, "move e")
			if s.relicsHeld(0) != 1 {
				t.Fatalf("seat 0 holds %d relics", s.relicsHeld(0))
			}
			if p := s.Pending(); p.Kind != "roll" || len(s.frames) != 0 {
				t.Errorf("pending %+v with %d frames, want the contact's roll", p, len(s.frames))
			}
			if len(ttFind(evs, "stye"))+len(ttFind(evs, "insight")) != 0 {
				t.Errorf("events %v", ttKinds(evs))
			}
		})
	}
}

// REL-923, CARD-050: a Stye relic gained in the middle of a card (The Last
// Piece) asks its designation there; once answered, the card's resolution
// ends and the turn goes on as it does after the card with a relic of
// another type (the same pending decision).
func TestREL923_StyeFromTheLastPiece(t *testing.T) {
	scene := func(eye Eye) *State {
		s := g3Game(t, 3)
		s.god = GiyeChin
		i := g3Relic(s, g1At(s, 8, 8), -1)
		s.relics[i].eye = eye
		g1Deck(s, 2, eyPlainCards[:4]...)
		g1Hand(s, 0, cardTheLastPiece)
		g1Interact(t, s, 0)
		g1Do(t, s, "card 1", "pay donations")
		return s
	}
	control := scene(NightEye)
	s := scene(Stye)
	if p := s.Pending(); p.Seat != 0 || p.Kind != "designate" {
		t.Fatalf("pending %+v, want seat 0's designate", p)
	}
	evs := g1Do(t, s, "seat 2")
	if got := s.zones[2].grave; !slices.Equal(got, eyPlainCards[:3]) { // REL-923: the top three
		t.Errorf("seat 2's graveyard %v, want %v", got, eyPlainCards[:3])
	}
	if findEvent(evs, "stye") == nil || s.relicsHeld(0) != 1 {
		t.Errorf("events %v, seat 0 holds %d", eventKinds(evs), s.relicsHeld(0))
	}
	if p, q := s.Pending(), control.Pending(); p.Seat != q.Seat || p.Kind != q.Kind || s.active() != control.active() || len(s.frames) != 0 {
		t.Errorf("after the designation: pending %+v, active %d, %d frames; after the card with Night Eye: %+v, active %d",
			p, s.active(), len(s.frames), q, control.active())
	}
}
