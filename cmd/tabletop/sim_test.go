package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tabletop/bots"
	"tabletop/engine"
	"tabletop/games/realigious"
)

// smallConfig keeps simulated matches short.
const smallConfig = `{"size":9,"cycle_limit":20}`

func simJSON(t *testing.T, args ...string) map[string]any {
	t.Helper()
	code, stdout, stderr := runCmd(t, "", append([]string{"sim", "-json"}, args...)...)
	if code != exitOK {
		t.Fatalf("sim %q = %d, want 0; stderr:\n%s", args, code, stderr)
	}
	var got map[string]any
	dec := json.NewDecoder(strings.NewReader(stdout))
	dec.UseNumber()
	if err := dec.Decode(&got); err != nil {
		t.Fatalf("sim -json stdout is not one JSON object: %v\n%s", err, stdout)
	}
	if dec.More() {
		t.Fatalf("sim -json stdout holds more than one JSON value:\n%s", stdout)
	}
	return got
}

func TestSimJSONSchema(t *testing.T) {
	const games, players = 12, 4
	got := simJSON(t, "-game", "realigious", "-players", fmt.Sprint(players), "-games", fmt.Sprint(games),
		"-seed", "7", "-workers", "2", "-config", smallConfig)

	wantKeys := []string{"game", "players", "games", "seed", "workers", "wins_by_victory", "draws",
		"wins_by_seat", "wins_by_religion", "wins_by_character", "avg_turns", "avg_cycles",
		"elapsed_seconds", "games_per_second", "faction_uses",
		// The balance lab's additions.
		"player_counts", "config", "params_hash", "params", "bots", "rotate", "wins_by_bot",
		"win_rates", "victory_types", "game_length",
		// Trait slots and cards (issue #4, #7).
		"traits", "card_uses", "card_wins"}
	if keys := slices.Sorted(maps.Keys(got)); !slices.Equal(keys, slices.Sorted(slices.Values(wantKeys))) {
		t.Errorf("sim -json keys = %v, want exactly %v", keys, wantKeys)
	}
	if got["game"] != "realigious" {
		t.Errorf(`"game" = %v, want "realigious"`, got["game"])
	}
	for key, want := range map[string]string{"players": "4", "games": "12", "seed": "7", "workers": "2"} {
		if fmt.Sprint(got[key]) != want {
			t.Errorf("%q = %v, want %s", key, got[key], want)
		}
	}
	checkCounts := func(key string, names []string) int {
		t.Helper()
		m, ok := got[key].(map[string]any)
		if !ok {
			t.Errorf("%q = %T, want an object", key, got[key])
			return 0
		}
		if keys := slices.Sorted(maps.Keys(m)); !slices.Equal(keys, slices.Sorted(slices.Values(names))) {
			t.Errorf("%q keys = %v, want exactly %v", key, keys, names)
		}
		sum := 0
		for _, v := range m {
			n, err := v.(json.Number).Int64()
			if err != nil || n < 0 {
				t.Errorf("%q holds %v, want counts", key, v)
			}
			sum += int(n)
		}
		return sum
	}
	// REL-965, REL-984, REL-901: bribes per structure and celebrity type, relics collected.
	checkCounts("faction_uses", []string{"office", "police", "military", "professor", "vagrant", "archaeologist", "thug", "relics_collected"})
	g := realigious.New()
	wins := checkCounts("wins_by_victory", []string{"religious", "social", "mystic", "survival", "ranked"})
	draws, _ := got["draws"].(json.Number).Int64()
	if wins+int(draws) != games {
		t.Errorf("wins %d + draws %d = %d, want %d games", wins, draws, wins+int(draws), games)
	}
	if n := checkCounts("wins_by_religion", g.Religions()); n != wins {
		t.Errorf("wins_by_religion adds up to %d, want %d wins", n, wins)
	}
	if n := checkCounts("wins_by_character", g.Characters()); n != wins {
		t.Errorf("wins_by_character adds up to %d, want %d wins", n, wins)
	}
	for _, name := range []string{"christianity", "buddhism", "hinduism", "islam", "businessman", "religionist", "fortune_teller", "explorer"} {
		if !slices.Contains(g.Religions(), name) && !slices.Contains(g.Characters(), name) {
			t.Errorf("%q is neither a religion nor a character", name)
		}
	}
	seats, ok := got["wins_by_seat"].([]any)
	if !ok || len(seats) != players {
		t.Errorf("wins_by_seat = %v, want %d counts", got["wins_by_seat"], players)
	}
	for _, key := range []string{"avg_turns", "avg_cycles", "elapsed_seconds", "games_per_second"} {
		f, err := got[key].(json.Number).Float64()
		if err != nil || f <= 0 {
			t.Errorf("%q = %v, want a positive number", key, got[key])
		}
	}
	if c, _ := got["avg_cycles"].(json.Number).Float64(); c > 20 {
		t.Errorf("avg_cycles = %v, want at most the cycle limit 20", c)
	}

	// The balance lab's additions.
	if got["params_hash"] != g.ParamsHash() {
		t.Errorf(`"params_hash" = %v, want %s`, got["params_hash"], g.ParamsHash())
	}
	if p, ok := got["params"].(map[string]any); !ok || fmt.Sprint(p["cycle_limit"]) != fmt.Sprint(g.Params().CycleLimit) {
		t.Errorf(`"params" = %v, want the rules values (cycle_limit %d)`, got["params"], g.Params().CycleLimit)
	}
	if fmt.Sprint(got["bots"]) != "[random random random random]" || got["rotate"] != true {
		t.Errorf(`"bots" = %v, "rotate" = %v, want four random bots, rotated`, got["bots"], got["rotate"])
	}
	if fmt.Sprint(got["player_counts"]) != "[4]" {
		t.Errorf(`"player_counts" = %v, want [4]`, got["player_counts"])
	}
	if n := checkCounts("wins_by_bot", []string{"random"}); n != wins {
		t.Errorf("wins_by_bot adds up to %d, want %d wins", n, wins)
	}
	rates, ok := got["win_rates"].(map[string]any)
	if !ok {
		t.Fatalf(`"win_rates" = %T, want an object`, got["win_rates"])
	}
	if keys := slices.Sorted(maps.Keys(rates)); !slices.Equal(keys, []string{"bot", "character", "climate", "players", "preset", "religion", "seat"}) {
		t.Errorf("win_rates keys = %v", keys)
	}
	// Per-appearance tables: one row per name, wins add up to the wins,
	// appearances to games × players.
	for key, names := range map[string][]string{
		"religion": g.Religions(), "character": g.Characters(), "seat": {"0", "1", "2", "3"}, "bot": {"random"},
		"preset": {"religious", "social", "mystic", "random"},
	} {
		rows := checkRates(t, "win_rates."+key, rates[key], true)
		var gotNames []string
		w, n := 0, 0
		for _, r := range rows {
			gotNames = append(gotNames, r.Name)
			w += r.Wins
			n += r.Games
		}
		if !slices.Equal(gotNames, names) {
			t.Errorf("win_rates.%s names = %v, want %v", key, gotNames, names)
		}
		if w != wins || n != games*players {
			t.Errorf("win_rates.%s: %d wins in %d appearances, want %d in %d", key, w, n, wins, games*players)
		}
	}
	// Per-game tables: wins are decided games.
	for _, key := range []string{"players", "climate"} {
		rows := checkRates(t, "win_rates."+key, rates[key], false)
		w, n := 0, 0
		for _, r := range rows {
			w += r.Wins
			n += r.Games
		}
		if w != wins || n != games {
			t.Errorf("win_rates.%s: %d wins in %d games, want %d in %d", key, w, n, wins, games)
		}
	}
	if rows := checkRates(t, "win_rates.players", rates["players"], false); len(rows) != 1 || rows[0].Name != "4" {
		t.Errorf("win_rates.players = %+v, want one row for 4", rows)
	}
	vt := checkRates(t, "victory_types", got["victory_types"], false)
	var vnames []string
	vsum := 0
	for _, r := range vt {
		vnames = append(vnames, r.Name)
		vsum += r.Wins
		if r.Games != games {
			t.Errorf("victory_types %s: games = %d, want %d", r.Name, r.Games, games)
		}
	}
	if !slices.Equal(vnames, []string{"religious", "social", "mystic", "survival", "ranked", "draw"}) || vsum != games {
		t.Errorf("victory_types = %v adding up to %d, want every kind then draw, adding up to %d", vnames, vsum, games)
	}
	gl, ok := got["game_length"].(map[string]any)
	if !ok {
		t.Fatalf(`"game_length" = %T, want an object`, got["game_length"])
	}
	var q []int
	for _, k := range []string{"min", "p25", "median", "p75", "max"} {
		n, err := gl[k].(json.Number).Int64()
		if err != nil {
			t.Errorf("game_length.%s = %v, want an integer", k, gl[k])
		}
		q = append(q, int(n))
	}
	if !slices.IsSorted(q) || q[0] <= 0 {
		t.Errorf("game_length min, p25, median, p75, max = %v, want positive and ascending", q)
	}
	hist, _ := gl["histogram"].([]any)
	hsum := 0
	for _, b := range hist {
		n, _ := b.(map[string]any)["games"].(json.Number).Int64()
		hsum += int(n)
	}
	if len(hist) == 0 || hsum != games {
		t.Errorf("game_length.histogram = %v, want bins adding up to %d games", hist, games)
	}
	if gl["unit"] != "turns" {
		t.Errorf("game_length.unit = %v, want turns", gl["unit"])
	}
	// Random bots play random legal slots (the default -traits auto).
	if rows := checkRates(t, "win_rates.preset", rates["preset"], true); len(rows) == 4 && rows[3].Games != games*players {
		t.Errorf("win_rates.preset = %+v, want every appearance on a random slot", rows)
	}
	if fmt.Sprint(got["traits"]) != "[auto auto auto auto]" {
		t.Errorf(`"traits" = %v, want auto for every seat`, got["traits"])
	}
	// CARD-001-084: every card has a count, zeros included; card_wins
	// repeats the counts, one row per card in catalogue order.
	uses := checkCounts("card_uses", g.CardKeys())
	if uses == 0 {
		t.Errorf("card_uses add up to 0 in %d random games with random slots", games)
	}
	cw := decodeCardWins(t, got["card_wins"])
	if len(cw) != realigious.NumCards {
		t.Fatalf("card_wins has %d rows, want %d", len(cw), realigious.NumCards)
	}
	cu := got["card_uses"].(map[string]any)
	for i, c := range cw {
		if want := g.CardKeys()[i]; c.Card != want {
			t.Errorf("card_wins[%d].card = %s, want %s", i, c.Card, want)
		}
		if n, _ := cu[c.Card].(json.Number).Int64(); int(n) != c.Uses {
			t.Errorf("card_wins %s: uses %d, card_uses %d", c.Card, c.Uses, n)
		}
		if c.Name != g.CardName(c.Card) || c.Name == "" {
			t.Errorf("card_wins %s: name %q, want %q", c.Card, c.Name, g.CardName(c.Card))
		}
		if (c.Uses > 0) != (c.Used.Games > 0) || c.Used.Games > c.Uses {
			t.Errorf("card_wins %s: %d uses by %d seats", c.Card, c.Uses, c.Used.Games)
		}
		if c.Used.Games+c.Unused.Games > games*players {
			t.Errorf("card_wins %s: %d + %d seats, more than the %d appearances", c.Card, c.Used.Games, c.Unused.Games, games*players)
		}
		// Every seat's deck either held a drawn card or did not; awarded cards are never held.
		held, awarded := c.Held.Games+c.NotHeld.Games, slices.Contains(g.AwardedCards(), c.Card)
		if (awarded && held != 0) || (!awarded && held != games*players) {
			t.Errorf("card_wins %s: held by %d + not by %d seats, want %d (awarded: %v)", c.Card, c.Held.Games, c.NotHeld.Games, games*players, awarded)
		}
	}
}

