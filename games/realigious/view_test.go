package realigious

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/engine/enginetest"
)

// The view tests check the serialized bytes that leave the server: the JSON
// of View(seat) and of engine.Redact(events, seat), as docs/visibility.md
// specifies them.

// visJSONKeys is every key a view's JSON may hold, at any depth. A new
// field must be added to docs/visibility.md and here.
var visJSONKeys = []string{
	// View
	"game", "seat", "width", "height", "climate", "cycle", "cycle_limit", "night",
	"squall", "wind", "blocked", "active", "pending", "order", "religious_threshold",
	"tiles", "players", "result", "cycle_end",
	// SquallView
	"gauge", "size", "skip_next",
	// TileView
	"col", "row", "memory", "visible", "terrain", "structure", "church", "owner", "alloc",
	// PlayerView
	"religion", "character", "reputation", "followers", "donations", "influence", "piece",
	"stealth", "high_ground", "propagation_correction", "combat_correction",
	"defense_correction", "defeated", "turns",
	"relics", "relic_types", "relic_buff", "night_eye", "clairvoyance", "middle_way",
	"inshallah", "relics_taken", // and "skip_next", as in SquallView
	// TileView on a church
	"church_claimed",
	// FactionsView, RelicView, GovernmentView, CelebrityView
	"factions", "god", "mystic_threshold", "relics_on_map", "relics_moved", "governments", "celebrity",
	"tile", "eye", "kind", "briber", "bribes", "cost",
	// engine.Result
	"winner", "how", "ranking",
	// Cards (cardview.go): PlayerView, the own hand, EffectView
	"hand_count", "deck_count", "graveyard", "buffs", "extra_turns",
	"hand", "composition", "designations", "slot", "card", "armed", "set", "free", "stack",
	"key", "from", "ends", "until", "at", "n", "v",
	// CardDecisionView (the deciding seat's own card resolution) and its
	// ScenarioFrame, ScenarioHook
	"card_decision", "frame", "answers", "default", "stage", "step", "flags", "payer", "sub",
	"targets", "x", "got", "hook", "other", "won", "used", "cancel",
}

// visKeys appends every object key in a decoded JSON value.
func visKeys(v any, out map[string]bool) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			out[k] = true
			visKeys(x, out)
		}
	case []any:
		for _, x := range v {
			visKeys(x, out)
		}
	}
}

// visSecrets returns strings that must never appear in a view: the seed
// and the PRNG state words, in decimal and hex.
func visSecrets(t testing.TB, s *State, seed uint64) []string {
	t.Helper()
	b, err := s.rng.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	b = b[len(b)-16:] // "pcg:" + hi + lo
	var out []string
	for _, w := range []uint64{seed, binary.BigEndian.Uint64(b[:8]), binary.BigEndian.Uint64(b[8:])} {
		out = append(out, strconv.FormatUint(w, 10), strconv.FormatUint(w, 16))
	}
	return out
}

var visSecretKey = regexp.MustCompile(`(?i)rng|seed|pcg|random`)

func TestViewHasNoRNGOrSeed(t *testing.T) {
	// Architecture "Chance": the RNG state never appears in any view; the
	// match seed stays on the server. The view has no such field: its JSON
	// keys are exactly the documented ones.
	const seed = 0x5EEDC0FFEE123457
	for _, climate := range []string{"tropical", "dry", "temperate", "cold"} {
		for seats := 2; seats <= 4; seats++ {
			t.Run(fmt.Sprintf("%s/%dp", climate, seats), func(t *testing.T) {
				c, err := visGame.ParseConfig([]byte(fmt.Sprintf(`{"climate":%q}`, climate)), seats)
				if err != nil {
					t.Fatal(err)
				}
				s := visGame.NewState(c, seed)
				rnd := enginetest.RandomAnswers(seed)
				var buf []engine.Answer
				for step := 0; ; step++ {
					if step%25 == 0 || s.Terminal() {
						secrets := visSecrets(t, s, seed)
						for _, v := range visViewers(s) {
							b, err := json.Marshal(s.View(v))
							if err != nil {
								t.Fatal(err)
							}
							var decoded any
							if err := json.Unmarshal(b, &decoded); err != nil {
								t.Fatal(err)
							}
							keys := map[string]bool{}
							visKeys(decoded, keys)
							for k := range keys {
								if !slices.Contains(visJSONKeys, k) || visSecretKey.MatchString(k) {
									t.Fatalf("step %d seat %d: undocumented view key %q", step, v, k)
								}
							}
							for _, sec := range secrets {
								if len(sec) >= 8 && strings.Contains(string(b), sec) {
									t.Fatalf("step %d seat %d: the view contains the seed or PRNG state %s", step, v, sec)
								}
							}
						}
					}
					if s.Terminal() || step > 3000 {
						break
					}
					var a engine.Answer
					if s.Pending().Seat == engine.Chance {
						a = engine.ChanceAnswer(seed, step, s.Chance())
					} else {
						a, buf = enginetest.RandomAnswer(s, &rnd, buf)
					}
					if _, err := s.Apply(a); err != nil {
						t.Fatal(err)
					}
				}
			})
		}
	}
}

func TestViewTileFields(t *testing.T) {
	// The serialized form of the three memory states: UI-416 unrevealed
	// tiles carry their place only; UI-415 adjacent tiles add attribute,
	// structure and allotment, no owner; UI-412, UI-413 revealed tiles add
	// the owner (live in vision, last seen out of it).
	s := visBlank(t, 2)
	me := visAt(t, s, 4, 4)
	visPlace(s, 0, me)
	visPlace(s, 1, visAt(t, s, 8, 8))
	visNightfall(s)
	for i := 0; i < s.words(); i++ {
		s.revealed[i] = 0
	}
	s.see(0)
	tests := []struct {
		name string
		tile int
		keys []string
	}{
		{"unrevealed", visWalk(t, s, me, DirW, DirW, DirW), []string{"col", "row", "memory"}},                                              // UI-416
		{"adjacent", visWalk(t, s, me, DirW, DirW), []string{"col", "row", "memory", "terrain", "alloc"}},                                  // UI-414, UI-415
		{"revealed", visWalk(t, s, me, DirW), []string{"col", "row", "memory", "terrain", "alloc", "owner"}},                               // UI-412, UI-413
		{"revealed church", visWalk(t, s, me, DirE), []string{"col", "row", "memory", "terrain", "alloc", "owner", "structure", "church"}}, // UI-413
	}
	s.tiles[visWalk(t, s, me, DirE)].Structure = Church
	b, err := json.Marshal(s.View(0))
	if err != nil {
		t.Fatal(err)
	}
	var view struct {
		Tiles   []map[string]any `json:"tiles"`
		Visible string           `json:"visible"`
	}
	if err := json.Unmarshal(b, &view); err != nil {
		t.Fatal(err)
	}
	// Sight is the view's, one byte per tile (REL-823, REL-824): the
	// revealed neighbour is in the piece's night sight, the others not.
	if len(view.Visible) != len(view.Tiles) || strings.Trim(view.Visible, "01") != "" {
		t.Fatalf("visible %q for %d tiles", view.Visible, len(view.Tiles))
	}
	for tile, want := range map[int]byte{tests[0].tile: '0', tests[1].tile: '0', tests[2].tile: '1', me: '1'} {
		if view.Visible[tile] != want {
			t.Errorf("tile %d's sight %c, want %c", tile, view.Visible[tile], want)
		}
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := view.Tiles[tc.tile]
			var keys []string
			for k := range got {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			want := slices.Sorted(slices.Values(tc.keys))
			if !slices.Equal(keys, want) {
				t.Errorf("keys %v, want %v", keys, want)
			}
			if got["memory"] != strings.Fields(tc.name)[0] {
				t.Errorf("memory %v", got["memory"])
			}
		})
	}
}

func TestViewCountersPublic(t *testing.T) {
	// GAP-70: reputation, resources, the three correction stacks, religion,
	// character, turns and defeat are public: every seat and the spectator
	// see every player's counters, at night and in stealth too.
	s := visBlank(t, 3)
	trees := visAt(t, s, 4, 4)
	s.tiles[trees].Structure = Trees
	visPlace(s, 0, trees)
	visPlace(s, 1, visAt(t, s, 0, 0))
	visPlace(s, 2, visAt(t, s, 8, 8))
	for i := range s.players {
		pl := &s.players[i]
		pl.rep = int32(40 + i)
		pl.res = [numResources]int32{int32(100 * i), int32(200 + i), int32(300 + i)}
		pl.propCorr, pl.combatCorr, pl.defCorr = uint8(i), uint8(i+1), uint8(i+2)
	}
	s.eliminate(2)
	visNightfall(s)
	for _, v := range visViewers(s) {
		t.Run(fmt.Sprint("seat ", v), func(t *testing.T) {
			for i, pv := range s.view(v).Players {
				pl := &s.players[i]
				want := PlayerView{
					Seat: i, Religion: pl.religion, Character: pl.character, Reputation: int(pl.rep),
					Followers: int(pl.res[Followers]), Donations: int(pl.res[Donations]), Influence: int(pl.res[Influence]),
					PropCorr: int(pl.propCorr), CombatCorr: int(pl.combatCorr), DefenseCorr: int(pl.defCorr),
					Defeated: pl.defeated, Turns: int(pl.turns),
				}
				pv.Piece, pv.Stealth, pv.HighGround = nil, false, false
				// The card counters are checked in cardview_test.go.
				pv.HandCount, pv.DeckCount, pv.Graveyard, pv.Buffs = 0, 0, nil, nil
				if !reflect.DeepEqual(pv, want) { // GAP-70
					t.Errorf("player %d: %+v, want %+v", i, pv, want)
				}
			}
		})
	}
}

