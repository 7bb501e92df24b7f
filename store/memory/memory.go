// Package memory is an in-memory store.Store: for tests, and for playing
// in one process with no database. Nothing is durable: the data lives as
// long as the DB value. It passes the shared suite, storetest, with the
// same errors, orderings and secrecy rules as the SQL stores.
//
//	s := memory.New()
//	defer s.Close()
//
// To "restart" (close a store and open the same data again), keep the DB:
//
//	db := memory.NewDB()
//	s := db.Open()
//	…
//	s.Close()
//	s = db.Open() // everything written through the first handle is there
//
// One mutex guards each DB; every method holds it for its whole work, so
// each write is atomic and reads after it see it.
package memory

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
	"sync"
	"time"

	"tabletop/store"
)

// DB is the data of in-memory stores: what a database file is to the
// SQLite store. Handles opened on it share it.
type DB struct {
	mu sync.Mutex // guards everything below, and the handles' closed flags

	lastAccount store.AccountID
	lastMatch   store.MatchID
	accounts    map[store.AccountID]*account
	usernames   map[string]store.AccountID
	sessions    map[string]*session // by string(token hash)
	friends     map[pair]*friendship
	traitSlots  map[store.AccountID]map[int]*traitSlot
	matches     map[store.MatchID]*match
	now         func() time.Time
}

type account struct {
	id        store.AccountID
	username  string // "" for a guest
	hash      []byte // nil for a guest
	profile   store.Profile
	level     int
	xp        int64
	createdMS int64
	// lastSlot is the last used trait slot, if hasLastSlot.
	lastSlot    int
	hasLastSlot bool
}

type session struct {
	account   store.AccountID
	expiresMS int64
}

// pair is two accounts, lower id first: one friendship per pair.
type pair struct{ lo, hi store.AccountID }

func pairOf(a, b store.AccountID) pair {
	if a > b {
		a, b = b, a
	}
	return pair{a, b}
}

// friendship is from asking to; accepted is false while pending.
type friendship struct {
	from, to   store.AccountID
	createdMS  int64
	accepted   bool
	acceptedMS int64
}

type traitSlot struct {
	data      []byte
	updatedMS int64
}

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

// NewDB returns an empty database.
func NewDB() *DB {
	return &DB{
		accounts:   make(map[store.AccountID]*account),
		usernames:  make(map[string]store.AccountID),
		sessions:   make(map[string]*session),
		friends:    make(map[pair]*friendship),
		traitSlots: make(map[store.AccountID]map[int]*traitSlot),
		matches:    make(map[store.MatchID]*match),
		now:        time.Now,
	}
}

// Open returns a store over db. Closing it closes only this handle; the
// data stays in db for the next Open.
func (db *DB) Open() store.Store { return &Store{db: db} }

// New returns a store over a new, empty database.
func New() store.Store { return NewDB().Open() }

// Store is one open handle on a DB. It implements store.Store.
type Store struct {
	db     *DB
	closed bool // guarded by db.mu
}

var _ store.Store = (*Store)(nil)

// Close implements store.Store. It waits for the call in progress (it
// takes the lock) and marks the handle closed; closing again is a no-op.
func (s *Store) Close() error {
	s.db.mu.Lock()
	defer s.db.mu.Unlock()
	s.closed = true
	return nil
}

// write locks the database for a write and returns the unlock, or the
// error that stops the write: the context's, as the SQL writer checks it
// first, or ErrClosed.
func (s *Store) write(ctx context.Context) (unlock func(), err error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.db.mu.Lock()
	if s.closed {
		s.db.mu.Unlock()
		return nil, store.ErrClosed
	}
	return s.db.mu.Unlock, nil
}

// read locks the database for a read: ErrClosed first, then the context.
func (s *Store) read(ctx context.Context, doing string) (unlock func(), err error) {
	s.db.mu.Lock()
	if s.closed {
		s.db.mu.Unlock()
		return nil, store.ErrClosed
	}
	if err := ctx.Err(); err != nil {
		s.db.mu.Unlock()
		return nil, fmt.Errorf("%s: %w", doing, err)
	}
	return s.db.mu.Unlock, nil
}

// nowMS is the current time in Unix milliseconds.
func (db *DB) nowMS() int64 { return db.now().UnixMilli() }

