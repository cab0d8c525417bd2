package ui

import (
	"bytes"
	"errors"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// Pane is the view model of one message (the request or the response) on a
// page: the last message that encoded, its frame and layout, and what the
// user has selected. Its jobs sit in one file each: this one holds the
// state and replaces it (a new instance, a restored frame, a reset);
// nodeinfo.go says where a node is, paneedit.go applies edits,
// editorinfo.go says what the editor offers, regions.go paints regions.
// Every codec call goes through it, guarded against panics.
type Pane struct {
	Dir     schema.Direction
	Msg     *message.Message // the last good message; edits apply to a clone of it
	Decoded *frame.Decoded   // its frame and layout tree
	Regions []byte           // layout.Region of every byte of the frame
	Gen     int              // bumped on every successful edit
	Changed []int            // [a, b) pairs: bytes the last edit changed
	Edited  bool             // changed by the user (an edit, a link or a paste): its frame goes in the URL
	AsGiven bool             // the frame is as a link, a paste or a capture gave it, not edited since
	EditErr string           // the last edit's error, shown beside the field
	Notice  string           // a message about the pane as a whole (a shared link that did not decode)
	// Replaced says what a reset or an instance just put in place of a
	// frame the user made or was given ("Reset to the minimal request"),
	// "" otherwise; Undo, that the frame is a step back in the history,
	// which Back or the Undo beside the words brings back.
	Replaced string
	Undo     bool
	// Folded says the pane's tree starts with only the frame's parts
	// showing: it is the minimal instance beside the frame a link or a
	// paste gave, which is what the user came to see.
	Folded bool

	Selected *layout.Node // the selected node (click, keyboard or tree)
	Hovered  *layout.Node // the node under the pointer
	Cursor   int          // the keyboard cursor byte

	minimal    []byte                    // the frame of the minimal instance, which IsMinimal compares with
	infos      map[*layout.Node]NodeInfo // Info of the nodes asked about
	bufRegions map[int][]byte            // regions of decompressed buffers shown
}

// safely runs f and turns a panic into an error, so that no codec bug can kill the page.
func safely(f func() error) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = errors.New("internal error (please report): " + panicText(p))
		}
	}()
	return f()
}

func panicText(p any) string {
	switch x := p.(type) {
	case error:
		return x.Error()
	case string:
		return x
	}
	return "panic"
}

// NewPane builds the minimal instance of api at version v in direction dir.
func NewPane(api *schema.API, v int16, dir schema.Direction) *Pane {
	p := &Pane{Dir: dir, Cursor: -1}
	err := safely(func() error {
		m := message.Minimal(api, v, dir)
		d, err := frame.Build(m)
		if err != nil {
			if d == nil {
				return err
			}
			p.Notice = err.Error()
		}
		p.Msg = m
		p.setDecoded(d)
		p.minimal = p.Bytes()
		return nil
	})
	if err != nil {
		p.Notice = err.Error()
		p.setDecoded(&frame.Decoded{Bufs: [][]byte{nil}, Tree: &layout.Node{Name: api.Name}})
	}
	return p
}

// Restore replaces the pane's message with the one decoded from frame b.
// A frame that does not decode cleanly is shown as far as it went, with a
// notice; edits then start from the minimal instance.
func (p *Pane) Restore(b []byte) {
	if p.Msg == nil {
		return
	}
	api, v := p.Msg.API, p.Msg.Version
	p.AsGiven = true
	perfMark("kw-decode-start")
	err := safely(func() error {
		d := frame.Decode(b, api, v, p.Dir)
		perfMark("kw-decode-end")
		if d.Err != nil {
			p.Notice = "the shared " + p.Dir.String() + " did not decode: " + d.Err.Error()
			p.setDecoded(d)
			return nil
		}
		p.Msg = d.Msg
		p.setDecoded(d)
		p.Edited = true
		return nil
	})
	if err != nil {
		p.Notice = err.Error()
	}
}

// IsMinimal reports whether the frame is byte for byte the minimal instance
// the page starts with, however it got there (a paste of the same bytes, an
// edit undone by hand).
func (p *Pane) IsMinimal() bool {
	return p.minimal != nil && bytes.Equal(p.Bytes(), p.minimal)
}

// Bytes is the frame.
func (p *Pane) Bytes() []byte {
	if p.Decoded == nil || len(p.Decoded.Bufs) == 0 {
		return nil
	}
	return p.Decoded.Bufs[0]
}

func (p *Pane) setDecoded(d *frame.Decoded) {
	p.Decoded = d
	p.Regions = Regions(d.Tree, 0, len(d.Bufs[0]))
	p.bufRegions = nil
	p.infos = nil
	p.Selected = nil
	p.Hovered = nil
}

// Reset brings back the minimal instance.
func (p *Pane) Reset() {
	if p.Msg == nil {
		return
	}
	n := NewPane(p.Msg.API, p.Msg.Version, p.Dir)
	old := p.Bytes()
	gen := p.Gen
	*p = *n
	p.Changed = diff(old, p.Bytes())
	p.Gen = gen + 1
}

// What the pointer and the keyboard point at: the page and the primer's
// examples both move a pane's selection through these.

// HoverAt hovers the deepest node holding byte off of the frame. It reports
// whether the hovered node changed.
func (p *Pane) HoverAt(off int) bool {
	n := p.At(off)
	if n == p.Hovered {
		return false
	}
	p.Hovered = n
	return true
}

// SelectAt puts the cursor on byte off and selects the deepest node holding
// it; a new selection drops the last edit's error.
func (p *Pane) SelectAt(off int) {
	p.Cursor = off
	p.Selected = p.At(off)
	p.EditErr = ""
}

// HoverID hovers the node with id (Node). It reports whether the hovered
// node changed.
func (p *Pane) HoverID(id string) bool {
	n := p.Node(id)
	if n == p.Hovered {
		return false
	}
	p.Hovered = n
	return true
}

// SelectID selects the node with id and, when it is in the frame, puts the
// cursor on its first byte. It reports false, changing nothing, when there
// is no such node.
func (p *Pane) SelectID(id string) bool {
	n := p.Node(id)
	if n == nil {
		return false
	}
	p.Selected, p.EditErr = n, ""
	if n.Buf == 0 {
		p.Cursor = n.Off
	}
	return true
}
