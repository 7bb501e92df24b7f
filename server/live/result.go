package live

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"tabletop/engine"
	"tabletop/store"
)

// ErrNotFinished reports a replay asked of a match still being played:
// its seed stays on the server until the end.
var ErrNotFinished = errors.New("live: match not finished")

// finish records the end of the match in one store transaction: the
// result, each seat's rank and experience (none for a conceded seat),
// the accounts' new experience and levels, and with them the entries of
// the players' match history. The finished record holds the seed, so
// ReplayOf can hand out the replay from then on.
func (h *Host) finish(ctx context.Context) {
	res := h.m.State().Result()
	f := store.Finish{Seats: Ranks(res, h.n), Level: Level}
	for i := range f.Seats {
		if h.seats[i].status == SeatConceded {
			f.Seats[i].XP = 0
		}
	}
	f.Result, _ = json.Marshal(res) // a Result always encodes
	if err := h.cfg.Store.FinishMatch(ctx, h.id, f); err != nil && !errors.Is(err, store.ErrFinished) {
		h.cfg.Logf("live: match %d: finish: %v (Recover will retry)", h.id, err)
	}
	h.over = true
	if h.cfg.OnFinish != nil {
		accounts := make([]store.AccountID, h.n)
		for i, st := range h.seats {
			accounts[i] = st.account
		}
		h.cfg.OnFinish(h.id, accounts)
	}
}

// MaxLevel is the highest player level (REL-606).
const MaxLevel = 6

// levelXP is the experience each level takes.
const levelXP = 100

// Ranks turns a result into each seat's rank (1 = first; a draw ranks
// everyone 1) and experience: 20 for playing a match to its end, plus up
// to 20 by rank, XP = 20 + 20·(seats − rank)/(seats − 1) rounded down.
// The winner earns 40 and the last 20 whatever the number of seats, so
// no table size pays better (4 seats: 40, 33, 26, 20). Bot seats earn
// nothing because they have no account; the host zeroes a conceded
// seat's experience.
func Ranks(res engine.Result, seats int) []store.SeatResult {
	out := make([]store.SeatResult, seats)
	for i := range out {
		out[i].Rank = 1
	}
	if res.How != "draw" {
		for i, s := range res.Ranking {
			if s >= 0 && int(s) < seats {
				out[s].Rank = i + 1
			}
		}
	}
	for i := range out {
		bonus := int64(20)
		if seats > 1 {
			bonus = int64(20 * (seats - out[i].Rank) / (seats - 1))
		}
		out[i].XP = 20 + max(bonus, 0)
	}
	return out
}

// Level is the player level of an amount of experience: one level per
// 100 XP, from 1 up to MaxLevel (0 XP is level 1, 100 is 2, 500 and more
// is 6). A match earns 20 to 40, so a level takes about three matches,
// as GAP-27's placeholder suggests, and winning speeds it up.
func Level(xp int64) int {
	if xp <= 0 {
		return 1
	}
	return int(min(1+xp/levelXP, MaxLevel))
}

// LevelStart returns the experience at which level l begins (0 for
// level 1 and below; MaxLevel's for any level above it).
func LevelStart(l int) int64 {
	l = min(max(l, 1), MaxLevel)
	return int64(l-1) * levelXP
}

// ReplayOf returns the replay of a finished match: the engine replay that
// `tabletop replay` verifies (write it with Replay.WriteTo). A live match
// is refused with ErrNotFinished (its seed is secret until the end); an
// unknown one wraps store.ErrNotFound. With lookup (game name to game)
// the replay is first checked under this build's rules with
// engine.Verify; a match played under other rules then fails with the
// engine's error. A nil lookup skips the check.
func ReplayOf(ctx context.Context, st store.Store, lookup func(name string) (engine.Game, error), id store.MatchID) (*engine.Replay, error) {
	rec, err := st.Match(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("live: replay of match %d: %w", id, err)
	}
	if rec.Live() {
		return nil, fmt.Errorf("live: replay of match %d: %w", id, ErrNotFinished)
	}
	rep := rec.Replay()
	if lookup == nil {
		return rep, nil
	}
	g, err := lookup(rep.Header.Game)
	if err != nil {
		return nil, fmt.Errorf("live: replay of match %d: %w", id, err)
	}
	if _, err := engine.Verify(g, rep); err != nil {
		return nil, fmt.Errorf("live: replay of match %d: %w", id, err)
	}
	return rep, nil
}
