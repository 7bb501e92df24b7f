package auth

import (
	"testing"
	"time"

	"golang.org/x/time/rate"
)

func TestKeyedLimiter(t *testing.T) {
	now := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newKeyedLimiter(rate.Every(time.Minute), 2, 3)
	for i := range 2 {
		if wait, _ := l.reserve("a", now); wait != 0 {
			t.Fatalf("attempt %d: reserve = %v, want 0", i, wait)
		}
	}
	if wait, _ := l.reserve("a", now); wait != time.Minute {
		t.Errorf("third attempt: reserve = %v, want 1m", wait)
	}
	// A refused attempt takes nothing: still one minute to wait.
	if wait, _ := l.reserve("a", now); wait != time.Minute {
		t.Errorf("fourth attempt: reserve = %v, want 1m", wait)
	}
	if wait, _ := l.reserve("a", now.Add(time.Minute)); wait != 0 {
		t.Errorf("after a minute: reserve = %v, want 0", wait)
	}

	// Cancel gives the token back.
	_, cancel := l.reserve("b", now)
	cancel()
	_, _ = l.reserve("b", now)
	if wait, _ := l.reserve("b", now); wait != 0 {
		t.Errorf("after a cancel: reserve = %v, want 0", wait)
	}

	// Bounded: "a" is least recently used, so "c" and "d" evict it.
	l.reserve("c", now)
	l.reserve("d", now)
	if n := l.len(); n != 3 {
		t.Errorf("len = %d, want 3", n)
	}
	if _, ok := l.keys["a"]; ok {
		t.Errorf("least recently used key a was kept")
	}
	if _, ok := l.keys["b"]; !ok {
		t.Errorf("key b was evicted")
	}
}

func TestAddrKey(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"192.0.2.1", "192.0.2.1"},
		{"192.0.2.1:4242", "192.0.2.1"},
		{"::ffff:192.0.2.1", "192.0.2.1"},
		{"2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"},
		{"[2001:db8:1:2::9]:443", "2001:db8:1:2::/64"},
		{"fe80::1%eth0", "fe80::/64"},
		{"not an address", "not an address"},
	} {
		if got := addrKey(tc.in); got != tc.want {
			t.Errorf("addrKey(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
