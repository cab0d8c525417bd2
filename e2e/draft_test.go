//go:build e2e

package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/bigframe"
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

// A link kept for another URL whose fragment the page's URL now carries
// (the unload wrote it before the reload, after keeping it for the URL
// the page had) is forgotten, and the page starts. Comparing the two
// called a method of a JavaScript string from Go, which panicked and
// killed the page: TestBigFrameEditSurvivesReload met it when the reload
// raced the write.
func TestLinkWrittenBeforeTheReloadIsForgotten(t *testing.T) {
	s := newSession(t, false)
	s.open("/InitProducerId/v5")
	s.setField("request", "body.TransactionTimeoutMs", "60000")
	s.waitFor("the edit in the URL", `location.hash.startsWith('#req=')`)
	eval[bool](s, `(sessionStorage.setItem('kafkawire-link', location.hash.slice(1)),
		sessionStorage.setItem('kafkawire-link-href', location.origin + location.pathname + '#req=00'), true)`)
	s.do(30*time.Second, chromedp.Reload())
	s.waitFor("the wasm app", `document.querySelector('[data-wasm="ready"]')`)
	s.waitFor("the edit from the URL", frameGrid("#request").hexAt(16, 20)+` == '00 00 ea 60'`)
	if eval[bool](s, `sessionStorage.getItem('kafkawire-link') !== null || sessionStorage.getItem('kafkawire-link-href') !== null`) {
		t.Error("the link is still kept after the URL carried it")
	}
}

// The link of a big frame is written late (ui/pageurl.go, syncURL): its
// replaceState costs Chromium hundreds of milliseconds. An edit of the
// 1 MiB Fetch response, and a value typed into another field after it
// (a draft, kept for the URL the page had then), reloaded before the link
// was written, both still show after the reload (the unload writes the
// link and moves the draft to it, or keeps the link for the page at the
// old URL), and the URL then carries them: a second reload shows them too.
func TestBigFrameEditSurvivesReload(t *testing.T) {
	b, err := frame.Encode(bigframe.Fetch())
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, false)
	s.openResponse(b)
	path := "body.ThrottleTimeMs"
	shown := `(document.querySelector('#response .tn[data-path="` + path + `"] .va') || {}).textContent == '= 4321'`
	before := evalSlow[string](s, `location.hash.slice(0, 64) + location.hash.length`)
	evalSlow[bool](s, `(window.__kwHash = location.hash, true)`)
	s.setField("response", path, "4321")
	waitSlow(s, "the edit shown", shown)
	typed := "body.SessionId"
	typedShown := `(document.querySelector('#response .tn[data-path="` + typed + `"] .va') || {}).textContent == '= 777'`
	s.selectNode("response", typed)
	in := `#response input[data-edit="` + typed + `"]`
	s.do(10*time.Second, chromedp.WaitVisible(chromedp.CSS(in)))
	evalSlow[bool](s, `(document.querySelector('`+in+`').select(), true)`)
	s.do(10*time.Second, chromedp.SendKeys(chromedp.CSS(in), "777"))
	waitSlow(s, "the draft kept", `(sessionStorage.getItem('kafkawire-draft') || '').includes('"text":"777"')`)
	if !evalSlow[bool](s, `location.hash === window.__kwHash`) {
		t.Log("the link was written before the reload: the reload reads it from the URL")
	}
	s.do(90*time.Second, chromedp.Reload())
	waitSlow(s, "the wasm app", `document.querySelector('[data-wasm="ready"]')`)
	waitSlow(s, "the edit shown after a reload", shown)
	waitSlow(s, "the typed value applied after a reload", typedShown)
	if got := evalSlow[string](s, `location.hash.slice(0, 64) + location.hash.length`); got == before {
		t.Errorf("the URL after the reload is the one before the edit")
	}
	// The link kept for the URL before the edit was taken and forgotten; the
	// typed value's edit may have kept one since, for the URL after it.
	if !evalSlow[bool](s, `(() => { const h = sessionStorage.getItem('kafkawire-link-href'); if (h === null) return true;
		const x = new URL(h).hash; return x.slice(0, 64) + x.length !== '`+before+`'; })()`) {
		t.Error("the link kept for the URL before the edit is still kept after it was taken")
	}
	// The URL alone now carries the edit.
	s.do(90*time.Second, chromedp.Reload())
	waitSlow(s, "the wasm app", `document.querySelector('[data-wasm="ready"]')`)
	waitSlow(s, "the edit shown after a second reload", shown)
	waitSlow(s, "the typed value after a second reload", typedShown)
}

// Left for another page before its link was written, an edit of the
// 1 MiB Fetch response comes back with the back button: the link is kept
// for the URL the page had, and the page at that URL takes it.
func TestBigFrameEditSurvivesLeaving(t *testing.T) {
	b, err := frame.Encode(bigframe.Fetch())
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, false)
	s.openResponse(b)
	path := "body.ThrottleTimeMs"
	shown := `(document.querySelector('#response .tn[data-path="` + path + `"] .va') || {}).textContent == '= 4321'`
	evalSlow[bool](s, `(window.__kwHash = location.hash, true)`)
	s.setField("response", path, "4321")
	waitSlow(s, "the edit shown", shown)
	if !evalSlow[bool](s, `location.hash === window.__kwHash`) {
		t.Log("the link was written before leaving: going back reads it from the URL")
	}
	s.do(30*time.Second, chromedp.Click(chromedp.CSS(`a.brand`)))
	waitSlow(s, "the index", `!document.getElementById('resp-size')`)
	s.do(90*time.Second, chromedp.NavigateBack())
	waitSlow(s, "the 1 MiB frame again", `(document.getElementById('resp-size') || {}).textContent == '`+strconv.Itoa(len(b))+` bytes'`)
	waitSlow(s, "the edit shown after going back", shown)
}

