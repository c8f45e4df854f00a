// Package jobs runs reveal animations and batch renders asynchronously on asynq (Redis). It is the
// only brandgen package that imports asynq.
//
// The API side (Queue) enqueues tasks and reads their state; `brandgen worker` (Worker) runs them
// in its own render pool. A job is an asynq task whose id is the job id: its state is the job's
// (pending, scheduled and retry are queued; active is rendering; completed is done; archived is
// failed), its payload records the owning account, and its result (the GIF or PNG, behind a small
// header carrying the render's fit warnings when it has any, see result.go; written with the
// task's ResultWriter) is kept for Config.Retention after it completes, then the task and the
// job are gone (404). A batch is a Redis hash under Config.Prefix naming the account, the items'
// job ids and the skipped items, plus a hash of the items that settled (index -> done, or the
// error), written by the worker and completed by polls from the task states, so an item whose
// worker died is still accounted for once asynq re-queues or archives it. A batch expires
// Config.Retention after it settles.
//
// Retries: a task whose render failed for a retryable reason (render_busy, a browser crash, a
// timeout) is retried MaxRetry (2) times, 1 s then 2 s later; any other failure fails at once.
// A worker that dies mid-task loses its lease: asynq re-queues the task within about a minute,
// counting it as one retry.
package jobs

