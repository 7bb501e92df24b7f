package viewpatch

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// The patch's operations and the JSON pointers (RFC 6901) they name. The
// differ keeps the pointer of the value it compares as segments that point
// into the documents, and writes it out only for an operation.

// seg is one reference token of the pointer being compared. The pointer
// is written out only for an operation: most values compared are equal.
type seg struct {
	off, n int32 // a key: b[off:off+n] (a[off:off+n] when old); an index: off
	kind   uint8
}

const (
	segKey    uint8 = iota // a key in the new document
	segOldKey              // a key in the old document (of a removed member)
	segIndex               // an array index
	segEnd                 // "-", past an array's end
)

func (d *differ) removeMember(mark, ai int, kid *node) {
	d.segs = append(d.segs[:mark], seg{off: int32(ai) + kid.keyOff, n: kid.keyLen, kind: segOldKey})
	d.op("remove", nil)
}

// op appends one operation on the current path.
func (d *differ) op(kind string, value []byte) {
	if d.ops > 0 {
		d.out = append(d.out, ',')
	}
	d.ops++
	d.out = append(d.out, `{"op":"`...)
	d.out = append(d.out, kind...)
	d.out = append(d.out, `","path":"`...)
	d.out = d.appendPath(d.out)
	d.out = append(d.out, '"')
	if value != nil {
		d.out = append(d.out, `,"value":`...)
		d.out = append(d.out, value...)
	}
	d.out = append(d.out, '}')
}

// appendPath appends the current pointer.
func (d *differ) appendPath(p []byte) []byte {
	for _, s := range d.segs {
		p = append(p, '/')
		switch s.kind {
		case segKey:
			p = appendSegment(p, d.b[s.off:s.off+s.n])
		case segOldKey:
			p = appendSegment(p, d.a[s.off:s.off+s.n])
		case segIndex:
			p = strconv.AppendInt(p, int64(s.off), 10)
		default:
			p = append(p, '-')
		}
	}
	return p
}

// pathLen returns the length of the current pointer.
func (d *differ) pathLen() int {
	d.path = d.appendPath(d.path[:0])
	return len(d.path)
}

// appendSegment appends a raw JSON key as an RFC 6901 reference token,
// still JSON-escaped for the path string it goes into: "~" becomes "~0"
// and "/" becomes "~1".
func appendSegment(p, key []byte) []byte {
	if bytes.IndexByte(key, '\\') >= 0 {
		// An escaped key: decode it, escape it for the pointer, and
		// encode it again (never happens with the views' plain keys).
		var s string
		if json.Unmarshal(append(append([]byte{'"'}, key...), '"'), &s) == nil {
			q, _ := json.Marshal(escapeToken(s))
			return append(p, q[1:len(q)-1]...)
		}
	}
	for _, c := range key {
		switch c {
		case '~':
			p = append(p, '~', '0')
		case '/':
			p = append(p, '~', '1')
		default:
			p = append(p, c)
		}
	}
	return p
}

func escapeToken(s string) string {
	var b []byte
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '~':
			b = append(b, '~', '0')
		case '/':
			b = append(b, '~', '1')
		default:
			b = append(b, s[i])
		}
	}
	return string(b)
}
