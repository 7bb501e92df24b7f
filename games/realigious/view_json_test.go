package realigious

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/engine/enginetest"
)

// The tests of the hand-written view encoder (view_json.go): the JSON is
// the protocol (docs/visibility.md), so AppendView must give exactly the
// bytes of json.Marshal(View) — same field order, omitempty and omitzero
// rules, enum names, escaping — for every seat and the spectator.

// vjCompare fails t when AppendView and json.Marshal differ for seat.
func vjCompare(t *testing.T, s *State, seat engine.Seat, where string) []byte {
	t.Helper()
	want, err := json.Marshal(s.View(seat))
	if err != nil {
		t.Fatalf("%s: json.Marshal(View(%d)): %v", where, seat, err)
	}
	got := s.AppendView([]byte("x"), seat)
	if string(got[:1]) != "x" || !bytes.Equal(got[1:], want) {
		t.Fatalf("%s: AppendView(%d) differs from json.Marshal(View(%d)):\n%s", where, seat, seat, clDiff(got[1:], want))
	}
	return want
}

// vjCheckFacts checks tileFacts' shortcut for the owner against the
// visibility rule itself: a revealed tile shows its live owner exactly
// when ownerVisible says so (REL-870, GAP-70), else the one remembered.
func vjCheckFacts(t *testing.T, s *State, seat engine.Seat, step int) {
	t.Helper()
	seat, row := s.viewRow(seat)
	for tile := range s.tiles {
		f := s.tileFacts(seat, row, tile)
		if f.memory != Revealed {
			continue
		}
		want := int(s.known[row*len(s.tiles)+tile])
		if s.ownerVisible(row, tile) {
			want = int(s.tiles[tile].Owner)
		}
		if !f.hasOwner || f.owner != want {
			t.Fatalf("step %d: tileFacts(seat %d, tile %d) owner %d (present %v), want %d as ownerVisible gives", step, seat, tile, f.owner, f.hasOwner, want)
		}
	}
}

// vjCoverage names the situations the random games must reach, each by a
// substring of some view's JSON, so that the comparison covers them.
var vjCoverage = []struct{ name, substr string }{
	{"wind decision", `"pending":"wind"`},
	{"wind", `"wind":"`},
	{"squall (REL-805)", `"squall":{`},
	{"night", `"night":true`},
	{"blocked tiles", `"blocked":[`},
	{"card decision", `"card_decision":{`},
	{"card decision with targets", `"targets":[`},
	{"hand (UI-314)", `"hand":[{`},
	{"armed card (GAP-25)", `"armed":"`},
	{"designations (REL-698)", `"designations":[{`},
	{"buffs (REL-697)", `"buffs":[{`},
	{"hidden reputation (CARD-030)", `"reputation_hidden":true`},
	{"church", `"church":"`},
	{"relic types", `"relic_types":[`},
	{"celebrity tile", `"celebrity":{"kind":`},
	{"cycle end", `"cycle_end":true`},
	{"terminal", `"result":{`},
	{"spectator", `"seat":-3`},
}

// eachRandomSlotMatch runs f, in a subtest per game, on n seeded random
// games with random trait slots (so that cards come into play): 2 to 4
// seats and every climate in turn.
func eachRandomSlotMatch(t *testing.T, g *Game, n int, f func(t *testing.T, s *State, m, seats int)) {
	t.Helper()
	for m := range n {
		seats := 2 + m%3
		climate := climateNames[m%len(climateNames)]
		t.Run(fmt.Sprintf("%s/%dp/m%d", climate, seats, m), func(t *testing.T) {
			f(t, randomSlotMatch(t, g, uint64(m), seats, climate, 14, 91), m, seats)
		})
	}
}

