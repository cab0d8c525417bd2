package ui

import (
	"strconv"
	"strings"

	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// APIPicker chooses an API by name or key: a search field with every API as a suggestion.
// In the browser the suggestions join the page when the field is first
// focused (lazy.go): a datalist shows nothing before, and they are a
// hundred elements of the first mount.
type APIPicker struct {
	app.Compo

	API     string // the current API's name
	Version int16  // the current version, kept when the new API has it

	err     string
	focused bool // the field has had the focus: the suggestions are in the page
}

func (p *APIPicker) Render() app.UI {
	var opts []app.UI
	if p.focused || renderClosed {
		opts = make([]app.UI, 0, len(schema.APIs()))
		for _, a := range schema.APIs() {
			opts = append(opts, app.Option().Value(a.Name+" ("+strconv.Itoa(int(a.Key))+")"))
		}
	}
	var errUI app.UI
	if p.err != "" {
		errUI = app.Span().Class("picker-err").Attr("role", "alert").Text(p.err)
	}
	return app.Div().Class("picker api-picker").Body(
		app.Label().For("api-picker").Class("picker-label").Text("API"),
		app.Input().ID("api-picker").Type("search").Class("picker-input").
			Placeholder(placeholder(p.API)).
			Attr("list", "api-list").Attr("autocomplete", "off").Attr("spellcheck", "false").
			Aria("label", "API by name or key").
			OnFocus(p.onFocus).
			OnChange(p.onChange),
		app.DataList().ID("api-list").Body(opts...),
		errUI,
	)
}

func (p *APIPicker) onFocus(ctx app.Context, e app.Event) {
	if p.focused {
		ctx.PreventUpdate()
		return
	}
	p.focused = true
}

func (p *APIPicker) onChange(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		text := ctx.JSSrc().Get("value").String()
		a := schema.Resolve(text)
		if a == nil {
			p.err = "no API " + strconv.Quote(strings.TrimSpace(text))
			return
		}
		p.err = ""
		ctx.JSSrc().Set("value", "")
		v := p.Version
		if a.Def(schema.Request, v) == nil {
			v = a.VersionRange(schema.Request).Hi
		}
		ctx.Navigate(Href(PagePath(a, v)))
	})
}

func placeholder(api string) string {
	if api == "" {
		return "search an API by name or key"
	}
	return api + " · search name or key"
}
