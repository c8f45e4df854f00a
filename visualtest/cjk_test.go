package visualtest

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// linesProbe reports the page's lang, and for the element matching the selector its lines of text
// (characters grouped by the top of their boxes), its line height over its font size and the text
// of the first .kicker.
const linesProbe = `((sel) => {
  ` + jsTextRows + `
  const el = document.querySelector(sel);
  const out = {lang: document.documentElement.lang, lines: [], ratio: 0, kicker: ''};
  const k = document.querySelector('.kicker');
  if (k) out.kicker = k.textContent.trim();
  if (!el) return out;
  const cs = getComputedStyle(el);
  out.ratio = parseFloat(cs.lineHeight) / parseFloat(cs.fontSize);
  out.lines = textRows(el).map((x) => x.text);
  if (!out.lines.length) out.lines = [''];
  return out;
})`

type linesResult struct {
	Lang   string   `json:"lang"`
	Lines  []string `json:"lines"`
	Ratio  float64  `json:"ratio"`
	Kicker string   `json:"kicker"`
}

// A CJK headline gets its language on the page, breaks only between phrases and has CJK line
// spacing, in every style and in the narrowest and widest sizes.
func TestCJKHeadlines(t *testing.T) {
	for _, tc := range []struct {
		name, pattern, sel, lang string
		content                  any
		phrases                  []string // none may be split across lines
	}{
		{"ja hiring", "hiring", ".hi-role", "ja",
			posts.HiringContent{Role: "シニア Go エンジニア", Company: "株式会社ノースウィンド", Perks: []string{"フレックスタイム制"}},
			[]string{"シニア", "エンジニア"}},
		{"ja cover", "cover", ".pc-title", "ja",
			posts.CoverContent{Title: "チームの生産性を高めるためのコードレビュー入門", Subtitle: "明日から使える実践的なヒント"},
			[]string{"チーム", "生産性", "高める", "ための", "コード", "レビュー", "入門"}},
		{"zh-Hans cover", "cover", ".pc-title", "zh-Hans",
			posts.CoverContent{Title: "一次 API 调用，生成高性能的品牌图片与十个实用技巧", Subtitle: "从连接池到缓存策略。"},
			[]string{"调用", "生成", "高性能", "品牌", "图片", "十个", "实用", "技巧"}},
		{"zh-Hans announcement", "announcement", ".a-title", "zh-Hans", // 模式|现|已: 现已 begins a phrase, not a suffix of 模式
			posts.AnnouncementContent{Kicker: "新功能", Title: "深色模式现已上线", Body: "所有格式和风格现在都支持精心调校的深色主题。"},
			[]string{"深色模式", "现已", "上线"}},
		{"zh-Hant hiring", "hiring", ".hi-role", "zh-Hant",
			posts.HiringContent{Role: "我們的團隊正在招聘資深後端工程師", Company: "北風實驗室"},
			[]string{"我們", "團隊", "正在", "招聘", "資深", "工程師"}},
		{"ko hiring", "hiring", ".hi-role", "ko",
			posts.HiringContent{Role: "서울 오피스 시니어 백엔드 엔지니어 채용", Company: "노스윈드 연구소"},
			[]string{"서울", "오피스", "시니어", "백엔드", "엔지니어", "채용"}},
		// landscape's head column broke "还是托管？" before its ？ (the page's overflow-wrap), which
		// then stood alone on the title's last line.
		{"zh-Hans comparison", "comparison", ".cq-title", "zh-Hans",
			sampleNamed(t, posts.Comparison, "cjk").Content,
			[]string{"自建", "还是", "托管"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			for _, size := range []brandgen.Size{brandgen.SizePortrait, brandgen.SizeLandscape} {
				for _, style := range brandgen.Styles {
					look := brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style}
					got := probeLines(t, studio.Job{Pattern: tc.pattern, Content: tc.content, Look: look}, tc.sel)
					if got.Lang != tc.lang {
						t.Errorf("%s %s: html lang %q, want %q", size, style, got.Lang, tc.lang)
					}
					if bad := lineStartPunct(got.Lines); len(bad) > 0 {
						t.Errorf("%s %s: a line opens with closing punctuation: %s in %q", size, style, strings.Join(bad, ", "), got.Lines)
					}
					for i := 0; i+1 < len(got.Lines); i++ {
						end, next := strings.TrimSpace(got.Lines[i]), strings.TrimSpace(got.Lines[i+1])
						for _, p := range tc.phrases {
							for cut := 1; cut < len([]rune(p)); cut++ {
								head, tail := string([]rune(p)[:cut]), string([]rune(p)[cut:])
								if strings.HasSuffix(end, head) && strings.HasPrefix(next, tail) {
									t.Errorf("%s %s: %q is broken across lines %q", size, style, p, got.Lines)
								}
							}
						}
					}
					if got.Ratio < 1.2 {
						t.Errorf("%s %s: headline line height %.2f of its size, want >= 1.2 for CJK", size, style, got.Ratio)
					}
					if tc.pattern == "hiring" && strings.Contains(strings.ToLower(got.Kicker), "hiring") {
						t.Errorf("%s %s: English kicker %q above %s copy", size, style, got.Kicker, tc.lang)
					}
				}
			}
		})
	}
}

