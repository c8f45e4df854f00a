package posts

// Samples of the group-b formats: quote, stat, grid, code, poster, announcement, offer.
func init() {
	addSamples(Quote,
		Sample{Name: "short", Content: QuoteContent{
			Quote:  "Simplicity is prerequisite for reliability.",
			Author: "Edsger W. Dijkstra",
			Role:   "Computer scientist",
		}},
		Sample{Name: "long", Content: QuoteContent{
			Quote: "We stopped treating design as a final coat of paint and started treating it as infrastructure. " +
				"Every image our team ships now comes from the same brand kit, the same API and the same review, " +
				"and the result is that marketing finally moves at the speed of engineering, without a single off-brand post in over two years.",
			Author: "Maria Fernández-Castillo, VP of Marketing & Brand Operations",
			Role:   "Northwind Labs, on rebuilding the content pipeline for 14 markets in 9 languages",
		}},
		Sample{Name: "minimal", Content: QuoteContent{
			Quote: "Make it work, make it right, make it fast.",
		}},
		Sample{Name: "emoji", Content: QuoteContent{
			Quote:  "Ship small, ship often, and celebrate every release 🚀 Momentum beats perfection ✨",
			Author: "Priya Raman",
			Role:   "Head of Product, Lumen 🌙",
		}},
		Sample{Name: "cjk", Content: QuoteContent{
			Quote:  "千里之行，始于足下。每一个伟大的产品，都从一个小小的版本开始。",
			Author: "李明",
			Role:   "北风实验室 首席技术官",
		}},
	)

	addSamples(Stat,
		Sample{Name: "short", Content: StatContent{
			Value:   "73%",
			Label:   "of teams ship social images faster after automating them",
			Context: "Manual design requests took three days on average; API renders take seconds.",
			Source:  "Northwind customer survey, n = 1,204, March 2026",
		}},
		Sample{Name: "long", Content: StatContent{
			Value: "≈1,250,000 req/s",
			Label: "peak requests per second handled by a single render cluster during the Black Friday weekend, with zero dropped requests",
			Context: "We sharded the render queue by brand, moved every font into memory and kept one warm browser per CPU core. " +
				"The same hardware that once struggled at 80k requests now idles at a third of its capacity.",
			Source: "Internal load test report, platform team, 28 November 2025, p99 latency at 42 ms",
		}},
		Sample{Name: "minimal", Content: StatContent{
			Value: "10x",
			Label: "faster renders",
		}},
		Sample{Name: "emoji", Content: StatContent{
			Value:   "4.9 ★",
			Label:   "average rating from 2,300 reviews 🎉",
			Context: "Thank you to everyone who took the time to tell us what works and what does not 💜",
			Source:  "App Store and Google Play, April 2026",
		}},
		Sample{Name: "cjk", Content: StatContent{
			Value:   "98.6%",
			Label:   "的用户在第一周内完成了首次发布",
			Context: "新的引导流程把配置时间从两天缩短到了二十分钟。",
			Source:  "产品数据分析，2026 年第一季度",
		}},
	)

	addSamples(Grid,
		Sample{Name: "short", Content: GridContent{
			Title:    "Everything you need to ship on-brand images",
			Subtitle: "One API, four styles, your colours.",
			Cells: []Cell{
				{Icon: "⚡", Title: "Fast renders", Text: "Warm headless Chromium pool, PNGs in under a second."},
				{Icon: "🎨", Title: "Your brand", Text: "A full palette derived from two colours, always readable."},
				{Icon: "🔒", Title: "Self-hosted", Text: "Runs next to Postgres and Redis with docker compose."},
				{Icon: "🧩", Title: "19 formats", Text: "Quotes, stats, code, offers, carousels and more."},
			},
		}},
		Sample{Name: "six", Content: GridContent{
			Title: "Why teams switch to Northwind",
			Cells: []Cell{
				{Icon: "🚀", Title: "Launch faster", Text: "From idea to post in minutes."},
				{Icon: "📐", Title: "Pixel perfect", Text: "Safe margins and auto-fit text."},
				{Icon: "🌍", Title: "Any language", Text: "CJK, Arabic and emoji built in."},
				{Icon: "📊", Title: "Charts", Text: "Bar, line, donut and KPI cards."},
				{Icon: "🤝", Title: "Team ready", Text: "Shared brand kits and API keys."},
				{Icon: "💸", Title: "Fair pricing", Text: "Flat monthly plans, no seats."},
			},
		}},
		Sample{Name: "long", Layout: "3x3", Content: GridContent{
			Title:    "Nine reasons platform teams moved their image pipeline from a hosted service to a self-hosted API 🚀",
			Subtitle: "Collected from interviews with thirty customers over the last year, in their own words, and ordered by how often each one came up in all of those conversations.",
			Cells: []Cell{
				{Icon: "⚡", Title: "Renders in well under a second, even on a laptop", Text: "A warm pool of headless browsers keeps every font in memory, so the first pixel arrives before you can even switch tabs."},
				{Icon: "🎨", Title: "A complete palette derived from two brand colours", Text: "Tints, shades and on-colour text are derived for you, and every single text colour passes the WCAG AA contrast checks."},
				{Icon: "🔒", Title: "Your data never has to leave your own network", Text: "Self-hosted next to Postgres and Redis: no third party ever sees your drafts, your customers or your unreleased news."},
				{Icon: "🧩", Title: "Nineteen formats, four styles and two themes each", Text: "Quotes, stats, code, offers, events and many more, each designed to look right in glass, flat, blueprint or editorial."},
				{Icon: "📐", Title: "Text that shrinks to fit instead of being cut off", Text: "Long headlines and translations fit their boxes automatically, with the safe margins respected on every canvas size."},
				{Icon: "🌍", Title: "Every script, including CJK, Arabic and emoji", Text: "Noto fonts cover the writing systems of the world, and colour emoji render exactly the same on every machine you run."},
				{Icon: "📊", Title: "Charts and KPI cards drawn straight from your data", Text: "Send the numbers and get a branded bar, line, donut or KPI image back, with readable labels and well separated colours."},
				{Icon: "🤖", Title: "Prompts in, finished posts out, in a single call", Text: "Describe the post in one sentence; the planner picks a format, writes the copy and renders it in your brand in seconds."},
				{Icon: "💸", Title: "Flat pricing, without any per-seat surprises, ever", Text: "Run it on your own hardware for free, or pick a plan with a monthly volume that fits the way your whole team works."},
			},
		}},
		Sample{Name: "three", Content: GridContent{
			Title:    "Three steps to your first render",
			Subtitle: "From docker compose up to a branded PNG in five minutes.",
			Cells: []Cell{
				{Icon: "1️⃣", Title: "Start the stack", Text: "docker compose up brings the API, Postgres, Redis and Chrome."},
				{Icon: "2️⃣", Title: "Add your brand", Text: "Upload a logo and pick two colours in the brand kit."},
				{Icon: "3️⃣", Title: "Call the API", Text: "POST /v1/posts with a prompt or data and get a PNG back."},
			},
		}},
		Sample{Name: "noicons", Layout: "3x2", Content: GridContent{
			Title: "Our values",
			Cells: []Cell{
				{Title: "Craft", Text: "Details are the product."},
				{Title: "Candour", Text: "Say what is true, kindly."},
				{Title: "Pace", Text: "Small steps, every day."},
				{Title: "Ownership", Text: "Finish what you start."},
				{Title: "Curiosity", Text: "Ask why, then ask again."},
			},
		}},
		Sample{Name: "cjk", Content: GridContent{
			Title:    "为什么选择我们的平台",
			Subtitle: "四个理由，让团队更快地发布品牌内容。",
			Cells: []Cell{
				{Icon: "⚡", Title: "极速渲染", Text: "预热的浏览器池，一秒内生成图片。"},
				{Icon: "🎨", Title: "品牌一致", Text: "从两种品牌色自动生成完整配色。"},
				{Icon: "🔒", Title: "私有部署", Text: "数据始终留在你自己的服务器上。"},
				{Icon: "🌏", Title: "多语言", Text: "支持中文、日文、韩文和表情符号。"},
			},
		}},
	)

	addSamples(Code,
		Sample{Name: "short", Content: CodeContent{
			Title:    "Render a branded post in one call",
			Language: "go",
			Code: `package main

import "github.com/brandgen/brandgen/client"

func main() {
	c := client.New("https://images.example.com", apiKey)
	png, err := c.Post(ctx, client.Quote{
		Quote:  "Simplicity is prerequisite for reliability.",
		Author: "Edsger W. Dijkstra",
	})
	if err != nil {
		log.Fatal(err) // a 400 names every bad field
	}
	os.WriteFile("quote.png", png, 0o644)
}`,
			Caption: "The Go client retries 503s and respects Retry-After.",
		}},
		Sample{Name: "long", Content: CodeContent{
			Title:    "A rate limiter in thirty lines: a token bucket per API key, safe for concurrent use by many handlers",
			Language: "go",
			Code: `// Package ratelimit limits requests per API key with one token bucket per key.
package ratelimit

import (
	"sync"
	"time"
)

// Limiter hands out tokens at rate per second, up to burst, for every key it sees.
type Limiter struct {
	mu      sync.Mutex         // guards buckets; held for a few arithmetic steps
	rate    float64            // tokens added to every bucket per second
	burst   float64            // bucket capacity: the largest burst a key may send
	buckets map[string]*bucket // one bucket per API key, created on first use
}

type bucket struct {
	tokens float64   // tokens available right now, between 0 and burst
	last   time.Time // when tokens was last brought up to date
}

// Allow reports whether the key may make a request at now, taking a token if so.
func (l *Limiter) Allow(key string, now time.Time) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok { // first request from this key: start with a full bucket
		b = &bucket{tokens: l.burst, last: now}
		l.buckets[key] = b
	}
	elapsed := max(now.Sub(b.last).Seconds(), 0) // zero if the clock went back
	b.tokens, b.last = min(l.burst, b.tokens+elapsed*l.rate), now
	if b.tokens < 1 {
		return false // the handler answers 429 with a Retry-After header
	}
	b.tokens--
	return true
}`,
			Caption: "Thirty lines, no dependencies, and a table test right beside it. In production we keep the buckets in Redis so every replica of the API shares the same limits.",
		}},
		Sample{Name: "python", Content: CodeContent{
			Title:    "Batch-render a week of posts",
			Language: "python",
			Code: `import requests

API = "https://images.example.com/v1"

@retry(times=3)
def render(post: dict) -> bytes:
    """Render one post and return the PNG."""
    r = requests.post(f"{API}/posts", json=post, timeout=30)
    r.raise_for_status()
    return r.content

for day, quote in enumerate(QUOTES, start=1):
    png = render({"format": "quote", "content": quote})
    open(f"day-{day:02}.png", "wb").write(png)  # 7 files
`,
			Caption: "Seven quotes, seven PNGs, one loop.",
		}},
		Sample{Name: "typescript", Content: CodeContent{
			Language: "typescript",
			Code: `interface Stat {
  value: string;
  label: string;
  source?: string;
}

export async function renderStat(stat: Stat): Promise<Blob> {
  const res = await fetch("/v1/posts", {
    method: "POST",
    headers: { Authorization: ` + "`Bearer ${process.env.API_KEY}`" + ` },
    body: JSON.stringify({ format: "stat", content: stat }),
  });
  if (!res.ok) throw new Error(` + "`render failed: ${res.status}`" + `);
  return res.blob();
}`,
		}},
		Sample{Name: "sql", Content: CodeContent{
			Title:    "Top formats this month",
			Language: "sql",
			Code: `-- renders per format since the 1st, busiest first
SELECT format, count(*) AS renders, avg(duration_ms)::int AS avg_ms
FROM renders
WHERE created_at >= date_trunc('month', now())
  AND status = 'done'
GROUP BY format
ORDER BY renders DESC
LIMIT 5;`,
			Caption: "Postgres 17 · runs in 4 ms on 2M rows with the created_at index",
		}},
		Sample{Name: "bash", Content: CodeContent{
			Title:    "Self-host in three commands",
			Language: "bash",
			Code: `git clone https://github.com/brandgen/brandgen && cd brandgen
export BRANDGEN_API_KEY=$(openssl rand -hex 32)
docker compose up -d --wait  # API on :8080

curl -s -X POST localhost:8080/v1/posts \
  -H "Authorization: Bearer $BRANDGEN_API_KEY" \
  -d '{"format":"poster","content":{"headline":"Hello"}}' > hello.png`,
		}},
		Sample{Name: "rust", Content: CodeContent{
			Language: "rust",
			Code: `#[derive(Debug, Clone)]
pub struct Brand<'a> {
    name: &'a str,
    primary: u32,
}

impl<'a> Brand<'a> {
    pub fn new(name: &'a str) -> Self {
        Self { name, primary: 0x6C4CF5 }
    }
}

fn main() {
    let b = Brand::new("Northwind");
    println!("{:?} -> #{:06x}", b.name, b.primary);
}`,
			Caption: "Lifetimes, macros and hex literals, all highlighted.",
		}},
		Sample{Name: "json", Content: CodeContent{
			Title:    "The request body",
			Language: "json",
			Code: `{
  "format": "offer",
  "look": { "style": "glass", "theme": "dark", "size": "square" },
  "content": {
    "headline": "Spring sale on every annual plan",
    "discount": "30% OFF",
    "code": "SPRING30",
    "expires": "Ends Sunday"
  },
  "transparent": false
}`,
		}},
		Sample{Name: "html", Content: CodeContent{
			Language: "html",
			Code: `<!doctype html>
<html lang="en">
<head>
  <style>
    .card { padding: 40px; border-radius: 24px; color: #0f766e; }
  </style>
</head>
<body>
  <!-- rendered by brandgen -->
  <div class="card" data-fit="28">Hello &amp; welcome</div>
</body>
</html>`,
		}},
		Sample{Name: "css", Content: CodeContent{
			Title:    "Glass in six declarations",
			Language: "css",
			Code: `.card {
  background: rgba(255, 255, 255, 0.55);
  backdrop-filter: blur(44px) saturate(1.5);
  border-radius: var(--radius, 40px);
  box-shadow: inset 0 1px 0 #fff, 0 48px 96px -40px rgb(0 0 0 / 24%);
}

@media (max-width: 600px) {
  .card { padding: 24px !important; }
}`,
		}},
		Sample{Name: "cjk", Content: CodeContent{
			Title:    "用几行代码生成品牌图片",
			Language: "python",
			Code: `# 生成一张引用图片
from brandgen import Client

client = Client(api_key="bg_live_…")
png = client.quote("千里之行，始于足下。", author="老子")
open("quote.png", "wb").write(png)  # 保存 🎉`,
			Caption: "中文注释和表情符号也能正确显示。",
		}},
	)

	addSamples(Poster,
		Sample{Name: "short", Content: PosterContent{
			Kicker:   "Manifesto",
			Headline: "Ship it. Then make it beautiful.",
			Subline:  "Good design is a habit, not a phase. We render every release announcement the same day it ships.",
			Footer:   "northwind.dev",
		}},
		Sample{Name: "long", Content: PosterContent{
			Kicker:   "Keynote · Developer Summit 2026 · Berlin",
			Headline: "The best interface is the one your customers never have to think about at all",
			Subline: "Ten years of building developer tools taught us one thing: every setting you add is a decision " +
				"you hand back to the user. Remove it, and they will thank you.",
			Footer: "Northwind Labs · northwind.dev/keynote · 12 March 2026",
		}},
		Sample{Name: "minimal", Content: PosterContent{
			Headline: "Less, but better.",
		}},
		Sample{Name: "emoji", Content: PosterContent{
			Kicker:   "Friday mood ☕",
			Headline: "Deploy on Friday? Only with tests 🧪",
			Subline:  "Green CI, feature flags and a rollback button. Then go enjoy the weekend 🌴",
			Footer:   "#FridayDeploy",
		}},
		Sample{Name: "cjk", Content: PosterContent{
			Kicker:   "品牌宣言",
			Headline: "少即是多，简单即是力量。",
			Subline:  "我们相信，好的设计应该让复杂的事情变得简单。",
			Footer:   "北风实验室",
		}},
	)

	addSamples(Announcement,
		Sample{Name: "short", Content: AnnouncementContent{
			Kicker: "New",
			Title:  "Dark mode is here",
			Body:   "Every format, every style, now in a carefully tuned dark theme. Flip one setting and your whole feed follows.",
			Date:   "March 12, 2026",
			CTA:    "Try it today",
		}},
		Sample{Name: "long", Content: AnnouncementContent{
			Kicker: "Now generally available · v2.0",
			Title:  "Brand kits for teams: one source of truth for every logo, colour and font across your organisation",
			Body: "Upload your brand once and every render follows it. Kits are versioned, shared with exactly the right people, " +
				"and applied automatically to posts, charts and carousels, so nobody on your team ever ships an off-brand image to customers again.",
			Date: "Available from Thursday, 12 March 2026",
			CTA:  "Read the launch post on our blog →",
		}},
		Sample{Name: "minimal", Content: AnnouncementContent{
			Title: "We are now SOC 2 Type II certified",
		}},
		Sample{Name: "emoji", Content: AnnouncementContent{
			Kicker: "New ✨",
			Title:  "Animated GIFs have landed 🎉",
			Body:   "Turn any post into a looping GIF with one extra field. Perfect for launches 🚀 and countdowns ⏳.",
			Date:   "Today",
			CTA:    "See examples 👉",
		}},
		Sample{Name: "cjk", Content: AnnouncementContent{
			Kicker: "新功能",
			Title:  "深色模式现已上线",
			Body:   "所有格式和风格现在都支持精心调校的深色主题，只需一个设置即可切换。",
			Date:   "2026年3月12日",
			CTA:    "立即体验",
		}},
	)

	addSamples(Offer,
		Sample{Name: "short", Content: OfferContent{
			Headline: "Spring sale on every annual plan",
			Discount: "30% OFF",
			Details:  "Applies to Pro and Developer plans billed yearly. Existing customers can switch at renewal.",
			Code:     "SPRING30",
			Expires:  "Ends Sunday",
			CTA:      "Claim the deal",
		}},
		Sample{Name: "long", Content: OfferContent{
			Headline: "Black Friday: our biggest discount of the year, on every plan, for every team",
			Discount: "Save 50% forever",
			Details: "Lock in half price for as long as you stay subscribed. Valid on monthly and annual billing, " +
				"stackable with the nonprofit discount, and kept when your team moves up to a larger plan later in the year.",
			Code:    "BLACKFRIDAY-2026-HALFOFF",
			Expires: "Until Monday 1 December 2026, 23:59 CET",
			CTA:     "Upgrade now and keep 50% off for life",
		}},
		Sample{Name: "minimal", Content: OfferContent{
			Headline: "Your first month is on us",
			Discount: "Free",
		}},
		Sample{Name: "emoji", Content: OfferContent{
			Headline: "Summer deal for students 🎓",
			Discount: "2 for 1",
			Details:  "Bring a friend ☀️ and you both get a year of Pro for the price of one.",
			Code:     "SUNNY2X",
			Expires:  "Until 31 August ⏳",
			CTA:      "Grab it 👉",
		}},
		Sample{Name: "cjk", Content: OfferContent{
			Headline: "春季大促，全年套餐限时优惠",
			Discount: "7折",
			Details:  "适用于所有按年付费的专业版和开发者版套餐。",
			Code:     "SPRING30",
			Expires:  "本周日截止",
			CTA:      "立即领取",
		}},
	)
}
