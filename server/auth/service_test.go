package auth_test

import (
	"context"
	"encoding/base64"
	"errors"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"tabletop/server/auth"
	"tabletop/server/internal/fakeclock"
	"tabletop/store"
	"tabletop/store/sqlite"
)

// newService returns a Service with cheap hashing over a fresh SQLite
// store, and its clock.
func newService(t *testing.T, opts auth.Options) (*auth.Service, store.Store, *fakeclock.Clock) {
	t.Helper()
	st, err := sqlite.Open(context.Background(), filepath.Join(t.TempDir(), "tabletop.db"), sqlite.Options{})
	if err != nil {
		t.Fatalf("sqlite.Open: %v", err)
	}
	t.Cleanup(func() { st.Close() })
	clock := fakeclock.New()
	opts.Hash = auth.CheapHashParams()
	opts.Clock = clock.Now
	return auth.New(st, opts), st, clock
}

// mustAuth fails unless token authenticates as account id.
func mustAuth(t *testing.T, svc *auth.Service, token string, id store.AccountID) store.Account {
	t.Helper()
	a, err := svc.Authenticate(context.Background(), token)
	if err != nil || a.ID != id {
		t.Fatalf("Authenticate(%q) = account %d, %v, want account %d", token, a.ID, err, id)
	}
	return a
}

func TestGuest(t *testing.T) {
	ctx := context.Background()
	svc, _, _ := newService(t, auth.Options{})
	a, token, err := svc.Guest(ctx, "  Ada ")
	if err != nil {
		t.Fatalf("Guest: %v", err)
	}
	if !a.Guest() || a.DisplayName != "Ada" || a.ID == 0 {
		t.Errorf("Guest = %+v, want a guest named Ada", a)
	}
	if b, err := base64.RawURLEncoding.DecodeString(token); err != nil || len(b) != 32 {
		t.Errorf("token %q: %d bytes, %v; want 32 bytes of base64url", token, len(b), err)
	}
	mustAuth(t, svc, token, a.ID)

	a2, token2, err := svc.Guest(ctx, "")
	if err != nil || a2.DisplayName != "Guest" || a2.ID == a.ID || token2 == token {
		t.Errorf("Guest(\"\") = %+v, %q, %v; want a new guest named Guest with a new token", a2, token2, err)
	}
	if _, _, err := svc.Guest(ctx, "bad\x00name"); !errors.Is(err, auth.ErrBadDisplayName) {
		t.Errorf("Guest(control character) = %v, want ErrBadDisplayName", err)
	}
}

func TestSessionsStoredHashed(t *testing.T) {
	ctx := context.Background()
	svc, st, clock := newService(t, auth.Options{})
	a, token, err := svc.Guest(ctx, "Ada")
	if err != nil {
		t.Fatal(err)
	}
	// The store knows the session by a hash, not by the token.
	if _, err := st.SessionAccount(ctx, []byte(token), clock.Now()); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("store.SessionAccount(raw token) = %v, want ErrNotFound", err)
	}
	mustAuth(t, svc, token, a.ID)
}

func TestAuthenticateRejects(t *testing.T) {
	ctx := context.Background()
	svc, _, _ := newService(t, auth.Options{})
	_, token, err := svc.Guest(ctx, "Ada")
	if err != nil {
		t.Fatal(err)
	}
	other := base64.RawURLEncoding.EncodeToString(make([]byte, 32))
	for _, tc := range []struct{ name, token string }{
		{"Empty", ""},
		{"Unknown", other},
		{"Short", token[:42]},
		{"Padded", token + "="},
		{"StdAlphabet", "+" + token[1:]},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if a, err := svc.Authenticate(ctx, tc.token); !errors.Is(err, auth.ErrNoSession) {
				t.Errorf("Authenticate(%q) = %+v, %v, want ErrNoSession", tc.token, a, err)
			}
		})
	}
}

