package frame_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// instance is one (API, direction, version) of the catalogue.
type instance struct {
	api *schema.API
	dir schema.Direction
	v   int16
}

func (in instance) String() string {
	return fmt.Sprintf("%s(%d) %s v%d", in.api.Name, in.api.Key, in.dir, in.v)
}

// allInstances lists every (API, direction, version) the catalogue defines.
func allInstances() []instance {
	var out []instance
	for _, api := range schema.APIs() {
		for _, dir := range []schema.Direction{schema.Request, schema.Response} {
			for _, v := range api.Versions(dir) {
				out = append(out, instance{api, dir, v})
			}
		}
	}
	return out
}

// minimalFrame encodes the minimal instance of in.
func minimalFrame(tb testing.TB, in instance) []byte {
	tb.Helper()
	b, err := frame.Encode(message.Minimal(in.api, in.v, in.dir))
	require.NoError(tb, err, in.String())
	return b
}

// spanProblems lists every frame node (Buf == 0) whose span is inverted or
// reaches outside its parent's, and every pair of frame siblings that overlap
// or go backwards (bit fields sharing exactly the same bytes excepted).
func spanProblems(root *layout.Node) []string {
	var out []string
	var walk func(n *layout.Node, path string)
	walk = func(n *layout.Node, path string) {
		if n.End < n.Off {
			out = append(out, fmt.Sprintf("%s: inverted span [%d, %d)", path, n.Off, n.End))
		}
		if n.Err != nil && n.Err.Off < n.Off {
			out = append(out, fmt.Sprintf("%s: error at %d, before the node's start %d", path, n.Err.Off, n.Off))
		}
		prevOff, prevEnd := -1, -1
		for _, c := range n.Kids() {
			cp := path + "/" + c.Name
			if c.Buf == 0 && n.Buf == 0 {
				if c.Off < n.Off || c.End > n.End {
					out = append(out, fmt.Sprintf("%s: [%d, %d) outside parent [%d, %d)", cp, c.Off, c.End, n.Off, n.End))
				}
				// Bit fields of one integer share its bytes: the same span is allowed.
				if c.Off < prevEnd && !(c.Off == prevOff && c.End == prevEnd) {
					out = append(out, fmt.Sprintf("%s: starts at %d, before its previous sibling ends (%d)", cp, c.Off, prevEnd))
				}
				prevOff, prevEnd = c.Off, c.End
			}
			walk(c, cp)
		}
	}
	walk(root, root.Name)
	return out
}

// uncovered lists the frame bytes no leaf node (a node without children) covers.
func uncovered(root *layout.Node, n int) []int {
	seen := make([]bool, n)
	root.Walk(func(c *layout.Node, _ int) bool {
		if c.Buf == 0 && len(c.Kids()) == 0 {
			for i := max(c.Off, 0); i < c.End && i < n; i++ {
				seen[i] = true
			}
		}
		return true
	})
	var out []int
	for i, ok := range seen {
		if !ok {
			out = append(out, i)
		}
	}
	return out
}

// bodyNode is the body node of a decoded frame.
func bodyNode(tb testing.TB, d *frame.Decoded) *layout.Node {
	tb.Helper()
	for _, c := range d.Tree.Children {
		if c.Key == "body" {
			return c
		}
	}
	require.FailNow(tb, "no body node", d.Tree.Text())
	return nil
}

// child finds the child of n called name, or nil.
func child(n *layout.Node, name string) *layout.Node {
	for _, c := range n.Kids() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// find follows a path of node names from n.
func find(tb testing.TB, n *layout.Node, names ...string) *layout.Node {
	tb.Helper()
	for _, name := range names {
		c := child(n, name)
		require.NotNil(tb, c, "no node %q under %q in\n%s", name, n.Name, n.Text())
		n = c
	}
	return n
}
