package gateway

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gobwas/ws"
	"golang.org/x/time/rate"

	"tabletop/store"
)

// Connection tuning that is not worth a Config field.
const (
	outQueue      = 256              // messages waiting to be written
	writeTimeout  = 10 * time.Second // one message, or the close handshake
	helloTimeout  = 10 * time.Second // from upgrade to hello
	requestTime   = 10 * time.Second // one request's work (answer, watch...)
	maxRefusals   = 200              // rate-limit refusals in a row before closing
	answerTimeout = requestTime
	readBuffer    = 1 << 10 // a connection's read buffer: a request or two
)

// conn is one WebSocket connection. One goroutine reads and handles
// messages in order (so replies keep the order of requests); a writer
// goroutine, started when there is something to write, drains the queue
// (outbox.go) and ends with the close frame; a timer pings; the frames of
// watched matches, and the replies to answers, are queued by the matches'
// own goroutines, which write them to the socket themselves when it takes
// them at once (conn_match.go, conn.flush).
type conn struct {
	s      *Server
	raw    *sharedConn // the upgraded socket; nil in tests of the queue
	rd     frameReader // the read loop's
	remote string
	ctx    context.Context // ends when the connection closes
	cancel context.CancelFunc
	actx   *answerCtx // the answers' context, made at the first; read loop only
	lim    *rate.Limiter

	outMu sync.Mutex
	ob    outbox

	closeOnce   sync.Once
	closing     chan struct{}
	closeCode   ws.StatusCode
	closeReason string
	writerDone  chan struct{}
	readDone    chan struct{} // closed when the read loop has stopped reading

	// upgrade is the account the upgrade request authenticated (cookie
	// or Bearer), if any, with its session token; hello may name another
	// through its token. upgradeGen is hub.revocations before that.
	upgrade      store.Account
	upgradeOK    bool
	upgradeToken string
	upgradeGen   uint64

	mu       sync.Mutex
	acct     store.Account // after hello
	session  string        // the session token hello used
	hello    bool
	watches  map[store.MatchID]*watch
	refusals int

	protocol atomic.Int32 // the protocol hello named

	heard       atomic.Bool // a frame came since the last ping
	pingMu      sync.Mutex
	pingTimer   *time.Timer
	pingSent    bool // the timer's next run checks the answer to a ping
	pingStopped bool
}

// outMsg is a queued message. A pooled one is a buffer of Server.frames
// that only this queue holds, recycled once written; the others (replies,
// pushes shared by many connections) are left alone.
type outMsg struct {
	b      []byte
	pooled bool
}

// handleWS upgrades /ws and serves the connection until it closes.
func (s *Server) handleWS(w http.ResponseWriter, r *http.Request) {
	if !s.originAllowed(r) {
		s.writeError(w, r, errorf(CodeBadOrigin, "origin %q may not open a connection", truncate(r.Header.Get("Origin"), 100)))
		return
	}
	if s.draining.Load() {
		s.writeError(w, r, errorf(CodeDraining, "the server is shutting down; reconnect in a moment"))
		return
	}
	c := &conn{
		s: s, remote: remoteIP(r),
		lim:        rate.NewLimiter(s.cfg.ConnRate, s.cfg.ConnBurst),
		closing:    make(chan struct{}),
		writerDone: make(chan struct{}),
		readDone:   make(chan struct{}),
		watches:    map[store.MatchID]*watch{},
		ob:         outbox{max: outQueue},
	}
	c.upgradeGen = s.hub.revocations.Load()
	if token, _ := credentials(r, true); token != "" {
		if a, err := s.cfg.Auth.Authenticate(r.Context(), token); err == nil {
			c.upgrade, c.upgradeOK, c.upgradeToken = a, true, token
		}
	}
	// The origin was checked above, with the same rule as the REST calls.
	// No subprotocol and no extension (compression) is negotiated.
	sock, brw, _, err := ws.HTTPUpgrader{Timeout: writeTimeout}.Upgrade(r, w)
	if err != nil {
		if sock != nil { // hijacked: the library wrote the refusal
			_ = sock.Close()
		}
		s.log.Debug("websocket upgrade failed", "err", err)
		return
	}
	c.raw = newSharedConn(sock)
	// brw.Writer is dropped: frames are written to the socket whole.
	// brw.Reader is net/http's, 4 KiB over a reader that keeps the HTTP
	// connection's state reachable; unless the client has sent a frame
	// already, the connection reads through a smaller one of its own.
	br := brw.Reader
	if br.Buffered() == 0 {
		br = bufio.NewReaderSize(sock, readBuffer)
	}
	c.rd = frameReader{br: br, ctl: c.raw, heard: &c.heard}
	c.ctx, c.cancel = context.WithCancel(context.Background())
	s.hub.add(c)
	c.schedulePing(c.s.cfg.PingInterval)
	// The connection runs on a goroutine of its own and this handler
	// returns: while it ran, net/http's frames below it kept the upgrade
	// request, its response and the server's state of the HTTP connection
	// reachable for the connection's life, a score of small objects per
	// connection that every collection visited.
	go c.run()
}

