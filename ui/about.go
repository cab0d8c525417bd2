package ui

import (
	"strings"

	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// About is an API's introduction at the top of its pages: its role, what it
// does, who sends it and who answers, and the APIs it goes with, each linked
// to its page. The words are codec/docs'; it renders on the server too, so
// the static HTML carries them before the wasm runs.
type About struct {
	app.Compo

	API string
}

func (c *About) Render() app.UI {
	a := schema.ByName(c.API)
	d := docs.ForAPI(c.API)
	if a == nil || d == nil {
		return app.Section().Class("about")
	}
	body := []app.UI{
		app.P().Class("about-role").Body(
			app.Span().Class("about-tag").Text(string(d.Role)),
			app.Text(" "+d.Summary),
		),
		app.P().Class("about-intro").Text(d.Intro),
	}
	if len(a.Listeners) > 0 {
		body = append(body, app.P().Class("about-who").Text("Answered by: "+listenersText(a.Listeners)+"."))
	}
	if links := relatedLinks(d.Related); len(links) > 0 {
		body = append(body, app.P().Class("about-related").Body(
			append([]app.UI{app.Text("Goes with: ")}, links...)...,
		))
	}
	// The API's name from the catalogue, never user data, is the attribute's value.
	return app.Section().Class("about").DataSet("about", a.Name).Aria("label", "About "+a.Name).Body(body...)
}

// listenersText says which servers answer an API, from the catalogue's
// listeners ("broker", "controller").
func listenersText(ls []string) string {
	words := map[string]string{"broker": "brokers", "controller": "KRaft controllers"}
	out := make([]string, 0, len(ls))
	for _, l := range ls {
		if w, ok := words[l]; ok {
			out = append(out, w)
		} else {
			out = append(out, l)
		}
	}
	return strings.Join(out, ", ")
}

// relatedLinks links each named API to the page of its newest version.
func relatedLinks(names []string) []app.UI {
	var out []app.UI
	for _, name := range names {
		r := schema.ByName(name)
		if r == nil {
			continue
		}
		if len(out) > 0 {
			out = append(out, app.Text(", "))
		}
		out = append(out, app.A().Class("about-link").Href(Href(PagePath(r, newest(r)))).Text(r.Name))
	}
	return out
}

// newest is the newest version of the API's request.
func newest(a *schema.API) int16 {
	vs := a.Versions(schema.Request)
	if len(vs) == 0 {
		return 0
	}
	return vs[len(vs)-1]
}
