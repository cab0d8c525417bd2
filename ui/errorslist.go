package ui

import (
	"strconv"

	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// errorsOpenUpTo is the longest list shown open; a longer one starts
// collapsed, so it does not push the message panes far down.
const errorsOpenUpTo = 8

// ErrorsList is the table of error codes an API's responses can carry:
// code, name, whether a client may retry, and our one line on what it
// means (codec/docs). It renders on the server too, so the static page
// carries the list; in the browser a collapsed list holds its rows only
// once opened (lazy.go).
type ErrorsList struct {
	app.Compo

	API string

	open    bool   // the list is open
	openFor string // the API open was set for: another API starts open or not by its list's length
}

func (c *ErrorsList) Render() app.UI {
	a := schema.ByName(c.API)
	errs := docs.Errors(c.API)
	if a == nil || len(errs) == 0 {
		return app.Section().Class("errors")
	}
	if c.openFor != c.API {
		c.openFor, c.open = c.API, len(errs) <= errorsOpenUpTo
	}
	details := app.Details().Class("er-details").OnToggle(c.onToggle)
	// go-app writes a false boolean attribute as open="false", which a browser reads as open.
	if c.open {
		details = details.Open(true)
	}
	summary := app.Summary().Class("er-sum").Body(
		app.H2().Class("er-title").Text("Errors "+a.Name+" responses can carry"),
		app.Span().Class("er-count").Text(" ("+strconv.Itoa(len(errs))+")"),
	)
	// The attribute holds the API's name from the catalogue, never user data.
	section := app.Section().Class("errors").DataSet("errors", a.Name).Aria("label", "Errors of "+a.Name)
	if !c.open && !renderClosed {
		return section.Body(details.Body(summary))
	}
	rows := make([]app.UI, len(errs))
	for i, e := range errs {
		retry := "no"
		if e.Retriable {
			retry = "yes"
		}
		rows[i] = app.Tr().DataSet("code", strconv.Itoa(int(e.Code))).Body(
			app.Td().Class("er-code").Text(strconv.Itoa(int(e.Code))),
			app.Td().Class("er-name").Body(app.Code().Text(e.Name)),
			app.Td().Class("er-retry").Text(retry),
			app.Td().Class("er-mean").Text(e.Meaning),
		)
	}
	return section.Body(
		details.Body(
			summary,
			app.P().Class("er-note").Text("Each response field whose name ends in ErrorCode holds one of these codes, or 0 for none. Edit such a field by number or by name."),
			app.Table().Class("er").Body(
				app.THead().Body(app.Tr().Body(
					app.Th().Text("code"), app.Th().Text("name"), app.Th().Text("retriable"), app.Th().Text("meaning"),
				)),
				app.TBody().Body(rows...),
			),
		),
	)
}

// onToggle renders the rows when the list is opened.
func (c *ErrorsList) onToggle(ctx app.Context, e app.Event) {
	guard(ctx, func() { detailsToggled(ctx, &c.open) })
}
