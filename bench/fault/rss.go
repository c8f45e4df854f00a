package main

import (
	"sync"
	"time"
)

type rssSample struct {
	at       time.Duration
	mb       float64 // self + chromium
	self     float64
	chromium float64
}

type rssSampler struct {
	mu      sync.Mutex
	samples []rssSample
	done    chan struct{}
	wg      sync.WaitGroup
}

// startRSS samples rssMB every 500 ms until stop.
func startRSS() *rssSampler {
	s := &rssSampler{done: make(chan struct{})}
	start := time.Now()
	s.wg.Go(func() {
		t := time.NewTicker(500 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-t.C:
				self, chromium := rssMB()
				s.mu.Lock()
				s.samples = append(s.samples, rssSample{time.Since(start), self + chromium, self, chromium})
				s.mu.Unlock()
			case <-s.done:
				return
			}
		}
	})
	return s
}

func (s *rssSampler) stop() []rssSample {
	close(s.done)
	s.wg.Wait()
	return s.samples
}

// rssFrom is when flatness is measured from: minute 1, or a third into a shorter run.
func rssFrom(run time.Duration) time.Duration { return min(time.Minute, run/3) }

// rssFigures are the RSS at rssFrom (mean of the samples of the 5 s after it), at the end (mean of
// the last 5 s) and the peak, in MB.
func rssFigures(samples []rssSample, run time.Duration) (from, end, peak float64, peakAt rssSample) {
	at := rssFrom(run)
	mean := func(lo, hi time.Duration) float64 {
		sum, n := 0.0, 0
		for _, s := range samples {
			if s.at >= lo && s.at < hi {
				sum += s.mb
				n++
			}
		}
		if n == 0 {
			return 0
		}
		return sum / float64(n)
	}
	for _, s := range samples {
		if s.mb > peak {
			peak, peakAt = s.mb, s
		}
	}
	return mean(at, at+5*time.Second), mean(run-5*time.Second, run+time.Second), peak, peakAt
}
