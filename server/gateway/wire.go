package gateway

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"tabletop/store"
)

// ProtocolVersion is the newest WebSocket protocol this server speaks and
// MinProtocol the oldest; a client names the one it speaks in hello
// (docs/protocol.md). Protocol 4 sends view patches in frames where
// protocol 3 sends whole views; nothing else differs. Protocols 1 and 2
// were the same pair with Realigious's sight in every tile rather than
// in the view's "visible" string, and are no longer spoken.
const (
	ProtocolVersion = 4
	MinProtocol     = 3
	// PatchProtocol is the first protocol whose frames carry view
	// patches.
	PatchProtocol = 4
)

// supportedProtocols lists the protocols hello accepts.
func supportedProtocols() []int {
	out := make([]int, 0, ProtocolVersion-MinProtocol+1)
	for v := MinProtocol; v <= ProtocolVersion; v++ {
		out = append(out, v)
	}
	return out
}

// MaxMessage is the largest WebSocket message and REST body, in bytes.
const MaxMessage = 64 << 10

// maxID is the largest message id: ids must survive a JavaScript number.
const maxID = 1<<53 - 1

// Message is one client message, decoded and checked by Decode: Type
// names it, ID (0 if absent) is echoed by the reply, and the other fields
// are those its type allows (zero when absent). The same struct serves
// every type, so that one decoder with one fuzz test guards them all.
type Message struct {
	Type string
	ID   int64

	// hello
	Protocol int
	Token    string
	// matches
	Match   store.MatchID
	Since   int
	Version int
	Answer  string
	// lobby
	Username  string
	Account   store.AccountID
	From      store.AccountID
	Players   int
	Level     string
	BotLevel  string
	Character string
	Religion  string
	// Slot is nil when room_choose leaves the trait slot as it is.
	Slot *int
}

// fieldSpec is what one message type accepts beyond type and id.
type fieldSpec struct {
	allowed  []string
	required []string
}

// spec returns the fields of a message type, false for an unknown type.
// Keep it in step with docs/protocol.md.
func spec(typ string) (fieldSpec, bool) {
	switch typ {
	case "hello":
		return fieldSpec{allowed: []string{"protocol", "token"}, required: []string{"protocol"}}, true
	case "ping", "live_matches", "friends", "party_leave", "party", "party_create", "queue_cancel", "room", "room_ready", "room_leave":
		return fieldSpec{}, true
	case "watch":
		return fieldSpec{allowed: []string{"match", "since"}, required: []string{"match"}}, true
	case "unwatch", "leave", "rejoin", "concede":
		return fieldSpec{allowed: []string{"match"}, required: []string{"match"}}, true
	case "answer":
		return fieldSpec{allowed: []string{"match", "version", "answer"}, required: []string{"match", "version", "answer"}}, true
	case "friend_request":
		return fieldSpec{allowed: []string{"username"}, required: []string{"username"}}, true
	case "friend_accept", "friend_remove", "invite", "party_kick":
		return fieldSpec{allowed: []string{"account"}, required: []string{"account"}}, true
	case "invite_accept", "invite_decline":
		return fieldSpec{allowed: []string{"from"}, required: []string{"from"}}, true
	case "queue":
		return fieldSpec{allowed: []string{"players"}, required: []string{"players"}}, true
	case "play_bots":
		return fieldSpec{allowed: []string{"players", "level"}, required: []string{"players"}}, true
	case "private_match":
		return fieldSpec{allowed: []string{"players", "bot_level"}, required: []string{"players"}}, true
	case "room_choose":
		return fieldSpec{allowed: []string{"character", "religion", "slot"}}, true
	}
	return fieldSpec{}, false
}

// wireMessage is the strict JSON shape of every field a message may have.
type wireMessage struct {
	Type      string          `json:"type"`
	ID        json.RawMessage `json:"id"`
	Protocol  int             `json:"protocol"`
	Token     string          `json:"token"`
	Match     store.MatchID   `json:"match"`
	Since     int             `json:"since"`
	Version   int             `json:"version"`
	Answer    string          `json:"answer"`
	Username  string          `json:"username"`
	Account   store.AccountID `json:"account"`
	From      store.AccountID `json:"from"`
	Players   int             `json:"players"`
	Level     string          `json:"level"`
	BotLevel  string          `json:"bot_level"`
	Character string          `json:"character"`
	Religion  string          `json:"religion"`
	Slot      *int            `json:"slot"`
}

// Decode reads one client message. It never panics; a message it refuses
// is an *Error with CodeBadRequest or CodeUnknownType, and the returned
// Message still carries the ID whenever it could be read, so that the
// refusal can be addressed to it.
func Decode(b []byte) (Message, error) {
	if m, ok := decodeAnswerFast(b); ok {
		return m, nil
	}
	return decodeGeneral(b)
}