// run reads the connection's messages until it closes, then releases it.
func (c *conn) run() {
	stopHello := time.AfterFunc(helloTimeout, func() {
		if !c.saidHello() {
			c.close(closeProtocol, "no hello")
		}
	})
	c.readLoop()
	stopHello.Stop()
	c.stopPing()
	c.close(ws.StatusNormalClosure, "")
	<-c.writerDone
	c.cancel()
	c.stopWatches()
	if c.s.hub.remove(c) && c.s.lobby != nil {
		c.s.lobby.Offline(c.accountID())
	}
}

func (c *conn) saidHello() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.hello
}

func (c *conn) accountID() store.AccountID {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.hello {
		return 0
	}
	return c.acct.ID
}

func (c *conn) cancelCtx() {
	if c.cancel != nil {
		c.cancel()
	}
}

// schedulePing arms the ping timer, d from now. A timer instead of a
// goroutine per connection: idle connections are the common case, and
// every goroutine's stack is scanned by each collection.
func (c *conn) schedulePing(d time.Duration) {
	c.pingMu.Lock()
	defer c.pingMu.Unlock()
	if c.pingStopped {
		return
	}
	if c.pingTimer == nil {
		c.pingTimer = time.AfterFunc(d, c.ping)
		return
	}
	c.pingTimer.Reset(d)
}

func (c *conn) stopPing() {
	c.pingMu.Lock()
	defer c.pingMu.Unlock()
	c.pingStopped = true
	if c.pingTimer != nil {
		c.pingTimer.Stop()
	}
}

// ping runs every Config.PingInterval/2, alternately pinging the client
// and checking that something (the pong, or anything else) came since:
// a client that does not answer within half of Config.PingInterval is
// gone.
func (c *conn) ping() {
	select {
	case <-c.closing:
		return
	default:
	}
	half := c.s.cfg.PingInterval / 2
	c.pingMu.Lock()
	check := c.pingSent
	c.pingSent = !check
	c.pingMu.Unlock()
	if check {
		if !c.heard.Load() {
			c.close(ws.StatusGoingAway, "ping timeout")
			return
		}
		c.schedulePing(c.s.cfg.PingInterval - half)
		return
	}
	c.heard.Store(false)
	if err := c.raw.writeControl(ws.OpPing, nil); err != nil {
		c.close(ws.StatusGoingAway, "ping failed")
		return
	}
	c.schedulePing(half)
}

// readLoop reads and handles messages in order until the connection ends,
// then lets the writer close the socket (readDone). A connection the
// server ends (a protocol error, a message too large, or a close asked
// for elsewhere) keeps reading, and dropping, until the client's close
// frame or the socket's end (frameReader.drain).
func (c *conn) readLoop() {
	defer close(c.readDone)
	for {
		op, b, err := c.rd.next()
		var closed peerClosed
		switch {
		case errors.Is(err, errTooBig):
			c.s.metrics.errors.WithLabelValues(string(CodeTooLarge)).Inc()
			c.close(ws.StatusMessageTooBig, "message too big")
			c.rd.drain()
			return
		case errors.As(err, new(protocolError)):
			c.close(ws.StatusProtocolError, "protocol error")
			return // the frames that follow cannot be trusted
		case errors.As(err, &closed):
			c.close(closed.code, "")
			return
		case err != nil: // the socket's end
			return
		case op != ws.OpText:
			c.replyError(0, errorf(CodeBadRequest, "messages are JSON text, not binary"))
			continue
		}
		if !c.handle(b) {
			c.close(ws.StatusNormalClosure, "") // handle closed it first, with its reason
			c.rd.drain()
			return
		}
	}
}

