// Package metrics owns the service's Prometheus registry: HTTP request counts and latency by route
// and status, render latency by kind, and gauges read from the render pool on every scrape. It is the
// only package that imports the Prometheus client.
package metrics

import (
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// Metrics records what the server does.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	latency  *prometheus.HistogramVec
	renders  *prometheus.HistogramVec

	tasksOnce sync.Once
	tasks     *prometheus.CounterVec
}

// New returns a registry with the Go runtime and process collectors and the service's own metrics.
func New() *Metrics {
	m := &Metrics{
		reg: prometheus.NewRegistry(),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "brandgen_http_requests_total", Help: "HTTP requests by route, method and status.",
		}, []string{"route", "method", "status"}),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "brandgen_http_request_duration_seconds", Help: "HTTP request latency by route and method.",
			Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10, 30, 120},
		}, []string{"route", "method"}),
		renders: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Name: "brandgen_render_duration_seconds", Help: "Chromium render latency by kind and outcome.",
			Buckets: []float64{.025, .05, .1, .15, .2, .3, .5, .75, 1, 2, 5, 10, 30},
		}, []string{"kind", "outcome"}),
	}
	m.reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		m.requests, m.latency, m.renders)
	return m
}

// ObserveRequest records one HTTP request. route must come from a fixed set: the matched route
// pattern, or "unmatched" for 404s, so that ids in paths do not explode the label space. Methods
// outside the standard set fold into "OTHER" (a client picks the method, so it is never a label
// value as sent); statuses outside 100..599 fold into "other".
func (m *Metrics) ObserveRequest(route, method string, status int, d time.Duration) {
	method = MethodLabel(method)
	m.requests.WithLabelValues(route, method, statusLabel(status)).Inc()
	m.latency.WithLabelValues(route, method).Observe(d.Seconds())
}

// MethodLabel is method when it is one of the standard HTTP methods, else "OTHER".
func MethodLabel(method string) string {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodOptions, http.MethodConnect, http.MethodTrace:
		return method
	}
	return "OTHER"
}

func statusLabel(status int) string {
	if status < 100 || status > 599 {
		return "other"
	}
	return strconv.Itoa(status)
}

// ObserveRender records one render; it has the signature of the render pool's observer.
func (m *Metrics) ObserveRender(kind string, d time.Duration, err error) {
	outcome := "ok"
	if err != nil {
		outcome = "error"
	}
	m.renders.WithLabelValues(kind, outcome).Observe(d.Seconds())
}

// Gauge registers a gauge read from fn at every scrape, e.g. the pool's busy tabs.
func (m *Metrics) Gauge(name, help string, fn func() float64) {
	m.reg.MustRegister(prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: name, Help: help}, fn))
}

// Counter registers a monotonically increasing value read from fn at every scrape.
func (m *Metrics) Counter(name, help string, fn func() float64) {
	m.reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Name: name, Help: help}, fn))
}

// Handler serves the registry in the Prometheus text format.
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
}
