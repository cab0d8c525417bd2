package ui

import (
	"encoding/binary"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
)

// Edit applies e to a clone of the message and re-encodes it. On success the
// pane shows the new frame and remembers which bytes changed; on failure it
// keeps the last good frame and the error, which the editor of the
// selected field shows. The record batches the edit left as they were are
// taken from the frame before (frame.Rebuild), not parsed again: the
// decoded message they come from is never edited in place, only cloned.
func (p *Pane) Edit(e message.Edit) bool {
	if p.Msg == nil {
		return false
	}
	selID := ""
	if p.Selected != nil {
		selID = p.Info(p.Selected).ID
	}
	var d *frame.Decoded
	var next *message.Message
	err := safely(func() error {
		m := p.Msg.Clone()
		if err := m.Apply(e); err != nil {
			return err
		}
		var err error
		d, err = frame.Rebuild(p.Decoded, m)
		if err != nil {
			return err
		}
		next = m
		return nil
	})
	if err != nil {
		p.EditErr = err.Error()
		return false
	}
	old := p.Bytes()
	p.Msg = next
	p.setDecoded(d)
	p.Changed = diff(old, p.Bytes())
	p.Gen++
	p.EditErr, p.Notice = "", ""
	p.Edited, p.AsGiven = true, false
	// Keep the selection on the same node id when it still exists, else on the edited field.
	p.Selected = p.Node(selID)
	if e.Op == message.OpRemove || p.Selected == nil {
		p.Selected = p.byPath(e.Path.String())
	}
	return true
}

// diff lists the bytes of b that differ from a as [from, to) pairs: bytes
// are compared in place from the front, and the common tail is aligned from
// the back, so an insertion marks only itself and the lengths it changed.
//
// An edit of a 1 MiB frame changes a few bytes of it, so the equal stretches
// are skipped a block at a time (sameBlock) and only the blocks that differ
// are compared byte by byte.
func diff(a, b []byte) []int {
	tail := 0
	for n := min(len(a), len(b)); tail+diffBlock <= n && sameBlock(a[len(a)-tail-diffBlock:], b[len(b)-tail-diffBlock:]); {
		tail += diffBlock
	}
	for tail < len(a) && tail < len(b) && a[len(a)-1-tail] == b[len(b)-1-tail] {
		tail++
	}
	// The tail must not swallow the front: a growing frame still changes its size prefix.
	limit := len(b) - tail
	var out []int
	for i := 0; i < limit; i++ {
		if i+diffBlock <= min(limit, len(a)) && sameBlock(a[i:], b[i:]) {
			i += diffBlock - 1
			continue
		}
		if i < len(a) && a[i] == b[i] {
			continue
		}
		if n := len(out); n > 0 && out[n-1] == i {
			out[n-1] = i + 1
		} else {
			out = append(out, i, i+1)
		}
	}
	return out
}

// diffBlock is how many bytes diff compares at once.
const diffBlock = 64

// sameBlock reports whether the first diffBlock bytes of a and b are equal,
// comparing them 8 at a time: each Uint64 is one load natively and in wasm,
// where bytes.Equal compares a byte at a time.
func sameBlock(a, b []byte) bool {
	a, b = a[:diffBlock], b[:diffBlock]
	for i := 0; i < diffBlock; i += 8 {
		if binary.LittleEndian.Uint64(a[i:]) != binary.LittleEndian.Uint64(b[i:]) {
			return false
		}
	}
	return true
}
