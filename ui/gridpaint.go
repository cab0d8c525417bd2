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
// render will give it, and paints its rows now. That render then finds the
// props unchanged and leaves the grid alone.
func (c *Page) paintGridNow(ctx app.Context, p *Pane) {
	g := pageGrids[pageGrid{c, p.Dir}]
	if g == nil || !g.Mounted() {
		return
	}
	rows := g.rows()
	g.Bytes, g.Regions, g.Gen, g.Changed = p.Bytes(), p.Regions, p.Gen, p.Changed
	g.SelOff, g.SelEnd, g.HovOff, g.HovEnd = p.frameSpans()
	g.Cursor = p.Cursor
	in := p.Inner()
	g.MarkOff, g.MarkEnd = in.MarkOff, in.MarkEnd
	g.OnUpdate(ctx)
	if g.rows() != rows && g.update != nil {
		// The spacer's height is the grid's own render: ask for it.
		g.update()
	}
}
