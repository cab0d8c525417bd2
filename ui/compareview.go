package ui

import (
	"strconv"
	"strings"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/versiondiff"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Compare is the compare view of one API: two versions side by side, the
// request and the response, with the fields added, removed or changed
// between them marked in both trees and both grids. Its state comes from
// the URL alone (compare.go), as a Page's does, so the wasm's first render
// matches the pre-rendered HTML.
type Compare struct {
	app.Compo

	path  string
	api   *schema.API
	pair  ComparePair
	dirs  [2]*CompareDir // request, response
	ready bool
	// unknown says which versions the link named that the API has not
	// (UnknownVersions), until a version is picked.
	unknown string
}

func (c *Compare) OnInit() {
	if app.IsClient {
		c.load(location())
	}
}

// OnPreRender derives the state from the request's URL; the server makes a
// new component per request, so a state already derived is one from a URL
// too, and is kept.
func (c *Compare) OnPreRender(ctx app.Context) {
	if c.api == nil {
		u := ctx.Page().URL()
		c.load(u.Path, u.Fragment)
	}
	c.setTitle(ctx)
}

func (c *Compare) OnMount(ctx app.Context) {
	c.ready = true
	ctx.Defer(revealMarks)
}

// revealMarks scrolls each compare tree, inside its own box, to its first
// marked row: a field added at the end of a long message would otherwise
// sit below the box's fold. The page itself does not move.
func revealMarks(ctx app.Context) {
	guard(ctx, func() {
		trees := app.Window().Get("document").Call("querySelectorAll", ".cmp-tree")
		for i := 0; i < trees.Length(); i++ {
			tree := trees.Index(i)
			row := tree.Call("querySelector", "[data-change]")
			top := 0
			if row.Truthy() {
				// offsetTop is from the tree, which is positioned (kafkawire.css).
				top = max(row.Get("offsetTop").Int()-tree.Get("clientHeight").Int()/3, 0)
			}
			tree.Set("scrollTop", top)
		}
	})
}

func (c *Compare) OnNav(ctx app.Context) {
	if app.IsClient {
		path, frag := location()
		// c.api first: ParsePair needs an API.
		if c.api == nil || sitePath(path) != c.path || ParsePair(c.api, frag) != c.pair {
			c.load(path, frag)
		}
	}
	c.setTitle(ctx)
}

func (c *Compare) setTitle(ctx app.Context) {
	if c.api == nil {
		ctx.Page().SetTitle("Not a Kafka API · kafkawire")
		return
	}
	ctx.Page().SetTitle(c.api.Name + " compared across versions · Kafka wire format · kafkawire")
	ctx.Page().SetDescription("%s: two versions side by side, request and response, with the fields added and removed marked in the bytes.", c.api.Name)
}

// load derives the state from a path and a fragment.
func (c *Compare) load(path, frag string) {
	c.path = sitePath(path)
	c.api = ParseComparePath(c.path)
	if c.api == nil {
		return
	}
	c.show(ParsePair(c.api, frag))
	c.unknown = UnknownVersions(c.api, frag)
}

// show builds both directions for pair p.
func (c *Compare) show(p ComparePair) {
	c.pair = p
	c.dirs[schema.Request] = BuildCompare(c.api, schema.Request, p)
	c.dirs[schema.Response] = BuildCompare(c.api, schema.Response, p)
}

// choose shows pair p and puts it in the URL without a navigation, so the
// link shares what is shown and the back button leaves the view.
func (c *Compare) choose(ctx app.Context, p ComparePair) {
	c.show(p)
	c.unknown = ""
	if app.IsClient {
		app.Window().Get("history").Call("replaceState", nil, "", "#"+p.Fragment())
		ctx.Defer(revealMarks)
	}
}

func (c *Compare) Render() app.UI {
	root := app.Div().Class("kw")
	if c.ready {
		root = root.DataSet("wasm", "ready")
	}
	if c.api == nil {
		return root.Body(
			topBar("", 0),
			app.Main().Class("main").Body(
				app.H1().Text("Not a Kafka API"),
				app.P().Body(app.A().Href(Href("/")).Text("See every API key")),
			),
			footer(),
		)
	}
	return root.Body(
		topBar(c.api.Name, c.pair.To),
		app.Main().Class("main cmp").Body(
			app.Div().Class("title-row").Body(
				app.H1().Body(app.Text(c.api.Name), app.Span().Class("h1-sub").Text(" compared")),
				&Legend{},
			),
			app.P().Class("cmp-intro").Text("Two versions side by side. Fields the later version adds are marked in its tree and its bytes, fields it drops in the earlier one's; a field whose type or nullability changed is marked too."),
			app.If(c.unknown != "", func() app.UI {
				return app.P().ID("cmp-unknown").Class("notice").Attr("role", "alert").Text(c.unknown)
			}),
			c.controls(),
			c.dirUI(c.dirs[schema.Request]),
			c.dirUI(c.dirs[schema.Response]),
		),
		footer(),
	)
}

// controls are the two version pickers and the minimal / example switch.
func (c *Compare) controls() app.UI {
	picker := func(label, op string, cur int16, set func(ComparePair, int16) ComparePair) app.UI {
		var opts []app.UI
		for _, v := range c.api.Versions(schema.Request) {
			o := app.Option().Value(strconv.Itoa(int(v))).Text("v" + strconv.Itoa(int(v)))
			if v == cur {
				// Only when true: go-app writes selected="false" as an attribute, which a browser reads as true.
				o = o.Selected(true)
			}
			opts = append(opts, o)
		}
		return app.Label().Class("cmp-pick").Body(
			app.Span().Text(label),
			app.Select().Attr("data-op", op).Aria("label", label+" version").Body(opts...).
				OnChange(func(ctx app.Context, e app.Event) {
					guard(ctx, func() {
						n, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
						if err != nil || c.api.Def(schema.Request, int16(n)) == nil {
							return
						}
						c.choose(ctx, set(c.pair, int16(n)))
					})
				}),
		)
	}
	inst := func(label, op string, example bool) app.UI {
		cls := "btn inst-btn"
		if c.pair.Example == example {
			cls += " on"
		}
		return app.Button().Class(cls).Attr("data-op", op).Aria("pressed", strconv.FormatBool(c.pair.Example == example)).Text(label).
			OnClick(func(ctx app.Context, e app.Event) {
				guard(ctx, func() {
					p := c.pair
					p.Example = example
					c.choose(ctx, p)
				})
			})
	}
	return app.Div().Class("cmp-controls").Body(
		picker("from", "cmp-from", c.pair.From, func(p ComparePair, v int16) ComparePair { p.From = v; return p }),
		picker("to", "cmp-to", c.pair.To, func(p ComparePair, v int16) ComparePair { p.To = v; return p }),
		app.Div().Class("inst-switch").Body(
			inst("minimal", "cmp-minimal", false),
			inst("example", "cmp-example", true),
		),
		// What the marks look like, drawn with the marks' own classes.
		app.Div().Class("cmp-key").Aria("hidden", "true").Body(
			app.Span().Class("b mk-added").Text("00"), app.Text(" added "),
			app.Span().Class("b mk-removed").Text("00"), app.Text(" removed "),
			app.Span().Class("b mk-changed").Text("00"), app.Text(" type, nullability or tag changed"),
		),
	)
}

func (c *Compare) dirUI(d *CompareDir) app.UI {
	title := "Request"
	if d.Dir == schema.Response {
		title = "Response"
	}
	return app.Section().Class("cmp-dir").DataSet("dir", d.Dir.String()).Body(
		app.H2().Text(title+": v"+strconv.Itoa(int(c.pair.From))+" → v"+strconv.Itoa(int(c.pair.To))),
		diffSummary(d, c.pair.Example),
		app.Div().Class("cmp-sides").Body(
			c.sideUI(d, d.Old, "from"),
			c.sideUI(d, d.New, "to"),
		),
	)
}

// diffSummary lists what changed: flexibility, header version, size, fields.
func diffSummary(d *CompareDir, example bool) app.UI {
	ul := app.Ul().Class("cmp-sum").DataSet("compare", d.Dir.String())
	if d.Err != "" {
		return ul.Body(app.Li().Class("cmp-err").Text(d.Err))
	}
	df := d.Diff
	var items []app.UI
	yesNo := func(b bool) string {
		if b {
			return "flexible"
		}
		return "classic"
	}
	if df.FlexibleChanged() {
		items = append(items, app.Li().DataSet("fact", "flexible").Text("encoding: "+yesNo(df.From.Flexible)+" → "+yesNo(df.To.Flexible)))
	}
	if df.HeaderChanged() {
		items = append(items, app.Li().DataSet("fact", "header").Text(d.Dir.String()+" header: v"+strconv.Itoa(int(df.From.Header))+" → v"+strconv.Itoa(int(df.To.Header))))
	}
	size := "minimal frame: " + strconv.Itoa(df.From.MinimalSize) + " → " + strconv.Itoa(df.To.MinimalSize) + " bytes"
	if n := df.SizeChange(); n != 0 {
		size += " (" + signed(n) + ")"
	} else {
		size += " (same size)"
	}
	items = append(items, app.Li().DataSet("fact", "size").Text(size))
	if example && d.Old.Bytes != nil && d.New.Bytes != nil {
		items = append(items, app.Li().DataSet("fact", "example-size").Text("example frame: "+strconv.Itoa(len(d.Old.Bytes))+" → "+strconv.Itoa(len(d.New.Bytes))+" bytes"))
	}
	if len(df.Fields) == 0 {
		items = append(items, app.Li().Text("no field changed"))
	}
	for _, fc := range df.Fields {
		items = append(items, app.Li().Class("cmp-"+changeClass(fc.Change)).DataSet("path", fc.Path).Body(
			app.Span().Class("cmp-ch").Text(changeText(fc)),
			app.Text(" "),
			app.Code().Text(fc.Path),
		))
	}
	return ul.Body(items...)
}

func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// changeClass is the CSS class stem of a change.
func changeClass(c versiondiff.Change) string {
	switch c {
	case versiondiff.Added:
		return "added"
	case versiondiff.Removed:
		return "removed"
	}
	return "changed"
}

// changeText says a field change in a few words.
func changeText(fc *versiondiff.FieldChange) string {
	switch fc.Change {
	case versiondiff.Added:
		return "added (" + fc.Type + fieldNotes(fc) + ")"
	case versiondiff.Removed:
		return "removed (" + fc.Type + fieldNotes(fc) + ")"
	case versiondiff.TypeChanged:
		return "type " + fc.FromType + " → " + fc.ToType
	case versiondiff.Nullable:
		return "may be null"
	case versiondiff.NotNullable:
		return "no longer nullable"
	case versiondiff.Tagged:
		return "now tagged" + tagText(fc)
	case versiondiff.Untagged:
		return "no longer tagged" + tagText(fc)
	}
	return string(fc.Change)
}

func (c *Compare) sideUI(d *CompareDir, s *CompareSide, role string) app.UI {
	v := "v" + strconv.Itoa(int(s.Version))
	head := app.H3().Body(
		app.Text(role+" "),
		app.A().Href(Href(PagePath(c.api, s.Version))).Text(v),
		app.Span().Class("cmp-size").Text(" · "+strconv.Itoa(len(s.Bytes))+" bytes"),
	)
	body := []app.UI{head}
	if s.Notice != "" {
		body = append(body, app.P().Class("cmp-err").Text(s.Notice))
	}
	if s.Tree != nil {
		var rows []app.UI
		// Lazy nodes (records) are built here: a codec bug must not kill the page.
		if err := safely(func() error { s.treeRows(&rows, s.Tree, "", false, false, 0); return nil }); err != nil {
			body = append(body, app.P().Class("cmp-err").Text(err.Error()))
		}
		body = append(body,
			// Plain HTML of the project's own hex and classes: no user data goes in it.
			app.Raw(compareGridHTML(s)),
			app.Div().Class("tree cmp-tree").Attr("role", "tree").Aria("label", d.Dir.String()+" "+v).Body(rows...),
		)
	}
	return app.Div().Class("cmp-side").DataSet("side", role).DataSet("version", strconv.Itoa(int(s.Version))).Body(body...)
}

// treeRows is every node of the tree, open, one row each. The body's
// fields (field is true) carry their path and, when marked, their change;
// their wire parts (a length, tagged fields) and array elements do not.
func (s *CompareSide) treeRows(out *[]app.UI, n *layout.Node, path string, inBody, field bool, depth int) {
	el := app.Div().Class("tn").Attr("role", "treeitem").
		Style("padding-left", strconv.Itoa(depth*12)+"px")
	if field {
		el = el.Attr("data-path", path)
		if m, ok := s.ByPath[path]; ok && n.Buf == 0 {
			el = el.Class("mk-"+changeClass(m.Change)).Attr("data-change", string(m.Change))
		}
	}
	if n.Buf == 0 {
		el = el.Attr("data-off", strconv.Itoa(n.Off)).Attr("data-end", strconv.Itoa(n.End))
	}
	parts := []app.UI{app.Span().Class("nm").Text(n.Name)}
	if n.Type != "" {
		parts = append(parts, app.Span().Class("ty").Text(n.Type))
	}
	if n.Value != "" {
		parts = append(parts, app.Span().Class("va").Text("= "+n.Value))
	}
	parts = append(parts, app.Span().Class("sp").Text(span(n.Off, n.End)))
	*out = append(*out, el.Body(app.Span().Class("sw r"+strconv.Itoa(int(n.Region))), app.Span().Class("tb").Body(parts...)))
	for _, k := range n.Kids() {
		p, body, f := path, inBody, false
		switch {
		case depth == 0 && k.Key == "body":
			body = true
		case body && k.Key != "" && !isIndex(k.Key):
			if p != "" {
				p += "."
			}
			p += k.Key
			f = true
		}
		s.treeRows(out, k, p, body, f, depth+1)
	}
}

// compareCols is the bytes a row of a compare grid: two grids side by side
// fit a laptop screen at 8.
const compareCols = 8

// compareGridHTML is the side's frame as rows of hex cells, each coloured by
// region and marked with the change of the field it belongs to.
func compareGridHTML(s *CompareSide) string {
	var b strings.Builder
	b.WriteString(`<div class="grid cmp-grid">`)
	for lo := 0; lo < len(s.Bytes); lo += compareCols {
		hi := min(lo+compareCols, len(s.Bytes))
		b.WriteString(`<div class="grid-row"><span class="grid-off">`)
		b.WriteString(hex4(lo))
		b.WriteString(`</span><span class="grid-hex">`)
		for i := lo; i < hi; i++ {
			reg := 0
			if i < len(s.Regions) {
				reg = int(s.Regions[i])
			}
			b.WriteString(`<span class="`)
			b.WriteString(regionClass[reg&15])
			if i < len(s.Marked) && s.Marked[i] != "" {
				b.WriteString(" mk-" + changeClass(s.Marked[i]) + `" data-change="` + string(s.Marked[i]))
			}
			b.WriteString(`" data-off="`)
			b.WriteString(strconv.Itoa(i))
			b.WriteString(`">`)
			b.WriteString(hexByte[s.Bytes[i]])
			b.WriteString(`</span>`)
		}
		b.WriteString(`</span></div>`)
	}
	b.WriteString(`</div>`)
	return b.String()
}

// compareLink is the link from a version page to the compare view of its
// API, with that version and the one before it.
func compareLink(a *schema.API, v int16) app.UI {
	p := ComparePair{From: v, To: v}
	prev := int16(-1)
	for _, w := range a.Versions(schema.Request) {
		if w == v && prev >= 0 {
			p.From = prev
		}
		prev = w
	}
	if p.From == p.To {
		if vs := a.Versions(schema.Request); len(vs) > 1 {
			p.To = vs[1]
		}
	}
	return app.P().Class("cmp-link").Body(
		app.A().Href(Href(ComparePath(a) + "#" + p.Fragment())).Text("Compare v" + strconv.Itoa(int(p.From)) + " with v" + strconv.Itoa(int(p.To)) + " side by side"),
	)
}
