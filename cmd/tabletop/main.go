// Command tabletop is the one binary of the project: it simulates matches
// between bots, speaks a JSON-lines protocol to external bots, verifies
// replays, lets a person play in the terminal and runs rules scenarios. Run "tabletop help" for the list of subcommands.
//
// Everything is wired here explicitly: run builds the registry of games and
// hands it to the subcommands; there is no package-level mutable state.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"tabletop/games/realigious"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit codes.
const (
	exitOK      = 0
	exitFailure = 1 // the command ran and failed
	exitUsage   = 2 // the command line is wrong
)

// app carries what every subcommand needs: the games, their scenario
// runners and the standard streams.
type app struct {
	games *registry
	// scenarios holds the scenario runner of each game that has one.
	scenarios map[string]scenarioRunner
	// rules holds the rules-parameters loader of each game that has one.
	rules  map[string]rulesLoader
	stdin  io.Reader
	stdout io.Writer
	stderr io.Writer
}

// command is one subcommand.
type command struct {
	name    string
	summary string
	run     func(a *app, args []string) error
}

// commands returns the subcommands in the order "help" lists them.
func commands() []command {
	return []command{
		{"sim", "play seeded matches between bots and report balance statistics", (*app).sim},
		{"engine", "speak the JSON-lines engine protocol on stdin/stdout (external bots)", (*app).engine},
		{"replay", "verify a replay file and summarize it", (*app).replay},
		{"play", "play a match in the terminal against random bots", (*app).play},
		{"scenario", "run a rules scenario file (scenario run FILE)", (*app).scenario},
		{"serve", "run the game server (HTTP, WebSocket, web client, SQLite)", (*app).serve},
		{"backup", "copy a running server's database (backup -data DIR OUT)", (*app).backup},
		{"loadtest", "drive bot clients over WebSockets against a server and measure it", (*app).loadtest},
		{"help", "show this help, or a subcommand's (help SUBCOMMAND)", (*app).help},
	}
}

// run is the whole program: it parses args (without the program name),
// runs the subcommand and returns the exit code. Tests call it in-process.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	a := &app{
		games:     newRegistry(realigious.New()),
		scenarios: map[string]scenarioRunner{"realigious": realigiousScenario},
		rules:     map[string]rulesLoader{"realigious": realigiousRules},
		stdin:     stdin,
		stdout:    stdout,
		stderr:    stderr,
	}
	if len(args) == 0 {
		a.usage(stderr)
		return exitUsage
	}
	name := args[0]
	switch name {
	case "-h", "-help", "--help":
		name = "help"
	}
	for _, c := range commands() {
		if c.name == name {
			return a.exit(c.run(a, args[1:]))
		}
	}
	fmt.Fprintf(stderr, "tabletop: unknown subcommand %q\n\n", name)
	a.usage(stderr)
	return exitUsage
}

// exit reports err on stderr and returns the exit code for it.
func (a *app) exit(err error) int {
	var ue *usageError
	switch {
	case err == nil:
		return exitOK
	case errors.Is(err, flag.ErrHelp):
		return exitOK
	case errors.As(err, &ue):
		fmt.Fprintf(a.stderr, "tabletop: %v\n", err)
		if ue.fs != nil {
			fmt.Fprintf(a.stderr, "run 'tabletop %s -h' for usage\n", ue.fs.Name())
		}
		return exitUsage
	default:
		fmt.Fprintf(a.stderr, "tabletop: %v\n", err)
		return exitFailure
	}
}

// usageError is a wrong command line: exit code 2.
type usageError struct {
	fs  *flag.FlagSet // the subcommand's flags, or nil
	err error
}

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// usagef returns a usageError for the subcommand of fs.
func usagef(fs *flag.FlagSet, format string, args ...any) error {
	return &usageError{fs: fs, err: fmt.Errorf(fs.Name()+": "+format, args...)}
}

// usage writes the list of subcommands.
func (a *app) usage(w io.Writer) {
	fmt.Fprintf(w, "tabletop is the rules engine and game server for Realigious.\n\n")
	fmt.Fprintf(w, "Usage:\n\n\ttabletop <subcommand> [flags] [arguments]\n\nSubcommands:\n\n")
	for _, c := range commands() {
		fmt.Fprintf(w, "\t%-9s %s\n", c.name, c.summary)
	}
	fmt.Fprintf(w, "\nGames: %s\n", strings.Join(a.games.names(), ", "))
	fmt.Fprintf(w, "Run 'tabletop <subcommand> -h' for a subcommand's flags.\n")
}

// help prints the usage, or a subcommand's usage.
func (a *app) help(args []string) error {
	if len(args) == 0 {
		a.usage(a.stdout)
		return nil
	}
	for _, c := range commands() {
		if c.name == args[0] && c.name != "help" {
			return c.run(a, []string{"-h"})
		}
	}
	return &usageError{err: fmt.Errorf("help: unknown subcommand %q", args[0])}
}

// newFlagSet returns a flag set for a subcommand whose errors parse
// reports. synopsis is the line after "usage: tabletop NAME".
func (a *app) newFlagSet(name, synopsis, about string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		w := a.stdout
		fmt.Fprintf(w, "usage: tabletop %s %s\n\n%s\n", name, synopsis, about)
		n := 0
		fs.VisitAll(func(*flag.Flag) { n++ })
		if n > 0 {
			fmt.Fprintf(w, "\nFlags:\n")
			fs.SetOutput(w)
			fs.PrintDefaults()
			fs.SetOutput(io.Discard)
		}
	}
	return fs
}

// parse parses args with fs, letting flags follow positional arguments
// ("replay FILE -x"), and returns the positional arguments. -h prints the
// usage and returns flag.ErrHelp.
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	usage := fs.Usage
	fs.Usage = func() {} // the flag package calls it on every error
	defer func() { fs.Usage = usage }()
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				usage()
				return nil, err
			}
			return nil, &usageError{fs: fs, err: fmt.Errorf("%s: %w", fs.Name(), err)}
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		if args[0] == "--" {
			return append(pos, args[1:]...), nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// isTerminal reports whether w is a terminal (a character device).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
