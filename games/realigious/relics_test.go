package realigious

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
)

// Local gods and relics (REL-900-930, GAP-32, GAP-33). Helpers: fa* in
// factions_test.go.

// rlScene is a flat dry match of n Islamic seats for god g, with seat 0 on
// (0,4), seat 1 on (1,8), seat 2 on (7,0) and seat 3 on (8,2), in seat order.
// Seats other than 0 walk back and forth in their corner with rlIdle.
func rlScene(t *testing.T, g God, n int) *State {
	t.Helper()
	pos := [][2]int{{0, 4}, {1, 8}, {7, 0}, {8, 2}}[:n]
	s := faScene(t, faSeats(n, "islam/fortune_teller"), pos...)
	s.god = g
	return s
}

// rlIdle plays the active seat's turn in its corner: one step east on odd
// own turns, back west on even ones, failing every roll.
func rlIdle(t *testing.T, s *State) []engine.Event {
	t.Helper()
	dir := "w"
	if s.players[s.active()].turns%2 == 1 {
		dir = "e"
	}
	return faTurn(t, s, dir, "failure")
}

// rlIdleUntil idles the other seats until seat's move is pending.
func rlIdleUntil(t *testing.T, s *State, seat int) {
	t.Helper()
	for i := 0; s.active() != seat || s.Pending().Kind != "move"; i++ {
		if i > 8 || s.Terminal() {
			t.Fatalf("seat %d never gets its move (pending %+v)", seat, s.Pending())
		}
		rlIdle(t, s)
	}
}

func rlRelicEvent(t *testing.T, evs []engine.Event) relicData {
	t.Helper()
	found := ttFind(evs, "relic")
	if len(found) != 1 {
		t.Fatalf("want one relic event, got kinds %v", ttKinds(evs))
	}
	return found[0].Data.(relicData)
}

// A piece collects a relic by contacting its tile, whoever owns the tile,
// with no interaction to choose; only the contacted tile counts.
func TestREL901_CollectByContactWhoeverOwns(t *testing.T) {
	cases := []struct {
		name  string
		owner int8
		next  string // what the contact goes on to
	}{
		{"neutral", -1, "roll"},       // propagation follows
		{"own tile", 0, "move"},       // nothing more: the next seat moves
		{"another's tile", 1, "roll"}, // combat follows
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := faScene(t, faSeats(2, "islam/fortune_teller"), [2]int{4, 4}, [2]int{0, 8})
			s.god = ZogMalomos
			i := faRelic(t, s, 5, 4, NoEye)
			far := faRelic(t, s, 6, 4, NoEye) // next to the contacted tile
			s.tiles[ttIdx(t, s, 5, 4)].Owner = c.owner
			ttBegin(s, 0, 1)
			evs := ttDo(t, s, "move e")
			k := ttKinds(evs)
			if len(k) < 2 || k[0] != "moved" || k[1] != "relic" { // REL-901: collected at contact, the first trigger (GAP-69)
				t.Fatalf("events %v", k)
			}
			d := rlRelicEvent(t, evs)
			if d.Seat != 0 || d.How != "contact" || d.Held != 1 || d.Tile == nil || *d.Tile != (Coord{5, 4}) { // REL-901
				t.Fatalf("relic event %+v", d)
			}
			if d.God != ZogMalomos { // REL-904: the relic tells whose it is
				t.Fatalf("relic of god %s", d.God)
			}
			if r := s.relics[i]; r.holder != 0 || r.tile != -1 { // REL-892, REL-901: the faction is used by approaching its tile
				t.Fatalf("relic %+v", r)
			}
			if r := s.relics[far]; r.holder != -1 || r.tile != int16(ttIdx(t, s, 6, 4)) { // REL-901: only the contacted tile
				t.Fatalf("neighbouring relic %+v", r)
			}
			if s.relicsHeld(0) != 1 || s.players[0].buff != 1 { // REL-905: collecting builds the stack
				t.Fatalf("held %d buff %d", s.relicsHeld(0), s.players[0].buff)
			}
			if p := s.Pending(); p.Kind != c.next { // REL-901: no separate interaction
				t.Fatalf("pending %+v, want %s", p, c.next)
			}
			for _, seat := range faViewers(s) {
				v, _ := faViewJSON(t, s, seat)
				pv := s.view(seat).Players[0]
				if v.Factions.OnMap != 1 || pv.Relics != 1 || pv.Buff != 1 { // GAP-70: relic counts are public
					t.Fatalf("seat %d sees %d on the map, seat 0 holding %d (buff %d)", seat, v.Factions.OnMap, pv.Relics, pv.Buff)
				}
			}
		})
	}
}

