// Matches: their headers, seats, answer logs, deadlines and results,
// and the per-account history of finished matches.

package memory

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"time"

	"tabletop/store"
)

type match struct {
	id       store.MatchID
	game     string
	header   []byte // JSON, seed 0
	seed     uint64
	seats    []store.MatchSeat
	answers  []store.Answer // answers[i].Version == i+1
	deadline time.Time      // at millisecond precision, UTC; zero: none
	created  time.Time
	finished time.Time // zero while live
	result   []byte
}

// CreateMatch implements store.Store. The header is kept as the SQL
// stores keep it, JSON without the seed, so it reads back the same.
func (s *Store) CreateMatch(ctx context.Context, nm store.NewMatch) (store.MatchID, error) {
	h := nm.Header
	if h.Game == "" || h.Seats < 1 || len(nm.Seats) != h.Seats {
		return 0, fmt.Errorf("store: create match: header for game %q with %d seats, %d seat accounts", h.Game, h.Seats, len(nm.Seats))
	}
	if len(nm.Controls) != 0 && len(nm.Controls) != h.Seats {
		return 0, fmt.Errorf("store: create match: %d seat controls for %d seats", len(nm.Controls), h.Seats)
	}
	seed := h.Seed
	h.Seed = 0
	header, err := json.Marshal(h)
	if err != nil {
		return 0, fmt.Errorf("store: create match: %w", err)
	}
	unlock, err := s.write(ctx)
	if err != nil {
		return 0, err
	}
	defer unlock()
	db := s.db
	seats := make([]store.MatchSeat, len(nm.Seats))
	for seat, acc := range nm.Seats {
		if acc != 0 && db.accounts[acc] == nil {
			return 0, fmt.Errorf("store: create match: seat %d: account %d: %w", seat, acc, store.ErrNotFound)
		}
		seats[seat].Account = acc
		if len(nm.Controls) != 0 {
			seats[seat].Control = nm.Controls[seat]
		}
	}
	db.lastMatch++
	m := &match{
		id:       db.lastMatch,
		game:     h.Game,
		header:   header,
		seed:     seed,
		seats:    seats,
		deadline: msTime(nm.Deadline),
		created:  fromMS(db.nowMS()),
	}
	db.matches[m.id] = m
	return m.id, nil
}

// AppendAnswers implements store.Store.
func (s *Store) AppendAnswers(ctx context.Context, id store.MatchID, answers []store.Answer, deadline time.Time) error {
	first, gap, err := store.AnswerRun(id, answers)
	if err != nil {
		return err
	}
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	m := s.db.matches[id]
	switch {
	case m == nil:
		return fmt.Errorf("store: match %d: %w", id, store.ErrNotFound)
	case !m.finished.IsZero():
		return fmt.Errorf("store: append to match %d: %w", id, store.ErrFinished)
	case len(m.answers) != first-1:
		return &store.VersionError{Match: id, Have: len(m.answers), Got: first}
	case gap != 0:
		return &store.VersionError{Match: id, Have: len(m.answers), Got: gap}
	}
	m.answers = append(m.answers, answers...)
	m.deadline = msTime(deadline)
	return nil
}

// AnswersSince implements store.Store.
func (s *Store) AnswersSince(ctx context.Context, id store.MatchID, version int) ([]store.Answer, error) {
	unlock, err := s.read(ctx, "store: answers")
	if err != nil {
		return nil, err
	}
	defer unlock()
	m := s.db.matches[id]
	if m == nil {
		return nil, fmt.Errorf("store: match %d: %w", id, store.ErrNotFound)
	}
	have := len(m.answers)
	if version < 0 || version > have {
		return nil, &store.VersionError{Match: id, Have: have, Got: version}
	}
	if version == have {
		return nil, nil
	}
	return slices.Clone(m.answers[version:]), nil
}

// liveMatch returns a live match, or why it cannot be changed:
// ErrNotFound or ErrFinished.
func (db *DB) liveMatch(id store.MatchID) (*match, error) {
	m := db.matches[id]
	switch {
	case m == nil:
		return nil, fmt.Errorf("store: match %d: %w", id, store.ErrNotFound)
	case !m.finished.IsZero():
		return nil, fmt.Errorf("store: match %d: %w", id, store.ErrFinished)
	}
	return m, nil
}

// SetDeadline implements store.Store.
func (s *Store) SetDeadline(ctx context.Context, id store.MatchID, deadline time.Time) error {
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	m, err := s.db.liveMatch(id)
	if err != nil {
		return err
	}
	m.deadline = msTime(deadline)
	return nil
}

