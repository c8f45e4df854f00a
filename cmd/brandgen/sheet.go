package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/app"
	"github.com/brandgen/brandgen/branding"
	"github.com/brandgen/brandgen/charts"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/renderer"
	"github.com/brandgen/brandgen/static"
	"github.com/brandgen/brandgen/studio"
	"github.com/brandgen/brandgen/templates"
)

// chartSamples are realistic charts for contact sheets.
var chartSamples = []posts.Sample{
	{Name: "bar", Content: charts.Content{ChartType: "bar", Title: "Revenue grew every quarter", Subtitle: "Net revenue, 2026, in thousands", Unit: "$",
		Series: []charts.Point{{Label: "Q1", Value: 12.4}, {Label: "Q2", Value: 18.3}, {Label: "Q3", Value: 15.1}, {Label: "Q4", Value: 24.8}}}},
	{Name: "line", Content: charts.Content{ChartType: "line", Title: "Weekly active users", Subtitle: "Last 12 weeks",
		Series: []charts.Point{{Label: "W1", Value: 1200}, {Label: "W2", Value: 1350}, {Label: "W3", Value: 1310}, {Label: "W4", Value: 1580}, {Label: "W5", Value: 1720}, {Label: "W6", Value: 1690}, {Label: "W7", Value: 1900}, {Label: "W8", Value: 2150}, {Label: "W9", Value: 2080}, {Label: "W10", Value: 2400}, {Label: "W11", Value: 2610}, {Label: "W12", Value: 2890}}}},
	{Name: "donut", Content: charts.Content{ChartType: "donut", Title: "Where sign-ups come from", Unit: "%",
		Slices: []charts.Point{{Label: "Organic search", Value: 42}, {Label: "Referrals", Value: 23}, {Label: "Social", Value: 18}, {Label: "Paid", Value: 17}}}},
	{Name: "kpi", Content: charts.Content{ChartType: "kpi", Title: "November at a glance",
		Tiles: []charts.Tile{{Value: "$48.2k", Label: "MRR", Delta: "+12%"}, {Value: "1,284", Label: "Active teams", Delta: "+86"},
			{Value: "2.1%", Label: "Churn", Delta: "-0.4pp", DeltaDirection: "up"}, {Value: "41", Label: "NPS", Delta: "0"}}}},
	// KPI charts of one to three tiles: a story's column of them must still fill its height.
	{Name: "kpi-1", Content: charts.Content{ChartType: "kpi", Title: "Annual recurring revenue",
		Tiles: []charts.Tile{{Value: "$1.24M", Label: "ARR", Delta: "+18.2%"}}}},
	{Name: "kpi-2", Content: charts.Content{ChartType: "kpi", Title: "November at a glance",
		Tiles: []charts.Tile{{Value: "$48.2k", Label: "MRR", Delta: "+12%"}, {Value: "1,284", Label: "Active teams", Delta: "+86"}}}},
	{Name: "kpi-3", Content: charts.Content{ChartType: "kpi", Title: "This week", Tiles: []charts.Tile{{Value: "48,210", Label: "Active users", Delta: "+12%"},
		{Value: "3.8%", Label: "Churn", Delta: "-0.4pp"}, {Value: "412ms", Label: "p95 latency", Delta: "+38ms", DeltaDirection: "down"}}}},
}

