//go:build e2e

package e2e

import (
	"context"
	"encoding/base64"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/bigframe"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/ui"
)

// TestURLLimit measures the longest URL Chromium keeps, which ui.MaxURL
// states: a fragment is set (by location.hash, and by history.replaceState,
// as the page writes it) to grow the URL to 1 MiB, to exactly ui.MaxURL
// and to one character more, and read back after a reload. At the limit
// the URL comes back whole; past it the open page still shows it, and the
// reload drops the fragment entirely.
func TestURLLimit(t *testing.T) {
	s := newSession(t, false)
	s.openStatic("/Fetch/v16") // the pre-rendered page alone: no wasm to reload each time
	base := evalSlow[int](s, `(location.origin + location.pathname + location.search + '#').length`)
	for _, c := range []struct {
		how  string
		n    int // the URL's length
		kept bool
	}{
		{"hash", 1 << 20, true},
		{"hash", ui.MaxURL, true},
		{"hash", ui.MaxURL + 1, false},
		{"replaceState", ui.MaxURL, true},
		{"replaceState", ui.MaxURL + 1, false},
	} {
		set := `location.hash = 'a'.repeat(` + strconv.Itoa(c.n-base) + `)`
		if c.how == "replaceState" {
			set = `history.replaceState(null, '', location.pathname + location.search + '#' + 'a'.repeat(` + strconv.Itoa(c.n-base) + `))`
		}
		if got := evalSlow[int](s, `(`+set+`, location.href.length)`); got != c.n {
			t.Fatalf("%s to a %d-character URL: the page shows %d characters", c.how, c.n, got)
		}
		s.do(90*time.Second, chromedp.Reload())
		waitSlow(s, "the reloaded page", `document.readyState == 'complete'`)
		got := evalSlow[int](s, `location.href.length`)
		switch {
		case c.kept && got != c.n:
			t.Errorf("%s, %d characters: %d after a reload, want the whole URL", c.how, c.n, got)
		case !c.kept && got != base-1:
			t.Errorf("%s, %d characters: %d after a reload, want %d (the fragment dropped)", c.how, c.n, got, base-1)
		}
		t.Logf("%s: a %d-character URL is %d characters after a reload", c.how, c.n, got)
		s.openStatic("/Fetch/v16")
	}
}

// An edited frame too long for a link: the 1 MiB Fetch response from the
// browser tests, opened from its link, with one record's value grown by
// 700,000 characters (a 1.75 MB frame, whose fragment would be 2.3 million
// characters). The page says the link cannot hold it and offers it as a
// .bin; the URL written leaves the frame out rather than passing the limit;
// the file holds the edited frame, and dropped on the paste box it opens again.
func TestLongLinkEditedFrame(t *testing.T) {
	m := bigframe.Fetch()
	b, err := frame.Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t, false)
	s.openResponse(b)
	if eval[bool](s, `!!document.querySelector('.long-link')`) {
		t.Fatal("a notice before any edit: the 1 MiB frame's link fits")
	}

	recs := "body.Responses.0.Partitions.0.Records"
	batchPath := recs + ".batches.0"
	recPath := batchPath + ".records.0"
	for _, p := range []string{"body.Responses.0", "body.Responses.0.Partitions", "body.Responses.0.Partitions.0", recs, batchPath, batchPath + ".records", recPath} {
		s.expand("response", p)
	}
	value := strings.Repeat("x", 700000)
	s.setField("response", recPath+".value", value)
	// The frame grows by the value's growth, and by a byte or two of the
	// record's and the value's length varints.
	grown := len(b) + len(value) - len(bigframeValue(t, b))
	waitSlow(s, "the edited frame", `parseInt(document.getElementById('resp-size').textContent) >= `+strconv.Itoa(grown))
	want, _ := strconv.Atoi(strings.TrimSuffix(s.text("#resp-size"), " bytes"))
	if want > grown+4 {
		t.Fatalf("the edited frame has %d bytes, want about %d", want, grown)
	}
	waitSlow(s, "the notice", `document.querySelector('.long-link a.long-link-file')`)
	notice := s.text(".long-link")
	for _, w := range []string{"The response you edited (" + groupDigits(want) + " bytes) is too long for this page's link", "Paste frame"} {
		if !strings.Contains(notice, w) {
			t.Errorf("the notice %q does not say %q", notice, w)
		}
	}
	link := `document.querySelector('.long-link a.long-link-file')`
	if got := eval[string](s, link+`.getAttribute('download')`); got != "Fetch-v16-response.bin" {
		t.Errorf("the file is offered as %q", got)
	}
	if href := eval[string](s, link+`.href`); !strings.HasPrefix(href, "blob:"+strings.TrimSuffix(siteURL, "/kafkawire/")) {
		t.Errorf("the download is %.80s, want a Blob URL of the page", href)
	}
	// The URL written once the page is idle leaves the frame out: no fragment
	// at all (the request was not edited), nothing cut.
	waitSlow(s, "the URL without the frame", `location.hash === ''`)
	if n := eval[int](s, `location.href.length`); n > ui.MaxURL {
		t.Errorf("a %d-character URL was written", n)
	}
	s.screenshot("notice")

	// Clicked, the link downloads the edited frame, byte for byte.
	dir := t.TempDir()
	ptrue := true
	if _, err := chromedp.Call(s.ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dir, EventsEnabled: &ptrue,
	}); err != nil {
		t.Fatal(err)
	}
	s.do(30*time.Second, chromedp.Click(chromedp.CSS(`.long-link a.long-link-file`)))
	var file []byte
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline) && len(file) != want; time.Sleep(200 * time.Millisecond) {
		file, _ = os.ReadFile(filepath.Join(dir, "Fetch-v16-response.bin"))
	}
	if len(file) != want {
		entries, _ := os.ReadDir(dir)
		t.Fatalf("the download has %d bytes, the frame %d (in the download folder: %v)", len(file), want, entries)
	}
	checkEdited(t, file, 0, 0, 0, value)

	// Reset, the response is the minimal one again, whose link fits: the
	// notice goes.
	s.do(30*time.Second, chromedp.Click(chromedp.CSS(`#response button[data-op="reset"]`)))
	waitSlow(s, "the minimal response", `parseInt(document.getElementById('resp-size').textContent) < 1000 && !document.querySelector('.long-link')`)

	// Dropped on the paste box, the file opens again: the page shows the
	// frame, and says again that its link cannot hold it.
	eval[bool](s, `(window.__bin = null, true)`)
	s.do(90*time.Second, chromedp.Evaluate[chromedp.Void](`(()=>{
		const s = atob('`+base64.StdEncoding.EncodeToString(file)+`'), u = new Uint8Array(s.length);
		for (let i = 0; i < s.length; i++) u[i] = s.charCodeAt(i);
		const dt = new DataTransfer();
		dt.items.add(new File([u], 'Fetch-v16-response.bin'));
		document.getElementById('paste-text').dispatchEvent(new DragEvent('drop', {dataTransfer: dt, bubbles: true, cancelable: true}));
	})()`))
	waitSlow(s, "the paste box reading the file", `document.querySelector('#paste-status') && document.querySelector('#paste-status').textContent.startsWith('Fetch-v16-response.bin')`)
	// A response does not name its API: the box offers the page's, Fetch v16.
	if api, v := eval[string](s, `document.getElementById('paste-api').value`), eval[string](s, `document.getElementById('paste-ver').value`); !strings.Contains(api, "Fetch") || !strings.Contains(v, "16") {
		t.Errorf("the paste box offers %s %s, want the page's Fetch v16", api, v)
	}
	s.do(30*time.Second, chromedp.Click(chromedp.CSS(`button[data-op="paste-decode"]`)))
	waitSlow(s, "the dropped frame shown", `document.getElementById('resp-size').textContent == '`+strconv.Itoa(want)+` bytes' && !!document.querySelector('.long-link a.long-link-file') && location.hash === ''`)
	if got := s.text(".long-link"); !strings.Contains(got, "The response you edited ("+groupDigits(want)+" bytes) is too long") {
		t.Errorf("after the drop, the notice says %q", got)
	}
	if n := eval[int](s, `location.href.length`); n > ui.MaxURL {
		t.Errorf("after the drop, a %d-character URL stays", n)
	}
	s.screenshot("dropped")
}

