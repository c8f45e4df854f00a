package slides

import "github.com/brandgen/brandgen/charts"

// Sample is realistic content of a slide kind, for contact sheets, overflow tests and docs.
type Sample struct {
	Name  string // "short", "long", "minimal", "emoji", "cjk"
	Slide any    // a value of the kind's type
}

// Samples returns the samples of a kind: the first is the typical one; "long" fills every field to
// its limits.
func Samples(kind string) []Sample { return samples[kind] }

var samples = map[string][]Sample{
	Cover: {
		{"short", CoverSlide{Kind: Cover, Kicker: "Database engineering", Title: "5 lessons from scaling Postgres to 10k QPS", Subtitle: "What broke, what we fixed, and what we would do on day one next time."}},
		{"long", CoverSlide{Kind: Cover, Kicker: "Platform engineering series · Part 4/6", Title: "What three years of running Postgres on Kubernetes taught us about backups, failover and operators", Subtitle: "We moved 40 production databases off a managed service and back again. Here is what broke and the checklist we run now."}},
		{"minimal", CoverSlide{Kind: Cover, Title: "Ship it."}},
		{"emoji", CoverSlide{Kind: Cover, Kicker: "Launch week 🚀", Title: "Five things we shipped this week ✨", Subtitle: "Dark mode 🌙, faster exports ⚡ and a new API playground."}},
		{"cjk", CoverSlide{Kind: Cover, Kicker: "开发者指南", Title: "用 Go 构建高性能 API 服务的五个实用技巧", Subtitle: "从连接池到缓存策略，我们在生产环境中总结出的经验。"}},
	},
	Point: {
		{"short", PointSlide{Kind: Point, Kicker: "Lesson 1", Title: "Pool your connections before anything else", Body: "Every Postgres connection is a process. At 2,000 clients we spent more time forking than querying; PgBouncer in transaction mode fixed it in an afternoon."}},
		{"long", PointSlide{Kind: Point, Kicker: "Lesson 3 · The one nobody warned us of", Title: "Autovacuum is not a background chore: it is part of your write path and needs a budget", Body: "When our largest table passed 800 million rows, autovacuum fell behind for a week. Dead tuples bloated the indexes, p99 tripled, and a forced anti-wraparound vacuum ran at peak. Tune it per table and watch the dead-tuple count."}},
		{"minimal", PointSlide{Kind: Point, Title: "Measure first."}},
		{"emoji", PointSlide{Kind: Point, Kicker: "Tip 2 💡", Title: "Cache the boring queries 🧊", Body: "Most reads hit the same 200 rows. A 30-second cache took 60% of the load off the primary ⚡"}},
		{"cjk", PointSlide{Kind: Point, Kicker: "第一课", Title: "先用连接池，再谈别的优化", Body: "每个 Postgres 连接都是一个进程。两千个客户端时，我们花在创建进程上的时间比查询还多。"}},
	},
	List: {
		{"short", ListSlide{Kind: List, Title: "What a great README has", Items: []string{"A one-line pitch", "A quick start that runs in 30 seconds", "Real examples, copy-pasteable", "Badges that mean something"}}},
		{"long", ListSlide{Kind: List, Title: "The pre-launch checklist we run before every major database migration, no exceptions", Items: []string{"Restore last night's backup into staging and run the full test suite against it", "Rehearse the cut-over twice with production-sized data and write down every timing", "Agree on the rollback trigger in advance: which metric, which threshold, who decides", "Freeze schema changes for 48 hours before and after the migration window", "Tell support and sales what customers may notice, in plain words, a week ahead", "Keep the old primary running read-only for a week, just in case we need it back"}}},
		{"minimal", ListSlide{Kind: List, Title: "Two rules", Items: []string{"Be kind", "Ship often"}}},
		{"emoji", ListSlide{Kind: List, Title: "Our remote-work toolkit 🧰", Items: []string{"Async standups in Slack 💬", "Docs before meetings 📝", "Core hours 11–15 CET ⏰", "Demo Fridays 🎉"}}},
		{"cjk", ListSlide{Kind: List, Title: "写好 README 的四个要点", Items: []string{"一句话说明项目用途", "三十秒内能跑起来的快速上手", "可以直接复制的真实示例", "有意义的徽章"}}},
	},
	Stat: {
		{"short", StatSlide{Kind: Stat, Value: "10k QPS", Label: "sustained on a single primary after the rework", Context: "Up from 1,800 QPS, on the same hardware.", Source: "Internal load test, March 2026"}},
		{"long", StatSlide{Kind: Stat, Value: "$4,200,000.00", Label: "saved over three years by moving 40 production databases off a managed service and onto our own Kubernetes clusters", Context: "The savings paid for two platform engineers and a second region. They came with on-call work we had not priced in at first, which is the honest cost of the move.", Source: "Finance team review of infrastructure spend, FY2024 to FY2026"}},
		{"minimal", StatSlide{Kind: Stat, Value: "3x", Label: "faster builds"}},
		{"emoji", StatSlide{Kind: Stat, Value: "73%", Label: "of developers learn most from code review 👀", Context: "More than from docs, courses or pairing 📚", Source: "Dev survey 2026"}},
		{"cjk", StatSlide{Kind: Stat, Value: "73%", Label: "的开发者认为代码评审是最好的学习方式", Context: "超过文档、课程和结对编程。", Source: "2026 开发者调查"}},
	},
	Quote: {
		{"short", QuoteSlide{Kind: Quote, Quote: "Make it work, make it right, make it fast.", Author: "Kent Beck", Role: "Creator of Extreme Programming"}},
		{"long", QuoteSlide{Kind: Quote, Quote: "The first time we rehearsed the failover, it took forty minutes and two people shouting. The tenth time it took ninety seconds and nobody noticed. Rehearsal is the whole trick: nothing else we did made as much difference to how calm our on-call weeks feel now.", Author: "Priya Raghunathan-Oyelaran", Role: "Staff Site Reliability Engineer, Northwind Labs Platform Team"}},
		{"minimal", QuoteSlide{Kind: Quote, Quote: "Less, but better."}},
		{"emoji", QuoteSlide{Kind: Quote, Quote: "Ship small, ship often, sleep well 😴", Author: "Our on-call handbook 📖"}},
		{"cjk", QuoteSlide{Kind: Quote, Quote: "先让它能用，再让它正确，最后让它更快。", Author: "肯特·贝克"}},
	},
	Code: {
		{"short", CodeSlide{Kind: Code, Title: "Set a statement timeout per role", Language: "sql", Code: "ALTER ROLE api SET statement_timeout = '2s';\nALTER ROLE reporting SET statement_timeout = '5min';\n\n-- check it\nSHOW statement_timeout;", Caption: "One runaway query can no longer take the primary down."}},
		{"long", CodeSlide{Kind: Code, Title: "A connection pool that survives a failover without dropping requests on the floor", Language: "go", Code: "func openPool(ctx context.Context, url string) (*pgxpool.Pool, error) {\n\tcfg, err := pgxpool.ParseConfig(url)\n\tif err != nil {\n\t\treturn nil, fmt.Errorf(\"parse %s: %w\", redact(url), err)\n\t}\n\tcfg.MaxConns = 32\n\tcfg.MinConns = 4\n\tcfg.MaxConnLifetime = 30 * time.Minute\n\tcfg.HealthCheckPeriod = 5 * time.Second\n\tcfg.ConnConfig.ConnectTimeout = 3 * time.Second\n\tcfg.BeforeAcquire = func(ctx context.Context, c *pgx.Conn) bool {\n\t\treturn c.PgConn().ParameterStatus(\"in_hot_standby\") != \"on\"\n\t}\n\treturn pgxpool.NewWithConfig(ctx, cfg)\n}", Caption: "BeforeAcquire drops connections that landed on a standby after the switch-over, so writes never hit a read-only node."}},
		{"minimal", CodeSlide{Kind: Code, Language: "bash", Code: "go test -race ./..."}},
		{"emoji", CodeSlide{Kind: Code, Title: "Deploy on green only ✅", Language: "yaml", Code: "on:\n  push:\n    branches: [main]\njobs:\n  deploy:\n    needs: test\n    runs-on: ubuntu-latest", Caption: "No green, no ship 🚦"}},
		{"cjk", CodeSlide{Kind: Code, Title: "用 context 控制超时", Language: "go", Code: "ctx, cancel := context.WithTimeout(ctx, 2*time.Second)\ndefer cancel()\nrows, err := db.QueryContext(ctx, q)", Caption: "超时之后查询会被自动取消。"}},
	},
	Comparison: {
		{"short", ComparisonSlide{Kind: Comparison, Title: "Read replicas vs caching", Left: "Read replicas", Right: "Cache", Rows: []Row{{Label: "Freshness", Left: "Seconds behind", Right: "Up to the TTL"}, {Label: "Setup", Left: "An afternoon", Right: "A week of invalidation"}, {Label: "Cost", Left: "A second server", Right: "A little RAM"}}, Verdict: "Start with replicas; cache the hottest 1%."}},
		{"long", ComparisonSlide{Kind: Comparison, Title: "Managed Postgres or running it yourself on Kubernetes: what three years of both taught us", Left: "Managed service", Right: "Self-hosted on K8s", Rows: []Row{{Label: "Monthly cost", Left: "$118k for 40 databases at our size", Right: "$41k plus two engineers' time"}, {Label: "Failover", Left: "Automatic, 60–120 s, out of our hands", Right: "Patroni, 15–30 s, rehearsed monthly"}, {Label: "Upgrades", Left: "Scheduled by the provider, sometimes at peak", Right: "When we choose, after a staging soak"}, {Label: "Extensions", Left: "Only the ones on the allow-list", Right: "Anything we can build and support"}, {Label: "On-call load", Left: "Low, but tickets wait on support", Right: "Higher: the pager is ours alone"}}, Verdict: "Self-hosting paid off past 20 databases; below that, the managed service wins on sleep."}},
		{"minimal", ComparisonSlide{Kind: Comparison, Title: "Tabs or spaces?", Left: "Tabs", Right: "Spaces", Rows: []Row{{Left: "Go", Right: "Python"}, {Left: "Makefiles", Right: "YAML"}}}},
		{"emoji", ComparisonSlide{Kind: Comparison, Title: "Monolith vs microservices 🥊", Left: "Monolith 🏛️", Right: "Microservices 🧩", Rows: []Row{{Label: "Deploys", Left: "One pipeline 🚀", Right: "Dozens 🔁"}, {Label: "Debugging", Left: "One stack trace 🔍", Right: "Distributed tracing 🕸️"}}, Verdict: "Start with a monolith ✅"}},
		{"cjk", ComparisonSlide{Kind: Comparison, Title: "单体架构与微服务", Left: "单体", Right: "微服务", Rows: []Row{{Label: "部署", Left: "一条流水线", Right: "几十条流水线"}, {Label: "调试", Left: "一个调用栈", Right: "分布式追踪"}, {Label: "团队", Left: "小团队更快", Right: "适合多个团队"}}, Verdict: "先从单体开始。"}},
	},
	Chart: {
		{"short", ChartSlide{Kind: Chart, Title: "Queries per second, before and after", ChartType: charts.TypeBar, Data: []charts.Point{{Label: "Jan", Value: 1800}, {Label: "Feb", Value: 2600}, {Label: "Mar", Value: 5200}, {Label: "Apr", Value: 10000}}, Caption: "PgBouncer in February, partitioning in March."}},
		{"long", ChartSlide{Kind: Chart, Title: "p99 latency of the orders API over eight weeks of the Postgres migration, in ms", ChartType: charts.TypeLine, Unit: "ms", Data: []charts.Point{{Label: "Week 1", Value: 480}, {Label: "Week 2", Value: 455}, {Label: "Week 3", Value: 610}, {Label: "Week 4", Value: 390}, {Label: "Week 5", Value: 240}, {Label: "Week 6", Value: 180}, {Label: "Week 7", Value: 150}, {Label: "Week 8", Value: 95}}, Caption: "The spike in week 3 was the forced anti-wraparound vacuum; per-table autovacuum settings ended it for good."}},
		{"minimal", ChartSlide{Kind: Chart, Title: "Reads vs writes", ChartType: charts.TypeDonut, Unit: "%", Data: []charts.Point{{Label: "Reads", Value: 92}, {Label: "Writes", Value: 8}}}},
		{"emoji", ChartSlide{Kind: Chart, Title: "Where our time went ⏱️", ChartType: charts.TypeDonut, Unit: "%", Data: []charts.Point{{Label: "Queries", Value: 45}, {Label: "Network", Value: 25}, {Label: "Locks", Value: 20}, {Label: "Other", Value: 10}}, Caption: "Locks were the surprise 😬"}},
		{"cjk", ChartSlide{Kind: Chart, Title: "每月活跃用户", ChartType: charts.TypeBar, Data: []charts.Point{{Label: "一月", Value: 1200}, {Label: "二月", Value: 1800}, {Label: "三月", Value: 2600}}, Caption: "三个月增长了一倍多。"}},
	},
	Illustration: {
		{"short", IllustrationSlide{Kind: Illustration, Icon: "🔭", Title: "Observe before you optimise", Body: "Turn on pg_stat_statements on day one. The slowest query is never the one you guess."}},
		{"long", IllustrationSlide{Kind: Illustration, Icon: "🧯", Title: "Every incident gets a blameless write-up within 48 hours, shared with the whole company", Body: "We write what happened, what we saw, what we tried and what we changed. No names in the cause section. Reading the archive is the best onboarding we have, and it is why the same outage has never happened twice."}},
		{"minimal", IllustrationSlide{Kind: Illustration, Icon: "☕", Title: "Take a break."}},
		{"emoji", IllustrationSlide{Kind: Illustration, Icon: "👩🏽‍💻", Title: "Pairing beats meetings 🤝", Body: "Thirty minutes of pairing ends more debates than a one-hour call ✨"}},
		{"cjk", IllustrationSlide{Kind: Illustration, Icon: "🚀", Title: "先观测，再优化", Body: "第一天就打开 pg_stat_statements。最慢的查询永远不是你猜的那个。"}},
	},
	CTA: {
		{"short", CTASlide{Kind: CTA, Title: "Found this useful?", Body: "Follow for a new database lesson every week.", Action: "Follow for more", Link: "@northwind"}},
		{"long", CTASlide{Kind: CTA, Title: "Want the full write-up, the runbooks and the Grafana dashboards we used?", Body: "Everything from this carousel is in a free 30-page guide, with the configs we run in production and the mistakes we made along the way.", Action: "Download the free guide", Link: "northwind.dev/guides/postgres-at-10k-qps"}},
		{"minimal", CTASlide{Kind: CTA, Title: "Follow for more"}},
		{"emoji", CTASlide{Kind: CTA, Title: "Like it? ❤️", Body: "Repost ♻️ to help a friend and follow for weekly tips 🔔", Action: "Follow ➜", Link: "@northwind"}},
		{"cjk", CTASlide{Kind: CTA, Title: "觉得有用吗？", Body: "关注我们，每周分享一个数据库实战经验。", Action: "关注获取更多", Link: "@northwind"}},
	},
}
