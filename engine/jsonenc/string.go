// Package jsonenc appends JSON values to byte slices exactly as
// encoding/json's Marshal writes them, for the hand-written encoders of
// the server's hot paths (views, frames, decisions). They build frames
// for every seat after every step, and encoding/json's reflection and
// the allocation of its result cost more than the bytes themselves
// (docs/performance.md, "Server load"). Each function's tests compare
// its output with json.Marshal's.
package jsonenc

import "unicode/utf8"

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

// AppendString appends s as a JSON string exactly as encoding/json does
// with HTML escaping (json.Marshal's default): <, > and & as \u003c,
// \u003e and \u0026, control characters other than \b, \f, \n, \r and \t
// as \u00XX, invalid UTF-8 as \ufffd, and U+2028 and U+2029 escaped.
func AppendString(b []byte, s string) []byte {
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

// appendEscaped is AppendString for a string that needs escaping.
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

// AppendList appends xs as a JSON array, each element with add, or null
// when xs is nil, as encoding/json writes a slice.
func AppendList[T any](b []byte, xs []T, add func([]byte, T) []byte) []byte {
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
