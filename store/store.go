package store

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Store is what the server keeps across restarts: accounts and their
// sessions, friends and trait slots, and matches with every answer.
//
// All methods may be called concurrently. Each write method returns only
// after its transaction has committed, so a nil error means the write is
// durable (in the implementation's sense of durable, which its Open
// documents); reads started after a write returned see it. A write whose
// context ends while it waits returns the context's error, and may or may
// not have been done.
//
// Errors that callers branch on wrap the sentinels below (use errors.Is);
// a rejected answer version is also a *VersionError. Any other error is a
// failure of the database or a programmer error (an empty username, a
// seat out of range) and names what it was doing.
//
// Times are stored to the millisecond and returned in UTC. A zero
// time.Time deadline means "no deadline".
type Store interface {
	// CreateGuest creates a guest account: no username, no password.
	CreateGuest(ctx context.Context, p Profile) (Account, error)
	// Register creates a registered account. The password hash is the
	// caller's (e.g. an argon2id encoding); the store keeps it as bytes.
	// Usernames are compared byte for byte, so the caller normalizes them.
	// A taken username returns ErrConflict.
	Register(ctx context.Context, username string, passwordHash []byte, p Profile) (Account, error)
	// UpgradeGuest gives a guest account a username and password, keeping
	// its id and everything attached to it. It returns ErrNotFound for an
	// unknown id and ErrConflict when the username is taken or the account
	// is already registered.
	UpgradeGuest(ctx context.Context, id AccountID, username string, passwordHash []byte) error
	// Account returns an account by id, or ErrNotFound.
	Account(ctx context.Context, id AccountID) (Account, error)
	// AccountByUsername returns a registered account, or ErrNotFound.
	AccountByUsername(ctx context.Context, username string) (Account, error)
	// SetPassword replaces a registered account's password hash. It returns
	// ErrNotFound for an unknown id and ErrConflict for a guest.
	SetPassword(ctx context.Context, id AccountID, passwordHash []byte) error
	// SetProfile replaces the display name and icon, or returns ErrNotFound.
	SetProfile(ctx context.Context, id AccountID, p Profile) error
	// DeleteAccount deletes an account with its sessions, friendships and
	// trait slots. Matches it played keep their record with the seat's
	// account cleared (0). It returns ErrNotFound for an unknown id.
	DeleteAccount(ctx context.Context, id AccountID) error

	// CreateSession records a session by the hash of its token (the store
	// never sees tokens). It returns ErrNotFound for an unknown account and
	// ErrConflict for a hash already recorded.
	CreateSession(ctx context.Context, tokenHash []byte, id AccountID, expires time.Time) error
	// SessionAccount returns the account of a session that expires after
	// now, or ErrNotFound (also for an expired session).
	SessionAccount(ctx context.Context, tokenHash []byte, now time.Time) (Account, error)
	// DeleteSession deletes a session, or returns ErrNotFound.
	DeleteSession(ctx context.Context, tokenHash []byte) error
	// PurgeSessions deletes the sessions that expire at or before now and
	// returns how many there were.
	PurgeSessions(ctx context.Context, now time.Time) (int, error)
	// DeleteSessionsExcept deletes every session of an account except the
	// one whose token hash is keep (nil keeps none) and returns how many it
	// deleted: a password change ends the account's other sessions. An
	// unknown account has none.
	DeleteSessionsExcept(ctx context.Context, id AccountID, keep []byte) (int, error)

	// RequestFriend records a friend request from one account to another.
	// It returns ErrNotFound when either account is unknown, and
	// ErrConflict for a request to oneself or when a request or friendship
	// between the two already exists (in either direction).
	RequestFriend(ctx context.Context, from, to AccountID) error
	// AcceptFriend accepts the pending request from "from" to id, or
	// returns ErrNotFound when there is none.
	AcceptFriend(ctx context.Context, id, from AccountID) error
	// RemoveFriend deletes the friendship or request between two accounts,
	// whichever direction it has (unfriend, decline and withdraw are all
	// this), or returns ErrNotFound.
	RemoveFriend(ctx context.Context, id, other AccountID) error
	// Friends lists an account's friendships and requests, by the other
	// account's id. An unknown account has none.
	Friends(ctx context.Context, id AccountID) ([]Friend, error)

	// SaveTraitSlot creates or replaces trait slot number slot (from 0) of
	// an account. The data is JSON the caller has validated; the store
	// keeps its bytes. It returns ErrNotFound for an unknown account.
	SaveTraitSlot(ctx context.Context, id AccountID, slot int, data []byte) error
	// TraitSlots lists an account's trait slots by slot number.
	TraitSlots(ctx context.Context, id AccountID) ([]TraitSlot, error)
	// DeleteTraitSlot deletes a trait slot, or returns ErrNotFound.
	DeleteTraitSlot(ctx context.Context, id AccountID, slot int) error
	// SetLastTraitSlot records the trait slot an account last played
	// with, the waiting room's default (UI-216): a saved slot number, or a
	// negative number the server gives a preset. It returns ErrNotFound
	// for an unknown account.
	SetLastTraitSlot(ctx context.Context, id AccountID, slot int) error
	// LastTraitSlot returns what SetLastTraitSlot recorded last, or
	// ErrNotFound when nothing was (or the account is unknown).
	LastTraitSlot(ctx context.Context, id AccountID) (int, error)

	// CreateMatch records a new live match at version 0 and returns its id,
	// with its seat controls (none, or one per seat). It returns
	// ErrNotFound when a seat names an unknown account.
	CreateMatch(ctx context.Context, m NewMatch) (MatchID, error)
	// AppendAnswers appends answers to a live match and sets the deadline
	// of the decision they lead to, in one transaction. The versions must
	// continue the match's: answers[0].Version is the match's version + 1
	// and each next one is one more. Otherwise nothing is written and the
	// error is a *VersionError (wrapping ErrVersion) with the version the
	// match is at. It returns ErrNotFound for an unknown match and
	// ErrFinished for a finished one.
	AppendAnswers(ctx context.Context, id MatchID, answers []Answer, deadline time.Time) error
	// AnswersSince returns the answers after version, in order: all of
	// them for 0, none when version is the match's. A version beyond the
	// match's (or below 0) is a *VersionError. It works on finished matches
	// too, and returns ErrNotFound for an unknown match.
	AnswersSince(ctx context.Context, id MatchID, version int) ([]Answer, error)
	// SetDeadline replaces a live match's deadline (zero for none). It
	// returns ErrNotFound for an unknown match and ErrFinished for a
	// finished one.
	SetDeadline(ctx context.Context, id MatchID, deadline time.Time) error
	// SetSeatControl records who plays seat (from 0) of a live match now.
	// It returns ErrNotFound for an unknown match, ErrFinished for a
	// finished one, and an error for a seat the match does not have.
	SetSeatControl(ctx context.Context, id MatchID, seat int, c SeatControl) error
	// FinishMatch ends a live match: it records the result, each seat's
	// rank and experience, adds the experience to the seats' accounts and
	// updates their levels, all in one transaction. It returns ErrNotFound
	// for an unknown match and ErrFinished for a finished one.
	FinishMatch(ctx context.Context, id MatchID, f Finish) error
	// LiveMatches returns every live match with its answers and its seed:
	// what a server needs to resume them after a restart. Callers must not
	// send the seeds to clients.
	LiveMatches(ctx context.Context) ([]MatchRecord, error)
	// Match returns a match's record with its answers, or ErrNotFound. The
	// seed (Header.Seed) of a live match reads as 0: seeds stay on the
	// server until the match ends, so a finished record is a complete
	// replay (MatchRecord.Replay).
	Match(ctx context.Context, id MatchID) (MatchRecord, error)
	// History lists the finished matches an account played, newest first:
	// at most limit of them with an id below before (0: from the newest).
	History(ctx context.Context, id AccountID, before MatchID, limit int) ([]HistoryEntry, error)

	// Close waits for the writes in progress and releases the database.
	// Calls after Close return ErrClosed.
	Close() error
}

