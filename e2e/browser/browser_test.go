//go:build e2e

package browser

import (
	"context"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The proxy setting sends what is not loopback to the trap, and leaves
// loopback direct: a page on 127.0.0.1 loads from its server, while pages on
// other hosts reach only the trap (and nothing answers them).
func TestLoopbackDirectEverythingElseTrapped(t *testing.T) {
	// The services aimed at Refused must find nothing there.
	if c, err := net.DialTimeout("tcp", strings.TrimSuffix(strings.TrimPrefix(Refused, "http://"), "/"), time.Second); err == nil {
		c.Close()
		t.Fatalf("something listens on %s: the services sent there would reach it", Refused)
	}
	exe := Find()
	if exe == "" {
		t.Fatal("no Chrome or Chromium found: install one (Debian: apt-get install chromium)")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte(`<!doctype html><title>direct</title><p id="p">served on loopback</p>`))
	})}
	go srv.Serve(ln)
	defer srv.Close()
	trap, err := NewTrap()
	if err != nil {
		t.Fatal(err)
	}
	defer trap.Close()
	ctx, stop, err := Start(exe, t.TempDir(), trap.Addr())
	if err != nil {
		t.Fatal(err)
	}
	defer stop()

	text := func(url string) string {
		c, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		chromedp.Do(c, chromedp.Navigate(url)) // an unreachable host is an error page, not a failure here
		v, err := chromedp.Run(c, chromedp.Evaluate[string](`document.body ? document.body.innerText : ""`))
		if err != nil {
			t.Fatalf("reading %s: %v", url, err)
		}
		return v
	}
	for _, host := range []string{ln.Addr().String(), "localhost:" + strings.Split(ln.Addr().String(), ":")[1]} {
		if got := text("http://" + host + "/"); !strings.Contains(got, "served on loopback") {
			t.Errorf("http://%s/ did not load directly: %q", host, got)
		}
	}
	if seen := trap.Seen(); len(seen) != 0 {
		t.Fatalf("loopback pages went to the trap: %q", seen)
	}

	// 192.0.2.1 is TEST-NET-1, .invalid never resolves: neither may be tried directly.
	for _, u := range []string{"http://192.0.2.1/x", "http://kafkawire.invalid/y"} {
		if got := text(u); strings.Contains(got, "served on loopback") {
			t.Errorf("%s showed the loopback page", u)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) && !(seenHas(trap, "192.0.2.1") && seenHas(trap, "kafkawire.invalid")) {
		time.Sleep(50 * time.Millisecond)
	}
	for _, h := range []string{"192.0.2.1", "kafkawire.invalid"} {
		if !seenHas(trap, h) {
			t.Errorf("the trap never saw a connection for %s: %q", h, trap.Seen())
		}
	}
	t.Logf("the trap saw: %q", trap.Seen())
}

func seenHas(t *Trap, host string) bool {
	for _, l := range t.Seen() {
		if strings.Contains(l, host) {
			return true
		}
	}
	return false
}
