package viewpatch

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"strconv"
)

// Diff appends to dst the JSON Patch (a JSON array) that turns a into
// next, and returns it with next's index for the following Diff. An
// empty patch ("[]") means the documents are equal. On an error (next is
// not JSON, or a was never indexed) the caller sends next whole.
//
// The index of next reuses the memory of the index a was diffed from
// (its predecessor), so that a chain of diffs allocates nothing once
// warm: after Diff, a's predecessor must not be used any more.
func Diff(dst []byte, a Doc, next []byte) ([]byte, Doc, error) {
	if !a.Valid() {
		return dst, Doc{}, malformed("no previous document", 0)
	}
	w := a.work
	if w == nil {
		w = &work{}
	}
	d := differ{
		builder: builder{b: next, nodes: a.spare[:0], work: w},
		a:       a.b, old: a.nodes,
		out: append(dst, '['),
	}
	d.path = w.path[:0]
	i := skipSpace(next, 0)
	root, err := d.value(&a.root, int(a.root.off), i, 0)
	if err != nil {
		return dst, Doc{}, err
	}
	if j := skipSpace(next, i+int(root.len)); j != len(next) {
		return dst, Doc{}, malformed("trailing data", j)
	}
	root.off = int32(i)
	w.path = d.path[:0]
	return append(d.out, ']'), Doc{b: next, root: root, nodes: d.nodes, spare: a.nodes, work: w}, nil
}

// differ walks the old document's index and the new document's bytes
// side by side, building the new index (builder) as it goes.
type differ struct {
	builder
	a    []byte // the old document
	old  []node // its arena
	out  []byte
	path []byte // the RFC 6901 pointer of the value being compared
	ops  int
}

// kidsOf returns an old container's kids.
func (d *differ) kidsOf(n *node) []node { return d.old[n.first : n.first+n.n] }

// carry copies an unchanged old value's kids (and theirs) into the new
// arena and returns the node pointing at them.
func (d *differ) carry(n node) node {
	if n.n == 0 {
		return n
	}
	start := len(d.nodes)
	d.nodes = append(d.nodes, d.kidsOf(&n)...)
	for i := start; i < start+int(n.n); i++ {
		if d.nodes[i].n > 0 {
			k := d.carry(d.nodes[i])
			d.nodes[i] = k
		}
	}
	n.first = int32(start)
	return n
}

// value compares the old value an (starting at a[ai]) with the new value
// starting at b[bi], writes the operations that turn one into the other,
// and returns the new value's node (off left 0).
func (d *differ) value(an *node, ai, bi, depth int) (node, error) {
	l := int(an.len)
	if bi+l <= len(d.b) && bytes.Equal(d.a[ai:ai+l], d.b[bi:bi+l]) && boundary(d.b, bi+l) {
		n := d.carry(*an) // same bytes: same index
		n.off, n.keyOff, n.keyLen = 0, 0, 0
		return n, nil
	}
	if bi >= len(d.b) {
		return node{}, malformed("missing value", bi)
	}
	if an.indexed && d.b[bi] == an.kind {
		out, ops := len(d.out), d.ops
		n, err := d.container(an, ai, bi, depth)
		if err == nil && depth > 0 && len(d.out)-out > int(n.len)+len(d.path)+32 {
			// Its operations say more than the value itself (at night
			// every tile's visibility changes): replace it whole.
			d.out, d.ops = d.out[:out], ops
			d.op("replace", d.b[bi:bi+int(n.len)])
		}
		if err == nil && !indexes(depth, int(n.len)) {
			// As Index would leave it: not indexed (its kids stay in the
			// arena, unreferenced, until the arena is reused).
			n.indexed, n.first, n.n = false, 0, 0
		}
		return n, err
	}
	n, err := d.index(bi, depth)
	if err != nil {
		return node{}, err
	}
	d.op("replace", d.b[bi:bi+int(n.len)])
	return n, nil
}

// boundary reports whether a value may end just before b[i]: a number or
// a literal that matched as a prefix ("12" of "123") did not end there.
func boundary(b []byte, i int) bool {
	if i >= len(b) {
		return true
	}
	switch b[i] {
	case ',', '}', ']', ' ', '\n', '\r', '\t':
		return true
	}
	return false
}

