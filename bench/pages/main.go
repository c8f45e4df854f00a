// Command pages measures what a post page costs to render, page by page (make bench runs it): the
// fit script's work (growing, shrinking, clause cuts, widow refits) varies with the format and the
// content, and a page that refits many times costs its caller seconds where a plain page costs a
// tenth of one.
//
// It starts a render pool of one browser and -tabs tabs, then renders every post format's every
// sample in every size through the studio (build, load, fit, capture, PNG re-encode), one after the
// other, cycling through the styles and themes so each look is met. It then renders the -top
// slowest pages again -n times each and prints them with their median against the median page of
// the whole run; the target is that no page costs more than 3x the median page (a fit loop that
// runs away shows here first).
//
//	go run ./bench/pages [-n 5] [-top 10] [-tabs 1] [-patterns grid,listicle]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/bench/internal/benchstudio"
	"github.com/brandgen/brandgen/posts"
	"github.com/brandgen/brandgen/studio"
)

// targetRatio is the most a page may cost over the median page.
const targetRatio = 3.0

func main() {
	n := flag.Int("n", 5, "measured runs of each of the slowest pages")
	top := flag.Int("top", 10, "slowest pages measured again")
	tabs := flag.Int("tabs", 1, "tabs in the pool (pages render one after the other)")
	only := flag.String("patterns", "", "comma-separated post formats (default: all)")
	flag.Parse()
	if err := run(*n, *top, *tabs, *only); err != nil {
		fmt.Fprintln(os.Stderr, "bench/pages:", err)
		os.Exit(1)
	}
}

// page is one rendered post page and its timings.
type page struct {
	job   studio.Job
	name  string
	first time.Duration
	again []time.Duration
}

func run(n, top, tabs int, only string) error {
	ctx := context.Background()
	kit, err := benchstudio.Start(ctx, 1, tabs)
	if err != nil {
		return err
	}
	defer kit.Close()
	st, brand, set := kit.Studio, kit.Brand, kit.Pages()

	var all []*page
	look := 0
	for _, id := range posts.Formats {
		if only != "" && !slices.Contains(strings.Split(only, ","), id) || !set.Has(id) {
			continue
		}
		for _, smp := range posts.Samples(id) {
			for _, size := range brandgen.Sizes {
				style := brandgen.Styles[look%len(brandgen.Styles)]
				theme := brandgen.Themes[(look/len(brandgen.Styles))%len(brandgen.Themes)]
				look++
				l := brandgen.Look{Size: size, Theme: theme, Style: style}
				all = append(all, &page{job: studio.Job{Pattern: id, Content: smp.Content, Look: l, Layout: smp.Layout, Brand: brand},
					name: fmt.Sprintf("%s/%s %s %s %s", id, smp.Name, size, style, theme)})
			}
		}
	}
	if len(all) == 0 {
		return fmt.Errorf("no post page to render (patterns %q)", only)
	}
	// Warm the pool and the template cache, then one pass over every page.
	for i := range min(10, len(all)) {
		if _, err := st.Render(ctx, all[i].job); err != nil {
			return err
		}
	}
	begin := time.Now()
	for _, p := range all {
		start := time.Now()
		if _, err := st.Render(ctx, p.job); err != nil {
			return fmt.Errorf("%s: %w", p.name, err)
		}
		p.first = time.Since(start)
	}
	pass := time.Since(begin)
	firsts := make([]time.Duration, len(all))
	for i, p := range all {
		firsts[i] = p.first
	}
	med := median(firsts)

	slow := slices.Clone(all)
	slices.SortFunc(slow, func(a, b *page) int { return int(b.first - a.first) })
	slow = slow[:min(top, len(slow))]
	for range n {
		for _, p := range slow {
			start := time.Now()
			if _, err := st.Render(ctx, p.job); err != nil {
				return fmt.Errorf("%s: %w", p.name, err)
			}
			p.again = append(p.again, time.Since(start))
		}
	}
	slices.SortFunc(slow, func(a, b *page) int { return int(median(b.again) - median(a.again)) })

	fmt.Printf("pages bench: %d post pages (every format x sample x size, looks cycled), pool 1x%d, one after the other\n", len(all), tabs)
	fmt.Printf("  whole pass %s; per page median %s, p95 %s, max %s\n", pass.Round(time.Millisecond), ms(med), ms(pct(firsts, 0.95)), ms(slices.Max(firsts)))
	fmt.Printf("  the %d slowest pages, %d runs each (median / best, x the median page; target <= %.1fx):\n", len(slow), n, targetRatio)
	worst := 0.0
	for _, p := range slow {
		r := float64(median(p.again)) / float64(med)
		worst = max(worst, r)
		mark := ""
		if r > targetRatio {
			mark = "  OVER TARGET"
		}
		fmt.Printf("    %-58s %8s / %8s  %4.1fx%s\n", p.name, ms(median(p.again)), ms(slices.Min(p.again)), r, mark)
	}
	verdict := "met"
	if worst > targetRatio {
		verdict = "NOT met"
	}
	fmt.Printf("  slowest page %.1fx the median page: target <= %.1fx %s\n", worst, targetRatio, verdict)
	return nil
}

func median(ds []time.Duration) time.Duration { return pct(ds, 0.5) }

// pct is the p-quantile of ds (nearest rank).
func pct(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(p*float64(len(s))))]
}

func ms(d time.Duration) string { return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond)) }
