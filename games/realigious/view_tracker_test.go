package realigious

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/engine/enginetest"
)

// trOp is one operation of AppendArrayOps.
type trOp struct {
	Op    string          `json:"op"`
	Path  string          `json:"path"`
	Value json.RawMessage `json:"value"`
}

// trSplit returns a view's tiles and the view with its tiles and players
// emptied, both compacted, through encoding/json (independent of the
// tracker).
func trSplit(t *testing.T, view []byte) ([]json.RawMessage, string) {
	t.Helper()
	tiles, _, rest := trSplit3(t, view)
	return tiles, rest
}

// trSplit3 is trSplit with the players too.
func trSplit3(t *testing.T, view []byte) (tiles, players []json.RawMessage, rest string) {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(view, &m); err != nil {
		t.Fatalf("view is not a JSON object: %v", err)
	}
	if err := json.Unmarshal(m["tiles"], &tiles); err != nil {
		t.Fatalf("tiles: %v", err)
	}
	if err := json.Unmarshal(m["players"], &players); err != nil {
		t.Fatalf("players: %v", err)
	}
	m["tiles"] = json.RawMessage("[]")
	if players != nil {
		m["players"] = json.RawMessage("[]")
	}
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return tiles, players, string(b)
}

// trApply applies AppendArrayOps's operations to the tiles and players of
// the view before, and reports whether they were whole-array ones and
// whether any changed a tile.
func trApply(t *testing.T, tiles, players []json.RawMessage, list []trOp) (gotTiles, gotPlayers []json.RawMessage, whole, someTile bool) {
	t.Helper()
	gotTiles = append([]json.RawMessage(nil), tiles...)
	members := make([]map[string]json.RawMessage, len(players))
	for i, p := range players {
		if err := json.Unmarshal(p, &members[i]); err != nil {
			t.Fatalf("player %d: %v", i, err)
		}
	}
	for _, op := range list {
		var i int
		switch {
		case op.Op == "replace" && op.Path == "/tiles":
			// The whole array, when that is shorter than an operation per tile.
			if err := json.Unmarshal(op.Value, &gotTiles); err != nil {
				t.Fatalf("bad array: %v", err)
			}
			whole = true
		case strings.HasPrefix(op.Path, "/tiles/"):
			if _, err := fmt.Sscanf(op.Path, "/tiles/%d", &i); err != nil || op.Op != "replace" || i < 0 || i >= len(gotTiles) {
				t.Fatalf("bad operation %s %s", op.Op, op.Path)
			}
			gotTiles[i] = op.Value
			someTile = true
		case op.Op == "replace" && op.Path == "/players":
			var ps []json.RawMessage
			if err := json.Unmarshal(op.Value, &ps); err != nil {
				t.Fatalf("bad players: %v", err)
			}
			members = make([]map[string]json.RawMessage, len(ps))
			for i, p := range ps {
				if err := json.Unmarshal(p, &members[i]); err != nil {
					t.Fatalf("player %d: %v", i, err)
				}
			}
		default:
			rest, ok := strings.CutPrefix(op.Path, "/players/")
			idx, key, _ := strings.Cut(rest, "/")
			i, err := strconv.Atoi(idx)
			if !ok || err != nil || i < 0 || i >= len(members) {
				t.Fatalf("bad operation %s %s", op.Op, op.Path)
			}
			switch {
			case key == "" && op.Op == "replace":
				members[i] = nil
				if err := json.Unmarshal(op.Value, &members[i]); err != nil {
					t.Fatalf("player %d: %v", i, err)
				}
			case key != "" && (op.Op == "replace" || op.Op == "add"):
				if _, had := members[i][key]; had != (op.Op == "replace") {
					t.Fatalf("%s %s: the member was there: %v", op.Op, op.Path, had)
				}
				members[i][key] = op.Value
			case key != "" && op.Op == "remove":
				if _, had := members[i][key]; !had {
					t.Fatalf("remove %s: no such member", op.Path)
				}
				delete(members[i], key)
			default:
				t.Fatalf("bad operation %s %s", op.Op, op.Path)
			}
		}
	}
	for _, m := range members {
		b, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		gotPlayers = append(gotPlayers, b)
	}
	return gotTiles, gotPlayers, whole, someTile
}

