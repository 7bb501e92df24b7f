package realigious

import (
	"strconv"
	"testing"

	"tabletop/engine"
)

// Tests of tile interaction and propagation (spec section 7, REL-400-441)
// and of the gap decisions they rest on (GAP-12, GAP-13, GAP-14, GAP-40),
// for what the scenario files testdata/scenarios/prop-*.json cannot assert:
// the terms of the explain event and their tiers, the chance weights, the
// views, parameter changes and long sweeps. Each test builds a real match,
// puts the active piece next to a prepared tile, moves it there with the
// same answers a player sends, and reads the resulting state and events.

// The prepared piece stands on propFrom, (4,4); "move e" contacts propTo,
// (5,4). The temperate wind is set to north, which boosts only NE and NW
// moves, so an east move goes exactly one tile (GAP-41).
const (
	propFrom = 4*9 + 4
	propTo   = 4*9 + 5
)

// propSeat is a shorthand seat configuration.
func propSeat(religion, character string) SeatConfig {
	return SeatConfig{Religion: religion, Character: character}
}

// newPropState returns a 9×9 match with the given seats and every tile
// neutral, as generated.
func newPropState(t *testing.T, climate string, seats ...SeatConfig) *State {
	t.Helper()
	s := New().NewState(Config{NoCards: true, Size: 9, Climate: climate, CycleLimit: 100, Seats: seats}, 7)
	for i := range s.tiles {
		if s.tiles[i].Owner != -1 {
			t.Fatalf("tile %d starts owned by %d", i, s.tiles[i].Owner)
		}
	}
	s.wind = North
	return s
}

// propReady makes it seat's move with its piece on propFrom, and makes
// propTo a contactable plain tile owned by owner (-1: neutral) holding alloc.
func propReady(t *testing.T, s *State, seat, owner int, alloc [numResources]int32) {
	t.Helper()
	s.turnIdx = -1
	for i, o := range s.order {
		if int(o) == seat {
			s.turnIdx = i
		}
	}
	if s.turnIdx < 0 {
		t.Fatalf("seat %d not in turn order %v", seat, s.order)
	}
	s.phase = phaseMove
	s.blocked = s.blocked[:0]
	pl := &s.players[seat]
	pl.pos, pl.prev, pl.onStart = propFrom, propFrom, false
	pl.turns = max(pl.turns, 2) // past the Explorer's first-turn sprint
	pl.extraUsed = false
	s.tiles[propFrom] = Tile{Terrain: Grass, Owner: -1}
	s.tiles[propTo] = Tile{Terrain: Grass, Owner: int8(owner), Alloc: alloc}
}

// propApply applies an answer given in its text form.
func propApply(t *testing.T, s *State, text string) []engine.Event {
	t.Helper()
	a, err := s.ParseAnswer(text)
	if err != nil {
		t.Fatalf("ParseAnswer(%q): %v", text, err)
	}
	evs, err := s.Apply(a)
	if err != nil {
		t.Fatalf("Apply(%q): %v", text, err)
	}
	return append([]engine.Event(nil), evs...)
}

// propContact moves seat onto propTo and checks that a propagation roll is
// pending; it returns R from the roll's chance outcomes.
func propContact(t *testing.T, s *State, seat int) int {
	t.Helper()
	propApply(t, s, "move e")
	if s.phase != phaseRoll || s.roll.kind != rollPropagation || int(s.roll.seat) != seat {
		t.Fatalf("after contact: phase %s, roll kind %d seat %d; want a propagation roll of seat %d",
			phaseKinds[s.phase], s.roll.kind, s.roll.seat, seat)
	}
	return propChanceR(t, s)
}

// propChanceR returns the success weight of the pending roll and checks
// that the two outcomes add up to 100.
func propChanceR(t *testing.T, s *State) int {
	t.Helper()
	if d := s.Pending(); d.Seat != engine.Chance || d.Kind != "roll" {
		t.Fatalf("pending %+v, want a chance roll", d)
	}
	var succ, fail int
	for _, o := range s.Chance() {
		switch s.AnswerText(o.Answer) {
		case "success":
			succ = o.Weight
		case "failure":
			fail = o.Weight
		}
	}
	if succ+fail != 100 {
		t.Fatalf("outcome weights success %d + failure %d != 100", succ, fail)
	}
	return succ
}

