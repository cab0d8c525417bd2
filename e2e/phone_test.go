//go:build e2e

package e2e

import (
	"context"
	"encoding/hex"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/bigframe"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/ui"
)

// screen is a window size the layout must work at.
type screen struct {
	name   string
	w, h   int64
	mobile bool
}

var (
	phone   = screen{"phone", 390, 844, true}
	desktop = screen{"desktop", 1400, 1000, false}
)

// resize makes the tab the size of sc, with touch on a phone; the next page loaded starts at that size.
func (s *session) resize(sc screen) {
	s.t.Helper()
	if _, err := chromedp.Call(s.ctx, emulation.SetDeviceMetricsOverride, emulation.SetDeviceMetricsOverrideParams{
		Width: sc.w, Height: sc.h, DeviceScaleFactor: 1, Mobile: sc.mobile,
	}); err != nil {
		s.t.Fatalf("sizing the tab as a %s: %v", sc.name, err)
	}
	if _, err := chromedp.Call(s.ctx, emulation.SetTouchEmulationEnabled, emulation.SetTouchEmulationEnabledParams{Enabled: sc.mobile}); err != nil {
		s.t.Fatalf("touch on a %s: %v", sc.name, err)
	}
}

// viewShot saves what the window shows (not the whole page) as e2e/artifacts/<test>-<name>.png.
func (s *session) viewShot(name string) {
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		s.t.Errorf("screenshot %s: %v", name, err)
		return
	}
	file := strings.NewReplacer("/", "_", " ", "_").Replace(s.t.Name() + "-" + name + ".png")
	os.WriteFile(filepath.Join("artifacts", file), b, 0o644)
}

// latest is the path of the highest version of an API.
func latest(api string) string {
	a := schema.ByName(api)
	return "/" + api + "/v" + strconv.Itoa(int(a.VersionRange(schema.Request).Hi))
}

// noSidewaysScroll fails the test when the page is wider than the window.
func noSidewaysScroll(t *testing.T, s *session, sc screen, path string) {
	t.Helper()
	w := eval[[]int](s, `[document.documentElement.scrollWidth, document.body.scrollWidth, window.innerWidth]`)
	t.Logf("%s %s: document %d px wide, body %d, window %d", sc.name, path, w[0], w[1], w[2])
	if w[2] != int(sc.w) {
		t.Errorf("%s %s: the window is %d px wide, want %d", sc.name, path, w[2], sc.w)
	}
	if w[0] > w[2] || w[1] > w[2] {
		t.Errorf("%s %s: the page scrolls sideways: document %d px, body %d px, window %d px", sc.name, path, w[0], w[1], w[2])
	}
}

func TestLayoutPhoneAndDesktop(t *testing.T) {
	for _, sc := range []screen{phone, desktop} {
		t.Run(sc.name, func(t *testing.T) {
			s := newSession(t, false)
			s.resize(sc)
			for _, path := range []string{"/", latest("Fetch"), "/Produce/v9", "/DescribeProducers/v0"} {
				s.open(path)
				noSidewaysScroll(t, s, sc, path)
				name := sc.name + strings.ReplaceAll(strings.TrimSuffix(path, "/"), "/", "_")
				if path == "/" {
					name = sc.name + "_index"
				}
				s.screenshot(name)
				s.viewShot(name + "-view")
			}

			// Fetch has the most versions: the top bar stays one row.
			s.open(latest("Fetch"))
			bar := eval[[]float64](s, `(()=>{const r=document.querySelector('.top').getBoundingClientRect();return [r.height, r.width]})()`)
			t.Logf("%s: the top bar on %s is %.0f px tall", sc.name, latest("Fetch"), bar[0])
			if bar[0] > 64 {
				t.Errorf("%s: the top bar on Fetch is %.0f px tall, want at most 64", sc.name, bar[0])
			}
			// The current version is scrolled into the strip's view.
			if !eval[bool](s, `(()=>{const l=document.querySelector('.ver-list').getBoundingClientRect(), c=document.querySelector('.ver.cur').getBoundingClientRect();return c.left>=l.left-1 && c.right<=l.right+1})()`) {
				t.Errorf("%s: the current version is outside the version strip's view", sc.name)
			}

			pos := eval[string](s, `getComputedStyle(document.querySelector('.top')).position`)
			cols := eval[int](s, frameGrid("#request").firstRowBytes())
			offs := eval[[]string](s, `Array.from(document.querySelectorAll('#request .grid-row .grid-off')).slice(0,3).map(e=>e.textContent)`)
			head := eval[int](s, `document.querySelector('#request .grid-head .grid-hex').children.length`)
			want, wantPos, wantOffs := 16, "sticky", []string{"0000", "0010", "0020"}
			if sc.mobile {
				// On a phone the bar scrolls away with the page instead of covering it.
				want, wantPos, wantOffs = 8, "static", []string{"0000", "0008", "0010"}
			}
			if pos != wantPos {
				t.Errorf("%s: the top bar is %s, want %s", sc.name, pos, wantPos)
			}
			if cols != want || head != want {
				t.Errorf("%s: %d bytes a grid row under %d column heads, want %d", sc.name, cols, head, want)
			}
			if strings.Join(offs, " ") != strings.Join(wantOffs, " ") {
				t.Errorf("%s: row offsets %v, want %v", sc.name, offs, wantOffs)
			}
			// Every byte of the frame is still in the grid, in order, once the rows are 8 wide.
			_, b := codecRegions(t, "DescribeProducers", 0, schema.Response)
			s.open("/DescribeProducers/v0")
			if got := strings.Join(s.cells("response"), ""); got != hex.EncodeToString(b) {
				t.Errorf("%s: response bytes %s, want %s", sc.name, got, hex.EncodeToString(b))
			}
		})
	}
}

