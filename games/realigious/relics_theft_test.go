package realigious

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
)

// Abukaros's stack-4 theft (REL-929) against Fire from Heaven (CARD-055):
// the theft is an attempt to take the target's relics, answered as the
// cards' attempts are (GAP-53), and a hidden reputation (CARD-030) stays
// hidden through it.

// thScene is a 3-seat card match (g1Game) under Abukaros: seat 0 holds 3
// relics and its move east onto (2, 0) collects the fourth, reaching stack
// 4 (REL-929); seat 1 holds 2 relics at reputation rep, seat 2 none. The
// designation is pending when it returns.
func thScene(t *testing.T, rep int32) *State {
	t.Helper()
	s := g1Game(t, 3)
	s.god = Abukaros
	faHold(s, 0, 3)
	faHold(s, 1, 2)
	s.players[1].rep = rep
	s.relics = append(s.relics, relic{tile: int16(g1At(s, 2, 0)), holder: -1, counts: true})
	g1Start(t, s, 0)
	g1Do(t, s, "move e")
	wantPending(t, s, 0, "designate")
	return s
}

func TestREL929_TheftAgainstFireFromHeaven(t *testing.T) {
	// REL-929 CARD-055 GAP-25 GAP-53: seat 1's armed Fire from Heaven
	// nullifies the theft as it nullifies a card's taking; held and not
	// armed, or armed and not payable, it is declined (GAP-25) and the
	// theft goes on; above 50% nothing is attempted, so nothing fires.
	for _, tc := range []struct {
		name  string
		rep   int32
		hand  func(s *State)
		fires bool
		takes bool
	}{
		{"no reaction: taken", 50, func(s *State) {}, false, true},
		{"held, not armed: declined, taken", 50, func(s *State) { g1Hand(s, 1, cardFireFromHeaven) }, false, true},
		{"armed, cannot pay: declined, taken", 50, func(s *State) {
			g3Armed(s, 1, cardFireFromHeaven)
			s.players[1].res = [numResources]int32{}
		}, false, true},
		{"armed: nullified", 50, func(s *State) { g3Armed(s, 1, cardFireFromHeaven) }, true, false},
		{"above 50%: no attempt", 51, func(s *State) { g3Armed(s, 1, cardFireFromHeaven) }, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := thScene(t, tc.rep)
			tc.hand(s)
			before := s.relicsOf(1)
			evs := g1Do(t, s, "seat 1")
			if tc.fires {
				// Fire from Heaven takes one of the thief's 4 relics at
				// random (GAP-53): a chance pick, asked in the middle of
				// the theft's resolution.
				wantPending(t, s, engine.Chance, "card_chance")
				g1Encodable(t, s)
				evs = append(evs, g1Do(t, s, "pick 0")...)
			}
			theft := findEvent(evs, "theft")
			nullified := findEvent(evs, "relic_take_nullified")
			switch {
			case tc.takes:
				if theft == nil || theft.Data.(map[string]int)["relics"] != 2 || nullified != nil {
					t.Fatalf("events %v, want a theft of 2 relics", eventKinds(evs))
				}
				if len(s.relicsOf(1)) != 0 || !s.Terminal() || s.Result().Winner != 0 || s.Result().How != "mystic" {
					t.Errorf("seat 1 holds %d, result %+v: the theft wins seat 0 the match (REL-930)", len(s.relicsOf(1)), s.Result())
				}
			case tc.fires:
				if theft != nil || nullified == nil || nullified.Audience != engine.AllSeats || nullified.Seat != 0 {
					t.Fatalf("events %v, want the theft nullified, told to every seat", eventKinds(evs))
				}
				if got := nullified.Data.(map[string]int)["target"]; got != 1 {
					t.Errorf("relic_take_nullified target %d, want 1", got)
				}
				// What Fire from Heaven emits on a card's taking (CARD-055).
				if ff := findEvent(evs, "fire_from_heaven"); ff == nil || ff.Audience != engine.AllSeats || findEvent(evs, "relic_taken") == nil {
					t.Errorf("events %v, want fire_from_heaven and relic_taken", eventKinds(evs))
				}
				for _, i := range before {
					if s.relics[i].holder != 1 {
						t.Errorf("relic %d now held by %d: a nullified theft takes nothing", i, s.relics[i].holder)
					}
				}
				if s.relicsHeld(0) != 3 || len(s.relicsOf(1)) != 3 || s.relicsHeld(1) != 2 {
					t.Errorf("seat 0 counts %d, seat 1 holds %d (%d counting): want 3, 3 (2) after Fire from Heaven's taking (GAP-33)",
						s.relicsHeld(0), len(s.relicsOf(1)), s.relicsHeld(1))
				}
				if !slices.Equal(g1Grave(s, 1), []CardID{cardFireFromHeaven}) || s.players[1].res[Donations] != 2000-400 {
					t.Errorf("graveyard %v, donations %d: the reaction is used and paid", g1Grave(s, 1), s.players[1].res[Donations])
				}
				// The contact that reached stack 4 goes on: the neutral
				// tile's propagation (REL-410).
				if s.Terminal() || s.Pending().Kind != "roll" || s.roll.kind != rollPropagation {
					t.Errorf("after the theft pending %+v, want the propagation roll", s.Pending())
				}
			default:
				if theft == nil || theft.Data.(map[string]int)["relics"] != 0 || nullified != nil || findEvent(evs, "fire_from_heaven") != nil {
					t.Fatalf("events %v, want a theft of nothing and no reaction", eventKinds(evs))
				}
				if s.handCount(1) != 1 || len(s.relicsOf(1)) != 2 {
					t.Errorf("seat 1 hand %d, relics %d: the armed card stays, the relics too", s.handCount(1), len(s.relicsOf(1)))
				}
			}
		})
	}
}

