package viewpatch

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"tabletop/engine"
)

// The fast paths of Diff (memory compares against the documents' common
// prefix and suffix, the reused arena, the path built only for an
// operation) must keep every patch exact and every index the one Index
// builds: these tests diff chains of documents as a server does and check
// each patch with an independent JSON Patch implementation (apply) and
// each index against a fresh one.

// chain diffs a chain of documents.
type chain struct {
	doc Doc
	ok  bool
}

// next diffs the chain's last document into b and fails t if the patch
// does not turn the last document into b, if the index is not Index's, or
// if Diff and Index disagree about b being malformed.
func (c *chain) next(t testing.TB, b []byte, what string) {
	t.Helper()
	fresh, ferr := Index(b)
	if !c.ok {
		c.doc, c.ok = fresh, ferr == nil
		return
	}
	p, d, err := Diff([]byte("x"), c.doc, b)
	if (err == nil) != (ferr == nil) || err != nil && !errors.Is(err, ErrMalformed) {
		t.Fatalf("%s: Diff: %v, Index: %v", what, err, ferr)
	}
	if err != nil {
		c.ok = false
		return
	}
	if p[0] != 'x' {
		t.Fatalf("%s: Diff did not append to dst: %q", what, p)
	}
	// A patch is only defined between JSON documents (Index is lenient:
	// it skips what it need not check) without duplicate keys (RFC 8259
	// leaves their meaning open), and checked here in valid UTF-8 (keys
	// that decode alike may differ in bytes) without empty keys (see
	// oddKeys). Views are all that.
	var want any
	old := c.doc.Bytes()
	if json.Unmarshal(b, &want) == nil && json.Valid(old) && utf8.Valid(b) && utf8.Valid(old) && !oddKeys(b) && !oddKeys(old) {
		got, err := applyWhole(c.doc.Bytes(), p[1:])
		if err != nil {
			t.Fatalf("%s: applying %s: %v", what, p[1:], err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: patch %s turns %s into %v, want %s", what, p[1:], c.doc.Bytes(), got, b)
		}
	}
	if !sameIndex(d, d.root, fresh, fresh.root) {
		t.Fatalf("%s: Diff's index differs from Index's", what)
	}
	c.doc = d
}

// applyWhole is apply, also for the patches the JSON Patch library refuses
// to apply: one that replaces the whole document with a value that is not
// a container, and an empty one to such a value.
func applyWhole(doc, patch []byte) (any, error) {
	var ops []struct {
		Op, Path string
		Value    json.RawMessage
	}
	if json.Unmarshal(patch, &ops) == nil {
		var v any
		switch {
		case len(ops) == 0: // the library cannot parse a document that is not a container
			return v, json.Unmarshal(doc, &v)
		case len(ops) == 1 && ops[0].Op == "replace" && ops[0].Path == "":
			return v, json.Unmarshal(ops[0].Value, &v)
		}
	}
	return apply(doc, patch)
}

// oddKeys reports whether an object of JSON document b has a key twice
// or an empty key (false for a document that is not JSON): the JSON Patch
// library misreads paths through an empty key ("//-").
func oddKeys(b []byte) bool {
	type level struct {
		keys      map[string]bool // nil for an array
		expectKey bool
	}
	var stack []*level
	dec := json.NewDecoder(bytes.NewReader(b))
	for {
		tok, err := dec.Token()
		if err != nil {
			return false
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			stack = stack[:len(stack)-1]
			continue
		}
		if n := len(stack); n > 0 && stack[n-1].keys != nil {
			top := stack[n-1]
			if top.expectKey {
				k := tok.(string)
				if k == "" || top.keys[k] {
					return true
				}
				top.keys[k], top.expectKey = true, false
				continue
			}
			top.expectKey = true // tok starts the member's value
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &level{keys: map[string]bool{}, expectKey: true})
		case json.Delim('['):
			stack = append(stack, &level{})
		}
	}
}

func TestOddKeys(t *testing.T) {
	for doc, want := range map[string]bool{
		`{"":0,"":[0]}`: true, `{"a":{"":1}}`: true, `{"a":[""]}`: false, `{"a":{"b":1,"b":2}}`: true, `[{"a":1},{"a":1}]`: false,
		`{"a":{"a":1},"b":[{"a":2}]}`: false, `{"a":[1,{"c":1}],"a":0}`: true, `not json`: false,
	} {
		if got := oddKeys([]byte(doc)); got != want {
			t.Errorf("oddKeys(%s) = %v, want %v", doc, got, want)
		}
	}
}

