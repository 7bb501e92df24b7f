package realigious

import (
	"slices"
	"strconv"
	"testing"

	"tabletop/engine"
)

// Combat tests (spec section 8, REL-500-580, and the GAP decisions of
// docs/decisions.md). Most combat rules are checked by the scenario files
// testdata/scenarios/combat-*.json; the tests here check what a scenario's
// expect block cannot: the terms and tiers of R1 and R2 in the explain
// event, the declare event's costs, the roll's chance weights, the answers
// offered by the piece interaction tab and the relocation, and clamps under
// other rules parameters. Each test builds a controlled position with
// cbGame, plays real answers through Apply and checks state and events.
// Every spec ID is cited at the assertion that verifies it.

// cbGame builds a match for combat tests: a blank 9×9 grass map (no
// structures, allotments or owners), turn order by seat number, every piece
// parked in column 0 (seat i at row 2i) and contacting its tile, no
// resources, 50 reputation, no first-turn bonuses pending, and the monsoon
// blowing north so that moves east and west are single steps (GAP-41).
func cbGame(t *testing.T, p *Params, religions ...string) *State {
	t.Helper()
	g := New()
	if p != nil {
		g = NewWithParams(*p)
	}
	seats := make([]SeatConfig, len(religions))
	for i, r := range religions {
		seats[i] = SeatConfig{Religion: r, Character: "religionist"}
	}
	s := g.NewState(Config{NoCards: true, Size: 9, Climate: "temperate", CycleLimit: 100, Seats: seats}, 7)
	for i := range s.tiles {
		s.tiles[i] = Tile{Terrain: Grass, Owner: -1}
	}
	for i := range s.known {
		s.known[i] = -1
	}
	for i := range s.order {
		s.order[i] = int8(i)
	}
	s.turnIdx = 0
	s.wind = North
	s.night = false
	s.blocked = s.blocked[:0]
	for i := range s.players {
		pl := &s.players[i]
		pl.onStart = false
		pl.bonusUsed = true
		pl.turns = 3
		pl.rep = 50
		pl.res = [numResources]int32{}
		pl.pos = int16(cbAt(s, 0, 2*i))
		pl.prev = pl.pos
	}
	return s
}

// cbAt returns the tile index of (col, row).
func cbAt(s *State, col, row int) int { return s.geo.index(col, row) }

// cbStart begins seat's turn through the real start phase, which records
// the tile the piece contacts as the previous turn's tile (REL-568).
func cbStart(t *testing.T, s *State, seat int) {
	t.Helper()
	s.turnIdx = slices.Index(s.order, int8(seat))
	s.startTurn()
	if s.phase != phaseMove || s.active() != seat {
		t.Fatalf("start of seat %d's turn: phase %s, active %d", seat, phaseKinds[s.phase], s.active())
	}
}