// handle decodes, limits, authorizes and carries out one message, and
// queues its reply. It returns false when the connection must end.
func (c *conn) handle(b []byte) bool {
	m, err := Decode(b)
	hello := c.saidHello()
	if err != nil {
		c.s.metrics.messages.WithLabelValues("invalid").Inc()
		if m.ID == 0 && m.Type == "" {
			c.sendError(err)
		} else {
			c.replyError(m.ID, err)
		}
		if !hello {
			c.close(closeProtocol, "bad hello")
			return false
		}
		return true
	}
	c.s.metrics.messages.WithLabelValues(m.Type).Inc()
	if !hello {
		if m.Type != "hello" {
			c.replyError(m.ID, errorf(CodeHelloRequired, "the first message must be hello"))
			c.close(closeProtocol, "hello required")
			return false
		}
		return c.doHello(m)
	}
	if ok, wait := c.allow(); !ok {
		c.replyError(m.ID, &Error{Code: CodeRateLimited, Msg: "too many messages; slow down", RetryAfter: wait})
		c.mu.Lock()
		c.refusals++
		n := c.refusals
		c.mu.Unlock()
		if n > maxRefusals {
			c.close(closeTooMany, "too many messages")
			return false
		}
		return true
	}
	var data any
	var after func()
	if m.Type == "answer" { // the message sent most: see answerCtx
		if c.actx == nil {
			c.actx = newAnswerCtx(c.ctx)
		}
		data, after, err = c.dispatch(c.actx.begin(requestTime), m)
		c.actx.end()
	} else {
		ctx, cancel := context.WithTimeout(c.ctx, requestTime)
		data, after, err = c.dispatch(ctx, m)
		cancel()
	}
	if err != nil {
		c.replyError(m.ID, err)
		return true
	}
	if _, done := data.(replied); !done && m.ID != 0 {
		c.reply(m.ID, data)
	}
	if after != nil {
		after()
	}
	return true
}

// allow applies the connection's and the account's message limits.
func (c *conn) allow() (bool, time.Duration) {
	now := c.s.cfg.Live.Now()
	if !c.lim.AllowN(now, 1) {
		r := c.lim.ReserveN(now, 1)
		d := r.DelayFrom(now)
		r.CancelAt(now)
		return false, d
	}
	if ok, d := c.s.hub.allowAccount(c.accountID(), now); !ok {
		return false, d
	}
	c.mu.Lock()
	c.refusals = 0
	c.mu.Unlock()
	return true, 0
}

// replyMessage is {"type":"reply","id":N,"ok":...}.
type replyMessage struct {
	Type  string     `json:"type"`
	ID    int64      `json:"id"`
	OK    bool       `json:"ok"`
	Data  any        `json:"data,omitempty"`
	Error *wireError `json:"error,omitempty"`
}

func (c *conn) reply(id int64, data any) {
	if ack, ok := data.(answerAck); ok { // an answer's, the reply sent most
		c.sendPooled(c.ctx, appendAckReply(c.s.frames.get(80), id, ack))
		return
	}
	if data == nil {
		data = struct{}{}
	}
	b, err := json.Marshal(replyMessage{Type: "reply", ID: id, OK: true, Data: data})
	if err != nil {
		c.replyError(id, err)
		return
	}
	c.send(c.ctx, b)
}

func (c *conn) replyError(id int64, err error) {
	e := c.logged(err)
	w := e.wire()
	b, _ := json.Marshal(replyMessage{Type: "reply", ID: id, OK: false, Error: &w})
	c.send(c.ctx, b)
}

// sendError sends an error that answers no message.
func (c *conn) sendError(err error) {
	e := c.logged(err)
	b, _ := json.Marshal(struct {
		Type  string    `json:"type"`
		Error wireError `json:"error"`
	}{"error", e.wire()})
	c.send(c.ctx, b)
}

