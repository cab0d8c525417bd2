//go:build e2e

package e2e

import (
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/ui"
)

// A frame of 80 KB: the grid keeps a window of rows in the DOM, the
// scrollbar spans the whole frame, and selecting a node far down scrolls
// its bytes into view.
func TestLargeFrameIsVirtualised(t *testing.T) {
	api := schema.ByName("DescribeProducers")
	m := message.Minimal(api, 0, schema.Request)
	topics, _ := m.Body.Get("Topics")
	parts := make([]any, 20000)
	for i := range parts {
		parts[i] = int32(i)
	}
	topics.([]any)[0].(*message.Struct).Set("PartitionIndexes", parts)
	d, err := frame.Build(m)
	if err != nil {
		t.Fatal(err)
	}
	n := len(d.Bytes())

	s := newSession(t, false)
	start := time.Now()
	s.do(30*time.Second, chromedp.Navigate(siteURL+"DescribeProducers/v0#"+ui.Fragment(d.Bytes(), nil)))
	s.waitFor("the wasm app", `document.querySelector('[data-wasm="ready"]')`)
	s.waitFor("the large frame", `document.getElementById('req-size').textContent == '`+strconv.Itoa(n)+` bytes'`)
	t.Logf("%d-byte frame shown %v after navigation", n, time.Since(start).Round(time.Millisecond))

	cells := eval[int](s, frameGrid("#request").bytes()+`.length`)
	if cells > 40*16 {
		t.Errorf("%d byte cells in the DOM for a %d-byte frame: the grid is not windowed", cells, n)
	}
	rows := (n + 15) / 16
	if h := eval[int](s, `document.querySelector('#request .grid-spacer').offsetHeight`); h != rows*22 {
		t.Errorf("spacer is %dpx, want %d rows of 22px", h, rows)
	}
	// The body's last byte (its tag count) is far below the view.
	req := frameGrid("#request")
	if eval[bool](s, `!!`+req.byteAt(n-1)+`.hex`) {
		t.Fatalf("the last byte is in the DOM before scrolling")
	}
	s.selectNode("request", "body@tagged_fields")
	s.waitFor("the last byte scrolled into view", `(()=>{const c=`+req.byteAt(n-1)+`;
		if(!c.hex) return false; const v=document.querySelector('#request .grid-scroll').getBoundingClientRect();
		return c.y>=v.top && c.y+c.h<=v.bottom && c.cls.includes('sel')})()`)
	// Scrolling back to the top renders the first rows again.
	s.do(10*time.Second, chromedp.Evaluate[chromedp.Void](`document.querySelector('#request .grid-scroll').scrollTop = 0`))
	s.waitFor("the first rows again", req.byteAt(0)+`.hex`)
	if cells := eval[int](s, frameGrid("#request").bytes()+`.length`); cells > 40*16 {
		t.Errorf("%d cells after scrolling", cells)
	}
}
