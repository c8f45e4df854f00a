package arch

import (
	"regexp"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/brandgen/brandgen/diagrams/arch/icons"
)

// Words of the offline planner: kind lookup inside free text, tiers, labels.

// tier orders kinds along a request's path: clients, edge, entry, compute, async, data, external.
type tier int

const (
	tierClient tier = iota
	tierEdge
	tierEntry
	tierCompute
	tierAsync
	tierData
	tierExternal
)

var tierOf = map[string]tier{
	"user": tierClient, "users": tierClient, "admin": tierClient, "browser": tierClient, "mobile": tierClient,
	"desktop": tierClient, "iot": tierClient, "cli": tierClient, "android": tierClient, "apple": tierClient, "bot": tierClient,
	"internet": tierEdge, "dns": tierEdge, "cdn": tierEdge, "firewall": tierEdge, "aws-cloudfront": tierEdge, "aws-route53": tierEdge,
	"aws-waf": tierEdge, "cloudflare": tierEdge, "fastly": tierEdge, "akamai": tierEdge, "vercel": tierEdge, "netlify": tierEdge,
	"load-balancer": tierEntry, "gateway": tierEntry, "aws-elb": tierEntry, "aws-api-gateway": tierEntry, "nginx": tierEntry,
	"envoy": tierEntry, "traefik": tierEntry, "kong": tierEntry, "aws-appsync": tierEntry, "router": tierEntry, "auth": tierEntry,
	"queue": tierAsync, "event-bus": tierAsync, "stream": tierAsync, "aws-sqs": tierAsync, "aws-sns": tierAsync,
	"aws-eventbridge": tierAsync, "aws-kinesis": tierAsync, "aws-msk": tierAsync, "aws-mq": tierAsync, "kafka": tierAsync,
	"rabbitmq": tierAsync, "nats": tierAsync, "gcp-pubsub": tierAsync, "azure-service-bus": tierAsync,
	"database": tierData, "cache": tierData, "storage": tierData, "search": tierData, "warehouse": tierData, "file": tierData,
	"table": tierData, "logs": tierData, "secrets": tierData, "config": tierData, "registry": tierData,
	"stripe": tierExternal, "paypal": tierExternal, "twilio": tierExternal, "sendgrid": tierExternal, "mailgun": tierExternal,
	"resend": tierExternal, "slack": tierExternal, "discord": tierExternal, "openai": tierExternal, "email": tierExternal,
	"notification": tierExternal, "payments": tierExternal, "monitoring": tierExternal, "analytics": tierExternal,
	"datadog": tierExternal, "sentry": tierExternal, "new-relic": tierExternal, "prometheus": tierExternal, "grafana": tierExternal,
	"pagerduty": tierExternal, "segment": tierExternal, "posthog": tierExternal, "cloud": tierExternal, "auth0": tierExternal,
	"okta": tierExternal, "clerk": tierExternal, "algolia": tierExternal, "salesforce": tierExternal, "hubspot": tierExternal,
	"shopify": tierExternal, "intercom": tierExternal, "aws-ses": tierExternal, "aws-cloudwatch": tierExternal, "splunk": tierExternal,
	"opentelemetry": tierExternal, "chat": tierExternal, "bank": tierExternal, "github": tierExternal,
}

// dataKinds are stores by their kind's prefix or name.
var dataWords = []string{"db", "sql", "dynamo", "aurora", "redis", "mongo", "postgres", "mysql", "maria", "cassandra", "s3", "storage",
	"elasticache", "memcached", "couch", "neo4j", "influx", "elasticsearch", "opensearch", "snowflake", "redshift", "bigquery",
	"clickhouse", "documentdb", "neptune", "glacier", "minio", "planetscale", "neon", "supabase", "firebase", "cockroach", "databricks"}

func kindTier(kind string) tier {
	if t, ok := tierOf[kind]; ok {
		return t
	}
	for _, w := range dataWords {
		if strings.Contains(kind, w) {
			return tierData
		}
	}
	return tierCompute
}

// generic kinds are the line icons; a vendor kind found in a phrase wins over a generic one.
func isGeneric(kind string) bool {
	ic := icons.ForKind(kind)
	return ic.Line
}

// aliasIndex is every alias, longest first, for scanning text.
var aliasIndex = sync.OnceValue(func() []aliasEntry {
	var out []aliasEntry
	for a, k := range icons.Aliases() {
		if len(a) < 2 || ambiguousAlias[a] {
			continue
		}
		out = append(out, aliasEntry{words: strings.Fields(a), kind: k})
	}
	sort.Slice(out, func(i, j int) bool {
		if len(out[i].words) != len(out[j].words) {
			return len(out[i].words) > len(out[j].words)
		}
		return strings.Join(out[i].words, " ") < strings.Join(out[j].words, " ")
	})
	return out
})

