package ui

import (
	"encoding/hex"
	"strconv"

	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// FieldEditor edits the selected value in place: a text field for numbers,
// strings, bytes (hex) and uuids, a checkbox for bools, and a button for
// each edit EditorInfo.Actions offers (null toggle, elements, tagged fields,
// batches, records and headers). Values live in the input's value property, never in pre-rendered
// attributes: the editor exists only in the browser, after a selection.
type FieldEditor struct {
	app.Compo

	On   PaneEvents
	Dir  schema.Direction
	Info EditorInfo
	Err  string

	// hexFor is the path whose key, value or header part the user switched
	// to hex (or back to text, when it starts in hex): the mode is the
	// editor's own state, not the message's.
	hexFor    string
	hexToggle bool
	// applied is the text last sent from the input for appliedTo (its path
	// and data-hex), until the props bring the value back (OnUpdate):
	// Escape puts it back, the props being the value before it until the
	// page renders the edit.
	applied, appliedTo string
}

// OnUpdate forgets the text last sent: the props now say what was applied.
func (f *FieldEditor) OnUpdate(ctx app.Context) {
	f.applied, f.appliedTo = "", ""
}

// The handlers below take what they act on from the element the event is
// on (its data-edit path, data-hex, data-action) and from the editor's
// props as they are now, never from variables a closure caught: go-app
// keeps an element's handler when the new one is the same function, and
// a closure made in an earlier render is the same function whatever it
// caught. go-app matches elements by position, so an input or button
// drawn where an earlier one was (the same input after the hex toggle, a
// button of another node's actions) would send what the first caught.

// onAction sends the edit of the action button it is on.
func (f *FieldEditor) onAction(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		i, err := strconv.Atoi(ctx.JSSrc().Get("dataset").Get("action").String())
		if acts := f.Info.Actions(); err == nil && i >= 0 && i < len(acts) {
			f.sendNow(ctx, acts[i].Edit)
		}
	})
}

// editOf says what the input or select an event is on edits: its value
// path, set or set as hex, and its value.
func editOf(ctx app.Context) (path string, op message.Op, text string) {
	src := ctx.JSSrc()
	op = message.OpSet
	if src.Get("dataset").Get("hex").String() == "true" {
		op = message.OpSetHex
	}
	return src.Get("dataset").Get("edit").String(), op, src.Get("value").String()
}

// onValueChange sends the value of the input or select it is on.
func (f *FieldEditor) onValueChange(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		clearDraft() // applied now: no draft left to restore (draft.go)
		path, op, text := editOf(ctx)
		f.applied, f.appliedTo = text, path+" "+ctx.JSSrc().Get("dataset").Get("hex").String()
		f.sendNow(ctx, message.Edit{Op: op, Path: message.ParsePath(path), Text: text})
	})
}

// onValueInput keeps what is typed, not yet applied, so a reload does not
// drop it (draft.go). Nothing re-renders per keystroke.
func (f *FieldEditor) onValueInput(ctx app.Context, e app.Event) {
	ctx.PreventUpdate()
	guard(ctx, func() {
		path, op, text := editOf(ctx)
		saveDraft(Draft{Dir: f.Dir, Path: path, Op: op, Text: text})
	})
}

// onBoolChange sends the state of the checkbox it is on.
func (f *FieldEditor) onBoolChange(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		v := "false"
		if ctx.JSSrc().Get("checked").Bool() {
			v = "true"
		}
		f.sendNow(ctx, message.Edit{Op: message.OpSet, Path: message.ParsePath(ctx.JSSrc().Get("dataset").Get("edit").String()), Text: v})
	})
}

func (f *FieldEditor) sendNow(ctx app.Context, e message.Edit) {
	if f.On != nil {
		f.On.Edit(ctx, f.Dir, e)
	}
}

func (f *FieldEditor) Render() app.UI {
	in := f.Info
	var parts []app.UI
	switch in.Kind {
	case "wire":
		parts = append(parts, app.Span().Class("fe-note").Text("wire-level: computed from the values it frames"))
	case kindRecBytes, kindRecInt, kindRecCodec:
		parts = f.recordParts(in)
	case "scalar":
		if !in.Null {
			parts = append(parts,
				app.Label().Class("fe-label").Text(in.Type),
				f.input(in, in.Text, message.OpSet),
			)
			parts = append(parts, in.hints()...)
		}
	case "bool":
		parts = append(parts,
			app.Label().Class("fe-check").Body(
				app.Input().Type("checkbox").Checked(in.Text == "true").Attr("data-edit", in.Path).
					OnChange(f.onBoolChange),
				app.Text(" true"),
			))
	}
	for i, a := range in.Actions() {
		parts = append(parts, app.Button().Class(a.Class).Attr("data-op", a.DataOp).Attr("data-action", i).Text(a.Label).OnClick(f.onAction))
	}
	if f.Err != "" {
		parts = append(parts, app.Span().Class("fe-err").Attr("role", "alert").Text(f.Err))
	}
	return app.Div().Class("fe").Body(parts...)
}

