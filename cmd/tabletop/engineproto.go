package main

// This file holds the engine protocol's wire format: error codes, the
// request a line decodes to, and the response lines.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Error codes of the engine protocol.
const (
	codeBadJSON        = "bad_json"        // the line is not one JSON object
	codeBadRequest     = "bad_request"     // a field is missing, unknown or of the wrong type
	codeLineTooLong    = "line_too_long"   // the line exceeds maxEngineLine bytes
	codeUnknownCmd     = "unknown_cmd"     // "cmd" names no command
	codeNoGame         = "no_game"         // the command needs a game; send "new" first
	codeUnknownGame    = "unknown_game"    // "new" names a game this binary lacks
	codeBadPlayers     = "bad_players"     // "new": the game does not play with that many seats
	codeBadConfig      = "bad_config"      // "new": the game rejected the config
	codeBadSeat        = "bad_seat"        // "view": no such seat
	codeBadAnswerText  = "bad_answer_text" // "apply": the text is no answer of the pending decision
	codeIllegalAnswer  = "illegal_answer"  // "apply": the answer is not legal now
	codeGameOver       = "game_over"       // the match is over
	codeNotChance      = "not_chance"      // "chance": a seat must answer, not chance
	codeChancePending  = "chance_pending"  // "bot": chance decides now, not a seat
	codeUnknownBot     = "unknown_bot"     // "bot": no such bot or level
	codeBotUnavailable = "bot_unavailable" // "bot": the bot cannot play this game (the game lacks what it needs)
	codeInternal       = "internal"        // a bug in this binary or the game; please report it
)

// protoError is an error with its protocol code.
type protoError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

func (e *protoError) Error() string { return e.Code + ": " + e.Message }

func perr(code, format string, args ...any) *protoError {
	return &protoError{Code: code, Message: fmt.Sprintf(format, args...)}
}

// engineRequest is every field any request may carry; each command reads
// the ones it needs. Unknown fields are rejected (bad_request) so that a
// misspelt field is not silently ignored.
type engineRequest struct {
	ID      json.RawMessage `json:"id"`
	Cmd     string          `json:"cmd"`
	Game    string          `json:"game"`
	Players int             `json:"players"`
	Seed    *jsonSeed       `json:"seed"`
	Config  json.RawMessage `json:"config"`
	Seat    *int            `json:"seat"`
	Answer  *string         `json:"answer"`
	Level   string          `json:"level"`
	Apply   bool            `json:"apply"`
}

// jsonSeed is a uint64 seed given as a JSON number or a decimal string.
type jsonSeed uint64

func (s *jsonSeed) UnmarshalJSON(b []byte) error {
	text := string(b)
	if uq, err := strconv.Unquote(text); err == nil {
		text = uq
	}
	n, err := strconv.ParseUint(text, 10, 64)
	if err != nil {
		return fmt.Errorf("seed %s: want an integer from 0 to 18446744073709551615, as a number or a string", b)
	}
	*s = jsonSeed(n)
	return nil
}

// decodeRequest parses a request line strictly.
func decodeRequest(line []byte, req *engineRequest) *protoError {
	trimmed := bytes.TrimSpace(line)
	if !json.Valid(trimmed) {
		return perr(codeBadJSON, "not a JSON value: %s", clip(trimmed))
	}
	if trimmed[0] != '{' {
		return perr(codeBadJSON, "want a JSON object, have %s", clip(trimmed))
	}
	// Read the id first, so that even a bad request's error carries it.
	var head struct {
		ID json.RawMessage `json:"id"`
	}
	_ = json.Unmarshal(trimmed, &head)
	dec := json.NewDecoder(bytes.NewReader(trimmed))
	dec.DisallowUnknownFields()
	if err := dec.Decode(req); err != nil {
		req.ID = head.ID
		return perr(codeBadRequest, "%s", strings.TrimPrefix(err.Error(), "json: "))
	}
	if req.Cmd == "" {
		return perr(codeBadRequest, `missing "cmd" (one of %s)`, strings.Join(engineCommands, ", "))
	}
	return nil
}

// clip shortens a bad line for an error message.
func clip(b []byte) string {
	const n = 80
	if len(b) > n {
		return strconv.Quote(string(b[:n])) + "..."
	}
	return strconv.Quote(string(b))
}

// okLine is a success response: {"ok":true,"id":...} followed by the
// fields of body, which must encode as a JSON object.
func okLine(id json.RawMessage, body any) []byte {
	b, err := json.Marshal(body)
	if err != nil || len(b) < 2 || b[0] != '{' {
		return errorLine(id, perr(codeInternal, "encode response: %v", err))
	}
	out := []byte(`{"ok":true`)
	if len(id) > 0 {
		out = append(out, `,"id":`...)
		out = append(out, compactJSON(id)...)
	}
	if len(b) > 2 {
		out = append(out, ',')
	}
	return append(out, b[1:]...)
}

// errorLine is a failure response.
func errorLine(id json.RawMessage, e *protoError) []byte {
	out := []byte(`{"ok":false`)
	if len(id) > 0 {
		out = append(out, `,"id":`...)
		out = append(out, compactJSON(id)...)
	}
	b, _ := json.Marshal(e)
	out = append(out, `,"error":`...)
	out = append(out, b...)
	return append(out, '}')
}

// compactJSON removes the insignificant spaces of valid JSON, so that an
// echoed id cannot break the one-line rule.
func compactJSON(b []byte) []byte {
	var buf bytes.Buffer
	if json.Compact(&buf, b) != nil {
		return []byte("null")
	}
	return buf.Bytes()
}
