package posts

// Samples of the group-a formats: cover, roadmap, listicle, checklist, resources, comparison.
func init() {
	addSamples(Cover,
		Sample{Name: "short", Content: CoverContent{
			Kicker:   "Engineering blog",
			Title:    "How we cut our p99 latency by 80%",
			Subtitle: "A field guide to profiling Go services in production, from pprof to flame graphs.",
			Footer:   "Swipe →",
		}},
		Sample{Name: "long", Content: CoverContent{
			Kicker:   "Platform engineering series · Part 4/6",
			Title:    "What three years of running Postgres on Kubernetes taught us about backups, failover and the limits of operators",
			Subtitle: "We moved 40 production databases off a managed service and back again. Here is what broke, what it cost us in time and money, and the checklist we now run before every migration we plan.",
			Footer:   "Read the full write-up at northwind.dev/blog · Swipe →",
		}},
		Sample{Name: "minimal", Content: CoverContent{
			Title: "Ship it.",
		}},
		Sample{Name: "emoji", Content: CoverContent{
			Kicker:   "Launch week 🚀 Day 1",
			Title:    "Five things we shipped this week ✨",
			Subtitle: "Dark mode 🌙, faster exports ⚡ and a brand new API playground. Here is the tour.",
			Footer:   "Swipe for the details 👉",
		}},
		Sample{Name: "cjk", Content: CoverContent{
			Kicker:   "开发者指南",
			Title:    "用 Go 构建高性能 API 服务的十个实用技巧",
			Subtitle: "从连接池到缓存策略，我们在生产环境中总结出的经验，帮助你的服务在高并发下保持稳定。",
			Footer:   "向左滑动查看 →",
		}},
	)

	addSamples(Roadmap,
		Sample{Name: "short", Content: RoadmapContent{
			Title:    "Our 2026 product roadmap",
			Subtitle: "What we are building next, and what already shipped.",
			Milestones: []Milestone{
				{When: "Q1 2026", Title: "Public API v1", Text: "Stable REST endpoints with per-key rate limits.", Status: "done"},
				{When: "Q2 2026", Title: "Brand kits", Text: "Logos, colours and fonts saved once, used everywhere.", Status: "now"},
				{When: "Q3 2026", Title: "Carousel studio", Text: "Design multi-slide posts and export them as PDF.", Status: "next"},
				{When: "Q4 2026", Title: "Team workspaces", Text: "Shared brands, roles and an audit log.", Status: "next"},
			},
		}},
		Sample{Name: "long", Content: RoadmapContent{
			Title:    "From private beta to general availability: the twelve-month plan for the platform team",
			Subtitle: "Six milestones, each with a clear owner and exit criteria. Dates are targets, not promises; we publish an honest progress update at the end of every quarter.",
			Milestones: []Milestone{
				{When: "Phase 1 · January 2026", Title: "Private beta with twenty design partners in three regions", Text: "Onboard design partners one by one, with a weekly call and a shared channel, and fix every blocker they report within five days.", Status: "done"},
				{When: "Phase 2 · 15 March 2026", Title: "Self-serve signup, billing and usage dashboards for teams", Text: "Anyone can create an account, pick a plan and see usage in real time; invoices go out automatically at the start of each month.", Status: "done"},
				{When: "Phase 3 · Mid May 2026", Title: "Brand kits with fonts, logos and palettes shared by teams", Text: "Upload a brand once and apply it to every single render, with per-team permissions and a full history of every change made to the kit.", Status: "now"},
				{When: "Phase 4 · Late July 2026", Title: "Carousel editor with drag-and-drop slides and PDF export", Text: "Build multi-slide posts in the browser, reorder the slides by dragging them, and export to PNG or to a single PDF ready for LinkedIn.", Status: "next"},
				{When: "Phase 5 · October 2026", Title: "Enterprise single sign-on, SCIM provisioning and audit logs", Text: "Connect Okta or Azure AD, provision all users automatically, and export a tamper-evident audit log of every action to your own SIEM.", Status: "next"},
				{When: "Phase 6 · December 2026", Title: "General availability with a 99.9% uptime SLA, 24/7 support", Text: "Leave beta with a public status page, contractual uptime, and a support rota that answers within one hour, around the clock, all year.", Status: "next"},
			},
		}},
		Sample{Name: "minimal", Content: RoadmapContent{
			Title: "Two steps to v2",
			Milestones: []Milestone{
				{When: "Now", Title: "Release candidate", Status: "now"},
				{When: "June", Title: "v2.0 stable"},
			},
		}},
		Sample{Name: "emoji", Content: RoadmapContent{
			Title:    "The road to 1.0 🛣️",
			Subtitle: "Our open-source CLI, one release at a time.",
			Milestones: []Milestone{
				{When: "v0.8", Title: "Plugins 🔌", Text: "Write your own commands in Go or WebAssembly.", Status: "done"},
				{When: "v0.9", Title: "Config profiles ⚙️", Text: "Switch between staging and prod in one flag.", Status: "done"},
				{When: "v0.10", Title: "Offline mode ✈️", Text: "Cache everything so the CLI works on a plane.", Status: "now"},
				{When: "v1.0", Title: "Stable release 🎉", Text: "Frozen flags, semver guarantees, signed binaries.", Status: "next"},
			},
		}},
		Sample{Name: "cjk", Content: RoadmapContent{
			Title:    "2026 年产品路线图",
			Subtitle: "我们接下来要做的事情，以及已经完成的里程碑。",
			Milestones: []Milestone{
				{When: "第一季度", Title: "开放 API", Text: "稳定的 REST 接口，支持按密钥限流。", Status: "done"},
				{When: "第二季度", Title: "品牌套件", Text: "一次上传标志和配色，所有图片自动套用。", Status: "now"},
				{When: "第三季度", Title: "轮播编辑器", Text: "在浏览器中制作多页图文并导出 PDF。", Status: "next"},
			},
		}},
	)

	addSamples(Listicle,
		Sample{Name: "short", Content: ListicleContent{
			Kicker: "Code review",
			Title:  "5 habits of teams that ship fast",
			Items: []Item{
				{Title: "Keep pull requests small", Text: "Under 400 lines gets reviewed the same day."},
				{Title: "Automate the boring checks", Text: "Formatting and linting belong in CI, not in comments."},
				{Title: "Review within four hours", Text: "Fast feedback beats perfect feedback."},
				{Title: "Write the why, not the what", Text: "The diff shows what changed; the description says why."},
				{Title: "Ship behind feature flags", Text: "Merge early, release when it is ready."},
			},
			Footer: "Save this for your next retro",
		}},
		Sample{Name: "long", Content: ListicleContent{
			Kicker: "The complete guide · Updated for 2026 ✓",
			Title:  "Ten lessons from scaling a developer tools startup from zero to ten thousand paying customers",
			Items: []Item{
				{Title: "Talk to users every single week, even when the roadmap feels completely obvious", Text: "Our best features came from calls we almost cancelled. Book three conversations a week and write down the exact words people use for their problems."},
				{Title: "Charge money from day one so you learn what people really value in your product", Text: "Free users tell you what is nice; paying users tell you what is essential. Even a small price separates curiosity from a real need worth solving."},
				{Title: "Write the documentation before the code, then keep it honest as it grows", Text: "If the docs are hard to write, the API is hard to use. Draft the quick start guide first and let it shape the design of the API before anyone commits to it."},
				{Title: "Make the first five minutes magical, because most people never see minute six", Text: "Measure time to first success and cut every step that is not needed. A copy-paste example that just works beats a guided tour of every feature you have built."},
				{Title: "Hire people who write well, since remote teams run on clear written words", Text: "Specs, reviews and incident notes are all writing. Ask for a writing sample in every interview loop and weigh it as much as the coding exercise."},
				{Title: "Publish a changelog and ship something your users can see every single week", Text: "A steady changelog builds trust faster than any launch. Small weekly releases also keep the whole team honest about what is really done and shipped to users."},
				{Title: "Treat every support ticket as product research rather than a cost to be cut", Text: "Tag every ticket by root cause and review the tags monthly. The top three causes are usually your next three improvements to the product, in that order."},
				{Title: "Keep the pricing page simple enough that a tired engineer gets it in a minute", Text: "Three plans, one metric, no hidden fees. Every extra dimension on the pricing page turns into a sales call that you did not want to have at all."},
				{Title: "Invest in reliability before growth, because outages undo months of marketing", Text: "Set an error budget, page on symptoms rather than causes, and run a blameless review after every incident, however small it looked at the time it happened."},
				{Title: "Say no to most feature requests, politely and with a clear reason each time", Text: "Focus is a feature. Keep a public list of what you will not build and why, so customers understand the trade-offs and trust your product choices."},
			},
			Footer: "Follow @northwind for a new lesson every Monday, and share this with a founder",
		}},
		Sample{Name: "minimal", Layout: "1col", Content: ListicleContent{
			Title: "3 rules for naming things",
			Items: []Item{
				{Title: "Say what it is"},
				{Title: "Prefer short over clever"},
				{Title: "Be consistent"},
			},
		}},
		Sample{Name: "emoji", Layout: "2col", Content: ListicleContent{
			Kicker: "Remote work 🌍",
			Title:  "6 tools our remote team can't live without",
			Items: []Item{
				{Title: "Async standups 📝", Text: "A short written update replaces the daily call."},
				{Title: "Shared calendar 📅", Text: "Everyone's working hours in one view."},
				{Title: "Focus blocks 🎧", Text: "Two hours a day with notifications off."},
				{Title: "Decision log 📚", Text: "Every big decision, with the why, in one doc."},
				{Title: "Demo Fridays 🎬", Text: "Five-minute recorded demos of the week's work."},
				{Title: "Offsites ✈️", Text: "Twice a year, in person, no laptops after six."},
			},
			Footer: "Which one would you add? 💬",
		}},
		Sample{Name: "cjk", Content: ListicleContent{
			Kicker: "效率提升",
			Title:  "提高代码质量的四个习惯",
			Items: []Item{
				{Title: "保持提交小而频繁", Text: "每次提交只做一件事，方便审查和回滚。"},
				{Title: "先写测试再写代码", Text: "测试帮助你想清楚接口应该是什么样子。"},
				{Title: "自动化代码检查", Text: "格式和静态检查交给持续集成完成。"},
				{Title: "写清楚提交说明", Text: "说明为什么改动，而不只是改了什么。"},
			},
			Footer: "收藏起来，下次评审时用得上",
		}},
	)

	addSamples(Checklist,
		Sample{Name: "short", Content: ChecklistContent{
			Title:    "Launch day checklist",
			Subtitle: "Everything we tick off before pressing the big button.",
			Items: []Check{
				{Text: "Changelog and docs published", Checked: true},
				{Text: "Status page and alerts tested", Checked: true},
				{Text: "Rollback plan written down", Checked: true},
				{Text: "Support team briefed on the new flow"},
				{Text: "Launch post scheduled for 9:00 CET"},
			},
		}},
		Sample{Name: "long", Content: ChecklistContent{
			Title:    "Production readiness review: the ten questions every service must answer before it takes any traffic",
			Subtitle: "We run this review with the owning team two weeks before launch. Anything left open gets an owner, a date and a ticket before we agree to go live.",
			Items: []Check{
				{Text: "Service level objectives are defined, agreed with product, and visible on the team's main dashboard", Checked: true},
				{Text: "Alerts page on user-facing symptoms, each with a runbook link that explains the first three steps", Checked: true},
				{Text: "Load test reached twice the expected peak traffic without errors or rising latency at the p99 mark", Checked: true},
				{Text: "Database migrations are backwards compatible and were rehearsed on a full copy of production data", Checked: true},
				{Text: "Secrets live in the vault, rotate automatically, and never appear in logs, traces or error messages", Checked: true},
				{Text: "Backups restore cleanly into a fresh environment, and the restore time is measured and written down"},
				{Text: "Dependencies have timeouts, retries with jitter, and circuit breakers so one outage cannot cascade"},
				{Text: "Feature flags can turn off every new code path within a minute, without needing a fresh deployment"},
				{Text: "On-call rota is staffed, trained on this service, and has shadowed at least one real incident call"},
				{Text: "Privacy review is signed off, data retention is configured, and deletion requests are fully handled"},
			},
		}},
		Sample{Name: "minimal", Layout: "1col", Content: ChecklistContent{
			Title: "Before you push",
			Items: []Check{
				{Text: "Tests pass", Checked: true},
				{Text: "Linter is quiet"},
				{Text: "Commit message says why"},
			},
		}},
		Sample{Name: "emoji", Layout: "2col", Content: ChecklistContent{
			Title:    "Conference travel packing list ✈️",
			Subtitle: "Speaking at a conference next month? Don't forget these.",
			Items: []Check{
				{Text: "Laptop charger 🔌", Checked: true},
				{Text: "HDMI and USB-C adapters", Checked: true},
				{Text: "Slides exported as PDF 📄", Checked: true},
				{Text: "Clicker with spare batteries"},
				{Text: "Water bottle 💧"},
				{Text: "Stickers for the booth 🎟️"},
				{Text: "Business cards"},
				{Text: "A good night's sleep 😴"},
			},
		}},
		Sample{Name: "cjk", Content: ChecklistContent{
			Title:    "上线前检查清单",
			Subtitle: "发布新版本之前，请逐项确认以下内容。",
			Items: []Check{
				{Text: "所有自动化测试通过", Checked: true},
				{Text: "数据库迁移已在预发布环境演练", Checked: true},
				{Text: "监控告警已配置并测试"},
				{Text: "回滚方案已写入文档"},
			},
		}},
	)

	addSamples(Resources,
		Sample{Name: "short", Content: ResourcesContent{
			Title:    "Learn Go in 2026: our favourite resources",
			Subtitle: "Free and paid picks from the team, from first steps to production.",
			Items: []Resource{
				{Name: "A Tour of Go", Text: "The official interactive introduction, right in the browser.", Link: "go.dev/tour", Tag: "Free"},
				{Name: "Effective Go", Text: "Idioms and conventions every Go programmer should know.", Link: "go.dev/doc/effective_go", Tag: "Docs"},
				{Name: "Learning Go", Text: "Jon Bodner's book on writing idiomatic, maintainable Go.", Link: "oreilly.com/library", Tag: "Book"},
				{Name: "Go by Example", Text: "Short annotated programs for every language feature.", Link: "gobyexample.com", Tag: "Free"},
			},
		}},
		Sample{Name: "long", Content: ResourcesContent{
			Title:    "The platform engineering reading list: eight resources we give each new hire in their first month",
			Subtitle: "Books, courses and talks that shaped how we run infrastructure. Most are free; the paid ones are worth every cent and we expense them for the whole team.",
			Items: []Resource{
				{Name: "Site Reliability Engineering: How Google Runs Production", Text: "The classic on error budgets, toil and on-call. Read the chapters on monitoring and postmortems first, then the rest.", Link: "sre.google/sre-book/table-of-contents/monitoring-distributed-systems/#symptoms", Tag: "Free book · Online"},
				{Name: "Designing Data-Intensive Applications, 2nd edition (2025)", Text: "Replication, partitioning and consistency explained clearly, with the trade-offs each choice makes in real systems.", Link: "dataintensive.net/second-edition/chapters-and-errata-for-all-readers-2025", Tag: "Book · Paid edition"},
				{Name: "The Twelve-Factor App methodology for modern web services", Text: "Twelve short rules for building services that deploy cleanly and scale out; still the best checklist after a decade.", Link: "12factor.net/config-backing-services-and-build-release-run-stages-in-detail", Tag: "Free guide · Online"},
				{Name: "Kubernetes the Hard Way, a hands-on tutorial by Kelsey", Text: "Bootstrap a cluster by hand to understand every moving part before you let a managed service hide them from you.", Link: "github.com/kelseyhightower/kubernetes-the-hard-way/tree/master/docs/01-prereqs", Tag: "Free hands-on course"},
				{Name: "Observability Engineering: achieving production excellence", Text: "Structured events, high-cardinality data and how to debug unknown unknowns in production without guessing at causes.", Link: "honeycomb.io/resources/observability-engineering-oreilly-book-2022-free-pdf", Tag: "Book · Free PDF copy"},
				{Name: "Accelerate: the science of lean software and DevOps teams", Text: "The research behind the four key delivery metrics, and the practices that actually move them for real engineering teams.", Link: "itrevolution.com/product/accelerate-the-science-of-lean-software-and-devops", Tag: "Book · Paid edition"},
				{Name: "Postgres internals course by the Crunchy Data team, part 2", Text: "Hands-on lessons on query planning, indexes, vacuum and locking, running in a real database inside your web browser.", Link: "crunchydata.com/developers/tutorials/postgres-internals-course-ii-lessons", Tag: "Free course · Online"},
				{Name: "Strange Loop conference talk archive: distributed systems", Text: "Hours of talks from practitioners on consensus, testing and failure; start with the ones on Jepsen and formal methods.", Link: "youtube.com/@strangeloopconf/playlists?view=distributed-systems-track-2023", Tag: "Free videos · 40 h"},
			},
		}},
		Sample{Name: "minimal", Content: ResourcesContent{
			Title: "Two newsletters worth reading",
			Items: []Resource{
				{Name: "Golang Weekly"},
				{Name: "Pointer.io"},
			},
		}},
		Sample{Name: "emoji", Layout: "2col", Content: ResourcesContent{
			Title:    "Design resources for developers 🎨",
			Subtitle: "Make your side project look professional without a designer.",
			Items: []Resource{
				{Name: "Refactoring UI 📘", Text: "Practical design tips written for developers.", Link: "refactoringui.com", Tag: "Book"},
				{Name: "Realtime Colors 🌈", Text: "Preview a palette on a real page before you commit.", Link: "realtimecolors.com", Tag: "Free"},
				{Name: "Heroicons ✨", Text: "Hand-crafted SVG icons, MIT licensed.", Link: "heroicons.com", Tag: "Free"},
				{Name: "Inter typeface 🔤", Text: "A workhorse sans serif designed for screens.", Link: "rsms.me/inter", Tag: "Font"},
			},
		}},
		Sample{Name: "cjk", Content: ResourcesContent{
			Title:    "前端开发学习资源推荐",
			Subtitle: "从入门到进阶，团队精选的免费资料。",
			Items: []Resource{
				{Name: "MDN 中文文档", Text: "最权威的 Web 技术参考资料。", Link: "developer.mozilla.org/zh-CN", Tag: "免费"},
				{Name: "现代 JavaScript 教程", Text: "从基础到高级的系统教程，附带练习题。", Link: "zh.javascript.info", Tag: "教程"},
				{Name: "TypeScript 入门", Text: "类型系统的入门指南，适合有 JS 基础的读者。", Link: "typescriptlang.org/zh", Tag: "文档"},
			},
		}},
	)

	addSamples(Comparison,
		Sample{Name: "short", Content: ComparisonContent{
			Title: "Self-hosted vs hosted image APIs",
			Left:  "Hosted SaaS",
			Right: "Self-hosted",
			Rows: []Row{
				{Label: "Price at 100k images", Left: "$450 / month", Right: "$40 / month"},
				{Label: "Render time", Left: "1.8 s", Right: "0.4 s"},
				{Label: "Data leaves your network", Left: "Yes", Right: "Never"},
				{Label: "Setup", Left: "Sign up", Right: "docker compose up"},
			},
			Winner:  "right",
			Verdict: "Past a few thousand images a month, self-hosting wins on cost and speed.",
		}},
		Sample{Name: "long", Content: ComparisonContent{
			Title: "Monolith or microservices? An honest, practical comparison for a product team of twelve engineers",
			Left:  "Modular monolith in a single repository",
			Right: "Microservices run by a platform team",
			Rows: []Row{
				{Label: "Time to ship the first version of it", Left: "Weeks: one codebase, one deploy pipeline and one database to set up and run", Right: "Months: service templates, a mesh, CI for each service and API contracts first"},
				{Label: "Cost of running it in production today", Left: "A few large instances and one managed database, easy to plan and budget for", Right: "Dozens of small services, each with its own database, dashboards and alerts"},
				{Label: "Refactoring across module boundaries", Left: "One pull request, checked by the compiler and deployed in one single step", Right: "Versioned APIs, coordinated releases and long, careful deprecation windows"},
				{Label: "Scaling the hottest parts of the system", Left: "Scale the whole app, or carve out the one hot path when it really matters", Right: "Scale each service on its own, sized to its real traffic and memory needs"},
				{Label: "Independent deploys for separate teams", Left: "A shared release train; module owners coordinate through careful code review", Right: "Every team deploys on its own schedule, without waiting for any of the others"},
				{Label: "Debugging a failing request end to end", Left: "One stack trace and one log stream, easy to reproduce on your own laptop", Right: "Distributed tracing is required to follow one request across many services"},
				{Label: "Onboarding a new engineer to the code", Left: "Clone one repository and run one command to get the whole product running", Right: "Learn the platform, the service catalogue and which team owns each service"},
				{Label: "Blast radius when a bad deploy slips out", Left: "A bad deploy can take the whole product down until it is finally rolled back", Right: "Failures stay contained in a single service if all timeouts are set correctly"},
			},
			Winner:  "left",
			Verdict: "For twelve engineers, start with a modular monolith and split out a service only when one module really needs to scale or ship alone.",
		}},
		Sample{Name: "minimal", Content: ComparisonContent{
			Title: "Myth vs fact",
			Left:  "Myth",
			Right: "Fact",
			Rows: []Row{
				{Left: "Go has no generics", Right: "Generics shipped in Go 1.18"},
				{Left: "Goroutines are threads", Right: "Thousands share a few OS threads"},
			},
		}},
		Sample{Name: "emoji", Content: ComparisonContent{
			Title: "Tabs vs spaces 🥊",
			Left:  "Tabs ⇥",
			Right: "Spaces ␣",
			Rows: []Row{
				{Label: "File size", Left: "Smaller 📉", Right: "Larger 📈"},
				{Label: "Accessibility", Left: "Width set by the reader ♿", Right: "Fixed width for all"},
				{Label: "Alignment", Left: "Can drift in mixed editors", Right: "Pixel-perfect everywhere 🎯"},
				{Label: "gofmt says", Left: "Tabs ✅", Right: "Not in Go ❌"},
			},
			Winner:  "left",
			Verdict: "In Go the debate is over: gofmt uses tabs 😄",
		}},
		Sample{Name: "cjk", Content: ComparisonContent{
			Title: "自建还是托管？",
			Left:  "托管服务",
			Right: "自建部署",
			Rows: []Row{
				{Label: "每月成本", Left: "约 3000 元", Right: "约 300 元"},
				{Label: "渲染速度", Left: "1.8 秒", Right: "0.4 秒"},
				{Label: "数据安全", Left: "数据离开内网", Right: "数据留在内网"},
			},
			Winner:  "right",
			Verdict: "图片量较大时，自建部署在成本和速度上都更有优势。",
		}},
	)
}