// rateRowJSON is a win-rate row as the JSON holds it.
type rateRowJSON struct {
	Name   string   `json:"name"`
	Wins   int      `json:"wins"`
	Games  int      `json:"games"`
	Rate   float64  `json:"rate"`
	CILow  float64  `json:"ci_low"`
	CIHigh float64  `json:"ci_high"`
	Fair   *float64 `json:"fair"`
}

// checkRates decodes a table of win-rate rows and checks each row's
// arithmetic: rate = wins/games inside its interval, within [0, 1].
func checkRates(t *testing.T, key string, v any, fair bool) []rateRowJSON {
	t.Helper()
	b, _ := json.Marshal(v)
	var rows []rateRowJSON
	if err := json.Unmarshal(b, &rows); err != nil || rows == nil {
		t.Errorf("%s = %s, want a list of rows: %v", key, b, err)
		return nil
	}
	for _, r := range rows {
		if r.Wins < 0 || r.Wins > r.Games {
			t.Errorf("%s %s: %d wins of %d", key, r.Name, r.Wins, r.Games)
		}
		if r.Games > 0 && math.Abs(r.Rate-float64(r.Wins)/float64(r.Games)) > 1e-6 {
			t.Errorf("%s %s: rate %v, want %d/%d", key, r.Name, r.Rate, r.Wins, r.Games)
		}
		if !(0 <= r.CILow && r.CILow <= r.Rate && r.Rate <= r.CIHigh && r.CIHigh <= 1) {
			t.Errorf("%s %s: rate %v outside [%v, %v] or [0, 1]", key, r.Name, r.Rate, r.CILow, r.CIHigh)
		}
		if fair != (r.Fair != nil) && r.Games > 0 {
			t.Errorf("%s %s: fair = %v, want it present: %v", key, r.Name, r.Fair, fair)
		}
	}
	return rows
}

