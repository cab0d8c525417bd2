//go:build e2e

package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// runPoint is the middle of byte off in the hex column (key h) or the
// ASCII gutter (key a) of section sec's grid: the run holding it, the
// byte's place in the run, and the bytes the run holds.
func runPoint(t *testing.T, s *session, sec, key string, off int) (x, y float64, runLen int) {
	t.Helper()
	v := eval[[]float64](s, `(()=>{
  const off = `+strconv.Itoa(off)+`, key = '`+key+`';
  for (const r of document.querySelectorAll('#`+sec+` .grid-scroll [data-' + key + ']')) {
    const a = +r.dataset[key], n = key == 'h' ? r.textContent.split(' ').length : r.textContent.length;
    if (off >= a && off < a + n) {
      const b = r.getBoundingClientRect();
      return [b.x + (off - a + 0.5) * b.width / n, b.y + b.height / 2, n];
    }
  }
  return [];
})()`)
	if len(v) != 3 {
		t.Fatalf("no run (data-%s) holds byte %d of the %s", key, off, sec)
	}
	return v[0], v[1], int(v[2])
}

// The hex column and the ASCII gutter are text runs, one per stretch of
// bytes alike, so the byte under the pointer comes from the pointer's
// position in the run: hovering and clicking a byte, in either, must still
// find its field.
func TestRunsFindTheByteUnderThePointer(t *testing.T) {
	s := newSession(t, false)
	s.open("/DescribeProducers/v0")
	s.do(10*time.Second, chromedp.ScrollIntoView(chromedp.CSS(`#response .grid-scroll`)))
	resp := frameGrid("#response")
	hovered := func() string {
		return strings.Join(eval[[]string](s, resp.offsWith("hov")), ",")
	}
	selected := func() string {
		return strings.Join(eval[[]string](s, resp.offsWith("sel")), ",")
	}
	for _, key := range []string{"h", "a"} {
		longest := 0
		for _, c := range []struct {
			off  int
			want string
		}{
			{21, "20,21"},                   // ErrorCode's second byte
			{44, "40,41,42,43,44,45,46,47"}, // inside LastTimestamp
			{20, "20,21"},                   // back to ErrorCode, its first byte
		} {
			x, y, n := runPoint(t, s, "response", key, c.off)
			longest = max(longest, n)
			s.do(10*time.Second, chromedp.MouseEvent("mouseMoved", x, y))
			deadline := time.Now().Add(5 * time.Second)
			for hovered() != c.want && time.Now().Before(deadline) {
				time.Sleep(50 * time.Millisecond)
			}
			if got := hovered(); got != c.want {
				t.Errorf("pointer on byte %d (data-%s): hovered bytes %q, want %q", c.off, key, got, c.want)
			}
		}
		if longest < 2 {
			t.Errorf("every run (data-%s) holds one byte: the bytes are not in runs", key)
		}
		// A click on ErrorCode's second byte selects ErrorCode, then one on
		// LastTimestamp's sixth selects LastTimestamp.
		for _, c := range []struct {
			off        int
			path, want string
		}{
			{21, "body.Topics.0.Partitions.0.ErrorCode", "20,21"},
			{45, "body.Topics.0.Partitions.0.ActiveProducers.0.LastTimestamp", "40,41,42,43,44,45,46,47"},
		} {
			x, y, _ := runPoint(t, s, "response", key, c.off)
			s.do(10*time.Second, chromedp.MouseClickXY(x, y))
			s.waitFor(c.path+" selected", `document.querySelector('#response .tn.sel[data-path="`+c.path+`"]')`)
			if got := selected(); got != c.want {
				t.Errorf("selected bytes %q after a click on byte %d (data-%s), want %s", got, c.off, key, c.want)
			}
		}
	}
}

// go-app runs an event's handler after the event, and a paint in between
// (a hover's, a scroll step's) replaces the runs: a press whose run is gone
// by then must still select the byte pressed, not its old run's first byte.
func TestPressOnARunRepaintedSinceSelectsItsByte(t *testing.T) {
	s := newSession(t, false)
	s.open("/DescribeProducers/v0")
	s.do(10*time.Second, chromedp.ScrollIntoView(chromedp.CSS(`#response .grid-scroll`)))
	// Bytes 16..23 are one run: PartitionIndex (16..19), ErrorCode (20, 21)...
	x, y, n := runPoint(t, s, "response", "h", 21)
	if n < 6 {
		t.Fatalf("byte 21's run holds %d bytes: the test needs PartitionIndex and ErrorCode in one run", n)
	}
	// The press, its row replaced by a copy as a paint does before the
	// page's listener sees it (a listener on the way down does it), so the
	// press's target is out of the page however soon the wasm handles it.
	if !eval[bool](s, `(()=>{
  const r = document.elementFromPoint(`+ftoa(x)+`, `+ftoa(y)+`), row = r.closest('.grid-row');
  const repaint = () => row.replaceWith(row.cloneNode(true));
  document.addEventListener('mousedown', repaint, {capture: true, once: true});
  r.dispatchEvent(new MouseEvent('mousedown', {bubbles: true, clientX: `+ftoa(x)+`, clientY: `+ftoa(y)+`, button: 0}));
  return r.dataset.h == '16' && !r.isConnected;
})()`) {
		t.Fatal("the press did not land on the run from byte 16, or its row was not replaced")
	}
	s.waitFor("a field selected", `document.querySelector('#response .tn.sel')`)
	if got := eval[string](s, `document.querySelector('#response .tn.sel').dataset.path`); got != "body.Topics.0.Partitions.0.ErrorCode" {
		t.Errorf("a press on byte 21 selected %s, want ErrorCode", got)
	}
}

func ftoa(f float64) string { return strconv.FormatFloat(f, 'f', 2, 64) }
