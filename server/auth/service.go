package auth

import (
	"context"
	"errors"
	"fmt"
	"net/netip"
	"runtime"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"tabletop/store"
)

var (
	// ErrBadCredentials reports a login with an unknown username or a
	// wrong password (the same error for both), or a wrong current
	// password to ChangePassword or DeleteAccount.
	ErrBadCredentials = errors.New("auth: wrong username or password")
	// ErrUsernameTaken reports a username another account has.
	ErrUsernameTaken = errors.New("auth: username is taken")
	// ErrNoSession reports a session token that is unknown, malformed or
	// expired.
	ErrNoSession = errors.New("auth: no such session")
	// ErrNoAccount reports an account id that does not exist.
	ErrNoAccount = errors.New("auth: no such account")
	// ErrRegistered reports an upgrade of an account that is not a guest.
	ErrRegistered = errors.New("auth: account is already registered")
	// ErrGuest reports a password change for a guest, which has none.
	ErrGuest = errors.New("auth: account is a guest")
)

// Clock returns the current time.
type Clock func() time.Time

// Options configures a Service. The zero value is the default.
type Options struct {
	// Hash is the argon2id cost of new password hashes; zero fields take
	// the defaults (see HashParams).
	Hash HashParams
	// SessionTTL is how long a session lasts; 30 days by default.
	SessionTTL time.Duration
	// Clock is time.Now by default.
	Clock Clock

	// UsernameLimit and UsernameBurst bound the attempts per username:
	// by default 5 at once, then one a minute.
	UsernameLimit rate.Limit
	UsernameBurst int
	// AddressLimit and AddressBurst bound the login attempts per remote
	// address (IPv6 addresses per /64): by default 20 at once, then one
	// every 5 seconds.
	AddressLimit rate.Limit
	AddressBurst int
	// MaxLimiterKeys bounds the usernames, and separately the addresses,
	// that the limiters remember; 10000 by default.
	MaxLimiterKeys int

	// MaxConcurrentHashes bounds the password hashes computed at once,
	// and so their memory (Hash.Memory each); GOMAXPROCS by default.
	MaxConcurrentHashes int
}

// Service runs accounts and sessions over a store.Store. Its methods may
// be called concurrently.
type Service struct {
	st     store.Store
	params HashParams
	ttl    time.Duration
	now    Clock
	users  *keyedLimiter
	addrs  *keyedLimiter
	hashes chan struct{} // semaphore

	dummyOnce sync.Once
	dummy     string // a hash to verify against for unknown usernames
	dummyErr  error
}

// New returns a Service over st. It panics if st is nil.
func New(st store.Store, opts Options) *Service {
	if st == nil {
		panic("auth: nil store")
	}
	if opts.SessionTTL <= 0 {
		opts.SessionTTL = 30 * 24 * time.Hour
	}
	if opts.Clock == nil {
		opts.Clock = time.Now
	}
	if opts.UsernameLimit <= 0 {
		opts.UsernameLimit = rate.Every(time.Minute)
	}
	if opts.UsernameBurst <= 0 {
		opts.UsernameBurst = 5
	}
	if opts.AddressLimit <= 0 {
		opts.AddressLimit = rate.Every(5 * time.Second)
	}
	if opts.AddressBurst <= 0 {
		opts.AddressBurst = 20
	}
	if opts.MaxLimiterKeys <= 0 {
		opts.MaxLimiterKeys = 10000
	}
	if opts.MaxConcurrentHashes <= 0 {
		opts.MaxConcurrentHashes = runtime.GOMAXPROCS(0)
	}
	return &Service{
		st:     st,
		params: opts.Hash.withDefaults(),
		ttl:    opts.SessionTTL,
		now:    opts.Clock,
		users:  newKeyedLimiter(opts.UsernameLimit, opts.UsernameBurst, opts.MaxLimiterKeys),
		addrs:  newKeyedLimiter(opts.AddressLimit, opts.AddressBurst, opts.MaxLimiterKeys),
		hashes: make(chan struct{}, opts.MaxConcurrentHashes),
	}
}

// Guest creates a guest account named displayName ("Guest" if empty) and
// a session for it.
func (s *Service) Guest(ctx context.Context, displayName string) (store.Account, string, error) {
	if displayName == "" {
		displayName = "Guest"
	}
	name, err := normalizeDisplayName(displayName)
	if err != nil {
		return store.Account{}, "", err
	}
	a, err := s.st.CreateGuest(ctx, store.Profile{DisplayName: name})
	if err != nil {
		return store.Account{}, "", fmt.Errorf("auth: guest: %w", err)
	}
	token, err := s.newSession(ctx, a.ID)
	return a, token, err
}

