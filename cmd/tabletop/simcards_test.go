package main

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"tabletop/engine"
	"tabletop/games/realigious"
)

// Tests of trait slots and strategy cards in the balance lab: issue #4's
// "random bots build random legal trait slots, so every card gets played;
// the JSON summary gains card_uses", and issue #7's card usage, card
// association with winning and win rates by trait preset.

// decodeCardWins decodes the card_wins table of sim's JSON.
func decodeCardWins(t *testing.T, v any) []cardWin {
	t.Helper()
	b, _ := json.Marshal(v)
	var rows []cardWin
	if err := json.Unmarshal(b, &rows); err != nil {
		t.Fatalf("card_wins = %s: %v", b, err)
	}
	return rows
}

// presetGames returns the appearances per slot name of win_rates.preset.
func presetGames(t *testing.T, got map[string]any) map[string]int {
	t.Helper()
	rows := checkRates(t, "win_rates.preset", got["win_rates"].(map[string]any)["preset"], true)
	m := map[string]int{}
	for _, r := range rows {
		m[r.Name] = r.Games
	}
	return m
}

// TestSimTraits checks which slot every seat plays for each -traits
// choice (GAP-29 presets, REL-610 slots).
func TestSimTraits(t *testing.T) {
	const games, players = 6, 3
	tests := []struct {
		name   string
		args   []string
		want   map[string]int // appearances per slot; the others are 0
		traits string         // the "traits" JSON field
	}{
		{"random bots play random slots by default", nil, map[string]int{"random": 18}, "[auto auto auto]"},
		{"search bots play presets by default", []string{"-bots", "easy"}, nil, "[auto auto auto]"},
		{"one preset for all", []string{"-traits", "mystic"}, map[string]int{"mystic": 18}, "[mystic mystic mystic]"},
		{"random for all", []string{"-bots", "easy", "-traits", "random"}, map[string]int{"random": 18}, "[random random random]"},
		{"config slots", []string{"-traits", "config"}, map[string]int{"config": 18}, "[config config config]"},
		{"per seat, rotating with the bots", []string{"-bots", "easy,random,random", "-traits", "social,auto,religious"},
			map[string]int{"social": 6, "random": 6, "religious": 6}, "[social auto religious]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := append([]string{"-players", fmt.Sprint(players), "-games", fmt.Sprint(games), "-seed", "2", "-config", tinyConfig}, tt.args...)
			got := simJSON(t, args...)
			if fmt.Sprint(got["traits"]) != tt.traits {
				t.Errorf(`"traits" = %v, want %s`, got["traits"], tt.traits)
			}
			pg := presetGames(t, got)
			if tt.want == nil { // presets drawn at random: any of the three, never a random slot
				if pg["random"] != 0 || pg["religious"]+pg["social"]+pg["mystic"] != games*players {
					t.Errorf("slots %v, want %d appearances on presets", pg, games*players)
				}
				return
			}
			for name, n := range pg {
				if n != tt.want[name] {
					t.Errorf("slot %s: %d appearances, want %d (all: %v)", name, n, tt.want[name], pg)
				}
			}
		})
	}
}

// TestSimTraitsBadFlags: a bad -traits is a usage error naming it (REL-610).
func TestSimTraitsBadFlags(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown slot", []string{"-traits", "aggressive"}, `-traits: unknown trait slot "aggressive"`},
		{"wrong count", []string{"-players", "3", "-traits", "random,mystic"}, "-traits: 2 trait slots for 3 players"},
		{"count of the largest player count", []string{"-players", "2,4", "-traits", "random,mystic"}, "2 trait slots for 4 players"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, stdout, stderr := runCmd(t, "", append([]string{"sim"}, tt.args...)...)
			if code != exitUsage || stdout != "" || !strings.HasPrefix(stderr, "tabletop: sim: ") || !strings.Contains(stderr, tt.want) {
				t.Errorf("sim %q = %d, stdout %q, stderr %q; want a usage error with %q", tt.args, code, stdout, stderr, tt.want)
			}
		})
	}
}

