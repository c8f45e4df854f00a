package handlers

import (
	"context"
	"testing"

	"github.com/brandgen/brandgen/branding"
	"github.com/brandgen/brandgen/brandkit"
	"github.com/brandgen/brandgen/logo"
	"github.com/brandgen/brandgen/studio"
	"github.com/brandgen/brandgen/templates"
)

// BenchmarkBrandkitRender times one brand-kit render through the studio (no HTTP, no brand
// saved) for a small, a mid-size and the largest asset, and reports the PNG size.
func BenchmarkBrandkitRender(b *testing.B) {
	kitPages, err := templates.NewKit()
	if err != nil {
		b.Fatal(err)
	}
	st := studio.New(pages, pool, branding.NewResolver(branding.ResolverOptions{Logger: quiet}), nil)
	kit := studio.NewKit(st, kitPages)
	for _, id := range []string{"profile-picture", "og-image", "youtube-channel-art"} {
		b.Run(id, func(b *testing.B) {
			spec, err := brandkit.Check(brandkit.Request{ID: id, Pills: []string{"Analytics", "Open source", "SOC 2"}})
			if err != nil {
				b.Fatal(err)
			}
			var size int
			for b.Loop() {
				png, err := kit.Render(context.Background(), 0, spec)
				if err != nil {
					b.Fatal(err)
				}
				size = len(png)
			}
			b.ReportMetric(float64(size)/1024, "KiB/png")
		})
	}
}

// BenchmarkLogoOffline times one offline logo mark: SVG drawn, rendered transparent at 1024 px,
// trimmed and centred.
func BenchmarkLogoOffline(b *testing.B) {
	st := studio.New(pages, pool, branding.NewResolver(branding.ResolverOptions{Logger: quiet}), nil)
	maker := logo.NewMaker(nil, st, st)
	var size int
	for b.Loop() {
		res, err := maker.Draw(context.Background(), "a fox for a cybersecurity startup", "#4f46e5", "#f59e0b")
		if err != nil {
			b.Fatal(err)
		}
		size = len(res.PNG)
	}
	b.ReportMetric(float64(size)/1024, "KiB/png")
}
