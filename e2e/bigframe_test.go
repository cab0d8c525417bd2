//go:build e2e

package e2e

import (
	"encoding/base64"
	"hash/crc32"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/bigframe"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/wire"
)

// maxCells is what "a few hundred cells" means: the rows in view plus margins.
const maxCells = 40 * 16

// nodeByPath finds the node whose value path (keys joined, keyless nodes
// passing their parent's path on) is path.
func nodeByPath(root *layout.Node, path string) *layout.Node {
	var find func(n *layout.Node, pass string) *layout.Node
	find = func(n *layout.Node, pass string) *layout.Node {
		for _, c := range n.Kids() {
			cp := pass
			if c.Key != "" && (pass != "" || c.Key == "header" || c.Key == "body") {
				cp = strings.TrimPrefix(pass+"."+c.Key, ".")
			}
			if c.Key != "" && cp == path {
				return c
			}
			if cp == path || strings.HasPrefix(path, cp+".") || cp == "" {
				if r := find(c, cp); r != nil {
					return r
				}
			}
		}
		return nil
	}
	return find(root, "")
}

// expand opens the tree row with path (a click on its twisty) unless it is open.
func (s *session) expand(section, path string) {
	s.t.Helper()
	row := `#` + section + ` .tn[data-path="` + path + `"]`
	s.waitFor("row "+path, `document.querySelector('`+row+`')`)
	if eval[bool](s, `document.querySelector('`+row+`').getAttribute('aria-expanded') == 'true'`) {
		return
	}
	s.clickSeen(row + ` .tw`)
	s.waitFor("row "+path+" open", `document.querySelector('`+row+`').getAttribute('aria-expanded') == 'true'`)
}

// openGroup opens the [lo..hi] group of the row with path that holds child index i.
func (s *session) openGroup(section, path string, i int) {
	s.t.Helper()
	id := eval[string](s, `document.querySelector('#`+section+` .tn[data-path="`+path+`"]').dataset.id`)
	g := `#` + section + ` .grp[data-id="` + id + `#` + strconv.Itoa(i/100) + `"]`
	if eval[bool](s, `document.querySelector('`+g+`').getAttribute('aria-expanded') == 'true'`) {
		return
	}
	s.clickSeen(g)
	s.waitFor("group open", `document.querySelector('`+g+`').getAttribute('aria-expanded') == 'true'`)
}

func (s *session) cellCount(section string) int {
	s.t.Helper()
	return eval[int](s, frameGrid("#"+section+" .grid").bytes()+`.length + `+bufGrid("#"+section+" .grid").bytes()+`.length`)
}

// A 1 MiB Fetch response with 5,000 records loads from a link; the grid
// keeps a few hundred cells in the DOM; a record near the end, picked in the
// tree, scrolls its bytes into view; editing its value re-encodes the batch
// (lengths and CRC) as kmsg reads it.
func TestOneMiBFetchResponse(t *testing.T) {
	m := bigframe.Fetch()
	b, err := frame.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	d := frame.Decode(b, m.API, bigframe.FetchVersion, schema.Response)
	const part, batch, rec = bigframe.Partitions - 1, bigframe.BatchesPer - 1, bigframe.RecordsPer - 2
	recs := "body.Responses.0.Partitions." + strconv.Itoa(part) + ".Records"
	batchPath := recs + ".batches." + strconv.Itoa(batch)
	recPath := batchPath + ".records." + strconv.Itoa(rec)
	rn := nodeByPath(d.Tree, recPath)
	if rn == nil {
		t.Fatal("no record node at " + recPath)
	}

	s := newSession(t, false)
	s.openResponse(b)
	if n := s.cellCount("response"); n > maxCells {
		t.Errorf("%d cells in the DOM after loading", n)
	}
	if h := eval[int](s, `document.querySelector('#response .grid-spacer').offsetHeight`); h != (len(b)+15)/16*22 {
		t.Errorf("the scrollbar covers %dpx, want the whole frame", h)
	}
	s.screenshot("loaded")

	// Down the tree to a record near the end: a batch's records hang under
	// its "records" node, laid out when opened.
	container := batchPath + ".records"
	for _, p := range []string{"body.Responses.0", "body.Responses.0.Partitions", "body.Responses.0.Partitions." + strconv.Itoa(part), recs, batchPath, container} {
		s.expand("response", p)
	}
	var records *layout.Node
	for _, c := range nodeByPath(d.Tree, batchPath).Kids() {
		if c.Name == "records" {
			records = c
		}
	}
	if records == nil {
		t.Fatal("the batch has no records node")
	}
	idx := -1
	for i, c := range records.Kids() {
		if c == rn {
			idx = i
		}
	}
	if len(records.Kids()) > 100 {
		s.openGroup("response", container, idx)
	}
	s.selectNode("response", recPath)
	s.waitFor("the record's first byte in view and selected", `(()=>{const c=`+frameGrid("#response").byteAt(rn.Off)+`;
		if(!c.hex) return false; const v=document.querySelector('#response .grid-scroll').getBoundingClientRect();
		return c.y>=v.top && c.y+c.h<=v.bottom && c.cls.includes('sel')})()`)
	if n := s.cellCount("response"); n > maxCells {
		t.Errorf("%d cells in the DOM after scrolling to the record", n)
	}
	s.screenshot("record-selected")

	// Edit its value.
	s.expand("response", recPath)
	valuePath := recPath + ".value"
	// The URL is written once the page is idle after the edit: wait for it to change.
	eval[bool](s, `(window.__hash0 = location.hash, true)`)
	s.setField("response", valuePath, "edited near the end of a megabyte")
	s.waitFor("the re-encoded frame in the URL", `location.hash !== window.__hash0 && document.querySelector('#response .tn[data-path="`+valuePath+`"] .va').textContent.includes('edited near the end')`)
	hash := eval[string](s, `location.hash`)
	frag := strings.TrimPrefix(hash, "#resp=")
	nb, err := base64.RawURLEncoding.DecodeString(frag)
	if err != nil {
		t.Fatalf("fragment: %v", err)
	}
	checkEdited(t, nb, part, batch, rec, "edited near the end of a megabyte")
	if n := s.cellCount("response"); n > maxCells {
		t.Errorf("%d cells in the DOM after the edit", n)
	}
}

