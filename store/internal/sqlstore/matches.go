package sqlstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"time"

	"tabletop/store"
)

// A match is one row of matches (the header JSON without its seed, the
// seed apart, the deadline before the first answer and, once over,
// finished_ms, the result and the final version), one row of match_seats
// per seat and one row of answers per answer, which carries the match's
// deadline as of that answer (0: none; the last answer's counts).
//
// A live match's version is its highest answer's: an append inserts
// answer N+1 only where that is N (sqlAppendAnswer, or the batch's
// version query), and the answers' primary key refuses a second N+1. The version and deadline used to be columns of
// matches that every append updated: a group commit of answers to n
// matches then dirtied n pages of matches besides n of answers, each
// written to the WAL and checkpointed again (docs/performance.md, round
// 12, and migration 00004).

// versionOf and deadlineOf are the SQL of a match's version and deadline
// (NULL: none, as is 0) in a query of matches; versionOfMatch begins the
// version of the match whose id follows it (closed by "), 0)").
const (
	versionOfMatch = `COALESCE((SELECT MAX(a.version) FROM answers a WHERE a.match_id = `
	versionOf      = versionOfMatch + `matches.id), 0)`
	deadlineOf     = `CASE WHEN matches.finished_ms IS NULL THEN COALESCE((SELECT a.deadline_ms FROM answers a
		WHERE a.match_id = matches.id ORDER BY a.version DESC LIMIT 1), matches.deadline_ms) END`
)

