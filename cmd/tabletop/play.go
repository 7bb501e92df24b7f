package main

import (
	"bufio"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"tabletop/bots"
	"tabletop/engine"
)

// maxRecent bounds the events shown before each of the person's decisions.
const maxRecent = 30

func (a *app) play(args []string) error {
	fs := a.newFlagSet("play", "[flags]",
		"Play lets a person play one seat in the terminal against bots.\n"+
			"You see only your seat's view. At each of your decisions, type the\n"+
			"number of an answer or its text (e.g. \"move ne\"); q or end of input\n"+
			"quits. Bots and chance answer by themselves.")
	gameName := fs.String("game", "realigious", "the game to play")
	players := fs.Int("players", 2, "number of seats")
	seat := fs.Int("seat", 0, "your seat, from 0")
	seed := fs.Uint64("seed", 0, "match seed (default: a random one, printed at the start)")
	replayFile := fs.String("replay", "", "write the match's replay to this file when the match ends or you quit")
	config := fs.String("config", "", "game config as JSON, e.g. '{\"size\":7,\"cycle_limit\":5}'")
	level := fs.String("bots", "random", "the other seats' bot: "+strings.Join(botNames(), ", "))
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef(fs, "unexpected argument %q", pos[0])
	}
	g, norm, err := a.setupGame(fs, *gameName, *players, *config)
	if err != nil {
		return err
	}
	if *seat < 0 || *seat >= *players {
		return usagef(fs, "-seat %d: want 0 to %d", *seat, *players-1)
	}
	if !flagSet(fs, "seed") {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return fmt.Errorf("play: seed: %w", err)
		}
		*seed = binary.LittleEndian.Uint64(b[:])
	}
	m, err := engine.NewMatch(g, norm, *players, *seed)
	if err != nil {
		return fmt.Errorf("play: %w", err)
	}
	me := engine.Seat(*seat)
	p := &player{app: a, m: m, me: me, in: bufio.NewScanner(a.stdin), color: isTerminal(a.stdout)}
	p.bots = make([]bots.Bot, *players)
	for i := range p.bots {
		if i == *seat {
			continue
		}
		if p.bots[i], err = newBot(g, *level, *seed, engine.Seat(i)); err != nil {
			return usagef(fs, "-bots: %v", err)
		}
	}
	fmt.Fprintf(a.stdout, "%s, %d players, seed %d; you are seat %d.\n", g.Descriptor().Name, *players, *seed, *seat)
	fmt.Fprintf(a.stdout, "Type the number of an answer or its text; q quits.\n\n")
	quit, err := p.loop()
	if err != nil {
		return fmt.Errorf("play: %w", err)
	}
	st := m.State()
	if quit {
		fmt.Fprintf(a.stdout, "\nquit after %d steps; the match is not finished.\n", st.Steps())
	} else {
		fmt.Fprintln(a.stdout)
		p.show()
		fmt.Fprintf(a.stdout, "\nresult: %s\n", describeResult(st))
		switch r := st.Result(); {
		case r.Winner == me:
			fmt.Fprintf(a.stdout, "you win!\n")
		case r.Winner < 0:
			fmt.Fprintf(a.stdout, "nobody wins.\n")
		default:
			fmt.Fprintf(a.stdout, "you lose.\n")
		}
	}
	if *replayFile != "" {
		if err := writeReplay(*replayFile, m.Replay()); err != nil {
			return fmt.Errorf("play: %w", err)
		}
		fmt.Fprintf(a.stdout, "replay written to %s (check it with: tabletop replay %s)\n", *replayFile, *replayFile)
	}
	return nil
}