func TestViewClimatePublic(t *testing.T) {
	// The squall gauge (REL-805, GAP-39), the wind (REL-810, GAP-41) and the
	// Rasputitsa tiles (REL-813, REL-814, GAP-42) are public map
	// information: every seat and the spectator see the same values, at
	// night too, wherever the tiles are.
	for _, climate := range []string{"tropical", "dry", "temperate", "cold"} {
		t.Run(climate, func(t *testing.T) {
			s := visGame.NewState(visConfig(t, climate, 3), 11)
			visNightfall(s)
			var first []byte
			for _, v := range visViewers(s) {
				view := s.view(v)
				switch {
				case (view.Squall != nil) != (climate == "tropical"):
					t.Errorf("seat %d: squall %v", v, view.Squall)
				case (view.Wind != nil) != (climate == "temperate"):
					t.Errorf("seat %d: wind %v", v, view.Wind)
				case (len(view.Blocked) > 0) != (climate == "cold"):
					t.Errorf("seat %d: blocked %v", v, view.Blocked)
				}
				if view.Squall != nil && (view.Squall.Gauge != int(s.squall) || view.Squall.Size != 6) { // GAP-39
					t.Errorf("squall %+v", *view.Squall)
				}
				if view.Wind != nil && *view.Wind != s.wind { // GAP-41
					t.Errorf("wind %v", *view.Wind)
				}
				for i, b := range s.blocked { // GAP-42
					if view.Blocked[i] != s.coord(int(b)) || !view.Tiles[b].Blocked {
						t.Errorf("seat %d: blocked tile %d not shown", v, b)
					}
				}
				b, _ := json.Marshal(struct {
					Squall  *SquallView
					Wind    *Wind
					Blocked []Coord
				}{view.Squall, view.Wind, view.Blocked})
				if first == nil {
					first = b
				} else if string(b) != string(first) {
					t.Errorf("seat %d sees %s, seat 0 %s", v, b, first)
				}
			}
		})
	}
}

// visAudienceCase is one event kind in one situation and what each viewer
// receives of it.
type visAudienceCase struct {
	name  string
	kind  string
	build func(t *testing.T) (*State, []string) // state and the answers to apply
	// gets is, for seats 0..2 and Spectator, what the viewer receives of
	// the events of that kind, joined by "+": "yes" for one event, for a
	// move or a celebrity step the ends it is told ("from to", "from",
	// "to"), for a thug or relic event "tile" or "public" (without the
	// tile). Missing: nothing.
	gets map[engine.Seat]string
}

// visAudienceScene is the common scene of the audience table: a blank
// 3-seat map, seat 0 to move from A = (4,4) east onto X = (5,4); seat 1 on
// a tile next to both A and X; seat 2 far away at (8,0).
func visAudienceScene(t *testing.T, night bool) (s *State, a, x, near int) {
	s = visBlank(t, 3)
	a = visAt(t, s, 4, 4)
	x = visWalk(t, s, a, DirE)
	near = -1
	for d := Dir(0); d < numDirs; d++ {
		if n := s.geo.neighbour(a, d); n >= 0 && s.geo.distance(n, x) == 1 {
			near = n
			break
		}
	}
	visPlace(s, 0, a)
	visPlace(s, 1, near)
	visPlace(s, 2, visAt(t, s, 8, 0))
	if night {
		visNightfall(s)
	}
	visMakeActive(t, s, 0)
	return s, a, x, near
}

// visCelebScene is the audience scene with a celebrity of the given type,
// bribed by seat 0, cWest tiles west of seat 2's piece. Seat 0 plays the
// last turn of the cycle (move east, a successful propagation), after which
// day and night switch and the celebrity steps to the tile dWest tiles west
// of seat 2's piece (REL-983): night falls if night is false. It returns
// the answers that lead there.
func visCelebScene(t *testing.T, kind CelebrityKind, night bool, cWest, dWest int) (*State, []string) {
	s, _, _, _ := visAudienceScene(t, night)
	west := func(n int) int {
		c := int(s.players[2].pos)
		for range n {
			c = visWalk(t, s, c, DirW)
		}
		return c
	}
	c, d := west(cWest), west(dWest)
	s.celeb = celebrity{kind: kind, pos: int16(c), start: int16(c), briber: 0, bribes: 1}
	s.order = []int8{1, 2, 0}
	s.turnIdx = 2 // seat 0 is last: its turn ends the cycle
	col, row := s.geo.colRow(d)
	return s, []string{"move e", "success", fmt.Sprintf("tile %d,%d", col, row)}
}

// visEveryone is v for every seat of the audience scene and the spectator.
func visEveryone(v string) map[engine.Seat]string {
	return map[engine.Seat]string{0: v, 1: v, 2: v, engine.Spectator: v}
}

// visIsMove reports whether kind is one of the move events, which carry
// only the ends of the move the receiver could see.
func visIsMove(kind string) bool {
	return kind == "moved" || kind == "returned" || kind == "relocated"
}

// visEnds describes what one serialized event tells: the ends of a move,
// or "yes".
func visEnds(t *testing.T, e engine.Event) string {
	t.Helper()
	if e.Kind == "thug" || e.Kind == "relic" {
		if visDecodeEvent(t, e).Data.Tile != nil {
			return "tile"
		}
		return "public"
	}
	if !visIsMove(e.Kind) && e.Kind != "celebrity" {
		return "yes"
	}
	ev := visDecodeEvent(t, e)
	var ends []string
	if ev.Data.From != nil {
		ends = append(ends, "from")
	}
	if ev.Data.To != nil {
		ends = append(ends, "to")
	}
	return strings.Join(ends, " ")
}

