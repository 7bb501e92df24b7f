package loadtest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// protocol is the WebSocket protocol the bots speak: view patches
// (docs/protocol.md, "Versioning"), as the web client does.
const protocol = 4

// maxFrame bounds one server message: a first frame of a long match
// carries every step since version 0, far more than the library's 32 KiB
// default.
const maxFrame = 32 << 20

// ErrClosed reports a request on a connection that has closed.
var ErrClosed = errors.New("loadtest: connection closed")

// Reply is the server's reply to one request. Data aliases the
// connection's read buffer when the reply is handed to a callback (copy
// it to keep it); Request returns a copy.
type Reply struct {
	OK   bool
	Data []byte
	Err  *WireError
	// At is when the reply was read.
	At time.Time
}

// LiveMatch is an entry of the hello reply's live_matches: a match the
// account has a seat in.
type LiveMatch struct {
	Match int64 `json:"match"`
	Seat  int   `json:"seat"`
}

// PushFunc receives the server's pushes on the connection's reader
// goroutine, in order. data is valid only during the call; fn must not
// block for long (it holds up the connection's reading).
type PushFunc func(typ string, data []byte)

// Client is one bot's WebSocket connection (docs/protocol.md): it says
// hello, sends requests, matches the replies to them by id and hands the
// pushes to a PushFunc. Its methods may be called concurrently.
type Client struct {
	Account Account
	// Rate and Burst are the connection's message limits the server
	// stated in its hello reply.
	Rate  float64
	Burst int
	// Live lists the account's live matches, from the hello reply.
	Live []LiveMatch

	ws    *websocket.Conn
	push  PushFunc
	done  chan struct{} // closed when the reader ends
	local atomic.Bool   // Close or CloseNow was called

	mu      sync.Mutex
	nextID  int64
	pending map[int64]func(Reply)
	err     error // why the reader ended
}

// Dialer opens Clients to one server.
type Dialer struct {
	// URL is the server's base URL, http://host:port.
	URL string
	// HTTP is the client used for the upgrade requests; nil uses
	// http.DefaultClient.
	HTTP *http.Client
}

// NewDialer returns a Dialer for the server at url whose upgrade requests
// use no proxy and give up connecting after 10 s. (Every upgrade takes
// its TCP connection over, so there is no pool to tune.)
func NewDialer(url string) *Dialer {
	return &Dialer{URL: url, HTTP: &http.Client{Transport: &http.Transport{
		DialContext: (&net.Dialer{Timeout: 10 * time.Second}).DialContext,
	}}}
}

func (d *Dialer) wsURL() string {
	u := strings.TrimRight(d.URL, "/")
	switch {
	case strings.HasPrefix(u, "https://"):
		u = "wss://" + strings.TrimPrefix(u, "https://")
	case strings.HasPrefix(u, "http://"):
		u = "ws://" + strings.TrimPrefix(u, "http://")
	}
	return u + "/ws"
}

// Dial connects acct (Bearer token, no Origin: a non-browser client) and
// says hello. push may be nil.
func (d *Dialer) Dial(ctx context.Context, acct Account, push PushFunc) (*Client, error) {
	hc := d.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	ws, resp, err := websocket.Dial(ctx, d.wsURL(), &websocket.DialOptions{
		HTTPClient: hc,
		HTTPHeader: http.Header{"Authorization": {"Bearer " + acct.Token}},
	})
	if err != nil {
		if resp != nil {
			return nil, fmt.Errorf("loadtest: dial account %d: HTTP %d: %w", acct.ID, resp.StatusCode, err)
		}
		return nil, fmt.Errorf("loadtest: dial account %d: %w", acct.ID, err)
	}
	ws.SetReadLimit(maxFrame)
	if push == nil {
		push = func(string, []byte) {}
	}
	c := &Client{Account: acct, ws: ws, push: push, done: make(chan struct{}), pending: map[int64]func(Reply){}}
	go c.readLoop()
	r, err := c.Request(ctx, "hello", map[string]any{"protocol": protocol})
	if err == nil && !r.OK {
		err = r.Err
	}
	if err != nil {
		c.CloseNow()
		return nil, fmt.Errorf("loadtest: hello of account %d: %w", acct.ID, err)
	}
	var hello struct {
		Limits struct {
			Rate  float64 `json:"messages_per_second"`
			Burst int     `json:"burst"`
		} `json:"limits"`
		Live []LiveMatch `json:"live_matches"`
	}
	if err := json.Unmarshal(r.Data, &hello); err != nil {
		c.CloseNow()
		return nil, fmt.Errorf("loadtest: hello of account %d: %w", acct.ID, err)
	}
	c.Rate, c.Burst, c.Live = hello.Limits.Rate, hello.Limits.Burst, hello.Live
	return c, nil
}

