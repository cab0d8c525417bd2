//go:build e2e

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// A value typed into a field, with neither Enter nor leaving the field,
// survives a reload: the page applies it as leaving the field would have
// (ui/draft.go), and the draft is used once.
func TestTypedValueSurvivesReload(t *testing.T) {
	s := newSession(t, false)
	s.open("/InitProducerId/v5")
	path := "body.TransactionTimeoutMs"
	s.selectNode("request", path)
	in := `#request input[data-edit="` + path + `"]`
	s.do(10*time.Second, chromedp.WaitVisible(chromedp.CSS(in)))
	// Real key strokes over the old value, selected: input events, no change event.
	eval[bool](s, `(document.querySelector('`+in+`').select(), true)`)
	s.do(10*time.Second, chromedp.SendKeys(chromedp.CSS(in), "60000"))
	s.waitFor("the draft kept", `(sessionStorage.getItem('kafkawire-draft') || '').includes('"text":"60000"')`)
	if got := eval[string](s, frameGrid("#request").byteAt(18)+`.hex`); got != "00" {
		t.Fatalf("the value applied before the reload (byte 18 is %s): the test proves nothing", got)
	}
	s.do(30*time.Second, chromedp.Reload())
	s.waitFor("the wasm app", `document.querySelector('[data-wasm="ready"]')`)
	s.waitFor("the typed value applied", frameGrid("#request").hexAt(16, 20)+` == '00 00 ea 60'`)
	s.waitFor("the field selected", `document.querySelector('#request .tn.sel[data-path="`+path+`"]')`)
	s.waitFor("the edit in the URL", `location.hash.startsWith('#req=')`)
	if eval[bool](s, `sessionStorage.getItem('kafkawire-draft') !== null`) {
		t.Error("the draft is still kept after it was applied")
	}
	// Another reload shows the same edit, from the URL alone.
	s.do(30*time.Second, chromedp.Reload())
	s.waitFor("the wasm app", `document.querySelector('[data-wasm="ready"]')`)
	s.waitFor("the edit from the URL", frameGrid("#request").byteAt(18)+`.hex == 'ea'`)
}
