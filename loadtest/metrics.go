package loadtest

import (
	"bufio"
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// serverSample is what the load generator reads of the server's
// /metrics (the Prometheus text format): the CPU time the server process
// has used lets a run on a shared machine say how much of a core the
// server actually had, and what one answer or connection cost it.
type serverSample struct {
	CPU        time.Duration // process_cpu_seconds_total
	RSS        int64         // process_resident_memory_bytes
	Goroutines int64         // go_goroutines
	OK         bool
	// Answers is tabletop_answer_seconds, Waits go_sched_latencies_seconds
	// (waits.go); empty when the server does not export them.
	Answers, Waits histogram
}

// serverMetrics reads the server's /metrics; OK is false if it could not.
func (d *Dialer) serverMetrics(ctx context.Context) serverSample {
	hc := d.HTTP
	if hc == nil {
		hc = http.DefaultClient
	}
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(d.URL, "/")+"/metrics", nil)
	if err != nil {
		return serverSample{}
	}
	resp, err := hc.Do(req)
	if err != nil {
		return serverSample{}
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return serverSample{}
	}
	s, err := parseMetrics(bufio.NewScanner(resp.Body))
	if err != nil {
		return serverSample{}
	}
	return s
}

// parseMetrics reads the three unlabelled samples and the two histograms
// serverSample holds.
func parseMetrics(sc *bufio.Scanner) (serverSample, error) {
	var s serverSample
	found := 0
	for sc.Scan() {
		name, val, ok := strings.Cut(sc.Text(), " ")
		if !ok || strings.HasPrefix(name, "#") {
			continue
		}
		if series, labels, ok := strings.Cut(name, "{"); ok {
			var h *histogram
			switch series {
			case "tabletop_answer_seconds_bucket":
				h = &s.Answers
			case "go_sched_latencies_seconds_bucket":
				h = &s.Waits
			default:
				continue
			}
			if err := h.addBucket("{"+labels, val); err != nil {
				return s, fmt.Errorf("loadtest: metrics: %s: %w", series, err)
			}
			continue
		}
		var dst func(float64)
		switch name {
		case "process_cpu_seconds_total":
			dst = func(v float64) { s.CPU = time.Duration(v * float64(time.Second)) }
		case "process_resident_memory_bytes":
			dst = func(v float64) { s.RSS = int64(v) }
		case "go_goroutines":
			dst = func(v float64) { s.Goroutines = int64(v) }
		default:
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(val), 64)
		if err != nil {
			return s, fmt.Errorf("loadtest: metrics: %s: %w", name, err)
		}
		dst(v)
		found++
	}
	if err := sc.Err(); err != nil {
		return s, fmt.Errorf("loadtest: metrics: %w", err)
	}
	s.OK = found > 0
	return s, nil
}