// TestAppendViewMatchesJSON compares AppendView with json.Marshal(View) for
// every seat and the spectator at every step of seeded random games with
// random trait slots (so that cards come into play), in every climate.
func TestAppendViewMatchesJSON(t *testing.T) {
	g := New()
	matches := 24
	if testing.Short() {
		matches = 4
	}
	seen := map[string]bool{}
	views := 0
	eachRandomSlotMatch(t, g, matches, func(t *testing.T, s *State, m, seats int) {
		rnd := enginetest.RandomAnswers(uint64(m))
		var buf []engine.Answer
		for step := 0; ; step++ {
			for seat := range seats + 1 {
				vs := engine.Seat(seat)
				if seat == seats {
					vs = engine.Spectator
				}
				b := vjCompare(t, s, vs, fmt.Sprintf("step %d", step))
				vjCheckFacts(t, s, vs, step)
				views++
				for _, c := range vjCoverage {
					if !seen[c.name] && bytes.Contains(b, []byte(c.substr)) {
						seen[c.name] = true
					}
				}
			}
			if s.Terminal() || step >= 20000 {
				break
			}
			buf = applyRandomStep(t, s, uint64(m), step, &rnd, buf)
		}
	})
	if testing.Short() {
		return
	}
	for _, c := range vjCoverage {
		if !seen[c.name] {
			t.Errorf("no view of the random games shows %s (%s): the comparison does not cover it", c.name, c.substr)
		}
	}
	t.Logf("compared %d views", views)
}

// TestAppendViewRandomValues fills View values at random — every field,
// nil and empty slices, nil pointers, zero and negative numbers, strings
// that need escaping — and compares appendJSON with json.Marshal: a
// fuzz-style loop over encodings the game may not reach today.
func TestAppendViewRandomValues(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := range n {
		var v View
		vjFill(reflect.ValueOf(&v).Elem(), r, 0)
		want, err := json.Marshal(&v)
		if err != nil {
			t.Fatalf("value %d: json.Marshal: %v", i, err)
		}
		if got := v.appendJSON(nil); !bytes.Equal(got, want) {
			t.Fatalf("value %d: appendJSON differs from json.Marshal:\n%s", i, clDiff(got, want))
		}
	}
}

// vjStrings are the strings vjFill picks from: plain ones and every kind
// encoding/json escapes.
var vjStrings = []string{"", "move", "tile 3,4", `a"b\c`, "<script>&amp;</script>", "\x00\x01\b\f\n\r\t\x1f\x7f",
	"日本語", "\u2028\u2029", "\xff\xfe bad utf-8 \xc3", "é\u00e9", "\U0001F600"}

var (
	vjCardType   = reflect.TypeFor[CardID]()
	vjEyeSetType = reflect.TypeFor[EyeSet]()
)

// vjFill sets v, and everything under it, to random values. Card IDs stay
// valid (json.Marshal rejects the others), or zero in an omitempty field.
func vjFill(v reflect.Value, r *rand.Rand, depth int) {
	switch {
	case v.Type() == vjCardType:
		v.SetUint(uint64(1 + r.IntN(NumCards)))
		return
	case v.Type() == vjEyeSetType:
		v.SetUint(uint64(r.IntN(256)))
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if !f.IsExported() {
				continue
			}
			vjFill(v.Field(i), r, depth+1)
			if f.Type == vjCardType && strings.Contains(f.Tag.Get("json"), "omitempty") && r.IntN(3) == 0 {
				v.Field(i).SetZero()
			}
		}
	case reflect.Pointer:
		if r.IntN(3) == 0 {
			v.SetZero()
			return
		}
		p := reflect.New(v.Type().Elem())
		vjFill(p.Elem(), r, depth+1)
		v.Set(p)
	case reflect.Slice:
		switch k := r.IntN(5); {
		case k == 0:
			v.SetZero()
		case k == 1:
			v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		default:
			n := r.IntN(4)
			if depth > 3 {
				n = r.IntN(2)
			}
			s := reflect.MakeSlice(v.Type(), n, n)
			for i := range n {
				vjFill(s.Index(i), r, depth+1)
			}
			v.Set(s)
		}
	case reflect.Array:
		for i := range v.Len() {
			vjFill(v.Index(i), r, depth+1)
		}
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		switch r.IntN(4) {
		case 0:
			v.SetInt(0)
		case 1:
			v.SetInt(int64(r.IntN(200) - 100))
		default:
			v.SetInt(r.Int64N(1<<31) - 1<<30)
		}
	case reflect.Uint8:
		if r.IntN(3) == 0 {
			v.SetUint(0)
		} else {
			v.SetUint(uint64(r.IntN(12))) // enums, out-of-range names included
		}
	case reflect.String:
		v.SetString(vjStrings[r.IntN(len(vjStrings))])
	default:
		panic(fmt.Sprintf("vjFill: unexpected kind %s in %s", v.Kind(), v.Type()))
	}
}