import (
	"context"
	"crypto/rand"
	"encoding/base32"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/animate"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// Task types.
const (
	typeAnimate = "brandgen:animate"
	typeItem    = "brandgen:batch-item"
)

// Config configures both sides. The zero value of each field picks the default in brackets.
type Config struct {
	// RedisURL is the Redis server (redis://host:port/db).
	RedisURL string
	// Prefix namespaces the queues ("<prefix>-animate", "<prefix>-batch") and the batch keys
	// ["brandgen"]. Tests use a unique prefix each.
	Prefix string
	// Retention is how long a job or batch is kept after it settles [24h].
	Retention time.Duration
	// AnimateTimeout bounds one attempt of an animation [3m]; ItemTimeout one batch item [90s].
	AnimateTimeout, ItemTimeout time.Duration
	// MaxRetry is how many times a retryable failure is retried [2]; negative: never.
	MaxRetry int
}

func (c Config) withDefaults() Config {
	if c.Prefix == "" {
		c.Prefix = "brandgen"
	}
	if c.Retention <= 0 {
		c.Retention = 24 * time.Hour
	}
	if c.AnimateTimeout <= 0 {
		c.AnimateTimeout = 3 * time.Minute
	}
	if c.ItemTimeout <= 0 {
		c.ItemTimeout = 90 * time.Second
	}
	switch {
	case c.MaxRetry == 0:
		c.MaxRetry = 2
	case c.MaxRetry < 0:
		c.MaxRetry = 0
	}
	return c
}

// AnimateQueue and BatchQueue are the asynq queue names of the config.
func (c Config) AnimateQueue() string { return c.withDefaults().Prefix + "-animate" }

// BatchQueue is the queue of batch items.
func (c Config) BatchQueue() string { return c.withDefaults().Prefix + "-batch" }

func (c Config) batchKey(id string) string   { return c.Prefix + ":batch:" + id }
func (c Config) settledKey(id string) string { return c.Prefix + ":batch:" + id + ":settled" }

// ErrUnavailable wraps failures to reach Redis: the API answers 503 queue_unavailable.
var ErrUnavailable = errors.New("job queue unavailable")

// ErrForbidden: the job or batch belongs to another account.
var ErrForbidden = errors.New("job belongs to another account")

func unavailable(op string, err error) error {
	return fmt.Errorf("%s: %w: %w", op, ErrUnavailable, err)
}

// Queue is the API side: it enqueues jobs and reads their status.
type Queue struct {
	cfg    Config
	opt    asynq.RedisConnOpt
	rdb    redis.UniversalClient
	client *asynq.Client
	insp   *asynq.Inspector
}

// Open connects to cfg.RedisURL. It does not fail when Redis is down: calls fail until it is back.
func Open(cfg Config) (*Queue, error) {
	cfg = cfg.withDefaults()
	opt, rdb, err := connect(cfg.RedisURL)
	if err != nil {
		return nil, err
	}
	return &Queue{cfg: cfg, opt: opt, rdb: rdb, client: asynq.NewClientFromRedisClient(rdb),
		insp: asynq.NewInspectorFromRedisClient(rdb)}, nil
}

// connect parses the Redis URL and makes a client of it, with short timeouts so that an outage
// fails calls in seconds.
func connect(url string) (asynq.RedisConnOpt, redis.UniversalClient, error) {
	opt, err := asynq.ParseRedisURI(url)
	if err != nil {
		return nil, nil, fmt.Errorf("REDIS_URL: %w", err)
	}
	if o, ok := opt.(asynq.RedisClientOpt); ok {
		o.DialTimeout, o.ReadTimeout, o.WriteTimeout = 2*time.Second, 3*time.Second, 3*time.Second
		opt = o
	}
	rdb, ok := opt.MakeRedisClient().(redis.UniversalClient)
	if !ok {
		return nil, nil, errors.New("jobs: unsupported Redis connection")
	}
	return opt, rdb, nil
}

// Config returns the queue's configuration with defaults applied.
func (q *Queue) Config() Config { return q.cfg }

// Close closes the connections.
func (q *Queue) Close() error { return q.rdb.Close() }

// Ping checks Redis answers.
func (q *Queue) Ping(ctx context.Context) error { return q.rdb.Ping(ctx).Err() }

// NewID returns an opaque, unguessable id: prefix, "_" and 128 random bits in base32.
func NewID(prefix string) string {
	var b [16]byte
	_, _ = rand.Read(b[:])
	return prefix + "_" + strings.ToLower(base32.StdEncoding.WithPadding(base32.NoPadding).EncodeToString(b[:]))
}

// animateTask is the payload of an animate task.
type animateTask struct {
	Request animate.Request `json:"request"`
	// Period is the metering period the generation was reserved in; the worker refunds it when the
	// job fails for good.
	Period string `json:"period,omitempty"`
}

// EnqueueAnimate queues an animation and returns its job id. period is the metering period of the
// generation reserved for it (refunded if the job fails).
func (q *Queue) EnqueueAnimate(ctx context.Context, r animate.Request, period string) (string, error) {
	payload, err := json.Marshal(animateTask{Request: r, Period: period})
	if err != nil {
		return "", fmt.Errorf("jobs: %w", err)
	}
	id := NewID("job")
	_, err = q.client.EnqueueContext(ctx, asynq.NewTask(typeAnimate, payload), asynq.Queue(q.cfg.AnimateQueue()),
		asynq.TaskID(id), asynq.MaxRetry(q.cfg.MaxRetry), asynq.Timeout(q.cfg.AnimateTimeout), asynq.Retention(q.cfg.Retention))
	if err != nil {
		return "", unavailable("enqueue animation", err)
	}
	return id, nil
}

// Item is one render of a batch; it travels as the task payload.
type Item struct {
	AccountID int64           `json:"accountId"`
	BatchID   string          `json:"batchId"`
	Index     int             `json:"index"` // in the request's items
	Format    string          `json:"format"`
	Content   json.RawMessage `json:"content"` // base merged with the item, validated
	Look      brandgen.Look   `json:"look"`
	Brand     *brandgen.Brand `json:"brand,omitempty"`
	Unbranded bool            `json:"unbranded,omitempty"`
}

// Skipped is an item left out of a batch for its invalid fields.
type Skipped struct {
	Index  int              `json:"index"`
	Issues []brandgen.Issue `json:"issues"`
}

// Failure is a batch item whose render failed for good.
type Failure struct {
	Index int    `json:"index"`
	JobID string `json:"jobId"`
	Error string `json:"error"`
}

// batchMeta is the stored batch.
type batchMeta struct {
	AccountID int64     `json:"accountId"`
	Period    string    `json:"period,omitempty"` // metering period of the batch's generation
	Indexes   []int     `json:"indexes"`          // item index of each job
	JobIDs    []string  `json:"jobIds"`
	Skipped   []Skipped `json:"skipped"`
}

// Accepted is the answer to a batch: its id and the job id of each rendered item.
type Accepted struct {
	BatchID string
	JobIDs  []string
}

// EnqueueBatch stores the batch and queues its items (each Item's BatchID and AccountID are set
// here). period is the metering period of the batch's generation (see BatchStatus.Refund). When
// enqueueing fails midway, the queued items are deleted again (best effort) and the batch is not
// stored.
func (q *Queue) EnqueueBatch(ctx context.Context, accountID int64, period string, items []Item, skipped []Skipped) (Accepted, error) {
	id := NewID("batch")
	meta := batchMeta{AccountID: accountID, Period: period, Skipped: skipped}
	if meta.Skipped == nil {
		meta.Skipped = []Skipped{}
	}
	for range items {
		meta.JobIDs = append(meta.JobIDs, NewID("job"))
	}
	for _, it := range items {
		meta.Indexes = append(meta.Indexes, it.Index)
	}
	raw, err := json.Marshal(meta)
	if err != nil {
		return Accepted{}, fmt.Errorf("jobs: %w", err)
	}
	// Stored first, so that a worker finishing an item finds its batch; kept for the retention
	// plus the time the batch may take, and cut to the retention when it settles.
	if err := q.rdb.Set(ctx, q.cfg.batchKey(id), raw, q.cfg.Retention+itemSlack).Err(); err != nil {
		return Accepted{}, unavailable("store batch", err)
	}
	for i, it := range items {
		it.AccountID, it.BatchID = accountID, id
		payload, err := json.Marshal(it)
		if err == nil {
			_, err = q.client.EnqueueContext(ctx, asynq.NewTask(typeItem, payload), asynq.Queue(q.cfg.BatchQueue()),
				asynq.TaskID(meta.JobIDs[i]), asynq.MaxRetry(q.cfg.MaxRetry), asynq.Timeout(q.cfg.ItemTimeout),
				asynq.Retention(q.cfg.Retention+itemSlack))
		}
		if err != nil {
			bg := context.WithoutCancel(ctx)
			for _, jid := range meta.JobIDs[:i] {
				_ = q.insp.DeleteTask(q.cfg.BatchQueue(), jid)
			}
			q.rdb.Del(bg, q.cfg.batchKey(id))
			return Accepted{}, unavailable("enqueue batch item", err)
		}
	}
	return Accepted{BatchID: id, JobIDs: meta.JobIDs}, nil
}

// itemSlack is how much longer than Retention batch items are kept: a batch is kept Retention
// after its last item settles, and its first items may have settled earlier.
const itemSlack = 2 * time.Hour