func TestSessionExpiry(t *testing.T) {
	ctx := context.Background()
	svc, _, clock := newService(t, auth.Options{SessionTTL: time.Hour})
	a, token, err := svc.Guest(ctx, "Ada")
	if err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Hour - time.Millisecond)
	mustAuth(t, svc, token, a.ID)
	clock.Advance(time.Millisecond)
	if _, err := svc.Authenticate(ctx, token); !errors.Is(err, auth.ErrNoSession) {
		t.Errorf("Authenticate(expired) = %v, want ErrNoSession", err)
	}
	if n, err := svc.PurgeSessions(ctx); n != 1 || err != nil {
		t.Errorf("PurgeSessions = %d, %v, want 1, nil", n, err)
	}
}

func TestDefaultSessionTTL(t *testing.T) {
	ctx := context.Background()
	svc, _, clock := newService(t, auth.Options{})
	a, token, err := svc.Guest(ctx, "Ada")
	if err != nil {
		t.Fatal(err)
	}
	clock.Advance(30*24*time.Hour - time.Second)
	mustAuth(t, svc, token, a.ID)
	clock.Advance(time.Second)
	if _, err := svc.Authenticate(ctx, token); !errors.Is(err, auth.ErrNoSession) {
		t.Errorf("Authenticate after 30 days = %v, want ErrNoSession", err)
	}
}

func TestRegisterAndLogin(t *testing.T) {
	ctx := context.Background()
	svc, _, _ := newService(t, auth.Options{})
	a, token, err := svc.Register(ctx, "Ada_L", "correct horse", "")
	if err != nil {
		t.Fatalf("Register: %v", err)
	}
	if a.Username != "ada_l" || a.DisplayName != "ada_l" || a.Guest() {
		t.Errorf("Register = %+v, want username and display name ada_l", a)
	}
	mustAuth(t, svc, token, a.ID)

	for _, name := range []string{"ada_l", "ADA_L"} {
		b, token2, err := svc.Login(ctx, name, "correct horse", "192.0.2.1")
		if err != nil || b.ID != a.ID {
			t.Fatalf("Login(%q) = account %d, %v, want account %d", name, b.ID, err, a.ID)
		}
		if token2 == token {
			t.Errorf("Login returned the same token as Register")
		}
		mustAuth(t, svc, token2, a.ID)
		mustAuth(t, svc, token, a.ID) // sessions are independent
	}
}

func TestRegisterRejects(t *testing.T) {
	ctx := context.Background()
	svc, _, _ := newService(t, auth.Options{})
	if _, _, err := svc.Register(ctx, "ada", "correct horse", "Ada"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, user, pass, display string
		want                      error
	}{
		{"ShortUsername", "ab", "correct horse", "", auth.ErrBadUsername},
		{"BadCharacter", "ada!", "correct horse", "", auth.ErrBadUsername},
		{"WeakPassword", "bob", "1234567", "", auth.ErrWeakPassword},
		{"BadDisplayName", "bob", "correct horse", "a\tb", auth.ErrBadDisplayName},
		{"Taken", "ada", "correct horse", "", auth.ErrUsernameTaken},
		{"TakenOtherCase", "ADA", "correct horse", "", auth.ErrUsernameTaken},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, _, err := svc.Register(ctx, tc.user, tc.pass, tc.display); !errors.Is(err, tc.want) {
				t.Errorf("Register(%q, %q, %q) = %v, want %v", tc.user, tc.pass, tc.display, err, tc.want)
			}
		})
	}
}

func TestLoginBadCredentials(t *testing.T) {
	ctx := context.Background()
	svc, _, _ := newService(t, auth.Options{})
	if _, _, err := svc.Register(ctx, "ada", "correct horse", ""); err != nil {
		t.Fatal(err)
	}
	var msgs []string
	for _, tc := range []struct{ name, user, pass string }{
		{"WrongPassword", "ada", "wrong horse"},
		{"UnknownUser", "bob", "correct horse"},
		{"MalformedUser", "a", "correct horse"},
		{"EmptyPassword", "ada", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a, token, err := svc.Login(ctx, tc.user, tc.pass, "")
			if !errors.Is(err, auth.ErrBadCredentials) || token != "" || a.ID != 0 {
				t.Errorf("Login(%q, %q) = %d, %q, %v, want ErrBadCredentials", tc.user, tc.pass, a.ID, token, err)
			}
			if err != nil {
				msgs = append(msgs, err.Error())
			}
		})
	}
	for _, m := range msgs {
		if m != msgs[0] {
			t.Errorf("login errors differ: %q and %q", m, msgs[0])
		}
	}
}

