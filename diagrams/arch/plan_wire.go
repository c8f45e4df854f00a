package arch

import (
	"regexp"
	"strings"
)

// wire connects the nodes prose named without saying how: along the request path, clients to
// the edge, to the entry, to compute; compute to queues, stores and external services; workers
// consume queues.
func (p *planner) wire() {
	b := p.b
	var loose []int
	for i := range b.nodes {
		if !b.connected(i) {
			loose = append(loose, i)
		}
	}
	if len(loose) == 0 {
		return
	}
	if len(b.edges) > 0 {
		p.addUsersBefore()
		p.attach(loose)
		return
	}
	byTier := map[tier][]int{}
	for _, i := range loose {
		byTier[kindTier(b.nodes[i].Kind)] = append(byTier[kindTier(b.nodes[i].Kind)], i)
	}
	webby := regexp.MustCompile(`(?i)\b(web|site|website|app|apps|api|apis|frontend|users?|customers?|clients?|visitors?|saas|store|shop)\b`).MatchString(p.prompt)
	if len(byTier[tierClient]) == 0 && (len(byTier[tierEdge]) > 0 || len(byTier[tierEntry]) > 0 ||
		(len(byTier[tierCompute]) > 0 && len(loose) > 2 && webby)) && len(b.nodes) < MaxNodes {
		u := b.add("Users", "users")
		byTier[tierClient] = []int{u}
		p.addedUsers = true
	}
	var workers, services []int
	for _, i := range byTier[tierCompute] {
		if isWorker(b.nodes[i].Kind, b.nodes[i].Label) && len(byTier[tierAsync]) > 0 {
			workers = append(workers, i)
		} else {
			services = append(services, i)
		}
	}
	// The front: clients -> edge -> entry -> services. Without any, events drive the services.
	async := byTier[tierAsync]
	front := [][]int{byTier[tierClient], byTier[tierEdge], byTier[tierEntry], services}
	if len(byTier[tierClient])+len(byTier[tierEdge])+len(byTier[tierEntry]) == 0 && len(async) > 0 && len(services) > 0 {
		front = [][]int{async, services}
		async = nil
	}
	var prev []int
	for _, layer := range front {
		if len(layer) == 0 {
			continue
		}
		if len(prev) > 0 {
			if len(layer) == 1 || len(prev) == 1 {
				for _, a := range prev {
					for _, c := range layer {
						b.edge(a, c, "")
					}
				}
			} else {
				for k, a := range prev {
					b.edge(a, layer[min(k, len(layer)-1)], "")
				}
			}
		}
		prev = layer
	}
	if len(services) == 0 && len(prev) == 0 {
		// Only stores and queues: chain them in the order named.
		for k := 1; k < len(loose); k++ {
			b.edge(loose[k-1], loose[k], "")
		}
		return
	}
	callers := services
	if len(callers) == 0 {
		callers = prev
	}
	primary := callers[0]
	for _, d := range byTier[tierData] {
		if len(callers) <= 3 {
			for _, c := range callers {
				b.edge(c, d, "")
			}
		} else {
			b.edge(primary, d, "")
		}
	}
	for _, q := range async {
		b.edge(primary, q, "")
		for _, w := range workers {
			b.edge(q, w, "")
		}
	}
	for _, w := range workers {
		for _, d := range byTier[tierData] {
			b.edge(w, d, "")
		}
		if len(byTier[tierAsync]) == 0 {
			b.edge(primary, w, "")
		}
	}
	for _, x := range byTier[tierExternal] {
		b.edge(primary, x, "")
	}
}

// addUsersBefore puts Users in front of an entry point that prose named (an ALB, a CDN) when
// the prompt names no client.
func (p *planner) addUsersBefore() {
	b := p.b
	for _, n := range b.nodes {
		if kindTier(n.Kind) == tierClient {
			return
		}
	}
	for _, i := range p.mentions {
		if t := kindTier(b.nodes[i].Kind); (t == tierEdge || t == tierEntry) && !b.hasIncoming(i) && len(b.nodes) < MaxNodes {
			u := b.add("Users", "users")
			b.edge(u, i, "")
			p.addedUsers = true
			return
		}
	}
}

