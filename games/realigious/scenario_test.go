package realigious

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
)

// TestScenarios runs every testdata/scenarios/*.json file and checks its
// expectations.
func TestScenarios(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "scenarios", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenario files: %v", err)
	}
	g := New()
	for _, file := range files {
		name := filepath.Base(file)
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			sc, res, err := scnRunBytes(g, data)
			for _, msg := range sc.Check(res, err) {
				t.Errorf("scenario %s: %s", name, msg)
			}
			if sc.Name == "" || sc.Description == "" {
				t.Errorf("scenario %s: name and description are required in testdata", name)
			}
		})
	}
}

// scnRunBytes loads and runs a scenario. When the file does not load, the
// returned scenario carries only what a lenient decode finds (its expect
// block, name and description), so that negative files can state the
// error they expect.
func scnRunBytes(g *Game, data []byte) (*Scenario, *RunResult, error) {
	sc, err := LoadScenario(data)
	if err != nil {
		var lenient Scenario
		var head struct {
			Name        string  `json:"name"`
			Description string  `json:"description"`
			Expect      *Expect `json:"expect"`
		}
		if json.Unmarshal(data, &head) == nil {
			lenient.Name, lenient.Description, lenient.Expect = head.Name, head.Description, head.Expect
		}
		return &lenient, nil, err
	}
	res, err := sc.Run(g)
	return sc, res, err
}

// scnRoundTrip checks that s survives Snapshot -> JSON -> LoadScenario ->
// Build byte for byte.
func scnRoundTrip(t *testing.T, g *Game, s *State, seed uint64) {
	t.Helper()
	data, err := SnapshotScenario(s, seed).Marshal()
	if err != nil {
		t.Fatalf("Marshal: %v", err)
	}
	sc, err := LoadScenario(data)
	if err != nil {
		t.Fatalf("LoadScenario(snapshot at step %d, phase %s): %v", s.steps, phaseKinds[s.phase], err)
	}
	s2, err := sc.Build(g)
	if err != nil {
		t.Fatalf("Build(snapshot at step %d, phase %s): %v", s.steps, phaseKinds[s.phase], err)
	}
	if a, b := s.AppendEncoding(nil), s2.AppendEncoding(nil); !bytes.Equal(a, b) {
		again, _ := SnapshotScenario(s2, seed).Marshal()
		t.Fatalf("round trip at step %d (phase %s) changed the encoding\nsnapshot:\n%s\nrebuilt:\n%s",
			s.steps, phaseKinds[s.phase], scnFirstDiff(data, again), scnFirstDiff(again, data))
	}
}

// scnFirstDiff returns the lines of a around its first difference from b.
func scnFirstDiff(a, b []byte) string {
	la, lb := strings.Split(string(a), "\n"), strings.Split(string(b), "\n")
	for i := range la {
		if i >= len(lb) || la[i] != lb[i] {
			lo, hi := max(0, i-5), min(len(la), i+5)
			return strings.Join(la[lo:hi], "\n")
		}
	}
	return "(no difference in the JSON)"
}

// TestScenarioSnapshotRoundTrip proves that every position reached in seeded
// random play is expressible: Snapshot, then LoadScenario and Build, gives a
// byte-identical state (2, 3 and 4 players, every climate).
func TestScenarioSnapshotRoundTrip(t *testing.T) {
	g := New()
	seeds := []uint64{1, 2, 3}
	if testing.Short() {
		seeds = seeds[:1]
	}
	type run struct {
		players int
		climate string
		seed    uint64
		noCards bool
	}
	var runs []run
	for players := 2; players <= 4; players++ {
		for _, climate := range climateNames {
			for _, seed := range seeds {
				runs = append(runs, run{players, climate, seed, false})
			}
		}
	}
	if !testing.Short() {
		// Rare phases: these matches, played without cards, reach Abukaros's
		// designation (REL-929).
		runs = append(runs, run{3, "temperate", 108, true}, run{4, "cold", 35, true})
	}
	phases := map[string]int{}
	for _, r := range runs {
		players, climate, seed := r.players, r.climate, r.seed
		t.Run(fmt.Sprintf("%dp/%s/seed%d/cards=%v", players, climate, seed, !r.noCards), func(t *testing.T) {
			cfg := fmt.Sprintf(`{"climate":%q,"size":9,"cycle_limit":30,"no_cards":%v}`, climate, r.noCards)
			st, err := g.New([]byte(cfg), players, seed)
			if err != nil {
				t.Fatal(err)
			}
			s := st.(*State)
			pick := rand.New(rand.NewPCG(seed, uint64(players)))
			for step := 0; step < 20000; step++ {
				kind := phaseKinds[s.phase]
				// Every step early on, then a sample, and every rare phase.
				if step < 40 || step%5 == 0 || kind != "move" && kind != "roll" && kind != "interaction" {
					scnRoundTrip(t, g, s, seed)
					phases[kind]++
				}
				if s.Terminal() {
					return
				}
				var a engine.Answer
				if s.Pending().Seat == engine.Chance {
					a = engine.ChanceAnswer(seed, s.Steps(), s.Chance())
				} else {
					legal := s.Legal(nil)
					a = legal[pick.IntN(len(legal))]
				}
				if _, err := s.Apply(a); err != nil {
					t.Fatalf("Apply(%s): %v", s.AnswerText(a), err)
				}
			}
			t.Fatal("the match did not end")
		})
	}
	if testing.Short() {
		return
	}
	t.Logf("round-tripped positions by phase: %v", phases)
	for _, k := range phaseKinds {
		if phases[k] == 0 && k != "busy" { // busy is never pending
			t.Errorf("no position in phase %q was round-tripped; add seeds", k)
		}
	}
}

