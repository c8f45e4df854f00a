package mermaid

import (
	"fmt"
	"github.com/brandgen/brandgen"
	"math"
	"strconv"
	"strings"

	"github.com/brandgen/brandgen/templates"
)

// Theme is the look Mermaid draws with: hex colours only (Mermaid's "base" theme derives its
// other colours from them with its own colour maths, which takes hex and nothing else), our font
// stack and the text size.
type Theme struct {
	Dark        bool
	Background  string // the canvas behind the diagram (edge label boxes use it)
	Text        string // text on the canvas (sequence messages, gantt labels, edge labels)
	Muted       string // secondary text and grid labels on the canvas
	Line        string // edges, signals, lifelines
	Node        string // node fill
	NodeText    string
	NodeBorder  string
	Alt         string // secondary node fill (alternate rows, active tasks)
	AltText     string
	Cluster     string // group (subgraph) fill
	ClusterEdge string
	Accent      string // brand accent on the canvas
	Fill        string // solid brand block (gantt bars, mindmap root)
	OnFill      string
	Fill2       string
	OnFill2     string
	Grid        string
	Scale       []string // mindmap branch colours
	FontFamily  string
	FontSize    float64 // px; 0: DefaultFontSize
	Lang        string  // BCP 47 language of the labels ("ja", "zh", ...), for glyph forms
	Width       float64 // gantt: the width to lay the chart out at (its box on the canvas); 0: 1600
	Height      float64 // gantt: the height of its box; the bars grow to fill it (0: fixed bars)
	Rows        int     // gantt: how many tasks (GanttRows), for the bar height
	Dense       bool    // er: many entities, laid out by ELK with at most LayerBound a layer
	LayerBound  int
}

// DefaultFontSize is the text size diagrams are laid out at; the page scales the SVG, so on the
// canvas text is FontSize times the page's scale (kept >= 18 px on 1080 px wide canvases).
const DefaultFontSize = 22

func (t Theme) fontSize() float64 {
	if t.FontSize > 0 {
		return t.FontSize
	}
	return DefaultFontSize
}

// ThemeFrom maps a page palette onto Mermaid's theme.
func ThemeFrom(p templates.Palette, lang string) Theme {
	ramp := func(r []string, i int, def string) string {
		if i < len(r) {
			return r[i]
		}
		return def
	}
	t := Theme{
		Dark: p.Dark, Background: p.Background, Text: p.Text, Muted: p.Muted, Accent: p.Accent,
		Node: p.SurfaceSolid, NodeText: p.SurfaceText, Fill: p.Fill, OnFill: p.OnFill, Fill2: p.Fill2, OnFill2: p.OnFill2,
		Grid: p.Grid, FontFamily: templates.FontSans, Lang: lang,
	}
	if p.Dark {
		t.NodeBorder = ramp(p.PrimaryRamp, 4, p.Accent)
		t.Line = mixHex(p.Text, p.Background, 0.62)
		t.Cluster = mixHex(p.Background, ramp(p.PrimaryRamp, 8, p.Background), 0.55)
		t.ClusterEdge = ramp(p.PrimaryRamp, 7, p.Muted)
		t.Alt = mixHex(p.SurfaceSolid, ramp(p.SecondaryRamp, 7, p.SurfaceSolid), 0.35)
	} else {
		t.NodeBorder = ramp(p.PrimaryRamp, 4, p.Accent)
		t.Line = mixHex(p.Text, p.Background, 0.55)
		t.Cluster = mixHex(p.Background, ramp(p.PrimaryRamp, 1, p.Background), 0.7)
		t.ClusterEdge = ramp(p.PrimaryRamp, 3, p.Muted)
		t.Alt = mixHex(p.SurfaceSolid, ramp(p.SecondaryRamp, 1, p.SurfaceSolid), 0.8)
	}
	t.AltText = onColor(t.Alt)
	for _, c := range p.Series {
		if strings.HasPrefix(c, "#") {
			t.Scale = append(t.Scale, c)
		}
	}
	return t
}

