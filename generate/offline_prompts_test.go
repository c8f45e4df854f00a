package generate

import (
	"context"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/brandgen/brandgen/posts"
)

// promptCase is a prompt written the way people write them, with what the offline planner must
// make of it: a format among formats, every fact somewhere in the content, and none of the
// instruction's words in the headline.
type promptCase struct {
	name    string
	prompt  string
	formats []string // acceptable formats, the first preferred
	facts   []string // substrings (case-insensitive) that must appear in some content field
	notHead []string // words (case-insensitive, whole words) the headline must not hold
}

// headField is the field each format shows as its headline.
var headField = map[string]string{
	posts.Cover: "title", posts.Roadmap: "title", posts.Listicle: "title", posts.Checklist: "title",
	posts.Resources: "title", posts.Comparison: "title", posts.Quote: "quote", posts.Stat: "label",
	posts.Grid: "title", posts.Code: "title", posts.Poster: "headline", posts.Announcement: "title",
	posts.Offer: "headline", posts.Testimonial: "quote", posts.Event: "title", posts.Ad: "headline",
	posts.Hiring: "role", posts.Showcase: "title", posts.Campaign: "headline",
}

// instructionHeadRe is an instruction where a headline starts: no headline may begin like this.
var instructionHeadRe = regexp.MustCompile(`(?i)^\W*(?:hey|hi|hello|please|pls|can\s+you|could\s+you|i\s+need|we\s+need|i\s+want|create|make|write|generate|design|draw|announce|share|post|tweet|tell|show|promote|publish|let\s+(?:people|everyone|our\s+\w+)\s+know|(?:a|an|the)\s+(?:\w+\s+)?(?:post|image|graphic|listicle|tweet|poster|banner|carousel)\b|anuncia|crea|haz)\b|^\W*(?:发布一个|帮我|做一[张个])`)

// instructionWordsRe are words of an instruction that never belong in a headline.
var instructionWordsRe = regexp.MustCompile(`(?i)\b(?:listicle|linkedin\s+post|instagram\s+post|a\s+post\s+(?:about|for|announcing|on)|make\s+an?\s+(?:image|post)|create\s+an?\s+(?:post|image)|can\s+you|帖子|海报)`)

