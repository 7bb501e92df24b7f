package realigious

import (
	"testing"

	"tabletop/engine"
)

// BenchmarkSkeleton measures what a view tracker's Update spends on the
// view's skeleton (everything but the tiles) after every step: building
// the view without its tiles in a reused block and encoding it. One op is
// one seat's skeleton, along 64 consecutive steps of a 4-player match.
func BenchmarkSkeleton(b *testing.B) {
	states := midgameSteps(b, 64, 3)
	var blk [4]viewBlock
	var buf []byte
	b.Run("build", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			states[(i/4)%len(states)].buildViewIn(&blk[i%4], engine.Seat(i%4), false)
		}
	})
	b.Run("build+encode", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			v, _, _ := states[(i/4)%len(states)].buildViewIn(&blk[i%4], engine.Seat(i%4), false)
			buf = v.appendHead(buf[:0])
			buf = v.appendTail(append(buf, "[]"...))
		}
		b.SetBytes(int64(len(buf)))
	})
}
