package main

// This file plays sim's games: the worker pool, one bot-against-bot game,
// and what is kept of it.

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

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