// cbApply applies an answer given in text form and returns a copy of its
// events.
func cbApply(t *testing.T, s *State, text string) []engine.Event {
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

// cbAttack puts seat's piece on from, starts its turn and moves it east onto
// the tile next to from. It returns the move's events.
func cbAttack(t *testing.T, s *State, seat, from int) []engine.Event {
	t.Helper()
	s.players[seat].pos = int16(from)
	cbStart(t, s, seat)
	return cbApply(t, s, "move e")
}

// cbExplain returns the explain payload of the first event of kind.
func cbExplain(t *testing.T, evs []engine.Event, kind string) *Explain {
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

// cbDeclare returns the declare event's payload, or fails.
func cbDeclare(t *testing.T, evs []engine.Event) declareData {
	t.Helper()
	e := findEvent(evs, "declare")
	if e == nil {
		t.Fatalf("no declare event in %v", eventKinds(evs))
	}
	d, ok := e.Data.(declareData)
	if !ok {
		t.Fatalf("declare data is %T", e.Data)
	}
	return d
}

// cbTerm returns the value and tier of the named term, and whether it is
// present.
func cbTerm(ts []ExplainTerm, name string) (value, tier int, ok bool) {
	for _, x := range ts {
		if x.Name == name {
			return x.Value, x.Tier, true
		}
	}
	return 0, 0, false
}

// cbPending checks the pending decision's seat and kind.
func cbPending(t *testing.T, s *State, seat engine.Seat, kind string) {
	t.Helper()
	d := s.Pending()
	if d.Seat != seat || d.Kind != kind {
		t.Fatalf("pending = seat %d %q, want seat %d %q", d.Seat, d.Kind, seat, kind)
	}
}

// cbChance returns the failure and success weights of the pending roll.
func cbChance(t *testing.T, s *State) (failure, success int) {
	t.Helper()
	for _, o := range s.Chance() {
		switch s.AnswerText(o.Answer) {
		case "failure":
			failure = o.Weight
		case "success":
			success = o.Weight
		}
	}
	return failure, success
}

// Contested positions: the attacker (seat 0) moves east from cbFrom onto
// cbTarget.
const (
	cbFromCol, cbFromRow     = 3, 4
	cbTargetCol, cbTargetRow = 4, 4
)

func TestCombatDeclarationCosts(t *testing.T) {
	tests := []struct {
		name          string
		religion      string
		followers     int32
		wantFollowers int32 // after the declaration
		wantCost      int   // follower cost in the declare event
		wantBonus     int   // followers term of R1
	}{
		{"REL-547/100 followers pay 50 for +10", "hinduism", 100, 50, 50, 10},
		{"REL-547/GAP-10/2000 followers pay 50 for a flat +10", "hinduism", 2000, 1950, 50, 10},
		{"REL-329/GAP-67/99 followers pay nothing", "hinduism", 99, 99, 0, 0},
		{"REL-329/no followers", "christianity", 0, 0, 0, 0},
		{"REL-547/islam 150 followers", "islam", 150, 100, 50, 10},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := cbGame(t, nil, tc.religion, "hinduism")
			s.players[0].res[Followers] = tc.followers
			target := cbAt(s, cbTargetCol, cbTargetRow)
			s.tiles[target].Owner = 1
			evs := cbAttack(t, s, 0, cbAt(s, cbFromCol, cbFromRow))

			// REL-501, GAP-07: the contact declares combat by itself; the
			// next decision is the chance roll, not a player choice.
			cbPending(t, s, engine.Chance, "roll")
			d := cbDeclare(t, evs)
			if d.Defender != 1 || d.Kind != "combat" {
				t.Errorf("declare = defender %d kind %q, want 1 \"combat\"", d.Defender, d.Kind)
			}
			// REL-328, REL-502, REL-513: 2% reputation is taken before the
			// combat is rolled.
			if got := s.players[0].rep; got != 48 {
				t.Errorf("reputation after declaring = %d, want 48", got)
			}
			if d.Reputation != 2 {
				t.Errorf("declare reputation cost = %d, want 2", d.Reputation) // REL-328
			}
			// REL-329, REL-547, GAP-10: 50 followers at 100 or more, none
			// below.
			if got := s.players[0].res[Followers]; got != tc.wantFollowers {
				t.Errorf("followers after declaring = %d, want %d", got, tc.wantFollowers)
			}
			if d.Followers != tc.wantCost {
				t.Errorf("declare follower cost = %d, want %d", d.Followers, tc.wantCost) // REL-329
			}
			ex := cbExplain(t, cbApply(t, s, "failure"), "combat")
			got, _, _ := cbTerm(ex.R1Terms, "followers")
			if got != tc.wantBonus {
				t.Errorf("R1 followers term = %d, want %d", got, tc.wantBonus) // REL-547, GAP-10
			}
		})
	}
}