// sheetCmd renders every pattern (or those named) in every style x theme, one sheet per pattern,
// sample and size, into --out. Run it after changing a template and look at every sheet.
func sheetCmd(ctx context.Context, cfg app.Config, log *slog.Logger, args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("sheet", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	out := fs.String("out", "sheets", "directory for the PNG sheets")
	only := fs.String("patterns", "", "comma-separated pattern ids (default: all)")
	sizes := fs.String("sizes", "portrait,square,story,landscape", "comma-separated sizes")
	samples := fs.String("samples", "", "comma-separated sample names (default: all)")
	styles := fs.String("styles", "", "comma-separated styles of the post sheets (default: all)")
	if err := fs.Parse(args); err != nil {
		return usageError("usage: brandgen sheet [--out DIR] [--patterns a,b] [--sizes portrait,...] [--samples short,long] [--styles editorial]")
	}
	pages, err := templates.New()
	if err != nil {
		return err
	}
	pool, err := renderer.New(renderer.Config{ChromePath: cfg.ChromePath, Browsers: cfg.Browsers, Tabs: cfg.Tabs,
		QueueCap: -1, RenderTimeout: cfg.RenderTimeout, Assets: static.FS, Logger: log, StageScripts: app.StageScripts})
	if err != nil {
		return err
	}
	defer pool.Close()
	st := studio.New(pages, pool, branding.NewResolver(branding.ResolverOptions{Logger: log}), nil)
	brand := &brandgen.Brand{Name: "Northwind Labs", Handle: "@northwind", Colors: &brandgen.Colors{Primary: "#4f46e5", Secondary: "#f59e0b"}}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	type entry struct {
		id      string
		samples []posts.Sample
	}
	all := []entry{}
	for _, id := range posts.Formats {
		all = append(all, entry{id, posts.Samples(id)})
	}
	all = append(all, entry{"chart", chartSamples})
	if *only == "" || contains(*only, "brandkit") {
		if err := kitSheets(ctx, pool, branding.NewResolver(branding.ResolverOptions{Logger: log}), *out, stdout); err != nil {
			return err
		}
	}
	if *only == "" || contains(*only, "logo") {
		if err := logoSheet(ctx, st, *out, stdout); err != nil {
			return err
		}
	}
	for _, e := range all {
		if *only != "" && !contains(*only, e.id) {
			continue
		}
		if !pages.Has(e.id) {
			fmt.Fprintf(stdout, "%s: no template yet\n", e.id)
			continue
		}
		for _, smp := range e.samples {
			if *samples != "" && !contains(*samples, smp.Name) {
				continue
			}
			for _, size := range strings.Split(*sizes, ",") {
				var imgs []image.Image
				var labels []string
				for _, style := range brandgen.Styles {
					if *styles != "" && !contains(*styles, string(style)) {
						continue
					}
					for _, theme := range brandgen.Themes {
						look := brandgen.Look{Size: brandgen.Size(size), Theme: theme, Style: style}
						b, err := st.Render(ctx, studio.Job{Pattern: e.id, Content: smp.Content, Look: look, Layout: smp.Layout, Brand: brand})
						if err != nil {
							return fmt.Errorf("%s/%s %s: %w", e.id, smp.Name, look, err)
						}
						img, err := png.Decode(bytes.NewReader(b))
						if err != nil {
							return err
						}
						imgs = append(imgs, templates.Thumbnail(img, 540))
						labels = append(labels, fmt.Sprintf("%s %s %s", style, theme, size))
					}
				}
				path := filepath.Join(*out, fmt.Sprintf("%s-%s-%s.png", e.id, smp.Name, size))
				if err := writePNG(path, templates.ContactSheet(imgs, min(4, len(imgs)), labels)); err != nil {
					return err
				}
				fmt.Fprintln(stdout, path)
			}
		}
	}
	if wantsArch(*only) {
		badge, err := st.Badge(ctx, 0, brand, false)
		if err != nil {
			return err
		}
		if err := archSheets(ctx, pool, badge, *out, *samples, *sizes, stdout); err != nil {
			return err
		}
	}
	if err := slideSheets(ctx, st, brand, *out, *only, *sizes, *samples, stdout); err != nil { // sheet_carousel.go
		return err
	}
	return diagramSheets(ctx, st, *out, *sizes, *only, stdout)
}

func contains(list, v string) bool {
	for _, s := range strings.Split(list, ",") {
		if strings.TrimSpace(s) == v {
			return true
		}
	}
	return false
}

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
