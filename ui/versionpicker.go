package ui

import (
	"strconv"

	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// VersionPicker links every version of an API, each marked flexible,
// deprecated, removed in Kafka 4.0 or unstable. Plain links: they work in
// the pre-rendered page before the wasm runs. The links sit in one row that
// scrolls sideways on its own (kafkawire.css), so the top bar stays one row
// high however many versions an API has.
type VersionPicker struct {
	app.Compo

	API     string
	Version int16

	shown int16 // the version the strip was last scrolled to
}

// OnMount scrolls the strip to the current version, which may be past its right edge.
func (p *VersionPicker) OnMount(ctx app.Context) {
	p.shown = p.Version
	ctx.Defer(func(app.Context) { p.scrollToCurrent() })
}

// OnUpdate scrolls the strip again when the page moves to another version.
func (p *VersionPicker) OnUpdate(ctx app.Context) {
	if p.Version != p.shown {
		p.shown = p.Version
		ctx.Defer(func(app.Context) { p.scrollToCurrent() })
	}
}

// scrollToCurrent scrolls the strip to put the current version in its
// middle, or as near as a whole version at its left edge allows: a strip
// that starts with the end of a version (the "R" of v0 alone) reads as a
// version of its own.
func (p *VersionPicker) scrollToCurrent() {
	if !p.Mounted() {
		return
	}
	list := p.JSValue().Call("querySelector", ".ver-list")
	cur := p.JSValue().Call("querySelector", ".ver.cur")
	if !list.Truthy() || !cur.Truthy() {
		return
	}
	base := list.Get("offsetLeft").Int() + list.Get("clientLeft").Int()
	want := cur.Get("offsetLeft").Int() - base - list.Get("clientWidth").Int()/2 + cur.Get("offsetWidth").Int()/2
	left := 0
	chips := list.Get("children")
	for i := 0; i < chips.Length(); i++ {
		if off := chips.Index(i).Get("offsetLeft").Int() - base; off <= want {
			left = off
		}
	}
	list.Set("scrollLeft", max(left-1, 0)) // 1px: the strip's padding
	fadeEdges(list)
}

// fadeEdges marks the strip's edges past which it has more versions
// (more-l, more-r), which kafkawire.css fades out: a version cut by an edge
// reads as more to scroll to.
func fadeEdges(list app.Value) {
	left := list.Get("scrollLeft").Float()
	more := list.Get("scrollWidth").Float() - list.Get("clientWidth").Float()
	cl := list.Get("classList")
	cl.Call("toggle", "more-l", left > 1)
	cl.Call("toggle", "more-r", left < more-1)
}

func (p *VersionPicker) onScroll(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		fadeEdges(ctx.JSSrc())
		ctx.PreventUpdate()
	})
}

// flagsText is the long form of a version's flags, for titles and screen readers.
func flagsText(f schema.Flags) string {
	s := ""
	add := func(t string) {
		if s != "" {
			s += ", "
		}
		s += t
	}
	if f.Flexible {
		add("flexible")
	}
	if f.Deprecated {
		add("deprecated")
	}
	if f.Removed {
		add("removed in Kafka 4.0")
	}
	if f.Dropped {
		add("early access, dropped before release")
	}
	if f.Unstable {
		add("unstable")
	}
	return s
}

func (p *VersionPicker) Render() app.UI {
	a := schema.ByName(p.API)
	if a == nil {
		return app.Div().Class("picker")
	}
	var items []app.UI
	for _, v := range a.Versions(schema.Request) {
		f := a.VersionFlags(v)
		cls := versionClass("ver", f)
		if v == p.Version {
			cls += " cur"
		}
		label := "v" + strconv.Itoa(int(v))
		title := label
		if t := flagsText(f); t != "" {
			title += ": " + t
		} else {
			title += ": classic (not flexible)"
		}
		link := app.A().Class(cls).Href(Href(PagePath(a, v))).Title(title).Aria("label", title).Body(
			app.Span().Class("ver-n").Text(label),
			marks(f),
		)
		if v == p.Version {
			link = link.Aria("current", "page")
		}
		items = append(items, link)
	}
	return app.Nav().Class("picker versions").Aria("label", "versions").Body(
		app.Span().Class("picker-label").Text("version"),
		app.Div().Class("ver-list").OnScroll(p.onScroll).Body(items...),
	)
}

// versionClass is the CSS class of a version link: base plus one class per flag.
func versionClass(base string, f schema.Flags) string {
	if f.Flexible {
		base += " flex"
	}
	if f.Deprecated {
		base += " depr"
	}
	if f.Removed || f.Dropped {
		base += " removed"
	}
	if f.Unstable {
		base += " unstable"
	}
	return base
}

// marks are the small flags after a version: F flexible, D deprecated, R removed, E early access (dropped), U unstable.
func marks(f schema.Flags) app.UI {
	var m []app.UI
	if f.Flexible {
		m = append(m, app.Span().Class("mk mk-f").Text("F"))
	}
	if f.Deprecated {
		m = append(m, app.Span().Class("mk mk-d").Text("D"))
	}
	if f.Removed {
		m = append(m, app.Span().Class("mk mk-r").Text("R"))
	}
	if f.Dropped {
		m = append(m, app.Span().Class("mk mk-r").Text("E"))
	}
	if f.Unstable {
		m = append(m, app.Span().Class("mk mk-u").Text("U"))
	}
	if len(m) == 0 {
		return nil
	}
	return app.Span().Class("mks").Aria("hidden", "true").Body(m...)
}
