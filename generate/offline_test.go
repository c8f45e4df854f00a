package generate

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/posts"
)

// lookup reads a value out of decoded JSON by a path like "items[2].title" or "rows#" (the length
// of rows).
func lookup(v any, path string) any {
	if strings.HasSuffix(path, "#") {
		arr, _ := lookup(v, strings.TrimSuffix(path, "#")).([]any)
		return len(arr)
	}
	for _, part := range strings.Split(path, ".") {
		name, idx, hasIdx := strings.Cut(part, "[")
		if name != "" {
			m, _ := v.(map[string]any)
			v = m[name]
		}
		if hasIdx {
			i, _ := strconv.Atoi(strings.TrimSuffix(idx, "]"))
			arr, _ := v.([]any)
			if i >= len(arr) {
				return nil
			}
			v = arr[i]
		}
	}
	return v
}

func planOffline(t *testing.T, r Request) (Plan, map[string]any) {
	t.Helper()
	plan, err := NewOffline().Plan(context.Background(), r)
	if err != nil {
		t.Fatalf("Plan(%q, %q): %v", r.Prompt, r.Format, err)
	}
	var m map[string]any
	if err := json.Unmarshal(plan.Content, &m); err != nil {
		t.Fatalf("content is not a JSON object: %v: %s", err, plan.Content)
	}
	return plan, m
}

