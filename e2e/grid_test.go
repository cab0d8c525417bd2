//go:build e2e

package e2e

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// asciiPoint is the middle of byte off's character in the ASCII gutter of
// section sec: the run holding it, and the character's place in the run.
func asciiPoint(t *testing.T, s *session, sec string, off int) (x, y float64, runLen int) {
	t.Helper()
	v := eval[[]float64](s, `(()=>{
  for (const r of document.querySelectorAll('#`+sec+` .grid-scroll .grid-asc [data-a]')) {
    const a = +r.dataset.a, n = r.textContent.length;
    if (`+strconv.Itoa(off)+` >= a && `+strconv.Itoa(off)+` < a + n) {
      const b = r.getBoundingClientRect();
      return [b.x + (`+strconv.Itoa(off)+` - a + 0.5) * b.width / n, b.y + b.height / 2, n];
    }
  }
  return [];
})()`)
	if len(v) != 3 {
		t.Fatalf("no ASCII run holds byte %d of the %s", off, sec)
	}
	return v[0], v[1], int(v[2])
}

// The ASCII gutter is one text run per stretch of bytes alike, so the byte
// under the pointer comes from the pointer's position in the run: hovering
// and clicking a character must still find its byte's field.
func TestASCIIRunFindsTheByteUnderThePointer(t *testing.T) {
	s := newSession(t, false)
	s.open("/DescribeProducers/v0")
	s.do(10*time.Second, chromedp.ScrollIntoView(chromedp.CSS(`#response .grid-scroll`)))
	hovered := func() string {
		return strings.Join(eval[[]string](s, `Array.from(document.querySelectorAll('#response .b.hov')).map(e=>e.dataset.off)`), ",")
	}
	longest := 0
	for _, c := range []struct {
		off  int
		want string
	}{
		{21, "20,21"},                   // ErrorCode's second byte
		{44, "40,41,42,43,44,45,46,47"}, // inside LastTimestamp
		{20, "20,21"},                   // back to ErrorCode, its first byte
	} {
		x, y, n := asciiPoint(t, s, "response", c.off)
		longest = max(longest, n)
		s.do(10*time.Second, chromedp.MouseEvent("mouseMoved", x, y))
		deadline := time.Now().Add(5 * time.Second)
		for hovered() != c.want && time.Now().Before(deadline) {
			time.Sleep(50 * time.Millisecond)
		}
		if got := hovered(); got != c.want {
			t.Errorf("pointer on byte %d's character: hovered bytes %q, want %q", c.off, got, c.want)
		}
	}
	if longest < 2 {
		t.Errorf("every ASCII run holds one byte: the gutter is not in runs")
	}
	// A click on LastTimestamp's sixth character selects LastTimestamp.
	x, y, _ := asciiPoint(t, s, "response", 45)
	s.do(10*time.Second, chromedp.MouseClickXY(x, y))
	s.waitFor("LastTimestamp selected", `document.querySelector('#response .tn.sel[data-path="body.Topics.0.Partitions.0.ActiveProducers.0.LastTimestamp"]')`)
	if got := strings.Join(eval[[]string](s, `Array.from(document.querySelectorAll('#response .b.sel')).map(e=>e.dataset.off)`), ","); got != "40,41,42,43,44,45,46,47" {
		t.Errorf("selected bytes %q after a click on byte 45's character, want 40..47", got)
	}
}