// propRoll applies the roll's outcome and returns the propagation event's
// explain data.
func propRoll(t *testing.T, s *State, outcome string) (*Explain, []engine.Event) {
	t.Helper()
	evs := propApply(t, s, outcome)
	ev := findEvent(evs, "propagation")
	if ev == nil {
		t.Fatalf("%s: no propagation event in %v", outcome, evs)
	}
	ex, ok := ev.Data.(*Explain)
	if !ok {
		t.Fatalf("propagation event data is %T, want *Explain", ev.Data)
	}
	return ex, evs
}

// propTermsOf turns explain terms into name -> (tier, value).
func propTermsOf(ts []ExplainTerm) map[string]ExplainTerm {
	m := map[string]ExplainTerm{}
	for _, x := range ts {
		m[x.Name] = x
	}
	return m
}

// TestPropagationRate checks R, the propagation success rate, against the
// factors of REL-419 and REL-424-436, through the roll's chance outcomes,
// the explain event and PropagationRate.
func TestPropagationRate(t *testing.T) {
	type tm = map[string]ExplainTerm
	tests := []struct {
		name      string
		climate   string
		night     bool
		religion  string
		followers int32
		stacks    uint8
		want      int
		terms     tm // every term of R, by name
	}{
		{"REL-425/REL-434/base 50 for every player", "temperate", false, "christianity", 0, 0, 50,
			tm{"base": {5, "base", 50, 0}}},
		{"REL-425/base is the same for islam", "temperate", false, "islam", 0, 0, 50,
			tm{"base": {5, "base", 50, 0}}},
		{"REL-426/99 followers add nothing", "temperate", false, "christianity", 99, 0, 50,
			tm{"base": {5, "base", 50, 0}}},
		{"REL-426/REL-308/100 followers add 1", "temperate", false, "christianity", 100, 0, 51,
			tm{"base": {5, "base", 50, 0}, "followers": {4, "followers", 1, 0}}},
		{"REL-426/REL-308/299 followers add 2", "temperate", false, "christianity", 299, 0, 52,
			tm{"base": {5, "base", 50, 0}, "followers": {4, "followers", 2, 0}}},
		{"REL-426/REL-308/1000 followers add 10", "temperate", false, "buddhism", 1000, 0, 60,
			tm{"base": {5, "base", 50, 0}, "followers": {4, "followers", 10, 0}}},
		{"REL-140/REL-413/GAP-13/hinduism -10 points", "temperate", false, "hinduism", 0, 0, 40,
			tm{"base": {5, "base", 50, 0}, "hinduism_polytheism": {4, "hinduism_polytheism", -10, 0}}},
		{"REL-427/one failure adds 10", "temperate", false, "christianity", 0, 1, 60,
			tm{"base": {5, "base", 50, 0}, "correction": {4, "correction", 10, 0}}},
		{"REL-428/three failures stack to 30", "temperate", false, "christianity", 0, 3, 80,
			tm{"base": {5, "base", 50, 0}, "correction": {4, "correction", 30, 0}}},
		{"REL-433/GAP-12/tier 4 terms add together", "temperate", false, "hinduism", 350, 2, 63,
			tm{"base": {5, "base", 50, 0}, "correction": {4, "correction", 20, 0}, "followers": {4, "followers", 3, 0},
				"hinduism_polytheism": {4, "hinduism_polytheism", -10, 0}}},
		{"REL-436/capped at 99 by followers", "temperate", false, "christianity", 6000, 0, 99,
			tm{"base": {5, "base", 50, 0}, "followers": {4, "followers", 60, 0}}},
		{"REL-436/REL-428/capped at 99 by stacks", "temperate", false, "christianity", 0, 7, 99,
			tm{"base": {5, "base", 50, 0}, "correction": {4, "correction", 70, 0}}},
		{"REL-418/REL-432/GAP-40/dry heat by day is a tier 3 player effect", "dry", false, "christianity", 0, 0, 40,
			tm{"base": {5, "base", 50, 0}, "dry_heat": {3, "dry_heat", -10, 0}}},
		{"REL-418/GAP-40/no heat at night", "dry", true, "christianity", 0, 0, 50,
			tm{"base": {5, "base", 50, 0}}},
		{"REL-419/REL-429/every factor combined", "dry", false, "hinduism", 520, 4, 75,
			tm{"base": {5, "base", 50, 0}, "correction": {4, "correction", 40, 0}, "followers": {4, "followers", 5, 0},
				"hinduism_polytheism": {4, "hinduism_polytheism", -10, 0}, "dry_heat": {3, "dry_heat", -10, 0}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newPropState(t, tc.climate, propSeat(tc.religion, "fortune_teller"), propSeat("christianity", "fortune_teller"))
			s.night = tc.night
			pl := &s.players[0]
			pl.res[Followers] = tc.followers
			pl.propCorr = tc.stacks
			propReady(t, s, 0, -1, [numResources]int32{10, 10, 10})
			if got := s.PropagationRate(0, propTo); got != tc.want { // REL-424
				t.Errorf("PropagationRate = %d, want %d", got, tc.want)
			}
			r := propContact(t, s, 0)
			if r != tc.want { // REL-420, REL-424: success with probability R%
				t.Errorf("success weight R = %d, want %d", r, tc.want)
			}
			ex, _ := propRoll(t, s, "failure")
			if ex.R != tc.want || ex.R1 != tc.want {
				t.Errorf("explain R = %d, R1 = %d, want %d", ex.R, ex.R1, tc.want)
			}
			got := propTermsOf(ex.R1Terms)
			if len(got) != len(ex.R1Terms) {
				t.Errorf("duplicate terms in %+v", ex.R1Terms)
			}
			raw := 0
			for _, x := range ex.R1Terms {
				raw += x.Value
			}
			for name, w := range tc.terms {
				if g, ok := got[name]; !ok || g != w { // REL-419, REL-429-434: each factor at its tier
					t.Errorf("term %q = %+v (present %v), want %+v", name, g, ok, w)
				}
			}
			for name := range got {
				if _, ok := tc.terms[name]; !ok {
					t.Errorf("unexpected term %+v", got[name])
				}
			}
			if ex.R1Raw != raw || tc.want != min(max(raw, 10), 99) { // GAP-12: sum, then clamp at the end
				t.Errorf("R1Raw = %d, sum of terms %d, R %d", ex.R1Raw, raw, tc.want)
			}
		})
	}
}

