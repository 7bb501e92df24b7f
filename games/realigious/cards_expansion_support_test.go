package realigious

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
)

// Test helpers of the Expansion and Unity cards (cards_expansion_test.go,
// cards_unity_test.go): a controlled position (g1Game), the turn driven
// through the real flow up to the moment a card is used, answers in text
// form, and readers of views, events and zones.

// g1Game builds an n-seat match for card tests: a blank 9×9 grass map
// (no structures, allotments, owners or factions), turn order by seat number, seat i
// parked on (1, 2i) and contacting it, 50 reputation, 2000 donations and
// 2000 influence, no followers, no pending first-turn bonus, empty card
// zones, every tile revealed to every seat, day, and the monsoon blowing
// north so that east and west moves are single steps (GAP-41).
func g1Game(t *testing.T, n int) *State {
	t.Helper()
	s := blankCardGame(t, n, "christianity", 7)
	for i := range s.govs { // no local government either
		s.govs[i] = gov{tile: -1, briber: -1}
	}
	return s
}

// blankCardGame is the position the card tests start from (g1Game,
// g2Game, cfGame): n seats of religion, the rest as g1Game says, without
// touching the local governments.
func blankCardGame(t *testing.T, n int, religion string, seed uint64) *State {
	t.Helper()
	seats := make([]SeatConfig, n)
	for i := range seats {
		seats[i] = SeatConfig{Religion: religion, Character: "religionist"}
	}
	s := New().NewState(Config{NoCards: true, Size: 9, Climate: "temperate", CycleLimit: 100, Seats: seats}, seed)
	s.noCards = false // empty decks, but combat gives glory and shame cards (REL-721)
	for i := range s.tiles {
		s.tiles[i] = Tile{Terrain: Grass, Owner: -1}
	}
	// No relic and no celebrity.
	s.relics = nil
	s.celeb.pos, s.celeb.start, s.celeb.briber, s.celeb.bribes = -1, -1, -1, 0
	for i := range s.order {
		s.order[i] = int8(i)
	}
	s.turnIdx, s.wind, s.night = 0, North, false
	s.blocked = s.blocked[:0]
	for i := range s.players {
		pl := &s.players[i]
		pl.onStart, pl.bonusUsed = false, true
		pl.turns, pl.rep = 3, 50
		pl.res = [numResources]int32{0, 2000, 2000}
		pl.pos = int16(s.geo.index(1, 2*i))
		pl.prev = pl.pos
	}
	for row := 0; row <= n; row++ {
		for t := range s.tiles {
			s.reveal(row, t)
		}
	}
	for i := range s.known {
		s.known[i] = -1
	}
	return s
}

// g1At returns the tile index of (col, row).
func g1At(s *State, col, row int) int { return s.geo.index(col, row) }

// g1Own gives the tiles to seat (-1: neutral), as every seat sees it.
func g1Own(s *State, seat int, tiles ...int) {
	for _, t := range tiles {
		s.tiles[t].Owner = int8(seat)
		for row := 0; row <= len(s.players); row++ {
			s.known[row*len(s.tiles)+t] = int8(seat)
		}
	}
}

// g1Hand replaces seat's hand with ids, oldest first (the last is hand 1).
func g1Hand(s *State, seat int, ids ...CardID) {
	z := &s.zones[seat]
	z.hand = [HandLimit]handCard{}
	z.nHand = 0
	for _, id := range ids {
		z.hand[z.nHand] = handCard{id: id}
		z.nHand++
	}
}

// g1Deck replaces seat's deck (top card first) and, when comp is set, its
// composition.
func g1Deck(s *State, seat int, top ...CardID) {
	d := slices.Clone(top)
	slices.Reverse(d)
	s.zones[seat].deck = d
}

