package main

// This file holds the sim command: its flags, the plan they describe
// (seat counts, configs, bot line-up) and the run that plays and reports it.

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"

	"tabletop/engine"
)

// simPlan says what every game of a run plays: its seat count, its config
// and its bots. It depends only on the flags, and game i's part only on i.
type simPlan struct {
	game    engine.Game
	counts  []int          // -players
	configs map[int][]byte // normalized config by seat count
	lineup  []string       // -bots, len = the largest count
	traits  []string       // -traits, one per lineup position; nil for a game without slots
	rotate  bool
	seed    uint64
}

// playersFor returns game i's seat count: the -players values take turns.
func (p *simPlan) playersFor(i int) int { return p.counts[i%len(p.counts)] }

// botsFor returns the bot names of game i's seats. With rotation, the
// games go in blocks of len(counts) (one game per seat count); block b
// shifts the line-up by b mod len(lineup), so that seat s plays
// lineup[(s+b) mod len(lineup)] and, over len(counts)*len(lineup)
// games, every bot plays every seat at every seat count.
func (p *simPlan) botsFor(i int) []string {
	n := p.playersFor(i)
	shift := 0
	if p.rotate {
		shift = (i / len(p.counts)) % len(p.lineup)
	}
	out := make([]string, n)
	for s := range out {
		out[s] = p.lineup[(s+shift)%len(p.lineup)]
	}
	return out
}

func (a *app) sim(args []string) error {
	fs := a.newFlagSet("sim", "[flags]",
		"Sim plays seeded matches between bots, in parallel, and reports who won\n"+
			"and how, with win rates and 95% confidence intervals by religion,\n"+
			"character, seat, bot, trait slot, player count and climate, and how\n"+
			"often each strategy card was used and how its users fared. Game i's\n"+
			"seed, seat count, bots and trait slots depend on the flags and i alone,\n"+
			"so every number but the timings is the same whatever -workers is.")
	gameName := fs.String("game", "realigious", "the game to play")
	playersFlag := fs.String("players", "4", "seats per game, or a comma-separated list (e.g. 2,3,4) that games take in turn")
	games := fs.Int("games", 1000, "number of games")
	seed := fs.Uint64("seed", 1, "base seed; game i plays with a seed mixed from (seed, i)")
	workers := fs.Int("workers", runtime.NumCPU(), "games played in parallel")
	asJSON := fs.Bool("json", false, "print one JSON object instead of a summary")
	config := fs.String("config", "", "game config as JSON, e.g. '{\"size\":9,\"cycle_limit\":30}'")
	botsFlag := fs.String("bots", "", "comma-separated bot per seat (names: "+strings.Join(botNames(), ", ")+
		"), or one bot for every seat (default random)")
	rotate := fs.Bool("rotate", true, "rotate the bot line-up from game to game so that every bot plays every seat")
	rulesFile := fs.String("rules", "", "rules parameters `FILE` (JSON) replacing the built-in numbers")
	traitsFlag := fs.String("traits", "", "comma-separated trait slot per seat, rotating with the bots, or one for every seat: "+
		"auto (default: random for random bots, preset for the others), random (a random legal slot), "+
		"preset (a preset drawn at random), religious, social, mystic, or config (the slot -config gives)")
	reportFile := fs.String("report", "", "also write a self-contained HTML balance report to `FILE`")
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
	plan, err := a.simPlan(fs, *gameName, *playersFlag, *config, *botsFlag, *rulesFile)
	if err != nil {
		return err
	}
	if plan.traits, err = traitChoices(fs, plan.game, *traitsFlag, plan.lineup); err != nil {
		return err
	}
	plan.rotate, plan.seed = *rotate, *seed
	g := plan.game

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
	outcomes := simulate(plan, *games, *workers, func() {
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
			return fmt.Errorf("sim: game %d (seed %d, %d players, bots %s): %w",
				i, gameSeed(*seed, i), plan.playersFor(i), strings.Join(plan.botsFor(i), ","), o.err)
		}
	}

	rep := tally(g, plan, outcomes)
	rep.Game, rep.Games, rep.Seed, rep.Workers = g.Descriptor().Name, *games, *seed, *workers
	rep.Rules = *rulesFile
	if c := strings.TrimSpace(*config); c != "" {
		rep.Config = json.RawMessage(c)
		if !json.Valid(rep.Config) { // the game ignored trailing text: keep it as a string
			rep.Config, _ = json.Marshal(c)
		}
	}
	rep.ElapsedSeconds = elapsed.Seconds()
	if rep.ElapsedSeconds > 0 {
		rep.GamesPerSecond = float64(*games) / rep.ElapsedSeconds
	}
	if *reportFile != "" {
		if err := writeReportFile(*reportFile, rep); err != nil {
			return fmt.Errorf("sim: -report: %w", err)
		}
	}
	if *asJSON {
		enc := json.NewEncoder(a.stdout)
		return enc.Encode(rep)
	}
	writeSimSummary(a.stdout, g, rep)
	return nil
}