// checkEdited reads the edited frame with kmsg: the size prefix, every batch
// length and CRC of the partition, and the edited record's value.
func checkEdited(t *testing.T, fb []byte, part, batch, rec int, want string) {
	t.Helper()
	if size := int(uint32(fb[0])<<24 | uint32(fb[1])<<16 | uint32(fb[2])<<8 | uint32(fb[3])); size != len(fb)-4 {
		t.Errorf("size prefix %d, frame %d bytes", size, len(fb))
	}
	k := kmsg.NewPtrFetchResponse()
	k.Version = bigframe.FetchVersion
	if err := k.ReadFrom(fb[4+5:]); err != nil {
		t.Fatalf("kmsg: %v", err)
	}
	raw := k.Topics[0].Partitions[part].RecordBatches
	for i := 0; len(raw) > 0; i++ {
		var rb kmsg.RecordBatch
		if err := rb.ReadFrom(raw); err != nil {
			t.Fatalf("batch %d: %v", i, err)
		}
		if crc := crc32.Checksum(raw[21:12+rb.Length], crc32.MakeTable(crc32.Castagnoli)); int32(crc) != rb.CRC {
			t.Errorf("batch %d: CRC %08x, computed %08x", i, uint32(rb.CRC), crc)
		}
		if i == batch {
			recs := rb.Records
			for j := 0; j <= rec; j++ {
				var r kmsg.Record
				if err := r.ReadFrom(recs); err != nil {
					t.Fatalf("record %d: %v", j, err)
				}
				if j == rec && string(r.Value) != want {
					t.Errorf("record %d value %q, want %q", j, r.Value, want)
				}
				recs = recs[int(r.Length)+wire.VarlongLen(int64(r.Length)):]
			}
		}
		raw = raw[12+rb.Length:]
	}
}

// The records of a zstd batch live in a buffer of their own: selecting one
// shows that buffer below the frame with the record selected in it and the
// compressed payload marked in the frame; a click in it selects back.
func TestDecompressedBytesBesideTheFrame(t *testing.T) {
	m := bigframe.CompressedFetch()
	b, err := frame.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, false)
	s.openResponse(b)
	if eval[bool](s, `!!document.querySelector('#response .inner')`) {
		t.Error("a decompressed grid is shown before anything is selected")
	}
	const rec = "body.Responses.0.Partitions.0.Records.batches.0.records.1"
	s.selectNode("response", rec)
	inner := bufGrid("#response .inner")
	s.waitFor("the decompressed grid", inner.offsWith("sel")+`.length > 0`)
	if n := eval[int](s, frameGrid("#response .grid").offsWith("mark")+`.length`); n == 0 {
		t.Error("the compressed payload is not marked in the frame")
	}
	if got := eval[string](s, inner.bytes()+`.find(b => b.cls.includes('sel')).region`); got != "record" {
		t.Errorf("the selected decompressed byte is region %q", got)
	}
	s.screenshot("decompressed")
	// A click on the first byte of the buffer selects the first record's length.
	s.clickByteUntil("selection from the decompressed grid", inner, 0,
		`document.querySelector('#response .tn.sel') && document.querySelector('#response .tn.sel').dataset.path == 'body.Responses.0.Partitions.0.Records.batches.0.records.0@length'`)
	// Editing a value in there recompresses the batch.
	eval[bool](s, `(window.__hash0 = location.hash, true)`)
	s.setField("response", rec+".value", "recompressed")
	s.waitFor("the edit in the URL", `location.hash.startsWith('#resp=') && location.hash !== window.__hash0 && document.querySelector('#response .tn[data-path="`+rec+`.value"] .va').textContent.includes('recompressed')`)
	nb, err := base64.RawURLEncoding.DecodeString(strings.TrimPrefix(eval[string](s, `location.hash`), "#resp="))
	if err != nil {
		t.Fatal(err)
	}
	k := kmsg.NewPtrFetchResponse()
	k.Version = bigframe.FetchVersion
	if err := k.ReadFrom(nb[9:]); err != nil {
		t.Fatal(err)
	}
	var rb kmsg.RecordBatch
	if err := rb.ReadFrom(k.Topics[0].Partitions[0].RecordBatches); err != nil {
		t.Fatal(err)
	}
	if rb.Attributes&7 != 4 {
		t.Errorf("batch codec %d, want zstd", rb.Attributes&7)
	}
	// Switched to hex, the same input sets the value from hex digits: its
	// handler, which go-app keeps from the text mode's render, reads the
	// mode from the input, not from the render that made it.
	s.do(10*time.Second, chromedp.Click(chromedp.CSS(`#response button[data-op="hexmode"]`)))
	in := `#response input[data-edit="` + rec + `.value"][data-hex="true"]`
	s.do(10*time.Second, chromedp.WaitVisible(chromedp.CSS(in)), chromedp.SetValue(chromedp.CSS(in), "68657821"))
	s.waitFor("the value set from hex", `document.querySelector('#response .tn[data-path="`+rec+`.value"] .va').textContent.includes('hex!')`)
}