func TestSimDeterministicAcrossWorkers(t *testing.T) {
	args := []string{"-players", "3", "-games", "24", "-seed", "99", "-config", smallConfig}
	one := simJSON(t, append(args, "-workers", "1")...)
	three := simJSON(t, append(args, "-workers", "3")...)
	for _, m := range []map[string]any{one, three} {
		delete(m, "workers")
		delete(m, "elapsed_seconds")
		delete(m, "games_per_second")
	}
	a, _ := json.Marshal(one)
	b, _ := json.Marshal(three)
	if string(a) != string(b) {
		t.Errorf("sim -workers 1 and -workers 3 differ:\n%s\n%s", a, b)
	}
	other := simJSON(t, "-players", "3", "-games", "24", "-seed", "100", "-config", smallConfig)
	delete(other, "workers")
	delete(other, "elapsed_seconds")
	delete(other, "games_per_second")
	if c, _ := json.Marshal(other); string(c) == string(a) {
		t.Errorf("sim -seed 99 and -seed 100 gave identical results %s; seeds are not used", a)
	}
}

func TestSimSummary(t *testing.T) {
	code, stdout, stderr := runCmd(t, "", "sim", "-players", "2", "-games", "5", "-config", smallConfig)
	if code != exitOK {
		t.Fatalf("sim = %d, want 0; stderr:\n%s", code, stderr)
	}
	for _, want := range []string{"realigious: 5 games, 2 players", "victories:", "by seat:", "by religion:", "by character:", "average:"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("sim summary lacks %q:\n%s", want, stdout)
		}
	}
	if stderr != "" {
		t.Errorf("sim wrote to stderr, which is not a terminal: %q", stderr)
	}
}

func TestSimBadFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string // in stderr
	}{
		{"unknown flag", []string{"-bogus"}, "flag provided but not defined: -bogus"},
		{"bad number", []string{"-games", "many"}, "-games"},
		{"no games", []string{"-games", "0"}, "-games 0"},
		{"no workers", []string{"-workers", "0"}, "-workers 0"},
		{"too many players", []string{"-players", "9"}, "-players 9"},
		{"too few players", []string{"-players", "1"}, "-players 1"},
		{"unknown game", []string{"-game", "chess"}, `unknown game "chess"`},
		{"bad config JSON", []string{"-config", "{bad"}, "-config"},
		{"bad config value", []string{"-config", `{"size":3}`}, "size 3"},
		{"unknown config field", []string{"-config", `{"colour":"red"}`}, "colour"},
		{"extra argument", []string{"now"}, `unexpected argument "now"`},
		{"players not a number", []string{"-players", "two"}, `-players "two"`},
		{"players listed twice", []string{"-players", "2,3,2"}, "2 is listed twice"},
		{"a listed count out of range", []string{"-players", "2,5"}, "-players 5"},
		{"wrong bot count", []string{"-players", "3", "-bots", "random,random"}, "-bots: 2 bots for 3 players"},
		{"bots for the largest count", []string{"-players", "2,4", "-bots", "random,random"}, "2 bots for 4 players"},
		{"unknown bot", []string{"-bots", "grandmaster"}, `unknown bot "grandmaster"`},
		{"missing rules file", []string{"-rules", "/nonexistent/rules.json"}, "-rules"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(t, "", append([]string{"sim"}, tt.args...)...)
			if code != exitUsage {
				t.Errorf("sim %q = %d, want %d", tt.args, code, exitUsage)
			}
			if !strings.HasPrefix(stderr, "tabletop: sim: ") || !strings.Contains(stderr, tt.want) {
				t.Errorf("sim %q stderr = %q, want tabletop: sim: ... %s", tt.args, stderr, tt.want)
			}
			if stdout != "" {
				t.Errorf("sim %q stdout = %q, want nothing", tt.args, stdout)
			}
		})
	}
}

