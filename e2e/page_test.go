//go:build e2e

package e2e

import (
	"encoding/hex"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/ui"
)

// spans expands (region, count) pairs into one region per byte.
func spans(parts ...any) []string {
	var out []string
	for i := 0; i < len(parts); i += 2 {
		for n := 0; n < parts[i+1].(int); n++ {
			out = append(out, parts[i].(string))
		}
	}
	return out
}

// The reference pages' offsets: DescribeProducers v0 and InitProducerId v5.
var reference = []struct {
	path       string
	req, resp  []string
	reqN, resN int
}{
	{"/DescribeProducers/v0",
		spans("frame", 4, "header", 10, "tagged", 1, "body", 7, "tagged", 2),
		spans("frame", 4, "header", 4, "tagged", 1, "body", 51, "tagged", 4),
		24, 64},
	{"/InitProducerId/v5",
		spans("frame", 4, "header", 10, "tagged", 1, "body", 15, "tagged", 1),
		spans("frame", 4, "header", 4, "tagged", 1, "body", 16, "tagged", 1),
		31, 26},
}

func checkRegions(t *testing.T, s *session, when, path string, want []string, section string) {
	t.Helper()
	got := s.regions(section)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("%s %s %s: %d bytes, regions\n got %v\nwant %v", when, path, section, len(got), got, want)
	}
}

func TestReferencePagesPrerenderedAndLive(t *testing.T) {
	s := newSession(t, false)
	for _, ref := range reference {
		s.openStatic(ref.path)
		if eval[bool](s, `!!document.querySelector('[data-wasm]')`) {
			t.Errorf("%s: data-wasm is set before the wasm runs", ref.path)
		}
		checkRegions(t, s, "pre-rendered", ref.path, ref.req, "request")
		checkRegions(t, s, "pre-rendered", ref.path, ref.resp, "response")
		checkAbout(t, s, "pre-rendered", ref.path)
		s.screenshot("static" + strings.ReplaceAll(ref.path, "/", "_"))

		s.open(ref.path)
		checkRegions(t, s, "live", ref.path, ref.req, "request")
		checkRegions(t, s, "live", ref.path, ref.resp, "response")
		if got := eval[string](s, `document.getElementById('req-size').textContent`); got != strconv.Itoa(ref.reqN)+" bytes" {
			t.Errorf("%s: request size %q", ref.path, got)
		}
		if got := eval[string](s, `document.getElementById('resp-size').textContent`); got != strconv.Itoa(ref.resN)+" bytes" {
			t.Errorf("%s: response size %q", ref.path, got)
		}
		checkAbout(t, s, "live", ref.path)
		s.screenshot("live" + strings.ReplaceAll(ref.path, "/", "_"))
	}
}

// checkAbout checks the API's introduction on its page: codec/docs' words in
// the [data-about] block, above the grids, with a link to each related API.
func checkAbout(t *testing.T, s *session, when, path string) {
	t.Helper()
	name := strings.Split(strings.Trim(path, "/"), "/")[0]
	d := docs.ForAPI(name)
	if got := eval[string](s, `(document.querySelector('[data-about]')||{}).dataset?.about || ''`); got != name {
		t.Errorf("%s %s: data-about is %q", when, path, got)
	}
	if got := eval[string](s, `document.querySelector('[data-about] .about-intro').textContent`); got != d.Intro {
		t.Errorf("%s %s: intro %q\nwant %q", when, path, got, d.Intro)
	}
	if !eval[bool](s, `document.querySelector('[data-about]').textContent.includes(`+jsString(d.Summary)+`)`) {
		t.Errorf("%s %s: no summary in the block", when, path)
	}
	if got := eval[string](s, `document.querySelector('meta[name="description"]').content`); !strings.Contains(got, d.Summary) {
		t.Errorf("%s %s: meta description %q lacks the summary", when, path, got)
	}
	above := `!!(document.querySelector('[data-about]').compareDocumentPosition(document.getElementById('request')) & Node.DOCUMENT_POSITION_FOLLOWING)`
	if !eval[bool](s, above) {
		t.Errorf("%s %s: the introduction is not above the grids", when, path)
	}
	hrefs := eval[[]string](s, `Array.from(document.querySelectorAll('[data-about] a')).map(a=>a.pathname)`)
	if len(hrefs) != len(d.Related) {
		t.Errorf("%s %s: %d links, want one per related API %v", when, path, len(hrefs), d.Related)
	}
	for i, h := range hrefs {
		if i < len(d.Related) && !strings.HasPrefix(h, base+d.Related[i]+"/v") {
			t.Errorf("%s %s: link %q, want one to %s under %s", when, path, h, d.Related[i], base)
		}
	}
}

