package loadtest

import (
	"cmp"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Stats are the counters and latency histograms of a run. Every field
// may be updated from any goroutine.
type Stats struct {
	// Connections.
	Open         atomic.Int64 // connections open now (after hello)
	Connects     atomic.Int64 // successful dials + hello
	ConnectFails atomic.Int64
	Drops        atomic.Int64 // connections the server ended
	// Presence mode.
	Presence   atomic.Int64 // presence pushes received
	Churns     atomic.Int64 // disconnect + connect swaps done
	PresenceUp atomic.Int64 // "online" pushes received
	// Matches mode.
	Started    atomic.Int64 // matches started (distinct)
	Finished   atomic.Int64 // matches over (distinct)
	Frames     atomic.Int64
	FrameBytes atomic.Int64
	Sent       atomic.Int64 // answers sent
	Durable    atomic.Int64 // answers acknowledged (durable)
	Resyncs    atomic.Int64 // watch again after a refusal

	// Connect is the time to dial and say hello.
	Connect Latency
	// AnswerFrame is from sending an answer to receiving the frame with
	// its step; AnswerReply to receiving its (durable) acknowledgement.
	// Both end when the connection's reader has the message, before the
	// bot's goroutine handles it.
	AnswerFrame Latency
	AnswerReply Latency
	// PresenceOnline is from an account's hello being sent to a friend
	// receiving its "online" presence.
	PresenceOnline Latency

	mu   sync.Mutex
	errs map[string]int64 // by code
}

// Error counts one error by its code.
func (s *Stats) Error(code string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.errs == nil {
		s.errs = map[string]int64{}
	}
	s.errs[code]++
}

// Errors returns the error counts by code.
func (s *Stats) Errors() map[string]int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return maps.Clone(s.errs)
}

// counters is a copy of the counters at one moment, for rates.
type counters struct {
	at                                              time.Time
	connects, presence, churns, started, finished   int64
	frames, frameBytes, sent, durable, resyncs, err int64
	errs                                            map[string]int64
}

func (s *Stats) counters() counters {
	m := s.Errors()
	var errs int64
	for _, n := range m {
		errs += n
	}
	return counters{
		at: time.Now(), connects: s.Connects.Load(), presence: s.Presence.Load(), churns: s.Churns.Load(),
		started: s.Started.Load(), finished: s.Finished.Load(), frames: s.Frames.Load(),
		frameBytes: s.FrameBytes.Load(), sent: s.Sent.Load(), durable: s.Durable.Load(),
		resyncs: s.Resyncs.Load(), err: errs, errs: m,
	}
}

// perSecond is (b-a)/seconds.
func perSecond(a, b int64, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(b-a) / d.Seconds()
}

// errorList is "stale_version 3, overloaded 1" (most frequent first).
func errorList(m map[string]int64) string {
	if len(m) == 0 {
		return "none"
	}
	keys := slices.Collect(maps.Keys(m))
	slices.SortFunc(keys, func(a, b string) int {
		if c := cmp.Compare(m[b], m[a]); c != 0 {
			return c
		}
		return strings.Compare(a, b)
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, ", ")
}