// TestSimGameSetup checks that game i's slots depend on i alone, are legal
// (the game accepts the config), differ from game to game and follow the
// bot they belong to when the line-up rotates (GAP-27, GAP-28).
func TestSimGameSetup(t *testing.T) {
	g := realigious.New()
	norm, err := g.NormalizeConfig([]byte(smallConfig), 4)
	if err != nil {
		t.Fatal(err)
	}
	plan := &simPlan{game: g, counts: []int{4}, configs: map[int][]byte{4: norm}, rotate: true, seed: 9,
		lineup: []string{"random", "heuristic", "random", "heuristic"}, traits: []string{"auto", "auto", "auto", "mystic"}}
	seen := map[string]bool{}
	for i := range 8 {
		c1, s1, err := plan.gameSetup(i)
		if err != nil {
			t.Fatalf("gameSetup(%d): %v", i, err)
		}
		c2, s2, _ := plan.gameSetup(i)
		if string(c1) != string(c2) || !slices.Equal(s1, s2) {
			t.Errorf("gameSetup(%d) differs between calls", i)
		}
		cfg, err := g.ParseConfig(c1, 4)
		if err != nil {
			t.Fatalf("gameSetup(%d) config is not legal: %v", i, err)
		}
		bots, traits := plan.botsFor(i), plan.traitsFor(i)
		for s, sc := range cfg.Seats {
			n := len(sc.Traits)
			switch {
			case traits[s] == "mystic":
				if s1[s] != "mystic" || fmt.Sprint(sc.Traits) != fmt.Sprint(realigious.PresetMystic.Slot().Traits) {
					t.Errorf("game %d seat %d: slot %s %v, want the mystic preset", i, s, s1[s], sc.Traits)
				}
			case bots[s] == "random":
				if s1[s] != "random" || n < realigious.MinSlotTraits || n > 10 {
					t.Errorf("game %d seat %d (random bot): slot %s with %d traits, want a random slot of 5-10", i, s, s1[s], n)
				}
				seen[fmt.Sprint(sc.Traits)] = true
			default:
				if !slices.Contains(g.TraitPresets(), s1[s]) || n != realigious.MinSlotTraits {
					t.Errorf("game %d seat %d (%s): slot %s with %d traits, want a preset", i, s, bots[s], s1[s], n)
				}
			}
		}
	}
	if len(seen) < 8 {
		t.Errorf("16 random slots hold only %d distinct trait sets", len(seen))
	}
}

// TestCardTally checks the card arithmetic on made-up games: uses add up,
// a seat that used a card counts once as "used", a seat whose deck held it
// and did not use it as "unused", and an awarded card counts every seat
// (REL-673 decks, REL-721 glory and shame awards).
func TestCardTally(t *testing.T) {
	g := realigious.New()
	ct := newCardTally(g)
	game := func(players, winner int, decks [][]string, uses []map[string]int) {
		ct.add(simOutcome{players: players, cards: &cardCounts{uses: uses, decks: decks}}, winner)
	}
	// Game 1: seat 0 uses CARD-001 twice and wins; seat 1 holds it, does not use it.
	game(2, 0, [][]string{{"CARD-001", "CARD-002"}, {"CARD-001"}}, []map[string]int{{"CARD-001": 2}, {}})
	// Game 2: seat 1 uses CARD-001 and loses; seat 0 never held it; seat 2
	// won a glory card and used it; nobody wins.
	game(3, -1, [][]string{{"CARD-003"}, {"CARD-001"}, {"CARD-001"}}, []map[string]int{{}, {"CARD-001": 1}, {"CARD-075": 1}})
	uses, wins := ct.results()
	if len(uses) != realigious.NumCards || uses["CARD-001"] != 3 || uses["CARD-075"] != 1 || uses["CARD-002"] != 0 {
		t.Errorf("card_uses = %v, want 84 keys, CARD-001 3, CARD-075 1", uses)
	}
	byCard := map[string]cardWin{}
	for _, w := range wins {
		byCard[w.Card] = w
	}
	tests := []struct {
		card                                 string
		usedWins, used, unusedWins, unused   int
		heldWins, held, notHeldWins, notHeld int
	}{
		// used: game 1 seat 0 (won), game 2 seat 1; unused: game 1 seat 1, game 2 seat 2;
		// held by all but game 2 seat 0.
		{"CARD-001", 1, 2, 0, 2, 1, 4, 0, 1},
		{"CARD-002", 0, 0, 1, 1, 1, 1, 0, 4}, // held by game 1 seat 0 only, who won
		{"CARD-003", 0, 0, 0, 1, 0, 1, 1, 4},
		{"CARD-004", 0, 0, 0, 0, 0, 0, 1, 5}, // in no deck
		{"CARD-075", 0, 1, 1, 4, 0, 0, 0, 0}, // awarded: every other seat could have; never held
	}
	for _, tt := range tests {
		w := byCard[tt.card]
		got := []int{w.Used.Wins, w.Used.Games, w.Unused.Wins, w.Unused.Games, w.Held.Wins, w.Held.Games, w.NotHeld.Wins, w.NotHeld.Games}
		want := []int{tt.usedWins, tt.used, tt.unusedWins, tt.unused, tt.heldWins, tt.held, tt.notHeldWins, tt.notHeld}
		if !slices.Equal(got, want) {
			t.Errorf("%s: used, unused, held, not held (wins, seats) = %v, want %v", tt.card, got, want)
		}
	}
	if w := byCard["CARD-002"]; w.HeldLift != 1 {
		t.Errorf("CARD-002 held lift = %v, want 1 - 0", w.HeldLift)
	}
	if w := byCard["CARD-001"]; w.Lift != 0.5 || w.Used.Fair != round6((0.5+1.0/3)/2) {
		t.Errorf("CARD-001 lift %v, fair %v; want 0.5 - 0 and the mean of 1/2 and 1/3", w.Lift, w.Used.Fair)
	}
	if w := byCard["CARD-002"]; w.Lift != 0 {
		t.Errorf("CARD-002 lift = %v, want 0 (nobody used it)", w.Lift)
	}
	if newCardTally(fakeGame{}) != nil {
		t.Errorf("a game without cards gets a card tally")
	}
}

