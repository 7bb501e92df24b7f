package realigious

import (
	"strconv"

	"tabletop/engine/jsonenc"
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
	return jsonenc.AppendList(b, xs, add)
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

// appendString writes s as a JSON string exactly as encoding/json does
// (jsonenc.AppendString).
func appendString(b []byte, s string) []byte { return jsonenc.AppendString(b, s) }

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
