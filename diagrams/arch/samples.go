package arch

import "fmt"

// Sample is a named graph for contact sheets, previews and benchmarks.
type Sample struct {
	Name  string
	Title string
	Graph Graph
}

// Samples are realistic graphs from small to dense, with CJK and long labels: the visual review
// of `brandgen sheet` and the package's tests draw every one of them.
func Samples() []Sample {
	return []Sample{
		{"small", "Request path", Graph{
			Nodes: []Node{{ID: "user", Label: "User", Kind: "user"}, {ID: "api", Label: "API", Kind: "api"}, {ID: "db", Label: "Postgres", Kind: "postgres"}},
			Edges: []Edge{{From: "user", To: "api", Label: "HTTPS"}, {From: "api", To: "db", Label: "SQL"}},
		}},
		{"groups", "Web app on AWS", Graph{
			Groups: []Group{
				{ID: "region", Label: "us-east-1", Kind: "region"},
				{ID: "vpc", Label: "Production VPC", Kind: "vpc", Parent: "region"},
				{ID: "public", Label: "Public subnet", Kind: "subnet", Parent: "vpc"},
				{ID: "private", Label: "Private subnet", Kind: "subnet", Parent: "vpc"},
			},
			Nodes: []Node{
				{ID: "users", Label: "Users", Kind: "users"},
				{ID: "cdn", Label: "CloudFront", Kind: "aws-cloudfront"},
				{ID: "alb", Label: "Load balancer", Kind: "aws-elb", Group: "public"},
				{ID: "web", Label: "Web service", Kind: "aws-ecs", Group: "private"},
				{ID: "worker", Label: "Worker", Kind: "aws-ecs", Group: "private"},
				{ID: "db", Label: "Orders DB", Kind: "aws-rds", Group: "private"},
				{ID: "cache", Label: "Redis", Kind: "redis", Group: "private"},
				{ID: "s3", Label: "Assets", Kind: "aws-s3", Group: "region"},
				{ID: "queue", Label: "Jobs", Kind: "aws-sqs", Group: "region"},
			},
			Edges: []Edge{
				{From: "users", To: "cdn", Label: "HTTPS"}, {From: "cdn", To: "alb"}, {From: "cdn", To: "s3", Label: "static"},
				{From: "alb", To: "web"}, {From: "web", To: "db", Label: "SQL"}, {From: "web", To: "cache"},
				{From: "web", To: "queue", Label: "enqueue"}, {From: "queue", To: "worker"}, {From: "worker", To: "db"},
			},
		}},
		{"dense", "Commerce platform", denseSample()},
		{"cjk", "決済システムの構成", Graph{
			Groups: []Group{{ID: "k8s", Label: "本番クラスター", Kind: "cluster"}},
			Nodes: []Node{
				{ID: "u", Label: "ユーザー", Kind: "user"}, {ID: "gw", Label: "APIゲートウェイ", Kind: "gateway"},
				{ID: "pay", Label: "決済サービス", Kind: "service", Group: "k8s"}, {ID: "ord", Label: "注文サービス", Kind: "service", Group: "k8s"},
				{ID: "db", Label: "注文データベース", Kind: "postgres"}, {ID: "mq", Label: "イベント", Kind: "kafka"},
				{ID: "stripe", Label: "Stripe", Kind: "stripe"},
			},
			Edges: []Edge{{From: "u", To: "gw", Label: "リクエスト"}, {From: "gw", To: "ord"}, {From: "ord", To: "pay", Label: "決済"},
				{From: "pay", To: "stripe"}, {From: "ord", To: "db", Label: "書き込み"}, {From: "ord", To: "mq", Label: "発行"}},
		}},
		{"long", "How a customer's order travels from the storefront to the warehouse and back", Graph{
			Nodes: []Node{
				{ID: "a", Label: "Storefront (Next.js, server-side rendered)", Kind: "nextjs"},
				{ID: "b", Label: "Order orchestration with retries and idempotency", Kind: "service"},
				{ID: "c", Label: "Inventory reservation ledger", Kind: "postgres"},
				{ID: "d", Label: "Warehouse management system (third-party SaaS)", Kind: "cloud"},
				{ID: "e", Label: "Notification fan-out", Kind: "aws-sns"},
			},
			Edges: []Edge{{From: "a", To: "b", Label: "place order (REST, JSON over HTTPS)"}, {From: "b", To: "c", Label: "reserve stock"},
				{From: "b", To: "d", Label: "create shipment request"}, {From: "d", To: "e", Label: "shipment status webhooks"}},
		}},
	}
}

