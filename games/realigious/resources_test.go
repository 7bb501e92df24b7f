package realigious

import (
	"testing"

	"tabletop/engine"
)

// Tests of resources (spec section 6, REL-300-330) and of the gap decisions
// on them: starting resources (GAP-01), the allotment read by rewards
// (GAP-02), percentages and rounding (GAP-13), Religious victory (GAP-31),
// the character and religion reward bonuses (GAP-46, GAP-47) and the floor
// at zero (GAP-67). The helpers come from propagation_test.go.

// TestResStartingResources checks the starting resources of every seat
// (REL-304, GAP-01) and that each category is a public number (REL-301,
// REL-311).
func TestResStartingResources(t *testing.T) {
	for players := 2; players <= 4; players++ {
		for _, seed := range []uint64{1, 2, 99} {
			g := New()
			c, err := g.ParseConfig(nil, players) // random religions, characters and climate
			if err != nil {
				t.Fatal(err)
			}
			s := g.NewState(c, seed)
			for i := range s.players {
				pl := &s.players[i]
				if pl.res != [numResources]int32{0, 500, 500} { // REL-304, GAP-01: 0 followers, 500 donations, 500 influence
					t.Errorf("%dp seed %d seat %d: starting resources %v, want [0 500 500]", players, seed, i, pl.res)
				}
				if pl.rep != 50 { // GAP-01: at 50% reputation
					t.Errorf("%dp seed %d seat %d: reputation %d, want 50", players, seed, i, pl.rep)
				}
				for viewer := 0; viewer < players; viewer++ {
					pv := s.view(engine.Seat(viewer)).Players[i]
					// REL-301, REL-311: followers, donations and influence are
					// counted apart, as numbers every seat sees.
					if pv.Followers != 0 || pv.Donations != 500 || pv.Influence != 500 {
						t.Errorf("%dp seed %d: seat %d sees seat %d with %d/%d/%d", players, seed, viewer, i, pv.Followers, pv.Donations, pv.Influence)
					}
				}
			}
		}
	}
}

// TestResPropagationRewards checks what a successful propagation gives, by
// origin religion and character (REL-305, REL-306, REL-312, REL-439,
// GAP-02, GAP-13, GAP-46, GAP-47). The allotment is deliberately not a
// multiple of 10, so that rounding shows.
func TestResPropagationRewards(t *testing.T) {
	alloc := [numResources]int32{57, 33, 26}
	tests := []struct {
		name      string
		religion  string
		character string
		failFirst int                 // failures before the first success
		first     [numResources]int32 // gains of the first success
		second    [numResources]int32 // gains of the second success
	}{
		{"REL-305/REL-306/REL-312/GAP-02/the allotment, as is", "hinduism", "fortune_teller", 0,
			[numResources]int32{57, 33, 26}, [numResources]int32{57, 33, 26}},
		{"REL-143/GAP-47/islam gets no propagation bonus", "islam", "explorer", 0,
			[numResources]int32{57, 33, 26}, [numResources]int32{57, 33, 26}},
		{"REL-133/GAP-47/GAP-13/christianity +20%, rounded down", "christianity", "fortune_teller", 0,
			[numResources]int32{68, 39, 31}, [numResources]int32{68, 39, 31}},
		{"REL-121/GAP-46/REL-314/businessman doubles donations and influence once", "hinduism", "businessman", 0,
			[numResources]int32{57, 66, 52}, [numResources]int32{57, 33, 26}},
		{"GAP-46/businessman bonus waits for the first success", "buddhism", "businessman", 3,
			[numResources]int32{57, 66, 52}, [numResources]int32{57, 33, 26}},
		{"REL-122/GAP-46/religionist doubles followers once", "hinduism", "religionist", 0,
			[numResources]int32{114, 33, 26}, [numResources]int32{57, 33, 26}},
		{"GAP-46/religionist bonus waits for the first success", "islam", "religionist", 2,
			[numResources]int32{114, 33, 26}, [numResources]int32{57, 33, 26}},
		{"GAP-13/GAP-46/GAP-47/christian businessman: 100+100+20 = 220%", "christianity", "businessman", 0,
			[numResources]int32{68, 72, 57}, [numResources]int32{68, 39, 31}},
		{"GAP-13/GAP-46/GAP-47/christian religionist: 220% followers", "christianity", "religionist", 1,
			[numResources]int32{125, 39, 31}, [numResources]int32{68, 39, 31}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newPropState(t, "temperate", propSeat(tc.religion, tc.character), propSeat("hinduism", "fortune_teller"))
			pl := &s.players[0]
			for i := 0; i < tc.failFirst; i++ {
				propReady(t, s, 0, -1, alloc)
				propContact(t, s, 0)
				propRoll(t, s, "failure")
			}
			if pl.res != [numResources]int32{0, 500, 500} { // GAP-46: nothing paid or gained by failures
				t.Fatalf("after %d failures: resources %v", tc.failFirst, pl.res)
			}
			for i, want := range [][numResources]int32{tc.first, tc.second} {
				before := pl.res
				propReady(t, s, 0, -1, alloc)
				propContact(t, s, 0)
				ex, _ := propRoll(t, s, "success")
				for r := Resource(0); r < numResources; r++ {
					if got := pl.res[r] - before[r]; got != want[r] { // REL-305, REL-439
						t.Errorf("success %d: %s gained %d, want %d", i+1, r, got, want[r])
					}
					if ex.Gains[r] != int(want[r]) {
						t.Errorf("success %d: explain gain %s = %d, want %d", i+1, r, ex.Gains[r], want[r])
					}
				}
				if s.tiles[propTo].Alloc != alloc { // GAP-02: rewards read a fixed allotment
					t.Errorf("success %d: allotment became %v", i+1, s.tiles[propTo].Alloc)
				}
			}
		})
	}
}

