package main

import (
	"fmt"
	"os"
	"strings"

	"tabletop/engine"
	"tabletop/games/realigious"
)

// scenarioRunner runs one game's scenario file: it loads data, plays its
// script and returns the JSON to print (every event and the full final
// state with all, else what seat sees) and the failed expectations of the
// file's expect block.
type scenarioRunner func(g engine.Game, data []byte, seat engine.Seat, all bool) (out []byte, failed []string, err error)

// realigiousScenario is the scenarioRunner of Realigious
// (games/realigious/scenario.go, docs/scenarios.md).
func realigiousScenario(g engine.Game, data []byte, seat engine.Seat, all bool) ([]byte, []string, error) {
	rg, ok := g.(*realigious.Game)
	if !ok {
		return nil, nil, fmt.Errorf("game %q is not Realigious", g.Descriptor().Name)
	}
	sc, err := realigious.LoadScenario(data)
	if err != nil {
		return nil, nil, err
	}
	res, err := sc.Run(rg)
	if err != nil {
		return nil, nil, err
	}
	out, err := res.JSON(seat, all)
	if err != nil {
		return nil, nil, err
	}
	var failed []string
	if sc.Expect != nil {
		failed = sc.Check(res, nil)
	}
	return out, failed, nil
}

func (a *app) scenario(args []string) error {
	fs := a.newFlagSet("scenario", "run FILE [-seat N] [-game NAME]",
		"Scenario run sets up the position a scenario file describes, plays its\n"+
			"script of answers and prints, as JSON, every event and the final state,\n"+
			"or with -seat the events as that seat saw them and its view. A file\n"+
			"with an expect block is also checked: failed expectations are listed\n"+
			"on stderr and the exit code is 1.")
	gameName := fs.String("game", "realigious", "the game the scenario is for")
	seat := fs.Int("seat", 0, "print what this seat sees (-3: the spectator) instead of everything")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	switch {
	case len(pos) == 0:
		return usagef(fs, "want a command: run FILE")
	case pos[0] != "run":
		return usagef(fs, "unknown command %q (want run FILE)", pos[0])
	case len(pos) != 2:
		return usagef(fs, "run: want one scenario FILE, have %d arguments", len(pos)-1)
	}
	file := pos[1]
	g, err := a.games.lookup(*gameName)
	if err != nil {
		return usagef(fs, "-game: %v", err)
	}
	runScenario, ok := a.scenarios[g.Descriptor().Name]
	if !ok {
		return usagef(fs, "-game: %s has no scenarios", g.Descriptor().Name)
	}
	all := !flagSet(fs, "seat")
	if !all && *seat != int(engine.Spectator) && (*seat < 0 || *seat >= engine.MaxSeats) {
		return usagef(fs, "-seat %d: want a seat from 0, or -3 for the spectator", *seat)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return fmt.Errorf("scenario: %w", err)
	}
	out, failed, err := runScenario(g, data, engine.Seat(*seat), all)
	if err != nil {
		return fmt.Errorf("scenario %s: %w", file, err)
	}
	fmt.Fprintf(a.stdout, "%s\n", out)
	if len(failed) > 0 {
		return fmt.Errorf("scenario %s: %d expectations failed:\n  %s", file, len(failed), strings.Join(failed, "\n  "))
	}
	return nil
}
