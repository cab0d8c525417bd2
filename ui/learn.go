package ui

import (
	"regexp"
	"strconv"

	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// learnRoute matches the primer: /learn, /learn/, /learn/index.html (the
// index, as the static site writes it) and /learn/{slug}.
var learnRoute = regexp.MustCompile(`^/learn(?:/|/index\.html|/([a-z-]+))?$`)

// learnIndexFile is the index's path in Paths: the static generator writes a
// path ending in "/" as a file beside the directory of the lessons, where
// /learn/ would not find it; learn/index.html is what /learn/ serves.
const learnIndexFile = "/learn/index.html"

// LearnPaths lists the primer's pages for the static site: its index and one page per lesson.
func LearnPaths() []string {
	out := []string{learnIndexFile}
	for _, l := range docs.Lessons() {
		out = append(out, LessonPath(l.Slug))
	}
	return out
}

// LessonPath is the path of a lesson, without the site's prefix.
func LessonPath(slug string) string { return "/learn/" + slug }

// parseLearnPath reads a primer path: ok with slug "" for the index, ok with
// a lesson's slug, or not ok for a lesson that does not exist.
func parseLearnPath(p string) (slug string, ok bool) {
	m := learnRoute.FindStringSubmatch(p)
	if m == nil {
		return "", false
	}
	if m[1] == "" {
		return "", true
	}
	l, _ := docs.LessonBySlug(m[1])
	return m[1], l != nil
}

// Learn is the primer: its index, or one lesson with live examples from the
// codec (LearnExample) and links to the previous and next lessons. Its state
// comes from the path alone, read before the first render on both sides.
type Learn struct {
	app.Compo

	path  string
	slug  string
	ok    bool
	ready bool
}

func (c *Learn) OnInit() {
	if app.IsClient {
		p, _ := location()
		c.load(p)
	}
}

// OnPreRender reads the path of the page being pre-rendered, unless the
// state was set before (a fresh component per request has none).
func (c *Learn) OnPreRender(ctx app.Context) {
	if c.path == "" {
		c.load(ctx.Page().URL().Path)
	}
	c.setTitle(ctx)
}

func (c *Learn) OnMount(ctx app.Context) { c.ready = true }

func (c *Learn) OnNav(ctx app.Context) {
	switch {
	case app.IsClient:
		p, _ := location()
		c.load(p)
	case c.path == "":
		c.load(ctx.Page().URL().Path)
	}
	c.setTitle(ctx)
}

func (c *Learn) load(p string) {
	c.path = sitePath(p)
	c.slug, c.ok = parseLearnPath(c.path)
}

func (c *Learn) setTitle(ctx app.Context) {
	l, _ := docs.LessonBySlug(c.slug)
	switch {
	case !c.ok:
		ctx.Page().SetTitle("No such lesson · kafkawire")
	case l == nil:
		ctx.Page().SetTitle("Learn the Kafka wire format · kafkawire")
		ctx.Page().SetDescription("A primer on the Kafka protocol's bytes, from the size prefix to record batches, on live grids.")
	default:
		ctx.Page().SetTitle(l.Title + " · Learn the Kafka wire format · kafkawire")
		ctx.Page().SetDescription("%s", l.Summary)
	}
}

func (c *Learn) Render() app.UI {
	root := app.Div().Class("kw learn")
	if c.ready {
		root = root.DataSet("wasm", "ready")
	}
	var body app.UI
	l, i := docs.LessonBySlug(c.slug)
	switch {
	case !c.ok:
		body = app.Div().Body(
			app.H1().Text("No such lesson"),
			app.P().Body(app.A().Href(Href("/learn/")).Text("See the primer's lessons"), app.Text(".")),
		)
	case l == nil:
		body = learnIndex()
	default:
		body = lessonUI(l, i)
	}
	return root.Body(topBar("", 0), app.Main().Class("main learn-main").Body(body), footer())
}

func learnIndex() app.UI {
	var items []app.UI
	for i, l := range docs.Lessons() {
		items = append(items, app.Li().Class("learn-item").Body(
			app.A().Href(Href(LessonPath(l.Slug))).Body(
				app.Span().Class("learn-n").Text(strconv.Itoa(i+1)+". "),
				app.Text(l.Title),
			),
			app.P().Class("learn-sum").Text(l.Summary),
		))
	}
	return app.Div().Body(
		app.H1().Text("Learn the Kafka wire format"),
		app.P().Class("lead").Text(docs.LearnIntro),
		app.Ol().Class("learn-list").Body(items...),
		app.P().Body(app.A().Href(Href("/")).Text("Every API key"), app.Text(": the full reference, one page per API and version.")),
	)
}

func lessonUI(l *docs.Lesson, i int) app.UI {
	all := docs.Lessons()
	out := []app.UI{
		app.Nav().Class("learn-crumb").Aria("label", "primer").Body(
			app.A().Href(Href("/learn/")).Text("Learn"),
			app.Text(" · lesson "+strconv.Itoa(i+1)+" of "+strconv.Itoa(len(all))),
		),
		app.H1().Text(l.Title),
		app.P().Class("lead").Text(l.Summary),
	}
	n := 0
	for _, s := range l.Sections {
		out = append(out, app.H2().Text(s.Heading))
		for _, t := range s.Text {
			out = append(out, app.P().Text(t))
		}
		for _, e := range s.Examples {
			out = append(out, &LearnExample{Key: l.Slug + "-" + strconv.Itoa(n), API: e.API, Version: e.Version,
				Response: e.Response, Realistic: e.Realistic, Codec: e.Codec, Strings: e.Strings, Caption: e.Caption})
			n++
		}
	}
	var prev, next app.UI
	if i > 0 {
		p := all[i-1]
		prev = app.A().Class("learn-prev").Attr("rel", "prev").Href(Href(LessonPath(p.Slug))).Text("← " + p.Title)
	} else {
		prev = app.A().Class("learn-prev").Href(Href("/learn/")).Text("← All lessons")
	}
	if i+1 < len(all) {
		p := all[i+1]
		next = app.A().Class("learn-next").Attr("rel", "next").Href(Href(LessonPath(p.Slug))).Text(p.Title + " →")
	} else {
		next = app.A().Class("learn-next").Href(Href("/")).Text("Every API key →")
	}
	out = append(out, app.Nav().Class("learn-pn").Aria("label", "previous and next lessons").Body(prev, next))
	return app.Article().Class("lesson").DataSet("lesson", l.Slug).Body(out...)
}