// baseConfig is the mermaid.initialize configuration: the base theme with our variables, real
// <text> labels (htmlLabels false), strict security, no max-width scaling (the page scales).
func baseConfig(t Theme) map[string]any {
	fs := t.fontSize()
	font := t.FontFamily
	if font == "" {
		font = templates.FontSans
	}
	barH, barGap := ganttBars(t)
	px := func(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) + "px" }
	cfg := map[string]any{
		"theme":         "base",
		"look":          "classic",
		"htmlLabels":    false,
		"securityLevel": "strict",
		"fontFamily":    font,
		"fontSize":      fs,
		"flowchart": map[string]any{"htmlLabels": false, "useMaxWidth": false, "curve": "basis",
			"padding": 14, "nodeSpacing": 40, "rankSpacing": 52, "diagramPadding": 8, "wrappingWidth": 220},
		"sequence": map[string]any{"useMaxWidth": false, "wrap": true, "width": 220, "height": 64,
			"boxMargin": 12, "messageMargin": 44, "mirrorActors": true, "diagramMarginX": 12, "diagramMarginY": 12,
			"actorFontFamily": font, "messageFontFamily": font, "noteFontFamily": font,
			"actorFontSize": fs, "messageFontSize": fs, "noteFontSize": fs * 0.9, "actorFontWeight": 600},
		"class": map[string]any{"htmlLabels": false, "useMaxWidth": false, "padding": 12, "diagramPadding": 12},
		"er": map[string]any{"useMaxWidth": false, "fontSize": fs, "diagramPadding": 12, "minEntityWidth": 140,
			"rankSpacing": 150, "nodeSpacing": 60}, // room for a relationship label between the crow's feet
		"mindmap": map[string]any{"useMaxWidth": false, "padding": 16, "maxNodeWidth": 260},
		"gantt": map[string]any{"useMaxWidth": false, "useWidth": ganttWidth(t), "fontSize": fs * 0.9, "sectionFontSize": fs * 0.9,
			"barHeight": barH, "barGap": barGap, "topPadding": 56, "leftPadding": 220, "rightPadding": 40,
			"gridLineStartPadding": 48, "numberSectionStyles": 2, "fontFamily": font, "axisFormat": "%b %d"},
	}
	if t.Dense {
		// Many entities: ELK's layered layout (bundled with Mermaid) with a bound on the entities
		// a layer holds, so a hub's many children spread over several layers instead of one
		// long column that would shrink every label.
		cfg["layout"] = "elk"
		cfg["elk"] = map[string]any{"layeringStrategy": "COFFMAN_GRAHAM", "layeringLayerBound": t.LayerBound,
			"nodePlacementStrategy": "NETWORK_SIMPLEX"}
	}
	if t.Background == "" { // a parse: colours do not matter
		return cfg
	}
	v := map[string]any{
		"darkMode":   t.Dark,
		"background": t.Background,
		"fontFamily": font,
		"fontSize":   px(fs),

		"primaryColor":         t.Node,
		"primaryTextColor":     t.NodeText,
		"primaryBorderColor":   t.NodeBorder,
		"secondaryColor":       t.Alt,
		"secondaryTextColor":   t.AltText,
		"secondaryBorderColor": t.NodeBorder,
		"tertiaryColor":        t.Cluster,
		"tertiaryTextColor":    t.Text,
		"tertiaryBorderColor":  t.ClusterEdge,
		"lineColor":            t.Line,
		"textColor":            t.Text, // primaryTextColor leaks into it otherwise
		"titleColor":           t.Text,
		"mainBkg":              t.Node,
		"nodeBorder":           t.NodeBorder,
		"nodeTextColor":        t.NodeText,
		"clusterBkg":           t.Cluster,
		"clusterBorder":        t.ClusterEdge,
		"edgeLabelBackground":  t.Background,
		"labelTextColor":       t.Text,
		"labelColor":           t.Text,
		"errorBkgColor":        t.Background,
		"errorTextColor":       t.Text,

		// sequence
		"actorBkg":              t.Node,
		"actorBorder":           t.NodeBorder,
		"actorTextColor":        t.NodeText,
		"actorLineColor":        t.Line,
		"signalColor":           t.Line,
		"signalTextColor":       t.Text,
		"labelBoxBkgColor":      t.Node,
		"labelBoxBorderColor":   t.NodeBorder,
		"loopTextColor":         t.Text,
		"noteBkgColor":          t.Alt,
		"noteTextColor":         t.AltText,
		"noteBorderColor":       t.ClusterEdge,
		"activationBkgColor":    t.Alt,
		"activationBorderColor": t.NodeBorder,
		"sequenceNumberColor":   t.OnFill,

		// class and er
		"classText":                    t.NodeText,
		"attributeBackgroundColorOdd":  t.Node,
		"attributeBackgroundColorEven": t.Alt,

		// gantt
		"sectionBkgColor":        t.Cluster,
		"altSectionBkgColor":     t.Background,
		"sectionBkgColor2":       t.Cluster,
		"taskBkgColor":           t.Fill,
		"taskBorderColor":        t.Fill,
		"taskTextColor":          t.OnFill,
		"taskTextLightColor":     t.OnFill,
		"taskTextDarkColor":      t.Text,
		"taskTextOutsideColor":   t.Text,
		"taskTextClickableColor": t.Text,
		"activeTaskBkgColor":     t.Fill2,
		"activeTaskBorderColor":  t.Fill2,
		"doneTaskBkgColor":       t.Alt,
		"doneTaskBorderColor":    t.ClusterEdge,
		"critBkgColor":           t.Fill2,
		"critBorderColor":        t.Fill2,
		"gridColor":              t.Grid,
		"todayLineColor":         t.Accent,
	}
	// Mindmap branches: cScale<i> fills with readable labels; the root is the brand block.
	for i := 0; i < 12; i++ {
		c := t.Fill
		if len(t.Scale) > 0 {
			c = t.Scale[i%len(t.Scale)]
		}
		v[fmt.Sprintf("cScale%d", i)] = c
		v[fmt.Sprintf("cScaleLabel%d", i)] = onColor(c)
		v[fmt.Sprintf("cScaleInv%d", i)] = onColor(c)
	}
	cfg["themeVariables"] = v
	cfg["themeCSS"] = themeCSS(t)
	return cfg
}

