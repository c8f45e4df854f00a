package arch

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func refineBase() Graph {
	return Graph{
		Groups: []Group{{ID: "vpc", Label: "VPC", Kind: "vpc"}, {ID: "private", Label: "Private subnet", Kind: "subnet", Parent: "vpc"}},
		Nodes: []Node{
			{ID: "users", Label: "Users", Kind: "users"},
			{ID: "alb", Label: "ALB", Kind: "aws-elb", Group: "vpc"},
			{ID: "api", Label: "Orders API", Kind: "api", Group: "private"},
			{ID: "db", Label: "Postgres", Kind: "postgres", Group: "private"},
		},
		Edges: []Edge{{From: "users", To: "alb"}, {From: "alb", To: "api"}, {From: "api", To: "db", Label: "SQL"}},
	}
}

func TestRefine(t *testing.T) {
	cases := []struct {
		instr string
		check func(t *testing.T, g Graph)
	}{
		{"add a Redis cache connected to the API", func(t *testing.T, g Graph) {
			n := nodeByLabel(g, "Redis cache")
			if n.Kind != "redis" || !hasEdge(g, "api", n.ID) {
				t.Errorf("cache %+v, edges %v", n, g.Edges)
			}
		}},
		{"add a WAF in front of the ALB", func(t *testing.T, g Graph) {
			n := nodeByLabel(g, "WAF")
			if !hasEdge(g, "users", n.ID) || !hasEdge(g, n.ID, "alb") || hasEdge(g, "users", "alb") {
				t.Errorf("edges %v", g.Edges)
			}
		}},
		{"add two workers in the private subnet", func(t *testing.T, g Graph) {
			if n := nodeByLabel(g, "Worker 2"); n.Group != "private" || n.Kind != "worker" {
				t.Errorf("worker %+v", n)
			}
		}},
		{"add SQS between the API and Postgres", func(t *testing.T, g Graph) {
			n := nodeByLabel(g, "SQS")
			if !hasEdge(g, "api", n.ID) || !hasEdge(g, n.ID, "db") || hasEdge(g, "api", "db") {
				t.Errorf("edges %v", g.Edges)
			}
		}},
		{"remove the load balancer", func(t *testing.T, g Graph) {
			if nodeByLabel(g, "ALB").ID != "" || hasEdge(g, "alb", "api") {
				t.Errorf("ALB still there: %v", g)
			}
		}},
		{"delete the private subnet", func(t *testing.T, g Graph) {
			if len(g.Groups) != 1 || nodeByLabel(g, "Postgres").Group != "vpc" {
				t.Errorf("groups %v, nodes %v", g.Groups, g.Nodes)
			}
		}},
		{"rename Orders API to Checkout API", func(t *testing.T, g Graph) {
			if nodeByLabel(g, "Checkout API").ID != "api" {
				t.Errorf("nodes %v", g.Nodes)
			}
		}},
		{"rename the VPC to Production VPC", func(t *testing.T, g Graph) {
			if g.Groups[0].Label != "Production VPC" {
				t.Errorf("groups %v", g.Groups)
			}
		}},
		{"connect Users to Postgres as \"reports\"", func(t *testing.T, g Graph) {
			if !hasEdge(g, "users", "db") || g.Edges[len(g.Edges)-1].Label != "reports" {
				t.Errorf("edges %v", g.Edges)
			}
		}},
		{"ALB -> Postgres", func(t *testing.T, g Graph) {
			if !hasEdge(g, "alb", "db") {
				t.Errorf("edges %v", g.Edges)
			}
		}},
		{"the API writes to the database", func(t *testing.T, g Graph) {
			if g.Edges[2].Label != "writes" {
				t.Errorf("edges %v", g.Edges)
			}
		}},
		{"disconnect the ALB from the API", func(t *testing.T, g Graph) {
			if hasEdge(g, "alb", "api") {
				t.Errorf("edges %v", g.Edges)
			}
		}},
		{"move Postgres into the VPC", func(t *testing.T, g Graph) {
			if nodeByLabel(g, "Postgres").Group != "vpc" {
				t.Errorf("nodes %v", g.Nodes)
			}
		}},
		{"move the API out of the private subnet", func(t *testing.T, g Graph) {
			if nodeByLabel(g, "Orders API").Group != "vpc" {
				t.Errorf("nodes %v", g.Nodes)
			}
		}},
		{"group the API and Postgres as Backend", func(t *testing.T, g Graph) {
			if nodeByLabel(g, "Postgres").Group != "backend" || g.Groups[2].Parent != "private" {
				t.Errorf("groups %v nodes %v", g.Groups, g.Nodes)
			}
		}},
		{"add Stripe connected to the API; rename Users to Shoppers", func(t *testing.T, g Graph) {
			if !hasEdge(g, "api", nodeByLabel(g, "Stripe").ID) || nodeByLabel(g, "Shoppers").ID != "users" {
				t.Errorf("graph %v", g)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.instr, func(t *testing.T) {
			base := refineBase()
			g, note, err := Refine(base, c.instr)
			if err != nil {
				t.Fatal(err)
			}
			if note == "" {
				t.Error("no note")
			}
			if issues := g.Validate(""); len(issues) > 0 {
				t.Fatalf("invalid: %v", issues)
			}
			if !reflect.DeepEqual(base, refineBase()) {
				t.Error("the input graph was modified")
			}
			c.check(t, g)
		})
	}
}

func TestRefineErrorsLeaveTheGraph(t *testing.T) {
	for _, instr := range []string{
		"", "make it dark", "remove the flux capacitor", "rename Orders API to", "connect Users to Users",
		"connect Users to ALB", "move Postgres into the moon base", "add Redis connected to nowhere-node",
		"add Kafka; remove the flux capacitor", "disconnect Users from Postgres", "remove", "remove the database and the moon",
	} {
		t.Run(instr, func(t *testing.T) {
			base := refineBase()
			g, _, err := Refine(base, instr)
			if err == nil {
				t.Fatalf("no error; graph %v", g)
			}
			if !errors.Is(err, ErrCannotRefine) {
				t.Errorf("error %v does not wrap ErrCannotRefine", err)
			}
			if !reflect.DeepEqual(g, refineBase()) {
				t.Error("graph changed on error")
			}
		})
	}
}

// TestPlanThenRefine is the conversational path: a planned graph edited in words.
func TestPlanThenRefine(t *testing.T) {
	g, _ := Plan("web app on ECS behind an ALB with RDS and S3")
	g2, note, err := Refine(g, "add ElastiCache connected to the web app. move RDS into a new group")
	if err == nil {
		t.Fatalf("moving into a group that does not exist should fail, got %q", note)
	}
	g2, _, err = Refine(g, "add ElastiCache connected to the web app; group the web app, RDS and ElastiCache as Private subnet")
	if err != nil {
		t.Fatal(err)
	}
	if n := nodeByLabel(g2, "ElastiCache"); n.Kind != "aws-elasticache" || n.Group == "" {
		t.Errorf("ElastiCache %+v", n)
	}
	if len(g2.Groups) != 1 || g2.Groups[0].Kind != "subnet" {
		t.Errorf("groups %v", g2.Groups)
	}
}

func nodeByLabel(g Graph, label string) Node {
	for _, n := range g.Nodes {
		if strings.EqualFold(n.Label, label) {
			return n
		}
	}
	return Node{}
}

func hasEdge(g Graph, from, to string) bool {
	for _, e := range g.Edges {
		if e.From == from && e.To == to {
			return true
		}
	}
	return false
}
