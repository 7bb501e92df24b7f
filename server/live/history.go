package live

import (
	"encoding/json"
	"sort"
)

// history keeps the redacted events of every step for every audience (the
// seats, then the spectators): what a reconnecting client gets as
// "everything after version N". Each audience's event arrays sit back to
// back in a few pointer-free chunks with their end offsets beside them: a
// long match used to hold one slice per step and audience, millions of
// small objects across a busy server that every collection had to visit,
// and one arena growing by appending copied itself over and over (a fifth
// of a busy server's allocation, docs/performance.md "Server load").
type history struct {
	aud []arena // per audience
}

// arena is one audience's event arrays, one after another in a stream
// cut into chunks; a step's array never spans two chunks.
type arena struct {
	chunks [][]byte // each filled up to its length
	bases  []int32  // bases[c]: the stream offset of chunks[c][0]
	ends   []int32  // ends[v-1]: where step v's array ends in the stream
}

// Chunk sizes: the first is small (most matches are short, and a server
// holds one arena per audience of every live match), each next one twice
// the last, up to maxChunk.
const (
	minChunk = 2 << 10
	maxChunk = 64 << 10
)

func newHistory(audiences int) history {
	return history{aud: make([]arena, audiences)}
}

// steps returns the number of steps recorded.
func (h *history) steps() int {
	if len(h.aud) == 0 {
		return 0
	}
	return len(h.aud[0].ends)
}

// add records audience a's JSON array of events of the next step; every
// audience gets one per step.
func (h *history) add(a int, events []byte) { h.aud[a].add(events) }

func (ar *arena) add(events []byte) {
	n := len(ar.chunks)
	if n == 0 || cap(ar.chunks[n-1])-len(ar.chunks[n-1]) < len(events) {
		size := minChunk
		if n > 0 {
			size = min(2*cap(ar.chunks[n-1]), maxChunk)
		}
		ar.bases = append(ar.bases, ar.total())
		ar.chunks = append(ar.chunks, make([]byte, 0, max(size, len(events))))
		n++
	}
	ar.chunks[n-1] = append(ar.chunks[n-1], events...)
	ar.ends = append(ar.ends, ar.total())
}

// total returns the length of the stream.
func (ar *arena) total() int32 {
	n := len(ar.chunks)
	if n == 0 {
		return 0
	}
	return ar.bases[n-1] + int32(len(ar.chunks[n-1]))
}

// at returns audience a's events of step v (1-based). The slice's capacity
// ends with it, and a chunk only grows by appending past it, so frames
// may hold it for as long as they like.
func (h *history) at(v, a int) json.RawMessage { return h.aud[a].at(v) }

func (ar *arena) at(v int) json.RawMessage {
	start := int32(0)
	if v > 1 {
		start = ar.ends[v-2]
	}
	end := ar.ends[v-1]
	// The step's chunk is the last one starting at or before start: a
	// chunk begun for this step starts exactly there.
	c := sort.Search(len(ar.bases), func(i int) bool { return ar.bases[i] > start }) - 1
	if c < 0 {
		return json.RawMessage{}
	}
	lo, hi := start-ar.bases[c], end-ar.bases[c]
	return json.RawMessage(ar.chunks[c][lo:hi:hi])
}

// last returns audience a's events of the last step it has.
func (h *history) last(a int) json.RawMessage { return h.at(len(h.aud[a].ends), a) }

// truncate forgets the steps after version v. The arenas are rebuilt, not
// cut, because frames may still hold the bytes the next steps would
// overwrite (it happens only when a write to the store fails).
func (h *history) truncate(v int) {
	for a := range h.aud {
		var fresh arena
		for s := 1; s <= v; s++ {
			fresh.add(h.aud[a].at(s))
		}
		h.aud[a] = fresh
	}
}