// Zog Malomos's stacks raise propagation by 10/20/30% as a Tier 4 "relics"
// term, read from the buff level; other gods' relics add nothing to it.
func TestREL906_ZogPropagationBuff(t *testing.T) {
	base := func(s *State) int {
		ts := s.propagationTerms(0, ttIdx(t, s, 5, 4))
		return ts.sum()
	}
	cases := []struct {
		id      string
		god     God
		players int
		held    int
		buff    int
		want    int
	}{
		{"REL-906", ZogMalomos, 2, 1, 1, 10},
		{"REL-907", ZogMalomos, 2, 2, 2, 20},
		{"REL-908", ZogMalomos, 2, 3, 3, 30},
		{"REL-908", ZogMalomos, 3, 4, 4, 30}, // stack 4 adds no more
		{"GAP-33", ZogMalomos, 2, 1, 3, 30},  // two relics lost: the buff stays
		{"REL-902", Sekrazade, 2, 3, 3, 0},   // the buff is god-specific
		{"REL-902", Abukaros, 2, 3, 3, 0},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%s/%dp/held%d/buff%d", c.id, c.god, c.players, c.held, c.buff), func(t *testing.T) {
			s := rlScene(t, c.god, c.players)
			ttPut(t, s, 0, 4, 4)
			plain := base(s)
			faHold(s, 0, c.held)
			s.players[0].buff = uint8(c.buff)
			ttBegin(s, faOrder(c.players)...)
			ttDo(t, s, "move e")
			ex := ttExplain(t, ttDo(t, s, "failure"), "propagation")
			term, ok := ttHasTerm(ex.R1Terms, "relics")
			if c.want == 0 {
				if ok { // REL-902
					t.Fatalf("%s: relics term %+v for god %s", c.id, term, c.god)
				}
				return
			}
			if !ok || term.Tier != 4 || term.Value != c.want { // REL-906-908, GAP-33
				t.Fatalf("%s: relics term %+v (found %v), want tier 4 +%d", c.id, term, ok, c.want)
			}
			if ex.R1Raw != plain+c.want { // REL-902: the buff adds to the rate
				t.Fatalf("%s: raw rate %d, without relics %d", c.id, ex.R1Raw, plain)
			}
		})
	}
}

// Sekrazade's stacks raise the combat success rate R1 by 10/20/30%.
func TestREL912_SekrazadeCombatBuff(t *testing.T) {
	cases := []struct {
		id   string
		god  God
		held int
		buff int
		want int
	}{
		{"REL-912", Sekrazade, 1, 1, 10},
		{"REL-913", Sekrazade, 2, 2, 20},
		{"REL-914", Sekrazade, 3, 3, 30},
		{"GAP-33", Sekrazade, 0, 2, 20}, // relics lost, buff kept
		{"REL-902", ZogMalomos, 3, 3, 0},
		{"REL-902", GiyeChin, 3, 3, 0},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%s/held%d/buff%d", c.id, c.god, c.held, c.buff), func(t *testing.T) {
			s := rlScene(t, c.god, 2)
			ttPut(t, s, 0, 4, 4)
			ttOwn(t, s, 1, [2]int{5, 4})
			faHold(s, 0, c.held)
			s.players[0].buff = uint8(c.buff)
			ttBegin(s, 0, 1)
			ttDo(t, s, "move e")
			if s.roll.kind != rollCombat {
				t.Fatalf("pending roll kind %d", s.roll.kind)
			}
			ex := ttExplain(t, ttDo(t, s, "failure"), "combat")
			term, ok := ttHasTerm(ex.R1Terms, "relics")
			if c.want == 0 {
				if ok { // REL-902
					t.Fatalf("%s: relics term %+v for god %s", c.id, term, c.god)
				}
				return
			}
			if !ok || term.Tier != 4 || term.Value != c.want { // REL-912-914, GAP-33
				t.Fatalf("%s: R1 relics term %+v (found %v), want tier 4 +%d", c.id, term, ok, c.want)
			}
			if _, inR2 := ttHasTerm(ex.R2Terms, "relics"); inR2 { // REL-912: the attacker's R1 only
				t.Fatalf("%s: relics term in R2 %+v", c.id, ex.R2Terms)
			}
		})
	}
}