// denseSample is a 36-node platform with nested groups.
func denseSample() Graph {
	g := Graph{Groups: []Group{
		{ID: "edge", Label: "Edge", Kind: "generic"},
		{ID: "aws", Label: "eu-west-1", Kind: "region"},
		{ID: "vpc", Label: "Platform VPC", Kind: "vpc", Parent: "aws"},
		{ID: "eks", Label: "EKS cluster", Kind: "cluster", Parent: "vpc"},
		{ID: "data", Label: "Data subnet", Kind: "subnet", Parent: "vpc"},
		{ID: "analytics", Label: "Analytics", Kind: "account"},
	}}
	add := func(id, label, kind, group string) {
		g.Nodes = append(g.Nodes, Node{ID: id, Label: label, Kind: kind, Group: group})
	}
	link := func(from, to, label string) { g.Edges = append(g.Edges, Edge{From: from, To: to, Label: label}) }
	add("web", "Shoppers", "users", "")
	add("app", "Mobile app", "mobile", "")
	add("partner", "Partners", "users", "")
	add("dns", "Route 53", "aws-route53", "edge")
	add("cf", "CloudFront", "aws-cloudfront", "edge")
	add("waf", "WAF", "aws-waf", "edge")
	add("apigw", "API Gateway", "aws-api-gateway", "aws")
	add("alb", "ALB", "aws-elb", "vpc")
	add("auth", "Auth", "auth", "eks")
	add("catalog", "Catalog", "service", "eks")
	add("cart", "Cart", "service", "eks")
	add("checkout", "Checkout", "service", "eks")
	add("orders", "Orders", "service", "eks")
	add("search", "Search API", "api", "eks")
	add("reco", "Recommendations", "ml", "eks")
	add("notify", "Notifier", "worker", "eks")
	add("pg", "Orders DB", "aws-aurora", "data")
	add("catdb", "Catalog DB", "postgres", "data")
	add("redis", "Sessions", "redis", "data")
	add("es", "Search index", "elasticsearch", "data")
	add("kafka", "Events", "kafka", "data")
	add("s3", "Media", "aws-s3", "aws")
	add("sqs", "Email jobs", "aws-sqs", "aws")
	add("ses", "SES", "aws-ses", "aws")
	add("lambda", "Thumbnails", "aws-lambda", "aws")
	add("stripe", "Stripe", "stripe", "")
	add("twilio", "Twilio", "twilio", "")
	add("etl", "ETL", "airflow", "analytics")
	add("wh", "Snowflake", "snowflake", "analytics")
	add("bi", "Dashboards", "grafana", "analytics")
	add("mon", "Datadog", "datadog", "")
	add("sentry", "Sentry", "sentry", "")
	add("gh", "GitHub", "github", "")
	add("ci", "Actions", "github-actions", "")
	add("reg", "Registry", "registry", "aws")
	add("vault", "Secrets", "aws-secrets-manager", "aws")
	link("web", "dns", "")
	link("web", "cf", "HTTPS")
	link("app", "apigw", "")
	link("partner", "apigw", "REST")
	link("cf", "waf", "")
	link("waf", "alb", "")
	link("apigw", "alb", "")
	link("cf", "s3", "media")
	link("alb", "auth", "")
	link("alb", "catalog", "")
	link("alb", "cart", "")
	link("alb", "checkout", "")
	link("alb", "search", "")
	link("catalog", "catdb", "")
	link("catalog", "reco", "")
	link("cart", "redis", "")
	link("checkout", "orders", "")
	link("checkout", "stripe", "charge")
	link("orders", "pg", "")
	link("orders", "kafka", "events")
	link("kafka", "notify", "")
	link("notify", "sqs", "")
	link("sqs", "ses", "")
	link("notify", "twilio", "SMS")
	link("search", "es", "")
	link("s3", "lambda", "")
	link("kafka", "etl", "")
	link("etl", "wh", "")
	link("wh", "bi", "")
	link("gh", "ci", "")
	link("ci", "reg", "push")
	link("auth", "vault", "")
	link("orders", "mon", "")
	link("checkout", "sentry", "")
	for len(g.Nodes) < 36 {
		add(fmt.Sprintf("x%d", len(g.Nodes)), "Spare", "service", "")
	}
	return g
}
