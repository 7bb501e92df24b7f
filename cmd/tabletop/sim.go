package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
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
	// climateNamer is implemented by states that name their climate; sim
	// otherwise reads "climate" from the public view, if it has one.
	climateNamer interface{ ClimateName() string }
)

// victoryKinds are the ways to win that sim always reports, zero or not.
var victoryKinds = [...]string{"religious", "social", "mystic", "survival", "ranked"}

// simReport is sim's JSON output. Every field but Workers, ElapsedSeconds
// and GamesPerSecond depends only on the flags (and the rules file), never
// on -workers or the machine. Fields are only ever added, never renamed.
type simReport struct {
	Game            string         `json:"game"`
	Players         int            `json:"players"` // the largest of PlayerCounts
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

	// The balance lab's additions.

	// PlayerCounts lists the -players values; game i plays with
	// PlayerCounts[i mod len].
	PlayerCounts []int `json:"player_counts"`
	// Config is -config as given (null when empty).
	Config json.RawMessage `json:"config"`
	// Rules is the -rules file, "" for the built-in rules.
	Rules string `json:"rules,omitempty"`
	// ParamsHash is Game.ParamsHash of the rules played; Params their values.
	ParamsHash string          `json:"params_hash"`
	Params     json.RawMessage `json:"params,omitempty"`
	// Bots is the line-up, one bot per seat of the largest player count.
	Bots []string `json:"bots"`
	// Rotate says whether game i rotates the line-up (see botsFor).
	Rotate bool `json:"rotate"`
	// WinsByBot counts wins by bot name, zeros included.
	WinsByBot map[string]int `json:"wins_by_bot"`
	// WinRates holds the win-rate tables with 95% confidence intervals.
	WinRates winRates `json:"win_rates"`
	// VictoryTypes gives the share of games won each way, "draw" last.
	VictoryTypes []rateEntry `json:"victory_types"`
	// GameLength is the distribution of the game lengths in turns.
	GameLength lengthStats `json:"game_length"`

	// Trait slots and strategy cards (games with cards only).

	// Traits is the -traits line-up, one choice per bot of Bots (it
	// rotates with them): auto, random, preset, config or a preset name.
	Traits []string `json:"traits,omitempty"`
	// CardUses counts the uses of every card, zeros included.
	CardUses map[string]int `json:"card_uses,omitempty"`
	// CardWins relates each card, in catalogue order, to winning.
	CardWins []cardWin `json:"card_wins,omitempty"`
}

// winRates are the win-rate tables. Religion, character, seat, bot and
// preset rows count appearances (a seat that played it); players and
// climate rows count games, and their wins are the games that someone won
// (not drawn).
type winRates struct {
	Religion  []rateEntry `json:"religion"`
	Character []rateEntry `json:"character"`
	Seat      []rateEntry `json:"seat"`
	Bot       []rateEntry `json:"bot"`
	Players   []rateEntry `json:"players"`
	Climate   []rateEntry `json:"climate"`
	// Preset rows are the trait slots seats played: each preset, "random"
	// (a random legal slot) and, if used, "config" (the -config slot).
	Preset []rateEntry `json:"preset,omitempty"`
}

// simOutcome is what sim keeps of one finished game.
type simOutcome struct {
	players    int
	bots       []string // per seat
	result     engine.Result
	turns      int
	cycles     int
	climate    string   // "" if the game has none
	religions  []string // per seat, nil if the game has none
	characters []string
	factions   map[string]int
	slots      []string    // per seat: the preset name, "random" or "config"; nil without slots
	cards      *cardCounts // nil for a game without cards
	err        error
}

// maxSimSteps bounds one simulated game, so that a rules bug that never
// ends a match fails the run instead of hanging it.
const maxSimSteps = 10_000_000

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

// simulate plays games games of plan on workers goroutines and returns the
// outcomes by game index. done is called (from one goroutine at a time)
// after each game.
func simulate(plan *simPlan, games, workers int, done func()) []simOutcome {
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
				n := plan.playersFor(i)
				config, slots, err := plan.gameSetup(i)
				if err != nil {
					out[i] = simOutcome{err: err}
				} else {
					out[i] = playGame(plan.game, config, n, gameSeed(plan.seed, i), plan.botsFor(i))
					out[i].slots = slots
				}
				mu.Lock()
				done()
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return out
}

