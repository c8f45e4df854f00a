package posts

// Samples of the testimonial, event, ad, hiring, showcase and campaign formats.
func init() {
	addSamples(Testimonial,
		Sample{Name: "short", Content: TestimonialContent{
			Quote:  "We replaced three design tools and a Figma plugin with one API call. Our launch posts now ship in minutes, not days.",
			Person: "Priya Raman",
			Role:   "Head of Growth, Loopwise",
			Rating: 5,
		}},
		Sample{Name: "long", Content: TestimonialContent{
			Quote: "Before brandgen, every product update meant a ticket for the design team and a two-day wait. Now our release " +
				"pipeline renders the announcement, the changelog carousel and the stats card in our brand on every tag. " +
				"Marketing reviews, engineering merges, and nobody resizes a PNG by hand.",
			Person:   "Dr. Maria Fernanda Gonçalves-Richardson de Oliveira Campos",
			Role:     "Vice President of Developer Experience and Platform Engineering, Northwind Labs",
			Initials: "MGR",
			Rating:   5,
		}},
		Sample{Name: "emoji", Content: TestimonialContent{
			Quote:  "Honestly the best dev tool we adopted this year 🚀 Our social team ships twice as many posts and it all looks on-brand ✨",
			Person: "Lars Øberg",
			Role:   "CTO, Fjordbyte",
			Rating: 4,
		}},
		Sample{Name: "minimal", Content: TestimonialContent{
			Quote:  "It just works.",
			Person: "Sam Lee",
		}},
		Sample{Name: "cjk", Content: TestimonialContent{
			Quote:  "导入 brandgen 之后，我们每周制作社交媒体图片的时间从八个小时缩短到了二十分钟，而且每一张都符合品牌规范。",
			Person: "陈静",
			Role:   "市场总监，云帆科技",
		}},
	)

	addSamples(Event,
		Sample{Name: "short", Content: EventContent{
			Kicker: "Webinar",
			Title:  "Branded images at scale with Go and headless Chrome",
			Date:   "Thu, 12 March 2026",
			Time:   "18:00–19:00 CET",
			Place:  "Online · Zoom",
			Speakers: []Speaker{
				{Name: "Ana Costa", Role: "Staff Engineer, brandgen"},
				{Name: "Tom Becker", Role: "Design Lead, Northwind Labs"},
			},
			CTA: "Register free",
		}},
		Sample{Name: "long", Content: EventContent{
			Kicker: "Community conference · Day 2",
			Title:  "From prompt to pixel: designing, rendering and shipping brand-safe social images at production scale",
			Date:   "12–13 March 2026 (Thursday and Friday)",
			Time:   "09:30–17:45 CET, doors open at 08:45 am",
			Place:  "Kulturbrauerei, Schönhauser Allee 36, 10435 Berlin, Germany, and live online",
			Speakers: []Speaker{
				{Name: "Alexandra Konstantinidou-Whitfield van der Meer", Role: "Principal Engineer, Rendering Infrastructure and Performance, brandgen"},
				{Name: "Dr. Oluwaseun Adebayo-Thompson Okonkwo-Fairweather", Role: "Director of Brand Design Systems and Visual Identity, Northwind Labs"},
				{Name: "Jean-Baptiste Delacroix-Montgomery de la Fontaine", Role: "Head of Developer Relations and Open Source Programs, Fjordbyte AS"},
				{Name: "Sofia Isabel Hernández Villanueva de los Santos", Role: "Senior Product Manager, Marketing Automation and Growth, Loopwise"},
			},
			CTA: "Get your ticket before early bird ends",
		}},
		Sample{Name: "cjk", Content: EventContent{
			Kicker: "🎉 Meetup #42",
			Title:  "Go Tokyo：Go で作る高速な画像生成サービス",
			Date:   "2026年4月18日（土）",
			Time:   "19:00–21:30 JST",
			Place:  "東京都渋谷区 · Shibuya Stream 7F",
			Speakers: []Speaker{
				{Name: "佐藤 健", Role: "バックエンドエンジニア"},
				{Name: "鈴木 美咲", Role: "デザインシステム担当"},
				{Name: "Kenji Ito", Role: "SRE, Mercari"},
			},
			CTA: "今すぐ申し込む",
		}},
		Sample{Name: "emoji", Content: EventContent{
			Kicker: "🎤 Live workshop",
			Title:  "Ship your first branded carousel in 30 minutes 🚀",
			Date:   "Wed, 22 April 2026",
			Time:   "17:00–18:00 CEST ⏰",
			Place:  "📍 Online · YouTube Live",
			Speakers: []Speaker{
				{Name: "Mia Schulz", Role: "Developer Advocate 🎨"},
			},
			CTA: "Save my seat 🙌",
		}},
		Sample{Name: "minimal", Content: EventContent{
			Title: "Office hours: ask us anything about brand kits",
			Date:  "Every Tuesday",
			Time:  "16:00 UTC",
			Place: "Discord #office-hours",
		}},
	)

	addSamples(Ad,
		Sample{Name: "short", Content: AdContent{
			Headline: "Branded images from one API call",
			Body:     "Turn data into on-brand posts, charts and carousels. Self-hosted next to your stack, fast, and honest about errors.",
			Features: []string{"4 styles, light and dark", "Renders in under 300 ms", "Runs on your own servers", "No per-image fees"},
			CTA:      "Start free",
			Price:    "from $9/mo",
		}},
		Sample{Name: "long", Content: AdContent{
			Headline: "Every post, chart and carousel in your brand, rendered in milliseconds, on-prem",
			Body: "brandgen turns prompts and data into pixel-perfect social images over a simple REST API. Four styles, " +
				"light and dark themes, auto-fitting text and a palette derived from your colours. No design queue.",
			Features: []string{
				"Four styles in light and dark, four canvas sizes",
				"Auto-fit text that shrinks and never gets clipped",
				"Self-hosted with docker compose next to Postgres",
				"Batch renders, carousels, PDFs and animated GIFs",
			},
			CTA:   "Start a free 30-day trial, no card asked",
			Price: "from $49/mo, paid yearly",
		}},
		Sample{Name: "emoji", Content: AdContent{
			Headline: "Lunch in 10 minutes 🥗",
			Body:     "Fresh bowls from local kitchens, delivered to your desk while they are still warm.",
			Features: []string{"🌱 Plant-based options daily", "🚲 Zero-emission delivery", "♻️ Returnable bowls"},
			CTA:      "Order now",
			Price:    "€8.90",
		}},
		Sample{Name: "cjk", Content: AdContent{
			Headline: "一次 API 调用，生成品牌图片",
			Body:     "把数据变成符合品牌规范的社交媒体图片、图表和轮播图。可自托管，速度快。",
			Features: []string{"四种风格，浅色与深色", "300 毫秒内完成渲染", "部署在你自己的服务器上"},
			CTA:      "免费开始",
			Price:    "¥68/月起",
		}},
		Sample{Name: "minimal", Content: AdContent{
			Headline: "Design tickets, gone",
			CTA:      "Try it free",
			Price:    "$9/mo",
		}},
	)

	addSamples(Hiring,
		Sample{Name: "short", Content: HiringContent{
			Role:     "Senior Go Engineer",
			Company:  "Northwind Labs",
			Location: "Remote (EU)",
			Type:     "Full-time",
			Perks: []string{"€85k–105k salary + equity", "30 days paid vacation", "€2,000 yearly learning budget",
				"Flexible hours, async by default"},
			Apply: "northwind.dev/jobs",
		}},
		Sample{Name: "long", Content: HiringContent{
			Kicker:   "Join our platform team in 2026",
			Role:     "Staff Software Engineer, Rendering Infrastructure and Developer Platform",
			Company:  "Northwind Labs Developer Tools and Brand Automation GmbH",
			Location: "Berlin, Lisbon or remote within ±3 hours of CET (EU only)",
			Type:     "Full-time, permanent contract",
			Perks: []string{
				"€110,000–135,000 base salary plus meaningful stock options",
				"30 days paid vacation plus your birthday and a yearly break",
				"Private health, dental and mental health insurance covered",
				"€3,000 yearly learning budget for books, courses and events",
				"MacBook Pro, 4K monitor and €1,500 home-office setup budget",
				"Twice-yearly team offsites somewhere warm, travel fully paid",
			},
			Apply: "Send your CV and a link to some code you are proud of to jobs@northwind.dev now",
		}},
		Sample{Name: "emoji", Content: HiringContent{
			Role:     "Product Designer 🎨",
			Company:  "Loopwise",
			Location: "Lisbon or remote",
			Type:     "Full-time",
			Perks:    []string{"🌍 Work from anywhere in Europe", "🏖️ 28 days off + local holidays", "🧠 Weekly design critiques"},
			Apply:    "DM us or apply at loopwise.io/careers",
		}},
		Sample{Name: "cjk", Content: HiringContent{
			Role:     "シニア Go エンジニア",
			Company:  "株式会社ノースウィンド",
			Location: "東京 / フルリモート可",
			Type:     "正社員",
			Perks:    []string{"年収 900万〜1,300万円", "フレックスタイム制", "書籍・カンファレンス費用を全額補助", "最新の MacBook Pro を支給"},
			Apply:    "northwind.jp/careers",
		}},
		Sample{Name: "minimal", Content: HiringContent{
			Role:  "Frontend Engineer",
			Apply: "acme.dev/jobs",
		}},
	)

	addSamples(Showcase,
		Sample{Name: "short", Content: ShowcaseContent{
			Kicker:   "New in v2.0",
			Title:    "brandgen Studio",
			Subtitle: "Design a template once, then render it everywhere: a visual editor for your brand kit.",
			Features: []Item{
				{Title: "Live preview", Text: "See every style and size update as you type."},
				{Title: "Brand kit", Text: "Logo, colours and fonts applied to every render."},
				{Title: "One-click API", Text: "Copy the request that reproduces any design."},
			},
			CTA: "Try the beta",
		}},
		Sample{Name: "long", Content: ShowcaseContent{
			Kicker:   "Introducing version 2.0 today",
			Title:    "brandgen Studio: the visual editor for every branded image your team ships daily",
			Subtitle: "Design a template once and render it everywhere. Studio pairs a live, pixel-exact preview with your brand kit, so marketing can edit copy while engineering keeps the API contract stable.",
			Features: []Item{
				{Title: "Live, pixel-exact preview of every style, theme and canvas size as you type",
					Text: "Glass, flat, blueprint and editorial, light and dark, portrait to landscape: Studio renders with the same Chromium pool as the API, so what you see ships."},
				{Title: "A brand kit that travels: logo, colours, fonts and handle applied automatically",
					Text: "Upload your logo once. Palettes are derived from your two brand colours with WCAG contrast checks on every layer, in every style and theme you pick."},
				{Title: "One-click API requests that reproduce exactly the design you see on screen",
					Text: "Copy a curl command or a Go, Python or TypeScript snippet and drop it into your release pipeline, your CMS or the scheduled job that posts for you."},
				{Title: "Roles and review: editors draft, owners approve, and every change is versioned",
					Text: "Comment on a render, compare two versions side by side and roll back in a click when a launch changes plans at the very last minute before it goes out."},
			},
			CTA: "Start a free 30-day Studio trial now",
		}},
		Sample{Name: "two", Content: ShowcaseContent{
			Title:    "Carousels to PDF ✨",
			Subtitle: "Render a LinkedIn carousel and its PDF from the same slides.",
			Features: []Item{
				{Title: "Up to 20 slides", Text: "Consistent type and spacing on every page."},
				{Title: "📄 PDF export", Text: "Vector text, ready to upload as a document post."},
			},
			CTA: "Read the docs",
		}},
		Sample{Name: "cjk", Content: ShowcaseContent{
			Kicker:   "新功能",
			Title:    "brandgen 工作室",
			Subtitle: "只需设计一次模板，即可在所有尺寸和风格中渲染。",
			Features: []Item{
				{Title: "实时预览", Text: "输入时即可看到每种风格和尺寸的效果。"},
				{Title: "品牌套件", Text: "标志、颜色和字体自动应用到每张图片。"},
				{Title: "一键生成 API", Text: "复制可以重现当前设计的请求。"},
				{Title: "团队审核", Text: "编辑起草，负责人审批，每次修改都有版本记录。"},
			},
			CTA: "免费试用",
		}},
		Sample{Name: "bare", Content: ShowcaseContent{
			Kicker:   "Case study",
			Title:    "How Fjordbyte cut design tickets by 80%",
			Subtitle: "A six-person marketing team, one API and zero hand-resized PNGs.",
			CTA:      "Read the story",
		}},
	)

	addSamples(Campaign,
		Sample{Name: "short", Content: CampaignContent{
			Kicker:   "Open Source Month",
			Headline: "Ship it in public.",
			Message:  "All through March, we match every contributor's first merged pull request with a donation to the Go community fund.",
			Hashtag:  "#BuildInPublic",
			CTA:      "Find a good first issue",
		}},
		Sample{Name: "long", Content: CampaignContent{
			Kicker:   "Accessibility Awareness Month",
			Headline: "Every image you publish should be readable by everyone who scrolls past it today",
			Message: "Low-contrast text, tiny captions and missing alt text shut people out. This month we audit our own posts, " +
				"publish what we find and share the checklist we use, so your team can make every chart, quote and launch card accessible.",
			Hashtag: "#ContrastMattersForEveryoneEverywhere",
			CTA:     "Get the free accessibility checklist now",
		}},
		Sample{Name: "emoji", Content: CampaignContent{
			Headline: "Less meetings, more making 🛠️",
			Message:  "Block two hours of deep work every day this week and tell us what you built.",
			Hashtag:  "#MakerWeek",
		}},
		Sample{Name: "minimal", Content: CampaignContent{
			Headline: "Go outside.",
		}},
		Sample{Name: "cjk", Content: CampaignContent{
			Kicker:   "地球日",
			Headline: "每一次渲染，都为地球种下一棵树。",
			Message:  "四月期间，每渲染一千张图片，我们就向植树项目捐赠一棵树。",
			Hashtag:  "#为地球渲染",
			CTA:      "了解更多",
		}},
	)
}