// bigframeValue is the value of the first record of the first batch of the
// first partition of the Fetch response b.
func bigframeValue(t *testing.T, b []byte) []byte {
	t.Helper()
	d := frame.Decode(b, schema.ByName("Fetch"), bigframe.FetchVersion, schema.Response)
	if d.Err != nil {
		t.Fatal(d.Err)
	}
	topics, _ := d.Msg.Body.Get("Responses")
	parts, _ := topics.([]any)[0].(*message.Struct).Get("Partitions")
	set, _ := parts.([]any)[0].(*message.Struct).Get("Records")
	return set.(*records.Set).Batches[0].Records[0].Value
}

func groupDigits(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// openResponse opens the Fetch v16 page with frame b as its response, from
// a link (#resp=), as a shared link to a big frame opens, and waits, as
// long as a loaded machine needs, until the page shows all of it.
func (s *session) openResponse(b []byte) {
	s.t.Helper()
	s.do(90*time.Second, chromedp.Navigate(siteURL+"Fetch/v16#resp="+base64.RawURLEncoding.EncodeToString(b)))
	waitSlow(s, "the wasm app", `document.querySelector('[data-wasm="ready"]')`)
	waitSlow(s, "the frame", `document.getElementById('resp-size').textContent == '`+strconv.Itoa(len(b))+` bytes'`)
}

// evalSlow is eval with a longer wait: a 2 MiB URL is slow to build and set on a busy machine.
func evalSlow[T any](s *session, js string) T {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(s.ctx, 90*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		s.screenshot("failed")
		s.t.Fatalf("evaluating %.200s: %v", js, err)
	}
	return v
}

// waitSlow is waitFor with the longer waits of evalSlow: the page decodes,
// encodes and copies megabytes, on a machine that may be busy.
func waitSlow(s *session, what, js string) {
	s.t.Helper()
	deadline := time.Now().Add(3 * time.Minute)
	for time.Now().Before(deadline) {
		if evalSlow[bool](s, "!!("+js+")") {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	s.screenshot("failed")
	said := s.consoleSaid("")
	for i, m := range said {
		if len(m) > 300 {
			said[i] = m[:300] + "..."
		}
	}
	s.t.Fatalf("timed out waiting for %s (%s); the page's console said, last: %q", what, js, said[max(0, len(said)-60):])
}
