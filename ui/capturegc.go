package ui

import (
	"runtime/debug"
	"sync"
)

// captureGCPercent is the collector's GOGC while a capture loads.
//
// On wasm a collection marks the heap on the page's one thread, and the
// browser does not paint until it is done: Go runs its idle mark worker
// before it gives the event loop back, so the reader's pauses to let the
// page paint wait for the whole mark. Each collection while a capture
// loads is therefore a freeze, longer as the heap grows (150 to 300 ms
// each at the end of a 100 MiB capture of 130,000 frames). Most of what a
// capture allocates is its streams, which stay, so collecting a fifth as
// often costs little memory: on that capture the longest pause went from
// 167-233 ms to 83-117 ms, and the wasm memory from 225 to 264 MiB
// (README, Performance).
const captureGCPercent = 400

// captureGC counts the captures loading (a new file may be picked while
// one loads), so that the last to finish restores the collector's setting.
var captureGC struct {
	sync.Mutex
	loading int
	before  int
}

// collectLessOften sets the collector to captureGCPercent while a capture
// loads; the function it returns ends that, once per call.
func collectLessOften() (done func()) {
	captureGC.Lock()
	defer captureGC.Unlock()
	if captureGC.loading == 0 {
		captureGC.before = debug.SetGCPercent(captureGCPercent)
	}
	captureGC.loading++
	var once sync.Once
	return func() {
		once.Do(func() {
			captureGC.Lock()
			defer captureGC.Unlock()
			captureGC.loading--
			if captureGC.loading == 0 {
				debug.SetGCPercent(captureGC.before)
			}
		})
	}
}
