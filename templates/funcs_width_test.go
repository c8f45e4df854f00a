package templates

import (
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
)

func TestDisplayWidth(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		want     int
	}{
		{"empty", "", 0},
		{"latin", "Ship faster", 11},
		{"accented", "Café déjà vu", 12},
		{"decomposed accent", "Cafe\u0301", 4},
		{"chinese", "浏览器", 6},
		{"japanese kana and kanji", "シニアGoエンジニア", 18},
		{"korean", "서울 오피스", 11},
		{"full-width punctuation", "你好，世界。", 12},
		{"full-width digits", "１２３", 6},
		{"half-width katakana", "ｶﾀｶﾅ", 4},
		{"emoji", "🚀", 2},
		{"emoji with variation selector", "☀️", 2},
		{"zwj family", "👩\u200d💻", 4},
		{"mixed", "一次 API 调用", 13},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := displayWidth(tc.in); got != tc.want {
				t.Errorf("displayWidth(%q) = %d, want %d", tc.in, got, tc.want)
			}
		})
	}
}

// A CJK list counts as long as a Latin list of about the same printed width, not three times it.
func TestDisplayWidthMatchesPrintedWidth(t *testing.T) {
	latin := "Set up backups" // 14 columns, ~7em at ~0.5em a letter
	cjk := "设置自动备份任务"         // 8 ideographs, ~8em
	if l, c := displayWidth(latin), displayWidth(cjk); c < l || c > l*3/2 {
		t.Errorf("cjk %d columns vs latin %d: want within 1.5x (len: %d vs %d bytes)", c, l, len(cjk), len(latin))
	}
}

// A checklist of ten short CJK items takes two columns on portrait like the Latin list of the same
// printed width does: its length is counted in columns, not UTF-8 bytes.
func TestCJKListLengthInColumns(t *testing.T) {
	s, err := New()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, item string }{
		{"latin", "Check the backups restore cleanly"}, // 33 columns, 330 for ten
		{"cjk", "检查备份能否完整恢复到新的服务器"},                    // 16 ideographs: 32 columns, 48 bytes
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := posts.ChecklistContent{Title: "上线前检查 Launch checks"}
			for range 10 {
				c.Items = append(c.Items, posts.Check{Text: tc.item})
			}
			page, err := s.Build(posts.Checklist, c, Options{Look: brandgen.Look{Size: brandgen.SizePortrait,
				Theme: brandgen.ThemeLight, Style: brandgen.Styles[0]}})
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(page.HTML, `class="p-check two`) {
				t.Errorf("ten %d-column items: one column, want two", displayWidth(tc.item))
			}
		})
	}
}