// Holding the threshold of the map god's relics wins: 4 with 2 players, 5
// with 3 or 4, for every god (REL-053, REL-900).
func TestREL053_MysticThresholds(t *testing.T) {
	cases := []struct {
		id      string
		god     God
		players int
		held    int // before collecting one more
		wins    bool
	}{
		{"REL-909", ZogMalomos, 2, 3, true},
		{"REL-915", Sekrazade, 2, 3, true},
		{"REL-919", GiyeChin, 2, 3, true},
		{"REL-928", Abukaros, 2, 3, true},
		{"REL-911", ZogMalomos, 3, 3, false},
		{"REL-911", ZogMalomos, 3, 4, true},
		{"REL-917", Sekrazade, 4, 3, false},
		{"REL-917", Sekrazade, 4, 4, true},
		{"REL-919", GiyeChin, 3, 3, false},
		{"REL-919", GiyeChin, 4, 4, true},
		{"REL-930", Abukaros, 3, 3, false},
		{"REL-930", Abukaros, 4, 4, true},
	}
	eyes := []Eye{Stye, Insight, Clairvoyance, NightEye, SeeksKin}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%s/%dp/held%d", c.id, c.god, c.players, c.held), func(t *testing.T) {
			s := rlScene(t, c.god, c.players)
			ttPut(t, s, 0, 4, 4)
			eye := NoEye
			if c.god == GiyeChin {
				faHold(s, 0, c.held, eyes[:c.held]...)
				eye = eyes[c.held]
			} else {
				faHold(s, 0, c.held)
			}
			faRelic(t, s, 5, 4, eye)
			ttBegin(s, faOrder(c.players)...)
			if got := s.view(0).Factions.MysticThreshold; got != 4+boolInt(c.players > 2) { // REL-053, GAP-32
				t.Fatalf("%s: threshold %d", c.id, got)
			}
			evs := ttDo(t, s, "move e")
			if !c.wins {
				if s.Terminal() { // the threshold is not reached yet
					t.Fatalf("%s: %d relics ended the match: %+v", c.id, c.held+1, s.Result())
				}
				return
			}
			r := s.Result()
			if !s.Terminal() || r.Winner != 0 || r.How != "mystic" { // REL-053, REL-900
				t.Fatalf("%s: %d relics: terminal %v result %+v, events %v", c.id, c.held+1, s.Terminal(), r, ttKinds(evs))
			}
			if o := ttFind(evs, "over"); len(o) != 1 || o[0].Data.(overData).How != "mystic" { // REL-053
				t.Fatalf("%s: over events %+v", c.id, o)
			}
		})
	}
}

// A relic that does not count (a card's, CARD-055) adds to neither the
// relics held nor the buff level, so it never wins (GAP-33).
func TestGAP33_NonCountingRelic(t *testing.T) {
	s := rlScene(t, ZogMalomos, 2)
	ttPut(t, s, 0, 4, 4)
	faHold(s, 0, 3)
	i := faRelic(t, s, 5, 4, NoEye)
	s.relics[i].counts = false
	ttBegin(s, 0, 1)
	ttDo(t, s, "move e")
	if s.relics[i].holder != 0 || s.relicsHeld(0) != 3 || s.players[0].buff != 3 || s.Terminal() { // GAP-33
		t.Fatalf("holder %d held %d buff %d terminal %v", s.relics[i].holder, s.relicsHeld(0), s.players[0].buff, s.Terminal())
	}
}