// simPlan checks sim's game, players, config, bots and rules flags and
// returns the plan they describe; every problem is a usage error.
func (a *app) simPlan(fs *flag.FlagSet, name, players, config, lineup, rulesFile string) (*simPlan, error) {
	g, err := a.games.lookup(name)
	if err != nil {
		return nil, usagef(fs, "-game: %v", err)
	}
	if rulesFile != "" {
		load, ok := a.rules[g.Descriptor().Name]
		if !ok {
			return nil, usagef(fs, "-rules: %s has no rules parameters to load", g.Descriptor().Name)
		}
		data, err := os.ReadFile(rulesFile)
		if err != nil {
			return nil, usagef(fs, "-rules: %v", err)
		}
		if g, err = load(data); err != nil {
			return nil, usagef(fs, "-rules %s: %v", rulesFile, err)
		}
	}
	p := &simPlan{game: g, configs: map[int][]byte{}}
	d := g.Descriptor()
	for _, f := range strings.Split(players, ",") {
		f = strings.TrimSpace(f)
		n, err := strconv.Atoi(f)
		if err != nil {
			return nil, usagef(fs, "-players %q: want a number or a comma-separated list of numbers", players)
		}
		if n < d.MinSeats || n > d.MaxSeats {
			return nil, usagef(fs, "-players %d: %s plays with %d to %d", n, d.Name, d.MinSeats, d.MaxSeats)
		}
		if slices.Contains(p.counts, n) {
			return nil, usagef(fs, "-players %q: %d is listed twice", players, n)
		}
		p.counts = append(p.counts, n)
		norm, err := g.NormalizeConfig([]byte(config), n)
		if err != nil {
			return nil, usagef(fs, "-config: %w", err)
		}
		p.configs[n] = norm
	}
	most := slices.Max(p.counts)
	var names []string
	if strings.TrimSpace(lineup) != "" {
		for _, f := range strings.Split(lineup, ",") {
			names = append(names, strings.TrimSpace(f))
		}
	}
	switch len(names) {
	case 0:
		names = []string{"random"}
		fallthrough
	case 1:
		names = slices.Repeat(names, most)
	case most:
	default:
		return nil, usagef(fs, "-bots: %d bots for %d players (give one bot per seat, or one for all seats)", len(names), most)
	}
	for i, n := range names {
		if slices.Index(names, n) < i {
			continue
		}
		if _, err := newBot(g, n, 0, 0); err != nil {
			return nil, usagef(fs, "-bots: %v", err)
		}
	}
	p.lineup = names
	return p, nil
}

// gameSeed derives game i's seed from the base seed: output i of a
// splitmix64 generator seeded with seed.
func gameSeed(seed uint64, i int) uint64 {
	z := seed + uint64(i+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}
