package layout

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/wire"
)

func TestRegionNames(t *testing.T) {
	cases := []struct {
		r         Region
		name, key string
	}{
		{RegionNone, "", ""},
		{RegionFrame, "frame", "frame"},
		{RegionRequestHeader, "request header", "header"},
		{RegionResponseHeader, "response header", "header"},
		{RegionRequestBody, "request body", "body"},
		{RegionResponseBody, "response body", "body"},
		{RegionTagged, "tagged fields", "tagged"},
		{RegionBatch, "record batch", "batch"},
		{RegionRecord, "record", "record"},
		{Region(42), "region(42)", ""},
	}
	for _, c := range cases {
		assert.Equal(t, c.name, c.r.String())
		assert.Equal(t, c.key, c.r.Key(), c.name)
	}
}

// sample is a small frame as decoders lay it out, with a compressed batch
// whose records sit in decompressed buffer 1 and are built on demand:
//
//	root [0, 20)
//	  size [0, 4)
//	  body [4, 20)
//	    a [4, 6)
//	    batch [6, 20)
//	      decompressed [0, 9) of buffer 1
//	        records [0, 9) of buffer 1, lazy: rec0 [0, 5), rec1 [5, 9)
func sample(built *int) *Node {
	root := &Node{Name: "root", End: 20}
	root.Add(&Node{Name: "size", Type: "int32", Value: "16", End: 4, Region: RegionFrame})
	body := root.Add(&Node{Name: "body", Off: 4, End: 20, Region: RegionRequestBody})
	body.Add(&Node{Name: "a", Off: 4, End: 6})
	batch := body.Add(&Node{Name: "batch", Off: 6, End: 20, Region: RegionBatch})
	dec := batch.Add(&Node{Name: "decompressed", End: 9, Buf: 1, Region: RegionBatch})
	recs := dec.Add(&Node{Name: "records", End: 9, Buf: 1, Region: RegionRecord})
	recs.Lazy(func(n *Node) {
		*built++
		n.Add(&Node{Name: "rec0", Off: 0, End: 5, Buf: 1, Region: RegionRecord})
		n.Add(&Node{Name: "rec1", Off: 5, End: 9, Buf: 1, Region: RegionRecord})
	})
	return root
}

func TestLazyChildrenAreBuiltOnce(t *testing.T) {
	built := 0
	root := sample(&built)
	recs := root.Children[1].Children[1].Children[0].Children[0]
	assert.False(t, recs.Built())
	assert.Empty(t, recs.Children, "nothing before Kids")
	kids := recs.Kids()
	require.Len(t, kids, 2)
	assert.True(t, recs.Built())
	assert.Equal(t, "rec1", recs.Kids()[1].Name)
	assert.Equal(t, 1, built, "a second Kids builds nothing")
	assert.Equal(t, 4, kids[1].Len())
}

// The spans a lazy node notes are there until its children are built, and
// counting the tree builds nothing.
func TestLazySpansUntilBuilt(t *testing.T) {
	arr := &Node{Name: "Topics", Off: 10, End: 30, Region: RegionResponseBody}
	arr.Add(&Node{Name: "length", Off: 10, End: 11, Region: RegionResponseBody})
	spans := []Span{{Off: 19, End: 20, Region: RegionTagged}, {Off: 29, End: 30, Region: RegionTagged}}
	arr.LazySpans(func(n *Node) {
		n.Add(&Node{Name: "Topics[0]", Off: 11, End: 20, Region: RegionResponseBody}).
			Add(&Node{Name: "tagged_fields", Off: 19, End: 20, Region: RegionTagged})
		n.Add(&Node{Name: "Topics[1]", Off: 20, End: 30, Region: RegionResponseBody}).
			Add(&Node{Name: "tagged_fields", Off: 29, End: 30, Region: RegionTagged})
	}, spans)
	assert.Equal(t, spans, arr.Pending())
	assert.Equal(t, 2+20, arr.Count(100), "the node, its length, and a node a byte for what is not built")
	assert.False(t, arr.Built(), "Count built nothing")
	require.Len(t, arr.Kids(), 3)
	assert.Nil(t, arr.Pending(), "once built, the children say it")
	assert.Equal(t, 6, arr.Count(100))
}