// fromMS converts Unix milliseconds to a UTC time.
func fromMS(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

// msTime is t as stored: milliseconds, UTC, the zero time kept zero.
func msTime(t time.Time) time.Time {
	if t.IsZero() {
		return time.Time{}
	}
	return fromMS(t.UnixMilli())
}

// clone copies b, keeping nil nil (and non-nil empty non-nil).
func clone(b []byte) []byte {
	if b == nil {
		return nil
	}
	return append([]byte{}, b...)
}

func (a *account) record() store.Account {
	return store.Account{
		ID:           a.id,
		Username:     a.username,
		PasswordHash: clone(a.hash),
		Profile:      a.profile,
		Level:        a.level,
		XP:           a.xp,
		Created:      fromMS(a.createdMS),
	}
}

// CreateGuest implements store.Store.
func (s *Store) CreateGuest(ctx context.Context, p store.Profile) (store.Account, error) {
	return s.createAccount(ctx, "", nil, p)
}

// Register implements store.Store.
func (s *Store) Register(ctx context.Context, username string, passwordHash []byte, p store.Profile) (store.Account, error) {
	if username == "" || len(passwordHash) == 0 {
		return store.Account{}, errors.New("store: register: empty username or password hash")
	}
	return s.createAccount(ctx, username, passwordHash, p)
}

func (s *Store) createAccount(ctx context.Context, username string, hash []byte, p store.Profile) (store.Account, error) {
	unlock, err := s.write(ctx)
	if err != nil {
		return store.Account{}, err
	}
	defer unlock()
	db := s.db
	if username != "" {
		if _, taken := db.usernames[username]; taken {
			return store.Account{}, fmt.Errorf("store: username %q is taken: %w", username, store.ErrConflict)
		}
	}
	db.lastAccount++
	a := &account{id: db.lastAccount, username: username, hash: clone(hash), profile: p, level: 1, createdMS: db.nowMS()}
	db.accounts[a.id] = a
	if username != "" {
		db.usernames[username] = a.id
	}
	return a.record(), nil
}

// UpgradeGuest implements store.Store.
func (s *Store) UpgradeGuest(ctx context.Context, id store.AccountID, username string, passwordHash []byte) error {
	if username == "" || len(passwordHash) == 0 {
		return errors.New("store: upgrade guest: empty username or password hash")
	}
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	a := s.db.accounts[id]
	switch {
	case a == nil:
		return fmt.Errorf("store: upgrade guest: account %d: %w", id, store.ErrNotFound)
	case a.username != "":
		return fmt.Errorf("store: upgrade guest: account %d is registered: %w", id, store.ErrConflict)
	}
	if _, taken := s.db.usernames[username]; taken {
		return fmt.Errorf("store: upgrade guest %d: username %q is taken: %w", id, username, store.ErrConflict)
	}
	a.username, a.hash = username, clone(passwordHash)
	s.db.usernames[username] = id
	return nil
}

// Account implements store.Store.
func (s *Store) Account(ctx context.Context, id store.AccountID) (store.Account, error) {
	unlock, err := s.read(ctx, "store: read account")
	if err != nil {
		return store.Account{}, err
	}
	defer unlock()
	a := s.db.accounts[id]
	if a == nil {
		return store.Account{}, fmt.Errorf("store: read account: account %d: %w", id, store.ErrNotFound)
	}
	return a.record(), nil
}

// AccountByUsername implements store.Store.
func (s *Store) AccountByUsername(ctx context.Context, username string) (store.Account, error) {
	unlock, err := s.read(ctx, "store: read account")
	if err != nil {
		return store.Account{}, err
	}
	defer unlock()
	id, ok := s.db.usernames[username]
	if !ok {
		return store.Account{}, fmt.Errorf("store: username %q: %w", username, store.ErrNotFound)
	}
	return s.db.accounts[id].record(), nil
}

// SetPassword implements store.Store.
func (s *Store) SetPassword(ctx context.Context, id store.AccountID, passwordHash []byte) error {
	if len(passwordHash) == 0 {
		return errors.New("store: set password: empty hash")
	}
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	a := s.db.accounts[id]
	switch {
	case a == nil:
		return fmt.Errorf("store: set password: account %d: %w", id, store.ErrNotFound)
	case a.username == "":
		return fmt.Errorf("store: set password: account %d is a guest: %w", id, store.ErrConflict)
	}
	a.hash = clone(passwordHash)
	return nil
}

// SetProfile implements store.Store.
func (s *Store) SetProfile(ctx context.Context, id store.AccountID, p store.Profile) error {
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	a := s.db.accounts[id]
	if a == nil {
		return fmt.Errorf("store: set profile of account %d: %w", id, store.ErrNotFound)
	}
	a.profile = p
	return nil
}

// DeleteAccount implements store.Store: its sessions, friendships and
// trait slots go with it; the seats it played are cleared.
func (s *Store) DeleteAccount(ctx context.Context, id store.AccountID) error {
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	db := s.db
	a := db.accounts[id]
	if a == nil {
		return fmt.Errorf("store: delete account %d: %w", id, store.ErrNotFound)
	}
	delete(db.accounts, id)
	if a.username != "" {
		delete(db.usernames, a.username)
	}
	for k, ses := range db.sessions {
		if ses.account == id {
			delete(db.sessions, k)
		}
	}
	for k := range db.friends {
		if k.lo == id || k.hi == id {
			delete(db.friends, k)
		}
	}
	delete(db.traitSlots, id)
	for _, m := range db.matches {
		for i := range m.seats {
			if m.seats[i].Account == id {
				m.seats[i].Account = 0
			}
		}
	}
	return nil
}

// CreateSession implements store.Store.
func (s *Store) CreateSession(ctx context.Context, tokenHash []byte, id store.AccountID, expires time.Time) error {
	if len(tokenHash) == 0 {
		return errors.New("store: create session: empty token hash")
	}
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	key := string(tokenHash)
	// As in SQL, the key's uniqueness is checked before the account.
	if _, ok := s.db.sessions[key]; ok {
		return fmt.Errorf("store: create session: token hash exists: %w", store.ErrConflict)
	}
	if s.db.accounts[id] == nil {
		return fmt.Errorf("store: create session: account %d: %w", id, store.ErrNotFound)
	}
	s.db.sessions[key] = &session{account: id, expiresMS: expires.UnixMilli()}
	return nil
}

// SessionAccount implements store.Store.
func (s *Store) SessionAccount(ctx context.Context, tokenHash []byte, now time.Time) (store.Account, error) {
	unlock, err := s.read(ctx, "store: session")
	if err != nil {
		return store.Account{}, err
	}
	defer unlock()
	ses := s.db.sessions[string(tokenHash)]
	if ses == nil || ses.expiresMS <= now.UnixMilli() {
		return store.Account{}, fmt.Errorf("store: session: %w", store.ErrNotFound)
	}
	a := s.db.accounts[ses.account]
	if a == nil { // cannot happen: sessions go with their account
		return store.Account{}, fmt.Errorf("store: session: %w", store.ErrNotFound)
	}
	return a.record(), nil
}

// DeleteSession implements store.Store.
func (s *Store) DeleteSession(ctx context.Context, tokenHash []byte) error {
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	key := string(tokenHash)
	if _, ok := s.db.sessions[key]; !ok {
		return fmt.Errorf("store: delete session: %w", store.ErrNotFound)
	}
	delete(s.db.sessions, key)
	return nil
}

// PurgeSessions implements store.Store.
func (s *Store) PurgeSessions(ctx context.Context, now time.Time) (int, error) {
	unlock, err := s.write(ctx)
	if err != nil {
		return 0, err
	}
	defer unlock()
	cut, n := now.UnixMilli(), 0
	for k, ses := range s.db.sessions {
		if ses.expiresMS <= cut {
			delete(s.db.sessions, k)
			n++
		}
	}
	return n, nil
}

// RequestFriend implements store.Store.
func (s *Store) RequestFriend(ctx context.Context, from, to store.AccountID) error {
	if from == to {
		return fmt.Errorf("store: account %d cannot befriend itself: %w", from, store.ErrConflict)
	}
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	db := s.db
	k := pairOf(from, to)
	if db.friends[k] != nil {
		return fmt.Errorf("store: friend request %d to %d: the two are already related: %w", from, to, store.ErrConflict)
	}
	if db.accounts[from] == nil || db.accounts[to] == nil {
		return fmt.Errorf("store: friend request %d to %d: unknown account: %w", from, to, store.ErrNotFound)
	}
	db.friends[k] = &friendship{from: from, to: to, createdMS: db.nowMS()}
	return nil
}

// AcceptFriend implements store.Store.
func (s *Store) AcceptFriend(ctx context.Context, id, from store.AccountID) error {
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	f := s.db.friends[pairOf(id, from)]
	if f == nil || f.from != from || f.to != id || f.accepted {
		return fmt.Errorf("store: accept friend request %d to %d: %w", from, id, store.ErrNotFound)
	}
	f.accepted, f.acceptedMS = true, s.db.nowMS()
	return nil
}

// RemoveFriend implements store.Store.
func (s *Store) RemoveFriend(ctx context.Context, id, other store.AccountID) error {
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	k := pairOf(id, other)
	if s.db.friends[k] == nil {
		return fmt.Errorf("store: remove friend %d of %d: %w", other, id, store.ErrNotFound)
	}
	delete(s.db.friends, k)
	return nil
}

// Friends implements store.Store: ordered by the other account's id.
func (s *Store) Friends(ctx context.Context, id store.AccountID) ([]store.Friend, error) {
	unlock, err := s.read(ctx, "store: friends")
	if err != nil {
		return nil, err
	}
	defer unlock()
	var out []store.Friend
	for k, f := range s.db.friends {
		if k.lo != id && k.hi != id {
			continue
		}
		other, asked := f.to, true
		if f.to == id {
			other, asked = f.from, false
		}
		a := s.db.accounts[other]
		if a == nil {
			continue // cannot happen: friendships go with their accounts
		}
		fr := store.Friend{Account: other, Profile: a.profile}
		switch {
		case f.accepted:
			fr.State, fr.Since = store.FriendAccepted, fromMS(f.acceptedMS)
		case asked:
			fr.State, fr.Since = store.FriendOutgoing, fromMS(f.createdMS)
		default:
			fr.State, fr.Since = store.FriendIncoming, fromMS(f.createdMS)
		}
		out = append(out, fr)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Account < out[j].Account })
	return out, nil
}

