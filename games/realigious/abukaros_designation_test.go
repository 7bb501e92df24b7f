package realigious

import (
	"fmt"
	"slices"
	"testing"

	"tabletop/engine"
)

// Abukaros's stack-4 designation (REL-929, GAP-33) as a frame
// (frameDesignation, relics.go): one candidate is designated without a
// decision (GAP-06); otherwise the collector is asked. Either way the
// acquisition is then told to the cards (Rite of Exorcism, CARD-051) and
// the victory check runs, as for any relic. Helpers are prefixed ad.

// adScene is a card match (g1Game) of n seats under Abukaros: seat 0, on
// (1, 0), holds 3 relics and its "move e" onto the neutral (2, 0)
// collects the fourth, reaching stack 4; seat 1 holds one relic at
// reputation rep; the seats in out are defeated. Seat 0's move is pending.
func adScene(t *testing.T, n int, rep int32, out ...int) *State {
	t.Helper()
	s := g1Game(t, n)
	s.god = Abukaros
	faHold(s, 0, 3)
	faHold(s, 1, 1)
	s.players[1].rep = rep
	for k, o := range out {
		s.relics = slices.DeleteFunc(s.relics, func(r relic) bool { return int(r.holder) == o })
		pl := &s.players[o]
		pl.defeated, pl.defeatRank, pl.pos, pl.prev = true, int16(k+1), -1, -1
		s.defeats++
	}
	s.relics = append(s.relics, relic{tile: int16(g1At(s, 2, 0)), holder: -1, counts: true})
	g1Start(t, s, 0)
	return s
}

// adTheft returns the data of the one theft event, failing without one.
func adTheft(t *testing.T, evs []engine.Event) map[string]int {
	t.Helper()
	var th []engine.Event
	for _, e := range evs {
		if e.Kind == "theft" {
			th = append(th, e)
		}
	}
	if len(th) != 1 {
		t.Fatalf("events %v, want one theft", eventKinds(evs))
	}
	return th[0].Data.(map[string]int)
}

// adIndex is the position of the first event of kind, or -1.
func adIndex(evs []engine.Event, kind string) int {
	return slices.IndexFunc(evs, func(e engine.Event) bool { return e.Kind == kind })
}

// REL-929, GAP-06: with a single other seat in play the designation is
// not asked: that seat is designated at once, and the contact goes on
// (above 50%), or its relics are taken (50% or less), which here makes 5
// and wins (REL-930).
func TestREL929_GAP06_OneCandidateNotAsked(t *testing.T) {
	for _, tc := range []struct {
		n   int
		out []int
		rep int32
	}{
		{3, []int{2}, 51}, {3, []int{2}, 50},
		{4, []int{2, 3}, 51}, {4, []int{2, 3}, 50},
	} {
		t.Run(fmt.Sprintf("%dp/reputation %d", tc.n, tc.rep), func(t *testing.T) {
			s := adScene(t, tc.n, tc.rep, tc.out...)
			evs := g1Do(t, s, "move e")
			if s.Pending().Kind == "designate" { // GAP-06
				t.Fatalf("a designation with one candidate was asked (legal %v)", legalTexts(s))
			}
			th := adTheft(t, evs) // REL-929: the designation happened
			if th["target"] != 1 || adIndex(evs, "theft") < adIndex(evs, "relic") {
				t.Fatalf("theft %v after events %v, want seat 1 designated after the relic", th, eventKinds(evs))
			}
			if tc.rep > theftReputation {
				if th["relics"] != 0 || s.relicsHeld(1) != 1 || s.relicsHeld(0) != 4 {
					t.Errorf("theft %v, seat 1 holds %d, seat 0 %d: above 50%% nothing is taken", th, s.relicsHeld(1), s.relicsHeld(0))
				}
				if s.Terminal() || s.Pending().Kind != "roll" || s.roll.kind != rollPropagation || s.coord(int(s.roll.tile)) != (Coord{2, 0}) {
					t.Errorf("pending %+v: the contact goes on to the propagation (REL-410)", s.Pending())
				}
				return
			}
			if th["relics"] != 1 || s.relicsHeld(0) != 5 { // REL-929: all of them
				t.Fatalf("theft %v, seat 0 holds %d", th, s.relicsHeld(0))
			}
			if r := s.Result(); !s.Terminal() || r.Winner != 0 || r.How != "mystic" { // REL-930
				t.Errorf("terminal %v, result %+v: 5 relics win", s.Terminal(), r)
			}
			if len(s.frames) != 0 {
				t.Errorf("%d frames left at the end of the match", len(s.frames))
			}
		})
	}
}

// REL-929: with two or more candidates the collector is asked, one "seat
// N" per other seat in play; the pending designation (a frame) survives
// the encoding and a scenario snapshot, and the answer designates.
func TestREL929_TwoCandidatesAsked(t *testing.T) {
	for _, tc := range []struct {
		n    int
		out  []int
		want []string
	}{
		{3, nil, []string{"seat 1", "seat 2"}},
		{4, []int{2}, []string{"seat 1", "seat 3"}},
		{4, nil, []string{"seat 1", "seat 2", "seat 3"}},
	} {
		t.Run(fmt.Sprintf("%dp/%d out", tc.n, len(tc.out)), func(t *testing.T) {
			s := adScene(t, tc.n, 50, tc.out...)
			evs := g1Do(t, s, "move e")
			wantPending(t, s, 0, "designate")
			if l := legalTexts(s); !slices.Equal(l, tc.want) {
				t.Fatalf("legal %v, want %v", l, tc.want)
			}
			if s.AnswerText(s.Pending().Default) != "seat 1" || findEvent(evs, "theft") != nil {
				t.Fatalf("default %s, events %v", s.AnswerText(s.Pending().Default), eventKinds(evs))
			}
			g1Encodable(t, s)
			last := tc.want[len(tc.want)-1]
			th := adTheft(t, g1Do(t, s, last))
			if fmt.Sprintf("seat %d", th["target"]) != last || th["relics"] != 0 {
				t.Errorf("theft %v, want %s designated, nothing taken", th, last)
			}
		})
	}
}

