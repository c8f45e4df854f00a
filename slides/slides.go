// Package slides defines the slide kinds of a carousel: one Go type per kind, whose json and
// jsonschema tags are the kind's schema in the pattern catalog (catalog id "slide-<kind>", kind
// "slide"). A carousel is an ordered list of slide objects, each carrying its "kind"; the planner
// writes them, a client edits them and sends them back to POST /carousel/render.
//
// Kinds: cover (the first slide), point, list, stat, quote, code, comparison, chart, illustration
// (a big emoji with text) and cta (the closing call to action). Page wraps one slide with its place
// in the deck for the templates (templates/patterns/slide-<kind>.tmpl).
package slides

import (
	"strings"

	"github.com/brandgen/brandgen/charts"
)

// Slide kinds.
const (
	Cover        = "cover"
	Point        = "point"
	List         = "list"
	Stat         = "stat"
	Quote        = "quote"
	Code         = "code"
	Comparison   = "comparison"
	Chart        = "chart"
	Illustration = "illustration"
	CTA          = "cta"
)

// Kinds lists every slide kind: the cover, the body kinds, the call to action.
var Kinds = []string{Cover, Point, List, Stat, Quote, Code, Comparison, Chart, Illustration, CTA}

// Limits of a carousel.
const (
	// MinSlides and MaxSlides bound POST /carousel/render (a single slide is a valid deck: a client
	// may re-render one edited slide).
	MinSlides = 1
	MaxSlides = 10
	// MinPlanned and MaxPlanned bound what the planners write for POST /carousel.
	MinPlanned = 5
	MaxPlanned = 10
)

// PatternID is the catalog id of a slide kind: "slide-point".
func PatternID(kind string) string { return "slide-" + kind }

// KindOf is the slide kind of a catalog id ("" when the id is not a slide's).
func KindOf(patternID string) string {
	k, ok := strings.CutPrefix(patternID, "slide-")
	if !ok {
		return ""
	}
	return k
}

// CoverSlide opens the carousel: the promise of what the reader gets by swiping.
type CoverSlide struct {
	Kind     string `json:"kind" jsonschema:"enum=cover" jsonschema_description:"Always cover."`
	Kicker   string `json:"kicker,omitempty" jsonschema:"maxLength=40" jsonschema_description:"Small label above the title: a series name or topic."`
	Title    string `json:"title" jsonschema:"minLength=1,maxLength=100" jsonschema_description:"The carousel's headline."`
	Subtitle string `json:"subtitle,omitempty" jsonschema:"maxLength=160" jsonschema_description:"One sentence under the headline."`
}

// PointSlide makes one point: a heading and a short paragraph.
type PointSlide struct {
	Kind   string `json:"kind" jsonschema:"enum=point" jsonschema_description:"Always point."`
	Kicker string `json:"kicker,omitempty" jsonschema:"maxLength=40" jsonschema_description:"Small label above the heading, e.g. 'Lesson 1' or 'Step 2'."`
	Title  string `json:"title" jsonschema:"minLength=1,maxLength=90" jsonschema_description:"The point in a few words."`
	Body   string `json:"body,omitempty" jsonschema:"maxLength=280" jsonschema_description:"One to three sentences that explain it."`
}

// ListSlide is a numbered list of short lines.
type ListSlide struct {
	Kind  string   `json:"kind" jsonschema:"enum=list" jsonschema_description:"Always list."`
	Title string   `json:"title" jsonschema:"minLength=1,maxLength=90" jsonschema_description:"What the list is."`
	Items []string `json:"items" jsonschema:"minItems=2,maxItems=6" jsonschema_description:"2 to 6 short lines, drawn numbered."`
}

// ItemMaxRunes caps each line of a list slide.
const ItemMaxRunes = 100

// StatSlide is one big number with its meaning.
type StatSlide struct {
	Kind    string `json:"kind" jsonschema:"enum=stat" jsonschema_description:"Always stat."`
	Value   string `json:"value" jsonschema:"minLength=1,maxLength=16" jsonschema_description:"The figure as shown, e.g. '10k QPS', '73%', '$4.2M'."`
	Label   string `json:"label" jsonschema:"minLength=1,maxLength=120" jsonschema_description:"What the figure measures."`
	Context string `json:"context,omitempty" jsonschema:"maxLength=200" jsonschema_description:"Why it matters, one or two sentences."`
	Source  string `json:"source,omitempty" jsonschema:"maxLength=80" jsonschema_description:"Where the figure comes from."`
}

