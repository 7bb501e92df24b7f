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

// BenchmarkDiffSkeletonsMany is BenchmarkDiffSkeletons as a busy server
// runs it: eight thousand audiences (a server's 2,000 matches) diffed in turn, each with its own index
// and skeleton buffers, so that each diff finds its old index and old
// skeleton outside the processor's caches (docs/performance.md: views
// cost four times as much under load as in a warm benchmark). The new
// skeleton is copied into the audience's buffer first, as a tracker
// writes it just before the diff.
func BenchmarkDiffSkeletonsMany(b *testing.B) {
	var skels [][]byte
	skeletonChain(b, 3, 600, func(s engine.Seat, skel []byte) {
		if s == 1 {
			skels = append(skels, skel)
		}
	})
	type audience struct {
		doc        Doc
		buf, spare []byte
		out        []byte
		k          int
	}
	aud := make([]audience, 8000)
	for i := range aud {
		a := &aud[i]
		a.k = i % (len(skels) - 1)
		a.buf = append(make([]byte, 0, 8192), skels[a.k]...)
		a.spare = make([]byte, 0, 8192)
		a.doc, _ = Index(a.buf)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a := &aud[i%len(aud)]
		a.k++
		if a.k == len(skels) { // the match starts again: index afresh
			a.k = 1
			a.buf = append(a.buf[:0], skels[0]...)
			a.doc, _ = Index(a.buf)
		}
		next := append(a.spare[:0], skels[a.k]...)
		p, doc, err := Diff(a.out[:0], a.doc, next)
		if err != nil {
			b.Fatal(err)
		}
		a.out, a.doc, a.buf, a.spare = p, doc, next, a.buf
	}
}
