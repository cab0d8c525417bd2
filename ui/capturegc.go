package ui

import (
	"runtime/debug"
	"sync"
	"time"
)

// The collector is off while a capture loads.
//
// On wasm a collection marks the heap on the page's one thread, and the
// browser does not paint until it is done: Go runs its idle mark worker
// before it gives the event loop back, so the loader's pauses to let the
// page paint wait for the whole mark. Each collection while a capture
// loads is therefore a freeze, longer as the heap grows. Most of what a
// capture allocates is its streams and frames, which stay, and the wasm
// memory never shrinks once grown, so collecting less during the load
// costs little: with the collector a fifth as often (GOGC 400) a 100 MiB
// capture of 79,000 short connections still froze the page for 133 ms at
// a time; with it off nothing is collected until the list is on screen,
// and the wasm memory grew about as far (e2e/bench/ROUNDS.md).
//
// captureMemoryLimit bounds what a load may take with the collector off:
// near it the collector runs all the same.
const captureMemoryLimit = 1 << 30

// restoreCollectorAfter is when the collector is back after a load ends,
// should the list it made never reach the screen (the user moved on).
const restoreCollectorAfter = 5 * time.Second

// captureGC counts the captures loading (a new file may be picked while
// one loads), so that the last to finish restores the collector's setting.
var captureGC struct {
	sync.Mutex
	loading int
	percent int   // GOGC before the first load
	limit   int64 // the memory limit before it
}

// pauseCollector turns the collector off, within captureMemoryLimit,
// while a capture loads; the function it returns ends that, once per
// call, and may be called from any goroutine.
func pauseCollector() (done func()) {
	captureGC.Lock()
	defer captureGC.Unlock()
	if captureGC.loading == 0 {
		captureGC.percent = debug.SetGCPercent(-1)
		captureGC.limit = debug.SetMemoryLimit(min(captureMemoryLimit, debug.SetMemoryLimit(-1)))
	}
	captureGC.loading++
	var once sync.Once
	return func() {
		once.Do(func() {
			captureGC.Lock()
			defer captureGC.Unlock()
			captureGC.loading--
			if captureGC.loading == 0 {
				debug.SetMemoryLimit(captureGC.limit)
				debug.SetGCPercent(captureGC.percent)
			}
		})
	}
}