// codecRegions is what the codec says the regions of a minimal frame are.
func codecRegions(t *testing.T, api string, v int16, dir schema.Direction) (regions []string, b []byte) {
	t.Helper()
	d, err := frame.Build(message.Minimal(schema.ByName(api), v, dir))
	if err != nil {
		t.Fatal(err)
	}
	b = d.Bytes()
	regions = make([]string, len(b))
	d.Tree.Walk(func(n *layout.Node, _ int) bool {
		if n.Buf == 0 && n.Region != layout.RegionNone {
			for i := n.Off; i < n.End; i++ {
				regions[i] = n.Region.Key()
			}
		}
		return true
	})
	return regions, b
}

func TestSwitchVersion(t *testing.T) {
	s := newSession(t, false)
	s.open("/InitProducerId/v5")
	for _, v := range []int16{1, 3, 0} {
		s.do(10*time.Second, chromedp.Click(chromedp.CSS(`.versions a[href$="/InitProducerId/v`+strconv.Itoa(int(v))+`"]`)))
		s.waitFor("version "+strconv.Itoa(int(v)), `location.pathname.endsWith('/InitProducerId/v`+strconv.Itoa(int(v))+`')`)
		for _, dir := range []schema.Direction{schema.Request, schema.Response} {
			want, b := codecRegions(t, "InitProducerId", v, dir)
			section := dir.String()
			s.waitFor("the new frame", frameGrid("#"+section).bytes()+`.length == `+strconv.Itoa(len(b)))
			checkRegions(t, s, "after switching", "v"+strconv.Itoa(int(v)), want, section)
			if got := strings.Join(s.cells(section), ""); got != hex.EncodeToString(b) {
				t.Errorf("v%d %s: bytes %s, codec says %s", v, section, got, hex.EncodeToString(b))
			}
		}
	}

	// The API picker: its suggestions, every API, join the page when it takes
	// the focus; a choice opens that API at the version shown.
	if n := eval[int](s, `document.querySelectorAll('#api-list option').length`); n != 0 {
		t.Errorf("the API picker holds %d suggestions before the focus", n)
	}
	s.do(10*time.Second, chromedp.Focus(chromedp.ID("api-picker")))
	s.waitFor("every API suggested", `document.querySelectorAll('#api-list option').length == `+strconv.Itoa(len(schema.APIs())))
	if !eval[bool](s, `!!document.querySelector('#api-list option[value="Metadata (3)"]')`) {
		t.Errorf("the suggestions lack Metadata (3)")
	}
	// Set and changed as a choice from the list does; not SetValue, whose
	// read-back races the handler that empties the field.
	eval[bool](s, `(() => { const i = document.getElementById('api-picker'); i.value = 'Metadata (3)'; i.dispatchEvent(new Event('change', {bubbles: true})); return true })()`)
	s.waitFor("Metadata v0", `location.pathname.endsWith('/Metadata/v0') && document.querySelector('h1') && document.querySelector('h1').textContent.startsWith('Metadata')`)
}

// selectNode clicks the tree node with a data-path.
func (s *session) selectNode(section, path string) {
	s.t.Helper()
	s.clickSeen(`#` + section + ` .tn[data-path="` + path + `"] .nm`)
	s.waitFor("the node selected", `document.querySelector('#`+section+` .tn.sel[data-path="`+path+`"]')`)
}

// clickSeen scrolls the element into view, lets the page paint it, then
// clicks it, as a person clicks only what they see. A tree row out of view
// is not laid out (content-visibility in kafkawire.css) until the frame
// after it scrolls in; until then a click on a text in it lands on the row.
func (s *session) clickSeen(sel string) {
	s.t.Helper()
	s.scrollSeen(sel)
	s.do(10*time.Second, chromedp.Click(chromedp.CSS(sel)))
}

// scrollSeen scrolls the element into view and waits for two painted frames.
func (s *session) scrollSeen(sel string) {
	s.t.Helper()
	s.do(10*time.Second, chromedp.ScrollIntoView(chromedp.CSS(sel)),
		chromedp.Evaluate[chromedp.Void](`new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))`, chromedp.EvalAwaitPromise))
}

