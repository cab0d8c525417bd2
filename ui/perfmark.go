package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

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