// FinishMatch implements store.Store. Everything is checked before
// anything changes, so a failed finish leaves the match as it was.
func (s *Store) FinishMatch(ctx context.Context, id store.MatchID, f store.Finish) error {
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	db := s.db
	m, err := db.liveMatch(id)
	if err != nil {
		return err
	}
	if len(f.Seats) != 0 && len(f.Seats) != len(m.seats) {
		return fmt.Errorf("store: finish match %d: results for %d seats, the match has %d", id, len(f.Seats), len(m.seats))
	}
	m.finished = fromMS(db.nowMS())
	m.result = clone(f.Result)
	m.deadline = time.Time{}
	for seat, r := range f.Seats {
		m.seats[seat].SeatResult = r
		acc := m.seats[seat].Account
		if acc == 0 || (r.XP == 0 && f.Level == nil) {
			continue
		}
		if a := db.accounts[acc]; a != nil {
			a.xp += r.XP
			if f.Level != nil {
				a.level = f.Level(a.xp)
			}
		}
	}
	return nil
}

// record returns the match as stored, seed included, answers copied.
func (m *match) record() (store.MatchRecord, error) {
	r := store.MatchRecord{
		ID:       m.id,
		Seats:    slices.Clone(m.seats),
		Version:  len(m.answers),
		Deadline: m.deadline,
		Created:  m.created,
		Finished: m.finished,
		Result:   clone(m.result),
	}
	if len(m.answers) > 0 {
		r.Answers = slices.Clone(m.answers)
	}
	if err := json.Unmarshal(m.header, &r.Header); err != nil {
		return r, fmt.Errorf("store: match %d: header: %w", m.id, err)
	}
	if string(r.Header.Config) == "null" {
		r.Header.Config = nil // as it was given
	}
	r.Header.Seed = m.seed
	return r, nil
}

// Match implements store.Store. A live match's seed reads as 0.
func (s *Store) Match(ctx context.Context, id store.MatchID) (store.MatchRecord, error) {
	unlock, err := s.read(ctx, "store: read match")
	if err != nil {
		return store.MatchRecord{}, err
	}
	defer unlock()
	m := s.db.matches[id]
	if m == nil {
		return store.MatchRecord{}, fmt.Errorf("store: match %d: %w", id, store.ErrNotFound)
	}
	r, err := m.record()
	if r.Live() {
		r.Header.Seed = 0
	}
	return r, err
}

// LiveMatches implements store.Store: by id, with seeds.
func (s *Store) LiveMatches(ctx context.Context) ([]store.MatchRecord, error) {
	unlock, err := s.read(ctx, "store: live matches")
	if err != nil {
		return nil, err
	}
	defer unlock()
	var out []store.MatchRecord
	for _, m := range s.db.matches {
		if !m.finished.IsZero() {
			continue
		}
		r, err := m.record()
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out, nil
}

// History implements store.Store: newest first, one entry per seat the
// account played (an account may play several seats of a match).
func (s *Store) History(ctx context.Context, id store.AccountID, before store.MatchID, limit int) ([]store.HistoryEntry, error) {
	unlock, err := s.read(ctx, "store: history")
	if err != nil {
		return nil, err
	}
	defer unlock()
	if limit <= 0 {
		return nil, fmt.Errorf("store: history of account %d: limit %d", id, limit)
	}
	if before <= 0 {
		before = math.MaxInt64
	}
	var ms []*match
	for _, m := range s.db.matches {
		if m.id < before && !m.finished.IsZero() {
			ms = append(ms, m)
		}
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].id > ms[j].id })
	var out []store.HistoryEntry
	for _, m := range ms {
		for seat, st := range m.seats {
			if st.Account != id || id == 0 {
				continue
			}
			if len(out) == limit {
				return out, nil
			}
			out = append(out, store.HistoryEntry{
				Match:      m.id,
				Game:       m.game,
				Seats:      len(m.seats),
				Seat:       seat,
				SeatResult: st.SeatResult,
				Created:    m.created,
				Finished:   m.finished,
				Result:     clone(m.result),
			})
		}
	}
	return out, nil
}

// SetSeatControl implements store.Store.
func (s *Store) SetSeatControl(ctx context.Context, id store.MatchID, seat int, c store.SeatControl) error {
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	m, err := s.db.liveMatch(id)
	switch {
	case err != nil:
		return err
	case seat < 0 || seat >= len(m.seats):
		return fmt.Errorf("store: set control of match %d: no seat %d", id, seat)
	}
	m.seats[seat].Control = c
	return nil
}