func TestCombatSuccessRateR1(t *testing.T) {
	type termWant struct {
		name        string
		value, tier int
	}
	tests := []struct {
		name       string
		religion   string
		followers  int32
		combatCorr uint8
		propCorr   uint8
		dryNight   bool
		wantR1     int
		want       []termWant // terms that must be present
		absent     []string   // terms that must not be present
	}{
		{"REL-546/REL-555/base 60 at tier 5", "christianity", 0, 0, 0, false, 60,
			[]termWant{{"base", 60, 5}}, []string{"followers", "correction", "islam_jihad"}},
		{"REL-142/REL-554/GAP-09/islam +10 at tier 4", "islam", 0, 0, 0, false, 70,
			[]termWant{{"base", 60, 5}, {"islam_jihad", 10, 4}}, nil},
		{"GAP-09/hinduism -10 is propagation only", "hinduism", 0, 0, 0, false, 60,
			nil, []string{"hinduism_polytheism"}},
		{"GAP-09/propagation correction is not used", "hinduism", 0, 0, 4, false, 60,
			nil, []string{"correction"}},
		{"REL-548/REL-549/REL-554/combat correction 2 stacks", "christianity", 0, 2, 0, false, 80,
			[]termWant{{"correction", 20, 4}}, nil},
		{"REL-547/GAP-10/REL-554/followers flat +10", "christianity", 900, 0, 0, false, 70,
			[]termWant{{"followers", 10, 4}}, nil},
		{"REL-520/REL-550/all tier-4 factors add", "islam", 100, 1, 3, false, 90,
			[]termWant{{"base", 60, 5}, {"correction", 10, 4}, {"followers", 10, 4}, {"islam_jihad", 10, 4}}, nil},
		{"REL-553/REL-518/GAP-40/dry night cold -10 at tier 3", "christianity", 0, 0, 0, true, 50,
			[]termWant{{"dry_cold", -10, 3}}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := cbGame(t, nil, tc.religion, "hinduism")
			pl := &s.players[0]
			pl.res[Followers] = tc.followers
			pl.combatCorr = tc.combatCorr
			pl.propCorr = tc.propCorr
			if tc.dryNight {
				s.climate, s.night = Dry, true
			}
			s.tiles[cbAt(s, cbTargetCol, cbTargetRow)].Owner = 1
			cbAttack(t, s, 0, cbAt(s, cbFromCol, cbFromRow))
			ex := cbExplain(t, cbApply(t, s, "failure"), "combat")
			if ex.R1 != tc.wantR1 {
				t.Errorf("R1 = %d, want %d (terms %+v)", ex.R1, tc.wantR1, ex.R1Terms)
			}
			for _, w := range tc.want {
				v, tier, ok := cbTerm(ex.R1Terms, w.name)
				if !ok || v != w.value || tier != w.tier {
					t.Errorf("R1 term %s = %d at tier %d (present %v), want %d at tier %d", w.name, v, tier, ok, w.value, w.tier)
				}
			}
			for _, name := range tc.absent {
				if v, _, ok := cbTerm(ex.R1Terms, name); ok {
					t.Errorf("R1 has term %s = %d, want none", name, v)
				}
			}
			// REL-550: R1 is the sum of its terms.
			sum := 0
			for _, x := range ex.R1Terms {
				sum += x.Value
			}
			if ex.R1Raw != sum {
				t.Errorf("R1 raw = %d, want the sum of its terms %d", ex.R1Raw, sum)
			}
		})
	}
}

