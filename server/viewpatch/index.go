package viewpatch

import "bytes"

// How deep values are indexed and patched: the root's members (depth 1)
// and their children (depth 2) always, and the members of a depth-2
// container (depth 3) when it is at least indexBelow bytes long. A
// changed value that is not indexed is replaced whole: a tile is about a
// hundred bytes, and indexing its members would cost more than it saves,
// but a player's counters sit next to a graveyard and a buff list that
// grow all match long.
const (
	maxDepth   = 3
	indexBelow = 256
)

// indexes reports whether a container of n bytes at depth has its kids
// indexed.
func indexes(depth, n int) bool {
	return depth < 2 || (depth < maxDepth && n >= indexBelow)
}

// node is one indexed value. Offsets are relative to the start of the
// parent's value (the root's to the document), so a container whose
// bytes did not change moves to its place in the next document by
// changing its own offset only. Its kids are nodes[first:first+n] of its
// document's arena. A node holds no pointer: a server keeps an index per
// seat of thousands of matches, and the garbage collector need not scan
// them.
type node struct {
	off, len       int32 // the value's bytes
	keyOff, keyLen int32 // an object member's raw key (without quotes); keyLen 0 otherwise
	first, n       int32 // its kids in the arena
	kind           byte  // '{' or '[' for a container, 0 otherwise
	indexed        bool  // a container whose kids are indexed (see indexes)
}

// Doc is a JSON document with the index Diff compares against. The zero
// Doc is empty: Diff against it fails, so the caller sends a whole view.
type Doc struct {
	b     []byte
	root  node
	nodes []node // the arena of every indexed container's kids
	// spare is the arena of the document this one was diffed from, which
	// the next Diff reuses, and work the scratch space of the diffs.
	spare []node
	work  *work
}

// work is the scratch space a chain of diffs reuses.
type work struct {
	scratch [maxDepth + 1][]node
	segs    []seg
	path    []byte // scratch for pathLen
}

// Bytes returns the document.
func (d Doc) Bytes() []byte { return d.b }

// Valid reports whether the document was indexed.
func (d Doc) Valid() bool { return d.b != nil }

// Index indexes a JSON document (the first view a client receives).
func Index(b []byte) (Doc, error) {
	x := builder{b: b, work: &work{}}
	i := skipSpace(b, 0)
	n, err := x.index(i, 0)
	if err != nil {
		return Doc{}, err
	}
	if j := skipSpace(b, i+int(n.len)); j != len(b) {
		return Doc{}, malformed("trailing data", j)
	}
	n.off = int32(i)
	return Doc{b: b, root: n, nodes: x.nodes, work: x.work}, nil
}

// builder indexes values of one document into its arena. A container's
// kids are collected in the scratch slice of its depth and then stored
// contiguously (their own kids were stored meanwhile).
type builder struct {
	b     []byte
	nodes []node
	*work
}

// store appends kids to the arena and makes them n's.
func (x *builder) store(n *node, kids []node) {
	n.first, n.n = int32(len(x.nodes)), int32(len(kids))
	x.nodes = append(x.nodes, kids...)
}

// index indexes the value starting at b[i], at the given depth. The
// node's off is left 0 for the caller to set relative to its parent.
func (x *builder) index(i, depth int) (node, error) {
	b := x.b
	if i >= len(b) {
		return node{}, malformed("missing value", i)
	}
	c := b[i]
	if c != '{' && c != '[' || depth >= maxDepth {
		return leaf(b, i)
	}
	if depth >= 2 {
		n, err := leaf(b, i)
		if err != nil || !indexes(depth, int(n.len)) {
			return n, err
		}
	}
	n := node{kind: c, indexed: true}
	closer := closing(c)
	j := skipSpace(b, i+1)
	if j < len(b) && b[j] == closer {
		n.len = int32(j + 1 - i)
		return n, nil
	}
	kids := x.scratch[depth][:0]
	defer func() { x.scratch[depth] = kids[:0] }()
	for {
		var key []byte
		var err error
		ks := j
		if c == '{' {
			if key, j, err = member(b, j); err != nil {
				return node{}, err
			}
		}
		kid, err := x.index(j, depth+1)
		if err != nil {
			return node{}, err
		}
		kid.off = int32(j - i)
		if key != nil {
			kid.keyOff, kid.keyLen = int32(ks+1-i), int32(len(key))
		}
		kids = append(kids, kid)
		next, closed, err := afterValue(b, j+int(kid.len), closer)
		if err != nil {
			return node{}, err
		}
		if closed >= 0 {
			n.len = int32(closed - i)
			x.store(&n, kids)
			return n, nil
		}
		j = next
	}
}

// leaf reads the value at b[i] without indexing its kids.
func leaf(b []byte, i int) (node, error) {
	end, err := skipValue(b, i)
	if err != nil {
		return node{}, err
	}
	n := node{len: int32(end - i)}
	if c := b[i]; c == '{' || c == '[' {
		n.kind = c
	}
	return n, nil
}

func closing(c byte) byte {
	if c == '{' {
		return '}'
	}
	return ']'
}

// keyOf returns kid's raw key in the document whose parent value starts
// at base.
func keyOf(b []byte, base int, kid *node) []byte {
	k := base + int(kid.keyOff)
	return b[k : k+int(kid.keyLen)]
}

// findKey returns the index of the first kid at or after from whose key
// is key, or -1.
func findKey(b []byte, base int, kids []node, from int, key []byte) int {
	for k := from; k < len(kids); k++ {
		if bytes.Equal(keyOf(b, base, &kids[k]), key) {
			return k
		}
	}
	return -1
}
