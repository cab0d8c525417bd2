package ui

import (
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// An edit repaints its frame's grid in the event handler that made it, from
// the new bytes and regions, so the bytes change in the frame of the
// keypress; the tree and the rest of the page follow on go-app's next tick
// (8 ms later at its 120 fps, then the browser's next frame).

// pageGrid names the frame grid of one direction of one page.
type pageGrid struct {
	page *Page
	dir  schema.Direction
}

// pageGrids are the mounted frame grids (not decompressed buffers) that
// report to a Page, registered on mount and removed on dismount. Only the UI
// goroutine touches it.
var pageGrids = map[pageGrid]*ByteGrid{}

func (g *ByteGrid) register(ctx app.Context) {
	pg, ok := g.On.(*Page)
	if !ok || g.Buf != 0 {
		return
	}
	g.update = ctx.Update
	pageGrids[pageGrid{pg, g.Dir}] = g
}

func (g *ByteGrid) OnDismount() {
	if pg, ok := g.On.(*Page); ok {
		k := pageGrid{pg, g.Dir}
		if pageGrids[k] == g {
			delete(pageGrids, k)
		}
	}
}

// frameSpans are the selected and hovered spans of the pane in its frame,
// as the page's render gives them to the grid ([-1, -1) for none, or a node
// in a decompressed buffer).
func (p *Pane) frameSpans() (selOff, selEnd, hovOff, hovEnd int) {
	selOff, selEnd, hovOff, hovEnd = -1, -1, -1, -1
	if n := p.Selected; n != nil && n.Buf == 0 {
		selOff, selEnd = n.Off, n.End
	}
	if n := p.Hovered; n != nil && n.Buf == 0 {
		hovOff, hovEnd = n.Off, n.End
	}
	return
}

// paintGridNow gives the mounted grid of pane p the props the page's next
// render will give it and paints its rows now, and asks for that render
// once the browser has painted them: a large frame's page render (the tree,
// the details) would otherwise hold back the frame that shows the bytes.
// The render then finds the grid's props unchanged and leaves it alone. It
// reports whether there was a grid to paint (else the caller's update
// renders the page as usual).
func (c *Page) paintGridNow(ctx app.Context, p *Pane) bool {
	g := pageGrids[pageGrid{c, p.Dir}]
	if g == nil || !g.Mounted() || g.update == nil {
		return false
	}
	g.Bytes, g.Regions, g.Gen, g.Changed = p.Bytes(), p.Regions, p.Gen, p.Changed
	g.SelOff, g.SelEnd, g.HovOff, g.HovEnd = p.frameSpans()
	g.Cursor = p.Cursor
	in := p.Inner()
	g.MarkOff, g.MarkEnd = in.MarkOff, in.MarkEnd
	g.OnUpdate(ctx)
	perfMark("kw-edit-bytes")
	// The grid's own update renders it (its spacer follows the frame's
	// size) and every component above it, the page included.
	afterNextPaint(g.update)
	return true
}

// afterNextPaint runs f in a task after the browser's next animation
// frame, that is once what is in the DOM now has been painted.
func afterNextPaint(f func()) {
	if !app.IsClient {
		f()
		return
	}
	w := app.Window()
	var raf, task app.Func
	task = app.FuncOf(func(app.Value, []app.Value) any {
		task.Release()
		f()
		return nil
	})
	raf = app.FuncOf(func(app.Value, []app.Value) any {
		raf.Release()
		w.Call("setTimeout", task, 0)
		return nil
	})
	w.Call("requestAnimationFrame", raf)
}
