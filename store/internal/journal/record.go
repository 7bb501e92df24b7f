package journal

import (
	"encoding/binary"
	"errors"
	"fmt"
)

// Record is one journaled answer of a match.
type Record struct {
	Match   int64
	Version int
	Seat    int
	Text    string
	Hash    string
	// Deadline is the deadline (Unix milliseconds) of the decision the
	// answer leads to, set on the last answer of an append; 0 for none.
	Deadline int64
}

// ErrLocked reports a journal directory another Log holds.
var ErrLocked = errors.New("journal: locked")

// errShort reports a record cut short: in Pending or a sound block, only
// a programming error explains it.
var errShort = errors.New("record cut short")

// AppendRecord appends r's encoding to b: varints for the numbers,
// length-prefixed bytes for the texts.
func AppendRecord(b []byte, r Record) []byte {
	b = binary.AppendVarint(b, r.Match)
	b = binary.AppendVarint(b, int64(r.Version))
	b = binary.AppendVarint(b, int64(r.Seat))
	b = binary.AppendVarint(b, r.Deadline)
	b = binary.AppendUvarint(b, uint64(len(r.Text)))
	b = append(b, r.Text...)
	b = binary.AppendUvarint(b, uint64(len(r.Hash)))
	return append(b, r.Hash...)
}

// Next decodes the record at the start of b and returns the rest of b.
func Next(b []byte) (Record, []byte, error) {
	var r Record
	var nums [4]int64
	for i := range nums {
		v, n := binary.Varint(b)
		if n <= 0 {
			return r, b, fmt.Errorf("journal: %w", errShort)
		}
		nums[i], b = v, b[n:]
	}
	r.Match, r.Version, r.Seat, r.Deadline = nums[0], int(nums[1]), int(nums[2]), nums[3]
	var err error
	if r.Text, b, err = text(b); err != nil {
		return r, b, err
	}
	r.Hash, b, err = text(b)
	return r, b, err
}

// Skip returns the match of the record at the start of b and the rest of
// b, without decoding the record's texts: how a reader looks for one
// match's records among many.
func Skip(b []byte) (int64, []byte, error) {
	match, n := binary.Varint(b)
	if n <= 0 {
		return 0, b, fmt.Errorf("journal: %w", errShort)
	}
	rest := b[n:]
	for range 3 {
		if _, n = binary.Varint(rest); n <= 0 {
			return 0, b, fmt.Errorf("journal: %w", errShort)
		}
		rest = rest[n:]
	}
	for range 2 {
		l, k := binary.Uvarint(rest)
		if k <= 0 || l > uint64(len(rest)-k) {
			return 0, b, fmt.Errorf("journal: %w", errShort)
		}
		rest = rest[k+int(l):]
	}
	return match, rest, nil
}

func text(b []byte) (string, []byte, error) {
	n, k := binary.Uvarint(b)
	if k <= 0 || n > uint64(len(b)-k) {
		return "", b, fmt.Errorf("journal: %w", errShort)
	}
	return string(b[k : k+int(n)]), b[k+int(n):], nil
}
