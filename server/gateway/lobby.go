package gateway

import (
	"context"

	"tabletop/store"
)

// Lobby is what the gateway needs of the lobby (server/lobby, through
// the adapter in cmd/tabletop or lobbyadapter.go): presence bookkeeping
// and the lobby's share of the WebSocket messages. Its methods may be
// called concurrently and must not block on the network.
type Lobby interface {
	// Online and Offline count an account's connections: Online after
	// each successful hello, Offline when such a connection closes.
	Online(id store.AccountID)
	Offline(id store.AccountID)
	// SetPlaying marks the account as in a match (presence "in_match");
	// ClearPlaying ends it.
	SetPlaying(id store.AccountID, match store.MatchID)
	ClearPlaying(id store.AccountID)
	// Refresh re-reads an account's name, icon and level from the store
	// (after PATCH /api/me, and after a match ends) so that its party,
	// waiting room and friends show them. It reports its own failures.
	Refresh(ctx context.Context, id store.AccountID)
	// Handle carries out one lobby message of account id (friends,
	// friend_request, invite, party, queue, play_bots, room, ...;
	// docs/protocol.md) and returns the reply's data (nil for {}). A
	// refusal is an error; one that implements WireCoder puts its code on
	// the wire.
	Handle(ctx context.Context, id store.AccountID, m Message) (any, error)
	// Close refuses new queues and rooms (the server is draining).
	Close()
}

// QueueSizer is implemented by a Lobby that reports how many players
// wait in each queue, by player count; /metrics exports it.
type QueueSizer interface {
	QueueSizes() map[int]int
}

// LobbyHooks is what the gateway gives the lobby it builds: a way to push
// messages to an account's connections and to start a match.
type LobbyHooks struct {
	// Push delivers {"type":typ,"data":data} to every connection of an
	// account. It never blocks; a connection too slow to take it is
	// closed (the client reconnects and asks again).
	Push func(to store.AccountID, typ string, data any)
	// Start creates and runs a live match and returns its id.
	Start func(ctx context.Context, r MatchRequest) (store.MatchID, error)
}

// isLobbyType reports whether a message type belongs to the lobby.
func isLobbyType(t string) bool {
	switch t {
	case "friends", "friend_request", "friend_accept", "friend_remove",
		"invite", "invite_accept", "invite_decline",
		"party", "party_create", "party_leave", "party_kick",
		"queue", "queue_cancel", "play_bots", "private_match",
		"room", "room_choose", "room_ready", "room_leave":
		return true
	}
	return false
}
