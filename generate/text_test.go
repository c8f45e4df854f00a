package generate

import (
	"reflect"
	"testing"
	"unicode/utf8"
)

func TestClip(t *testing.T) {
	cases := []struct {
		in   string
		max  int
		want string
	}{
		{"Short", 10, "Short"},
		{"Hello world this is long", 11, "Hello world"},
		{"Ship faster, break nothing and sleep well", 25, "Ship faster, break"},
		{"Tips for the best results", 16, "Tips"},
		{"Supercalifragilisticexpialidocious", 10, "Supercalif"},
		{"我们正在招聘高级前端工程师，地点上海，全职", 12, "我们正在招聘高级前端工程"},
		{"我们正在招聘高级前端工程师，地点上海，全职", 16, "我们正在招聘高级前端工程师"},
		{"🚀🚀🚀🚀🚀", 3, "🚀🚀🚀"},
	}
	for _, tc := range cases {
		got := clip(tc.in, tc.max)
		if got != tc.want {
			t.Errorf("clip(%q, %d) = %q, want %q", tc.in, tc.max, got, tc.want)
		}
		if utf8.RuneCountInString(got) > tc.max {
			t.Errorf("clip(%q, %d) is %d runes", tc.in, tc.max, utf8.RuneCountInString(got))
		}
	}
	if got := clipText("One two three four five six seven eight nine ten", 20); got != "One two three four…" {
		t.Errorf("clipText = %q", got)
	}
	if got := clipText("Done. And more words after it here", 12); got != "Done." {
		t.Errorf("clipText keeps a full stop without an ellipsis: %q", got)
	}
}

