package sqlstore

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"tabletop/store/internal/journal"
)

// TestSortByMatch: a round's records come out grouped by match in
// ascending match order, each match's records in the order they were
// journaled (versions ascending), whether the ids are close together
// (counting sort) or far apart (comparison sort), and the spare buffer
// holds no record (no string kept alive) and shares nothing with the
// sorted one, so the next round can sort into it (issue 5, the answer
// journal; docs/performance.md round 15).
func TestSortByMatch(t *testing.T) {
	for _, tt := range []struct {
		name    string
		n       int
		ids     func(r *rand.Rand) int64
		wantNew bool // sorted into the other buffer
	}{
		{"one", 1, func(*rand.Rand) int64 { return 7 }, false},
		{"dense ids", 5000, func(r *rand.Rand) int64 { return 100_000 + r.Int64N(2000) }, true},
		{"sparse ids", 3000, func(r *rand.Rand) int64 { return r.Int64N(1 << 40) }, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(1, 2))
			next := map[int64]int{}
			var recs []journal.Record
			for range tt.n {
				m := tt.ids(r)
				next[m]++
				recs = append(recs, journal.Record{Match: m, Version: next[m], Text: fmt.Sprint("answer ", next[m])})
			}
			spareIn := make([]journal.Record, 0, 16)
			sorted, spare := sortByMatch(recs, spareIn)
			if len(sorted) != tt.n {
				t.Fatalf("sorted %d records, want %d", len(sorted), tt.n)
			}
			if moved := &sorted[0] != &recs[0]; moved != tt.wantNew {
				t.Errorf("sorted into the other buffer: %v, want %v", moved, tt.wantNew)
			}
			for i := 1; i < len(sorted); i++ {
				a, b := sorted[i-1], sorted[i]
				if a.Match > b.Match || (a.Match == b.Match && b.Version != a.Version+1) {
					t.Fatalf("records %d and %d out of order: %+v, %+v", i-1, i, a, b)
				}
			}
			if len(spare) != 0 {
				t.Errorf("spare holds %d records, want 0", len(spare))
			}
			if full := spare[:cap(spare)]; len(full) > 0 {
				if &full[0] == &sorted[0] {
					t.Fatal("spare shares the sorted records' buffer")
				}
				for i, rec := range full {
					if rec != (journal.Record{}) {
						t.Fatalf("spare[%d] = %+v, want it cleared", i, rec)
					}
				}
			}
		})
	}
}
