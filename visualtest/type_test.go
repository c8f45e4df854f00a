package visualtest

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// typeProbe measures the laid-out page: every visible text element of the content with its role
// (the fit script's roles: h, sub, body, label) and computed size; the floors; the bounding box of
// the content's text and media over the safe area; the largest empty horizontal band between them;
// the left edges of the text (its columns); and the fit script's report.
const typeProbe = `(() => {
  const root = getComputedStyle(document.documentElement);
  const v = (n) => parseFloat(root.getPropertyValue(n)) || 0;
  const floor = v('--fs-floor'), floorLabel = v('--fs-floor-label'), xs = v('--fs-xs');
  const main = document.querySelector('main.content');
  const frame = document.querySelector('.frame').getBoundingClientRect();
  const m = main.getBoundingClientRect();
` + jsRole + `  const texts = [], boxes = [], seen = new Set();
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const n = walker.currentNode;
    if (!n.textContent.trim()) continue;
    const el = n.parentElement;
    if (el.closest('svg,style,script')) continue;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden' || parseFloat(cs.opacity) === 0) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    const rs = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
    if (!rs.length) continue;
    for (const r of rs) boxes.push(r);
    // cjk.js splits CJK text into phrases (text nodes between <wbr>s): only an element's first
    // text node starts a line, so only it gives a column; so does an inline span inside text
    // already seen (compounds.js's no-wrap span around "Data-Intensive" mid-line).
    const cont = seen.has(el) || (cs.display === 'inline' && seen.has(el.parentElement));
    texts.push({text: n.textContent.trim().slice(0, 40), cls: String(el.className || el.tagName), role: role(el),
      fs: parseFloat(cs.fontSize), left: (Math.min(...rs.map((r) => r.left)) - m.left) / m.width, cont});
    seen.add(el);
  }
  main.querySelectorAll('svg,img,canvas').forEach((el) => {
    if (el.closest('svg') !== el && el.tagName.toLowerCase() === 'svg') return;
    const r = el.getBoundingClientRect();
    if (r.width > 8 && r.height > 8) boxes.push(r);
  });
  let l = Infinity, t = Infinity, r = -Infinity, b = -Infinity;
  for (const x of boxes) { l = Math.min(l, x.left); t = Math.min(t, x.top); r = Math.max(r, x.right); b = Math.max(b, x.bottom); }
  const cover = boxes.length ? Math.max(0, Math.min(r, m.right) - Math.max(l, m.left)) * Math.max(0, Math.min(b, m.bottom) - Math.max(t, m.top)) / (m.width * m.height) : 0;
  // The largest band of the content area's height that no text or media crosses.
  const spans = boxes.map((x) => [Math.max(x.top, m.top), Math.min(x.bottom, m.bottom)]).filter((s) => s[1] > s[0]).sort((a, c) => a[0] - c[0]);
  let gap = 0, y = m.top;
  for (const s of spans) { gap = Math.max(gap, s[0] - y); y = Math.max(y, s[1]); }
  gap = Math.max(gap, m.bottom - y);
  const fill = boxes.length ? Math.max(0, Math.min(b, m.bottom) - Math.max(t, m.top)) / m.height : 0;
  const fit = window.__brandgenFit || {warnings: [], scale: 0};
  return {floor, floorLabel, texts, cover, fill, gap: gap / m.height, safe: frame.height, warnings: fit.warnings, scale: fit.scale};
})()`

// jsRole defines role(el) for a probe script (xs, the --fs-xs size, in scope): the fit script's role
// of the text in el: h, sub, label or body.
const jsRole = `  const role = (el) => {
    const f = el.closest('[data-fit]') || el;
    const r = f.getAttribute('data-role');
    if (r) return r;
    if (f.matches('.headline,.display,h1')) return 'h';
    if (f.matches('.lead')) return 'sub';
    const cs = getComputedStyle(f);
    if (f.matches('.kicker,.small,.tag,.chip') || cs.textTransform === 'uppercase' || parseFloat(cs.fontSize) <= xs + 0.5) return 'label';
    return 'body';
  };
`

type probeText struct {
	Text string  `json:"text"`
	Cls  string  `json:"cls"`
	Role string  `json:"role"`
	FS   float64 `json:"fs"`
	Left float64 `json:"left"`
	Cont bool    `json:"cont"` // a later text node of the same element (a CJK phrase): no column of its own
}