type aliasEntry struct {
	words []string
	kind  string
}

// ambiguousAlias are aliases too common in prose to mean a component on their own.
var ambiguousAlias = map[string]bool{
	"app": true, "application": true, "system": true, "component": true, "module": true, "web": true, "online": true,
	"index": true, "model": true, "edge": true, "go": true, "es": true, "elastic": true, "actions": true, "workers": true,
	"shield": true, "archive": true, "export": true, "events": true, "topic": true, "build": true, "deploy": true,
	"deployment": true, "source": true, "sheet": true, "table": true, "tables": true, "schedule": true, "timer": true,
	"push": true, "lake": true, "pipeline": true, "files": true, "media": true, "assets": true, "task": true, "jobs": true,
	"ai": true, "agent": true, "assistant": true, "flags": true, "settings": true, "packages": true, "keys": true,
	"log": true, "terminal": true, "shell": true, "host": true, "machine": true, "instance": true, "dag": true,
	"document": true, "documents": true, "report file": true, "ledger": true, "switch": true, "modem": true, "handler": true,
	"processor": true, "consumer": true, "sdk": true, "repo": true, "code": true, "git": true, "ui": true, "crm": true,
	"reports": true, "dashboards": true, "reporting": true, "search": true, "cache": false, "user pool": false, "apple": true,
	"compose": true, "fly": true, "next": true, "rust": true, "spring": true, "flask app": true, "python": true, "java": true,
	"ruby": true, "php": true, "neon": true, "segment": true, "temporal": true, "vault": false, "consul": false, "clerk": true,
	"resend": true, "glue": true, "batch job": false, "amplify": true, "lightsail": false, "atlas": true, "rest": true,
}

// words splits text into lower-case words, keeping the characters aliases use (s3, route-53,
// pub/sub, node.js, c#).
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("-./#+_", r))
	})
}

// kindIn finds the best kind named inside a phrase: the longest alias, vendor kinds before
// generic ones. ok is false when the phrase names none.
func kindIn(phrase string) (string, bool) {
	ws := trimWordPunct(words(phrase))
	best, bestLen, bestVendor := "", 0, false
	for _, a := range aliasIndex() {
		if len(a.words) > len(ws) {
			continue
		}
		for i := 0; i+len(a.words) <= len(ws); i++ {
			if equalWords(ws[i:i+len(a.words)], a.words) {
				vendor := !isGeneric(a.kind)
				if best == "" || (vendor && !bestVendor) || (vendor == bestVendor && len(a.words) > bestLen) {
					best, bestLen, bestVendor = a.kind, len(a.words), vendor
				}
				break
			}
		}
	}
	return best, best != ""
}

func equalWords(a, b []string) bool {
	for i := range a {
		if a[i] != b[i] && strings.TrimSuffix(a[i], "s") != b[i] {
			return false
		}
	}
	return true
}

