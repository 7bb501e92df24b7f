package lobby

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"tabletop/games/realigious"
	"tabletop/store"
)

// seatPlan is a room seat as the start needs it, copied under the lock.
type seatPlan struct {
	account store.AccountID
	bot     string
	level   int
	choice  Choice
	last    int
}

// beginStart ends a room's countdown: from now on it cannot change. It
// returns the start itself, which the caller runs after unlocking (Start
// does I/O and may take time).
func (l *Lobby) beginStart(r *room) func() {
	r.starting = true
	if r.stop != nil {
		r.stop()
		r.stop = nil
	}
	plan := make([]seatPlan, len(r.seats))
	for i, s := range r.seats {
		if s.user == nil {
			plan[i] = seatPlan{bot: s.bot}
			continue
		}
		plan[i] = seatPlan{account: s.user.id, level: s.user.player.Level, choice: s.choice, last: s.user.last}
	}
	l.starts.Add(1)
	return func() {
		defer l.starts.Done()
		l.startRoom(r, plan)
	}
}

// startRoom creates the room's match through Config.Start and tells its
// humans: "match_start", or a "room" message with State "failed".
func (l *Lobby) startRoom(r *room, plan []seatPlan) {
	ctx, cancel := context.WithTimeout(context.Background(), l.cfg.StartTimeout)
	defer cancel()
	req := MatchRequest{Game: "realigious", Room: r.id, Seats: make([]MatchSeat, len(plan))}
	traits := make([][]realigious.Trait, len(plan))
	for i, p := range plan {
		if p.account == 0 {
			req.Seats[i] = MatchSeat{Bot: p.bot}
			continue
		}
		slot, data, ts := l.resolveSlot(ctx, p)
		req.Seats[i] = MatchSeat{Account: p.account, Slot: slot, Traits: data}
		traits[i] = ts.Traits
	}
	var id store.MatchID
	cfg, err := l.matchConfig(plan, traits)
	if err == nil {
		req.Config = cfg
		id, err = l.cfg.Start(ctx, req)
	}
	if err == nil {
		l.rememberSlots(ctx, req.Seats)
	}

	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.rooms, r.id)
	for i, s := range r.seats {
		u := s.user
		if u == nil {
			continue
		}
		before := u.status()
		u.room = nil
		if err != nil {
			l.push(u.id, TypeRoom, RoomInfo{ID: r.id, State: "failed", You: -1, Reason: "the match could not be created"})
			l.presenceChanged(u, before)
			l.gc(u)
			continue
		}
		u.match = id
		u.last = req.Seats[i].Slot
		l.push(u.id, TypeMatchStart, MatchStart{Match: id, Room: r.id, Seat: i})
		l.presenceChanged(u, before)
	}
	if err != nil {
		l.cfg.Logf("lobby: starting the match of room %d: %v", r.id, err)
	}
}

// matchConfig builds the game config of a room's match: the base config
// with each human seat's character, origin religion ("random" is drawn
// from the match seed by the rules, GAP-65), traits and level (against
// which the rules check the traits, REL-606). Bot seats choose nothing:
// random character and religion, Basic Trait 1.
func (l *Lobby) matchConfig(plan []seatPlan, traits [][]realigious.Trait) ([]byte, error) {
	c := l.cfg.Match
	c.Seats = make([]realigious.SeatConfig, len(plan))
	for i, p := range plan {
		sc := realigious.SeatConfig{Religion: "random", Character: "random"}
		if p.account != 0 {
			sc.Religion, sc.Character = p.choice.Religion, p.choice.Character
			sc.Traits, sc.Level = traits[i], slotLevel(p.level)
		}
		c.Seats[i] = sc
	}
	raw, err := json.Marshal(c)
	if err != nil {
		return nil, fmt.Errorf("lobby: encoding the match config: %w", err)
	}
	return l.cfg.Game.NormalizeConfig(raw, len(plan))
}

// slotLevel is the player level trait slots are checked at: the
// account's, within the rules' 1 to 6.
func slotLevel(level int) int {
	return min(max(level, realigious.MinPlayerLevel), realigious.MaxPlayerLevel)
}

// resolveSlot returns the trait slot a human plays with, its JSON and
// its traits: the chosen slot if it is still there and valid, else the
// last used one if that is, else Basic Trait 1 (GAP-65).
func (l *Lobby) resolveSlot(ctx context.Context, p seatPlan) (int, json.RawMessage, realigious.TraitSlot) {
	for _, n := range []int{p.choice.Slot, p.last} {
		if n < 0 {
			return n, presetJSON(n), realigious.Preset(-n).Slot()
		}
		if data, ts, err := l.savedSlot(ctx, p.account, p.level, n); err == nil {
			return n, data, ts
		}
	}
	return SlotBasic1, presetJSON(SlotBasic1), realigious.DefaultPreset.Slot()
}

// presetJSON is the JSON of a preset slot (SlotBasic1..3).
func presetJSON(n int) json.RawMessage {
	data, err := json.Marshal(realigious.Preset(-n).Slot())
	if err != nil { // a TraitSlot always encodes
		panic(fmt.Sprintf("lobby: encoding preset %d: %v", n, err))
	}
	return data
}

// savedSlot reads and checks saved trait slot n of an account: it must
// pass Config.Validate (if set) and decode as a realigious.TraitSlot that
// is valid at the account's level (REL-606, GAP-28).
func (l *Lobby) savedSlot(ctx context.Context, id store.AccountID, level, n int) (json.RawMessage, realigious.TraitSlot, error) {
	var ts realigious.TraitSlot
	slots, err := l.cfg.Store.TraitSlots(ctx, id)
	if err != nil {
		return nil, ts, storeFail(fmt.Sprintf("reading the trait slots of %d", id), err)
	}
	for _, s := range slots {
		if s.Slot != n {
			continue
		}
		bad := func(err error) error {
			return &Error{Code: CodeBadChoice, Msg: fmt.Sprintf("trait slot %d", n), Err: err}
		}
		if l.cfg.Validate != nil {
			if err := l.cfg.Validate(s.Data); err != nil {
				return nil, ts, bad(err)
			}
		}
		dec := json.NewDecoder(bytes.NewReader(s.Data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&ts); err != nil {
			return nil, ts, bad(fmt.Errorf("lobby: trait slot JSON: %w", err))
		}
		if err := ts.Validate(slotLevel(level)); err != nil {
			return nil, ts, bad(err)
		}
		return s.Data, ts, nil
	}
	return nil, ts, fail(CodeBadChoice, "account %d has no trait slot %d", id, n)
}

// rememberSlots records each human's slot as its last used one (UI-216).
// It is a preference: a store failure only loses it.
func (l *Lobby) rememberSlots(ctx context.Context, seats []MatchSeat) {
	var errs []error
	for _, s := range seats {
		if s.Account != 0 {
			errs = append(errs, l.cfg.Store.SetLastTraitSlot(ctx, s.Account, s.Slot))
		}
	}
	if err := errors.Join(errs...); err != nil {
		l.cfg.Logf("lobby: remembering the last trait slots: %v", err)
	}
}
