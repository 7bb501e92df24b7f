package live

import (
	"context"
	"fmt"

	"tabletop/bots"
	"tabletop/engine"
)

// Searching bots think off the host goroutine. A bot that reads views
// (bots.NeedsView: every level but "random") may take real time, so the
// host hands it an Observation (the seat's view as JSON and the legal
// answers: a copy, nothing shared with the match) and a goroutine runs
// Step while the host goes on serving answers, subscriptions and
// reconnects. The answer comes back on botc with the version it was
// computed against; the host, still the only writer of the match,
// applies it if nothing moved in between (else it asks again). Blind
// bots ("random") answer inline: they cost nothing.

// botAnswer is a searching bot's answer to the decision of seat at
// version.
type botAnswer struct {
	player  *botPlayer
	seat    engine.Seat
	version int
	answer  engine.Answer
}

// think starts p's search of seat's pending decision, unless p is still
// busy: with this decision (it answers soon) or a stale one (botDone asks
// again when it ends).
func (h *Host) think(seat engine.Seat, p *botPlayer) {
	if p.busy {
		return
	}
	st := h.m.State()
	obs, err := bots.Observe(st, seat, true)
	if err != nil { // the bot plays blind (a uniform draw) rather than stall
		h.cfg.Logf("live: match %d seat %d: %v", h.id, seat, err)
	}
	p.busy = true
	a := botAnswer{player: p, seat: seat, version: h.m.Steps()}
	def, logf, id := st.Pending().Default, h.cfg.Logf, h.id
	go func() {
		a.answer = step(p.b, obs, def, func(err error) { logf("live: match %d seat %d: %v", id, seat, err) })
		select {
		case h.botc <- a:
		case <-h.done:
		}
	}()
}

// step asks the bot, turning a panic into the default answer.
func step(b bots.Bot, obs bots.Observation, def engine.Answer, logf func(error)) (a engine.Answer) {
	defer func() {
		if r := recover(); r != nil {
			logf(fmt.Errorf("bot panicked: %v; playing the default", r))
			a = def
		}
	}()
	return b.Step(obs)
}

// botDone takes a searching bot's answer: applied if the match is where
// the bot saw it and the bot still plays the seat; else dropped, and the
// host plays on (which asks the seat's bot again if it is its turn).
func (h *Host) botDone(ctx context.Context, r botAnswer) {
	r.player.busy = false
	st := h.m.State()
	if st.Terminal() || r.version != h.m.Steps() || st.Pending().Seat != r.seat || h.seats[r.seat].bot != r.player {
		h.play(ctx, nil)
		return
	}
	h.play(ctx, &input{kind: inBot, seat: r.seat, version: r.version, answer: r.answer})
}
