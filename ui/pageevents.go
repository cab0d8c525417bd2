package ui

import (
	"encoding/hex"
	"time"

	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// What the user does in a page's panes (PaneEvents, BufEvents) and its paste
// box (PasteShower) lands here: each event changes one pane's state, and
// go-app re-renders the page from it.

// ShowPaste implements PasteShower: the paste box has put frames into this page's fragment.
func (c *Page) ShowPaste(ctx app.Context) {
	c.loadLocation(false)
	c.setTitle(ctx)
}

func (c *Page) pane(dir schema.Direction) *Pane {
	if dir == schema.Response {
		return c.resp
	}
	return c.req
}

// HoverByte implements PaneEvents.
func (c *Page) HoverByte(ctx app.Context, dir schema.Direction, off int) bool {
	p := c.pane(dir)
	return p != nil && p.HoverAt(off)
}

// SelectByte implements PaneEvents.
func (c *Page) SelectByte(ctx app.Context, dir schema.Direction, off int) bool {
	p := c.pane(dir)
	if p == nil {
		return false
	}
	p.SelectAt(off)
	return true
}

// HoverNode implements PaneEvents.
func (c *Page) HoverNode(ctx app.Context, dir schema.Direction, id string) bool {
	p := c.pane(dir)
	return p != nil && p.HoverID(id)
}

// SelectNode implements PaneEvents.
func (c *Page) SelectNode(ctx app.Context, dir schema.Direction, id string) bool {
	p := c.pane(dir)
	return p != nil && p.SelectID(id)
}

// Edit implements PaneEvents.
func (c *Page) Edit(ctx app.Context, dir schema.Direction, e message.Edit) {
	p := c.pane(dir)
	if p == nil {
		return
	}
	perfMark("kw-edit-start")
	if p.Edit(e) {
		painted := c.paintGridNow(ctx, p)
		c.syncURL()
		if painted {
			// The bytes are painted (kw-edit-bytes); the page renders after the browser shows them.
			ctx.PreventUpdate()
			return
		}
	}
	perfMark("kw-edit-applied")
	ctx.Defer(func(app.Context) { perfMark("kw-edit-rendered") })
}

// Reset implements PaneEvents.
func (c *Page) Reset(ctx app.Context, dir schema.Direction) {
	if p := c.pane(dir); p != nil {
		p.Reset()
		c.syncURL()
	}
}

// CopyHex implements PaneEvents.
func (c *Page) CopyHex(ctx app.Context, dir schema.Direction) {
	p := c.pane(dir)
	if p == nil || !app.IsClient {
		return
	}
	h := hex.EncodeToString(p.Bytes())
	if cb := app.Window().Get("navigator").Get("clipboard"); cb.Truthy() {
		cb.Call("writeText", h)
	}
	c.copied[dir] = true
	ctx.After(1500*time.Millisecond, func(ctx app.Context) { c.copied[dir] = false })
}

// HoverBufByte implements BufEvents.
func (c *Page) HoverBufByte(ctx app.Context, dir schema.Direction, buf, off int) bool {
	p := c.pane(dir)
	if p == nil {
		return false
	}
	n := p.AtBuf(buf, off)
	if n == nil && off >= 0 {
		return false
	}
	if n == p.Hovered {
		return false
	}
	p.Hovered = n
	return true
}

// SelectBufByte implements BufEvents.
func (c *Page) SelectBufByte(ctx app.Context, dir schema.Direction, buf, off int) bool {
	p := c.pane(dir)
	if p == nil {
		return false
	}
	n := p.AtBuf(buf, off)
	if n == nil {
		return false
	}
	p.Selected, p.EditErr = n, ""
	return true
}