func TestCombatDefenseRateR2(t *testing.T) {
	tests := []struct {
		name     string
		defender string
		defCorr  uint8
		piece    bool // the defender's piece is on the tile
		wantR2   int
		wantR    int // attacker is Christian with no followers: R1 = 60
	}{
		{"REL-532/REL-540/base 10 at tier 4", "hinduism", 0, false, 10, 50},
		{"REL-533/REL-539/one failed defense +10 at tier 3", "hinduism", 1, false, 20, 40},
		{"REL-534/three failed defenses stack", "hinduism", 3, false, 40, 20},
		{"GAP-47/islam gives no R2 bonus", "islam", 0, false, 10, 50},
		{"REL-510/GAP-15/REL-538/REL-519/first arrival +10 at tier 2", "hinduism", 0, true, 20, 40},
		{"REL-536/first arrival and correction add", "islam", 2, true, 40, 20},
		{"REL-134/GAP-15/christian first arrival gets nothing", "christianity", 0, true, 10, 50},
		{"REL-134/GAP-15/christian with correction", "christianity", 1, true, 20, 40},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := cbGame(t, nil, "christianity", tc.defender)
			target := cbAt(s, cbTargetCol, cbTargetRow)
			s.tiles[target].Owner = 1
			s.players[1].defCorr = tc.defCorr
			if tc.piece {
				s.players[1].pos = int16(target)
			}
			cbAttack(t, s, 0, cbAt(s, cbFromCol, cbFromRow))
			kind := "combat"
			if tc.piece {
				cbApply(t, s, "dispute")
				kind = "piece_combat"
			}
			// REL-522, REL-523, REL-531, REL-545: the roll succeeds with
			// weight R = R1 - R2 and fails with 100 - R.
			fail, succ := cbChance(t, s)
			if succ != tc.wantR || fail != 100-tc.wantR {
				t.Errorf("chance weights = failure %d success %d, want %d and %d", fail, succ, 100-tc.wantR, tc.wantR)
			}
			ex := cbExplain(t, cbApply(t, s, "failure"), kind)
			if ex.R2 != tc.wantR2 {
				t.Errorf("R2 = %d, want %d (terms %+v)", ex.R2, tc.wantR2, ex.R2Terms) // REL-521, REL-536
			}
			if ex.R != tc.wantR || ex.R != ex.R1-ex.R2 {
				t.Errorf("R = %d, want %d = R1 %d - R2 %d", ex.R, tc.wantR, ex.R1, ex.R2) // REL-522
			}
			if v, tier, ok := cbTerm(ex.R2Terms, "base"); !ok || v != 10 || tier != 4 {
				t.Errorf("R2 base = %d at tier %d, want 10 at tier 4", v, tier) // REL-532, REL-540
			}
			corr, corrTier, hasCorr := cbTerm(ex.R2Terms, "defense_correction")
			if int(tc.defCorr)*10 != corr || hasCorr && corrTier != 3 {
				t.Errorf("R2 defense correction = %d at tier %d, want %d at tier 3", corr, corrTier, int(tc.defCorr)*10) // REL-533, REL-539
			}
			wantFirst := 0
			if tc.piece && tc.defender != "christianity" {
				wantFirst = 10
			}
			first, firstTier, hasFirst := cbTerm(ex.R2Terms, "first_arrival")
			if first != wantFirst || hasFirst && firstTier != 2 {
				t.Errorf("R2 first arrival = %d at tier %d, want %d at tier 2", first, firstTier, wantFirst) // GAP-15, REL-134, REL-538
			}
		})
	}
}

func TestCombatRateClamps(t *testing.T) {
	low := DefaultParams()
	low.CombatBase = 0 // R1 raw below 10
	noDef := DefaultParams()
	noDef.DefenseBase = 0 // R2 raw below 10
	tests := []struct {
		name                     string
		p                        *Params
		attacker                 string
		followers                int32
		combatCorr, defCorr      uint8
		wantR1Raw, wantR1        int
		wantR2Raw, wantR2, wantR int
	}{
		{"REL-557/R1 above 99 clamps", nil, "islam", 100, 20, 0, 280, 99, 10, 10, 89},
		{"REL-541/R2 above 99 clamps/GAP-11 R below 10 clamps", nil, "christianity", 0, 0, 20, 60, 60, 210, 99, 10},
		{"GAP-11/both at 99 give R 10", nil, "islam", 100, 20, 20, 280, 99, 210, 99, 10},
		{"REL-557/R1 below 10 clamps/GAP-11 R1 10 R2 99", &low, "christianity", 0, 0, 20, 0, 10, 210, 99, 10},
		{"REL-541/R2 below 10 clamps", &noDef, "christianity", 0, 0, 0, 60, 60, 0, 10, 50},
		{"GAP-11/R1 - R2 zero clamps to 10", nil, "christianity", 0, 0, 5, 60, 60, 60, 60, 10},
		{"GAP-11/R 89 at the top", nil, "christianity", 0, 5, 0, 110, 99, 10, 10, 89},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := cbGame(t, tc.p, tc.attacker, "hinduism")
			s.players[0].res[Followers] = tc.followers
			s.players[0].combatCorr = tc.combatCorr
			s.players[1].defCorr = tc.defCorr
			s.tiles[cbAt(s, cbTargetCol, cbTargetRow)].Owner = 1
			cbAttack(t, s, 0, cbAt(s, cbFromCol, cbFromRow))
			_, succ := cbChance(t, s)
			if succ != tc.wantR {
				t.Errorf("success weight = %d, want R %d", succ, tc.wantR) // REL-523, GAP-11
			}
			ex := cbExplain(t, cbApply(t, s, "failure"), "combat")
			if ex.R1Raw != tc.wantR1Raw || ex.R1 != tc.wantR1 {
				t.Errorf("R1 = %d (raw %d), want %d (raw %d)", ex.R1, ex.R1Raw, tc.wantR1, tc.wantR1Raw) // REL-557
			}
			if ex.R2Raw != tc.wantR2Raw || ex.R2 != tc.wantR2 {
				t.Errorf("R2 = %d (raw %d), want %d (raw %d)", ex.R2, ex.R2Raw, tc.wantR2, tc.wantR2Raw) // REL-541
			}
			if ex.RRaw != ex.R1-ex.R2 || ex.R != tc.wantR {
				t.Errorf("R = %d (raw %d), want %d (raw R1 - R2 = %d)", ex.R, ex.RRaw, tc.wantR, ex.R1-ex.R2) // GAP-11
			}
			// REL-535, REL-556, GAP-11: the clamped rates always show as
			// two-digit integers.
			for name, v := range map[string]int{"R1": ex.R1, "R2": ex.R2, "R": ex.R} {
				if len(strconv.Itoa(v)) != 2 {
					t.Errorf("%s = %d is not a two-digit percentage", name, v)
				}
			}
		})
	}
}