// Zog Malomos at stack 4 with 3-4 players: each run of three successful
// propagations in a row grants a relic of the god still on the map, and any
// failure resets the run (REL-910, GAP-33).
func TestREL910_ZogRunOfThree(t *testing.T) {
	s := rlScene(t, ZogMalomos, 3)
	faHold(s, 0, 3)
	s.players[0].buff = 4 // stack 4 reached before, one relic since lost (GAP-33)
	a := faRelic(t, s, 8, 8, NoEye)
	b := faRelic(t, s, 8, 6, NoEye)
	ttBegin(s, 0, 1, 2)
	type step struct {
		dir     string
		roll    string
		run     uint8 // after the turn
		gained  bool
		victory bool
	}
	steps := []step{
		{"e", "success", 1, false, false},
		{"e", "success", 2, false, false},
		{"e", "failure", 0, false, false}, // any failure resets the run
		{"e", "success", 1, false, false},
		{"e", "success", 2, false, false},
		{"e", "success", 0, true, false}, // three in a row: a relic, the run restarts
		{"se", "success", 1, false, false},
		{"sw", "success", 2, false, false},
		{"w", "success", 0, true, true}, // the fifth relic wins (REL-911)
	}
	for n, st := range steps {
		rlIdleUntil(t, s, 0)
		before := s.relicsHeld(0)
		evs := faTurn(t, s, st.dir, st.roll)
		gains := ttFind(evs, "relic")
		if st.gained != (len(gains) == 1) || len(gains) > 1 { // REL-910
			t.Fatalf("turn %d (%s): relic events %v", n+1, st.roll, gains)
		}
		if st.gained {
			d := gains[0].Data.(relicData)
			if d.How != "run" || d.Seat != 0 || s.relicsHeld(0) != before+1 { // REL-910, GAP-33: a relic of the god from the map
				t.Fatalf("turn %d: relic event %+v, held %d → %d", n+1, d, before, s.relicsHeld(0))
			}
			if d.Tile == nil || (*d.Tile != s.coord(ttIdx(t, s, 8, 8)) && *d.Tile != s.coord(ttIdx(t, s, 8, 6))) { // GAP-33
				t.Fatalf("turn %d: relic came from %v", n+1, d.Tile)
			}
		} else if s.relicsHeld(0) != before {
			t.Fatalf("turn %d: held %d → %d without a relic event", n+1, before, s.relicsHeld(0))
		}
		if st.victory {
			if r := s.Result(); !s.Terminal() || r.Winner != 0 || r.How != "mystic" { // REL-911
				t.Fatalf("turn %d: result %+v", n+1, r)
			}
			break
		}
		if s.players[0].run != st.run { // REL-910: successes in a row, reset by failure or a grant
			t.Fatalf("turn %d (%s): run %d, want %d", n+1, st.roll, s.players[0].run, st.run)
		}
	}
	if s.relics[a].holder != 0 || s.relics[b].holder != 0 {
		t.Fatalf("relics %+v %+v", s.relics[a], s.relics[b])
	}
}

// No run gain with 2 players, below stack 4, or for another god.
func TestREL910_NoRunGainOtherwise(t *testing.T) {
	cases := []struct {
		name    string
		god     God
		players int
		buff    uint8
	}{
		{"2 players", ZogMalomos, 2, 4}, // REL-910: 3- or 4-player games only
		{"stack 3", ZogMalomos, 3, 3},
		{"sekrazade propagating", Sekrazade, 3, 4}, // REL-916 counts combat, not propagation
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := rlScene(t, c.god, c.players)
			faHold(s, 0, 3)
			s.players[0].buff = c.buff
			faRelic(t, s, 8, 8, NoEye)
			ttBegin(s, faOrder(c.players)...)
			for n := 0; n < 4; n++ {
				rlIdleUntil(t, s, 0)
				if evs := faTurn(t, s, "e", "success"); len(ttFind(evs, "relic")) != 0 { // REL-910
					t.Fatalf("turn %d: relic gained", n+1)
				}
			}
			if s.relicsHeld(0) != 3 {
				t.Fatalf("held %d", s.relicsHeld(0))
			}
		})
	}
}

