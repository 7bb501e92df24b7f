package main

import (
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"

	"tabletop/bots"
	"tabletop/engine"
)

// The optional interfaces below let sim report game-specific tallies while
// staying generic: a game or state that lacks one simply reports zeros or
// empty maps for it.
type (
	// seatFactions is implemented by states whose seats play a religion and
	// a character (Realigious).
	seatFactions interface {
		SeatInfo(seat int) (religion, character string)
	}
	// factionNames is implemented by games with religions and characters;
	// sim reports a count for every name, zero included.
	factionNames interface {
		Religions() []string
		Characters() []string
	}
	// turnCounter is implemented by states that count player turns.
	turnCounter interface{ Turns() int }
	// cycleCounter is implemented by states that count cycles (rounds).
	cycleCounter interface{ Cycles() int }
	// factionUser is implemented by states that count uses of neutral
	// factions (Realigious: bribes per structure and celebrity type, relics
	// collected); factionKeys lists every key so zeros are reported too.
	factionUser interface{ FactionUses() map[string]int }
	factionKeys interface{ FactionKeys() []string }
)

// victoryKinds are the ways to win that sim always reports, zero or not.
var victoryKinds = [...]string{"religious", "social", "mystic", "survival", "ranked"}

// simReport is sim's JSON output. Every field but Workers, ElapsedSeconds
// and GamesPerSecond depends only on the game, players, games, seed and
// config.
type simReport struct {
	Game            string         `json:"game"`
	Players         int            `json:"players"`
	Games           int            `json:"games"`
	Seed            uint64         `json:"seed"`
	Workers         int            `json:"workers"`
	WinsByVictory   map[string]int `json:"wins_by_victory"`
	Draws           int            `json:"draws"`
	WinsBySeat      []int          `json:"wins_by_seat"`
	WinsByReligion  map[string]int `json:"wins_by_religion"`
	WinsByCharacter map[string]int `json:"wins_by_character"`
	AvgTurns        float64        `json:"avg_turns"`
	AvgCycles       float64        `json:"avg_cycles"`
	ElapsedSeconds  float64        `json:"elapsed_seconds"`
	GamesPerSecond  float64        `json:"games_per_second"`
	FactionUses     map[string]int `json:"faction_uses,omitempty"`
}

// simOutcome is what sim keeps of one finished game.
type simOutcome struct {
	result     engine.Result
	turns      int
	cycles     int
	religions  []string // per seat, nil if the game has none
	characters []string
	factions   map[string]int
	err        error
}

// maxSimSteps bounds one simulated game, so that a rules bug that never
// ends a match fails the run instead of hanging it.
const maxSimSteps = 10_000_000

func (a *app) sim(args []string) error {
	fs := a.newFlagSet("sim", "[flags]",
		"Sim plays seeded matches between random bots, in parallel, and prints\n"+
			"who won and how. Game i's seed is derived from -seed and i alone, so\n"+
			"every number but the timings is the same whatever -workers is.")
	gameName := fs.String("game", "realigious", "the game to play")
	players := fs.Int("players", 4, "seats per game")
	games := fs.Int("games", 1000, "number of games")
	seed := fs.Uint64("seed", 1, "base seed; game i plays with a seed mixed from (seed, i)")
	workers := fs.Int("workers", runtime.NumCPU(), "games played in parallel")
	asJSON := fs.Bool("json", false, "print one JSON object instead of a summary")
	config := fs.String("config", "", "game config as JSON, e.g. '{\"size\":9,\"cycle_limit\":30}'")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef(fs, "unexpected argument %q", pos[0])
	}
	if *games < 1 {
		return usagef(fs, "-games %d: want at least 1", *games)
	}
	if *workers < 1 {
		return usagef(fs, "-workers %d: want at least 1", *workers)
	}
	g, norm, err := a.setupGame(fs, *gameName, *players, *config)
	if err != nil {
		return err
	}

	var bar *progressbar.ProgressBar
	if isTerminal(a.stderr) {
		bar = progressbar.NewOptions(*games,
			progressbar.OptionSetWriter(a.stderr),
			progressbar.OptionSetDescription("sim"),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString("games"),
			progressbar.OptionThrottle(100*time.Millisecond),
			progressbar.OptionClearOnFinish(),
		)
	}
	start := time.Now()
	outcomes := simulate(g, norm, *players, *games, *seed, *workers, func() {
		if bar != nil {
			_ = bar.Add(1)
		}
	})
	elapsed := time.Since(start)
	if bar != nil {
		_ = bar.Finish()
	}
	for i, o := range outcomes {
		if o.err != nil {
			return fmt.Errorf("sim: game %d (seed %d): %w", i, gameSeed(*seed, i), o.err)
		}
	}

	rep := tally(g, *players, outcomes)
	rep.Game, rep.Games, rep.Seed, rep.Workers = g.Descriptor().Name, *games, *seed, *workers
	rep.ElapsedSeconds = elapsed.Seconds()
	if rep.ElapsedSeconds > 0 {
		rep.GamesPerSecond = float64(*games) / rep.ElapsedSeconds
	}
	if *asJSON {
		enc := json.NewEncoder(a.stdout)
		return enc.Encode(rep)
	}
	writeSimSummary(a.stdout, g, rep)
	return nil
}