// fakeGame is a game with no cards and no slots.
type fakeGame struct{ engine.Game }

// TestSimCardsGetUsed is issue #4's requirement: over a few hundred random
// games with random slots, random bots play most implemented cards. The
// list of implemented cards comes from the rules, so the test follows the
// cards as they land. REL-699, CARD-001-084.
func TestSimCardsGetUsed(t *testing.T) {
	got := simJSON(t, "-players", "4", "-games", "300", "-seed", "1", "-config", `{"size":9,"cycle_limit":20}`)
	g := realigious.New()
	impl := g.ImplementedCards()
	var unused []string
	for _, c := range decodeCardWins(t, got["card_wins"]) {
		if c.Implemented != slices.Contains(impl, c.Card) {
			t.Errorf("%s: implemented = %v, the rules say %v", c.Card, c.Implemented, !c.Implemented)
		}
		if c.Implemented && c.Uses == 0 {
			unused = append(unused, c.Card)
		}
		if !c.Implemented && c.Uses > 0 {
			t.Errorf("%s is not implemented but was used %d times", c.Card, c.Uses)
		}
	}
	if len(impl) > 0 && 10*len(unused) > len(impl) {
		t.Errorf("%d of %d implemented cards never used in 300 random games: %v; want at least 90%% used", len(unused), len(impl), unused)
	}
}

// TestSimCardSummary checks the summary's slot and card lines (REL-699).
func TestSimCardSummary(t *testing.T) {
	code, stdout, stderr := runCmd(t, "", "sim", "-players", "2", "-games", "6", "-config", smallConfig)
	if code != exitOK {
		t.Fatalf("sim = %d; stderr:\n%s", code, stderr)
	}
	for _, want := range []string{"by slot:    random 6/12", "cards:", "implemented cards used"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("sim summary lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "religious 0/0") {
		t.Errorf("sim summary lists slots nobody played:\n%s", stdout)
	}
}

// TestPanicSite checks that a game that panics names the panic's place,
// so that a rules bug a long run finds can be located from its message.
func TestPanicSite(t *testing.T) {
	var got string
	func() {
		defer func() {
			if recover() != nil {
				got = panicSite()
			}
		}()
		var s []int
		_ = s[len(s)-1+len(got)] // index out of range [-1]
	}()
	if !strings.Contains(got, "simcards_test.go:") || !strings.Contains(got, "TestPanicSite") {
		t.Errorf("panicSite() = %q, want this test's file and function", got)
	}
}
