package generate

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/brandgen/brandgen/slides"
)

// carouselPrompts are realistic carousel prompts with words each deck must keep (the prompt's facts)
// and, for some, the kinds it must hold.
var carouselPrompts = []struct {
	prompt string
	keep   []string
	kinds  []string
}{
	{"5 lessons from scaling Postgres to 10k QPS", []string{"5 lessons from scaling Postgres to 10k QPS", "10k QPS"}, []string{slides.Stat}},
	{"How to write a great README: structure, examples, badges", []string{"How to write a great README", "Structure", "Examples", "Badges"}, []string{slides.List}},
	{"Create a LinkedIn carousel about 7 habits of effective code reviewers", []string{"7 habits of effective code reviewers"}, nil},
	{"Our Q3 launch recap:\n- Dark mode for every dashboard\n- Exports are 3x faster\n- A new API playground\n- SSO for all teams", []string{"Dark mode for every dashboard", "3x", "A new API playground", "SSO for all teams"}, []string{slides.Stat}},
	{"Onboarding a new engineer in 5 steps:\n1. Send the laptop a week early\n2. Pair on the first PR on day one\n3. Give them a small bug to fix\n4. Schedule a weekly 1:1\n5. Ask for feedback after 30 days", []string{"Send the laptop a week early", "Ask for feedback after 30 days"}, nil},
	{"Postgres vs MySQL for a new SaaS product", []string{"Postgres", "MySQL"}, []string{slides.Comparison}},
	{"Why we moved from REST to gRPC. Latency dropped by 40%. Our payloads got 5x smaller. The migration took two sprints.", []string{"40%", "5x"}, []string{slides.Stat}},
	{"A thread on testing in Go: table-driven tests, t.Run subtests, golden files, fuzzing", []string{"Table-driven tests", "Fuzzing"}, nil},
	{"Make a carousel: 3 mistakes junior developers make with Git", []string{"3 mistakes junior developers make with Git"}, nil},
	{"Tips for remote teams:\n- Write things down\n- Default to async\n- Meet in person twice a year\nFollow @northwind for more", []string{"Write things down", "Default to async", "@northwind"}, nil},
	{"How to set a statement timeout in Postgres\n```sql\nALTER ROLE api SET statement_timeout = '2s';\n```\nOne runaway query can no longer take the primary down.", []string{"statement_timeout"}, []string{slides.Code}},
	{"\"Make it work, make it right, make it fast.\" — Kent Beck. Three rules for shipping software.", []string{"Make it work, make it right, make it fast"}, []string{slides.Quote}},
	{"用 Go 构建高性能 API 服务的五个技巧：连接池、缓存、超时控制、限流、监控", []string{"连接池", "监控"}, nil},
	{"リモートワークを成功させる3つのコツ：非同期、ドキュメント、対面の時間", []string{"非同期", "ドキュメント"}, nil},
	{"10 things I wish I knew before my first on-call week", []string{"10 things I wish I knew before my first on-call week"}, nil},
	{"Launch week 🚀 Day 1: dark mode 🌙, faster exports ⚡, and a brand new API playground. Sign up at northwind.dev", []string{"northwind.dev"}, nil},
	{"The state of our infrastructure in numbers: 40 databases, 1.2 billion rows, $41k a month", []string{"40 databases"}, nil},
}

func TestOfflineCarousel(t *testing.T) {
	o := NewOffline()
	for _, c := range carouselPrompts {
		t.Run(clip(c.prompt, 40), func(t *testing.T) {
			plan, err := o.PlanCarousel(context.Background(), CarouselRequest{Prompt: c.prompt})
			if err != nil {
				t.Fatal(err)
			}
			if plan.Provider != ProviderOffline || plan.Model != OfflineModel {
				t.Fatalf("provider %q model %q", plan.Provider, plan.Model)
			}
			checked, issues := checkDeck(catalogForTest(t), plan.Slides)
			if len(issues) > 0 {
				t.Fatalf("invalid deck %s: %v", dump(plan.Slides), issues)
			}
			all := dump(checked)
			var kinds []string
			var cover slides.CoverSlide
			json.Unmarshal(checked[0], &cover)
			for _, s := range checked {
				var h struct{ Kind string }
				json.Unmarshal(s, &h)
				kinds = append(kinds, h.Kind)
			}
			for _, k := range c.kinds {
				if !containsString(kinds, k) {
					t.Errorf("no %s slide in %v", k, kinds)
				}
			}
			for _, w := range c.keep {
				if !strings.Contains(all, w) {
					t.Errorf("the deck lost %q: %s", w, all)
				}
			}
			low := strings.ToLower(cover.Title)
			for _, instr := range []string{"create", "make a", "carousel", "linkedin", "thread on"} {
				if strings.Contains(low, instr) {
					t.Errorf("the cover title echoes the instruction: %q", cover.Title)
				}
			}
			t.Logf("%v %s", kinds, all)
		})
	}
}

func dump(raw []json.RawMessage) string {
	parts := make([]string, len(raw))
	for i, r := range raw {
		parts[i] = string(r)
	}
	return strings.Join(parts, "\n")
}