// sameJSON reports whether a and b are the same JSON value.
func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if err := json.Unmarshal(a, &x); err != nil {
		t.Fatalf("%s: %v", a, err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return reflect.DeepEqual(x, y)
}

// TestViewTracker follows random games with one tracker per audience (and
// one shared by every audience in turn, which can never compare) and
// checks at every step, for every seat and the spectator (UI-415 fog and
// memory included, as the views carry them):
//   - AppendView gives (*State).AppendView's bytes;
//   - Skeleton is that view with "tiles":[] and "players":[];
//   - the previous view's tiles and players with AppendArrayOps applied
//     are this view's, so skeleton patch plus array operations rebuild
//     the view.
func TestViewTracker(t *testing.T) {
	g := New()
	matches := 16
	if testing.Short() {
		matches = 3
	}
	eachRandomSlotMatch(t, g, matches, func(t *testing.T, s *State, m, seats int) {
		rnd := enginetest.RandomAnswers(uint64(m))
		var buf []engine.Answer
		trs := make([]engine.ViewTracker, seats+1)
		prev := make([][]json.RawMessage, seats+1)
		prevPlayers := make([][]json.RawMessage, seats+1)
		playerOps := 0
		for i := range trs {
			trs[i] = s.NewViewTracker()
		}
		shared := s.NewViewTracker()
		changedSome, wholeArray := false, false
		for step := 0; step < 400 && !s.Terminal(); step++ {
			for a := range seats + 1 {
				seat := engine.Seat(a)
				if a == seats {
					seat = engine.Spectator
				}
				want := s.AppendView(nil, seat)
				tiles, players, rest := trSplit3(t, want)
				for _, tr := range []engine.ViewTracker{trs[a], shared} {
					if err := tr.Update(s, seat); err != nil {
						t.Fatalf("step %d seat %d: Update: %v", step, seat, err)
					}
					if got := tr.AppendView([]byte("x")); !bytes.Equal(got[1:], want) {
						t.Fatalf("step %d seat %d: tracker's view differs from AppendView:\n%s", step, seat, clDiff(got[1:], want))
					}
					if n := tr.ViewSize(); n != len(want) {
						t.Fatalf("step %d seat %d: ViewSize %d, want %d", step, seat, n, len(want))
					}
					skel := bytes.Clone(tr.Skeleton())
					if st, sp, sr := trSplit3(t, skel); len(st) != 0 || len(sp) != 0 || sr != rest {
						t.Fatalf("step %d seat %d: skeleton is not the view without tiles and players:\n%s", step, seat, skel)
					}
				}
				if _, ok := shared.AppendArrayOps(nil, false); ok && seats > 0 {
					t.Fatalf("step %d seat %d: a tracker that last showed another audience claims to know the changes", step, seat)
				}
				ops, ok := trs[a].AppendArrayOps([]byte("["), false)
				if ok != (step > 0) {
					t.Fatalf("step %d seat %d: AppendArrayOps ok=%v", step, seat, ok)
				}
				if ok {
					var list []trOp
					if err := json.Unmarshal(append(ops, ']'), &list); err != nil {
						t.Fatalf("step %d seat %d: operations are not JSON: %v\n%s", step, seat, err, ops)
					}
					got, gotPlayers, whole, some := trApply(t, prev[a], prevPlayers[a], list)
					wholeArray = wholeArray || whole
					changedSome = changedSome || some
					if len(ops) > len(want) {
						t.Fatalf("step %d seat %d: %d bytes of array operations for a %d-byte view", step, seat, len(ops), len(want))
					}
					for i := range tiles {
						if !bytes.Equal(got[i], tiles[i]) {
							t.Fatalf("step %d seat %d: tile %d after the operations is %s, want %s", step, seat, i, got[i], tiles[i])
						}
					}
					if len(gotPlayers) != len(players) {
						t.Fatalf("step %d seat %d: %d players after the operations, want %d", step, seat, len(gotPlayers), len(players))
					}
					for i := range players {
						if !sameJSON(t, gotPlayers[i], players[i]) {
							t.Fatalf("step %d seat %d: player %d after the operations %s is %s, want %s", step, seat, i, ops, gotPlayers[i], players[i])
						}
					}
					playerOps += strings.Count(string(ops), `"path":"/players/`)
				}
				prevPlayers[a] = players
				prev[a] = tiles
			}
			buf = applyRandomStep(t, s, uint64(m), step, &rnd, buf)
		}
		// Random games seldom change most tiles at once now that sight
		// is apart (TestViewTrackerWholeArray makes such a step).
		if !changedSome {
			t.Errorf("no tile operations seen (whole-array replacements: %v): nothing checked", wholeArray)
		}
		if playerOps == 0 {
			t.Errorf("no player operations seen: nothing checked")
		}
	})
}

// TestViewTrackerWholeArray: a step that changes most tiles' JSON gets
// one operation replacing the whole array, shorter than one per tile,
// and the array it carries is the new view's tiles.
func TestViewTrackerWholeArray(t *testing.T) {
	s := randomSlotMatch(t, New(), 5, 4, "temperate", 14, 91)
	tr := s.NewViewTracker()
	if err := tr.Update(s, 0); err != nil {
		t.Fatal(err)
	}
	for i := range s.tiles {
		s.tiles[i].Alloc[0] += 7 // every tile 0 knows the attributes of (UI-414, UI-415)
	}
	if err := tr.Update(s, 0); err != nil {
		t.Fatal(err)
	}
	ops, ok := tr.AppendArrayOps(nil, false)
	if !ok {
		t.Fatal("AppendArrayOps: not ok after an Update of the same seat")
	}
	var list []trOp
	if err := json.Unmarshal(append(append([]byte("["), ops...), ']'), &list); err != nil {
		t.Fatalf("operations are not JSON: %v\n%s", err, ops)
	}
	if len(list) != 1 || list[0].Op != "replace" || list[0].Path != "/tiles" {
		t.Fatalf("want one replace of /tiles, got %d operations, the first %s %s", len(list), list[0].Op, list[0].Path)
	}
	var got []json.RawMessage
	if err := json.Unmarshal(list[0].Value, &got); err != nil {
		t.Fatal(err)
	}
	want, _ := trSplit(t, s.AppendView(nil, 0))
	if len(got) != len(want) {
		t.Fatalf("%d tiles in the replacement, want %d", len(got), len(want))
	}
	for i := range want {
		if !bytes.Equal(got[i], want[i]) {
			t.Fatalf("tile %d is %s, want %s", i, got[i], want[i])
		}
	}
}

// TestViewTrackerNightfall: nightfall turns most tiles out of sight
// (REL-824) but changes no tile's JSON: the view's "visible" string
// carries it, so the tile operations are none, or few (owners seen live
// by day and remembered at night, UI-413).
func TestViewTrackerNightfall(t *testing.T) {
	s := randomSlotMatch(t, New(), 5, 4, "temperate", 14, 91)
	if s.night {
		t.Skip("the match starts at night")
	}
	tr := s.NewViewTracker()
	if err := tr.Update(s, 0); err != nil {
		t.Fatal(err)
	}
	before := string(tr.Skeleton())
	visBefore := strings.Count(visibleOf(t, before), "1")
	s.night = true
	if err := tr.Update(s, 0); err != nil {
		t.Fatal(err)
	}
	after := string(tr.Skeleton())
	visAfter := strings.Count(visibleOf(t, after), "1")
	if visAfter >= visBefore {
		t.Fatalf("tiles in sight: %d by day, %d at night; want fewer at night (REL-824)", visBefore, visAfter)
	}
	ops, _ := tr.AppendArrayOps(nil, false)
	if bytes.Contains(ops, []byte(`"path":"/tiles"`)) || bytes.Count(ops, []byte(`"op"`)) > 4 {
		t.Fatalf("nightfall's tile operations: %s", ops)
	}
	if want := s.AppendView(nil, 0); !bytes.Equal(tr.AppendView(nil), want) {
		t.Fatalf("tracker's view differs from AppendView:\n%s", clDiff(tr.AppendView(nil), want))
	}
}

// visibleOf returns a view's "visible" string.
func visibleOf(t *testing.T, view string) string {
	t.Helper()
	var v struct {
		Visible *string `json:"visible"`
	}
	if err := json.Unmarshal([]byte(view), &v); err != nil || v.Visible == nil {
		t.Fatalf("no visible string in %s (%v)", view, err)
	}
	return *v.Visible
}

// TestViewTrackerWrongState: a tracker refuses another game's state with
// an error naming what it got, and stays usable.
func TestViewTrackerWrongState(t *testing.T) {
	tr := (&State{}).NewViewTracker()
	err := tr.Update(nil, 0)
	if err == nil || !strings.Contains(err.Error(), "not a Realigious state") {
		t.Fatalf("Update(nil) = %v, want an error naming the state", err)
	}
	if got := string(tr.AppendView(nil)); got != "null" || tr.ViewSize() != len(got) {
		t.Errorf("AppendView before any Update = %s (ViewSize %d), want null", got, tr.ViewSize())
	}
}

// TestNewSiblingTracker: engine.NewSiblingTracker makes a sibling (the
// same block, a cache of its own) of a Realigious tracker, and a new
// tracker when given none.
func TestNewSiblingTracker(t *testing.T) {
	s := New().NewState(Config{Size: 7, Seats: make([]SeatConfig, 2)}, 1)
	first := s.NewViewTracker().(*viewTracker)
	sib, ok := engine.NewSiblingTracker(first, s).(*viewTracker)
	if !ok || sib == first || sib.blk != first.blk || &sib.cache == &first.cache {
		t.Fatalf("sibling %+v of %p: want a new tracker sharing the block %p", sib, first, first.blk)
	}
	fresh, ok := engine.NewSiblingTracker(nil, s).(*viewTracker)
	if !ok || fresh.blk == nil || fresh.blk == first.blk {
		t.Fatalf("NewSiblingTracker(nil) = %+v, want a tracker with a block of its own", fresh)
	}
}

// TestViewTrackerSkeletonLent: the skeleton a tracker lends is the
// view with "tiles":[] and "players":[], and the next Update (of the tracker or a
// sibling) leaves it as it was, since a server diffs the new skeleton
// against it.
func TestViewTrackerSkeletonLent(t *testing.T) {
	s := New().NewState(Config{Size: 9, Seats: make([]SeatConfig, 3)}, 5)
	tr := s.NewViewTracker().(*viewTracker)
	sib := tr.NewSibling().(*viewTracker)
	if got := string(tr.Skeleton()); got != "null" {
		t.Fatalf("skeleton before any Update = %s, want null", got)
	}
	rnd := enginetest.RandomAnswers(5)
	var buf []engine.Answer
	var lent, kept []byte
	for step := 0; step < 300 && !s.Terminal(); step++ {
		if err := tr.Update(s, 1); err != nil {
			t.Fatal(err)
		}
		if err := sib.Update(s, engine.Spectator); err != nil {
			t.Fatal(err)
		}
		if lent != nil && !bytes.Equal(lent, kept) {
			t.Fatalf("step %d: the skeleton lent before the Update changed:\n%s\nwas\n%s", step, lent, kept)
		}
		_, rest := trSplit(t, s.AppendView(nil, 1))
		if st, sr := trSplit(t, tr.Skeleton()); len(st) != 0 || sr != rest {
			t.Fatalf("step %d: Skeleton %s, want the view with empty tiles and players %s", step, tr.Skeleton(), rest)
		}
		lent = tr.Skeleton()
		kept = bytes.Clone(lent)
		buf = applyRandomStep(t, s, 5, step, &rnd, buf)
	}
}