// TestOfflinePicksFormat runs realistic prompts through auto-selection and checks the format and
// the content pulled out of the prompt. Values are exact matches; a value starting with "~" is a
// substring match; ints compare list lengths (path ending in #) or numbers.
func TestOfflinePicksFormat(t *testing.T) {
	cat := catalogForTest(t)
	cases := []struct {
		name, prompt, format string
		want                 map[string]any
	}{
		// Marketing.
		{"launch", "Create a LinkedIn post announcing brandgen 2.0: posts in 19 formats, 3x faster renders and a new dark theme. Try it today at brandgen.dev",
			posts.Announcement, map[string]any{"title": "Brandgen 2.0", "body": "~19 formats", "cta": "Try it today at brandgen.dev"}},
		{"introducing", "Introducing Canvas AI — design social posts in seconds",
			posts.Announcement, map[string]any{"kicker": "Introducing", "title": "Canvas AI", "body": "Design social posts in seconds"}},
		{"shipped emoji", "We just shipped dark mode 🌙 Now available for all users on web and mobile.",
			posts.Announcement, map[string]any{"kicker": "Now available", "title": "Dark mode 🌙"}},
		{"release", "Rust 1.80 is out! LazyCell, exclusive ranges in patterns and more.",
			posts.Announcement, map[string]any{"title": "Rust 1.80 is out!", "body": "~LazyCell"}},
		{"black friday", "Black Friday: 40% off all plans with code BF40. Ends Sunday.",
			posts.Offer, map[string]any{"discount": "40% OFF", "code": "BF40", "expires": "Ends Sunday", "headline": "Black Friday: 40% off all plans"}},
		{"bogo", "Summer sale! Buy one get one free on all t-shirts this weekend only. Shop now at acme.shop",
			posts.Offer, map[string]any{"discount": "2 for 1", "expires": "This weekend only", "cta": "Shop now at acme.shop", "headline": "Summer sale!"}},
		{"ad", "Noise-cancelling headphones that last 40 hours. Shop now from $199.",
			posts.Ad, map[string]any{"headline": "Noise-cancelling headphones that last 40 hours", "cta": "Shop now", "price": "From $199"}},
		{"ad features", "Brand new: the Acme Widget Pro. Wireless charging, 3-day battery, water resistant. Only $49/mo. Order today.",
			posts.Ad, map[string]any{"features#": 3, "features[1]": "3-day battery", "price": "Only $49/mo", "cta": "Order today"}},
		{"testimonial", `"brandgen saved our marketing team 10 hours a week." — Sarah Chen, Head of Marketing at Lumen ★★★★★`,
			posts.Testimonial, map[string]any{"person": "Sarah Chen", "role": "Head of Marketing at Lumen", "initials": "SC", "rating": 5.0, "quote": "~10 hours a week"}},
		{"users love", `Our users love it: "I set it up in 10 minutes and haven't touched Canva since" - Marco, indie hacker`,
			posts.Testimonial, map[string]any{"person": "Marco", "role": "indie hacker"}},
		{"campaign", "Earth Day 2026: every small action counts. Plant a tree, bike to work, cut plastic. #EarthDay",
			posts.Campaign, map[string]any{"hashtag": "#EarthDay", "headline": "Every small action counts", "kicker": "Earth Day 2026", "message": "~Plant a tree"}},
		{"awareness", "Mental Health Awareness Month: it's okay to not be okay. Talk to someone today. #MentalHealthMatters",
			posts.Campaign, map[string]any{"hashtag": "#MentalHealthMatters", "headline": "It's okay to not be okay"}},
		{"showcase", "Meet Nimbus, our open-source CLI for deploying static sites. Built with Rust. One command deploy, free SSL, instant rollbacks. github.com/acme/nimbus",
			posts.Showcase, map[string]any{"kicker": "Open source", "features#": 3, "features[1].title": "Free SSL", "cta": "github.com/acme/nimbus"}},
		{"case study", "Case study: how Lumen cut design time by 80% with brandgen. Automated weekly reports, on-brand social posts, zero designers needed.",
			posts.Showcase, map[string]any{"kicker": "Case study", "title": "How Lumen cut design time by 80% with brandgen", "features#": 3}},
		{"grid emoji", "Key features: ⚡ Fast renders, 🔒 Self-hosted, 🎨 Four styles, 📊 Charts and KPIs, 🧩 REST API, 🌍 Any language",
			posts.Grid, map[string]any{"title": "Key features", "cells#": 6, "cells[1].icon": "🔒", "cells[1].title": "Self-hosted", "cells[3].title": "Charts and KPIs"}},
		{"values", "Our core values: Customers first; Ship small, ship often; Own the outcome; Be kind",
			posts.Grid, map[string]any{"cells#": 4, "cells[1].title": "Ship small, ship often", "cells[3].title": "Be kind"}},
		// Dev.
		{"fenced code", "Here's how to start a server in Go:\n```go\npackage main\n\nimport \"net/http\"\n\nfunc main() {\n\thttp.ListenAndServe(\":8080\", nil)\n}\n```\nThat's it, 5 lines.",
			posts.Code, map[string]any{"language": "go", "title": "Here's how to start a server in Go", "caption": "That's it, 5 lines.", "code": "~http.ListenAndServe"}},
		{"shell", "$ npm install brandgen\n$ brandgen render --format stat --value 73%",
			posts.Code, map[string]any{"language": "bash", "code": "~npm install brandgen"}},
		{"sql", "SELECT name, count(*) FROM users GROUP BY name ORDER BY 2 DESC;",
			posts.Code, map[string]any{"language": "sql"}},
		{"unfenced python", "Reverse a list in Python:\ndef rev(xs):\n    return xs[::-1]",
			posts.Code, map[string]any{"language": "python", "title": "Reverse a list in Python", "code": "~return xs[::-1]"}},
		{"vs", "Postgres vs MongoDB for startups",
			posts.Comparison, map[string]any{"left": "Postgres", "right": "MongoDB", "rows#": 2}},
		{"vs with rows", "React vs Vue: React has a bigger ecosystem, Vue has a gentler learning curve. Verdict: pick what your team knows.",
			posts.Comparison, map[string]any{"left": "React", "right": "Vue", "rows[0].left": "A bigger ecosystem", "rows[0].right": "A gentler learning curve", "verdict": "Pick what your team knows"}},
		{"before after", "Before and after brandgen: 3 hours per post vs 30 seconds, manual resizing vs 4 sizes, off-brand colors vs your palette",
			posts.Comparison, map[string]any{"left": "Before", "right": "After", "rows#": 3, "rows[1].right": "4 sizes"}},
		{"or question", "Go or Rust for your next CLI?",
			posts.Comparison, map[string]any{"left": "Go", "right": "Rust"}},
		{"listicle numbered", "7 habits of highly effective engineers\n1. Read the code before you change it\n2. Write the test first\n3. Ask questions early\n4. Automate the boring stuff\n5. Keep PRs small\n6. Document decisions\n7. Take breaks",
			posts.Listicle, map[string]any{"title": "7 habits of highly effective engineers", "items#": 7, "items[6].title": "Take breaks"}},
		{"listicle inline", "5 tips for writing better Go: use gofmt, handle every error, write table tests, keep functions small and name things well",
			posts.Listicle, map[string]any{"title": "5 tips for writing better Go", "items#": 5, "items[0].title": "Use gofmt", "items[4].title": "Name things well"}},
		{"listicle bullets", "5 mistakes junior devs make:\n- Not reading error messages\n- Copy-pasting from StackOverflow without understanding\n- Skipping tests\n- Huge pull requests\n- Not asking for help",
			posts.Listicle, map[string]any{"title": "5 mistakes junior devs make", "items#": 5}},
		{"checklist boxes", "Launch checklist:\n- [x] Write docs\n- [x] Set up monitoring\n- [ ] Announce on Twitter\n- [ ] Ship it",
			posts.Checklist, map[string]any{"title": "Launch checklist", "items#": 4, "items[0].checked": true, "items[2].checked": nil, "items[3].text": "Ship it"}},
		{"checklist words", "Pre-launch checklist: DNS configured, SSL renewed, backups tested, status page live",
			posts.Checklist, map[string]any{"items#": 4, "items[1].text": "SSL renewed"}},
		{"resources", "Best free resources to learn Rust: The Rust Book (doc.rust-lang.org/book), Rustlings (github.com/rust-lang/rustlings), Exercism (exercism.org/tracks/rust)",
			posts.Resources, map[string]any{"items#": 3, "items[0].name": "The Rust Book", "items[0].link": "doc.rust-lang.org/book", "items[2].link": "exercism.org/tracks/rust"}},
		{"roadmap", "Our 2026 roadmap: Q1 public beta, Q2 team workspaces, Q3 mobile app, Q4 enterprise SSO",
			posts.Roadmap, map[string]any{"title": "Our 2026 roadmap", "milestones#": 4, "milestones[0].when": "Q1", "milestones[0].title": "Public beta", "milestones[3].title": "Enterprise SSO"}},
		{"roadmap lines", "Roadmap\n- Q1 2026: Public beta (done)\n- Q2 2026: Team workspaces (in progress)\n- Q3 2026: Mobile app",
			posts.Roadmap, map[string]any{"milestones#": 3, "milestones[0].when": "Q1 2026", "milestones[0].status": "done", "milestones[1].status": "now", "milestones[1].title": "Team workspaces"}},
		// Hiring.
		{"hiring", "We're hiring a Senior Go Engineer in Berlin (remote EU ok). Full-time. Perks: equity, 4-day week, learning budget. Apply at acme.com/jobs",
			posts.Hiring, map[string]any{"role": "Senior Go Engineer", "type": "Full-time", "perks#": 3, "perks[1]": "4-day week", "apply": "acme.com/jobs", "location": "~Berlin"}},
		{"hiring dm", "Remote-first startup Acme is hiring a Product Designer (contract, 6 months). DM us!",
			posts.Hiring, map[string]any{"role": "Product Designer", "company": "Acme", "type": "Contract", "apply": "DM us"}},
		// Events.
		{"meetup", "Join our Go meetup on Thursday, March 12 at 18:30 CET at Factory Berlin. Speakers: Jane Doe (Staff Engineer, Acme) and Tom Lee. RSVP now",
			posts.Event, map[string]any{"kicker": "Meetup", "title": "Join our Go meetup", "date": "Thursday, March 12", "time": "18:30 CET", "place": "Factory Berlin",
				"speakers#": 2, "speakers[0].name": "Jane Doe", "speakers[0].role": "Staff Engineer, Acme", "speakers[1].name": "Tom Lee", "cta": "RSVP now"}},
		{"webinar", "Webinar: Scaling Postgres for SaaS, Tuesday 14 April 2026, 17:00 UTC, online. Register free at acme.dev/webinar",
			posts.Event, map[string]any{"kicker": "Webinar", "title": "Scaling Postgres for SaaS", "date": "Tuesday 14 April 2026", "time": "17:00 UTC", "place": "Online", "cta": "Register free at acme.dev/webinar"}},
		{"party", "Ship it Friday: our launch party at The Loft, 7pm. Drinks, demos and music. RSVP at acme.com/party",
			posts.Event, map[string]any{"date": "Friday", "time": "7pm", "place": "The Loft"}},
		// Stats.
		{"stat percent", "73% of developers say code review is the best way to learn. Source: Stack Overflow Developer Survey 2025",
			posts.Stat, map[string]any{"value": "73%", "label": "of developers say code review is the best way to learn", "source": "Stack Overflow Developer Survey 2025"}},
		{"stat growth", "Revenue grew from $1.2M to $4.2M in 12 months",
			posts.Stat, map[string]any{"value": "$4.2M", "label": "Revenue grew from $1.2M to $4.2M in 12 months"}},
		{"stat users", "Over 10,000 teams use brandgen every week. That's 2x more than last year.",
			posts.Stat, map[string]any{"value": "10,000", "context": "That's 2x more than last year."}},
		// Quotes and statements.
		{"quote dash", `"Simplicity is prerequisite for reliability." — Edsger W. Dijkstra`,
			posts.Quote, map[string]any{"quote": "Simplicity is prerequisite for reliability.", "author": "Edsger W. Dijkstra"}},
		{"quote instruction", `Make a quote post: "The best way to predict the future is to invent it." Alan Kay`,
			posts.Quote, map[string]any{"quote": "The best way to predict the future is to invent it.", "author": "Alan Kay"}},
		{"quote unquoted", "Talk is cheap. Show me the code. — Linus Torvalds",
			posts.Quote, map[string]any{"quote": "Talk is cheap. Show me the code.", "author": "Linus Torvalds"}},
		{"poster", "Stop shipping features nobody asked for.", posts.Poster, map[string]any{"headline": "Stop shipping features nobody asked for"}},
		{"poster emoji", "🚀 Ship faster with brandgen 🎉", posts.Poster, map[string]any{"headline": "🚀 Ship faster with brandgen 🎉"}},
		{"no list demotes", "10 books every engineer should read", posts.Poster, map[string]any{"headline": "10 books every engineer should read"}},
		{"cover thread", "A thread on how we scaled Postgres to 1B rows 🧵", posts.Cover, map[string]any{"kicker": "Thread", "title": "How we scaled Postgres to 1B rows", "footer": "Swipe →"}},
		{"cover explainer", "Kubernetes explained in 5 minutes", posts.Cover, map[string]any{"title": "Kubernetes explained in 5 minutes"}},
		// CJK.
		{"cjk hiring", "我们正在招聘高级前端工程师，地点上海，全职，欢迎投递简历",
			posts.Hiring, map[string]any{"role": "高级前端工程师", "location": "上海", "type": "全职"}},
		{"cjk announcement", "新功能上线：支持19种帖子格式、暗色主题和更快的渲染速度",
			posts.Announcement, map[string]any{"title": "新功能上线", "body": "支持19种帖子格式、暗色主题和更快的渲染速度"}},
		{"cjk stat", "今年我们的用户增长了300%", posts.Stat, map[string]any{"value": "300%"}},
		{"cjk quote", "「継続は力なり」 — 日本のことわざ", posts.Quote, map[string]any{"quote": "継続は力なり", "author": "日本のことわざ"}},
		{"cjk list", "提高效率的三个技巧：\n1. 早睡早起\n2. 每天运动\n3. 少看手机",
			posts.Listicle, map[string]any{"items#": 3, "items[0].title": "早睡早起"}},
	}
	seen := map[string]bool{}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			plan, m := planOffline(t, Request{Prompt: tc.prompt})
			if plan.Pattern != tc.format {
				t.Fatalf("format = %s, want %s; content %s", plan.Pattern, tc.format, plan.Content)
			}
			if plan.Provider != ProviderOffline || plan.Model != OfflineModel {
				t.Errorf("provider/model = %s/%s", plan.Provider, plan.Model)
			}
			if _, issues := cat.Decode(plan.Pattern, plan.Content, "content."); len(issues) > 0 {
				t.Errorf("content does not validate: %v\n%s", issues, plan.Content)
			}
			for path, want := range tc.want {
				got := lookup(m, path)
				if s, ok := want.(string); ok && strings.HasPrefix(s, "~") {
					gs, _ := got.(string)
					if !strings.Contains(gs, s[1:]) {
						t.Errorf("%s = %q, want it to contain %q; content %s", path, gs, s[1:], plan.Content)
					}
					continue
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s = %#v, want %#v; content %s", path, got, want, plan.Content)
				}
			}
		})
		seen[tc.format] = true
	}
	for _, f := range posts.Formats {
		if !seen[f] {
			t.Errorf("no auto-selection case picks %s", f)
		}
	}
}