// attach connects nodes prose named beside explicit relations: a client or the edge before the
// first node of the next tier, anything else after the busiest compute node.
func (p *planner) attach(loose []int) {
	b := p.b
	hub, hubDeg := -1, -1
	deg := map[int]int{}
	for pr := range b.pairs {
		deg[pr[0]]++
		deg[pr[1]]++
	}
	for i := range b.nodes {
		if kindTier(b.nodes[i].Kind) == tierCompute && deg[i] > hubDeg {
			hub, hubDeg = i, deg[i]
		}
	}
	if hub < 0 {
		for i := range b.nodes {
			if deg[i] > hubDeg {
				hub, hubDeg = i, deg[i]
			}
		}
	}
	for _, n := range loose {
		t := kindTier(b.nodes[n].Kind)
		if t <= tierEntry {
			// before the first connected node of a later tier
			for i := range b.nodes {
				if deg[i] > 0 && kindTier(b.nodes[i].Kind) > t {
					b.edge(n, i, "")
					break
				}
			}
			continue
		}
		var computes []int
		for i := range b.nodes {
			if kindTier(b.nodes[i].Kind) == tierCompute && deg[i] > 0 && !isWorker(b.nodes[i].Kind, b.nodes[i].Label) {
				computes = append(computes, i)
			}
		}
		if t == tierData && len(computes) > 1 && len(computes) <= 3 {
			// "three app servers sharing a database": each uses it.
			for _, c := range computes {
				b.edge(c, n, "")
			}
			continue
		}
		if hub >= 0 {
			b.edge(hub, n, "")
		}
	}
}

func isWorker(kind, label string) bool {
	l := strings.ToLower(label)
	return kind == "worker" || strings.Contains(l, "worker") || strings.Contains(l, "consumer") || strings.Contains(l, "processor")
}

// fallback makes a graph of a prompt the rules could not read: its phrases, in order.
func (p *planner) fallback() {
	b := p.b
	text := regexp.MustCompile(`(?i)^(?:please\s+)?(?:draw|show|create|make|design|build|sketch|generate)\s+(?:me\s+)?(?:an?\s+)?(?:architecture\s+)?(?:diagram\s+)?(?:of|for)?\s*`).ReplaceAllString(strings.TrimSpace(p.prompt), "")
	phrases := regexp.MustCompile(`(?i)\s*(?:,|;|\n|\band\b|\bwith\b|\bplus\b|\bthen\b|\bto\b|\bfrom\b|\bvia\b)\s*`).Split(text, -1)
	var nodes []int
	for _, ph := range phrases {
		if n := b.node(ph); n >= 0 {
			nodes = append(nodes, n)
		}
		if len(nodes) >= 12 {
			break
		}
	}
	for k := 1; k < len(nodes); k++ {
		b.edge(nodes[k-1], nodes[k], "")
	}
	if len(b.nodes) == 0 {
		label := clipLabel(cleanPhrase(text))
		if label == "" {
			label = "System"
		}
		b.add(upperFirst(label), "service")
	}
}

var awsWordRe = regexp.MustCompile(`(?i)\b(aws|amazon)\b`)

// genericGateways draws "API gateway" and "load balancer" as generic when nothing else in the
// prompt is AWS: a gateway in a microservices sketch is not Amazon's.
func (p *planner) genericGateways() {
	aws := 0
	for _, n := range p.b.nodes {
		if strings.HasPrefix(n.Kind, "aws-") && n.Kind != "aws-api-gateway" {
			aws++
		}
	}
	if aws > 0 || awsWordRe.MatchString(p.prompt) {
		return
	}
	for i, n := range p.b.nodes {
		if n.Kind == "aws-api-gateway" && !strings.Contains(strings.ToLower(n.Label), "amazon") {
			p.b.nodes[i].Kind = "gateway"
		}
	}
}
