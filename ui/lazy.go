package ui

import "github.com/maxence-charriere/go-app/v10/pkg/app"

// Closed parts of a page (a <details> not open: a schema table, a long
// errors list, the API picker's suggestions) cost the browser's first mount
// nothing until they are opened: go-app creates every element of a render
// one syscall/js call at a time, and these are most of a page's elements.
// The server still renders them, so the static page carries their text for
// readers without JavaScript and for search engines; the wasm's first
// render then leaves them out, which shows no difference since they are
// closed.

// renderClosed reports whether closed parts are rendered in full: on the
// server (pre-rendered pages), not in the browser. A variable so that tests,
// which run natively, can render as the browser does.
var renderClosed = !app.IsClient

// detailsToggled reads a <details> element's open state from its toggle
// event into *open. It reports whether the state changed; when it did not
// (go-app's own re-render setting the attribute fires toggle too), the
// event's update is skipped.
func detailsToggled(ctx app.Context, open *bool) bool {
	now := ctx.JSSrc().Get("open").Bool()
	if now == *open {
		ctx.PreventUpdate()
		return false
	}
	*open = now
	return true
}
