package lobby

import (
	"errors"
	"fmt"
)

// Code is the typed reason a request was refused; it is what the wire
// protocol sends back. Callers branch on it with [CodeOf].
type Code string

// The codes the Lobby returns.
const (
	// CodeBadRequest: an argument is out of range (a player count other
	// than 2-4, an unknown bot level, a friend request to oneself).
	CodeBadRequest Code = "bad_request"
	// CodeNotFound: the account, friend request, invite, party, room or
	// queue entry asked for does not exist.
	CodeNotFound Code = "not_found"
	// CodeConflict: a friend request between two accounts that are
	// already related (friends, or a request pending either way).
	CodeConflict Code = "conflict"
	// CodeNotFriend: invites go to friends only (UI-108).
	CodeNotFriend Code = "not_friend"
	// CodeNotOnline: the account (or a party member) has no connection.
	CodeNotOnline Code = "not_online"
	// CodeInMatch: the account (or a party member) is in a match or a
	// waiting room (UI-104: the red light), so it cannot be invited,
	// queued or moved.
	CodeInMatch Code = "in_match"
	// CodeBusy: the party is queued or in a waiting room, so its members
	// cannot change; cancel the queue first.
	CodeBusy Code = "busy"
	// CodeNotLeader: only the party leader queues, invites and kicks.
	CodeNotLeader Code = "not_leader"
	// CodePartyFull: a party has at most MaxParty members.
	CodePartyFull Code = "party_full"
	// CodePartyTooBig: the party has more members than the match has
	// seats (GAP-64).
	CodePartyTooBig Code = "party_too_big"
	// CodeNotInRoom: the account is in no waiting room.
	CodeNotInRoom Code = "not_in_room"
	// CodeBadChoice: an unknown character or religion, or a trait slot
	// the account does not have or that the rules reject.
	CodeBadChoice Code = "bad_choice"
	// CodeStarting: the waiting room's countdown is over and its match
	// is being created; it can no longer be changed or left.
	CodeStarting Code = "starting"
	// CodeClosed: the lobby is draining (Close was called): no new
	// queues or rooms.
	CodeClosed Code = "closed"
	// CodeStore: the store failed; nothing was changed.
	CodeStore Code = "store_error"
)

// Error is a refused request: a Code for programs, a message for people
// and, for store failures, the cause.
type Error struct {
	Code Code
	Msg  string
	Err  error // underlying cause, if any
}

// Error implements error.
func (e *Error) Error() string {
	s := "lobby: " + string(e.Code)
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

// fail returns an *Error with a formatted message.
func fail(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// storeFail wraps a store error that has no better code.
func storeFail(doing string, err error) *Error {
	return &Error{Code: CodeStore, Msg: doing, Err: err}
}
