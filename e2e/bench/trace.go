//go:build !js

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/tracing"
	"github.com/chromedp/chromedp"
)

// traceCategories are what Chrome's Performance panel records of the page's
// main thread: tasks, scripts, style, layout, paint, parsing, collections,
// font lookups (a first use of a font can cost tens of milliseconds).
var traceCategories = []string{
	"toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline",
	"blink", "fonts", "blink.user_timing", "loading", "v8", "v8.wasm", "disabled-by-default-v8.gc",
}

// traceEvent is one event of a Chrome trace, as much of it as is read.
type traceEvent struct {
	Name string  `json:"name"`
	Ph   string  `json:"ph"`
	Ts   float64 `json:"ts"`  // µs
	Dur  float64 `json:"dur"` // µs, for complete events ("X")
	Pid  int     `json:"pid"`
	Tid  int     `json:"tid"`
	Args struct {
		Name      string `json:"name"` // a thread_name event's
		BeginData struct {
			Dirty int `json:"dirtyObjects"`
			Total int `json:"totalObjects"`
		} `json:"beginData"` // a Layout event's
	} `json:"args"`
}

// startTrace records Chrome's timeline while a -profile scenario runs (with
// KW_TRACE=1, instead of the CPU profile): where a CPU profile says only
// "(program)", the trace names the browser's work (style, layout, paint,
// parsing HTML, collections). The function it returns ends the trace and
// prints the main thread's time by event within each window (on the page's
// clock, performance.now()).
func startTrace(ctx context.Context) func(windows [][2]float64) {
	// Listen, unlike Events, sees the events in the order they came in, so
	// every batch of data is in before the trace says it is complete, and
	// from the moment it returns, before the trace starts.
	var mu sync.Mutex
	var raw [][]byte
	done := make(chan struct{})
	var once sync.Once
	lctx, stopListening := context.WithCancel(ctx)
	die(chromedp.Listen(lctx, func(ev any) {
		switch ev := ev.(type) {
		case *tracing.EventDataCollected:
			mu.Lock()
			for _, v := range ev.Value {
				raw = append(raw, append([]byte(nil), v...)) // the message's buffer may be reused
			}
			mu.Unlock()
		case *tracing.EventTracingComplete:
			once.Do(func() { close(done) })
		}
	}))
	_, err := chromedp.Call(ctx, tracing.Start, tracing.StartParams{
		TransferMode: tracing.StartTransferModeReportEvents,
		TraceConfig:  &tracing.TraceConfig{IncludedCategories: traceCategories},
	})
	die(err)
	return func(windows [][2]float64) {
		// A mark whose time both clocks know: the trace's in µs, the page's
		// performance.now().
		now := js[float64](ctx, `performance.mark('kw-trace-sync').startTime`)
		_, err := chromedp.Call(ctx, tracing.End, cdp.Empty{})
		die(err)
		select {
		case <-done:
		case <-time.After(2 * time.Minute):
			die(fmt.Errorf("Chrome did not complete its trace within 2 minutes"))
		}
		stopListening()
		mu.Lock()
		defer mu.Unlock()
		events := make([]traceEvent, 0, len(raw))
		for _, v := range raw {
			var e traceEvent
			if json.Unmarshal(v, &e) == nil {
				events = append(events, e)
			}
		}
		offset, pid, found := 0.0, 0, false
		for _, e := range events {
			if e.Name == "kw-trace-sync" {
				offset, pid, found = e.Ts/1000-now, e.Pid, true
			}
		}
		if !found {
			die(fmt.Errorf("the trace has no kw-trace-sync mark (%d events)", len(events)))
		}
		tid := -1
		for _, e := range events {
			if e.Ph == "M" && e.Name == "thread_name" && e.Pid == pid && e.Args.Name == "CrRendererMain" {
				tid = e.Tid
			}
		}
		if tid < 0 {
			die(fmt.Errorf("the trace names no main thread (CrRendererMain) of the page's process %d", pid))
		}
		fmt.Printf("trace: %d events; the page's main thread is %d/%d\n", len(events), pid, tid)
		for w, win := range windows {
			by := map[string]float64{}
			var layouts []string
			for _, e := range events {
				if e.Pid != pid || e.Tid != tid || e.Ph != "X" {
					continue
				}
				start := e.Ts/1000 - offset
				end := start + e.Dur/1000
				if t := min(end, win[1]) - max(start, win[0]); t > 0 {
					by[e.Name] += t
					if e.Name == "Layout" {
						layouts = append(layouts, fmt.Sprintf("%.1f ms for %d of %d objects", e.Dur/1000, e.Args.BeginData.Dirty, e.Args.BeginData.Total))
					}
				}
			}
			var b strings.Builder
			for _, name := range largestFirst(by)[:min(40, len(by))] {
				fmt.Fprintf(&b, "  %8.1f ms  %s\n", by[name], name)
			}
			fmt.Printf("main thread, window %d (%.0f to %.0f ms; nested events each count):\n%s", w+1, win[0], win[1], b.String())
			if len(layouts) > 0 {
				fmt.Printf("  layouts: %s\n", strings.Join(layouts, "; "))
			}
		}
	}
}
