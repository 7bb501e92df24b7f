package live

import (
	"context"
	"fmt"
	"time"

	"tabletop/bots"
	"tabletop/engine"
	"tabletop/store"
)

// retryAfter is how long the host waits before it tries again to play
// bot and chance steps that the store refused to record.
const retryAfter = time.Second

// play is the heart of the host: apply the given answer (if any), then
// chance and inline bot steps up to Config.Batch (a searching bot is
// started on its own goroutine instead), persist them, acknowledge,
// broadcast, and finish the match when it is over. It reports whether
// the answer was applied and stored; a refused answer changes nothing.
func (h *Host) play(ctx context.Context, in *input) bool {
	from := h.m.Steps()
	st := h.m.State()
	if in != nil && !h.apply(in) {
		return false
	}
	mine := h.m.Steps()
	h.more = false
	for n := 0; !st.Terminal(); n++ {
		d := st.Pending()
		var p *botPlayer
		if d.Seat != engine.Chance {
			if p = h.seats[d.Seat].bot; p == nil {
				break // a human decides
			}
			if p.async {
				h.think(d.Seat, p)
				break
			}
		}
		if n == h.cfg.Batch {
			h.more = true
			break
		}
		var ev []engine.Event
		var err error
		if d.Seat == engine.Chance {
			ev, err = h.m.ResolveChance()
		} else {
			var obs bots.Observation
			if obs, err = bots.Observe(st, d.Seat, false); err == nil {
				ev, err = h.applyBot(p.b.Step(obs))
			}
		}
		if err != nil { // a broken game: keep what is valid, stop playing
			h.cfg.Logf("live: match %d step %d: %v", h.id, h.m.Steps()+1, err)
			h.over = true
			break
		}
		h.record(ev)
	}
	moved := h.m.Steps() != from
	dl := h.nextDeadline(moved)
	if moved {
		if err := h.persist(ctx, from, dl); err != nil {
			h.cfg.Logf("live: match %d: %v", h.id, err)
			h.rollback(from)
			h.retry()
			h.refuse(in, CodeStore, "", err)
			return false
		}
	} else if !dl.Equal(h.dl) {
		if err := h.cfg.Store.SetDeadline(ctx, h.id, dl); err != nil {
			h.cfg.Logf("live: match %d: deadline: %v", h.id, err)
		}
	}
	h.arm(dl)
	if in != nil && in.kind == inAnswer && h.seats[in.seat].missed > 0 {
		h.seats[in.seat].missed = 0 // the player is back
		h.saveMissed(ctx, in.seat)
	}
	if st.Terminal() && !h.over {
		// Before the last frame goes: a client that sees the result may
		// ask for its replay, history or new level at once.
		h.finish(ctx)
	}
	ack := Ack{Version: mine, Now: h.m.Steps()}
	var acks AckSink
	if in != nil {
		acks = in.acks
	}
	if acks != nil {
		acks.Ack(ack)
	}
	h.reply(in, result{ack: ack})
	if moved || h.dirty {
		// The seat that answered waits for its frame: it gets one
		// whatever the steps showed it.
		answerer := engine.Chance
		if in != nil && in.kind == inAnswer {
			answerer = in.seat
		}
		h.broadcast(from, answerer)
		h.dirty = false
	}
	if acks != nil {
		acks.Flush()
	}
	return true
}

