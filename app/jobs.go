package app

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/jobs"
	"github.com/brandgen/brandgen/metrics"
	"github.com/brandgen/brandgen/studio"
)

// AdminRoot is where the asynqmon dashboard is mounted.
const AdminRoot = "/admin/queues"

// openJobs connects the job queue, its dashboard and its metrics.
func (a *App) openJobs() error {
	q, err := jobs.Open(a.jobsConfig())
	if err != nil {
		return err
	}
	a.Jobs = q
	a.closers = append(a.closers, q.Close)
	if a.Config.AdminPassword != "" {
		mon := q.Monitor(AdminRoot, !a.Config.AdminWrite)
		a.Admin = mon
		a.closers = append(a.closers, mon.Close)
	}
	a.Metrics.JobQueues(func() ([]metrics.QueueSample, error) {
		stats, err := q.Stats()
		if err != nil {
			return nil, err
		}
		out := make([]metrics.QueueSample, len(stats))
		for i, s := range stats {
			out[i] = metrics.QueueSample{Queue: s.Queue, Processed: s.ProcessedTotal, Failed: s.FailedTotal, States: map[string]int{
				"pending": s.Pending, "active": s.Active, "scheduled": s.Scheduled, "retry": s.Retry,
				"archived": s.Archived, "completed": s.Completed}}
		}
		return out, nil
	})
	return nil
}

func (a *App) jobsConfig() jobs.Config {
	return jobs.Config{RedisURL: a.Config.RedisURL, Prefix: a.Config.JobsPrefix}
}

// Worker builds the async worker over the App's render pool. It runs twice as many tasks at once as
// the pool has tabs, so that a tab never idles while a finished render is encoded and stored (the
// extra tasks wait in the pool's queue). Start it, and Stop it before Close.
func (a *App) Worker() (*jobs.Worker, error) {
	if a.Config.RedisURL == "" {
		return nil, fmt.Errorf("the worker needs REDIS_URL")
	}
	work := jobs.Work{
		Animate: a.Animator.AnimateReport,
		Render:  a.renderItem,
		Refund:  a.Meter.RefundPeriod,
	}
	return jobs.NewWorker(a.jobsConfig(), work, jobs.WorkerOptions{
		Concurrency: 2 * a.Config.Browsers * a.Config.Tabs, Logger: a.Log, Observe: a.Metrics.ObserveTask,
	})
}

// renderItem renders one batch item (content validated when the batch was accepted) and returns
// the fit warnings of its render.
func (a *App) renderItem(ctx context.Context, it jobs.Item) ([]byte, []brandgen.Warning, error) {
	content, issues := a.Catalog.Decode(it.Format, json.RawMessage(it.Content), "content.")
	if err := brandgen.Invalid(issues); err != nil {
		return nil, nil, err
	}
	return a.Studio.RenderReport(ctx, studio.Job{AccountID: it.AccountID, Pattern: it.Format, Content: content,
		Look: it.Look.WithDefaults(), Brand: it.Brand, Unbranded: it.Unbranded})
}
