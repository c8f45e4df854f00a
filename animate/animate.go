// Package animate makes reveal GIFs: it builds the page of a post, a chart or a stored diagram,
// has the render pool capture it frame by frame while reveal.js shows its elements over a timeline
// (renderer.Pool.FramesFunc), and encodes the frames with gifenc as they arrive.
//
// The first step captures the plain page: it is the animation's final frame and the source of the
// GIF's palette, so frames can be encoded one by one without holding them. The next step installs
// reveal.js, which hides the page's elements; each later step advances its timeline. Timing by
// speed: see Speed.Timing.
package animate

import (
	"bytes"
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"strconv"
	"strings"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/gifenc"
	"github.com/brandgen/brandgen/patterns"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/studio"
)

//go:embed reveal.js
var revealJS string

// Mode is how elements appear: flow (along connections; posts in reading order, overlapping) or
// build (one element after the other).
type Mode string

// The modes.
const (
	Flow  Mode = "flow"
	Build Mode = "build"
)

// Modes lists the modes, default first.
var Modes = []Mode{Flow, Build}

// Speed is slow, normal or fast.
type Speed string

// The speeds.
const (
	Slow   Speed = "slow"
	Normal Speed = "normal"
	Fast   Speed = "fast"
)

// Speeds lists the speeds.
var Speeds = []Speed{Slow, Normal, Fast}

// Timing is the frame plan of a speed.
type Timing struct {
	Frames int           // frames in all, the final one included
	Delay  time.Duration // each frame but the last
	Hold   time.Duration // the last frame, before the loop starts again
}

// Timing returns the speed's frame plan: slow 30 frames of 90 ms (2.7 s), normal 24 of 70 ms
// (1.7 s), fast 16 of 55 ms (0.9 s); the finished picture then holds 3, 2.5 or 2 s.
func (s Speed) Timing() Timing {
	switch s {
	case Slow:
		return Timing{Frames: 30, Delay: 90 * time.Millisecond, Hold: 3 * time.Second}
	case Fast:
		return Timing{Frames: 16, Delay: 55 * time.Millisecond, Hold: 2 * time.Second}
	}
	return Timing{Frames: 24, Delay: 70 * time.Millisecond, Hold: 2500 * time.Millisecond}
}

// Script is reveal.js for mode, to evaluate in a rendered page; then __reveal.frame(t) shows the
// timeline at t in [0, 1].
func Script(mode Mode) string {
	if mode != Build {
		mode = Flow
	}
	return strings.Replace(revealJS, "__MODE__", string(mode), 1)
}

// Steps are the frame steps of an animation of frames frames: a no-op (the plain page, which is
// the final frame), then the script and timeline positions 0 .. (frames-2)/(frames-1).
func Steps(mode Mode, frames int) []string {
	steps := []string{"0"}
	for i := 0; i < frames-1; i++ {
		t := strconv.FormatFloat(float64(i)/float64(frames-1), 'f', 4, 64)
		call := "window.__reveal.frame(" + t + ")"
		if i == 0 {
			call = Script(mode) + ";\n" + call
		}
		steps = append(steps, call)
	}
	return steps
}

// Scale is the size of a GIF's frames relative to the canvas: half, so a portrait GIF is 540x675.
// A reveal GIF at the full 1080x1350 costs four times the capture and encoding time (Chromium
// rasterises every frame: blur and backdrop filters dominate) and several megabytes.
const Scale = 0.5

// Scaled returns pg drawn at f times its size: the body is scaled with a CSS transform, so the
// page lays out exactly as at full size (auto-fit measures the same boxes) and only the raster is
// smaller.
func Scaled(pg renderer.Page, f float64) renderer.Page {
	if f == 1 {
		return pg
	}
	css := "<style>body{transform:scale(" + strconv.FormatFloat(f, 'f', -1, 64) + ");transform-origin:0 0}</style>"
	if i := strings.Index(strings.ToLower(pg.HTML), "</head>"); i >= 0 {
		pg.HTML = pg.HTML[:i] + css + pg.HTML[i:]
	} else {
		pg.HTML = css + pg.HTML
	}
	pg.Width = max(1, int(float64(pg.Width)*f+0.5))
	pg.Height = max(1, int(float64(pg.Height)*f+0.5))
	return pg
}

// FrameSource captures frames of a page (renderer.Pool).
type FrameSource interface {
	FramesFunc(ctx context.Context, pg renderer.Page, steps []string, fn func(i int, img image.Image) error) error
}

// FrameProber is a FrameSource that also evaluates a probe on the loaded page before the steps
// (renderer.Pool.FramesProbe).
type FrameProber interface {
	FramesProbe(ctx context.Context, pg renderer.Page, probe string, steps []string, fn func(i int, img image.Image) error) (json.RawMessage, error)
}

// GIF animates pg.
func GIF(ctx context.Context, src FrameSource, pg renderer.Page, mode Mode, speed Speed) ([]byte, error) {
	gif, _, err := GIFProbe(ctx, src, pg, "", mode, speed)
	return gif, err
}

