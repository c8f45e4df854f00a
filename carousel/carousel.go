// Package carousel makes carousels: it validates slide objects against the catalog's slide kinds
// (package slides), renders the slides concurrently through the studio, measures where each
// slide's lines of text landed, and assembles the PDF document (package pdfdoc) with one page per
// slide and an invisible, searchable text layer.
package carousel

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/pdfdoc"
	"github.com/brandgen/brandgen/slides"
	"github.com/brandgen/brandgen/studio"
)

// Pattern is the pattern id of a carousel answer.
const Pattern = "carousel"

// Sizes are the canvas sizes a carousel may have.
var Sizes = []brandgen.Size{brandgen.SizePortrait, brandgen.SizeSquare}

// Renderer renders sets of pages (studio.Studio).
type Renderer interface {
	RenderSet(ctx context.Context, set studio.Set) (studio.SetResult, error)
}

// Maker renders decks.
type Maker struct {
	studio Renderer
	log    *slog.Logger
}

// New returns a Maker over the studio.
func New(st Renderer, log *slog.Logger) *Maker {
	if log == nil {
		log = slog.Default()
	}
	return &Maker{studio: st, log: log}
}

// Request is a deck to render: typed slides (from Decode) and how to draw them.
type Request struct {
	AccountID int64
	Slides    []any
	Look      brandgen.Look
	Brand     *brandgen.Brand
	Unbranded bool
}

// Deck is a rendered carousel.
type Deck struct {
	PNGs [][]byte
	PDF  []byte
	// Warnings is what the slides' fit script left out to fit, paths in the answer's terms:
	// content.slides[i] and the slide's field (content.slides[2].subtitle). Nil when nothing.
	Warnings []brandgen.Warning
}

// slideWarnings moves a slide page's warnings (content.<field>) under its slide object.
func slideWarnings(i int, ws []brandgen.Warning) []brandgen.Warning {
	out := make([]brandgen.Warning, 0, len(ws))
	for _, w := range ws {
		rest, ok := strings.CutPrefix(w.Path, "content")
		if !ok {
			rest = "." + w.Path
		}
		w.Path = fmt.Sprintf("content.slides[%d]%s", i, rest)
		out = append(out, w)
	}
	return out
}

// Make renders every slide and assembles the PDF.
func (m *Maker) Make(ctx context.Context, r Request) (Deck, error) {
	if len(r.Slides) == 0 {
		return Deck{}, fmt.Errorf("carousel: no slides")
	}
	pages := slides.Pages(r.Slides)
	set := studio.Set{AccountID: r.AccountID, Look: r.Look, Brand: r.Brand, Unbranded: r.Unbranded, Probe: textProbe}
	for _, p := range pages {
		set.Pages = append(set.Pages, studio.SetPage{Pattern: slides.PatternID(p.Kind), Content: p})
	}
	res, err := m.studio.RenderSet(ctx, set)
	if err != nil {
		return Deck{}, fmt.Errorf("carousel: %w", err)
	}
	deck := Deck{PNGs: make([][]byte, len(res.Shots))}
	docPages := make([]pdfdoc.Page, len(res.Shots))
	for i, shot := range res.Shots {
		deck.PNGs[i] = shot.PNG
		deck.Warnings = append(deck.Warnings, slideWarnings(i, shot.Warnings)...)
		lines, err := parseLines(shot.Probe)
		if err != nil {
			m.log.WarnContext(ctx, "carousel: text positions unreadable; estimating them", "slide", i+1, "err", err)
		}
		if lines == nil {
			lines = estimateLines(r.Slides[i], shot.Width, shot.Height)
		}
		docPages[i] = pdfdoc.Page{PNG: shot.PNG, Width: shot.Width, Height: shot.Height, Lines: lines}
	}
	info := pdfdoc.Info{Title: strings.TrimSpace(slides.Title(r.Slides[0]))}
	if b := res.Badge; b.Show {
		info.Author = firstNonEmpty(b.Name, b.Handle)
		if info.Author != "" {
			info.Subject = "A carousel by " + info.Author
		}
	}
	if deck.PDF, err = pdfdoc.Build(docPages, info); err != nil {
		return Deck{}, fmt.Errorf("carousel: %w", err)
	}
	return deck, nil
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s = strings.TrimSpace(s); s != "" {
			return s
		}
	}
	return ""
}

// parseLines reads the text probe's answer (nil when there was no probe).
func parseLines(raw json.RawMessage) ([]pdfdoc.Line, error) {
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	var lines []pdfdoc.Line
	if err := json.Unmarshal(raw, &lines); err != nil {
		return nil, err
	}
	if lines == nil {
		lines = []pdfdoc.Line{}
	}
	return lines, nil
}

// estimateLines places a slide's words without measurements (a renderer that cannot probe): one
// line per text, stacked down the page's left safe margin, scaled to the page. Search and copy
// still work; positions are rough.
func estimateLines(slide any, width, height int) []pdfdoc.Line {
	var texts []string
	for _, t := range slides.Texts(slide) {
		for _, ln := range strings.Split(t, "\n") {
			if ln = strings.TrimSpace(ln); ln != "" {
				texts = append(texts, ln)
			}
		}
	}
	if len(texts) == 0 {
		return nil
	}
	scale := float64(width) / 1080
	step := min(48*scale, 0.8*float64(height)/float64(len(texts)))
	out := make([]pdfdoc.Line, len(texts))
	for i, t := range texts {
		out[i] = pdfdoc.Line{Text: t, X: 80 * scale, Y: 0.1*float64(height) + float64(i)*step, H: step * 0.8, Size: step * 0.6}
	}
	return out
}
