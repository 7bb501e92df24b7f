package loadtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// WireError is the error of a refused request (docs/protocol.md, "Error
// codes").
type WireError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	// Version is the match's version, on match refusals.
	Version int `json:"version"`
	// RetryAfterMS is set on rate_limited.
	RetryAfterMS int64 `json:"retry_after_ms"`
}

func (e *WireError) Error() string {
	return fmt.Sprintf("loadtest: server refused: %s: %s", e.Code, e.Message)
}

// message is one server message as the scanner reads it. Data aliases the
// read buffer: it is valid only until the next message is read.
type message struct {
	Type string // "reply", "frame", "presence", ... (interned)
	ID   int64
	OK   bool
	Data []byte
	Err  *WireError
}

// internType returns a constant string for the push types the load
// generator handles, so that reading a message allocates nothing for its
// type.
func internType(b []byte) string {
	switch string(b) {
	case "reply":
		return "reply"
	case "frame":
		return "frame"
	case "presence":
		return "presence"
	case "queue":
		return "queue"
	case "room":
		return "room"
	case "match_start":
		return "match_start"
	case "unwatched":
		return "unwatched"
	case "party":
		return "party"
	case "friend":
		return "friend"
	case "error":
		return "error"
	case "shutdown":
		return "shutdown"
	}
	return string(b)
}

// parseMessage reads a server message's envelope.
func parseMessage(b []byte) (message, error) {
	var m message
	var err error
	serr := members(b, func(key, val []byte) bool {
		switch string(key) {
		case "type":
			if len(val) < 2 || val[0] != '"' {
				err = fmt.Errorf("%w: type is not a string", errScan)
				return false
			}
			m.Type = internType(val[1 : len(val)-1])
		case "id":
			m.ID, err = atoi(val)
		case "ok":
			m.OK = string(val) == "true"
		case "data":
			m.Data = val
		case "error":
			m.Err = &WireError{}
			err = json.Unmarshal(val, m.Err)
		}
		return err == nil
	})
	if serr != nil {
		return m, serr
	}
	if err != nil {
		return m, fmt.Errorf("loadtest: reading a message: %w", err)
	}
	if m.Type == "" {
		return m, fmt.Errorf("%w: a message without a type", errScan)
	}
	return m, nil
}

// framePrefix is how the server begins every frame push (the gateway
// encodes {"type":"frame","data":{...}} with its fields in that order).
var framePrefix = []byte(`{"type":"frame","data":`)

// parseMessageFast is parseMessage, but a frame push in the server's own
// layout is not scanned twice: its data is everything between the prefix
// and the last '}', and parseFrame walks it once. Anything else takes the
// general path.
func parseMessageFast(b []byte) (message, error) {
	if len(b) > len(framePrefix)+1 && bytes.HasPrefix(b, framePrefix) && b[len(b)-1] == '}' {
		return message{Type: "frame", Data: b[len(framePrefix) : len(b)-1]}, nil
	}
	return parseMessage(b)
}

// readDecision reads a frame's decision with the scanner: with
// encoding/json its answers (up to a hundred strings) were a fifth of the
// generator's CPU and most of its garbage.
func readDecision(b []byte) (*decision, error) {
	d := &decision{}
	var err error
	serr := members(b, func(key, val []byte) bool {
		var n int64
		switch string(key) {
		case "seat":
			n, err = atoi(val)
			d.Seat = int(n)
		case "kind":
			d.Kind, err = text(val, "", 0)
		case "default":
			d.Default, err = text(val, "", 0)
		case "answers":
			d.Answers, err = texts(val)
		}
		return err == nil
	})
	if serr != nil {
		return nil, serr
	}
	return d, err
}

// seatStatus returns the status of seat in a frame's seats ("" if the
// seat is not there).
func seatStatus(b []byte, seat int) (string, error) {
	if string(b) == "null" {
		return "", nil
	}
	var status string
	var err error
	n := 0
	serr := elements(b, func(_ int, val []byte) bool {
		if n++; n-1 < seat {
			return true
		}
		err = members(val, func(key, v []byte) bool {
			if string(key) == "status" {
				status, err = text(v, "", 0)
				return false
			}
			return true
		})
		return false
	})
	if serr != nil {
		return "", serr
	}
	return status, err
}

