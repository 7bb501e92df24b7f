package realigious

import (
	"slices"
	"testing"
)

// The celebrity's bribe cost (REL-326 in donations, REL-327 in influence),
// as GAP-37 resolves the formula "n (re-bribes) × 500" against its
// examples: 500 × (times bribed so far + 1), so 500 for a celebrity never
// bribed (the formula alone would give 0) and 1500 for the third purchase
// (the seed's "1500 for 3 re-bribes"). Helpers: fa* in factions_test.go,
// ceSet in celebrity_test.go.

// bcScene puts seat 0 next to a Thug on (5,4) that has been bribed before
// times (by seat 1 when before > 0), gives seat 0 the donations and
// influence, and moves seat 0 onto the celebrity's tile: its interaction
// phase is pending.
func bcScene(t *testing.T, before int, donations, influence int32) *State {
	t.Helper()
	s := faScene(t, faSeats(2, "islam/fortune_teller"), [2]int{4, 4}, [2]int{0, 8})
	briber := -1
	if before > 0 {
		briber = 1
	}
	ceSet(t, s, Thug, 5, 4, briber)
	s.celeb.bribes = uint8(before)
	s.players[0].res = [numResources]int32{0, donations, influence}
	ttBegin(s, 0, 1)
	ttDo(t, s, "move e")
	return s
}

// bcCheck checks the cost of a bribe paid in res after before earlier
// bribes: the celebrity's view shows it, a seat holding one less of res
// is not offered the bribe in res, and a seat holding exactly the cost
// pays exactly it.
func bcCheck(t *testing.T, before int, res Resource, want int) {
	t.Helper()
	other := Influence
	if res == Influence {
		other = Donations
	}
	answer := "bribe celebrity " + res.String()
	amounts := func(have int) (d, i int32) {
		if res == Donations {
			return int32(have), 0
		}
		return 0, int32(have)
	}

	// One short: no bribe in res (and none in the other resource, which
	// the seat lacks).
	d, i := amounts(want - 1)
	s := bcScene(t, before, d, i)
	if c := s.view(0).Factions.Celebrity; c == nil || c.Cost != want || c.Bribes != before {
		t.Fatalf("%d earlier bribes: celebrity view %+v, want cost %d", before, c, want)
	}
	if b := faBribes(s); len(b) != 0 {
		t.Errorf("%d earlier bribes, %d %s: bribes %v offered, want none below %d", before, want-1, res, b, want)
	}

	// Exactly the cost: offered in res only, and paid in full.
	d, i = amounts(want)
	s = bcScene(t, before, d, i)
	if b := faBribes(s); !slices.Equal(b, []string{answer}) {
		t.Fatalf("%d earlier bribes, %d %s: bribes %v, want [%s]", before, want, res, b, answer)
	}
	bd := faBribe(t, ttDo(t, s, answer))
	if bd.Cost != want || bd.Paid != res.String() || s.players[0].res[res] != 0 || s.players[0].res[other] != 0 {
		t.Errorf("%d earlier bribes: bribe %+v, resources %v; want %d paid in %s", before, bd, s.players[0].res, want, res)
	}
	if s.celeb.briber != 0 || int(s.celeb.bribes) != before+1 {
		t.Errorf("celebrity after the bribe: briber %d, bribes %d", s.celeb.briber, s.celeb.bribes)
	}
}

// REL-326: the bribe cost in donations; GAP-37: 500 for a celebrity never
// bribed, then 1000, 1500, 2000.
func TestREL326_CelebrityBribeCostDonations(t *testing.T) {
	for before, want := range []int{500, 1000, 1500, 2000} {
		bcCheck(t, before, Donations, want) // REL-326, GAP-37
	}
}

// REL-327: the bribe cost in influence; the seed's example "1500" is the
// third purchase (two earlier bribes) under GAP-37.
func TestREL327_CelebrityBribeCostInfluence(t *testing.T) {
	for before, want := range []int{500, 1000, 1500, 2000} {
		bcCheck(t, before, Influence, want) // REL-327, GAP-37
	}
}
