package engine

import (
	"encoding/hex"
)

// HashLen is the length of the strings returned by Hash: 32 lowercase hex
// digits, the first 16 bytes (128 bits) of a SHA-256 digest. 128 bits keep
// replay files short while leaving accidental collisions out of reach.
const HashLen = 32

// Hash returns the state hash recorded in replays: the first 16 bytes of the
// SHA-256 of s.AppendEncoding(nil), in lowercase hex (HashLen characters).
// Two states have equal hashes exactly when (barring collisions) their
// canonical encodings are equal.
func Hash(s State) string {
	return HashEncoding(s.AppendEncoding(nil))
}

// HashEncoding returns the hash of an encoding already produced by
// State.AppendEncoding; HashEncoding(s.AppendEncoding(nil)) == Hash(s). It
// lets a caller that keeps the bytes (a snapshot, a reused buffer) avoid
// encoding twice.
func HashEncoding(enc []byte) string {
	sum := hashSum(enc)
	return hex.EncodeToString(sum[:])
}
