package gateway

import "sync"

// bufPool recycles the buffers of outgoing messages. Every answer makes
// four frames of about 2 KB; without reuse they were the largest share of
// the server's allocations, and so of its collections. A buffer goes back
// once the writer has written it: nothing else holds a queued message.
//
// The pool holds *[]byte, and a put needs a pointer to store: the empty
// boxes that gets leave behind are pooled too, or every put would
// allocate one (it was 2% of a busy server's allocations).
type bufPool struct {
	p     sync.Pool // of *[]byte holding a buffer
	boxes sync.Pool // of *[]byte holding nil
}

// maxPooled keeps a rare large message (a whole view, a replay page) from
// pinning its buffer in the pool.
const maxPooled = 64 << 10

// minPooled is the least capacity of a pooled buffer.
const minPooled = 1 << 10

// get returns an empty buffer with room for at least n bytes. A new
// buffer's capacity is a power of two: frames vary in size from one step
// to the next, and a buffer made to one frame's exact size was too small
// for the next one more often than not, which dropped it from the pool.
func (bp *bufPool) get(n int) []byte {
	if v, ok := bp.p.Get().(*[]byte); ok {
		b := *v
		*v = nil
		bp.boxes.Put(v)
		if cap(b) >= n {
			return b[:0]
		}
	}
	return make([]byte, 0, roundUp(n))
}

// roundUp returns the least power of two that is at least n and
// minPooled.
func roundUp(n int) int {
	c := minPooled
	for c < n {
		c <<= 1
	}
	return c
}

// put recycles b, whose bytes must no longer be used.
func (bp *bufPool) put(b []byte) {
	if cap(b) == 0 || cap(b) > maxPooled {
		return
	}
	v, ok := bp.boxes.Get().(*[]byte)
	if !ok {
		v = new([]byte)
	}
	*v = b[:0]
	bp.p.Put(v)
}