func TestWalk(t *testing.T) {
	built := 0
	root := sample(&built)
	var seen []string
	root.Walk(func(n *Node, depth int) bool {
		seen = append(seen, strings.Repeat(".", depth)+n.Name)
		return true
	})
	assert.Equal(t, []string{"root", ".size", ".body", "..a", "..batch", "...decompressed", "....records", ".....rec0", ".....rec1"}, seen)
	assert.Equal(t, 1, built)

	// Returning false skips a node's children and leaves lazy ones unbuilt.
	built = 0
	root = sample(&built)
	seen = nil
	root.Walk(func(n *Node, _ int) bool {
		seen = append(seen, n.Name)
		return n.Name != "body" && n.Built()
	})
	assert.Equal(t, []string{"root", "size", "body"}, seen)
	seen = nil
	root.Walk(func(n *Node, _ int) bool {
		seen = append(seen, n.Name)
		return n.Built()
	})
	assert.Equal(t, []string{"root", "size", "body", "a", "batch", "decompressed", "records"}, seen)
	assert.Equal(t, 0, built)
}

func names(path []*Node) []string {
	var out []string
	for _, n := range path {
		out = append(out, n.Name)
	}
	return out
}

func TestDeepest(t *testing.T) {
	built := 0
	root := sample(&built)
	// Spans are half-open: byte 4 is the body's, not the size's.
	assert.Equal(t, []string{"root", "size"}, names(root.Deepest(0, 3)))
	assert.Equal(t, []string{"root", "body", "a"}, names(root.Deepest(0, 4)))
	assert.Equal(t, []string{"root", "body", "batch"}, names(root.Deepest(0, 19)))
	assert.Nil(t, root.Deepest(0, 20), "one past the end")
	assert.Nil(t, root.Deepest(0, -1))
	assert.Equal(t, 0, built, "the lazy records live in buffer 1: finding frame bytes builds none of them")

	// A byte of buffer 1 is found through the nodes of the frame that hold that buffer.
	assert.Equal(t, []string{"root", "body", "batch", "decompressed", "records", "rec1"}, names(root.Deepest(1, 5)))
	assert.Equal(t, 1, built)
	assert.Nil(t, root.Deepest(1, 9))
	assert.Nil(t, root.Deepest(2, 0), "no such buffer")
}

func TestFailed(t *testing.T) {
	built := 0
	root := sample(&built)
	assert.Nil(t, root.Failed())
	assert.Equal(t, 0, built, "looking for errors builds no lazy children")
	recs := root.Children[1].Children[1].Children[0].Children[0]
	recs.Kids()[1].Err = &wire.Error{Off: 5, Msg: "built"}
	assert.Equal(t, "rec1", root.Failed().Name, "once built, their errors are found")

	root = sample(&built)
	body := root.Children[1]
	body.Children[1].Err = &wire.Error{Off: 6, Msg: "batch"}
	body.Children[0].Err = &wire.Error{Off: 4, Msg: "first"}
	body.Err = &wire.Error{Off: 4, Msg: "parent"}
	assert.Equal(t, "body", root.Failed().Name, "depth first, parents before children")
	body.Err = nil
	assert.Equal(t, "a", root.Failed().Name, "then in order")
}

func TestLine(t *testing.T) {
	cases := []struct {
		n    Node
		want string
	}{
		{Node{Name: "size", Type: "int32", Value: "16", Off: 0, End: 4, Desc: "bytes that follow"},
			"size int32 = 16 [0x0000, 4B] bytes that follow"},
		{Node{Name: "Frame", Off: 0, End: 4}, "Frame [0x0000, 4B]"},
		{Node{Name: "key", Type: "varbytes", Value: `"k"`, Off: 0x1c, End: 0x1e, Buf: 2},
			`key varbytes = "k" [decompressed 0x001c, 2B]`},
		{Node{Name: "crc", Type: "uint32", Value: "0x00000000", Off: 0x11, End: 0x15},
			"crc uint32 = 0x00000000 [0x0011, 4B]  (warning: CRC-32C mismatch)"},
		{Node{Name: "length", Type: "int16", Value: "300", Off: 0xc, End: 0xe, Err: &wire.Error{Off: 0xe, Msg: "string needs 300 bytes, 2 left"}},
			"length int16 = 300 [0x000c, 2B]  <-- error: at 0x000e: string needs 300 bytes, 2 left"},
		{Node{Name: "big", Off: 0x12345, End: 0x12345}, "big [0x12345, 0B]"},
	}
	for _, c := range cases {
		if c.n.Name == "crc" {
			c.n.SetWarn("CRC-32C mismatch")
		}
		assert.Equal(t, c.want, c.n.Line())
	}
}

