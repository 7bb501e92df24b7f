package loadtest

import (
	"bufio"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// metricsAt is /metrics text with the server's two histograms as a
// Prometheus client writes them, and a sample of another labelled series.
func metricsAt(acks [5]int, waits [4]int) string {
	return `process_cpu_seconds_total 1.5
# TYPE tabletop_answer_seconds histogram
tabletop_answer_seconds_bucket{le="0.01"} ` + strconv.Itoa(acks[0]) + `
tabletop_answer_seconds_bucket{le="0.025"} ` + strconv.Itoa(acks[1]) + `
tabletop_answer_seconds_bucket{le="0.05"} ` + strconv.Itoa(acks[2]) + `
tabletop_answer_seconds_bucket{le="0.1"} ` + strconv.Itoa(acks[3]) + `
tabletop_answer_seconds_bucket{le="+Inf"} ` + strconv.Itoa(acks[4]) + `
tabletop_answer_seconds_sum 12.5
tabletop_answer_seconds_count ` + strconv.Itoa(acks[4]) + `
tabletop_messages_total{type="answer"} 12
go_sched_latencies_seconds_bucket{le="0.0009175039999999999"} ` + strconv.Itoa(waits[0]) + `
go_sched_latencies_seconds_bucket{le="0.010485759999999998"} ` + strconv.Itoa(waits[1]) + `
go_sched_latencies_seconds_bucket{le="0.11744051199999998"} ` + strconv.Itoa(waits[2]) + `
go_sched_latencies_seconds_bucket{le="+Inf"} ` + strconv.Itoa(waits[3]) + `
`
}

// TestServerHistograms reads the server's answer and scheduling
// histograms at two moments and reports the window between them: what
// the acknowledgement and wait lines of the report say.
func TestServerHistograms(t *testing.T) {
	read := func(text string) serverSample {
		t.Helper()
		s, err := parseMetrics(bufio.NewScanner(strings.NewReader(text)))
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	before := read(metricsAt([5]int{100, 100, 100, 100, 100}, [4]int{10, 10, 10, 10}))
	after := read(metricsAt([5]int{700, 800, 900, 990, 1100}, [4]int{810, 900, 980, 1010}))
	if want := []float64{0.01, 0.025, 0.05, 0.1, math.Inf(1)}; !slices.Equal(after.Answers.bounds, want) {
		t.Fatalf("answer buckets %v, want %v", after.Answers.bounds, want)
	}
	acks := after.Answers.since(before.Answers)
	if acks.total() != 1000 {
		t.Fatalf("window total %v, want 1000", acks.total())
	}
	if got, want := ackLine(acks), "60.00% within 10.0ms, 70.00% within 25.0ms, 80.00% within 50.0ms, 89.00% within 100.0ms"; got != want {
		t.Errorf("ackLine = %q, want %q", got, want)
	}
	waits := after.Waits.since(before.Waits)
	// 1,000 wake-ups: 800 within 0.92 ms, 90 more within 10.5 ms, 80
	// more within 117 ms: over 10 ms is over the first bound at or above
	// it.
	if got, want := waitsLine(waits), "11.00% over 10.5ms, 3.00% over 117.4ms"; got != want {
		t.Errorf("waitsLine = %q, want %q", got, want)
	}
	if share, bound := waits.over(0.0005); bound != 0.0009175039999999999 || math.Abs(share-0.2) > 1e-9 {
		t.Errorf("over(0.5ms) = %v above %v, want 0.2 above 0.917ms", share, bound)
	}
	// A restarted server (fewer samples) or other buckets: no window.
	if d := before.Answers.since(after.Answers); d.total() != 0 {
		t.Errorf("since a later reading: %v samples, want none", d.total())
	}
	if d := after.Answers.since(after.Waits); d.total() != 0 {
		t.Errorf("since another histogram: %v samples, want none", d.total())
	}
	if got := ackLine(histogram{}); got != "no samples" {
		t.Errorf("ackLine of nothing = %q", got)
	}
	if _, err := parseMetrics(bufio.NewScanner(strings.NewReader(`tabletop_answer_seconds_bucket{le="soon"} 3` + "\n"))); err == nil {
		t.Errorf("a bucket with a bad bound: no error")
	}
	// A series with more labels than le is another histogram's: not read,
	// and no reason to lose the rest of the sample.
	labelled := `tabletop_answer_seconds_bucket{le="0.01",route="x"} 5` + "\n" + `tabletop_answer_seconds_bucket{route="x",le="0.01"} 5` + "\n" + "go_goroutines 7\n"
	if s, err := parseMetrics(bufio.NewScanner(strings.NewReader(labelled))); err != nil || s.Answers.total() != 0 || s.Goroutines != 7 {
		t.Errorf("parseMetrics of a labelled histogram = %+v, %v; want it skipped and the goroutines read", s, err)
	}
}

// TestOwnWaits reads the generator's own scheduling latencies: a
// cumulative histogram ending in +Inf that grows as goroutines run (the
// runtime times one wake-up in eight).
func TestOwnWaits(t *testing.T) {
	h0 := ownWaits()
	if len(h0.bounds) == 0 || !math.IsInf(h0.bounds[len(h0.bounds)-1], 1) {
		t.Fatalf("ownWaits: %d buckets, last %v; want a histogram ending in +Inf", len(h0.bounds), h0.bounds)
	}
	for i := 1; i < len(h0.counts); i++ {
		if h0.counts[i] < h0.counts[i-1] {
			t.Fatalf("ownWaits not cumulative at %d: %v < %v", i, h0.counts[i], h0.counts[i-1])
		}
	}
	done := make(chan struct{})
	for range 1000 {
		go func() { done <- struct{}{} }()
	}
	for range 1000 {
		<-done
	}
	if d := ownWaits().since(h0); d.total() < 50 {
		t.Errorf("1,000 goroutines ran, the window has %v wake-ups timed", d.total())
	}
}