// TestCombatRateTiers checks the tier evaluation that cards (Tier 1) and tile
// effects (Tier 2) will plug into (GAP-12): terms of every tier add up and
// the clamp comes after the last tier.
func TestCombatRateTiers(t *testing.T) {
	s := cbGame(t, nil, "islam", "hinduism")
	s.players[0].res[Followers] = 100
	s.players[1].defCorr = 1
	r1 := s.attackTerms(0, true)  // 60 + 10 followers + 10 Islam
	r2 := s.defenseTerms(1, true) // 10 + 10 correction + 10 first arrival
	tests := []struct {
		name           string
		r1Tier         int // tier of the injected R1 term
		r1Add          int
		r2Tier, r2Add  int
		wantR1, wantR2 int
	}{
		{"REL-551/tier 1 card term enters R1", 1, 5, 1, 0, 85, 30},
		{"REL-552/tier 2 tile term enters R1", 2, -15, 1, 0, 65, 30},
		{"REL-551/REL-557/GAP-12/clamp after tier 1", 1, 40, 1, 0, 99, 30},
		{"REL-551/REL-557/GAP-12/clamp after a tier 1 debuff", 1, -90, 1, 0, 10, 30},
		{"REL-537/tier 1 card term enters R2", 1, 0, 1, 15, 80, 45},
		{"REL-537/REL-541/GAP-12/R2 clamp after tier 1", 1, 0, 1, -70, 80, 10},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			a, d := r1, r2
			a.add(tc.r1Tier, termCorrection, tc.r1Add)
			d.add(tc.r2Tier, termDefenseCorrection, tc.r2Add)
			if got := s.p.clamp(a.sum()); got != tc.wantR1 {
				t.Errorf("R1 = %d, want %d", got, tc.wantR1)
			}
			if got := s.p.clamp(d.sum()); got != tc.wantR2 {
				t.Errorf("R2 = %d, want %d", got, tc.wantR2)
			}
		})
	}
}

func TestCombatTileStructuresHaveNoCombatEffect(t *testing.T) {
	// REL-517, REL-552: step 1 (6) asks whether the tile carries a combat
	// effect; no structure does yet, so R1 and R2 are those of a plain tile
	// and no Tier 2 tile term appears.
	for _, st := range []Structure{NoStructure, House, Building, Office, Church, Trees, Mountain} {
		t.Run("REL-517/"+st.String(), func(t *testing.T) {
			s := cbGame(t, nil, "islam", "hinduism")
			target := cbAt(s, cbTargetCol, cbTargetRow)
			s.tiles[target].Structure = st
			s.tiles[target].Owner = 1
			cbAttack(t, s, 0, cbAt(s, cbFromCol, cbFromRow))
			ex := cbExplain(t, cbApply(t, s, "failure"), "combat")
			if ex.R1 != 70 || ex.R2 != 10 {
				t.Errorf("R1 %d R2 %d on %q, want 70 and 10 as on a plain tile", ex.R1, ex.R2, st)
			}
			for _, x := range ex.R1Terms {
				if x.Tier <= 2 {
					t.Errorf("R1 has a tier-%d term %s on %q", x.Tier, x.Name, st) // REL-552
				}
			}
		})
	}
}

