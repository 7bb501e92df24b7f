package loadtest

import (
	"fmt"
	"math/bits"
	"sync/atomic"
	"time"
)

// Hist is a latency histogram in the manner of HdrHistogram: values (in
// microseconds) fall into buckets whose width grows with the value, 16
// buckets per power of two, so every recorded value is known to within
// 1/16 (6%) from 1 µs to hours, in a fixed 608 counters. Record is
// lock-free and may be called from any number of goroutines.
type Hist struct {
	counts [histBuckets]atomic.Int64
	n      atomic.Int64
	sum    atomic.Int64 // µs
	max    atomic.Int64 // µs
}

const (
	histSubBits = 4                // log2 of the buckets per power of two
	histSub     = 1 << histSubBits // buckets per power of two
	histMaxUS   = int64(1)<<41 - 1 // larger values are clamped (25 days)
	// The largest value's bucket is (41-1-histSubBits)*histSub + 31.
	histBuckets = (41 - histSubBits + 1) * histSub
)

// bucketOf returns the bucket of v µs (v >= 0).
func bucketOf(v int64) int {
	if v < histSub {
		return int(v)
	}
	shift := bits.Len64(uint64(v)) - 1 - histSubBits
	return shift*histSub + int(v>>shift)
}

// bucketBounds returns the smallest and largest value of bucket i.
func bucketBounds(i int) (lo, hi int64) {
	if i < 2*histSub {
		return int64(i), int64(i)
	}
	shift := i/histSub - 1
	sub := int64(i%histSub + histSub)
	return sub << shift, (sub+1)<<shift - 1
}

// Record adds one duration.
func (h *Hist) Record(d time.Duration) {
	v := d.Microseconds()
	if v < 0 {
		v = 0
	}
	if v > histMaxUS {
		v = histMaxUS
	}
	h.counts[bucketOf(v)].Add(1)
	h.n.Add(1)
	h.sum.Add(v)
	for {
		m := h.max.Load()
		if v <= m || h.max.CompareAndSwap(m, v) {
			return
		}
	}
}

// Snapshot is a histogram's content at one moment.
type Snapshot struct {
	counts [histBuckets]int64
	N      int64
	Sum    time.Duration
	Max    time.Duration
}

// Snapshot copies the histogram; with reset it also empties it (each
// counter is taken and zeroed at once, so nothing recorded meanwhile is
// lost, though a value may land in the next snapshot's N but this one's
// buckets).
func (h *Hist) Snapshot(reset bool) Snapshot {
	var s Snapshot
	take := func(a *atomic.Int64) int64 {
		if reset {
			return a.Swap(0)
		}
		return a.Load()
	}
	for i := range h.counts {
		s.counts[i] = take(&h.counts[i])
	}
	s.N = take(&h.n)
	s.Sum = time.Duration(take(&h.sum)) * time.Microsecond
	s.Max = time.Duration(take(&h.max)) * time.Microsecond
	return s
}

// Quantile returns the value at quantile q (0 < q <= 1): the upper bound
// of the bucket holding it, so a quantile is never reported lower than
// it was (at most 6% higher), and never above the largest value
// recorded. It is 0 for an empty snapshot.
func (s *Snapshot) Quantile(q float64) time.Duration {
	var total int64
	for _, c := range s.counts {
		total += c
	}
	if total == 0 {
		return 0
	}
	rank := int64(q*float64(total) + 0.999999)
	rank = min(max(rank, 1), total)
	var seen int64
	for i, c := range s.counts {
		seen += c
		if seen >= rank {
			_, hi := bucketBounds(i)
			d := time.Duration(hi) * time.Microsecond
			if s.Max > 0 && d > s.Max {
				d = s.Max
			}
			return d
		}
	}
	return s.Max
}

// Mean returns the average value.
func (s *Snapshot) Mean() time.Duration {
	if s.N == 0 {
		return 0
	}
	return s.Sum / time.Duration(s.N)
}

// Summary is "p50 1.2ms p90 3ms p99 8ms max 20ms (n=1234)".
func (s *Snapshot) Summary() string {
	if s.N == 0 {
		return "no samples"
	}
	return fmt.Sprintf("p50 %s  p90 %s  p99 %s  max %s  (n=%d)",
		ms(s.Quantile(0.50)), ms(s.Quantile(0.90)), ms(s.Quantile(0.99)), ms(s.Max), s.N)
}

// ms formats a duration in milliseconds with a precision that suits it.
func ms(d time.Duration) string {
	f := float64(d) / float64(time.Millisecond)
	switch {
	case f < 10:
		return fmt.Sprintf("%.2fms", f)
	case f < 1000:
		return fmt.Sprintf("%.1fms", f)
	}
	return fmt.Sprintf("%.2fs", f/1000)
}

// Latency is a pair of histograms: one for the whole measurement and one
// emptied at each progress line.
type Latency struct {
	Total    Hist
	Interval Hist
}

// Record adds one duration to both.
func (l *Latency) Record(d time.Duration) {
	l.Total.Record(d)
	l.Interval.Record(d)
}