// themeCSS refines Mermaid's classic look: rounded nodes and groups, firmer strokes, readable
// gantt axes, no underline bars on mindmap nodes.
func themeCSS(t Theme) string {
	fs := t.fontSize()
	return strings.Join([]string{
		`.node rect,.node .label-container,.cluster rect{rx:14px;ry:14px}`,
		`.node rect,.node polygon,.node path,.node circle,.node ellipse{stroke-width:2px}`,
		`.cluster rect{stroke-width:1.5px;rx:20px;ry:20px}`,
		`.cluster-label text,.cluster text{font-weight:600}`,
		// Lines as heavy as the text is large (a dense er is laid out at a larger text size).
		fmt.Sprintf(`.flowchart-link,.edgePath .path,.relation,.relationshipLine,.messageLine0,.messageLine1{stroke-width:%.1fpx}`, 2.5*fs/DefaultFontSize),
		`.edgeLabel rect,.labelBkg{rx:6px;ry:6px}`,
		`.actor{stroke-width:2px}`,
		`.grid .tick line{stroke:` + t.Grid + `;opacity:1}`,
		`.grid path{stroke-width:0}`,
		fmt.Sprintf(`.grid .tick text{font-size:%.0fpx;fill:%s;font-family:%s}`, fs*0.85, t.Muted, fontOr(t.FontFamily)),
		`.task{rx:8px;ry:8px}`,
		`.today{display:none}`, // plans start in the future: a today line would sit on the axis
		fmt.Sprintf(`.taskText,.taskTextOutsideRight,.taskTextOutsideLeft{font-size:%.0fpx}`, fs*0.9),
		fmt.Sprintf(`.sectionTitle{font-size:%.0fpx;font-weight:600;fill:%s}`, fs*0.9, t.Text),
		// er: relationship labels at the size Mermaid measured them with (its stylesheet says
		// 14px), zero-cardinality circles hollow in the canvas colour, not white blobs.
		fmt.Sprintf(`.edgeLabel .label{font-size:%.0fpx}`, fs),
		`.marker.er circle,.marker.zeroOrOne circle,.marker.zeroOrMore circle{fill:` + bgOr(t.Background, "none") + ` !important;stroke:` + t.Line + ` !important}`,
		`.marker.er path{stroke:` + t.Line + ` !important;stroke-width:1.5px}`,
		`.mindmap-node line{display:none}`,
		`.mindmap-node rect,.mindmap-node path{rx:14px;ry:14px}`,
	}, "\n")
}