// QuoteSlide is a pull quote.
type QuoteSlide struct {
	Kind   string `json:"kind" jsonschema:"enum=quote" jsonschema_description:"Always quote."`
	Quote  string `json:"quote" jsonschema:"minLength=1,maxLength=280" jsonschema_description:"The quoted words, without quotation marks."`
	Author string `json:"author,omitempty" jsonschema:"maxLength=60"`
	Role   string `json:"role,omitempty" jsonschema:"maxLength=80" jsonschema_description:"The author's title or the source."`
}

// CodeSlide is a highlighted snippet in an editor window.
type CodeSlide struct {
	Kind     string `json:"kind" jsonschema:"enum=code" jsonschema_description:"Always code."`
	Title    string `json:"title,omitempty" jsonschema:"maxLength=90" jsonschema_description:"What the snippet shows."`
	Language string `json:"language" jsonschema:"minLength=1,maxLength=24" jsonschema_description:"e.g. go, python, javascript, typescript, rust, sql, bash, json, yaml."`
	Code     string `json:"code" jsonschema:"minLength=1,maxLength=1200" jsonschema_description:"The code with newlines; at most about 18 lines read well on a slide."`
	Caption  string `json:"caption,omitempty" jsonschema:"maxLength=140" jsonschema_description:"One line under the window."`
}

// Row compares one aspect across the two sides of a comparison slide.
type Row struct {
	Label string `json:"label,omitempty" jsonschema:"maxLength=30" jsonschema_description:"The aspect compared, e.g. 'Setup'."`
	Left  string `json:"left" jsonschema:"minLength=1,maxLength=60"`
	Right string `json:"right" jsonschema:"minLength=1,maxLength=60"`
}

// ComparisonSlide sets two options side by side.
type ComparisonSlide struct {
	Kind    string `json:"kind" jsonschema:"enum=comparison" jsonschema_description:"Always comparison."`
	Title   string `json:"title" jsonschema:"minLength=1,maxLength=90"`
	Left    string `json:"left" jsonschema:"minLength=1,maxLength=30" jsonschema_description:"Name of the left side."`
	Right   string `json:"right" jsonschema:"minLength=1,maxLength=30" jsonschema_description:"Name of the right side."`
	Rows    []Row  `json:"rows" jsonschema:"minItems=2,maxItems=5"`
	Verdict string `json:"verdict,omitempty" jsonschema:"maxLength=120" jsonschema_description:"One-line conclusion."`
}

// ChartSlide is a small bar, line or donut chart.
type ChartSlide struct {
	Kind      string         `json:"kind" jsonschema:"enum=chart" jsonschema_description:"Always chart."`
	Title     string         `json:"title" jsonschema:"minLength=1,maxLength=90"`
	ChartType string         `json:"chartType" jsonschema:"enum=bar,enum=line,enum=donut" jsonschema_description:"bar, line or donut."`
	Unit      string         `json:"unit,omitempty" jsonschema:"maxLength=12" jsonschema_description:"Unit of the values: a currency symbol goes before numbers, % and short units after them."`
	Data      []charts.Point `json:"data" jsonschema:"minItems=2,maxItems=8" jsonschema_description:"2 to 8 labelled values, in order (donut: 0 or more, with a positive total)."`
	Caption   string         `json:"caption,omitempty" jsonschema:"maxLength=140" jsonschema_description:"One line under the chart: the takeaway or the source."`
}

// Content is the chart's drawable content.
func (c ChartSlide) Content() charts.Content {
	out := charts.Content{ChartType: c.ChartType, Unit: c.Unit}
	if c.ChartType == charts.TypeDonut {
		out.Slices = c.Data
	} else {
		out.Series = c.Data
	}
	return out
}