// g1Interact plays seat's turn up to its interaction phase: the real start
// phase (effects, the draw), then "move e" onto (2, 2·seat), which seat
// owns, so that no tile interaction follows the phase.
func g1Interact(t *testing.T, s *State, seat int) []engine.Event {
	t.Helper()
	evs := g1Start(t, s, seat)
	g1Own(s, seat, g1At(s, 2, 2*seat))
	evs = append(evs, g1Do(t, s, "move e")...)
	if s.phase != phaseInteraction || s.active() != seat {
		t.Fatalf("seat %d after its move: phase %s, active %d", seat, phaseKinds[s.phase], s.active())
	}
	return evs
}

// g1MoveTo plays seat's turn up to its move east: the real start phase,
// then g1MoveOn. From the parked position the tile is (2, 2·seat). What
// follows the move (the interaction phase, a roll) is pending.
func g1MoveTo(t *testing.T, s *State, seat, owner int, alloc [numResources]int32) []engine.Event {
	t.Helper()
	evs := g1Start(t, s, seat)
	return append(evs, g1MoveOn(t, s, seat, owner, alloc)...)
}

// g1MoveOn plays the move of seat, whose move phase is pending, onto the
// tile east of its piece, which first gets owner (-1: neutral) and alloc.
func g1MoveOn(t *testing.T, s *State, seat, owner int, alloc [numResources]int32) []engine.Event {
	t.Helper()
	if s.phase != phaseMove || s.active() != seat {
		t.Fatalf("seat %d's move is not pending: phase %s, active %d", seat, phaseKinds[s.phase], s.active())
	}
	dest := s.geo.neighbour(int(s.players[seat].pos), DirE)
	g1Own(s, owner, dest)
	s.tiles[dest].Alloc = alloc
	return g1Do(t, s, "move e")
}

// g1Start begins seat's turn through the real start phase and returns its
// events; the move phase must follow.
func g1Start(t *testing.T, s *State, seat int) []engine.Event {
	t.Helper()
	s.turnIdx = slices.Index(s.order, int8(seat))
	s.phase = phaseMove
	s.events = s.events[:0]
	s.startTurn()
	if s.phase != phaseMove || s.active() != seat {
		t.Fatalf("start of seat %d's turn: phase %s, active %d", seat, phaseKinds[s.phase], s.active())
	}
	return append([]engine.Event(nil), s.events...)
}

