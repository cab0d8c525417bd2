//go:build e2e

package e2e

import (
	"encoding/hex"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

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

// gridTop is a JavaScript expression: where the top of the grid under
// scope is in the window, and how far the window is scrolled.
func gridTop(scope string) string {
	return `[document.querySelector(` + jsString(scope+" .grid-scroll") + `).getBoundingClientRect().top, window.scrollY]`
}

// rowInView is a JavaScript expression: whether the selected tree row
// under scope is inside its tree's box and, with window, inside the window.
func rowInView(scope string, window bool) string {
	w := "false"
	if window {
		w = "true"
	}
	return `(() => {
  const r = document.querySelector(` + jsString(scope+" .tn.sel") + `), t = document.querySelector(` + jsString(scope+" .tree") + `);
  if (!r) return false;
  const a = r.getBoundingClientRect(), b = t.getBoundingClientRect();
  const top = ` + w + ` ? Math.max(b.top, 0) : b.top, bottom = ` + w + ` ? Math.min(b.bottom, window.innerHeight) : b.bottom;
  return a.top >= top - 1 && a.bottom <= bottom + 1;
})()`
}

// A tap on a byte on a phone selects its field and leaves the grid under
// the finger: the page does not scroll to the field's tree row (the tree
// is below the grid there, with no scroller of its own).
func TestPhoneTapOnAByteKeepsTheGridInPlace(t *testing.T) {
	s := newSession(t, false)
	s.resize(phone)
	s.open("/Produce/v13")
	g := frameGrid("#request")
	s.waitFor("the grid", g.bytes()+`.length > 100`)
	// The grid 150 px below the window's top, as after scrolling down to it.
	eval[bool](s, `(() => { const r = document.querySelector('#request .grid-scroll').getBoundingClientRect(); window.scrollTo(0, window.scrollY + r.top - 150); return true })()`)
	s.waitFor("the page scrolled", `Math.abs(document.querySelector('#request .grid-scroll').getBoundingClientRect().top - 150) < 2`)
	before := eval[[]float64](s, gridTop("#request"))
	n := len(s.cells("request"))
	for _, off := range []int{0x13, n - 1, 0x30} {
		x, y := s.pointAt(g, off)
		s.do(10*time.Second, chromedp.TapXY(x, y))
		s.waitFor("the tapped byte selected", g.byteAt(off)+`.cls.includes('sel')`)
		// What the selection moves happens in the frames after the render.
		time.Sleep(300 * time.Millisecond)
		after := eval[[]float64](s, gridTop("#request"))
		if d := after[0] - before[0]; d < -1 || d > 1 {
			t.Errorf("a tap on byte %#x moved the grid %.0f px (its top from %.0f to %.0f, the page scrolled from %.0f to %.0f)", off, d, before[0], after[0], before[1], after[1])
		}
	}
	s.viewShot("tapped")
	noSidewaysScroll(t, s, phone, "/Produce/v13")
}

// On a desktop, where the grid stays in view beside the tree, a click on a
// byte brings its field's tree row into view; at a width where the tree
// is under the grid in a box of its own, the arrow keys in the grid keep
// the selected row in view inside that box, and the page stays.
func TestGridSelectionBringsTheTreeRowIntoItsPane(t *testing.T) {
	s := newSession(t, false)
	s.resize(laptop)
	s.open("/Produce/v13")
	s.clickUntil("the example", `button[data-op="show-example"]`, `document.querySelector('button[data-op="show-example"]').classList.contains('on')`)
	g := frameGrid("#request")
	s.waitFor("the example's grid", g.bytes()+`.length > 200`)
	n := len(s.cells("request"))
	for _, off := range []int{n - 1, 0x05} {
		s.clickByteUntil("the byte selected", g, off, g.byteAt(off)+`.cls.includes('sel')`)
		s.waitFor("the tree row of byte "+itoa(off)+" in view", rowInView("#request", true))
		if !eval[bool](s, `(r => r.bottom > 0 && r.top < window.innerHeight)(document.querySelector('#request .grid-scroll').getBoundingClientRect())`) {
			t.Errorf("a click on byte %d took the grid out of view", off)
		}
	}
	s.viewShot("desktop")

	tablet := screen{"tablet", 800, 1000, false}
	s.resize(tablet)
	s.open("/Produce/v13")
	s.clickUntil("the example", `button[data-op="show-example"]`, `document.querySelector('button[data-op="show-example"]').classList.contains('on')`)
	s.waitFor("the example's grid", g.bytes()+`.length > 200`)
	if !eval[bool](s, `(t => t.scrollHeight > t.clientHeight)(document.querySelector('#request .tree'))`) {
		t.Fatal("at 800 px the tree has no scroller of its own")
	}
	eval[bool](s, `(() => { const r = document.querySelector('#request .grid-scroll').getBoundingClientRect(); window.scrollTo(0, window.scrollY + r.top - 100); return true })()`)
	s.waitFor("the page scrolled", `Math.abs(document.querySelector('#request .grid-scroll').getBoundingClientRect().top - 100) < 2`)
	before := eval[[]float64](s, gridTop("#request"))
	s.clickByteUntil("the first byte selected", g, 0, g.byteAt(0)+`.cls.includes('sel')`)
	for _, k := range []struct{ name, key string }{{"End", kb.End}, {"ArrowUp", kb.ArrowUp}, {"ArrowUp", kb.ArrowUp}, {"Home", kb.Home}, {"PageDown", kb.PageDown}} {
		s.do(10*time.Second, chromedp.KeyEvent(k.key))
		s.waitFor("the cursor's field selected", `document.querySelector('#request .tn.sel')`)
		time.Sleep(300 * time.Millisecond)
		if !eval[bool](s, rowInView("#request", false)) {
			t.Errorf("after %s the selected row %q is out of the tree's view", k.name, s.text("#request .tn.sel .nm"))
		}
		after := eval[[]float64](s, gridTop("#request"))
		if d := after[0] - before[0]; d < -1 || d > 1 {
			t.Errorf("%s moved the grid %.0f px", k.name, d)
		}
	}
	s.viewShot("tablet")
}

// On a phone a capture's frame list lays out the rows its box shows, not
// those far below it, until they near it (content-visibility in
// kafkawire.css): a page of 100 rows costs the layout of a few.
func TestPhoneListLaysOutTheRowsInView(t *testing.T) {
	exs, _ := kafkaTraffic(t)
	file, _, _ := bigCapture(exs, 1)
	s := newSession(t, false)
	s.resize(phone)
	s.open("/")
	s.dropFile("big.pcap", file)
	s.waitFor("a page of rows", `document.querySelectorAll('#conv-list tbody tr').length >= 100`)
	s.scrollSeen(`.conv-scroll`)
	laid := eval[[]bool](s, `(() => { const rows = [...document.querySelectorAll('#conv-list tbody tr')]; return [rows[0].cells[4].checkVisibility({contentVisibilityAuto: true}), rows[rows.length-1].cells[4].checkVisibility({contentVisibilityAuto: true})]; })()`)
	if len(laid) != 2 || !laid[0] || laid[1] {
		t.Errorf("[the first row laid out, the last row laid out] = %v, want [true false]", laid)
	}
	// Scrolled to the end of the box, the last row is laid out.
	s.scrollSeen(`#conv-list tbody tr:last-child`)
	if !eval[bool](s, `document.querySelector('#conv-list tbody tr:last-child').cells[4].checkVisibility({contentVisibilityAuto: true})`) {
		t.Errorf("the last row, scrolled into view, is not laid out")
	}
}

// On a phone a capture's frame list shows what tells frames apart, within
// the screen: each frame's API and version and its direction, and its
// connection by the client's port ("…:40000>…:29092"); nothing scrolls
// sideways, the page nor the list.
func TestPhoneCaptureListShowsTheAPIAndTheClientPort(t *testing.T) {
	exs, file := kafkaTraffic(t)
	s := newSession(t, false)
	s.resize(phone)
	s.open("/")
	s.dropFile("kafka.pcapng", file)
	s.waitFor("the conversation list", listShown)
	checkRows(t, s, exs)
	// Each row: [API cell left, right, width, dir cell left, right, the
	// client port's left, right, the connection cell's right, its text cut].
	rows := eval[[][]float64](s, `Array.from(document.querySelectorAll('#conv-list tbody tr')).slice(0, 6).map(r => {
  const api = r.cells[4].getBoundingClientRect(), dir = r.cells[3].getBoundingClientRect(), cn = r.cells[2];
  const host = cn.querySelector('.cn-h'), port = document.createRange();
  port.selectNode(host.nextSibling);
  const p = port.getBoundingClientRect(), c = cn.getBoundingClientRect();
  return [api.left, api.right, api.width, dir.left, dir.right, p.left, p.right, c.right, cn.scrollWidth > cn.clientWidth ? 1 : 0];
})`)
	w := float64(phone.w)
	for i, r := range rows {
		if r[2] == 0 || r[0] < 0 || r[1] > w {
			t.Errorf("row %d: the API cell is at %.0f..%.0f px, outside the %.0f px screen", i+1, r[0], r[1], w)
		}
		if r[3] < 0 || r[4] > w {
			t.Errorf("row %d: the direction is at %.0f..%.0f px", i+1, r[3], r[4])
		}
		if r[5] < 0 || r[6] > w || r[6] > r[7] || r[8] != 0 {
			t.Errorf("row %d: the client port is at %.0f..%.0f px, its cell ends at %.0f, cut %v", i+1, r[5], r[6], r[7], r[8] != 0)
		}
	}
	if got := eval[string](s, `document.querySelector('#conv-list tbody tr').cells[2].textContent`); !strings.HasPrefix(got, "127.0.0.1:40000>") {
		t.Errorf("the first connection reads %q", got)
	}
	if !eval[bool](s, `(b => b.scrollWidth <= b.clientWidth)(document.querySelector('.conv-scroll'))`) {
		t.Errorf("the frame list scrolls sideways")
	}
	noSidewaysScroll(t, s, phone, "/ with a capture")
	s.viewShot("list")
	s.shot("list-box", "#paste")

	// The latency's sort, in the header a phone does not show, stays as
	// a button of its own, and sorts.
	sort := `document.querySelector('#conv-list button[data-sort="latency"]')`
	if r := eval[[]float64](s, `(r => [r.width, r.left, r.right])(`+sort+`.getBoundingClientRect())`); r[0] == 0 || r[1] < 0 || r[2] > w {
		t.Errorf("the latency sort is at %v on a phone", r)
	}
	s.clickUntil("the slowest first", `#conv-list button[data-sort="latency"]`, sort+`.getAttribute('aria-pressed') == 'true'`)
	s.shot("sorted", "#paste")
}

// stripCuts is a JavaScript expression: the versions the strip cuts at an
// edge that does not fade, and whether the current one is whole in view.
const stripCuts = `(() => {
  const l = document.querySelector('.ver-list'), b = l.getBoundingClientRect(), cut = [];
  for (const c of l.querySelectorAll('.ver')) {
    const r = c.getBoundingClientRect();
    if (r.left < b.left - 1 && r.right > b.left + 1 && !l.classList.contains('more-l')) cut.push(c.textContent + ' at the left');
    if (r.right > b.right + 1 && r.left < b.right - 1 && !l.classList.contains('more-r')) cut.push(c.textContent + ' at the right');
  }
  const c = l.querySelector('.ver.cur').getBoundingClientRect();
  return {cut: cut, whole: c.left >= b.left - 1 && c.right <= b.right + 1, left: l.scrollLeft, more: l.className};
})()`

// The version strip, when it scrolls, shows the current version whole, a
// whole version at its left edge, and fades an edge past which there are
// more versions, so that a version cut by an edge is not read as one.
func TestVersionStripCutsNoVersionMisleadingly(t *testing.T) {
	s := newSession(t, false)
	for _, sc := range []screen{laptop, phone} {
		s.resize(sc)
		for _, path := range []string{"/Produce/v7", "/Produce/v0", latest("Fetch"), "/Fetch/v9"} {
			s.open(path)
			type strip struct {
				Cut   []string
				Whole bool
				Left  float64
				More  string
			}
			got := eval[strip](s, stripCuts)
			t.Logf("%s %s: scrolled %.0f px, %s", sc.name, path, got.Left, got.More)
			if len(got.Cut) > 0 || !got.Whole {
				t.Errorf("%s %s: the strip cuts %q, the current version whole: %v", sc.name, path, got.Cut, got.Whole)
			}
			if !strings.Contains(got.More, "more-") && eval[bool](s, `(l => l.scrollWidth > l.clientWidth + 1)(document.querySelector('.ver-list'))`) {
				t.Errorf("%s %s: the strip scrolls but no edge fades", sc.name, path)
			}
		}
		s.shot(sc.name+"-strip", ".top")
	}
}
