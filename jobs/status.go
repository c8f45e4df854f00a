package jobs

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/hibiken/asynq"
	"github.com/redis/go-redis/v9"
)

// Job statuses (api-v1.md JobStatus).
const (
	StatusQueued    = "queued"
	StatusRendering = "rendering"
	StatusDone      = "done"
	StatusFailed    = "failed"
)

// JobStatus is the answer of GET /jobs/{id}.
type JobStatus struct {
	Status string `json:"status"`
	Image  string `json:"image,omitempty"` // data URI, done only
	Error  string `json:"error,omitempty"` // failed only
	// Warnings: what the render left out to fit the content (done animations and batch items;
	// absent when nothing), paths as POST /render reports them (content.subtitle).
	Warnings []brandgen.Warning `json:"warnings,omitempty"`
}

// owner is the account field every payload carries.
type owner struct {
	AccountID int64 `json:"accountId"`
	Request   *struct {
		AccountID int64 `json:"accountId"`
	} `json:"request"`
}

func ownerOf(payload []byte) int64 {
	var o owner
	if json.Unmarshal(payload, &o) != nil {
		return 0
	}
	if o.Request != nil {
		return o.Request.AccountID
	}
	return o.AccountID
}

// task finds a job in either queue.
func (q *Queue) task(id string) (*asynq.TaskInfo, error) {
	if !validID(id, "job") {
		return nil, fmt.Errorf("job %q: %w", id, brandgen.ErrNotFound)
	}
	for _, queue := range []string{q.cfg.AnimateQueue(), q.cfg.BatchQueue()} {
		info, err := q.insp.GetTaskInfo(queue, id)
		if err == nil {
			return info, nil
		}
		if !errors.Is(err, asynq.ErrTaskNotFound) && !errors.Is(err, asynq.ErrQueueNotFound) {
			return nil, unavailable("read job", err)
		}
	}
	return nil, fmt.Errorf("job %q: %w", id, brandgen.ErrNotFound)
}

// validID checks the shape of an id made by NewID, so junk never reaches Redis.
func validID(id, prefix string) bool {
	rest, ok := strings.CutPrefix(id, prefix+"_")
	if !ok || len(rest) != 26 {
		return false
	}
	for _, c := range rest {
		if !(c >= 'a' && c <= 'z' || c >= '2' && c <= '7') {
			return false
		}
	}
	return true
}

// Job reads a job of the account: brandgen.ErrNotFound when unknown or expired, ErrForbidden when
// it is another account's.
func (q *Queue) Job(ctx context.Context, accountID int64, id string) (JobStatus, error) {
	info, err := q.task(id)
	if err != nil {
		return JobStatus{}, err
	}
	if ownerOf(info.Payload) != accountID {
		return JobStatus{}, fmt.Errorf("job %q: %w", id, ErrForbidden)
	}
	return statusOf(info), nil
}

func statusOf(info *asynq.TaskInfo) JobStatus {
	switch info.State {
	case asynq.TaskStateActive:
		return JobStatus{Status: StatusRendering}
	case asynq.TaskStateCompleted:
		img, warnings := decodeResult(info.Result)
		return JobStatus{Status: StatusDone, Image: dataURI(img), Warnings: warnings}
	case asynq.TaskStateArchived:
		return JobStatus{Status: StatusFailed, Error: userError(info.LastErr, info.Retried)}
	}
	return JobStatus{Status: StatusQueued}
}

func dataURI(img []byte) string {
	mime := "image/png"
	if len(img) >= 3 && string(img[:3]) == "GIF" {
		mime = "image/gif"
	}
	return "data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(img)
}

// userError is what a caller sees of a failed task's last error: the worker's own message, or
// what asynq recorded when the worker running the task died.
func userError(lastErr string, retried int) string {
	msg := strings.TrimSuffix(lastErr, ": "+asynq.SkipRetry.Error())
	if strings.Contains(msg, "lease expired") {
		return "the worker running the job stopped " + strconv.Itoa(retried+1) + " times; giving up"
	}
	if msg == "" {
		return "the job failed"
	}
	return msg
}

// BatchStatus is the answer of GET /jobs/batch/{batchId}.
type BatchStatus struct {
	Status   string    `json:"status"` // pending or done
	Done     int       `json:"done"`
	Failed   int       `json:"failed"`
	Total    int       `json:"total"`
	Images   []Image   `json:"images,omitempty"` // once every item has settled
	Failures []Failure `json:"failures"`
	Skipped  []Skipped `json:"skipped"`
	// Refund is the metering period to refund the batch's generation to: set once, on the read
	// that finds the batch settled with every item failed.
	Refund string `json:"-"`
}

