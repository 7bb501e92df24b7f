package loadtest

import (
	"fmt"
	"math"
	"runtime/metrics"
	"strconv"
	"strings"
	"time"
)

// Histograms read at the start and the end of the measurement, whose
// difference is the window's. The client's answer → frame time is the
// sum of the server's work, the waits for a core on both sides and the
// network; the report splits it as far as the two processes' own
// histograms allow:
//   - the server's tabletop_answer_seconds: from the reader having an
//     answer to its durable reply being queued;
//   - go_sched_latencies_seconds, the server's, and the runtime's
//     /sched/latencies:seconds, the generator's: how long goroutines
//     that could run waited for the core (a generator short of its core
//     delays the frames it times as surely as a slow server). The runtime
//     times one wake-up in eight, so these are shares, not counts.

// histogram is a cumulative histogram: counts[i] samples were at most
// bounds[i]; the last bound is +Inf.
type histogram struct {
	bounds []float64
	counts []float64
}

// since returns the samples of h that old (an earlier reading of the same
// histogram) did not have; none if the two cannot be of one histogram
// (other buckets, fewer samples: a restarted server).
func (h histogram) since(old histogram) histogram {
	if len(old.bounds) != len(h.bounds) {
		return histogram{}
	}
	d := histogram{bounds: h.bounds, counts: make([]float64, len(h.counts))}
	for i := range h.counts {
		if old.bounds[i] != h.bounds[i] || h.counts[i] < old.counts[i] {
			return histogram{}
		}
		d.counts[i] = h.counts[i] - old.counts[i]
	}
	return d
}

// total is the number of samples.
func (h histogram) total() float64 {
	if len(h.counts) == 0 {
		return 0
	}
	return h.counts[len(h.counts)-1]
}

// over returns the share of the samples above the first bound at or above
// limit, and that bound: a histogram only knows its buckets.
func (h histogram) over(limit float64) (share, bound float64) {
	n := h.total()
	for i, b := range h.bounds {
		if b >= limit {
			if n == 0 {
				return 0, b
			}
			return (n - h.counts[i]) / n, b
		}
	}
	return 0, math.Inf(1)
}

// addBucket adds the sample line of a _bucket series with the one label
// le ({le="…"} value), in the order /metrics lists them (ascending
// bounds). A series with other labels too is another histogram's, and
// left out.
func (h *histogram) addBucket(labels, value string) error {
	le, ok := strings.CutPrefix(labels, `{le="`)
	if !ok || strings.Count(le, `"`) != 1 {
		return nil
	}
	if le, ok = strings.CutSuffix(le, `"}`); !ok {
		return nil
	}
	b, err := strconv.ParseFloat(le, 64) // "+Inf" included
	if err != nil {
		return err
	}
	v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
	if err != nil {
		return err
	}
	h.bounds, h.counts = append(h.bounds, b), append(h.counts, v)
	return nil
}

// schedMetric is the runtime's histogram of the time goroutines waited
// to run.
const schedMetric = "/sched/latencies:seconds"

// ownWaits reads this process's goroutine scheduling latencies.
func ownWaits() histogram {
	s := []metrics.Sample{{Name: schedMetric}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindFloat64Histogram {
		return histogram{}
	}
	rh := s[0].Value.Float64Histogram()
	// Buckets[i] and Buckets[i+1] bound Counts[i]: the upper bounds are
	// Buckets[1:], the last +Inf.
	h := histogram{bounds: make([]float64, len(rh.Counts)), counts: make([]float64, len(rh.Counts))}
	var sum float64
	for i, c := range rh.Counts {
		sum += float64(c)
		h.bounds[i], h.counts[i] = rh.Buckets[i+1], sum
	}
	return h
}

// waitsLine is the report's line of a histogram of waits for a core:
// the share of wake-ups that waited over about 10 and 100 ms.
func waitsLine(h histogram) string {
	if h.total() == 0 {
		return "no samples"
	}
	s10, b10 := h.over(0.010)
	s100, b100 := h.over(0.100)
	return fmt.Sprintf("%.2f%% over %s, %.2f%% over %s", 100*s10, boundMS(b10), 100*s100, boundMS(b100))
}

// boundMS writes a bucket bound in seconds as the report's milliseconds.
func boundMS(b float64) string {
	if math.IsInf(b, 1) {
		return "+Inf"
	}
	return ms(time.Duration(b * float64(time.Second)))
}

// ackLine is the report's line of the server's answer histogram: the
// share of answers acknowledged within 10, 25, 50 and 100 ms.
func ackLine(h histogram) string {
	if h.total() == 0 {
		return "no samples"
	}
	var b strings.Builder
	for i, limit := range []float64{0.010, 0.025, 0.050, 0.100} {
		share, bound := h.over(limit)
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "%.2f%% within %s", 100*(1-share), boundMS(bound))
	}
	return b.String()
}