func (s *session) setField(section, path, value string) {
	s.t.Helper()
	s.selectNode(section, path)
	in := `#` + section + ` input[data-edit="` + path + `"]`
	s.do(10*time.Second, chromedp.WaitVisible(chromedp.CSS(in)), chromedp.SetValue(chromedp.CSS(in), value))
}

func TestEditTransactionTimeout(t *testing.T) {
	s := newSession(t, false)
	s.open("/InitProducerId/v5")
	s.setField("request", "body.TransactionTimeoutMs", "60000")
	s.waitFor("the new bytes", frameGrid("#request").hexAt(16, 20)+` == '00 00 ea 60'`)
	if got := s.cells("request"); len(got) != 31 {
		t.Errorf("the frame has %d bytes after the edit, want 31", len(got))
	}
	// The tree shows the new value. The bytes are painted in the edit's
	// handler and the tree in the page's render after them, so it is waited for.
	s.waitFor("the tree's new value", `(document.querySelector('#request .tn[data-path="body.TransactionTimeoutMs"] .va') || {}).textContent == '= 60000'`)
	// An out-of-range value shows an error and keeps the last good bytes.
	in := `#request input[data-edit="body.TransactionTimeoutMs"]`
	s.do(10*time.Second, chromedp.SetValue(chromedp.CSS(in), "3000000000"))
	s.waitFor("the inline error", `document.querySelector('#request .fe-err')`)
	if got := strings.Join(s.cells("request")[16:20], " "); got != "00 00 ea 60" {
		t.Errorf("after an invalid value the bytes are %s, want the last good 00 00 ea 60", got)
	}
	s.screenshot("edited")
}

func TestAddTopicElement(t *testing.T) {
	s := newSession(t, false)
	s.open("/DescribeProducers/v0")
	before := s.cells("request")
	s.selectNode("request", "body.Topics")
	s.clickSeen(`#request button[data-op="append"]`)
	// One TopicRequest element is 7 bytes: name length, one partition index with its length, tag count.
	s.waitFor("a bigger frame", frameGrid("#request").bytes()+`.length == 31`)
	after := s.cells("request")
	if before[15] != "02" || after[15] != "03" {
		t.Errorf("compact length of Topics: %s then %s, want 02 then 03", before[15], after[15])
	}
	if got := strings.Join(after[:4], ""); got != "0000001b" {
		t.Errorf("size prefix %s, want 0000001b (27)", got)
	}
	// The grid shows the edit in the frame of the click; the rest of the page follows a frame later.
	s.waitFor("the summary's request size", `document.getElementById('req-size').textContent == '31 bytes'`)
	if !eval[bool](s, `(`+frameGrid("#request").offsWith("chg0")+`.length + `+frameGrid("#request").offsWith("chg1")+`.length) > 0`) {
		t.Errorf("no changed byte flashes")
	}
}

func TestHoverHighlightsField(t *testing.T) {
	s := newSession(t, false)
	s.open("/DescribeProducers/v0")
	// Byte 0x14 of the response is the first byte of ErrorCode.
	resp := frameGrid("#response")
	x, y := s.pointAt(resp, 20)
	s.do(10*time.Second, chromedp.MouseEvent("mouseMoved", x, y))
	path := "body.Topics.0.Partitions.0.ErrorCode"
	s.waitFor("the tree node highlighted", `document.querySelector('#response .tn.hov[data-path="`+path+`"]')`)
	if got := eval[string](s, `document.querySelector('#response .crumb').textContent`); got != "Topics[0].Partitions[0].ErrorCode" {
		t.Errorf("breadcrumb %q", got)
	}
	hov := eval[[]string](s, resp.offsWith("hov"))
	if strings.Join(hov, ",") != "20,21" {
		t.Errorf("highlighted bytes %v, want 20,21 (ErrorCode)", hov)
	}
	// Clicking a tree node selects its bytes.
	s.selectNode("response", "body.Topics.0.Partitions.0.ActiveProducers.0.LastTimestamp")
	sel := eval[[]string](s, resp.offsWith("sel"))
	if strings.Join(sel, ",") != "40,41,42,43,44,45,46,47" {
		t.Errorf("selected bytes %v, want 40..47 (LastTimestamp)", sel)
	}

	// Inside records a position has one name too: the tree row's name is
	// the last step of the breadcrumb, which the details panel repeats.
	s.open("/Produce/v9#" + ui.Fragment(produceWithHeader(t), nil))
	for path, crumb := range map[string]string{
		"body.TopicData.0.PartitionData.0.Records.batches.0":                          "TopicData[0].PartitionData[0].Records.batches[0]",
		"body.TopicData.0.PartitionData.0.Records.batches.0.records.0":                "TopicData[0].PartitionData[0].Records.batches[0].records[0]",
		"body.TopicData.0.PartitionData.0.Records.batches.0.records.0.headers.0.key":  "TopicData[0].PartitionData[0].Records.batches[0].records[0].headers[0].key",
		"body.TopicData.0.PartitionData.0.Records.batches.0.records.0.timestampDelta": "TopicData[0].PartitionData[0].Records.batches[0].records[0].timestampDelta",
	} {
		s.selectNode("request", path)
		name := eval[string](s, `document.querySelector('#request .tn.sel .nm').textContent`)
		got := eval[string](s, `document.querySelector('#request .crumb').textContent`)
		details := eval[string](s, `document.querySelector('#details-request .details-path').textContent`)
		if got != crumb || details != crumb || !strings.HasSuffix(crumb, "."+name) {
			t.Errorf("%s: tree row %q, breadcrumb %q, details %q; want %q throughout", path, name, got, details, crumb)
		}
	}
}

