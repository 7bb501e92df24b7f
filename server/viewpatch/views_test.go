package viewpatch

import (
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"tabletop/engine"
	"tabletop/games/realigious"
)

// playChain plays a seeded random 4-player Realigious match and calls fn
// with the state after every step.
func playChain(tb testing.TB, seed uint64, steps int, fn func(st engine.State)) {
	tb.Helper()
	st, err := realigious.New().New(nil, 4, seed)
	if err != nil {
		tb.Fatal(err)
	}
	r := rand.NewPCG(seed, 1)
	var buf []engine.Answer
	for n := 0; n < steps && !st.Terminal(); n++ {
		buf = st.Legal(buf[:0])
		a := buf[engine.IntN(r, len(buf))]
		if st.Pending().Seat == engine.Chance {
			a = engine.ChanceAnswer(seed, st.Steps(), st.Chance())
		}
		if _, err := st.Apply(a); err != nil {
			tb.Fatal(err)
		}
		fn(st)
	}
}

// audiences are the seats of a 4-player match and the spectators.
func audiences() []engine.Seat { return []engine.Seat{0, 1, 2, 3, engine.Spectator} }

// viewChain calls fn with every seat's (and the spectators') view after
// every step of playChain's match.
func viewChain(tb testing.TB, seed uint64, steps int, fn func(seat engine.Seat, view []byte)) {
	tb.Helper()
	playChain(tb, seed, steps, func(st engine.State) {
		for _, s := range audiences() {
			b, err := json.Marshal(st.View(s))
			if err != nil {
				tb.Fatal(err)
			}
			fn(s, b)
		}
	})
}

// TestDiffRealViews: along real matches, every seat's patch turns the
// view it had into the view it has now, and is far smaller than the view.
func TestDiffRealViews(t *testing.T) {
	type last struct {
		doc  Doc
		view []byte
	}
	prev := map[engine.Seat]*last{}
	patches, patchBytes, viewBytes := 0, 0, 0
	for _, seed := range []uint64{1} {
		clear(prev)
		viewChain(t, seed, 800, func(s engine.Seat, view []byte) {
			p := prev[s]
			if p == nil {
				doc, err := Index(view)
				if err != nil {
					t.Fatal(err)
				}
				prev[s] = &last{doc, view}
				return
			}
			patch, doc, err := Diff(nil, p.doc, view)
			if err != nil {
				t.Fatalf("seat %d: %v", s, err)
			}
			var after any
			_ = json.Unmarshal(view, &after)
			got, err := apply(p.view, patch)
			if err != nil || !reflect.DeepEqual(got, after) {
				t.Fatalf("seat %d: patch %s does not give the next view (%v)", s, patch, err)
			}
			if fresh, _ := Index(view); !sameIndex(doc, doc.root, fresh, fresh.root) {
				t.Fatalf("seat %d: Diff's index differs from Index's", s)
			}
			patches++
			patchBytes += len(patch)
			viewBytes += len(view)
			p.doc, p.view = doc, view
		})
	}
	if patches == 0 || patchBytes*5 > viewBytes {
		t.Errorf("%d patches of %d bytes in all for %d bytes of views: want patches under a fifth of the views", patches, patchBytes, viewBytes)
	}
	t.Logf("%d patches: %.0f bytes on average, views %.0f bytes", patches, float64(patchBytes)/float64(patches), float64(viewBytes)/float64(patches))
}

// BenchmarkDiff measures diffing one seat's view against its previous
// one, along a real 4-player match (views encoded beforehand).
func BenchmarkDiff(b *testing.B) {
	var views [][]byte
	viewChain(b, 3, 400, func(s engine.Seat, view []byte) {
		if s == 1 {
			views = append(views, view)
		}
	})
	docs := make([]Doc, len(views))
	for i, v := range views {
		d, err := Index(v)
		if err != nil {
			b.Fatal(err)
		}
		docs[i] = d
	}
	b.Run("index", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := Index(views[i%len(views)]); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("diff", func(b *testing.B) {
		// A chain of diffs along the match, as the server runs them: each
		// against the index the previous one returned.
		b.ReportAllocs()
		var out []byte
		size := 0
		var doc Doc
		for i := 0; i < b.N; i++ {
			k := 1 + i%(len(views)-1)
			if k == 1 { // Diff reused docs[0]'s memory: index afresh
				doc, _ = Index(views[0])
			}
			p, next, err := Diff(out[:0], doc, views[k])
			if err != nil {
				b.Fatal(err)
			}
			out, doc = p, next
			size += len(p)
		}
		b.ReportMetric(float64(size)/float64(b.N), "patch-bytes")
	})
}
