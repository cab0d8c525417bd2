//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// marksMatchGrid is JavaScript that is true when, in the side sel, every tree
// row marked with change ch has all its bytes [data-off, data-end) marked
// the same in that side's grid, and at least one row is marked.
func marksMatchGrid(sel, ch string) string {
	return `(()=>{const side=document.querySelector('` + sel + `'); if(!side) return false;
const rows=side.querySelectorAll('.tn[data-change="` + ch + `"]'); if(!rows.length) return false;
for(const r of rows){for(let i=+r.dataset.off;i<+r.dataset.end;i++){const c=side.querySelector('.cmp-grid [data-off="'+i+'"]'); if(!c||!c.classList.contains('mk-` + ch + `')) return false;}}
return true})()`
}

// TestCompareView: the compare view of Fetch v6 and v7 marks the session
// fields v7 adds in its request tree and bytes; choosing other versions in
// the pickers re-marks and rewrites the link; at phone width the two sides
// stack and nothing scrolls sideways.
func TestCompareView(t *testing.T) {
	s := newSession(t, false)
	s.resize(desktop)
	// From the v7 page, its link opens the compare view of v6 and v7.
	s.open("/Fetch/v7")
	s.clickUntil("the compare view", `.cmp-link a`, `location.pathname.endsWith('/Fetch/compare') && location.hash == '#from=6&to=7'`)

	req := `[data-dir="request"]`
	to := req + ` [data-side="to"]`
	s.waitFor("SessionId marked added in v7's request tree",
		`document.querySelector('`+to+` .tn[data-path="SessionId"][data-change="added"]') && document.querySelector('`+to+` .tn[data-path="SessionEpoch"][data-change="added"]')`)
	s.waitFor("the marked bytes in v7's grid", marksMatchGrid(to, "added"))
	// The tree shows its first marked row without the page moving.
	s.waitFor("v7's first mark in its tree's view", `(()=>{const t=document.querySelector('`+to+` .cmp-tree'), r=t.querySelector('[data-change]').getBoundingClientRect(), b=t.getBoundingClientRect(); return r.top>=b.top && r.bottom<=b.bottom})()`)
	if n := eval[int](s, `document.querySelectorAll('`+req+` [data-side="from"] [data-change]').length`); n != 0 {
		t.Errorf("v6's request has %d marks; v7 removes nothing", n)
	}
	s.screenshot("fetch-6-7")

	// The pickers: v3 to v4 adds IsolationLevel to the request.
	s.do(10*time.Second, chromedp.SetValue(chromedp.CSS(`select[data-op="cmp-from"]`), "3"))
	s.waitFor("the link with from=3", `location.hash.includes('from=3')`)
	s.do(10*time.Second, chromedp.SetValue(chromedp.CSS(`select[data-op="cmp-to"]`), "4"))
	s.waitFor("IsolationLevel marked added in v4",
		`location.hash.includes('to=4') && document.querySelector('`+to+`[data-version="4"] .tn[data-path="IsolationLevel"][data-change="added"]')`)
	s.waitFor("v4's marked bytes", marksMatchGrid(to, "added"))
	if eval[bool](s, `!!document.querySelector('`+to+` .tn[data-path="SessionId"]')`) {
		t.Errorf("v4's tree still shows SessionId")
	}
	if sum := eval[string](s, `document.querySelector('[data-compare="response"]').textContent`); !strings.Contains(sum, "AbortedTransactions") {
		t.Errorf("the response summary of v3 → v4 does not name AbortedTransactions: %q", sum)
	}
	// v4's response adds LastStableOffset deep in the tree: its box scrolls to it.
	s.waitFor("LastStableOffset in its tree's view", `(()=>{const t=document.querySelector('[data-dir="response"] [data-side="to"] .cmp-tree'), r=t.querySelector('[data-path="Responses.Partitions.LastStableOffset"]').getBoundingClientRect(), b=t.getBoundingClientRect(); return t.scrollTop>0 && r.top>=b.top && r.bottom<=b.bottom})()`)
	s.screenshot("fetch-3-4")

	// Reversed, the same fields are removed, marked in the older side.
	s.do(10*time.Second, chromedp.SetValue(chromedp.CSS(`select[data-op="cmp-from"]`), "7"))
	s.do(10*time.Second, chromedp.SetValue(chromedp.CSS(`select[data-op="cmp-to"]`), "6"))
	s.waitFor("SessionId marked removed on the from side", `document.querySelector('`+req+` [data-side="from"] .tn[data-path="SessionId"][data-change="removed"]')`)
	s.waitFor("its bytes marked removed", marksMatchGrid(req+` [data-side="from"]`, "removed"))

	// The realistic example: both sides change, the marks stay.
	minimal := eval[int](s, `document.querySelectorAll('`+req+` [data-side="from"] .cmp-grid [data-off]').length`)
	s.clickUntil("the example", `button[data-op="cmp-example"]`, `location.hash.endsWith('&ex') && document.querySelectorAll('`+req+` [data-side="from"] .cmp-grid [data-off]').length > `+itoa(minimal))
	s.waitFor("SessionId still marked removed", `document.querySelector('`+req+` [data-side="from"] .tn[data-path="SessionId"][data-change="removed"]')`)
	s.waitFor("its bytes marked removed in the example", marksMatchGrid(req+` [data-side="from"]`, "removed"))
	s.screenshot("fetch-7-6-example")

	// A phone: the sides stack, the page does not scroll sideways.
	s.resize(phone)
	s.open("/Metadata/compare#from=9&to=10")
	resp := `[data-dir="response"]`
	s.waitFor("TopicId marked in the v10 response", `document.querySelector('`+resp+` [data-side="to"] .tn[data-path="Topics.TopicId"][data-change="added"]')`)
	noSidewaysScroll(t, s, phone, "/Metadata/compare")
	stacked := eval[bool](s, `(()=>{const a=document.querySelector('`+resp+` [data-side="from"]').getBoundingClientRect(), b=document.querySelector('`+resp+` [data-side="to"]').getBoundingClientRect(); return b.top >= a.bottom-1})()`)
	if !stacked {
		t.Errorf("at 390 px the two versions are not stacked")
	}
	// Nothing spills out of its box over what follows it.
	if n := eval[int](s, `Array.from(document.querySelectorAll('.cmp-tree')).filter(e=>e.scrollHeight>e.clientHeight+1 && getComputedStyle(e).overflowY=='visible').length`); n != 0 {
		t.Errorf("at 390 px %d compare trees spill out of their boxes", n)
	}
	s.screenshot("phone-metadata-9-10")

	s.do(10*time.Second, chromedp.ScrollIntoView(chromedp.CSS(resp+` [data-side="to"]`)))
	s.viewShot("phone-metadata-9-10-view")

	// A link naming versions the API has not says so above the default pair.
	// (The same page with another fragment: the browser moves to it
	// without a load, and the page follows it.)
	s.open("/Metadata/compare#from=99&to=abc")
	s.waitFor("the note on versions Metadata has not", `(document.querySelector('#cmp-unknown') || {textContent: ''}).textContent.includes('from=99 and to=abc')`)
}