// playGame plays one game with the named bot in each seat: seat s's bot is
// made from (seed, s) and chance decisions are answered by
// engine.ChanceAnswer, as engine.Match.ResolveChance would, so the game can
// be re-played as a Match with the same seed.
func playGame(g engine.Game, config []byte, players int, seed uint64, names []string) (o simOutcome) {
	defer func() {
		if p := recover(); p != nil {
			o = simOutcome{err: fmt.Errorf("panic: %v%s", p, panicSite())}
		}
	}()
	st, err := g.New(config, players, seed)
	if err != nil {
		return simOutcome{err: err}
	}
	seats := make([]bots.Bot, players)
	for i := range seats {
		if seats[i], err = newBot(g, names[i], seed, engine.Seat(i)); err != nil {
			return simOutcome{err: fmt.Errorf("seat %d: %w", i, err)}
		}
	}
	o.players, o.bots = players, names
	o.climate = climateOf(st)
	cg, hasCards := g.(cardGame)
	if hasCards {
		o.cards = newCardCounts(st, players)
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
		events, err := st.Apply(ans)
		if err != nil {
			return simOutcome{err: fmt.Errorf("step %d: %w", st.Steps()+1, err)}
		}
		if hasCards {
			o.cards.record(cg, events) // before the next Apply: the state may reuse the slice
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

// climateOf returns the match's climate: ClimateName if the state has it,
// else the "climate" string of the public view, else "".
func climateOf(st engine.State) string {
	if cn, ok := st.(climateNamer); ok {
		return cn.ClimateName()
	}
	b, err := json.Marshal(st.View(engine.Spectator))
	if err != nil {
		return ""
	}
	var v struct {
		Climate any `json:"climate"`
	}
	if json.Unmarshal(b, &v) != nil {
		return ""
	}
	s, _ := v.Climate.(string)
	return s
}

// tally aggregates outcomes in game order.
func tally(g engine.Game, plan *simPlan, outcomes []simOutcome) simReport {
	players := slices.Max(plan.counts)
	rep := simReport{
		Players:         players,
		WinsByVictory:   map[string]int{},
		WinsBySeat:      make([]int, players),
		WinsByReligion:  map[string]int{},
		WinsByCharacter: map[string]int{},
		PlayerCounts:    slices.Clone(plan.counts),
		ParamsHash:      g.ParamsHash(),
		Params:          gameParams(g),
		Bots:            slices.Clone(plan.lineup),
		Rotate:          plan.rotate,
		WinsByBot:       map[string]int{},
		Traits:          slices.Clone(plan.traits),
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
	var religions, characters []string
	if fn, ok := g.(factionNames); ok {
		religions, characters = fn.Religions(), fn.Characters()
		for _, n := range religions {
			rep.WinsByReligion[n] = 0
		}
		for _, n := range characters {
			rep.WinsByCharacter[n] = 0
		}
	}
	for _, n := range plan.lineup {
		rep.WinsByBot[n] = 0
	}
	seatNames := make([]string, players)
	for i := range seatNames {
		seatNames[i] = strconv.Itoa(i)
	}
	countNames := make([]string, 0, len(plan.counts))
	for _, n := range slices.Sorted(slices.Values(plan.counts)) {
		countNames = append(countNames, strconv.Itoa(n))
	}
	byReligion, byCharacter := newRateCounter(religions...), newRateCounter(characters...)
	bySeat, byBot := newRateCounter(seatNames...), newRateCounter(plan.lineup...)
	byPlayers, byClimate := newRateCounter(countNames...), newRateCounter()
	var byPreset *rateCounter
	if sg, ok := g.(slotGame); ok && plan.traits != nil {
		byPreset = newRateCounter(append(sg.TraitPresets(), traitsRandom)...)
	}
	cards := newCardTally(g)
	kinds := slices.Clone(victoryKinds[:])
	for _, o := range outcomes {
		if !slices.Contains(kinds, o.result.How) && o.result.Winner >= 0 {
			kinds = append(kinds, o.result.How)
		}
	}
	byVictory := newRateCounter(append(kinds, "draw")...)

	turns, cycles := 0, 0
	lengths := make([]int, 0, len(outcomes))
	climates := []string{}
	for _, o := range outcomes {
		turns += o.turns
		cycles += o.cycles
		lengths = append(lengths, o.turns)
		for k, v := range o.factions {
			if rep.FactionUses == nil {
				rep.FactionUses = map[string]int{}
			}
			rep.FactionUses[k] += v
		}
		w := o.result.Winner
		decided := w >= 0 && int(w) < o.players
		for s := range o.players {
			won := decided && int(w) == s
			bySeat.appear(strconv.Itoa(s), o.players, won)
			byBot.appear(o.bots[s], o.players, won)
			if o.religions != nil {
				byReligion.appear(o.religions[s], o.players, won)
				byCharacter.appear(o.characters[s], o.players, won)
			}
			if byPreset != nil && o.slots != nil {
				byPreset.appear(o.slots[s], o.players, won)
			}
		}
		winner := -1
		if decided {
			winner = int(w)
		}
		cards.add(o, winner)
		byPlayers.appear(strconv.Itoa(o.players), 0, decided)
		if o.climate != "" {
			if !slices.Contains(climates, o.climate) {
				climates = append(climates, o.climate)
			}
			byClimate.appear(o.climate, 0, decided)
		}
		for _, k := range byVictory.names {
			won := (decided && k == o.result.How) || (!decided && k == "draw")
			byVictory.appear(k, 0, won)
		}
		if !decided {
			rep.Draws++
			continue
		}
		rep.WinsByVictory[o.result.How]++
		rep.WinsBySeat[w]++
		rep.WinsByBot[o.bots[w]]++
		if o.religions != nil {
			rep.WinsByReligion[o.religions[w]]++
			rep.WinsByCharacter[o.characters[w]]++
		}
	}
	if n := len(outcomes); n > 0 {
		rep.AvgTurns = float64(turns) / float64(n)
		rep.AvgCycles = float64(cycles) / float64(n)
	}
	// Climates in name order, whatever order the games met them in.
	slices.Sort(climates)
	sortedClimates := newRateCounter(climates...)
	for _, c := range climates {
		*sortedClimates.rows[c] = *byClimate.rows[c]
	}
	rep.WinRates = winRates{
		Religion:  byReligion.entries(true),
		Character: byCharacter.entries(true),
		Seat:      bySeat.entries(true),
		Bot:       byBot.entries(true),
		Players:   byPlayers.entries(false),
		Climate:   sortedClimates.entries(false),
	}
	if byPreset != nil {
		rep.WinRates.Preset = byPreset.entries(true)
	}
	rep.CardUses, rep.CardWins = cards.results()
	rep.VictoryTypes = byVictory.entries(false)
	rep.GameLength = summarizeLengths(lengths)
	return rep
}

// writeSimSummary prints a report for people.
func writeSimSummary(w io.Writer, g engine.Game, rep simReport) {
	fmt.Fprintf(w, "%s: %d games, %s players, seed %d, %d workers, %.2fs (%.1f games/s)\n",
		rep.Game, rep.Games, joinInts(rep.PlayerCounts), rep.Seed, rep.Workers, rep.ElapsedSeconds, rep.GamesPerSecond)
	rot := ", rotated"
	if !rep.Rotate {
		rot = ", fixed seats"
	}
	fmt.Fprintf(w, "bots:       %s%s; rules %s\n", strings.Join(rep.Bots, ","), rot, rep.ParamsHash)
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
	fmt.Fprintf(w, "by bot:     %s\n", rates(rep.WinRates.Bot))
	if len(rep.WinRates.Climate) > 0 {
		fmt.Fprintf(w, "decided by climate: %s\n", rates(rep.WinRates.Climate))
	}
	writeCardSummary(w, rep)
	fmt.Fprintf(w, "average:    %.1f turns, %.2f cycles per game\n", rep.AvgTurns, rep.AvgCycles)
	gl := rep.GameLength
	fmt.Fprintf(w, "turns:      min %d, p25 %d, median %d, p75 %d, max %d\n", gl.Min, gl.P25, gl.Median, gl.P75, gl.Max)
}

// rates formats win-rate rows as "name wins/games rate% [low-high]".
func rates(rows []rateEntry) string {
	parts := make([]string, len(rows))
	for i, r := range rows {
		parts[i] = fmt.Sprintf("%s %d/%d %.1f%% [%.1f-%.1f]", r.Name, r.Wins, r.Games, 100*r.Rate, 100*r.CILow, 100*r.CIHigh)
	}
	return strings.Join(parts, ", ")
}

// joinInts formats 2,3,4.
func joinInts(ns []int) string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, ",")
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

// panicSite returns " at FILE:LINE (FUNC)" for the frame that panicked,
// the first one outside the runtime, so that a rules bug found by a long
// run names its place; "" if there is none. Call it from the deferred
// recover.
func panicSite() string {
	pcs := make([]uintptr, 32)
	frames := runtime.CallersFrames(pcs[:runtime.Callers(3, pcs)])
	for {
		f, more := frames.Next()
		if f.Function != "" && !strings.HasPrefix(f.Function, "runtime.") {
			return fmt.Sprintf(" at %s:%d (%s)", f.File, f.Line, f.Function)
		}
		if !more {
			return ""
		}
	}
}
