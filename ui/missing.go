package ui

import (
	"strconv"
	"strings"

	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Missing is the page of a path the site has no page for (a typed or
// shortened address, /Produce, an old link): it says so, with the top bar
// and its search, and links where to go: the versions of the API the path
// names, if it names one, and every API key.
type Missing struct {
	app.Compo
	path  string
	ready bool // mounted in the browser: the end-to-end tests wait for it
}

func (m *Missing) OnMount(app.Context) { m.ready = app.IsClient }

func (m *Missing) OnNav(ctx app.Context) {
	m.path = sitePath(ctx.Page().URL().Path)
	ctx.Page().SetTitle("No such page · kafkawire")
}

func (m *Missing) Render() app.UI {
	root := app.Div().Class("kw")
	if m.ready {
		root = root.DataSet("wasm", "ready")
	}
	return root.Body(
		topBar("", 0),
		app.Main().Class("main").Body(missingBody(m.path)...),
		footer(),
	)
}

// missingBody says that path is no page of the site and where to go: when
// its first step names an API, that API's versions.
func missingBody(path string) []app.UI {
	first, rest, _ := strings.Cut(strings.TrimPrefix(path, "/"), "/")
	api := schema.ByName(first)
	if api == nil {
		return []app.UI{
			app.H1().Text("Not a Kafka API version"),
			app.P().Body(
				app.Text("This page names no API and version the catalogue knows. "),
				app.A().Href(Href("/")).Text("See every API key"),
				app.Text("."),
			),
		}
	}
	what := api.Name + " (API key " + strconv.Itoa(int(api.Key)) + ")"
	title := "Pick a version of " + api.Name
	if rest = strings.TrimSuffix(rest, "/"); rest != "" {
		title = api.Name + " has no page " + rest
		if _, err := strconv.Atoi(strings.TrimPrefix(rest, "v")); err == nil && strings.HasPrefix(rest, "v") {
			title = api.Name + " has no version " + strings.TrimPrefix(rest, "v")
		}
	}
	links := []app.UI{}
	for _, v := range api.Versions(schema.Request) {
		links = append(links, app.A().Class("missing-version").Href(Href(PagePath(api, v))).Text("v"+strconv.Itoa(int(v))), app.Text(" "))
	}
	return []app.UI{
		app.H1().Text(title),
		app.P().Text(what + " has these versions, each a page with its request and response:"),
		app.P().ID("missing-versions").Body(links...),
		app.P().Body(app.A().Href(Href("/")).Text("See every API key"), app.Text(".")),
	}
}
