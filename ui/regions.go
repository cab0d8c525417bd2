package ui

import (
	"github.com/kafkawire/kafkawire/codec/layout"
)

// Regions is the layout.Region of every byte of buffer buf (n bytes long)
// as the deepest node over it says. Each byte is written once: a node fills
// only the gaps its children leave, so the cost is linear in bytes plus
// nodes, not bytes times depth.
func Regions(tree *layout.Node, buf, n int) []byte {
	out := make([]byte, n)
	paintRegions(tree, buf, layout.RegionNone, out)
	return out
}

func paintRegions(n *layout.Node, buf int, inherited layout.Region, out []byte) {
	if n.Buf != buf {
		// A node of another buffer may still hold nodes of this one (a batch in
		// the frame holds its decompressed records).
		for _, c := range n.Children {
			paintRegions(c, buf, inherited, out)
		}
		return
	}
	reg := n.Region
	if reg == layout.RegionNone {
		reg = inherited
	}
	lo, hi := max(n.Off, 0), min(n.End, len(out))
	cur := lo
	for _, c := range n.Children {
		if c.Buf == buf && c.Off > cur && reg != layout.RegionNone {
			fill(out, cur, min(c.Off, hi), reg)
		}
		paintRegions(c, buf, reg, out)
		if c.Buf == buf {
			cur = max(cur, c.End)
		}
	}
	if reg != layout.RegionNone && cur < hi {
		fill(out, cur, hi, reg)
	}
	// Children not built yet (a struct array's elements) are in the node's
	// region but for the spans the decode noted, their tagged fields.
	for _, s := range n.Pending() {
		fill(out, max(s.Off, lo), min(s.End, hi), s.Region)
	}
}

// fill sets b[from:to] to r. A span can be most of a 1 MiB frame (a record
// batch), and every edit paints the regions again, so the span is filled by
// doubling copies (memmove, one bulk memory.copy each in wasm) rather than a
// byte at a time: about 20 copies for a MiB instead of a million stores.
func fill(b []byte, from, to int, r layout.Region) {
	if from >= to {
		return
	}
	s := b[from:to]
	s[0] = byte(r)
	for n := 1; n < len(s); n *= 2 {
		copy(s[n:], s[:n])
	}
}

// BufRegions is the regions of decompressed buffer k, computed when first asked.
func (p *Pane) BufRegions(k int) []byte {
	if p.Decoded == nil || k <= 0 || k >= len(p.Decoded.Bufs) {
		return nil
	}
	if r, ok := p.bufRegions[k]; ok {
		return r
	}
	if p.bufRegions == nil {
		p.bufRegions = map[int][]byte{}
	}
	r := Regions(p.Decoded.Tree, k, len(p.Decoded.Bufs[k]))
	p.bufRegions[k] = r
	return r
}