// TestPropagationRateClampFloor lowers the base through the parameters so
// that the Hinduism penalty and the heat would take R below 10 (REL-436).
func TestPropagationRateClampFloor(t *testing.T) {
	for _, base := range []int{0, 5, 19, 29, 30} {
		t.Run("base"+strconv.Itoa(base), func(t *testing.T) {
			p := DefaultParams()
			p.PropagationBase = base
			s := NewWithParams(p).NewState(Config{NoCards: true, Size: 9, Climate: "dry", CycleLimit: 100,
				Seats: []SeatConfig{propSeat("hinduism", "religionist"), propSeat("islam", "religionist")}}, 3)
			s.night = false
			propReady(t, s, 0, -1, [numResources]int32{})
			raw := base - 10 - 10
			want := max(raw, 10)
			r := propContact(t, s, 0)
			if r != want { // REL-436: never below 10%
				t.Errorf("R = %d, want %d (raw %d)", r, want, raw)
			}
			ex, _ := propRoll(t, s, "success")
			if ex.R1Raw != raw || ex.R != want { // REL-436: the raw value is kept, R is clamped
				t.Errorf("explain raw %d R %d, want raw %d R %d", ex.R1Raw, ex.R, raw, want)
			}
		})
	}
}

// TestPropagationRateTwoDigits sweeps the factors that exist without cards
// and checks that every rate shows as a two-digit integer (REL-435) within
// [10, 99] (REL-436).
func TestPropagationRateTwoDigits(t *testing.T) {
	for _, climate := range []string{"temperate", "dry"} {
		for r := Religion(0); r < numReligions; r++ {
			s := newPropState(t, climate, propSeat(r.String(), "fortune_teller"), propSeat("islam", "fortune_teller"))
			propReady(t, s, 0, -1, [numResources]int32{})
			pl := &s.players[0]
			seen := map[int]bool{}
			for _, night := range []bool{false, true} {
				s.night = night
				for stacks := uint8(0); stacks <= 12; stacks++ {
					for f := int32(0); f <= 9000; f += 100 {
						pl.propCorr, pl.res[Followers] = stacks, f
						got := s.PropagationRate(0, propTo)
						seen[got] = true
						if len(strconv.Itoa(got)) != 2 || got < 10 || got > 99 { // REL-435, REL-436
							t.Fatalf("%s/%s night=%v stacks %d followers %d: rate %d", climate, r, night, stacks, f, got)
						}
					}
				}
			}
			if !seen[99] { // REL-436: the cap is reached
				t.Errorf("%s/%s: rate never reached 99", climate, r)
			}
		}
	}
}

