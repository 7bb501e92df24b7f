package main

// This file holds the engine protocol's commands, one method each, behind
// the dispatch in do.

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"tabletop/bots"
	"tabletop/engine"
)

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