// TestResFollowersSeldomPaid checks that propagation never costs followers,
// win or lose (REL-310), while a combat declaration does (REL-309).
func TestResFollowersSeldomPaid(t *testing.T) {
	s := newPropState(t, "temperate", propSeat("hinduism", "fortune_teller"), propSeat("hinduism", "fortune_teller"))
	pl := &s.players[0]
	pl.res[Followers] = 400
	propReady(t, s, 0, -1, [numResources]int32{20, 20, 20})
	propContact(t, s, 0)
	propRoll(t, s, "failure")
	if pl.res[Followers] != 400 { // REL-310: a failed propagation costs no followers
		t.Errorf("followers after a failed propagation = %d, want 400", pl.res[Followers])
	}
	propReady(t, s, 0, -1, [numResources]int32{20, 20, 20})
	propContact(t, s, 0)
	propRoll(t, s, "success")
	if pl.res[Followers] != 420 { // REL-310: a success only adds
		t.Errorf("followers after a propagation = %d, want 420", pl.res[Followers])
	}
	propReady(t, s, 0, 1, [numResources]int32{20, 20, 20})
	propApply(t, s, "move e")
	if pl.res[Followers] != 370 { // REL-309: followers are what combat spends
		t.Errorf("followers after declaring combat = %d, want 370", pl.res[Followers])
	}
}

// TestResReligiousVictory checks that followers decide Religious
// victory at ⌈2/3 × follower deposit⌉ (REL-307, GAP-31).
func TestResReligiousVictory(t *testing.T) {
	tests := []struct {
		name    string
		players int
		before  int32
		gain    int32
		win     bool
	}{
		{"REL-307/GAP-31/2p one short of 3334", 2, 3290, 43, false},
		{"REL-307/GAP-31/2p reaches 3334", 2, 3290, 44, true},
		{"REL-307/GAP-31/3p one short of 5000", 3, 4900, 99, false},
		{"REL-307/GAP-31/3p reaches 5000", 3, 4900, 100, true},
		{"REL-307/GAP-31/4p reaches 6667", 4, 6600, 70, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			seats := []SeatConfig{propSeat("hinduism", "fortune_teller")}
			for len(seats) < tc.players {
				seats = append(seats, propSeat("islam", "explorer"))
			}
			s := New().NewState(Config{Size: 9, Climate: "temperate", CycleLimit: 100, Seats: seats}, 21)
			s.wind = North
			s.players[0].res[Followers] = tc.before
			propReady(t, s, 0, -1, [numResources]int32{tc.gain, 0, 0})
			propContact(t, s, 0)
			propRoll(t, s, "success")
			if s.Terminal() != tc.win { // REL-307, GAP-31
				t.Fatalf("followers %d: terminal = %v, want %v", s.players[0].res[Followers], s.Terminal(), tc.win)
			}
			if tc.win {
				if r := s.Result(); r.Winner != 0 || r.How != "religious" { // REL-307, GAP-31
					t.Errorf("result %+v, want seat 0 by religious victory", r)
				}
			}
		})
	}
}