func TestSentences(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{"Hello world. Bye now!", []string{"Hello world.", "Bye now!"}},
		{"Postgres vs. MySQL is old news. Use v2.0 from go.dev today.", []string{"Postgres vs. MySQL is old news.", "Use v2.0 from go.dev today."}},
		{"Revenue hit $4.2M. E.g. more than before.", []string{"Revenue hit $4.2M.", "E.g. more than before."}},
		{`"Stay hungry." — Steve Jobs`, []string{`"Stay hungry."`, "— Steve Jobs"}},
		{"新功能上线。支持暗色主题！", []string{"新功能上线。", "支持暗色主题！"}},
		{"We shipped dark mode 🌙 Now available everywhere", []string{"We shipped dark mode 🌙", "Now available everywhere"}},
		{"Key features: ⚡ Fast renders", []string{"Key features: ⚡ Fast renders"}},
		{"We rebuilt the editor 🛠️ Try it today", []string{"We rebuilt the editor 🛠️", "Try it today"}},
		{"Made with love ❤ Acme team", []string{"Made with love ❤", "Acme team"}}, // a text heart too
		{"Copyright © Acme Inc", []string{"Copyright © Acme Inc"}},
	}
	for _, tc := range cases {
		if got := sentences(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("sentences(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestInlineList(t *testing.T) {
	cases := []struct {
		in   string
		min  int
		want []string
	}{
		{"use gofmt, handle errors and write tests", 2, []string{"use gofmt", "handle errors", "write tests"}},
		{"Customers first; Ship small, ship often; Be kind", 2, []string{"Customers first", "Ship small, ship often", "Be kind"}},
		{"⚡ Fast, 🔒 Safe and sound, 🎨 Pretty", 2, []string{"⚡ Fast", "🔒 Safe and sound", "🎨 Pretty"}},
		{"tabs and spaces", 2, []string{"tabs", "spaces"}},
		{"tabs and spaces", 3, nil},
		{"暗色主题、更快的渲染和新格式", 2, []string{"暗色主题", "更快的渲染", "新格式"}},
		{"Today, we launch the most ambitious release we have ever made in the whole history of our small but very determined company", 2, nil},
	}
	for _, tc := range cases {
		if got := inlineList(tc.in, tc.min); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("inlineList(%q, %d) = %q, want %q", tc.in, tc.min, got, tc.want)
		}
	}
}

func TestParseListLine(t *testing.T) {
	cases := []struct {
		in   string
		ok   bool
		want listItem
	}{
		{"- Write docs", true, listItem{text: "Write docs"}},
		{"* Write docs", true, listItem{text: "Write docs"}},
		{"• Write docs", true, listItem{text: "Write docs"}},
		{"1. Write docs", true, listItem{text: "Write docs"}},
		{"2) Write docs", true, listItem{text: "Write docs"}},
		{"Step 3: Write docs", true, listItem{text: "Write docs"}},
		{"- [x] Write docs", true, listItem{text: "Write docs", marked: true, checked: true}},
		{"[ ] Write docs", true, listItem{text: "Write docs", marked: true}},
		{"✅ Write docs", true, listItem{text: "Write docs", marked: true, checked: true}},
		{"❌ Skip tests", true, listItem{text: "Skip tests", marked: true}},
		{"⚡ Fast renders", true, listItem{text: "Fast renders", icon: "⚡"}},
		{"1️⃣ First", true, listItem{text: "First"}},
		{"1.5x faster renders", false, listItem{}},
		{"10:00 standup", false, listItem{}},
		{"-5% churn", false, listItem{}},
		{"Plain sentence.", false, listItem{}},
	}
	for _, tc := range cases {
		got, ok := parseListLine(tc.in)
		if ok != tc.ok || (ok && got != tc.want) {
			t.Errorf("parseListLine(%q) = %+v, %v; want %+v, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestTitleText(t *testing.T) {
	cases := []struct {
		in          string
		max         int
		title, text string
	}{
		{"Use context: cancel work you no longer need.", 80, "Use context", "Cancel work you no longer need"},
		{"Small PRs - easier to review", 80, "Small PRs", "Easier to review"},
		{"keep functions small", 80, "Keep functions small", ""},
		{"Read the code before you change it, because the code is the truth and docs drift", 40, "Read the code before you change it", "Because the code is the truth and docs drift"},
	}
	for _, tc := range cases {
		title, text := titleText(tc.in, tc.max)
		if title != tc.title || text != tc.text {
			t.Errorf("titleText(%q) = %q, %q; want %q, %q", tc.in, title, text, tc.title, tc.text)
		}
	}
}

func TestUpperFirst(t *testing.T) {
	for in, want := range map[string]string{"use gofmt": "Use gofmt", "iPhone 17": "iPhone 17", "go.dev/tour": "go.dev/tour",
		"gRPC tips": "gRPC tips", "écoute": "Écoute", "数据": "数据", "": ""} {
		if got := upperFirst(in); got != want {
			t.Errorf("upperFirst(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestExtractors(t *testing.T) {
	dates := map[string]string{
		"Join us on Thursday, March 12 at 18:30":     "Thursday, March 12",
		"Webinar 14 April 2026, 17:00 UTC":           "14 April 2026",
		"Deadline 2026-03-12.":                       "2026-03-12",
		"Meetup on 12/03/2026":                       "12/03/2026",
		"发布会定于3月12日举行":                               "3月12日",
		"See you next Friday":                        "next Friday",
		"You may want to read this":                  "",
		"Launch party this Saturday, doors open 7pm": "this Saturday",
	}
	for in, want := range dates {
		if got := findDate(in); got != want {
			t.Errorf("findDate(%q) = %q, want %q", in, got, want)
		}
	}
	times := map[string]string{"at 18:30 CET sharp": "18:30 CET", "from 6pm": "6pm", "6:30 PM - 8 PM PT": "6:30 PM - 8 PM PT", "Q3 2026": "", "下午3点开始": "下午3点"}
	for in, want := range times {
		if got := findTime(in); got != want {
			t.Errorf("findTime(%q) = %q, want %q", in, got, want)
		}
	}
	values := map[string]string{"73% of developers": "73%", "Revenue hit $4.2M": "$4.2M", "10x faster": "10x", "30% off everything": "",
		"over 1,200 teams": "1,200", "3.5 million users": "3.5 million", "only $49/mo": "", "We're #1": "#1", "增长了300%": "300%"}
	for in, want := range values {
		if got, _ := findValue(in); got != want {
			t.Errorf("findValue(%q) = %q, want %q", in, got, want)
		}
	}
	discounts := map[string]string{"Up to 50% off": "50% OFF", "$10 off your order": "$10 OFF", "BOGO weekend": "2 for 1",
		"Free shipping all week": "Free shipping", "half price lattes": "50% OFF", "No deal here": ""}
	for in, want := range discounts {
		if got := findDiscount(in); got != want {
			t.Errorf("findDiscount(%q) = %q, want %q", in, got, want)
		}
	}
	attributions := map[string][2]string{
		"Sarah Chen, CTO at Acme":    {"Sarah Chen", "CTO at Acme"},
		"Jane Doe (CTO, Acme)":       {"Jane Doe", "CTO, Acme"},
		"Edsger W. Dijkstra":         {"Edsger W. Dijkstra", ""},
		"— Marco from Lumen":         {"Marco", "from Lumen"},
		"Tom Lee. Thanks for coming": {"Tom Lee", ""},
	}
	for in, want := range attributions {
		if p, r := splitAttribution(in); p != want[0] || r != want[1] {
			t.Errorf("splitAttribution(%q) = %q, %q; want %q", in, p, r, want)
		}
	}
	for in, want := range map[string]string{"Sarah Chen": "SC", "Edsger W. Dijkstra": "ED", "Marco": "M", "王小明": "王"} {
		if got := initials(in); got != want {
			t.Errorf("initials(%q) = %q, want %q", in, got, want)
		}
	}
	for in, want := range map[string]int{"★★★★★": 5, "rated 4/5": 4, "five stars!": 5, "3 stars": 3, "nothing": 0} {
		if got := findRating(in); got != want {
			t.Errorf("findRating(%q) = %d, want %d", in, got, want)
		}
	}
	if got := findURLs("Read go.dev/tour and https://www.example.com/docs/, mail me@x.io"); !reflect.DeepEqual(got, []string{"go.dev/tour", "example.com/docs"}) {
		t.Errorf("findURLs = %q", got)
	}
	for in, want := range map[string]string{"Try it today at brandgen.dev!": "Try it today at brandgen.dev", "RSVP now.": "RSVP now", "sign up free": "Sign up free", "Nothing to do": ""} {
		if got := findCTA(in); got != want {
			t.Errorf("findCTA(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestEmojiHelpers(t *testing.T) {
	for _, tc := range []struct {
		in, icon, rest, stripped string
		ends                     bool
	}{
		{"🚀 Ship faster", "🚀", "Ship faster", "Ship faster", false},
		{"👩‍💻🎉 Team news 🇯🇵", "👩‍💻🎉", "Team news 🇯🇵", "Team news", true},
		{"1️⃣ Sign up", "1️⃣", "Sign up", "Sign up", false},
		{"© 2026 Acme™ ↔ Cloud ‼", "", "© 2026 Acme™ ↔ Cloud ‼", "© 2026 Acme™ ↔ Cloud ‼", false},
		{"✔ Fast renders ★", "✔", "Fast renders ★", "Fast renders", true},
		{"✓ Self-hosted", "", "✓ Self-hosted", "✓ Self-hosted", false}, // ✓ is no pictograph
		{"Dark mode 🌙", "", "Dark mode 🌙", "Dark mode", true},
		{"", "", "", "", false},
	} {
		icon, rest := leadingEmoji(tc.in)
		if icon != tc.icon || rest != tc.rest {
			t.Errorf("leadingEmoji(%q) = %q, %q, want %q, %q", tc.in, icon, rest, tc.icon, tc.rest)
		}
		if got := stripEmoji(tc.in); got != tc.stripped {
			t.Errorf("stripEmoji(%q) = %q, want %q", tc.in, got, tc.stripped)
		}
		if got := endsWithEmoji(tc.in); got != tc.ends {
			t.Errorf("endsWithEmoji(%q) = %v, want %v", tc.in, got, tc.ends)
		}
	}
}
