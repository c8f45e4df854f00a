// Command diagrams benchmarks the diagram service: create p50 per type with the offline planner
// (target <= 250 ms; mermaid-cli takes 3-4 s a call), restyle p50, and SVG export p50 and size.
// Every create and restyle has colours of its own, so no layout comes from the cache. It runs the real stack: SQLite in a temp dir,
// one browser x 2 tabs with Mermaid warm in each tab's stage.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/app"
	"github.com/brandgen/brandgen/diagrams"
)

func main() {
	n := flag.Int("n", 15, "runs per measurement")
	flag.Parse()
	if err := run(*n); err != nil {
		fmt.Fprintln(os.Stderr, "bench/diagrams:", err)
		os.Exit(1)
	}
}

func run(n int) error {
	ctx := context.Background()
	dir, err := os.MkdirTemp("", "bench-diagrams-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cfg, err := app.LoadConfig()
	if err != nil {
		return err
	}
	cfg.DatabaseURL, cfg.RedisURL, cfg.DataDir, cfg.OpenAIKey, cfg.OpenAIBaseURL = "", "", dir, "", ""
	cfg.Browsers, cfg.Tabs = 1, 2
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	a, err := app.New(ctx, cfg, log, app.Overrides{})
	if err != nil {
		return err
	}
	defer a.Close()
	start := time.Now()
	if err := a.Pool.Start(ctx); err != nil {
		return err
	}
	fmt.Printf("pool start with Mermaid warm in 2 tabs: %s\n", time.Since(start).Round(time.Millisecond))
	acct, err := a.Store.EnsureAccount(ctx, "bench", brandgen.PlanDeveloper)
	if err != nil {
		return err
	}
	fmt.Printf("%-13s %10s %10s %10s   (offline planner, create = plan + layout (parses) + render + store; fresh colours per run)\n", "type", "create p50", "p90", "restyle p50")
	for _, typ := range diagrams.Types {
		prompt := diagrams.Samples[typ]
		var creates, restyles []time.Duration
		var id string
		skipped := false
		for i := 0; i < n+1; i++ {
			t0 := time.Now()
			// A colour of its own per run: the layout cache (keyed by source and theme) never
			// answers, as for a new diagram.
			res, err := a.Diagrams.Create(ctx, acct, diagrams.CreateRequest{Prompt: &prompt, Type: typ,
				Display: diagrams.Display{Colors: &diagrams.Colors{Primary: runColor(i)}}})
			if err != nil && typ == "architecture" && strings.Contains(err.Error(), "not implemented") {
				skipped = true
				break
			}
			if err != nil {
				return fmt.Errorf("%s: %w", typ, err)
			}
			if i > 0 { // the first run warms caches
				creates = append(creates, time.Since(t0))
			}
			id = res.Diagram.ID
		}
		if skipped {
			fmt.Printf("%-13s %10s %10s %10s\n", typ, "n/a", "n/a", "n/a")
			continue
		}
		themes := []brandgen.Theme{brandgen.ThemeDark, brandgen.ThemeLight}
		for i := 0; i < n; i++ {
			t0 := time.Now()
			if _, err := a.Diagrams.Refine(ctx, acct, id, diagrams.RefineRequest{Display: diagrams.Display{Theme: themes[i%2],
				Colors: &diagrams.Colors{Primary: runColor(100 + i)}}}); err != nil {
				return fmt.Errorf("%s restyle: %w", typ, err)
			}
			restyles = append(restyles, time.Since(t0))
		}
		fmt.Printf("%-13s %10s %10s %10s\n", typ, pct(creates, 50), pct(creates, 90), pct(restyles, 50))
	}
	// SVG export (architecture only).
	prompt := diagrams.Samples["architecture"]
	res, err := a.Diagrams.Create(ctx, acct, diagrams.CreateRequest{Prompt: &prompt})
	if err != nil {
		fmt.Printf("svg export    p50 n/a, size n/a (architecture not drawn yet: %v)\n", err)
		return nil
	}
	var exports []time.Duration
	size := 0
	for i := 0; i < n; i++ {
		t0 := time.Now()
		svg, err := a.Diagrams.SVG(ctx, acct, res.Diagram.ID, diagrams.Overrides{})
		if err != nil {
			return fmt.Errorf("svg: %w", err)
		}
		exports = append(exports, time.Since(t0))
		size = len(svg)
	}
	fmt.Printf("svg export    p50 %s, size %d bytes\n", pct(exports, 50), size)
	return nil
}

// runColor is a distinct primary colour for run i.
func runColor(i int) string {
	return fmt.Sprintf("#%02x%02x%02x", 40+i*7%180, 80+i*13%160, 120+i*5%120)
}

func pct(d []time.Duration, p int) string {
	if len(d) == 0 {
		return "n/a"
	}
	s := slices.Clone(d)
	slices.Sort(s)
	return s[min(len(s)-1, len(s)*p/100)].Round(time.Millisecond).String()
}
