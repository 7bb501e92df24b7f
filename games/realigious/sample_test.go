package realigious

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
)

// Helpers of this file are prefixed smp.

// smpGames returns the games the sampler tests play: the default rules, and
// rules with many trees and mountains so that stealth and high ground
// (REL-870-875) come up often.
func smpGames(t *testing.T) []*Game {
	t.Helper()
	p := DefaultParams()
	p.TreesPct, p.MountainPct = 30, 10
	q := DefaultParams()
	q.TreesPct, q.MountainPct, q.HousePct, q.BuildingPct, q.OfficePct = 55, 10, 2, 2, 2
	return []*Game{New(), NewWithParams(p), NewWithParams(q)}
}

// smpNew starts a match of g with a short cycle limit.
func smpNew(t *testing.T, g *Game, seats int, climate string, seed uint64) *State {
	t.Helper()
	cfg := fmt.Sprintf(`{"climate":%q,"cycle_limit":30}`, climate)
	st, err := g.New([]byte(cfg), seats, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*State)
}

// smpStep answers the pending decision at random (chance by its weights).
func smpStep(t *testing.T, s *State, r *rand.PCG) {
	t.Helper()
	var a engine.Answer
	if s.Pending().Seat == engine.Chance {
		a = engine.ChanceAnswer(r.Uint64(), s.Steps(), s.Chance())
	} else {
		legal := s.Legal(nil)
		a = legal[engine.IntN(r, len(legal))]
	}
	if _, err := s.Apply(a); err != nil {
		t.Fatalf("step %d: %v", s.Steps(), err)
	}
}

