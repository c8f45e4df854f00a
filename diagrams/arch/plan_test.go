package arch

import (
	"strings"
	"testing"
)

// planCase is a prompt with what its graph must contain. Nodes are named by label (case
// insensitive); edges as "from->to" labels; kinds as label=kind; groups as label=kind; in as
// node label@group label.
type planCase struct {
	prompt string
	nodes  []string
	edges  []string
	kinds  []string
	groups []string
	in     []string
	title  string // substring of the title, case insensitive
	min    int    // at least this many nodes
}

var planCases = []planCase{
	{prompt: "user -> API -> Postgres", nodes: []string{"User", "API", "Postgres"}, edges: []string{"User->API", "API->Postgres"},
		kinds: []string{"User=user", "API=api", "Postgres=postgres"}},
	{prompt: "A calls B, B writes to C", nodes: []string{"A", "B", "C"}, edges: []string{"A->B", "B->C"}},
	{prompt: "web app on ECS behind an ALB with RDS and S3", nodes: []string{"Web app", "ALB", "RDS", "S3"},
		edges: []string{"ALB->Web app", "Web app->RDS", "Web app->S3", "Users->ALB"},
		kinds: []string{"Web app=aws-ecs", "ALB=aws-elb", "RDS=aws-rds", "S3=aws-s3"}, title: "Web app"},
	{prompt: "users hit CloudFront, then API Gateway, Lambda functions write to DynamoDB and publish to SNS",
		nodes: []string{"Users", "CloudFront", "API Gateway", "Lambda functions", "DynamoDB", "SNS"},
		edges: []string{"Users->CloudFront", "CloudFront->API Gateway", "API Gateway->Lambda functions", "Lambda functions->DynamoDB", "Lambda functions->SNS"},
		kinds: []string{"CloudFront=aws-cloudfront", "API Gateway=aws-api-gateway", "Lambda functions=aws-lambda", "DynamoDB=aws-dynamodb", "SNS=aws-sns"},
		title: "Serverless API on AWS"},
	{prompt: "a Kubernetes cluster in us-east-1 with three services and a Redis cache",
		nodes: []string{"Service 1", "Service 2", "Service 3", "Redis cache"}, kinds: []string{"Redis cache=redis"},
		groups: []string{"us-east-1=region", "Kubernetes cluster=cluster"}, in: []string{"Service 1@Kubernetes cluster", "Redis cache@Kubernetes cluster"},
		edges: []string{"Service 1->Redis cache", "Service 3->Redis cache"}, title: "Kubernetes cluster"},
	{prompt: "- API Gateway\n- Lambda\n- DynamoDB", edges: []string{"API Gateway->Lambda", "Lambda->DynamoDB"},
		kinds: []string{"Lambda=aws-lambda", "DynamoDB=aws-dynamodb"}},
	{prompt: "Checkout flow:\n- Browser calls the Checkout API\n- Checkout API writes orders to Postgres\n- Checkout API charges cards via Stripe",
		nodes: []string{"Browser", "Checkout API", "Postgres", "Stripe"}, edges: []string{"Browser->Checkout API", "Checkout API->Postgres"},
		kinds: []string{"Browser=browser", "Postgres=postgres"}, title: "Checkout flow"},
	{prompt: "mobile app -> API gateway -> orders service -> Kafka -> billing worker -> Postgres",
		edges: []string{"Mobile app->API gateway", "Orders service->Kafka", "Kafka->Billing worker", "Billing worker->Postgres"},
		kinds: []string{"Mobile app=mobile", "Kafka=kafka", "Postgres=postgres"}},
	{prompt: "React frontend talks to a Node.js API which reads from MongoDB and caches in Redis",
		nodes: []string{"React frontend", "Node.js API", "MongoDB", "Redis"}, edges: []string{"React frontend->Node.js API", "Node.js API->MongoDB", "Node.js API->Redis"},
		kinds: []string{"MongoDB=mongodb", "Redis=redis"}},
	{prompt: "Inside a VPC in eu-west-1: an ALB in a public subnet, EC2 instances and an Aurora database in a private subnet",
		groups: []string{"eu-west-1=region", "VPC=vpc", "Public subnet=subnet", "Private subnet=subnet"}, in: []string{"ALB@Public subnet"},
		kinds: []string{"ALB=aws-elb"}, min: 3},
	{prompt: "GitHub Actions builds the image, pushes to ECR, then deploys to EKS", kinds: []string{"GitHub Actions=github-actions"}, min: 3},
	{prompt: "Data pipeline: Kafka -> Spark -> S3 -> Snowflake -> Grafana dashboards",
		edges: []string{"Kafka->Spark", "Spark->S3", "S3->Snowflake"}, kinds: []string{"Snowflake=snowflake", "Spark=spark"}, title: "Data pipeline"},
	{prompt: "The payment service publishes events to SQS; a worker consumes from SQS and sends emails with SendGrid",
		nodes: []string{"Payment service", "SQS", "Worker", "SendGrid"}, edges: []string{"Payment service->SQS", "Worker->SQS", "Worker->SendGrid"}},
	{prompt: "nginx load balancer in front of three Django app servers sharing a PostgreSQL database and a Redis cache",
		min: 5, kinds: []string{"PostgreSQL database=postgres"}},
	{prompt: "Clients connect through Cloudflare to Kong, which routes to the users, orders and inventory services",
		nodes: []string{"Cloudflare", "Kong"}, edges: []string{"Clients->Cloudflare", "Cloudflare->Kong"}, min: 5},
	{prompt: "1. Browser\n2. CDN\n3. Load balancer\n4. App server\n5. Database",
		edges: []string{"Browser->CDN", "CDN->Load balancer", "Load balancer->App server", "App server->Database"}},
	{prompt: "IoT devices send telemetry to AWS IoT via MQTT, Kinesis streams it to Lambda, Lambda stores readings in Timestream", min: 4},
	{prompt: "Frontend on Vercel, backend on Fly.io, database on Supabase", min: 3},
	{prompt: "Slack bot -> OpenAI -> Pinecone", nodes: []string{"Slack bot", "OpenAI", "Pinecone"}, edges: []string{"Slack bot->OpenAI", "OpenAI->Pinecone"}},
	{prompt: "A microservices architecture with an API gateway, auth service, product service, cart service, a message queue and MySQL", min: 5},
	{prompt: "Our SaaS: customers use the web app; the web app calls the API; the API uses Postgres, Redis and S3; nightly ETL loads Postgres into BigQuery",
		nodes: []string{"Customers", "Web app", "API", "Postgres", "Redis", "S3", "BigQuery"},
		edges: []string{"Customers->Web app", "Web app->API", "API->Postgres", "API->Redis", "API->S3"}},
	{prompt: "Draw an architecture diagram of a WordPress site behind Cloudflare with MySQL", min: 3, title: "WordPress site"},
	{prompt: "Route 53 -> CloudFront -> S3 bucket", kinds: []string{"Route 53=aws-route53", "CloudFront=aws-cloudfront", "S3 bucket=aws-s3"}},
	{prompt: "ユーザー -> API -> データベース", nodes: []string{"ユーザー", "API", "データベース"}, edges: []string{"ユーザー->API", "API->データベース"}},
	{prompt: "Prometheus scrapes the services and Grafana reads from Prometheus; alerts go to PagerDuty", min: 4},
	{prompt: "Service A -> Service B: gRPC\nService B -> Kafka: events", edges: []string{"Service A->Service B", "Service B->Kafka"}},
	{prompt: "event-driven order processing with EventBridge, Step Functions, Lambda and DynamoDB", min: 4,
		kinds: []string{"EventBridge=aws-eventbridge", "Step Functions=aws-step-functions"}},
	{prompt: "Postgres", min: 1},
}