// container patches an array element by element (the common elements in
// place, then adds at the end or removes from it) or an object member by
// member. Members keep their order (an encoder writes them in a fixed
// order), so the old members are walked with a cursor: the ones skipped
// over are removed, the new ones not found are added.
//
// Most of a view does not change between steps, so the walk skips what
// it can with memory compares: the kids inside the common prefix of the
// old and new bytes are taken as they are, and after each changed kid,
// if the rest of the container is unchanged, the remaining kids are
// taken shifted by the change in length.
func (d *differ) container(an *node, ai, bi, depth int) (node, error) {
	obj := an.kind == '{'
	closer := closing(an.kind)
	old := d.a[ai : ai+int(an.len)]
	olds := d.kidsOf(an)
	n := node{kind: an.kind, indexed: true}
	kids := d.scratch[depth][:0]
	defer func() { d.scratch[depth] = kids[:0] }()
	mark := len(d.path)
	done := func(closed int, cur int) node {
		n.len = int32(closed - bi)
		d.finish(len(kids), olds, cur, ai, obj, mark)
		n.first, n.n = d.store(kids), int32(len(kids))
		return n
	}

	pre := commonPrefix(old, d.b[bi:])
	k0 := 0
	for k0 < len(olds) && int(olds[k0].off+olds[k0].len) < pre {
		kids = append(kids, d.carry(olds[k0]))
		k0++
	}
	cur := k0 // the next old kid to match
	var j int // where the next new kid starts
	if k0 > 0 {
		last := &olds[k0-1]
		next, closed, err := afterValue(d.b, bi+int(last.off+last.len), closer)
		if err != nil {
			return node{}, err
		}
		if closed >= 0 {
			return done(closed, cur), nil
		}
		j = next
	} else {
		j = skipSpace(d.b, bi+1)
		if j < len(d.b) && d.b[j] == closer {
			return done(j+1, cur), nil
		}
	}
	for {
		ks := j
		var key []byte
		v := j
		var err error
		if obj {
			if key, v, err = member(d.b, j); err != nil {
				return node{}, err
			}
		}
		ops := d.ops
		kid, err := d.kid(olds, &cur, ai, obj, key, v, depth, mark, len(kids))
		if err != nil {
			return node{}, err
		}
		kid.off = int32(v - bi)
		if obj {
			kid.keyOff, kid.keyLen = int32(ks+1-bi), int32(len(key))
		}
		kids = append(kids, kid)
		next, closed, err := afterValue(d.b, v+int(kid.len), closer)
		if err != nil {
			return node{}, err
		}
		if closed >= 0 {
			return done(closed, cur), nil
		}
		j = next
		if d.ops != ops && cur < len(olds) {
			// Is the rest unchanged? Its bytes run to the closing bracket,
			// so equal bytes are equal kids.
			from := int(olds[cur].off)
			if obj {
				from = int(olds[cur].keyOff) - 1
			}
			rest := old[from:]
			if j+len(rest) <= len(d.b) && bytes.Equal(rest, d.b[j:j+len(rest)]) {
				shift := int32(j - bi - from)
				for _, k := range olds[cur:] {
					k = d.carry(k)
					k.off += shift
					if obj {
						k.keyOff += shift
					}
					kids = append(kids, k)
				}
				d.path = d.path[:mark]
				n.len = int32(j + len(rest) - bi)
				n.first, n.n = d.store(kids), int32(len(kids))
				return n, nil
			}
		}
	}
}

// kid compares the new kid whose value starts at b[v] (with key, in an
// object; at index pos in an array) with its old counterpart, if any.
func (d *differ) kid(olds []node, cur *int, ai int, obj bool, key []byte, v, depth, mark, pos int) (node, error) {
	if obj {
		d.path = appendSegment(append(d.path[:mark], '/'), key)
		if m := findKey(d.a, ai, olds, *cur, key); m >= 0 {
			for r := *cur; r < m; r++ {
				d.removeMember(mark, keyOf(d.a, ai, &olds[r]))
			}
			d.path = appendSegment(append(d.path[:mark], '/'), key)
			*cur = m + 1
			return d.value(&olds[m], ai+int(olds[m].off), v, depth+1)
		}
		kid, err := d.index(v, depth+1)
		if err == nil {
			d.op("add", d.b[v:v+int(kid.len)])
		}
		return kid, err
	}
	if *cur < len(olds) {
		d.path = strconv.AppendInt(append(d.path[:mark], '/'), int64(pos), 10)
		k := *cur
		*cur = k + 1
		return d.value(&olds[k], ai+int(olds[k].off), v, depth+1)
	}
	kid, err := d.index(v, depth+1)
	if err == nil {
		d.path = append(d.path[:mark], "/-"...)
		d.op("add", d.b[v:v+int(kid.len)])
	}
	return kid, err
}

// finish removes the old kids the walk did not reach (the new container
// has nkids): an array's from its end, an object's by key.
func (d *differ) finish(nkids int, olds []node, cur, ai int, obj bool, mark int) {
	if obj {
		for r := cur; r < len(olds); r++ {
			d.removeMember(mark, keyOf(d.a, ai, &olds[r]))
		}
	} else {
		for k := len(olds) - 1; k >= nkids; k-- {
			d.path = strconv.AppendInt(append(d.path[:mark], '/'), int64(k), 10)
			d.op("remove", nil)
		}
	}
	d.path = d.path[:mark]
}

// commonPrefix returns the length of the longest common prefix of a and
// b, eight bytes at a time.
func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for ; i+8 <= n; i += 8 {
		if binary.LittleEndian.Uint64(a[i:]) != binary.LittleEndian.Uint64(b[i:]) {
			break
		}
	}
	for i < n && a[i] == b[i] {
		i++
	}
	return i
}

func (d *differ) removeMember(mark int, key []byte) {
	d.path = appendSegment(append(d.path[:mark], '/'), key)
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
	d.out = append(d.out, d.path...)
	d.out = append(d.out, '"')
	if value != nil {
		d.out = append(d.out, `,"value":`...)
		d.out = append(d.out, value...)
	}
	d.out = append(d.out, '}')
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
