// Package lobby is the social side of the game server and the way into a
// match: presence, friends, parties, matchmaking queues and the waiting
// room. It has no network code: a transport (server/gateway, tests) calls
// a [Lobby] and forwards the [Message]s it pushes; a match is started
// through a callback. Spec: UI-001..018 (main menu), UI-101..114
// (community panel), UI-201..217 (waiting screen), GAP-64, GAP-65.
//
// # Wiring
//
//	l := lobby.New(lobby.Config{
//		Store: st,
//		Push:  func(to store.AccountID, m lobby.Message) { hub.Send(to, m.Type, m.Data) },
//		Start: func(ctx context.Context, r lobby.MatchRequest) (store.MatchID, error) {
//			h, err := live.Create(ctx, liveCfg, live.MatchSpec{Game: game, Config: r.Config, Seats: r.LiveSeats()})
//			if err != nil {
//				return 0, err
//			}
//			go h.Run(serverCtx)
//			return h.ID(), nil
//		},
//	})
//	defer l.Close()
//
// Time is injected (Config.Now, Config.AfterFunc) so that tests run the
// 40-second countdown and the bot fill wait on a fake clock. The order of
// a room's seats comes from Config.Seed (crypto/rand by default).
//
// # Presence
//
// The transport calls [Lobby.Online] when a connection of an account opens
// and [Lobby.Offline] when it closes; the lobby counts them. The first
// connection reads the account, its friends and its last used trait slot
// from the store. Friends who are online get a "presence" message whenever
// the account's [Status] changes (UI-103..105):
//
//   - [Online]: connected and not in a game: the green light, invitable.
//   - [InMatch]: in a waiting room or a match ([Lobby.SetPlaying]; the
//     lobby sets it itself for the matches its rooms start, the gateway
//     clears it with [Lobby.ClearPlaying]): the red light.
//   - [Offline]: no connection for Config.OfflineGrace (10 s), so a page
//     reload is not a disconnect. Going offline leaves the queue (the
//     whole party's entry) and the party, and ends pending invites.
//
// # Friends
//
// [Lobby.RequestFriend] asks by username, in any case, [Lobby.AcceptFriend]
// accepts, [Lobby.RemoveFriend] unfriends, declines or withdraws (GAP-64:
// mutual acceptance). Each side is told ("friend_request", "friend").
// [Lobby.Friends] lists friends and requests with level, icon and, for
// friends, presence (UI-102..107).
//
// The lobby keeps a copy of each online account's name, icon and level.
// The transport calls [Lobby.Refresh] after the profile changes and after
// a match ends (the level may have risen): the account's party and
// waiting room are pushed again, and its online friends get a "friend"
// message with Event "updated".
//
// # Parties
//
// A party has a leader and at most [MaxParty] members (GAP-64).
// [Lobby.Invite] sends an invite to a friend who is online and in no game
// (UI-108..110; otherwise CodeNotOnline or CodeInMatch), creating the
// inviter's party if needed; [Lobby.AcceptInvite] joins it (leaving any
// other party), [Lobby.DeclineInvite] refuses. Parties are formed in the
// menu: an inviter in a match or a waiting room is refused
// (CodeInMatch), and so is [Lobby.CreateParty] for an account there that
// has no party yet (one it has is kept). The leader invites, kicks
// ([Lobby.Kick]) and queues; anyone may [Lobby.LeaveParty]; when the
// leader leaves, the member who joined next leads and the leader's
// invites end. Members get a "party" message on every change. A party
// that is queued or in a waiting room cannot change members.
//
// # Matchmaking
//
// [Lobby.Queue] puts a solo player, or a leader with the whole party, in
// the queue for 2, 3 or 4 players (UI-013..017); [Lobby.CancelQueue] takes
// the entry out (UI-018). An entry is matched as soon as it and older
// entries fill the seats exactly: parties stay whole, and among the ways
// to fill the seats the oldest entries go first. (After each arrival no
// set of waiting entries fills a match, so a new match always includes
// the newest entry, and one pass per arrival suffices.) An entry that has
// waited Config.BotFillAfter (20 s) takes the waiting entries that fit,
// oldest first, and bots of Config.BotLevel take the other seats.
// [Lobby.PlayBots] ("play against bots now") and [Lobby.PrivateMatch] (a
// party among itself, with or without bots) open a room at once.
//
// # The waiting room
//
// A room (UI-201..217) seats its humans and bots in an order drawn from
// Config.Seed, shows the map size (UI-211) and counts down
// Config.RoomCountdown, exactly 40 s (UI-209, GAP-65). Each human chooses
// with [Lobby.Choose]: a character and an origin religion, "random" by
// default (UI-214, UI-215; the rules draw them from the match seed), and a
// trait slot: a saved slot number or a preset ([SlotBasic1]..3), by
// default the slot last used, or Basic Trait 1 in the first game (UI-216,
// UI-217). Choices are seen by their owner only until the match loads
// (GAP-65): every "room" message carries everyone's seat and readiness
// and the receiver's own [Choice]. [Lobby.Ready] marks a seat ready; when
// every human is ready the countdown ends early. [Lobby.LeaveRoom] takes a
// player back to the menu (UI-213): a bot takes the seat and the others
// play on; the last human out closes the room.
//
// # Starting the match
//
// When the countdown ends, the room is frozen (CodeStarting) and the
// lobby, outside its lock, resolves each human's trait slot (the chosen
// one if it still exists and validates, else the last used one, else
// Basic Trait 1: GAP-65), builds the game config from Config.Match and
// the seats' choices, and calls Config.Start with a [MatchRequest]. On
// success each human gets "match_start" with the match id and its seat,
// its presence becomes the match, and the slot it played is stored as its
// last used one (store.Store.SetLastTraitSlot); on failure each gets a
// "room" message with State "failed" and is back in the menu.
//
// # Errors
//
// Every refusal is an [*Error] with a [Code] for the wire (CodeNotOnline,
// CodeInMatch, CodeNotLeader, CodePartyFull, CodeBadChoice, CodeClosed…)
// and a readable message; [CodeOf] extracts it. A refused call changes
// nothing.
//
// # Concurrency and shutdown
//
// All methods may be called concurrently. One mutex guards the state;
// store reads and writes and Config.Start run outside it; Config.Push runs
// inside it (so it must not block or call the Lobby), which keeps each
// account's messages in order. The lobby starts no goroutine: timers are
// Config.AfterFunc, and a match start runs in the goroutine that ended the
// countdown (the timer's, or the caller of Ready or LeaveRoom).
// [Lobby.Close] drains: queue entries are cancelled and rooms that have
// not started are closed (Reason "closed"), new queues and rooms are
// refused with CodeClosed, and Close waits for the starts in progress.
package lobby