// Sekrazade at stack 4 with 3-4 players: three combat wins as attacker in a
// row grant a relic; a lost combat resets the run (REL-916, GAP-33).
func TestREL916_SekrazadeRunOfThree(t *testing.T) {
	s := rlScene(t, Sekrazade, 3)
	ttOwn(t, s, 1, [2]int{1, 4}, [2]int{2, 4}, [2]int{3, 4}, [2]int{4, 4}, [2]int{5, 4}, [2]int{6, 4})
	faHold(s, 0, 3)
	s.players[0].buff = 4
	faRelic(t, s, 8, 8, NoEye)
	ttBegin(s, 0, 1, 2)
	rolls := []string{"success", "success", "failure", "success", "success", "success"}
	for n, roll := range rolls {
		rlIdleUntil(t, s, 0)
		evs := faTurn(t, s, "e", roll)
		if len(ttFind(evs, "combat")) != 1 {
			t.Fatalf("turn %d: no combat: %v", n+1, ttKinds(evs))
		}
		gained := len(ttFind(evs, "relic")) == 1
		if want := n == len(rolls)-1; gained != want { // REL-916: only the third win in a row
			t.Fatalf("turn %d (%s): relic gained %v, want %v", n+1, roll, gained, want)
		}
	}
	if s.relicsHeld(0) != 4 || s.players[0].run != 0 || s.players[0].buff != 4 { // REL-916, GAP-33
		t.Fatalf("held %d run %d buff %d", s.relicsHeld(0), s.players[0].run, s.players[0].buff)
	}
}

// Abukaros's stacks 1-3 drain every other player once, when the level is
// first reached: −5, −10, −15 (REL-925-927, GAP-33). Regaining a lost relic
// drains nothing, and a drain to 0 defeats.
func TestREL925_AbukarosDrainsOncePerLevel(t *testing.T) {
	s := rlScene(t, Abukaros, 3)
	for c := 1; c <= 3; c++ {
		faRelic(t, s, c, 4, NoEye)
	}
	s.players[2].rep = 4
	ttBegin(s, 0, 1, 2)
	want := []struct {
		id   string
		rep1 int32
	}{{"REL-925", 45}, {"REL-926", 35}, {"REL-927", 20}}
	for n, w := range want {
		rlIdleUntil(t, s, 0)
		evs := faTurn(t, s, "e", "failure")
		if s.players[0].buff != uint8(n+1) { // REL-905
			t.Fatalf("turn %d: buff %d", n+1, s.players[0].buff)
		}
		if s.players[1].rep != w.rep1 || s.players[0].rep != 50 { // REL-925-927: every other player, not the collector
			t.Fatalf("%s: reputations %d (collector) and %d", w.id, s.players[0].rep, s.players[1].rep)
		}
		if n == 0 {
			if d := ttFind(evs, "defeated"); len(d) != 1 || d[0].Seat != 2 || !s.players[2].defeated { // REL-925, REL-063
				t.Fatalf("seat 2 at 4 not defeated by the drain: %v", ttKinds(evs))
			}
		}
	}
	// A relic goes back to the map (as a card may send it) and is found
	// again: the level is not new, so nobody is drained (GAP-33).
	for i := range s.relics {
		if s.relics[i].holder == 0 {
			s.relics[i].holder, s.relics[i].tile = -1, int16(ttIdx(t, s, 4, 4))
			break
		}
	}
	rlIdleUntil(t, s, 0)
	faTurn(t, s, "e", "failure")
	if s.relicsHeld(0) != 3 || s.players[1].rep != 20 { // GAP-33: once per level
		t.Fatalf("held %d, seat 1 reputation %d", s.relicsHeld(0), s.players[1].rep)
	}
}