var realisticPrompts = []promptCase{
	// Instruction-phrased, with trailing details.
	{"announce that", "Announce that we've launched Backup Pro with incremental backups and 4x faster restores. Available today for $12/month.",
		[]string{posts.Announcement}, []string{"Backup Pro", "incremental backups", "4x faster restores", "$12/month"}, []string{"announce"}},
	{"create announcing", "Create a post announcing our new mobile app for iOS and Android, out March 3",
		[]string{posts.Announcement}, []string{"mobile app", "iOS", "Android", "March 3"}, []string{"create", "post"}},
	{"listicle about", "A listicle post about 5 tips for better sleep",
		[]string{posts.Listicle}, []string{"5 tips for better sleep"}, []string{"listicle", "post"}},
	{"image for sale", "Make an image for our summer sale: 25% off everything with code SUN25 until July 31",
		[]string{posts.Offer}, []string{"summer sale", "25%", "SUN25", "July 31"}, []string{"make", "image"}},
	{"announcing that", "Write a LinkedIn post announcing that Sarah Kim joined as our new CTO. She previously led infrastructure at Stripe.",
		[]string{posts.Announcement}, []string{"Sarah Kim", "CTO", "Stripe"}, []string{"write", "linkedin", "that"}},
	{"hiring skills", "We're hiring a frontend engineer (React, TypeScript) in Lisbon, hybrid. Apply at jobs.acme.io",
		[]string{posts.Hiring}, []string{"frontend engineer", "React", "TypeScript", "Lisbon", "hybrid", "jobs.acme.io"}, nil},
	{"chatty webinar", "hey can you make a post for our webinar on kubernetes security next tuesday 5pm CET, speakers are Anna Lopez and Raj Patel",
		[]string{posts.Event}, []string{"kubernetes security", "tuesday", "5pm CET", "Anna Lopez", "Raj Patel"}, []string{"hey", "make", "post", "can"}},
	{"tips no list", "5 tips for remote teams",
		[]string{posts.Listicle}, []string{"5 tips for remote teams"}, nil},
	{"checklist for", "create a checklist for launching a saas product: domain, landing page, pricing page, analytics, status page",
		[]string{posts.Checklist}, []string{"saas product", "domain", "landing page", "pricing page", "analytics", "status page"}, []string{"create", "checklist for"}},
	{"results stat", "Post about our Q3 results: revenue up 42% to $8.1M, 1,200 new customers",
		[]string{posts.Stat, posts.Announcement}, []string{"Q3", "42%", "$8.1M", "1,200 new customers"}, []string{"post"}},
	{"quote by", `make a quote post with this quote "Done is better than perfect" by Sheryl Sandberg`,
		[]string{posts.Quote}, []string{"Done is better than perfect", "Sheryl Sandberg"}, []string{"make", "post", "quote"}},
	{"announce emoji features", "Announce Postgres 17 support in Acme DB 3.2 🎉 faster vacuum, incremental backup and JSON_TABLE",
		[]string{posts.Announcement}, []string{"Postgres 17", "Acme DB 3.2", "faster vacuum", "incremental backup", "JSON_TABLE"}, []string{"announce"}},
	{"need comparing", "i need a post comparing notion vs obsidian for note taking",
		[]string{posts.Comparison}, []string{"notion", "obsidian", "note taking"}, []string{"need", "post", "comparing"}},
	{"event post", "Create an event post: Acme Summit 2026, June 12-13 in Austin, TX. Tickets at acmesummit.com",
		[]string{posts.Event}, []string{"Acme Summit 2026", "June 12-13", "Austin, TX", "acmesummit.com"}, []string{"create", "event post"}},
	{"testimonial from", `Generate a testimonial from Maria Gomez, Head of Ops at Freshly: "We cut reporting time in half."`,
		[]string{posts.Testimonial}, []string{"Maria Gomez", "Head of Ops at Freshly", "We cut reporting time in half"}, []string{"generate"}},
	{"poster anniversary", "Design a poster for our 10 year anniversary 🎂 Thank you to every customer who got us here!",
		[]string{posts.Poster, posts.Campaign}, []string{"10 year anniversary", "Thank you to every customer"}, []string{"design", "poster"}},
	{"roadmap showing", "Make a post showing our roadmap: Q1 SSO, Q2 audit logs, Q3 on-prem edition",
		[]string{posts.Roadmap}, []string{"Q1", "SSO", "Q2", "audit logs", "Q3", "on-prem edition"}, []string{"make", "post", "showing"}},
	{"share a stat", "Share a stat: 68% of shoppers abandon carts because of shipping costs (Baymard Institute)",
		[]string{posts.Stat}, []string{"68%", "abandon carts", "shipping costs", "Baymard Institute"}, []string{"share", "stat"}},
	{"post about reasons", "A post about 3 reasons to switch to Rust: memory safety, performance, great tooling",
		[]string{posts.Listicle}, []string{"3 reasons to switch to Rust", "memory safety", "performance", "great tooling"}, []string{"post", "about"}},
	{"introducing dash", "Write a post introducing Acme Notes — offline-first, end-to-end encrypted, free for personal use. acme.so/notes",
		[]string{posts.Announcement, posts.Showcase}, []string{"Acme Notes", "offline-first", "end-to-end encrypted", "free for personal use", "acme.so/notes"}, []string{"write", "post"}},
	{"promote question", "Can you create a post to promote our Black Friday deal? 50% off annual plans, this week only",
		[]string{posts.Offer}, []string{"Black Friday", "50%", "annual plans", "this week only"}, []string{"can", "create", "promote", "post"}},
	{"tell people", "Tell people we're now on Product Hunt! Please upvote us at producthunt.com/posts/acme 🙏",
		[]string{posts.Announcement, posts.Campaign}, []string{"Product Hunt", "producthunt.com/posts/acme"}, []string{"tell", "people"}},
	{"lowercase series a", "announce our series A: we raised $15M led by Sequoia to build the future of invoicing",
		[]string{posts.Announcement}, []string{"series A", "$15M", "Sequoia", "future of invoicing"}, []string{"announce"}},
	{"post label", "post: new feature — dark mode is here for all Pro users",
		[]string{posts.Announcement}, []string{"dark mode", "all Pro users"}, []string{"post"}},
	{"carousel cover quoted", `Create a carousel cover for our guide "10 SQL mistakes beginners make"`,
		[]string{posts.Cover}, []string{"10 SQL mistakes beginners make"}, []string{"create", "carousel", "cover"}},
	{"looking for skills", "we're looking for a senior data engineer (Python, Airflow, dbt), remote in EU, €80-95k",
		[]string{posts.Hiring}, []string{"senior data engineer", "Python", "Airflow", "dbt", "remote", "EU", "€80-95k"}, nil},
	{"meetup venue", "Make a post for our meetup in Berlin on 14 May at Factory Görlitzer Park, talks on Go and WebAssembly",
		[]string{posts.Event}, []string{"meetup", "Berlin", "14 May", "Factory Görlitzer Park", "Go", "WebAssembly"}, []string{"make", "post"}},
	{"tweet about", "Write a tweet about how we reduced our AWS bill by 37% by switching to Graviton instances",
		[]string{posts.Stat, posts.Cover}, []string{"AWS bill", "37%", "Graviton instances"}, []string{"write", "tweet", "about"}},
	{"pricing", "Make a post about our new pricing: Starter $9/mo, Team $29/mo, Enterprise custom",
		[]string{posts.Ad, posts.Grid, posts.Listicle, posts.Comparison}, []string{"pricing", "Starter", "$9/mo", "Team", "$29/mo", "Enterprise", "custom"}, []string{"make", "post"}},
	{"celebrating downloads", "create a post celebrating 100,000 downloads of our VS Code extension 🚀",
		[]string{posts.Stat, posts.Announcement, posts.Campaign}, []string{"100,000", "downloads", "VS Code extension"}, []string{"create", "post"}},
	{"integrations", "Create a post listing our integrations: Slack, GitHub, Jira, Linear and Notion",
		[]string{posts.Listicle, posts.Grid}, []string{"integrations", "Slack", "GitHub", "Jira", "Linear", "Notion"}, []string{"create", "post", "listing"}},
	{"office closed", "Make a post that says our office is closed Dec 24-26 for the holidays. Happy holidays from the Acme team!",
		[]string{posts.Poster, posts.Announcement}, []string{"office is closed", "Dec 24-26", "Happy holidays from the Acme team"}, []string{"make", "post", "says"}},
	{"curl snippet", `Show a code snippet of how to call our API with curl: curl -X POST https://api.acme.dev/v1/render -H "Authorization: Bearer $KEY"`,
		[]string{posts.Code}, []string{"call our API with curl", "curl -X POST https://api.acme.dev/v1/render", "Bearer $KEY"}, []string{"show", "snippet"}},
	{"announce winners", "Announce the winners of our hackathon: 1st place Team Rocket, 2nd Team Nova, 3rd Team Pixel",
		[]string{posts.Announcement, posts.Listicle}, []string{"winners", "hackathon", "Team Rocket", "Team Nova", "Team Pixel"}, []string{"announce"}},
	{"thanking", "A post thanking our 500 beta testers. Public launch is on April 2.",
		[]string{posts.Announcement, posts.Poster, posts.Stat}, []string{"500 beta testers", "Public launch", "April 2"}, []string{"post", "thanking"}},
	{"please announcement", "Please create an announcement: Acme Cloud is now available in the Frankfurt (eu-central-1) region",
		[]string{posts.Announcement}, []string{"Acme Cloud", "Frankfurt", "eu-central-1"}, []string{"please", "create", "announcement"}},
	{"hiring post for", "Write a hiring post for a Customer Success Manager in Toronto, full-time, salary $70k-$85k CAD",
		[]string{posts.Hiring}, []string{"Customer Success Manager", "Toronto", "full-time", "$70k-$85k CAD"}, []string{"write", "post"}},
	{"reminder workshop", `Post a reminder: our free workshop "Intro to Figma" starts tomorrow at 10am PT on Zoom. Register: acme.co/figma`,
		[]string{posts.Event}, []string{"free workshop", "Intro to Figma", "tomorrow", "10am PT", "Zoom", "acme.co/figma"}, []string{"post", "reminder"}},
	{"partnership", "Create a social post about our partnership with Shopify — merchants can now sync inventory in real time",
		[]string{posts.Announcement}, []string{"partnership with Shopify", "sync inventory in real time"}, []string{"create", "social", "post"}},
	{"list of books", "Make a list of 7 books every product manager should read: Inspired, Continuous Discovery Habits, The Mom Test, Shape Up, Escaping the Build Trap, Good Strategy Bad Strategy, Lean Analytics",
		[]string{posts.Listicle, posts.Resources}, []string{"7 books every product manager should read", "Inspired", "Continuous Discovery Habits", "The Mom Test", "Shape Up", "Escaping the Build Trap", "Good Strategy Bad Strategy", "Lean Analytics"}, []string{"make", "list of"}},
	// Chat style, emoji, multi-sentence.
	{"big news emoji", "🚀 big news!! we just launched acme analytics 2.0 — real-time dashboards, slack alerts and a free tier for up to 3 users",
		[]string{posts.Announcement}, []string{"acme analytics 2.0", "real-time dashboards", "slack alerts", "free tier for up to 3 users"}, nil},
	{"make a post colon", "make a post: our support team now answers in under 5 minutes, 24/7. thanks to everyone who gave feedback 💙",
		[]string{posts.Announcement, posts.Poster, posts.Cover, posts.Stat}, []string{"support team", "under 5 minutes", "24/7", "everyone who gave feedback"}, []string{"make", "post"}},
	{"bakery", "Write an Instagram post for our bakery: fresh sourdough every Saturday from 8am at 12 Baker Street. Preorder at crumbandco.com",
		[]string{posts.Event, posts.Ad, posts.Announcement, posts.Poster}, []string{"sourdough", "Saturday", "8am", "12 Baker Street", "crumbandco.com"}, []string{"write", "instagram", "post"}},
	{"hiring graphic labels", "need a hiring graphic. role: Staff SRE. remote (US/Canada). $180k-$210k + equity. apply via careers.acme.dev",
		[]string{posts.Hiring}, []string{"Staff SRE", "US/Canada", "$180k-$210k", "equity", "careers.acme.dev"}, []string{"need", "graphic"}},
	{"before after", "Can you do a before/after post? Before: 3 tools, manual exports, 2 days per report. After: one dashboard, automatic, 5 minutes.",
		[]string{posts.Comparison}, []string{"3 tools", "manual exports", "2 days per report", "one dashboard", "automatic", "5 minutes"}, []string{"can", "post"}},
	{"open source release", "Make a post for our open-source release: Tern v1.0, a tiny Go library for rate limiting. Star us on GitHub: github.com/acme/tern",
		[]string{posts.Showcase, posts.Announcement}, []string{"Tern", "v1.0", "Go library for rate limiting", "github.com/acme/tern"}, []string{"make", "post"}},
	{"cloud bill tips", "write a tip list: 4 ways to cut your cloud bill - rightsize instances, use spot, delete idle volumes, set budgets",
		[]string{posts.Listicle}, []string{"4 ways to cut your cloud bill", "rightsize instances", "use spot", "delete idle volumes", "set budgets"}, []string{"write", "tip list"}},
	{"awareness week", "Post for Mental Health Awareness Week (May 13-19): take a break, talk to someone, you're not alone. #MentalHealthAwareness",
		[]string{posts.Campaign}, []string{"Mental Health Awareness Week", "May 13-19", "take a break", "talk to someone", "not alone", "#MentalHealthAwareness"}, []string{"post"}},
	{"style instruction", "Announce our new Slack integration. Get alerts in any channel and reply without leaving Slack. Make it punchy, use our brand colors.",
		[]string{posts.Announcement}, []string{"Slack integration", "alerts in any channel", "without leaving Slack"}, []string{"announce", "punchy"}},
	{"tweet this", "Tweet this: we hit 1,000 stars on GitHub ⭐",
		[]string{posts.Stat, posts.Announcement}, []string{"1,000 stars on GitHub"}, []string{"tweet", "this"}},
	{"write something", "Write something about our new API for developers",
		[]string{posts.Poster, posts.Announcement, posts.Cover}, []string{"new API for developers"}, []string{"write", "something", "about"}},
	{"let everyone know", "Let everyone know we're closed on Monday for maintenance",
		[]string{posts.Announcement, posts.Poster}, []string{"closed", "Monday", "maintenance"}, []string{"let", "everyone", "know"}},
	{"ad question", "Can you create an ad for our new headphones? 40h battery, noise cancelling, $199. Shop now at acme.shop",
		[]string{posts.Ad}, []string{"headphones", "40h battery", "noise cancelling", "$199", "acme.shop"}, []string{"can", "create", "ad"}},
	{"long announcement", "We're excited to announce Acme Analytics 3.0! It ships with real-time dashboards, anomaly alerts and a new SQL editor. Teams on the Pro plan get it today at no extra cost. Enterprise customers can enable it from the admin console starting next Monday. Read the full release notes at acme.com/blog/3-0.",
		[]string{posts.Announcement}, []string{"Acme Analytics 3.0", "real-time dashboards", "anomaly alerts", "SQL editor", "Pro plan", "acme.com/blog/3-0"}, []string{"excited", "announce"}},
	// Japanese, Chinese, Spanish.
	{"ja release", "新しいモバイルアプリをリリースしました！iOSとAndroidで利用できます。",
		[]string{posts.Announcement}, []string{"新しいモバイルアプリ", "iOSとAndroid"}, nil},
	{"ja webinar", "ウェビナーのお知らせを作って：「Go入門」3月15日（金）19:00〜オンライン開催",
		[]string{posts.Event}, []string{"Go入門", "3月15日", "19:00"}, []string{"作って"}},
	{"zh release", "发布一个帖子：我们的新版本3.0上线了，支持离线模式和多语言",
		[]string{posts.Announcement}, []string{"新版本3.0", "离线模式", "多语言"}, []string{"发布一个帖子"}},
	{"zh hiring", "帮我做一张招聘海报：招聘高级后端工程师（Go、Kubernetes），地点北京，全职，简历发送至 hr@acme.cn",
		[]string{posts.Hiring}, []string{"高级后端工程师", "Go", "Kubernetes", "北京", "全职", "hr@acme.cn"}, []string{"帮我", "海报"}},
	{"es announce", "Anuncia que lanzamos nuestra nueva app de recetas, disponible en iOS y Android desde el 5 de marzo",
		[]string{posts.Announcement}, []string{"app de recetas", "iOS", "Android", "5 de marzo"}, []string{"anuncia"}},
	{"es tips", "5 consejos para trabajar desde casa: rutina fija, espacio dedicado, pausas, luz natural, desconectar",
		[]string{posts.Listicle}, []string{"5 consejos para trabajar desde casa", "rutina fija", "espacio dedicado", "pausas", "luz natural", "desconectar"}, nil},
	{"es offer", "Crea un post para nuestra oferta de verano: 30% de descuento en todos los planes con el código VERANO30 hasta el 31 de agosto",
		[]string{posts.Offer}, []string{"oferta de verano", "30%", "VERANO30", "31 de agosto"}, []string{"crea", "post"}},
}

