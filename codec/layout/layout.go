// Package layout describes where every element of an encoded Kafka frame sits: a tree of nodes with byte spans.
//
// The tree is what the visualizer draws and what the command line prints.
// Every node covers a half-open span [Off, End) of one buffer: the frame,
// or the decompressed bytes of a record batch (Buf > 0). A decode that
// fails keeps every node built before the failure; the node where it
// stopped carries Err.
package layout

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/kafkawire/kafkawire/codec/wire"
)

// Region says which part of the frame a node belongs to; the grid colours bytes by it.
type Region uint8

const (
	RegionNone Region = iota
	RegionFrame
	RegionRequestHeader
	RegionResponseHeader
	RegionRequestBody
	RegionResponseBody
	RegionTagged
	RegionBatch
	RegionRecord
)

var regionNames = [...]string{"", "frame", "request header", "response header", "request body", "response body", "tagged fields", "record batch", "record"}

// regionKeys are the short, stable names used as HTML attribute values and CSS classes.
var regionKeys = [...]string{"", "frame", "header", "header", "body", "body", "tagged", "batch", "record"}

func (r Region) String() string {
	if int(r) < len(regionNames) {
		return regionNames[r]
	}
	return fmt.Sprintf("region(%d)", r)
}

// Key is the short name of the region (frame, header, body, tagged, batch, record).
func (r Region) Key() string {
	if int(r) < len(regionKeys) {
		return regionKeys[r]
	}
	return ""
}

// Node is one element of the layout tree.
type Node struct {
	Name string // field or element name: "Topics", "TopicRequest[0]", "length"
	// Key is the node's step in the message value's path (message.Path): the
	// field name ("Topics"), the element index ("0"), "header" or "body".
	// Nodes of wire-level elements (lengths, tag counts) have none.
	Key   string
	Type  string // wire type as the user reads it: "int16", "[]TopicRequest", "uvarint"
	Value string // the value as text, with what it names: `61 (DescribeProducers)`
	Desc  string // a short description, in the project's own words
	Off   int    // first byte, relative to the start of buffer Buf
	End   int    // one past the last byte
	Buf   int    // 0 for the frame; n > 0 for the n-th decompressed batch buffer
	Region
	// Err says that decoding stopped here, where (an offset in buffer Buf)
	// and what was expected.
	Err *wire.Error
	// Children are the node's parts. A node may build them on first use
	// (see Lazy): read them through Kids unless only what is built matters.
	Children []*Node

	// aside holds what few nodes have, out of line so that every node is
	// smaller: a warning, and how to build lazy children. Nodes copied from
	// one another may share it, so it is replaced, never changed.
	aside *aside
}

type aside struct {
	warn     string
	lazyKids // builds Children on first use; its build is nil once built
}

// Warn says the node decoded, but something is off (a CRC mismatch, a truncated tail); "" for most.
func (n *Node) Warn() string {
	if n.aside == nil {
		return ""
	}
	return n.aside.warn
}

// SetWarn sets the node's warning ("" for none).
func (n *Node) SetWarn(w string) {
	var l lazyKids
	if p := n.lazy(); p != nil {
		l = *p
	}
	n.setAside(w, l)
}

// lazy is what builds the node's children on first use, nil once built.
func (n *Node) lazy() *lazyKids {
	if n.aside == nil || n.aside.build == nil {
		return nil
	}
	return &n.aside.lazyKids
}

func (n *Node) setAside(warn string, lazy lazyKids) {
	if warn == "" && lazy.build == nil {
		n.aside = nil
		return
	}
	n.aside = &aside{warn: warn, lazyKids: lazy}
}

// Span is a run of bytes [Off, End) of a node's buffer in one region.
type Span struct {
	Off, End int
	Region   Region
}

// lazyKids is what a lazy node needs to build its children, and the
// regions of their bytes, known before they are built.
type lazyKids struct {
	build func(*Node)
	spans []Span
}

// Lazy makes build fill the node's children the first time Kids is called.
// The children it builds must lie in the node's own buffer, and their bytes
// in the node's region (LazySpans says otherwise).
// Records use it: a 1 MiB fetch response holds thousands of records, whose
// nodes are built when someone looks at them. Not safe for concurrent use.
func (n *Node) Lazy(build func(*Node)) { n.setAside(n.Warn(), lazyKids{build: build}) }

// LazySpans is Lazy for children some of whose bytes lie in another region
// than the node's (the tagged fields inside a struct array's elements):
// spans lists those bytes, in ascending order, so that the bytes can be
// coloured before the children are built.
func (n *Node) LazySpans(build func(*Node), spans []Span) {
	n.setAside(n.Warn(), lazyKids{build: build, spans: spans})
}

// Pending is the spans a lazy node not built yet holds in regions other
// than its own (see LazySpans); nil once its children are built.
func (n *Node) Pending() []Span {
	if l := n.lazy(); l != nil {
		return l.spans
	}
	return nil
}

// Built reports whether the node's children exist (false until Kids builds lazy ones).
func (n *Node) Built() bool { return n.lazy() == nil }

// Kids returns the node's children, building them first if the node is lazy.
func (n *Node) Kids() []*Node {
	if l := n.lazy(); l != nil {
		build := l.build
		n.setAside(n.Warn(), lazyKids{})
		build(n)
	}
	return n.Children
}

