package live

import (
	"bytes"
	"encoding/json"
)

// history keeps the redacted events of every step for every audience (the
// seats, then the spectators): what a reconnecting client gets as
// "everything after version N". Each audience's event arrays sit back to
// back in one byte arena with their end offsets beside them, so a match's
// whole history is a few pointer-free blocks: a long match used to hold
// one slice per step and audience, millions of small objects across a busy
// server that every collection had to visit.
type history struct {
	data [][]byte  // data[a]: audience a's arrays, one after another
	ends [][]int32 // ends[a][v-1]: where step v's array ends in data[a]
}

func newHistory(audiences int) history {
	return history{data: make([][]byte, audiences), ends: make([][]int32, audiences)}
}

// steps returns the number of steps recorded.
func (h *history) steps() int {
	if len(h.ends) == 0 {
		return 0
	}
	return len(h.ends[0])
}

// add records audience a's JSON array of events of the next step; every
// audience gets one per step.
func (h *history) add(a int, events []byte) {
	h.data[a] = append(h.data[a], events...)
	h.ends[a] = append(h.ends[a], int32(len(h.data[a])))
}

// at returns audience a's events of step v (1-based). The slice's capacity
// ends with it, and the arena only grows by appending past it, so frames
// may hold it for as long as they like.
func (h *history) at(v, a int) json.RawMessage {
	ends := h.ends[a]
	start := int32(0)
	if v > 1 {
		start = ends[v-2]
	}
	end := ends[v-1]
	return json.RawMessage(h.data[a][start:end:end])
}

// last returns audience a's events of the last step it has.
func (h *history) last(a int) json.RawMessage { return h.at(len(h.ends[a]), a) }

// truncate forgets the steps after version v. The arenas are copied, not
// cut, because frames may still hold the bytes the next steps would
// overwrite (it happens only when a write to the store fails).
func (h *history) truncate(v int) {
	for a := range h.data {
		end := int32(0)
		if v > 0 {
			end = h.ends[a][v-1]
		}
		h.data[a] = bytes.Clone(h.data[a][:end])
		h.ends[a] = append([]int32(nil), h.ends[a][:v]...)
	}
}