// Abukaros at stack 4 with 3-4 players: the collector designates another
// seat, and takes all its relics if its reputation is 50 or less (REL-929).
func TestREL929_AbukarosDesignation(t *testing.T) {
	for _, rep := range []int32{50, 51} {
		t.Run(fmt.Sprintf("reputation %d", rep), func(t *testing.T) {
			s := rlScene(t, Abukaros, 3)
			ttPut(t, s, 0, 4, 4)
			faHold(s, 0, 3)
			faHold(s, 1, 1)
			s.players[1].buff = 2 // it once held two
			s.players[1].rep = rep
			faRelic(t, s, 5, 4, NoEye)
			ttBegin(s, 0, 1, 2)
			ttDo(t, s, "move e")
			d := s.Pending()
			if d.Seat != 0 || d.Kind != "designate" { // REL-929: the collector designates
				t.Fatalf("pending %+v", d)
			}
			if l := ttLegal(s); !slices.Equal(l, []string{"seat 1", "seat 2"}) { // REL-929: one other player
				t.Fatalf("legal %v", l)
			}
			if s.players[1].rep != rep { // GAP-33: stack 4 drains nothing
				t.Fatalf("seat 1 reputation %d", s.players[1].rep)
			}
			evs := ttDo(t, s, "seat 1")
			th := ttFind(evs, "theft")
			if len(th) != 1 {
				t.Fatalf("events %v", ttKinds(evs))
			}
			took := th[0].Data.(map[string]int)["relics"]
			if rep <= 50 {
				if took != 1 || s.relicsHeld(1) != 0 { // REL-929: at 50% or less, all its relics
					t.Fatalf("took %d, seat 1 holds %d", took, s.relicsHeld(1))
				}
				if s.players[1].buff != 2 { // GAP-33: the buff level stays after the loss
					t.Fatalf("seat 1 buff %d", s.players[1].buff)
				}
				if r := s.Result(); !s.Terminal() || r.Winner != 0 || r.How != "mystic" { // GAP-33, REL-930: taken relics count for the taker
					t.Fatalf("seat 0 holds %d, result %+v", s.relicsHeld(0), r)
				}
				return
			}
			if took != 0 || s.relicsHeld(1) != 1 || s.relicsHeld(0) != 4 { // REL-929: above 50%, nothing
				t.Fatalf("took %d, seat 1 holds %d, seat 0 %d", took, s.relicsHeld(1), s.relicsHeld(0))
			}
			if p := s.Pending(); p.Kind != "roll" || s.roll.kind != rollPropagation || s.coord(int(s.roll.tile)) != (Coord{5, 4}) { // the contact goes on
				t.Fatalf("after the designation pending %+v", p)
			}
		})
	}
}

// Abukaros's theft tells every seat the target's reputation, unless Let
// Not the Left Hand Know hides it (CARD-030): then only the target sees
// the value, and the others only what was taken (REL-929).
func TestREL929_TheftKeepsHiddenReputation(t *testing.T) {
	for _, hidden := range []bool{false, true} {
		t.Run(fmt.Sprintf("hidden %v", hidden), func(t *testing.T) {
			s := rlScene(t, Abukaros, 3)
			ttPut(t, s, 0, 4, 4)
			faHold(s, 0, 3)
			faHold(s, 1, 1)
			s.players[1].rep = 73
			if hidden {
				s.addState(1, 1, cardLeftHand, 0, s.forTurns(1, 3))
			}
			faRelic(t, s, 5, 4, NoEye)
			ttBegin(s, 0, 1, 2)
			ttDo(t, s, "move e")
			evs := ttDo(t, s, "seat 1")
			if len(ttFind(evs, "theft")) != 1 {
				t.Fatalf("events %v", ttKinds(evs))
			}
			for _, seat := range []engine.Seat{0, 1, 2, engine.Spectator} {
				th := ttFind(engine.Redact(evs, seat), "theft")
				if len(th) != 1 {
					t.Fatalf("seat %d sees %d theft events, want 1", seat, len(th))
				}
				b, _ := json.Marshal(th[0].Data)
				sees := strings.Contains(string(b), `"reputation":73`)
				if want := !hidden || seat == 1; sees != want {
					t.Errorf("seat %d sees %s: reputation shown %v, want %v", seat, b, sees, want)
				}
				if !strings.Contains(string(b), `"relics":0`) {
					t.Errorf("seat %d sees %s, want what was taken", seat, b)
				}
			}
		})
	}
}

// With 2 players Abukaros's stack 4 wins at once, with no designation.
func TestREL928_AbukarosTwoPlayersNoDesignation(t *testing.T) {
	s := rlScene(t, Abukaros, 2)
	ttPut(t, s, 0, 4, 4)
	faHold(s, 0, 3)
	faHold(s, 1, 1)
	s.players[1].rep = 10
	faRelic(t, s, 5, 4, NoEye)
	ttBegin(s, 0, 1)
	evs := ttDo(t, s, "move e")
	if len(ttFind(evs, "theft")) != 0 || s.Pending().Kind == "designate" { // REL-928: no designation with 2 players
		t.Fatalf("events %v", ttKinds(evs))
	}
	if r := s.Result(); r.Winner != 0 { // REL-928: you win
		t.Fatalf("result %+v", r)
	}
}

