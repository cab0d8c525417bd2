package ui

import (
	"strconv"
	"strings"

	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Index lists every API key with its versions, each linked to its page; a
// search box filters by name or key.
type Index struct {
	app.Compo

	query string
	ready bool
}

func (c *Index) OnMount(ctx app.Context) { c.ready = true }

func (c *Index) OnPreRender(ctx app.Context) {
	ctx.Page().SetTitle("kafkawire: every Kafka API, byte by byte")
}

func (c *Index) OnNav(ctx app.Context) {
	ctx.Page().SetTitle("kafkawire: every Kafka API, byte by byte")
}

// matches reports whether API a matches a search: a key, or a part of the name.
func matches(a *schema.API, q string) bool {
	q = strings.TrimSpace(strings.ToLower(q))
	if q == "" {
		return true
	}
	if n, err := strconv.Atoi(q); err == nil {
		return int(a.Key) == n
	}
	return strings.Contains(strings.ToLower(a.Name), q)
}

func (c *Index) Render() app.UI {
	var rows []app.UI
	for _, a := range schema.APIs() {
		if !matches(a, c.query) {
			continue
		}
		vs := a.Versions(schema.Request)
		links := make([]app.UI, 0, len(vs))
		for _, v := range vs {
			f := a.VersionFlags(v)
			cls := versionClass("ver small", f)
			title := "v" + strconv.Itoa(int(v))
			if t := flagsText(f); t != "" {
				title += ": " + t
			}
			links = append(links, app.A().Class(cls).Href(Href(PagePath(a, v))).Title(title).Text(strconv.Itoa(int(v))))
		}
		latest := int16(0)
		if len(vs) > 0 {
			latest = vs[len(vs)-1]
		}
		rows = append(rows, app.Tr().Attr("data-key", strconv.Itoa(int(a.Key))).Body(
			app.Td().Class("ix-key").Text(strconv.Itoa(int(a.Key))),
			app.Td().Class("ix-name").Body(app.A().Href(Href(PagePath(a, latest))).Text(a.Name)),
			app.Td().Class("ix-range").Text(a.VersionRange(schema.Request).String()),
			app.Td().Class("ix-flex").Text(a.FlexibleRange().String()),
			app.Td().Class("ix-vers").Body(links...),
		))
	}
	root := app.Div().Class("kw")
	if c.ready {
		root = root.DataSet("wasm", "ready")
	}
	return root.Body(
		topBar("", 0),
		app.Main().Class("main").Body(
			app.H1().Text("Kafka API keys"),
			app.P().Class("lead").Text("Every request and response of the Kafka protocol at every version, encoded byte by byte: pick one to see its frame, its layout and its schema, and edit any field live."),
			app.Div().Class("ix-tools").Body(
				app.Input().Type("search").ID("api-search").Class("picker-input").
					Placeholder("filter by name or key").Aria("label", "filter APIs by name or key").
					Attr("autocomplete", "off").Attr("spellcheck", "false").
					OnInput(func(ctx app.Context, e app.Event) {
						guard(ctx, func() { c.query = ctx.JSSrc().Get("value").String() })
					}),
				app.Span().Class("ix-count").Text(strconv.Itoa(len(rows))+" of "+strconv.Itoa(len(schema.APIs()))+" APIs"),
				app.Span().Class("ix-keylegend").Text("green: flexible · faded: deprecated · struck: removed in Kafka 4.0 · dashed: unstable"),
			),
			app.Table().Class("ix").Body(
				app.THead().Body(app.Tr().Body(
					app.Th().Text("key"), app.Th().Text("API"), app.Th().Text("versions"),
					app.Th().Text("flexible"), app.Th().Text("pages"),
				)),
				app.TBody().Body(rows...),
			),
		),
		footer(),
	)
}
