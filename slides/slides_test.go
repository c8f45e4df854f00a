package slides_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/brandgen/brandgen/patterns"
	"github.com/brandgen/brandgen/slides"
)

// Every sample of every kind is valid content of its catalog pattern, and the kinds have 5 samples
// (short, long, minimal, emoji, cjk) for the sheets.
func TestSamplesValid(t *testing.T) {
	cat, err := patterns.New()
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range slides.Kinds {
		smps := slides.Samples(k)
		if len(smps) != 5 {
			t.Errorf("%s has %d samples", k, len(smps))
		}
		for _, s := range smps {
			raw, _ := json.Marshal(s.Slide)
			if _, issues := cat.Decode(slides.PatternID(k), raw, ""); len(issues) > 0 {
				t.Errorf("%s/%s: %v", k, s.Name, issues)
			}
			if slides.KindOfSlide(s.Slide) != k || slides.Title(s.Slide) == "" || len(slides.Texts(s.Slide)) == 0 {
				t.Errorf("%s/%s: kind %q, title %q", k, s.Name, slides.KindOfSlide(s.Slide), slides.Title(s.Slide))
			}
		}
	}
}

func TestLang(t *testing.T) {
	for text, want := range map[string]string{
		"5 lessons from scaling Postgres": "",
		"用 Go 构建高性能 API 服务":               "zh-Hans",
		"用 Go 構建高效能 API 服務":               "zh-Hant",
		"リモートワークを成功させる3つのコツ":              "ja",
		"東京でのミートアップ":                      "ja",
		"원격 근무 팁":                         "ko",
		"Ship it 🚀":                       "",
	} {
		if got := slides.Lang(text); got != want {
			t.Errorf("Lang(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestPages(t *testing.T) {
	deck := []any{slides.Samples(slides.Cover)[4].Slide, slides.Samples(slides.Point)[0].Slide, slides.Samples(slides.CTA)[0].Slide}
	pages := slides.Pages(deck)
	for i, p := range pages {
		if p.Index != i+1 || p.Total != 3 || p.Lang != "zh-Hans" || p.Swipe != "滑动" || p.Last() != (i == 2) {
			t.Errorf("page %d = %+v", i, p)
		}
	}
	if pages[0].Progress() != 33 || pages[2].Progress() != 100 || len(pages[1].Steps()) != 3 {
		t.Errorf("progress %d %d, steps %v", pages[0].Progress(), pages[2].Progress(), pages[1].Steps())
	}
	if slides.KindOf("slide-cta") != slides.CTA || slides.KindOf("cover") != "" {
		t.Error("KindOf")
	}
}

func TestNumeral(t *testing.T) {
	for kicker, want := range map[string]string{"Lesson 3": "03", "Step 12 of 20": "12", "Tip": "", "": "", "第 2 步": "02", "Year 2026": ""} {
		if got := (slides.PointSlide{Kicker: kicker}).Numeral(); got != want {
			t.Errorf("Numeral(%q) = %q, want %q", kicker, got, want)
		}
	}
}

// The size classes count display columns: a CJK paragraph is long when it prints as wide as a long
// Latin one (LongBodyCols columns), not when its runes or bytes pass the cut-off.
func TestSizeClassesInColumns(t *testing.T) {
	latin := strings.Repeat("a", slides.LongBodyCols) // at the cut-off
	cjk := strings.Repeat("连", slides.LongBodyCols/2) // the same width: 80 runes, 240 bytes
	for _, tc := range []struct {
		name string
		long bool
		got  bool
	}{
		{"latin point at the cut-off", false, slides.PointSlide{Body: latin}.LongBody()},
		{"cjk point at the cut-off", false, slides.PointSlide{Body: cjk}.LongBody()},
		{"cjk point past it", true, slides.PointSlide{Body: cjk + "连"}.LongBody()},
		{"cjk illustration at the cut-off", false, slides.IllustrationSlide{Body: cjk}.LongBody()},
		{"cjk point dense", true, slides.PointSlide{Body: strings.Repeat("连", slides.DenseBodyCols/2+1)}.DenseBody()},
	} {
		if tc.got != tc.long {
			t.Errorf("%s: long %v, want %v", tc.name, tc.got, tc.long)
		}
	}
	l := slides.ListSlide{Items: []string{"Be kind", "Ship often"}}
	c := slides.ListSlide{Items: []string{"善待他人", "经常发布"}}
	if l.Cols() != 17 || c.Cols() != 16 {
		t.Errorf("list columns: latin %d, cjk %d", l.Cols(), c.Cols())
	}
	cmp := slides.ComparisonSlide{Rows: []slides.Row{{Left: "单体", Right: "Microservices"}}}
	if cmp.Cols() != 17 {
		t.Errorf("comparison columns %d, want 17", cmp.Cols())
	}
}