func smpView(t *testing.T, s *State, seat int) []byte {
	t.Helper()
	b, err := json.Marshal(s.View(engine.Seat(seat)))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// smpDecider returns the seat deciding now, or -1 for chance and the end.
func smpDecider(s *State) int {
	if d := s.Pending(); d.Seat >= 0 {
		return int(d.Seat)
	}
	return -1
}

// smpHiddenDispute reports the documented hidden case: whether Dispute is
// offered depends on a stealthed piece the seat does not see on its own
// tile (REL-870, GAP-18).
func smpHiddenDispute(truth, smp *State, seat int) bool {
	if truth.phase != phaseInteraction || truth.tiles[truth.players[seat].pos].Structure != Trees {
		return false
	}
	if o := truth.disputeTarget(seat); o >= 0 && !truth.seesPiece(seat, o) {
		return true
	}
	o := smp.disputeTarget(seat)
	return o >= 0 && !smp.seesPiece(seat, o)
}

type smpStats struct {
	decisions, hidden, interactions, sampledPlays int
	kinds                                         map[string]int
}

// smpCheck samples seat's view of s and checks the sample against the
// truth: the same view, and the same legal answers unless hidden.
func smpCheck(t *testing.T, g *Game, s *State, seat int, r *rand.PCG, st *smpStats) *State {
	t.Helper()
	view := smpView(t, s, seat)
	es, err := g.SampleView(view, engine.Seat(seat), r)
	if err != nil {
		t.Fatalf("step %d seat %d (%s): %v\nview %s", s.Steps(), seat, s.Pending().Kind, err, view)
	}
	smp := es.(*State)
	if err := smp.validate(); err != nil {
		t.Fatalf("step %d: sample invalid: %v", s.Steps(), err)
	}
	if got := smpView(t, smp, seat); !bytes.Equal(got, view) {
		t.Fatalf("step %d seat %d: the sample's view differs\n got %s\nwant %s", s.Steps(), seat, got, view)
	}
	if d, e := smp.Pending(), s.Pending(); d.Seat != e.Seat || d.Kind != e.Kind {
		t.Fatalf("step %d: sample pending %+v, truth %+v", s.Steps(), d, e)
	}
	st.decisions++
	st.kinds[s.Pending().Kind]++
	if s.phase == phaseInteraction {
		st.interactions++
	}
	if want, got := s.Legal(nil), smp.Legal(nil); !slices.Equal(want, got) {
		if !smpHiddenDispute(s, smp, seat) {
			t.Fatalf("step %d seat %d %s: legal %v, sample %v\nview %s", s.Steps(), seat, s.Pending().Kind, want, got, view)
		}
		st.hidden++
	}
	// The sample round-trips through the canonical encoding.
	if _, err := g.Decode(smp.AppendEncoding(nil)); err != nil {
		t.Fatalf("step %d: sample does not decode: %v", s.Steps(), err)
	}
	return smp
}

// TestSampleViewLegalMatchesTruth plays seeded random matches and samples
// every seat decision from its JSON view: the sample passes validate, shows
// the seat the same view, and offers the same legal answers, except in the
// documented hidden case. The rate of that case is logged.
func TestSampleViewLegalMatchesTruth(t *testing.T) {
	st := smpStats{kinds: map[string]int{}}
	climates := []string{"tropical", "dry", "temperate", "cold"}
	games := smpGames(t)
	// With cards a match has about three times the decisions it had
	// without (docs/performance.md), so fewer matches sample as many.
	matches := 24
	if testing.Short() {
		matches = 6
	}
	for m := 0; m < matches; m++ {
		g := games[m%len(games)]
		seats := 2 + m%3
		s := smpNew(t, g, seats, climates[(m/2)%4], uint64(1000+m))
		r := engine.SeedPCG(uint64(m), 7)
		sr := engine.SeedPCG(uint64(m), 8)
		for !s.Terminal() {
			if seat := smpDecider(s); seat >= 0 {
				smp := smpCheck(t, g, s, seat, &sr, &st)
				if st.decisions%25 == 0 {
					// The sample plays on like any state.
					for k := 0; k < 200 && !smp.Terminal(); k++ {
						smpStep(t, smp, &sr)
					}
					st.sampledPlays++
				}
			}
			smpStep(t, s, &r)
		}
	}
	if st.decisions < 1000 {
		t.Fatalf("only %d decisions sampled", st.decisions)
	}
	t.Logf("%d seat decisions sampled (%v), %d interactions; legal answers differ in %d (%.3f%% of decisions, %.2f%% of interactions), all the hidden stealthed-owner case; %d samples played on",
		st.decisions, st.kinds, st.interactions, st.hidden, 100*float64(st.hidden)/float64(st.decisions), 100*float64(st.hidden)/float64(max(st.interactions, 1)), st.sampledPlays)
}

// TestSampleViewReadsOnlyTheView changes what seat 0 cannot see (the PRNG,
// an unseen piece, the relics' places, the other seats' memory): the view
// stays the same bytes, and so does the sample for the same r.
func TestSampleViewReadsOnlyTheView(t *testing.T) {
	g := smpGames(t)[1]
	checked, moved := 0, 0
	for m := 0; m < 40 && (checked < 20 || moved < 5); m++ {
		s := smpNew(t, g, 2+m%3, "random", uint64(500+m))
		r := engine.SeedPCG(uint64(m), 1)
		for steps := 0; !s.Terminal() && steps < 400; steps++ {
			seat := smpDecider(s)
			if seat >= 0 && steps%7 == 0 {
				view := smpView(t, s, seat)
				other := s.clone()
				other.rng = engine.SeedPCG(uint64(steps), 99)
				for i := range other.relics {
					if rl := &other.relics[i]; rl.tile >= 0 && !rl.seen.Has(engine.Seat(seat)) {
						rl.tile = int16(smpOtherRelicTile(other, int(rl.tile)))
					}
				}
				for i := range other.known {
					if i/len(other.tiles) != seat {
						other.known[i] = -1
					}
				}
				if smpMoveUnseenPiece(other, seat) {
					moved++
				}
				if !bytes.Equal(smpView(t, other, seat), view) {
					t.Fatalf("the changes show in the view")
				}
				if bytes.Equal(other.AppendEncoding(nil), s.AppendEncoding(nil)) {
					t.Fatalf("the two true states are equal")
				}
				r1, r2 := engine.SeedPCG(9, uint64(steps)), engine.SeedPCG(9, uint64(steps))
				a, err := g.SampleView(view, engine.Seat(seat), &r1)
				if err != nil {
					t.Fatal(err)
				}
				b, err := g.SampleView(smpView(t, other, seat), engine.Seat(seat), &r2)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(a.AppendEncoding(nil), b.AppendEncoding(nil)) {
					t.Fatalf("step %d: two states with the same view give different samples", steps)
				}
				// Another r draws another sample of the hidden parts.
				r3 := engine.SeedPCG(10, uint64(steps))
				c, err := g.SampleView(view, engine.Seat(seat), &r3)
				if err != nil {
					t.Fatal(err)
				}
				if bytes.Equal(a.AppendEncoding(nil), c.AppendEncoding(nil)) {
					t.Fatalf("another r gives the same sample")
				}
				checked++
			}
			smpStep(t, s, &r)
		}
	}
	if checked < 20 || moved < 5 {
		t.Fatalf("checked %d views, moved %d unseen pieces", checked, moved)
	}
}

// smpOtherRelicTile returns another free tile for a relic.
func smpOtherRelicTile(s *State, from int) int {
	for d := 1; d < len(s.tiles); d++ {
		t := (from + d) % len(s.tiles)
		if s.tiles[t].Terrain.Contactable() && s.tiles[t].Structure == NoStructure && s.relicAt(t) < 0 {
			return t
		}
	}
	return from
}

// smpMoveUnseenPiece moves one piece seat does not see to another tile
// where it does not see it, when there is one.
func smpMoveUnseenPiece(s *State, seat int) bool {
	for o := range s.players {
		op := &s.players[o]
		if o == seat || op.defeated || op.pos < 0 || s.seesPiece(seat, o) || s.pieceAudience(o).Has(engine.Seat(seat)) {
			continue
		}
		from := op.pos
		if s.tiles[from].Structure == Trees && s.tiles[from].Owner != s.known[seat*len(s.tiles)+int(from)] {
			continue // leaving would uncover the owner its stealth hides (REL-870)
		}
		for t := range s.tiles {
			if t == int(from) || !s.tiles[t].Terrain.Contactable() || t == int(s.players[seat].pos) || s.tiles[t].Structure == Trees && s.tiles[from].Structure != Trees {
				continue
			}
			op.pos = int16(t)
			if !s.seesPiece(seat, o) && (s.tiles[t].Structure != Trees || s.tiles[t].Owner == s.known[seat*len(s.tiles)+t]) {
				return true
			}
		}
		op.pos = from
	}
	return false
}

// TestSampleViewDesignation samples Abukaros's designation (REL-929) in a
// turn and at the end of a cycle, where the Archaeologist collects for its
// briber (REL-992), who need not be the active seat: the view names the
// decision for the designating seat and says cycle_end.
func TestSampleViewDesignation(t *testing.T) {
	g := New()
	for _, atEnd := range []bool{false, true} {
		t.Run(fmt.Sprintf("cycle_end=%v", atEnd), func(t *testing.T) {
			found := false
			for seed := uint64(1); seed < 60 && !found; seed++ {
				s := smpNew(t, g, 3, "random", seed)
				s.god = Abukaros
				r := engine.SeedPCG(seed, 3)
				designer := int(s.order[1])
				for i := 0; i < 3; i++ {
					s.relics[i].tile, s.relics[i].holder = -1, int8(designer)
				}
				s.players[designer].buff = 3
				if atEnd {
					s.celeb.kind, s.celeb.briber, s.celeb.bribes = Archaeologist, int8(designer), 1
				}
				for steps := 0; steps < 300 && !s.Terminal() && s.phase != phaseDesignate; steps++ {
					// Lay a relic where the next step goes.
					if next := smpNextTile(s, designer, atEnd); next >= 0 && s.relicAt(next) < 0 {
						for i := range s.relics {
							if s.relics[i].tile >= 0 {
								s.relics[i].tile = int16(next)
								break
							}
						}
					}
					smpStep(t, s, &r)
				}
				if s.phase != phaseDesignate {
					continue
				}
				found = true
				if int(s.designSeat) != designer || s.atCycleEnd() != atEnd {
					t.Fatalf("designation by %d, cycle end %v", s.designSeat, s.atCycleEnd())
				}
				var v View
				if err := json.Unmarshal(smpView(t, s, designer), &v); err != nil {
					t.Fatal(err)
				}
				if v.Pending != "designate" || v.CycleEnd != atEnd {
					t.Fatalf("view pending %q, cycle_end %v", v.Pending, v.CycleEnd)
				}
				st := smpStats{kinds: map[string]int{}}
				sr := engine.SeedPCG(seed, 4)
				smp := smpCheck(t, g, s, designer, &sr, &st)
				if smp.cont != s.cont || smp.cycleStage != s.cycleStage || st.hidden != 0 {
					t.Fatalf("sample cont %d stage %d, truth %d %d", smp.cont, smp.cycleStage, s.cont, s.cycleStage)
				}
				// Another seat's view of it is no decision of theirs.
				for o := range s.players {
					if _, err := g.SampleView(smpView(t, s, o), engine.Seat(o), &sr); o != designer && err == nil {
						t.Fatalf("seat %d sampled the designation of seat %d", o, designer)
					}
				}
				// Both go on the same way after the same answer.
				a := s.Legal(nil)[0]
				if _, err := s.Apply(a); err != nil {
					t.Fatal(err)
				}
				if _, err := smp.Apply(a); err != nil {
					t.Fatal(err)
				}
				if p, q := s.Pending(), smp.Pending(); p.Kind != q.Kind || p.Seat != q.Seat {
					t.Fatalf("after the designation: truth %+v, sample %+v", p, q)
				}
			}
			if !found {
				t.Fatal("no designation reached")
			}
		})
	}
}

// smpNextTile returns the tile the designer's relic-taker reaches next: the
// celebrity's first wander tile at the end of a cycle, or the designer's
// first move.
func smpNextTile(s *State, designer int, atEnd bool) int {
	legal := s.Legal(nil)
	switch {
	case atEnd && s.phase == phaseWander:
		_, arg := splitAnswer(legal[0])
		return arg
	case !atEnd && s.phase == phaseMove && s.active() == designer:
		_, arg := splitAnswer(legal[0])
		n := s.geo.neighbour(int(s.players[designer].pos), Dir(arg))
		if s.climate == Temperate && s.wind.boosts(Dir(arg)) {
			return -1
		}
		if s.players[designer].character == Explorer && s.players[designer].turns == 1 {
			return -1
		}
		return n
	}
	return -1
}

// TestSampleViewRejects: only the seat's own decision can be sampled.
func TestSampleViewRejects(t *testing.T) {
	g := New()
	s := smpNew(t, g, 3, "tropical", 5)
	r := engine.SeedPCG(1, 1)
	seat := smpDecider(s)
	other := (seat + 1) % 3
	view := smpView(t, s, seat)
	cases := []struct {
		name string
		view []byte
		seat int
		want string
	}{
		{"another seat's turn", smpView(t, s, other), other, "not"},
		{"view of another seat", view, other, "seat"},
		{"spectator", smpView(t, s, int(engine.Spectator)), seat, "seat"},
		{"unknown field", bytes.Replace(view, []byte(`{"game"`), []byte(`{"extra":1,"game"`), 1), seat, "extra"},
		{"bad json", view[:len(view)/2], seat, "view"},
		{"trailing", append(append([]byte(nil), view...), '{', '}'), seat, "trailing"},
		{"other rules", bytes.Replace(view, []byte(`"religious_threshold":5000`), []byte(`"religious_threshold":4000`), 1), seat, "religious threshold"},
	}
	for _, c := range cases {
		if _, err := g.SampleView(c.view, engine.Seat(c.seat), &r); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
	// A chance decision and the end of the match are nobody's.
	for steps := 0; !s.Terminal(); steps++ {
		if s.Pending().Seat == engine.Chance {
			for o := range s.players {
				if _, err := g.SampleView(smpView(t, s, o), engine.Seat(o), &r); err == nil {
					t.Fatalf("sampled a %s chance decision for seat %d", s.Pending().Kind, o)
				}
			}
		}
		smpStep(t, s, &r)
	}
	if _, err := g.SampleView(smpView(t, s, 0), 0, &r); err == nil || !strings.Contains(err.Error(), "over") {
		t.Fatalf("sampled a finished match: %v", err)
	}
}

// TestSampleViewImplementsSampler pins the engine contracts.
func TestSampleViewImplementsSampler(t *testing.T) {
	var _ engine.ViewSampler = New()
	var _ engine.Evaluator = New()
}

// TestSampleViewStealthedOwner: seat B contacts a trees tile where seat A's
// stealthed piece stands on A's tile (REL-870, GAP-18): B is offered
// Dispute without seeing A. With no bribe on offer the interaction itself
// tells B that a piece is there, and the sample puts it there. With a bribe
// on offer nothing tells, the documented hidden case: the sample may differ
// from the truth in Dispute/Pass only.
func TestSampleViewStealthedOwner(t *testing.T) {
	g := New()
	for _, bribe := range []bool{false, true} {
		s := smpNew(t, g, 2, "dry", 3)
		for i := range s.zones {
			s.zones[i] = zones{} // a hand would open the interaction by itself (GAP-25)
		}
		b := s.active()
		a := 1 - b
		pb := &s.players[b]
		pb.religion, pb.character = Islam, Businessman
		_, dir := splitAnswer(s.Legal(nil)[0])
		x := s.geo.neighbour(int(pb.pos), Dir(dir))
		s.tiles[x].Structure, s.tiles[x].Owner = Trees, int8(a)
		for row := 0; row <= len(s.players); row++ {
			s.known[row*len(s.tiles)+x] = int8(a)
		}
		s.players[a].pos, s.players[a].onStart = int16(x), false
		if i := s.relicAt(x); i >= 0 {
			s.relics[i].tile = int16(smpOtherRelicTile(s, x))
		}
		s.celeb.pos = -1
		if bribe {
			s.celeb.pos = int16(x)
			pb.res[Donations] = 1000
		}
		if _, err := s.Apply(answer(ansMove, dir)); err != nil {
			t.Fatal(err)
		}
		if s.phase != phaseInteraction || s.disputeTarget(b) != a || s.seesPiece(b, a) {
			t.Fatalf("bribe %v: phase %s, dispute target %d, sees %v", bribe, phaseKinds[s.phase], s.disputeTarget(b), s.seesPiece(b, a))
		}
		view := smpView(t, s, b)
		differ := 0
		const samples = 50
		for k := 0; k < samples; k++ {
			r := engine.SeedPCG(uint64(k), 5)
			smp, err := g.SampleView(view, engine.Seat(b), &r)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(smpView(t, smp.(*State), b), view) {
				t.Fatalf("bribe %v: the sample's view differs", bribe)
			}
			if !slices.Equal(smp.Legal(nil), s.Legal(nil)) {
				if !smpHiddenDispute(s, smp.(*State), b) {
					t.Fatalf("bribe %v: legal %v, sample %v", bribe, s.Legal(nil), smp.Legal(nil))
				}
				differ++
			}
		}
		if !bribe && differ != 0 {
			t.Fatalf("no bribe: %d of %d samples miss the inferred dispute", differ, samples)
		}
		if bribe && differ == 0 {
			t.Fatalf("with a bribe on offer the hidden piece cannot be inferred, yet every sample found it")
		}
		t.Logf("bribe on offer %v: %d of %d samples differ in Dispute/Pass", bribe, differ, samples)
	}
}

func BenchmarkSampleView(b *testing.B) {
	g := New()
	st, _ := g.New(nil, 4, 1)
	s := st.(*State)
	view, _ := json.Marshal(s.View(s.Pending().Seat))
	r := engine.SeedPCG(1, 1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := g.SampleView(view, s.Pending().Seat, &r); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzSampleView: no view, however broken, makes the sampler panic, and
// what it accepts is a valid state that shows the seat the view it read.
func FuzzSampleView(f *testing.F) {
	g := New()
	for seed := uint64(1); seed <= 3; seed++ {
		st, _ := g.New(nil, 1+int(seed), seed)
		s := st.(*State)
		r := engine.SeedPCG(seed, 1)
		for k := 0; k < 60 && !s.Terminal(); k++ {
			if seat := smpDecider(s); seat >= 0 && k%10 == 0 {
				b, _ := json.Marshal(s.View(engine.Seat(seat)))
				f.Add(b, seat)
			}
			var a engine.Answer
			if s.Pending().Seat == engine.Chance {
				a = engine.ChanceAnswer(r.Uint64(), s.Steps(), s.Chance())
			} else {
				legal := s.Legal(nil)
				a = legal[engine.IntN(&r, len(legal))]
			}
			if _, err := s.Apply(a); err != nil {
				f.Fatal(err)
			}
		}
	}
	f.Fuzz(func(t *testing.T, view []byte, seat int) {
		r := engine.SeedPCG(1, 2)
		st, err := g.SampleView(view, engine.Seat(seat), &r)
		if err != nil {
			return
		}
		s := st.(*State)
		if err := s.validate(); err != nil {
			t.Fatalf("accepted an invalid state: %v", err)
		}
		var buf [16]engine.Answer
		s.Legal(buf[:0])
		_ = s.View(engine.Seat(seat))
	})
}
