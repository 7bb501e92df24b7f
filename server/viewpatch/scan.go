package viewpatch

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
)

// ErrMalformed reports input that is not the JSON the scanner expects.
var ErrMalformed = errors.New("viewpatch: malformed JSON")

func malformed(what string, at int) error {
	return fmt.Errorf("%w: %s at byte %d", ErrMalformed, what, at)
}

func isSpace(c byte) bool { return c == ' ' || c == '\n' || c == '\r' || c == '\t' }

func skipSpace(b []byte, i int) int {
	for i < len(b) && isSpace(b[i]) {
		i++
	}
	return i
}

// skipString returns the index just past the string starting at b[i]
// (a quote).
func skipString(b []byte, i int) (int, error) {
	j := i + 1
	for {
		k := bytes.IndexByte(b[j:], '"')
		if k < 0 {
			return 0, malformed("unterminated string", i)
		}
		j += k
		// The quote is escaped if an odd number of backslashes precede it.
		n := 0
		for p := j - 1; p > i && b[p] == '\\'; p-- {
			n++
		}
		j++
		if n%2 == 0 {
			return j, nil
		}
	}
}

// skipValue returns the index just past the JSON value starting at b[i].
func skipValue(b []byte, i int) (int, error) {
	if i >= len(b) {
		return 0, malformed("missing value", i)
	}
	switch c := b[i]; c {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				// skipString, inline: a replaced value is often a list of
				// short strings (a graveyard), where a call per string
				// costs more than the scan. A backslash escapes the byte
				// after it, as skipString's count of backslashes says.
				s := j
				for j++; ; j++ {
					if j >= len(b) {
						return 0, malformed("unterminated string", s)
					}
					if c := b[j]; c == '"' {
						break
					} else if c == '\\' {
						j++
					}
				}
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1, nil
				}
			}
		}
		return 0, malformed("unterminated container", i)
	default:
		j := i
		for j < len(b) {
			switch b[j] {
			case ',', '}', ']', ' ', '\n', '\r', '\t':
				if j == i {
					return 0, malformed("unexpected character", i)
				}
				return j, nil
			case '"', '{', '[', ':':
				return 0, malformed("unexpected character", j)
			}
			j++
		}
		if j == i {
			return 0, malformed("missing value", i)
		}
		return j, nil
	}
}

// afterValue moves past the separator that follows a container's child
// ending at b[i]: it returns the start of the next child, or closed set
// to the index just past the container's closing bracket.
func afterValue(b []byte, i int, close byte) (next int, closed int, err error) {
	i = skipSpace(b, i)
	if i >= len(b) {
		return 0, 0, malformed("unterminated container", i)
	}
	switch b[i] {
	case ',':
		return skipSpace(b, i+1), -1, nil
	case close:
		return 0, i + 1, nil
	}
	return 0, 0, malformed("want ',' or a closing bracket", i)
}

// member reads an object member's key starting at b[i] and returns the
// raw key (without quotes) and where its value starts.
func member(b []byte, i int) (key []byte, v int, err error) {
	if i >= len(b) || b[i] != '"' {
		return nil, 0, malformed("want a key", i)
	}
	e, err := skipString(b, i)
	if err != nil {
		return nil, 0, err
	}
	j := skipSpace(b, e)
	if j >= len(b) || b[j] != ':' {
		return nil, 0, malformed("want ':'", j)
	}
	return b[i+1 : e-1], skipSpace(b, j+1), nil
}

// commonPrefix returns the length of the longest common prefix of a and
// b, 32 bytes at a time.
func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	a, b = a[:n], b[:n]
	i := 0
	for ; i+32 <= n; i += 32 {
		x, y := a[i:i+32], b[i:i+32]
		if (le64(x[0:])^le64(y[0:]))|(le64(x[8:])^le64(y[8:]))|(le64(x[16:])^le64(y[16:]))|(le64(x[24:])^le64(y[24:])) != 0 {
			break
		}
	}
	for ; i+8 <= n; i += 8 {
		if x := le64(a[i:]) ^ le64(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

// commonSuffix returns the length of the longest common suffix of a and
// b, 32 bytes at a time.
func commonSuffix(a, b []byte) int {
	n := min(len(a), len(b))
	a, b = a[len(a)-n:], b[len(b)-n:]
	i := n // a[i:] == b[i:]
	for ; i >= 32; i -= 32 {
		x, y := a[i-32:i], b[i-32:i]
		if (le64(x[0:])^le64(y[0:]))|(le64(x[8:])^le64(y[8:]))|(le64(x[16:])^le64(y[16:]))|(le64(x[24:])^le64(y[24:])) != 0 {
			break
		}
	}
	for ; i >= 8; i -= 8 {
		if x := le64(a[i-8:]) ^ le64(b[i-8:]); x != 0 {
			return n - i + bits.LeadingZeros64(x)/8
		}
	}
	for i > 0 && a[i-1] == b[i-1] {
		i--
	}
	return n - i
}

func le64(b []byte) uint64 { return binary.LittleEndian.Uint64(b) }
