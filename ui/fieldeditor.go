package ui

import (
	"strings"

	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// FieldEditor edits the selected value in place: a text field for numbers,
// strings, bytes (hex) and uuids, a checkbox for bools, a null toggle where
// the field is nullable, element and tagged-field buttons for arrays and
// structs. Values live in the input's value property, never in pre-rendered
// attributes: the editor exists only in the browser, after a selection.
type FieldEditor struct {
	app.Compo

	On   PaneEvents
	Dir  schema.Direction
	Info EditorInfo
	Err  string
}

func (f *FieldEditor) edit(op, path, text string) app.EventHandler {
	return func(ctx app.Context, e app.Event) {
		guard(ctx, func() {
			if f.On != nil {
				f.On.Edit(ctx, f.Dir, op, path, text)
			}
		})
	}
}

func parentPath(p string) string {
	if i := strings.LastIndexByte(p, '.'); i >= 0 {
		return p[:i]
	}
	return p
}

func (f *FieldEditor) Render() app.UI {
	in := f.Info
	var parts []app.UI
	switch in.Kind {
	case "wire":
		parts = append(parts, app.Span().Class("fe-note").Text("wire-level: computed from the values it frames"))
	case "records":
		parts = append(parts, app.Span().Class("fe-note").Text("records: editing comes with the record-batch work"))
	case "scalar":
		if !in.Null {
			parts = append(parts,
				app.Label().Class("fe-label").Text(in.Type),
				app.Input().Class("fe-input").Type("text").Value(in.Text).
					Attr("spellcheck", "false").Attr("autocomplete", "off").
					Attr("data-edit", in.Path).
					Aria("label", in.Path+" ("+in.Type+")").
					OnChange(func(ctx app.Context, e app.Event) {
						guard(ctx, func() {
							if f.On != nil {
								f.On.Edit(ctx, f.Dir, "set", in.Path, ctx.JSSrc().Get("value").String())
							}
						})
					}),
			)
			parts = append(parts, app.Span().Class("fe-hint").Text(hint(in.Type)))
		}
	case "bool":
		parts = append(parts,
			app.Label().Class("fe-check").Body(
				app.Input().Type("checkbox").Checked(in.Text == "true").Attr("data-edit", in.Path).
					OnChange(func(ctx app.Context, e app.Event) {
						guard(ctx, func() {
							v := "false"
							if ctx.JSSrc().Get("checked").Bool() {
								v = "true"
							}
							if f.On != nil {
								f.On.Edit(ctx, f.Dir, "set", in.Path, v)
							}
						})
					}),
				app.Text(" true"),
			))
	case "array":
		if !in.Null {
			parts = append(parts, app.Button().Class("btn").Attr("data-op", "append").Text("+ element").OnClick(f.edit("append", in.Path, "")))
		}
	case "element":
		parts = append(parts,
			app.Button().Class("btn").Attr("data-op", "duplicate").Text("duplicate").OnClick(f.edit("duplicate", in.Path, "")),
			app.Button().Class("btn danger").Attr("data-op", "remove").Text("remove").OnClick(f.edit("remove", in.Path, "")),
		)
	}
	if in.Nullable && in.Kind != "wire" {
		op, label := "null", "set to null"
		if in.Null {
			op, label = "present", "give it a value"
		}
		parts = append(parts, app.Button().Class("btn").Attr("data-op", op).Text(label).OnClick(f.edit(op, in.Path, "")))
	}
	if in.Tagged && !in.Null && in.Path != "" {
		name := in.Path[strings.LastIndexByte(in.Path, '.')+1:]
		parts = append(parts, app.Button().Class("btn danger").Attr("data-op", "rmtag").Text("remove tagged field").
			OnClick(f.edit("rmtag", parentPath(in.Path), name)))
	}
	for i, name := range in.Tags {
		if in.TagsOn[i] {
			continue
		}
		parts = append(parts, app.Button().Class("btn tag").Attr("data-op", "addtag").Text("+ tagged "+name).OnClick(f.edit("addtag", in.Path, name)))
	}
	if f.Err != "" {
		parts = append(parts, app.Span().Class("fe-err").Attr("role", "alert").Text(f.Err))
	}
	return app.Div().Class("fe").Body(parts...)
}

func hint(typ string) string {
	switch typ {
	case "int8":
		return "-128 to 127"
	case "int16":
		return "-32768 to 32767"
	case "uint16":
		return "0 to 65535"
	case "int32":
		return "-2147483648 to 2147483647"
	case "uint32":
		return "0 to 4294967295"
	case "int64":
		return "64-bit signed"
	case "bytes":
		return "hex"
	case "uuid":
		return "base64url (22 chars) or hex"
	case "string":
		return "UTF-8; Enter to apply"
	}
	return "Enter to apply"
}
