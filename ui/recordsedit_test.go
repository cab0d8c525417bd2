package ui

import (
	"hash/crc32"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/bigframe"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

const recs = "body.Responses.0.Partitions.0.Records"

// nodeAt is the node whose value path is path.
func nodeAt(t *testing.T, p *Pane, path string) *layout.Node {
	t.Helper()
	n := message.FindNode(p.Decoded.Tree, message.ParsePath(path))
	if n == nil {
		t.Fatalf("no node at %s", path)
	}
	return n
}

func mustEdit(t *testing.T, p *Pane, op message.Op, path, text string) {
	t.Helper()
	if !p.Edit(edit(op, path, text)) {
		t.Fatalf("%s %s %q: %s", op, path, text, p.EditErr)
	}
}

// batches reads the frame's first partition's batches with kmsg, checking every CRC.
func batches(t *testing.T, p *Pane) []kmsg.RecordBatch {
	t.Helper()
	k := kmsg.NewPtrFetchResponse()
	k.Version = bigframe.FetchVersion
	if err := k.ReadFrom(p.Bytes()[9:]); err != nil {
		t.Fatal(err)
	}
	var out []kmsg.RecordBatch
	raw := k.Topics[0].Partitions[0].RecordBatches
	for len(raw) > 0 {
		var b kmsg.RecordBatch
		if err := b.ReadFrom(raw); err != nil {
			t.Fatal(err)
		}
		if crc := crc32.Checksum(raw[21:12+b.Length], crc32.MakeTable(crc32.Castagnoli)); int32(crc) != b.CRC {
			t.Errorf("batch %d: CRC %08x, computed %08x", len(out), uint32(b.CRC), crc)
		}
		out = append(out, b)
		raw = raw[12+b.Length:]
	}
	return out
}

// The record editors change what they say they change, and kmsg reads the
// result with good CRCs; records inside the zstd batch are edited too.
func TestPaneEditsRecords(t *testing.T) {
	p := bigPane(t, bigframe.CompressedFetch())
	if got := len(batches(t, p)); got != 2 {
		t.Fatalf("%d batches", got)
	}
	// A value inside the compressed batch, as text and as hex.
	mustEdit(t, p, message.OpSet, recs+".batches.0.records.1.value", "héllo")
	if e := p.Editor(nodeAt(t, p, recs+".batches.0.records.1.value")); e.Text != "héllo" || e.Hex {
		t.Errorf("after a text edit: %+v", e)
	}
	mustEdit(t, p, message.OpSetHex, recs+".batches.0.records.1.value", "00 ff 10")
	if e := p.Editor(nodeAt(t, p, recs+".batches.0.records.1.value")); e.Text != "\x00\xff\x10" || !e.Hex {
		t.Errorf("after a hex edit: %+v", e)
	}
	if p.Edit(edit(message.OpSetHex, recs+".batches.0.records.1.value", "0g")) {
		t.Error("bad hex accepted")
	}
	// Keys become null and come back empty.
	mustEdit(t, p, message.OpSetNull, recs+".batches.0.records.0.key", "")
	if e := p.Editor(nodeAt(t, p, recs+".batches.0.records.0.key")); !e.Null || !e.Nullable {
		t.Errorf("after null: %+v", e)
	}
	mustEdit(t, p, message.OpSetPresent, recs+".batches.0.records.0.key", "")
	// Numbers are range-checked by width.
	if p.Edit(edit(message.OpSet, recs+".batches.1.records.0.attributes", "200")) || !strings.Contains(p.EditErr, "int8") {
		t.Errorf("an int8 took 200: %q", p.EditErr)
	}
	mustEdit(t, p, message.OpSet, recs+".batches.1.baseOffset", "1000")
	// Records and headers come and go.
	mustEdit(t, p, message.OpAppend, recs+".batches.0.records", "")
	mustEdit(t, p, message.OpAppend, recs+".batches.0.records.3.headers", "")
	mustEdit(t, p, message.OpSet, recs+".batches.0.records.3.headers.0.key", "trace")
	mustEdit(t, p, message.OpDuplicate, recs+".batches.0.records.3", "")
	mustEdit(t, p, message.OpRemove, recs+".batches.0.records.0", "")
	mustEdit(t, p, message.OpRemove, recs+".batches.0.records.3.headers.0", "")
	// The codec select recompresses.
	mustEdit(t, p, message.OpSet, recs+".batches.0.attributes.codec", "lz4")
	// Batches are added, duplicated and removed.
	mustEdit(t, p, message.OpAppend, recs, "")
	mustEdit(t, p, message.OpDuplicate, recs+".batches.1", "")
	mustEdit(t, p, message.OpRemove, recs+".batches.3", "")

	bs := batches(t, p)
	if len(bs) != 3 {
		t.Fatalf("%d batches, want 3", len(bs))
	}
	if bs[0].Attributes&7 != 3 || bs[0].NumRecords != 4 {
		t.Errorf("batch 0: attributes %d, %d records", bs[0].Attributes, bs[0].NumRecords)
	}
	if bs[1].FirstOffset != 1000 || bs[2].FirstOffset != 1000 {
		t.Errorf("duplicated batch offsets %d %d", bs[1].FirstOffset, bs[2].FirstOffset)
	}
	// The decompressed records are laid out again, with their paths.
	if e := p.Editor(nodeAt(t, p, recs+".batches.0.records.2.headers.0.key")); e.Kind != kindRecBytes || e.Text != "trace" {
		t.Errorf("duplicated header key: %+v", e)
	}
}

// A null records field gets a batch.
func TestPaneAddsBatchToNullRecords(t *testing.T) {
	p := bigPane(t, bigframe.CompressedFetch())
	mustEdit(t, p, message.OpSetNull, recs, "")
	if e := p.Editor(nodeAt(t, p, recs)); e.Kind != "records" || !e.Null {
		t.Fatalf("records editor %+v", e)
	}
	mustEdit(t, p, message.OpAppend, recs, "")
	mustEdit(t, p, message.OpAppend, recs+".batches.0.records", "")
	mustEdit(t, p, message.OpSet, recs+".batches.0.records.0.value", "v")
	if bs := batches(t, p); len(bs) != 1 || bs[0].NumRecords != 1 {
		t.Errorf("%d batches", len(bs))
	}
}

func renderEditor(t *testing.T, p *Pane, path string) *FieldEditor {
	t.Helper()
	f := &FieldEditor{Info: p.Editor(nodeAt(t, p, path))}
	e := app.NewTestEngine()
	if err := e.Load(f); err != nil {
		t.Fatal(err)
	}
	e.ConsumeAll()
	return f
}

func TestFieldEditorRecordControls(t *testing.T) {
	p := bigPane(t, bigframe.CompressedFetch())
	mustEdit(t, p, message.OpSetHex, recs+".batches.1.records.2.value", "00ff")

	f := renderEditor(t, p, recs+".batches.0.records.1.value")
	if err := app.Match(app.Label().Class("fe-label").Text("UTF-8 text"), f, 0, 0); err != nil {
		t.Error(err)
	}
	if err := app.Match(button("hexmode"), f, 0, 2); err != nil {
		t.Error(err)
	}
	if err := app.Match(actionButton("null", 0), f, 0, 4); err != nil {
		t.Error(err)
	}
	// Switched to hex, the same value shows as hex digits and edits with sethex.
	f.hexFor, f.hexToggle = f.Info.Path, true
	if !f.hexMode() {
		t.Error("hex mode did not switch on")
	}

	f = renderEditor(t, p, recs+".batches.1.records.2.value")
	if err := app.Match(app.Label().Class("fe-label").Text("hex"), f, 0, 0); err != nil {
		t.Errorf("bytes that are not UTF-8 start in hex: %v", err)
	}
	if err := app.Match(app.Span().Class("fe-hint").Text("not UTF-8: hex only"), f, 0, 2); err != nil {
		t.Error(err)
	}

	f = renderEditor(t, p, recs+".batches.0.records.0.timestampDelta")
	if err := app.Match(app.Label().Class("fe-label").Text("int64"), f, 0, 0); err != nil {
		t.Error(err)
	}
	f = renderEditor(t, p, recs+".batches.0.records.0.attributes")
	if err := app.Match(app.Span().Class("fe-hint").Text("-128 to 127"), f, 0, 2); err != nil {
		t.Error(err)
	}

	f = renderEditor(t, p, recs+".batches.0.attributes.codec")
	if err := app.Match(app.Option().Value("zstd").Selected(true).Text("zstd"), f, 0, 1, 4); err != nil {
		t.Errorf("zstd is not the selected codec: %v", err)
	}

	for path, ops := range map[string][]string{
		recs:                                    {"addbatch"},
		recs + ".batches.0":                     {"append", "duplicate", "remove"},
		recs + ".batches.0.records":             {"append"},
		recs + ".batches.0.records.1":           {"append", "duplicate", "remove"},
		recs + ".batches.0.records.1.headers":   {"append"},
		recs + ".batches.0.records.1.headers.0": {"duplicate", "remove"},
	} {
		f := renderEditor(t, p, path)
		for i, op := range ops {
			if err := app.Match(actionButton(op, i), f, 0, i); err != nil {
				t.Errorf("%s: control %d: %v", path, i, err)
			}
		}
	}
}

// button is what Match expects of an editor button: its class, data-op and a click handler.
func button(op string) app.UI {
	cls := "btn"
	if op == "remove" {
		cls = "btn danger"
	}
	return app.Button().Class(cls).Attr("data-op", op).OnClick(func(app.Context, app.Event) {})
}

// actionButton is what Match expects of the button of the editor's i-th
// action: a button that also says which action it sends (data-action).
func actionButton(op string, i int) app.UI {
	return button(op).(app.HTMLButton).Attr("data-action", i)
}

// Selecting a record inside the zstd batch shows its decompressed buffer,
// with the record's span in it and the compressed payload marked in the frame.
func TestInnerViewFollowsTheSelection(t *testing.T) {
	p := bigPane(t, bigframe.CompressedFetch())
	if v := p.Inner(); v.Buf != 0 {
		t.Fatalf("a buffer is shown with nothing selected: %+v", v)
	}
	rec := nodeAt(t, p, recs+".batches.0.records.2")
	p.Selected = rec
	v := p.Inner()
	if v.Buf != 1 || len(v.Bytes) != len(p.Decoded.Bufs[1]) || v.SelOff != rec.Off || v.SelEnd != rec.End {
		t.Fatalf("inner view %+v", v)
	}
	if v.MarkOff <= 0 || v.MarkEnd > len(p.Bytes()) || v.MarkEnd <= v.MarkOff {
		t.Errorf("payload mark [%d, %d)", v.MarkOff, v.MarkEnd)
	}
	// The buffer is named as the breadcrumb names the compressed records,
	// not by its number (1, beside batches[0]).
	const payload = "Responses[0].Partitions[0].Records.batches[0].records"
	if !strings.HasPrefix(v.Title, payload+": ") {
		t.Errorf("inner view title %q", v.Title)
	}
	d := Details(rec, p.Decoded.Bufs[1], p.Info(rec).Crumb)
	d.BufName = p.bufName(rec.Buf)
	if d.Path != "Responses[0].Partitions[0].Records.batches[0].records[2]" || d.BufName != payload {
		t.Errorf("details name %q in %q", d.Path, d.BufName)
	}
	where := "bytes " + itoa(rec.Off) + " to " + itoa(rec.End-1) + " of the decompressed " + payload
	if html := render(t, &DetailsPanel{Dir: "response", Node: &d}); !strings.Contains(html, where) {
		t.Errorf("the details panel does not say %q:\n%s", where, html)
	}
	for i := rec.Off; i < rec.End; i++ {
		if layout.Region(v.Regions[i]) != layout.RegionRecord {
			t.Fatalf("byte %d of the record is region %v", i, layout.Region(v.Regions[i]))
		}
	}
	// A byte of the buffer selects back the deepest node there.
	attr := nodeAt(t, p, recs+".batches.0.records.2.attributes")
	if n := p.AtBuf(1, attr.Off); n != attr {
		t.Errorf("byte %d of buffer 1 is %+v", attr.Off, n)
	}
	// The frame's plain batch shows nothing.
	p.Selected = nodeAt(t, p, recs+".batches.1.records.0")
	if v := p.Inner(); v.Buf != 0 {
		t.Errorf("a plain batch shows buffer %d", v.Buf)
	}
}

// Every button the field editor offers, on every node of a frame with
// plain and compressed batches, tagged fields and nullable values, makes an
// edit the codec applies: the editor and the codec agree on paths and ops.
func TestEveryEditorActionApplies(t *testing.T) {
	// A null record key and a tagged field present, so that "empty" and
	// "rmtag" are offered too.
	start := func() *Pane {
		p := bigPane(t, bigframe.CompressedFetch())
		mustEdit(t, p, message.OpSetNull, recs+".batches.1.records.0.key", "")
		mustEdit(t, p, message.OpAddTagged, "body", "NodeEndpoints")
		return p
	}
	p := start()
	ops := map[string]int{}
	p.Decoded.Tree.Walk(func(n *layout.Node, _ int) bool {
		for _, a := range p.Editor(n).Actions() {
			fresh := start()
			if !fresh.Edit(a.Edit) {
				t.Errorf("%s on %s (%s): %s", a.DataOp, a.Edit.Path, n.Name, fresh.EditErr)
			}
			if string(fresh.Bytes()) == string(p.Bytes()) {
				t.Errorf("%s on %s changed no byte", a.DataOp, a.Edit.Path)
			}
			ops[a.DataOp]++
		}
		return true
	})
	t.Logf("actions offered: %v", ops)
	for _, op := range []string{"append", "duplicate", "remove", "null", "present", "empty", "addtag", "rmtag", "addbatch"} {
		if ops[op] == 0 {
			t.Errorf("no node offers %s: %v", op, ops)
		}
	}
}

// Legacy messages (Produce v2) offer what the codec edits in them: their
// fields, and duplicating or removing a message or a wrapper's inner one.
func TestLegacyEditorActionsApply(t *testing.T) {
	m, err := message.FromJSON([]byte(`{"body": {"TopicData": [{"Name": "t", "PartitionData": [{"Index": 0, "Records": {"batches": [
		{"magic": 0, "offset": 3, "key": "k", "value": "v"},
		{"magic": 1, "offset": 1, "codec": "gzip", "timestamp": 1700000000000,
		 "messages": [{"magic": 1, "offset": 0, "value": "one"}, {"magic": 1, "offset": 1, "value": "two"}]}]}}]}]}}`),
		schema.ByName("Produce"), 2, schema.Request)
	require.NoError(t, err)
	b, err := frame.Encode(m)
	require.NoError(t, err)
	start := func() *Pane {
		p := NewPane(schema.ByName("Produce"), 2, schema.Request)
		p.Restore(b)
		require.Empty(t, p.Notice)
		return p
	}
	p := start()
	const legacy = "body.TopicData.0.PartitionData.0.Records"
	kinds := map[string]string{}
	p.Decoded.Tree.Walk(func(n *layout.Node, _ int) bool {
		e := p.Editor(n)
		if strings.HasPrefix(e.Path, legacy+".") {
			kinds[strings.TrimPrefix(e.Path, legacy+".")] = e.Kind
		}
		for _, a := range e.Actions() {
			fresh := start()
			if !fresh.Edit(a.Edit) {
				t.Errorf("%s on %s (%s): %s", a.DataOp, a.Edit.Path, n.Name, fresh.EditErr)
			}
			if string(fresh.Bytes()) == string(p.Bytes()) {
				t.Errorf("%s on %s changed no byte", a.DataOp, a.Edit.Path)
			}
		}
		return true
	})
	for path, kind := range map[string]string{
		"batches.0": kindLegacy, "batches.0.offset": kindRecInt, "batches.0.key": kindRecBytes,
		"batches.1.timestamp": kindRecInt, "batches.1.messages.1": kindMessage, "batches.1.messages.1.value": kindRecBytes,
	} {
		assert.Equal(t, kind, kinds[path], path)
	}
	assert.NotContains(t, kinds, "batches.1.value", "a wrapper's value is its messages")
	ed := p.Editor(nodeAt(t, p, legacy+".batches.1.messages.1"))
	var ops []string
	for _, a := range ed.Actions() {
		ops = append(ops, a.Label)
	}
	assert.Equal(t, []string{"duplicate message", "remove message"}, ops)
}

// A tagged field set to null (ClusterId's default) stays in the frame as
// the user left it, and can still be removed: its remove button does not
// go with its value.
func TestTaggedFieldAtNullCanBeRemoved(t *testing.T) {
	p := NewPane(schema.ByName("Fetch"), 12, schema.Request)
	before := len(p.Bytes())
	mustEdit(t, p, message.OpAddTagged, "body", "ClusterId")
	mustEdit(t, p, message.OpSetNull, "body.ClusterId", "")
	n := p.byPath("body.ClusterId")
	require.NotNil(t, n)
	var rm *message.Edit
	for _, a := range p.Editor(n).Actions() {
		if a.DataOp == "rmtag" {
			rm = &a.Edit
		}
	}
	require.NotNil(t, rm, "remove tagged field is offered on the null ClusterId")
	require.True(t, p.Edit(*rm), p.EditErr)
	assert.Equal(t, before, len(p.Bytes()), "removed, the frame is as it was")
}
