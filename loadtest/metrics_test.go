package loadtest

import (
	"bufio"
	"strings"
	"testing"
	"time"
)

// TestParseMetrics reads the process samples from the Prometheus text
// format /metrics serves, ignoring comments, labels and other samples.
func TestParseMetrics(t *testing.T) {
	text := `# HELP process_cpu_seconds_total Total user and system CPU time spent in seconds.
# TYPE process_cpu_seconds_total counter
process_cpu_seconds_total 15.25
go_goroutines 63
tabletop_messages_total{type="answer"} 12
process_resident_memory_bytes 4.5694976e+07
`
	s, err := parseMetrics(bufio.NewScanner(strings.NewReader(text)))
	if err != nil {
		t.Fatal(err)
	}
	if s.CPU != 15250*time.Millisecond || s.RSS != 45694976 || s.Goroutines != 63 || !s.OK {
		t.Errorf("parseMetrics = %+v, want CPU 15.25s, RSS 45694976, 63 goroutines, OK", s)
	}
	if s.Answers.total() != 0 || s.Waits.total() != 0 {
		t.Errorf("parseMetrics found histograms in a text without any: %+v, %+v", s.Answers, s.Waits)
	}
	if _, err := parseMetrics(bufio.NewScanner(strings.NewReader("go_goroutines many\n"))); err == nil {
		t.Errorf("parseMetrics of a bad number: no error")
	}
	if s, _ := parseMetrics(bufio.NewScanner(strings.NewReader("# nothing\n"))); s.OK {
		t.Errorf("parseMetrics of no samples: OK")
	}
}