func TestEventAudiences(t *testing.T) {
	// Who receives each event kind (docs/visibility.md, "Events"): a move
	// tells each seat the ends it sees the piece at (REL-823, REL-824,
	// REL-871, REL-874); the other piece events go to the seats that see
	// the piece plus the seats involved (GAP-62); an owner change to the
	// seats that see the tile's owner (REL-870, GAP-70) plus those involved
	// (GAP-62); turn-flow and climate events to everyone.
	public := visEveryone("yes")
	tests := []visAudienceCase{
		{"moved at night", "moved", func(t *testing.T) (*State, []string) {
			s, _, _, _ := visAudienceScene(t, true)
			return s, []string{"move e"}
		}, map[engine.Seat]string{0: "from to", 1: "from to"}}, // REL-824
		{"moved by day", "moved", func(t *testing.T) (*State, []string) {
			s, _, _, _ := visAudienceScene(t, false)
			return s, []string{"move e"}
		}, visEveryone("from to")}, // REL-823
		{"moved into the dark at night", "moved", func(t *testing.T) (*State, []string) {
			s, a, _, _ := visAudienceScene(t, true)
			visPlace(s, 1, visWalk(t, s, a, DirW)) // sees A, not X
			return s, []string{"move e"}
		}, map[engine.Seat]string{0: "from to", 1: "from"}}, // REL-824
		{"moved out of the dark at night", "moved", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, true)
			visPlace(s, 1, visWalk(t, s, x, DirE)) // sees X, not A
			return s, []string{"move e"}
		}, map[engine.Seat]string{0: "from to", 1: "to"}}, // REL-824
		{"moved into trees by day", "moved", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, false)
			s.tiles[x].Structure = Trees
			return s, []string{"move e"}
		}, map[engine.Seat]string{0: "from to", 1: "from", 2: "from", engine.Spectator: "from"}}, // REL-870, REL-871
		{"moved into trees, high ground at 3", "moved", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, false)
			s.tiles[x].Structure = Trees
			m := visWalk(t, s, x, DirE, DirE, DirE)
			s.tiles[m].Structure = Mountain
			visPlace(s, 2, m)
			return s, []string{"move e"}
		}, map[engine.Seat]string{0: "from to", 1: "from", 2: "from to", engine.Spectator: "from"}}, // REL-874
		{"moved out of trees by day", "moved", func(t *testing.T) (*State, []string) {
			s, a, _, _ := visAudienceScene(t, false)
			s.tiles[a].Structure = Trees
			return s, []string{"move e"}
		}, map[engine.Seat]string{0: "from to", 1: "to", 2: "to", engine.Spectator: "to"}}, // REL-871, REL-872
		{"propagation at night", "propagation", func(t *testing.T) (*State, []string) {
			s, _, _, _ := visAudienceScene(t, true)
			return s, []string{"move e", "success"}
		}, map[engine.Seat]string{0: "yes", 1: "yes"}}, // REL-824, GAP-62
		{"propagation in trees", "propagation", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, false)
			s.tiles[x].Structure = Trees
			return s, []string{"move e", "failure"}
		}, map[engine.Seat]string{0: "yes"}}, // REL-871, GAP-62
		{"owner at night", "owner", func(t *testing.T) (*State, []string) {
			s, _, _, _ := visAudienceScene(t, true)
			return s, []string{"move e", "success"}
		}, map[engine.Seat]string{0: "yes", 1: "yes"}}, // REL-824: the seats that see the tile
		{"owner by day", "owner", func(t *testing.T) (*State, []string) {
			s, _, _, _ := visAudienceScene(t, false)
			return s, []string{"move e", "success"}
		}, public}, // REL-823, GAP-70
		{"owner taken in trees by day", "owner", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, false)
			s.tiles[x].Structure = Trees
			return s, []string{"move e", "success"}
		}, map[engine.Seat]string{0: "yes"}}, // REL-870, GAP-70: the seats that see the tile but not the piece on it are not told
		{"owner taken in trees, high ground at 3", "owner", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, false)
			s.tiles[x].Structure = Trees
			m := visWalk(t, s, x, DirE, DirE, DirE)
			s.tiles[m].Structure = Mountain
			visPlace(s, 2, m)
			return s, []string{"move e", "success"}
		}, map[engine.Seat]string{0: "yes", 2: "yes"}}, // REL-874, GAP-70
		{"owner after combat at night, defender far", "owner", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, true)
			s.tiles[x].Owner = 2
			return s, []string{"move e", "success"}
		}, map[engine.Seat]string{0: "yes", 1: "yes", 2: "yes"}}, // GAP-62: the defender is involved and learns it lost the tile
		{"owner after combat in trees, defender far", "owner", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, false)
			s.tiles[x].Owner, s.tiles[x].Structure = 2, Trees
			return s, []string{"move e", "success"}
		}, map[engine.Seat]string{0: "yes", 2: "yes"}}, // REL-870, GAP-62: the defender is told, the bystanders are not
		{"declare at night, defender far", "declare", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, true)
			s.tiles[x].Owner = 2
			return s, []string{"move e"}
		}, map[engine.Seat]string{0: "yes", 1: "yes", 2: "yes"}}, // GAP-62: the defender is involved
		{"combat at night, defender far", "combat", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, true)
			s.tiles[x].Owner = 2
			return s, []string{"move e", "success"}
		}, map[engine.Seat]string{0: "yes", 1: "yes", 2: "yes"}}, // GAP-62
		{"combat in trees", "combat", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, false)
			s.tiles[x].Owner, s.tiles[x].Structure = 2, Trees
			return s, []string{"move e", "failure"}
		}, map[engine.Seat]string{0: "yes", 2: "yes"}}, // REL-871, GAP-62
		{"returned at night", "returned", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, true)
			s.tiles[x].Owner = 2
			return s, []string{"move e", "failure"}
		}, map[engine.Seat]string{0: "from to", 1: "from to"}}, // REL-568, REL-824: seen on X and back on A
		{"returned out of trees by day", "returned", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, false)
			s.tiles[x].Owner, s.tiles[x].Structure = 2, Trees
			return s, []string{"move e", "failure"}
		}, map[engine.Seat]string{0: "from to", 1: "to", 2: "to", engine.Spectator: "to"}}, // REL-568, REL-871, REL-872
		{"pass in trees", "pass", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, true)
			s.tiles[x].Owner, s.tiles[x].Structure = 2, Trees
			visPlace(s, 2, x)
			return s, []string{"move e", "pass"}
		}, map[engine.Seat]string{0: "yes", 2: "yes"}}, // GAP-18, GAP-62: the owner is involved; seat 1 sees neither piece
		{"piece_combat at night", "piece_combat", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, true)
			s.tiles[x].Owner = 2
			visPlace(s, 2, x)
			return s, []string{"move e", "dispute", "success"}
		}, map[engine.Seat]string{0: "yes", 1: "yes", 2: "yes"}}, // REL-824, GAP-62
		{"relocated at night", "relocated", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, true)
			s.tiles[x].Owner = 2
			s.tiles[visAt(t, s, 8, 8)].Owner = 2 // its only other tile
			visPlace(s, 2, x)
			return s, []string{"move e", "dispute", "success"}
		}, map[engine.Seat]string{0: "from", 1: "from", 2: "from to"}}, // REL-576, REL-824: seen leaving X; nobody sees (8,8)
		{"relocated by day", "relocated", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, false)
			s.tiles[x].Owner = 2
			s.tiles[visAt(t, s, 8, 8)].Owner = 2
			visPlace(s, 2, x)
			return s, []string{"move e", "dispute", "success"}
		}, visEveryone("from to")}, // REL-576, REL-823
		{"turn", "turn", func(t *testing.T) (*State, []string) {
			s, _, _, _ := visAudienceScene(t, true)
			return s, []string{"move e", "success"}
		}, public},
		{"cycle", "cycle", func(t *testing.T) (*State, []string) {
			s, _, _, _ := visAudienceScene(t, true)
			s.order = []int8{1, 2, 0}
			s.turnIdx = 2 // seat 0 is last: its turn ends the cycle
			return s, []string{"move e", "success"}
		}, public}, // REL-821
		{"squall", "squall", func(t *testing.T) (*State, []string) {
			s, _, _, _ := visAudienceScene(t, true)
			s.climate = Tropical
			s.squall = int8(s.p.SquallSize - 1)
			return s, []string{"move e", "success"}
		}, public}, // REL-807, GAP-39
		{"no_move", "no_move", func(t *testing.T) (*State, []string) {
			s, _, _, _ := visAudienceScene(t, true)
			box := visAt(t, s, 1, 7)
			s.tiles[box].Structure = Trees // stealthed, and boxed in by water
			for d := Dir(0); d < numDirs; d++ {
				if n := s.geo.neighbour(box, d); n >= 0 {
					s.tiles[n].Terrain = Water
				}
			}
			visPlace(s, 1, box)
			s.order = []int8{0, 1, 2}
			return s, []string{"move e", "success"}
		}, public}, // GAP-48: the flow event is public (a stealthed seat too)
		{"rasputitsa", "rasputitsa", func(t *testing.T) (*State, []string) {
			s, _, _, _ := visAudienceScene(t, true)
			s.climate = Cold
			return s, []string{"move e", "success"}
		}, public}, // REL-813, GAP-42
		{"wind", "wind", func(t *testing.T) (*State, []string) {
			s, _, _, _ := visAudienceScene(t, true)
			s.climate = Temperate
			s.cycle = s.p.MonsoonPeriod - 1
			s.order = []int8{1, 2, 0}
			s.turnIdx = 2
			s.wind = North
			return s, []string{"move e", "success", "wind east"}
		}, public}, // REL-811, GAP-41
		{"defeated", "defeated", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, true)
			s.tiles[x].Owner = 2
			s.players[0].rep = int32(s.p.DeclareReputation) // the declaration costs the last of it
			return s, []string{"move e"}
		}, public}, // REL-062, GAP-34
		{"over", "over", func(t *testing.T) (*State, []string) {
			s := visBlank(t, 2)
			a := visAt(t, s, 4, 4)
			visPlace(s, 0, a)
			visPlace(s, 1, visAt(t, s, 8, 8))
			s.tiles[visWalk(t, s, a, DirE)].Owner = 1
			s.players[0].rep = int32(s.p.DeclareReputation)
			visNightfall(s)
			visMakeActive(t, s, 0)
			return s, []string{"move e"}
		}, map[engine.Seat]string{0: "yes", 1: "yes", engine.Spectator: "yes"}}, // REL-054, REL-061
		// Factions (section 11).
		{"bribe at night", "bribe", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, true)
			s.celeb = celebrity{kind: Vagrant, pos: int16(x), start: int16(x), briber: -1}
			return s, []string{"move e", "bribe celebrity donations"}
		}, public}, // GAP-70: bribes and the briber are public
		{"celebrity steps into a seat's sight at night", "celebrity", func(t *testing.T) (*State, []string) {
			s, answers := visCelebScene(t, Vagrant, false, 2, 1)
			return s, answers
		}, map[engine.Seat]string{0: "from to", 2: "to"}}, // GAP-62: the briber sees it as a second piece (REL-985)
		{"celebrity steps out of a seat's sight at night", "celebrity", func(t *testing.T) (*State, []string) {
			s, answers := visCelebScene(t, Vagrant, false, 1, 2)
			return s, answers
		}, map[engine.Seat]string{0: "from to", 2: "from"}}, // GAP-62
		{"celebrity by day", "celebrity", func(t *testing.T) (*State, []string) {
			s, answers := visCelebScene(t, Vagrant, true, 2, 1)
			return s, answers
		}, visEveryone("from to")}, // REL-823
		{"thug on a stealthed piece by day", "thug", func(t *testing.T) (*State, []string) {
			s, answers := visCelebScene(t, Thug, true, 2, 1)
			d := int(s.players[2].pos)
			d = visWalk(t, s, d, DirW)
			s.tiles[d].Structure = Trees
			visPlace(s, 2, d)
			return s, answers
		}, map[engine.Seat]string{0: "tile", 1: "public", 2: "tile", engine.Spectator: "public"}}, // REL-871, REL-993: the tile to the victim and the briber
		{"relic collected at night", "relic", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, true)
			s.relics = []relic{{tile: int16(x), holder: -1, counts: true}}
			return s, []string{"move e"}
		}, map[engine.Seat]string{0: "tile", 1: "tile", 2: "public", engine.Spectator: "public"}}, // REL-901, GAP-62
		{"relic collected by the archaeologist at night", "relic", func(t *testing.T) (*State, []string) {
			s, answers := visCelebScene(t, Archaeologist, false, 2, 1)
			s.relics = []relic{{tile: int16(visWalk(t, s, int(s.players[2].pos), DirW)), holder: -1, counts: true}}
			return s, answers
		}, map[engine.Seat]string{0: "tile", 1: "public", 2: "tile", engine.Spectator: "public"}}, // REL-992, GAP-62: seat 1 sees the briber's piece, not the celebrity
		{"relic gained by a run", "relic", func(t *testing.T) (*State, []string) {
			s, _, _, _ := visAudienceScene(t, false)
			s.god = ZogMalomos
			s.players[0].buff, s.players[0].run = 4, 2 // the third success in a row (REL-910)
			s.relics = []relic{{tile: int16(visAt(t, s, 8, 8)), holder: -1, counts: true}}
			return s, []string{"move e", "success"}
		}, map[engine.Seat]string{0: "tile", 1: "public", 2: "public", engine.Spectator: "public"}}, // GAP-33: only the gainer is told where it lay
		{"relic revealed", "relic_revealed", func(t *testing.T) (*State, []string) {
			s, _, x, _ := visAudienceScene(t, false)
			s.god = GiyeChin
			s.relics = []relic{{tile: int16(x), holder: -1, eye: SeeksKin, counts: true}, {tile: int16(visAt(t, s, 8, 8)), holder: -1, eye: Stye, counts: true}}
			return s, []string{"move e"}
		}, map[engine.Seat]string{0: "yes"}}, // REL-922
		{"professor at night", "professor", func(t *testing.T) (*State, []string) {
			s, answers := visCelebScene(t, Professor, false, 2, 1)
			return s, append(answers, "success")
		}, map[engine.Seat]string{0: "yes", 2: "yes"}}, // REL-990, GAP-62
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, answers := tc.build(t)
			evs := visApply(t, s, answers...)
			found := false
			for _, e := range evs {
				found = found || e.Kind == tc.kind
			}
			if !found {
				t.Fatalf("no %q event among %v", tc.kind, visKinds(evs, 0))
			}
			for _, v := range visViewers(s) {
				var got []string
				for _, e := range engine.Redact(evs, v) {
					if e.Kind != tc.kind {
						continue
					}
					b, err := json.Marshal(e)
					if err != nil {
						t.Fatal(err)
					}
					if strings.Contains(string(b), "audience") || strings.Contains(string(b), "public") {
						t.Errorf("seat %d: the event carries its audience: %s", v, b)
					}
					got = append(got, visEnds(t, e))
				}
				if g := strings.Join(got, "+"); g != tc.gets[v] {
					t.Errorf("seat %d receives %q: %q, want %q", v, tc.kind, g, tc.gets[v])
				}
			}
		})
	}
}