func fontOr(f string) string {
	if f == "" {
		return templates.FontSans
	}
	return f
}

func bgOr(c, def string) string {
	if c == "" {
		return def
	}
	return c
}

// ganttBars are the bar height and gap of a gantt chart: rows fill the height of its box (the
// chart's own top and bottom padding aside), between 52 and 140 px a row, bars at most 72 px.
func ganttBars(t Theme) (bar, gap float64) {
	row := 52.0
	if t.Height > 0 && t.Rows > 0 {
		row = math.Max(52, math.Min(140, (t.Height-2*56)/float64(t.Rows)))
	}
	bar = math.Min(math.Round(row*0.72), 72)
	return bar, row - bar
}

// Entities counts the entities of an er source (blocks "name {" and names in relationships).
func Entities(source string) int {
	seen := map[string]bool{}
	for _, l := range strings.Split(source, "\n") {
		l = strings.TrimSpace(l)
		if name, _, ok := strings.Cut(l, "{"); ok && !strings.Contains(l, "--") {
			if name, _, _ = strings.Cut(strings.TrimSpace(name), "["); name != "" {
				seen[name] = true
			}
			continue
		}
		if f := strings.Fields(l); len(f) >= 3 && strings.Contains(f[1], "--") {
			seen[f[0]], seen[f[2]] = true, true
		}
	}
	return len(seen)
}

// GanttRows counts the tasks of a gantt source (lines with a colon that are not settings).
func GanttRows(source string) int {
	n := 0
	for _, l := range strings.Split(source, "\n") {
		l = strings.TrimSpace(l)
		f, _, _ := strings.Cut(l, " ")
		switch strings.ToLower(f) {
		case "gantt", "title", "dateformat", "axisformat", "tickinterval", "excludes", "includes", "todaymarker",
			"section", "weekday", "displaymode", "acctitle", "accdescr", "accdescr:", "acctitle:", "inclusiveenddates", "topaxis":
			continue
		}
		if strings.HasPrefix(l, "%%") {
			continue
		}
		if strings.Contains(l, ":") {
			n++
		}
	}
	return n
}

func ganttWidth(t Theme) float64 {
	if t.Width >= 400 {
		return t.Width
	}
	return 1600
}

// parseHex reads #rgb or #rrggbb (brandgen.ParseHex).
func parseHex(s string) (r, g, b float64, ok bool) {
	r8, g8, b8, ok := brandgen.ParseHex(s)
	return float64(r8), float64(g8), float64(b8), ok
}

// mixHex is a + (b - a) * t in sRGB; a when either is not hex.
func mixHex(a, b string, t float64) string {
	ar, ag, ab, ok1 := parseHex(a)
	br, bg, bb, ok2 := parseHex(b)
	if !ok1 || !ok2 {
		return a
	}
	m := func(x, y float64) int { return int(x + (y-x)*t + 0.5) }
	return fmt.Sprintf("#%02x%02x%02x", m(ar, br), m(ag, bg), m(ab, bb))
}

// onColor is near-black or white, whichever reads better on c.
func onColor(c string) string {
	r, g, b, ok := parseHex(c)
	if !ok {
		return "#111111"
	}
	lin := func(v float64) float64 {
		v /= 255
		if v <= 0.03928 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	l := 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(b)
	if (l+0.05)/0.05 >= 1.05/(l+0.05) { // contrast with black >= with white
		return "#111118"
	}
	return "#ffffff"
}
