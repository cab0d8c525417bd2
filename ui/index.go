package ui

import (
	"strconv"
	"strings"

	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Index lists every API key grouped by role (codec/docs), each with its
// one-line summary and its versions linked to their pages; a search box
// filters by key, or by the words of names and summaries.
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

// matching is the set of APIs a search keeps: the API with that key for a
// number, else those whose name or one-line summary holds every word of the
// query (docs.Search); nil keeps them all.
func matching(q string) map[string]bool {
	q = strings.TrimSpace(q)
	if q == "" {
		return nil
	}
	out := map[string]bool{}
	if n, err := strconv.Atoi(q); err == nil {
		if a := schema.ByKey(int16(n)); a != nil && int(a.Key) == n {
			out[a.Name] = true
		}
		return out
	}
	for _, d := range docs.Search(q) {
		out[d.Name] = true
	}
	return out
}

// indexRow is one API's row: key, name with its summary, versions, flexible
// versions, and a link per version.
func indexRow(a *schema.API, summary string) app.UI {
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
	return app.Tr().Attr("data-key", strconv.Itoa(int(a.Key))).Body(
		app.Td().Class("ix-key").Text(strconv.Itoa(int(a.Key))),
		app.Td().Class("ix-name").Body(
			app.A().Href(Href(PagePath(a, newest(a)))).Text(a.Name),
			app.Div().Class("ix-sum").Text(summary),
		),
		app.Td().Class("ix-range").Text(a.VersionRange(schema.Request).String()),
		app.Td().Class("ix-flex").Text(a.FlexibleRange().String()),
		app.Td().Class("ix-vers").Body(links...),
	)
}

// roleID is a role as an element id: "Topic and config admin" gives "role-topic-and-config-admin".
func roleID(r docs.Role) string {
	return "role-" + strings.ReplaceAll(strings.ToLower(string(r)), " ", "-")
}

// IndexList is the index's table of contents and its API tables for a
// search. It is a component of its own so that an update of the page above
// it (the paste box's capture progress and list are in the top bar) does not
// rebuild its 1,500 elements: go-app renders a child component again only
// when one of its exported fields changed, here the search.
type IndexList struct {
	app.Compo

	Query string
}

func (l *IndexList) Render() app.UI {
	keep := matching(l.Query)
	byRole := map[docs.Role][]app.UI{}
	for _, d := range docs.APIs() {
		a := schema.ByName(d.Name)
		if a == nil || (keep != nil && !keep[d.Name]) {
			continue
		}
		byRole[d.Role] = append(byRole[d.Role], indexRow(a, d.Summary))
	}
	var groups, toc []app.UI
	for _, r := range docs.Roles() {
		rows := byRole[r]
		if len(rows) == 0 {
			continue
		}
		toc = append(toc, app.A().Class("ix-toc-link").Href("#"+roleID(r)).Text(string(r)))
		groups = append(groups, app.Section().Class("ix-group").ID(roleID(r)).DataSet("role", string(r)).Body(
			app.H2().Class("ix-role").Body(
				app.Text(string(r)+" "),
				app.Span().Class("ix-role-n").Text(strconv.Itoa(len(rows))),
			),
			app.Table().Class("ix").Body(
				app.THead().Body(app.Tr().Body(
					app.Th().Text("key"), app.Th().Text("API"), app.Th().Text("versions"),
					app.Th().Text("flexible"), app.Th().Text("pages"),
				)),
				app.TBody().Body(rows...),
			),
		))
	}
	if len(groups) == 0 {
		groups = append(groups, app.P().Class("ix-none").Text("No API's name or summary holds every word of that search."))
	}
	return app.Div().Class("ix-list").Body(
		app.Nav().Class("ix-toc").Aria("label", "API groups").Body(toc...),
		app.Div().Class("ix-groups").Body(groups...),
	)
}

func (c *Index) Render() app.UI {
	keep := matching(c.query)
	shown := 0
	for _, d := range docs.APIs() {
		if schema.ByName(d.Name) != nil && (keep == nil || keep[d.Name]) {
			shown++
		}
	}
	root := app.Div().Class("kw")
	if c.ready {
		root = root.DataSet("wasm", "ready")
	}
	return root.Body(
		topBar("", 0),
		app.Main().Class("main").Body(
			app.H1().Text("Kafka API keys"),
			app.P().Class("lead").Text("Every request and response of the Kafka protocol at every version, encoded byte by byte: pick one to see its frame, its layout and its schema, and edit any field live. The APIs are grouped by what they are for."),
			app.P().Class("learn-link").Body(app.Text("New to the wire format? "), app.A().Href(Href("/learn/")).Text("Learn it from the first byte"), app.Text(", in seven short pages on live grids.")),
			app.Div().Class("ix-tools").Body(
				app.Input().Type("search").ID("api-search").Class("picker-input").
					Placeholder("search names and summaries, or a key").Aria("label", "search APIs by name, summary or key").
					Attr("autocomplete", "off").Attr("spellcheck", "false").
					OnInput(func(ctx app.Context, e app.Event) {
						guard(ctx, func() { c.query = ctx.JSSrc().Get("value").String() })
					}),
				app.Span().Class("ix-count").Text(strconv.Itoa(shown)+" of "+strconv.Itoa(len(schema.APIs()))+" APIs"),
				app.Span().Class("ix-keylegend").Text("green: flexible · faded: deprecated · struck: removed in Kafka 4.0, or early access and dropped · dashed: unstable"),
			),
			&IndexList{Query: c.query},
		),
		footer(),
	)
}
