package storetest

import (
	"context"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/store"
)

// AppendMatches is a server's load on a store's writer, for benchmarks:
// matches live matches with one answer at a time each, appended from
// writers goroutines that take turns over the matches (a server's match
// goroutines, writers of them with an answer under way at once), so that
// a group commit holds about writers answers of as many matches. One op is
// one durable answer. Besides ns/op it reports the process's CPU time per
// answer (user+system, from rusage), which is what the writer costs a
// server's core, and the writes per commit when s reports WriterStats.
func AppendMatches(b *testing.B, s store.Store, matches, writers int) {
	ctx := context.Background()
	ids := make([]store.MatchID, matches)
	for i := range ids {
		var err error
		if ids[i], err = s.CreateMatch(ctx, store.NewMatch{
			Header: engine.Header{Format: 1, Game: "bench", Seats: 4, Config: []byte(`{"variant":"standard","turns":30}`)},
			Seats:  make([]store.AccountID, 4),
		}); err != nil {
			b.Fatal(err)
		}
	}
	stats, _ := s.(interface{ WriterStats() store.WriterStats })
	var before store.WriterStats
	if stats != nil {
		before = stats.WriterStats()
	}
	var left atomic.Int64
	left.Store(int64(b.N))
	deadline := time.Now().Add(time.Minute)
	b.ResetTimer()
	cpu0 := CPUTime()
	var wg sync.WaitGroup
	for w := range writers {
		wg.Go(func() {
			// Writer w appends to matches w, w+writers, … in turn.
			var mine []store.MatchID
			for i := w; i < matches; i += writers {
				mine = append(mine, ids[i])
			}
			versions := make([]int, len(mine))
			for i := 0; left.Add(-1) >= 0; i = (i + 1) % len(mine) {
				versions[i]++
				v := versions[i]
				a := store.Answer{Version: v, Seat: engine.Seat(v % 4), Text: "move ne 3", Hash: "0123456789abcdef"}
				if err := s.AppendAnswers(ctx, mine[i], []store.Answer{a}, deadline); err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	cpu := CPUTime() - cpu0
	b.StopTimer()
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	if stats != nil {
		after := stats.WriterStats()
		b.ReportMetric(float64(after.Writes-before.Writes)/float64(max(after.Batches-before.Batches, 1)), "writes/commit")
	}
}

// CPUTime is the CPU time the process has used (user and system): what a
// benchmark of the one-core server reports per operation.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