// visSnap is the part of the state the events replay at one moment inside
// an Apply: night, pieces, defeats and tile owners, and what the factions
// add to vision: the celebrity's place and briber (REL-985), the office's
// briber (Move-in Report, REL-969) and the Night Eyes held (REL-920).
type visSnap struct {
	night       bool
	pos         []int16
	defeated    []bool
	owner       []int8
	nightEye    []bool
	celeb       int16
	celebBriber int8
	office      int8
}

func visSnapOf(s *State) visSnap {
	sn := visSnap{night: s.night, celeb: s.celeb.pos, celebBriber: s.celeb.briber, office: s.govs[targetOffice].briber}
	for i := range s.players {
		sn.pos = append(sn.pos, s.players[i].pos)
		sn.defeated = append(sn.defeated, s.players[i].defeated)
		sn.nightEye = append(sn.nightEye, s.players[i].nightEye)
	}
	for i := range s.tiles {
		sn.owner = append(sn.owner, s.tiles[i].Owner)
	}
	return sn
}

func (sn visSnap) clone() visSnap {
	c := sn
	c.pos, c.defeated, c.owner, c.nightEye = slices.Clone(sn.pos), slices.Clone(sn.defeated), slices.Clone(sn.owner), slices.Clone(sn.nightEye)
	return c
}

// at runs f on s as it was at snapshot sn.
func (sn visSnap) at(s *State, f func() bool) bool {
	saved := visSnapOf(s)
	set := func(x visSnap) {
		s.night = x.night
		for i := range s.players {
			s.players[i].pos, s.players[i].defeated, s.players[i].nightEye = x.pos[i], x.defeated[i], x.nightEye[i]
		}
		for i := range s.tiles {
			s.tiles[i].Owner = x.owner[i]
		}
		s.celeb.pos, s.celeb.briber, s.govs[targetOffice].briber = x.celeb, x.celebBriber, x.office
	}
	set(sn)
	defer set(saved)
	return f()
}

// visSeesTile restates the tile vision rules without the code under test:
// by day every tile (REL-823); at night the tiles within 1 of the viewer's
// piece (REL-824, GAP-43), within 3 from a mountain (REL-873), every tile
// with a Night Eye (REL-920), plus the tiles within 1 of the celebrity for
// its briber (REL-985, GAP-38); nothing without a piece, nor for the
// spectator.
func visSeesTile(s *State, viewer engine.Seat, t int) bool {
	if !s.night {
		return true
	}
	if viewer == engine.Spectator {
		return false
	}
	pl := &s.players[viewer]
	pos := int(pl.pos)
	if pos < 0 || pl.defeated {
		return false
	}
	if pl.nightEye { // REL-920
		return true
	}
	if c := int(s.celeb.pos); c >= 0 && int(s.celeb.briber) == int(viewer) && s.geo.distance(c, t) <= s.p.NightRadius {
		return true // REL-985: the celebrity is the briber's second piece
	}
	r := s.p.NightRadius
	if s.tiles[pos].Structure == Mountain {
		r = s.p.HighGroundRadius
	}
	return s.geo.distance(pos, t) <= r
}

// visSeesPiece restates the piece vision rules: a seat sees its own piece;
// another piece when it sees its tile, unless the piece stands in trees
// (REL-870, REL-871), then only from a mountain within 3 (REL-874,
// GAP-43). The office's briber sees every piece not in trees, wherever it
// is (Move-in Report, REL-969, GAP-36). The spectator sees no stealthed
// piece.
func visSeesPiece(s *State, viewer engine.Seat, p int) bool {
	pos := int(s.players[p].pos)
	if pos < 0 || s.players[p].defeated {
		return false
	}
	if int(viewer) == p {
		return true
	}
	trees := s.tiles[pos].Structure == Trees
	if viewer != engine.Spectator && !trees && int(s.govs[targetOffice].briber) == int(viewer) && !s.players[viewer].defeated {
		return true // REL-969
	}
	if !visSeesTile(s, viewer, pos) {
		return false
	}
	if !trees {
		return true
	}
	if viewer == engine.Spectator {
		return false
	}
	me := int(s.players[viewer].pos)
	return me >= 0 && s.tiles[me].Structure == Mountain && s.geo.distance(me, pos) <= s.p.HighGroundRadius
}

// visSeesCeleb restates who sees the celebrity: its briber, wherever it is,
// and the viewers that see its tile (the spectator by day). The celebrity is
// never stealthed, even in trees (docs/visibility.md, "Factions").
func visSeesCeleb(s *State, viewer engine.Seat) bool {
	c := int(s.celeb.pos)
	if c < 0 {
		return false
	}
	if viewer != engine.Spectator && int(s.celeb.briber) == int(viewer) {
		return true
	}
	return visSeesTile(s, viewer, c)
}

// visSeesOwner restates when a viewer sees the live owner of tile t
// (REL-870, GAP-70): it sees the tile, and it sees every piece standing
// there in stealth, so that a capture never gives an unseen piece away.
func visSeesOwner(s *State, viewer engine.Seat, t int) bool {
	if !visSeesTile(s, viewer, t) {
		return false
	}
	if s.tiles[t].Structure != Trees {
		return true
	}
	for q := range s.players {
		if int(s.players[q].pos) == t && !s.players[q].defeated && !visSeesPiece(s, viewer, q) {
			return false
		}
	}
	return true
}

// visRow is the row of viewer in the state's memory: its seat, or
// len(players) for the spectator.
func visRow(s *State, viewer engine.Seat) int {
	if viewer == engine.Spectator {
		return len(s.players)
	}
	return int(viewer)
}

type visEventJSON struct {
	Kind string          `json:"kind"`
	Seat int             `json:"seat"`
	Raw  json.RawMessage `json:"data"`
	Data struct {
		From     *Coord `json:"from"`
		To       *Coord `json:"to"`
		Tile     *Coord `json:"tile"`
		Owner    *int   `json:"owner"`
		Defender *int   `json:"defender"`
		Night    *bool  `json:"night"`
		// Faction events: relic (seat, how, eye), thug (briber), bribe
		// (target).
		Collector *int    `json:"seat"`
		How       *string `json:"how"`
		Eye       *string `json:"eye"`
		Briber    *int    `json:"briber"`
		Target    *string `json:"target"`
	} `json:"-"`
}

