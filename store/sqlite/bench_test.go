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
	"tabletop/store/storetest"
)

// BenchmarkAppend measures durable appends: each op is one answer, appended
// by one of W writers (one match each, as a server's match goroutines do)
// and acknowledged after its group commit. It reports appends/s, the
// writes per commit and the allocations per answer.
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
	b.ReportAllocs()
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

// BenchmarkAppendMatches is the server's load on the writer: many live
// matches, one answer at a time each, from W goroutines that take turns
// over the matches (a server's match goroutines, W of them with an answer
// under way at once), so that a group commit holds about W answers of as
// many matches. Besides ns/op it reports the process's CPU time per answer
// (user+system, from rusage), which is what the writer costs the server's
// one core.
//
//	go test ./store/sqlite -run '^$' -bench AppendMatches -count 6
//
// The journal variants make the answers durable in the answer journal, as
// a server does (Options.Journal), and include moving them to the database
// every 2 s.
func BenchmarkAppendMatches(b *testing.B) {
	for _, journal := range []bool{false, true} {
		for _, writers := range []int{32, 2000} {
			name := fmt.Sprintf("matches=2000/writers=%d", writers)
			if journal {
				name += "/journal"
			}
			b.Run(name, func(b *testing.B) {
				benchAppendMatches(b, 2000, writers, sqlite.Options{Journal: journal})
			})
		}
	}
}

func benchAppendMatches(b *testing.B, matches, writers int, opts sqlite.Options) {
	b.ReportAllocs()
	s, err := sqlite.Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"), opts)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	storetest.AppendMatches(b, s, matches, writers)
}

// BenchmarkJournalApply measures what moving journaled answers to the
// database costs the server's core: b.N answers of 2,000 live matches,
// made durable in the journal first (not timed), then applied by one
// Sync, as a round does. It reports the process's CPU time per answer.
//
//	go test ./store/sqlite -run '^$' -bench JournalApply -benchtime 60000x -count 3
func BenchmarkJournalApply(b *testing.B) {
	ctx := context.Background()
	s, err := sqlite.Open(ctx, filepath.Join(b.TempDir(), "bench.db"), sqlite.Options{Journal: true, ApplyEvery: time.Hour})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	const matches = 2000
	ids := make([]store.MatchID, matches)
	for i := range ids {
		if ids[i], err = s.CreateMatch(ctx, store.NewMatch{
			Header: engine.Header{Format: 1, Game: "bench", Seats: 4},
			Seats:  make([]store.AccountID, 4),
		}); err != nil {
			b.Fatal(err)
		}
	}
	deadline := time.Now().Add(time.Minute)
	// Appended from many goroutines so that the group commits are as
	// large as a busy server's.
	var wg sync.WaitGroup
	for w := range 100 {
		wg.Go(func() {
			for i := w; i < b.N; i += 100 {
				id, v := ids[i%matches], i/matches+1
				a := store.Answer{Version: v, Seat: engine.Seat(v % 4), Text: "move ne 3", Hash: "0123456789abcdef"}
				if err := s.AppendAnswers(ctx, id, []store.Answer{a}, deadline); err != nil {
					b.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	syncer := s.(interface{ Sync(context.Context) error })
	b.ResetTimer()
	cpu0 := storetest.CPUTime()
	if err := syncer.Sync(ctx); err != nil {
		b.Fatal(err)
	}
	cpu := storetest.CPUTime() - cpu0
	b.StopTimer()
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
}
