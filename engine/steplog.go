package engine

import (
	"crypto/sha256"
	"encoding/hex"
)

// stepLog is a match's record of its steps, kept without pointers: a live
// server holds the log of every match it runs, and a []Step (two strings
// per step, one of them a heap object) was a quarter of the objects each
// garbage collection had to mark on a busy server (docs/performance.md,
// "Server load"). Steps are made into Step values only when asked for.
type stepLog struct {
	recs []stepRec
	text []byte // the answers' texts back to back; recs[i].end ends step i's
}

// stepRec is one step; its text is log.text[recs[i-1].end:recs[i].end].
type stepRec struct {
	answer Answer
	end    uint32
	seat   Seat
	hash   [HashLen / 2]byte
	hashed bool
}

// hashSum is the digest behind HashEncoding's string.
func hashSum(enc []byte) (sum [HashLen / 2]byte) {
	full := sha256.Sum256(enc)
	copy(sum[:], full[:])
	return sum
}

func (l *stepLog) len() int { return len(l.recs) }

// add records a step; hash is nil for a step without a hash.
func (l *stepLog) add(seat Seat, a Answer, text string, hash *[HashLen / 2]byte) {
	l.text = append(l.text, text...)
	r := stepRec{answer: a, end: uint32(len(l.text)), seat: seat}
	if hash != nil {
		r.hash, r.hashed = *hash, true
	}
	l.recs = append(l.recs, r)
}

// setHash gives step i the hash of enc.
func (l *stepLog) setHash(i int, enc []byte) {
	l.recs[i].hash, l.recs[i].hashed = hashSum(enc), true
}

func (l *stepLog) answer(i int) Answer { return l.recs[i].answer }

func (l *stepLog) hashed(i int) bool { return l.recs[i].hashed }

// hashText is step i's hash as Step.Hash has it: "" when it has none.
func (l *stepLog) hashText(i int) string {
	if !l.recs[i].hashed {
		return ""
	}
	return hex.EncodeToString(l.recs[i].hash[:])
}

// step returns step i as a Step of its own.
func (l *stepLog) step(i int) Step {
	start := uint32(0)
	if i > 0 {
		start = l.recs[i-1].end
	}
	return Step{Seat: l.recs[i].seat, Answer: string(l.text[start:l.recs[i].end]), Hash: l.hashText(i)}
}

// steps returns steps from to the end as Steps of their own.
func (l *stepLog) steps(from int) []Step {
	out := make([]Step, 0, len(l.recs)-from)
	for i := from; i < len(l.recs); i++ {
		out = append(out, l.step(i))
	}
	return out
}