var (
	// ErrNotFound reports that the account, session, friendship, trait
	// slot or match asked for does not exist.
	ErrNotFound = errors.New("store: not found")
	// ErrConflict reports a write that contradicts what is stored: a
	// taken username, a second friend request, an account that is already
	// registered.
	ErrConflict = errors.New("store: conflict")
	// ErrVersion reports answers that do not continue a match's version,
	// or a version the match has not reached. The error is a
	// *VersionError.
	ErrVersion = errors.New("store: wrong match version")
	// ErrFinished reports a change to a match that is over.
	ErrFinished = errors.New("store: match finished")
	// ErrClosed reports a call after Close.
	ErrClosed = errors.New("store: closed")
)

// VersionError reports answers that do not continue the match's version
// (Got is the first answer's version that does not follow), or a version
// the match has not reached (Got is the version asked for). Have is the
// version the match is at. It wraps ErrVersion.
type VersionError struct {
	Match MatchID
	Have  int
	Got   int
}

// Error implements error.
func (e *VersionError) Error() string {
	return fmt.Sprintf("store: match %d is at version %d; got version %d", e.Match, e.Have, e.Got)
}

// Unwrap returns ErrVersion.
func (e *VersionError) Unwrap() error { return ErrVersion }

// WriterStats counts the work of a group-committing writer: Writes write
// operations committed or rejected in Batches transactions. The SQLite and
// PostgreSQL stores report them through a WriterStats method.
// JournalPending is the bytes of acknowledged answers the SQLite store's
// answer journal holds and the database does not have yet (0 without a
// journal): what a restart would apply first.
type WriterStats struct {
	Batches        int64
	Writes         int64
	JournalPending int64
}
