package ui

import (
	"bytes"
	"strings"
	"testing"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/bigframe"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// naiveRegions is the definition Regions must agree with: every node paints
// its span, parents before children, so the deepest node wins.
func naiveRegions(tree *layout.Node, buf, n int) []byte {
	out := make([]byte, n)
	tree.Walk(func(c *layout.Node, _ int) bool {
		if c.Buf == buf && c.Region != layout.RegionNone {
			for i := max(c.Off, 0); i < c.End && i < n; i++ {
				out[i] = byte(c.Region)
			}
		}
		return true
	})
	return out
}

func bigPane(t testing.TB, m *message.Message) *Pane {
	t.Helper()
	b, err := frame.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	p := NewPane(schema.ByName("Fetch"), bigframe.FetchVersion, schema.Response)
	p.Restore(b)
	if p.Notice != "" {
		t.Fatal(p.Notice)
	}
	return p
}

func TestRegionsAgreeWithPaintingEveryNode(t *testing.T) {
	check := func(name string, d *frame.Decoded) {
		for k, b := range d.Bufs {
			if got, want := Regions(d.Tree, k, len(b)), naiveRegions(d.Tree, k, len(b)); !bytes.Equal(got, want) {
				t.Errorf("%s buffer %d: regions differ", name, k)
			}
		}
	}
	for _, api := range schema.APIs() {
		for _, dir := range []schema.Direction{schema.Request, schema.Response} {
			for _, v := range api.Versions(dir) {
				check(api.Name, NewPane(api, v, dir).Decoded)
			}
		}
	}
	check("compressed fetch", bigPane(t, bigframe.CompressedFetch()).Decoded)
	check("1 MiB fetch", bigPane(t, bigframe.Fetch()).Decoded)

	// Large struct arrays are laid out on demand: their tagged fields are
	// coloured before any element's nodes exist.
	d := frame.Decode(manyTopics(t, 40, 12), schema.ByName("Metadata"), 12, schema.Response)
	if d.Err != nil {
		t.Fatal(d.Err)
	}
	unbuilt := 0
	d.Tree.Walk(func(n *layout.Node, _ int) bool {
		if !n.Built() {
			unbuilt++
		}
		return n.Built()
	})
	if unbuilt == 0 {
		t.Fatal("no array laid out on demand")
	}
	got := Regions(d.Tree, 0, len(d.Bytes()))
	if tagged := bytes.Count(got, []byte{byte(layout.RegionTagged)}); tagged < 40*12 {
		t.Errorf("%d bytes coloured as tagged fields before building, want one per partition at least", tagged)
	}
	if want := naiveRegions(d.Tree, 0, len(d.Bytes())); !bytes.Equal(got, want) {
		t.Error("big metadata: regions before building differ from those after")
	}
}

// manyTopics is a Metadata v12 response frame of topics x partitions.
func manyTopics(t *testing.T, topics, partitions int) []byte {
	t.Helper()
	m := message.Minimal(schema.ByName("Metadata"), 12, schema.Response)
	tv, _ := m.Body.Get("Topics")
	tmpl := tv.([]any)[0].(*message.Struct)
	pv, _ := tmpl.Get("Partitions")
	ptmpl := pv.([]any)[0]
	ts := make([]any, topics)
	for i := range ts {
		topic := message.Copy(tmpl).(*message.Struct)
		ps := make([]any, partitions)
		for j := range ps {
			ps[j] = message.Copy(ptmpl)
		}
		topic.Set("Partitions", ps)
		ts[i] = topic
	}
	m.Body.Set("Topics", ts)
	b, err := frame.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// Records inside a compressed batch are named by value paths through the
// keyless "decompressed" nodes, which have no path of their own; the
// compressed payload is the batch's list of records; ids, paths and nodes
// lead back to each other.
func TestPathsReachIntoCompressedBatches(t *testing.T) {
	p := bigPane(t, bigframe.CompressedFetch())
	const recs = "body.Responses.0.Partitions.0.Records"
	var value, compressed *layout.Node
	p.Decoded.Tree.Walk(func(n *layout.Node, _ int) bool {
		if n.Buf == 1 && n.Name == "value" && value == nil {
			value = n
		}
		if n.Buf == 0 && len(n.Children) > 0 && n.Children[0].Buf == 1 && compressed == nil {
			compressed = n
		}
		return true
	})
	if value == nil || compressed == nil {
		t.Fatal("no record value in a decompressed buffer")
	}
	info := p.Info(value)
	if info.Path != recs+".batches.0.records.0.value" {
		t.Errorf("path %q", info.Path)
	}
	if p.Node(info.ID) != value {
		t.Errorf("id %q does not lead back", info.ID)
	}
	if p.byPath(info.Path) != value {
		t.Errorf("path %q does not lead back", info.Path)
	}
	if got := p.Info(compressed).Path; got != recs+".batches.0.records" {
		t.Errorf("the compressed payload has path %q, want the batch's records", got)
	}
	if e := p.Editor(compressed); e.Kind != kindRecordList {
		t.Errorf("the compressed payload is not the list of records one adds to: %+v", e)
	}
	if got := p.Info(compressed.Children[0]).Path; got != "" {
		t.Errorf("the decompressed bytes have path %q, want none", got)
	}
	if e := p.Editor(value); e.Kind != "recbytes" || !strings.HasPrefix(e.Text, `{"order":0,`) || e.Hex || e.Path != info.Path {
		t.Errorf("editor %+v", e)
	}
}

// Every node of the 1 MiB frame gets the id and path the tree walk gives it.
func TestInfoMatchesTheTreeWalk(t *testing.T) {
	p := bigPane(t, bigframe.Fetch())
	var walk func(n *layout.Node, id, pass, data string, depth int)
	checked := 0
	walk = func(n *layout.Node, id, pass, data string, depth int) {
		if depth < 6 || checked%97 == 0 {
			info := p.Info(n)
			if info.ID != id || info.Data != data {
				t.Fatalf("node %s: info %+v, want id %s data %s", n.Name, info, id, data)
			}
		}
		checked++
		for i, c := range n.Kids() {
			cp, next := message.ChildPath(pass, c)
			walk(c, id+"."+itoa(i), next, childData(data, cp, c), depth+1)
		}
	}
	walk(p.Decoded.Tree, "0", "", "@"+p.Decoded.Tree.Name, 0)
	if checked < 50000 {
		t.Errorf("only %d nodes", checked)
	}
}

func BenchmarkRestore1MiB(b *testing.B) {
	fb, err := frame.Encode(bigframe.Fetch())
	if err != nil {
		b.Fatal(err)
	}
	p := NewPane(schema.ByName("Fetch"), bigframe.FetchVersion, schema.Response)
	b.ReportAllocs()
	for b.Loop() {
		p.Restore(fb)
	}
}

func BenchmarkSetDecoded1MiB(b *testing.B) {
	p := bigPane(b, bigframe.Fetch())
	d := p.Decoded
	b.ReportAllocs()
	for b.Loop() {
		p.setDecoded(d)
	}
}

func BenchmarkEdit1MiB(b *testing.B) {
	p := bigPane(b, bigframe.Fetch())
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		i++
		if !p.Edit(edit(message.OpSet, "body.ThrottleTimeMs", itoa(i))) {
			b.Fatal(p.EditErr)
		}
	}
}
