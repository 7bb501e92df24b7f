package main

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

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

// do runs one parsed request and returns the response body.
func (s *engineSession) do(req *engineRequest) (any, error) {
	switch req.Cmd {
	case "hello":
		return s.hello(), nil
	case "new":
		return s.newMatch(req)
	case "quit":
		return struct{}{}, nil
	}
	if !slices.Contains(engineCommands, req.Cmd) {
		return nil, perr(codeUnknownCmd, "unknown cmd %q (known: %s)", req.Cmd, strings.Join(engineCommands, ", "))
	}
	if s.m == nil {
		return nil, perr(codeNoGame, `%s: no game yet; send {"cmd":"new",...} first`, req.Cmd)
	}
	switch req.Cmd {
	case "view":
		return s.view(req)
	case "legal":
		return s.legal(), nil
	case "apply":
		if req.Answer == nil {
			return nil, perr(codeBadRequest, `apply: missing "answer" (an answer text from "legal")`)
		}
		return s.apply(*req.Answer)
	case "chance":
		return s.chance()
	case "bot":
		return s.bot(req)
	case "state_hash":
		return struct {
			Step int    `json:"step"`
			Hash string `json:"hash"`
		}{s.m.Steps(), engine.Hash(s.m.State())}, nil
	case "replay":
		return struct {
			Replay *engine.Replay `json:"replay"`
		}{s.m.Replay()}, nil
	}
	return nil, perr(codeInternal, "cmd %q has no handler", req.Cmd)
}

// gameInfo describes one game in the hello response.
type gameInfo struct {
	Name              string `json:"name"`
	MinSeats          int    `json:"min_seats"`
	MaxSeats          int    `json:"max_seats"`
	RulesVersion      string `json:"rules_version"`
	ParamsHash        string `json:"params_hash"`
	HiddenInformation bool   `json:"hidden_information"`
}

func (s *engineSession) hello() any {
	games := make([]gameInfo, 0, len(s.a.games.games))
	for _, g := range s.a.games.games {
		d := g.Descriptor()
		games = append(games, gameInfo{d.Name, d.MinSeats, d.MaxSeats, d.RulesVersion, g.ParamsHash(), d.HiddenInformation})
	}
	return struct {
		Protocol string     `json:"protocol"`
		Version  int        `json:"version"`
		Commands []string   `json:"commands"`
		Games    []gameInfo `json:"games"`
		Bots     []string   `json:"bots"`
	}{engineProtocol, engineVersion, engineCommands, games, botNames()}
}

// decisionBody is the part of several responses that says where the match
// stands.
type decisionBody struct {
	Step     int                 `json:"step"`
	Decision engine.DecisionJSON `json:"decision"`
	Terminal bool                `json:"terminal"`
	Result   *engine.Result      `json:"result,omitempty"`
}

func (s *engineSession) where() decisionBody {
	st := s.m.State()
	d := decisionBody{Step: st.Steps(), Decision: engine.DescribeDecision(st), Terminal: st.Terminal()}
	if d.Terminal {
		r := st.Result()
		d.Result = &r
	}
	return d
}

func (s *engineSession) newMatch(req *engineRequest) (any, error) {
	name := req.Game
	if name == "" {
		name = s.a.games.names()[0]
	}
	g, err := s.a.games.lookup(name)
	if err != nil {
		return nil, perr(codeUnknownGame, "new: %v", err)
	}
	d := g.Descriptor()
	if req.Players < d.MinSeats || req.Players > d.MaxSeats {
		return nil, perr(codeBadPlayers, `new: "players" %d: %s plays with %d to %d`, req.Players, d.Name, d.MinSeats, d.MaxSeats)
	}
	var seed uint64
	if req.Seed != nil {
		seed = uint64(*req.Seed)
	} else {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return nil, perr(codeInternal, "new: seed: %v", err)
		}
		seed = binary.LittleEndian.Uint64(b[:]) >> 11 // < 2^53: exact in every JSON reader
	}
	config := req.Config
	if bytes.Equal(bytes.TrimSpace(config), []byte("null")) {
		config = nil
	}
	m, err := engine.NewMatch(g, config, req.Players, seed)
	if err != nil {
		return nil, perr(codeBadConfig, "new: %v", err)
	}
	s.m = m
	clear(s.bots)
	h := m.Header()
	return struct {
		Game         string          `json:"game"`
		Players      int             `json:"players"`
		Seed         uint64          `json:"seed,string"`
		RulesVersion string          `json:"rules_version"`
		ParamsHash   string          `json:"params_hash"`
		Config       json.RawMessage `json:"config"`
		StateHash    string          `json:"state_hash"`
		decisionBody
	}{h.Game, h.Seats, h.Seed, h.RulesVersion, h.ParamsHash, h.Config, engine.Hash(m.State()), s.where()}, nil
}

func (s *engineSession) view(req *engineRequest) (any, error) {
	if req.Seat == nil {
		return nil, perr(codeBadRequest, `view: missing "seat" (0 to %d, or %d for the spectator view)`, s.m.Header().Seats-1, engine.Spectator)
	}
	seat := engine.Seat(*req.Seat)
	if seat != engine.Spectator && (seat < 0 || int(seat) >= s.m.Header().Seats) {
		return nil, perr(codeBadSeat, "view: seat %d: want 0 to %d, or %d for the spectator view", *req.Seat, s.m.Header().Seats-1, engine.Spectator)
	}
	return struct {
		Seat engine.Seat `json:"seat"`
		Step int         `json:"step"`
		View any         `json:"view"`
	}{seat, s.m.Steps(), s.m.State().View(seat)}, nil
}