// Gi-ye Chin's Night Eye: no night limit on the collector's vision (REL-920).
func TestREL920_NightEye(t *testing.T) {
	s := faScene(t, faSeats(2, "islam/fortune_teller"), [2]int{4, 4}, [2]int{0, 8})
	s.god = GiyeChin
	faRelic(t, s, 5, 4, NightEye)
	ttBegin(s, 0, 1)
	faTurn(t, s, "e", "failure")
	if !s.players[0].nightEye || !s.view(1).Players[0].NightEye { // REL-920, GAP-70
		t.Fatal("night eye not set or not shown")
	}
	faTurn(t, s, "e", "failure") // seat 1 to (1,8); the cycle ends
	if !s.night || s.active() != 0 {
		t.Fatalf("night %v active %d", s.night, s.active())
	}
	far := ttIdx(t, s, 8, 0)
	v0, v1 := s.view(0), s.view(1)
	if !v0.Tiles[far].Visible || v1.Tiles[far].Visible { // REL-920: only the collector sees far at night
		t.Fatalf("far tile visible: seat 0 %v, seat 1 %v", v0.Tiles[far].Visible, v1.Tiles[far].Visible)
	}
	for i, tv := range v0.Tiles {
		if !tv.Visible { // REL-920
			t.Fatalf("seat 0 does not see %v at night", s.coord(i))
		}
	}
	if v0.Players[1].Piece == nil || *v0.Players[1].Piece != (Coord{1, 8}) || v1.Players[0].Piece != nil { // REL-920
		t.Fatalf("pieces: seat 0 sees %v, seat 1 sees %v", v0.Players[1].Piece, v1.Players[0].Piece)
	}
}

// Gi-ye Chin's Clairvoyance lasts the collector's own three turns: the turn
// it is found in and the next two (REL-921, GAP-26). Its card effect waits
// for strategy cards.
func TestREL921_ClairvoyanceThreeOwnTurns(t *testing.T) {
	s := faScene(t, faSeats(2, "islam/fortune_teller"), [2]int{4, 4}, [2]int{0, 8})
	s.god = GiyeChin
	faRelic(t, s, 5, 4, Clairvoyance)
	ttBegin(s, 0, 1)
	dirs := []string{"e", "w", "e", "w"}
	want := []int{3, 2, 1, 0} // during own turns 1, 2, 3, 4
	for n := range want {
		if n > 0 {
			if got := s.view(1).Players[0].Clairvoyance; got != want[n-1] { // other seats' turns do not count
				t.Fatalf("during seat 1's turn: %d", got)
			}
			rlIdleUntil(t, s, 0)
			if got := s.view(1).Players[0].Clairvoyance; got != want[n] { // REL-921: counted in own turns
				t.Fatalf("own turn %d: clairvoyance %d, want %d", n+1, got, want[n])
			}
		}
		faTurn(t, s, dirs[n], "failure")
		if n == 0 && s.players[0].clairvoyance != 3 { // REL-921: 3 turns from the collection
			t.Fatalf("after the collection: %d", s.players[0].clairvoyance)
		}
	}
}

// Gi-ye Chin's Eye That Seeks Its Kin reveals one relic the collector has
// not found, to the collector only (REL-922, GAP-32).
func TestREL922_SeeksKinRevealsOne(t *testing.T) {
	s := faScene(t, faSeats(3, "islam/fortune_teller"), [2]int{4, 4}, [2]int{0, 8}, [2]int{8, 0})
	s.god = GiyeChin
	faRelic(t, s, 5, 4, SeeksKin)
	known := faRelic(t, s, 8, 8, NightEye)
	s.relics[known].seen = engine.Only(0) // already revealed to seat 0
	hidden := []int{faRelic(t, s, 1, 1, Stye), faRelic(t, s, 2, 7, Insight)}
	s.relics[hidden[1]].seen = engine.Only(1) // seat 1 knows it; seat 0 does not
	ttBegin(s, 0, 1, 2)
	evs := ttDo(t, s, "move e")
	rev := ttFind(evs, "relic_revealed")
	if len(rev) != 1 || rev[0].Audience != engine.Only(0) || rev[0].Public != nil { // REL-922: to the collector only
		t.Fatalf("relic_revealed events %+v", rev)
	}
	var shown []int
	for _, i := range hidden {
		if s.relics[i].seen.Has(0) {
			shown = append(shown, i)
		}
	}
	if len(shown) != 1 { // REL-922: one relic
		t.Fatalf("revealed %v", shown)
	}
	at := s.coord(int(s.relics[shown[0]].tile))
	if tile := rev[0].Data.(map[string]any)["tile"].(Coord); tile != at { // REL-922
		t.Fatalf("event tile %v, relic on %v", tile, at)
	}
	v0, _ := faViewJSON(t, s, 0)
	var got []Coord
	for _, r := range v0.Factions.Relics {
		got = append(got, r.Tile)
	}
	if !slices.Contains(got, at) || !slices.Contains(got, Coord{8, 8}) || len(got) != 2 { // REL-922, GAP-32
		t.Fatalf("seat 0 knows relics %v", got)
	}
	for _, seat := range []engine.Seat{2, engine.Spectator} {
		if v, _ := faViewJSON(t, s, seat); len(v.Factions.Relics) != 0 { // GAP-32: the others still see none
			t.Fatalf("seat %d sees relics %+v", seat, v.Factions.Relics)
		}
	}
	if v, _ := faViewJSON(t, s, 1); len(v.Factions.Relics) != 1 || v.Factions.Relics[0].Tile != (Coord{2, 7}) { // GAP-32
		t.Fatalf("seat 1 sees relics %+v", v.Factions.Relics)
	}
}