// visDecodeEvent decodes one serialized event and, when its data is an
// object, the fields the checks read.
func visDecodeEvent(t *testing.T, e engine.Event) visEventJSON {
	t.Helper()
	b, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	var out visEventJSON
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Raw) > 0 && out.Raw[0] == '{' {
		if err := json.Unmarshal(out.Raw, &out.Data); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

type visViewJSON struct {
	Night   bool   `json:"night"`
	Active  int    `json:"active"`
	Pending string `json:"pending"`
	Players []struct {
		Seat       int    `json:"seat"`
		Piece      *Coord `json:"piece"`
		Stealth    bool   `json:"stealth"`
		HighGround bool   `json:"high_ground"`
	} `json:"players"`
	Tiles []struct {
		Memory string `json:"memory"`
		Owner  *int   `json:"owner"`
	} `json:"tiles"`
	Visible  string `json:"visible"` // one '0' or '1' per tile
	Factions struct {
		Relics []struct {
			Tile Coord  `json:"tile"`
			Eye  string `json:"eye"`
		} `json:"relics"`
		OnMap       int `json:"relics_on_map"`
		Governments []struct {
			Tile *Coord `json:"tile"`
		} `json:"governments"`
		Celebrity *struct {
			Tile *Coord `json:"tile"`
		} `json:"celebrity"`
	} `json:"factions"`
}

// visUnknown marks a tile whose owner a viewer has never been shown.
const visUnknown = -100

// visMove is one move being replayed: the events of one movePiece (or of
// one celebrity step), which tell each seat only the ends it saw.
type visMove struct {
	kind          string
	seat          int // the mover; for the celebrity, its briber or NoSeat
	from, to      int
	before, after visSnap
	got           map[engine.Seat][]string // the ends each viewer was told, per event
	// sees reports whether viewer v saw the mover at snapshot sn.
	sees func(sn visSnap, v engine.Seat) bool
}

// visCoverage counts how often the random matches met the cases the
// rules hide something in, so that the test cannot pass vacuously.
type visCoverage map[string]int

// visCheckStep checks one Apply: the serialized events every viewer
// receives, replayed against the moment each was emitted, and the
// serialized views after it against the rules and against the views before
// it (prev). It returns the views, for the next step.
func visCheckStep(t *testing.T, pre, post *State, events []engine.Event, prev map[engine.Seat]*visViewJSON, cov visCoverage) map[engine.Seat]*visViewJSON {
	t.Helper()
	viewers := visViewers(post)
	n := len(post.tiles)
	tileOf := func(c *Coord) int {
		if c == nil {
			t.Fatalf("missing coordinate")
		}
		return post.geo.index(c.Col, c.Row)
	}
	known := []string{"moved", "returned", "relocated", "propagation", "combat", "piece_combat",
		"declare", "pass", "owner", "turn", "squall", "no_move", "rasputitsa", "cycle", "wind",
		"defeated", "over",
		// Factions (section 11).
		"celebrity", "professor", "thug", "relic", "relic_revealed", "church", "bribe", "theft", "skipped"}

	// shown is, per viewer and tile, the owner its view may show when it
	// does not see the tile's owner live: the owner shown before this step,
	// then the last one it saw live or was told during the step (UI-413).
	shown := map[engine.Seat][]int{}
	// relics is, per viewer, the relics whose place it may know (GAP-32):
	// those its view showed before this step, less the ones collected since,
	// plus the ones revealed to it since (REL-922).
	relics := map[engine.Seat]map[int]bool{}
	for _, v := range viewers {
		shown[v] = make([]int, n)
		relics[v] = map[int]bool{}
		for i := range shown[v] {
			shown[v][i] = visUnknown
			if pv := prev[v]; pv != nil && pv.Tiles[i].Owner != nil {
				shown[v][i] = *pv.Tiles[i].Owner
			}
		}
		if pv := prev[v]; pv != nil {
			for _, r := range pv.Factions.Relics {
				relics[v][post.geo.index(r.Tile.Col, r.Tile.Row)] = true
			}
		}
	}
	look := func(sn visSnap) {
		sn.at(post, func() bool {
			for _, v := range viewers {
				for i := range post.tiles {
					if visSeesOwner(post, v, i) {
						shown[v][i] = int(post.tiles[i].Owner)
					}
				}
			}
			return true
		})
	}

	snap := visSnapOf(pre)
	look(snap)
	var mv *visMove
	closeMove := func() {
		if mv == nil {
			return
		}
		celeb := mv.kind == "celebrity"
		for _, v := range viewers {
			sb := mv.before.at(post, func() bool { return mv.sees(mv.before, v) })
			sa := mv.after.at(post, func() bool { return mv.sees(mv.after, v) })
			var want []string
			switch {
			case sb && sa:
				want = []string{"from to"}
			case sb:
				want = []string{"from"} // REL-824, REL-871: it saw the piece leave
				cov[visCovName(celeb, "from only")]++
			case sa:
				want = []string{"to"} // REL-824, REL-871: it sees the piece arrive
				cov[visCovName(celeb, "to only")]++
			}
			if !slices.Equal(mv.got[v], want) {
				t.Fatalf("%s of seat %d from tile %d to %d: seat %d is told %q, want %q (saw it before %v, sees it after %v)",
					mv.kind, mv.seat, mv.from, mv.to, v, mv.got[v], want, sb, sa)
			}
		}
		mv = nil
	}
	actor, defender := -1, -1 // of the last interaction result, for the owner change it brings
	actorSeen := false        // whether the seats that see the actor's piece take part
	celebStepped := false     // the celebrity stepped since the last turn began
	for _, e := range events {
		if !slices.Contains(known, e.Kind) {
			t.Fatalf("event kind %q is not in docs/visibility.md", e.Kind)
		}
		full := visDecodeEvent(t, e)
		p := full.Seat
		// Every coordinate an event carries is one the checks below look at.
		for _, v := range viewers {
			for _, red := range engine.Redact([]engine.Event{e}, v) {
				ev := visDecodeEvent(t, red)
				var data any
				if len(ev.Raw) > 0 {
					if err := json.Unmarshal(ev.Raw, &data); err != nil {
						t.Fatal(err)
					}
				}
				for _, path := range visCoordPaths(data, "") {
					if !slices.Contains(visEventCoords[e.Kind], path) {
						t.Fatalf("%s event tells seat %d an unchecked coordinate at %q: %s", e.Kind, v, path, ev.Raw)
					}
				}
			}
		}

		if visIsMove(e.Kind) || e.Kind == "celebrity" {
			celeb := e.Kind == "celebrity"
			if full.Data.From != nil && full.Data.To != nil {
				// The mover's event opens a move: replay it.
				closeMove()
				from, to := tileOf(full.Data.From), tileOf(full.Data.To)
				mv = &visMove{kind: e.Kind, seat: p, from: from, to: to, before: snap.clone(), got: map[engine.Seat][]string{}}
				if celeb {
					// The celebrity's steps follow the rule of moves
					// (GAP-62): each seat is told the ends it saw it at.
					if got := int(snap.celeb); got != from {
						t.Fatalf("celebrity from tile %d, but it is on tile %d", from, got)
					}
					if p >= 0 && int(snap.celebBriber) != p || p < 0 && snap.celebBriber >= 0 {
						t.Fatalf("celebrity event names seat %d, its briber is %d", p, snap.celebBriber)
					}
					mv.sees = func(sn visSnap, v engine.Seat) bool { return visSeesCeleb(post, v) }
					snap.celeb = int16(to)
					celebStepped = true
					cov["celebrity step"]++
					if snap.night {
						cov["celebrity step at night"]++
					}
				} else {
					if got := int(snap.pos[p]); got != from {
						t.Fatalf("%s from tile %d, but the piece is on tile %d", e.Kind, from, got)
					}
					mover := p
					mv.sees = func(sn visSnap, v engine.Seat) bool { return int(v) == mover || visSeesPiece(post, v, mover) }
					snap.pos[p] = int16(to)
				}
				mv.after = snap.clone()
				look(snap)
			} else if mv == nil || mv.kind != e.Kind || mv.seat != p {
				t.Fatalf("%s of seat %d with one end only, outside a move", e.Kind, p)
			}
			for _, v := range viewers {
				red := engine.Redact([]engine.Event{e}, v)
				if len(red) == 0 {
					continue
				}
				ev := visDecodeEvent(t, red[0])
				// A seat is told an end of a move only where it saw the
				// piece (REL-824, REL-871, REL-874), or the celebrity.
				if ev.Data.From != nil {
					if tileOf(ev.Data.From) != mv.from {
						t.Fatalf("%s of seat %d: seat %d is told from %v, it came from tile %d", e.Kind, p, v, *ev.Data.From, mv.from)
					}
					if !mv.before.at(post, func() bool { return mv.sees(mv.before, v) }) {
						t.Fatalf("%s of seat %d: seat %d is told the tile it came from, %v, where it did not see it", e.Kind, p, v, *ev.Data.From)
					}
				}
				if ev.Data.To != nil {
					if tileOf(ev.Data.To) != mv.to {
						t.Fatalf("%s of seat %d: seat %d is told to %v, it went to tile %d", e.Kind, p, v, *ev.Data.To, mv.to)
					}
					if !mv.after.at(post, func() bool { return mv.sees(mv.after, v) }) {
						t.Fatalf("%s of seat %d: seat %d is told the tile it went to, %v, where it does not see it", e.Kind, p, v, *ev.Data.To)
					}
				}
				mv.got[v] = append(mv.got[v], visEnds(t, red[0]))
			}
			continue
		}
		closeMove()

		before := snap.clone()
		switch e.Kind {
		case "turn":
			celebStepped = false
		case "cycle":
			snap.night = *full.Data.Night
		case "defeated":
			snap.pos[p], snap.defeated[p] = -1, true
			// GAP-34: its bribes lapse.
			if int(snap.office) == p {
				snap.office = -1
			}
			if int(snap.celebBriber) == p {
				snap.celebBriber = -1
			}
		case "owner":
			snap.owner[tileOf(full.Data.Tile)] = int8(*full.Data.Owner)
		case "propagation", "combat", "piece_combat":
			actor, defender, actorSeen = p, *full.Data.Defender, true
		case "professor":
			actor, defender, actorSeen = p, -1, false // the briber takes part, not its piece (REL-990)
		case "bribe":
			// Bribes and the current briber are public (GAP-70).
			switch *full.Data.Target {
			case "office":
				snap.office = int8(p)
			case "celebrity":
				snap.celebBriber = int8(p)
				cov["celebrity bribed"]++
			}
			cov["bribe"]++
			if before.night {
				cov["bribe at night"]++
			}
		case "relic":
			if full.Data.Eye != nil && *full.Data.Eye == "night_eye" {
				snap.nightEye[p] = true // REL-920, after the event
			}
		}
		look(snap)

		// The relic event: how its coordinates may be known (GAP-62).
		var relicTile int
		var relicTold func(v engine.Seat) bool
		if e.Kind == "relic" {
			relicTile = tileOf(full.Data.Tile)
			for _, v := range viewers {
				delete(relics[v], relicTile) // collected: off the map
			}
			if *full.Data.Collector != p {
				t.Fatalf("relic event of seat %d names seat %d", p, *full.Data.Collector)
			}
			switch {
			case *full.Data.How == "run":
				// GAP-33: a run's relic lay out of anyone's sight; only
				// the gainer is told where.
				relicTold = func(v engine.Seat) bool { return int(v) == p }
				cov["relic by a run"]++
			case celebStepped && post.celeb.kind == Archaeologist && int(before.celeb) == relicTile && int(before.celebBriber) == p:
				// REL-992: where the celebrity stands, told to those who
				// see it and its briber, not to those who see the
				// briber's piece.
				relicTold = func(v engine.Seat) bool {
					return before.at(post, func() bool { return visSeesCeleb(post, v) })
				}
				cov["relic by the archaeologist"]++
			default:
				// REL-901: where the collecting piece stands.
				if int(before.pos[p]) != relicTile {
					t.Fatalf("seat %d collects a relic on tile %d, its piece is on tile %d", p, relicTile, before.pos[p])
				}
				relicTold = func(v engine.Seat) bool {
					return int(v) == p || before.at(post, func() bool { return visSeesPiece(post, v, p) })
				}
				cov["relic by contact"]++
			}
			if pre.relicAt(relicTile) < 0 {
				t.Fatalf("relic event at tile %d, where no relic lay", relicTile)
			}
		}

		for _, v := range viewers {
			red := engine.Redact([]engine.Event{e}, v)
			got := len(red) == 1
			var ev visEventJSON
			if got {
				ev = visDecodeEvent(t, red[0])
			}
			self := int(v) == p
			sees := func(sn visSnap, q int) bool {
				return sn.at(post, func() bool { return visSeesPiece(post, v, q) })
			}
			switch e.Kind {
			case "propagation", "declare", "combat", "piece_combat", "pass", "church":
				// The acting piece's tile: only to seats that see the piece
				// (REL-871, GAP-62) and the seats involved: the defender,
				// the owner offered a pass.
				involved := self
				if full.Data.Defender != nil && int(v) == *full.Data.Defender {
					involved = true
				}
				if e.Kind == "pass" && v >= 0 {
					involved = involved || int(before.owner[before.pos[p]]) == int(v)
				}
				if want := involved || sees(before, p); got != want {
					t.Fatalf("%s of seat %d: seat %d receives it %v, want %v", e.Kind, p, v, got, want)
				}
				if got && full.Data.Tile != nil && tileOf(ev.Data.Tile) != int(before.pos[p]) {
					t.Fatalf("%s names tile %v, not the piece's", e.Kind, *ev.Data.Tile)
				}
			case "professor":
				// REL-990: the celebrity's tile, to those who see the
				// celebrity and its briber.
				want := before.at(post, func() bool { return visSeesCeleb(post, v) })
				if int(before.celebBriber) != p || tileOf(full.Data.Tile) != int(before.celeb) {
					t.Fatalf("professor of seat %d on tile %v: the celebrity is on tile %d, bribed by %d", p, *full.Data.Tile, before.celeb, before.celebBriber)
				}
				if got != want {
					t.Fatalf("professor: seat %d receives it %v, want %v", v, got, want)
				}
				cov["professor"]++
			case "thug":
				// REL-993: the victim's tile only to the victim, the briber
				// and the seats that see the victim's piece; the others
				// learn who bribed the Thug, without a tile.
				b := *full.Data.Briber
				tile := tileOf(full.Data.Tile)
				if int(before.pos[p]) != tile || int(before.celeb) != tile || int(before.celebBriber) != b {
					t.Fatalf("thug on seat %d at tile %d: its piece is on %d, the celebrity on %d bribed by %d", p, tile, before.pos[p], before.celeb, before.celebBriber)
				}
				want := self || int(v) == b || sees(before, p)
				if !got || ev.Data.Briber == nil || *ev.Data.Briber != b {
					t.Fatalf("thug: seat %d receives %s, want at least the briber %d", v, ev.Raw, b)
				}
				if (ev.Data.Tile != nil) != want {
					t.Fatalf("thug on seat %d: seat %d is told the tile %v, want %v", p, v, ev.Data.Tile != nil, want)
				}
				cov["thug"]++
				if !want {
					cov["thug tile hidden"]++
				}
				if before.at(post, func() bool { return post.tiles[tile].Structure == Trees }) {
					cov["thug in trees"]++
				}
			case "relic":
				// GAP-32, GAP-62: every seat learns who gained a relic of
				// which type (public counters); only those relicTold says
				// learn where it lay.
				want := relicTold(v)
				if !got {
					t.Fatalf("relic: seat %d is not told seat %d gained a relic", v, p)
				}
				if (ev.Data.Tile != nil) != want {
					t.Fatalf("relic of seat %d (%s) on tile %d: seat %d is told the tile %v, want %v", p, *full.Data.How, relicTile, v, ev.Data.Tile != nil, want)
				}
				if !want {
					cov["relic tile hidden"]++
				}
				if *full.Data.How == "contact" && want != (self || sees(before, p)) {
					cov["relic by the archaeologist, told unlike its briber's piece"]++
				}
			case "relic_revealed":
				// REL-922: to its seat only, which then knows the place.
				if got != self {
					t.Fatalf("relic_revealed of seat %d: seat %d receives it %v", p, v, got)
				}
				if got {
					tile := tileOf(ev.Data.Tile)
					if pre.relicAt(tile) < 0 && post.relicAt(tile) < 0 {
						t.Fatalf("relic_revealed at tile %d, where no relic lies", tile)
					}
					relics[v][tile] = true
					cov["relic revealed"]++
				}
			case "owner":
				// The seats that see the tile's owner (REL-870, GAP-70),
				// and the actor and defender of the interaction that
				// changed it (GAP-62); nobody else. A seat that sees the
				// tile but not the stealthed piece on it is not told.
				tile := tileOf(full.Data.Tile)
				// The seats that see the actor's piece are told too: they
				// were told the result on its tile. Only the office's
				// briber (Move-in Report) sees a piece without seeing its
				// tile's owner.
				tookPart := p >= 0 && p == actor && (int(v) == actor || int(v) == defender || actorSeen && sees(snap, actor))
				seesOwner := snap.at(post, func() bool { return visSeesOwner(post, v, tile) })
				if want := seesOwner || tookPart; got != want {
					t.Fatalf("owner of tile %d: seat %d receives it %v, want %v (sees the owner %v, took part %v)", tile, v, got, want, seesOwner, tookPart)
				}
				if !seesOwner && snap.at(post, func() bool { return visSeesTile(post, v, tile) }) {
					cov["owner hidden"]++
				}
				if got {
					if !seesOwner {
						cov["owner told out of sight"]++
					}
					shown[v][tile] = *ev.Data.Owner
				}
			default:
				if !got { // flow and climate events are public
					t.Fatalf("seat %d does not receive the public %s event", v, e.Kind)
				}
			}
		}
	}
	closeMove()

	// The rules restated agree with the code's vision (vision.go).
	for _, v := range viewers {
		row := visRow(post, v)
		for tile := range post.tiles {
			if got, want := post.ownerVisible(row, tile), visSeesOwner(post, v, tile); got != want {
				t.Fatalf("ownerVisible(%d, %d) = %v, the rules say %v", row, tile, got, want)
			}
		}
		if v == engine.Spectator {
			continue
		}
		for i := range post.players {
			if got, want := post.seesPiece(row, i) && post.players[i].pos >= 0, visSeesPiece(post, v, i); got != want {
				t.Fatalf("seesPiece(%d, %d) = %v, the rules say %v", v, i, got, want)
			}
		}
		for tile := range post.tiles {
			if got, want := post.seesTile(row, tile), visSeesTile(post, v, tile); got != want {
				t.Fatalf("seesTile(%d, %d) = %v, the rules say %v", v, tile, got, want)
			}
		}
	}
	for _, v := range viewers {
		if got, want := post.celebAudience().Has(v), visSeesCeleb(post, v); got != want {
			t.Fatalf("celebAudience has seat %d: %v, the rules say %v", v, got, want)
		}
	}

	// The views after the step.
	active := post.active()
	kind := post.Pending().Kind
	views := map[engine.Seat]*visViewJSON{}
	for _, v := range viewers {
		b, err := json.Marshal(post.View(v))
		if err != nil {
			t.Fatal(err)
		}
		var view visViewJSON
		if err := json.Unmarshal(b, &view); err != nil {
			t.Fatal(err)
		}
		views[v] = &view
		// The decision kind only to seats that see the active piece
		// (REL-824, REL-871): "interaction" or "roll" tells where it is.
		want := kind
		if kind != "over" && kind != "wind" && int(v) != active && !visSeesPiece(post, v, active) {
			want = "turn"
		}
		if kind == "designate" && v == post.Pending().Seat {
			want = kind // REL-929: its own decision, even out of its turn
		}
		if view.Active != active || view.Pending != want {
			t.Fatalf("seat %d's view: active %d pending %q, want %d %q", v, view.Active, view.Pending, active, want)
		}
		for i, pv := range view.Players {
			want := visSeesPiece(post, v, i)
			if (pv.Piece != nil) != want { // REL-823, REL-824, REL-871, REL-874
				t.Fatalf("seat %d's view shows piece %d: %v, want %v (night %v, stealthed %v)", v, i, pv.Piece != nil, want, post.night, post.stealthed(i))
			}
			if want && *pv.Piece != post.coord(int(post.players[i].pos)) {
				t.Fatalf("seat %d sees piece %d at %v", v, i, *pv.Piece)
			}
			if !want && (pv.Stealth || pv.HighGround) {
				t.Fatalf("seat %d learns the state of hidden piece %d", v, i)
			}
		}
		if len(view.Visible) != len(view.Tiles) {
			t.Fatalf("seat %d: visible %q for %d tiles", v, view.Visible, len(view.Tiles))
		}
		for i, tv := range view.Tiles {
			live := visSeesTile(post, v, i)
			visible := view.Visible[i] == '1'
			if !visible && view.Visible[i] != '0' {
				t.Fatalf("seat %d: tile %d's sight is %q", v, i, view.Visible[i])
			}
			if visible && tv.Memory != "revealed" { // UI-412, UI-415, UI-416
				t.Fatalf("seat %d: tile %d visible but %s", v, i, tv.Memory)
			}
			if live && tv.Memory != "revealed" { // UI-412: seeing reveals
				t.Fatalf("seat %d sees tile %d live but it is %s", v, i, tv.Memory)
			}
			if tv.Memory == "revealed" && visible != live {
				t.Fatalf("seat %d: tile %d visible %v, live %v", v, i, visible, live)
			}
			if tv.Memory == "adjacent" && tv.Owner != nil { // UI-415
				t.Fatalf("seat %d: adjacent tile %d shows its owner", v, i)
			}
			if tv.Memory != "revealed" {
				continue
			}
			if tv.Owner == nil {
				t.Fatalf("seat %d: revealed tile %d without an owner", v, i)
			}
			if visSeesOwner(post, v, i) {
				if *tv.Owner != int(post.tiles[i].Owner) { // GAP-70
					t.Fatalf("seat %d sees tile %d's owner but is shown %d, not %d", v, i, *tv.Owner, post.tiles[i].Owner)
				}
				continue
			}
			// Otherwise the owner it last saw or was told (UI-413): never
			// one that changed under a stealthed piece it does not see
			// (REL-870), nor out of its sight (REL-824).
			if w := shown[v][i]; w != visUnknown && *tv.Owner != w {
				t.Fatalf("seat %d: tile %d shows owner %d, but the last it saw or was told is %d", v, i, *tv.Owner, w)
			}
		}

		// Factions (section 11).
		f := &view.Factions
		// The relics whose place the seat knows (GAP-32): exactly those
		// revealed to it and not collected since (REL-922), never to the
		// spectator.
		var got []int
		for _, r := range f.Relics {
			tile := post.geo.index(r.Tile.Col, r.Tile.Row)
			i := post.relicAt(tile)
			if i < 0 {
				t.Fatalf("seat %d's view shows a relic on tile %d, where none lies", v, tile)
			}
			if r.Eye != post.relics[i].eye.String() {
				t.Fatalf("seat %d's view shows relic type %q on tile %d, it is %q", v, r.Eye, tile, post.relics[i].eye)
			}
			got = append(got, tile)
		}
		slices.Sort(got)
		told := slices.Sorted(maps.Keys(relics[v]))
		if v == engine.Spectator {
			told = nil
		}
		if !slices.Equal(got, told) {
			t.Fatalf("seat %d's view shows relics on tiles %v, it was told of %v", v, got, told)
		}
		onMap := 0
		for _, r := range post.relics {
			if r.tile >= 0 {
				onMap++
			}
		}
		if f.OnMap != onMap {
			t.Fatalf("seat %d's view counts %d relics on the map, there are %d", v, f.OnMap, onMap)
		}
		// The celebrity's place only to those who see it and its briber.
		if (f.Celebrity != nil) != (post.celeb.pos >= 0) {
			t.Fatalf("seat %d's view shows the celebrity: %v", v, f.Celebrity != nil)
		}
		if f.Celebrity != nil {
			want := visSeesCeleb(post, v)
			if (f.Celebrity.Tile != nil) != want {
				t.Fatalf("seat %d's view shows the celebrity's tile: %v, want %v (night %v)", v, f.Celebrity.Tile != nil, want, post.night)
			}
			if want && *f.Celebrity.Tile != post.coord(int(post.celeb.pos)) {
				t.Fatalf("seat %d's view shows the celebrity on %v", v, *f.Celebrity.Tile)
			}
			if !want {
				cov["celebrity hidden"]++
			}
		}
		// A government's tile once the seat knows the tile (UI-415).
		for i, g := range f.Governments {
			gt := int(post.govs[i].tile)
			if want := gt >= 0 && view.Tiles[gt].Memory != "unrevealed"; (g.Tile != nil) != want || want && *g.Tile != post.coord(gt) {
				t.Fatalf("seat %d's view shows government %d at %v, want %v", v, i, g.Tile, want)
			}
		}
	}
	return views
}

// visEventCoords lists, per event kind, where its data may hold a tile's
// coordinates; visCheckStep checks each of them. A coordinate anywhere else
// fails the test.
var visEventCoords = map[string][]string{
	"moved": {"from", "to"}, "returned": {"from", "to"}, "relocated": {"from", "to"}, "celebrity": {"from", "to"},
	"propagation": {"tile"}, "combat": {"tile"}, "piece_combat": {"tile"}, "professor": {"tile"},
	"declare": {"tile"}, "owner": {"tile"}, "thug": {"tile"}, "relic": {"tile"}, "relic_revealed": {"tile"},
	"rasputitsa": {"[]"}, // the blocked tiles, public (GAP-42)
}

// visCoordPaths lists the paths of every {col, row} object in a decoded
// JSON value.
func visCoordPaths(v any, path string) []string {
	var out []string
	switch v := v.(type) {
	case map[string]any:
		_, c := v["col"]
		_, r := v["row"]
		if c && r {
			return []string{path}
		}
		for k, x := range v {
			p := k
			if path != "" {
				p = path + "." + k
			}
			out = append(out, visCoordPaths(x, p)...)
		}
	case []any:
		for _, x := range v {
			out = append(out, visCoordPaths(x, path+"[]")...)
		}
	}
	return out
}

// visCovName names a coverage case of a move, or of a celebrity step.
func visCovName(celeb bool, name string) string {
	if celeb {
		return "celebrity " + name
	}
	return name
}

func TestViewAndEventsLeakNothing(t *testing.T) {
	// Seeded random matches on maps thick with trees (REL-870) and
	// mountains (REL-873), some starting at night (REL-824), with the
	// factions on (section 11): after every answer, every seat's and the
	// spectator's serialized view and events hold only what the rules let
	// that seat see (visCheckStep). Each match forces the celebrity's type
	// and the local god, so that every type and god is played.
	cov := visCoverage{}
	run := 0
	for _, climate := range []string{"tropical", "dry", "temperate", "cold"} {
		for seats := 2; seats <= 4; seats++ {
			for _, seed := range []uint64{3, 17} {
				kind, god := CelebrityKind(run%int(numCelebrities)), God((run+run/int(numCelebrities))%int(numGods))
				run++
				startNight := seed == 17
				name := fmt.Sprintf("%s/%dp/seed%d/night=%v/%s/%s", climate, seats, seed, startNight, kind, god)
				t.Run(name, func(t *testing.T) {
					// The geometry of cards' own events is left out here:
					// TestCardsLeakNothing covers the cards (cards_leak_test.go).
					c, err := visGame.ParseConfig([]byte(fmt.Sprintf(`{"climate":%q,"cycle_limit":12,"no_cards":true}`, climate)), seats)
					if err != nil {
						t.Fatal(err)
					}
					s := visGame.NewState(c, seed)
					visForceFactions(s, kind, god)
					for i := range s.tiles {
						tl := &s.tiles[i]
						if tl.Structure != NoStructure || !tl.Terrain.Contactable() || s.relicAt(i) >= 0 {
							continue // relics lie on tiles without structure (GAP-32)
						}
						switch (i*7 + int(seed)) % 10 {
						case 0, 1, 2:
							tl.Structure = Trees
						case 3:
							tl.Structure = Mountain
						}
					}
					if startNight {
						visNightfall(s)
					}
					rnd := enginetest.RandomAnswers(seed)
					var buf []engine.Answer
					prev := visCheckStep(t, s, s, nil, nil, cov)
					for step := 0; !s.Terminal(); step++ {
						if step > 5000 {
							t.Fatal("the match does not end")
						}
						pre := s.clone()
						var a engine.Answer
						if s.Pending().Seat == engine.Chance {
							a = engine.ChanceAnswer(seed, step, s.Chance())
						} else {
							a, buf = enginetest.RandomAnswer(s, &rnd, buf)
						}
						evs, err := s.Apply(a)
						if err != nil {
							t.Fatal(err)
						}
						prev = visCheckStep(t, pre, s, evs, prev, cov)
					}
				})
			}
		}
	}
	// The matches must meet the cases the rules hide something in.
	for _, k := range []string{"from only", "to only", "owner hidden", "owner told out of sight",
		"bribe", "bribe at night", "celebrity bribed", "celebrity step at night",
		"celebrity from only", "celebrity to only", "celebrity hidden",
		"relic by contact", "relic tile hidden", "relic revealed",
		"relic by the archaeologist", "relic by the archaeologist, told unlike its briber's piece", "thug", "thug tile hidden", "professor"} {
		if cov[k] == 0 {
			t.Errorf("no %q case in the random matches: the check is vacuous there", k)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(cov)) {
		t.Logf("%s: %d", k, cov[k])
	}
}

// visForceFactions sets the celebrity's type and the local god of a new
// match (GAP-32, GAP-38), and puts the factions where random answers meet
// them: the celebrity next to a starting point; for the Thug, the other
// pieces around it; for the Archaeologist, already bribed by the next seat,
// with two relics next to it. Gi-ye Chin's relics get distinct types, Eye That
// Seeks Its Kin (REL-922) and Night Eye (REL-920) on the ones nearest a
// piece.
func visForceFactions(s *State, kind CelebrityKind, god God) {
	s.celeb.kind, s.god = kind, god
	free := func(t int) bool {
		return t >= 0 && s.tiles[t].Terrain.Contactable() && !s.tiles[t].Structure.LocalGovernment()
	}
	seat := int(kind) % len(s.players)
	start := int(s.players[seat].start)
	for d := Dir(0); d < numDirs; d++ {
		if t := s.geo.neighbour(start, d); free(t) {
			s.celeb.pos, s.celeb.start = int16(t), int16(t)
			break
		}
	}
	c := int(s.celeb.pos)
	switch kind {
	case Thug:
		o := 0
		for d := Dir(0); d < numDirs && o < len(s.players); d++ {
			if o == seat {
				o++
			}
			if t := s.geo.neighbour(c, d); o < len(s.players) && t != start && free(t) {
				visPlace(s, o, t)
				o++
			}
		}
	case Archaeologist:
		// Bribed by the next seat, whose piece is elsewhere: seats that
		// see one and not the other (REL-992).
		b := (seat + 1) % len(s.players)
		s.celeb.briber, s.celeb.bribes = int8(b), 1
		s.see(b)
		r := 0
		for d := Dir(0); d < numDirs && r < 2; d++ {
			if t := s.geo.neighbour(c, d); t != start && free(t) && s.tiles[t].Structure == NoStructure && s.relicAt(t) < 0 {
				s.relics[r].tile = int16(t)
				r++
			}
		}
	}
	near := func(i int) int {
		best := len(s.tiles)
		for p := range s.players {
			best = min(best, s.geo.distance(int(s.players[p].pos), int(s.relics[i].tile)))
		}
		return best
	}
	order := make([]int, len(s.relics))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return near(a) - near(b) })
	eyes := []Eye{SeeksKin, NightEye, Clairvoyance, Stye, Insight}
	for k, i := range order {
		s.relics[i].eye = NoEye
		if god == GiyeChin {
			s.relics[i].eye = eyes[k]
		}
	}
}

