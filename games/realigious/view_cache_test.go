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

// TestViewCacheSkeletons builds the skeleton of every audience's view
// after every step of random matches with cards, in reused blocks as a
// view tracker does (one per audience, and one shared by all, so that the
// audience changes from one build to the next), and compares it, with the
// players the cache keeps apart put back, with the skeleton built in a
// fresh block, which keeps no cache.
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
			b := v.appendTail(append(v.appendHead(nil), "[]"...))
			if c := v.cache; c != nil && c.at >= 0 {
				// The players kept apart, put back in place.
				if string(b[c.at:c.at+2]) != "[]" {
					t.Fatalf("seat %d: no [] where the players are kept apart: %s", seat, b[c.at:])
				}
				b = append(c.appendPlayersJSON(bytes.Clone(b[:c.at])), b[c.at+2:]...)
			}
			return b
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
// PlayerViews (and of their buffs) in turn: playerDiff must see every
// change, or a cached player's JSON would go stale, and must find a deep
// copy equal.
func TestPlayerDiffTellsEveryField(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 9))
	for i := range 300 {
		var p PlayerView
		vjFill(reflect.ValueOf(&p).Elem(), r, 1)
		var pc playerCache
		pc.keep(&p)
		if playerDiff(&p, &pc.pv) != 0 {
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
			if playerDiff(&p, &q.pv) == 0 {
				t.Fatalf("value %d: playerDiff misses a change of %s", i, typ.Field(f).Name)
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
				if playerDiff(&p, &q.pv) == 0 {
					t.Fatalf("value %d: playerDiff misses a change of buff %d's %s", i, k, et.Field(f).Name)
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

// TestPlayerOps changes random members of random PlayerViews (each field
// in turn, then several at once): the operations a tracker writes for a
// changed player (playerDiff, appendMarked's member marks, playerHas,
// appendPlayerOps) turn the JSON before into the JSON after, members left
// out (omitempty) included, and a change of most members is one
// replacement of the player.
func TestPlayerOps(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	typ := reflect.TypeFor[PlayerView]()
	check := func(t *testing.T, p, q *PlayerView) string {
		t.Helper()
		var e playerScratch
		old := p.appendMarked(nil, &e.om)
		if !bytes.Equal(old, p.appendJSON(nil)) || int(e.om[playerMembers]) != len(old)-1 {
			t.Fatalf("appendMarked differs from appendJSON or ends elsewhere: %s", old)
		}
		for k := range playerMembers {
			if has := e.om[k+1] > e.om[k]; has != (playerHas(p)&(1<<k) != 0) {
				t.Fatalf("playerHas says member %d is there: %v, the JSON: %v\n%s", k, !has, has, old)
			}
		}
		e.now = q.appendMarked(e.now, &e.nm)
		now := e.now
		ops := appendPlayerOps(nil, 2, playerDiff(p, q), p, &e)
		var list []trOp
		if err := json.Unmarshal([]byte("["+string(ops)+"]"), &list); err != nil {
			t.Fatalf("operations are not JSON: %v\n%s", err, ops)
		}
		players := []json.RawMessage{old, old, old}
		_, got, _, _ := trApply(t, nil, players, list)
		if !sameJSON(t, got[2], now) {
			t.Fatalf("operations %s turn %s into %s, want %s", ops, old, got[2], now)
		}
		return string(ops)
	}
	for i := range 200 {
		var p PlayerView
		vjFill(reflect.ValueOf(&p).Elem(), r, 1)
		for f := range typ.NumField() {
			var q playerCache
			q.keep(&p)
			if !changeValue(reflect.ValueOf(&q.pv).Elem().Field(f), r) {
				continue
			}
			ops := check(t, &p, &q.pv)
			if ops == "" && !bytes.Equal(p.appendJSON(nil), q.pv.appendJSON(nil)) {
				t.Fatalf("value %d: no operation for a change of %s", i, typ.Field(f).Name)
			}
		}
		var q playerCache
		q.keep(&p)
		for range 1 + r.IntN(4) {
			changeValue(reflect.ValueOf(&q.pv).Elem().Field(r.IntN(typ.NumField())), r)
		}
		check(t, &p, &q.pv)
	}
	var p, q PlayerView
	vjFill(reflect.ValueOf(&p).Elem(), r, 1)
	vjFill(reflect.ValueOf(&q).Elem(), r, 1)
	q.Graveyard, q.Buffs = p.Graveyard, p.Buffs // small members only: their operations outweigh the player
	if ops := check(t, &p, &q); !strings.HasPrefix(ops, `{"op":"replace","path":"/players/2","value":{`) || strings.Count(ops, `"op"`) != 1 {
		t.Fatalf("most members changed: %s, want one replacement of the player", ops)
	}
}