// TestSimGameIsAMatch checks that a simulated game is the match an
// engine.Match plays with the same seed, bots and chance answers, so that
// any sim game can be replayed.
func TestSimGameIsAMatch(t *testing.T) {
	g := realigious.New()
	norm, err := g.NormalizeConfig([]byte(smallConfig), 3)
	if err != nil {
		t.Fatal(err)
	}
	plan := &simPlan{game: g, counts: []int{3}, configs: map[int][]byte{3: norm},
		lineup: []string{"random", "random", "random"}, traits: []string{"auto", "auto", "auto"}, rotate: true, seed: 1}
	for i := range 3 {
		seed := gameSeed(1, i)
		config, slots, err := plan.gameSetup(i)
		if err != nil || fmt.Sprint(slots) != "[random random random]" {
			t.Fatalf("gameSetup(%d) = %v, %v; want random slots", i, slots, err)
		}
		o := playRandom(g, config, 3, seed)
		if o.err != nil {
			t.Fatalf("playRandom(seed %d): %v", seed, o.err)
		}
		m := playMatch(t, g, string(config), 3, seed)
		if got, want := fmt.Sprint(m.State().Result()), fmt.Sprint(o.result); got != want {
			t.Errorf("game %d: Match result %s, sim result %s", i, got, want)
		}
		if got := m.State().(*realigious.State).Turns(); got != o.turns {
			t.Errorf("game %d: Match played %d turns, sim %d", i, got, o.turns)
		}
	}
}

// playMatch plays a match between random bots to its end, as sim does.
func playMatch(t *testing.T, g engine.Game, config string, seats int, seed uint64) *engine.Match {
	t.Helper()
	m, err := engine.NewMatch(g, []byte(config), seats, seed)
	if err != nil {
		t.Fatal(err)
	}
	players := make([]bots.Bot, seats)
	for i := range players {
		players[i] = bots.NewRandom(seed, engine.Seat(i))
	}
	for !m.State().Terminal() {
		st := m.State()
		d := st.Pending()
		if d.Seat == engine.Chance {
			_, err = m.ResolveChance()
		} else {
			_, err = m.Apply(players[d.Seat].Step(bots.Observation{Seat: d.Seat, Legal: st.Legal(nil)}))
		}
		if err != nil {
			t.Fatalf("step %d: %v", m.Steps()+1, err)
		}
	}
	return m
}

