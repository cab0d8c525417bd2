package ui

import (
	"strconv"
	"strings"

	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/versiondiff"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Changes is the "since vN-1" panel of a version page: what the request and
// the response changed from the version before, as codec/versiondiff finds
// it (fields added, removed, retyped, made nullable or tagged; flexible
// encoding and header version; the minimal frame's size). It renders on the
// server too, so the static page says what is new before the wasm runs.
type Changes struct {
	app.Compo

	API     string
	Version int16
}

func (c *Changes) Render() app.UI {
	a := schema.ByName(c.API)
	if a == nil || a.Def(schema.Request, c.Version) == nil {
		return app.Section().Class("changes")
	}
	v := "v" + strconv.Itoa(int(c.Version))
	var title string
	var body []app.UI
	prev := int16(-1)
	for _, dir := range []schema.Direction{schema.Request, schema.Response} {
		d, err := versiondiff.Since(a, dir, c.Version)
		switch {
		case err != nil:
			body = append(body, changesDir(dir, []app.UI{app.Li().Class("ch-err").Text("cannot compare: " + err.Error())}))
		case d == nil:
			body = append(body, changesDir(dir, []app.UI{app.Li().Text(v + " is the first version of the " + dir.String() + ".")}))
		default:
			prev = d.From.Version
			body = append(body, changesDir(dir, changeItems(d)))
		}
	}
	if prev < 0 {
		title = "New in " + v + ": the first version of " + a.Name
	} else {
		title = "Since v" + strconv.Itoa(int(prev))
	}
	// The attribute holds the API's name from the catalogue and the version, never user data.
	return app.Section().Class("changes").DataSet("changes", a.Name+" "+v).Aria("label", "What changed in "+a.Name+" "+v).Body(
		append([]app.UI{app.H2().Class("ch-title").Text(title)}, body...)...,
	)
}

// changesDir is one direction's list, headed by its name.
func changesDir(dir schema.Direction, items []app.UI) app.UI {
	return app.Div().Class("ch-dir").DataSet("dir", dir.String()).Body(
		app.H3().Class("ch-head").Text(dir.String()),
		app.Ul().Class("ch-list").Body(items...),
	)
}

// changeItems says what changed in one direction, one short line each: the
// encoding first, then the fields in wire order, then the size.
func changeItems(d *versiondiff.Diff) []app.UI {
	var out []app.UI
	item := func(kind string, parts ...app.UI) {
		out = append(out, app.Li().Class("ch-"+kind).Body(parts...))
	}
	if d.FlexibleChanged() {
		if d.To.Flexible {
			item("flex", app.Text("flexible from this version: compact lengths and tagged fields"))
		} else {
			item("flex", app.Text("no longer flexible: classic lengths, no tagged fields"))
		}
	}
	if d.HeaderChanged() {
		item("header", app.Text("header v"+strconv.Itoa(int(d.From.Header))+" → v"+strconv.Itoa(int(d.To.Header))))
	}
	added := map[string]bool{}
	removed := map[string]bool{}
	for _, f := range d.Fields {
		// A field inside an added or removed struct goes with it: the list
		// names the struct and counts what it holds.
		if within(f.Path, added) && f.Change == versiondiff.Added || within(f.Path, removed) && f.Change == versiondiff.Removed {
			continue
		}
		path := app.Code().Class("ch-path").Text(f.Path)
		switch f.Change {
		case versiondiff.Added:
			added[f.Path] = true
			item("added", app.Span().Class("ch-mark").Text("+"), path, app.Text(" "+f.Type+fieldNotes(f)+inside(d, f)))
		case versiondiff.Removed:
			removed[f.Path] = true
			item("removed", app.Span().Class("ch-mark").Text("−"), path, app.Text(" "+f.Type+inside(d, f)))
		case versiondiff.TypeChanged:
			item("type", path, app.Text(" "+f.FromType+" → "+f.ToType))
		case versiondiff.Nullable:
			item("nullable", path, app.Text(" may be null from this version"))
		case versiondiff.NotNullable:
			item("nullable", path, app.Text(" may no longer be null"))
		case versiondiff.Tagged:
			item("tagged", path, app.Text(" becomes a tagged field"+tagText(f)))
		case versiondiff.Untagged:
			item("tagged", path, app.Text(" is no longer tagged"))
		}
	}
	if n := d.SizeChange(); n != 0 {
		sign := "+"
		if n < 0 {
			sign = "−"
			n = -n
		}
		item("size", app.Text("minimal instance "+strconv.Itoa(d.From.MinimalSize)+" → "+strconv.Itoa(d.To.MinimalSize)+" bytes ("+sign+strconv.Itoa(n)+")"))
	}
	if len(out) == 0 {
		item("same", app.Text("same fields and encoding as v"+strconv.Itoa(int(d.From.Version))+": only the version number differs, which may change what the server does"))
	}
	return out
}

// within reports whether path lies inside one of the paths in set.
func within(path string, set map[string]bool) bool {
	for i := strings.LastIndexByte(path, '.'); i > 0; i = strings.LastIndexByte(path[:i], '.') {
		if set[path[:i]] {
			return true
		}
	}
	return false
}

// inside counts the fields an added or removed struct holds.
func inside(d *versiondiff.Diff, f *versiondiff.FieldChange) string {
	n := 0
	for _, g := range d.Fields {
		if g.Change == f.Change && strings.HasPrefix(g.Path, f.Path+".") {
			n++
		}
	}
	switch n {
	case 0:
		return ""
	case 1:
		return " (1 field inside)"
	}
	return " (" + strconv.Itoa(n) + " fields inside)"
}

// fieldNotes says how an added field is on the wire: nullable, tagged.
func fieldNotes(f *versiondiff.FieldChange) string {
	var notes []string
	if f.IsNullable {
		notes = append(notes, "nullable")
	}
	if f.IsTagged {
		notes = append(notes, "tagged"+tagText(f))
	}
	if len(notes) == 0 {
		return ""
	}
	return ", " + strings.Join(notes, ", ")
}

func tagText(f *versiondiff.FieldChange) string {
	if f.Tag == nil {
		return ""
	}
	return " (tag " + strconv.Itoa(int(*f.Tag)) + ")"
}