// forcedPrompts are prompts of every kind, forced into every format.
var forcedPrompts = []string{
	"Go concurrency",
	"73% of developers say code review is the best way to learn.",
	"We're hiring a Senior Go Engineer in Berlin. Full-time, remote-friendly. Apply at acme.com/jobs",
	"Join our Go meetup on Thursday, March 12 at 18:30 at Factory Berlin.",
	`"Simplicity is prerequisite for reliability." — Edsger W. Dijkstra`,
	"5 tips for writing better Go: use gofmt, handle every error, write table tests, keep functions small, name things well",
	"Postgres vs MongoDB",
	"```go\nfunc main() {\n\tfmt.Println(\"hi\")\n}\n```",
	"Black Friday: 40% off all plans with code BF40. Ends Sunday.",
	"我们正在招聘高级前端工程师，地点上海，全职",
	"🚀",
	"Launch checklist:\n- [x] Write docs\n- [ ] Ship it",
	strings.Repeat("This is a rather long sentence about building branded images from prompts without a designer. ", 30),
	"a",
	"The quick brown fox jumps over the lazy dog; the dog, however, did not notice — it was asleep.",
}

var placeholderRe = regexp.MustCompile(`(?i)lorem|ipsum|placeholder|todo:|xxx|\{\{`)