func trimWordPunct(ws []string) []string {
	out := ws[:0:0]
	for _, w := range ws {
		w = strings.Trim(w, "-./_")
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}

// acronyms are written in capitals in labels.
var acronyms = map[string]bool{
	"api": true, "apis": true, "alb": true, "elb": true, "nlb": true, "rds": true, "s3": true, "sqs": true, "sns": true, "ses": true,
	"ecs": true, "eks": true, "ec2": true, "cdn": true, "dns": true, "vpc": true, "k8s": false, "db": true, "ui": true, "sql": true,
	"iam": true, "kms": true, "waf": true, "gke": true, "aks": true, "gcs": true, "ci": true, "cd": true, "ml": true, "ai": true,
	"llm": true, "etl": true, "bi": true, "crm": true, "sso": true, "cli": true, "sdk": true, "jwt": true, "http": true,
	"https": true, "rest": true, "grpc": false, "mq": true, "spa": true, "bff": true, "cms": true, "erp": true,
	"smtp": true, "sms": true, "vm": true, "vms": true, "os": true, "qa": true, "id": true, "otp": true, "msk": true, "gw": true,
}

// smallWords stay lower case inside labels and titles.
var smallWords = map[string]bool{"a": true, "an": true, "the": true, "and": true, "or": true, "of": true, "to": true, "in": true,
	"on": true, "for": true, "with": true, "via": true, "by": true, "at": true, "from": true, "into": true}

// labelFor writes a node label from the words a prompt used: a kind's own name when the phrase
// is that name ("dynamodb" -> "DynamoDB"), acronyms in capitals, the first letter up.
func labelFor(phrase, kind string) string {
	phrase = strings.Join(strings.Fields(strings.Trim(phrase, " .,:;!?\"'`()[]")), " ")
	if phrase == "" {
		if k, ok := icons.Lookup(kind); ok {
			return shortTitle(k.Title)
		}
		return "Service"
	}
	if k, ok := icons.Lookup(kind); ok {
		st := shortTitle(k.Title)
		low := strings.ToLower(phrase)
		if low == strings.ToLower(st) || low == strings.ToLower(k.Title) {
			return st
		}
	}
	ws := strings.Fields(phrase)
	for i, w := range ws {
		lw := strings.ToLower(w)
		switch {
		case acronyms[lw]:
			ws[i] = strings.ToUpper(w)
		case lw == "k8s":
			ws[i] = "K8s"
		case hasUpper(w) && len(w) > 1 || (len(w) == 1 && hasUpper(w)):
			// written with capitals on purpose (CloudFront, iOS, PostgreSQL, Service A): keep
		case i > 0 && smallWords[lw]:
			ws[i] = lw
		case knownCase[lw] != "":
			ws[i] = knownCase[lw]
		case i == 0:
			ws[i] = upperFirst(w)
		}
	}
	return clipLabel(strings.Join(ws, " "))
}

// knownCase spells product names the way their makers do.
var knownCase = map[string]string{
	"postgres": "Postgres", "postgresql": "PostgreSQL", "mysql": "MySQL", "mongodb": "MongoDB", "mongo": "Mongo",
	"redis": "Redis", "kafka": "Kafka", "rabbitmq": "RabbitMQ", "dynamodb": "DynamoDB", "cloudfront": "CloudFront",
	"lambda": "Lambda", "lambdas": "Lambdas", "kubernetes": "Kubernetes", "docker": "Docker", "nginx": "NGINX", "github": "GitHub",
	"gitlab": "GitLab", "stripe": "Stripe", "twilio": "Twilio", "sendgrid": "SendGrid", "elasticsearch": "Elasticsearch",
	"opensearch": "OpenSearch", "graphql": "GraphQL", "grpc": "gRPC", "nodejs": "Node.js", "node.js": "Node.js", "fargate": "Fargate",
	"aurora": "Aurora", "eventbridge": "EventBridge", "kinesis": "Kinesis", "cognito": "Cognito", "cloudwatch": "CloudWatch",
	"bigquery": "BigQuery", "snowflake": "Snowflake", "datadog": "Datadog", "sentry": "Sentry", "grafana": "Grafana",
	"prometheus": "Prometheus", "cloudflare": "Cloudflare", "vercel": "Vercel", "heroku": "Heroku", "firebase": "Firebase",
	"supabase": "Supabase", "openai": "OpenAI", "slack": "Slack", "memcached": "Memcached", "cassandra": "Cassandra",
	"airflow": "Airflow", "spark": "Spark", "terraform": "Terraform", "vault": "Vault", "okta": "Okta", "auth0": "Auth0",
	"sqlite": "SQLite", "mariadb": "MariaDB", "nats": "NATS", "ios": "iOS", "android": "Android", "macos": "macOS",
	"route": "Route", "gateway": "Gateway", "iot": "IoT",
}

func shortTitle(t string) string {
	for _, p := range []string{"Amazon ", "AWS ", "Google ", "Azure "} {
		if s, ok := strings.CutPrefix(t, p); ok && s != "" {
			return s
		}
	}
	return t
}

func hasUpper(s string) bool {
	for _, r := range s {
		if unicode.IsUpper(r) {
			return true
		}
	}
	return false
}

func upperFirst(s string) string {
	for i, r := range s {
		return string(unicode.ToUpper(r)) + s[i+len(string(r)):]
	}
	return s
}

// clipLabel keeps a label within MaxLabelLen characters, at a word boundary.
func clipLabel(s string) string {
	r := []rune(s)
	if len(r) <= 40 {
		return s
	}
	cut := string(r[:40])
	if i := strings.LastIndex(cut, " "); i > 16 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:-")
}

// numberWords are counts people write before a plural ("three services").
var numberWords = map[string]int{"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
	"2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "several": 3, "multiple": 3, "many": 3}

var regionRe = regexp.MustCompile(`(?i)\b((?:us|eu|ap|sa|ca|me|af|il|mx)-(?:gov-)?(?:east|west|north|south|central|northeast|southeast|northwest|southwest)-\d|(?:us|europe|asia|australia|northamerica|southamerica)-(?:east|west|north|south|central|northeast|southeast)\d)\b`)