// closingPunct is the punctuation that closes a CJK clause or bracket: by the line-breaking rules of
// CJK typesetting (kinsoku) it never opens a line.
const closingPunct = "，。、！？；：）」』】〉》,.!?;:)"

// lineStartPunct returns the lines after the first that open with closing punctuation.
func lineStartPunct(lines []string) []string {
	var bad []string
	for _, l := range lines[min(1, len(lines)):] {
		l = strings.TrimSpace(l)
		if r := []rune(l); len(r) > 0 && strings.ContainsRune(closingPunct, r[0]) {
			bad = append(bad, fmt.Sprintf("%q", l))
		}
	}
	return bad
}

func TestLineStartPunct(t *testing.T) {
	if bad := lineStartPunct([]string{"自建", "还是托管？"}); len(bad) != 0 {
		t.Errorf("punctuation ending a line: %v", bad)
	}
	if bad := lineStartPunct([]string{"自建", "还是托管", "？"}); len(bad) != 1 {
		t.Errorf("punctuation alone on the last line: %v", bad)
	}
}

func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// A hero number with separators stays one run on one line in every style (numParts wraps its
// separators for blueprint's mono face; flex containers must not split it), for stat and offer.
func TestHeroNumbersStayWhole(t *testing.T) {
	for _, tc := range []struct {
		pattern, sel string
		content      any
	}{
		{"stat", ".s-num", posts.StatContent{Value: "98.6%", Label: "of teams ship faster"}},
		{"offer", ".o-discount", posts.OfferContent{Discount: "$9.99", Headline: "Pro plan for a month"}},
	} {
		for _, style := range brandgen.Styles {
			look := brandgen.Look{Size: brandgen.SizePortrait, Theme: brandgen.ThemeLight, Style: style}
			var got linesResult
			probe(t, studio.Job{Pattern: tc.pattern, Content: tc.content, Look: look}, linesProbe+"("+jsString(tc.sel)+")", &got)
			if len(got.Lines) != 1 || !strings.Contains(got.Lines[0], ".") {
				t.Errorf("%s %s: hero number laid out as %q, want one line", tc.pattern, style, got.Lines)
			}
		}
	}
}

// probeLines renders job and returns the lines of the text at sel (linesProbe), failing t with the
// size and style when the page cannot be built or probed or has no text there.
func probeLines(t *testing.T, job studio.Job, sel string) linesResult {
	t.Helper()
	size, style := job.Look.Size, job.Look.Style
	var got linesResult
	raw := probe(t, job, linesProbe+"("+jsString(sel)+")", &got)
	if strings.Join(got.Lines, "") == "" {
		t.Fatalf("%s %s: no text at %s (%s)", size, style, sel, raw)
	}
	return got
}
