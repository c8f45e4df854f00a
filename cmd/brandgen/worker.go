package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/brandgen/brandgen/app"
)

// worker runs the async job worker (animations, batch items) on REDIS_URL with its own render pool,
// plus a small HTTP listener on BRANDGEN_WORKER_ADDR for /healthz, /readyz and /metrics. On SIGTERM
// it stops taking tasks, lets running ones finish for up to 30 s and re-queues the rest.
func worker(ctx context.Context, cfg app.Config, log *slog.Logger, args []string) error {
	if len(args) > 0 {
		return usageError("usage: brandgen worker")
	}
	if cfg.RedisURL == "" {
		return errors.New("the worker needs REDIS_URL (the same Redis as the server)")
	}
	slog.SetDefault(log)
	a, err := app.New(ctx, cfg, log, app.Overrides{StoreWait: time.Minute})
	if err != nil {
		return err
	}
	defer a.Close()
	a.Warm(ctx)
	w, err := a.Worker()
	if err != nil {
		return err
	}
	if err := w.Start(); err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(rw http.ResponseWriter, _ *http.Request) {
		rw.Header().Set("content-type", "application/json")
		fmt.Fprintln(rw, `{"status":"ok"}`)
	})
	mux.HandleFunc("GET /readyz", func(rw http.ResponseWriter, r *http.Request) {
		rctx, cancel := context.WithTimeout(r.Context(), 3*time.Second)
		defer cancel()
		for name, check := range a.Ready {
			if err := check(rctx); err != nil {
				http.Error(rw, name+": "+err.Error(), http.StatusServiceUnavailable)
				return
			}
		}
		fmt.Fprintln(rw, `{"status":"ready"}`)
	})
	mux.Handle("GET /metrics", a.Metrics.Handler())
	srv := &http.Server{Addr: cfg.WorkerAddr, Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Warn("worker health listener failed", "addr", cfg.WorkerAddr, "err", err)
		}
	}()
	log.Info("worker running", "queues", []string{a.Jobs.Config().AnimateQueue(), a.Jobs.Config().BatchQueue()},
		"concurrency", 2*cfg.Browsers*cfg.Tabs, "health", cfg.WorkerAddr)
	<-ctx.Done()
	log.Info("worker stopping: finishing running tasks (up to 30 s), re-queueing the rest")
	w.Stop()
	sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = srv.Shutdown(sctx)
	return nil
}
