package realigious

import (
	"strconv"
	"unicode/utf8"
)

// The append helpers of the hand-written view encoder (view_json.go): each
// writes one JSON value as encoding/json writes it, into a caller's buffer.

// appendIntField writes key (with its separators) and n.
func appendIntField(b []byte, key string, n int) []byte {
	return appendInt(append(b, key...), n)
}

// appendInt writes n; most numbers of a view are small, which it writes
// without strconv.
func appendInt(b []byte, n int) []byte {
	switch {
	case n >= 0 && n < 10:
		return append(b, byte('0'+n))
	case n >= 10 && n < 100:
		return append(b, byte('0'+n/10), byte('0'+n%10))
	case n >= 100 && n < 1000:
		return append(b, byte('0'+n/100), byte('0'+n/10%10), byte('0'+n%10))
	case n == -1:
		return append(b, '-', '1')
	}
	return strconv.AppendInt(b, int64(n), 10)
}

// appendNameField writes key and an enum's name (see appendName).
func appendNameField(b []byte, key, name string) []byte {
	b = append(b, key...)
	b = append(b, '"')
	b = append(b, name...)
	return append(b, '"')
}

// appendName writes an enum's name as a JSON string without escaping: the
// names (types.go and the other enum tables, or enumName's "?N" for a value
// out of range) hold only lowercase letters, digits, '_' and '?', which
// encoding/json writes as they are.
func appendName(b []byte, name string) []byte {
	b = append(b, '"')
	b = append(b, name...)
	return append(b, '"')
}

// appendNonZero writes an int field with omitempty: nothing when n is 0.
func appendNonZero(b []byte, key string, n int) []byte {
	if n == 0 {
		return b
	}
	return appendIntField(b, key, n)
}

func appendBoolField(b []byte, key string, v bool) []byte {
	return strconv.AppendBool(append(b, key...), v)
}

// appendTrue writes a bool field with omitempty: field, the key with
// ":true", only when v.
func appendTrue(b []byte, field string, v bool) []byte {
	if !v {
		return b
	}
	return append(b, field...)
}

// appendList writes a slice as a JSON array (null when nil), each
// element with add.
func appendList[T any](b []byte, xs []T, add func([]byte, T) []byte) []byte {
	if xs == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, x := range xs {
		if i > 0 {
			b = append(b, ',')
		}
		b = add(b, x)
	}
	return append(b, ']')
}

// appendInts writes an []int value (null when nil).
func appendInts(b []byte, ns []int) []byte { return appendList(b, ns, appendInt) }

// appendCards writes a []CardID value (null when nil). Graveyards grow
// all match long and are written for every seat after every step: the
// loop is appendList's without its call per card.
func appendCards(b []byte, ids []CardID) []byte {
	if ids == nil {
		return append(b, "null"...)
	}
	if len(ids) == 0 {
		return append(b, '[', ']')
	}
	b = reserve(b, 11*len(ids)+1)
	b = append(b, '[')
	for _, id := range ids {
		n := int(id)
		b = append(b, '"', 'C', 'A', 'R', 'D', '-', byte('0'+n/100), byte('0'+n/10%10), byte('0'+n%10), '"', ',')
	}
	b[len(b)-1] = ']'
	return b
}

// appendCard writes a card's spec ID, "CARD-017", as MarshalText does for
// the valid IDs a view holds (json.Marshal fails on an invalid one).
func appendCard(b []byte, id CardID) []byte {
	n := int(id)
	return append(b, '"', 'C', 'A', 'R', 'D', '-', byte('0'+n/100), byte('0'+n/10%10), byte('0'+n%10), '"')
}

const hexDigits = "0123456789abcdef"

// jsonSafeLo and jsonSafeHi are the bit sets of the ASCII bytes 0-63 and
// 64-127 that encoding/json writes unescaped with HTML escaping on: all but
// the control characters, '"', '\\', '<', '>' and '&'.
const (
	jsonSafeLo uint64 = 0xffff_ffff_0000_0000 &^ (1<<'"' | 1<<'&' | 1<<'<' | 1<<'>')
	jsonSafeHi uint64 = 0xffff_ffff_ffff_ffff &^ (1 << ('\\' - 64))
)

// jsonSafe reports whether the ASCII byte c needs no escaping.
func jsonSafe(c byte) bool {
	if c < 64 {
		return jsonSafeLo>>c&1 != 0
	}
	return jsonSafeHi>>(c-64)&1 != 0
}

// appendString writes s as a JSON string exactly as encoding/json does
// with HTML escaping (json.Marshal's default): <, > and & as \u003c,
// \u003e and \u0026, control characters other than \b, \f, \n, \r and \t
// as \u00XX, invalid UTF-8 as \ufffd, and U+2028 and U+2029 escaped.
func appendString(b []byte, s string) []byte {
	// Most strings of a view (keys, names, answers) need no escaping:
	// check that first, a byte at a time, and copy them whole.
	i := 0
	for i < len(s) && jsonSafeASCII[s[i]] == 1 {
		i++
	}
	if i == len(s) {
		b = append(b, '"')
		b = append(b, s...)
		return append(b, '"')
	}
	return appendEscaped(b, s)
}

// jsonSafeASCII[c] is 1 for the bytes jsonSafe accepts, 0 for the others
// and for every byte that is not ASCII.
const jsonSafeASCII = "" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x01\x01\x00\x01\x01\x01\x00\x01\x01\x01\x01\x01\x01\x01\x01\x01" + // '"' '&'
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x00\x01\x00\x01" + // '<' '>'
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01" +
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x00\x01\x01\x01" + // '\\'
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01" +
	"\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01\x01" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00" +
	"\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00"

// appendEscaped is appendString for a string that needs escaping.
func appendEscaped(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if jsonSafe(c) {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// reserve returns b with room for at least n more bytes. It doubles where
// append grows a large slice by a quarter: a view's buffers grow a little
// with every tile revealed, and a quarter at a time they were reallocated
// over and over in every live match (docs/performance.md, "Server load").
func reserve(b []byte, n int) []byte {
	if cap(b)-len(b) >= n {
		return b
	}
	nb := make([]byte, len(b), 2*(len(b)+n))
	copy(nb, b)
	return nb
}
