package frame_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/bigframe"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
)

// Rebuild takes the record batches an edit left alone from the frame
// before. Every edit the page offers is made here, one after another as a
// user would, on a Fetch response whose batches multiply as it goes (some
// zstd-compressed, some plain, some equal to each other), and after each
// the rebuilt frame must be exactly what encoding the edited message and
// decoding it from scratch gives: the bytes, the decompressed buffers, every
// layout node (the records' too, built on demand), and the message.
func TestRebuildIsAFullBuild(t *testing.T) {
	prev, err := frame.Build(bigframe.CompressedFetch())
	if err != nil {
		t.Fatal(err)
	}
	m := prev.Msg
	const p0, p1 = "body.Responses.0.Partitions.0.Records.", "body.Responses.0.Partitions.1.Records."
	edits := []message.Edit{
		{Op: message.OpSet, Path: message.ParsePath("body.ThrottleTimeMs"), Text: "7"},
		{Op: message.OpDuplicate, Path: message.ParsePath("body.Responses.0.Partitions.0")}, // two partitions of equal batches
		{Op: message.OpDuplicate, Path: message.ParsePath(p0 + "batches.1")},                // two equal batches side by side
		{Op: message.OpSet, Path: message.ParsePath(p1 + "batches.0.records.0.value"), Text: "a longer value, compressed again"},
		{Op: message.OpDuplicate, Path: message.ParsePath(p0 + "batches.1.records.1")},
		{Op: message.OpRemove, Path: message.ParsePath(p0 + "batches.2.records.0")},
		{Op: message.OpSet, Path: message.ParsePath(p0 + "batches.1.records.0.headers.0.key"), Text: "span"},
		{Op: message.OpAppend, Path: message.ParsePath(p0 + "batches.1.records.0.headers")},
		{Op: message.OpSetHex, Path: message.ParsePath(p0 + "batches.1.records.0.headers.1.value"), Text: "00ff10"},
		{Op: message.OpRemove, Path: message.ParsePath(p0 + "batches.1.records.0.headers.0")},
		{Op: message.OpSetNull, Path: message.ParsePath(p1 + "batches.1.records.2.key")},
		{Op: message.OpSet, Path: message.ParsePath(p0 + "batches.2.baseOffset"), Text: "100"},
		{Op: message.OpSet, Path: message.ParsePath(p0 + "batches.0.producerId"), Text: "5"},
		{Op: message.OpSet, Path: message.ParsePath(p1 + "batches.1.attributes.codec"), Text: "lz4"},
		{Op: message.OpSet, Path: message.ParsePath(p1 + "batches.0.attributes.codec"), Text: "none"},
		{Op: message.OpAppend, Path: message.ParsePath(p1 + "batches.0.records")},
		{Op: message.OpSet, Path: message.ParsePath("body.Responses.0.Partitions.1.HighWatermark"), Text: "99"},
		{Op: message.OpSet, Path: message.ParsePath("body.Responses.0.Partitions.0.ErrorCode"), Text: "3"},
		{Op: message.OpDuplicate, Path: message.ParsePath(p1 + "batches.0")},
		{Op: message.OpRemove, Path: message.ParsePath(p0 + "batches.2")},
		{Op: message.OpAppend, Path: message.ParsePath(p1 + "batches")},
		{Op: message.OpRemove, Path: message.ParsePath("body.Responses.0.Partitions.0")},
		{Op: message.OpSet, Path: message.ParsePath("header.CorrelationId"), Text: "42"},
	}
	shared := 0
	for i, e := range edits {
		next := m.Clone()
		if err := next.Apply(e); err != nil {
			t.Fatalf("edit %d (%s): %v", i, e, err)
		}
		got, err := frame.Rebuild(prev, next)
		if err != nil {
			t.Fatalf("edit %d (%s): %v", i, e, err)
		}
		b, err := frame.Encode(next)
		if err != nil {
			t.Fatal(err)
		}
		want := frame.Decode(b, next.API, next.Version, next.Dir)
		if want.Err != nil {
			t.Fatalf("edit %d (%s): the edited frame does not decode: %v", i, e, want.Err)
		}
		if !bytes.Equal(got.Bytes(), want.Bytes()) {
			t.Fatalf("edit %d (%s): rebuilt %d bytes differ from the %d encoded", i, e, len(got.Bytes()), len(want.Bytes()))
		}
		if len(got.Bufs) != len(want.Bufs) {
			t.Fatalf("edit %d (%s): %d buffers, want %d", i, e, len(got.Bufs), len(want.Bufs))
		}
		for k := range want.Bufs {
			if !bytes.Equal(got.Bufs[k], want.Bufs[k]) {
				t.Fatalf("edit %d (%s): buffer %d differs", i, e, k)
			}
		}
		if g, w := nodes(got.Tree), nodes(want.Tree); g != w {
			t.Fatalf("edit %d (%s): the layout differs:\n%s", i, e, firstLineDiff(g, w))
		}
		gj, err := got.Msg.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		wj, err := want.Msg.MarshalJSON()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(gj, wj) {
			t.Fatalf("edit %d (%s): the decoded message differs:\n%s", i, e, firstLineDiff(string(gj), string(wj)))
		}
		shared += sharedBatches(prev.Msg, got.Msg)
		prev, m = got, next
		if i%2 == 1 {
			m = got.Msg // edits also start from a decoded message, as after a link
		}
	}
	// Without batches taken from the frame before, the test proves nothing.
	if shared < len(edits) {
		t.Errorf("%d batches were taken from the frame before over %d edits", shared, len(edits))
	}
}

// nodes lists every node of the tree, the records' (built on demand)
// included, with everything the page shows of it.
func nodes(tree *layout.Node) string {
	var b strings.Builder
	tree.Walk(func(n *layout.Node, depth int) bool {
		fmt.Fprintf(&b, "%*s%s | key %q buf %d [%d, %d) region %v err %v warn %q\n",
			depth*2, "", n.Line(), n.Key, n.Buf, n.Off, n.End, n.Region, n.Err, n.Warn())
		return true
	})
	return b.String()
}

func firstLineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return fmt.Sprintf("line %d:\n got  %s\n want %s", i, g[i], w[i])
		}
	}
	return fmt.Sprintf("%d lines, want %d", len(g), len(w))
}

// sharedBatches counts the batches of b whose records are those of a batch of a: taken, not parsed again.
func sharedBatches(a, b *message.Message) int {
	seen := map[*records.Record]bool{}
	for _, s := range recordSets(a) {
		for _, x := range s.Batches {
			if len(x.Records) > 0 {
				seen[&x.Records[0]] = true
			}
		}
	}
	n := 0
	for _, s := range recordSets(b) {
		for _, x := range s.Batches {
			if len(x.Records) > 0 && seen[&x.Records[0]] {
				n++
			}
		}
	}
	return n
}

// recordSets are the records fields of a Fetch response.
func recordSets(m *message.Message) []*records.Set {
	var out []*records.Set
	topics, _ := m.Body.Get("Responses")
	for _, t := range topics.([]any) {
		parts, _ := t.(*message.Struct).Get("Partitions")
		for _, p := range parts.([]any) {
			if s, _ := p.(*message.Struct).Get("Records"); s != nil {
				out = append(out, s.(*records.Set))
			}
		}
	}
	return out
}