func TestUpgrade(t *testing.T) {
	ctx := context.Background()
	svc, st, _ := newService(t, auth.Options{})
	g, token, err := svc.Guest(ctx, "Ada")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SaveTraitSlot(ctx, g.ID, 0, []byte(`{"x":1}`)); err != nil {
		t.Fatal(err)
	}
	a, err := svc.Upgrade(ctx, g.ID, "Ada", "correct horse")
	if err != nil {
		t.Fatalf("Upgrade: %v", err)
	}
	if a.ID != g.ID || a.Username != "ada" || a.DisplayName != "Ada" || a.Guest() {
		t.Errorf("Upgrade = %+v, want account %d with username ada and display name Ada", a, g.ID)
	}
	// Nothing lost: the guest's session and trait slot are still there.
	if got := mustAuth(t, svc, token, g.ID); got.Username != "ada" {
		t.Errorf("Authenticate after Upgrade: username %q, want ada", got.Username)
	}
	if slots, err := st.TraitSlots(ctx, g.ID); err != nil || len(slots) != 1 {
		t.Errorf("TraitSlots after Upgrade = %v, %v, want one slot", slots, err)
	}
	if b, _, err := svc.Login(ctx, "ada", "correct horse", ""); err != nil || b.ID != g.ID {
		t.Errorf("Login after Upgrade = account %d, %v, want account %d", b.ID, err, g.ID)
	}
}

func TestUpgradeRejects(t *testing.T) {
	ctx := context.Background()
	svc, _, _ := newService(t, auth.Options{})
	reg, _, err := svc.Register(ctx, "bob", "correct horse", "")
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := svc.Guest(ctx, "Ada")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name       string
		id         store.AccountID
		user, pass string
		want       error
	}{
		{"Registered", reg.ID, "robert", "correct horse", auth.ErrRegistered},
		{"Taken", g.ID, "BOB", "correct horse", auth.ErrUsernameTaken},
		{"Unknown", 9999, "carol", "correct horse", auth.ErrNoAccount},
		{"BadUsername", g.ID, "a-b", "correct horse", auth.ErrBadUsername},
		{"WeakPassword", g.ID, "ada", "short", auth.ErrWeakPassword},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := svc.Upgrade(ctx, tc.id, tc.user, tc.pass); !errors.Is(err, tc.want) {
				t.Errorf("Upgrade(%d, %q, %q) = %v, want %v", tc.id, tc.user, tc.pass, err, tc.want)
			}
		})
	}
}