type probeResult struct {
	Floor      float64     `json:"floor"`
	FloorLabel float64     `json:"floorLabel"`
	Texts      []probeText `json:"texts"`
	Cover      float64     `json:"cover"`
	Fill       float64     `json:"fill"`
	Gap        float64     `json:"gap"`
	Warnings   []struct {
		Code, Message, Path string
	} `json:"warnings"`
	Scale float64 `json:"scale"`
}

// sizes of the role: max and min over the page's text elements.
func (p probeResult) sizes(role string) (lo, hi float64) {
	lo, hi = math.Inf(1), 0
	for _, t := range p.Texts {
		if t.Role == role {
			lo, hi = math.Min(lo, t.FS), math.Max(hi, t.FS)
		}
	}
	return lo, hi
}

// columns is the set of left edges (tenths of the content width) where body-level text starts.
func (p probeResult) columns() map[int]bool {
	out := map[int]bool{}
	for _, t := range p.Texts {
		if t.Role != "label" && !t.Cont {
			out[int(math.Round(t.Left*10))] = true
		}
	}
	return out
}

// typeRuleCheck returns the type-system rules the page breaks.
func typeRuleCheck(p probeResult, minimal bool) []string {
	var bad []string
	for _, t := range p.Texts {
		floor := p.Floor
		if t.Role == "label" || t.Role == "h" {
			floor = p.FloorLabel
		}
		if t.FS < floor-0.5 {
			bad = append(bad, fmt.Sprintf("%s %q (%s) at %.1f px, under the floor %.0f px", t.Role, t.Text, t.Cls, t.FS, floor))
		}
	}
	hLo, _ := p.sizes("h")
	_, subHi := p.sizes("sub")
	_, bodyHi := p.sizes("body")
	if subHi > 0 && hLo < math.Inf(1) && subHi >= hLo {
		bad = append(bad, fmt.Sprintf("subtitle %.1f px not smaller than the headline %.1f px", subHi, hLo))
	}
	if subHi > 0 && bodyHi > 0 && subHi > bodyHi*1.6+0.5 {
		bad = append(bad, fmt.Sprintf("subtitle %.1f px over 1.6x the body %.1f px", subHi, bodyHi))
	}
	if minimal {
		if p.Cover < 0.6 {
			bad = append(bad, fmt.Sprintf("minimal content covers %.0f%% of the safe area (want >= 60%%)", p.Cover*100))
		}
		if p.Gap > 0.25 {
			bad = append(bad, fmt.Sprintf("an empty band of %.0f%% of the safe area's height", p.Gap*100))
		}
	}
	return bad
}

// storyRuleCheck returns the ways a story page fails to use its extra height over the portrait one:
// its content spans less of its taller column than portrait's does, it leaves an empty band over a
// quarter of its height, or its headline is set smaller than portrait's (same width, more height)
// without keeping more of the content.
func storyRuleCheck(portrait, story probeResult) []string {
	var bad []string
	if story.Fill < portrait.Fill-0.05 {
		bad = append(bad, fmt.Sprintf("content spans %.0f%% of the story's height, portrait's %.0f%%", story.Fill*100, portrait.Fill*100))
	}
	if story.Gap > 0.25 {
		bad = append(bad, fmt.Sprintf("an empty band of %.0f%% of the story's height", story.Gap*100))
	}
	// A story that keeps parts portrait had to drop (its subtitle) may set a smaller headline.
	_, ph := portrait.sizes("h")
	_, sh := story.sizes("h")
	if sh > 0 && sh < ph-0.5 && len(story.Warnings) >= len(portrait.Warnings) {
		bad = append(bad, fmt.Sprintf("headline %.1f px, under portrait's %.1f px", sh, ph))
	}
	return bad
}

// sameColumns reports whether two pages start their text at the same places.
func sameColumns(a, b map[int]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for k := range a {
		if !b[k] {
			return false
		}
	}
	return true
}

// pendingLandscape lists the formats whose landscape layout is still the portrait column widened (or
// that the column rule misreads); the rule is reported for them (t.Log) but not enforced until each
// gets its own layout. Remove an entry when its format is fixed.
var pendingLandscape = map[string]bool{
	// Decided, not pending (designer review, issue 10): the rule misreads these. A cover title
	// alone is set on one line across the landscape (portrait stacks it): a second column would be
	// filler. A quote alone has its mark in its own column beside it, but the mark is drawn, not
	// text, and the card's inset rounds both text edges to the same tenth.
	"cover/minimal": true, "quote/minimal": true,
	// A campaign headline alone ("Go outside.") spans the landscape on one line, as cover's does.
	"campaign/minimal": true,
}

