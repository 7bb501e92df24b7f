package lobby

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"slices"
	"sync"
	"time"

	"tabletop/bots"
	"tabletop/games/realigious"
	"tabletop/server/live"
	"tabletop/store"
)

// PartyID identifies a party while the server runs; 0 means none.
type PartyID int64

// RoomID identifies a waiting room while the server runs; 0 means none.
type RoomID int64

// MaxParty is the largest party (GAP-64): a 4-player match's seats.
const MaxParty = 4

// Config is what a Lobby needs. Store and Start are required; every other
// field's zero value has a usable default.
type Config struct {
	// Store holds accounts, friends and trait slots. Required.
	Store store.Store
	// Now is the lobby's clock; default time.Now.
	Now func() time.Time
	// AfterFunc calls f after d (in another goroutine) and returns a stop
	// function; default wraps time.AfterFunc. Tests inject a fake clock.
	AfterFunc func(d time.Duration, f func()) (stop func() bool)
	// BotFillAfter is how long a queue entry waits before bots fill the
	// seats other humans have not taken (default 20s; negative: never).
	BotFillAfter time.Duration
	// RoomCountdown is the waiting room's countdown (default 40s: UI-209,
	// GAP-65).
	RoomCountdown time.Duration
	// OfflineGrace is how long an account with no connection left still
	// counts as online, so that a page reload does not cost it its party
	// or queue place (default 10s; negative: none).
	OfflineGrace time.Duration
	// BotLevel is the level of the bots that fill queues and take the
	// seats of humans who leave a room (default "normal"; see
	// bots.Levels).
	BotLevel string
	// Push delivers a message to every connection of an account. It must
	// not block (drop rather than wait) and must not call the Lobby: it
	// is called with the lobby's lock held, which keeps each account's
	// messages in order.
	Push func(to store.AccountID, m Message)
	// Start creates the live match of a waiting room whose countdown ended
	// and returns its id. Required. It is called without the lobby's lock,
	// with a context that ends after StartTimeout.
	Start func(ctx context.Context, r MatchRequest) (store.MatchID, error)
	// StartTimeout bounds a Start call (default 30s).
	StartTimeout time.Duration
	// Validate, if set, is an extra check of a saved trait slot's JSON
	// before a seat may use it. A slot must in any case decode as a
	// realigious.TraitSlot that validates at the account's level.
	Validate func(slot []byte) error
	// Seed draws the seed that shuffles each room's seats (default
	// crypto/rand). Tests inject a fixed sequence.
	Seed func() uint64
	// Game is the rules whose characters, religions and map sizes the
	// waiting room offers (default realigious.New()).
	Game *realigious.Game
	// Logf reports problems that have no caller to return them to;
	// default discards.
	Logf func(format string, args ...any)
	// Match is the base of every match's config: size, climate, cycle
	// limit. Its Seats are replaced by the rooms' choices. Size 0 picks
	// the rules' size for the player count (shown in the room, UI-211).
	Match realigious.Config
}

func (c Config) withDefaults() Config {
	if c.Now == nil {
		c.Now = time.Now
	}
	if c.AfterFunc == nil {
		c.AfterFunc = func(d time.Duration, f func()) func() bool { return time.AfterFunc(d, f).Stop }
	}
	if c.BotFillAfter == 0 {
		c.BotFillAfter = 20 * time.Second
	}
	if c.RoomCountdown <= 0 {
		c.RoomCountdown = 40 * time.Second
	}
	if c.OfflineGrace == 0 {
		c.OfflineGrace = 10 * time.Second
	}
	if c.BotLevel == "" {
		c.BotLevel = "normal"
	}
	if c.Push == nil {
		c.Push = func(store.AccountID, Message) {}
	}
	if c.StartTimeout <= 0 {
		c.StartTimeout = 30 * time.Second
	}
	if c.Seed == nil {
		c.Seed = func() uint64 {
			var b [8]byte
			_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
			return binary.LittleEndian.Uint64(b[:])
		}
	}
	if c.Logf == nil {
		c.Logf = func(string, ...any) {}
	}
	if c.Game == nil {
		c.Game = realigious.New()
	}
	return c
}

// MatchRequest is what Config.Start gets: the game, its config JSON and
// who plays each seat, in match seat order.
type MatchRequest struct {
	// Game is the registry name of the game ("realigious").
	Game string
	// Config is the game's normalized config JSON: the base Config.Match
	// with each seat's character and origin religion ("random" for a
	// random pick from the match seed, GAP-65) and each human seat's
	// traits and level.
	Config []byte
	Seats  []MatchSeat
	// Room is the waiting room the match comes from.
	Room RoomID
}

// MatchSeat is one seat of a MatchRequest.
type MatchSeat struct {
	// Account is the human playing the seat, 0 for a bot.
	Account store.AccountID
	// Bot is the level of a bot seat ("" for a human).
	Bot string
	// Slot is the trait slot number the human plays with: a saved slot
	// (0 and up) or a preset (SlotBasic1..SlotBasic3); 0 for a bot.
	Slot int
	// Traits is the realigious.TraitSlot JSON the seat plays with (GAP-65
	// fallbacks applied; Config holds its traits); nil for a bot, which
	// plays Basic Trait 1.
	Traits json.RawMessage
}