// A tree value wraps on a phone instead of being cut: a long client id can be read whole.
func TestPhoneTreeValuesWrap(t *testing.T) {
	s := newSession(t, false)
	s.resize(phone)
	s.open("/DescribeProducers/v0")
	long := "orders-client-with-a-name-longer-than-a-phone-screen-is-wide"
	s.setField("request", "header.ClientId", long)
	va := `#request .tn[data-path="header.ClientId"] .va`
	s.waitFor("the new client id", `document.querySelector('`+va+`').textContent.includes('`+long+`')`)
	box := eval[[]float64](s, `(()=>{const e=document.querySelector('`+va+`'), r=e.getBoundingClientRect();return [r.left, r.right, e.scrollWidth, e.clientWidth, window.innerWidth]})()`)
	if box[0] < 0 || box[1] > box[4] || box[2] > box[3] {
		t.Errorf("the client id is cut: left %.0f right %.0f, content %.0f px in a %.0f px box, window %.0f", box[0], box[1], box[2], box[3], box[4])
	}
	noSidewaysScroll(t, s, phone, "/DescribeProducers/v0 edited")
	s.screenshot("phone-tree")
	s.do(10*time.Second, chromedp.ScrollIntoView(chromedp.CSS(va)))
	s.viewShot("phone-tree-view")
}

// codecNode is the node at value path path of the minimal frame, as the codec lays it out.
func codecNode(t *testing.T, api string, v int16, dir schema.Direction, path string) (name, desc, value, hexBytes string) {
	t.Helper()
	d, err := frame.Build(message.Minimal(schema.ByName(api), v, dir))
	if err != nil {
		t.Fatal(err)
	}
	n := message.FindNode(d.Tree, message.ParsePath(path))
	if n == nil {
		t.Fatalf("no node %s in the minimal %s v%d %s", path, api, v, dir)
	}
	b := d.Bytes()[n.Off:n.End]
	parts := make([]string, len(b))
	for i, c := range b {
		parts[i] = hex.EncodeToString([]byte{c})
	}
	return n.Name, n.Desc, n.Value, strings.Join(parts, " ")
}