// Gi-ye Chin's relics are of five types; a 2-player map has 4 distinct
// types drawn at random, a 3-4 player map all five (REL-918, REL-919,
// GAP-33). Found with real generated maps.
func TestGAP33_GiyeChinTypesOnGeneratedMaps(t *testing.T) {
	missing := map[Eye]bool{}
	found := [5]int{}
	for seed := uint64(1); seed <= 400 && (found[2] < 12 || found[3] < 3 || found[4] < 3); seed++ {
		for players := 2; players <= 4; players++ {
			s := faGenerated(t, players, seed)
			if s.god != GiyeChin {
				continue
			}
			found[players]++
			var eyes []Eye
			for _, r := range s.relics {
				eyes = append(eyes, r.eye)
			}
			set := map[Eye]bool{}
			for _, e := range eyes {
				if e == NoEye || e >= numEyes || set[e] { // REL-918, GAP-33: distinct types
					t.Fatalf("%dp seed %d: eyes %v", players, seed, eyes)
				}
				set[e] = true
			}
			if len(set) != s.mysticThreshold() { // REL-919: 4 or 5
				t.Fatalf("%dp seed %d: %d types", players, seed, len(set))
			}
			if players == 2 {
				for e := NightEye; e < numEyes; e++ {
					if !set[e] {
						missing[e] = true
					}
				}
			}
		}
	}
	if found[2] == 0 || found[3] == 0 || found[4] == 0 {
		t.Fatalf("no Gi-ye Chin map among the seeds: %v", found)
	}
	if len(missing) < 2 { // GAP-33: the 4 of 5 are drawn at random
		t.Fatalf("2-player maps always leave out %v", missing)
	}
}

// The run toward a relic counts from stack 4 on: successes before it do not
// carry over, so reaching stack 4 in the middle of a streak does not grant
// a relic at once (REL-910, GAP-33: "from then on").
func TestREL910_RunCountsFromStackFour(t *testing.T) {
	s := rlScene(t, ZogMalomos, 3)
	faHold(s, 0, 3)
	faRelic(t, s, 3, 4, NoEye) // the fourth, found on the third step
	far := faRelic(t, s, 8, 8, NoEye)
	ttBegin(s, 0, 1, 2)
	for n := 1; n <= 5; n++ {
		rlIdleUntil(t, s, 0)
		evs := faTurn(t, s, "e", "success")
		granted := false
		for _, e := range ttFind(evs, "relic") {
			granted = granted || e.Data.(relicData).How == "run"
		}
		if want := n == 5; granted != want { // REL-910, GAP-33: three successes at stack 4
			t.Fatalf("turn %d: run grant %v, want %v (buff %d, run %d)", n, granted, want, s.players[0].buff, s.players[0].run)
		}
	}
	if s.relics[far].holder != 0 || !s.Terminal() { // REL-911: the fifth relic wins
		t.Fatalf("far relic %+v, terminal %v", s.relics[far], s.Terminal())
	}
}
