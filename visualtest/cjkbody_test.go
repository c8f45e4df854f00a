package visualtest

import (
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// splitPhrase returns the phrase of phrases that is broken across two of lines, or "".
func splitPhrase(lines, phrases []string) string {
	for i := 0; i+1 < len(lines); i++ {
		end, next := strings.TrimSpace(lines[i]), strings.TrimSpace(lines[i+1])
		for _, p := range phrases {
			r := []rune(p)
			for cut := 1; cut < len(r); cut++ {
				// Lines are trimmed, so a phrase broken at its space ("SOC / 2") matches without it.
				head, tail := strings.TrimSpace(string(r[:cut])), strings.TrimSpace(string(r[cut:]))
				if head != "" && tail != "" && strings.HasSuffix(end, head) && strings.HasPrefix(next, tail) {
					return p
				}
			}
		}
	}
	return ""
}

// Chinese words the browser's dictionary splits (浏览|器, 开发|者, 高|并发) and a one-character word
// opening a headline (少 | 即是多) stay whole in body text and headlines, in every size and style (halfLooks).
func TestCJKWordsStayWhole(t *testing.T) {
	for _, tc := range []struct {
		name, pattern, sel string
		content            any
		phrases            []string
		all                bool // every style in every size, not halfLooks
	}{
		{"grid cell", "grid", ".g-cell:nth-child(1) .g-text", posts.GridContent{Title: "为什么选择我们的平台", Cells: []posts.Cell{
			{Icon: "⚡", Title: "极速渲染", Text: "预热的浏览器池，一秒内生成图片。"},
			{Icon: "🔒", Title: "私有部署", Text: "数据始终留在你自己的服务器上。"},
		}}, []string{"浏览器", "生成", "图片"}, false},
		{"grid cell 2", "grid", ".g-cell:nth-child(2) .g-text", posts.GridContent{Title: "为什么选择我们的平台", Cells: []posts.Cell{
			{Icon: "⚡", Title: "极速渲染", Text: "预热的浏览器池，一秒内生成图片。"},
			{Icon: "🔒", Title: "私有部署", Text: "数据始终留在你自己的服务器上。"},
		}}, []string{"服务器", "自己的", "始终"}, false},
		{"offer details", "offer", ".o-details", posts.OfferContent{Headline: "春季大促，全年套餐限时优惠", Discount: "7折",
			Details: "适用于所有按年付费的专业版和开发者版套餐。", Code: "SPRING30", Expires: "本周日截止", CTA: "立即领取"},
			[]string{"开发者", "专业版", "套餐"}, false},
		{"poster headline", "poster", ".p-headline", posts.PosterContent{Kicker: "品牌宣言", Headline: "少即是多，简单即是力量。",
			Subline: "我们相信，好的设计应该让复杂的事情变得简单。", Footer: "北风实验室"},
			[]string{"少即是多", "简单", "力量"}, false},
		// 高 alone before 并发 is its adjective (高并发, high concurrency), not a suffix of 服务在; 到
		// after 从 is "to", not a complement of 池 (从连接池 | 到缓存策略).
		{"cover subtitle", "cover", ".pc-sub", posts.CoverContent{Kicker: "开发者指南", Title: "用 Go 构建高性能 API 服务的十个实用技巧",
			Subtitle: "从连接池到缓存策略，我们在生产环境中总结出的经验，帮助你的服务在高并发下保持稳定。", Footer: "向左滑动查看 →"},
			[]string{"高并发", "连接池", "缓存", "策略", "生产", "环境", "经验"}, false},
		// 第 opens its ordinal (在 | 第一周, not 在第 | 一周).
		{"stat label", "stat", ".s-label", posts.StatContent{Value: "98.6%", Label: "的用户在第一周内完成了首次发布",
			Context: "新的引导流程把配置时间从两天缩短到了二十分钟。", Source: "产品数据分析，2026 年第一季度"},
			[]string{"第一周", "用户", "首次", "发布"}, false},
		// 预 (pre-) opens the word it modifies (已在 | 预发布, not 已在预 | 发布).
		{"checklist item", "checklist", ".ck-item:nth-child(2) .ck-text", sampleContent(t, posts.Checklist, "cjk"),
			[]string{"预发布", "数据库", "迁移", "环境", "演练"}, false},
		// A short Latin name between Japanese words holds together (MacBook | Pro split it).
		{"hiring perk", "hiring", ".hi-perk:nth-child(4) .hi-perk-text", sampleContent(t, posts.Hiring, "cjk"),
			[]string{"MacBook Pro"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			looks := halfLooks()
			if tc.all {
				looks = nil
				for _, size := range brandgen.Sizes {
					for _, style := range brandgen.Styles {
						looks = append(looks, brandgen.Look{Size: size, Theme: brandgen.ThemeLight, Style: style})
					}
				}
			}
			for _, look := range looks {
				got := probeLines(t, studio.Job{Pattern: tc.pattern, Content: tc.content, Look: look}, tc.sel)
				if p := splitPhrase(got.Lines, tc.phrases); p != "" {
					t.Errorf("%s %s: %q is broken across lines %q", look.Size, look.Style, p, got.Lines)
				}
			}
		})
	}
}
