package diagrams

import (
	"container/list"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/brandgen/brandgen/textlang"
	"sync"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/diagrams/arch"
	"github.com/brandgen/brandgen/diagrams/mermaid"
	"github.com/brandgen/brandgen/diagrams/sketch"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/templates"
)

// Settings are a diagram's saved display settings (resolved: no "not given" left).
type Settings struct {
	Size        brandgen.Size  `json:"size"` // may be auto
	Theme       brandgen.Theme `json:"theme"`
	Style       brandgen.Style `json:"style"`
	NodeStyle   string         `json:"nodeStyle"`
	Transparent bool           `json:"transparent"`
	Colors      Colors         `json:"colors"`
	Branded     bool           `json:"branded"`
}

// Overrides change one render of a stored diagram (GET query parameters); zero fields keep the
// diagram's settings.
type Overrides struct {
	Theme       brandgen.Theme
	Size        brandgen.Size
	Transparent *bool
}

func (s Settings) with(o Overrides) Settings {
	if o.Theme != "" {
		s.Theme = o.Theme
	}
	if o.Size != "" {
		s.Size = o.Size
	}
	if o.Transparent != nil {
		s.Transparent = *o.Transparent
	}
	return s
}

// MinTextPx is the smallest text a diagram is drawn with, in canvas pixels: below it a flowchart,
// class or er diagram is laid out in the other direction when that reads better.
const MinTextPx = 18

// image is one rendered diagram.
type image struct {
	PNG     []byte
	Size    brandgen.Size // the concrete size
	TextPx  float64       // smallest text on the canvas (Mermaid types), px
	Drawing *arch.Drawing // architecture only: for the SVG export
}

// draw renders a diagram with settings st.
func (s *Service) draw(ctx context.Context, accountID int64, typ, title string, m Model, brand *brandgen.Brand, st Settings) (image, error) {
	img, pg, err := s.compose(ctx, accountID, typ, title, m, brand, st)
	if err != nil {
		return image{}, err
	}
	if img.PNG, err = s.studio.RenderPage(ctx, typ+" diagram", pg); err != nil {
		return image{}, err
	}
	return img, nil
}

// compose lays a diagram out on its canvas: the page to render and what is known of the image
// before rendering (everything but the PNG).
func (s *Service) compose(ctx context.Context, accountID int64, typ, title string, m Model, brand *brandgen.Brand, st Settings) (image, renderer.Page, error) {
	badge, err := s.studio.Badge(ctx, accountID, brand, !st.Branded)
	if err != nil {
		return image{}, renderer.Page{}, err
	}
	if typ == "architecture" {
		return s.composeArch(title, m, badge, st)
	}
	pal := templates.DiagramPalette(badge.Colors, &templates.PaletteOverride{Primary: st.Colors.Primary,
		Secondary: st.Colors.Secondary, Background: st.Colors.Background}, st.Theme)
	lang := textlang.Detect(title + " " + m.Source)
	th := mermaid.ThemeFrom(pal, lang)
	if typ == "gantt" { // a gantt chart fills the width it is given: lay it out at the canvas's
		sz := st.Size
		if !sz.Valid() {
			sz = brandgen.SizeLandscape
		}
		th.Width, th.Height = templates.DiagramBox(sz, title, badge.Show)
		th.Rows = mermaid.GanttRows(m.Source)
	}
	if typ == "er" && mermaid.Entities(m.Source) >= sketch.DenseER {
		// Many tables: ELK with a bound on each layer, laid out at a larger text size (the
		// boxes' fixed padding and the gaps then weigh less, so the text comes out larger).
		th.Dense, th.LayerBound, th.FontSize = true, 5, 40
	}
	art, err := s.layout(ctx, typ, m.Source, th)
	if err != nil {
		return image{}, renderer.Page{}, err
	}
	size, scale := pickSize(st.Size, title, badge.Show, art)
	// Too small to read, or a thin strip on the canvas: a sketch drawn left-to-right may read
	// better top-to-bottom (on the other auto size), or back. The other direction wins when its
	// text is clearly larger (or the first is below the minimum).
	// A flow of five or more steps may also read as two rows of left-to-right steps.
	if m.Sketch != nil && flippable(typ) && (art.FontSize*scale < MinTextPx || fill(size, title, badge.Show, art, scale) < 0.3) {
		for _, alt := range alternatives(typ, *m.Sketch) {
			altArt, err := s.layout(ctx, typ, alt.Mermaid(), th)
			if err != nil {
				continue
			}
			altSize, altScale := pickSize(st.Size, title, badge.Show, altArt)
			if altScale > scale*1.25 || (art.FontSize*scale < MinTextPx && altScale > scale) {
				art, size, scale = altArt, altSize, altScale
			}
		}
	}
	pg, err := s.studio.DiagramPage(templates.DiagramOptions{Type: typ, Look: brandgen.Look{Size: size, Theme: st.Theme},
		Palette: pal, Badge: badge, Title: title, Transparent: st.Transparent, Lang: lang,
		SVG: art.SVG, ArtW: art.Width, ArtH: art.Height, FontSize: art.FontSize})
	if err != nil {
		return image{}, renderer.Page{}, err
	}
	return image{Size: size, TextPx: art.FontSize * scale}, pg, nil
}

