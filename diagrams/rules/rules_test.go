package rules

import (
	"strings"
	"testing"
	"time"

	"github.com/brandgen/brandgen/diagrams/sketch"
)

var now = time.Date(2026, 11, 18, 10, 0, 0, 0, time.UTC)

// labels lists the sketch's node labels.
func labels(s sketch.Sketch) []string {
	var out []string
	for _, n := range s.Nodes {
		out = append(out, n.Label)
	}
	return out
}

func TestPlan(t *testing.T) {
	cases := []struct {
		typ, prompt  string
		nodes, edges int
		mustHave     []string
	}{
		{"flowchart", "user -> API -> Postgres", 3, 2, []string{"User", "API", "Postgres"}},
		{"flowchart", "A calls B, B writes to C", 3, 2, []string{"A", "B", "C"}},
		{"flowchart", "- Sign up\n- Verify email\n- Create workspace\n- Invite team", 4, 3, []string{"Sign up", "Invite team"}},
		{"flowchart", "step 1 collect data, step 2 clean it, step 3 train the model, step 4 deploy", 4, 3, []string{"Deploy"}},
		{"flowchart", "First the customer places an order, then the warehouse packs it, finally the courier delivers it", 3, 2, nil},
		{"sequence", "User logs in to API, API queries Database, Database returns the user record, API returns token to User", 3, 4, []string{"User", "API", "Database"}},
		{"class", "User: name, email, login(). Order: total, status. User has many Order", 2, 1, []string{"User", "Order"}},
		{"class", "classes Animal, Dog, Cat", 3, 2, []string{"Animal", "Dog", "Cat"}},
		{"er", "tables users, orders, order_items, products with foreign keys", 4, 3, []string{"Users", "Orders", "Order_items", "Products"}},
		{"gantt", "phase 1 two weeks, then phase 2 three weeks, then launch 1 week", 3, 0, []string{"Phase 1", "Phase 2", "Launch"}},
		{"gantt", "Design: wireframes 1 week, visual design 2 weeks\nBuild: backend 3 weeks, frontend 3 weeks\nShip: beta 2 weeks, launch 3 days", 6, 0, nil},
		{"mindmap", "Product launch: marketing, sales, support, engineering", 5, 4, []string{"Product launch", "Marketing"}},
		{"mindmap", "Launch plan\n- Marketing: blog, social, ads\n- Product: beta, docs", 8, 7, nil},
	}
	for _, c := range cases {
		s, title := Plan(c.typ, c.prompt, now)
		if err := s.Validate(); err != nil {
			t.Errorf("%s %q: %v", c.typ, c.prompt, err)
		}
		if len(s.Nodes) != c.nodes || len(s.Edges) != c.edges {
			t.Errorf("%s %q: %d nodes %d edges %v, want %d and %d", c.typ, c.prompt, len(s.Nodes), len(s.Edges), labels(s), c.nodes, c.edges)
		}
		got := strings.Join(labels(s), "|")
		for _, want := range c.mustHave {
			if !strings.Contains(got, want) {
				t.Errorf("%s %q: labels %q lack %q", c.typ, c.prompt, got, want)
			}
		}
		t.Logf("%s %q -> title %q\n%s", c.typ, c.prompt, title, s.Mermaid())
	}
}

func TestRefine(t *testing.T) {
	s, _ := Plan("flowchart", "user -> API -> Postgres", now)
	steps := []struct {
		instruction string
		check       func(sketch.Sketch) bool
	}{
		{"add Redis cache between API and Postgres", func(s sketch.Sketch) bool { return len(s.Nodes) == 4 && len(s.Edges) == 3 }},
		{"rename Postgres to Primary DB", func(s sketch.Sketch) bool { _, ok := s.Find("Primary DB"); return ok }},
		{"connect User to Primary DB", func(s sketch.Sketch) bool { return len(s.Edges) == 4 }},
		{"disconnect User from Primary DB", func(s sketch.Sketch) bool { return len(s.Edges) == 3 }},
		{"remove the Redis cache", func(s sketch.Sketch) bool { return len(s.Nodes) == 3 && len(s.Edges) == 2 }},
		{"add audit log after API", func(s sketch.Sketch) bool { return len(s.Nodes) == 4 }},
	}
	for _, st := range steps {
		next, disp, note, err := Refine(s, st.instruction)
		if err != nil || !disp.IsZero() || note == "" || !st.check(next) {
			t.Fatalf("%q: err %v disp %+v note %q\n%s", st.instruction, err, disp, note, next.Mermaid())
		}
		s = next
	}
	_, disp, _, err := Refine(s, "make it dark")
	if err != nil || disp.Theme != "dark" {
		t.Errorf("make it dark: %+v %v", disp, err)
	}
	before := s.Mermaid()
	for _, bad := range []string{"remove Kafka", "paint it with flowers", "rename Nothing to Something"} {
		if _, _, _, err := Refine(s, bad); err == nil {
			t.Errorf("%q applied", bad)
		}
	}
	if s.Mermaid() != before {
		t.Error("a failed refine changed the sketch")
	}
}

