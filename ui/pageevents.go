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
	c.capture = sessionCapture(ctx)
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
		c.forgetReplaced() // the edit is now what Back leaves
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
	p := c.pane(dir)
	if p == nil {
		return
	}
	lost := p.Edited && !p.IsMinimal() && !p.IsExample() // made or given here, not an instance
	keep := lost && c.linkHoldsAll()
	if keep {
		c.flushLink()
	}
	p.Reset()
	if lost {
		c.forgetReplaced() // Undo goes one step back: to this reset's
		p.Replaced, p.Undo = "Reset to the minimal "+dir.String()+".", keep
	}
	c.syncURL()
	if keep {
		c.pushLink()
	}
}

// forgetReplaced takes the panes' notes of a frame replaced away: after an
// edit, or another replacement, a step back is no longer the one they
// offered.
func (c *Page) forgetReplaced() {
	for _, p := range []*Pane{c.req, c.resp} {
		if p != nil {
			p.Replaced, p.Undo = "", false
		}
	}
}

// linkHoldsAll reports whether the page's link holds every frame it shows:
// a step back in the history can then bring them back. A frame too large
// for a link (offered as a file) is in no step; a step back would show the
// minimal instance in its place, and the frame would be lost.
func (c *Page) linkHoldsAll() bool { return len(c.long) == 0 }

// pushLink writes the link at once as a new step of the tab's history,
// after a reset or an instance replaced a frame the user made or was
// given, whose link (written before, flushLink) stays the step before:
// Back, or Undo, brings the frames back.
func (c *Page) pushLink() {
	if !app.IsClient {
		return
	}
	c.pushing = true
	c.flushLink()
	c.pushing = false
}

// Undo goes back to the frames a reset or an instance replaced, a step
// back in the tab's history (pushLink).
func (c *Page) Undo(ctx app.Context) {
	c.flushLink()
	app.Window().Get("history").Call("back")
}

// onPopState loads the frames of the URL that Back or Forward moved to:
// go-app tells the page of a step back only when its URL differs from the
// one go-app last navigated to, and the page writes its URL itself.
func (c *Page) onPopState(ctx app.Context) {
	// A URL write still to come was for the step left: it must not land
	// on this one.
	c.urlSeq++
	c.leaveLink()
	if c.ok && !c.atLocation() {
		c.loadLocation(true)
		c.setTitle(ctx)
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
