// Command arch measures the architecture diagrams: Draw (layout by Graphviz dot + SVG) p50 for a
// 10-node and a 40-node graph, SVG export p50 and size, and the ratio of export to draw. Run by
// `make bench`; no browser, no database.
package main

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"time"

	"github.com/brandgen/brandgen"
	"github.com/brandgen/brandgen/diagrams/arch"
)

func main() {
	n := flag.Int("n", 30, "runs per figure")
	flag.Parse()
	samples := map[string]arch.Sample{}
	for _, s := range arch.Samples() {
		samples[s.Name] = s
	}
	g10 := samples["groups"].Graph
	g10.Nodes = append(g10.Nodes, arch.Node{ID: "mon", Label: "Monitoring", Kind: "datadog"})
	g10.Edges = append(g10.Edges, arch.Edge{From: "web", To: "mon"})
	g40 := samples["dense"].Graph
	for i := len(g40.Nodes); i < 40; i++ {
		id := fmt.Sprintf("extra%d", i)
		g40.Nodes = append(g40.Nodes, arch.Node{ID: id, Label: fmt.Sprintf("Job %d", i), Kind: "worker", Group: "eks"})
		g40.Edges = append(g40.Edges, arch.Edge{From: "kafka", To: id})
	}
	opts := arch.Options{Look: brandgen.Look{Size: brandgen.SizeAuto, Theme: brandgen.ThemeLight, Style: brandgen.StyleGlass},
		Title: "Benchmark", Badge: brandgen.Badge{Show: true, Name: "Northwind", Default: true}}
	if _, err := arch.Draw(g10, opts); err != nil { // warm: Graphviz module, icons, fonts
		fail(err)
	}
	fmt.Println("architecture diagrams (offline, no browser)")
	var d10 time.Duration
	for _, c := range []struct {
		name string
		g    arch.Graph
	}{{"10 nodes", g10}, {"40 nodes", g40}} {
		var d arch.Drawing
		p50 := measure(*n, func() {
			var err error
			if d, err = arch.Draw(c.g, opts); err != nil {
				fail(err)
			}
		})
		if c.name == "10 nodes" {
			d10 = p50
		}
		fmt.Printf("  draw %-8s p50 %7.1f ms   svg %7d bytes   size %s\n", c.name, ms(p50), len(d.SVG), d.Size)
		var out []byte
		exp := measure(*n, func() {
			var err error
			if out, err = arch.Export(d); err != nil {
				fail(err)
			}
		})
		fmt.Printf("  export %-6s p50 %7.1f ms   file %7d bytes (%.1fx the drawing)\n", c.name, ms(exp), len(out), float64(len(out))/float64(len(d.SVG)))
	}
	fmt.Printf("  mermaid-cli for comparison: 3000-4000 ms a diagram; draw 10 nodes is %.0fx faster\n", 3000/ms(d10))
}

func measure(n int, f func()) time.Duration {
	times := make([]time.Duration, n)
	for i := range times {
		start := time.Now()
		f()
		times[i] = time.Since(start)
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	return times[n/2]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func fail(err error) {
	fmt.Fprintln(os.Stderr, "bench/arch:", err)
	os.Exit(1)
}
