package ui

import (
	"time"

	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// InstanceSwitch chooses what a page's panes start from: the minimal
// instance (the reference pages' smallest legal message) or a realistic
// example. The example is loaded as an edit, so the link carries it.
type InstanceSwitch struct {
	app.Compo

	On      ExampleEvents
	Minimal bool // both panes show the minimal instance
	Example bool // both panes show the example
}

func (s *InstanceSwitch) Render() app.UI {
	button := func(label, op, title string, on, example bool) app.UI {
		b := app.Button().Class("btn inst-btn").Attr("data-op", op).Title(title).
			Attr("aria-pressed", boolText(on)).Text(label).
			OnClick(func(ctx app.Context, e app.Event) {
				guard(ctx, func() {
					if s.On != nil {
						s.On.ShowInstance(ctx, example)
					}
				})
			})
		if on {
			b = b.Class("on")
		}
		return b
	}
	return app.Div().Class("inst-switch").Attr("role", "group").Aria("label", "start from").Body(
		app.Span().Class("inst-label").Text("Show"),
		button("minimal", "show-minimal", "the smallest legal message: defaults, one element per array", s.Minimal, false),
		button("example", "show-example", "a realistic message: topic orders, producer id 4000, two records", s.Example, true),
	)
}

func boolText(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// JSONBox shows a pane's message in the JSON form the CLI reads and writes
// (kafkawire decode --json, encode --json), in a collapsed panel: "Copy as
// JSON", and a text box whose edits re-encode the pane at once. An error
// says the line and column in the text; the pane keeps its last good frame.
type JSONBox struct {
	app.Compo

	On    ExampleEvents
	Dir   schema.Direction
	Bytes []byte // the pane's frame: when it changes, the text follows

	open   bool
	text   string // the text shown
	err    string // why the text does not encode
	typing bool   // the last change of Bytes came from this box: keep the user's text
	copied bool
}

// OnUpdate: the frame changed. A change the box made keeps the text as the
// user wrote it; any other (an edit in the tree, Reset, the example) writes
// the new message into the box.
func (b *JSONBox) OnUpdate(ctx app.Context) {
	if b.typing {
		b.typing = false
		return
	}
	b.err = ""
	if b.open {
		b.refresh(ctx)
	}
}

// refresh writes the pane's JSON into the box.
func (b *JSONBox) refresh(ctx app.Context) {
	if b.On == nil {
		return
	}
	text, err := b.On.PaneJSON(b.Dir)
	b.text = text
	if err != nil {
		b.text, b.err = "", err.Error()
	}
	if app.IsClient && b.Mounted() {
		ctx.Defer(func(app.Context) {
			if ta := b.JSValue().Call("querySelector", "textarea"); ta.Truthy() {
				ta.Set("value", b.text)
			}
		})
	}
}

func (b *JSONBox) Render() app.UI {
	copyLabel := "Copy as JSON"
	if b.copied {
		copyLabel = "Copied ✓"
	}
	var errUI app.UI
	if b.err != "" {
		errUI = app.P().Class("json-err").Attr("role", "alert").Text(b.err)
	}
	d := app.Details().Class("json-box").Attr("data-dir", b.Dir.String()).OnToggle(b.onToggle)
	if b.open {
		d = d.Attr("open", true)
	}
	return d.Body(
		app.Summary().Text(b.Dir.String()+" as JSON"),
		app.If(b.open, func() app.UI {
			return app.Div().Class("json-body").Body(
				app.P().Class("json-help").Text("The message as kafkawire decode --json prints it. Edit it, or paste a message in the same form or its body alone: the bytes follow as you type. Fields left out take their defaults."),
				app.Div().Class("json-tools").Body(
					app.Button().Class("btn").Attr("data-op", "copy-json").Text(copyLabel).OnClick(b.onCopy),
				),
				app.Textarea().Class("json-text").Rows(18).
					Attr("spellcheck", "false").Attr("autocomplete", "off").Attr("autocapitalize", "off").
					Aria("label", "the "+b.Dir.String()+" as JSON").
					Text(b.text).OnInput(b.onInput),
				errUI,
			)
		}),
	)
}

func (b *JSONBox) onToggle(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		open := ctx.JSSrc().Get("open").Bool()
		if open == b.open {
			return
		}
		b.open = open
		if open {
			b.err = ""
			b.refresh(ctx)
		}
	})
}

func (b *JSONBox) onInput(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		b.apply(ctx, ctx.JSSrc().Get("value").String())
	})
}

// apply re-encodes the pane from text.
func (b *JSONBox) apply(ctx app.Context, text string) {
	b.text = text
	if b.On == nil {
		return
	}
	changed, err := b.On.ApplyJSON(ctx, b.Dir, text)
	b.err = ""
	if err != nil {
		b.err = err.Error()
	}
	b.typing = changed
}

func (b *JSONBox) onCopy(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		if b.On == nil {
			return
		}
		text, err := b.On.PaneJSON(b.Dir)
		if err != nil {
			b.err = err.Error()
			return
		}
		if cb := app.Window().Get("navigator").Get("clipboard"); cb.Truthy() {
			cb.Call("writeText", text)
		}
		b.copied = true
		ctx.After(1500*time.Millisecond, func(ctx app.Context) { b.copied = false })
	})
}
