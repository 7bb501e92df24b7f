package viewpatch

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
	spare := a.spare[:0]
	if cap(spare) < len(a.nodes)+16 {
		// Room for the next indexes to grow: appending to a spare just
		// large enough reallocated it whenever the view grew by a node
		// (a card, a buff), an eighth of a busy server's allocations
		// per answer.
		spare = make([]node, 0, len(a.nodes)+len(a.nodes)/2+64)
	}
	d := differ{
		builder: builder{b: next, nodes: spare, work: w},
		a:       a.b, old: a.nodes,
		out: append(dst, '['),
	}
	// Where the documents agree (what the step did not touch, most of a
	// view): a[:pre] and b[:pre], and a[sufA:] and b[sufA+shift:].
	d.pre = commonPrefix(a.b, next)
	if d.pre == len(a.b) && d.pre == len(next) {
		// The same document (a third of a live match's skeletons): the
		// same index. It keeps a's arena; the next Diff writes to the
		// spare one, as it would have.
		return append(d.out, ']'), Doc{b: next, root: a.root, nodes: a.nodes, spare: a.spare, work: w}, nil
	}
	d.shift = len(next) - len(a.b)
	d.sufA = len(a.b) - commonSuffix(a.b, next)
	d.segs = w.segs[:0]
	i := skipSpace(next, 0)
	root, err := d.value(&a.root, int(a.root.off), i, 0, -1)
	w.segs = d.segs[:0]
	if err != nil {
		return dst, Doc{}, err
	}
	if j := skipSpace(next, i+int(root.len)); j != len(next) {
		return dst, Doc{}, malformed("trailing data", j)
	}
	root.off = int32(i)
	return append(d.out, ']'), Doc{b: next, root: root, nodes: d.nodes, spare: a.nodes, work: w}, nil
}

// differ walks the old document's index and the new document's bytes
// side by side, building the new index (builder) as it goes.
//
// The walk goes down only into values whose bytes changed: in a
// container, a memory compare finds the next difference and the kids
// before it are taken from the old index as they are, and the walk leaves
// as soon as the rest is in the documents' common suffix, a comparison of
// two offsets. chain_test.go checks along real and random chains of
// documents that every patch turns the old document into the new one
// (with an independent JSON Patch implementation) and that the index is
// the one Index builds.
type differ struct {
	builder
	a     []byte // the old document
	old   []node // its arena
	out   []byte
	segs  []seg // the RFC 6901 pointer of the value being compared
	ops   int
	pre   int // a[:pre] == b[:pre]
	sufA  int // a[p:] == b[p+shift:] for every p >= sufA
	shift int // len(b) - len(a)
}

// kidsOf returns an old container's kids.
func (d *differ) kidsOf(n *node) []node { return d.old[n.first : n.first+n.n] }

// carry copies an unchanged old container's kids (and theirs) into the
// new arena and returns the node pointing at them. Leaves (n.n == 0) need
// no carrying: callers test that first.
func (d *differ) carry(n node) node {
	start := len(d.nodes)
	d.nodes = append(d.nodes, d.kidsOf(&n)...)
	n.first = int32(start)
	for i := start; i < start+int(n.n); i++ {
		if d.nodes[i].n > 0 {
			k := d.carry(d.nodes[i])
			d.nodes[i] = k
		}
	}
	return n
}

// take appends unchanged old kids to kids, their offsets moved by shift
// (their parent's bytes moved or grew before them).
func (d *differ) take(kids, olds []node, shift int32, obj bool) []node {
	start := len(kids)
	kids = append(kids, olds...)
	for i := start; i < len(kids); i++ {
		k := &kids[i]
		if k.n > 0 {
			*k = d.carry(*k)
		}
		k.off += shift
		if obj {
			k.keyOff += shift
		}
	}
	return kids
}

// unchanged reports whether the old bytes from a[p] on are the new ones
// from b[q] on, as far as the old document goes: both in the common
// suffix, in step.
func (d *differ) unchanged(p, q int) bool { return p >= d.sufA && q == p+d.shift }

