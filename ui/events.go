package ui

import (
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// PaneEvents receives what the user does in a message pane. The Page
// implements it; components hold it as a prop (an interface over one
// pointer, which go-app compares cheaply) and call it from their event
// handlers, after which go-app re-renders the page and its children.
// Methods report whether anything changed, so a handler can skip a render.
type PaneEvents interface {
	HoverByte(ctx app.Context, dir schema.Direction, off int) bool
	SelectByte(ctx app.Context, dir schema.Direction, off int) bool
	HoverNode(ctx app.Context, dir schema.Direction, id string) bool
	SelectNode(ctx app.Context, dir schema.Direction, id string) bool
	Edit(ctx app.Context, dir schema.Direction, e message.Edit)
	Reset(ctx app.Context, dir schema.Direction)
	CopyHex(ctx app.Context, dir schema.Direction)
}

// guard turns a panic in an event handler into a logged error: a panic in
// wasm would kill the page, and the last good state is worth keeping.
func guard(ctx app.Context, f func()) {
	defer func() {
		if p := recover(); p != nil {
			app.Log("kafkawire: recovered: " + panicText(p))
		}
	}()
	f()
}

// hexByte is every byte as two hex digits, built once: the grid never formats a byte.
var hexByte = func() (t [256]string) {
	const digits = "0123456789abcdef"
	for i := range t {
		t[i] = string([]byte{digits[i>>4], digits[i&15]})
	}
	return t
}()

// asciiByte is every byte as its printable character, or a dot.
var asciiByte = func() (t [256]string) {
	for i := range t {
		if i >= 0x20 && i < 0x7f {
			t[i] = string(rune(i))
		} else {
			t[i] = "."
		}
	}
	return t
}()

// hex4 writes an offset with at least four hex digits.
func hex4(n int) string {
	const digits = "0123456789abcdef"
	var b [16]byte
	i := len(b)
	for n > 0 || i > len(b)-4 {
		i--
		b[i] = digits[n&15]
		n >>= 4
	}
	return string(b[i:])
}

// span writes [0x000f, 9B] the way the reference pages do.
func span(off, end int) string {
	return "[0x" + hex4(off) + ", " + itoa(end-off) + "B]"
}
