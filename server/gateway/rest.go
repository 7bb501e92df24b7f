package gateway

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"tabletop/games/realigious"
	"tabletop/server/live"
	"tabletop/store"
)

// api wraps a REST handler: the origin check for state-changing methods,
// the body limit, and errors written as {"error":{...}}.
func (s *Server) api(h func(w http.ResponseWriter, r *http.Request) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-store")
		if unsafeMethod(r.Method) && !s.originAllowed(r) {
			s.writeError(w, r, errorf(CodeBadOrigin, "origin %q may not call this server", truncate(r.Header.Get("Origin"), 100)))
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, MaxMessage)
		if err := h(w, r); err != nil {
			s.writeError(w, r, err)
		}
	}
}

// writeError writes a refusal with its HTTP status, and logs failures.
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	e := toWire(err)
	if e.Code == CodeInternal {
		s.log.Error("request failed", "method", r.Method, "path", r.URL.Path, "err", err)
	}
	s.metrics.errors.WithLabelValues(string(e.Code)).Inc()
	if e.Code == CodeRateLimited {
		w.Header().Set("Retry-After", retryAfterSeconds(e.RetryAfter))
	}
	writeJSON(w, httpStatus(e.Code), map[string]any{"error": e.wire()})
}

func retryAfterSeconds(d time.Duration) string {
	n := int64((d + time.Second - 1) / time.Second)
	return strconv.FormatInt(max(n, 1), 10)
}

// writeJSON writes v with a status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// readJSON decodes a request body strictly: one object, no unknown
// fields. An empty body decodes as {} when empty is allowed.
func readJSON(r *http.Request, v any, emptyOK bool) error {
	b, err := io.ReadAll(r.Body)
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return errorf(CodeTooLarge, "the body is over %d bytes", MaxMessage)
	} else if err != nil {
		return errorf(CodeBadRequest, "reading the body: %v", err)
	}
	if len(bytes.TrimSpace(b)) == 0 {
		if emptyOK {
			return nil
		}
		return errorf(CodeBadRequest, "the body must be a JSON object")
	}
	if err := readJSONBytes(b, v); err != nil {
		return bodyError(err)
	}
	return nil
}

// bodyError is the bad_request of a body that does not decode.
func bodyError(err error) *Error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field == "" {
		return errorf(CodeBadRequest, "the body must be a JSON object, not %s", typeName(te.Value))
	}
	return errorf(CodeBadRequest, "the body: %s", cleanJSONError(err))
}

// readJSONBytes decodes one JSON value strictly: no unknown fields, nothing
// after it.
func readJSONBytes(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more than one JSON value")
	}
	return nil
}

// accountJSON is the account object of docs/protocol.md.
type accountJSON struct {
	ID          store.AccountID `json:"id"`
	Username    string          `json:"username"`
	Guest       bool            `json:"guest"`
	DisplayName string          `json:"display_name"`
	Icon        string          `json:"icon"`
	Level       int             `json:"level"`
	XP          int64           `json:"xp"`
	LevelXP     int64           `json:"level_xp"`
	NextLevelXP *int64          `json:"next_level_xp"`
	TraitPoints int             `json:"trait_points"`
	Created     time.Time       `json:"created"`
}

func toAccountJSON(a store.Account) accountJSON {
	level := max(a.Level, 1)
	lo, hi := levelBounds(a.XP)
	pts, _ := realigious.TraitPoints(traitLevel(level))
	return accountJSON{
		ID: a.ID, Username: a.Username, Guest: a.Guest(),
		DisplayName: a.DisplayName, Icon: a.Icon,
		Level: level, XP: a.XP, LevelXP: lo, NextLevelXP: hi,
		TraitPoints: pts, Created: a.Created.UTC(),
	}
}

// traitLevel is the Realigious player level (1-6) of an account level:
// levels above 6 give no more trait points (REL-606, GAP-27).
func traitLevel(level int) int {
	return min(max(level, realigious.MinPlayerLevel), realigious.MaxPlayerLevel)
}

// levelBounds returns the experience at which the level of xp began and
// the one at which the next begins, by live.Level's curve; hi is nil at
// the top level.
func levelBounds(xp int64) (lo int64, hi *int64) {
	l := live.Level(xp)
	lo = live.LevelStart(l)
	if l < live.MaxLevel {
		next := live.LevelStart(l + 1)
		hi = &next
	}
	return lo, hi
}

// iconPattern is what an icon key may be.
var iconPattern = regexp.MustCompile(`^[a-z0-9_-]{0,32}$`)
