//go:build e2e

package e2e

import (
	"context"
	"os"
	"path/filepath"
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
)

// screenshotOf saves a picture of the first element sel matches into artifacts.
func (s *session) screenshotOf(name, sel string) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	b, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel)))
	if err != nil {
		s.t.Errorf("screenshot of %s: %v", sel, err)
		return
	}
	file := strings.NewReplacer("/", "_", " ", "_").Replace(s.t.Name()) + "-" + name + ".png"
	if err := os.WriteFile(filepath.Join("artifacts", file), b, 0o644); err != nil {
		s.t.Error(err)
	}
}

// checkChangesAndErrors checks Fetch v7's "since v6" panel and Fetch's
// errors list, above and below the panes.
func checkChangesAndErrors(t *testing.T, s *session, when string) {
	t.Helper()
	if got := eval[string](s, `(document.querySelector('[data-changes]')||{}).dataset?.changes || ''`); got != "Fetch v7" {
		t.Fatalf("%s: data-changes is %q", when, got)
	}
	text := eval[string](s, `document.querySelector('[data-changes]').textContent.replace(/\s+/g,' ')`)
	for _, want := range []string{"Since v6", "SessionId int32", "SessionEpoch int32", "ForgottenTopicsData"} {
		if !strings.Contains(text, want) {
			t.Errorf("%s: the since panel lacks %q: %s", when, want, text)
		}
	}
	if !eval[bool](s, `!!(document.querySelector('[data-changes]').compareDocumentPosition(document.getElementById('request')) & Node.DOCUMENT_POSITION_FOLLOWING)`) {
		t.Errorf("%s: the since panel is not above the request", when)
	}
	if got := eval[string](s, `(document.querySelector('[data-errors]')||{}).dataset?.errors || ''`); got != "Fetch" {
		t.Fatalf("%s: data-errors is %q", when, got)
	}
}

// checkErrorCodes checks that Fetch's errors list, open or pre-rendered,
// holds every code docs lists, in order.
func checkErrorCodes(t *testing.T, s *session, when string) {
	t.Helper()
	codes := eval[[]string](s, `Array.from(document.querySelectorAll('[data-errors] tr[data-code]')).map(r=>r.dataset.code+' '+r.querySelector('.er-name').textContent.trim())`)
	var want []string
	for _, e := range docs.Errors("Fetch") {
		want = append(want, strconv.Itoa(int(e.Code))+" "+e.Name)
	}
	if strings.Join(codes, ",") != strings.Join(want, ",") {
		t.Errorf("%s: errors listed\n%v\nwant\n%v", when, codes, want)
	}
}

func TestChangesAndErrorsPrerenderedAndLive(t *testing.T) {
	s := newSession(t, false)
	s.openStatic("/Fetch/v7")
	checkChangesAndErrors(t, s, "pre-rendered")
	checkErrorCodes(t, s, "pre-rendered")

	s.open("/Fetch/v7")
	checkChangesAndErrors(t, s, "live")
	s.screenshotOf("since-panel", "[data-changes]")
	// Fetch's list is long, so it starts collapsed; a click opens it.
	if eval[bool](s, `document.querySelector('[data-errors] details').open`) {
		t.Errorf("Fetch's %d errors start open", len(docs.Errors("Fetch")))
	}
	s.clickSeen(`[data-errors] summary`)
	s.waitFor("the errors list open", `document.querySelector('[data-errors] details').open`)
	// In the page a collapsed list gets its rows when opened, a frame later.
	s.waitFor("the errors listed", `document.querySelector('[data-errors] tr[data-code]')`)
	checkErrorCodes(t, s, "live, opened")
	s.screenshotOf("errors-list", "[data-errors]")

	// Produce v9 becomes flexible: the panel says so, live after a version switch too.
	s.open("/Produce/v9")
	text := eval[string](s, `document.querySelector('[data-changes]').textContent.replace(/\s+/g,' ')`)
	for _, want := range []string{"flexible from this version", "header v1 → v2", "header v0 → v1"} {
		if !strings.Contains(text, want) {
			t.Errorf("Produce v9: the since panel lacks %q: %s", want, text)
		}
	}
	s.screenshotOf("since-produce-v9", "[data-changes]")

	// The request's schema, opened, is a wire diagram: the records field's
	// row gives its compact wire type and size.
	s.clickSeen(`#request details.schema > summary`)
	s.waitFor("the schema open", `document.querySelector('#request details.schema').open`)
	s.waitFor("the schema's rows", `document.querySelector('#request tr[data-wire="TopicData.PartitionData.Records"]')`)
	row := eval[string](s, `document.querySelector('#request tr[data-wire="TopicData.PartitionData.Records"]').textContent.replace(/\s+/g,' ')`)
	if !strings.Contains(row, "COMPACT_RECORDS") || !strings.Contains(row, "var + n") {
		t.Errorf("the Records row: %s", row)
	}
	s.screenshotOf("wire-diagram", "#request details.schema")
}