// Count is the number of nodes in the tree under n, n included, up to
// limit, without building any: a lazy node not built yet counts as many
// nodes as it has bytes, a rough measure of what opening it would build
// (a record takes 7 bytes or more and about ten nodes). Counting stops at
// limit, so a tree with a million records unopened costs nothing to size.
func (n *Node) Count(limit int) int {
	count := 0
	var walk func(*Node) bool
	walk = func(c *Node) bool {
		count++
		if c.lazy() != nil {
			count += c.Len()
		}
		if count >= limit {
			return false
		}
		for _, k := range c.Children {
			if !walk(k) {
				return false
			}
		}
		return true
	}
	walk(n)
	return min(count, limit)
}

// Len is the number of bytes the node covers.
func (n *Node) Len() int { return n.End - n.Off }

// Add appends a child and returns it.
func (n *Node) Add(c *Node) *Node {
	n.Children = append(n.Children, c)
	return c
}

// Walk calls fn for n and every descendant, depth first, parents before
// children, building lazy children on the way. fn returning false skips the
// node's children (and leaves lazy ones unbuilt).
func (n *Node) Walk(fn func(n *Node, depth int) bool) { n.walk(fn, 0) }

func (n *Node) walk(fn func(*Node, int) bool, depth int) {
	if !fn(n, depth) {
		return
	}
	for _, c := range n.Kids() {
		c.walk(fn, depth+1)
	}
}

// Deepest returns the path from n to the deepest node of buffer buf whose span holds off,
// or nil when n does not hold it.
func (n *Node) Deepest(buf, off int) []*Node {
	if n.Buf != buf || off < n.Off || off >= n.End {
		// A batch node lives in the frame but its records may live in another buffer.
		if n.Buf != buf {
			// Lazy children live in their node's buffer: no need to build them here.
			for _, c := range n.Children {
				if p := c.Deepest(buf, off); p != nil {
					return append([]*Node{n}, p...)
				}
			}
		}
		return nil
	}
	path := []*Node{n}
	for {
		last := path[len(path)-1]
		var next *Node
		for _, c := range last.Kids() {
			if c.Buf == buf && off >= c.Off && off < c.End {
				next = c
				break
			}
		}
		if next == nil {
			return path
		}
		path = append(path, next)
	}
}

// Failed returns the first node, depth first, that carries an error, or
// nil. It looks at built nodes only: lazy children are built from bytes
// that decoded cleanly, and building them all to look could cost a great deal.
func (n *Node) Failed() *Node {
	if n.Err != nil {
		return n
	}
	for _, c := range n.Children {
		if f := c.Failed(); f != nil {
			return f
		}
	}
	return nil
}

// Text is the tree the way the reference pages draw it: one line per node,
// `name type = value [0xOFFSET, NB] description`, indented with `+--` and `|`.
func (n *Node) Text() string {
	var b strings.Builder
	n.WriteText(&b)
	return b.String()
}

// WriteText writes what Text returns to w as it goes, so a large tree is
// never held as one string.
func (n *Node) WriteText(w io.Writer) error { return n.WriteTextNamed(w, nil) }

// WriteTextNamed is WriteText with what name says a node's value names
// after the value, in parentheses ("TopicId uuid = 3wz… (orders)"); a
// nil name, or "", adds nothing.
func (n *Node) WriteTextNamed(w io.Writer, name func(*Node) string) error {
	bw := bufio.NewWriter(w)
	n.text(bw, "", "", name)
	return bw.Flush()
}

func (n *Node) text(b *bufio.Writer, first, rest string, name func(*Node) string) {
	b.WriteString(first)
	b.WriteString(n.line(name))
	b.WriteByte('\n')
	kids := n.Children
	if n.lazy() != nil {
		// Lazy children are built for the text and dropped after it, so
		// printing a frame holds one record set's nodes at a time, not all.
		tmp := *n
		kids = tmp.Kids()
	}
	for i, c := range kids {
		if i == len(kids)-1 {
			c.text(b, rest+"+-- ", rest+"    ", name)
		} else {
			c.text(b, rest+"+-- ", rest+"|   ", name)
		}
	}
}

// Line is the node alone on one line, without indentation.
func (n *Node) Line() string { return n.line(nil) }

func (n *Node) line(name func(*Node) string) string {
	var b strings.Builder
	b.WriteString(n.Name)
	if n.Type != "" {
		b.WriteByte(' ')
		b.WriteString(n.Type)
	}
	if n.Value != "" {
		b.WriteString(" = ")
		b.WriteString(n.Value)
		if name != nil {
			if s := name(n); s != "" {
				b.WriteString(" (")
				b.WriteString(s)
				b.WriteByte(')')
			}
		}
	}
	if n.Buf > 0 {
		// Offsets in the decompressed bytes above the node, which the tree
		// names (batches[0].records); the buffer's own number, counted from
		// 1, would read as a batch's index.
		fmt.Fprintf(&b, " [decompressed 0x%04x, %dB]", n.Off, n.Len())
	} else {
		fmt.Fprintf(&b, " [0x%04x, %dB]", n.Off, n.Len())
	}
	if n.Desc != "" {
		b.WriteByte(' ')
		b.WriteString(n.Desc)
	}
	if w := n.Warn(); w != "" {
		b.WriteString("  (warning: ")
		b.WriteString(w)
		b.WriteByte(')')
	}
	if n.Err != nil {
		b.WriteString("  <-- error: ")
		b.WriteString(n.Err.Error())
	}
	return b.String()
}