// produceWithHeader is a Produce v9 request whose one batch holds a record
// with a header.
func produceWithHeader(t *testing.T) []byte {
	t.Helper()
	m := message.Minimal(schema.ByName("Produce"), 9, schema.Request)
	for _, p := range []string{"body.TopicData.0.PartitionData.0.Records.batches.0", "body.TopicData.0.PartitionData.0.Records.batches.0.records.0"} {
		if err := m.Apply(message.Edit{Op: message.OpAppend, Path: message.ParsePath(p)}); err != nil {
			t.Fatal(err)
		}
	}
	d, err := frame.Build(m)
	if err != nil {
		t.Fatal(err)
	}
	return d.Bytes()
}

const xss = `"><img src=x onerror=alert(1)>`

func TestSharedURLRestoresEdits(t *testing.T) {
	s := newSession(t, false)
	s.open("/InitProducerId/v5")
	s.setField("request", "body.TransactionTimeoutMs", "60000")
	s.waitFor("the edit", frameGrid("#request").byteAt(18)+`.hex == 'ea'`)
	s.setField("request", "header.ClientId", xss)
	s.waitFor("the client id", `document.querySelector('#request .tn[data-path="header.ClientId"] .va').textContent.includes('onerror')`)
	s.setField("response", "body.ErrorCode", "47")
	s.waitFor("the response edit", frameGrid("#response").byteAt(14)+`.hex == '2f'`)
	want := s.cells("request")
	wantResp := s.cells("response")
	// The URL is written once the page is idle after an edit.
	s.waitFor("the edits in the URL", `location.hash.includes('req=') && location.hash.includes('resp=')`)
	link := eval[string](s, `location.href`)
	if !strings.Contains(link, "#req=") || !strings.Contains(link, "resp=") || strings.Contains(link, "?") {
		t.Fatalf("the edited state is not in the fragment alone: %s", link)
	}

	// A fresh tab on the link shows the same frames.
	s2 := newSession(t, false)
	s2.do(30*time.Second, chromedp.Navigate(link))
	s2.waitFor("the wasm app", `document.querySelector('[data-wasm="ready"]')`)
	if got := s2.cells("request"); strings.Join(got, "") != strings.Join(want, "") {
		t.Errorf("restored request %v\nwant %v", got, want)
	}
	if got := s2.cells("response"); strings.Join(got, "") != strings.Join(wantResp, "") {
		t.Errorf("restored response %v\nwant %v", got, wantResp)
	}
	val := eval[string](s2, `document.querySelector('#request .tn[data-path="header.ClientId"] .va').textContent`)
	if !strings.Contains(val, xss) {
		t.Errorf("the client id is not shown as text: %q", val)
	}
	if n := eval[int](s2, `document.querySelectorAll('img[src="x"], img[onerror]').length`); n != 0 {
		t.Errorf("the client id became markup: %d injected images", n)
	}
	time.Sleep(300 * time.Millisecond) // let an injected onerror fire, if there were one
	s2.screenshot("restored")
}

