package arch

import (
	"fmt"
	"regexp"
	"strings"
)

var (
	platformRe = regexp.MustCompile(`(?i)\b((?:[\w.#+-]+\s+){0,2}[\w.#+-]+)\s+(?:running\s+|hosted\s+|deployed\s+)?(?:on|in)\s+(?:an?\s+|the\s+)?(ecs|eks|fargate|lambda|ec2|kubernetes|k8s|cloud run|heroku|vercel|docker|lightsail|elastic beanstalk|beanstalk|gke|aks|fly\.io|app engine|cloudflare workers|netlify|supabase|firebase|planetscale|neon|mongodb atlas|rds|aurora|cloud sql|s3)\b`)
	markerRe   = regexp.MustCompile(`\x01(\d+)`) // a node prose already resolved ("web app on ECS")
	behindRe   = regexp.MustCompile(`(?i)\s+(?:sits?\s+|is\s+|are\s+)?(behind|in front of|fronted by|after|before)\s+`)
	stopWords  = map[string]bool{}
)

func init() {
	for _, w := range strings.Fields(`a an the our my their its your some this that these those with and or of to in on at by for from into onto
	via through behind front fronted after before then also both each every all any plus is are be being been has have having
	uses use using which who where when while it they them we i you as so but if than then there here
	write writes read reads talk talks call calls hit hits send sends store stores publish publishes run runs running
	hosted deployed serve serves sit sits connect connects behind between across within inside outside
	architecture diagram diagrams draw show create make design build sketch generate give me need want please simple basic typical
	region vpc subnet cluster public private`) {
		stopWords[w] = true
	}
}

// prose reads a clause naming components without a relation verb.
func (p *planner) prose(c string) {
	// "web app on ECS": one node named by the first phrase, drawn as the platform.
	c = platformRe.ReplaceAllStringFunc(c, func(m string) string {
		sub := platformRe.FindStringSubmatch(m)
		name := cleanQualifiers(sub[1])
		kind, _ := kindIn(sub[2])
		if name == "" || kind == "" {
			return m
		}
		i := p.b.add(labelFor(name, kind), kind)
		p.b.keys[normKey(name)] = i
		p.b.keys[normKey(sub[2])] = i
		if _, taken := p.b.vendor[kind]; !taken {
			p.b.vendor[kind] = i
		}
		p.mentions = append(p.mentions, i)
		return " \x01" + fmt.Sprint(i) + " "
	})
	// "X behind Y" (Y -> X), "X in front of Y" (X -> Y).
	segs := behindRe.Split(c, -1)
	preps := behindRe.FindAllStringSubmatch(c, -1)
	var prev []int
	for i, seg := range segs {
		cur := p.mentionsIn(seg)
		if i > 0 && len(prev) > 0 && len(cur) > 0 {
			// The front connects to every node of the first tier behind it ("three app servers").
			behind, front := cur, prev
			if b := strings.ToLower(preps[i-1][1]); b == "behind" || b == "fronted by" || b == "after" {
				behind, front = prev, cur
			}
			t := kindTier(p.b.nodes[behind[0]].Kind)
			for _, n := range behind {
				if kindTier(p.b.nodes[n].Kind) == t {
					p.b.edge(front[0], n, "")
				}
			}
			p.related = true
		}
		if len(cur) > 0 {
			prev = cur
			if p.subject < 0 || i == 0 {
				p.subject = cur[0]
			}
		}
	}
}

// mentionsIn finds the components a piece of prose names, in order, with their qualifiers
// ("orders database") and counts ("three services").
func (p *planner) mentionsIn(s string) []int {
	var out []int
	for _, m := range markerRe.FindAllStringSubmatch(s, -1) {
		var i int
		fmt.Sscan(m[1], &i)
		out = append(out, i)
	}
	s = markerRe.ReplaceAllString(s, " ")
	raw := strings.Fields(s)
	ws := make([]string, len(raw))
	for i, w := range raw {
		ws[i] = strings.Trim(strings.ToLower(w), ",.;:!?\"'()[]")
	}
	used := make([]bool, len(ws))
	for i := 0; i < len(ws); i++ {
		if used[i] {
			continue
		}
		// A node named before ("the Checkout API") is that node.
		if n, k := p.knownAt(ws, i); k > 0 {
			for j := i; j < i+k; j++ {
				used[j] = true
			}
			out = append(out, n)
			i += k - 1
			continue
		}
		for _, a := range aliasIndex() {
			k := len(a.words)
			if i+k > len(ws) || !equalWords(ws[i:i+k], a.words) {
				continue
			}
			// "nginx load balancer", "Django app servers": a product, then what it is.
			if !isGeneric(a.kind) {
				for skip := 0; skip <= 1; skip++ {
					at := i + k + skip
					if at >= len(ws) || (skip == 1 && (stopWords[ws[i+k]] || numberWords[ws[i+k]] > 0)) {
						break
					}
					if gk, gl := aliasAt(ws, at); gl > 0 && isGeneric(gk) {
						k = at + gl - i
						break
					}
				}
			}
			if i+k < len(ws) && describesWhole[ws[i+k]] {
				// "a microservices architecture": the kind of diagram, not a component.
				i += k
				break
			}
			start := i
			// Up to two qualifiers before the name ("orders database", "payment service").
			for j := 0; j < 2 && start > 0 && !used[start-1] && !stopWords[ws[start-1]] && numberWords[ws[start-1]] == 0 && !isVerbWord(ws[start-1]); j++ {
				start--
			}
			count := 1
			if start > 0 && numberWords[ws[start-1]] > 0 {
				count = numberWords[ws[start-1]]
			}
			for j := start; j < i+k; j++ {
				used[j] = true
			}
			phrase := strings.Join(raw[start:i+k], " ")
			if count > 1 {
				out = append(out, p.counted(count, phrase)...)
			} else if n := p.b.node(phrase); n >= 0 {
				out = append(out, n)
			}
			i += k - 1
			break
		}
	}
	p.mentions = append(p.mentions, out...)
	return out
}

