package realigious

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"tabletop/engine"
	"tabletop/engine/enginetest"
)

// TestViewCacheSkeletons builds the skeleton of every audience's view
// after every step of random matches with cards, in reused blocks as a
// view tracker does (one per audience, and one shared by all, so that the
// audience changes from one build to the next), and compares it with the
// skeleton built in a fresh block, which keeps no cache.
func TestViewCacheSkeletons(t *testing.T) {
	g := New()
	matches := 9
	if testing.Short() {
		matches = 3
	}
	eachRandomSlotMatch(t, g, matches, func(t *testing.T, s *State, m, seats int) {
		rnd := enginetest.RandomAnswers(uint64(m))
		var buf []engine.Answer
		own := make([]viewBlock, seats+1)
		var shared viewBlock
		skeleton := func(blk *viewBlock, seat engine.Seat) []byte {
			v, _, _ := s.buildViewIn(blk, seat, false)
			return v.appendTail(append(v.appendHead(nil), "[]"...))
		}
		for step := 0; ; step++ {
			for k := range seats + 1 {
				seat := engine.Seat(k)
				if k == seats {
					seat = engine.Spectator
				}
				want := skeleton(&viewBlock{}, seat)
				if got := skeleton(&own[k], seat); !bytes.Equal(got, want) {
					t.Fatalf("step %d seat %d: cached skeleton differs:\n%s", step, seat, clDiff(got, want))
				}
				if got := skeleton(&shared, seat); !bytes.Equal(got, want) {
					t.Fatalf("step %d seat %d: skeleton of a shared block differs:\n%s", step, seat, clDiff(got, want))
				}
			}
			if s.Terminal() || step >= 20000 {
				break
			}
			buf = applyRandomStep(t, s, uint64(m), step, &rnd, buf)
		}
	})
}

// TestSamePlayerViewTellsEveryField changes each field of random
// PlayerViews (and of their buffs) in turn: samePlayerView must see every
// change, or a cached player's JSON would go stale, and must find a deep
// copy equal.
func TestSamePlayerViewTellsEveryField(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	for i := range 300 {
		var p PlayerView
		vjFill(reflect.ValueOf(&p).Elem(), r, 1)
		var pc playerCache
		pc.keep(&p)
		if !samePlayerView(&p, &pc.pv) {
			t.Fatalf("value %d: a deep copy is not the same", i)
		}
		typ := reflect.TypeFor[PlayerView]()
		for f := range typ.NumField() {
			if !typ.Field(f).IsExported() {
				continue
			}
			var q playerCache
			q.keep(&p)
			field := reflect.ValueOf(&q.pv).Elem().Field(f)
			if !changeValue(field, r) {
				continue
			}
			if samePlayerView(&p, &q.pv) {
				t.Fatalf("value %d: samePlayerView misses a change of %s", i, typ.Field(f).Name)
			}
		}
		for k := range p.Buffs {
			et := reflect.TypeFor[EffectView]()
			for f := range et.NumField() {
				var q playerCache
				q.keep(&p)
				if !changeValue(reflect.ValueOf(&q.pv.Buffs[k]).Elem().Field(f), r) {
					continue
				}
				if samePlayerView(&p, &q.pv) {
					t.Fatalf("value %d: samePlayerView misses a change of buff %d's %s", i, k, et.Field(f).Name)
				}
			}
		}
	}
}

// changeValue changes v to a value that encodes differently, and reports
// whether it could.
func changeValue(v reflect.Value, r *rand.Rand) bool {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(!v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(v.Int() + 1)
	case reflect.Uint8:
		v.SetUint(v.Uint() ^ 1)
	case reflect.String:
		v.SetString(v.String() + "x")
	case reflect.Pointer:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		} else if r.IntN(2) == 0 {
			v.SetZero()
		} else {
			p := reflect.New(v.Type().Elem())
			p.Elem().Set(v.Elem())
			p.Elem().Field(0).SetInt(p.Elem().Field(0).Int() + 1)
			v.Set(p)
		}
	case reflect.Slice:
		switch {
		case v.IsNil():
			v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		case v.Len() == 0 || r.IntN(3) == 0:
			v.SetZero()
		default:
			s := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
			reflect.Copy(s, v)
			e := s.Index(r.IntN(v.Len()))
			if e.Kind() == reflect.Struct {
				return changeValue(e.Field(0), r) && setSlice(v, s)
			}
			return changeValue(e, r) && setSlice(v, s)
		}
	default:
		panic(fmt.Sprintf("changeValue: unexpected kind %s", v.Kind()))
	}
	return true
}

func setSlice(v, s reflect.Value) bool { v.Set(s); return true }