// resCombatSetup prepares a normal combat of seat 0 against seat 1 on propTo
// and declares it.
func resCombatSetup(t *testing.T, attacker, defender SeatConfig, atk, def [numResources]int32, rep int32, alloc [numResources]int32) *State {
	t.Helper()
	s := newPropState(t, "temperate", attacker, defender)
	s.players[0].res, s.players[0].rep = atk, rep
	s.players[1].res = def
	propReady(t, s, 0, 1, alloc)
	return s
}

// TestResDeclarationCosts checks the unit table's declaration costs
// (REL-303, REL-309, REL-328, REL-329, GAP-67): 2 reputation per
// declaration, and 50 followers only from 100 followers up, which buy the
// +10% of R1 (REL-302).
func TestResDeclarationCosts(t *testing.T) {
	tests := []struct {
		name      string
		religion  string
		followers int32
		wantF     int32
		bonus     bool
	}{
		{"REL-329/REL-309/150 followers pay 50", "christianity", 150, 100, true},
		{"REL-329/100 followers pay 50", "hinduism", 100, 50, true},
		{"REL-329/GAP-67/99 followers pay nothing", "islam", 99, 99, false},
		{"REL-329/GAP-67/no followers, nothing to pay", "hinduism", 0, 0, false},
		{"REL-320/REL-329/the same cost for every religion", "islam", 5000, 4950, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := resCombatSetup(t, propSeat(tc.religion, "fortune_teller"), propSeat("hinduism", "fortune_teller"),
				[numResources]int32{tc.followers, 500, 500}, [numResources]int32{0, 500, 500}, 50, [numResources]int32{10, 10, 10})
			pl := &s.players[0]
			evs := propApply(t, s, "move e")
			ev := propFind(evs, "declare")
			if ev == nil || s.phase != phaseRoll || s.roll.kind != rollCombat {
				t.Fatalf("no combat declared: phase %s events %v", phaseKinds[s.phase], evs)
			}
			if pl.res[Followers] != tc.wantF { // REL-303, REL-309, REL-329, GAP-67
				t.Errorf("followers after declaring = %d, want %d", pl.res[Followers], tc.wantF)
			}
			if pl.rep != 48 { // REL-328: 2% per declaration
				t.Errorf("reputation after declaring = %d, want 48", pl.rep)
			}
			dd := ev.Data.(declareData)
			if dd.Reputation != 2 || dd.Followers != int(tc.followers-tc.wantF) { // REL-328, REL-329: the costs are announced
				t.Errorf("declare data %+v", dd)
			}
			if pl.res[Donations] != 500 || pl.res[Influence] != 500 { // REL-329: only followers and reputation
				t.Errorf("donations/influence after declaring = %d/%d", pl.res[Donations], pl.res[Influence])
			}
			bonus := false
			for _, x := range s.roll.r1Terms.items() {
				if x.name == termFollowers && x.tier == 4 && x.value == 10 {
					bonus = true
				}
			}
			if bonus != tc.bonus { // REL-302: the followers consumed buy the +10% of R1
				t.Errorf("R1 follower term present = %v, want %v", bonus, tc.bonus)
			}
			// REL-328: a second declaration costs 2 more.
			propApply(t, s, "success")
			propReady(t, s, 0, 1, [numResources]int32{10, 10, 10})
			propApply(t, s, "move e")
			if pl.rep != 46 { // REL-328
				t.Errorf("reputation after two declarations = %d, want 46", pl.rep)
			}
		})
	}
}