// Register creates a registered account and a session for it. The
// username is normalized (NormalizeUsername); displayName defaults to it.
// It returns ErrBadUsername, ErrWeakPassword, ErrBadDisplayName or
// ErrUsernameTaken.
func (s *Service) Register(ctx context.Context, username, password, displayName string) (store.Account, string, error) {
	user, err := NormalizeUsername(username)
	if err != nil {
		return store.Account{}, "", err
	}
	if err := CheckPassword(password); err != nil {
		return store.Account{}, "", err
	}
	if displayName == "" {
		displayName = user
	}
	name, err := normalizeDisplayName(displayName)
	if err != nil {
		return store.Account{}, "", err
	}
	hash, err := s.hash(ctx, password)
	if err != nil {
		return store.Account{}, "", err
	}
	a, err := s.st.Register(ctx, user, []byte(hash), store.Profile{DisplayName: name})
	if errors.Is(err, store.ErrConflict) {
		return store.Account{}, "", ErrUsernameTaken
	} else if err != nil {
		return store.Account{}, "", fmt.Errorf("auth: register: %w", err)
	}
	token, err := s.newSession(ctx, a.ID)
	return a, token, err
}

// Upgrade gives the guest account id a username and password. The account
// keeps its id, so its sessions, friends, trait slots and matches stay. It
// returns ErrBadUsername, ErrWeakPassword, ErrNoAccount, ErrRegistered or
// ErrUsernameTaken.
func (s *Service) Upgrade(ctx context.Context, id store.AccountID, username, password string) (store.Account, error) {
	user, err := NormalizeUsername(username)
	if err != nil {
		return store.Account{}, err
	}
	if err := CheckPassword(password); err != nil {
		return store.Account{}, err
	}
	a, err := s.account(ctx, id)
	if err != nil {
		return store.Account{}, err
	}
	if !a.Guest() {
		return store.Account{}, ErrRegistered
	}
	hash, err := s.hash(ctx, password)
	if err != nil {
		return store.Account{}, err
	}
	err = s.st.UpgradeGuest(ctx, id, user, []byte(hash))
	if errors.Is(err, store.ErrConflict) {
		// Taken, or registered since we looked.
		if a, err := s.account(ctx, id); err == nil && !a.Guest() {
			return store.Account{}, ErrRegistered
		}
		return store.Account{}, ErrUsernameTaken
	}
	if errors.Is(err, store.ErrNotFound) {
		return store.Account{}, ErrNoAccount
	} else if err != nil {
		return store.Account{}, fmt.Errorf("auth: upgrade: %w", err)
	}
	return s.account(ctx, id)
}

// Login checks a username and password and creates a session. remoteAddr
// is the client's address (an IP, or IP:port), for rate limiting; "" skips
// the per-address limit. It returns ErrBadCredentials (also for a username
// that breaks the rules) or a *RateLimitError.
func (s *Service) Login(ctx context.Context, username, password, remoteAddr string) (store.Account, string, error) {
	user, err := NormalizeUsername(username)
	if err != nil {
		user = "" // cannot exist; limit by address only
	}
	if err := s.allow(user, addrKey(remoteAddr)); err != nil {
		return store.Account{}, "", err
	}
	if user == "" {
		return store.Account{}, "", ErrBadCredentials
	}
	a, err := s.st.AccountByUsername(ctx, user)
	if errors.Is(err, store.ErrNotFound) {
		// Spend the same time as for a wrong password.
		if _, err := s.verifyDummy(ctx, password); err != nil {
			return store.Account{}, "", err
		}
		return store.Account{}, "", ErrBadCredentials
	} else if err != nil {
		return store.Account{}, "", fmt.Errorf("auth: login: %w", err)
	}
	if err := s.checkPassword(ctx, a, password); err != nil {
		return store.Account{}, "", err
	}
	token, err := s.newSession(ctx, a.ID)
	return a, token, err
}

// Authenticate returns the account of a session token, or ErrNoSession if
// the token is unknown, malformed or expired.
func (s *Service) Authenticate(ctx context.Context, token string) (store.Account, error) {
	if !wellFormed(token) {
		return store.Account{}, ErrNoSession
	}
	a, err := s.st.SessionAccount(ctx, hashToken(token), s.now())
	if errors.Is(err, store.ErrNotFound) {
		return store.Account{}, ErrNoSession
	} else if err != nil {
		return store.Account{}, fmt.Errorf("auth: authenticate: %w", err)
	}
	return a, nil
}

// Logout ends the session of token. Ending a session that does not exist
// (or a malformed token) is not an error.
func (s *Service) Logout(ctx context.Context, token string) error {
	if !wellFormed(token) {
		return nil
	}
	err := s.st.DeleteSession(ctx, hashToken(token))
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("auth: logout: %w", err)
	}
	return nil
}

