package jobs

import (
	"errors"
	"fmt"
	"net/http"
	"slices"

	"github.com/hibiken/asynq"
	"github.com/hibiken/asynqmon"
)

// Monitor is the asynqmon dashboard served under root (e.g. "/admin/queues"); readOnly hides the
// actions that change tasks (delete, run, archive). The caller puts authentication in front of it
// and Closes it with the queue.
func (q *Queue) Monitor(root string, readOnly bool) *asynqmon.HTTPHandler {
	return asynqmon.New(asynqmon.Options{
		RootPath:     root,
		RedisConnOpt: q.opt,
		ReadOnly:     readOnly,
		// Payloads can carry logos as data URIs; results are images.
		PayloadFormatter: asynqmon.PayloadFormatterFunc(func(_ string, p []byte) string {
			if len(p) > 2048 {
				return string(p[:2048]) + fmt.Sprintf("… (%d bytes)", len(p))
			}
			return string(p)
		}),
		ResultFormatter: asynqmon.ResultFormatterFunc(func(_ string, r []byte) string {
			if len(r) == 0 {
				return ""
			}
			mime := "image/png"
			if len(r) >= 3 && string(r[:3]) == "GIF" {
				mime = "image/gif"
			}
			return fmt.Sprintf("%s, %d bytes", mime, len(r))
		}),
	})
}

var _ http.Handler = (*asynqmon.HTTPHandler)(nil)

// QueueStats is one queue's depth and task outcomes.
type QueueStats struct {
	Queue                             string
	Pending, Active, Scheduled, Retry int
	Archived, Completed               int
	ProcessedTotal, FailedTotal       int
}

// Stats reads both queues' depths and outcome counters; a queue not used yet reads as zeros.
func (q *Queue) Stats() ([]QueueStats, error) {
	var out []QueueStats
	known, err := q.insp.Queues()
	if err != nil {
		return nil, unavailable("queue stats", err)
	}
	for _, name := range []string{q.cfg.AnimateQueue(), q.cfg.BatchQueue()} {
		if !slices.Contains(known, name) {
			out = append(out, QueueStats{Queue: name})
			continue
		}
		info, err := q.insp.GetQueueInfo(name)
		if err != nil {
			return nil, unavailable("queue stats", err)
		}
		out = append(out, QueueStats{Queue: name, Pending: info.Pending, Active: info.Active, Scheduled: info.Scheduled,
			Retry: info.Retry, Archived: info.Archived, Completed: info.Completed,
			ProcessedTotal: info.ProcessedTotal, FailedTotal: info.FailedTotal})
	}
	return out, nil
}

// DeleteQueues removes both queues and their tasks (tests clean up their own queues with it).
func (q *Queue) DeleteQueues() error {
	var errs []error
	for _, name := range []string{q.cfg.AnimateQueue(), q.cfg.BatchQueue()} {
		if err := q.insp.DeleteQueue(name, true); err != nil && !errors.Is(err, asynq.ErrQueueNotFound) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