// TestSimRules plays under a rules file and reports its hash and values;
// a bad file is a usage error naming it.
func TestSimRules(t *testing.T) {
	dir := t.TempDir()
	var params map[string]any
	if err := json.Unmarshal(realigious.DefaultRulesJSON(), &params); err != nil {
		t.Fatal(err)
	}
	params["start_reputation"] = 60
	data, _ := json.Marshal(params)
	file := filepath.Join(dir, "rules.json")
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	p, err := realigious.ParseParams(data)
	if err != nil {
		t.Fatal(err)
	}
	want := realigious.NewWithParams(p).ParamsHash()
	if want == realigious.New().ParamsHash() {
		t.Fatalf("changed rules have the default hash %s", want)
	}
	got := simJSON(t, "-players", "2", "-games", "4", "-config", smallConfig, "-rules", file)
	if got["params_hash"] != want || got["rules"] != file {
		t.Errorf(`"params_hash" = %v, "rules" = %v, want %s and %s`, got["params_hash"], got["rules"], want, file)
	}
	if v := got["params"].(map[string]any)["start_reputation"]; fmt.Sprint(v) != "60" {
		t.Errorf(`"params".start_reputation = %v, want 60`, v)
	}

	bad := filepath.Join(dir, "bad.json")
	if err := os.WriteFile(bad, []byte(`{"start_reputation": 60}`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCmd(t, "", "sim", "-games", "1", "-rules", bad)
	if code != exitUsage || stdout != "" || !strings.Contains(stderr, "tabletop: sim: -rules "+bad) || !strings.Contains(stderr, "missing field") {
		t.Errorf("sim -rules (incomplete file) = %d, stdout %q, stderr %q; want a usage error naming the file and the problem", code, stdout, stderr)
	}
}

// TestSimRotation checks the seat plan: every bot plays every seat at every
// seat count, and -rotate=false keeps the line-up.
func TestSimRotation(t *testing.T) {
	p := &simPlan{counts: []int{3}, lineup: []string{"a", "b", "c"}, rotate: true}
	for i, want := range []string{"a b c", "b c a", "c a b", "a b c"} {
		if got := strings.Join(p.botsFor(i), " "); got != want {
			t.Errorf("counts [3], game %d: bots %q, want %q", i, got, want)
		}
	}
	p = &simPlan{counts: []int{2, 3}, lineup: []string{"a", "b", "c"}, rotate: true}
	for i, want := range []string{"a b", "a b c", "b c", "b c a", "c a", "c a b", "a b"} {
		if got := strings.Join(p.botsFor(i), " "); got != want {
			t.Errorf("counts [2 3], game %d: bots %q, want %q", i, got, want)
		}
	}
	seen := map[string]bool{}
	for i := range len(p.counts) * len(p.lineup) {
		for s, b := range p.botsFor(i) {
			seen[fmt.Sprint(p.playersFor(i), s, b)] = true
		}
	}
	if len(seen) != 2*3+3*3 { // 2 seats × 3 bots at 2 players, 3 × 3 at 3
		t.Errorf("one round of games covers %d (players, seat, bot) triples, want 15", len(seen))
	}
	p.rotate = false
	for i := range 4 {
		if got, want := strings.Join(p.botsFor(i), " "), []string{"a b", "a b c"}[i%2]; got != want {
			t.Errorf("fixed seats, game %d: bots %q, want %q", i, got, want)
		}
	}
}

// TestSimMixedPlayers alternates seat counts and reports by count.
func TestSimMixedPlayers(t *testing.T) {
	args := []string{"-players", "2,3", "-games", "10", "-seed", "5", "-config", smallConfig, "-bots", "random,random,random"}
	got := simJSON(t, append(args, "-workers", "1")...)
	if fmt.Sprint(got["player_counts"]) != "[2 3]" || fmt.Sprint(got["players"]) != "3" {
		t.Errorf(`"player_counts" = %v, "players" = %v, want [2 3] and 3`, got["player_counts"], got["players"])
	}
	if seats, _ := got["wins_by_seat"].([]any); len(seats) != 3 {
		t.Errorf("wins_by_seat = %v, want 3 counts", got["wins_by_seat"])
	}
	rates := got["win_rates"].(map[string]any)
	rows := checkRates(t, "win_rates.players", rates["players"], false)
	if len(rows) != 2 || rows[0].Name != "2" || rows[0].Games != 5 || rows[1].Name != "3" || rows[1].Games != 5 {
		t.Errorf("win_rates.players = %+v, want 5 games each of 2 and 3", rows)
	}
	seat := checkRates(t, "win_rates.seat", rates["seat"], true)
	if len(seat) != 3 || seat[0].Games != 10 || seat[2].Games != 5 {
		t.Errorf("win_rates.seat = %+v, want seats 0 and 1 in 10 games, seat 2 in 5", seat)
	}
	if f := *seat[2].Fair; math.Abs(f-1.0/3) > 1e-6 {
		t.Errorf("seat 2 fair rate = %v, want 1/3 (it plays only 3-player games)", f)
	}
	if f := *seat[0].Fair; math.Abs(f-(0.5+1.0/3)/2) > 1e-6 {
		t.Errorf("seat 0 fair rate = %v, want the mean of 1/2 and 1/3", f)
	}
	// Deterministic whatever the workers.
	other := simJSON(t, append(args, "-workers", "4")...)
	for _, m := range []map[string]any{got, other} {
		delete(m, "workers")
		delete(m, "elapsed_seconds")
		delete(m, "games_per_second")
	}
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(other)
	if string(a) != string(b) {
		t.Errorf("-workers 1 and 4 differ:\n%s\n%s", a, b)
	}
}

func TestWilson(t *testing.T) {
	tests := []struct {
		wins, n int
		lo, hi  float64
	}{
		{0, 10, 0, 0.2775},
		{5, 10, 0.2366, 0.7634},
		{10, 10, 0.7225, 1},
		{50, 100, 0.4038, 0.5962},
		{0, 0, 0, 1},
	}
	for _, tt := range tests {
		lo, hi := wilson(tt.wins, tt.n)
		if math.Abs(lo-tt.lo) > 5e-5 || math.Abs(hi-tt.hi) > 5e-5 {
			t.Errorf("wilson(%d, %d) = [%.4f, %.4f], want [%.4f, %.4f]", tt.wins, tt.n, lo, hi, tt.lo, tt.hi)
		}
	}
}

func TestSummarizeLengths(t *testing.T) {
	st := summarizeLengths([]int{40, 10, 20, 30, 50, 60, 70, 80, 90, 100})
	if got := []int{st.Min, st.P25, st.Median, st.P75, st.Max}; !slices.Equal(got, []int{10, 30, 50, 80, 100}) {
		t.Errorf("min, p25, median, p75, max = %v, want [10 30 50 80 100] (nearest rank)", got)
	}
	if st.Mean != 55 {
		t.Errorf("mean = %v, want 55", st.Mean)
	}
	if len(st.Histogram) > maxBins {
		t.Errorf("%d bins, want at most %d", len(st.Histogram), maxBins)
	}
	sum := 0
	for i, b := range st.Histogram {
		sum += b.Games
		if b.From > b.To || (i > 0 && b.From != st.Histogram[i-1].To+1) {
			t.Errorf("bin %d = %+v does not follow %+v", i, b, st.Histogram[max(i-1, 0)])
		}
	}
	if sum != 10 || st.Histogram[0].From > 10 || st.Histogram[len(st.Histogram)-1].To < 100 {
		t.Errorf("histogram %+v does not cover the 10 games from 10 to 100", st.Histogram)
	}
	one := summarizeLengths([]int{7, 7, 7})
	if len(one.Histogram) != 1 || one.Histogram[0] != (histBin{7, 7, 3}) || one.Median != 7 {
		t.Errorf("three games of 7 turns: %+v", one)
	}
	if e := summarizeLengths(nil); e.Histogram == nil || e.Max != 0 {
		t.Errorf("no games: %+v, want zeros and an empty histogram", e)
	}
}

// TestSimBots plays a line-up of different bots with rotation: each bot
// appears in every game and in each seat equally often, the wins add up,
// and the search bots keep the run deterministic whatever the workers.
func TestSimBots(t *testing.T) {
	args := []string{"-players", "2", "-games", "6", "-seed", "11", "-config", tinyConfig, "-bots", "heuristic,random"}
	got := simJSON(t, append(args, "-workers", "1")...)
	if fmt.Sprint(got["bots"]) != "[heuristic random]" {
		t.Errorf(`"bots" = %v`, got["bots"])
	}
	rows := checkRates(t, "win_rates.bot", got["win_rates"].(map[string]any)["bot"], true)
	if len(rows) != 2 || rows[0].Name != "heuristic" || rows[0].Games != 6 || rows[1].Name != "random" || rows[1].Games != 6 {
		t.Errorf("win_rates.bot = %+v, want heuristic and random in 6 games each", rows)
	}
	byBot := got["wins_by_bot"].(map[string]any)
	draws, _ := got["draws"].(json.Number).Int64()
	h, _ := byBot["heuristic"].(json.Number).Int64()
	r, _ := byBot["random"].(json.Number).Int64()
	if int(h) != rows[0].Wins || int(r) != rows[1].Wins || h+r+draws != 6 {
		t.Errorf("wins_by_bot = %v with %d draws, rows %+v", byBot, draws, rows)
	}
	other := simJSON(t, append(args, "-workers", "3")...)
	for _, m := range []map[string]any{got, other} {
		delete(m, "workers")
		delete(m, "elapsed_seconds")
		delete(m, "games_per_second")
	}
	a, _ := json.Marshal(got)
	b, _ := json.Marshal(other)
	if string(a) != string(b) {
		t.Errorf("-workers 1 and 3 differ with search bots:\n%s\n%s", a, b)
	}
}

// playRandom plays one game between random bots (playGame).
func playRandom(g engine.Game, config []byte, players int, seed uint64) simOutcome {
	return playGame(g, config, players, seed, slices.Repeat([]string{"random"}, players))
}
