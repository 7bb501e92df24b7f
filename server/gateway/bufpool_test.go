package gateway

import "testing"

func TestBufPoolSizes(t *testing.T) {
	for _, c := range []struct{ n, want int }{
		{0, minPooled}, {1, minPooled}, {minPooled, minPooled}, {minPooled + 1, 2 * minPooled},
		{2000, 2048}, {2049, 4096}, {maxPooled, maxPooled},
	} {
		if got := roundUp(c.n); got != c.want {
			t.Errorf("roundUp(%d) = %d, want %d", c.n, got, c.want)
		}
	}
	// A buffer made for a frame holds a somewhat larger next one, so it
	// is reused rather than dropped.
	var bp bufPool
	b := bp.get(2000)
	if len(b) != 0 || cap(b) != 2048 {
		t.Fatalf("get(2000): len %d cap %d, want 0 and 2048", len(b), cap(b))
	}
	bp.put(append(b, "frame"...))
	if c := bp.get(2040); cap(c) < 2040 || len(c) != 0 {
		t.Fatalf("get(2040) after a put: len %d cap %d", len(c), cap(c))
	}
	// A large message's buffer is not kept.
	bp.put(make([]byte, 10, maxPooled+1))
	if c := bp.get(1); cap(c) > maxPooled {
		t.Fatalf("a buffer over maxPooled came back from the pool (cap %d)", cap(c))
	}
}

// TestBufPoolNoAllocs: once warm, a get and a put allocate nothing (the
// put's box comes from the boxes a get left).
func TestBufPoolNoAllocs(t *testing.T) {
	var bp bufPool
	bp.put(bp.get(2000))
	allocs := testing.AllocsPerRun(1000, func() {
		b := bp.get(1500)
		bp.put(append(b, "frame"...))
	})
	if allocs != 0 {
		t.Errorf("get+put: %.1f allocations, want 0", allocs)
	}
}