// TestScenarioNoStateIsInitialState checks that a scenario without a state
// block, or with an empty one, starts exactly like a match.
func TestScenarioNoStateIsInitialState(t *testing.T) {
	g := New()
	tests := []struct {
		name, scenario string
		players        int
		config         string
	}{
		{"no state", `{"format":"realigious-scenario/1","seed":5}`, 2, ``},
		{"empty state", `{"format":"realigious-scenario/1","seed":5,"state":{}}`, 2, ``},
		{"cold empty state", `{"format":"realigious-scenario/1","seed":9,"players":3,"config":{"climate":"cold"},"state":{}}`, 3, `{"climate":"cold"}`},
		{"players from seats", `{"format":"realigious-scenario/1","seed":9,"config":{"seats":[{},{},{},{}]}}`, 4, `{"seats":[{},{},{},{}]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := LoadScenario([]byte(tt.scenario))
			if err != nil {
				t.Fatal(err)
			}
			got, err := sc.Build(g)
			if err != nil {
				t.Fatal(err)
			}
			want, err := g.New([]byte(tt.config), tt.players, sc.Seed)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.AppendEncoding(nil), want.AppendEncoding(nil)) {
				t.Errorf("Build() differs from Game.New(%s, %d, %d)", tt.config, tt.players, sc.Seed)
			}
		})
	}
}

// scnBase is a small hand-written position used by the unit tests: a plain
// 9x9 grass map without factions, seat 0 (islam explorer, past its first
// turn) at 4,4, seat 1 at 0,8 on a tile it owns, seat 0 to play.
func scnBase(state, script string) string {
	if script == "" {
		script = "[]"
	}
	return `{"format":"realigious-scenario/1","seed":7,"players":2,
"config":{"size":9,"climate":"tropical","seats":[{"religion":"islam","character":"explorer"},{"religion":"islam","character":"explorer"}]},
"state":{"cards":"none","order":[0,1],"active":0,"factions":"none",
 "tiles":{"fill":{"terrain":"grass","structure":"none","owner":-1,"alloc":[10,20,30]},"set":[{"at":"0,8","owner":1}]},
 "players":[{"piece":"4,4","turns":2},{"piece":"0,8","turns":2}]` + state + `},
"script":` + script + `}`
}

func TestLoadScenarioErrors(t *testing.T) {
	g := New()
	tests := []struct {
		name, data, want string
	}{
		{"not json", `{`, "realigious: scenario: unexpected EOF"},
		{"unknown format", `{"format":"realigious-scenario/9"}`, `format "realigious-scenario/9" is not supported`},
		{"missing format", `{"seed":1}`, `format "" is not supported`},
		{"unknown field", `{"format":"realigious-scenario/1","stat":{}}`, `unknown field "stat"`},
		{"unknown state field", `{"format":"realigious-scenario/1","state":{"phaze":"move"}}`, `unknown field "phaze"`},
		{"unknown config field", `{"format":"realigious-scenario/1","config":{"sise":9}}`, `unknown field "sise"`},
		{"trailing data", `{"format":"realigious-scenario/1"} {}`, "trailing data"},
		{"five players", `{"format":"realigious-scenario/1","players":5}`, "players: 5 (2 to 4 play)"},
		{"bad coordinate", scnBase(`,"blocked":["4;4"]`, ""), `"4;4" is not a tile`},
		{"off the map", scnBase(`,"blocked":["9,0"]`, ""), `state.blocked[0]: "9,0" is off the 9x9 map`},
		{"piece off the map", strings.Replace(scnBase("", ""), `"piece":"0,8"`, `"piece":"12,3"`, 1),
			`realigious: scenario: state.players[1].piece: "12,3" is off the 9x9 map`},
		{"unknown phase", scnBase(`,"phase":"dance"`, ""), `state.phase: unknown phase "dance"`},
		{"unknown wind", scnBase(`,"spectator":{},"roll":null,"wind":"up"`, ""), `state.wind: unknown wind "up"`},
		{"church without church", strings.Replace(scnBase("", ""), `"owner":1}`, `"owner":1,"church":"islam"}`, 1), "state.tiles.set[0].church: the tile has no church"},
		{"owned water", strings.Replace(scnBase("", ""), `"owner":1}`, `"owner":1,"terrain":"water"}`, 1), "0,8 is water"},
		{"order", scnBase(`,"order":[0,0]`, ""), "state.order[1]: 0"},
		{"active", scnBase(`,"active":2`, ""), "state.active: 2 is not a seat"},
		{"defeated with piece", strings.Replace(scnBase("", ""), `"turns":2}]`, `"turns":2,"defeated":true,"piece":"1,1"}]`, 1), "state.players[1].piece: a defeated seat's piece"},
		{"defeated owner", strings.Replace(scnBase("", ""), `"piece":"0,8","turns":2}`, `"turns":2,"defeated":true}`, 1), "owned by seat 1, which is defeated"},
		{"result in play", scnBase(`,"result":{"winner":0}`, ""), "state.result: only a finished match"},
		{"squall", scnBase(`,"squall":6`, ""), "state.squall: 6"},
		{"prev on water", strings.Replace(strings.Replace(scnBase("", ""), `"piece":"4,4","turns":2}`, `"piece":"4,4","turns":2,"prev":"1,1"}`, 1),
			`"set":[`, `"set":[{"at":"1,1","terrain":"water"},`, 1), "state.players[0].prev: 1,1 is water"},
		{"no seat can move", strings.Replace(scnBase("", ""), `"fill":{"terrain":"grass"`, `"fill":{"terrain":"water"`, 1), "is water"},
		{"roll on a local government", strings.Replace(scnBase(`,"phase":"roll"`, ""), `"set":[`, `"set":[{"at":"4,4","structure":"police"},`, 1), "state.roll.tile: a pending roll needs"},
		{"roll r", scnBase(`,"phase":"roll","roll":{"r":101}`, ""), "state.roll.r: 101 is not a percentage"},
		{"roll term", scnBase(`,"phase":"roll","roll":{"r1_terms":[{"tier":5,"name":"luck","value":1}]}`, ""), `state.roll.r1_terms[0].name: unknown term "luck"`},
		{"combat roll without defender", scnBase(`,"phase":"roll","roll":{"kind":"combat"}`, ""), "state.roll.defender: a combat roll needs a defender"},
		{"relocate without tiles", scnBase(`,"phase":"relocate","relocate_seat":0`, ""), "seat 0 owns no tile"},
		{"rng", scnBase(`,"rng":"zz"`, ""), "state.rng: encoding/hex"},
		{"script entry object", scnBase("", `[{"answer":"move e","who":0}]`), `unknown field "who"`},
		{"empty script entry", scnBase("", `[""]`), "script[0]: empty answer"},
		{"unparsable step", scnBase("", `["move e","success","fly"]`), `realigious: scenario: script[2] "fly": realigious: engine: unknown answer text`},
		{"illegal step", scnBase("", `["move e","success","move q"]`), `script[2] "move q"`},
		{"wrong seat", scnBase("", `[{"answer":"move e","seat":1}]`), `script[0] "move e": seat 0 decides "move", want seat 1`},
		{"game over", scnBase(`,"phase":"over"`, `["move e"]`), "game is over"},
		{"factions", scnBase(`,"factions":"some"`, ""), `state.factions: "some" (want "generated" or "none")`},
		{"god", scnBase(`,"god":"zeus"`, ""), `state.god: unknown god "zeus"`},
		{"relic nowhere", scnBase(`,"relics":[{}]`, ""), "state.relics[0]: give its tile"},
		{"relic twice", scnBase(`,"relics":[{"tile":"2,2","holder":0}]`, ""), "state.relics[0]: a relic lies on a tile or is held, not both"},
		{"relic holder", scnBase(`,"relics":[{"holder":2}]`, ""), "state.relics[0].holder: 2 is not a seat"},
		{"relic eye", scnBase(`,"relics":[{"tile":"2,2","eye":"third"}]`, ""), `state.relics[0].eye: unknown relic type "third"`},
		{"relic seen held", scnBase(`,"relics":[{"holder":0,"seen":[1]}]`, ""), "state.relics[0].seen: only a relic lying on the map"},
		{"relic seen seat", scnBase(`,"relics":[{"tile":"2,2","seen":[5]}]`, ""), "state.relics[0].seen[0]: 5 is not a seat"},
		{"relics on one tile", scnBase(`,"relics":[{"tile":"2,2"},{"tile":"2,2"}]`, ""), "state.relics[1].tile: 2,2 already holds relic 0"},
		{"relic on water", strings.Replace(scnBase(`,"relics":[{"tile":"1,1"}]`, ""), `"set":[`, `"set":[{"at":"1,1","terrain":"water"},`, 1), "state.relics[0].tile: 1,1 is water"},
		{"relic buff", strings.Replace(scnBase(`,"relics":[{"holder":0},{"holder":0}]`, ""), `"piece":"4,4","turns":2}`, `"piece":"4,4","turns":2,"relic_buff":1}`, 1),
			"state.players[0].relic_buff: 1, but the seat holds 2 relics"},
		{"government tile", scnBase(`,"governments":{"police":{"tile":"3,3"}}`, ""), `state.governments.police.tile: 3,3 has structure "none", not police`},
		{"government kind", scnBase(`,"governments":{"army":{}}`, ""), `unknown field "army"`},
		{"government bribes", scnBase(`,"governments":{"office":{"bribes":256}}`, ""), "state.governments.office.bribes: 256 is out of range"},
		{"government briber", strings.Replace(scnBase(`,"governments":{"police":{"tile":"3,3","briber":0,"bribes":0}}`, ""), `"set":[`, `"set":[{"at":"3,3","structure":"police"},`, 1),
			"state.governments.police.bribes: 0, but seat 0 holds its advantage"},
		{"celebrity kind", scnBase(`,"celebrity":{"kind":"mime","tile":"2,2"}`, ""), `state.celebrity.kind: unknown celebrity "mime"`},
		{"celebrity briber without celebrity", scnBase(`,"celebrity":{"briber":0}`, ""), "state.celebrity.briber: 0, but there is no celebrity"},
		{"celebrity on water", strings.Replace(scnBase(`,"celebrity":{"tile":"1,1"}`, ""), `"set":[`, `"set":[{"at":"1,1","terrain":"water"},`, 1), "state.celebrity.tile: 1,1 is water"},
		{"claimed", strings.Replace(scnBase("", ""), `"owner":1}`, `"owner":1,"claimed":true}`, 1), "state.tiles.set[0].claimed: the tile has no church"},
		{"cycle stage", scnBase(`,"cycle_stage":"dusk"`, ""), `state.cycle_stage: "dusk"`},
		{"cont", scnBase(`,"cont":"later"`, ""), `state.cont: "later"`},
		{"design seat", scnBase(`,"design_seat":3`, ""), "state.design_seat: 3 is not a seat"},
		{"wander without celebrity", scnBase(`,"phase":"wander"`, ""), `state.phase: "wander", but there is no celebrity`},
		{"designate in 2p", scnBase(`,"phase":"designate","god":"abukaros"`, ""), `"designate" is Abukaros's stack 4 with 3 or 4 players`},
		{"designate below stack 4", scnBase3(`,"phase":"designate","relics":[]`, ""), "state.players[0].relic_buff: 0, but a designation comes at stack 4"},
		{"professor without briber", scnBase(`,"phase":"roll","roll":{"kind":"professor"},"celebrity":{"tile":"2,2"}`, ""), "a professor roll is the celebrity's briber's"},
		{"professor on an owned tile", scnBase(`,"phase":"roll","roll":{"kind":"professor","tile":"0,8"},"celebrity":{"tile":"2,2","briber":0}`, ""), "the Professor propagates only a neutral tile"},
		{"professor defender", scnBase(`,"phase":"roll","roll":{"kind":"professor","defender":1},"celebrity":{"tile":"2,2","briber":0}`, ""), "a professor roll has no defender"},
		{"piece on water", strings.Replace(scnBase("", ""), `"set":[`, `"set":[{"at":"4,4","terrain":"water"},`, 1), "unless the military base has been bribed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := LoadScenario([]byte(tt.data))
			if err == nil {
				_, err = sc.Run(g)
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error = %v, want it to contain %q", err, tt.want)
			}
			if !errors.Is(err, ErrScenario) {
				t.Errorf("error %v does not wrap ErrScenario", err)
			}
		})
	}
}

// TestScenarioScriptErrorLeavesState checks that a failing step names its
// index, wraps the rules' error and leaves the state as it was.
func TestScenarioScriptErrorLeavesState(t *testing.T) {
	g := New()
	tests := []struct {
		name   string
		script string
		is     error
		steps  int
	}{
		{"illegal", `["move e","success","dispute"]`, engine.ErrIllegalAnswer, 2},
		{"unknown", `["move e","success","move q"]`, engine.ErrBadAnswerText, 2},
		{"over", `["move e"]`, engine.ErrGameOver, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := scnBase("", tt.script)
			if tt.name == "over" {
				data = scnBase(`,"phase":"over","result":{"winner":1,"how":"survival","ranking":[1,0]}`, tt.script)
			}
			sc, err := LoadScenario([]byte(data))
			if err != nil {
				t.Fatal(err)
			}
			res, err := sc.Run(g)
			if !errors.Is(err, tt.is) {
				t.Fatalf("Run() error = %v, want it to wrap %v", err, tt.is)
			}
			if res == nil || len(res.Steps) != tt.steps {
				t.Fatalf("Run() applied %d steps before the error, want %d", len(res.Steps), tt.steps)
			}
			// Replaying the good steps gives the same state.
			sc.Script = sc.Script[:tt.steps]
			want, err := sc.Run(g)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(res.State.AppendEncoding(nil), want.State.AppendEncoding(nil)) {
				t.Error("the failing step changed the state")
			}
		})
	}
}

// TestScenarioChance checks chance forcing, answers from the seed, and
// stop_at_chance.
func TestScenarioChance(t *testing.T) {
	g := New()
	tests := []struct {
		name         string
		script       string
		stop         bool
		wantPending  string
		wantAnswers  []string
		wantAutoRoll bool
	}{
		{"forced success", `["move e","success"]`, false, "move", []string{"move e", "success"}, false},
		{"forced failure", `["move e","failure"]`, false, "move", []string{"move e", "failure"}, false},
		{"seat-checked chance", `["move e",{"answer":"failure","seat":-1}]`, false, "move", []string{"move e", "failure"}, false},
		{"trailing chance from seed", `["move e"]`, false, "move", nil, true},
		{"stop at chance", `["move e"]`, true, "roll", []string{"move e"}, false},
		{"chance from seed between steps", `["move e","move e"]`, false, "move", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := LoadScenario([]byte(scnBase("", tt.script)))
			if err != nil {
				t.Fatal(err)
			}
			sc.StopAtChance = tt.stop
			res, err := sc.Run(g)
			if err != nil {
				t.Fatal(err)
			}
			if got := res.State.Pending().Kind; got != tt.wantPending {
				t.Errorf("pending = %q, want %q", got, tt.wantPending)
			}
			var answers []string
			auto := false
			for _, st := range res.Steps {
				answers = append(answers, st.Answer)
				if st.Script < 0 {
					auto = true
					// An answer from the seed is engine.ChanceAnswer's.
					if st.Seat != engine.Chance {
						t.Errorf("step %+v: answered from the seed but not a chance decision", st)
					}
				}
			}
			if auto != tt.wantAutoRoll {
				t.Errorf("steps %v: answered from the seed = %t, want %t", answers, auto, tt.wantAutoRoll)
			}
			if tt.wantAnswers != nil && strings.Join(answers, "|") != strings.Join(tt.wantAnswers, "|") {
				t.Errorf("answers = %v, want %v", answers, tt.wantAnswers)
			}
		})
	}
}

// TestScenarioChanceFromSeed checks that an unforced chance decision is
// answered exactly as engine.ChanceAnswer(seed, steps, outcomes) answers it:
// a propagation roll, and the celebrity's step at the end of a cycle
// (REL-983, GAP-38).
func TestScenarioChanceFromSeed(t *testing.T) {
	g := New()
	tests := []struct {
		name, state, script, kind string
	}{
		{"roll", ``, `["move e"]`, "roll"},
		{"wander", `,"celebrity":{"kind":"vagrant","tile":"2,2"}`, `[{"answer":"move e","seat":1},"failure"]`, "wander"},
	}
	for _, tt := range tests {
		for seed := uint64(0); seed < 20; seed++ {
			data := scnBase(tt.state, tt.script)
			if tt.kind == "wander" {
				data = strings.Replace(data, `"active":0`, `"active":1`, 1)
			}
			data = strings.Replace(data, `"seed":7`, fmt.Sprintf(`"seed":%d`, seed), 1)
			sc, err := LoadScenario([]byte(data))
			if err != nil {
				t.Fatal(err)
			}
			sc.StopAtChance = true
			before, err := sc.Run(g)
			if err != nil {
				t.Fatal(err)
			}
			s := before.State
			if d := s.Pending(); d.Seat != engine.Chance || d.Kind != tt.kind || len(s.Chance()) == 0 {
				t.Fatalf("%s, seed %d: pending %q of seat %d with %d outcomes, want a %q chance decision", tt.name, seed, d.Kind, d.Seat, len(s.Chance()), tt.kind)
			}
			want := s.AnswerText(engine.ChanceAnswer(seed, s.Steps(), s.Chance()))
			sc.StopAtChance = false
			after, err := sc.Run(g)
			if err != nil {
				t.Fatal(err)
			}
			last := after.Steps[len(before.Steps)]
			if last.Script != -1 || last.Kind != tt.kind || last.Answer != want {
				t.Errorf("%s, seed %d: step %+v, want %q answered %q from the seed", tt.name, seed, last, tt.kind, want)
			}
		}
	}
}

// TestScenarioPhases enters every phase from a hand-written state.
func TestScenarioPhases(t *testing.T) {
	g := New()
	tests := []struct {
		name, state, want string
		wantActive        int
	}{
		{"start", ``, "move", 0},
		{"start of seat 1", `,"active":1`, "move", 1},
		{"move", `,"phase":"move"`, "move", 0},
		{"sprint", `,"phase":"sprint"`, "sprint", 0},
		{"extra move", `,"phase":"extra_move"`, "extra_move", 0},
		{"contact neutral", `,"phase":"contact"`, "roll", 0},
		{"interaction on a neutral tile", `,"phase":"interaction"`, "roll", 0},
		{"roll defaults", `,"phase":"roll"`, "roll", 0},
		{"wind", `,"phase":"wind","climate":"temperate"`, "wind", 0},
		{"wander", `,"phase":"wander","celebrity":{"kind":"thug","tile":"2,2"}`, "wander", 0},
		{"professor roll", `,"phase":"roll","celebrity":{"kind":"professor","tile":"2,2","briber":1},"roll":{"kind":"professor"}`, "roll", 0},
		{"over", `,"phase":"over","result":{"winner":0,"how":"social","ranking":[0,1]}`, "over", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sc, err := LoadScenario([]byte(scnBase(tt.state, "")))
			if err != nil {
				t.Fatal(err)
			}
			s, err := sc.Build(g)
			if err != nil {
				t.Fatal(err)
			}
			if got := s.Pending().Kind; got != tt.want {
				t.Errorf("pending = %q, want %q", got, tt.want)
			}
			if got := s.active(); got != tt.wantActive {
				t.Errorf("active = %d, want %d", got, tt.wantActive)
			}
			scnRoundTrip(t, g, s, sc.Seed)
		})
	}
}

// scnBase3 is a 3-player position with factions: Abukaros, a plain 9x9
// grass map, seat 0 at 4,4 holding 4 relics at stack 4, seats 1 and 2 in
// the corners, a Thug at 6,6, the police station at 2,2.
func scnBase3(state, script string) string {
	if script == "" {
		script = "[]"
	}
	return `{"format":"realigious-scenario/1","seed":3,"players":3,
"config":{"size":9,"climate":"tropical","seats":[{"religion":"islam","character":"explorer"},{"religion":"islam","character":"explorer"},{"religion":"hinduism","character":"explorer"}]},
"state":{"cards":"none","order":[0,1,2],"active":0,"factions":"none","god":"abukaros",
 "tiles":{"fill":{"terrain":"grass","structure":"none","owner":-1,"alloc":[10,20,30]},"set":[{"at":"2,2","structure":"police","alloc":[0,0,0]}]},
 "relics":[{"holder":0},{"holder":0},{"holder":0},{"holder":0},{"holder":1},{"tile":"7,1","seen":[2]}],
 "governments":{"police":{"tile":"2,2"}},
 "celebrity":{"kind":"thug","tile":"6,6","start":"4,4"},
 "players":[{"piece":"4,4","turns":2},{"piece":"0,8","turns":2,"reputation":40},{"piece":"8,0","turns":2}]` + state + `},
"script":` + script + `}`
}

// TestScenarioFactionState checks the faction fields of the state block:
// defaults, the designate phase (REL-929) and the round trip.
func TestScenarioFactionState(t *testing.T) {
	g := New()
	sc, err := LoadScenario([]byte(scnBase3(`,"phase":"designate"`, `["seat 1"]`)))
	if err != nil {
		t.Fatal(err)
	}
	s, err := sc.Build(g)
	if err != nil {
		t.Fatal(err)
	}
	scnRoundTrip(t, g, s, sc.Seed)
	if s.Pending().Kind != "designate" || s.designSeat != 0 || s.cont != contContact || s.cycleStage != stageNone {
		t.Errorf("designate: pending %q, design seat %d, cont %d, stage %d; want designate, 0, contact, none", s.Pending().Kind, s.designSeat, s.cont, s.cycleStage)
	}
	if s.players[0].buff != 4 || s.relicsHeld(0) != 4 || s.relicsHeld(1) != 1 {
		t.Errorf("relic_buff defaults to the relics held: buff %d, held %d/%d", s.players[0].buff, s.relicsHeld(0), s.relicsHeld(1))
	}
	if r := s.relics[5]; int(r.tile) != s.geo.index(7, 1) || r.holder != -1 || !r.seen.Has(2) || r.seen.Has(0) || !r.counts {
		t.Errorf("relic 5 = %+v, want on 7,1, seen by seat 2 only", r)
	}
	if g := s.govs[targetPolice]; int(g.tile) != s.geo.index(2, 2) || g.briber != -1 || s.govs[targetOffice].tile != -1 {
		t.Errorf("governments = %+v", s.govs)
	}
	res, err := sc.Run(g)
	if err != nil {
		t.Fatal(err)
	}
	// Seat 1 is at 40% reputation: its relic moves to seat 0, who then holds
	// 5 and wins (REL-929, REL-930).
	if msgs := sc.Check(res, nil); len(msgs) > 0 {
		t.Error(msgs)
	}
	if res.State.phase != phaseOver || res.State.how != "mystic" || res.State.relicsHeld(0) != 5 {
		t.Errorf("after the theft: phase %s, how %q, seat 0 holds %d", phaseKinds[res.State.phase], res.State.how, res.State.relicsHeld(0))
	}

	// A designation at the end of a cycle (the Archaeologist's) resumes the
	// cycle: its defaults are the celebrity's briber and the wind stage.
	sc, err = LoadScenario([]byte(scnBase3(`,"phase":"designate","cont":"cycle","celebrity":{"kind":"archaeologist","briber":0}`, "")))
	if err != nil {
		t.Fatal(err)
	}
	if s, err = sc.Build(g); err != nil {
		t.Fatal(err)
	}
	if s.designSeat != 0 || s.cont != contCycle || s.cycleStage != stageWind || s.celeb.bribes != 1 {
		t.Errorf("designate at the end of a cycle: design seat %d, cont %d, stage %d, bribes %d", s.designSeat, s.cont, s.cycleStage, s.celeb.bribes)
	}
	scnRoundTrip(t, g, s, sc.Seed)
}

// TestScenarioRollDefaults checks that a pending roll without terms gets the
// rules' arithmetic (REL-425, REL-427, REL-426).
func TestScenarioRollDefaults(t *testing.T) {
	g := New()
	sc, err := LoadScenario([]byte(strings.Replace(scnBase(`,"phase":"roll"`, ""), `"piece":"4,4","turns":2}`,
		`"piece":"4,4","turns":2,"propagation_correction":2,"followers":300}`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	s, err := sc.Build(g)
	if err != nil {
		t.Fatal(err)
	}
	if s.roll.kind != rollPropagation || s.roll.r != 50+20+3 || int(s.roll.tile) != s.geo.index(4, 4) {
		t.Errorf("roll = %+v, want a propagation roll of 73 on 4,4", s.roll)
	}
}

// TestScenarioJSON checks the output of "tabletop scenario run".
func TestScenarioJSON(t *testing.T) {
	g := New()
	sc, err := LoadScenario([]byte(scnBase("", `["move e","success"]`)))
	if err != nil {
		t.Fatal(err)
	}
	res, err := sc.Run(g)
	if err != nil {
		t.Fatal(err)
	}
	t.Run("all", func(t *testing.T) {
		b, err := res.JSON(0, true)
		if err != nil {
			t.Fatal(err)
		}
		var out struct {
			Events   []map[string]any    `json:"events"`
			Steps    []RunStep           `json:"steps"`
			Decision engine.DecisionJSON `json:"decision"`
			State    ScenarioState       `json:"state"`
		}
		if err := json.Unmarshal(b, &out); err != nil {
			t.Fatal(err)
		}
		if len(out.Events) != len(res.Events) || len(out.Steps) != 2 || out.Decision.Kind != "move" {
			t.Errorf("JSON(all) = %d events, %d steps, decision %q; want %d, 2, \"move\"", len(out.Events), len(out.Steps), out.Decision.Kind, len(res.Events))
		}
		// The state block is a complete snapshot: it rebuilds the state.
		back := &Scenario{Format: ScenarioFormat, Players: 2, Config: json.RawMessage(`{"size":9}`), State: &out.State}
		s2, err := back.Build(g)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(s2.AppendEncoding(nil), res.State.AppendEncoding(nil)) {
			t.Error("the state block of JSON(all) does not rebuild the state")
		}
	})
	t.Run("seat", func(t *testing.T) {
		for _, seat := range []engine.Seat{0, 1, engine.Spectator} {
			b, err := res.JSON(seat, false)
			if err != nil {
				t.Fatal(err)
			}
			var out map[string]json.RawMessage
			if err := json.Unmarshal(b, &out); err != nil {
				t.Fatal(err)
			}
			if len(out) != 2 || out["events"] == nil || out["view"] == nil {
				t.Errorf("JSON(%d) keys = %v, want events and view", seat, out)
			}
			if bytes.Contains(b, []byte(`"rng"`)) {
				t.Errorf("JSON(%d) leaks the PRNG state", seat)
			}
		}
		if _, err := res.JSON(2, false); err == nil {
			t.Error("JSON(2) of a 2-player match: no error")
		}
	})
}

// TestScenarioCheck checks the expectation messages.
func TestScenarioCheck(t *testing.T) {
	g := New()
	tests := []struct {
		name, expect string
		want         []string
	}{
		{"all hold", `{"players":[{"seat":0,"reputation":50,"piece":"5,4","propagation_correction":0}],"tiles":[{"at":"5,4","owner":0}],"pending":"move","active":1,"events":["turn","propagation","owner","turn"],"rolls":[{"kind":"propagation","r":50,"roll":"success","gains":[10,20,30]}]}`, nil},
		{"player", `{"players":[{"seat":0,"reputation":46,"piece":"4,4"}]}`, []string{"players[0].reputation = 50, want 46", "players[0].piece = 5,4, want 4,4"}},
		{"tile", `{"tiles":[{"at":"5,4","owner":-1}]}`, []string{"tiles[5,4].owner = 0, want -1"}},
		{"pending and active", `{"pending":"roll","active":0}`, []string{`pending = "move", want "roll"`, "active = 1, want 0"}},
		{"result in play", `{"result":{"winner":0}}`, []string{`result: the match is not over (pending "move")`}},
		{"events order", `{"events":["owner","propagation"]}`, []string{`events: "propagation" (events[1]) not found in order`}},
		{"roll", `{"rolls":[{"r":60},{"r":50}]}`, []string{"rolls[0].r = 50, want 60", "rolls[1]: only 1 rolls happened"}},
		{"error expected", `{"error":"boom"}`, []string{`error = nil, want an error containing "boom"`}},
		{"view", `{"views":[{"seat":1,"at":"5,4","visible":false,"memory":"revealed","owner":0}]}`, []string{"views[0] (seat 1, tile 5,4).visible = true, want false"}},
		{"factions hold", `{"players":[{"seat":0,"relics":0,"relic_buff":0,"skip_next":false}],"factions":{"relics":[],"relics_on_map":0,"relics_collected":0,"celebrity":{"tile":null,"briber":-1,"bribes":0},"governments":{"police":{"briber":-1,"bribes":0}}}}`, nil},
		{"factions", `{"players":[{"seat":0,"relics":1,"relic_buff":2}],"factions":{"relics":[{"holder":0}],"celebrity":{"tile":"4,4"},"governments":{"military":{"briber":0}}}}`,
			[]string{"players[0].relics = 0, want 1", "players[0].relic_buff = 0, want 2", "factions.relics[0]: the match has 0 relics", "factions.governments.military.briber = -1, want 0", "factions.celebrity.tile = null, want 4,4"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := strings.Replace(scnBase("", `["move e","success"]`), `"script":`, `"expect":`+tt.expect+`,"script":`, 1)
			sc, err := LoadScenario([]byte(data))
			if err != nil {
				t.Fatal(err)
			}
			res, err := sc.Run(g)
			got := sc.Check(res, err)
			if len(got) != len(tt.want) {
				t.Fatalf("Check() = %q, want %d messages %q", got, len(tt.want), tt.want)
			}
			for i := range got {
				if !strings.Contains(got[i], tt.want[i]) {
					t.Errorf("Check()[%d] = %q, want it to contain %q", i, got[i], tt.want[i])
				}
			}
		})
	}
}

// TestScenarioScriptStepJSON checks both forms of a script entry.
func TestScenarioScriptStepJSON(t *testing.T) {
	seat := 1
	tests := []struct {
		in, out string
		want    ScriptStep
	}{
		{`"move e"`, `"move e"`, ScriptStep{Answer: "move e"}},
		{`{"answer":"dispute","seat":1}`, `{"answer":"dispute","seat":1}`, ScriptStep{Answer: "dispute", Seat: &seat}},
		{`{"answer":"success"}`, `"success"`, ScriptStep{Answer: "success"}},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			var got ScriptStep
			if err := json.Unmarshal([]byte(tt.in), &got); err != nil {
				t.Fatal(err)
			}
			if got.Answer != tt.want.Answer || (got.Seat == nil) != (tt.want.Seat == nil) || got.Seat != nil && *got.Seat != *tt.want.Seat {
				t.Errorf("Unmarshal(%s) = %+v, want %+v", tt.in, got, tt.want)
			}
			b, err := json.Marshal(got)
			if err != nil || string(b) != tt.out {
				t.Errorf("Marshal() = %s, %v; want %s", b, err, tt.out)
			}
		})
	}
}

// TestScenarioCoversStateFields fails when a field is added to the state
// without a place in the scenario format, so that "any reachable position is
// expressible" stays true: add the field to ScenarioState (scnBuilder),
// Snapshot and docs/scenarios.md, then list it here.
func TestScenarioCoversStateFields(t *testing.T) {
	covered := map[string][]string{
		"State": {"p", "geo", "events", // not state: rules, geometry, the event buffer
			"climate", "size", "cycleLimit", "tiles", "players", "order", "turnIdx", "cycle", "night",
			"squall", "squallSkip", "wind", "blocked", "phase", "roll", "relocSeat", "defeats",
			"revealed", "known", "rng", "steps", "turns", "winner", "how", "ranking",
			"cycleStage", "cont", "designSeat", "god", "relics", "govs", "celeb", "relicsCollected",
			"defs", "running", "effN", "effMask", "nDead", // not state: the card definitions, a transient flag, counts derived from effects
			"zones", "effects", "frames", "opts", "ask", "cancelled", "chain", "chainHit", "marks",
			"noCards"}, // in the config (no_cards), which SnapshotScenario writes
		"player": {"religion", "character", "rep", "res", "pos", "prev", "start", "propCorr", "combatCorr",
			"defCorr", "defeated", "defeatRank", "bonusUsed", "turns", "extraUsed", "returnAtEnd", "onStart",
			"skipNext", "buff", "run", "nightEye", "clairvoyance", "middleWay", "inshallah", "secretArt", "extraTurns"},
		"Tile":      {"Terrain", "Structure", "Church", "Owner", "Claimed", "Alloc"},
		"roll":      {"kind", "seat", "defender", "tile", "r1", "r2", "r", "r1Terms", "r2Terms", "force", "lose", "followers"},
		"relic":     {"tile", "holder", "eye", "seen", "counts", "moved"},
		"gov":       {"tile", "briber", "bribes"},
		"celebrity": {"kind", "pos", "start", "briber", "bribes"},
	}
	for _, v := range []any{State{}, player{}, Tile{}, roll{}, relic{}, gov{}, celebrity{}} {
		typ := reflect.TypeOf(v)
		for i := range typ.NumField() {
			name := typ.Field(i).Name
			if !slices.Contains(covered[typ.Name()], name) {
				t.Errorf("%s.%s has no place in the scenario format: add it to ScenarioState, Snapshot and docs/scenarios.md", typ.Name(), name)
			}
		}
	}
}