// SaveTraitSlot implements store.Store.
func (s *Store) SaveTraitSlot(ctx context.Context, id store.AccountID, slot int, data []byte) error {
	if slot < 0 || len(data) == 0 {
		return fmt.Errorf("store: save trait slot %d: negative slot or no data", slot)
	}
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	db := s.db
	if db.accounts[id] == nil {
		return fmt.Errorf("store: save trait slot: account %d: %w", id, store.ErrNotFound)
	}
	slots := db.traitSlots[id]
	if slots == nil {
		slots = make(map[int]*traitSlot)
		db.traitSlots[id] = slots
	}
	slots[slot] = &traitSlot{data: clone(data), updatedMS: db.nowMS()}
	return nil
}

// TraitSlots implements store.Store.
func (s *Store) TraitSlots(ctx context.Context, id store.AccountID) ([]store.TraitSlot, error) {
	unlock, err := s.read(ctx, "store: trait slots")
	if err != nil {
		return nil, err
	}
	defer unlock()
	var out []store.TraitSlot
	for n, t := range s.db.traitSlots[id] {
		out = append(out, store.TraitSlot{Slot: n, Data: clone(t.data), Updated: fromMS(t.updatedMS)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Slot < out[j].Slot })
	return out, nil
}

// DeleteTraitSlot implements store.Store.
func (s *Store) DeleteTraitSlot(ctx context.Context, id store.AccountID, slot int) error {
	unlock, err := s.write(ctx)
	if err != nil {
		return err
	}
	defer unlock()
	slots := s.db.traitSlots[id]
	if _, ok := slots[slot]; !ok {
		return fmt.Errorf("store: delete trait slot %d of account %d: %w", slot, id, store.ErrNotFound)
	}
	delete(slots, slot)
	if len(slots) == 0 {
		delete(s.db.traitSlots, id)
	}
	return nil
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
	if len(answers) == 0 {
		return fmt.Errorf("store: append to match %d: no answers", id)
	}
	first := answers[0].Version
	gap := 0 // the first version that does not follow its predecessor
	for i, a := range answers {
		if a.Version != first+i {
			gap = a.Version
			break
		}
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

// DeleteSessionsExcept implements store.Store.
func (s *Store) DeleteSessionsExcept(ctx context.Context, id store.AccountID, keep []byte) (int, error) {
	unlock, err := s.write(ctx)
	if err != nil {
		return 0, err
	}
	defer unlock()
	n := 0
	for k, ses := range s.db.sessions {
		if ses.account == id && (keep == nil || k != string(keep)) {
			delete(s.db.sessions, k)
			n++
		}
	}
	return n, nil
}