// g1Do applies answers given in text form and returns a copy of their
// events.
func g1Do(t *testing.T, s *State, texts ...string) []engine.Event {
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

// g1Target answers a pending target decision; a target with one legal
// choice is taken without asking (GAP-06), and then nothing is applied.
func g1Target(t *testing.T, s *State, text string) {
	t.Helper()
	if s.Pending().Kind == "card_target" {
		g1Do(t, s, text)
	}
}

// g1Encodable checks that a position in the middle of a card resolution
// (a card decision pending) survives the binary encoding and a scenario
// snapshot byte for byte, so that matches can be stored and replayed there.
func g1Encodable(t *testing.T, s *State) {
	t.Helper()
	enc := s.AppendEncoding(nil)
	back, err := New().Decode(enc)
	if err != nil {
		t.Fatalf("Decode at %q: %v", s.Pending().Kind, err)
	}
	if got := back.(*State).AppendEncoding(nil); !bytes.Equal(got, enc) {
		t.Fatalf("decode-encode at %q changed the bytes", s.Pending().Kind)
	}
	scnRoundTrip(t, New(), s, 7)
}

// legalTexts lists the legal answers in text form.
func legalTexts(s *State) []string {
	var out []string
	for _, a := range s.Legal(nil) {
		out = append(out, s.AnswerText(a))
	}
	return out
}

// offered reports whether the answer text is legal now.
func offered(s *State, text string) bool { return slices.Contains(legalTexts(s), text) }

// findEvent returns the first event of kind, or nil.
func findEvent(evs []engine.Event, kind string) *engine.Event {
	for i := range evs {
		if evs[i].Kind == kind {
			return &evs[i]
		}
	}
	return nil
}

// eventKinds lists the events' kinds.
func eventKinds(evs []engine.Event) []string {
	out := make([]string, len(evs))
	for i, e := range evs {
		out[i] = e.Kind
	}
	return out
}

// wantPending checks the pending decision's seat and kind.
func wantPending(t *testing.T, s *State, seat engine.Seat, kind string) {
	t.Helper()
	if d := s.Pending(); d.Seat != seat || d.Kind != kind {
		t.Fatalf("pending = seat %d %q, want seat %d %q (legal %v)", d.Seat, d.Kind, seat, kind, legalTexts(s))
	}
}

// g1Buffs returns the keys of the buffs seat's view shows on player p.
func g1Buffs(s *State, seat engine.Seat, p int) []string {
	var out []string
	for _, b := range s.view(seat).Players[p].Buffs {
		out = append(out, b.Key)
	}
	return out
}

// designationsSeen returns "key@col,row" for every designation seat sees.
func designationsSeen(s *State, seat engine.Seat) []string {
	var out []string
	for _, d := range s.view(seat).Designations {
		out = append(out, d.Key+"@"+ceCoordText(*d.Tile))
	}
	return out
}

// g1Term returns the value and tier of the explain term named name.
func g1Term(ts []ExplainTerm, name string) (value, tier int, ok bool) {
	for _, x := range ts {
		if x.Name == name {
			return x.Value, x.Tier, true
		}
	}
	return 0, 0, false
}

// g1Explain returns the explain payload of the first event of kind.
func g1Explain(t *testing.T, evs []engine.Event, kind string) *Explain {
	t.Helper()
	e := findEvent(evs, kind)
	if e == nil {
		t.Fatalf("no %q event in %v", kind, eventKinds(evs))
	}
	ex, ok := e.Data.(*Explain)
	if !ok {
		t.Fatalf("%q event data is %T, want *Explain", kind, e.Data)
	}
	return ex
}

// g1Seen returns the events as seat receives them (engine.Redact), one
// "kind JSON" line each.
func g1Seen(t *testing.T, evs []engine.Event, seat engine.Seat) string {
	t.Helper()
	var b strings.Builder
	for _, e := range engine.Redact(evs, seat) {
		j, err := json.Marshal(e.Data)
		if err != nil {
			t.Fatalf("marshal %s: %v", e.Kind, err)
		}
		b.WriteString(e.Kind + " " + string(j) + "\n")
	}
	return b.String()
}

// g1Grave returns seat's graveyard.
func g1Grave(s *State, seat int) []CardID { return slices.Clone(s.zones[seat].grave) }

// g1HandIDs returns seat's hand, oldest first.
func g1HandIDs(s *State, seat int) []CardID {
	var out []CardID
	for _, hc := range s.handOf(seat) {
		out = append(out, hc.id)
	}
	return out
}

// g1WitchCard is the card a test nullifier replaces (The Witch's Way).
const g1WitchCard CardID = 65

// g1Witch gives s its own definition table in which CARD-065 is a
// reaction that nullifies the card another seat uses, as The Witch's Way
// does (CARD-065), whatever the Sacrifice group has implemented.
func g1Witch(s *State) {
	t := *s.defs
	t.defs[g1WitchCard] = &cardDef{
		id: g1WitchCard,
		react: &reactSpec{on: hookCardUse, cond: func(s *State, owner int, h *hook) bool {
			return int(h.seat) != owner && h.seat >= 0
		}},
		run: func(s *State, f *frame) bool {
			s.nullify(int(f.h.frame), int(f.seat))
			return true
		},
	}
	s.defs = &t
}

// stateOfs lists the keys of the player states on seat.
func (s *State) stateOfs(seat int) []string {
	var out []string
	for i := range s.effects {
		if e := &s.effects[i]; e.clock != clockDead && e.tile < 0 && int(e.seat) == seat {
			out = append(out, s.effectKey(e))
		}
	}
	return out
}