func TestCombatPieceInteractionTab(t *testing.T) {
	// Three seats: seat 0 arrives on the target; seats 1 and 2 are placed
	// per case. owner is the target's owner (-1 neutral).
	tests := []struct {
		name     string
		owner    int8
		on       []int // seats whose pieces stand on the target
		wantTab  bool
		wantKind string // declare kind after "dispute" or without tab; "" = no combat
		wantDef  int
	}{
		{"REL-507/REL-514/GAP-08/owner piece on the tile opens the tab", 1, []int{1}, true, "piece_combat", 1},
		{"REL-505/REL-516/GAP-08/owner piece elsewhere is normal combat", 1, nil, false, "combat", 1},
		{"GAP-18/third party piece on the tile is normal combat", 1, []int{2}, false, "combat", 1},
		{"GAP-18/several pieces: dispute targets the owner", 1, []int{2, 1}, true, "piece_combat", 1},
		{"GAP-18/another piece on a neutral tile is propagation", -1, []int{1}, false, "", -1},
		{"GAP-18/another piece on the own tile does nothing", 0, []int{1}, false, "", -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := cbGame(t, nil, "hinduism", "islam", "christianity")
			target := cbAt(s, cbTargetCol, cbTargetRow)
			s.tiles[target].Owner = tc.owner
			for _, seat := range tc.on {
				s.players[seat].pos = int16(target)
			}
			evs := cbAttack(t, s, 0, cbAt(s, cbFromCol, cbFromRow))
			if tc.wantTab {
				// REL-507, REL-508, GAP-18 (1): the late arrival chooses
				// between Dispute and Pass.
				cbPending(t, s, 0, "interaction")
				var names []string
				for _, a := range s.Legal(nil) {
					names = append(names, s.AnswerText(a))
				}
				if !slices.Equal(names, []string{"dispute", "pass"}) {
					t.Errorf("tab answers = %v, want [dispute pass]", names) // REL-508, GAP-18
				}
				if findEvent(evs, "declare") != nil {
					t.Errorf("combat declared before the tab choice") // REL-509
				}
				evs = cbApply(t, s, "dispute") // REL-509
			}
			if tc.wantKind == "" {
				if findEvent(evs, "declare") != nil {
					t.Fatalf("combat declared: %v", eventKinds(evs))
				}
				if tc.owner < 0 {
					cbPending(t, s, engine.Chance, "roll")
					if s.roll.kind != rollPropagation {
						t.Errorf("roll kind %s, want propagation", rollKindNames[s.roll.kind]) // GAP-18 (3)
					}
				} else {
					cbPending(t, s, 1, "move") // GAP-18 (3): nothing on one's own tile
				}
				if s.players[0].rep != 50 {
					t.Errorf("reputation = %d, want 50", s.players[0].rep)
				}
				return
			}
			d := cbDeclare(t, evs)
			// REL-503, REL-514, REL-515, REL-516, REL-560, GAP-08: the piece
			// check picks the rule.
			if d.Kind != tc.wantKind || d.Defender != tc.wantDef {
				t.Errorf("declare = %q vs %d, want %q vs %d", d.Kind, d.Defender, tc.wantKind, tc.wantDef)
			}
			ex := cbExplain(t, cbApply(t, s, "failure"), tc.wantKind)
			if ex.Kind != tc.wantKind || ex.Defender != tc.wantDef {
				t.Errorf("result under rule %q vs %d, want %q vs %d", ex.Kind, ex.Defender, tc.wantKind, tc.wantDef) // REL-524, REL-525, REL-526, REL-560
			}
		})
	}
}