// GIFProbe animates pg and returns the value of the JavaScript expression probe evaluated on the
// loaded page before the reveal starts (the finished page, as a still render sees it). The probe
// needs src to be a FrameProber; otherwise, or when probe is empty, the value is nil.
func GIFProbe(ctx context.Context, src FrameSource, pg renderer.Page, probe string, mode Mode, speed Speed) ([]byte, json.RawMessage, error) {
	tm := speed.Timing()
	var (
		enc   *gifenc.Encoder
		final image.Image
		data  json.RawMessage
	)
	onFrame := func(i int, img image.Image) error {
		if i == 0 {
			final = img
			var err error
			enc, err = gifenc.New(img, gifenc.Options{Transparent: pg.Transparent})
			return err
		}
		return enc.Add(img, tm.Delay)
	}
	steps := Steps(mode, tm.Frames)
	var err error
	if prober, ok := src.(FrameProber); ok && probe != "" {
		data, err = prober.FramesProbe(ctx, pg, probe, steps, onFrame)
	} else {
		err = src.FramesFunc(ctx, pg, steps, onFrame)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("animate: %w", err)
	}
	if err := enc.Add(final, 0); err != nil {
		return nil, nil, fmt.Errorf("animate: %w", err)
	}
	enc.Hold(tm.Hold)
	var buf bytes.Buffer
	if err := enc.Encode(&buf); err != nil {
		return nil, nil, fmt.Errorf("animate: %w", err)
	}
	return buf.Bytes(), data, nil
}

// DiagramPages gives the page of a stored diagram, for diagramId animations. The diagram service
// implements it. The page is drawn with the diagram's own saved brand and display settings (size
// replaces the saved size when not empty) and marks its elements for reveal.js: nodes
// data-node="<id>", edges data-edge="<from>-><to>" with data-from and data-to, groups
// data-group="<id>", each with data-order="<n>" (build order).
type DiagramPages interface {
	// DiagramPage returns an error wrapping brandgen.ErrNotFound for an unknown diagram or another
	// account's.
	DiagramPage(ctx context.Context, accountID int64, id string, size brandgen.Size) (renderer.Page, error)
}

// NoDiagrams answers every diagram id as not found (no diagram service wired).
type NoDiagrams struct{}

// DiagramPage implements DiagramPages.
func (NoDiagrams) DiagramPage(context.Context, int64, string, brandgen.Size) (renderer.Page, error) {
	return renderer.Page{}, fmt.Errorf("diagram: %w", brandgen.ErrNotFound)
}

// Request is one animation to make; it travels in job payloads as JSON.
type Request struct {
	AccountID int64           `json:"accountId"`
	Format    string          `json:"format,omitempty"`  // pattern id; with Content
	Content   json.RawMessage `json:"content,omitempty"` // validated content of Format
	DiagramID string          `json:"diagramId,omitempty"`
	Look      brandgen.Look   `json:"look"`
	Layout    string          `json:"layout,omitempty"`
	Brand     *brandgen.Brand `json:"brand,omitempty"`
	Unbranded bool            `json:"unbranded,omitempty"`
	Mode      Mode            `json:"anim"`
	Speed     Speed           `json:"speed"`
}

// Animator builds pages and animates them.
type Animator struct {
	Studio   *studio.Studio
	Catalog  *patterns.Catalog
	Frames   FrameSource
	Diagrams DiagramPages // nil: NoDiagrams
}

// Page builds the request's page at full size.
func (a *Animator) Page(ctx context.Context, r Request) (renderer.Page, error) {
	if r.DiagramID != "" {
		d := a.Diagrams
		if d == nil {
			d = NoDiagrams{}
		}
		return d.DiagramPage(ctx, r.AccountID, r.DiagramID, r.Look.Size)
	}
	content, issues := a.Catalog.Decode(r.Format, r.Content, "content.")
	if err := brandgen.Invalid(issues); err != nil {
		return renderer.Page{}, err
	}
	return a.Studio.Page(ctx, studio.Job{AccountID: r.AccountID, Pattern: r.Format, Content: content,
		Look: r.Look.WithDefaults(), Layout: r.Layout, Brand: r.Brand, Unbranded: r.Unbranded})
}

// Animate makes the request's GIF.
func (a *Animator) Animate(ctx context.Context, r Request) ([]byte, error) {
	gif, _, err := a.AnimateReport(ctx, r)
	return gif, err
}

// AnimateReport makes the request's GIF and returns what the page's fit script left out to make
// the content fit, as studio.Studio.RenderReport does for a still: the same warnings (codes and
// paths such as content.subtitle), since the GIF is the page scaled as a whole. A diagram, or a
// FrameSource that is not a FrameProber, reports nothing.
func (a *Animator) AnimateReport(ctx context.Context, r Request) ([]byte, []brandgen.Warning, error) {
	pg, err := a.Page(ctx, r)
	if err != nil {
		return nil, nil, err
	}
	gif, raw, err := GIFProbe(ctx, a.Frames, Scaled(pg, Scale), studio.FitProbe, r.Mode, r.Speed)
	if err != nil {
		return nil, nil, err
	}
	warnings, err := studio.FitWarnings(raw)
	if err != nil {
		return nil, nil, fmt.Errorf("animate: %w", err)
	}
	return gif, warnings, nil
}

// Retryable reports whether a failed animation or render may succeed when tried again: the render
// queue was full, a browser crashed or the page timed out.
func Retryable(err error) bool {
	for _, target := range []error{brandgen.ErrRenderBusy, context.DeadlineExceeded, renderer.ErrTimeout,
		renderer.ErrNotReady, renderer.ErrLaunch, renderer.ErrClosed} {
		if errors.Is(err, target) {
			return true
		}
	}
	return false
}
