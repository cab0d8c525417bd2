package ui

import (
	"strings"
	"testing"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

func TestDetailsOfANode(t *testing.T) {
	p := NewPane(schema.ByName("InitProducerId"), 5, schema.Request)
	if !p.Edit(edit(message.OpSet, "body.TransactionTimeoutMs", "60000")) {
		t.Fatalf("edit failed: %s", p.EditErr)
	}
	n := p.byPath("body.TransactionTimeoutMs")
	if n == nil {
		t.Fatal("no TransactionTimeoutMs node")
	}
	d := Details(n, p.Bytes(), p.Info(n).Data)
	want := NodeDetails{Name: "TransactionTimeoutMs", Desc: n.Desc, Type: "int32", Value: "60000",
		Path: "body.TransactionTimeoutMs", Off: 16, End: 20, Hex: "00 00 ea 60"}
	if d != want {
		t.Errorf("details\n got %+v\nwant %+v", d, want)
	}
	if d.Desc == "" {
		t.Error("TransactionTimeoutMs has no description")
	}
}

func TestDetailsCutLongBytesAndStayInTheBuffer(t *testing.T) {
	buf := make([]byte, 1000)
	for i := range buf {
		buf[i] = byte(i)
	}
	d := Details(&layout.Node{Name: "big", Off: 10, End: 1000}, buf, "body.big")
	parts := strings.Split(strings.SplitN(d.Hex, " …", 2)[0], " ")
	if len(parts) != detailsHexMax || parts[0] != "0a" || parts[detailsHexMax-1] != "09" {
		t.Errorf("%d hex bytes from %s to %s, want %d from 0a to 09", len(parts), parts[0], parts[len(parts)-1], detailsHexMax)
	}
	if !strings.HasSuffix(d.Hex, "… and 734 more bytes") {
		t.Errorf("the cut is not said: %q", d.Hex[len(d.Hex)-40:])
	}
	// A node whose span runs past its buffer (a frame cut short) shows the bytes there are.
	d = Details(&layout.Node{Name: "cut", Off: 998, End: 1010}, buf, "")
	if d.Hex != "e6 e7" {
		t.Errorf("bytes of a cut node %q, want e6 e7", d.Hex)
	}
}

func TestIsMinimalComparesBytes(t *testing.T) {
	api := schema.ByName("InitProducerId")
	p := NewPane(api, 5, schema.Request)
	if !p.IsMinimal() {
		t.Fatal("a new pane is not minimal")
	}
	minimal := append([]byte(nil), p.Bytes()...)
	p.Edit(edit(message.OpSet, "body.TransactionTimeoutMs", "60000"))
	if p.IsMinimal() {
		t.Error("an edited pane is minimal")
	}
	// Set back by hand: the same bytes, so minimal again.
	p.Edit(edit(message.OpSet, "body.TransactionTimeoutMs", "0"))
	if !p.IsMinimal() {
		t.Error("a pane edited back to the minimal bytes is not minimal")
	}
	// A frame restored from a link or a paste that equals the minimal one.
	q := NewPane(api, 5, schema.Request)
	q.Restore(minimal)
	if !q.Edited || !q.IsMinimal() {
		t.Errorf("restored minimal frame: edited %v, minimal %v; want true, true", q.Edited, q.IsMinimal())
	}
	q.Restore(append(minimal[:len(minimal):len(minimal)], 0))
	if q.IsMinimal() {
		t.Error("a frame longer than the minimal one is minimal")
	}
}