func TestREL929_TheftThiefAnswersFireFromHeaven(t *testing.T) {
	// CARD-055 GAP-53: Fire from Heaven's own taking is an attempt, which
	// the thief's Fire from Heaven answers: the theft stays nullified and
	// the target loses one relic to the thief, not counting.
	s := thScene(t, 50)
	g3Armed(s, 1, cardFireFromHeaven)
	g3Armed(s, 0, cardFireFromHeaven)
	evs := g1Do(t, s, "seat 1")
	wantPending(t, s, engine.Chance, "card_chance") // seat 0's pick among seat 1's 2 relics
	evs = append(evs, g1Do(t, s, "pick 1")...)
	if findEvent(evs, "theft") != nil || findEvent(evs, "relic_take_nullified") == nil {
		t.Fatalf("events %v, want the theft nullified", eventKinds(evs))
	}
	if n := strings.Count(strings.Join(eventKinds(evs), " "), "fire_from_heaven"); n != 2 {
		t.Errorf("%d fire_from_heaven events, want 2", n)
	}
	if s.relicsHeld(0) != 4 || len(s.relicsOf(0)) != 5 || len(s.relicsOf(1)) != 1 {
		t.Errorf("seat 0 counts %d of %d, seat 1 holds %d: want 4 of 5, 1", s.relicsHeld(0), len(s.relicsOf(0)), len(s.relicsOf(1)))
	}
	if s.Terminal() {
		t.Errorf("result %+v: a relic taken by Fire from Heaven does not count (GAP-33)", s.Result())
	}
}

func TestREL929_NullifiedTheftKeepsHiddenReputation(t *testing.T) {
	// CARD-030 REL-929 CARD-055: while Let Not the Left Hand Know hides
	// the target's reputation, nothing of a nullified theft tells it to
	// another seat or the spectators.
	s := thScene(t, 37)
	s.addState(1, 1, cardLeftHand, 0, s.forTurns(1, 3))
	g3Armed(s, 1, cardFireFromHeaven)
	evs := g1Do(t, s, "seat 1")
	evs = append(evs, g1Do(t, s, "pick 0")...)
	if findEvent(evs, "relic_take_nullified") == nil {
		t.Fatalf("events %v, want the theft nullified", eventKinds(evs))
	}
	for _, seat := range []engine.Seat{0, 2, engine.Spectator} {
		if seen := g3Seen(t, evs, seat); strings.Contains(seen, `"reputation":37`) {
			t.Errorf("seat %d learns the hidden reputation:\n%s", seat, seen)
		}
		if r := s.view(seat).Players[1]; !r.ReputationHidden {
			t.Errorf("seat %d's view shows seat 1's reputation %d", seat, r.Reputation)
		}
	}
	if seen := g3Seen(t, evs, 1); !strings.Contains(seen, "relic_take_nullified") {
		t.Errorf("seat 1 is not told of the nullification:\n%s", seen)
	}
}

// A damaged theft frame (an encoding) that names no seat in play as the
// target ends without a theft and without indexing out of range.
func TestREL929_TheftFrameDamagedTarget(t *testing.T) {
	for _, target := range []int8{-1, 3} {
		t.Run(fmt.Sprint(target), func(t *testing.T) {
			s := thScene(t, 50)
			s.phase = phaseMove
			s.frames = cloneFrames([]frame{{kind: frameTheft, seat: 0, payer: -1, h: hook{kind: hookRelicTake, seat: 0, other: target, tile: -1, frame: -1}}})
			if s.runFrames() || len(s.frames) != 0 || findEvent(s.events, "theft") != nil {
				t.Errorf("frames %d, events %v: want the frame dropped with no theft", len(s.frames), eventKinds(s.events))
			}
		})
	}
}
