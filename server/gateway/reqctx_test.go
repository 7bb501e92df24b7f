package gateway

import (
	"context"
	"errors"
	"testing"
	"time"
)

// The answers' reused context behaves like a context.WithTimeout per
// request: done when its time runs out or the connection ends, fresh
// again for the next request after a timeout, and never ended by the
// timer of a request that is over.
func TestAnswerCtx(t *testing.T) {
	closed := func(ctx context.Context) bool {
		select {
		case <-ctx.Done():
			return true
		default:
			return false
		}
	}
	t.Run("times out, then serves the next request", func(t *testing.T) {
		a := newAnswerCtx(context.Background())
		ctx := a.begin(10 * time.Millisecond)
		if dl, ok := ctx.Deadline(); !ok || time.Until(dl) > 10*time.Millisecond {
			t.Fatalf("Deadline() = %v, %v", dl, ok)
		}
		select {
		case <-ctx.Done():
		case <-time.After(5 * time.Second):
			t.Fatal("not done after its time")
		}
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			t.Fatalf("Err() = %v, want DeadlineExceeded", ctx.Err())
		}
		a.end()
		ctx = a.begin(time.Hour)
		if closed(ctx) || ctx.Err() != nil {
			t.Fatalf("next request starts done: %v", ctx.Err())
		}
		a.end()
	})
	t.Run("a request that ended is not timed out later", func(t *testing.T) {
		a := newAnswerCtx(context.Background())
		ctx := a.begin(5 * time.Millisecond)
		a.end()
		time.Sleep(20 * time.Millisecond)
		if closed(ctx) {
			t.Fatal("done after end")
		}
		// A late fire of the old timer meets the new deadline.
		a.begin(time.Hour)
		a.expire()
		if closed(ctx) {
			t.Fatal("the old timer ended the new request")
		}
		a.end()
	})
	t.Run("the connection ending ends it for good", func(t *testing.T) {
		parent, cancel := context.WithCancel(context.Background())
		a := newAnswerCtx(parent)
		ctx := a.begin(time.Hour)
		cancel()
		select {
		case <-ctx.Done():
		case <-time.After(5 * time.Second):
			t.Fatal("not done when the connection ended")
		}
		a.end()
		ctx = a.begin(time.Hour)
		if !closed(ctx) || !errors.Is(ctx.Err(), context.Canceled) {
			t.Fatalf("after the connection ended: done %v, Err() = %v", closed(ctx), ctx.Err())
		}
	})
	t.Run("values come from the connection's context", func(t *testing.T) {
		type key struct{}
		a := newAnswerCtx(context.WithValue(context.Background(), key{}, "v"))
		if got := a.begin(time.Hour).Value(key{}); got != "v" {
			t.Fatalf("Value = %v", got)
		}
		a.end()
	})
}
