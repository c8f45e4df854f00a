package diagrams

import (
	"context"
	"fmt"
	"strings"

	"github.com/brandgen/brandgen"
)

// Samples are one realistic prompt per type, for contact sheets and benchmarks.
var Samples = map[string]string{
	"architecture": "web app on ECS behind an ALB with RDS and S3",
	"flowchart":    "Visitor -> Landing page -> Sign up -> Verify email -> Onboarding -> Active user",
	"sequence":     "User logs in to API, API queries Database, Database returns the user record, API returns a token to User",
	"class":        "User: name, email. Order: total, status. Product: title, price. User has many Order. Order contains Product",
	"er":           "tables users, orders, order_items, products with foreign keys",
	"mindmap":      "Product launch\n- Marketing: blog, social, ads\n- Product: beta, docs\n- Sales: demos, pricing",
	"gantt":        "Design: wireframes 1 week, visual design 2 weeks\nBuild: backend 3 weeks, frontend 3 weeks\nShip: beta 2 weeks, launch 3 days",
}

// DenseSamples are prompts of 30+ elements, for the legibility test and contact sheets.
var DenseSamples = map[string]string{
	"er": "tables users, accounts, teams, team_members, projects, project_members, tasks, task_comments, " +
		"task_labels, labels, attachments, notifications, invoices, invoice_lines, products, categories, " +
		"product_categories, orders, order_items, payments, refunds, shipments, addresses, coupons, carts, " +
		"cart_items, reviews, wishlists, sessions, audit_logs with foreign keys",
	"flowchart": denseSteps(32),
}

func denseSteps(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "- Step %d of the pipeline\n", i)
	}
	return b.String()
}

// Preview plans prompt offline and draws it without storing anything (contact sheets,
// benchmarks). It returns the PNG and the concrete size.
func (s *Service) Preview(ctx context.Context, typ, prompt string, st Settings, brand *brandgen.Brand) ([]byte, brandgen.Size, error) {
	plan, err := Offline{}.Plan(ctx, typ, strings.TrimSpace(prompt))
	if err != nil {
		return nil, "", err
	}
	if err := checkModel(ctx, s.studio, typ, plan.Model); err != nil {
		return nil, "", planFailed(plan, err)
	}
	if st.Theme == "" {
		st.Theme = brandgen.ThemeLight
	}
	if st.Size == "" {
		st.Size = brandgen.SizeAuto
	}
	img, err := s.draw(ctx, 0, typ, plan.Title, plan.Model, brand, st)
	if err != nil {
		return nil, "", err
	}
	return img.PNG, img.Size, nil
}
