package ui

import (
	"strconv"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// InnerView is the decompressed buffer shown beside the frame: the records
// of a compressed batch live in bytes of their own, with their own offsets.
// It is shown while the selected (or else the hovered) node lives in such a
// buffer, or is the compressed payload itself; the payload's span in the
// frame is marked in the frame grid. Buf is 0 when nothing is shown.
type InnerView struct {
	Buf            int
	Title          string // "Records.batches[0].records: 1204 bytes decompressed from the 312 marked in the frame"
	Bytes          []byte
	Regions        []byte
	SelOff, SelEnd int
	HovOff, HovEnd int
	MarkOff        int // the compressed payload in the frame
	MarkEnd        int
}

// BufEvents receives what the user does in a decompressed buffer's grid.
// The Page implements it beside PaneEvents.
type BufEvents interface {
	HoverBufByte(ctx app.Context, dir schema.Direction, buf, off int) bool
	SelectBufByte(ctx app.Context, dir schema.Direction, buf, off int) bool
}

// bufOf is the decompressed buffer node n belongs to or opens (the
// compressed payload node, whose child is the decompressed one), or 0.
func bufOf(n *layout.Node) int {
	if n == nil {
		return 0
	}
	if n.Buf > 0 {
		return n.Buf
	}
	if kids := n.Kids(); len(kids) > 0 && kids[0].Buf > 0 {
		return kids[0].Buf
	}
	return 0
}

// payload is the frame node holding the compressed bytes of buffer k: the
// first frame node with a child in buffer k.
func (p *Pane) payload(k int) *layout.Node {
	var found *layout.Node
	var walk func(n *layout.Node) bool
	walk = func(n *layout.Node) bool {
		if n.Buf != 0 {
			return false
		}
		for _, c := range n.Children {
			if c.Buf == k {
				found = n
				return true
			}
			if walk(c) {
				return true
			}
		}
		return false
	}
	if p.Decoded != nil {
		walk(p.Decoded.Tree)
	}
	return found
}

// Inner is the decompressed view the selection and hover call for.
func (p *Pane) Inner() InnerView {
	v := InnerView{SelOff: -1, SelEnd: -1, HovOff: -1, HovEnd: -1, MarkOff: -1, MarkEnd: -1}
	k := bufOf(p.Selected)
	if k == 0 {
		k = bufOf(p.Hovered)
	}
	if k == 0 || p.Decoded == nil || k >= len(p.Decoded.Bufs) {
		return v
	}
	v.Buf, v.Bytes, v.Regions = k, p.Decoded.Bufs[k], p.BufRegions(k)
	if pl := p.payload(k); pl != nil {
		v.MarkOff, v.MarkEnd = pl.Off, pl.End
		v.Title = p.bufName(k) + ": " + itoa(len(v.Bytes)) + " bytes decompressed from the " + itoa(pl.Len()) + " marked in the frame"
	}
	if n := p.Selected; n != nil && n.Buf == k {
		v.SelOff, v.SelEnd = n.Off, n.End
	}
	if n := p.Hovered; n != nil && n.Buf == k {
		v.HovOff, v.HovEnd = n.Off, n.End
	}
	return v
}

// bufName names decompressed buffer k by the node of its compressed bytes,
// as the breadcrumb does (Records.batches[0].records), never by the
// buffer's number, which counts from 1 beside batches counted from 0.
func (p *Pane) bufName(k int) string {
	if pl := p.payload(k); pl != nil {
		if c := p.Info(pl).Crumb; c != "" {
			return c
		}
	}
	return "a compressed batch"
}

// AtBuf is the deepest node holding byte off of buffer buf, or nil.
func (p *Pane) AtBuf(buf, off int) *layout.Node {
	if buf == 0 {
		return p.At(off)
	}
	if p.Decoded == nil || buf >= len(p.Decoded.Bufs) || off < 0 || off >= len(p.Decoded.Bufs[buf]) {
		return nil
	}
	path := p.Decoded.Tree.Deepest(buf, off)
	if len(path) == 0 {
		return nil
	}
	return path[len(path)-1]
}

// innerGrid draws the decompressed buffer below the frame grid, or nothing.
func innerGrid(on PaneEvents, dir schema.Direction, v InnerView) app.UI {
	if v.Buf == 0 {
		return nil
	}
	return app.Div().Class("inner").DataSet("buf", strconv.Itoa(v.Buf)).Body(
		app.Div().Class("inner-title").Text(v.Title),
		&ByteGrid{On: on, Dir: dir, Buf: v.Buf, Bytes: v.Bytes, Regions: v.Regions,
			SelOff: v.SelOff, SelEnd: v.SelEnd, HovOff: v.HovOff, HovEnd: v.HovEnd, Cursor: -1,
			MarkOff: -1, MarkEnd: -1},
	)
}
