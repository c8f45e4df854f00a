package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/app"
	"github.com/brandgen/brandgen/db/dbtest"
	"github.com/brandgen/brandgen/jobs"
	"github.com/redis/go-redis/v9"
)

// TestMain lets the test binary be `brandgen worker` (BRANDGEN_TEST_AS_WORKER=1), so the tests
// can run a worker process and kill it, or `brandgen mcp` (BRANDGEN_TEST_AS_MCP=1).
func TestMain(m *testing.M) {
	if os.Getenv("BRANDGEN_TEST_AS_WORKER") == "1" {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()
		if err := run(ctx, []string{"worker"}, os.Stdout, os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, "worker:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	if os.Getenv("BRANDGEN_TEST_AS_MCP") == "1" { // `brandgen mcp` for TestMCPCommand
		if err := run(context.Background(), []string{"mcp"}, os.Stdout, os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, "mcp:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// stack is an API server over an App on redisURL, with a developer key.
type stack struct {
	t      *testing.T
	cfg    app.Config
	app    *app.App
	srv    *httptest.Server
	key    string
	prefix string
}

func newStack(t *testing.T, redisURL string) *stack {
	t.Helper()
	cfg, err := app.LoadConfig()
	if err != nil {
		t.Fatal(err)
	}
	cfg.DataDir, cfg.DatabaseURL, cfg.RedisURL = t.TempDir(), "", redisURL
	cfg.JobsPrefix = jobs.NewID("bgtest")
	cfg.Browsers, cfg.Tabs = 1, 2
	a, err := app.New(context.Background(), cfg, quiet, app.Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	s := &stack{t: t, cfg: cfg, app: a, prefix: cfg.JobsPrefix}
	s.srv = httptest.NewServer(a.Handler())
	t.Cleanup(s.srv.Close)
	t.Cleanup(func() {
		if err := a.Jobs.DeleteQueues(); err != nil {
			t.Logf("delete queues: %v", err)
		}
	})
	s.key, _, err = createKey(context.Background(), a.Store, "acme", brandgen.PlanDeveloper)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (s *stack) do(method, path string, body any) (int, []byte) {
	s.t.Helper()
	var rd io.Reader
	if body != nil {
		raw, _ := json.Marshal(body)
		rd = bytes.NewReader(raw)
	}
	req, _ := http.NewRequest(method, s.srv.URL+path, rd)
	req.Header.Set("x-api-key", s.key)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res.StatusCode, b
}

// batch posts n bar charts and returns the batch id.
func (s *stack) batch(n int) string {
	s.t.Helper()
	items := make([]any, n)
	for i := range items {
		items[i] = map[string]any{"title": "Chart " + strconv.Itoa(i), "series": []map[string]any{
			{"label": "A", "value": i + 1}, {"label": "B", "value": 2*i + 3}, {"label": "C", "value": 7}}}
	}
	status, body := s.do("POST", "/api/v1/batch", map[string]any{"format": "chart", "base": map[string]any{"chartType": "bar"}, "items": items})
	if status != 202 {
		s.t.Fatalf("batch: %d %s", status, body)
	}
	var acc struct {
		BatchID string `json:"batchId"`
	}
	_ = json.Unmarshal(body, &acc)
	return acc.BatchID
}

// status polls the batch once; ok is false when the API answered 503 (Redis down).
func (s *stack) status(id string) (st jobs.BatchStatus, ok bool) {
	s.t.Helper()
	code, body := s.do("GET", "/api/v1/jobs/batch/"+id, nil)
	if code == 503 {
		return st, false
	}
	if code != 200 {
		s.t.Fatalf("poll: %d %.300s", code, body)
	}
	if err := json.Unmarshal(body, &st); err != nil {
		s.t.Fatal(err)
	}
	return st, true
}

// settle polls until the batch is done and checks that every item rendered exactly once, in order.
func (s *stack) settle(id string, n int, timeout time.Duration) {
	s.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		st, ok := s.status(id)
		if ok && st.Status == jobs.BatchDone {
			if st.Done != n || st.Failed != 0 || st.Total != n || len(st.Images) != n {
				s.t.Fatalf("settled with done %d, failed %d (%+v), total %d, %d images; want %d done", st.Done, st.Failed, st.Failures, st.Total, len(st.Images), n)
			}
			for i, im := range st.Images {
				if im.Index != i || len(im.Image) < 1000 {
					s.t.Fatalf("image %d has index %d (%d bytes)", i, im.Index, len(im.Image))
				}
			}
			return
		}
		if time.Now().After(deadline) {
			s.t.Fatalf("batch not settled after %v: %s, done %d, failed %d %+v", timeout, st.Status, st.Done, st.Failed, st.Failures)
		}
		time.Sleep(time.Second)
	}
}

// startWorkerProcess runs this test binary as `brandgen worker` on the stack's Redis and prefix.
func startWorkerProcess(t *testing.T, s *stack) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "BRANDGEN_TEST_AS_WORKER=1", "REDIS_URL="+s.cfg.RedisURL, "BRANDGEN_JOBS_PREFIX="+s.prefix,
		"BRANDGEN_DATA_DIR="+s.cfg.DataDir, "DATABASE_URL=", "BRANDGEN_WORKER_ADDR=127.0.0.1:0", "BRANDGEN_BROWSERS=1", "BRANDGEN_TABS=2",
		"BRANDGEN_LOG_LEVEL=warn")
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if testing.Verbose() {
		cmd.Stderr = os.Stderr
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	return cmd
}

// TestWorkerKilledMidBatch: a worker process dies (SIGKILL) while rendering a batch; asynq
// re-queues its tasks once their lease expires and a second worker finishes the batch: no item is
// lost or counted twice.
func TestWorkerKilledMidBatch(t *testing.T) {
	if testing.Short() {
		t.Skip("takes over a minute: asynq recovers a dead worker's tasks after their lease expires")
	}
	s := newStack(t, dbtest.RedisURL(t))
	const n = 16
	victim := startWorkerProcess(t, s)
	id := s.batch(n)
	deadline := time.Now().Add(3 * time.Minute)
	for {
		// Items render two at a time: with some done and more left, two are in the worker's hands.
		st, _ := s.status(id)
		if st.Done >= 2 {
			if st.Done+st.Failed > n-4 {
				t.Fatalf("the batch got too far before the kill: done %d, failed %d", st.Done, st.Failed)
			}
			t.Logf("killing the worker with %d of %d done", st.Done, n)
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the batch stalled before the kill: done %d, failed %d", st.Done, st.Failed)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if err := victim.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = victim.Wait()
	w, err := s.app.Worker()
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	s.settle(id, n, 4*time.Minute)
}

// TestRedisRestartBetweenPolls: Redis (a throwaway server with an append-only file) goes down
// while a batch renders and comes back; polls answer 503 queue_unavailable meanwhile and the
// batch then settles complete.
func TestRedisRestartBetweenPolls(t *testing.T) {
	if _, err := exec.LookPath("redis-server"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("redis-server not installed")
		}
		t.Skip("redis-server not installed")
	}
	redis.SetLogger(quietRedis{}) // the outage is expected: no dial errors in the output
	dir := t.TempDir()
	port := freePort(t)
	server := startRedis(t, dir, port)
	s := newStack(t, fmt.Sprintf("redis://127.0.0.1:%d/0", port))
	w, err := s.app.Worker()
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Start(); err != nil {
		t.Fatal(err)
	}
	defer w.Stop()
	const n = 8
	id := s.batch(n)
	if _, ok := s.status(id); !ok {
		t.Fatal("first poll failed")
	}
	if err := server.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	_ = server.Wait()
	code, body := s.do("GET", "/api/v1/jobs/batch/"+id, nil)
	if code != 503 || !bytes.Contains(body, []byte(`"queue_unavailable"`)) {
		t.Fatalf("poll with Redis down: %d %s", code, body)
	}
	time.Sleep(2 * time.Second)
	startRedis(t, dir, port)
	s.settle(id, n, 3*time.Minute)
}

type quietRedis struct{}

func (quietRedis) Printf(context.Context, string, ...any) {}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// startRedis runs a throwaway redis-server on 127.0.0.1:port keeping an fsync-always append-only
// file in dir, and waits until it answers.
func startRedis(t *testing.T, dir string, port int) *exec.Cmd {
	t.Helper()
	cmd := exec.Command("redis-server", "--port", strconv.Itoa(port), "--bind", "127.0.0.1", "--dir", dir,
		"--appendonly", "yes", "--appendfsync", "always", "--save", "", "--protected-mode", "no")
	cmd.Stdout, cmd.Stderr = io.Discard, io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
		}
	})
	for i := 0; i < 100; i++ {
		c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", port), 100*time.Millisecond)
		if err == nil {
			c.Close()
			return cmd
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("redis-server did not start")
	return nil
}