func TestDetailsPanelShowsTheSelectedNode(t *testing.T) {
	for _, sc := range []screen{desktop, phone} {
		t.Run(sc.name, func(t *testing.T) {
			s := newSession(t, false)
			s.resize(sc)
			s.open("/InitProducerId/v5")
			path := "body.TransactionalId" // one byte at 15: its compact length
			name, desc, value, hx := codecNode(t, "InitProducerId", 5, schema.Request, path)
			if len(desc) < 20 || value == "" {
				t.Fatalf("the codec gives %s a description %q and value %q: pick a node with both", path, desc, value)
			}
			// Hovering the row shows the description in full as its tooltip.
			if got := eval[string](s, `document.querySelector('#request .tn[data-path="`+path+`"]').title`); got != strings.ReplaceAll(desc, `"`, "'") {
				t.Errorf("row title %q, want the description %q", got, desc)
			}
			s.selectNode("request", path)
			panel := `#details-request`
			s.waitFor("the details", `document.querySelector('`+panel+` h3') && document.querySelector('`+panel+` h3').textContent == '`+name+`'`)
			text := eval[string](s, `document.querySelector('`+panel+`').innerText`)
			for _, want := range []string{desc, value, hx, message.DisplayPath(path), "byte 15 of the frame (0x000f)"} {
				if !strings.Contains(text, want) {
					t.Errorf("the details panel lacks %q:\n%s", want, text)
				}
			}
			// The full description and the value are on screen, not cut.
			s.do(10*time.Second, chromedp.ScrollIntoView(chromedp.CSS(panel+" .details-desc")))
			for _, part := range []string{".details-desc", ".details-value"} {
				vis := eval[[]float64](s, `(()=>{const e=document.querySelector('`+panel+` `+part+`'), r=e.getBoundingClientRect();return [r.width, r.height, r.left, r.right, window.innerWidth, e.scrollWidth-e.clientWidth, e.checkVisibility()?1:0]})()`)
				if vis[0] == 0 || vis[1] == 0 || vis[2] < 0 || vis[3] > vis[4] || vis[5] > 0 || vis[6] == 0 {
					t.Errorf("%s %s is not fully visible: %v", sc.name, part, vis)
				}
			}
			noSidewaysScroll(t, s, sc, "/InitProducerId/v5 selected")
			s.screenshot(sc.name + "-details")
		})
	}
}

// A typed value applies when the field is left, by Tab or by a click elsewhere, not only on Enter.
func TestEditAppliesOnLeavingTheField(t *testing.T) {
	s := newSession(t, false)
	s.open("/InitProducerId/v5")
	in := `#request input[data-edit="body.TransactionTimeoutMs"]`
	s.selectNode("request", "body.TransactionTimeoutMs")
	s.do(10*time.Second, chromedp.WaitVisible(chromedp.CSS(in)), chromedp.Focus(chromedp.CSS(in)))
	eval[bool](s, `document.querySelector('`+in+`').select(), true`)
	s.do(10*time.Second, chromedp.SendKeys(chromedp.CSS(in), "60000"), chromedp.KeyEvent(kb.Tab))
	s.waitFor("the edit applied on Tab", frameGrid("#request").hexAt(16, 20)+` == '00 00 ea 60'`)
	// The bytes are painted in the edit's handler and the page renders
	// after the next frame, writing the applied value into the field:
	// typing again before that render (which no hand does, a Tab and a
	// click later) had it overwrite what was typed, 5 runs in 12.
	s.waitFor("the page rendered after the edit", `(document.querySelector('#request .tn[data-path="body.TransactionTimeoutMs"] .va') || {}).textContent == '= 60000'`)

	// Typed, then a click on another row: the value applies and the click selects the row.
	s.do(10*time.Second, chromedp.Focus(chromedp.CSS(in)))
	eval[bool](s, `document.querySelector('`+in+`').select(), true`)
	s.do(10*time.Second, chromedp.SendKeys(chromedp.CSS(in), "1000"))
	other := `#request .tn[data-path="body.ProducerId"] .nm`
	s.do(10*time.Second, chromedp.Click(chromedp.CSS(other)))
	s.waitFor("the edit applied on leaving", frameGrid("#request").hexAt(16, 20)+` == '00 00 03 e8'`)
	s.waitFor("the clicked row selected", `document.querySelector('#request .tn.sel[data-path="body.ProducerId"]')`)
}

