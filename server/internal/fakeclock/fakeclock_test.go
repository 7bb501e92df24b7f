package fakeclock

import (
	"fmt"
	"testing"
	"time"
)

func TestClock(t *testing.T) {
	c := New()
	start := c.Now()
	var got []string
	c.AfterFunc(3*time.Second, func() { got = append(got, "c") })
	c.AfterFunc(time.Second, func() { got = append(got, "a") })
	stop := c.AfterFunc(2*time.Second, func() { got = append(got, "stopped") })
	c.AfterFunc(time.Second, func() { got = append(got, "b") })
	if !stop() || stop() {
		t.Fatal("stop: want true once, then false")
	}
	if n := c.Pending(); n != 3 {
		t.Fatalf("Pending = %d, want 3", n)
	}
	c.Advance(500 * time.Millisecond)
	if len(got) != 0 {
		t.Fatalf("fired early: %v", got)
	}
	c.Advance(5 * time.Second)
	if want := "[a b c]"; fmt.Sprint(got) != want {
		t.Errorf("fired %v, want %s (earliest first, ties in order set)", got, want)
	}
	if c.Pending() != 0 || !c.Now().Equal(start.Add(5500*time.Millisecond)) {
		t.Errorf("after Advance: pending %d, now %v", c.Pending(), c.Now())
	}
}
