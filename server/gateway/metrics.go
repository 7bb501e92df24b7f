package gateway

import (
	"net/http"
	"strconv"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"tabletop/store"
)

// metrics is the server's own Prometheus registry (no global one).
type metrics struct {
	reg      *prometheus.Registry
	answer   prometheus.Histogram
	messages *prometheus.CounterVec
	errors   *prometheus.CounterVec
}

func newMetrics(s *Server) *metrics {
	m := &metrics{
		reg: prometheus.NewRegistry(),
		answer: prometheus.NewHistogram(prometheus.HistogramOpts{
			Name:    "tabletop_answer_seconds",
			Help:    "Time from an answer message arriving to its durable acknowledgement.",
			Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1, 2.5},
		}),
		messages: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tabletop_messages_total",
			Help: "WebSocket messages received, by type (invalid for undecodable ones).",
		}, []string{"type"}),
		errors: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "tabletop_errors_total",
			Help: "Refusals sent to clients, by error code.",
		}, []string{"code"}),
	}
	m.reg.MustRegister(
		// The collector's figures (/gc/scan/*, pauses, scheduler latency)
		// are what an operator needs to see why answers wait.
		collectors.NewGoCollector(collectors.WithGoCollectorRuntimeMetrics(
			collectors.MetricsGC, collectors.MetricsScheduler)),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.answer, m.messages, m.errors,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "tabletop_live_matches",
			Help: "Matches being hosted.",
		}, func() float64 { return float64(s.mgr.count()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "tabletop_connections",
			Help: "Open WebSocket connections.",
		}, func() float64 { return float64(s.hub.count()) }),
		&queueCollector{s: s, desc: prometheus.NewDesc(
			"tabletop_queue_players", "Players waiting in each matchmaking queue.", []string{"players"}, nil)},
	)
	m.reg.MustRegister(storeCollectors(s.cfg.Store)...)
	return m
}

func (m *metrics) handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}

// queueCollector reads the lobby's queue sizes at scrape time.
type queueCollector struct {
	s    *Server
	desc *prometheus.Desc
}

func (q *queueCollector) Describe(ch chan<- *prometheus.Desc) { ch <- q.desc }

func (q *queueCollector) Collect(ch chan<- prometheus.Metric) {
	qs, ok := q.s.lobby.(QueueSizer)
	if !ok {
		return
	}
	for players, n := range qs.QueueSizes() {
		ch <- prometheus.MustNewConstMetric(q.desc, prometheus.GaugeValue, float64(n), strconv.Itoa(players))
	}
}

// storeCollectors returns the counters of the store's group-committing
// writer, when it reports them (store.WriterStats): writes per commit is
// the group commit's batch size, which tells an operator how far the
// store is from committing each answer alone.
func storeCollectors(st store.Store) []prometheus.Collector {
	ws, ok := st.(interface{ WriterStats() store.WriterStats })
	if !ok {
		return nil
	}
	return []prometheus.Collector{
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "tabletop_store_commits_total",
			Help: "Transactions committed (or rolled back) by the store's group-committing writer.",
		}, func() float64 { return float64(ws.WriterStats().Batches) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{
			Name: "tabletop_store_writes_total",
			Help: "Writes (appended answers and other changes) those transactions carried.",
		}, func() float64 { return float64(ws.WriterStats().Writes) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{
			Name: "tabletop_store_journal_pending_bytes",
			Help: "Acknowledged answers in the answer journal not yet in the database (bytes): what a restart applies first.",
		}, func() float64 { return float64(ws.WriterStats().JournalPending) }),
	}
}