func TestLogout(t *testing.T) {
	ctx := context.Background()
	svc, _, _ := newService(t, auth.Options{})
	a, t1, err := svc.Register(ctx, "ada", "correct horse", "")
	if err != nil {
		t.Fatal(err)
	}
	_, t2, err := svc.Login(ctx, "ada", "correct horse", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.Logout(ctx, t1); err != nil {
		t.Fatalf("Logout: %v", err)
	}
	if _, err := svc.Authenticate(ctx, t1); !errors.Is(err, auth.ErrNoSession) {
		t.Errorf("Authenticate after Logout = %v, want ErrNoSession", err)
	}
	mustAuth(t, svc, t2, a.ID)
	for _, tok := range []string{t1, "", "garbage"} {
		if err := svc.Logout(ctx, tok); err != nil {
			t.Errorf("Logout(%q) = %v, want nil", tok, err)
		}
	}
}

func TestChangePassword(t *testing.T) {
	ctx := context.Background()
	svc, _, _ := newService(t, auth.Options{UsernameBurst: 20}) // many logins here
	a, token, err := svc.Register(ctx, "ada", "correct horse", "")
	if err != nil {
		t.Fatal(err)
	}
	// Two more devices, and another player who must not be touched.
	_, phone, err := svc.Login(ctx, "ada", "correct horse", "")
	if err != nil {
		t.Fatal(err)
	}
	_, laptop, err := svc.Login(ctx, "ada", "correct horse", "")
	if err != nil {
		t.Fatal(err)
	}
	b, btoken, err := svc.Register(ctx, "bob", "correct horse", "")
	if err != nil {
		t.Fatal(err)
	}

	if err := svc.ChangePassword(ctx, token, "wrong horse", "battery staple"); !errors.Is(err, auth.ErrBadCredentials) {
		t.Errorf("ChangePassword(wrong old) = %v, want ErrBadCredentials", err)
	}
	if err := svc.ChangePassword(ctx, token, "correct horse", "short"); !errors.Is(err, auth.ErrWeakPassword) {
		t.Errorf("ChangePassword(weak new) = %v, want ErrWeakPassword", err)
	}
	// A refused change ends no session.
	mustAuth(t, svc, phone, a.ID)
	if err := svc.ChangePassword(ctx, token, "correct horse", "battery staple"); err != nil {
		t.Fatalf("ChangePassword: %v", err)
	}
	if _, _, err := svc.Login(ctx, "ada", "correct horse", ""); !errors.Is(err, auth.ErrBadCredentials) {
		t.Errorf("Login(old password) = %v, want ErrBadCredentials", err)
	}
	if _, _, err := svc.Login(ctx, "ada", "battery staple", ""); err != nil {
		t.Errorf("Login(new password) = %v, want nil", err)
	}
	// The session that changed the password goes on; the account's other
	// sessions end; other accounts keep theirs.
	mustAuth(t, svc, token, a.ID)
	for name, tok := range map[string]string{"phone": phone, "laptop": laptop} {
		if _, err := svc.Authenticate(ctx, tok); !errors.Is(err, auth.ErrNoSession) {
			t.Errorf("Authenticate(%s) after ChangePassword = %v, want ErrNoSession", name, err)
		}
	}
	mustAuth(t, svc, btoken, b.ID)

	_, gtoken, err := svc.Guest(ctx, "G")
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name, token string
		want        error
	}{
		{"guest", gtoken, auth.ErrGuest},
		{"ended session", phone, auth.ErrNoSession},
		{"malformed token", "nope", auth.ErrNoSession},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if err := svc.ChangePassword(ctx, tt.token, "", "battery staple"); !errors.Is(err, tt.want) {
				t.Errorf("ChangePassword(%s) = %v, want %v", tt.name, err, tt.want)
			}
		})
	}
}

func TestDeleteAccount(t *testing.T) {
	ctx := context.Background()
	svc, _, _ := newService(t, auth.Options{})
	a, token, err := svc.Register(ctx, "ada", "correct horse", "")
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.DeleteAccount(ctx, a.ID, "wrong horse"); !errors.Is(err, auth.ErrBadCredentials) {
		t.Errorf("DeleteAccount(wrong password) = %v, want ErrBadCredentials", err)
	}
	mustAuth(t, svc, token, a.ID)
	if err := svc.DeleteAccount(ctx, a.ID, "correct horse"); err != nil {
		t.Fatalf("DeleteAccount: %v", err)
	}
	if _, err := svc.Authenticate(ctx, token); !errors.Is(err, auth.ErrNoSession) {
		t.Errorf("Authenticate after DeleteAccount = %v, want ErrNoSession", err)
	}
	if _, _, err := svc.Login(ctx, "ada", "correct horse", ""); !errors.Is(err, auth.ErrBadCredentials) {
		t.Errorf("Login after DeleteAccount = %v, want ErrBadCredentials", err)
	}
	if err := svc.DeleteAccount(ctx, a.ID, "correct horse"); !errors.Is(err, auth.ErrNoAccount) {
		t.Errorf("DeleteAccount again = %v, want ErrNoAccount", err)
	}
	// The username is free again.
	if _, _, err := svc.Register(ctx, "ada", "correct horse", ""); err != nil {
		t.Errorf("Register after DeleteAccount = %v, want nil", err)
	}

	g, gtoken, err := svc.Guest(ctx, "G")
	if err != nil {
		t.Fatal(err)
	}
	if err := svc.DeleteAccount(ctx, g.ID, ""); err != nil {
		t.Errorf("DeleteAccount(guest) = %v, want nil", err)
	}
	if _, err := svc.Authenticate(ctx, gtoken); !errors.Is(err, auth.ErrNoSession) {
		t.Errorf("Authenticate after deleting guest = %v, want ErrNoSession", err)
	}
}

