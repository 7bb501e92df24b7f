package lobby

import (
	"time"

	"tabletop/store"
)

// Message is what the lobby pushes to an account: Type names it and Data
// is one of the types below, made to be encoded as JSON. The gateway
// forwards it to every connection of the account.
//
// The types and their Data:
//
//	"presence"        Presence          a friend's presence changed
//	"friend_request"  FriendInfo        someone asked to be your friend
//	"friend"          FriendEvent       a friend request was accepted, a friend removed or updated
//	"invite"          InviteEvent       a party invite arrived, or was declined or cancelled
//	"party"           PartyEvent        your party changed (nil Party: you are in none)
//	"queue"           QueueEvent        you entered or left a matchmaking queue
//	"room"            RoomInfo          your waiting room changed, as you may see it
//	"match_start"     MatchStart        your waiting room's match exists: watch it
type Message struct {
	Type string
	Data any
}

// The message types.
const (
	TypePresence      = "presence"
	TypeFriendRequest = "friend_request"
	TypeFriend        = "friend"
	TypeInvite        = "invite"
	TypeParty         = "party"
	TypeQueue         = "queue"
	TypeRoom          = "room"
	TypeMatchStart    = "match_start"
)

// Status is an account's presence as its friends see it (UI-103..105).
type Status string

// The presence statuses.
const (
	// Offline: no connection.
	Offline Status = "offline"
	// Online: connected and not in a game: the green light; invitable.
	Online Status = "online"
	// InMatch: connected and in a waiting room or a match: the red light.
	InMatch Status = "in_match"
)

// Presence is the "presence" message: Account's status changed.
type Presence struct {
	Account store.AccountID `json:"account"`
	Status  Status          `json:"status"`
}

// Player is what others see of an account in friend lists, parties and
// waiting rooms (UI-009, UI-011, UI-102..107, UI-207).
type Player struct {
	Account store.AccountID `json:"account"`
	// Username is "" for a guest.
	Username    string `json:"username,omitempty"`
	DisplayName string `json:"display_name"`
	Icon        string `json:"icon"`
	Level       int    `json:"level"`
}

// FriendInfo is one entry of a friend list, with the friend's presence.
type FriendInfo struct {
	Player
	// State is "accepted", "outgoing" (you asked) or "incoming".
	State string `json:"state"`
	// Presence is the friend's status; empty unless State is "accepted".
	Presence Status    `json:"presence,omitempty"`
	Since    time.Time `json:"since,omitzero"`
}

// FriendEvent is the "friend" message: Event is "accepted" (your request
// was accepted; Friend has the friend's presence), "removed" (the
// friendship or request is gone; only Friend.Account is set) or
// "updated" (the friend's name, icon or level changed: Friend has them
// and the presence, not Since).
type FriendEvent struct {
	Event  string     `json:"event"`
	Friend FriendInfo `json:"friend"`
}

// InviteEvent is the "invite" message. Event is "received" (From invites
// you into Party), "declined" (To declined your invite, or went offline)
// or "cancelled" (the invite from From ended: From left the party, or
// invited you into another one).
type InviteEvent struct {
	Event string          `json:"event"`
	From  Player          `json:"from"`
	To    store.AccountID `json:"to,omitempty"`
	Party PartyID         `json:"party"`
}

// PartyInfo is a party as its members see it (UI-010, UI-011).
type PartyInfo struct {
	ID     PartyID         `json:"id"`
	Leader store.AccountID `json:"leader"`
	// Members are in joining order.
	Members []Player `json:"members"`
	// Invited lists the accounts with a pending invite.
	Invited []store.AccountID `json:"invited"`
	// Queue is the player count the party is queued for, 0 if none.
	Queue int `json:"queue,omitempty"`
}

// PartyEvent is the "party" message: the receiver's party now (nil: none)
// and why it changed: "created", "joined", "left", "kicked" (the receiver
// was), "leader", "invited", "queue", "room" or "" for other updates.
type PartyEvent struct {
	Party  *PartyInfo `json:"party"`
	Reason string     `json:"reason,omitempty"`
}

// QueueEvent is the "queue" message. State is "queued" (waiting for
// Players players since Since; bots fill at BotsAt unless it is zero),
// "cancelled" (Reason: "cancelled", "party_changed", "member_offline",
// "closed") or "matched" (a waiting room follows).
type QueueEvent struct {
	State   string    `json:"state"`
	Players int       `json:"players"`
	Since   time.Time `json:"since,omitzero"`
	BotsAt  time.Time `json:"bots_at,omitzero"`
	Reason  string    `json:"reason,omitempty"`
}

// RoomSeat is one seat of a waiting room as everyone in it sees it: who
// sits there and whether they are ready, never their choices (GAP-65).
type RoomSeat struct {
	// Seat is the match seat (0-based); seats are in random order.
	Seat int `json:"seat"`
	// Player is set for a human seat.
	Player *Player `json:"player,omitempty"`
	// Bot is the level of a bot seat ("" for a human).
	Bot   string `json:"bot,omitempty"`
	Ready bool   `json:"ready"`
	// Left is true for a seat whose human left the room: a bot of level
	// Bot plays it.
	Left bool `json:"left,omitempty"`
}

// RoomInfo is the "room" message: the waiting room as one human sees it
// (UI-201..217). State is "open" (counting down), "left" (you left: back
// to the menu), "closed" (dissolved before its match: Reason "closed" when
// the server drains), or "failed" (the match could not be created; Reason
// says why). "open" messages carry the room; the others may carry only
// ID and State.
type RoomInfo struct {
	ID    RoomID `json:"id"`
	State string `json:"state"`
	// Players is the seat count and MapSize the n of the n×n map (UI-211).
	Players int `json:"players,omitempty"`
	MapSize int `json:"map_size,omitempty"`
	// Private is true for PlayBots and PrivateMatch rooms.
	Private bool `json:"private,omitempty"`
	// Deadline is when the countdown ends (UI-208..210); Seconds is what
	// was left, rounded up, when the message was made.
	Deadline time.Time `json:"deadline,omitzero"`
	Seconds  int       `json:"seconds,omitempty"`
	// You is the receiver's seat.
	You   int        `json:"you"`
	Seats []RoomSeat `json:"seats,omitempty"`
	// Choice is the receiver's own choice: the only one it sees (GAP-65).
	Choice *Choice `json:"choice,omitempty"`
	Reason string  `json:"reason,omitempty"`
}

// MatchStart is the "match_start" message: the room's match exists and
// the receiver plays Seat of it.
type MatchStart struct {
	Match store.MatchID `json:"match"`
	Room  RoomID        `json:"room"`
	Seat  int           `json:"seat"`
}