// decodeGeneral is Decode for every message: the members are checked
// against the type's, then decoded strictly.
func decodeGeneral(b []byte) (Message, error) {
	var keys map[string]json.RawMessage
	if err := json.Unmarshal(b, &keys); err != nil {
		return Message{}, errorf(CodeBadRequest, "the message is not a JSON object: %v", err)
	}
	if keys == nil {
		return Message{}, errorf(CodeBadRequest, "the message is not a JSON object")
	}
	var m Message
	if raw, ok := keys["id"]; ok {
		id, err := decodeID(raw)
		if err != nil {
			return Message{}, err
		}
		m.ID = id
	}
	raw, ok := keys["type"]
	if !ok {
		return m, errorf(CodeBadRequest, "the message has no type")
	}
	if err := json.Unmarshal(raw, &m.Type); err != nil {
		return m, errorf(CodeBadRequest, "type must be a string")
	}
	sp, ok := spec(m.Type)
	if !ok {
		return m, errorf(CodeUnknownType, "unknown message type %q", truncate(m.Type, 40))
	}
	for k := range keys {
		if k != "type" && k != "id" && !slices.Contains(sp.allowed, k) {
			return m, errorf(CodeBadRequest, "%s: unknown field %q", m.Type, truncate(k, 40))
		}
	}
	for _, k := range sp.required {
		if v, ok := keys[k]; !ok || bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
			return m, errorf(CodeBadRequest, "%s: %s is required", m.Type, k)
		}
	}
	var w wireMessage
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return m, errorf(CodeBadRequest, "%s: %v", m.Type, cleanJSONError(err))
	}
	m.Protocol, m.Token = w.Protocol, w.Token
	m.Match, m.Since, m.Version, m.Answer = w.Match, w.Since, w.Version, w.Answer
	m.Username, m.Account, m.From = w.Username, w.Account, w.From
	m.Players, m.Level, m.BotLevel = w.Players, w.Level, w.BotLevel
	m.Character, m.Religion, m.Slot = w.Character, w.Religion, w.Slot
	if err := m.check(); err != nil {
		return m, err
	}
	return m, nil
}

// decodeID reads a message id: an integer from 0 to 2^53-1.
func decodeID(raw json.RawMessage) (int64, error) {
	var id int64
	if err := json.Unmarshal(raw, &id); err != nil || id < 0 || id > maxID {
		return 0, errorf(CodeBadRequest, "id must be an integer from 0 to 2^53-1")
	}
	return id, nil
}

// check refuses values no handler could use.
func (m *Message) check() error {
	switch {
	case m.Match < 0:
		return errorf(CodeBadRequest, "%s: match must be positive", m.Type)
	case m.Since < 0:
		return errorf(CodeBadRequest, "%s: since must not be negative", m.Type)
	case m.Version < 0:
		return errorf(CodeBadRequest, "%s: version must not be negative", m.Type)
	case m.Account < 0 || m.From < 0:
		return errorf(CodeBadRequest, "%s: account ids are positive", m.Type)
	case len(m.Answer) > 200 || len(m.Username) > 64 || len(m.Token) > 128:
		return errorf(CodeBadRequest, "%s: a field is too long", m.Type)
	case len(m.Level) > 32 || len(m.BotLevel) > 32 || len(m.Character) > 32 || len(m.Religion) > 32:
		return errorf(CodeBadRequest, "%s: a field is too long", m.Type)
	}
	if m.Type != "hello" && m.Match == 0 && slices.Contains([]string{"watch", "unwatch", "answer", "leave", "rejoin", "concede"}, m.Type) {
		return errorf(CodeBadRequest, "%s: match must be positive", m.Type)
	}
	return nil
}

// wireTime is a time as the protocol carries it: UTC, to the
// millisecond, like frame deadlines and the times the store keeps.
func wireTime(t time.Time) time.Time { return t.UTC().Truncate(time.Millisecond) }

// cleanJSONError keeps the decoder's message short and free of Go types.
func cleanJSONError(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		if te.Field == "" { // the value itself: an array where an object belongs
			return "a JSON object is needed, not " + typeName(te.Value)
		}
		return fmt.Sprintf("%s has the wrong type (%s)", te.Field, typeName(te.Value))
	}
	return truncate(strings.TrimPrefix(err.Error(), "json: "), 120)
}

// typeName reads an UnmarshalTypeError's Value ("array", "string",
// "number 1e99", "bool") as a phrase.
func typeName(v string) string {
	switch {
	case v == "array", v == "object":
		return "an " + v
	case v == "bool":
		return "true or false"
	case v == "string", strings.HasPrefix(v, "number"):
		return "a " + v
	}
	return v
}

// jsonKind names the kind of a JSON value, for error messages.
func jsonKind(v []byte) string {
	v = bytes.TrimSpace(v)
	if len(v) == 0 {
		return "nothing"
	}
	switch v[0] {
	case '"':
		return "a string"
	case '[':
		return "an array"
	case '{':
		return "an object"
	case 't', 'f':
		return "true or false"
	case 'n':
		return "null"
	}
	return "a number"
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