// TestPropagationTileEffects checks the tile check of REL-417: no tile
// carries a propagation effect without cards and factions, so the
// structure does not change R and no Tier 2 term appears (REL-431). The
// church is left out: its same-religion bonus (REL-944) arrives with the
// factions.
func TestPropagationTileEffects(t *testing.T) {
	for _, st := range []Structure{NoStructure, House, Building, Office, Trees, Mountain} {
		t.Run("REL-417/"+st.String(), func(t *testing.T) {
			s := newPropState(t, "temperate", propSeat("christianity", "fortune_teller"), propSeat("islam", "fortune_teller"))
			s.players[0].res[Followers] = 200
			propReady(t, s, 0, -1, [numResources]int32{10, 10, 10})
			s.tiles[propTo].Structure = st
			if got := propContact(t, s, 0); got != 52 { // REL-417: "No: nothing"
				t.Errorf("R = %d on %q, want 52", got, st)
			}
			ex, _ := propRoll(t, s, "failure")
			for _, x := range ex.R1Terms {
				if x.Tier <= 2 { // REL-431: no tile effect term
					t.Errorf("unexpected tier %d term %+v", x.Tier, x)
				}
			}
		})
	}
}

// TestPropagationTiers checks the tier evaluation of REL-429-434 and GAP-12
// on the rate the rules build: Tier 1 (cards) and Tier 2 (tile) terms are
// added on top of the Tier 5 base and Tier 4-3 terms, terms within a tier
// add up, and the clamp comes last. Cards and tile effects do not exist yet,
// so their terms are added to the real propagation terms here.
func TestPropagationTiers(t *testing.T) {
	s := newPropState(t, "dry", propSeat("hinduism", "fortune_teller"), propSeat("islam", "fortune_teller"))
	s.night = false
	pl := &s.players[0]
	pl.propCorr, pl.res[Followers] = 9, 500 // 50 + 90 + 5 - 10 - 10 = 125
	ts := s.propagationTerms(0, propTo)
	if got := ts.sum(); got != 125 { // REL-433, REL-434, REL-432
		t.Fatalf("tiers 5-3 sum to %d, want 125", got)
	}
	tiers := map[int8]int{}
	for _, x := range ts.items() {
		tiers[x.tier] += int(x.value)
	}
	if tiers[5] != 50 || tiers[4] != 85 || tiers[3] != -10 { // REL-432-434: base, then tier 4, then tier 3
		t.Errorf("tier sums %v, want 5:50 4:85 3:-10", tiers)
	}
	ts.add(2, termRelics, -20)                           // a tile debuff (REL-431)
	ts.add(1, termRelics, -30)                           // a card effect (REL-430)
	ts.add(1, termRelics, -5)                            // GAP-12: a second card in the same tier adds
	if got, want := ts.sum(), 125-20-30-5; got != want { // REL-430, REL-431: tiers 1 and 2 apply on top
		t.Errorf("sum with tiers 1-2 = %d, want %d", got, want)
	}
	if got := s.p.clamp(ts.sum()); got != 70 { // GAP-12: clamp at the end, not after tier 3 (99-55 = 44)
		t.Errorf("R = %d, want 70", got)
	}
	ts.add(1, termRelics, -200)
	if got := s.p.clamp(ts.sum()); got != 10 { // REL-436: no factor takes R below 10
		t.Errorf("R = %d, want 10", got)
	}
}