// wantLimited fails unless err is a *RateLimitError by the limit "by"
// with the given retry-after.
func wantLimited(t *testing.T, err error, by string, retry time.Duration) {
	t.Helper()
	var rl *auth.RateLimitError
	if !errors.As(err, &rl) || !errors.Is(err, auth.ErrRateLimited) {
		t.Fatalf("err = %v, want a *RateLimitError", err)
	}
	if rl.By != by || rl.RetryAfter != retry {
		t.Errorf("RateLimitError = %+v, want By %q, RetryAfter %v", rl, by, retry)
	}
}

func TestLoginRateLimitPerUsername(t *testing.T) {
	ctx := context.Background()
	svc, _, clock := newService(t, auth.Options{
		UsernameLimit: rate.Every(time.Minute), UsernameBurst: 3,
		AddressLimit: rate.Inf,
	})
	if _, _, err := svc.Register(ctx, "ada", "correct horse", ""); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		// Different addresses: the username limit still applies.
		if _, _, err := svc.Login(ctx, "ada", "wrong horse", "192.0.2."+strconv.Itoa(i+1)); !errors.Is(err, auth.ErrBadCredentials) {
			t.Fatalf("attempt %d: Login = %v, want ErrBadCredentials", i, err)
		}
	}
	// Even the right password is refused now, in any case of the username.
	_, _, err := svc.Login(ctx, "ADA", "correct horse", "198.51.100.1")
	wantLimited(t, err, "username", time.Minute)

	// Other usernames are not affected.
	if _, _, err := svc.Login(ctx, "bob", "wrong horse", "198.51.100.1"); !errors.Is(err, auth.ErrBadCredentials) {
		t.Errorf("Login(bob) = %v, want ErrBadCredentials", err)
	}

	clock.Advance(40 * time.Second)
	_, _, err = svc.Login(ctx, "ada", "correct horse", "")
	wantLimited(t, err, "username", 20*time.Second)
	clock.Advance(20 * time.Second)
	if _, _, err := svc.Login(ctx, "ada", "correct horse", ""); err != nil {
		t.Errorf("Login after waiting = %v, want nil", err)
	}
}

func TestLoginRateLimitPerAddress(t *testing.T) {
	ctx := context.Background()
	svc, _, clock := newService(t, auth.Options{
		UsernameLimit: rate.Inf,
		AddressLimit:  rate.Every(10 * time.Second), AddressBurst: 2,
	})
	if _, _, err := svc.Register(ctx, "ada", "correct horse", ""); err != nil {
		t.Fatal(err)
	}
	// Spraying usernames from one address, the port changing.
	for i, user := range []string{"bob", "carol"} {
		if _, _, err := svc.Login(ctx, user, "password1", "192.0.2.7:"+strconv.Itoa(i+1)); !errors.Is(err, auth.ErrBadCredentials) {
			t.Fatalf("Login(%q) = %v, want ErrBadCredentials", user, err)
		}
	}
	_, _, err := svc.Login(ctx, "ada", "correct horse", "192.0.2.7:9")
	wantLimited(t, err, "address", 10*time.Second)
	// Malformed usernames count against the address too.
	_, _, err = svc.Login(ctx, "!", "x", "192.0.2.7")
	wantLimited(t, err, "address", 10*time.Second)

	// Another address is not affected; nor is a login with no address.
	if _, _, err := svc.Login(ctx, "ada", "correct horse", "192.0.2.8"); err != nil {
		t.Errorf("Login from another address = %v, want nil", err)
	}
	if _, _, err := svc.Login(ctx, "ada", "correct horse", ""); err != nil {
		t.Errorf("Login with no address = %v, want nil", err)
	}
	clock.Advance(10 * time.Second)
	if _, _, err := svc.Login(ctx, "ada", "correct horse", "192.0.2.7"); err != nil {
		t.Errorf("Login after waiting = %v, want nil", err)
	}
}