// TestOfflineForcedFormatsValid forces every format on prompts of every kind: the content must
// validate against the format's schema, with no blank required strings and no filler text.
func TestOfflineForcedFormatsValid(t *testing.T) {
	cat := catalogForTest(t)
	o := NewOffline()
	for _, format := range posts.Formats {
		layouts := append([]string{""}, posts.Layouts[format]...)
		for i, prompt := range forcedPrompts {
			for _, layout := range layouts {
				name := fmt.Sprintf("%s/%d/%s", format, i, layout)
				plan, err := o.Plan(context.Background(), Request{Prompt: prompt, Format: format, Layout: layout})
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if plan.Pattern != format {
					t.Fatalf("%s: pattern %s", name, plan.Pattern)
				}
				typed, issues := cat.Decode(format, plan.Content, "content.")
				if len(issues) > 0 {
					t.Errorf("%s: %v\n%s", name, issues, plan.Content)
					continue
				}
				if blank := blankRequired(reflect.ValueOf(typed), "content"); blank != "" {
					t.Errorf("%s: required field %s is blank: %s", name, blank, plan.Content)
				}
				if placeholderRe.Match(plan.Content) && !placeholderRe.MatchString(prompt) {
					t.Errorf("%s: placeholder text: %s", name, plan.Content)
				}
			}
		}
	}
}