// fill is the share of the diagram's box on the canvas that the drawn diagram covers.
func fill(size brandgen.Size, title string, badge bool, art mermaid.Art, scale float64) float64 {
	w, h := templates.DiagramBox(size, title, badge)
	if w <= 0 || h <= 0 {
		return 1
	}
	return art.Width * scale * art.Height * scale / (w * h)
}

// alternatives are other layouts of a sketch: the other direction, and for a flow of five to
// twelve steps without groups, two rows.
func alternatives(typ string, sk sketch.Sketch) []sketch.Sketch {
	flip := sk
	flip.Direction = map[string]string{"LR": "TB", "TB": "LR", "": "TB"}[sk.Direction]
	out := []sketch.Sketch{flip}
	if typ == "flowchart" && sk.Wrap == 0 && len(sk.Groups) == 0 && len(sk.Nodes) >= 5 && len(sk.Nodes) <= 12 {
		rows := sk
		rows.Wrap = (len(sk.Nodes) + 1) / 2
		out = append(out, rows)
	}
	return out
}

func flippable(typ string) bool { return typ == "flowchart" || typ == "class" || typ == "er" }

// pickSize resolves auto to portrait or landscape, whichever draws the diagram larger, and
// returns the size and the diagram's scale on it.
func pickSize(size brandgen.Size, title string, badge bool, art mermaid.Art) (brandgen.Size, float64) {
	scale := func(sz brandgen.Size) float64 {
		w, h := templates.DiagramBox(sz, title, badge)
		return min(w/art.Width, h/art.Height, templates.MaxDiagramText/art.FontSize)
	}
	if size != brandgen.SizeAuto && size.Valid() {
		return size, scale(size)
	}
	p, l := scale(brandgen.SizePortrait), scale(brandgen.SizeLandscape)
	// Ties (both capped by the text limit) go by the diagram's own shape.
	if p > l || (p == l && art.Height > art.Width) {
		return brandgen.SizePortrait, p
	}
	return brandgen.SizeLandscape, l
}

func (s *Service) composeArch(title string, m Model, badge brandgen.Badge, st Settings) (image, renderer.Page, error) {
	if m.Graph == nil {
		return image{}, renderer.Page{}, errors.New("diagrams: architecture diagram without a graph")
	}
	d, err := arch.Draw(*m.Graph, arch.Options{
		Look:      brandgen.Look{Size: st.Size, Theme: st.Theme, Style: st.Style},
		NodeStyle: st.NodeStyle, Title: title, Badge: badge, Transparent: st.Transparent,
		Colors: arch.Colors{Primary: st.Colors.Primary, Secondary: st.Colors.Secondary, Background: st.Colors.Background},
	})
	if err != nil {
		return image{}, renderer.Page{}, fmt.Errorf("draw architecture: %w", err)
	}
	return image{Size: d.Size, Drawing: &d}, s.studio.SVGPage(d.SVG, d.Width, d.Height, st.Transparent, d.Lang), nil
}

// layout draws a Mermaid source, from the cache when the same source and theme were drawn lately.
func (s *Service) layout(ctx context.Context, typ, source string, th mermaid.Theme) (mermaid.Art, error) {
	js, _ := json.Marshal(th)
	sum := sha256.Sum256([]byte(typ + "\x00" + source + "\x00" + string(js)))
	k := hex.EncodeToString(sum[:])
	if art, ok := s.arts.get(k); ok {
		return art, nil
	}
	art, err := mermaid.Draw(ctx, s.studio, typ, source, th)
	if err != nil {
		if errors.Is(err, mermaid.ErrSyntax) {
			return mermaid.Art{}, fmt.Errorf("diagrams: a stored %s source no longer parses: %w", typ, err)
		}
		return mermaid.Art{}, err
	}
	s.arts.put(k, art)
	return art, nil
}

// etag is the validator of an image of a diagram: it changes with anything that changes the
// picture (the diagram's state, the render's settings, the saved brand that feeds the badge).
func etag(d storedDiagram, st Settings, format string, saved *brandgen.Brand) string {
	js, _ := json.Marshal(struct {
		V       int
		ID      string
		Updated int64
		St      Settings
		Format  string
		Saved   *brandgen.Brand
	}{renderVersion, d.ID, d.UpdatedAt.UnixMicro(), st, format, saved})
	sum := sha256.Sum256(js)
	return `"` + hex.EncodeToString(sum[:12]) + `"`
}

// renderVersion is bumped when drawing changes, so clients' cached images are invalidated.
const renderVersion = 2

// lru is a small least-recently-used cache of layouts.
type lru struct {
	mu    sync.Mutex
	cap   int
	order *list.List
	items map[string]*list.Element
}

type lruEntry struct {
	key string
	art mermaid.Art
}

func newLRU(n int) *lru { return &lru{cap: n, order: list.New(), items: map[string]*list.Element{}} }

func (c *lru) get(k string) (mermaid.Art, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		c.order.MoveToFront(e)
		return e.Value.(*lruEntry).art, true
	}
	return mermaid.Art{}, false
}

func (c *lru) put(k string, art mermaid.Art) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.items[k]; ok {
		e.Value.(*lruEntry).art = art
		c.order.MoveToFront(e)
		return
	}
	c.items[k] = c.order.PushFront(&lruEntry{k, art})
	for c.order.Len() > c.cap {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*lruEntry).key)
	}
}