// gameSeed derives game i's seed from the base seed: output i of a
// splitmix64 generator seeded with seed.
func gameSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// simulate plays games games on workers goroutines and returns the
// outcomes by game index. done is called (from one goroutine at a time)
// after each game.
func simulate(g engine.Game, config []byte, players, games int, seed uint64, workers int, done func()) []simOutcome {
	out := make([]simOutcome, games)
	var next atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range min(workers, games) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= games {
					return
				}
				out[i] = playRandom(g, config, players, gameSeed(seed, i))
				mu.Lock()
				done()
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return out
}

// playRandom plays one game between random bots: seat s's bot draws from
// (seed, s) and chance decisions are answered by engine.ChanceAnswer, as
// engine.Match.ResolveChance would, so the game can be re-played as a
// Match with the same seed.
func playRandom(g engine.Game, config []byte, players int, seed uint64) (o simOutcome) {
	defer func() {
		if p := recover(); p != nil {
			o = simOutcome{err: fmt.Errorf("panic: %v", p)}
		}
	}()
	st, err := g.New(config, players, seed)
	if err != nil {
		return simOutcome{err: err}
	}
	seats := make([]bots.Bot, players)
	for i := range seats {
		seats[i] = bots.NewRandom(seed, engine.Seat(i))
	}
	var legal []engine.Answer
	for !st.Terminal() {
		if st.Steps() >= maxSimSteps {
			return simOutcome{err: fmt.Errorf("no result after %d steps", st.Steps())}
		}
		d := st.Pending()
		var ans engine.Answer
		if d.Seat == engine.Chance {
			ans = engine.ChanceAnswer(seed, st.Steps(), st.Chance())
		} else {
			if d.Seat < 0 || int(d.Seat) >= players {
				return simOutcome{err: fmt.Errorf("step %d: decision %q for seat %d", st.Steps()+1, d.Kind, d.Seat)}
			}
			legal = st.Legal(legal[:0])
			b := seats[d.Seat]
			obs := bots.Observation{Seat: d.Seat, Legal: legal}
			if bots.NeedsView(b) {
				var err error
				if obs, err = bots.Observe(st, d.Seat, true); err != nil {
					return simOutcome{err: err}
				}
			}
			ans = b.Step(obs)
		}
		if _, err := st.Apply(ans); err != nil {
			return simOutcome{err: fmt.Errorf("step %d: %w", st.Steps()+1, err)}
		}
	}
	o.result = st.Result()
	if tc, ok := st.(turnCounter); ok {
		o.turns = tc.Turns()
	}
	if cc, ok := st.(cycleCounter); ok {
		o.cycles = cc.Cycles()
	}
	if fu, ok := st.(factionUser); ok {
		o.factions = fu.FactionUses()
	}
	if sf, ok := st.(seatFactions); ok {
		o.religions = make([]string, players)
		o.characters = make([]string, players)
		for i := range players {
			o.religions[i], o.characters[i] = sf.SeatInfo(i)
		}
	}
	return o
}

