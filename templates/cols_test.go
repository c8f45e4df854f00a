package templates

import (
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/textlang"
)

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
				t.Errorf("ten %d-column items: one column, want two", textlang.Columns(tc.item))
			}
		})
	}
}