// Foreign keys follow the table names: catalog tables own nothing and belong to no user, line
// tables reference their parent and the catalog, owned tables reference the owner.
func TestERForeignKeys(t *testing.T) {
	cases := []struct {
		prompt string
		want   []string // "parent->child" by label
		fks    map[string][]string
	}{
		{"tables users, orders, order_items, products with foreign keys",
			[]string{"Users->Orders", "Orders->Order_items", "Products->Order_items"},
			map[string][]string{"Products": nil, "Order_items": {"order_id", "product_id"}, "Orders": {"user_id"}}},
		{"tables users, roles, user_roles", []string{"Users->User_roles", "Roles->User_roles"},
			map[string][]string{"Roles": nil, "User_roles": {"user_id", "role_id"}}},
		{"tables customers, invoices, invoice_lines, products, categories",
			[]string{"Customers->Invoices", "Invoices->Invoice_lines", "Products->Invoice_lines"},
			map[string][]string{"Categories": nil, "Products": nil}},
		{"tables projects, tasks, comments", []string{"Projects->Tasks", "Tasks->Comments"}, nil},
	}
	for _, c := range cases {
		s, _ := Plan("er", c.prompt, now)
		label := map[string]string{}
		for _, n := range s.Nodes {
			label[n.ID] = n.Label
		}
		var got []string
		for _, e := range s.Edges {
			got = append(got, label[e.From]+"->"+label[e.To])
		}
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("%q: edges %v, want %v", c.prompt, got, c.want)
		}
		for table, fks := range c.fks {
			n, ok := s.Find(table)
			if !ok {
				t.Fatalf("%q: no %s", c.prompt, table)
			}
			var have []string
			for _, f := range n.Fields {
				if strings.HasSuffix(f, " FK") {
					have = append(have, strings.Fields(f)[1])
				}
			}
			if strings.Join(have, ",") != strings.Join(fks, ",") {
				t.Errorf("%q: %s has foreign keys %v, want %v", c.prompt, table, have, fks)
			}
		}
	}
}

// Titles read as titles: no arrows around an ellipsis, no snake_case, lower-case phrases mid-title.
func TestTitles(t *testing.T) {
	cases := []struct{ typ, prompt, want string }{
		{"flowchart", "Visitor -> Landing page -> Sign up -> Verify email -> Onboarding -> Active user", "Visitor to active user in 6 steps"},
		{"flowchart", "user -> API -> Postgres", "User → API → Postgres"},
		{"er", "tables users, orders, order_items, products with foreign keys", "Users, orders, order items and products"},
		{"gantt", "Design: wireframes 1 week, visual design 2 weeks\nBuild: backend 3 weeks, frontend 3 weeks\nShip: beta 2 weeks, launch 3 days", "Wireframes to launch in 12 weeks"},
		{"sequence", "User logs in to API, API queries Database, Database returns the user record", "User, API and Database"},
	}
	for _, c := range cases {
		if _, title := Plan(c.typ, c.prompt, now); title != c.want {
			t.Errorf("%s %q: title %q, want %q", c.typ, c.prompt, title, c.want)
		}
	}
}

func TestClassDirection(t *testing.T) {
	for _, c := range []struct{ prompt, want string }{
		{"User: name, email. Order: total, status. Product: title, price. User has many Order. Order contains Product", "LR"},
		{"User: name, email. Order: total, status. User has many Order", "TB"},
		{"User: name. Order: total. Review: stars. Profile: bio. User has many Order. User has many Review. User has Profile", "TB"},
		{"Customer: name. Cart: items. Order: total. Invoice: amount. Customer has Cart. Cart becomes Order. Order has Invoice. Invoice has Customer", "LR"},
	} {
		s, _ := Plan("class", c.prompt, now)
		if s.Direction != c.want {
			t.Errorf("%q: direction %s, want %s", c.prompt, s.Direction, c.want)
		}
	}
}