// hexMode tells whether the key, value or header part is edited as hex.
func (f *FieldEditor) hexMode() bool {
	on := f.Info.Hex
	if f.hexFor == f.Info.Path && f.hexToggle {
		on = !on
	}
	return on
}

// recordParts are the controls for a node inside a records field.
func (f *FieldEditor) recordParts(in EditorInfo) []app.UI {
	var parts []app.UI
	switch in.Kind {
	case kindRecBytes:
		if in.Null {
			break
		}
		hexOn := f.hexMode()
		val, op, typ := in.Text, message.OpSet, "UTF-8 text"
		if hexOn {
			val, op, typ = hex.EncodeToString([]byte(in.Text)), message.OpSetHex, "hex"
		}
		parts = append(parts,
			app.Label().Class("fe-label").Text(typ),
			f.input(in, val, op),
		)
		if in.Hex {
			// Bytes that are not UTF-8 have no text form to switch to.
			parts = append(parts, app.Span().Class("fe-hint").Text("not UTF-8: hex only"))
		} else {
			label := "edit as hex"
			if hexOn {
				label = "edit as text"
			}
			parts = append(parts, app.Button().Class("btn").Attr("data-op", "hexmode").Text(label).OnClick(f.onHexMode))
		}
		parts = append(parts, app.Span().Class("fe-hint").Text(strconv.Itoa(len(in.Text))+" bytes"))
	case kindRecInt:
		parts = append(parts,
			app.Label().Class("fe-label").Text(in.Type),
			f.input(in, in.Text, message.OpSet),
			app.Span().Class("fe-hint").Text(hint(in.Type)),
		)
	case kindRecCodec:
		codecs := records.Codecs()
		opts := make([]app.UI, len(codecs))
		for i, codec := range codecs {
			c := codec.String()
			o := app.Option().Value(c).Text(c)
			if c == in.Text {
				o = o.Selected(true)
			}
			opts[i] = o
		}
		parts = append(parts,
			app.Label().Class("fe-label").Text("compression"),
			app.Select().Class("fe-input").Attr("data-edit", in.Path).Attr("data-hex", "false").Aria("label", message.DisplayPath(in.Path)+" (compression codec)").
				OnChange(f.onValueChange).Body(opts...),
		)
	}
	return parts
}

// input is a text field that applies op to the message on change: on Enter
// (an on-screen keyboard's "done" key) or on leaving the field, so a typed
// value is never dropped by a click elsewhere.
func (f *FieldEditor) input(in EditorInfo, val string, op message.Op) app.UI {
	return app.Input().Class("fe-input").Type("text").Value(val).
		Attr("spellcheck", "false").Attr("autocomplete", "off").Attr("enterkeyhint", "done").
		Attr("data-edit", in.Path).Attr("data-hex", strconv.FormatBool(op == message.OpSetHex)).
		Aria("label", message.DisplayPath(in.Path)+" ("+in.Type+")").
		OnChange(f.onValueChange).
		OnInput(f.onValueInput).
		OnKeyDown(f.onValueKey)
}

// onValueKey puts the value back as the editor shows it on Escape, before
// the tree (LayoutTree.onKey) moves the focus back to the row: a value
// typed and left by Escape is dropped, not applied.
func (f *FieldEditor) onValueKey(ctx app.Context, e app.Event) {
	ctx.PreventUpdate()
	guard(ctx, func() {
		if e.Get("key").String() != "Escape" {
			return
		}
		src := ctx.JSSrc()
		in := f.Info
		if src.Get("dataset").Get("edit").String() != in.Path {
			return
		}
		val := in.Text
		if in.Kind == kindRecBytes && src.Get("dataset").Get("hex").String() == "true" {
			val = hex.EncodeToString([]byte(in.Text))
		}
		if f.appliedTo == in.Path+" "+src.Get("dataset").Get("hex").String() {
			val = f.applied // sent, and not yet rendered back
		}
		src.Set("value", val)
		clearDraft()
	})
}

func (f *FieldEditor) onHexMode(ctx app.Context, e app.Event) {
	if f.hexFor != f.Info.Path {
		f.hexFor, f.hexToggle = f.Info.Path, true
		return
	}
	f.hexToggle = !f.hexToggle
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
		return "UTF-8; applies on Enter or on leaving the field"
	}
	return "applies on Enter or on leaving the field"
}
