package live

import (
	"context"
	"fmt"

	"tabletop/engine"
	"tabletop/store"
)

// Recover rebuilds the host of every live match in cfg.Store after a
// restart: header and seed from LiveMatches, every answer from
// AnswersSince(0), checked step by step (hashes included) by
// engine.ResumeMatch. The stored deadline is kept, so a deadline that
// passed while the server was down fires as soon as the host runs. Each
// seat goes back to whoever played it (its stored store.SeatControl): the
// human, a bot of the same level, or a stand-in for a player who left,
// went idle or conceded, with the count of missed deadlines. A player
// who left can Join again. lookup maps a game name to its game. The hosts
// are returned ready to Run; a match that cannot be rebuilt is an error
// (the hosts rebuilt so far are returned with it).
func Recover(ctx context.Context, cfg Config, lookup func(name string) (engine.Game, error)) ([]*Host, error) {
	cfg = cfg.withDefaults()
	recs, err := cfg.Store.LiveMatches(ctx)
	if err != nil {
		return nil, err
	}
	var hosts []*Host
	for _, rec := range recs {
		h, err := recoverOne(ctx, cfg, rec, lookup)
		if err != nil {
			return hosts, fmt.Errorf("live: recover match %d: %w", rec.ID, err)
		}
		hosts = append(hosts, h)
	}
	return hosts, nil
}

func recoverOne(ctx context.Context, cfg Config, rec store.MatchRecord, lookup func(string) (engine.Game, error)) (*Host, error) {
	g, err := lookup(rec.Header.Game)
	if err != nil {
		return nil, err
	}
	ans, err := cfg.Store.AnswersSince(ctx, rec.ID, 0)
	if err != nil {
		return nil, err
	}
	rec.Answers = ans
	rep := rec.Replay()
	m, err := engine.ResumeMatch(g, rep)
	if err != nil {
		return nil, err
	}
	if len(rec.Seats) != m.Header().Seats {
		return nil, fmt.Errorf("live: %d seat records for %d seats", len(rec.Seats), m.Header().Seats)
	}
	h := newHost(cfg, g, m)
	h.id = rec.ID
	h.dl = rec.Deadline
	for i, s := range rec.Seats {
		if err := h.restoreSeat(engine.Seat(i), s); err != nil {
			return nil, err
		}
	}
	h.names(ctx)
	h.publish()
	// Rebuild the per-seat event history by replaying once more: the
	// events are not stored, only the answers.
	var config []byte
	if c := rep.Header.Config; len(c) > 0 && string(c) != "null" {
		config = c
	}
	hm, err := engine.NewMatch(g, config, rep.Header.Seats, rep.Header.Seed)
	if err != nil {
		return nil, err
	}
	hm.SetHashing(false)
	for _, st := range rep.Steps {
		ev, err := hm.ApplyText(st.Answer)
		if err != nil {
			return nil, err
		}
		h.record(ev)
	}
	return h, nil
}