func TestPlan(t *testing.T) {
	for _, c := range planCases {
		t.Run(strings.ReplaceAll(c.prompt[:min(40, len(c.prompt))], "\n", " "), func(t *testing.T) {
			g, title := Plan(c.prompt)
			defer func() {
				if t.Failed() {
					t.Logf("title %q\n%s", title, dumpGraph(g))
				}
			}()
			if issues := g.Validate(""); len(issues) > 0 {
				t.Fatalf("invalid graph: %v\n%s", issues, dumpGraph(g))
			}
			if title == "" || (len(strings.Fields(c.prompt)) > 1 && strings.EqualFold(strings.TrimSpace(title), strings.TrimSpace(c.prompt))) {
				t.Errorf("title %q", title)
			}
			if c.title != "" && !strings.Contains(strings.ToLower(title), strings.ToLower(c.title)) {
				t.Errorf("title %q, want it to contain %q", title, c.title)
			}
			byLabel := map[string]Node{}
			for _, n := range g.Nodes {
				byLabel[strings.ToLower(n.Label)] = n
			}
			groups := map[string]Group{}
			for _, gr := range g.Groups {
				groups[strings.ToLower(gr.Label)] = gr
			}
			want := max(c.min, len(c.nodes), 2)
			if strings.Fields(c.prompt)[0] == c.prompt {
				want = 1
			}
			if len(g.Nodes) < want {
				t.Errorf("%d nodes, want at least %d", len(g.Nodes), want)
			}
			if len(g.Nodes) > 1 && len(g.Edges) == 0 {
				t.Errorf("no edges")
			}
			for _, n := range c.nodes {
				if _, ok := byLabel[strings.ToLower(n)]; !ok {
					t.Errorf("no node %q", n)
				}
			}
			for _, k := range c.kinds {
				label, kind, _ := strings.Cut(k, "=")
				if n, ok := byLabel[strings.ToLower(label)]; !ok || n.Kind != kind {
					t.Errorf("node %q: kind %q, want %q", label, n.Kind, kind)
				}
			}
			edges := map[string]bool{}
			ids := map[string]string{}
			for _, n := range g.Nodes {
				ids[n.ID] = strings.ToLower(n.Label)
			}
			for _, e := range g.Edges {
				edges[ids[e.From]+"->"+ids[e.To]] = true
			}
			for _, e := range c.edges {
				if !edges[strings.ToLower(e)] {
					t.Errorf("no edge %s", e)
				}
			}
			for _, gk := range c.groups {
				label, kind, _ := strings.Cut(gk, "=")
				if gr, ok := groups[strings.ToLower(label)]; !ok || gr.Kind != kind {
					t.Errorf("group %q (%s) missing", label, kind)
				}
			}
			for _, in := range c.in {
				label, group, _ := strings.Cut(in, "@")
				n := byLabel[strings.ToLower(label)]
				if gr := groups[strings.ToLower(group)]; n.Group == "" || n.Group != gr.ID {
					t.Errorf("node %q in %q, want %q", label, n.Group, group)
				}
			}
		})
	}
}

func dumpGraph(g Graph) string {
	var b strings.Builder
	for _, gr := range g.Groups {
		b.WriteString("  group " + gr.ID + " " + gr.Label + " (" + gr.Kind + ") in " + gr.Parent + "\n")
	}
	for _, n := range g.Nodes {
		b.WriteString("  node " + n.ID + " " + n.Label + " [" + n.Kind + "] in " + n.Group + "\n")
	}
	for _, e := range g.Edges {
		b.WriteString("  edge " + e.From + " -> " + e.To + " " + e.Label + "\n")
	}
	return b.String()
}
