package viewpatch

import (
	"bytes"
	"testing"

	"tabletop/engine"
)

// skeletonChain calls fn with every audience's skeleton (the view with its
// tiles emptied, what a live server diffs) after every step of
// playChain's match, as a view tracker gives it.
func skeletonChain(tb testing.TB, seed uint64, steps int, fn func(seat engine.Seat, skel []byte)) {
	tb.Helper()
	seats := audiences()
	trs := make([]engine.ViewTracker, len(seats))
	playChain(tb, seed, steps, func(st engine.State) {
		for i, s := range seats {
			if trs[i] == nil {
				trs[i] = engine.NewViewTracker(st)
			}
			if err := trs[i].Update(st, s); err != nil {
				tb.Fatal(err)
			}
			fn(s, bytes.Clone(trs[i].Skeleton()))
		}
	})
}

// BenchmarkDiffSkeletons measures what a live server diffs after every
// step: one seat's skeleton against the one before, along a real match.
func BenchmarkDiffSkeletons(b *testing.B) {
	var skels [][]byte
	skeletonChain(b, 3, 600, func(s engine.Seat, skel []byte) {
		if s == 1 {
			skels = append(skels, skel)
		}
	})
	b.ReportAllocs()
	b.ResetTimer()
	var out []byte
	size := 0
	var doc Doc
	for i := 0; i < b.N; i++ {
		k := 1 + i%(len(skels)-1)
		if k == 1 {
			doc, _ = Index(skels[0])
		}
		p, next, err := Diff(out[:0], doc, skels[k])
		if err != nil {
			b.Fatal(err)
		}
		out, doc = p, next
		size += len(p)
	}
	b.ReportMetric(float64(size)/float64(b.N), "patch-bytes")
}
