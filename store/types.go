package store

import (
	"encoding/json"
	"fmt"
	"time"

	"tabletop/engine"
)

// AccountID identifies an account. Ids are never reused; 0 means none.
type AccountID int64

// MatchID identifies a match. Ids are never reused; 0 means none.
type MatchID int64

// Profile is what an account shows to others.
type Profile struct {
	DisplayName string
	Icon        string
}

// Account is a guest or registered account.
type Account struct {
	ID AccountID
	// Username is "" for a guest.
	Username string
	// PasswordHash is the caller's encoding of the password, nil for a
	// guest.
	PasswordHash []byte
	Profile
	// Level starts at 1 and XP at 0; FinishMatch changes them.
	Level   int
	XP      int64
	Created time.Time
}

// Guest reports whether the account has no username yet.
func (a Account) Guest() bool { return a.Username == "" }

// FriendState says how two accounts are related.
type FriendState int

const (
	// FriendNone is the zero FriendState: no relation.
	FriendNone FriendState = iota
	// FriendAccepted means the two are friends.
	FriendAccepted
	// FriendOutgoing means the account asked the other and waits.
	FriendOutgoing
	// FriendIncoming means the other asked the account.
	FriendIncoming
)

// String returns "none", "accepted", "outgoing" or "incoming".
func (s FriendState) String() string {
	switch s {
	case FriendNone:
		return "none"
	case FriendAccepted:
		return "accepted"
	case FriendOutgoing:
		return "outgoing"
	case FriendIncoming:
		return "incoming"
	}
	return fmt.Sprintf("FriendState(%d)", int(s))
}

// Friend is one entry of an account's friend list.
type Friend struct {
	// Account is the other account.
	Account AccountID
	Profile
	State FriendState
	// Since is when the request was made, or accepted for a friendship.
	Since time.Time
}

// TraitSlot is a saved trait slot: JSON the server validated.
type TraitSlot struct {
	Slot    int
	Data    json.RawMessage
	Updated time.Time
}

// NewMatch is what CreateMatch records.
type NewMatch struct {
	// Header is the match's replay header, seed included. The store keeps
	// the seed apart and hands it out only as the Store methods say.
	Header engine.Header
	// Seats has one entry per seat (Header.Seats of them): the account
	// that plays it, or 0 for a bot.
	Seats []AccountID
	// Deadline is the first decision's deadline, zero for none.
	Deadline time.Time
	// Controls is empty (every seat has the zero SeatControl) or has one
	// entry per seat: who plays each seat at the start.
	Controls []SeatControl
}

// SeatControl says who plays a seat of a match now, so that a restarted
// server hands each seat back to the same kind of player. The server
// defines the values (server/live: "human", "bot", "idle", "left",
// "conceded"); the store keeps them as given.
type SeatControl struct {
	// Status is the seat's state in the server's words; "" for none
	// recorded.
	Status string
	// Bot is the level of the bot playing the seat now, "" for none.
	Bot string
	// Missed counts the deadlines the seat's human let pass in a row.
	Missed int
}

// Answer is one recorded answer of a match.
type Answer struct {
	// Version is the match's state version after the answer: 1 for the
	// first answer, as engine.Match.Steps counts.
	Version int
	// Seat, Text and Hash are the engine.Step.
	Seat engine.Seat
	Text string
	Hash string
}

// Finish is what FinishMatch records.
type Finish struct {
	// Result is the outcome as the server wants it shown (JSON), kept as
	// bytes.
	Result json.RawMessage
	// Seats is empty or has one entry per seat.
	Seats []SeatResult
	// Level, if not nil, maps an account's experience after the match to
	// its level; the store calls it inside the transaction (it must be
	// quick and must not call the store) and stores the result.
	Level func(xp int64) int
}

// SeatResult is how one seat did in a finished match.
type SeatResult struct {
	// Rank is the seat's place: 1 for the winner; ties share a rank.
	Rank int
	// XP is the experience the seat's account gains (none for a bot).
	XP int64
}

// MatchSeat is one seat of a recorded match.
type MatchSeat struct {
	// Account plays the seat: 0 for a bot or a deleted account.
	Account AccountID
	// SeatResult is zero until the match is finished.
	SeatResult
	// Control is who plays the seat now (the last SetSeatControl, or
	// NewMatch.Controls). Store.History does not fill it.
	Control SeatControl
}

// MatchRecord is a match as stored.
type MatchRecord struct {
	ID MatchID
	// Header is the replay header. Its Seed is 0 in the records of live
	// matches that Store.Match returns.
	Header engine.Header
	Seats  []MatchSeat
	// Version is the number of answers.
	Version int
	// Answers holds every answer, in order.
	Answers []Answer
	// Deadline is the pending decision's deadline, zero for none.
	Deadline time.Time
	Created  time.Time
	// Finished is zero while the match is live.
	Finished time.Time
	// Result is Finish.Result, nil while the match is live.
	Result json.RawMessage
}

// Live reports whether the match is still being played.
func (r *MatchRecord) Live() bool { return r.Finished.IsZero() }

// Replay returns the match as an engine replay (for engine.ResumeMatch, or
// for download once the match is finished).
func (r *MatchRecord) Replay() *engine.Replay {
	steps := make([]engine.Step, len(r.Answers))
	for i, a := range r.Answers {
		steps[i] = engine.Step{Seat: a.Seat, Answer: a.Text, Hash: a.Hash}
	}
	h := r.Header
	h.Config = append(json.RawMessage(nil), h.Config...)
	return &engine.Replay{Header: h, Steps: steps}
}

// HistoryEntry is one finished match in an account's history.
type HistoryEntry struct {
	Match MatchID
	// Game is Header.Game and Seats Header.Seats.
	Game  string
	Seats int
	// Seat is the seat the account played; its result follows.
	Seat int
	SeatResult
	Created  time.Time
	Finished time.Time
	// Result is Finish.Result.
	Result json.RawMessage
}

// AnswerRun checks a batch for AppendAnswers: it returns the version of
// the first answer and the first version that does not follow its
// predecessor (0 when every one does), which the store reports as a
// VersionError. An empty batch is an error.
func AnswerRun(id MatchID, answers []Answer) (first, gap int, err error) {
	if len(answers) == 0 {
		return 0, 0, fmt.Errorf("store: append to match %d: no answers", id)
	}
	first = answers[0].Version
	for i, a := range answers {
		if a.Version != first+i {
			return first, a.Version, nil
		}
	}
	return first, 0, nil
}