func TestCombatPieceWinRelocateChance(t *testing.T) {
	// REL-576: several own tiles at the nearest distance make a chance
	// decision "relocate" among exactly those tiles.
	s := cbGame(t, nil, "islam", "hinduism")
	from, target := cbAt(s, cbFromCol, cbFromRow), cbAt(s, cbTargetCol, cbTargetRow)
	n1, n2, far := cbAt(s, 4, 2), cbAt(s, 4, 6), cbAt(s, 8, 4)
	for _, tl := range []int{target, n1, n2, far} {
		s.tiles[tl].Owner = 1
	}
	if s.geo.distance(target, n1) != 2 || s.geo.distance(target, n2) != 2 || s.geo.distance(target, far) != 4 {
		t.Fatalf("bad fixture distances")
	}
	s.players[1].pos = int16(target)
	cbAttack(t, s, 0, from)
	cbApply(t, s, "dispute")
	cbApply(t, s, "success")
	cbPending(t, s, engine.Chance, "relocate") // REL-576
	var got []string
	for _, o := range s.Chance() {
		got = append(got, s.AnswerText(o.Answer))
		if o.Weight != 1 {
			t.Errorf("REL-576: %s weight %d, want uniform 1", s.AnswerText(o.Answer), o.Weight)
		}
	}
	if want := []string{"tile 4,2", "tile 4,6"}; !slices.Equal(got, want) {
		t.Errorf("REL-576: relocation choices %v, want %v", got, want)
	}
	farther, err := s.ParseAnswer("tile 8,4")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Apply(farther); err == nil {
		t.Errorf("REL-576: relocation to a farther tile was accepted")
	}
	evs := cbApply(t, s, "tile 4,6")
	if int(s.players[1].pos) != n2 {
		t.Errorf("REL-576: defender on %v, want %v", s.coord(int(s.players[1].pos)), s.coord(n2))
	}
	if findEvent(evs, "relocated") == nil {
		t.Errorf("REL-576: no relocated event in %v", eventKinds(evs))
	}
	cbPending(t, s, 1, "move")
}

func TestCombatFactors(t *testing.T) {
	// Baseline: a Hinduism attacker with no followers against a Hinduism
	// defender's tile, R = 60 - 10 = 50. Each case changes one factor and
	// reads R from the roll's success weight.
	tests := []struct {
		name       string
		attacker   string
		defender   string
		followers  int32
		piece      bool
		combatCorr uint8
		defCorr    uint8
		wantR      int
	}{
		{"REL-504/baseline", "hinduism", "hinduism", 0, false, 0, 0, 50},
		{"REL-504/followers", "hinduism", "hinduism", 100, false, 0, 0, 60},
		{"REL-504/origin religion islam", "islam", "hinduism", 0, false, 0, 0, 60},
		{"REL-504/first arrival", "hinduism", "hinduism", 0, true, 0, 0, 40},
		{"REL-504/REL-134/origin religion christian first arrival", "hinduism", "christianity", 0, true, 0, 0, 50},
		{"REL-530/success rate moves R", "hinduism", "hinduism", 0, false, 1, 0, 60},
		{"REL-530/defense rate moves R", "hinduism", "hinduism", 0, false, 0, 1, 40},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := cbGame(t, nil, tc.attacker, tc.defender)
			target := cbAt(s, cbTargetCol, cbTargetRow)
			s.tiles[target].Owner = 1
			s.players[0].res[Followers] = tc.followers
			s.players[0].combatCorr = tc.combatCorr
			s.players[1].defCorr = tc.defCorr
			if tc.piece {
				s.players[1].pos = int16(target)
			}
			cbAttack(t, s, 0, cbAt(s, cbFromCol, cbFromRow))
			if tc.piece {
				cbApply(t, s, "dispute")
			}
			if _, succ := cbChance(t, s); succ != tc.wantR {
				t.Errorf("R = %d, want %d", succ, tc.wantR) // REL-504, REL-530
			}
		})
	}
	// REL-530: the rates matter only when the combat runs normally: a Pass
	// in the piece interaction tab rolls nothing at all.
	t.Run("REL-530/pass rolls nothing", func(t *testing.T) {
		s := cbGame(t, nil, "islam", "hinduism")
		target := cbAt(s, cbTargetCol, cbTargetRow)
		s.tiles[target].Owner = 1
		s.players[1].pos = int16(target)
		cbAttack(t, s, 0, cbAt(s, cbFromCol, cbFromRow))
		evs := cbApply(t, s, "pass")
		if findEvent(evs, "piece_combat") != nil || s.Chance() != nil {
			t.Errorf("a roll happened after pass: %v", eventKinds(evs)) // REL-530
		}
	})
}