// IllustrationSlide is a big emoji with a heading and a line: a visual break without an image.
type IllustrationSlide struct {
	Kind  string `json:"kind" jsonschema:"enum=illustration" jsonschema_description:"Always illustration."`
	Icon  string `json:"icon" jsonschema:"minLength=1,maxLength=16" jsonschema_description:"One emoji, drawn very large, e.g. '🚀'."`
	Title string `json:"title" jsonschema:"minLength=1,maxLength=90"`
	Body  string `json:"body,omitempty" jsonschema:"maxLength=220"`
}

// CTASlide closes the carousel with a call to action.
type CTASlide struct {
	Kind   string `json:"kind" jsonschema:"enum=cta" jsonschema_description:"Always cta."`
	Title  string `json:"title" jsonschema:"minLength=1,maxLength=80" jsonschema_description:"e.g. 'Found this useful?'"`
	Body   string `json:"body,omitempty" jsonschema:"maxLength=160" jsonschema_description:"One sentence: what to do next and why."`
	Action string `json:"action,omitempty" jsonschema:"maxLength=40" jsonschema_description:"Button text, e.g. 'Follow for more' or 'Repost to share'."`
	Link   string `json:"link,omitempty" jsonschema:"maxLength=60" jsonschema_description:"A handle or link shown under the button (display text, not clickable)."`
}

// Titles and descriptions of the kinds, for the catalog.
var Titles = map[string][2]string{
	Cover:        {"Cover slide", "The first slide: a kicker, a bold title and a subtitle that promise what the carousel delivers."},
	Point:        {"Point slide", "One point: a heading with an optional kicker and a short paragraph."},
	List:         {"List slide", "A numbered list of 2 to 6 short lines under a title."},
	Stat:         {"Stat slide", "One big number with what it measures, why it matters and its source."},
	Quote:        {"Quote slide", "A pull quote with its author."},
	Code:         {"Code slide", "A syntax-highlighted snippet in an editor window, with a title and caption."},
	Comparison:   {"Comparison slide", "Two options side by side, compared on 2 to 5 rows, with a verdict."},
	Chart:        {"Chart slide", "A bar, line or donut chart of 2 to 8 values under a title."},
	Illustration: {"Illustration slide", "A very large emoji with a heading and a line: a visual break without an image."},
	CTA:          {"Call-to-action slide", "The last slide: what to do next, a button and a handle or link."},
}

// Types maps each kind to a zero value of its Go type.
var Types = map[string]any{
	Cover: CoverSlide{}, Point: PointSlide{}, List: ListSlide{}, Stat: StatSlide{}, Quote: QuoteSlide{},
	Code: CodeSlide{}, Comparison: ComparisonSlide{}, Chart: ChartSlide{}, Illustration: IllustrationSlide{}, CTA: CTASlide{},
}

// Page is what a slide template draws: one slide and its place in the deck.
type Page struct {
	Kind  string
	Slide any // the kind's typed value (CoverSlide, PointSlide, ...)
	Index int // 1-based
	Total int
	// Lang is the deck's language tag for CJK glyph forms and line breaking ("ja", "ko", "zh-Hans", "zh-Hant"), or "".
	Lang string
	// Swipe is the swipe cue's word in the deck's language; the last slide draws no cue.
	Swipe string
}

// Last reports whether the page is the deck's last slide.
func (p Page) Last() bool { return p.Index >= p.Total }

// Progress is the share of the deck seen at this slide, in percent.
func (p Page) Progress() int {
	if p.Total <= 0 {
		return 100
	}
	return p.Index * 100 / p.Total
}

// Steps lists 1..Total, for progress marks drawn one per slide.
func (p Page) Steps() []int {
	out := make([]int, p.Total)
	for i := range out {
		out[i] = i + 1
	}
	return out
}

// Numeral is the number of a point's kicker ("Lesson 3" -> "03", "Step 12" -> "12"), drawn large on
// the slide, or "" when the kicker has none.
func (s PointSlide) Numeral() string {
	start := -1
	for i, r := range s.Kicker {
		if r >= '0' && r <= '9' {
			if start < 0 {
				start = i
			}
			continue
		}
		if start >= 0 {
			return pad2(s.Kicker[start:i])
		}
	}
	if start >= 0 {
		return pad2(s.Kicker[start:])
	}
	return ""
}

func pad2(n string) string {
	if len(n) == 1 {
		return "0" + n
	}
	if len(n) > 3 {
		return ""
	}
	return n
}
