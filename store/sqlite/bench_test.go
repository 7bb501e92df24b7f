package sqlite_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"tabletop/engine"
	"tabletop/store"
	"tabletop/store/sqlite"
)

// BenchmarkAppend measures durable appends: each op is one answer, appended
// by one of W writers (one match each, as a server's match goroutines do)
// and acknowledged after its group commit. It reports appends/s and the
// writes per commit.
//
//	go test ./store/sqlite -run '^$' -bench Append -benchtime 3s
func BenchmarkAppend(b *testing.B) {
	for _, sync := range []sqlite.Sync{sqlite.SyncNormal, sqlite.SyncFull} {
		for _, writers := range []int{1, 16, 64, 256} {
			b.Run(fmt.Sprintf("sync=%s/writers=%d", sync, writers), func(b *testing.B) {
				benchAppend(b, sqlite.Options{Synchronous: sync}, writers)
			})
		}
	}
}

func benchAppend(b *testing.B, opts sqlite.Options, writers int) {
	ctx := context.Background()
	s, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "bench.db"), opts)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	ids := make([]store.MatchID, writers)
	for i := range ids {
		ids[i], err = s.CreateMatch(ctx, store.NewMatch{
			Header: engine.Header{Format: 1, Game: "bench", Seats: 2},
			Seats:  make([]store.AccountID, 2),
		})
		if err != nil {
			b.Fatal(err)
		}
	}
	stats := s.(interface{ WriterStats() store.WriterStats })
	before := stats.WriterStats()
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for w, id := range ids {
		n := b.N / writers
		if w < b.N%writers {
			n++
		}
		wg.Go(func() {
			for v := 1; v <= n; v++ {
				a := store.Answer{Version: v, Seat: engine.Seat(v % 2), Text: "move ne", Hash: "0123456789abcdef"}
				if err := s.AppendAnswers(ctx, id, []store.Answer{a}, start.Add(time.Minute)); err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	after := stats.WriterStats()
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "appends/s")
	b.ReportMetric(float64(after.Writes-before.Writes)/float64(max(after.Batches-before.Batches, 1)), "writes/commit")
}
