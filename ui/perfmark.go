package ui

import (
	"time"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Performance marks let `make bench` time the page from outside with
// performance.getEntriesByName: when a shared frame starts decoding, and
// the first animation frame after a grid of a new frame is in the DOM. They
// cost one JavaScript call each and do nothing on the server.

func perfMark(name string) {
	if !app.IsClient {
		return
	}
	if p := app.Window().Get("performance"); p.Truthy() {
		p.Call("mark", name)
	}
}

// markNextFrame marks name at the next animation frame: the browser paints
// right after it, so this is when a change first shows.
func markNextFrame(name string) {
	if !app.IsClient {
		return
	}
	var f app.Func
	f = app.FuncOf(func(this app.Value, args []app.Value) any {
		perfMark(name)
		f.Release()
		return nil
	})
	app.Window().Call("requestAnimationFrame", f)
}

// whenIdle runs f once the browser is idle (requestIdleCallback, at most
// 300 ms later), after the current update has painted.
func whenIdle(f func()) {
	w := app.Window()
	var fn app.Func
	fn = app.FuncOf(func(this app.Value, args []app.Value) any {
		fn.Release()
		f()
		return nil
	})
	if w.Get("requestIdleCallback").Truthy() {
		w.Call("requestIdleCallback", fn, map[string]any{"timeout": 300})
		return
	}
	w.Call("setTimeout", fn, 50)
}

// perfLongSlice records, for whoever profiles the page, a slice of the
// capture loader's work that ran long (from since to now) as a measure
// named kw-long-slice: what kept the browser from painting for that long.
func perfLongSlice(since time.Time) {
	if !app.IsClient {
		return
	}
	if p := app.Window().Get("performance"); p.Truthy() {
		now := p.Call("now").Float()
		start := now - float64(time.Since(since))/float64(time.Millisecond)
		p.Call("measure", "kw-long-slice", map[string]any{"start": start, "end": now})
	}
}
