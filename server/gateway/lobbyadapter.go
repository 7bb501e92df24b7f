package gateway

import (
	"context"
	"errors"

	"tabletop/server/lobby"
	"tabletop/store"
)

// NewLobby returns a Config.Lobby that builds a server/lobby Lobby from
// cfg, with Push and Start wired to the gateway (cfg's own Push and Start
// are replaced).
func NewLobby(cfg lobby.Config) func(LobbyHooks) Lobby {
	return func(h LobbyHooks) Lobby {
		cfg.Push = func(to store.AccountID, m lobby.Message) { h.Push(to, m.Type, m.Data) }
		cfg.Start = func(ctx context.Context, r lobby.MatchRequest) (store.MatchID, error) {
			return h.Start(ctx, MatchRequest{Game: r.Game, Config: r.Config, Seats: r.LiveSeats()})
		}
		logf := cfg.Logf
		return &lobbyAdapter{l: lobby.New(cfg), logf: logf}
	}
}

// lobbyAdapter maps the wire messages onto *lobby.Lobby.
type lobbyAdapter struct {
	l    *lobby.Lobby
	logf func(string, ...any)
}

func (a *lobbyAdapter) Online(id store.AccountID) {
	ctx, cancel := context.WithTimeout(context.Background(), requestTime)
	defer cancel()
	if err := a.l.Online(ctx, id); err != nil && a.logf != nil {
		a.logf("gateway: lobby online %d: %v", id, err)
	}
}

// Refresh re-reads an account's profile and level for the lobby.
func (a *lobbyAdapter) Refresh(ctx context.Context, id store.AccountID) {
	if err := a.l.Refresh(ctx, id); err != nil && a.logf != nil {
		a.logf("gateway: lobby refresh %d: %v", id, err)
	}
}

func (a *lobbyAdapter) Offline(id store.AccountID)                     { a.l.Offline(id) }
func (a *lobbyAdapter) SetPlaying(id store.AccountID, m store.MatchID) { a.l.SetPlaying(id, m) }
func (a *lobbyAdapter) ClearPlaying(id store.AccountID)                { a.l.ClearPlaying(id) }
func (a *lobbyAdapter) Close()                                         { a.l.Close() }

// QueueSizes reports the humans waiting per player count.
func (a *lobbyAdapter) QueueSizes() map[int]int {
	st := a.l.Stats()
	out := map[int]int{}
	for n := 2; n < len(st.Queued); n++ {
		out[n] = st.Queued[n]
	}
	return out
}

// Handle carries out one lobby message.
func (a *lobbyAdapter) Handle(ctx context.Context, id store.AccountID, m Message) (any, error) {
	d, err := a.handle(ctx, id, m)
	return d, lobbyError(err)
}

func (a *lobbyAdapter) handle(ctx context.Context, id store.AccountID, m Message) (any, error) {
	l := a.l
	switch m.Type {
	case "friends":
		fs, err := l.Friends(ctx, id)
		if fs == nil {
			fs = []lobby.FriendInfo{}
		}
		return map[string]any{"friends": fs}, err
	case "friend_request":
		f, err := l.RequestFriend(ctx, id, m.Username)
		return map[string]any{"friend": f}, err
	case "friend_accept":
		f, err := l.AcceptFriend(ctx, id, m.Account)
		return map[string]any{"friend": f}, err
	case "friend_remove":
		return nil, l.RemoveFriend(ctx, id, m.Account)
	case "invite":
		return nil, l.Invite(ctx, id, m.Account)
	case "invite_accept":
		p, err := l.AcceptInvite(ctx, id, m.From)
		return map[string]any{"party": p}, err
	case "invite_decline":
		return nil, l.DeclineInvite(ctx, id, m.From)
	case "party":
		if p, ok := l.Party(id); ok {
			return map[string]any{"party": p}, nil
		}
		return map[string]any{"party": nil}, nil
	case "party_create":
		p, err := l.CreateParty(ctx, id)
		return map[string]any{"party": p}, err
	case "party_leave":
		return nil, l.LeaveParty(ctx, id)
	case "party_kick":
		return nil, l.Kick(ctx, id, m.Account)
	case "queue":
		return nil, l.Queue(ctx, id, m.Players)
	case "queue_cancel":
		return nil, l.CancelQueue(ctx, id)
	case "play_bots":
		r, err := l.PlayBots(ctx, id, m.Players, m.Level)
		return map[string]any{"room": r}, err
	case "private_match":
		r, err := l.PrivateMatch(ctx, id, m.Players, m.BotLevel)
		return map[string]any{"room": r}, err
	case "room":
		if r, ok := l.Room(id); ok {
			return map[string]any{"room": r}, nil
		}
		return map[string]any{"room": nil}, nil
	case "room_choose":
		c := lobby.Choice{Character: m.Character, Religion: m.Religion, Slot: lobby.SlotBasic1}
		if r, ok := l.Room(id); ok && r.Choice != nil {
			// Fields left out keep their current value.
			cur := *r.Choice
			if m.Character == "" {
				c.Character = cur.Character
			}
			if m.Religion == "" {
				c.Religion = cur.Religion
			}
			c.Slot = cur.Slot
		}
		if m.Slot != nil {
			c.Slot = *m.Slot
		}
		r, err := l.Choose(ctx, id, c)
		return map[string]any{"room": r}, err
	case "room_ready":
		return nil, l.Ready(ctx, id)
	case "room_leave":
		return nil, l.LeaveRoom(ctx, id)
	}
	return nil, errorf(CodeUnknownType, "unknown lobby message %q", m.Type)
}

// lobbyError puts a lobby refusal's code on the wire.
func lobbyError(err error) error {
	var le *lobby.Error
	if err == nil || !errors.As(err, &le) {
		return err
	}
	msg := le.Msg
	if msg == "" {
		msg = string(le.Code)
	}
	return &Error{Code: Code(le.Code), Msg: msg, Err: err}
}