// apply checks an answer and applies it to the match, or refuses it.
func (h *Host) apply(in *input) bool {
	st := h.m.State()
	d := st.Pending()
	switch {
	case st.Terminal():
		h.refuse(in, CodeClosed, "match over", nil)
		return false
	case in.version != h.m.Steps():
		h.refuse(in, CodeStale, fmt.Sprintf("answer computed against version %d", in.version), nil)
		return false
	case !h.validSeat(in.seat) || in.seat != d.Seat:
		h.refuse(in, CodeNotYourSeat, fmt.Sprintf("seat %d decides", d.Seat), nil)
		return false
	case in.kind == inAnswer && h.seats[in.seat].bot != nil:
		h.refuse(in, CodeNotYourSeat, fmt.Sprintf("a bot plays seat %d", in.seat), nil)
		return false
	}
	if in.kind == inBot {
		ev, err := h.applyBot(in.answer)
		if err != nil {
			h.cfg.Logf("live: match %d step %d: %v", h.id, h.m.Steps()+1, err)
			h.over = true
			return false
		}
		h.record(ev)
		return true
	}
	a, err := st.ParseAnswer(in.text)
	if err != nil {
		h.refuse(in, CodeIllegal, "", err)
		return false
	}
	ev, err := h.m.Apply(a)
	if err != nil {
		h.refuse(in, CodeIllegal, "", err)
		return false
	}
	h.record(ev)
	return true
}

// applyBot applies a bot's answer; one the rules refuse (a bot bug) is
// logged and replaced by the decision's default, so the match goes on.
func (h *Host) applyBot(a engine.Answer) ([]engine.Event, error) {
	ev, err := h.m.Apply(a)
	if err == nil {
		return ev, nil
	}
	d := h.m.State().Pending()
	h.cfg.Logf("live: match %d: seat %d bot answered %d: %v; playing the default", h.id, d.Seat, a, err)
	return h.m.Apply(d.Default)
}

// tick runs when the timer fires: at a deadline it answers the default;
// otherwise it is a retry after a failed write, and play goes on.
func (h *Host) tick(ctx context.Context) {
	if !h.dl.IsZero() && !h.cfg.Now().Before(h.dl) {
		h.expire(ctx)
		return
	}
	h.play(ctx, nil)
}

// expire answers the decision's default for the human who let its
// deadline pass, recorded like any answer. After Config.IdleAfter such
// deadlines in a row the seat goes idle first, so that its stand-in
// plays on from there.
func (h *Host) expire(ctx context.Context) {
	st := h.m.State()
	if st.Terminal() {
		return
	}
	d := st.Pending()
	if !h.validSeat(d.Seat) || h.seats[d.Seat].bot != nil {
		h.play(ctx, nil) // a stale deadline: nobody human decides
		return
	}
	h.seats[d.Seat].missed++
	if n := h.cfg.IdleAfter; n > 0 && h.seats[d.Seat].missed >= n {
		if err := h.setSeat(ctx, d.Seat, SeatIdle); err != nil {
			h.cfg.Logf("live: match %d: %v", h.id, err)
		}
	} else {
		h.saveMissed(ctx, d.Seat)
	}
	h.play(ctx, &input{kind: inTimeout, seat: d.Seat, version: h.m.Steps(), text: st.AnswerText(d.Default)})
}

// nextDeadline returns the pending decision's deadline: none unless a
// human decides and Config.TurnTime is set; the current one while the
// match has not moved, else a new one.
func (h *Host) nextDeadline(moved bool) time.Time {
	st := h.m.State()
	if h.cfg.TurnTime <= 0 || st.Terminal() {
		return time.Time{}
	}
	if s := st.Pending().Seat; s == engine.Chance || h.seats[s].bot != nil {
		return time.Time{}
	}
	if !moved && !h.dl.IsZero() {
		return h.dl
	}
	return h.cfg.Now().Add(h.cfg.TurnTime).UTC().Truncate(time.Millisecond)
}

// arm sets the deadline and its timer.
func (h *Host) arm(dl time.Time) {
	h.dl = dl
	if dl.IsZero() {
		h.setTimer(-1)
		return
	}
	h.setTimer(max(dl.Sub(h.cfg.Now()), 0))
}

// retry wakes the host after retryAfter, keeping the deadline.
func (h *Host) retry() { h.setTimer(retryAfter) }