// REL-929, CARD-051: after the designation, asked or not, the acquisition
// of the fourth relic is told to the cards: another seat's armed Rite of
// Exorcism takes the relic back to the map (seat 0 keeps stack 4, GAP-33),
// and the contact goes on. The designation resolves first, as Stye's and
// Insight's do.
func TestREL929_RiteOfExorcismAnswersAfterDesignation(t *testing.T) {
	for _, tc := range []struct {
		name string
		n    int
		out  []int
		rite int // the seat with the armed Rite
	}{
		{"asked", 3, nil, 2},
		{"one candidate", 3, []int{2}, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := adScene(t, tc.n, 51, tc.out...)
			g3Armed(s, tc.rite, cardRiteOfExorcism)
			i := len(s.relics) - 1 // the relic on (2, 0)
			evs := g1Do(t, s, "move e")
			if s.Pending().Kind == "designate" {
				if findEvent(evs, "relic_relocated") != nil || s.relics[i].holder != 0 {
					t.Fatalf("events %v: the Rite answered before the designation", eventKinds(evs))
				}
				evs = append(evs, g1Do(t, s, "seat 1")...)
			}
			th, re := adIndex(evs, "theft"), adIndex(evs, "relic_relocated")
			if th < 0 || re < th { // CARD-051, after the designation
				t.Fatalf("events %v, want the theft, then the Rite's relocation", eventKinds(evs))
			}
			if r := s.relics[i]; r.holder != -1 || r.tile < 0 || !r.moved {
				t.Errorf("relic %+v: the Rite puts it back on the map", r)
			}
			if !slices.Equal(g1Grave(s, tc.rite), []CardID{cardRiteOfExorcism}) {
				t.Errorf("seat %d's graveyard %v: the Rite is used", tc.rite, g1Grave(s, tc.rite))
			}
			if s.relicsHeld(0) != 3 || s.players[0].buff != 4 { // GAP-33: the level stays
				t.Errorf("seat 0 holds %d at buff %d, want 3 at 4", s.relicsHeld(0), s.players[0].buff)
			}
			if s.Pending().Kind != "roll" || s.roll.kind != rollPropagation || len(s.frames) != 0 {
				t.Errorf("pending %+v with %d frames: the contact goes on to the propagation", s.Pending(), len(s.frames))
			}
		})
	}
}

// REL-053, REL-930: the fourth relic's victory check is not lost to the
// designation. The state is built by hand so that the relic reaching
// stack 4 is also the fifth held (legal play keeps the buff level at or
// above the relics held); the match ends at once, with no designation.
func TestREL929_VictoryCheckRunsAtStack4(t *testing.T) {
	s := adScene(t, 3, 51)
	faHold(s, 0, 1)
	s.players[0].buff = 3
	evs := g1Do(t, s, "move e")
	if r := s.Result(); !s.Terminal() || r.Winner != 0 || r.How != "mystic" {
		t.Fatalf("terminal %v, result %+v, events %v: 5 relics win", s.Terminal(), r, eventKinds(evs))
	}
	if findEvent(evs, "theft") != nil || s.players[0].buff != 5 || len(s.frames) != 0 {
		t.Errorf("events %v, buff %d, %d frames: the match ends before any designation", eventKinds(evs), s.players[0].buff, len(s.frames))
	}
}

// REL-929, CARD-050: stack 4 reached in the middle of a card (The Last
// Piece) asks the designation there; once answered, the card's resolution
// ends and the turn goes on as it does after the same card under Zog
// Malomos, whose stack 4 designates nobody.
func TestREL929_DesignationFromTheLastPiece(t *testing.T) {
	scene := func(g God) *State {
		s := g1Game(t, 3)
		s.god = g
		faHold(s, 0, 3)
		g3Relic(s, g1At(s, 8, 8), -1)
		g1Hand(s, 0, cardTheLastPiece)
		g1Interact(t, s, 0)
		g1Do(t, s, "card 1", "pay donations")
		return s
	}
	control := scene(ZogMalomos)
	s := scene(Abukaros)
	wantPending(t, s, 0, "designate")
	g1Encodable(t, s)
	evs := g1Do(t, s, "seat 2")
	if th := adTheft(t, evs); th["target"] != 2 || s.relicsHeld(0) != 4 {
		t.Errorf("theft %v, seat 0 holds %d", th, s.relicsHeld(0))
	}
	if !slices.Equal(g1Grave(s, 0), []CardID{cardTheLastPiece}) || len(s.frames) != 0 {
		t.Errorf("graveyard %v, %d frames: the card's resolution ends", g1Grave(s, 0), len(s.frames))
	}
	if p, q := s.Pending(), control.Pending(); p.Seat != q.Seat || p.Kind != q.Kind || s.active() != control.active() {
		t.Errorf("after the designation pending %+v, active %d; after the card under Zog %+v, active %d", p, s.active(), q, control.active())
	}
}
