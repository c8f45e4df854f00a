package generate

import (
	"context"
	"strings"
	"testing"
)

func BenchmarkOfflinePlan(b *testing.B) {
	long := strings.Repeat("Ship faster with brandgen: 19 formats, 4 styles, charts and KPIs. Join 10,000+ teams on March 12. ", 41)[:MaxPromptRunes]
	o := NewOffline()
	for _, p := range []struct{ name, prompt string }{{"short", "73% of developers say code review is the best way to learn."}, {"max", long}} {
		b.Run(p.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := o.Plan(context.Background(), Request{Prompt: p.prompt}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
