package handlers

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/animate"
	"github.com/brandgen/brandgen/jobs"
	"github.com/brandgen/brandgen/meter"
	"github.com/gin-gonic/gin"
)

// animate makes a reveal GIF of held content (format + content) or of a stored diagram
// (diagramId alone). With the job queue it answers 202 with a job id; without, it renders inline.
// It counts one generation, refunded when the animation fails.
func (s *server) animate(c *gin.Context) {
	fields, err := readFields(c)
	if err != nil {
		fail(c, err)
		return
	}
	var req AnimateRequest
	issues := decodeFields(fields, &req)
	issues = append(issues, decodeFields(fields, &req.lookRequest)...)
	issues = append(issues, req.issues()...)
	if req.Anim == "" {
		req.Anim = animate.Flow
	} else if !slices.Contains(animate.Modes, req.Anim) {
		issues = append(issues, brandgen.Issue{Field: "anim", Message: "must be one of " + brandgen.Enum(animate.Modes)})
	}
	if req.Speed == "" {
		req.Speed = animate.Normal
	} else if !slices.Contains(animate.Speeds, req.Speed) {
		issues = append(issues, brandgen.Issue{Field: "speed", Message: "must be one of " + brandgen.Enum(animate.Speeds)})
	}
	format := req.Format
	if format == "" {
		format = req.Pattern
	}
	hasContent := len(req.Content) > 0 && string(req.Content) != "null"
	acct := account(c)
	r := animate.Request{AccountID: acct.ID, Look: req.look(), Layout: req.Layout, Brand: req.Brand, Unbranded: req.Unbranded,
		Mode: req.Anim, Speed: req.Speed}
	switch {
	case req.DiagramID != nil:
		if strings.TrimSpace(*req.DiagramID) == "" {
			issues = append(issues, brandgen.Issue{Field: "diagramId", Message: "must not be empty"})
		}
		if _, ok := fields["format"]; ok {
			issues = append(issues, brandgen.Issue{Field: "format", Message: "cannot be combined with diagramId: animate a diagram by its id alone"})
		}
		if _, ok := fields["content"]; ok {
			issues = append(issues, brandgen.Issue{Field: "content", Message: "cannot be combined with diagramId: animate a diagram by its id alone"})
		}
		r.DiagramID = *req.DiagramID
		r.Look = brandgen.Look{Size: req.Size} // a diagram keeps its own look and brand
		r.Brand, r.Unbranded, r.Layout = nil, false, ""
	case format == "" && !hasContent:
		issues = append(issues,
			brandgen.Issue{Field: "format", Message: "is required with content (or send diagramId alone)"},
			brandgen.Issue{Field: "content", Message: "is required with format (or send diagramId alone)"})
	default:
		issues = append(issues, s.checkContent(format, req.Content, hasContent, req.Layout)...)
		r.Format, r.Content = format, req.Content
	}
	if err := brandgen.Invalid(sortIssues(issues)); err != nil {
		fail(c, err)
		return
	}
	bodyDecoded(c)
	ctx := c.Request.Context()
	if r.DiagramID != "" {
		if _, err := s.Animator.Page(ctx, r); err != nil {
			if errors.Is(err, brandgen.ErrNotFound) {
				err = brandgen.Errorf(brandgen.CodeNotFound, "diagram %q not found", r.DiagramID)
			}
			fail(c, err)
			return
		}
	}
	s.withGeneration(c, func(ctx context.Context, res *meter.Reservation) error {
		if s.Jobs != nil {
			id, err := s.Jobs.EnqueueAnimate(ctx, r, res.Period())
			if err != nil {
				return jobsError(err)
			}
			c.JSON(http.StatusAccepted, AnimateAccepted{Async: true, JobID: id})
			return nil
		}
		gif, warnings, err := s.Animator.AnimateReport(ctx, r)
		if err != nil {
			return err
		}
		c.JSON(http.StatusOK, AnimateResponse{GIF: "data:image/gif;base64," + base64.StdEncoding.EncodeToString(gif), Warnings: warnings})
		return nil
	})
}

// checkContent validates format and content of /animate: format is a post format or chart.
func (s *server) checkContent(format string, content json.RawMessage, hasContent bool, layout string) []brandgen.Issue {
	var issues []brandgen.Issue
	p, ok := s.Catalog.Lookup(format)
	switch {
	case format == "":
		issues = append(issues, brandgen.Issue{Field: "format", Message: "is required with content: one of " + s.patternIDs()})
	case !ok:
		issues = append(issues, brandgen.Issue{Field: "format", Message: "must be one of " + s.patternIDs()})
	}
	if !hasContent {
		issues = append(issues, brandgen.Issue{Field: "content", Message: "is required with format"})
	} else if ok {
		_, contentIssues := s.Catalog.Decode(p.ID, content, "content.")
		issues = append(issues, contentIssues...)
		if is := s.Catalog.CheckLayout(p.ID, layout); is != nil {
			issues = append(issues, *is)
		}
	}
	return issues
}

// job answers GET /jobs/{id}. Polling is a read: it never counts against the rate limit.
func (s *server) job(c *gin.Context) {
	if s.Jobs == nil {
		fail(c, brandgen.Errorf(brandgen.CodeNotFound, "job %q not found (no async worker is configured)", c.Param("id")))
		return
	}
	st, err := s.Jobs.Job(c.Request.Context(), account(c).ID, c.Param("id"))
	if err != nil {
		fail(c, jobsError(err))
		return
	}
	c.JSON(http.StatusOK, st)
}

// batchStatus answers GET /jobs/batch/{batchId}.
func (s *server) batchStatus(c *gin.Context) {
	if s.Jobs == nil {
		fail(c, brandgen.Errorf(brandgen.CodeNotFound, "batch %q not found (no async worker is configured)", c.Param("batchId")))
		return
	}
	ctx := c.Request.Context()
	st, err := s.Jobs.Batch(ctx, account(c).ID, c.Param("batchId"))
	if err != nil {
		fail(c, jobsError(err))
		return
	}
	if st.Refund != "" { // every item failed: the batch's generation is given back
		if err := s.Meter.RefundPeriod(context.WithoutCancel(ctx), account(c).ID, st.Refund, 1); err != nil {
			s.log.Error("refund of a failed batch", "account", account(c).ID, "err", err)
		}
	}
	c.JSON(http.StatusOK, st)
}

// jobsError maps the job queue's errors onto the envelope's codes.
func jobsError(err error) error {
	switch {
	case errors.Is(err, jobs.ErrForbidden):
		return &brandgen.Error{Code: brandgen.CodeForbidden, Message: "the job or batch belongs to another account", Err: err}
	case errors.Is(err, brandgen.ErrNotFound):
		return &brandgen.Error{Code: brandgen.CodeNotFound, Message: "not found, or expired (jobs and batches are kept 24 hours after they settle)", Err: err}
	case errors.Is(err, jobs.ErrUnavailable):
		return &brandgen.Error{Code: brandgen.CodeQueueUnavailable, Message: "the job queue (Redis) is not reachable; retry shortly",
			RetryAfter: retryQueue, Err: err}
	}
	return err
}
