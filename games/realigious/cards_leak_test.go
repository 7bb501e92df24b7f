package realigious

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/engine/enginetest"
)

// TestCardsLeakNothing checks the hidden card information of docs/visibility.md
// ("Cards") on serialized bytes, by difference: in seeded random matches
// with random trait slots (so that every card comes into play), before each
// answer and for each viewer v, a twin of the state is made in which
// everything v may not know about the cards differs: every other seat's
// deck order and contents, the identity of the cards in its hand (all but
// the oldest, which a draw into a full hand shows), and its armed flags and
// payers. Then
//
//   - v's view of the twin must be byte-identical to v's view of the truth
//     (hands, decks, armed reactions, card identities in hidden zones; the
//     sizes are public and kept);
//   - after the same answer (when it is legal in the twin), v's events and
//     v's view must again be identical, up to the first event that shows a
//     card by rule: a card reaching a graveyard other than by use (card_out
//     is public, REL-682) or a card acting from there (card_effect), since
//     a twin hand can push out or discard another card, or a hand shown to
//     v by Insight (REL-924).
//
// A difference anywhere else is information about a hidden card that
// reached v. GAP-25: reactions that were armed keep their cards and payers
// in the twin, so they fire alike; unarmed cards never fire, so arming
// shows nothing until it fires.
func TestCardsLeakNothing(t *testing.T) {
	g := New()
	matches := 12
	if testing.Short() {
		matches = 4
	}
	checked, compared := 0, 0
	for m := 0; m < matches; m++ {
		seats := 2 + m%3
		climate := climateNames[m%len(climateNames)]
		t.Run(fmt.Sprintf("%s/%dp/m%d", climate, seats, m), func(t *testing.T) {
			s := randomSlotMatch(t, g, uint64(m), seats, climate, 14, 77)
			rnd := enginetest.RandomAnswers(uint64(m))
			var buf []engine.Answer
			for step := 0; !s.Terminal() && step < 4000; step++ {
				var a engine.Answer
				a, buf = randomStep(s, uint64(m), step, &rnd, buf)
				for v := 0; v < seats; v++ {
					twin := clTwin(s, v, step)
					if !bytes.Equal(clView(t, s, v), clView(t, twin, v)) {
						t.Fatalf("step %d: seat %d's view depends on the other seats' hidden cards:\n%s", step, v, clDiff(clView(t, s, v), clView(t, twin, v)))
					}
					checked++
					if !twin.isLegal(a) {
						continue
					}
					tc := s.clone()
					evA, errA := tc.Apply(a)
					evB, errB := twin.Apply(a)
					if (errA == nil) != (errB == nil) {
						t.Fatalf("step %d: %s applies to one twin only: %v / %v", step, s.AnswerText(a), errA, errB)
					}
					ja, jb := clEvents(t, evA, v), clEvents(t, evB, v)
					if k, same := clSameUntilShown(ja, jb); !same {
						t.Fatalf("step %d (%s, %s): seat %d's event %d differs with the hidden cards:\n%s\n%s", step, s.Pending().Kind, s.AnswerText(a), v, k, clAt(ja, k), clAt(jb, k))
					} else if k == len(ja) && !clKnownLeak(ja) && !bytes.Equal(clView(t, tc, v), clView(t, twin, v)) {
						t.Fatalf("step %d (%s): seat %d's view after the answer depends on hidden cards:\n%s", step, s.AnswerText(a), v, clDiff(clView(t, tc, v), clView(t, twin, v)))
					}
					compared++
				}
				if _, err := s.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
	if checked < 1000 || compared < 500 {
		t.Fatalf("checked %d views and compared %d steps: the test is too thin", checked, compared)
	}
	t.Logf("checked %d views, compared %d steps", checked, compared)
}

// clKnownLeaks are cards whose resolution is known to depend on hidden
// cards in a way the seats can see. None today: Catastrophe (CARD-068),
// once listed here, now discards every hand (public) before its pick.
var clKnownLeaks = []string{}

// clKnownLeak reports whether the events show the use of a card listed in
// clKnownLeaks.
func clKnownLeak(evs [][]byte) bool {
	for _, e := range evs {
		for _, k := range clKnownLeaks {
			if bytes.Contains(e, []byte(`"kind":"card_used"`)) && bytes.Contains(e, []byte(k)) {
				return true
			}
		}
	}
	return false
}

// clTwin returns a copy of s in which what seat v may not know of the
// other seats' cards differs (see TestCardsLeakNothing).
func clTwin(s *State, v, step int) *State {
	c := s.clone()
	r := rand.New(rand.NewPCG(uint64(step), uint64(v)+1))
	decider := int(s.Pending().Seat)
	for w := range c.zones {
		if w == v {
			continue
		}
		z := &c.zones[w]
		if w == decider {
			// The deciding seat keeps its cards, so that its answer means
			// the same in the twin; its deck order still differs.
			r.Shuffle(len(z.deck), func(i, j int) { z.deck[i], z.deck[j] = z.deck[j], z.deck[i] })
			continue
		}
		for i := range z.deck {
			z.deck[i] = CardID(1 + r.IntN(2*NumTraits))
		}
		for i := 1; i < int(z.nHand); i++ {
			hc := &z.hand[i]
			if hc.flags&hcArmed != 0 {
				continue // armed cards fire; firing is public (GAP-25)
			}
			if d := c.defs.get(hc.id); d != nil && d.discard != nil {
				continue // acts when discarded (REL-724): not a hidden difference a discard keeps
			}
			hc.id = CardID(1 + r.IntN(2*NumTraits))
			if d := c.defs.get(hc.id); d != nil && (d.discard != nil || d.react != nil) {
				hc.id = cardGleaning
			}
			hc.flags ^= hcSet
		}
	}
	return c
}

// clView returns seat's serialized view.
func clView(t *testing.T, s *State, seat int) []byte {
	t.Helper()
	b, err := json.Marshal(s.View(engine.Seat(seat)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// clEvents returns seat's serialized events, one per event.
func clEvents(t *testing.T, evs []engine.Event, seat int) [][]byte {
	t.Helper()
	var out [][]byte
	for _, e := range engine.Redact(evs, engine.Seat(seat)) {
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, b)
	}
	return out
}

// clSameUntilShown compares two event lists up to the first event that
// shows a card by rule in either (a card_out other than a use, a
// card_effect, or an insight that shows the viewer a hand); it returns the
// index of the first other difference.
func clSameUntilShown(a, b [][]byte) (int, bool) {
	shown := func(e []byte) bool {
		s := string(e)
		return strings.Contains(s, `"kind":"card_effect"`) ||
			strings.Contains(s, `"kind":"card_out"`) && !strings.Contains(s, `"how":"used"`) ||
			strings.Contains(s, `"kind":"insight"`) && strings.Contains(s, `"cards":`) // REL-924: a hand shown to its collector
	}
	for k := 0; k < len(a) || k < len(b); k++ {
		if k < len(a) && shown(a[k]) || k < len(b) && shown(b[k]) {
			return k, true
		}
		if k >= len(a) || k >= len(b) || !bytes.Equal(a[k], b[k]) {
			return k, false
		}
	}
	return len(a), true
}

// clAt returns event k, or "(none)".
func clAt(v [][]byte, k int) []byte {
	if k < len(v) {
		return v[k]
	}
	return []byte("(none)")
}

// clDiff shows where two JSON documents first differ.
func clDiff(a, b []byte) string {
	k := 0
	for k < len(a) && k < len(b) && a[k] == b[k] {
		k++
	}
	return fmt.Sprintf("…%s\n…%s", a[max(0, k-120):min(len(a), k+120)], b[max(0, k-120):min(len(b), k+120)])
}
