package gateway

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"tabletop/games/realigious"
	"tabletop/server/auth"
	"tabletop/server/live"
	"tabletop/store"
)

// Code is the fixed, typed reason of a refusal as the wire carries it
// (docs/protocol.md, "Error codes"). Programs branch on it; the message
// beside it is for people.
type Code string

// The codes of the protocol. The live codes (stale_version,
// not_your_seat, ...) come from server/live unchanged, and lobby codes
// from server/lobby.
const (
	CodeBadRequest          Code = "bad_request"
	CodeUnknownType         Code = "unknown_type"
	CodeHelloRequired       Code = "hello_required"
	CodeUnsupportedProtocol Code = "unsupported_protocol"
	CodeUnauthorized        Code = "unauthorized"
	CodeBadOrigin           Code = "bad_origin"
	CodeRateLimited         Code = "rate_limited"
	CodeTooLarge            Code = "too_large"
	CodeNotFound            Code = "not_found"
	CodeBadCredentials      Code = "bad_credentials"
	CodeUsernameTaken       Code = "username_taken"
	CodeBadUsername         Code = "bad_username"
	CodeWeakPassword        Code = "weak_password"
	CodeBadDisplayName      Code = "bad_display_name"
	CodeBadIcon             Code = "bad_icon"
	CodeRegistered          Code = "registered"
	CodeGuest               Code = "guest"
	CodeBadSlot             Code = "bad_slot"
	CodeMatchLive           Code = "match_live"
	CodeNotInMatch          Code = "not_in_match"
	CodeNotLive             Code = "not_live"
	CodeDraining            Code = "draining"
	CodeUnavailable         Code = "unavailable"
	CodeInternal            Code = "internal"
)

// Error is a refusal on its way to a client: a code, a message, and the
// extra fields some codes carry. Handlers return it (or any error, which
// toWire maps); it is encoded as {"code","message",...}.
type Error struct {
	Code Code
	Msg  string
	// Version is the match's version for live refusals (stale_version...).
	Version *int
	// RetryAfter is set for rate_limited.
	RetryAfter time.Duration
	// Errors lists each problem of a bad_slot.
	Errors []string
	// Supported lists the protocol versions for unsupported_protocol.
	Supported []int
	// Err is the cause, logged but never sent.
	Err error
}

// Error implements error.
func (e *Error) Error() string {
	s := "gateway: " + string(e.Code)
	if e.Msg != "" {
		s += ": " + e.Msg
	}
	if e.Err != nil && e.Code == CodeInternal {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// errorf returns an *Error with a formatted message.
func errorf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// wireError is the JSON form of an Error.
type wireError struct {
	Code       Code     `json:"code"`
	Message    string   `json:"message"`
	Version    *int     `json:"version,omitempty"`
	RetryAfter int64    `json:"retry_after_ms,omitempty"`
	Errors     []string `json:"errors,omitempty"`
	Supported  []int    `json:"supported,omitempty"`
}

func (e *Error) wire() wireError {
	msg := e.Msg
	if msg == "" {
		msg = strings.ReplaceAll(string(e.Code), "_", " ")
	}
	w := wireError{Code: e.Code, Message: msg, Version: e.Version, Errors: e.Errors, Supported: e.Supported}
	if e.RetryAfter > 0 {
		w.RetryAfter = max(e.RetryAfter.Milliseconds(), 1)
	}
	return w
}

// WireCoder is implemented by errors that carry their own wire code, such
// as the lobby's typed errors (through the adapter) — the gateway puts
// the code on the wire unchanged.
type WireCoder interface {
	error
	WireCode() string
}

// toWire maps any error to the refusal a client sees. Errors of auth,
// live, store and the rules become their codes; anything unknown is
// internal (its text is logged, not sent).
func toWire(err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var wc WireCoder
	if errors.As(err, &wc) {
		return &Error{Code: Code(wc.WireCode()), Msg: wc.Error(), Err: err}
	}
	var le *live.Error
	if errors.As(err, &le) {
		v := le.Version
		msg := le.Msg
		if le.Err != nil {
			if msg != "" {
				msg += ": "
			}
			msg += le.Err.Error()
		}
		if msg == "" {
			msg = le.Error()
		}
		return &Error{Code: Code(le.Code), Msg: msg, Version: &v, Err: err}
	}
	var rl *auth.RateLimitError
	if errors.As(err, &rl) {
		return &Error{Code: CodeRateLimited, Msg: err.Error(), RetryAfter: rl.RetryAfter, Err: err}
	}
	for _, m := range []struct {
		target error
		code   Code
	}{
		{auth.ErrBadCredentials, CodeBadCredentials},
		{auth.ErrUsernameTaken, CodeUsernameTaken},
		{auth.ErrNoSession, CodeUnauthorized},
		{auth.ErrNoAccount, CodeNotFound},
		{auth.ErrRegistered, CodeRegistered},
		{auth.ErrGuest, CodeGuest},
		{auth.ErrBadUsername, CodeBadUsername},
		{auth.ErrWeakPassword, CodeWeakPassword},
		{auth.ErrBadDisplayName, CodeBadDisplayName},
		{store.ErrNotFound, CodeNotFound},
		{store.ErrFinished, CodeNotLive},
		{realigious.ErrBadLevel, CodeBadSlot},
	} {
		if errors.Is(err, m.target) {
			return &Error{Code: m.code, Msg: err.Error(), Err: err}
		}
	}
	if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, context.Canceled) {
		return &Error{Code: CodeUnavailable, Msg: "the server did not answer in time", Err: err}
	}
	return &Error{Code: CodeInternal, Msg: "internal error", Err: err}
}

// httpStatus is the HTTP status of a refusal on the REST side.
func httpStatus(c Code) int {
	switch c {
	case CodeBadRequest, CodeBadUsername, CodeWeakPassword, CodeBadDisplayName, CodeBadIcon:
		return http.StatusBadRequest
	case CodeUnauthorized, CodeBadCredentials:
		return http.StatusUnauthorized
	case CodeBadOrigin:
		return http.StatusForbidden
	case CodeNotFound:
		return http.StatusNotFound
	case CodeUsernameTaken, CodeRegistered, CodeGuest, CodeMatchLive:
		return http.StatusConflict
	case CodeTooLarge:
		return http.StatusRequestEntityTooLarge
	case CodeBadSlot:
		return http.StatusUnprocessableEntity
	case CodeRateLimited:
		return http.StatusTooManyRequests
	case CodeDraining, CodeUnavailable:
		return http.StatusServiceUnavailable
	}
	return http.StatusInternalServerError
}
