package ui

import (
	"time"

	"github.com/kafkawire/kafkawire/codec/hexin"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// copyFormats are the forms "Copy as" offers, with the names people know them by.
var copyFormats = []struct {
	Label string
	F     hexin.Format
}{
	{"hex", hexin.Hex},
	{"hexdump -C", hexin.HexdumpC},
	{"base64", hexin.Base64},
	{"Go []byte", hexin.GoLiteral},
	{"Java", hexin.Java},
	{"Python bytes", hexin.PythonBytes},
	{"C array", hexin.CArray},
}

// CopyText is the frame b written in format f, as "Copy as" copies it.
func CopyText(b []byte, f hexin.Format) string {
	var s string
	if err := safely(func() error { s = hexin.FormatAs(b, f); return nil }); err != nil {
		return ""
	}
	return s
}

// CopyAs copies a pane's frame to the clipboard in one of copyFormats: a
// menu beside "Copy hex". Every format reads back with the paste box.
type CopyAs struct {
	app.Compo

	Dir   schema.Direction
	Bytes []byte

	copied string // the label of the format just copied, for a moment
	gen    int
}

func (c *CopyAs) Render() app.UI {
	opts := []app.UI{app.Option().Value("").Text("Copy as…").Selected(true)}
	for _, f := range copyFormats {
		opts = append(opts, app.Option().Value(string(f.F)).Text(f.Label))
	}
	var done app.UI
	if c.copied != "" {
		done = app.Span().Class("copied").Attr("role", "status").Text("copied as " + c.copied + " ✓")
	}
	return app.Span().Class("copyas").Body(
		app.Select().Class("btn sel-btn").Attr("data-op", "copy-as").
			Aria("label", "copy the "+c.Dir.String()+" as").
			OnChange(c.onChange).Body(opts...),
		done,
	)
}

func (c *CopyAs) onChange(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		sel := ctx.JSSrc()
		f := hexin.Format(sel.Get("value").String())
		sel.Set("value", "")
		label := ""
		for _, x := range copyFormats {
			if x.F == f {
				label = x.Label
			}
		}
		if label == "" {
			return
		}
		text := CopyText(c.Bytes, f)
		if cb := app.Window().Get("navigator").Get("clipboard"); cb.Truthy() {
			cb.Call("writeText", text)
		}
		c.copied = label
		c.gen++
		gen := c.gen
		ctx.After(1800*time.Millisecond, func(ctx app.Context) {
			if c.gen == gen {
				c.copied = ""
			}
		})
	})
}