// errorCodeOffset is where the codec puts the body's top-level ErrorCode in
// the minimal frame of api v in dir.
func errorCodeOffset(t *testing.T, api string, v int16, dir schema.Direction) int {
	t.Helper()
	d, err := frame.Build(message.Minimal(schema.ByName(api), v, dir))
	if err != nil {
		t.Fatal(err)
	}
	off := -1
	d.Tree.Walk(func(n *layout.Node, _ int) bool {
		if off < 0 && n.Buf == 0 && n.Name == "ErrorCode" {
			off = n.Off
		}
		return off < 0
	})
	if off < 0 {
		t.Fatalf("%s v%d %s has no ErrorCode", api, v, dir)
	}
	return off
}

func TestErrorCodeEditedByName(t *testing.T) {
	s := newSession(t, false)
	s.open("/JoinGroup/v9")
	off := errorCodeOffset(t, "JoinGroup", 9, schema.Response)
	// Typed and applied as a person does: the editor applies on change (and
	// re-renders the value), which chromedp's SetValue read-back can race.
	s.selectNode("response", "body.ErrorCode")
	s.waitFor("the editor", `document.querySelector('#response input[data-edit="body.ErrorCode"]')`)
	eval[bool](s, `(()=>{const i=document.querySelector('#response input[data-edit="body.ErrorCode"]');
		i.value='member_id_required'; i.dispatchEvent(new Event('change',{bubbles:true})); return true})()`)
	cells := frameGrid("#response").hexAt(off, off+2)
	// 79 is 0x004f.
	s.waitFor("the code's bytes", cells+` == '00 4f'`)
	// The grid shows an edit in the frame of the change; the tree follows a frame later.
	s.waitFor("the tree's value", `document.querySelector('#response .tn[data-path="body.ErrorCode"] .va').textContent.includes('79 (MEMBER_ID_REQUIRED)')`)
	s.waitFor("the meaning in the editor", `(document.querySelector('#response .fe-meaning')||{}).textContent == `+jsString("MEMBER_ID_REQUIRED: "+docs.ErrorMeaning(79)))
	s.screenshotOf("meaning", "#response .pane-tree")

	// A name Kafka does not have is refused with what was expected; the bytes stay.
	// Typed and applied as a person does (chromedp's SetValue would fail here
	// when it reads the value back after the editor has re-rendered it).
	eval[bool](s, `(()=>{const i=document.querySelector('#response input[data-edit="body.ErrorCode"]');
		i.value='MEMBER_ID_REQUESTED'; i.dispatchEvent(new Event('change',{bubbles:true})); return true})()`)
	s.waitFor("the inline error", `document.querySelector('#response .fe-err')`)
	if got := eval[string](s, `document.querySelector('#response .fe-err').textContent`); !strings.Contains(got, `no error code named "MEMBER_ID_REQUESTED"`) {
		t.Errorf("error %q", got)
	}
	if got := eval[string](s, cells); got != "00 4f" {
		t.Errorf("after a bad name the bytes are %s", got)
	}
}