// describesWhole are words after a name that make it describe the whole diagram.
var describesWhole = map[string]bool{"architecture": true, "diagram": true, "stack": true, "setup": true, "pattern": true,
	"design": true, "overview": true, "topology": true}

// knownAt is the node whose label (two words or more) starts at ws[i], and its length in words.
func (p *planner) knownAt(ws []string, i int) (int, int) {
	best, bestK := -1, 0
	for key, n := range p.b.keys {
		kw := strings.Fields(key)
		if len(kw) < 2 || len(kw) <= bestK || i+len(kw) > len(ws) {
			continue
		}
		if equalWords(ws[i:i+len(kw)], kw) {
			best, bestK = n, len(kw)
		}
	}
	return best, bestK
}

// aliasAt is the kind and length of the longest alias starting at ws[i] (0: none).
func aliasAt(ws []string, i int) (string, int) {
	for _, a := range aliasIndex() {
		if k := len(a.words); i+k <= len(ws) && equalWords(ws[i:i+k], a.words) {
			return a.kind, k
		}
	}
	return "", 0
}

func isVerbWord(w string) bool {
	for _, v := range verbs {
		if v.re.MatchString(" " + w + " x") {
			return true
		}
	}
	return false
}

func cleanQualifiers(s string) string {
	ws := strings.Fields(s)
	for len(ws) > 0 && stopWords[strings.ToLower(ws[0])] {
		ws = ws[1:]
	}
	return strings.Join(ws, " ")
}

// countOf reads a leading count: "three services" -> 3, "services".
func countOf(name string) (int, string) {
	ws := strings.Fields(name)
	if len(ws) > 1 {
		if n := numberWords[strings.ToLower(ws[0])]; n > 0 {
			return n, strings.Join(ws[1:], " ")
		}
	}
	return 1, name
}

// counted adds n numbered nodes of one kind: "three services" -> Service 1, 2, 3.
func (p *planner) counted(n int, phrase string) []int {
	phrase = cleanPhrase(phrase)
	kind, ok := kindIn(phrase)
	if !ok {
		kind = "service"
	}
	ws := strings.Fields(phrase)
	ws[len(ws)-1] = singular(ws[len(ws)-1])
	base := labelFor(strings.Join(ws, " "), kind)
	var out []int
	for i := 1; i <= n && len(p.b.nodes) < MaxNodes; i++ {
		label := fmt.Sprintf("%s %d", base, i)
		key := normKey(label)
		if j, ok := p.b.keys[key]; ok {
			out = append(out, j)
			continue
		}
		j := p.b.add(label, kind)
		p.b.keys[key] = j
		out = append(out, j)
	}
	return out
}