func TestAddressRefusalKeepsUsernameTokens(t *testing.T) {
	ctx := context.Background()
	svc, _, _ := newService(t, auth.Options{
		UsernameLimit: rate.Every(time.Hour), UsernameBurst: 1,
		AddressLimit: rate.Every(time.Hour), AddressBurst: 1,
	})
	if _, _, err := svc.Register(ctx, "ada", "correct horse", ""); err != nil {
		t.Fatal(err)
	}
	if _, _, err := svc.Login(ctx, "bob", "password1", "192.0.2.66"); !errors.Is(err, auth.ErrBadCredentials) {
		t.Fatalf("Login(bob) = %v, want ErrBadCredentials", err)
	}
	// The attacker's address is used up; its attempt on ada must not use
	// up ada's username limit.
	_, _, err := svc.Login(ctx, "ada", "guess1234", "192.0.2.66")
	wantLimited(t, err, "address", time.Hour)
	if _, _, err := svc.Login(ctx, "ada", "correct horse", "192.0.2.1"); err != nil {
		t.Errorf("Login(ada) from her address = %v, want nil", err)
	}
}

func TestChangePasswordRateLimited(t *testing.T) {
	ctx := context.Background()
	svc, _, clock := newService(t, auth.Options{UsernameLimit: rate.Every(time.Minute), UsernameBurst: 2})
	a, token, err := svc.Register(ctx, "ada", "correct horse", "")
	if err != nil {
		t.Fatal(err)
	}
	for range 2 {
		if err := svc.ChangePassword(ctx, token, "guess1234", "battery staple"); !errors.Is(err, auth.ErrBadCredentials) {
			t.Fatalf("ChangePassword(wrong old) = %v, want ErrBadCredentials", err)
		}
	}
	wantLimited(t, svc.ChangePassword(ctx, token, "correct horse", "battery staple"), "username", time.Minute)
	wantLimited(t, svc.DeleteAccount(ctx, a.ID, "correct horse"), "username", time.Minute)
	clock.Advance(time.Minute)
	if err := svc.ChangePassword(ctx, token, "correct horse", "battery staple"); err != nil {
		t.Errorf("ChangePassword after waiting = %v, want nil", err)
	}
}

func TestLimiterKeysBounded(t *testing.T) {
	ctx := context.Background()
	svc, _, _ := newService(t, auth.Options{
		UsernameLimit: rate.Every(time.Hour), UsernameBurst: 1,
		AddressLimit: rate.Inf, MaxLimiterKeys: 2,
	})
	if _, _, err := svc.Login(ctx, "ada", "password1", ""); !errors.Is(err, auth.ErrBadCredentials) {
		t.Fatal(err)
	}
	_, _, err := svc.Login(ctx, "ada", "password1", "")
	wantLimited(t, err, "username", time.Hour)
	// Two more usernames push ada out; she starts afresh.
	svc.Login(ctx, "bob", "password1", "")
	svc.Login(ctx, "carol", "password1", "")
	if _, _, err := svc.Login(ctx, "ada", "password1", ""); !errors.Is(err, auth.ErrBadCredentials) {
		t.Errorf("Login(ada) after eviction = %v, want ErrBadCredentials", err)
	}
}

func TestCanceledContext(t *testing.T) {
	svc, _, _ := newService(t, auth.Options{MaxConcurrentHashes: 1})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, err := svc.Register(ctx, "ada", "correct horse", ""); err == nil {
		t.Errorf("Register(canceled context) = nil, want an error")
	}
}

func TestConcurrentLogins(t *testing.T) {
	ctx := context.Background()
	svc, _, _ := newService(t, auth.Options{UsernameLimit: rate.Inf, AddressLimit: rate.Inf, MaxConcurrentHashes: 2})
	a, _, err := svc.Register(ctx, "ada", "correct horse", "")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for range 16 {
		wg.Go(func() {
			b, token, err := svc.Login(ctx, "ada", "correct horse", "192.0.2.1")
			if err != nil || b.ID != a.ID {
				t.Errorf("Login = %d, %v, want %d, nil", b.ID, err, a.ID)
				return
			}
			if _, err := svc.Authenticate(ctx, token); err != nil {
				t.Errorf("Authenticate = %v", err)
			}
		})
	}
	wg.Wait()
}