// pendingStory lists the formats (or pattern/sample pairs) whose story layout does not use its extra
// height yet (storyRuleCheck); logged, not failed. Remove an entry when its format is fixed.
var pendingStory = map[string]bool{
	// A two-word campaign headline alone is held by the width (a word a line, "outside." across
	// it): it cannot span more of the story's height without breaking a word.
	"campaign/minimal": true,
}

// pendingType lists pattern/sample pairs whose type rules are not met yet (logged, not failed): text
// under the floor (code, event, hiring, grid, long checklists in a square: more than fits at the
// floor, reported to the caller as text_below_minimum) and sparse samples that do not fill the
// canvas yet. Remove an entry when its format is fixed.
var pendingType = map[string]bool{
	// Held by the width as above: 55% of portrait's safe area, 46% of story's (square and
	// landscape pass).
	"campaign/minimal": true,
}

// TestTypeSystem renders every sample of every pattern in every size (styles cycle; the style changes
// faces, not the scale) and checks the type rules: text at or above the size's floor, headline over
// subtitle over body, minimal content filling the safe area without dead bands, landscape laid out
// differently from portrait, not just wider, and story using its extra height (storyRuleCheck).
// The same page answers the per-page rules too, so each cell is loaded once: no glyph's ink cut
// off by a box or out of the safe area (inkProbe; issue 10: the editorial campaign's italic
// "#BuildInPublic" lost the right of its last "c" to its fit box) and no text clipped or outside
// the content area (checkScript; TestNothingOverflows runs it over the long samples in every
// style), and no colour emoji drawn under its font size (emojiSizeProbe). BRANDGEN_VISUAL_DIR gets
// a JSON of every type probe.
func TestTypeSystem(t *testing.T) {
	brand := &brandgen.Brand{Name: "Northwind Laboratories International", Handle: "@northwind_laboratories",
		Colors: &brandgen.Colors{Primary: "#4f46e5", Secondary: "#f59e0b"}}
	dir := os.Getenv("BRANDGEN_VISUAL_DIR")
	for i, s := range samples(t) {
		style := brandgen.Styles[i%4]
		t.Run(s.pattern+"/"+s.Name, func(t *testing.T) {
			t.Parallel()
			probes := map[brandgen.Size]probeResult{}
			key := s.pattern + "/" + s.Name
			for _, size := range brandgen.Sizes {
				look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}
				var cell struct {
					Type          json.RawMessage
					Ink, Overflow []string
					Emoji         []emojiSize
				}
				job := studio.Job{Pattern: s.pattern, Content: s.Content, Look: look, Layout: s.Layout, Brand: brand}
				probe(t, job, "({Type: "+typeProbe+", Ink: "+inkProbe+", Overflow: "+checkScript(false)+", Emoji: "+emojiSizeProbe+"})", &cell)
				if bad := emojiSizeCheck(cell.Emoji); len(bad) > 0 {
					t.Errorf("%s %s: %d of %d emoji drawn small: %s", size, style, len(bad), len(cell.Emoji), strings.Join(bad[:min(len(bad), 6)], "; "))
				}
				if len(cell.Ink) > 0 {
					t.Errorf("%s %s: %d glyphs cut off: %s", size, style, len(cell.Ink), strings.Join(cell.Ink[:min(len(cell.Ink), 6)], "; "))
				}
				if len(cell.Overflow) > 0 {
					t.Errorf("%s %s: text overflows or is clipped: %s", size, style, strings.Join(cell.Overflow, "; "))
				}
				var p probeResult
				raw := cell.Type
				if err := json.Unmarshal(raw, &p); err != nil {
					t.Fatalf("%s %s: type probe %s: %v", size, style, raw, err)
				}
				if len(p.Texts) == 0 || p.Floor == 0 {
					t.Fatalf("%s %s: the probe found no text or no floor: %s", size, style, raw)
				}
				probes[size] = p
				if dir != "" {
					os.MkdirAll(dir, 0o755)
					os.WriteFile(fmt.Sprintf("%s/%s-%s-%s.json", dir, s.pattern, s.Name, size), raw, 0o644)
				}
				if bad := typeRuleCheck(p, strings.HasPrefix(s.Name, "minimal")); len(bad) > 0 {
					report := t.Errorf
					if pendingType[key] {
						report = t.Logf
					}
					report("%s %s: %s", size, style, strings.Join(bad, "; "))
				}
			}
			if bad := storyRuleCheck(probes[brandgen.SizePortrait], probes[brandgen.SizeStory]); len(bad) > 0 {
				report := t.Errorf
				if pendingStory[s.pattern] || pendingStory[key] {
					report = t.Logf
				}
				report("story %s: %s", style, strings.Join(bad, "; "))
			}
			// A layout the caller pinned (Layout: "2col") holds in every size.
			if s.Layout == "" && sameColumns(probes[brandgen.SizePortrait].columns(), probes[brandgen.SizeLandscape].columns()) {
				report := t.Errorf
				if pendingLandscape[s.pattern] || pendingLandscape[key] {
					report = t.Logf
				}
				report("landscape %s: text starts in the same columns as portrait (%v): the portrait column widened", style, probes[brandgen.SizeLandscape].columns())
			}
		})
	}
}