// setTimer replaces the timer; a negative d only stops it.
func (h *Host) setTimer(d time.Duration) {
	if h.cfg.AfterFunc == nil {
		switch {
		case d < 0:
			if h.timer != nil {
				h.timer.Stop()
			}
		case h.timer == nil:
			h.timer = time.AfterFunc(d, h.ring)
		default:
			// A wake already sent by the old deadline is harmless: tick
			// answers a default only once the deadline has passed.
			h.timer.Reset(d)
		}
		return
	}
	if h.stop != nil {
		h.stop()
		h.stop = nil
	}
	if d < 0 {
		return
	}
	h.stop = h.cfg.AfterFunc(d, h.ring)
}

// record keeps the redacted events of the step just applied, one JSON
// array per audience (the seats, then the spectator). Most events are
// public, so audiences often see the same redaction: its bytes are then
// encoded and kept once. The arrays are encoded into one reused buffer.
func (h *Host) record(events []engine.Event) {
	if h.redacted == nil {
		// Never nil: an audience that sees none of a step's events
		// gets [], and a nil slice would be encoded null.
		h.redacted = make([]engine.Event, 0, 8)
	}
	for a := range h.n + 1 {
		seat := h.audienceSeat(a)
		if b := h.sameRedaction(events, a); b >= 0 {
			h.hist.share(a, b)
			continue
		}
		h.redacted = engine.AppendRedacted(h.redacted[:0], events, seat)
		b, err := engine.AppendEvents(h.evbuf[:0], h.redacted)
		clear(h.redacted) // the scratch keeps no step's event data alive
		if err != nil {
			h.cfg.Logf("live: match %d: events: %v", h.id, err)
			b = append(b[:0], "[]"...)
		}
		h.evbuf = b
		h.hist.add(a, b)
	}
}

// sameRedaction returns an audience before a that sees every event of
// events in the same form as a (in full, public or not at all), -1 if none.
func (h *Host) sameRedaction(events []engine.Event, a int) int {
	form := func(e *engine.Event, s engine.Seat) int {
		switch {
		case e.Audience.Has(s):
			return 1
		case e.Public != nil:
			return 2
		}
		return 0
	}
	sa := h.audienceSeat(a)
next:
	for b := range a {
		sb := h.audienceSeat(b)
		for i := range events {
			if form(&events[i], sa) != form(&events[i], sb) {
				continue next
			}
		}
		return b
	}
	return -1
}

func (h *Host) audienceSeat(a int) engine.Seat {
	if a == h.n {
		return engine.Spectator
	}
	return engine.Seat(a)
}

func (h *Host) audience(s engine.Seat) int {
	if h.validSeat(s) {
		return int(s)
	}
	return h.n
}

// persist writes the steps after version from, with the next deadline.
func (h *Host) persist(ctx context.Context, from int, dl time.Time) error {
	h.stepbuf = h.m.AppendStepsFrom(h.stepbuf[:0], from)
	// Not reused like the steps: the store does not promise to let go of
	// the answers when AppendAnswers returns (a write abandoned at a
	// cancelled context is still queued).
	ans := make([]store.Answer, len(h.stepbuf))
	for i, s := range h.stepbuf {
		ans[i] = store.Answer{Version: from + i + 1, Seat: s.Seat, Text: s.Answer, Hash: s.Hash}
	}
	clear(h.stepbuf) // the store keeps the texts, the scratch need not
	return h.cfg.Store.AppendAnswers(ctx, h.id, ans, dl)
}

// rollback returns the match to version v after a failed write.
func (h *Host) rollback(v int) {
	rep := h.m.Replay()
	rep.Steps = rep.Steps[:v]
	m, err := engine.ResumeMatch(h.game, rep)
	if err != nil { // cannot happen with a deterministic game
		h.cfg.Logf("live: match %d: rollback: %v", h.id, err)
		h.over = true
		return
	}
	m.SetHashInterval(h.cfg.HashInterval)
	h.m = m
	h.dec.ver = -1 // the next version may differ from the one described
	h.hist.truncate(v)
	h.more = false
}
