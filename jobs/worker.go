package jobs

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"sync/atomic"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/animate"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// Work is what a worker runs. Each function returns the encoded image.
type Work struct {
	// Animate makes a reveal GIF and returns the fit warnings of its page (as Render), which
	// GET /jobs reports [animate.Animator.AnimateReport].
	Animate func(ctx context.Context, r animate.Request) ([]byte, []brandgen.Warning, error)
	// Render makes one batch item's PNG and returns the fit warnings of its render (what the page
	// left out to fit; see brandgen.Warning), which GET /jobs and the batch status report.
	Render func(ctx context.Context, it Item) ([]byte, []brandgen.Warning, error)
	// Refund gives back n generations of the account's metering period (an animation that failed
	// for good). May be nil.
	Refund func(ctx context.Context, accountID int64, period string, n int) error
	// Retryable says whether a failure may pass when tried again [animate.Retryable].
	Retryable func(error) bool
}

// WorkerOptions configure a Worker.
type WorkerOptions struct {
	// Concurrency is how many tasks run at once: the render pool's tabs.
	Concurrency int
	// ShutdownTimeout is how long Stop waits for running tasks before re-queueing them [30s].
	ShutdownTimeout time.Duration
	Logger          *slog.Logger
	// Observe, when set, is told each task's kind ("animate", "item") and outcome ("done",
	// "retry", "failed").
	Observe func(kind, outcome string)
}

// Worker runs tasks from both queues on an asynq server.
type Worker struct {
	cfg  Config
	srv  *asynq.Server
	rdb  redis.UniversalClient
	work Work
	log  *slog.Logger
	obs  func(kind, outcome string)
	ran  atomic.Int64
}

// NewWorker builds a worker; Start runs it.
func NewWorker(cfg Config, work Work, o WorkerOptions) (*Worker, error) {
	cfg = cfg.withDefaults()
	_, rdb, err := connect(cfg.RedisURL)
	if err != nil {
		return nil, err
	}
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	if o.Concurrency < 1 {
		o.Concurrency = 1
	}
	if o.ShutdownTimeout <= 0 {
		o.ShutdownTimeout = 30 * time.Second
	}
	if work.Retryable == nil {
		work.Retryable = animate.Retryable
	}
	w := &Worker{cfg: cfg, rdb: rdb, work: work, log: o.Logger, obs: o.Observe}
	w.srv = asynq.NewServerFromRedisClient(rdb, asynq.Config{
		Concurrency: o.Concurrency,
		// Animations are interactive: they go first, batch items fill the rest.
		Queues:          map[string]int{cfg.AnimateQueue(): 3, cfg.BatchQueue(): 1},
		RetryDelayFunc:  func(n int, _ error, _ *asynq.Task) time.Duration { return time.Duration(n+1) * time.Second },
		ShutdownTimeout: o.ShutdownTimeout,
		// Pick new work quickly: the default waits a second between polls of empty queues.
		TaskCheckInterval:        200 * time.Millisecond,
		DelayedTaskCheckInterval: time.Second,
		Logger:                   asynqLogger{o.Logger},
		LogLevel:                 asynq.WarnLevel,
	})
	return w, nil
}

// Start runs the worker in the background.
func (w *Worker) Start() error {
	mux := asynq.NewServeMux()
	mux.HandleFunc(typeAnimate, w.animate)
	mux.HandleFunc(typeItem, w.item)
	if err := w.srv.Start(mux); err != nil {
		return fmt.Errorf("jobs: start worker: %w", err)
	}
	return nil
}

// Stop stops taking tasks, waits up to the shutdown timeout for running ones and re-queues the
// rest, then closes the connection.
func (w *Worker) Stop() {
	w.srv.Shutdown()
	w.rdb.Close()
}

// Ran is how many tasks the worker has finished (done or failed).
func (w *Worker) Ran() int64 { return w.ran.Load() }

func (w *Worker) animate(ctx context.Context, t *asynq.Task) error {
	var p animateTask
	if err := json.Unmarshal(t.Payload(), &p); err != nil {
		return fmt.Errorf("corrupt animate payload: %v: %w", err, asynq.SkipRetry)
	}
	gif, warnings, err := w.work.Animate(ctx, p.Request)
	if err == nil {
		gif, err = encodeResult(gif, warnings)
	}
	if err == nil {
		err = writeResult(t, gif)
	}
	return w.finish(ctx, "animate", err, func(msg string) {
		if w.work.Refund != nil && p.Period != "" {
			if rerr := w.work.Refund(context.WithoutCancel(ctx), p.Request.AccountID, p.Period, 1); rerr != nil {
				w.log.Error("refund of a failed animation failed", "account", p.Request.AccountID, "err", rerr)
			}
		}
	})
}