// blankRequired returns the path of a required (non-omitempty) string field that holds only
// spaces or punctuation, or "".
func blankRequired(v reflect.Value, path string) string {
	for v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		v = v.Elem()
	}
	switch v.Kind() {
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			fv := v.Field(i)
			if fv.Kind() == reflect.String && !strings.Contains(f.Tag.Get("json"), "omitempty") {
				if strings.TrimFunc(fv.String(), func(r rune) bool { return !isWordRune(r) }) == "" {
					return path + "." + name
				}
			}
			if b := blankRequired(fv, path+"."+name); b != "" {
				return b
			}
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			if b := blankRequired(v.Index(i), fmt.Sprintf("%s[%d]", path, i)); b != "" {
				return b
			}
		}
	}
	return ""
}

func isWordRune(r rune) bool {
	return r > 0x2000 || (r >= '0' && r <= '9') || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || r == '%' || r == '$' || r > 0x7f
}

func TestOfflineLayouts(t *testing.T) {
	nine := "Why teams pick brandgen: fast renders, self-hosted, four styles, charts, KPI cards, REST API, batch jobs, brand kits, any language, GIFs"
	cases := []struct {
		prompt, format, layout string
		path                   string
		want                   int
	}{
		{nine, posts.Grid, "3x3", "cells#", 9},
		{nine, posts.Grid, "3x2", "cells#", 6},
		{nine, posts.Grid, "2x2", "cells#", 4},
		{nine, posts.Grid, "", "cells#", 9},
		// Fewer entries than the layout's cells: sentences and clauses fill it when they can.
		{"Why brandgen? It renders in under a second. It runs on your servers. It speaks your brand, in four styles and two themes.", posts.Grid, "3x2", "cells#", 5},
		{"3 tips: sleep, move, focus", posts.Listicle, "2col", "items#", 3},
		{"Tips: sleep, move, focus. Drink water.", posts.Listicle, "2col", "items#", 4},
		{"Tips: sleep, move, focus, drink water", posts.Listicle, "1col", "items#", 4},
	}
	for _, tc := range cases {
		_, m := planOffline(t, Request{Prompt: tc.prompt, Format: tc.format, Layout: tc.layout})
		if got := lookup(m, tc.path); got != tc.want {
			t.Errorf("%s %s %q: %s = %v, want %d (%v)", tc.format, tc.layout, tc.prompt, tc.path, got, tc.want, m)
		}
	}
}