// flagSet reports whether the flag name was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// writeReplay writes r to the file path.
func writeReplay(path string, r *engine.Replay) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if _, err := r.WriteTo(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// player runs one terminal match: the person's seat, the bots and the
// events the person has not seen yet.
type player struct {
	app    *app
	m      *engine.Match
	me     engine.Seat
	bots   []bots.Bot
	in     *bufio.Scanner
	color  bool
	recent []string
	legend bool // the map legend was printed
}

// loop plays until the match ends (quit false) or the person quits.
func (p *player) loop() (quit bool, err error) {
	for !p.m.State().Terminal() {
		st := p.m.State()
		d := st.Pending()
		var events []engine.Event
		switch {
		case d.Seat == engine.Chance:
			events, err = p.m.ResolveChance()
		case d.Seat == p.me:
			p.show()
			a, quit, err := p.ask(st)
			if quit || err != nil {
				return quit, err
			}
			events, err = p.m.Apply(a)
			if err != nil {
				return false, err
			}
		case d.Seat >= 0 && int(d.Seat) < len(p.bots):
			b := p.bots[d.Seat]
			obs, oerr := bots.Observe(st, d.Seat, bots.NeedsView(b))
			if oerr != nil {
				return false, oerr
			}
			events, err = p.m.Apply(b.Step(obs))
		default:
			return false, fmt.Errorf("step %d: decision %q for seat %d", st.Steps()+1, d.Kind, d.Seat)
		}
		if err != nil {
			return false, err
		}
		for _, e := range engine.Redact(events, p.me) {
			p.recent = append(p.recent, formatEvent(p.m.Header().Game, e))
		}
	}
	return false, nil
}

// show prints the person's view and the events since their last decision.
func (p *player) show() {
	w := p.app.stdout
	st := p.m.State()
	fmt.Fprintf(w, "==== step %d ====\n", st.Steps())
	view := st.View(p.me)
	renderView(w, view, p.color)
	if !p.legend {
		if l := viewLegend(view); l != "" {
			fmt.Fprintf(w, "%s\n", l)
		}
		p.legend = true
	}
	if len(p.recent) > 0 {
		fmt.Fprintf(w, "\nsince your last decision:\n")
		if n := len(p.recent) - maxRecent; n > 0 {
			fmt.Fprintf(w, "  (%d earlier events)\n", n)
			p.recent = p.recent[n:]
		}
		for _, line := range p.recent {
			fmt.Fprintf(w, "  %s\n", line)
		}
		p.recent = p.recent[:0]
	}
}

// ask prints the numbered legal answers and reads one, re-prompting on bad
// input. End of input or "q" quits.
func (p *player) ask(st engine.State) (engine.Answer, bool, error) {
	w := p.app.stdout
	desc := engine.DescribeDecision(st)
	legal := st.Legal(nil)
	fmt.Fprintf(w, "\nseat %d, your decision: %s\n", p.me, desc.Kind)
	for i, text := range desc.Answers {
		def := ""
		if text == desc.Default {
			def = "  (default)"
		}
		fmt.Fprintf(w, "  %2d) %s%s\n", i+1, text, def)
	}
	for {
		fmt.Fprintf(w, "> ")
		if !p.in.Scan() {
			if err := p.in.Err(); err != nil {
				return 0, false, fmt.Errorf("read input: %w", err)
			}
			fmt.Fprintln(w)
			return 0, true, nil
		}
		line := strings.TrimSpace(p.in.Text())
		if line == "" {
			fmt.Fprintf(w, "type a number from 1 to %d, an answer's text, or q to quit\n", len(legal))
			continue
		}
		if n, err := strconv.Atoi(line); err == nil {
			if n < 1 || n > len(legal) {
				fmt.Fprintf(w, "%d is not an answer number: type a number from 1 to %d\n", n, len(legal))
				continue
			}
			return legal[n-1], false, nil
		}
		a, err := st.ParseAnswer(line)
		if err == nil && slices.Contains(legal, a) {
			return a, false, nil
		}
		switch strings.ToLower(line) {
		case "q", "quit", "exit":
			return 0, true, nil
		}
		if err == nil || errors.Is(err, engine.ErrBadAnswerText) {
			fmt.Fprintf(w, "%q is not a legal answer now: type a number from 1 to %d, an answer's text, or q to quit\n", line, len(legal))
			continue
		}
		fmt.Fprintf(w, "%q: %v\n", line, err)
	}
}