func (w *Worker) item(ctx context.Context, t *asynq.Task) error {
	var it Item
	if err := json.Unmarshal(t.Payload(), &it); err != nil {
		return fmt.Errorf("corrupt batch item payload: %v: %w", err, asynq.SkipRetry)
	}
	png, warnings, err := w.work.Render(ctx, it)
	if err == nil {
		png, err = encodeResult(png, warnings)
	}
	if err == nil {
		if err = writeResult(t, png); err == nil {
			if err = markSettled(ctx, w.rdb, w.cfg, it.BatchID, it.Index, doneMark); err != nil {
				err = fmt.Errorf("%w: %w", errRedis, err)
			}
		}
	}
	return w.finish(ctx, "item", err, func(msg string) {
		if merr := markSettled(context.WithoutCancel(ctx), w.rdb, w.cfg, it.BatchID, it.Index, msg); merr != nil {
			w.log.Warn("recording a failed batch item", "batch", it.BatchID, "index", it.Index, "err", merr)
		}
	})
}

// finish turns a task's error into asynq's verdict: nil (done), the error (retried) or the
// caller-facing message wrapping SkipRetry (failed for good, after failed(msg)).
func (w *Worker) finish(ctx context.Context, kind string, err error, failed func(msg string)) error {
	id, _ := asynq.GetTaskID(ctx)
	if err == nil {
		w.ran.Add(1)
		w.observe(kind, "done")
		return nil
	}
	if errors.Is(ctx.Err(), context.Canceled) {
		// The worker is stopping: asynq re-queues the task; it has not failed.
		return err
	}
	retried, _ := asynq.GetRetryCount(ctx)
	maxRetry, _ := asynq.GetMaxRetry(ctx)
	if (w.work.Retryable(err) || errors.Is(err, errRedis)) && retried < maxRetry {
		w.log.Warn("job failed; retrying", "job", id, "kind", kind, "attempt", retried+1, "err", err)
		w.observe(kind, "retry")
		return err
	}
	msg := failureMessage(err, retried)
	w.log.Error("job failed", "job", id, "kind", kind, "attempts", retried+1, "err", err)
	failed(msg)
	w.ran.Add(1)
	w.observe(kind, "failed")
	return fmt.Errorf("%s: %w", msg, asynq.SkipRetry)
}

// errRedis marks a failure to store a result: Redis went away, the render can run again.
var errRedis = errors.New("storing the result in Redis failed")

func writeResult(t *asynq.Task, img []byte) error {
	if _, err := t.ResultWriter().Write(img); err != nil {
		return fmt.Errorf("%w: %w", errRedis, err)
	}
	return nil
}

func (w *Worker) observe(kind, outcome string) {
	if w.obs != nil {
		w.obs(kind, outcome)
	}
}

// failureMessage is what the caller sees of a failure: the cause for errors meant for callers,
// a plain summary otherwise (details go to the worker's log).
func failureMessage(err error, retried int) string {
	tries := fmt.Sprintf(" (tried %d times)", retried+1)
	if retried == 0 {
		tries = ""
	}
	if e, ok := brandgen.AsError(err); ok && e.Code != brandgen.CodeInternal && e.Code != brandgen.CodeRenderBusy {
		return e.Message
	}
	switch {
	case errors.Is(err, brandgen.ErrNotFound):
		return "not found: the diagram was deleted"
	case errors.Is(err, brandgen.ErrRenderBusy):
		return "the renderer was busy or its browser restarted" + tries
	case errors.Is(err, context.DeadlineExceeded):
		return "the render timed out" + tries
	}
	if animate.Retryable(err) || errors.Is(err, errRedis) {
		return "the render did not finish" + tries
	}
	return "internal error while rendering" + tries
}

// asynqLogger sends asynq's logs to slog.
type asynqLogger struct{ l *slog.Logger }

func (a asynqLogger) Debug(args ...any) { a.l.Debug(fmt.Sprint(args...), "component", "asynq") }
func (a asynqLogger) Info(args ...any)  { a.l.Info(fmt.Sprint(args...), "component", "asynq") }
func (a asynqLogger) Warn(args ...any)  { a.l.Warn(fmt.Sprint(args...), "component", "asynq") }
func (a asynqLogger) Error(args ...any) { a.l.Error(fmt.Sprint(args...), "component", "asynq") }
func (a asynqLogger) Fatal(args ...any) { a.l.Error(fmt.Sprint(args...), "component", "asynq") }
