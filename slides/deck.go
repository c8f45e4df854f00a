package slides

import (
	"fmt"
	"github.com/brandgen/brandgen/textlang"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/charts"
)

// KindOfSlide returns the kind of a typed slide value ("" for anything else).
func KindOfSlide(v any) string {
	switch s := v.(type) {
	case CoverSlide:
		return s.Kind
	case PointSlide:
		return s.Kind
	case ListSlide:
		return s.Kind
	case StatSlide:
		return s.Kind
	case QuoteSlide:
		return s.Kind
	case CodeSlide:
		return s.Kind
	case ComparisonSlide:
		return s.Kind
	case ChartSlide:
		return s.Kind
	case IllustrationSlide:
		return s.Kind
	case CTASlide:
		return s.Kind
	}
	return ""
}

// Texts returns the words a slide shows, in reading order (for the PDF's fallback text layer, the
// deck's language and tests).
func Texts(v any) []string {
	var out []string
	add := func(ss ...string) {
		for _, s := range ss {
			if s = strings.TrimSpace(s); s != "" {
				out = append(out, s)
			}
		}
	}
	switch s := v.(type) {
	case CoverSlide:
		add(s.Kicker, s.Title, s.Subtitle)
	case PointSlide:
		add(s.Kicker, s.Title, s.Body)
	case ListSlide:
		add(s.Title)
		add(s.Items...)
	case StatSlide:
		add(s.Value, s.Label, s.Context, s.Source)
	case QuoteSlide:
		add(s.Quote, s.Author, s.Role)
	case CodeSlide:
		add(s.Title, s.Code, s.Caption)
	case ComparisonSlide:
		add(s.Title, s.Left, s.Right)
		for _, r := range s.Rows {
			add(r.Label, r.Left, r.Right)
		}
		add(s.Verdict)
	case ChartSlide:
		add(s.Title)
		for _, p := range s.Data {
			add(p.Label)
		}
		add(s.Caption)
	case IllustrationSlide:
		add(s.Title, s.Body)
	case CTASlide:
		add(s.Title, s.Body, s.Action, s.Link)
	}
	return out
}

// Title is the slide's headline (the quote of a quote slide, the value and label of a stat).
func Title(v any) string {
	switch s := v.(type) {
	case StatSlide:
		return s.Value + " " + s.Label
	case QuoteSlide:
		return s.Quote
	case CodeSlide:
		if s.Title != "" {
			return s.Title
		}
		return s.Language
	case CoverSlide:
		return s.Title
	case PointSlide:
		return s.Title
	case ListSlide:
		return s.Title
	case ComparisonSlide:
		return s.Title
	case ChartSlide:
		return s.Title
	case IllustrationSlide:
		return s.Title
	case CTASlide:
		return s.Title
	}
	return ""
}

// Pages places typed slides in a deck: index, total, the deck's language and its swipe word.
func Pages(deck []any) []Page {
	var all []string
	for _, s := range deck {
		all = append(all, Texts(s)...)
	}
	lang := Lang(strings.Join(all, " "))
	out := make([]Page, len(deck))
	for i, s := range deck {
		out[i] = Page{Kind: KindOfSlide(s), Slide: s, Index: i + 1, Total: len(deck), Lang: lang, Swipe: swipeWord[lang]}
	}
	return out
}

var swipeWord = map[string]string{"": "Swipe", "ja": "スワイプ", "zh-Hans": "滑动", "zh-Hant": "滑動", "ko": "넘기기"}

// Lang is the deck's language tag for CJK glyph forms and line breaking (textlang.Detect: "ja",
// "ko", "zh-Hans", "zh-Hant"), or "". A deck takes one language for all slides.
func Lang(text string) string { return textlang.Detect(text) }

// Check adds the rules a slide's schema cannot hold; prefix is the slide's field prefix
// ("slides[3].").
func Check(v any, prefix string) []brandgen.Issue {
	var issues []brandgen.Issue
	switch s := v.(type) {
	case ListSlide:
		for i, it := range s.Items {
			field := fmt.Sprintf("%sitems[%d]", prefix, i)
			switch n := utf8.RuneCountInString(it); {
			case strings.TrimSpace(it) == "":
				issues = append(issues, brandgen.Issue{Field: field, Message: "must not be empty"})
			case n > ItemMaxRunes:
				issues = append(issues, brandgen.Issue{Field: field, Message: fmt.Sprintf("must be at most %d characters", ItemMaxRunes)})
			}
		}
	case ChartSlide:
		total := 0.0
		for i, p := range s.Data {
			if math.IsInf(p.Value, 0) || math.IsNaN(p.Value) || math.Abs(p.Value) > 1e15 {
				issues = append(issues, brandgen.Issue{Field: fmt.Sprintf("%sdata[%d].value", prefix, i), Message: "must be a finite number within ±1e15"})
				continue
			}
			if s.ChartType == charts.TypeDonut && p.Value < 0 {
				issues = append(issues, brandgen.Issue{Field: fmt.Sprintf("%sdata[%d].value", prefix, i), Message: "must be 0 or more in a donut chart"})
			}
			total += math.Max(p.Value, 0)
		}
		if s.ChartType == charts.TypeDonut && len(s.Data) > 0 && total <= 0 && len(issues) == 0 {
			issues = append(issues, brandgen.Issue{Field: prefix + "data", Message: "must have a total above 0 in a donut chart"})
		}
	case IllustrationSlide:
		if strings.TrimSpace(s.Icon) == "" {
			issues = append(issues, brandgen.Issue{Field: prefix + "icon", Message: "must be an emoji, not blank"})
		}
	}
	return issues
}
