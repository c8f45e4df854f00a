package visualtest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// rowsProbe reports the lines of the element matching the selector: each line's text and width in
// px (the client rects of its characters grouped by their vertical centre), and the font size.
const rowsProbe = `((sel) => {
  ` + jsTextRows + `
  const el = document.querySelector(sel);
  if (!el) return {fs: 0, rows: []};
  return {fs: parseFloat(getComputedStyle(el).fontSize), rows: textRows(el).map((x) => ({text: x.text, w: x.r - x.l}))};
})`

type rowLine struct {
	Text string  `json:"text"`
	W    float64 `json:"w"`
}

type rowsResult struct {
	FS   float64   `json:"fs"`
	Rows []rowLine `json:"rows"`
}

// balanceRuleCheck returns how the lines of a multi-line CJK text break the balance rule: no line
// shorter than minShare of the longest, the last (a paragraph's, which may end short) than
// lastShare, and no phrase split across two lines.
func balanceRuleCheck(r rowsResult, minShare, lastShare float64, phrases []string) []string {
	var bad []string
	lines := make([]string, len(r.Rows))
	longest := 0.0
	for i, row := range r.Rows {
		lines[i] = strings.TrimSpace(row.Text)
		longest = max(longest, row.W)
	}
	if len(r.Rows) > 1 {
		for i, row := range r.Rows {
			want := minShare
			if i == len(r.Rows)-1 {
				want = lastShare
			}
			if row.W < longest*want {
				bad = append(bad, fmt.Sprintf("line %q is %.0f%% of the longest (want >= %.0f%%)", strings.TrimSpace(row.Text), row.W/longest*100, want*100))
			}
		}
	}
	for i := 0; i+1 < len(lines); i++ {
		for _, p := range phrases {
			rs := []rune(p)
			for cut := 1; cut < len(rs); cut++ {
				if strings.HasSuffix(lines[i], string(rs[:cut])) && strings.HasPrefix(lines[i+1], string(rs[cut:])) {
					bad = append(bad, fmt.Sprintf("%q broken across lines", p))
				}
			}
		}
	}
	if len(bad) > 0 {
		bad = append(bad, fmt.Sprintf("lines %q", lines))
	}
	return bad
}

// The multi-line CJK text of the quote formats (a pull quote, a testimonial's words, a campaign's
// message) is set in lines of even length, never a full line over a short one (千里之行，始于足下。每一个
// | 伟大的产品，), and breaks only between phrases, in every size and style (halfLooks).
func TestCJKQuoteLinesBalanced(t *testing.T) {
	for _, tc := range []struct {
		pattern, sel string
		phrases      []string
	}{
		{"quote", ".q-text p", []string{"千里之行", "始于足下", "每一个", "伟大的", "产品", "小小的", "版本", "开始"}},
		{"testimonial", ".tm-quote", []string{"brandgen\u00a0之后", "每周", "八个小时", "二十分钟", "而且", "每一张", "符合", "品牌规范"}},
		{"campaign", ".cp-msg", []string{"四月", "期间", "渲染", "一千张图片", "捐赠", "一棵树"}},
	} {
		var content any
		for _, s := range posts.Samples(tc.pattern) {
			if s.Name == "cjk" {
				content = s.Content
			}
		}
		if content == nil {
			t.Fatalf("%s has no cjk sample", tc.pattern)
		}
		t.Run(tc.pattern, func(t *testing.T) {
			t.Parallel()
			for _, look := range halfLooks() {
				var got rowsResult
				probe(t, studio.Job{Pattern: tc.pattern, Content: content, Look: look}, rowsProbe+"("+jsString(tc.sel)+")", &got)
				if len(got.Rows) == 0 {
					t.Fatalf("%s %s: no text at %s", look.Size, look.Style, tc.sel)
				}
				if bad := balanceRuleCheck(got, 0.5, 0.4, tc.phrases); len(bad) > 0 {
					t.Errorf("%s %s: %s", look.Size, look.Style, strings.Join(bad, "; "))
				}
			}
		})
	}
}

// balanceRuleCheck itself: it passes even lines and flags a short line and a split phrase.
func TestBalanceRuleCheck(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    rowsResult
		want int // problems found, before the closing list of lines
	}{
		{"even", rowsResult{Rows: []rowLine{{"千里之行，", 500}, {"始于足下。", 500}, {"每一个伟大的产品，", 900}}}, 0},
		{"ragged", rowsResult{Rows: []rowLine{{"始于足下。每一个", 800}, {"伟大", 300}, {"版本开始。", 450}}}, 1},
		{"short last", rowsResult{Rows: []rowLine{{"始于足下。每一个", 800}, {"版本", 200}}}, 1},
		{"split", rowsResult{Rows: []rowLine{{"而且每", 300}, {"一张都符合", 500}}}, 1},
		{"one line", rowsResult{Rows: []rowLine{{"千里之行", 400}}}, 0},
	} {
		bad := balanceRuleCheck(tc.r, 0.5, 0.4, []string{"每一张"})
		if n := max(0, len(bad)-1); n != tc.want {
			t.Errorf("%s: %d problems %q, want %d", tc.name, n, bad, tc.want)
		}
	}
}