// decision is the part of a frame's decision a bot client needs.
type decision struct {
	Seat    int      `json:"seat"`
	Kind    string   `json:"kind"`
	Answers []string `json:"answers"`
	Default string   `json:"default"`
}

// frame is what a bot client reads of a frame push: the view, steps and
// seats are skipped.
type frame struct {
	Match    int64
	Seat     int
	From     int
	Version  int
	Decision *decision // nil unless this seat decides now
	Over     bool      // the frame carries the result
	// Away is true when a stand-in bot plays this seat (status idle or
	// left): the player must rejoin to get its decisions back.
	Away bool
}

// parseFrame reads a frame push's data.
func parseFrame(b []byte) (frame, error) {
	if f, ok := parseFrameQuick(b); ok {
		return f, nil
	}
	return parseFrameFull(b)
}

// parseFrameFull reads a frame's data member by member, in any order.
func parseFrameFull(b []byte) (frame, error) {
	var f frame
	var err error
	serr := members(b, func(key, val []byte) bool {
		err = f.set(key, val)
		return err == nil
	})
	if serr != nil {
		return f, serr
	}
	return f, err
}

// set reads one member of a frame's data; unknown ones are ignored.
func (f *frame) set(key, val []byte) error {
	var n int64
	var err error
	switch string(key) {
	case "match":
		f.Match, err = atoi(val)
	case "seat":
		n, err = atoi(val)
		f.Seat = int(n)
	case "from":
		n, err = atoi(val)
		f.From = int(n)
	case "version":
		n, err = atoi(val)
		f.Version = int(n)
	case "decision":
		if string(val) != "null" {
			f.Decision, err = readDecision(val)
		}
	case "result":
		f.Over = string(val) != "null"
	case "seats": // after "seat" in the server's order
		var st string
		st, err = seatStatus(val, f.Seat)
		f.Away = st == "idle" || st == "left"
	}
	if err != nil {
		return fmt.Errorf("loadtest: reading a frame's %s: %w", key, err)
	}
	return nil
}

// The layout of the server's frames (server/gateway encodes the match id
// and then live.Frame's fields in order): the head is "match", "seat",
// "from" and "version", then come "steps" and "view" (the bulk), then
// "seats", "decision", "deadline" and "result".
var (
	frameHead  = []string{"match", "seat", "from", "version"}
	stepsKey   = []byte(`"steps":`)
	seatsAfter = []byte(`,"seats":`)
)

// parseFrameQuick reads a frame in the server's layout without walking
// its steps and view: it reads the head, then jumps to the last
// `,"seats":` and reads from there to the end. That sequence can only be
// the top-level key (inside a JSON string a quote is escaped, and no
// value after the view has a "seats" member). Anything unexpected
// returns false and parseFrame walks the whole frame.
func parseFrameQuick(b []byte) (frame, bool) {
	var f frame
	i := skipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return f, false
	}
	i = skipSpace(b, i+1)
	for _, want := range frameHead {
		key, vstart, vend, err := memberAt(b, i)
		if err != nil || string(key) != want || f.set(key, b[vstart:vend]) != nil {
			return f, false
		}
		next, closed, err := nextMember(b, vend)
		if err != nil || closed >= 0 {
			return f, false
		}
		i = next
	}
	if !bytes.HasPrefix(b[i:], stepsKey) {
		return f, false
	}
	j := bytes.LastIndex(b, seatsAfter)
	if j < i {
		return f, false
	}
	for i = j + 1; ; {
		key, vstart, vend, err := memberAt(b, i)
		if err != nil || f.set(key, b[vstart:vend]) != nil {
			return f, false
		}
		next, closed, err := nextMember(b, vend)
		switch {
		case err != nil:
			return f, false
		case closed >= 0:
			return f, skipSpace(b, closed+1) == len(b)
		}
		i = next
	}
}

// appendAnswer appends the answer message to b. It is built by hand
// because it is the message the load generator sends most.
func appendAnswer(b []byte, id, match int64, version int, answer string) []byte {
	b = append(b, `{"type":"answer","id":`...)
	b = strconv.AppendInt(b, id, 10)
	b = append(b, `,"match":`...)
	b = strconv.AppendInt(b, match, 10)
	b = append(b, `,"version":`...)
	b = strconv.AppendInt(b, int64(version), 10)
	b = append(b, `,"answer":`...)
	q, _ := json.Marshal(answer) // a string always encodes
	b = append(b, q...)
	return append(b, '}')
}
