package main

import (
	"fmt"
	"os"
	"strings"

	"tabletop/engine"
)

func (a *app) replay(args []string) error {
	fs := a.newFlagSet("replay", "FILE",
		"Replay reads a replay file, re-plays every answer under this build's\n"+
			"rules and checks the state hash after each step. It prints a summary,\n"+
			"or fails naming the first step that diverges.")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef(fs, "want one replay FILE, have %d arguments", len(pos))
	}
	f, err := os.Open(pos[0])
	if err != nil {
		return fmt.Errorf("replay: %w", err)
	}
	defer f.Close()
	rep, err := engine.ReadReplay(f)
	if err != nil {
		return fmt.Errorf("replay %s: %w", pos[0], err)
	}
	g, err := a.games.lookup(rep.Header.Game)
	if err != nil {
		return fmt.Errorf("replay %s: %w", pos[0], err)
	}
	final, err := engine.Verify(g, rep)
	if err != nil {
		return fmt.Errorf("replay %s: %w", pos[0], err)
	}
	h := rep.Header
	w := a.stdout
	fmt.Fprintf(w, "replay %s: verified\n", pos[0])
	fmt.Fprintf(w, "game:          %s\n", h.Game)
	fmt.Fprintf(w, "rules version: %s (params %s)\n", h.RulesVersion, h.ParamsHash)
	fmt.Fprintf(w, "config:        %s\n", h.Config)
	fmt.Fprintf(w, "seed:          %d\n", h.Seed)
	fmt.Fprintf(w, "seats:         %d\n", h.Seats)
	fmt.Fprintf(w, "steps:         %d\n", len(rep.Steps))
	fmt.Fprintf(w, "result:        %s\n", describeResult(final))
	fmt.Fprintf(w, "final hash:    %s\n", engine.Hash(final))
	return nil
}

// describeResult says how a match ended, or who decides next.
func describeResult(s engine.State) string {
	if !s.Terminal() {
		d := s.Pending()
		who := fmt.Sprintf("seat %d", d.Seat)
		if d.Seat == engine.Chance {
			who = "chance"
		}
		return fmt.Sprintf("unfinished after %d steps (%s to answer %q)", s.Steps(), who, d.Kind)
	}
	r := s.Result()
	var b strings.Builder
	switch {
	case r.Winner >= 0:
		fmt.Fprintf(&b, "seat %d wins (%s)", r.Winner, r.How)
	case r.How == "" || r.How == "draw":
		b.WriteString("draw")
	default:
		fmt.Fprintf(&b, "draw (%s)", r.How)
	}
	if len(r.Ranking) > 0 {
		parts := make([]string, len(r.Ranking))
		for i, s := range r.Ranking {
			parts[i] = fmt.Sprint(int(s))
		}
		fmt.Fprintf(&b, ", ranking %s", strings.Join(parts, " > "))
	}
	return b.String()
}