// TestResCombatTransfers checks what normal combat moves between the players
// (REL-300, REL-305, REL-306, REL-312, REL-313, REL-330, GAP-13, GAP-17,
// GAP-47, GAP-67).
func TestResCombatTransfers(t *testing.T) {
	tests := []struct {
		name     string
		attacker SeatConfig
		atk, def [numResources]int32
		alloc    [numResources]int32
		roll     string
		wantAtk  [numResources]int32
		wantDef  [numResources]int32
		wantRep  int32
	}{
		{"REL-305/REL-306/REL-312/REL-313/GAP-17 worked example", propSeat("hinduism", "fortune_teller"),
			[numResources]int32{0, 500, 500}, [numResources]int32{1000, 1000, 1000}, [numResources]int32{100, 200, 100}, "success",
			[numResources]int32{50, 800, 650}, [numResources]int32{950, 900, 950}, 48},
		{"REL-133/GAP-47/GAP-13/christianity +20% of combat rewards, rounded down", propSeat("christianity", "fortune_teller"),
			[numResources]int32{0, 0, 0}, [numResources]int32{1000, 1000, 1000}, [numResources]int32{31, 51, 71}, "success",
			[numResources]int32{18, 91, 127}, [numResources]int32{985, 975, 965}, 48},
		{"REL-143/GAP-13/islam +20% of combat rewards", propSeat("islam", "fortune_teller"),
			[numResources]int32{0, 0, 0}, [numResources]int32{1000, 1000, 1000}, [numResources]int32{31, 51, 71}, "success",
			[numResources]int32{18, 91, 127}, [numResources]int32{985, 975, 965}, 48},
		{"GAP-46/the businessman bonus is for propagation only", propSeat("hinduism", "businessman"),
			[numResources]int32{0, 0, 0}, [numResources]int32{1000, 1000, 1000}, [numResources]int32{100, 200, 100}, "success",
			[numResources]int32{50, 300, 150}, [numResources]int32{950, 900, 950}, 48},
		{"GAP-67/the defender loses only what it holds", propSeat("hinduism", "fortune_teller"),
			[numResources]int32{0, 0, 0}, [numResources]int32{10, 0, 20}, [numResources]int32{100, 200, 100}, "success",
			[numResources]int32{10, 200, 120}, [numResources]int32{0, 0, 0}, 48},
		{"REL-300/REL-330/a lost combat: declaration paid, 3 more reputation, no resources", propSeat("hinduism", "fortune_teller"),
			[numResources]int32{300, 500, 500}, [numResources]int32{1000, 1000, 1000}, [numResources]int32{100, 200, 100}, "failure",
			[numResources]int32{250, 500, 500}, [numResources]int32{1000, 1000, 1000}, 45},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := resCombatSetup(t, tc.attacker, propSeat("hinduism", "fortune_teller"), tc.atk, tc.def, 50, tc.alloc)
			propApply(t, s, "move e")
			if s.phase != phaseRoll || s.roll.kind != rollCombat {
				t.Fatalf("no combat roll: phase %s", phaseKinds[s.phase])
			}
			evs := propApply(t, s, tc.roll)
			ev := propFind(evs, "combat")
			if ev == nil {
				t.Fatalf("no combat event in %v", evs)
			}
			ex := ev.Data.(*Explain)
			atk, def := s.players[0].res, s.players[1].res
			for r := Resource(0); r < numResources; r++ {
				if atk[r] != tc.wantAtk[r] { // REL-300, REL-305, REL-306, REL-312, GAP-17, GAP-47
					t.Errorf("attacker %s = %d, want %d", r, atk[r], tc.wantAtk[r])
				}
				if def[r] != tc.wantDef[r] { // REL-313, GAP-17, GAP-67
					t.Errorf("defender %s = %d, want %d", r, def[r], tc.wantDef[r])
				}
				if def[r] < 0 { // GAP-67: never below 0
					t.Errorf("defender %s below zero: %d", r, def[r])
				}
				if lost := tc.def[r] - def[r]; int(lost) != ex.DefenderLoss[r] { // GAP-67: the loss shown is the loss taken
					t.Errorf("explain defender loss %s = %d, took %d", r, ex.DefenderLoss[r], lost)
				}
			}
			if s.players[0].rep != tc.wantRep { // REL-328, REL-330 (REL-567: 3 more for a lost combat)
				t.Errorf("attacker reputation = %d, want %d", s.players[0].rep, tc.wantRep)
			}
			if s.tiles[propTo].Alloc != tc.alloc { // GAP-02: combat reads the same, undepleted allotment
				t.Errorf("allotment became %v, want %v", s.tiles[propTo].Alloc, tc.alloc)
			}
		})
	}
}