// value compares the old value an (starting at a[ai]) with the new value
// starting at b[bi], writes the operations that turn one into the other,
// and returns the new value's node (off left 0). known, unless negative,
// is the length of the common prefix of a[ai:] and b[bi:] as far as
// their container's old bytes go, which the caller found.
func (d *differ) value(an *node, ai, bi, depth, known int) (node, error) {
	l := int(an.len)
	var pre int // the length of the old and new values' common prefix
	switch {
	case known >= 0:
		pre = min(known, l)
	case d.unchanged(ai, bi):
		pre = l
	case ai == bi && ai < d.pre:
		pre = min(d.pre-ai, l)
	default:
		pre = commonPrefix(d.a[ai:ai+l], d.b[bi:])
	}
	if pre == l && boundary(d.b, bi+l) {
		n := *an // same bytes: same index
		if n.n > 0 {
			n = d.carry(n)
		}
		n.off, n.keyOff, n.keyLen = 0, 0, 0
		return n, nil
	}
	if bi >= len(d.b) {
		return node{}, malformed("missing value", bi)
	}
	if an.indexed && d.b[bi] == an.kind {
		out, ops := len(d.out), d.ops
		n, err := d.container(an, ai, bi, depth, pre)
		if err == nil && depth > 0 && len(d.out)-out > int(n.len)+32 && len(d.out)-out > int(n.len)+d.pathLen()+32 {
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
// it can: the kids inside the common prefix of the old and new bytes (pre
// long) are taken as they are, and when the rest of the container is
// unchanged (in the documents' common suffix, or, after a changed kid,
// equal bytes) the remaining kids are taken shifted by the change in
// length.
func (d *differ) container(an *node, ai, bi, depth, pre int) (node, error) {
	obj := an.kind == '{'
	closer := closing(an.kind)
	old := d.a[ai : ai+int(an.len)]
	olds := d.kidsOf(an)
	n := node{kind: an.kind, indexed: true}
	kids := d.scratch[depth][:0]
	defer func() { d.scratch[depth] = kids[:0] }()
	mark := len(d.segs)
	done := func(closed int, cur int) node {
		n.len = int32(closed - bi)
		d.finish(len(kids), olds, cur, ai, obj, mark)
		d.store(&n, kids)
		return n
	}
	// rest takes the old kids from cur on, unchanged, the first at b[j]:
	// their bytes run to the closing bracket, so equal bytes are equal
	// kids.
	rest := func(cur, from, j int) node {
		kids = d.take(kids, olds[cur:], int32(j-bi-from), obj)
		d.segs = d.segs[:mark]
		n.len = int32(j + len(old) - from - bi)
		d.store(&n, kids)
		return n
	}

	k0 := 0
	for k0 < len(olds) && int(olds[k0].off+olds[k0].len) < pre {
		k0++
	}
	kids = d.take(kids, olds[:k0], 0, obj)
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
		p, eq := 0, -1 // a[p:eq] == b[j:], p where old kid cur starts
		if cur < len(olds) {
			from := int(olds[cur].off) // where the old kid cur starts, its key included
			if obj {
				from = int(olds[cur].keyOff) - 1
			}
			if d.unchanged(ai+from, j) {
				return rest(cur, from, j), nil
			}
			// Take the kids before the next difference as they are, with
			// a memory compare rather than a walk: if old kid k's bytes
			// and the one after them are new ones, so is kid k.
			p = ai + from
			eq = p + commonPrefix(old[from:], d.b[j:])
			shift := int32(j - p + ai - bi) // of the kids' offsets
			k := cur
			for k < len(olds) && ai+int(olds[k].off+olds[k].len) < eq {
				k++
			}
			if k > cur {
				kids = d.take(kids, olds[cur:k], shift, obj)
				last := &olds[k-1]
				cur = k
				next, closed, err := afterValue(d.b, j-p+ai+int(last.off+last.len), closer)
				if err != nil {
					return node{}, err
				}
				if closed >= 0 {
					return done(closed, cur), nil
				}
				j = next
				continue
			}
		}
		ks := j
		var key []byte
		v := j
		m := -1 // the old kid with key, when known
		if obj {
			// The key is most likely the old kid cur's: compare the bytes
			// rather than scan the string. (A raw key that was whole in
			// the old document ends before an unescaped quote here too.)
			if cur < len(olds) {
				old := keyOf(d.a, ai, &olds[cur])
				if e := j + 1 + len(old); e < len(d.b) && d.b[j] == '"' && d.b[e] == '"' && string(d.b[j+1:e]) == string(old) {
					if c := skipSpace(d.b, e+1); c < len(d.b) && d.b[c] == ':' {
						key, v, m = d.b[j+1:e], skipSpace(d.b, c+1), cur
					}
				}
			}
			if m < 0 {
				var err error
				if key, v, err = member(d.b, j); err != nil {
					return node{}, err
				}
			}
		}
		known := -1 // of old kid cur's value and the new one, when aligned
		if eq >= 0 {
			if off := ai + int(olds[cur].off); v-j == off-p && eq >= off {
				known = eq - off
			}
		}
		kid, err := d.kid(olds, &cur, ai, obj, key, ks+1, m, v, depth, mark, len(kids), known)
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
	}
}

// kid compares the new kid whose value starts at b[v] (with key, at
// b[keyAt], in an object; at index pos in an array) with its old
// counterpart, if any: in an object, olds[m] when m >= 0, else the one
// findKey finds. known is value's for old kid *cur.
func (d *differ) kid(olds []node, cur *int, ai int, obj bool, key []byte, keyAt, m, v, depth, mark, pos, known int) (node, error) {
	if obj {
		if m < 0 {
			m = findKey(d.a, ai, olds, *cur, key)
		}
		if m != *cur {
			known = -1
		}
		if m >= 0 {
			for r := *cur; r < m; r++ {
				d.removeMember(mark, ai, &olds[r])
			}
			d.segs = append(d.segs[:mark], seg{off: int32(keyAt), n: int32(len(key)), kind: segKey})
			*cur = m + 1
			return d.value(&olds[m], ai+int(olds[m].off), v, depth+1, known)
		}
		kid, err := d.index(v, depth+1)
		if err == nil {
			d.segs = append(d.segs[:mark], seg{off: int32(keyAt), n: int32(len(key)), kind: segKey})
			d.op("add", d.b[v:v+int(kid.len)])
		}
		return kid, err
	}
	if *cur < len(olds) {
		d.segs = append(d.segs[:mark], seg{off: int32(pos), kind: segIndex})
		k := *cur
		*cur = k + 1
		return d.value(&olds[k], ai+int(olds[k].off), v, depth+1, known)
	}
	kid, err := d.index(v, depth+1)
	if err == nil {
		d.segs = append(d.segs[:mark], seg{kind: segEnd})
		d.op("add", d.b[v:v+int(kid.len)])
	}
	return kid, err
}

// finish removes the old kids the walk did not reach (the new container
// has nkids): an array's from its end, an object's by key.
func (d *differ) finish(nkids int, olds []node, cur, ai int, obj bool, mark int) {
	if obj {
		for r := cur; r < len(olds); r++ {
			d.removeMember(mark, ai, &olds[r])
		}
	} else {
		for k := len(olds) - 1; k >= nkids; k-- {
			d.segs = append(d.segs[:mark], seg{off: int32(k), kind: segIndex})
			d.op("remove", nil)
		}
	}
	d.segs = d.segs[:mark]
}