// TestDiffOnViews checks along real matches: every
// audience's whole views and its skeletons (what a live server diffs),
// step after step.
func TestDiffOnViews(t *testing.T) {
	seeds := []uint64{1, 2, 5}
	if testing.Short() {
		seeds = seeds[:1]
	}
	for _, seed := range seeds {
		t.Run(fmt.Sprint("views/", seed), func(t *testing.T) {
			chains := map[engine.Seat]*chain{}
			step := 0
			viewChain(t, seed, 100, func(s engine.Seat, view []byte) {
				if chains[s] == nil {
					chains[s] = &chain{}
				}
				chains[s].next(t, view, fmt.Sprintf("step %d seat %d", step, s))
				step++
			})
		})
		t.Run(fmt.Sprint("skeletons/", seed), func(t *testing.T) {
			chains := map[engine.Seat]*chain{}
			step := 0
			skeletonChain(t, seed, 1000, func(s engine.Seat, skel []byte) {
				if chains[s] == nil {
					chains[s] = &chain{}
				}
				chains[s].next(t, skel, fmt.Sprintf("step %d seat %d", step, s))
				step++
			})
		})
	}
}

// TestDiffOnRandomJSON checks along chains of random
// edits of random documents, re-encoded with random whitespace, with now
// and then a document that is not JSON or an unrelated one.
func TestDiffOnRandomJSON(t *testing.T) {
	for seed := range uint64(20) {
		r := rand.New(rand.NewPCG(seed, 11))
		doc := randomObject(r, 0)
		c := &chain{}
		for step := range 400 {
			switch r.IntN(40) {
			case 0:
				doc = randomObject(r, 0)
			case 1:
				c.next(t, []byte(`{"a":[1,2`), fmt.Sprintf("seed %d step %d (malformed)", seed, step))
				continue
			}
			mutate(r, doc, 0)
			b, _ := json.Marshal(doc)
			if r.IntN(8) == 0 {
				b = spaced(r, b)
			}
			c.next(t, b, fmt.Sprintf("seed %d step %d", seed, step))
		}
	}
}

// spaced puts random whitespace between the tokens of a compact JSON
// document.
func spaced(r *rand.Rand, b []byte) []byte {
	var out []byte
	in := false
	for i := 0; i < len(b); i++ {
		ch := b[i]
		out = append(out, ch)
		switch {
		case in && ch == '\\':
			i++
			out = append(out, b[i])
		case ch == '"':
			in = !in
		case !in && strings.IndexByte(",:[]{}", ch) >= 0 && r.IntN(3) == 0:
			out = append(out, " \n\t"[r.IntN(3)])
		}
	}
	return out
}

// FuzzDiffChain: for any three documents, diffing a into b, b into c and
// c into a gives exact patches and Index's indexes, and fails exactly when
// Index does.
func FuzzDiffChain(f *testing.F) {
	f.Add(`{"a":1,"b":[1,2]}`, `{"a":2,"b":[1]}`, `{"a":2,"b":[1],"c":{}}`)
	f.Add(`{"t":[{"x":1}]}`, `{"t":[{"x":1},{"y":"}"}]}`, `{"t":[]}`)
	f.Add(`{"a":12,"b":"x\"y"}`, `{"a":123,"b":"x\"y"}`, `{"a":123,"c":"x\"y"}`)
	f.Add(`{"p":[{"g":["CARD-001"],"n":1}],"q":2}`, `{"p":[{"g":["CARD-001","CARD-002"],"n":1}],"q":2}`, `{"p":[{"g":["CARD-001","CARD-002"],"n":2}],"q":3}`)
	f.Add(`[1,2]`, `{"a":null}`, `{ "a" : null }`)
	f.Fuzz(func(t *testing.T, a, b, c string) {
		ch := &chain{}
		for i, d := range []string{a, b, c, a} {
			ch.next(t, []byte(d), fmt.Sprint("document ", i))
		}
	})
}

// TestCommonPrefixSuffix compares commonPrefix (which compares 32 bytes
// at a time) and commonSuffix with the obvious loops on random strings.
func TestCommonPrefixSuffix(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	const alphabet = `"\[]{},a1 `
	for range 50000 {
		b := make([]byte, r.IntN(24))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		b = bytes.Repeat(b, 1+r.IntN(12)) // past commonPrefix's 32-byte steps
		c := append([]byte{}, b...)
		if len(c) > 0 && r.IntN(2) == 0 {
			c[r.IntN(len(c))] ^= 1
		}
		c = append(c, make([]byte, r.IntN(70))...)
		if r.IntN(2) == 0 {
			b, c = c, b
		}
		want := 0
		for want < min(len(b), len(c)) && b[want] == c[want] {
			want++
		}
		if got := commonPrefix(b, c); got != want {
			t.Fatalf("commonPrefix(%q, %q) = %d, want %d", b, c, got, want)
		}
		want = 0
		for want < min(len(b), len(c)) && b[len(b)-1-want] == c[len(c)-1-want] {
			want++
		}
		if got := commonSuffix(b, c); got != want {
			t.Fatalf("commonSuffix(%q, %q) = %d, want %d", b, c, got, want)
		}
	}
}
