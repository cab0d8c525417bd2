//go:build e2e

package e2e

import (
	"encoding/hex"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// laptop is a desktop window as wide as the reviewer's, where the tree
// shares the width with the grid.
var laptop = screen{"laptop", 1280, 1000, false}

// valuesCutEarly is a JavaScript expression: the rows under scope (a CSS
// selector of tree rows) whose value box cuts its text short while a label
// of the row still takes room: "decompressed", the offsets beside a short
// value (class whole), or a warning or an error on the value's line. The
// value gives way last. Each as "path: value (content px in box px)".
func valuesCutEarly(scope string) string {
	return `Array.from(document.querySelectorAll(` + jsString(scope) + `)).filter(r => {
  const v = r.querySelector('.va');
  if (!v || v.scrollWidth <= v.clientWidth) return false;
  const w = sel => { const e = r.querySelector(sel); return e ? e.getBoundingClientRect().width : 0 };
  const top = v.getBoundingClientRect().top, said = Array.from(r.querySelectorAll('.warn, .errmsg')).some(e => e.getBoundingClientRect().top <= top);
  return w('.dz') > 0 || (v.classList.contains('whole') && w('.sp') > 0) || said;
}).map(r => { const v = r.querySelector('.va'); return r.dataset.path + ': ' + v.textContent + ' (' + v.scrollWidth + ' px in ' + v.clientWidth + ')' })`
}

// whole is a JavaScript expression: whether the value of the row sel is
// shown whole.
func whole(sel string) string {
	return `(v => v && v.scrollWidth <= v.clientWidth)(document.querySelector(` + jsString(sel+" .va") + `))`
}

// A row's value shows whole beside an extra label: the decompressed
// records' rows (each says "decompressed [...]") and a row with a warning.
func TestTreeValueWinsOverItsLabel(t *testing.T) {
	s := newSession(t, false)
	s.resize(laptop)
	s.open("/Produce/v13")
	s.clickUntil("the example", `button[data-op="show-example"]`, `document.querySelector('button[data-op="show-example"]').classList.contains('on')`)
	codec := "body.TopicData.0.PartitionData.0.Records.batches.0.attributes.codec"
	s.selectNode("request", codec)
	s.choose(`#request select[data-edit="`+codec+`"]`, "gzip")
	key := `#request .tn[data-path="body.TopicData.0.PartitionData.0.Records.batches.0.records.1.key"]`
	s.waitFor("the decompressed records", `(document.querySelector('`+key+` .va')||{}).textContent == '= "order-2"'`)
	rows := `#request .tn[data-path*=".records."]`
	if n := eval[int](s, `document.querySelectorAll('`+rows+` .va').length`); n < 10 {
		t.Fatalf("%d decompressed rows with a value", n)
	}
	if cut := eval[[]string](s, valuesCutEarly(rows)); len(cut) > 0 {
		t.Errorf("%d decompressed rows cut their value before their labels: %q", len(cut), cut)
	}
	for _, r := range []string{"0", "1"} {
		k := `#request .tn[data-path="body.TopicData.0.PartitionData.0.Records.batches.0.records.` + r + `.key"]`
		if !eval[bool](s, whole(k)) {
			t.Errorf("record %s's key is cut short: %q", r, s.text(k+" .va"))
		}
	}
	s.do(10*time.Second, chromedp.ScrollIntoView(chromedp.CSS(key)))
	s.viewShot("gzip-tree")

	// The first 100 bytes of a 150-byte Produce frame: the size row warns
	// that the frame is cut short, and still shows its value, 146.
	b, err := frame.Encode(message.Example(schema.ByName("Produce"), 7, schema.Request))
	if err != nil {
		t.Fatal(err)
	}
	if len(b) <= 100 {
		t.Fatalf("the example is %d bytes", len(b))
	}
	s.open("/")
	s.paste(hex.EncodeToString(b[:100]))
	size := `#request .tn[data-path$="@Frame@size"]`
	s.waitFor("the size row's warning", `document.querySelector('`+size+` .warn')`)
	if got, want := s.text(size+" .va"), "= "+itoa(len(b)-4); got != want {
		t.Errorf("the size row's value is %q, want %q", got, want)
	}
	if !eval[bool](s, whole(size)) {
		t.Errorf("the size row's value is cut short beside its warning")
	}
	if cut := eval[[]string](s, valuesCutEarly(`#request .tn`)); len(cut) > 0 {
		t.Errorf("%d rows of the cut frame cut their value before their labels: %q", len(cut), cut)
	}
	s.viewShot("cut-tree")
}
