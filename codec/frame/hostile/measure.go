package hostile

import (
	"runtime"
	"runtime/metrics"
	"sync"
	"time"
)

// Usage is what running a function cost.
type Usage struct {
	// Peak is the most heap its objects took at once above what was there
	// before, sampled every millisecond (and once at the end).
	Peak uint64
	// Alloc is the bytes it allocated in all.
	Alloc uint64
	Took  time.Duration
}

// Measure runs f and reports its peak heap, allocations and time, read from
// the runtime's metrics: the bound the hostile inputs are held to in tests
// and benchmarks. It collects garbage first, so that the peak is f's own.
func Measure(f func()) Usage {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}, {Name: "/gc/heap/allocs:bytes"}}
	metrics.Read(sample)
	base, allocs := sample[0].Value.Uint64(), sample[1].Value.Uint64()
	var peak uint64
	var wg sync.WaitGroup
	done := make(chan struct{})
	wg.Go(func() {
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(s)
			peak = max(peak, s[0].Value.Uint64())
			select {
			case <-done:
				return
			case <-t.C:
			}
		}
	})
	start := time.Now()
	f()
	took := time.Since(start)
	close(done)
	wg.Wait()
	metrics.Read(sample)
	peak = max(peak, sample[0].Value.Uint64())
	return Usage{Peak: peak - min(peak, base), Alloc: sample[1].Value.Uint64() - allocs, Took: took}
}