// TestPropagationSuccess checks a successful propagation: ownership, the
// reward, the reset of the correction and the result output.
func TestPropagationSuccess(t *testing.T) {
	s := newPropState(t, "temperate", propSeat("islam", "fortune_teller"), propSeat("islam", "fortune_teller"))
	pl := &s.players[0]
	pl.propCorr = 3
	before := pl.res
	alloc := [numResources]int32{130, 70, 40}
	propReady(t, s, 0, -1, alloc)
	if r := propContact(t, s, 0); r != 80 {
		t.Fatalf("R = %d, want 80", r)
	}
	ex, evs := propRoll(t, s, "success")
	if ex.Roll != "success" || ex.Seat != 0 || ex.Kind != "propagation" { // REL-421: the result is output
		t.Errorf("explain roll %q seat %d kind %q", ex.Roll, ex.Seat, ex.Kind)
	}
	if ev := findEvent(evs, "propagation"); !ev.Audience.Has(0) { // REL-421: the player sees it
		t.Errorf("propagation event audience %b lacks seat 0", ev.Audience)
	}
	if got := s.tiles[propTo].Owner; got != 0 { // REL-411, REL-414, REL-439: ownership
		t.Errorf("owner = %d, want 0", got)
	}
	if ev := findEvent(evs, "owner"); ev == nil { // REL-403: the tile is now owned through propagation
		t.Error("no owner event")
	}
	for r := Resource(0); r < numResources; r++ {
		if got, want := pl.res[r], before[r]+alloc[r]; got != want { // REL-414, REL-422, REL-439: the allotted resources
			t.Errorf("%s = %d, want %d", r, got, want)
		}
		if ex.Gains[r] != int(alloc[r]) {
			t.Errorf("explain gain %s = %d, want %d", r, ex.Gains[r], alloc[r])
		}
	}
	if s.tiles[propTo].Alloc != alloc { // GAP-02 (1): the allotment is not depleted
		t.Errorf("allotment after the reward %v, want %v", s.tiles[propTo].Alloc, alloc)
	}
	if pl.propCorr != 0 { // REL-438: the correction and its stacks are lost
		t.Errorf("correction stacks = %d, want 0", pl.propCorr)
	}
	if v := s.view(0); v.Players[0].PropCorr != 0 { // REL-438
		t.Errorf("view correction = %d, want 0", v.Players[0].PropCorr)
	}
	propReady(t, s, 0, -1, alloc)
	if r := propContact(t, s, 0); r != 51 { // REL-438: back to the base (+1 for the 130 followers gained)
		t.Errorf("next R = %d, want 51", r)
	}
}

// TestPropagationFailure checks a failed propagation: the tile stays
// neutral, nothing is rewarded and a correction stack is gained.
func TestPropagationFailure(t *testing.T) {
	s := newPropState(t, "temperate", propSeat("christianity", "businessman"), propSeat("islam", "fortune_teller"))
	pl := &s.players[0]
	before, rep := pl.res, pl.rep
	for stack := 0; stack < 4; stack++ {
		propReady(t, s, 0, -1, [numResources]int32{100, 100, 100})
		if r := propContact(t, s, 0); r != 50+10*stack { // REL-427, REL-428: +10% per earlier failure
			t.Errorf("attempt %d: R = %d, want %d", stack+1, r, 50+10*stack)
		}
		ex, evs := propRoll(t, s, "failure")
		if ex.Roll != "failure" { // REL-421
			t.Errorf("roll = %q, want failure", ex.Roll)
		}
		if got := s.tiles[propTo].Owner; got != -1 { // REL-440: the tile stays neutral
			t.Errorf("owner = %d, want -1", got)
		}
		if findEvent(evs, "owner") != nil { // REL-440
			t.Error("owner event after a failure")
		}
		if pl.res != before || ex.Gains != [numResources]int{} { // REL-422: no reward on failure
			t.Errorf("resources %v (gains %v), want %v", pl.res, ex.Gains, before)
		}
		if pl.rep != rep { // REL-402: a failed propagation costs nothing
			t.Errorf("reputation %d, want %d", pl.rep, rep)
		}
		if got := int(pl.propCorr); got != stack+1 { // REL-415, REL-441: one more stack per failure
			t.Errorf("stacks = %d, want %d", got, stack+1)
		}
		if v := s.view(1); v.Players[0].PropCorr != stack+1 { // REL-441: shown in the status window
			t.Errorf("view correction = %d, want %d", v.Players[0].PropCorr, stack+1)
		}
	}
	if pl.bonusUsed { // GAP-46: failures do not use up the first-success bonus
		t.Error("starting bonus used by failures")
	}
}

