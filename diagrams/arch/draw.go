package arch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/brandgen/brandgen/textlang"
	"hash/fnv"
	"math"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
	"github.com/brandgen/brandgen/templates"
)

// Type floors and caps, in canvas pixels (every size is 1080 px on its short side).
const (
	minText   = 18.0 // no text is drawn smaller: the smallest text is smallRatio of the node label
	maxLabel  = 30.0 // node labels grow to this size at most (40 for a graph of three nodes); space left over spreads the layout
	maxSpread = 3.0  // how far the gaps may grow to fill the canvas
)

var debugChoice = false

// ErrInvalidGraph wraps a Draw of a graph that does not validate.
var ErrInvalidGraph = errors.New("arch: invalid graph")

// Draw lays out and draws g: it tries dot's top-to-bottom and left-to-right layouts (and, for
// SizeAuto, the portrait and landscape canvases), keeps the one whose labels come out largest,
// then spreads a small graph's gaps so it fills the canvas rather than floating in it.
func Draw(g Graph, o Options) (Drawing, error) {
	return DrawContext(context.Background(), g, o)
}

// DrawContext is Draw with a context for the layout.
func DrawContext(ctx context.Context, g Graph, o Options) (Drawing, error) {
	if issues := g.Validate(""); len(issues) > 0 {
		msgs := make([]string, len(issues))
		for i, is := range issues {
			msgs[i] = is.Field + ": " + is.Message
		}
		return Drawing{}, fmt.Errorf("%w: %s", ErrInvalidGraph, strings.Join(msgs, "; "))
	}
	look := o.Look
	if look.Size == "" {
		look.Size = brandgen.SizeAuto
	}
	if look.Size != brandgen.SizeAuto && !look.Size.Valid() {
		return Drawing{}, fmt.Errorf("arch: unknown size %q", look.Size)
	}
	if look.Theme == "" {
		look.Theme = brandgen.ThemeLight
	}
	if look.Style == "" {
		look.Style = brandgen.StyleGlass
	}
	if !look.Theme.Valid() || !look.Style.Valid() {
		return Drawing{}, fmt.Errorf("arch: unknown theme %q or style %q", look.Theme, look.Style)
	}
	nodeStyle := o.NodeStyle
	if nodeStyle == "" {
		nodeStyle = NodeStructured
	}
	if !oneOf(nodeStyle, NodeStyles) {
		return Drawing{}, fmt.Errorf("arch: unknown node style %q", nodeStyle)
	}
	texts := []string{o.Title}
	for _, n := range g.Nodes {
		texts = append(texts, n.Label)
	}
	for _, gr := range g.Groups {
		texts = append(texts, gr.Label)
	}
	for _, e := range g.Edges {
		texts = append(texts, e.Label)
	}
	th := newTheme(o, brandgen.Look{Size: brandgen.SizePortrait, Theme: look.Theme, Style: look.Style}, textlang.Detect(strings.Join(texts, " ")))
	sizes := []brandgen.Size{look.Size}
	if look.Size == brandgen.SizeAuto {
		sizes = []brandgen.Size{brandgen.SizePortrait, brandgen.SizeLandscape}
	}
	// Densities from airy to tight: the first whose smallest text reaches the floor wins; when
	// none does, the one with the largest smallest text.
	var best *choice
	for di, dn := range densities {
		if di == 1 && best != nil && best.smallest() < 0.75*minText {
			// Far below the floor: the middle density cannot reach it either; go tight.
			continue
		}
		frames := make([]frame, len(sizes))
		for i, size := range sizes {
			frames[i] = newFrame(size, o, th, dn.name != "normal")
		}
		m := measure(g, th, nodeStyle, dn)
		c, err := choose(ctx, g, m, frames)
		if err != nil {
			return Drawing{}, err
		}
		if best == nil || c.smallest() > best.smallest() {
			best = c
		}
		if c.smallest() >= minText {
			break
		}
	}
	m := best.m
	scale := math.Min(best.scale, m.maxLabel/refSize)
	cv := &canvas{id: drawingID(g, o, best.fr.size, nodeStyle), icons: map[string]string{}}
	d := drawer{cv: cv, g: g, t: th, m: m, fr: best.fr, pl: best.pl, s: scale, o: o}
	d.place()
	d.draw()
	w, h := best.fr.size.Pixels()
	return Drawing{SVG: d.finish(w, h), Size: best.fr.size, Width: w, Height: h, Lang: th.lang}, nil
}

// choice is one candidate drawing: a density, a direction and a canvas size.
type choice struct {
	m     metrics
	dir   string
	fr    frame
	pl    placed
	scale float64
	score float64
}

// smallest is the size of the smallest text of the choice on the canvas.
func (c *choice) smallest() float64 {
	return refSize * c.m.d.small * math.Min(c.scale, c.m.maxLabel/refSize)
}

