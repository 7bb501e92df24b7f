package loadtest

import (
	"testing"
	"time"
)

// TestHistBuckets: the buckets tile the values with no gap or overlap,
// and each is at most 1/16 of its values wide.
func TestHistBuckets(t *testing.T) {
	prevHi := int64(-1)
	for i := 0; i < histBuckets; i++ {
		lo, hi := bucketBounds(i)
		if lo != prevHi+1 {
			t.Fatalf("bucket %d starts at %d, the previous ended at %d", i, lo, prevHi)
		}
		if hi < lo || float64(hi-lo) > float64(lo)/histSub {
			t.Fatalf("bucket %d is [%d, %d]: wider than 1/%d", i, lo, hi, histSub)
		}
		for _, v := range []int64{lo, hi, (lo + hi) / 2} {
			if got := bucketOf(v); got != i {
				t.Fatalf("bucketOf(%d) = %d, want %d", v, got, i)
			}
		}
		prevHi = hi
	}
	if prevHi != histMaxUS {
		t.Errorf("the last bucket ends at %d, want %d", prevHi, histMaxUS)
	}
}

// TestHistQuantiles: quantiles of known samples are reported to within
// the bucket width, never below the true value, never above the max.
func TestHistQuantiles(t *testing.T) {
	tests := []struct {
		name    string
		samples func(h *Hist)
		q       float64
		want    time.Duration
	}{
		{"uniform 1..1000ms p50", func(h *Hist) {
			for i := 1; i <= 1000; i++ {
				h.Record(time.Duration(i) * time.Millisecond)
			}
		}, 0.50, 500 * time.Millisecond},
		{"uniform 1..1000ms p99", func(h *Hist) {
			for i := 1; i <= 1000; i++ {
				h.Record(time.Duration(i) * time.Millisecond)
			}
		}, 0.99, 990 * time.Millisecond},
		{"one outlier p99 ignores it", func(h *Hist) {
			for range 999 {
				h.Record(2 * time.Millisecond)
			}
			h.Record(5 * time.Second)
		}, 0.99, 2 * time.Millisecond},
		{"max is exact", func(h *Hist) {
			h.Record(3 * time.Millisecond)
			h.Record(1234567 * time.Microsecond)
		}, 1, 1234567 * time.Microsecond},
		{"sub-microsecond is 0", func(h *Hist) { h.Record(300 * time.Nanosecond) }, 0.5, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var h Hist
			tt.samples(&h)
			s := h.Snapshot(false)
			got := s.Quantile(tt.q)
			if got < tt.want || float64(got-tt.want) > float64(tt.want)/histSub {
				t.Errorf("Quantile(%v) = %v, want %v (within 1/%d above)", tt.q, got, tt.want, histSub)
			}
		})
	}
}

// TestHistSnapshotReset: a resetting snapshot empties the histogram.
func TestHistSnapshotReset(t *testing.T) {
	var l Latency
	l.Record(time.Millisecond)
	l.Record(3 * time.Millisecond)
	if s := l.Interval.Snapshot(true); s.N != 2 || s.Max != 3*time.Millisecond || s.Mean() != 2*time.Millisecond {
		t.Errorf("interval snapshot = n %d max %v mean %v, want 2, 3ms, 2ms", s.N, s.Max, s.Mean())
	}
	if s := l.Interval.Snapshot(false); s.N != 0 || s.Quantile(0.5) != 0 || s.Summary() != "no samples" {
		t.Errorf("after reset: n %d p50 %v %q, want empty", s.N, s.Quantile(0.5), s.Summary())
	}
	if s := l.Total.Snapshot(false); s.N != 2 {
		t.Errorf("total n = %d, want 2 (a reset of the interval keeps the total)", s.N)
	}
}