func TestEventMoveEndsOnlyWhereSeen(t *testing.T) {
	// A move tells a seat the tile the piece came from only if it saw the
	// piece there, and the tile it went to only if it sees it there
	// (REL-824, REL-871): one move makes up to three events of its kind,
	// for disjoint audiences (docs/visibility.md, "Events").
	tests := []struct {
		name     string
		setup    func(t *testing.T, s *State, a, x int)
		from, to bool // what seat 1 is told
	}{
		{"out of stealth by day", func(t *testing.T, s *State, a, x int) {
			s.tiles[a].Structure = Trees // REL-871: seat 1 does not see it on A
		}, false, true},
		{"into stealth by day", func(t *testing.T, s *State, a, x int) {
			s.tiles[x].Structure = Trees // REL-871: seat 1 does not see it on X
		}, true, false},
		{"out of the dark at night", func(t *testing.T, s *State, a, x int) {
			visPlace(s, 1, visWalk(t, s, x, DirE)) // REL-824: sees X, not A
			visNightfall(s)
		}, false, true},
		{"into the dark at night", func(t *testing.T, s *State, a, x int) {
			visPlace(s, 1, visWalk(t, s, a, DirW)) // REL-824: sees A, not X
			visNightfall(s)
		}, true, false},
		{"in sight at night", func(t *testing.T, s *State, a, x int) {
			visNightfall(s) // seat 1 is next to A and X
		}, true, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, a, x, _ := visAudienceScene(t, false)
			tc.setup(t, s, a, x)
			if got := s.seesPiece(1, 0); got != tc.from {
				t.Fatalf("seat 1 sees the piece before it moves: %v", got)
			}
			evs := visApply(t, s, "move e")
			if got := s.seesPiece(1, 0); got != tc.to {
				t.Fatalf("seat 1 sees the piece after it moved: %v", got)
			}
			b, err := json.Marshal(engine.Redact(evs, 1))
			if err != nil {
				t.Fatal(err)
			}
			from, _ := json.Marshal(s.coord(a))
			to, _ := json.Marshal(s.coord(x))
			if got := strings.Contains(string(b), `"from":`+string(from)); got != tc.from { // REL-824, REL-871
				t.Errorf("seat 1 is told the piece came from %s: %v, want %v: %s", from, got, tc.from, b)
			}
			if got := strings.Contains(string(b), `"to":`+string(to)); got != tc.to { // REL-824, REL-871
				t.Errorf("seat 1 is told the piece went to %s: %v, want %v: %s", to, got, tc.to, b)
			}
			if got := strings.Count(string(b), `"kind":"moved"`); got != 1 {
				t.Errorf("seat 1 receives %d moved events, want 1: %s", got, b)
			}
			// The mover is told both ends, once.
			own, _ := json.Marshal(engine.Redact(evs, 0))
			if !strings.Contains(string(own), `"from":`+string(from)+`,"to":`+string(to)) || strings.Count(string(own), `"kind":"moved"`) != 1 {
				t.Errorf("the mover's events: %s", own)
			}
		})
	}
}

