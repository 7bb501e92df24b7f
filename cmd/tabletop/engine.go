package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"tabletop/bots"
	"tabletop/engine"
)

// The engine protocol: one JSON request per line on stdin, one JSON
// response per line on stdout, documented in docs/engine-protocol.md. Bump
// engineVersion whenever a request or response changes incompatibly.
const (
	engineProtocol = "tabletop-engine"
	engineVersion  = 1
	// maxEngineLine bounds a request line; a longer one is answered with
	// line_too_long and skipped.
	maxEngineLine = 1 << 20
)

// engineCommands lists the commands in the order "hello" reports them.
var engineCommands = []string{"hello", "new", "view", "legal", "apply", "chance", "bot", "state_hash", "replay", "quit"}

// engineSession is the state of one protocol conversation: at most one
// match, and the built-in bots asked so far, by seat and name.
type engineSession struct {
	a    *app
	m    *engine.Match
	bots map[botKey]bots.Bot
}

type botKey struct {
	seat engine.Seat
	name string
}

func (a *app) engine(args []string) error {
	fs := a.newFlagSet("engine", "",
		"Engine speaks the JSON-lines engine protocol on stdin and stdout, for\n"+
			"external bots and tools: one JSON request per line, one JSON response\n"+
			"per line. Send {\"cmd\":\"hello\"} first; docs/engine-protocol.md\n"+
			"documents every command. End of input or {\"cmd\":\"quit\"} ends it.")
	pos, err := parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) > 0 {
		return usagef(fs, "unexpected argument %q", pos[0])
	}
	s := &engineSession{a: a, bots: map[botKey]bots.Bot{}}
	return s.serve(a.stdin, a.stdout)
}

// serve answers requests from r on w until end of input or "quit".
func (s *engineSession) serve(r io.Reader, w io.Writer) error {
	in := bufio.NewReaderSize(r, 64<<10)
	out := bufio.NewWriter(w)
	for {
		line, tooLong, rerr := readLine(in, maxEngineLine)
		if rerr != nil && rerr != io.EOF {
			return fmt.Errorf("engine: read: %w", rerr)
		}
		var resp []byte
		quit := false
		switch {
		case tooLong:
			resp = errorLine(nil, perr(codeLineTooLong, "request longer than %d bytes", maxEngineLine))
		case len(bytes.TrimSpace(line)) == 0:
			// Blank lines are ignored: no response.
		default:
			resp, quit = s.handle(line)
		}
		if resp != nil {
			out.Write(resp)
			out.WriteByte('\n')
			if err := out.Flush(); err != nil {
				return fmt.Errorf("engine: write: %w", err)
			}
		}
		if quit || rerr == io.EOF {
			return nil
		}
	}
}

// readLine reads one line without its end, keeping at most limit bytes;
// tooLong reports that the line was longer (and was consumed).
func readLine(r *bufio.Reader, limit int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > limit+1 { // +1: the newline
			tooLong = true
			line = line[:0]
		} else if !tooLong {
			line = append(line, chunk...)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		line = bytes.TrimSuffix(bytes.TrimSuffix(line, []byte("\n")), []byte("\r"))
		return line, tooLong, err
	}
}

// handle answers one request line. It never panics: a panic in a game or a
// bot is answered with the internal code.
func (s *engineSession) handle(line []byte) (resp []byte, quit bool) {
	var req engineRequest
	if perr := decodeRequest(line, &req); perr != nil {
		return errorLine(req.ID, perr), false
	}
	defer func() {
		if p := recover(); p != nil {
			resp, quit = errorLine(req.ID, perr(codeInternal, "%s: panic: %v", req.Cmd, p)), false
		}
	}()
	body, err := s.do(&req)
	if err != nil {
		var pe *protoError
		if !errors.As(err, &pe) {
			pe = perr(codeInternal, "%s: %v", req.Cmd, err)
		}
		return errorLine(req.ID, pe), false
	}
	return okLine(req.ID, body), req.Cmd == "quit"
}