// choose lays m out top-to-bottom and left-to-right and keeps the direction and frame in which
// the labels come out largest; a small graph then gets wider gaps so it fills the canvas.
func choose(ctx context.Context, g Graph, m metrics, frames []frame) (*choice, error) {
	var best *choice
	for _, dir := range []string{"TB", "LR"} {
		pl, err := m.spec(g, dir, 1).run(ctx)
		if err != nil {
			return nil, fmt.Errorf("lay out: %w", err)
		}
		for _, fr := range frames {
			s := fr.fit(pl)
			label := math.Min(refSize*s, m.maxLabel)
			// Sizes compare as seen at the same width (a feed, a page): a landscape canvas shows
			// its text smaller. Between near-equal fits, prefer the direction that follows the
			// canvas, and the layout that fills more of it. Below the text floor, only the
			// absolute size of the smallest text counts.
			score := label * 1080 / fr.w
			if (dir == "TB") == (fr.area.H >= fr.area.W) {
				score += 0.6
			}
			score += (pl.W * s * pl.H * s) / (fr.area.W * fr.area.H)
			if smallest := label * m.d.small; smallest < minText {
				score = smallest - 100
			}
			c := choice{m: m, dir: dir, fr: fr, pl: pl, scale: s, score: score}
			if debugChoice {
				fmt.Printf("choice %s %s %s layout %.0fx%.0f area %.0fx%.0f scale %.2f score %.2f\n", m.d.name, fr.size, dir, pl.W, pl.H, fr.area.W, fr.area.H, s, score)
			}
			if best == nil || c.score > best.score {
				best = &c
			}
		}
	}
	// A small graph reaches the label cap with room to spare: widen the gaps (a new layout) so it
	// fills the canvas instead of floating in the middle of it.
	if best.scale*refSize > m.maxLabel {
		want := best.scale * refSize / m.maxLabel
		spread := math.Min(maxSpread, 1+(want-1)*1.4)
		if pl, err := m.spec(g, best.dir, spread).run(ctx); err == nil {
			best.pl = pl
			best.scale = best.fr.fit(pl)
		}
	}
	return best, nil
}

// drawingID is the id prefix of a drawing: a hash of everything it shows.
func drawingID(g Graph, o Options, size brandgen.Size, nodeStyle string) string {
	h := fnv.New32a()
	enc, _ := json.Marshal(struct {
		G Graph
		O Options
		S brandgen.Size
		N string
	}{g, o, size, nodeStyle})
	h.Write(enc)
	return fmt.Sprintf("bga%08x", h.Sum32())
}

// frame is a canvas size cut into its parts: the title block, the badge and the diagram area.
type frame struct {
	size       brandgen.Size
	w, h       float64
	mx, mTop   float64
	mBottom    float64
	title      []string
	titleStyle textStyle
	titleLineH float64
	titleY     float64 // baseline of the first title line
	badge      badgeBox
	area       rect
}

func newFrame(size brandgen.Size, o Options, t theme, dense bool) frame {
	mt := templates.MetricsFor(size)
	fr := frame{size: size, w: float64(mt.Width), h: float64(mt.Height),
		mx: float64(mt.MarginX), mTop: float64(mt.MarginTop), mBottom: float64(mt.MarginBottom)}
	if size == brandgen.SizeLandscape {
		fr.mTop, fr.mBottom = 72, 64
	} else if size != brandgen.SizeStory {
		fr.mx, fr.mTop, fr.mBottom = 64, 72, 64
	}
	if dense && size != brandgen.SizeStory {
		// A dense graph takes every pixel the safe area allows.
		fr.mx, fr.mTop, fr.mBottom = 64, 64, 56
	}
	contentW := fr.w - 2*fr.mx
	top := fr.mTop
	if o.Badge.Show {
		fr.badge = newBadge(o.Badge, t, float64(mt.BadgeH), float64(mt.Type.S))
		fr.badge.x = fr.w - fr.mx - fr.badge.w
		fr.badge.y = top
	}
	title := charts.CleanText(o.Title)
	bottomOfHead := top
	if o.Badge.Show {
		bottomOfHead = top + fr.badge.h
	}
	if title != "" {
		size := float64(mt.Type.H2)
		if dense {
			size = float64(mt.Type.H3)
		}
		if t.style == brandgen.StyleEditorial {
			size *= 1.12
		}
		st := textStyle{family: t.titleFamily, weight: t.titleWeight, size: size, fill: t.ink, track: t.titleTrack}
		maxW := contentW
		if o.Badge.Show {
			maxW -= fr.badge.w + 40
		}
		fr.title, st.size = fitLines(title, st, maxW, 2, size*0.72)
		if strings.HasSuffix(fr.title[len(fr.title)-1], "…") {
			fr.title, st.size = fitLines(title, st, maxW, 3, size*0.6)
		}
		fr.titleStyle = st
		fr.titleLineH = st.size * 1.1
		capH := st.size * 0.74
		fr.titleY = top + capH
		if o.Badge.Show && len(fr.title) == 1 {
			fr.titleY = top + fr.badge.h/2 + capH/2 // centred on the badge
		}
		bottomOfHead = math.Max(bottomOfHead, fr.titleY+float64(len(fr.title)-1)*fr.titleLineH+st.size*0.26)
	}
	gap := 48.0
	if dense {
		gap = 28
	}
	if bottomOfHead == top {
		gap = 0
	}
	fr.area = rect{X: fr.mx, Y: bottomOfHead + gap, W: contentW, H: fr.h - fr.mBottom - bottomOfHead - gap}
	return fr
}

// fit is the scale at which the layout fills the area.
func (fr frame) fit(pl placed) float64 {
	if pl.W <= 0 || pl.H <= 0 {
		return 1
	}
	return math.Min(fr.area.W/pl.W, fr.area.H/pl.H)
}
