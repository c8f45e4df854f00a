package generate

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/brandgen/brandgen/textlang"
)

// TestLanguageOfPrompt checks the tag the planner writes its own words in, by the prompt's script.
func TestLanguageOfPrompt(t *testing.T) {
	for _, c := range []struct{ prompt, want string }{
		{"Announce our new analytics dashboard", "en"},
		{"Anuncia que nuestra nueva versión ya está disponible para todos", "es"},
		{"我们发布了新的数据分析平台", "zh-Hans"},
		{"我們發布了新的數據分析平台", "zh-Hant"},
		{"新しい分析ダッシュボードを公開しました", "ja"},
		{"새로운 분석 대시보드를 출시했습니다", "ko"},
	} {
		if got := analyze(c.prompt).language(); got != c.want {
			t.Errorf("language(%q) = %q, want %q", c.prompt, got, c.want)
		}
	}
}

// TestWordsFollowTheScript plans posts and carousels from Traditional and Simplified Chinese,
// Japanese and Korean prompts and checks the words the planner writes itself (kickers, the date
// placeholder, the default CTA and person, carousel step and closing words) are in the prompt's
// own script: no Simplified forms in a Traditional post and the reverse.
func TestWordsFollowTheScript(t *testing.T) {
	for _, c := range []struct {
		name, format, prompt, path, want string
	}{
		{"announcement kicker zh-Hant", "announcement", "我們的資料平台全新版本，查詢速度提升三倍", "kicker", "新發布"},
		{"announcement kicker zh-Hans", "announcement", "我们的数据平台全新版本，查询速度提升三倍", "kicker", "新发布"},
		{"announcement kicker ko", "announcement", "데이터 플랫폼 새 버전, 쿼리 속도 3배 향상", "kicker", "새 소식"},
		{"event date zh-Hant", "event", "開發者交流會：雲端架構實戰分享，歡迎報名參加", "date", "日期待定"},
		{"event date ko", "event", "개발자 밋업: 클라우드 아키텍처 실전 공유", "date", "일정 미정"},
		{"testimonial person zh-Hant", "testimonial", "「這個工具讓我們的團隊每週節省十個小時。」", "person", "客戶"},
		{"testimonial person zh-Hans", "testimonial", "“这个工具让我们的团队每周节省十个小时。”", "person", "客户"},
		{"testimonial person ja", "testimonial", "「このツールでチームは毎週10時間を節約できました。」", "person", "お客様"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, m := planOffline(t, Request{Prompt: c.prompt, Format: c.format})
			if got, _ := lookup(m, c.path).(string); got != c.want {
				t.Errorf("%s = %q, want %q (content %v)", c.path, got, c.want, m)
			}
		})
	}
}

// TestCarouselWordsFollowTheScript checks a Traditional Chinese carousel's own words are
// Traditional (a Simplified prompt keeps Simplified ones).
func TestCarouselWordsFollowTheScript(t *testing.T) {
	for _, c := range []struct {
		prompt, tag string
		want        []string
	}{
		{"用 Go 構建高效能 API 服務的五個技巧：連線池、快取、逾時控制、限流、監控", textlang.ChineseTraditional, []string{"覺得有用嗎？", "追蹤獲取更多"}},
		{"用 Go 构建高性能 API 服务的五个技巧：连接池、缓存、超时控制、限流、监控", textlang.ChineseSimplified, []string{"觉得有用吗？", "关注获取更多"}},
	} {
		plan, err := NewOffline().PlanCarousel(context.Background(), CarouselRequest{Prompt: c.prompt})
		if err != nil {
			t.Fatal(err)
		}
		raw, err := json.Marshal(plan.Slides)
		if err != nil {
			t.Fatal(err)
		}
		deck := string(raw)
		for _, w := range c.want {
			if !strings.Contains(deck, w) {
				t.Errorf("%s deck lacks %q: %s", c.tag, w, deck)
			}
		}
		if got := textlang.Detect(deck); got != c.tag {
			t.Errorf("deck of %q reads as %q, want %q: %s", c.prompt, got, c.tag, deck)
		}
	}
}

// TestWordIn checks the fallbacks of the word tables: exact tag, base language, English.
func TestWordIn(t *testing.T) {
	for _, c := range []struct{ tag, want string }{
		{"zh-Hant", "新發布"}, {"zh-Hans", "新发布"}, {"ja", "お知らせ"}, {"ko", "새 소식"}, {"es", "Novedad"}, {"en", "New"}, {"fr", "New"},
	} {
		if got := wordIn(c.tag, newWord); got != c.want {
			t.Errorf("wordIn(%q) = %q, want %q", c.tag, got, c.want)
		}
	}
	if got := wordIn("zh-Hant", learnMore); got != "了解更多" { // no Traditional entry: the same words
		t.Errorf("wordIn(zh-Hant, learnMore) = %q", got)
	}
}