// LiveSeats returns the seats as server/live wants them.
func (r MatchRequest) LiveSeats() []live.SeatSpec {
	out := make([]live.SeatSpec, len(r.Seats))
	for i, s := range r.Seats {
		out[i] = live.SeatSpec{Account: s.Account, Bot: s.Bot}
	}
	return out
}

// Lobby is the social and matchmaking state of one server. All its
// methods may be called concurrently; one mutex guards the state, and
// store calls and Config.Start run outside it.
type Lobby struct {
	cfg Config

	mu      sync.Mutex
	closed  bool
	users   map[store.AccountID]*user
	parties map[PartyID]*party
	rooms   map[RoomID]*room
	queues  [MaxParty + 1][]*ticket // by player count: 2, 3, 4
	lastID  int64                   // parties, rooms and tickets
	starts  sync.WaitGroup          // room starts in progress
}

// user is what the lobby knows of an account that is online, or in a
// room or a match.
type user struct {
	id      store.AccountID
	conns   int
	loading bool // Online is reading the store
	online  bool // presence published as online or in_match
	grace   func() bool
	graceN  int // generation of the grace timer

	player  Player
	friends map[store.AccountID]bool // accepted friends, while online
	last    int                      // last used trait slot (UI-216)

	match   store.MatchID // SetPlaying
	party   *party
	ticket  *ticket
	room    *room
	invites map[store.AccountID]PartyID // pending invites received, by inviter
}

// New returns a Lobby. It panics if Store or Start is nil (a programmer
// error at construction).
func New(cfg Config) *Lobby {
	if cfg.Store == nil || cfg.Start == nil {
		panic("lobby: New needs Config.Store and Config.Start")
	}
	return &Lobby{
		cfg:     cfg.withDefaults(),
		users:   make(map[store.AccountID]*user),
		parties: make(map[PartyID]*party),
		rooms:   make(map[RoomID]*room),
	}
}

// Close drains the lobby: every queue entry is cancelled and every
// waiting room that has not started is dissolved (their humans are told,
// with Reason "closed"), later Queue, PlayBots and PrivateMatch calls fail
// with CodeClosed, and Close waits for the match starts in progress.
// Presence, friends and parties keep working until the server stops.
// Close may be called more than once.
func (l *Lobby) Close() {
	l.mu.Lock()
	if !l.closed {
		l.closed = true
		for n := range l.queues {
			for _, t := range slices.Clone(l.queues[n]) {
				l.cancelTicket(t, "closed")
			}
		}
		for _, r := range l.sortedRooms() {
			if !r.starting {
				l.dissolveRoom(r, "closed")
			}
		}
		for _, u := range l.users {
			if u.grace != nil {
				u.grace()
				u.grace = nil
				if u.conns == 0 && u.online {
					l.goOffline(u)
				}
			}
		}
	}
	l.mu.Unlock()
	l.starts.Wait()
}

// nextID returns a fresh id for a party, room or ticket.
func (l *Lobby) nextID() int64 {
	l.lastID++
	return l.lastID
}

// user returns the account's entry, creating it.
func (l *Lobby) user(id store.AccountID) *user {
	u := l.users[id]
	if u == nil {
		u = &user{id: id, player: Player{Account: id}, last: SlotBasic1}
		l.users[id] = u
	}
	return u
}

// gc forgets an account the lobby no longer needs.
func (l *Lobby) gc(u *user) {
	if u.conns == 0 && !u.online && !u.loading && u.match == 0 && u.room == nil && u.party == nil && len(u.invites) == 0 {
		delete(l.users, u.id)
	}
}

// status is u's presence (UI-104, UI-105).
func (u *user) status() Status {
	switch {
	case u == nil || !u.online:
		return Offline
	case u.match != 0 || u.room != nil:
		return InMatch
	}
	return Online
}

// statusOf is the presence of an account.
func (l *Lobby) statusOf(id store.AccountID) Status { return l.users[id].status() }

// push sends a message to one account.
func (l *Lobby) push(to store.AccountID, typ string, data any) {
	l.cfg.Push(to, Message{Type: typ, Data: data})
}

// presenceChanged tells u's online friends its status if it is not
// before.
func (l *Lobby) presenceChanged(u *user, before Status) {
	now := u.status()
	if now == before {
		return
	}
	for _, f := range sortedIDs(u.friends) {
		if fu := l.users[f]; fu != nil && fu.online {
			l.push(f, TypePresence, Presence{Account: u.id, Status: now})
		}
	}
}

// wireTime is a time as messages carry it: UTC, to the millisecond, like
// the match deadlines of server/live and the times the store keeps.
func wireTime(t time.Time) time.Time { return t.UTC().Truncate(time.Millisecond) }

// validLevel reports whether level names a bot level.
func validLevel(level string) bool { return slices.Contains(bots.Levels(), level) }

// sortedIDs returns a set's accounts in increasing order, so that pushes
// go out in a reproducible order.
func sortedIDs[V any](m map[store.AccountID]V) []store.AccountID {
	out := make([]store.AccountID, 0, len(m))
	for id := range m {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}
