package mermaid

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/templates"
)

// samples is one small diagram of each type.
var samples = map[string]string{
	"flowchart": "flowchart LR\n  user[User] --> api[API]\n  api -->|reads| pg[(Postgres)]\n  subgraph back [Backend]\n  api\n  pg\n  end",
	"sequence":  "sequenceDiagram\n  participant U as User\n  participant A as API\n  U->>A: login\n  A-->>U: token\n  Note over U,A: done",
	"class":     "classDiagram\n  class User {\n    +String name\n    +login()\n  }\n  class Order\n  User \"1\" --> \"*\" Order : places",
	"er":        "erDiagram\n  USERS ||--o{ ORDERS : places\n  USERS {\n    int id PK\n    string email\n  }\n  ORDERS {\n    int id PK\n    int user_id FK\n  }",
	"mindmap":   "mindmap\n  root((Launch))\n    Marketing\n      Blog\n    Product\n      Beta",
	"gantt":     "gantt\n  title Plan\n  dateFormat YYYY-MM-DD\n  section Build\n  Design :a1, 2026-01-05, 14d\n  Develop :a2, after a1, 21d\n  section Ship\n  Launch :a3, after a2, 3d",
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return c
}

func TestCheck(t *testing.T) {
	for typ, src := range samples {
		if err := Check(ctx(t), pool, typ, src); err != nil {
			t.Errorf("%s: %v", typ, err)
		}
	}
	bad := []struct{ typ, src, want string }{
		{"flowchart", "flowchart LR\n  a --> --> b", "Parse error"},
		{"flowchart", "this is not mermaid", "No diagram type"},
		{"sequence", samples["flowchart"], "not sequence"},
		{"gantt", "gantt\n  section A\n  task :x, after nothing", ""},
	}
	for _, b := range bad[:3] {
		err := Check(ctx(t), pool, b.typ, b.src)
		if !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), b.want) {
			t.Errorf("Check(%s, %q) = %v, want ErrSyntax with %q", b.typ, b.src, err, b.want)
		}
	}
	// The tab survives parse errors: a good source still parses.
	if err := Check(ctx(t), pool, "flowchart", samples["flowchart"]); err != nil {
		t.Fatal(err)
	}
}

func TestDrawMarks(t *testing.T) {
	pal := templates.DiagramPalette(brandgen.Colors{}, nil, brandgen.ThemeLight)
	th := ThemeFrom(pal, "")
	want := map[string][3]int{ // nodes, edges, groups
		"flowchart": {3, 2, 1}, "sequence": {3, 2, 0}, "class": {2, 1, 0}, "er": {2, 1, 0}, "mindmap": {5, 4, 0}, "gantt": {3, 0, 2},
	}
	for typ, src := range samples {
		art, err := Draw(ctx(t), pool, typ, src, th)
		if err != nil {
			t.Errorf("%s: %v", typ, err)
			continue
		}
		if got := [3]int{art.Nodes, art.Edges, art.Groups}; got != want[typ] {
			t.Errorf("%s: marks nodes/edges/groups = %v, want %v", typ, got, want[typ])
		}
		if art.Width <= 0 || art.Height <= 0 || !strings.HasPrefix(art.SVG, "<svg") {
			t.Errorf("%s: art %vx%v %.40q", typ, art.Width, art.Height, art.SVG)
		}
		// Orders are 0..n-1 without gaps (several elements may share one).
		orders := map[string]bool{}
		for _, m := range regexp.MustCompile(`data-order="(\d+)"`).FindAllStringSubmatch(art.SVG, -1) {
			orders[m[1]] = true
		}
		if len(orders) != art.Nodes+art.Edges+art.Groups {
			t.Errorf("%s: %d distinct orders for %d marks", typ, len(orders), art.Nodes+art.Edges+art.Groups)
		}
		if art.Edges > 0 && !regexp.MustCompile(`data-edge="[^"]+-(>|&gt;)[^"]+"`).MatchString(art.SVG) {
			t.Errorf("%s: no data-edge from->to", typ)
		}
		if strings.Contains(art.SVG, "<foreignObject") {
			t.Errorf("%s: labels are HTML, want <text>", typ)
		}
	}
}