func TestOfflineDeterministic(t *testing.T) {
	for _, p := range forcedPrompts {
		a, _ := planOffline(t, Request{Prompt: p})
		b, _ := planOffline(t, Request{Prompt: p})
		if a.Pattern != b.Pattern || string(a.Content) != string(b.Content) {
			t.Errorf("%q planned twice differently:\n%s %s\n%s %s", p, a.Pattern, a.Content, b.Pattern, b.Content)
		}
	}
}

func TestOfflineRejectsBadRequests(t *testing.T) {
	cases := []struct {
		r      Request
		fields []string
	}{
		{Request{Prompt: "  "}, []string{"prompt"}},
		{Request{Prompt: strings.Repeat("x", MaxPromptRunes+1)}, []string{"prompt"}},
		{Request{Prompt: "hi", Format: "carousel"}, []string{"format"}},
		{Request{Prompt: "", Format: "nope"}, []string{"prompt", "format"}},
	}
	for _, tc := range cases {
		_, err := NewOffline().Plan(context.Background(), tc.r)
		e, ok := brandgen.AsError(err)
		if !ok || e.Code != brandgen.CodeValidation {
			t.Fatalf("%+v: err = %v, want a validation error", tc.r, err)
		}
		var got []string
		for _, is := range e.Issues {
			got = append(got, is.Field)
		}
		if !reflect.DeepEqual(got, tc.fields) {
			t.Errorf("%+v: issue fields %v, want %v", tc.r, got, tc.fields)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := NewOffline().Plan(ctx, Request{Prompt: "hi"}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled context: err = %v", err)
	}
}

// TestOfflineUnknownLayoutIgnored: the layout is a hint; one the format does not support is
// ignored here (the handler reports it as a validation error).
func TestOfflineUnknownLayoutIgnored(t *testing.T) {
	a, _ := planOffline(t, Request{Prompt: "Tips: a, b, c", Format: posts.Listicle, Layout: "3x3"})
	b, _ := planOffline(t, Request{Prompt: "Tips: a, b, c", Format: posts.Listicle})
	if string(a.Content) != string(b.Content) {
		t.Errorf("unsupported layout changed the content: %s vs %s", a.Content, b.Content)
	}
}

// FuzzOffline: any prompt, auto-selected or forced into any format, plans without panicking into
// content the format's schema accepts.
func FuzzOffline(f *testing.F) {
	for _, p := range forcedPrompts {
		f.Add(p, 0)
	}
	f.Add("- a\n- b\n1. c\n[x] d\n```\ncode", 3)
	f.Add("“quoted” — ,,, : | - vs vs vs", 5)
	f.Add("Q1 Q2 Q3 Q4 H1 #tag @handle http://x.io 30% off $5 ★★★", 7)
	cat := catalogForTest(f)
	o := NewOffline()
	f.Fuzz(func(t *testing.T, prompt string, n int) {
		format := ""
		if n > 0 {
			format = posts.Formats[n%len(posts.Formats)]
		}
		plan, err := o.Plan(context.Background(), Request{Prompt: prompt, Format: format, Layout: []string{"", "2col", "3x3"}[(n%3+3)%3]})
		if err != nil {
			if _, ok := brandgen.AsError(err); ok {
				return // empty or too long prompt
			}
			t.Fatal(err)
		}
		if _, issues := cat.Decode(plan.Pattern, plan.Content, "content."); len(issues) > 0 {
			t.Fatalf("%q as %s: %v\n%s", prompt, plan.Pattern, issues, plan.Content)
		}
	})
}

// TestOfflineForcedContent checks what a forced format makes of prompts that do not fit it.
func TestOfflineForcedContent(t *testing.T) {
	cases := []struct {
		format, prompt string
		want           map[string]any
	}{
		{posts.Roadmap, "Now: beta\nNext: GA\nLater: mobile", map[string]any{"title": "Roadmap", "milestones#": 3,
			"milestones[0].when": "Now", "milestones[0].title": "Beta", "milestones[0].status": "now", "milestones[2].status": "next"}},
		{posts.Roadmap, "2026年3月：公测\n2026年6月：正式版", map[string]any{"milestones#": 2, "milestones[1].when": "2026年6月", "milestones[1].title": "正式版"}},
		{posts.Roadmap, "Go concurrency", map[string]any{"title": "Go concurrency", "milestones#": 2, "milestones[0].when": "Step 1"}},
		{posts.Listicle, "Go concurrency", map[string]any{"title": "Go concurrency", "items#": 3, "items[0].title": "Why it matters"}},
		{posts.Comparison, "We're hiring a Go engineer. Remote, full-time.", map[string]any{"left": "Without", "right": "With", "rows[0].label": "Remote", "rows[0].right": "✓"}},
		{posts.Comparison, "Tabs vs spaces", map[string]any{"left": "Tabs", "right": "Spaces", "rows[1].left": "Team Tabs"}},
		{posts.Stat, "We're hiring a Senior Go Engineer in Berlin", map[string]any{"value": "Senior", "label": "We're hiring a Senior Go Engineer in Berlin"}},
		{posts.Stat, "5 tips: sleep, move, focus, drink water, rest", map[string]any{"value": "5", "label": "5 tips: sleep, move, focus, drink water, rest"}},
		{posts.Testimonial, "brandgen is great", map[string]any{"quote": "brandgen is great", "person": "Customer", "initials": "C"}},
		{posts.Event, "Go concurrency", map[string]any{"title": "Go concurrency", "date": "Date TBA"}},
		{posts.Code, "Tips: sleep, move, focus", map[string]any{"language": "markdown", "code": "# Tips\n\n- sleep\n- move\n- focus"}},
		{posts.Offer, "Go concurrency", map[string]any{"headline": "Go concurrency", "discount": "Special offer"}},
		{posts.Ad, "Acme Widget", map[string]any{"headline": "Acme Widget", "cta": "Learn more"}},
		{posts.Hiring, "Go concurrency", map[string]any{"role": "Go concurrency"}},
		{posts.Quote, "Talk is cheap. Show me the code.", map[string]any{"quote": "Talk is cheap. Show me the code."}},
		{posts.Grid, "Go concurrency", map[string]any{"cells#": 2, "cells[0].title": "What it is", "cells[0].icon": "✨"}},
		{posts.Resources, "Go concurrency", map[string]any{"items#": 2, "items[0].name": "Official documentation"}},
		{posts.Checklist, "Before you ship: tests green, docs updated, changelog written", map[string]any{"items#": 3, "items[0].checked": nil}},
		{posts.Checklist, "Done this week: shipped dark mode, fixed login, wrote docs", map[string]any{"items#": 3, "items[0].checked": true}},
	}
	for _, tc := range cases {
		plan, m := planOffline(t, Request{Prompt: tc.prompt, Format: tc.format})
		for path, want := range tc.want {
			if got := lookup(m, path); !reflect.DeepEqual(got, want) {
				t.Errorf("%s %q: %s = %#v, want %#v; content %s", tc.format, tc.prompt, path, got, want, plan.Content)
			}
		}
	}
}
