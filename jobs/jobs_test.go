package jobs

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/animate"
	"github.com/brandgen/brandgen/db/dbtest"
)

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

func testQueue(t *testing.T) *Queue {
	t.Helper()
	q, err := Open(Config{RedisURL: dbtest.RedisURL(t), Prefix: NewID("bgtest")})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = q.DeleteQueues()
		q.Close()
	})
	return q
}

func TestIDs(t *testing.T) {
	seen := map[string]bool{}
	for i := 0; i < 1000; i++ {
		id := NewID("job")
		if !validID(id, "job") || seen[id] {
			t.Fatalf("id %q invalid or repeated", id)
		}
		seen[id] = true
	}
	for _, bad := range []string{"", "job_", "job_short", "batch_" + NewID("job")[4:], "job_AAAAAAAAAAAAAAAAAAAAAAAAAA", "job_aaaaaaaaaaaaaaaaaaaaaaaaa1"} {
		if validID(bad, "job") {
			t.Errorf("%q accepted", bad)
		}
	}
}

func TestFailureMessages(t *testing.T) {
	cases := []struct {
		err     error
		retried int
		want    string
	}{
		{fmt.Errorf("x: %w", brandgen.ErrRenderBusy), 2, "the renderer was busy or its browser restarted (tried 3 times)"},
		{context.DeadlineExceeded, 0, "the render timed out"},
		{errors.New("boom at line 3"), 0, "internal error while rendering"},
		{brandgen.Invalid([]brandgen.Issue{{Field: "x", Message: "bad"}}), 0, "the request has invalid fields"},
		{fmt.Errorf("diagram: %w", brandgen.ErrNotFound), 0, "not found: the diagram was deleted"},
	}
	for _, tc := range cases {
		if got := failureMessage(tc.err, tc.retried); got != tc.want {
			t.Errorf("failureMessage(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
	if got := userError("the render timed out: skip retry for the task", 0); got != "the render timed out" {
		t.Errorf("userError kept asynq's suffix: %q", got)
	}
	if got := userError("asynq: task lease expired", 2); !strings.Contains(got, "stopped 3 times") {
		t.Errorf("userError of a lease expiry: %q", got)
	}
}

// TestRetriesAndRefund runs a worker whose work fails: retryable failures are tried 1+2 times, other
// failures once; a failed animation is refunded once; statuses and owners are enforced.
func TestRetriesAndRefund(t *testing.T) {
	q := testQueue(t)
	var (
		mu       sync.Mutex
		attempts = map[string]int{}
		refunds  []string
	)
	work := Work{
		Animate: func(ctx context.Context, r animate.Request) ([]byte, []brandgen.Warning, error) {
			mu.Lock()
			attempts[r.Format]++
			mu.Unlock()
			switch r.Format {
			case "busy":
				return nil, nil, fmt.Errorf("render: %w", brandgen.ErrRenderBusy)
			case "broken":
				return nil, nil, errors.New("template exploded")
			case "warned": // an animation whose page left the subtitle out
				return []byte("GIF89a fake"), []brandgen.Warning{{Code: "content_dropped", Message: "left out", Path: "content.subtitle"}}, nil
			}
			return []byte("GIF89a fake"), nil, nil
		},
		Render: func(ctx context.Context, it Item) ([]byte, []brandgen.Warning, error) {
			if it.Index == 2 { // a render that left the subtitle out
				return []byte("\x89PNG fake"), []brandgen.Warning{{Code: "content_dropped", Message: "left out", Path: "content.subtitle"}}, nil
			}
			return []byte("\x89PNG fake"), nil, nil
		},
		Refund: func(ctx context.Context, accountID int64, period string, n int) error {
			mu.Lock()
			refunds = append(refunds, fmt.Sprintf("%d/%s/%d", accountID, period, n))
			mu.Unlock()
			return nil
		},
	}
	w, err := NewWorker(q.Config(), work, WorkerOptions{Concurrency: 2, Logger: quiet})
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	ctx := context.Background()
	ids := map[string]string{}
	for _, f := range []string{"ok", "busy", "broken", "warned"} {
		id, err := q.EnqueueAnimate(ctx, animate.Request{AccountID: 7, Format: f}, "2026-11")
		if err != nil {
			t.Fatal(err)
		}
		ids[f] = id
	}
	wait := func(id string) JobStatus {
		deadline := time.Now().Add(30 * time.Second)
		for {
			st, err := q.Job(ctx, 7, id)
			if err != nil {
				t.Fatal(err)
			}
			if st.Status == StatusDone || st.Status == StatusFailed {
				return st
			}
			if time.Now().After(deadline) {
				t.Fatalf("job %s still %s", id, st.Status)
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	if st := wait(ids["ok"]); st.Status != StatusDone || st.Image != "data:image/gif;base64,R0lGODlhIGZha2U=" || st.Error != "" || st.Warnings != nil {
		t.Fatalf("ok job: %+v", st)
	}
	// An animation's warnings travel with its job; the image is the bare GIF.
	if st := wait(ids["warned"]); st.Status != StatusDone || st.Image != "data:image/gif;base64,R0lGODlhIGZha2U=" ||
		!reflect.DeepEqual(st.Warnings, []brandgen.Warning{{Code: "content_dropped", Message: "left out", Path: "content.subtitle"}}) {
		t.Fatalf("warned job: %+v", st)
	}
	if st := wait(ids["busy"]); st.Status != StatusFailed || st.Image != "" || st.Error != "the renderer was busy or its browser restarted (tried 3 times)" {
		t.Fatalf("busy job: %+v", st)
	}
	if st := wait(ids["broken"]); st.Status != StatusFailed || st.Error != "internal error while rendering" {
		t.Fatalf("broken job: %+v", st)
	}
	mu.Lock()
	if attempts["busy"] != 3 || attempts["broken"] != 1 || attempts["ok"] != 1 || attempts["warned"] != 1 {
		t.Errorf("attempts %v, want busy 3, broken 1, ok 1, warned 1", attempts)
	}
	if len(refunds) != 2 || refunds[0] != "7/2026-11/1" {
		t.Errorf("refunds %v, want two of 7/2026-11/1", refunds)
	}
	mu.Unlock()
	if _, err := q.Job(ctx, 8, ids["ok"]); !errors.Is(err, ErrForbidden) {
		t.Fatalf("another account's job: %v", err)
	}
	if _, err := q.Job(ctx, 7, NewID("job")); !errors.Is(err, brandgen.ErrNotFound) {
		t.Fatalf("unknown job: %v", err)
	}
	// A batch of fake renders settles in order; its record expires with the retention.
	items := []Item{{Index: 0}, {Index: 2}, {Index: 5}}
	acc, err := q.EnqueueBatch(ctx, 7, "2026-11", items, []Skipped{{Index: 1, Issues: []brandgen.Issue{{Field: "items[1].title", Message: "bad"}}}})
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		st, err := q.Batch(ctx, 7, acc.BatchID)
		if err != nil {
			t.Fatal(err)
		}
		if st.Status == BatchDone {
			if st.Done != 3 || st.Total != 3 || len(st.Images) != 3 || st.Images[2].Index != 5 || len(st.Skipped) != 1 || st.Refund != "" {
				t.Fatalf("batch %+v", st)
			}
			// Item 2's warnings travel with its image and its job; the image is the bare PNG.
			want := []brandgen.Warning{{Code: "content_dropped", Message: "left out", Path: "content.subtitle"}}
			png := "data:image/png;base64," + base64.StdEncoding.EncodeToString([]byte("\x89PNG fake"))
			if !reflect.DeepEqual(st.Images[1].Warnings, want) || st.Images[0].Warnings != nil || st.Images[1].Image != png {
				t.Fatalf("batch images %+v", st.Images)
			}
			js, err := q.Job(ctx, 7, acc.JobIDs[1])
			if err != nil || !reflect.DeepEqual(js.Warnings, want) || js.Image != png {
				t.Fatalf("job of item 2: %+v, %v", js, err)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("batch still %+v", st)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if ttl := q.rdb.TTL(ctx, q.cfg.batchKey(acc.BatchID)).Val(); ttl > 24*time.Hour || ttl < 23*time.Hour {
		t.Fatalf("settled batch TTL %v, want 24h", ttl)
	}
	if _, err := q.Batch(ctx, 8, acc.BatchID); !errors.Is(err, ErrForbidden) {
		t.Fatalf("another account's batch: %v", err)
	}
	if w.Ran() != 7 {
		t.Errorf("worker ran %d tasks, want 7", w.Ran())
	}
}

// TestGracefulStop: a stopping worker lets a task that ends within the shutdown timeout finish,
// and puts one that does not back in the queue (not failed, not refunded) for the next worker.
func TestGracefulStop(t *testing.T) {
	q := testQueue(t)
	ctx := context.Background()
	var mu sync.Mutex
	var refunds int
	started := make(chan string, 4)
	slow := func(d time.Duration) Work {
		return Work{
			Animate: func(ctx context.Context, r animate.Request) ([]byte, []brandgen.Warning, error) {
				started <- r.Format
				select {
				case <-time.After(d):
					return []byte("GIF89a " + r.Format), nil, nil
				case <-ctx.Done():
					return nil, nil, ctx.Err()
				}
			},
			Render: func(context.Context, Item) ([]byte, []brandgen.Warning, error) { return nil, nil, errors.New("unused") },
			Refund: func(context.Context, int64, string, int) error {
				mu.Lock()
				refunds++
				mu.Unlock()
				return nil
			},
		}
	}
	run := func(work Work, grace time.Duration) *Worker {
		w, err := NewWorker(q.Config(), work, WorkerOptions{Concurrency: 1, Logger: quiet, ShutdownTimeout: grace})
		if err != nil {
			t.Fatal(err)
		}
		if err := w.Start(); err != nil {
			t.Fatal(err)
		}
		return w
	}
	status := func(id string) JobStatus {
		st, err := q.Job(ctx, 1, id)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}

	// Finishes within the grace period: done.
	w := run(slow(time.Second), 10*time.Second)
	short, err := q.EnqueueAnimate(ctx, animate.Request{AccountID: 1, Format: "short"}, "p")
	if err != nil {
		t.Fatal(err)
	}
	<-started
	w.Stop()
	if st := status(short); st.Status != StatusDone {
		t.Fatalf("a task that fits the grace period ended %+v", st)
	}

	// Outlasts it: back to the queue, then done by the next worker.
	w = run(slow(time.Minute), 500*time.Millisecond)
	long, err := q.EnqueueAnimate(ctx, animate.Request{AccountID: 1, Format: "long"}, "p")
	if err != nil {
		t.Fatal(err)
	}
	<-started
	if st := status(long); st.Status != StatusRendering {
		t.Fatalf("running task is %+v", st)
	}
	w.Stop()
	if st := status(long); st.Status != StatusQueued {
		t.Fatalf("a task cut by the stop is %+v, want queued", st)
	}
	w = run(slow(0), time.Second)
	defer w.Stop()
	deadline := time.Now().Add(20 * time.Second)
	for status(long).Status != StatusDone {
		if time.Now().After(deadline) {
			t.Fatalf("re-queued task not done: %+v", status(long))
		}
		time.Sleep(100 * time.Millisecond)
	}
	mu.Lock()
	defer mu.Unlock()
	if refunds != 0 {
		t.Fatalf("%d refunds for jobs that did not fail", refunds)
	}
}