// CreateMatch implements store.Store.
func (s *Store) CreateMatch(ctx context.Context, m store.NewMatch) (store.MatchID, error) {
	h := m.Header
	if h.Game == "" || h.Seats < 1 || len(m.Seats) != h.Seats {
		return 0, fmt.Errorf("store: create match: header for game %q with %d seats, %d seat accounts", h.Game, h.Seats, len(m.Seats))
	}
	if len(m.Controls) != 0 && len(m.Controls) != h.Seats {
		return 0, fmt.Errorf("store: create match: %d seat controls for %d seats", len(m.Controls), h.Seats)
	}
	seed := int64(h.Seed) // two's complement: all 64 bits kept
	h.Seed = 0
	header, err := json.Marshal(h)
	if err != nil {
		return 0, fmt.Errorf("store: create match: %w", err)
	}
	created := s.now().UnixMilli()
	var id store.MatchID
	err = s.write(ctx, func(ctx context.Context, tx Tx) error {
		err := tx.QueryRow(ctx, `INSERT INTO matches (game, seats, header, seed, version, deadline_ms, created_ms)
			VALUES (?, ?, ?, ?, 0, ?, ?) RETURNING id`,
			h.Game, h.Seats, header, seed, ms(m.Deadline), created).Scan(&id)
		if err != nil {
			return fmt.Errorf("store: create match: %w", err)
		}
		for seat, acc := range m.Seats {
			var c store.SeatControl
			if len(m.Controls) != 0 {
				c = m.Controls[seat]
			}
			_, err := tx.Exec(ctx, `INSERT INTO match_seats (match_id, seat, account_id, status, bot, missed) VALUES (?, ?, ?, ?, ?, ?)`,
				int64(id), seat, nullID(acc), c.Status, c.Bot, c.Missed)
			switch {
			case err != nil && s.b.IsForeignKey(err):
				return fmt.Errorf("store: create match: seat %d: account %d: %w", seat, acc, store.ErrNotFound)
			case err != nil:
				return fmt.Errorf("store: create match: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return 0, err
	}
	return id, nil
}

// sqlMatchState reads what the version checks need.
const sqlMatchState = `SELECT ` + versionOf + `, finished_ms FROM matches WHERE id = ?`

// matchState reads what the version checks need, or returns ErrNotFound.
func matchState(ctx context.Context, q Querier, id store.MatchID) (version int, finished bool, err error) {
	var fin *int64
	err = q.QueryRow(ctx, sqlMatchState, int64(id)).Scan(&version, &fin)
	if errors.Is(err, ErrNoRows) {
		return 0, false, fmt.Errorf("store: match %d: %w", id, store.ErrNotFound)
	}
	return version, fin != nil, err
}

// why explains why a conditional update of a live match changed nothing.
func why(ctx context.Context, q Querier, id store.MatchID) error {
	_, finished, err := matchState(ctx, q, id)
	switch {
	case err != nil:
		return err
	case finished:
		return fmt.Errorf("store: match %d: %w", id, store.ErrFinished)
	}
	return fmt.Errorf("store: match %d: live match not updated", id)
}

// sqlAppendAnswer is the statement of AppendAnswers, the store's most
// frequent write: it inserts answer N+1 (match id, version, seat, text,
// hash, deadline) if the match is live (id) and at version N (id, N).
// The casts type the parameters for PostgreSQL.
const sqlAppendAnswer = `INSERT INTO answers (match_id, version, seat, answer, hash, deadline_ms)
	SELECT CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS INTEGER), CAST(? AS TEXT), CAST(? AS TEXT), CAST(? AS BIGINT)
	WHERE EXISTS (SELECT 1 FROM matches m WHERE m.id = ? AND m.finished_ms IS NULL)
	AND ` + versionOfMatch + `?), 0) = ?`

// HotStatements lists the statements the writer runs for every answer
// (AppendAnswers inside its savepoint, or the journal's records) unless
// it batches appends, which a backend may prepare once rather than parse
// in every transaction.
func HotStatements() []string {
	return []string{sqlSavepoint, sqlRelease, sqlAppendAnswer, sqlApplyAnswer}
}

// AppendAnswers implements store.Store.
func (s *Store) AppendAnswers(ctx context.Context, id store.MatchID, answers []store.Answer, deadline time.Time) error {
	first, gap, err := store.AnswerRun(id, answers)
	if err != nil {
		return err
	}
	return s.w.doAppend(ctx, appendOp{id: id, first: first, gap: gap, deadline: msOrZero(deadline), answers: answers})
}

// run is the append on its own: the writer runs it so when it is alone in
// its transaction or in a savepoint. Each answer is inserted if the match
// is live and at the version before it: an append that is not (or a
// second writer's) inserts nothing, and failed tells why. A later answer
// of the append that is refused (only another writer could do that)
// fails the append, which the writer then rolls back alone.
//
// Its integers go to Exec as int64, the type a driver takes, each boxed
// once: database/sql converted an int into a second box, and the match
// id serves three times a statement.
func (a *appendOp) run(ctx context.Context, tx Tx) error {
	if a.gap != 0 {
		return a.failed(ctx, tx)
	}
	id := any(int64(a.id))
	for i, ans := range a.answers {
		prev := any(int64(ans.Version - 1))
		args := append(a.args[:0], id, int64(ans.Version), int64(ans.Seat), ans.Text, ans.Hash, a.deadlineAt(i), id, id, prev)
		n, err := tx.Exec(ctx, sqlAppendAnswer, args...)
		switch {
		case err != nil:
			return fmt.Errorf("store: append to match %d: version %d: %w", a.id, ans.Version, err)
		case n == 0 && i == 0:
			return a.failed(ctx, tx)
		case n == 0:
			return fmt.Errorf("store: append to match %d: version %d: the match moved on meanwhile", a.id, ans.Version)
		}
	}
	return nil
}

// deadlineAt is the deadline stored with the append's answer i: the new
// deadline with the last, none with the others (a later answer's
// counts).
func (a *appendOp) deadlineAt(i int) int64 {
	if i == len(a.answers)-1 {
		return a.deadline
	}
	return 0
}

// failed returns the error of the append, which wrote nothing: it is
// gapped, or its match was not at the version it follows.
func (a *appendOp) failed(ctx context.Context, tx Tx) error {
	version, finished, err := matchState(ctx, tx, a.id)
	switch {
	case err != nil:
		return err
	case finished:
		return fmt.Errorf("store: append to match %d: %w", a.id, store.ErrFinished)
	}
	if err := a.versionErr(version); err != nil {
		return err
	}
	return fmt.Errorf("store: append to match %d: at version %d, yet not advanced", a.id, version)
}

// versionErr is the error of the append to its match at version have:
// nil when it continues the match's answers.
func (a *appendOp) versionErr(have int) error {
	switch {
	case have == a.first-1 && a.gap != 0:
		return &store.VersionError{Match: a.id, Have: have, Got: a.gap}
	case have != a.first-1:
		return &store.VersionError{Match: a.id, Have: have, Got: a.first}
	}
	return nil
}

// AnswersSince implements store.Store.
func (s *Store) AnswersSince(ctx context.Context, id store.MatchID, version int) ([]store.Answer, error) {
	if err := s.read(); err != nil {
		return nil, err
	}
	if err := s.syncMatch(ctx, id); err != nil {
		return nil, err
	}
	have, _, err := matchState(ctx, s.b.Read, id)
	if err != nil {
		return nil, wrap(err, "store: answers")
	}
	if version < 0 || version > have {
		return nil, &store.VersionError{Match: id, Have: have, Got: version}
	}
	rows, err := s.b.Read.Query(ctx, `SELECT version, seat, answer, hash FROM answers
		WHERE match_id = ? AND version > ? AND version <= ? ORDER BY version`, int64(id), version, have)
	out, err := collect(rows, err, scanAnswer)
	return out, wrap(err, "store: answers")
}

func scanAnswer(r Rows) (store.Answer, error) {
	var a store.Answer
	err := r.Scan(&a.Version, &a.Seat, &a.Text, &a.Hash)
	return a, err
}

// SetDeadline implements store.Store. The deadline goes with the last
// answer, or with the match before its first.
func (s *Store) SetDeadline(ctx context.Context, id store.MatchID, deadline time.Time) error {
	// With a journal, the deadline is the last answer's: it must be there.
	return s.w.doSyncMatch(ctx, id, func(ctx context.Context, tx Tx) error {
		version, finished, err := matchState(ctx, tx, id)
		switch {
		case err != nil:
			return err
		case finished:
			return fmt.Errorf("store: match %d: %w", id, store.ErrFinished)
		case version == 0:
			_, err = tx.Exec(ctx, `UPDATE matches SET deadline_ms = ? WHERE id = ?`, ms(deadline), int64(id))
		default:
			_, err = tx.Exec(ctx, `UPDATE answers SET deadline_ms = ? WHERE match_id = ? AND version = ?`,
				msOrZero(deadline), int64(id), version)
		}
		if err != nil {
			return fmt.Errorf("store: set deadline of match %d: %w", id, err)
		}
		return nil
	})
}

// FinishMatch implements store.Store.
func (s *Store) FinishMatch(ctx context.Context, id store.MatchID, f store.Finish) error {
	finished := s.now().UnixMilli()
	var result []byte
	if f.Result != nil {
		result = f.Result
	}
	return s.w.doSyncMatch(ctx, id, func(ctx context.Context, tx Tx) error {
		s.w.forget(id) // its next append, if any, finds it finished
		n, err := tx.Exec(ctx, `UPDATE matches SET finished_ms = ?, result = ?, deadline_ms = NULL, version = `+versionOf+`
			WHERE id = ? AND finished_ms IS NULL`, finished, result, int64(id))
		switch {
		case err != nil:
			return fmt.Errorf("store: finish match %d: %w", id, err)
		case n == 0:
			return why(ctx, tx, id)
		case len(f.Seats) == 0:
			return nil
		}
		rows, err := tx.Query(ctx, `SELECT `+seatColumns+` FROM match_seats WHERE match_id = ? ORDER BY seat`, int64(id))
		seats, err := collect(rows, err, scanSeat)
		if err != nil {
			return fmt.Errorf("store: finish match %d: %w", id, err)
		}
		if len(f.Seats) != len(seats) {
			return fmt.Errorf("store: finish match %d: results for %d seats, the match has %d", id, len(f.Seats), len(seats))
		}
		for seat, r := range f.Seats {
			if _, err := tx.Exec(ctx, `UPDATE match_seats SET rank = ?, xp = ? WHERE match_id = ? AND seat = ?`,
				r.Rank, r.XP, int64(id), seat); err != nil {
				return fmt.Errorf("store: finish match %d: seat %d: %w", id, seat, err)
			}
			if err := s.gain(ctx, tx, seats[seat].Account, r.XP, f.Level); err != nil {
				return fmt.Errorf("store: finish match %d: seat %d: %w", id, seat, err)
			}
		}
		return nil
	})
}

// gain adds experience to an account (none: nothing) and sets its level.
func (s *Store) gain(ctx context.Context, tx Tx, acc store.AccountID, xp int64, level func(int64) int) error {
	if acc == 0 || (xp == 0 && level == nil) {
		return nil
	}
	if _, err := tx.Exec(ctx, `UPDATE accounts SET xp = xp + ? WHERE id = ?`, xp, int64(acc)); err != nil || level == nil {
		return err
	}
	var total int64
	if err := tx.QueryRow(ctx, `SELECT xp FROM accounts WHERE id = ?`, int64(acc)).Scan(&total); err != nil {
		return err
	}
	_, err := tx.Exec(ctx, `UPDATE accounts SET level = ? WHERE id = ?`, level(total), int64(acc))
	return err
}

const matchColumns = `id, header, seed, ` + versionOf + `, ` + deadlineOf + `, created_ms, finished_ms, result`

func scanMatch(r Row) (store.MatchRecord, error) {
	var (
		m                  store.MatchRecord
		header             []byte
		seed, created      int64
		deadline, finished *int64
		result             []byte
	)
	if err := r.Scan(&m.ID, &header, &seed, &m.Version, &deadline, &created, &finished, &result); err != nil {
		return m, err
	}
	if err := json.Unmarshal(header, &m.Header); err != nil {
		return m, fmt.Errorf("store: match %d: header: %w", m.ID, err)
	}
	if string(m.Header.Config) == "null" {
		m.Header.Config = nil // as it was given
	}
	m.Header.Seed = uint64(seed)
	if deadline != nil && *deadline == 0 { // an answer's "none"
		deadline = nil
	}
	m.Deadline, m.Created, m.Finished = fromMS(deadline), fromMS(&created), fromMS(finished)
	if result != nil {
		m.Result = result
	}
	return m, nil
}

// seatColumns are the columns scanSeat reads, in its order.
const seatColumns = `account_id, rank, xp, status, bot, missed`

func scanSeat(r Rows) (store.MatchSeat, error) {
	return scanSeatAfter(r)
}

// scanSeatAfter scans dest (leading columns), then seatColumns.
func scanSeatAfter(r Rows, dest ...any) (store.MatchSeat, error) {
	var (
		st  store.MatchSeat
		acc *int64
	)
	c := &st.Control
	err := r.Scan(append(dest, &acc, &st.Rank, &st.XP, &c.Status, &c.Bot, &c.Missed)...)
	if acc != nil {
		st.Account = store.AccountID(*acc)
	}
	return st, err
}

// Match implements store.Store.
func (s *Store) Match(ctx context.Context, id store.MatchID) (store.MatchRecord, error) {
	if err := s.read(); err != nil {
		return store.MatchRecord{}, err
	}
	if err := s.syncMatch(ctx, id); err != nil {
		return store.MatchRecord{}, err
	}
	m, err := scanMatch(s.b.Read.QueryRow(ctx, `SELECT `+matchColumns+` FROM matches WHERE id = ?`, int64(id)))
	if errors.Is(err, ErrNoRows) {
		return m, fmt.Errorf("store: match %d: %w", id, store.ErrNotFound)
	}
	if err != nil {
		return m, wrap(err, "store: read match")
	}
	if m.Live() {
		m.Header.Seed = 0
	}
	rows, err := s.b.Read.Query(ctx, `SELECT `+seatColumns+` FROM match_seats WHERE match_id = ? ORDER BY seat`, int64(id))
	if m.Seats, err = collect(rows, err, scanSeat); err != nil {
		return m, wrap(err, "store: read match")
	}
	rows, err = s.b.Read.Query(ctx, `SELECT version, seat, answer, hash FROM answers
		WHERE match_id = ? AND version <= ? ORDER BY version`, int64(id), m.Version)
	m.Answers, err = collect(rows, err, scanAnswer)
	return m, wrap(err, "store: read match")
}

// LiveMatches implements store.Store.
func (s *Store) LiveMatches(ctx context.Context) ([]store.MatchRecord, error) {
	if err := s.read(); err != nil {
		return nil, err
	}
	if err := s.Sync(ctx); err != nil {
		return nil, err
	}
	q := s.b.Read
	rows, err := q.Query(ctx, `SELECT `+matchColumns+` FROM matches WHERE finished_ms IS NULL ORDER BY id`)
	live, err := collect(rows, err, func(r Rows) (store.MatchRecord, error) { return scanMatch(r) })
	if err != nil {
		return nil, wrap(err, "store: live matches")
	}
	byID := make(map[store.MatchID]*store.MatchRecord, len(live))
	for i := range live {
		byID[live[i].ID] = &live[i]
	}
	// Matches created or finished since the first query are ignored, and
	// answers past the version read are cut, so each record is whole.
	rows, err = q.Query(ctx, `SELECT s.match_id, s.account_id, s.rank, s.xp, s.status, s.bot, s.missed
		FROM match_seats s JOIN matches m ON m.id = s.match_id
		WHERE m.finished_ms IS NULL ORDER BY s.match_id, s.seat`)
	_, err = collect(rows, err, func(r Rows) (struct{}, error) {
		var id store.MatchID
		st, err := scanSeatAfter(r, &id)
		if m := byID[id]; m != nil && err == nil {
			m.Seats = append(m.Seats, st)
		}
		return struct{}{}, err
	})
	if err != nil {
		return nil, wrap(err, "store: live matches")
	}
	rows, err = q.Query(ctx, `SELECT a.match_id, a.version, a.seat, a.answer, a.hash
		FROM answers a JOIN matches m ON m.id = a.match_id
		WHERE m.finished_ms IS NULL ORDER BY a.match_id, a.version`)
	_, err = collect(rows, err, func(r Rows) (struct{}, error) {
		var (
			id store.MatchID
			a  store.Answer
		)
		err := r.Scan(&id, &a.Version, &a.Seat, &a.Text, &a.Hash)
		if m := byID[id]; m != nil && err == nil && a.Version <= m.Version {
			m.Answers = append(m.Answers, a)
		}
		return struct{}{}, err
	})
	if err != nil {
		return nil, wrap(err, "store: live matches")
	}
	return live, nil
}

// History implements store.Store.
func (s *Store) History(ctx context.Context, id store.AccountID, before store.MatchID, limit int) ([]store.HistoryEntry, error) {
	if err := s.read(); err != nil {
		return nil, err
	}
	if limit <= 0 {
		return nil, fmt.Errorf("store: history of account %d: limit %d", id, limit)
	}
	if before <= 0 {
		before = math.MaxInt64
	}
	rows, err := s.b.Read.Query(ctx, `SELECT m.id, m.game, m.seats, s.seat, s.rank, s.xp, m.created_ms, m.finished_ms, m.result
		FROM match_seats s JOIN matches m ON m.id = s.match_id
		WHERE s.account_id = ? AND m.finished_ms IS NOT NULL AND m.id < ?
		ORDER BY m.id DESC, s.seat LIMIT ?`, int64(id), int64(before), limit)
	out, err := collect(rows, err, func(r Rows) (store.HistoryEntry, error) {
		var (
			e                 store.HistoryEntry
			created, finished int64
			result            []byte
		)
		err := r.Scan(&e.Match, &e.Game, &e.Seats, &e.Seat, &e.Rank, &e.XP, &created, &finished, &result)
		e.Created, e.Finished = fromMS(&created), fromMS(&finished)
		if result != nil {
			e.Result = result
		}
		return e, err
	})
	return out, wrap(err, "store: history")
}

// SetSeatControl implements store.Store.
func (s *Store) SetSeatControl(ctx context.Context, id store.MatchID, seat int, c store.SeatControl) error {
	return s.write(ctx, func(ctx context.Context, tx Tx) error {
		n, err := tx.Exec(ctx, `UPDATE match_seats SET status = ?, bot = ?, missed = ?
			WHERE match_id = ? AND seat = ? AND EXISTS (SELECT 1 FROM matches WHERE id = ? AND finished_ms IS NULL)`,
			c.Status, c.Bot, c.Missed, int64(id), seat, int64(id))
		switch {
		case err != nil:
			return fmt.Errorf("store: set control of match %d seat %d: %w", id, seat, err)
		case n == 1:
			return nil
		}
		_, finished, err := matchState(ctx, tx, id)
		switch {
		case err != nil:
			return err
		case finished:
			return fmt.Errorf("store: set control of match %d: %w", id, store.ErrFinished)
		}
		return fmt.Errorf("store: set control of match %d: no seat %d", id, seat)
	})
}
