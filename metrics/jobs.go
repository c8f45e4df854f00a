package metrics

import (
	"github.com/prometheus/client_golang/prometheus"
)

// QueueSample is one job queue's depth by state and its all-time outcome counters.
type QueueSample struct {
	Queue     string
	States    map[string]int // pending, active, scheduled, retry, archived, completed
	Processed int            // tasks that ran, done or failed
	Failed    int            // tasks that failed (attempts, retried ones included)
}

// JobQueues exports the job queues read from read at every scrape: brandgen_jobs_queue_tasks
// {queue,state}, brandgen_jobs_processed_total{queue} and brandgen_jobs_failed_total{queue}. A read
// error exports nothing for that scrape.
func (m *Metrics) JobQueues(read func() ([]QueueSample, error)) {
	m.reg.MustRegister(&queueCollector{read: read})
}

var (
	queueTasks = prometheus.NewDesc("brandgen_jobs_queue_tasks", "Async job tasks by queue and state.", []string{"queue", "state"}, nil)
	processed  = prometheus.NewDesc("brandgen_jobs_processed_total", "Async job tasks processed (done or failed), by queue.", []string{"queue"}, nil)
	failed     = prometheus.NewDesc("brandgen_jobs_failed_total", "Async job task attempts that failed, by queue.", []string{"queue"}, nil)
)

type queueCollector struct {
	read func() ([]QueueSample, error)
}

func (c *queueCollector) Describe(ch chan<- *prometheus.Desc) {
	ch <- queueTasks
	ch <- processed
	ch <- failed
}

func (c *queueCollector) Collect(ch chan<- prometheus.Metric) {
	samples, err := c.read()
	if err != nil {
		return
	}
	for _, s := range samples {
		for state, n := range s.States {
			ch <- prometheus.MustNewConstMetric(queueTasks, prometheus.GaugeValue, float64(n), s.Queue, state)
		}
		ch <- prometheus.MustNewConstMetric(processed, prometheus.CounterValue, float64(s.Processed), s.Queue)
		ch <- prometheus.MustNewConstMetric(failed, prometheus.CounterValue, float64(s.Failed), s.Queue)
	}
}

// ObserveTask counts one task outcome of this worker process: brandgen_jobs_tasks_total{kind,outcome}
// (kind animate or item; outcome done, retry or failed).
func (m *Metrics) ObserveTask(kind, outcome string) {
	m.tasksOnce.Do(func() {
		m.tasks = prometheus.NewCounterVec(prometheus.CounterOpts{
			Name: "brandgen_jobs_tasks_total", Help: "Async job tasks run by this worker, by kind and outcome.",
		}, []string{"kind", "outcome"})
		m.reg.MustRegister(m.tasks)
	})
	m.tasks.WithLabelValues(kind, outcome).Inc()
}