// indexRoles are the roles the index shows, in its order, as codec/docs has them.
func indexRoles() []string {
	used := map[docs.Role]bool{}
	for _, d := range docs.APIs() {
		used[d.Role] = true
	}
	var out []string
	for _, r := range docs.Roles() {
		if used[r] {
			out = append(out, string(r))
		}
	}
	return out
}

// checkGroupedIndex checks that the index lists every API under its role, with its summary.
func checkGroupedIndex(t *testing.T, s *session, when string) {
	t.Helper()
	got := eval[[]string](s, `Array.from(document.querySelectorAll('section[data-role]')).map(e=>e.dataset.role)`)
	if strings.Join(got, "|") != strings.Join(indexRoles(), "|") {
		t.Errorf("%s index: roles %v, want %v", when, got, indexRoles())
	}
	if n := eval[int](s, `document.querySelectorAll('table.ix tbody tr').length`); n != len(schema.APIs()) {
		t.Errorf("%s index lists %d APIs, want %d", when, n, len(schema.APIs()))
	}
	for _, name := range []string{"Produce", "InitProducerId", "Vote"} {
		d := docs.ForAPI(name)
		a := schema.ByName(name)
		js := `(()=>{const r=document.querySelector('section[data-role=` + jsString(string(d.Role)) + `] tr[data-key="` + strconv.Itoa(int(a.Key)) + `"] .ix-sum');return r?r.textContent:''})()`
		if got := eval[string](s, js); got != d.Summary {
			t.Errorf("%s index: %s under %s has summary %q, want %q", when, name, d.Role, got, d.Summary)
		}
	}
}

func TestIndexSearch(t *testing.T) {
	s := newSession(t, false)
	// The pre-rendered index already has the groups and summaries.
	s.do(30*time.Second, chromedp.Navigate(siteURL+"?wasm=false"))
	s.waitFor("the pre-rendered index", `document.querySelector('section[data-role] table.ix tbody tr')`)
	checkGroupedIndex(t, s, "pre-rendered")

	s.do(30*time.Second, chromedp.Navigate(siteURL))
	s.waitUntil(60*time.Second, "the wasm app", `document.querySelector('[data-wasm="ready"]')`) // as open waits: the start depends on the machine's load
	checkGroupedIndex(t, s, "live")
	s.screenshot("grouped-index")
	s.do(10*time.Second, chromedp.SendKeys(chromedp.ID("api-search"), "61"))
	s.waitFor("the filter by key", `document.querySelector('table.ix tbody tr[data-key="61"]') && document.querySelectorAll('table.ix tbody tr').length == 1`)
	s.do(10*time.Second, chromedp.SetValue(chromedp.ID("api-search"), "producer"))
	s.waitFor("the filter by name", `document.querySelectorAll('table.ix tbody tr').length >= 3`)
	// Words of a summary find APIs whose names lack them.
	s.do(10*time.Second, chromedp.SetValue(chromedp.ID("api-search"), "delegation token expiry"))
	// The list changes once the input is read: wait for every row to say so, then check there are several.
	s.waitFor("the search by summary", `Array.from(document.querySelectorAll('table.ix tbody tr .ix-sum')).every(e=>/expir/i.test(e.textContent))`)
	sums := eval[[]string](s, `Array.from(document.querySelectorAll('table.ix tbody tr .ix-sum')).map(e=>e.textContent)`)
	if len(sums) < 2 {
		t.Errorf("search by summary found %q, want the delegation token APIs whose summaries speak of expiry", sums)
	}
	for _, n := range []string{"Renew", "Describe"} {
		if !eval[bool](s, `!!document.querySelector('table.ix tbody tr[data-key="`+strconv.Itoa(int(schema.ByName(n+"DelegationToken").Key))+`"]')`) {
			t.Errorf("%sDelegationToken not found by the words of its summary", n)
		}
	}
	s.screenshot("search-by-summary")
	s.do(10*time.Second, chromedp.SetValue(chromedp.ID("api-search"), "describeproducers"))
	s.waitFor("the search by name", `document.querySelectorAll('table.ix tbody tr').length == 1`)
	// A version link leads to its page, under the site's prefix.
	s.do(10*time.Second, chromedp.Click(chromedp.CSS(`table.ix a[href$="/DescribeProducers/v0"]`)))
	s.waitFor("the page", `location.pathname == '`+base+`DescribeProducers/v0' && `+frameGrid("#request").bytes()+`.length == 24`)
}