// groups finds regions, VPCs, subnets and clusters in the prompt and puts nodes inside them.
func (p *planner) groups() {
	text := p.prompt
	low := strings.ToLower(text)
	b := p.b
	addGroup := func(id, label, kind, parent string) string {
		for b.hasID(id) {
			id += "-g"
		}
		b.groups = append(b.groups, Group{ID: id, Label: label, Kind: kind, Parent: parent})
		return id
	}
	region, vpc, cluster, public, private := "", "", "", "", ""
	if m := regionRe.FindString(text); m != "" {
		region = addGroup("region", strings.ToLower(m), "region", "")
	}
	if m := regexp.MustCompile(`(?i)\b(?:(production|prod|staging|private|main|shared|app|application|default|dev|custom)\s+)?vpc\b`).FindStringSubmatch(text); m != nil {
		label := "VPC"
		if m[1] != "" {
			label = upperFirst(strings.ToLower(m[1])) + " VPC"
		}
		vpc = addGroup("vpc", label, "vpc", region)
	}
	if m := regexp.MustCompile(`(?i)\b(?:(kubernetes|k8s|eks|gke|aks|ecs|nomad|swarm|docker swarm|openshift)\s+)?cluster\b`).FindStringSubmatch(text); m != nil {
		label := "Cluster"
		if m[1] != "" {
			label = labelFor(m[1], "") + " cluster"
			if strings.EqualFold(m[1], "k8s") || strings.EqualFold(m[1], "kubernetes") {
				label = "Kubernetes cluster"
			}
		}
		parent := vpc
		if parent == "" {
			parent = region
		}
		cluster = addGroup("cluster", label, "cluster", parent)
		// The cluster is the group now: a node that only named it goes.
		for i, n := range b.nodes {
			if (n.Kind == "kubernetes" || n.Kind == "aws-eks" || n.Kind == "aws-ecs" || n.Kind == "gcp-gke" || n.Kind == "azure-aks") &&
				strings.Contains(strings.ToLower(n.Label), strings.ToLower(strings.Fields(label)[0])) && !b.connected(i) {
				p.removeNode(i)
				break
			}
		}
	}
	if strings.Contains(low, "public subnet") {
		public = addGroup("public-subnet", "Public subnet", "subnet", vpc)
	}
	if strings.Contains(low, "private subnet") {
		private = addGroup("private-subnet", "Private subnet", "subnet", vpc)
	}
	if len(b.groups) == 0 {
		return
	}
	for i := range b.nodes {
		n := &b.nodes[i]
		t := kindTier(n.Kind)
		regional := regionalKinds[n.Kind]
		switch {
		case t == tierClient || t == tierEdge || t == tierExternal:
		case cluster != "" && t == tierCompute && !regional:
			n.Group = cluster
		case cluster != "" && (n.Kind == "redis" || n.Kind == "cache" || n.Kind == "rabbitmq" || n.Kind == "nats" || n.Kind == "queue") && vpc == "":
			n.Group = cluster
		case public != "" && t == tierEntry && !regional:
			n.Group = public
		case private != "" && (t == tierCompute || t == tierData || t == tierAsync) && !regional:
			n.Group = private
		case vpc != "" && !regional:
			n.Group = vpc
		case region != "":
			n.Group = region
		}
	}
}

// regionalKinds are managed services that live in a region but outside any VPC.
var regionalKinds = map[string]bool{"aws-s3": true, "aws-dynamodb": true, "aws-sqs": true, "aws-sns": true, "aws-lambda": true,
	"aws-eventbridge": true, "aws-kinesis": true, "aws-cloudwatch": true, "aws-ses": true, "aws-api-gateway": true, "aws-cognito": true,
	"aws-secrets-manager": true, "aws-step-functions": true, "aws-glacier": true, "aws-kms": true, "aws-iam": true, "aws-athena": true,
	"aws-glue": true, "aws-appsync": true, "gcp-functions": true, "gcp-run": true, "gcp-pubsub": true, "gcp-storage": true,
	"gcp-bigquery": true, "azure-functions": true, "azure-storage": true}

// removeNode deletes a node that has no edges.
func (p *planner) removeNode(i int) {
	b := p.b
	b.nodes = append(b.nodes[:i], b.nodes[i+1:]...)
	b.tiers = append(b.tiers[:i], b.tiers[i+1:]...)
	fix := func(m map[string]int) {
		for k, v := range m {
			switch {
			case v == i:
				delete(m, k)
			case v > i:
				m[k] = v - 1
			}
		}
	}
	fix(b.keys)
	fix(b.vendor)
	pairs := map[[2]int]bool{}
	for pr := range b.pairs {
		a, c := pr[0], pr[1]
		if a > i {
			a--
		}
		if c > i {
			c--
		}
		pairs[[2]int{a, c}] = true
	}
	b.pairs = pairs
	shift := func(list []int) []int {
		var out []int
		for _, v := range list {
			if v == i {
				continue
			}
			if v > i {
				v--
			}
			out = append(out, v)
		}
		return out
	}
	p.mentions, p.items = shift(p.mentions), shift(p.items)
	if p.tail == i {
		p.tail = -1
	} else if p.tail > i {
		p.tail--
	}
}

// singular is a plural noun's singular, for the usual English plurals.
func singular(w string) string {
	l := strings.ToLower(w)
	switch {
	case len(l) <= 3 || strings.HasSuffix(l, "ss") || !strings.HasSuffix(l, "s"):
		return w
	case strings.HasSuffix(l, "ies"):
		return w[:len(w)-3] + "y"
	case strings.HasSuffix(l, "sses") || strings.HasSuffix(l, "xes") || strings.HasSuffix(l, "shes"):
		return w[:len(w)-2]
	}
	return w[:len(w)-1]
}