func (s *engineSession) legal() any {
	return s.where()
}

// applied is the response to an answer that changed the match: who
// answered what, the events as each seat and a spectator may see them,
// and the next decision.
type applied struct {
	Seat            engine.Seat      `json:"seat"`
	Answer          string           `json:"answer"`
	Events          [][]engine.Event `json:"events"`
	SpectatorEvents []engine.Event   `json:"spectator_events"`
	decisionBody
}

// finish builds the applied response; it must run before the next Apply,
// since the events alias the state's buffer.
func (s *engineSession) finish(seat engine.Seat, text string, events []engine.Event) *applied {
	r := &applied{Seat: seat, Answer: text, Events: make([][]engine.Event, s.m.Header().Seats)}
	for i := range r.Events {
		r.Events[i] = engine.Redact(events, engine.Seat(i))
	}
	r.SpectatorEvents = engine.Redact(events, engine.Spectator)
	r.decisionBody = s.where()
	return r
}

// applyError maps an error of Match.Apply and friends to its code.
func applyError(cmd string, err error) error {
	switch {
	case errors.Is(err, engine.ErrGameOver):
		return perr(codeGameOver, "%s: %v", cmd, err)
	case errors.Is(err, engine.ErrIllegalAnswer):
		return perr(codeIllegalAnswer, "%s: %v", cmd, err)
	case errors.Is(err, engine.ErrBadAnswerText):
		return perr(codeBadAnswerText, "%s: %v", cmd, err)
	case errors.Is(err, engine.ErrNotChance):
		return perr(codeNotChance, "%s: %v", cmd, err)
	}
	return perr(codeInternal, "%s: %v", cmd, err)
}

func (s *engineSession) apply(text string) (any, error) {
	st := s.m.State()
	if st.Terminal() {
		return nil, applyError("apply", s.overErr())
	}
	d := st.Pending()
	a, err := st.ParseAnswer(text)
	if err != nil {
		return nil, perr(codeBadAnswerText, "apply: %q is no answer to the %q decision: %v", text, d.Kind, err)
	}
	canon := st.AnswerText(a)
	if legal := st.Legal(nil); !slices.Contains(legal, a) {
		return nil, perr(codeIllegalAnswer, "apply: %q is not legal now for the %q decision of seat %d (legal: %s)",
			canon, d.Kind, d.Seat, strings.Join(engine.DescribeDecision(st).Answers, ", "))
	}
	events, err := s.m.Apply(a)
	if err != nil {
		return nil, applyError("apply", err)
	}
	return s.finish(d.Seat, canon, events), nil
}

// overErr is the game-over error for a finished match.
func (s *engineSession) overErr() error {
	return fmt.Errorf("the match ended after %d steps: %w", s.m.Steps(), engine.ErrGameOver)
}

func (s *engineSession) chance() (any, error) {
	st := s.m.State()
	if st.Terminal() {
		return nil, applyError("chance", s.overErr())
	}
	d := st.Pending()
	if d.Seat != engine.Chance {
		return nil, perr(codeNotChance, `chance: seat %d must answer the %q decision, not chance`, d.Seat, d.Kind)
	}
	// The answer Match.ResolveChance gives, computed first for its text.
	outcomes := st.Chance()
	total := 0
	for _, o := range outcomes {
		total += max(o.Weight, 0)
	}
	if total <= 0 {
		return nil, perr(codeInternal, "chance: the %q decision has no outcome of positive weight", d.Kind)
	}
	a := engine.ChanceAnswer(s.m.Header().Seed, s.m.Steps(), outcomes)
	text := st.AnswerText(a)
	events, err := s.m.Apply(a)
	if err != nil {
		return nil, applyError("chance", err)
	}
	return s.finish(d.Seat, text, events), nil
}

func (s *engineSession) bot(req *engineRequest) (any, error) {
	if req.Level == "" {
		return nil, perr(codeBadRequest, `bot: missing "level" (one of %s)`, strings.Join(botNames(), ", "))
	}
	st := s.m.State()
	if st.Terminal() {
		return nil, applyError("bot", s.overErr())
	}
	d := st.Pending()
	if d.Seat == engine.Chance {
		return nil, perr(codeChancePending, `bot: chance decides the %q decision; send {"cmd":"chance"}`, d.Kind)
	}
	key := botKey{d.Seat, req.Level}
	b, ok := s.bots[key]
	if !ok {
		var err error
		if b, err = newBot(s.m.Game(), req.Level, s.m.Header().Seed, d.Seat); err != nil {
			if slices.Contains(botNames(), req.Level) {
				return nil, perr(codeBotUnavailable, "bot: %v", err)
			}
			return nil, perr(codeUnknownBot, "bot: %v", err)
		}
		s.bots[key] = b
	}
	obs, err := bots.Observe(st, d.Seat, bots.NeedsView(b))
	if err != nil {
		return nil, perr(codeInternal, "bot: %v", err)
	}
	a := b.Step(obs)
	text := st.AnswerText(a)
	resp := struct {
		Seat    engine.Seat `json:"seat"`
		Level   string      `json:"level"`
		Answer  string      `json:"answer"`
		Applied bool        `json:"applied"`
		*applied
	}{Seat: d.Seat, Level: req.Level, Answer: text}
	if req.Apply {
		events, err := s.m.Apply(a)
		if err != nil {
			return nil, applyError("bot", err)
		}
		resp.Applied = true
		resp.applied = s.finish(d.Seat, text, events)
	}
	return resp, nil
}