// A frame the user made is never replaced without a word: Reset to
// minimal, and the minimal and example instances, say what they replaced
// and offer Undo, and the frames they replaced are a step back in the
// tab's history (the browser's Back brings them back, Forward the
// replacement).
func TestResetKeepsTheEditAStepBack(t *testing.T) {
	s := newSession(t, false)
	s.open("/InitProducerId/v5")
	edited := frameGrid("#request").hexAt(16, 20) + ` == '00 00 30 39'` // 12345
	s.setField("request", "body.TransactionTimeoutMs", "12345")
	s.waitFor("the edit", edited)
	s.waitFor("the edit in the URL", `location.hash.startsWith('#req=')`)
	entries := eval[int](s, `history.length`)

	s.clickUntil("the minimal request", `#request button[data-op="reset"]`, frameGrid("#request").hexAt(16, 20)+` != '00 00 30 39'`)
	if got := s.text("#request .replaced"); !strings.HasPrefix(got, "Reset to the minimal request.") {
		t.Errorf("after the reset the pane says %q", got)
	}
	if n := eval[int](s, `history.length`); n != entries+1 {
		t.Errorf("history has %d entries after the reset, want %d", n, entries+1)
	}
	s.clickUntil("the edit back", `#request .replaced button[data-op="undo"]`, edited)
	s.waitFor("the note gone", `!document.querySelector('#request .replaced')`)

	// Forward: the minimal request again; Back: the edit.
	s.do(10*time.Second, chromedp.NavigateForward())
	s.waitFor("the minimal request, forward", frameGrid("#request").hexAt(16, 20)+` != '00 00 30 39' && !location.hash.startsWith('#req=')`)
	s.do(10*time.Second, chromedp.NavigateBack())
	s.waitFor("the edit, back", edited)

	// An edit after a reset makes a step back no longer the reset's: the
	// note goes, whichever pane the edit is in.
	s.clickUntil("the minimal request again", `#request button[data-op="reset"]`, `!!document.querySelector('#request .replaced')`)
	s.expand("response", "body")
	s.setField("response", "body.ThrottleTimeMs", "7")
	s.waitFor("the reset's note gone after the response's edit", `!document.querySelector('#request .replaced')`)
	s.do(10*time.Second, chromedp.NavigateBack())
	s.waitFor("the edit, back once more", edited)

	// The example replaces it with a word too, and Back brings it back.
	s.clickUntil("the example", `button[data-op="show-example"]`, frameGrid("#request").hexAt(16, 20)+` != '00 00 30 39'`)
	if got := s.text("#request .replaced"); !strings.HasPrefix(got, "Replaced by the example request.") {
		t.Errorf("after the example the pane says %q", got)
	}
	s.do(10*time.Second, chromedp.NavigateBack())
	s.waitFor("the edit, back from the example", edited)

	// The instances over nothing made here (the example, then the
	// minimal one): no note, no step.
	s.open("/InitProducerId/v5")
	entries = eval[int](s, `history.length`)
	s.clickUntil("the example", `button[data-op="show-example"]`, `!!document.querySelector('button[data-op="show-example"].on')`)
	s.clickUntil("the minimal", `button[data-op="show-minimal"]`, `!!document.querySelector('button[data-op="show-minimal"].on')`)
	if n := eval[int](s, `history.length`); n != entries {
		t.Errorf("history has %d entries after the example and back to minimal, want %d", n, entries)
	}
	if eval[bool](s, `!!document.querySelector('.replaced')`) {
		t.Error("a note says an instance replaced another")
	}
}

// Undo beside a big frame: with the 1 MiB Fetch response in the page (a
// link written late, and kept in sessionStorage for a reload), an edited
// request reset to minimal comes back with Undo, the response still
// beside it; a step of its own never had the kept link of the step before.
func TestUndoBesideABigFrame(t *testing.T) {
	b, err := frame.Encode(bigframe.Fetch())
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, false)
	s.openResponse(b)
	s.expand("request", "body")
	s.setField("request", "body.MaxWaitMs", "12345")
	shown := `(document.querySelector('#request .tn[data-path="body.MaxWaitMs"] .va') || {}).textContent == '= 12345'`
	waitSlow(s, "the edit", shown)
	waitSlow(s, "the edit in the URL", `location.hash.includes('req=')`)
	s.clickUntil("the reset", `#request button[data-op="reset"]`, `!!document.querySelector('#request .replaced button[data-op="undo"]')`)
	waitSlow(s, "the minimal request", `!(`+shown+`)`)
	s.do(20*time.Second, chromedp.Click(chromedp.CSS(`#request .replaced button[data-op="undo"]`)))
	waitSlow(s, "the edit back after Undo", shown+` && !document.querySelector('#request .replaced')`)
	waitSlow(s, "the response still the 1 MiB Fetch", `location.hash.includes('resp=') && location.hash.includes('req=')`)
}