func TestText(t *testing.T) {
	built := 0
	root := sample(&built)
	want := `root [0x0000, 20B]
+-- size int32 = 16 [0x0000, 4B]
+-- body [0x0004, 16B]
    +-- a [0x0004, 2B]
    +-- batch [0x0006, 14B]
        +-- decompressed [decompressed 0x0000, 9B]
            +-- records [decompressed 0x0000, 9B]
                +-- rec0 [decompressed 0x0000, 5B]
                +-- rec1 [decompressed 0x0005, 4B]
`
	assert.Equal(t, want, root.Text())

	// A last child's subtree is not connected to its parent's later siblings; others are.
	root = &Node{Name: "r", End: 2}
	x := root.Add(&Node{Name: "x", End: 1})
	x.Add(&Node{Name: "x0", End: 1})
	root.Add(&Node{Name: "y", Off: 1, End: 2})
	assert.Equal(t, "r [0x0000, 2B]\n+-- x [0x0000, 1B]\n|   +-- x0 [0x0000, 1B]\n+-- y [0x0001, 1B]\n", root.Text())
}

// Count builds nothing: lazy nodes count as their bytes until built, then
// as the nodes they built. It stops at its limit.
func TestCountBuildsNothing(t *testing.T) {
	built := 0
	root := sample(&built)
	assert.Equal(t, 7+9, root.Count(100), "root, size, body, a, batch, decompressed, records, and the 9 bytes of the records")
	assert.Equal(t, 0, built)
	assert.Equal(t, 3, root.Count(3))
	root.Walk(func(*Node, int) bool { return true })
	assert.Equal(t, 9, root.Count(100), "once built, the records count as their nodes")
}

// WriteText prints lazy children without keeping them: the tree after
// printing is as small as before.
func TestWriteTextLeavesLazyNodesUnbuilt(t *testing.T) {
	built := 0
	root := sample(&built)
	var b strings.Builder
	require.NoError(t, root.WriteText(&b))
	assert.Contains(t, b.String(), "rec1 [decompressed 0x0005, 4B]")
	assert.Equal(t, 1, built)
	assert.Equal(t, 7+9, root.Count(100), "the records' nodes were dropped after printing")
	assert.Equal(t, b.String(), root.Text())
	assert.Equal(t, 2, built, "Text builds them again, for itself")
}

// A warning and lazy children live out of line, together: each survives
// the other's change, and a copy that builds its children leaves the
// node it was copied from unbuilt (printing relies on it).
func TestWarnAndLazyTogether(t *testing.T) {
	var n Node
	assert.Equal(t, "", n.Warn())
	n.SetWarn("partial batch")
	n.Lazy(func(n *Node) { n.Add(&Node{Name: "built"}) })
	assert.Equal(t, "partial batch", n.Warn(), "Lazy keeps the warning")
	assert.False(t, n.Built())

	cp := n
	require.Len(t, cp.Kids(), 1)
	assert.True(t, cp.Built())
	assert.False(t, n.Built(), "the original is still lazy")
	assert.Empty(t, n.Children)
	assert.Equal(t, "partial batch", cp.Warn(), "building keeps the warning")

	n.SetWarn("")
	assert.Equal(t, "", n.Warn())
	assert.False(t, n.Built(), "clearing the warning keeps the lazy children")
	require.Len(t, n.Kids(), 1)
	assert.Nil(t, n.aside, "nothing left aside")
}
