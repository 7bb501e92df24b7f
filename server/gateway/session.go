package gateway

import (
	"errors"
	"net"
	"net/http"
	"net/url"
	"path"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"

	"tabletop/server/auth"
	"tabletop/store"
)

// CookieName is the session cookie.
const CookieName = "tabletop_session"

// sessionTTL is the cookie's lifetime; auth.Options.SessionTTL should
// match it (both default to 30 days).
const sessionTTL = 30 * 24 * time.Hour

// originAllowed reports whether a request's Origin header is acceptable:
// absent (a non-browser client: the caller then ignores the cookie), the
// request's own host, or one of Config.Origins.
func (s *Server) originAllowed(r *http.Request) bool {
	o := r.Header.Get("Origin")
	if o == "" {
		return true
	}
	u, err := url.Parse(o)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return false // "null" and other opaque origins
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	for _, p := range s.cfg.Origins {
		p = strings.ToLower(strings.TrimSpace(p))
		if strings.Contains(p, "://") {
			if strings.EqualFold(strings.TrimRight(p, "/"), u.Scheme+"://"+u.Host) {
				return true
			}
			continue
		}
		if ok, err := path.Match(p, strings.ToLower(u.Host)); err == nil && ok {
			return true
		}
	}
	return false
}

// credentials returns the session token of a request: the Bearer token,
// else the cookie. The cookie counts only when a browser could not have
// been tricked into sending it: a state-changing request (or WebSocket
// upgrade) must then carry an Origin header, which the caller has checked.
func credentials(r *http.Request, needOrigin bool) (token string, cookie bool) {
	if h := r.Header.Get("Authorization"); h != "" {
		if t, ok := strings.CutPrefix(h, "Bearer "); ok {
			return strings.TrimSpace(t), false
		}
		return "", false
	}
	c, err := r.Cookie(CookieName)
	if err != nil || c.Value == "" {
		return "", false
	}
	if needOrigin && r.Header.Get("Origin") == "" {
		return "", false
	}
	return c.Value, true
}

// authenticate returns the account of a request's session, or an
// unauthorized *Error.
func (s *Server) authenticate(r *http.Request) (store.Account, string, error) {
	token, _ := credentials(r, unsafeMethod(r.Method))
	if token == "" {
		return store.Account{}, "", errorf(CodeUnauthorized, "no session: sign in or play as a guest first")
	}
	a, err := s.cfg.Auth.Authenticate(r.Context(), token)
	if errors.Is(err, auth.ErrNoSession) {
		return store.Account{}, "", errorf(CodeUnauthorized, "the session is unknown or expired: sign in again")
	} else if err != nil {
		return store.Account{}, "", err
	}
	return a, token, nil
}

// setSession sets the session cookie.
func setSession(w http.ResponseWriter, r *http.Request, token string) {
	http.SetCookie(w, &http.Cookie{
		Name: CookieName, Value: token, Path: "/",
		MaxAge: int(sessionTTL / time.Second), HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil,
	})
}

// clearSession removes the session cookie.
func clearSession(w http.ResponseWriter, r *http.Request) {
	http.SetCookie(w, &http.Cookie{
		Name: CookieName, Value: "", Path: "/", MaxAge: -1, HttpOnly: true,
		SameSite: http.SameSiteLaxMode, Secure: r.TLS != nil,
	})
}

// remoteIP is the client's address without the port.
func remoteIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// keyedLimiter is a token bucket per key (an address, an account). It
// remembers at most max keys: when full it forgets the keys whose bucket
// has refilled (they lose nothing), and if that is not enough, all.
type keyedLimiter[K comparable] struct {
	limit rate.Limit
	burst int
	max   int
	mu    sync.Mutex
	m     map[K]*rate.Limiter
}

func newKeyedLimiter[K comparable](limit rate.Limit, burst, max int) *keyedLimiter[K] {
	return &keyedLimiter[K]{limit: limit, burst: burst, max: max, m: map[K]*rate.Limiter{}}
}

// allow takes a token for key; false (with the wait until one is free)
// when there is none. A refusal takes nothing.
func (l *keyedLimiter[K]) allow(key K, now time.Time) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	lim, ok := l.m[key]
	if !ok {
		if len(l.m) >= l.max {
			for k, v := range l.m {
				if v.TokensAt(now) >= float64(l.burst) {
					delete(l.m, k)
				}
			}
			if len(l.m) >= l.max {
				clear(l.m)
			}
		}
		lim = rate.NewLimiter(l.limit, l.burst)
		l.m[key] = lim
	}
	return allowAt(lim, now)
}

// allowAt takes a token from lim at now, or says how long until one.
func allowAt(lim *rate.Limiter, now time.Time) (bool, time.Duration) {
	r := lim.ReserveN(now, 1)
	if !r.OK() {
		return false, time.Second
	}
	if d := r.DelayFrom(now); d > 0 {
		r.CancelAt(now)
		return false, d
	}
	return true, 0
}