// TestPropagationCorrectionSaturates checks that a long run of failures
// never wraps the stack count back to zero (REL-428: the correction stacks
// until the player succeeds).
func TestPropagationCorrectionSaturates(t *testing.T) {
	s := newPropState(t, "temperate", propSeat("hinduism", "fortune_teller"), propSeat("islam", "fortune_teller"))
	pl := &s.players[0]
	pl.propCorr = 254
	for i := 0; i < 3; i++ {
		propReady(t, s, 0, -1, [numResources]int32{})
		if r := propContact(t, s, 0); r != 99 { // REL-428, REL-436
			t.Fatalf("failure %d: R = %d, want 99", i, r)
		}
		propRoll(t, s, "failure")
		if want := min(254+i+1, 255); int(pl.propCorr) != want { // REL-428: still stacked, saturating at 255
			t.Fatalf("failure %d: stacks = %d, want %d", i, pl.propCorr, want)
		}
	}
}

// TestPropagationNeverCertain checks that R alone never makes a
// propagation certain: at the 99 cap failure keeps weight 1, and at the 10
// floor success keeps weight 10. Only an unconditional effect may skip the
// roll (REL-437, GAP-14), and no such effect exists without cards.
func TestPropagationNeverCertain(t *testing.T) {
	for _, tc := range []struct {
		name      string
		base      int
		followers int32
		succ      int
	}{
		{"REL-437/GAP-14/cap", 50, 9000, 99},
		{"REL-437/GAP-14/floor", 0, 0, 10},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := DefaultParams()
			p.PropagationBase = tc.base
			s := NewWithParams(p).NewState(Config{NoCards: true, Size: 9, Climate: "temperate", CycleLimit: 100,
				Seats: []SeatConfig{propSeat("christianity", "religionist"), propSeat("islam", "religionist")}}, 5)
			s.wind = North
			s.players[0].res[Followers] = tc.followers
			propReady(t, s, 0, -1, [numResources]int32{})
			propApply(t, s, "move e")
			var succ, fail int
			for _, o := range s.Chance() {
				if s.AnswerText(o.Answer) == "success" {
					succ = o.Weight
				} else {
					fail = o.Weight
				}
			}
			if succ != tc.succ || fail != 100-tc.succ || fail == 0 || succ == 0 { // REL-437, GAP-14: the roll decides
				t.Errorf("weights success %d failure %d, want %d and %d", succ, fail, tc.succ, 100-tc.succ)
			}
		})
	}
}

// TestPropTileInteractionKinds compares the two tile interactions (REL-400-403):
// both make the tile the player's own, they differ in target, in risk and in
// reward.
func TestPropTileInteractionKinds(t *testing.T) {
	alloc := [numResources]int32{100, 200, 100}
	type outcome struct {
		owner int8
		rep   int32
		res   [numResources]int32
	}
	run := func(t *testing.T, owner int, roll string) outcome {
		s := newPropState(t, "temperate", propSeat("hinduism", "fortune_teller"), propSeat("hinduism", "fortune_teller"))
		s.players[0].res = [numResources]int32{0, 500, 500}
		s.players[1].res = [numResources]int32{1000, 1000, 1000}
		propReady(t, s, 0, owner, alloc)
		propApply(t, s, "move e")
		if s.phase != phaseRoll {
			t.Fatalf("no roll (phase %s)", phaseKinds[s.phase])
		}
		propApply(t, s, roll)
		pl := &s.players[0]
		return outcome{s.tiles[propTo].Owner, pl.rep, pl.res}
	}
	t.Run("REL-400/REL-403/both interactions make the tile the player's", func(t *testing.T) {
		if o := run(t, -1, "success"); o.owner != 0 { // REL-400, REL-403: through propagation
			t.Errorf("propagation: owner %d, want 0", o.owner)
		}
		if o := run(t, 1, "success"); o.owner != 0 { // REL-400, REL-403: through combat
			t.Errorf("combat: owner %d, want 0", o.owner)
		}
	})
	t.Run("REL-402/risk: failed combat costs reputation, failed propagation none", func(t *testing.T) {
		if o := run(t, -1, "failure"); o.rep != 50 || o.owner != -1 { // REL-402
			t.Errorf("propagation failure: reputation %d owner %d, want 50 and -1", o.rep, o.owner)
		}
		if o := run(t, 1, "failure"); o.rep != 45 || o.owner != 1 { // REL-402: 2 to declare + 3 for losing
			t.Errorf("combat failure: reputation %d owner %d, want 45 and 1", o.rep, o.owner)
		}
	})
	t.Run("REL-402/reward: propagation gives the allotment, combat the allotment without followers plus the loser's loss", func(t *testing.T) {
		if o := run(t, -1, "success"); o.res != [numResources]int32{100, 700, 600} { // REL-402, REL-439
			t.Errorf("propagation reward: %v", o.res)
		}
		if o := run(t, 1, "success"); o.res != [numResources]int32{50, 800, 650} { // REL-402, GAP-17
			t.Errorf("combat reward: %v", o.res)
		}
	})
}