// readLoop reads messages until the connection ends, handing replies to
// their callbacks and pushes to the PushFunc.
func (c *Client) readLoop() {
	defer close(c.done)
	var buf bytes.Buffer
	for {
		// Not c.ctx: a context that can end costs the library a callback
		// registration per message. Close and CloseNow close the socket
		// first, which ends the read.
		_, r, err := c.ws.Reader(context.Background())
		if err == nil {
			buf.Reset()
			_, err = buf.ReadFrom(r)
		}
		if err != nil {
			c.fail(err)
			return
		}
		m, err := parseMessageFast(buf.Bytes())
		if err != nil {
			c.fail(err)
			c.ws.CloseNow()
			return
		}
		if m.Type != "reply" {
			c.push(m.Type, m.Data)
			continue
		}
		c.mu.Lock()
		cb := c.pending[m.ID]
		delete(c.pending, m.ID)
		c.mu.Unlock()
		if cb != nil {
			cb(Reply{OK: m.OK, Data: m.Data, Err: m.Err, At: time.Now()})
		}
		if buf.Cap() > 1<<20 { // one huge catch-up frame: do not keep its buffer
			buf = bytes.Buffer{}
		}
	}
}

// fail ends the connection's requests: each pending callback gets a
// reply with the code "closed".
func (c *Client) fail(err error) {
	c.mu.Lock()
	c.err = err
	pending := c.pending
	c.pending = nil
	c.mu.Unlock()
	for _, cb := range pending {
		cb(Reply{Err: &WireError{Code: "closed", Message: err.Error()}, At: time.Now()})
	}
}

// ClosedLocally reports whether Close or CloseNow was called (the end
// of the connection was ours, not the server's).
func (c *Client) ClosedLocally() bool { return c.local.Load() }

// Done is closed when the connection has ended.
func (c *Client) Done() <-chan struct{} { return c.done }

// Err returns why the connection ended (nil while it is open).
func (c *Client) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// CloseStatus returns the WebSocket close code the connection ended
// with, or -1.
func (c *Client) CloseStatus() websocket.StatusCode { return websocket.CloseStatus(c.Err()) }

// Send sends a request built by build(id) and calls cb with its reply
// (on the reader goroutine; see Reply). It returns the id used.
func (c *Client) Send(ctx context.Context, build func(id int64) []byte, cb func(Reply)) (int64, error) {
	c.mu.Lock()
	if c.pending == nil {
		c.mu.Unlock()
		return 0, ErrClosed
	}
	c.nextID++
	id := c.nextID
	c.pending[id] = cb
	c.mu.Unlock()
	if err := c.ws.Write(ctx, websocket.MessageText, build(id)); err != nil {
		c.mu.Lock()
		if c.pending != nil {
			delete(c.pending, id)
		}
		c.mu.Unlock()
		return 0, fmt.Errorf("loadtest: send: %w", err)
	}
	return id, nil
}

// SendAsync sends a message of type typ with fields and calls cb (if not
// nil) with its reply.
func (c *Client) SendAsync(ctx context.Context, typ string, fields map[string]any, cb func(Reply)) error {
	if cb == nil {
		cb = func(Reply) {}
	}
	_, err := c.Send(ctx, func(id int64) []byte { return encodeRequest(typ, id, fields) }, cb)
	return err
}

// Request sends a message of type typ with fields and waits for its
// reply. A refusal is a Reply with OK false, not an error.
func (c *Client) Request(ctx context.Context, typ string, fields map[string]any) (Reply, error) {
	ch := make(chan Reply, 1)
	err := c.SendAsync(ctx, typ, fields, func(r Reply) {
		r.Data = bytes.Clone(r.Data)
		ch <- r
	})
	if err != nil {
		return Reply{}, err
	}
	select {
	case r := <-ch:
		if r.Err != nil && r.Err.Code == "closed" {
			return r, fmt.Errorf("%w: %s", ErrClosed, r.Err.Message)
		}
		return r, nil
	case <-ctx.Done():
		return Reply{}, fmt.Errorf("loadtest: %s: %w", typ, ctx.Err())
	}
}

func encodeRequest(typ string, id int64, fields map[string]any) []byte {
	m := make(map[string]any, len(fields)+2)
	for k, v := range fields {
		m[k] = v
	}
	m["type"] = typ
	m["id"] = id
	b, _ := json.Marshal(m) // ints, strings and bools always encode
	return b
}

// Close closes the connection with a normal closure, waiting (a few
// seconds at most) for the server's close frame.
func (c *Client) Close() {
	c.local.Store(true)
	_ = c.ws.Close(websocket.StatusNormalClosure, "")
	<-c.done
}

// CloseNow drops the connection without the closing handshake.
func (c *Client) CloseNow() {
	c.local.Store(true)
	_ = c.ws.CloseNow()
	<-c.done
}
