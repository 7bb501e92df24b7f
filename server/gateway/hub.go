package gateway

import (
	"encoding/json"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gobwas/ws"

	"tabletop/store"
)

// WebSocket close codes of the protocol (docs/protocol.md, "Close codes").
const (
	closeProtocol     ws.StatusCode = 4400
	closeUnauthorized ws.StatusCode = 4401
	closeReplaced     ws.StatusCode = 4409
	closeTooMany      ws.StatusCode = 4429
	closeTooSlow      ws.StatusCode = 4408
)

// hub knows every open connection, and which belong to which account,
// so that pushes reach all of an account's connections.
type hub struct {
	s          *Server
	accountLim *keyedLimiter[store.AccountID]

	// revocations counts the calls of closeSessions, so that a hello
	// that authenticated before one can tell and check its session again.
	revocations atomic.Uint64

	mu    sync.Mutex
	all   map[*conn]struct{}
	byAcc map[store.AccountID][]*conn // after hello, oldest first
}

func newHub(s *Server) *hub {
	return &hub{
		s:          s,
		accountLim: newKeyedLimiter[store.AccountID](s.cfg.AccountRate, s.cfg.AccountBurst, 100000),
		all:        map[*conn]struct{}{},
		byAcc:      map[store.AccountID][]*conn{},
	}
}

func (h *hub) add(c *conn) {
	h.mu.Lock()
	h.all[c] = struct{}{}
	h.mu.Unlock()
}

// register binds a connection to its account after hello. It closes the
// oldest connection of the account if it has Config.MaxConns already.
func (h *hub) register(c *conn, id store.AccountID) {
	h.mu.Lock()
	list := append(h.byAcc[id], c)
	var evict []*conn
	for len(list) > h.s.cfg.MaxConns {
		evict = append(evict, list[0])
		list = list[1:]
	}
	h.byAcc[id] = list
	h.mu.Unlock()
	for _, old := range evict {
		old.close(closeReplaced, "replaced by a newer connection")
	}
}

// remove forgets a closed connection. It reports whether it was
// registered to an account.
func (h *hub) remove(c *conn) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.all[c]; !ok {
		return false
	}
	delete(h.all, c)
	id := c.accountID()
	list := h.byAcc[id]
	for i, x := range list {
		if x == c {
			list = append(list[:i:i], list[i+1:]...)
			if len(list) == 0 {
				delete(h.byAcc, id)
			} else {
				h.byAcc[id] = list
			}
			return true
		}
	}
	return false
}

// conns returns the connections of an account.
func (h *hub) conns(id store.AccountID) []*conn {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]*conn(nil), h.byAcc[id]...)
}

// count returns the open connections.
func (h *hub) count() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.all)
}

// allowAccount applies the per-account message limit.
func (h *hub) allowAccount(id store.AccountID, now time.Time) (bool, time.Duration) {
	return h.accountLim.allow(id, now)
}

// pushMessage is a server push: {"type":T,"data":D}.
type pushMessage struct {
	Type string `json:"type"`
	Data any    `json:"data"`
}

// push delivers a message to every connection of an account without
// blocking; a connection whose queue is full is closed (it reconnects and
// resynchronizes).
func (h *hub) push(to store.AccountID, typ string, data any) {
	if data == nil {
		data = struct{}{}
	}
	b, err := json.Marshal(pushMessage{Type: typ, Data: data})
	if err != nil {
		h.s.log.Error("push: encode", "type", typ, "err", err)
		return
	}
	for _, c := range h.conns(to) {
		if !c.offer(b) {
			c.close(closeTooSlow, "too slow to take messages")
		}
	}
}

// closeAccount closes every connection of an account.
func (h *hub) closeAccount(id store.AccountID, code ws.StatusCode, reason string) {
	for _, c := range h.conns(id) {
		c.close(code, reason)
	}
}

// closeSessions closes the connections whose session has ended (a
// logout, a password change): those that said hello with an account and
// session token for which ended is true. Call it after the store has
// ended the sessions. A hello racing with it cannot slip through: hello
// records its session before it reads revocations a second time, and
// authenticates again if the count moved since it first authenticated.
func (h *hub) closeSessions(ended func(id store.AccountID, token string) bool, code ws.StatusCode, reason string) {
	h.revocations.Add(1)
	h.mu.Lock()
	all := make([]*conn, 0, len(h.all))
	for c := range h.all {
		all = append(all, c)
	}
	h.mu.Unlock()
	for _, c := range all {
		c.mu.Lock()
		id, token, hello := c.acct.ID, c.session, c.hello
		c.mu.Unlock()
		if hello && ended(id, token) {
			c.close(code, reason)
		}
	}
}

// shutdown tells every connection to reconnect after a delay, closes it
// with 1012 (service restart) and waits a little for them to flush.
func (h *hub) shutdown(after time.Duration) {
	b, _ := json.Marshal(pushMessage{Type: "shutdown", Data: map[string]any{
		"reason": "restart", "reconnect_after_ms": after.Milliseconds(),
	}})
	h.mu.Lock()
	all := make([]*conn, 0, len(h.all))
	for c := range h.all {
		all = append(all, c)
	}
	h.mu.Unlock()
	for _, c := range all {
		c.offer(b)
		c.close(closeServiceRestart, "server restarting")
	}
	// Wait (briefly) for the goodbyes to be written.
	for end := time.Now().Add(3 * time.Second); h.count() > 0 && time.Now().Before(end); {
		time.Sleep(10 * time.Millisecond)
	}
}