// TestPropagationPlayedOut plays a seeded match with the time-out answers
// only, choosing each propagation's outcome, and checks the correction
// across real turns (REL-410, REL-427, REL-428, REL-438, REL-441): every
// contact with a neutral tile propagates at once, R rises 10 per failure
// and falls back after a success.
func TestPropagationPlayedOut(t *testing.T) {
	s := New().NewState(Config{NoCards: true, Size: 9, Climate: "temperate", CycleLimit: 100,
		Seats: []SeatConfig{propSeat("christianity", "fortune_teller"), propSeat("islam", "religionist")}}, 11)
	attempts := [2]int{}
	stacks := [2]int{}
	successes := 0
	for step := 0; step < 400 && !s.Terminal(); step++ {
		d := s.Pending()
		a := d.Default
		if d.Seat == engine.Chance && s.phase == phaseRoll && s.roll.kind == rollPropagation {
			seat := int(s.roll.seat)
			pl := &s.players[seat]
			want := min(50+10*stacks[seat]+int(pl.res[Followers])/100, 99)
			if got := int(s.roll.r); got != want { // REL-427, REL-428, REL-438
				t.Fatalf("seat %d attempt %d: R = %d, want %d (%d stacks)", seat, attempts[seat], got, want, stacks[seat])
			}
			attempts[seat]++
			outcome := "failure"
			if attempts[seat]%5 == 0 { // every fifth attempt succeeds
				outcome = "success"
			}
			a, _ = s.ParseAnswer(outcome)
			tile := int(s.roll.tile)
			if _, err := s.Apply(a); err != nil {
				t.Fatal(err)
			}
			if outcome == "success" {
				successes++
				stacks[seat] = 0
				if int(s.tiles[tile].Owner) != seat { // REL-411
					t.Fatalf("seat %d succeeded but tile %d is owned by %d", seat, tile, s.tiles[tile].Owner)
				}
			} else {
				stacks[seat]++
				if s.tiles[tile].Owner != -1 { // REL-440
					t.Fatalf("tile %d owned by %d after a failure", tile, s.tiles[tile].Owner)
				}
			}
			if int(pl.propCorr) != stacks[seat] { // REL-438, REL-441
				t.Fatalf("seat %d stacks = %d, want %d", seat, pl.propCorr, stacks[seat])
			}
			continue
		}
		if d.Seat != engine.Chance && s.phase == phaseMove {
			seat := d.Seat
			evs, err := s.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			// REL-410: contact with a neutral tile leads straight to the roll,
			// with no other decision in between.
			pl := &s.players[seat]
			if s.phase != phaseSprint && s.phase != phaseExtraMove && pl.pos >= 0 && !pl.onStart {
				tile := &s.tiles[pl.pos]
				neutral := tile.Owner < 0 && tile.Terrain.Contactable() && !tile.Structure.LocalGovernment()
				propagating := s.phase == phaseRoll && s.roll.kind == rollPropagation
				if neutral != propagating && findEvent(evs, "moved") != nil {
					t.Fatalf("seat %d contacted %v (owner %d): propagation roll %v", seat, s.coord(int(pl.pos)), tile.Owner, propagating)
				}
			}
			continue
		}
		if _, err := s.Apply(a); err != nil {
			t.Fatal(err)
		}
	}
	if attempts[0] < 10 || attempts[1] < 10 || successes < 4 {
		t.Fatalf("too little propagation to test: attempts %v, successes %d", attempts, successes)
	}
}
