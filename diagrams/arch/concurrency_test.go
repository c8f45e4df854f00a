package arch

import (
	"sync"
	"testing"

	"github.com/brandgen/brandgen"
)

// TestConcurrentUse: planning, drawing and exporting from several goroutines at once (the layout
// engine is one WebAssembly instance per process, serialised inside).
func TestConcurrentUse(t *testing.T) {
	prompts := []string{"user -> API -> Postgres", "web app on ECS behind an ALB with RDS and S3",
		"a Kubernetes cluster in us-east-1 with three services and a Redis cache", "A calls B, B writes to C"}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			g, title := Plan(prompts[i%len(prompts)])
			d, err := Draw(g, Options{Look: brandgen.Look{Style: brandgen.Styles[i%4]}, Title: title})
			if err != nil {
				errs <- err
				return
			}
			if _, err := Export(d); err != nil {
				errs <- err
			}
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
