package icons

import (
	"strings"
	"testing"
)

func TestEveryKindHasItsIcon(t *testing.T) {
	if err := Err(); err != nil {
		t.Fatal(err)
	}
	for _, k := range kinds {
		ic, ok := Named(k.Icon)
		if !ok {
			t.Errorf("kind %s: icon %s not vendored (run scripts/arch-icons.sh)", k.Key, k.Icon)
			continue
		}
		if ic.Body == "" || ic.Width <= 0 || ic.Height <= 0 {
			t.Errorf("kind %s: icon %s is empty", k.Key, k.Icon)
		}
		if strings.Contains(ic.Body, "<script") || strings.Contains(ic.Body, "href=\"http") {
			t.Errorf("icon %s: refers outside", k.Icon)
		}
	}
	for g, name := range groupIcons {
		if _, ok := Named(name); !ok {
			t.Errorf("group %s: icon %s not vendored", g, name)
		}
	}
}

func TestResolve(t *testing.T) {
	for in, want := range map[string]string{
		"RDS": "aws-rds", "postgres": "postgres", "PostgreSQL": "postgres", "aurora": "aws-aurora",
		"s3": "aws-s3", "bucket": "storage", "ALB": "aws-elb", "load balancer": "load-balancer",
		"Route 53": "aws-route53", "api gateway": "aws-api-gateway", "k8s": "kubernetes",
		"aws-lambda": "aws-lambda", "aws_lambda": "aws-lambda", "Load Balancer": "load-balancer",
		"user": "user", "Redis": "redis", "message queue": "queue", "CDN": "cdn", "dns": "dns",
	} {
		got, ok := Resolve(in)
		if !ok || got != want {
			t.Errorf("Resolve(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	if _, ok := Resolve("flux capacitor"); ok {
		t.Error("an unknown name resolved")
	}
}

func TestDarkLogos(t *testing.T) {
	for name, dark := range map[string]bool{"logos:github-icon": true, "logos:aws": true, "logos:aws-lambda": false, "logos:postgresql": false, "tabler:user": false} {
		ic, _ := Named(name)
		if ic.Dark != dark {
			t.Errorf("%s: Dark = %v, want %v", name, ic.Dark, dark)
		}
	}
	gh, _ := Named("logos:github-icon")
	if ink := gh.Ink(); !strings.Contains(ink, "currentColor") || strings.Contains(ink, "#161614") {
		t.Errorf("github ink not recoloured: %.80s", ink)
	}
	if ic := ForKind("no-such-kind"); ic.Name != "tabler:hexagons" {
		t.Errorf("unknown kind draws %s", ic.Name)
	}
}