// contentStrings returns every string in decoded JSON content, with its path.
func contentStrings(v any, path string, out map[string]string) {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			p := k
			if path != "" {
				p = path + "." + k
			}
			contentStrings(e, p, out)
		}
	case []any:
		for i, e := range x {
			contentStrings(e, path+"["+string(rune('0'+i))+"]", out)
		}
	case string:
		out[path] = x
	}
}

// cutWord returns the last word of s when it is a strict prefix of a word of the prompt and not
// a word of the prompt itself (a word cut by clipping), or "". Single-word values (kickers such as
// "Launch") are labels, not clipped text.
func cutWord(s, prompt string) string {
	split := func(t string) []string {
		return strings.FieldsFunc(strings.ToLower(t), func(r rune) bool {
			return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '\'' || r == '’')
		})
	}
	ws := split(s)
	if len(ws) < 2 {
		return ""
	}
	last := ws[len(ws)-1]
	pw := split(prompt)
	for _, p := range pw {
		if p == last {
			return ""
		}
	}
	if hasCJK(last) {
		return ""
	}
	for _, p := range pw {
		if strings.HasPrefix(p, last) {
			return last
		}
	}
	return ""
}

// TestOfflineRealisticPrompts runs prompts written as people write them: the format is one of
// the acceptable ones, the content validates and keeps within its limits without cutting a word
// or a fact, every fact of the prompt is somewhere in it, and the headline is not the instruction.
func TestOfflineRealisticPrompts(t *testing.T) {
	cat := catalogForTest(t)
	if len(realisticPrompts) < 40 {
		t.Fatalf("only %d realistic prompts", len(realisticPrompts))
	}
	for _, tc := range realisticPrompts {
		t.Run(tc.name, func(t *testing.T) {
			plan, err := NewOffline().Plan(context.Background(), Request{Prompt: tc.prompt})
			if err != nil {
				t.Fatal(err)
			}
			if plan.Model != "rules-v3" {
				t.Errorf("usage model %q, want rules-v3 (bump it when the rules change output)", plan.Model)
			}
			ok := false
			for _, f := range tc.formats {
				ok = ok || plan.Pattern == f
			}
			if !ok {
				t.Errorf("format %s, want one of %v; content %s", plan.Pattern, tc.formats, plan.Content)
			}
			if _, issues := cat.Decode(plan.Pattern, plan.Content, "content."); len(issues) > 0 {
				t.Errorf("content does not validate: %v\n%s", issues, plan.Content)
			}
			var m map[string]any
			if err := json.Unmarshal(plan.Content, &m); err != nil {
				t.Fatal(err)
			}
			fields := map[string]string{}
			contentStrings(m, "", fields)
			var all strings.Builder
			for path, s := range fields {
				all.WriteString(strings.ToLower(s) + "\n")
				if strings.Contains(s, "…") && !strings.Contains(tc.prompt, "…") {
					t.Errorf("%s = %q was clipped; content %s", path, s, plan.Content)
				}
				if w := cutWord(s, tc.prompt); w != "" {
					t.Errorf("%s = %q cuts a word (%q); content %s", path, s, w, plan.Content)
				}
			}
			for _, f := range tc.facts {
				if !strings.Contains(all.String(), strings.ToLower(f)) {
					t.Errorf("fact %q is missing; content %s", f, plan.Content)
				}
			}
			head, _ := m[headField[plan.Pattern]].(string)
			for _, field := range []string{head, fields["kicker"]} {
				if instructionHeadRe.MatchString(field) || instructionWordsRe.MatchString(field) {
					t.Errorf("headline or kicker %q echoes the instruction; content %s", field, plan.Content)
				}
				low := " " + strings.ToLower(field) + " "
				for _, w := range tc.notHead {
					re := regexp.MustCompile(`(?i)(?:^|[^\p{L}])` + regexp.QuoteMeta(w) + `(?:$|[^\p{L}])`)
					if hasCJK(w) && strings.Contains(low, w) || !hasCJK(w) && re.MatchString(low) {
						t.Errorf("headline or kicker %q holds %q; content %s", field, w, plan.Content)
					}
				}
			}
		})
	}
}

// TestOfflineKeepsSubjectVerbs: a prompt that starts with a verb of its own message ("Make sure
// to ...", "Share your story") is not an instruction; its words stay whole in the headline.
func TestOfflineKeepsSubjectVerbs(t *testing.T) {
	for _, p := range []string{"Share your story with #MyBrandgen", "Make sure to back up your data before upgrading",
		"Show me the money", "Do the work", "Create beautiful moments", "Make it count", "Post-launch checklist: monitor errors, answer support, write the retro"} {
		plan, m := planOffline(t, Request{Prompt: p})
		head, _ := m[headField[plan.Pattern]].(string)
		first := strings.Fields(p)[0]
		if !strings.HasPrefix(head, first) {
			t.Errorf("%q: headline %q lost %q; content %s", p, head, first, plan.Content)
		}
	}
}