// ChangePassword replaces the password of the registered account whose
// session token is given, after checking the current password
// (rate-limited per username), and then ends every other session of the
// account: a player who changes a password because it leaked logs every
// other device out, and the session that asked stays logged in. It returns
// ErrWeakPassword, ErrNoSession, ErrGuest, ErrBadCredentials or a
// *RateLimitError.
func (s *Service) ChangePassword(ctx context.Context, token, oldPassword, newPassword string) error {
	if err := CheckPassword(newPassword); err != nil {
		return err
	}
	a, err := s.Authenticate(ctx, token)
	if err != nil {
		return err
	}
	if a.Guest() {
		return ErrGuest
	}
	if err := s.allow(a.Username, ""); err != nil {
		return err
	}
	if err := s.checkPassword(ctx, a, oldPassword); err != nil {
		return err
	}
	hash, err := s.hash(ctx, newPassword)
	if err != nil {
		return err
	}
	err = s.st.SetPassword(ctx, a.ID, []byte(hash))
	switch {
	case errors.Is(err, store.ErrNotFound):
		return ErrNoSession // the account was deleted meanwhile
	case errors.Is(err, store.ErrConflict):
		return ErrGuest
	case err != nil:
		return fmt.Errorf("auth: change password: %w", err)
	}
	// After the new password is in place, so that nobody holding the old
	// one can open a session that would survive.
	if _, err := s.st.DeleteSessionsExcept(ctx, a.ID, hashToken(token)); err != nil {
		return fmt.Errorf("auth: change password: the password is changed, but the other sessions could not be ended: %w", err)
	}
	return nil
}

// DeleteAccount deletes account id with its sessions, friendships and
// trait slots; its matches stay, with the seat's account cleared. A
// registered account must give its password (rate-limited per username);
// a guest's password is ignored. It returns ErrNoAccount,
// ErrBadCredentials or a *RateLimitError.
func (s *Service) DeleteAccount(ctx context.Context, id store.AccountID, password string) error {
	a, err := s.account(ctx, id)
	if err != nil {
		return err
	}
	if !a.Guest() {
		if err := s.allow(a.Username, ""); err != nil {
			return err
		}
		if err := s.checkPassword(ctx, a, password); err != nil {
			return err
		}
	}
	err = s.st.DeleteAccount(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return ErrNoAccount
	} else if err != nil {
		return fmt.Errorf("auth: delete account: %w", err)
	}
	return nil
}

// PurgeSessions deletes the expired sessions from the store and returns
// how many there were.
func (s *Service) PurgeSessions(ctx context.Context) (int, error) {
	n, err := s.st.PurgeSessions(ctx, s.now())
	if err != nil {
		return 0, fmt.Errorf("auth: purge sessions: %w", err)
	}
	return n, nil
}

func (s *Service) account(ctx context.Context, id store.AccountID) (store.Account, error) {
	a, err := s.st.Account(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return store.Account{}, ErrNoAccount
	} else if err != nil {
		return store.Account{}, fmt.Errorf("auth: %w", err)
	}
	return a, nil
}

func (s *Service) newSession(ctx context.Context, id store.AccountID) (string, error) {
	token, hash, err := newToken()
	if err != nil {
		return "", err
	}
	if err := s.st.CreateSession(ctx, hash, id, s.now().Add(s.ttl)); err != nil {
		return "", fmt.Errorf("auth: create session: %w", err)
	}
	return token, nil
}

// checkPassword returns nil if password is a's, else ErrBadCredentials.
func (s *Service) checkPassword(ctx context.Context, a store.Account, password string) error {
	if err := s.acquire(ctx); err != nil {
		return err
	}
	ok, err := VerifyPassword(password, string(a.PasswordHash))
	s.release()
	if err != nil {
		return fmt.Errorf("auth: account %d: %w", a.ID, err)
	}
	if !ok {
		return ErrBadCredentials
	}
	return nil
}

func (s *Service) verifyDummy(ctx context.Context, password string) (bool, error) {
	s.dummyOnce.Do(func() {
		s.dummy, s.dummyErr = HashPassword("not a password", s.params)
	})
	if s.dummyErr != nil {
		return false, s.dummyErr
	}
	if err := s.acquire(ctx); err != nil {
		return false, err
	}
	defer s.release()
	return VerifyPassword(password, s.dummy)
}

func (s *Service) hash(ctx context.Context, password string) (string, error) {
	if err := s.acquire(ctx); err != nil {
		return "", err
	}
	defer s.release()
	return HashPassword(password, s.params)
}

func (s *Service) acquire(ctx context.Context) error {
	select {
	case s.hashes <- struct{}{}:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("auth: waiting to hash a password: %w", ctx.Err())
	}
}

func (s *Service) release() { <-s.hashes }

// addrKey returns the rate-limiting key of a remote address: the IP
// without port, an IPv6 address cut to its /64 (one subscriber's usual
// allocation). An address it cannot parse is its own key.
func addrKey(remote string) string {
	if remote == "" {
		return ""
	}
	ip, err := netip.ParseAddr(remote)
	if err != nil {
		ap, err := netip.ParseAddrPort(remote)
		if err != nil {
			return remote
		}
		ip = ap.Addr()
	}
	ip = ip.Unmap().WithZone("")
	if ip.Is6() {
		p, _ := ip.Prefix(64)
		return p.String()
	}
	return ip.String()
}
