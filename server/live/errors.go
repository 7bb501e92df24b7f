package live

import (
	"errors"
	"fmt"
)

// Code is the typed reason a request was refused; it is what the wire
// protocol sends back. Callers branch on it with CodeOf.
type Code string

// The codes a Host returns.
const (
	// CodeStale: the answer was computed against another state version
	// (Error.Version holds the current one; resync with Since).
	CodeStale Code = "stale_version"
	// CodeNotYourSeat: the seat is not the one deciding now, is out of
	// range, or is played by a bot (after leave, idleness or concession);
	// or Leave, Join or Concede named a bot seat.
	CodeNotYourSeat Code = "not_your_seat"
	// CodeIllegal: the answer text does not parse or is not legal now.
	CodeIllegal Code = "illegal_answer"
	// CodeOverloaded: the host's input queue is full; retry later.
	CodeOverloaded Code = "overloaded"
	// CodeConceded: the seat conceded and cannot rejoin.
	CodeConceded Code = "conceded"
	// CodeClosed: the host is not running any more (match over or stopped).
	CodeClosed Code = "closed"
	// CodeStore: the store refused the write; nothing was acknowledged and
	// the match is as it was before the request.
	CodeStore Code = "store_error"
)

// Error is a refused request. It carries the match version at the time
// of refusal so that a client can resynchronize.
type Error struct {
	Code    Code
	Version int
	Msg     string
	Err     error // underlying cause, if any
}

// Error implements error.
func (e *Error) Error() string {
	s := fmt.Sprintf("live: %s at version %d", e.Code, e.Version)
	if e.Msg != "" {
		s += ": " + e.Msg
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// CodeOf returns the Code of an *Error in err's chain, or "" if none.
func CodeOf(err error) Code {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}