func TestViewPendingNamesTheActiveSeat(t *testing.T) {
	// The view names the active seat to everyone, but the kind of its
	// decision only to the seats that see its piece (and to itself):
	// "interaction" tells that the active piece stands with the tile
	// owner's piece (GAP-18), "roll" that it contacted a tile it interacts
	// with. Others read "turn" (REL-824, REL-871). The monsoon's "wind" and
	// "over" concern no piece and are public.
	tests := []struct {
		name  string
		build func(t *testing.T) *State
		want  map[engine.Seat]string
	}{
		{"stealthed, at night", func(t *testing.T) *State {
			s, _, x, _ := visAudienceScene(t, true)
			s.tiles[x].Owner, s.tiles[x].Structure = 2, Trees
			visPlace(s, 2, x)
			visApply(t, s, "move e")
			return s
		}, map[engine.Seat]string{0: "interaction", 1: "turn", 2: "turn", engine.Spectator: "turn"}}, // REL-871: seat 2 on the same trees does not see it either
		{"stealthed, high ground at 3", func(t *testing.T) *State {
			s, _, x, _ := visAudienceScene(t, false)
			s.tiles[x].Owner, s.tiles[x].Structure = 2, Trees
			visPlace(s, 2, x)
			m := visWalk(t, s, x, DirE, DirE, DirE)
			s.tiles[m].Structure = Mountain
			visPlace(s, 1, m)
			visApply(t, s, "move e")
			return s
		}, map[engine.Seat]string{0: "interaction", 1: "interaction", 2: "turn", engine.Spectator: "turn"}}, // REL-874
		{"plain, at night", func(t *testing.T) *State {
			s, _, x, _ := visAudienceScene(t, true)
			s.tiles[x].Owner = 2
			visPlace(s, 2, x)
			visApply(t, s, "move e")
			return s
		}, map[engine.Seat]string{0: "interaction", 1: "interaction", 2: "interaction", engine.Spectator: "turn"}}, // REL-824
		{"plain, by day", func(t *testing.T) *State {
			s, _, x, _ := visAudienceScene(t, false)
			s.tiles[x].Owner = 2
			visPlace(s, 2, x)
			visApply(t, s, "move e")
			return s
		}, visEveryone("interaction")}, // REL-823
		{"roll, out of sight at night", func(t *testing.T) *State {
			s, _, _, _ := visAudienceScene(t, true)
			visApply(t, s, "move e")
			return s
		}, map[engine.Seat]string{0: "roll", 1: "roll", 2: "turn", engine.Spectator: "turn"}}, // REL-824
		{"wind, at night", func(t *testing.T) *State {
			s, _, x, _ := visAudienceScene(t, true)
			s.tiles[x].Structure = Trees
			s.climate = Temperate
			s.cycle = s.p.MonsoonPeriod - 1
			s.order = []int8{1, 2, 0}
			s.turnIdx = 2
			s.wind = North
			visApply(t, s, "move e", "failure")
			return s
		}, visEveryone("wind")}, // REL-811, GAP-41
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.build(t)
			active := s.active()
			for _, v := range visViewers(s) {
				b, err := json.Marshal(s.View(v))
				if err != nil {
					t.Fatal(err)
				}
				var view visViewJSON
				if err := json.Unmarshal(b, &view); err != nil {
					t.Fatal(err)
				}
				if view.Active != active || view.Pending != tc.want[v] {
					t.Errorf("seat %d: active %d pending %q, want %d %q", v, view.Active, view.Pending, active, tc.want[v])
				}
				if seen := view.Players[active].Piece != nil; seen != (tc.want[v] != "turn") && tc.want[v] != "wind" {
					t.Errorf("seat %d sees the active piece: %v, but is told %q", v, seen, view.Pending)
				}
			}
		})
	}
}
