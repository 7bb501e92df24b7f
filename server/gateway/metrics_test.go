package gateway

import (
	"testing"

	"github.com/prometheus/client_golang/prometheus"

	"tabletop/store"
	"tabletop/store/memory"
)

// statsStore is a store whose writer reports its counts.
type statsStore struct {
	store.Store
	stats store.WriterStats
}

func (s *statsStore) WriterStats() store.WriterStats { return s.stats }

// TestStoreCollectors: a store that reports its writer's counts gets the
// commit and write counters and the journal's backlog on /metrics, one
// that does not gets none.
func TestStoreCollectors(t *testing.T) {
	tests := []struct {
		name  string
		st    store.Store
		want  int
		stats store.WriterStats
	}{
		{"memory store: no writer", memory.New(), 0, store.WriterStats{}},
		{"group-committing store", &statsStore{Store: memory.New()}, 3, store.WriterStats{Batches: 7, Writes: 120, JournalPending: 4096}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if ss, ok := tt.st.(*statsStore); ok {
				ss.stats = tt.stats
			}
			cs := storeCollectors(tt.st)
			if len(cs) != tt.want {
				t.Fatalf("%d collectors, want %d", len(cs), tt.want)
			}
			if tt.want == 0 {
				return
			}
			reg := prometheus.NewRegistry()
			reg.MustRegister(cs...)
			fams, err := reg.Gather()
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]float64{}
			for _, f := range fams {
				m := f.GetMetric()[0]
				got[f.GetName()] = m.GetCounter().GetValue() + m.GetGauge().GetValue()
			}
			if got["tabletop_store_commits_total"] != float64(tt.stats.Batches) || got["tabletop_store_writes_total"] != float64(tt.stats.Writes) ||
				got["tabletop_store_journal_pending_bytes"] != float64(tt.stats.JournalPending) {
				t.Errorf("metrics %v, want %d commits, %d writes and %d bytes pending", got, tt.stats.Batches, tt.stats.Writes, tt.stats.JournalPending)
			}
		})
	}
}