// tally aggregates outcomes in game order.
func tally(g engine.Game, players int, outcomes []simOutcome) simReport {
	rep := simReport{
		Players:         players,
		WinsByVictory:   map[string]int{},
		WinsBySeat:      make([]int, players),
		WinsByReligion:  map[string]int{},
		WinsByCharacter: map[string]int{},
	}
	if fk, ok := g.(factionKeys); ok {
		rep.FactionUses = map[string]int{}
		for _, k := range fk.FactionKeys() {
			rep.FactionUses[k] = 0
		}
	}
	for _, k := range victoryKinds {
		rep.WinsByVictory[k] = 0
	}
	if fn, ok := g.(factionNames); ok {
		for _, n := range fn.Religions() {
			rep.WinsByReligion[n] = 0
		}
		for _, n := range fn.Characters() {
			rep.WinsByCharacter[n] = 0
		}
	}
	turns, cycles := 0, 0
	for _, o := range outcomes {
		turns += o.turns
		cycles += o.cycles
		for k, v := range o.factions {
			if rep.FactionUses == nil {
				rep.FactionUses = map[string]int{}
			}
			rep.FactionUses[k] += v
		}
		w := o.result.Winner
		if w < 0 || int(w) >= players {
			rep.Draws++
			continue
		}
		rep.WinsByVictory[o.result.How]++
		rep.WinsBySeat[w]++
		if o.religions != nil {
			rep.WinsByReligion[o.religions[w]]++
			rep.WinsByCharacter[o.characters[w]]++
		}
	}
	if n := len(outcomes); n > 0 {
		rep.AvgTurns = float64(turns) / float64(n)
		rep.AvgCycles = float64(cycles) / float64(n)
	}
	return rep
}

// writeSimSummary prints a report for people.
func writeSimSummary(w io.Writer, g engine.Game, rep simReport) {
	fmt.Fprintf(w, "%s: %d games, %d players, seed %d, %d workers, %.2fs (%.1f games/s)\n",
		rep.Game, rep.Games, rep.Players, rep.Seed, rep.Workers, rep.ElapsedSeconds, rep.GamesPerSecond)
	kinds := slices.Clone(victoryKinds[:])
	for _, k := range sortedKeys(rep.WinsByVictory) {
		if !slices.Contains(kinds, k) {
			kinds = append(kinds, k)
		}
	}
	fmt.Fprintf(w, "victories:  %s; draws %d\n", counts(kinds, rep.WinsByVictory), rep.Draws)
	seats := make([]string, len(rep.WinsBySeat))
	for i, n := range rep.WinsBySeat {
		seats[i] = fmt.Sprintf("seat %d %d", i, n)
	}
	fmt.Fprintf(w, "by seat:    %s\n", strings.Join(seats, ", "))
	if fn, ok := g.(factionNames); ok {
		fmt.Fprintf(w, "by religion:  %s\n", counts(fn.Religions(), rep.WinsByReligion))
		fmt.Fprintf(w, "by character: %s\n", counts(fn.Characters(), rep.WinsByCharacter))
	}
	fmt.Fprintf(w, "average:    %.1f turns, %.2f cycles per game\n", rep.AvgTurns, rep.AvgCycles)
}

// counts formats the counts of m in the order of keys, with percentages.
func counts(keys []string, m map[string]int) string {
	total := 0
	for _, n := range m {
		total += n
	}
	parts := make([]string, len(keys))
	for i, k := range keys {
		pct := 0.0
		if total > 0 {
			pct = 100 * float64(m[k]) / float64(total)
		}
		parts[i] = fmt.Sprintf("%s %d (%.1f%%)", k, m[k], pct)
	}
	return strings.Join(parts, ", ")
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
