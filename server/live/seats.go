package live

import (
	"context"
	"encoding/json"
	"fmt"

	"tabletop/bots"
	"tabletop/engine"
	"tabletop/store"
)

// SeatStatus says who plays a seat now. Frames carry it for every seat:
// it is public, like the names around a table.
type SeatStatus string

// The seat statuses. Only SeatHuman has its player deciding; in every
// other status a bot answers the seat's decisions.
const (
	// SeatHuman: the seat's player decides.
	SeatHuman SeatStatus = "human"
	// SeatBot: a bot seat from the start (no account).
	SeatBot SeatStatus = "bot"
	// SeatIdle: the player let Config.IdleAfter deadlines pass in a row; a
	// stand-in plays until the player rejoins (Join).
	SeatIdle SeatStatus = "idle"
	// SeatLeft: the player left (Leave); a stand-in plays until Join.
	SeatLeft SeatStatus = "left"
	// SeatConceded: the player conceded; a stand-in plays to the end and
	// the seat earns no experience.
	SeatConceded SeatStatus = "conceded"
)

// SeatInfo is the public state of one seat, as frames and Host.Seats
// give it.
type SeatInfo struct {
	Status SeatStatus `json:"status"`
	// Account and Name are the seat's player (zero for a bot seat). Name
	// is the display name when the host was made.
	Account store.AccountID `json:"account,omitempty"`
	Name    string          `json:"name,omitempty"`
	// Bot is the level of the bot answering for the seat now, "" while
	// its human plays.
	Bot string `json:"bot,omitempty"`
}

// seatState is the host's record of one seat.
type seatState struct {
	account store.AccountID
	name    string
	status  SeatStatus
	bot     *botPlayer // nil while its human decides
	missed  int        // deadlines passed in a row
}

// botPlayer is a bot playing a seat. A searching bot (one that reads
// views) thinks on its own goroutine, during which busy is set and the
// host does not touch b.
type botPlayer struct {
	b     bots.Bot
	level string
	async bool
	busy  bool
}

// control is the seat as the store keeps it.
func (s seatState) control() store.SeatControl {
	c := store.SeatControl{Status: string(s.status), Missed: s.missed}
	if s.bot != nil {
		c.Bot = s.bot.level
	}
	return c
}

func (s seatState) info() SeatInfo {
	i := SeatInfo{Status: s.status, Account: s.account, Name: s.name}
	if s.bot != nil {
		i.Bot = s.bot.level
	}
	return i
}

// publish replaces the public snapshot of the seats.
func (h *Host) publish() {
	info := make([]SeatInfo, len(h.seats))
	for i, s := range h.seats {
		info[i] = s.info()
	}
	h.info.Store(&info)
	// Every frame carries the seats; they change rarely, so they are
	// encoded here once rather than for every frame.
	if b, err := json.Marshal(info); err == nil {
		h.seatsJSON = b
	} else {
		h.seatsJSON = nil
	}
}

// names looks up the display names of the human seats (best effort: a
// name is decoration, not a reason to refuse a match).
func (h *Host) names(ctx context.Context) {
	for i := range h.seats {
		s := &h.seats[i]
		if s.account == 0 {
			continue
		}
		a, err := h.cfg.Store.Account(ctx, s.account)
		if err != nil {
			h.cfg.Logf("live: match %d seat %d: display name: %v", h.id, i, err)
			continue
		}
		s.name = a.DisplayName
	}
}

// newPlayer makes the bot of a level for seat.
func (h *Host) newPlayer(level string, seat engine.Seat) (*botPlayer, error) {
	b, err := h.cfg.NewBot(h.game, level, botSeed(h.m.Header().Seed, int(seat)), seat)
	if err != nil {
		return nil, fmt.Errorf("live: seat %d: %w", seat, err)
	}
	return &botPlayer{b: b, level: level, async: bots.NeedsView(b)}, nil
}

// seatRequest handles Leave, Concede and Join.
func (h *Host) seatRequest(ctx context.Context, in *input) {
	if !h.validSeat(in.seat) {
		h.refuse(in, CodeNotYourSeat, "no such seat", nil)
		return
	}
	s := h.seats[in.seat]
	if s.account == 0 {
		h.refuse(in, CodeNotYourSeat, "a bot seat", nil)
		return
	}
	var to SeatStatus
	switch in.kind {
	case inLeave:
		if s.status == SeatLeft || s.status == SeatConceded {
			h.reply(in, result{})
			return
		}
		to = SeatLeft
	case inConcede:
		if s.status == SeatConceded {
			h.reply(in, result{})
			return
		}
		to = SeatConceded
	case inJoin:
		switch s.status {
		case SeatConceded:
			h.refuse(in, CodeConceded, "", nil)
			return
		case SeatHuman:
			h.reply(in, result{})
			return
		}
		to = SeatHuman
	}
	if err := h.setSeat(ctx, in.seat, to); err != nil {
		h.refuse(in, CodeStore, "", err)
		return
	}
	h.reply(in, result{})
	h.play(ctx, nil) // a stand-in answers at once, or a deadline starts
}

// setSeat changes who plays seat: its human (SeatHuman) or a stand-in
// bot (the other statuses; a bot already there stays). The change is
// stored first; if the store refuses, nothing changes.
func (h *Host) setSeat(ctx context.Context, seat engine.Seat, to SeatStatus) error {
	s := h.seats[seat]
	s.status = to
	switch to {
	case SeatHuman:
		s.bot, s.missed = nil, 0
	case SeatIdle:
	default:
		s.missed = 0
	}
	if to != SeatHuman && s.bot == nil {
		p, err := h.newPlayer(h.cfg.StandIn, seat)
		if err != nil {
			return err
		}
		s.bot = p
	}
	if err := h.cfg.Store.SetSeatControl(ctx, h.id, int(seat), s.control()); err != nil {
		return fmt.Errorf("live: match %d seat %d: %w", h.id, seat, err)
	}
	h.seats[seat] = s
	h.publish()
	h.dirty = true
	return nil
}

// saveMissed stores a changed count of missed deadlines. A failure is
// only logged: the count is advice, and the worst a lost one does is
// give the player one more turn before idleness.
func (h *Host) saveMissed(ctx context.Context, seat engine.Seat) {
	if err := h.cfg.Store.SetSeatControl(ctx, h.id, int(seat), h.seats[seat].control()); err != nil {
		h.cfg.Logf("live: match %d seat %d: missed deadlines: %v", h.id, seat, err)
	}
}

// restoreSeat rebuilds a seat from its stored control after a restart.
// Records made before seat controls were stored have none: an account
// seat is then human and a bot seat plays Config.StandIn.
func (h *Host) restoreSeat(seat engine.Seat, ms store.MatchSeat) error {
	c := ms.Control
	s := seatState{account: ms.Account, status: SeatStatus(c.Status), missed: c.Missed}
	switch s.status {
	case "":
		s.status = SeatHuman
		if ms.Account == 0 {
			s.status = SeatBot
		}
	case SeatHuman, SeatBot, SeatIdle, SeatLeft, SeatConceded:
	default:
		h.cfg.Logf("live: match %d seat %d: unknown status %q played as left", h.id, seat, c.Status)
		s.status = SeatLeft
	}
	if s.status == SeatHuman && ms.Account == 0 { // the account was deleted
		s.status = SeatLeft
	}
	if s.status != SeatHuman {
		level := c.Bot
		if level == "" {
			level = h.cfg.StandIn
		}
		p, err := h.newPlayer(level, seat)
		if err != nil {
			return err
		}
		s.bot = p
	}
	h.seats[seat] = s
	return nil
}