// The badge compares bytes: a frame sent in a link that equals the minimal
// one is not "edited"; a response left minimal beside a given request says so.
func TestMinimalBadgeAndNote(t *testing.T) {
	api := schema.ByName("InitProducerId")
	build := func(edits ...message.Edit) []byte {
		m := message.Minimal(api, 5, schema.Request)
		for _, e := range edits {
			if err := m.Apply(e); err != nil {
				t.Fatal(err)
			}
		}
		d, err := frame.Build(m)
		if err != nil {
			t.Fatal(err)
		}
		return d.Bytes()
	}
	s := newSession(t, false)
	s.open("/InitProducerId/v5#" + ui.Fragment(build(), nil))
	if !eval[bool](s, `!!document.querySelector('#request .minimal:not(.given)') && !document.querySelector('#request .edited')`) {
		t.Errorf("a linked request equal to the minimal one is badged %q", eval[string](s, `document.querySelector('#request .pane-tools').innerText`))
	}
	if eval[bool](s, `!!document.getElementById('response-minimal')`) {
		t.Errorf("the response says it is not the broker's answer beside a minimal request")
	}

	changed := build(message.Edit{Op: message.OpSet, Path: message.ParsePath("body.TransactionTimeoutMs"), Text: "60000"})
	s.open("/DescribeProducers/v0") // a new page, so the link below loads afresh
	s.open("/InitProducerId/v5#" + ui.Fragment(changed, nil))
	if !eval[bool](s, `!!document.querySelector('#request .given') && !document.querySelector('#request .edited')`) {
		t.Errorf("a linked request unlike the minimal one is badged %q, not unedited", eval[string](s, `document.querySelector('#request .pane-tools').innerText`))
	}
	note := eval[string](s, `(document.getElementById('response-minimal')||{}).textContent||''`)
	if !strings.Contains(note, "minimal response") || !strings.Contains(note, "broker") {
		t.Errorf("the response beside a given request does not say it is the minimal one: %q", note)
	}
	// The response the link did not carry starts folded to the frame's
	// parts: its fields show once its body is opened, as a user opens it.
	if eval[bool](s, `!!document.querySelector('#response .tn[data-path="body.ErrorCode"]')`) ||
		eval[string](s, `document.querySelector('#response .tn[data-path="body"]').getAttribute('aria-expanded')`) != "false" {
		t.Errorf("the minimal response beside a given request is not folded")
	}
	if !eval[bool](s, `!!document.querySelector('#request .tn[data-path="body.TransactionTimeoutMs"]')`) {
		t.Errorf("the request the link carried is folded")
	}
	s.clickSeen(`#response .tn[data-path="body"] .tw`)
	s.waitFor("the response's body open", `document.querySelector('#response .tn[data-path="body.ErrorCode"]')`)
	// Editing the response makes it the user's: the note goes.
	s.setField("response", "body.ErrorCode", "47")
	s.waitFor("the note gone", `!document.getElementById('response-minimal') && document.querySelector('#response .edited')`)
	// And the request given, once edited, is badged edited.
	s.setField("request", "body.TransactionTimeoutMs", "70000")
	s.waitFor("the given request edited", `document.querySelector('#request .edited') && !document.querySelector('#request .given')`)
}

// Every click on a byte selects its field the first time, on the frame's
// grid and on a decompressed batch's, though the rows repaint under the
// pointer as it moves.
func TestEveryClickOnAByteSelects(t *testing.T) {
	m := bigframe.CompressedFetch()
	b, err := frame.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, false)
	s.openResponse(b)
	s.selectNode("response", "body.Responses.0.Partitions.0.Records.batches.0.records.1")
	inner, outer := bufGrid("#response .inner"), frameGrid("#response .grid-scroll")
	s.waitFor("the decompressed grid", inner.offsWith("sel")+`.length > 0`)
	lost := 0
	for i, c := range []struct {
		g   gridAt
		off int
	}{
		// The decompressed grid shows while the selection is in it: its clicks first.
		{inner, 0}, {inner, 9}, {inner, 30}, {inner, 3}, {inner, 17},
		{outer, 5}, {outer, 12}, {outer, 20}, {outer, 40}, {outer, 1},
	} {
		x, y := s.pointAt(c.g, c.off)
		s.do(10*time.Second, chromedp.MouseClickXY(x, y))
		deadline := time.Now().Add(3 * time.Second)
		for !eval[bool](s, c.g.byteAt(c.off)+`.cls.includes('sel')`) {
			if time.Now().After(deadline) {
				lost++
				t.Errorf("click %d on byte %d under %s did not select its byte", i+1, c.off, c.g.scope)
				break
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	t.Logf("%d of 10 clicks lost", lost)
}
