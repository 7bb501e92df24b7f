package live

import (
	"encoding/json"
	"sort"
)

// history keeps the redacted events of every step for every audience (the
// seats, then the spectators): what a reconnecting client gets as
// "everything after version N". The event arrays of all audiences sit
// back to back in a few pointer-free chunks, and each audience has the
// span of its array per step; audiences that see a step alike (most steps
// are public) share one array.
//
// A long match used to hold one slice per step and audience, millions of
// small objects across a busy server that every collection had to visit;
// then one arena per audience that grew by appending, copying itself over
// and over (a fifth of a busy server's allocations, docs/performance.md
// "Server load"). Chunks are never copied, and a span never crosses two.
type history struct {
	chunks [][]byte // each filled up to its length
	bases  []int32  // bases[c]: the stream offset of chunks[c][0]
	spans  [][]span // spans[a][v-1]: audience a's array of step v
}

// span is where an event array lies in the stream.
type span struct{ off, len int32 }

// Chunk sizes: the first is small (most matches are short, and a server
// holds the history of every live match), each next one twice the last,
// up to maxChunk.
const (
	minChunk = 4 << 10
	maxChunk = 64 << 10
)

func newHistory(audiences int) history {
	return history{spans: make([][]span, audiences)}
}

// steps returns the number of steps recorded.
func (h *history) steps() int {
	if len(h.spans) == 0 {
		return 0
	}
	return len(h.spans[0])
}

// add records audience a's JSON array of events of the next step; every
// audience gets one per step, by add or share.
func (h *history) add(a int, events []byte) {
	h.spans[a] = append(h.spans[a], h.put(events))
}

// share records for audience a the same array of the next step as
// audience b, which has it already.
func (h *history) share(a, b int) {
	h.spans[a] = append(h.spans[a], h.spans[b][len(h.spans[b])-1])
}

// put appends events to the stream and returns their span.
func (h *history) put(events []byte) span {
	n := len(h.chunks)
	if n == 0 || cap(h.chunks[n-1])-len(h.chunks[n-1]) < len(events) {
		size := minChunk
		if n > 0 {
			size = min(2*cap(h.chunks[n-1]), maxChunk)
		}
		h.bases = append(h.bases, h.total())
		h.chunks = append(h.chunks, make([]byte, 0, max(size, len(events))))
		n++
	}
	sp := span{off: h.total(), len: int32(len(events))}
	h.chunks[n-1] = append(h.chunks[n-1], events...)
	return sp
}

// total returns the length of the stream.
func (h *history) total() int32 {
	n := len(h.chunks)
	if n == 0 {
		return 0
	}
	return h.bases[n-1] + int32(len(h.chunks[n-1]))
}

// at returns audience a's events of step v (1-based). The slice's capacity
// ends with it, and a chunk only grows by appending past it, so frames
// may hold it for as long as they like.
func (h *history) at(v, a int) json.RawMessage { return h.bytes(h.spans[a][v-1]) }

func (h *history) bytes(sp span) json.RawMessage {
	// The span's chunk is the last one starting at or before it: a chunk
	// begun for this span starts exactly there.
	c := sort.Search(len(h.bases), func(i int) bool { return h.bases[i] > sp.off }) - 1
	if c < 0 {
		return json.RawMessage{}
	}
	lo := sp.off - h.bases[c]
	hi := lo + sp.len
	return json.RawMessage(h.chunks[c][lo:hi:hi])
}

// truncate forgets the steps after version v. The history is rebuilt,
// not cut, because frames may still hold the bytes the next steps would
// overwrite (it happens only when a write to the store fails).
func (h *history) truncate(v int) {
	fresh := newHistory(len(h.spans))
	for s := range v {
		for a := range h.spans {
			if b := sameSpan(h.spans, s, a); b >= 0 {
				fresh.share(a, b)
			} else {
				fresh.add(a, h.bytes(h.spans[a][s]))
			}
		}
	}
	*h = fresh
}

// sameSpan returns an audience before a whose array of step s+1 is a's,
// -1 if none.
func sameSpan(spans [][]span, s, a int) int {
	for b := range a {
		if spans[b][s] == spans[a][s] {
			return b
		}
	}
	return -1
}