// TestFitWarnings checks the fit report that responses carry: content too long for the readable
// floor loses its optional parts, least important first (a subtitle, perks one at a time from the
// last, cell texts), and says so; content that fits reports nothing.
func TestFitWarnings(t *testing.T) {
	tests := []struct {
		pattern, sample string
		size            brandgen.Size
		style           brandgen.Style // glass when ""
		want            []string       // content paths dropped, in order; none when it fits
	}{
		{"resources", "long", brandgen.SizePortrait, "", []string{"content.subtitle", "content.items[].link"}},
		{"resources", "minimal", brandgen.SizePortrait, "", nil},
		// a long square keeps at most four perks in every style (the role stays twice the perks'
		// size), and says which list lost items.
		{"hiring", "long", brandgen.SizeSquare, brandgen.StyleFlat, []string{"content.perks"}},
		{"hiring", "long", brandgen.SizeSquare, "", []string{"content.perks"}},
		{"hiring", "short", brandgen.SizeSquare, "", nil},
		{"grid", "long", brandgen.SizeSquare, "", []string{"content.subtitle", "content.cells[].text"}},
		// glass keeps the long event's speaker roles at the floor in a square (the date tile shrinks
		// with the block); so does blueprint, whose long speakers' roles are set in the body sans
		// (its tracked mono capitals took more lines and went).
		{"event", "long", brandgen.SizeSquare, "", nil},
		{"event", "long", brandgen.SizeSquare, brandgen.StyleBlueprint, nil},
		// landscape, on its 27 px floor (metrics.go): the long showcase keeps its subtitle and every
		// highlight's text (the cards' column has the width, the subtitle seven lines); the long
		// editorial roadmap loses only its subtitle, as the other styles do (its periods are labels).
		{"showcase", "long", brandgen.SizeLandscape, "", nil},
		{"roadmap", "long", brandgen.SizeLandscape, brandgen.StyleEditorial, []string{"content.subtitle"}},
	}
	for _, tt := range tests {
		style := tt.style
		if style == "" {
			style = brandgen.StyleGlass
		}
		t.Run(tt.pattern+"/"+tt.sample+"/"+string(tt.size)+"/"+string(style), func(t *testing.T) {
			t.Parallel()
			var content any
			var layout string
			for _, s := range posts.Samples(tt.pattern) {
				if s.Name == tt.sample {
					content, layout = s.Content, s.Layout
				}
			}
			if content == nil {
				t.Fatalf("no sample %s/%s", tt.pattern, tt.sample)
			}
			look := brandgen.Look{Size: tt.size, Theme: brandgen.ThemeLight, Style: style}
			_, warnings, err := st.RenderReport(context.Background(), studio.Job{Pattern: tt.pattern, Content: content, Look: look, Layout: layout})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, w := range warnings {
				if w.Message == "" {
					t.Errorf("warning without a message: %+v", w)
				}
				if w.Code == "content_dropped" {
					got = append(got, w.Path)
				}
			}
			if strings.Join(got, ",") != strings.Join(tt.want, ",") || (tt.want == nil && len(warnings) > 0) {
				t.Errorf("warnings %+v, want content_dropped on %v", warnings, tt.want)
			}
		})
	}
}
