//go:build e2e

package e2e

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

func TestKeyboardInDarkMode(t *testing.T) {
	s := newSession(t, true)
	s.open("/DescribeProducers/v0")
	if bg := eval[string](s, `getComputedStyle(document.body).backgroundColor`); bg != "rgb(18, 20, 24)" {
		t.Errorf("dark mode background %s", bg)
	}
	s.do(10*time.Second, chromedp.Focus(chromedp.CSS(`#response .grid-scroll`)), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowDown))
	// 0 -> 1 -> 17: byte 0x11 is in PartitionIndex [0x10, 4B].
	s.waitFor("the cursor at 17", frameGrid("#response").byteAt(17)+`.cls.includes('cur')`)
	if got := eval[string](s, `document.querySelector('#response .tn.sel').dataset.path`); got != "body.Topics.0.Partitions.0.PartitionIndex" {
		t.Errorf("selected %q after the arrows", got)
	}
	// Escape on a tree row collapses it; Enter opens it again.
	row := `#response .tn[data-path="body.Topics"]`
	s.do(10*time.Second, chromedp.Focus(chromedp.CSS(row)), chromedp.KeyEvent(kb.Escape))
	s.waitFor("collapsed", `document.querySelector('`+row+`').getAttribute('aria-expanded') == 'false' && !document.querySelector('#response .tn[data-path="body.Topics.0"]')`)
	s.do(10*time.Second, chromedp.Focus(chromedp.CSS(row)), chromedp.KeyEvent(kb.Enter))
	s.waitFor("selected", `document.querySelector('#response .tn.sel[data-path="body.Topics"]')`)
	s.do(10*time.Second, chromedp.Focus(chromedp.CSS(row)), chromedp.KeyEvent(kb.Enter))
	s.waitFor("expanded", `document.querySelector('#response .tn[data-path="body.Topics.0"]')`)
	s.screenshot("dark")
}

// The focus stays on a tree row as it is closed, selected and opened, and
// on the next row selected by the keys alone, so a keyboard user goes on
// from where they were without reaching for the mouse. (Selecting the
// length row lost the focus before: the page re-renders around it.)
func TestTreeKeepsTheFocusAsRowsChange(t *testing.T) {
	s := newSession(t, false)
	s.open("/DescribeProducers/v0")
	focused := `(document.activeElement && document.activeElement.dataset.path || '')`
	row := `#response .tn[data-path="body.Topics"]`
	s.do(10*time.Second, chromedp.Focus(chromedp.CSS(row)), chromedp.KeyEvent(kb.Escape))
	s.waitFor("collapsed", `document.querySelector('`+row+`').getAttribute('aria-expanded') == 'false'`)
	s.waitFor("the focus on the collapsed row", focused+` == 'body.Topics'`)
	s.do(10*time.Second, chromedp.KeyEvent(kb.Enter))
	s.waitFor("selected", `document.querySelector('#response .tn.sel[data-path="body.Topics"]')`)
	s.waitFor("the focus on the selected row", focused+` == 'body.Topics'`)
	s.do(10*time.Second, chromedp.KeyEvent(kb.ArrowRight))
	s.waitFor("expanded", `document.querySelector('#response .tn[data-path="body.Topics.0"]')`)
	s.waitFor("the focus on the expanded row", focused+` == 'body.Topics'`)
	// The row below an array's is its length.
	s.do(10*time.Second, chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.Enter))
	s.waitFor("the next row selected, by keys alone", `document.querySelector('#response .tn.sel[data-path="body.Topics@length"]')`)
	s.waitFor("the focus on it", focused+` == 'body.Topics@length'`)
}