func (c *conn) logged(err error) *Error {
	e := toWire(err)
	c.s.metrics.errors.WithLabelValues(string(e.Code)).Inc()
	if e.Code == CodeInternal {
		c.s.log.Error("websocket request failed", "account", c.accountID(), "err", err)
	}
	return e
}

// doHello checks the protocol version and the session, and registers the
// connection with its account.
func (c *conn) doHello(m Message) bool {
	if m.Protocol < MinProtocol || m.Protocol > ProtocolVersion {
		c.replyError(m.ID, &Error{
			Code:      CodeUnsupportedProtocol,
			Msg:       "tabletop: protocol " + itoa(m.Protocol) + " is not supported; this server speaks " + itoa(MinProtocol) + " to " + itoa(ProtocolVersion),
			Supported: supportedProtocols(),
		})
		c.close(closeProtocol, "unsupported protocol")
		return false
	}
	a, ok, token, gen := c.upgrade, c.upgradeOK, c.upgradeToken, c.upgradeGen
	if m.Token != "" {
		gen = c.s.hub.revocations.Load()
		ctx, cancel := context.WithTimeout(c.ctx, requestTime)
		acct, err := c.s.cfg.Auth.Authenticate(ctx, m.Token)
		cancel()
		a, ok, token = acct, err == nil, m.Token
	}
	c.mu.Lock()
	c.acct, c.hello, c.session = a, ok, token
	c.mu.Unlock()
	c.protocol.Store(int32(m.Protocol))
	// A logout or password change that ended the session after it was
	// authenticated may have swept the connections before this one said
	// who it is: look again (hub.closeSessions).
	if ok && c.s.hub.revocations.Load() != gen {
		ctx, cancel := context.WithTimeout(c.ctx, requestTime)
		_, err := c.s.cfg.Auth.Authenticate(ctx, token)
		cancel()
		ok = err == nil
	}
	if !ok {
		c.mu.Lock()
		c.hello = false
		c.mu.Unlock()
		c.replyError(m.ID, errorf(CodeUnauthorized, "no valid session: sign in or play as a guest first"))
		c.close(closeUnauthorized, "unauthorized")
		return false
	}
	c.s.hub.register(c, a.ID)
	if c.s.lobby != nil {
		c.s.lobby.Online(a.ID)
	}
	c.s.log.Debug("hello", "account", a.ID, "remote", c.remote)
	c.reply(m.ID, map[string]any{
		"protocol":     m.Protocol,
		"server":       "tabletop",
		"account":      toAccountJSON(a),
		"live_matches": c.s.mgr.liveFor(a.ID),
		"limits": map[string]any{
			"max_message":         MaxMessage,
			"messages_per_second": float64(c.s.cfg.ConnRate),
			"burst":               c.s.cfg.ConnBurst,
		},
		"now": wireTime(c.s.cfg.Live.Now()),
	})
	return true
}

// dispatch carries out a message after hello. after, if not nil, runs
// once the reply is queued (a watch starts its frames then).
func (c *conn) dispatch(ctx context.Context, m Message) (data any, after func(), err error) {
	switch m.Type {
	case "hello":
		return nil, nil, errorf(CodeBadRequest, "hello was already said")
	case "ping":
		return map[string]any{"now": wireTime(c.s.cfg.Live.Now())}, nil, nil
	case "live_matches":
		return map[string]any{"matches": c.s.mgr.liveFor(c.accountID())}, nil, nil
	case "watch":
		return c.watch(ctx, m)
	case "unwatch":
		c.unwatch(m.Match)
		return nil, nil, nil
	case "answer":
		d, err := c.answer(ctx, m)
		return d, nil, err
	case "leave", "rejoin", "concede":
		return nil, nil, c.seatAction(ctx, m)
	}
	if isLobbyType(m.Type) {
		if c.s.lobby == nil {
			return nil, nil, errorf(CodeUnavailable, "this server has no lobby")
		}
		if c.s.draining.Load() {
			return nil, nil, errorf(CodeDraining, "the server is shutting down")
		}
		d, err := c.s.lobby.Handle(ctx, c.accountID(), m)
		return d, nil, err
	}
	return nil, nil, errorf(CodeUnknownType, "unknown message type %q", m.Type)
}

func itoa(n int) string { return strconv.Itoa(n) }
