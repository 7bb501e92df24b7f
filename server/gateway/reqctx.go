package gateway

import (
	"context"
	"sync"
	"time"
)

// answerCtx is the context of a connection's answers, reused from one
// answer to the next. A context.WithTimeout per message cost a timer, a
// channel, the cancel context and a registration with the connection's
// context: about a sixth of what a busy server allocated per answer
// (docs/performance.md, "Server load"). A connection reads one message at
// a time, so one context serves all its answers: begin arms it for
// requestTime, end disarms it. It is done when its time runs out or the
// connection's context ends; after a timeout the next begin gives it a
// new Done channel. Only the answer path uses it, where nothing keeps the
// context past the request.
type answerCtx struct {
	parent context.Context
	timer  *time.Timer
	mu     sync.Mutex
	done   chan struct{}
	err    error     // set when done is closed
	until  time.Time // the current request's deadline
	gone   bool      // the parent ended: done stays closed
}

func newAnswerCtx(parent context.Context) *answerCtx {
	a := &answerCtx{parent: parent, done: make(chan struct{})}
	a.timer = time.AfterFunc(time.Hour, a.expire)
	a.timer.Stop()
	context.AfterFunc(parent, func() {
		a.mu.Lock()
		defer a.mu.Unlock()
		a.gone = true
		a.finish(context.Canceled)
	})
	return a
}

// begin arms the context for one request of at most d.
func (a *answerCtx) begin(d time.Duration) context.Context {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.err != nil && !a.gone {
		a.done, a.err = make(chan struct{}), nil
	}
	a.until = time.Now().Add(d)
	a.timer.Reset(d)
	return a
}

// end disarms it once the request is over.
func (a *answerCtx) end() {
	a.timer.Stop()
}

// expire ends the request whose time ran out. A timer that fires late,
// after the next begin, finds a deadline still ahead and does nothing.
func (a *answerCtx) expire() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if time.Now().Before(a.until) {
		return
	}
	a.finish(context.DeadlineExceeded)
}

// finish closes done with err; mu held.
func (a *answerCtx) finish(err error) {
	if a.err == nil {
		a.err = err
		close(a.done)
	}
}

func (a *answerCtx) Deadline() (time.Time, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.until, true
}

func (a *answerCtx) Done() <-chan struct{} {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.done
}

func (a *answerCtx) Err() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.err
}

func (a *answerCtx) Value(key any) any { return a.parent.Value(key) }