// TestResReputationFloor checks that reputation costs stop at 0 and defeat the
// player there (GAP-67, REL-328).
func TestResReputationFloor(t *testing.T) {
	tests := []struct {
		name    string
		rep     int32
		roll    string // "" when the declaration itself defeats
		wantRep int32
	}{
		{"GAP-67/REL-328/declaration at 1 reputation", 1, "", 0},
		{"GAP-67/REL-328/declaration at exactly 2", 2, "", 0},
		{"GAP-67/REL-330/loss penalty larger than what is left", 4, "failure", 0},
		{"GAP-67/REL-328/won combat keeps what is left", 3, "success", 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := newPropState(t, "temperate", propSeat("islam", "fortune_teller"), propSeat("islam", "fortune_teller"),
				propSeat("islam", "fortune_teller"))
			s.players[0].rep = tc.rep
			propReady(t, s, 0, 1, [numResources]int32{10, 10, 10})
			propApply(t, s, "move e")
			if tc.roll != "" {
				if s.phase != phaseRoll {
					t.Fatalf("no roll: phase %s", phaseKinds[s.phase])
				}
				propApply(t, s, tc.roll)
			}
			pl := &s.players[0]
			if pl.rep != tc.wantRep || pl.rep < 0 { // GAP-67: never below 0
				t.Errorf("reputation = %d, want %d", pl.rep, tc.wantRep)
			}
			if pl.defeated != (tc.wantRep == 0) { // GAP-67: 0 defeats
				t.Errorf("defeated = %v at reputation %d", pl.defeated, pl.rep)
			}
		})
	}
}

// TestResAllotmentFairness checks minimum fairness (REL-320): tiles of the same
// kind hold the same allotment, and the plain tiles, which take the
// remainder of the deposit in steps of 10 (GAP-02 (3)), differ by at most
// one step. A structure that is worth more of a resource holds more of it.
func TestResAllotmentFairness(t *testing.T) {
	for _, gc := range genCases(t) {
		t.Run(gc.name, func(t *testing.T) {
			first := map[Structure][numResources]int32{}
			var lo, hi [numResources]int32
			havePlain := false
			for i, tile := range gc.tiles {
				if !tile.Terrain.Contactable() || tile.Structure.LocalGovernment() {
					continue
				}
				if tile.Structure == NoStructure {
					if !havePlain {
						lo, hi, havePlain = tile.Alloc, tile.Alloc, true
					}
					for r := range numResources {
						lo[r], hi[r] = min(lo[r], tile.Alloc[r]), max(hi[r], tile.Alloc[r])
					}
					continue
				}
				if a, ok := first[tile.Structure]; !ok {
					first[tile.Structure] = tile.Alloc
				} else if a != tile.Alloc { // REL-320: same value, same amount
					t.Errorf("REL-320: tile %d (%s) holds %v, another %s holds %v", i, tile.Structure, tile.Alloc, tile.Structure, a)
				}
			}
			for r := range numResources {
				if hi[r]-lo[r] > 10 { // REL-320, GAP-02 (3): at most one remainder step apart
					t.Errorf("REL-320: plain %s from %d to %d", Resource(r), lo[r], hi[r])
				}
			}
			for s, r := range map[Structure]Resource{House: Followers, Building: Donations, Office: Influence} {
				if first[s][r] <= hi[r] { // REL-320: more value, more resources
					t.Errorf("REL-320: %s %s %d not above plain %d", s, Resource(r), first[s][r], hi[r])
				}
			}
		})
	}
}
