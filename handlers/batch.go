package handlers

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/jobs"
	"github.com/brandgen/brandgen/meter"
	"github.com/gin-gonic/gin"
)

const (
	maxBatchItems = 200             // items per batch (api-v1.md)
	retryQueue    = 5 * time.Second // Retry-After when Redis does not answer
)

// batch queues one render per item: base merged with the item (item wins, objects merged one
// level deep), validated against the format's schema. Invalid items are skipped with their issues;
// the valid rest costs one generation in all.
// maxItemIssues bounds the issues listed per skipped batch item.
const maxItemIssues = 10

func (s *server) batch(c *gin.Context) {
	if s.Jobs == nil {
		fail(c, brandgen.Errorf(brandgen.CodeBatchUnavailable,
			"batch renders need the async worker: set REDIS_URL on the server and run `brandgen worker` next to it"))
		return
	}
	fields, err := readFields(c)
	if err != nil {
		fail(c, err)
		return
	}
	var req BatchRequest
	issues := decodeFields(fields, &req)
	issues = append(issues, decodeFields(fields, &req.lookRequest)...)
	issues = append(issues, req.issues()...)
	switch _, ok := s.Catalog.Lookup(req.Format); {
	case req.Format == "":
		issues = append(issues, brandgen.Issue{Field: "format", Message: "is required: one of " + s.patternIDs()})
	case req.Format == "carousel":
		issues = append(issues, brandgen.Issue{Field: "format", Message: "carousel is not a single-image format: use POST /carousel"})
	case req.Format == "diagram":
		issues = append(issues, brandgen.Issue{Field: "format", Message: "diagram is not a batch format: use POST /diagrams"})
	case !ok:
		issues = append(issues, brandgen.Issue{Field: "format", Message: "must be one of " + s.patternIDs()})
	}
	var base map[string]json.RawMessage
	if len(req.Base) > 0 && string(req.Base) != "null" {
		if json.Unmarshal(req.Base, &base) != nil || base == nil {
			issues = append(issues, brandgen.Issue{Field: "base", Message: "must be a JSON object"})
		}
	}
	_, hasItems := fields["items"]
	switch {
	case !hasItems || req.Items == nil:
		issues = append(issues, brandgen.Issue{Field: "items", Message: "is required: an array of 1 to 200 objects"})
	case len(req.Items) == 0:
		issues = append(issues, brandgen.Issue{Field: "items", Message: "must have at least 1 item"})
	case len(req.Items) > maxBatchItems:
		issues = append(issues, brandgen.Issue{Field: "items", Message: fmt.Sprintf("must have at most %d items (has %d)", maxBatchItems, len(req.Items))})
	}
	if err := brandgen.Invalid(sortIssues(issues)); err != nil {
		fail(c, err)
		return
	}
	look := req.look()
	var (
		items   []jobs.Item
		skipped = []jobs.Skipped{}
		all     []brandgen.Issue
	)
	for i, raw := range req.Items {
		content, itemIssues := s.batchItem(req.Format, base, raw, i)
		if len(itemIssues) > 0 {
			listed, _ := clipIssues(itemIssues, maxItemIssues) // stored with the batch: bounded
			skipped = append(skipped, jobs.Skipped{Index: i, Issues: listed})
			all = append(all, itemIssues...)
			continue
		}
		items = append(items, jobs.Item{Index: i, Format: req.Format, Content: content, Look: look, Brand: req.Brand, Unbranded: req.Unbranded})
	}
	if len(items) == 0 {
		fail(c, brandgen.Invalid(all)) // nothing to render: every item is invalid
		return
	}
	acct := account(c)
	s.withGeneration(c, func(ctx context.Context, res *meter.Reservation) error {
		accepted, err := s.Jobs.EnqueueBatch(ctx, acct.ID, res.Period(), items, skipped)
		if err != nil {
			return jobsError(err)
		}
		c.JSON(http.StatusAccepted, BatchAccepted{BatchID: accepted.BatchID, Total: len(accepted.JobIDs), Skipped: skipped, JobIDs: accepted.JobIDs})
		return nil
	})
}

// batchItem merges item i onto base and validates the result. An issue on a field the item does
// not set came from base and is named base.<field>; the others items[i].<field>.
func (s *server) batchItem(format string, base map[string]json.RawMessage, raw json.RawMessage, i int) (json.RawMessage, []brandgen.Issue) {
	prefix := fmt.Sprintf("items[%d]", i)
	var item map[string]json.RawMessage
	if json.Unmarshal(raw, &item) != nil || item == nil {
		return nil, []brandgen.Issue{{Field: prefix, Message: "must be a JSON object"}}
	}
	merged := mergeOneLevel(base, item)
	content, err := json.Marshal(merged)
	if err != nil {
		return nil, []brandgen.Issue{{Field: prefix, Message: "could not be merged with base"}}
	}
	_, issues := s.Catalog.Decode(format, content, prefix+".")
	for k := range issues {
		rest := strings.TrimPrefix(issues[k].Field, prefix+".")
		top := rest
		if j := strings.IndexAny(top, ".["); j >= 0 {
			top = top[:j]
		}
		if _, fromItem := item[top]; !fromItem && rest != issues[k].Field {
			if _, fromBase := base[top]; fromBase {
				issues[k].Field = "base." + rest
			}
		}
	}
	return content, issues
}

// mergeOneLevel is base with item's fields on top; where both hold an object, their fields merge
// (the item's win), one level deep. An item field set to null removes the base's.
func mergeOneLevel(base, item map[string]json.RawMessage) map[string]json.RawMessage {
	out := make(map[string]json.RawMessage, len(base)+len(item))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range item {
		if string(v) == "null" {
			delete(out, k)
			continue
		}
		var bo, io map[string]json.RawMessage
		if bv, ok := base[k]; ok && json.Unmarshal(bv, &bo) == nil && bo != nil && json.Unmarshal(v, &io) == nil && io != nil {
			for ik, iv := range io {
				bo[ik] = iv
			}
			merged, err := json.Marshal(bo)
			if err == nil {
				out[k] = merged
				continue
			}
		}
		out[k] = v
	}
	return out
}

// adminAuth puts basic auth (any user name, the password BRANDGEN_ADMIN_PASSWORD) in front of h.
func (s *server) adminAuth(h gin.HandlerFunc) gin.HandlerFunc {
	return func(c *gin.Context) {
		_, pass, ok := c.Request.BasicAuth()
		if !ok || subtle.ConstantTimeCompare([]byte(pass), []byte(s.AdminPassword)) != 1 {
			c.Header("WWW-Authenticate", `Basic realm="brandgen admin", charset="UTF-8"`)
			fail(c, brandgen.Errorf(brandgen.CodeUnauthorized, "the admin dashboard needs the admin password (basic auth)"))
			return
		}
		h(c)
	}
}