// Image is one rendered item of a batch.
type Image struct {
	Index int    `json:"index"`
	Image string `json:"image"`
	// Warnings: what the item's render left out to fit its content (absent when nothing), paths
	// relative to the item's merged content as POST /render reports them (content.subtitle).
	Warnings []brandgen.Warning `json:"warnings,omitempty"`
}

// Batch statuses.
const (
	BatchPending = "pending"
	BatchDone    = "done"
)

// settled marks in the settled hash.
const doneMark = "done"

// Batch reads a batch of the account.
func (q *Queue) Batch(ctx context.Context, accountID int64, id string) (BatchStatus, error) {
	if !validID(id, "batch") {
		return BatchStatus{}, fmt.Errorf("batch %q: %w", id, brandgen.ErrNotFound)
	}
	raw, err := q.rdb.Get(ctx, q.cfg.batchKey(id)).Bytes()
	if errors.Is(err, redis.Nil) {
		return BatchStatus{}, fmt.Errorf("batch %q: %w", id, brandgen.ErrNotFound)
	}
	if err != nil {
		return BatchStatus{}, unavailable("read batch", err)
	}
	var meta batchMeta
	if err := json.Unmarshal(raw, &meta); err != nil {
		return BatchStatus{}, fmt.Errorf("batch %q: corrupt record: %w", id, err)
	}
	if meta.AccountID != accountID {
		return BatchStatus{}, fmt.Errorf("batch %q: %w", id, ErrForbidden)
	}
	settled, err := q.rdb.HGetAll(ctx, q.cfg.settledKey(id)).Result()
	if err != nil {
		return BatchStatus{}, unavailable("read batch", err)
	}
	st := BatchStatus{Status: BatchPending, Total: len(meta.JobIDs), Skipped: meta.Skipped, Failures: []Failure{}}
	var done []int // positions in meta
	for i, jid := range meta.JobIDs {
		idx := meta.Indexes[i]
		mark, ok := settled[strconv.Itoa(idx)]
		if !ok {
			// Not recorded by a worker (yet, or it died): the task's state decides.
			info, err := q.insp.GetTaskInfo(q.cfg.BatchQueue(), jid)
			switch {
			case errors.Is(err, asynq.ErrTaskNotFound) || errors.Is(err, asynq.ErrQueueNotFound):
				mark, ok = "the job was lost (expired or removed)", true
			case err != nil:
				return BatchStatus{}, unavailable("read batch item", err)
			case info.State == asynq.TaskStateCompleted:
				mark, ok = doneMark, true
			case info.State == asynq.TaskStateArchived:
				mark, ok = userError(info.LastErr, info.Retried), true
			}
			if ok {
				_ = markSettled(ctx, q.rdb, q.cfg, id, idx, mark) // a cache: the task state stays the truth
			}
		}
		switch {
		case !ok:
		case mark == doneMark:
			st.Done++
			done = append(done, i)
		default:
			st.Failed++
			st.Failures = append(st.Failures, Failure{Index: idx, JobID: jid, Error: mark})
		}
	}
	if st.Done+st.Failed < st.Total {
		return st, nil
	}
	for _, i := range done {
		info, err := q.insp.GetTaskInfo(q.cfg.BatchQueue(), meta.JobIDs[i])
		if err != nil && !errors.Is(err, asynq.ErrTaskNotFound) {
			return BatchStatus{}, unavailable("read batch item", err)
		}
		if err != nil || len(info.Result) == 0 {
			// Recorded done by a worker that died before asynq completed the task: it runs again.
			st.Images = nil
			st.Done--
			return st, nil
		}
		img, warnings := decodeResult(info.Result)
		st.Images = append(st.Images, Image{Index: meta.Indexes[i], Image: dataURI(img), Warnings: warnings})
	}
	st.Status = BatchDone
	// Kept for the retention from the first poll that saw it settled.
	key := q.cfg.batchKey(id)
	if q.rdb.HSetNX(ctx, q.cfg.settledKey(id), "settledAt", time.Now().UTC().Format(time.RFC3339)).Val() {
		q.rdb.Expire(ctx, key, q.cfg.Retention)
		q.rdb.Expire(ctx, q.cfg.settledKey(id), q.cfg.Retention)
		if st.Done == 0 {
			st.Refund = meta.Period
		}
	}
	return st, nil
}

// markSettled records an item's outcome (doneMark or its error) in the batch's settled hash.
func markSettled(ctx context.Context, rdb redis.UniversalClient, cfg Config, batchID string, index int, mark string) error {
	key := cfg.settledKey(batchID)
	_, err := rdb.TxPipelined(ctx, func(p redis.Pipeliner) error {
		p.HSet(ctx, key, strconv.Itoa(index), mark)
		p.Expire(ctx, key, cfg.Retention+itemSlack)
		return nil
	})
	return err
}
