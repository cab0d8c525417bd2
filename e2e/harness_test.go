//go:build e2e

// Package e2e drives the built static site in headless Chromium: the site is
// generated from web/ (run `make wasm build` first; `make test-e2e` does),
// served on 127.0.0.1 under /kafkawire/ the way GitHub Pages serves a
// project site, and every test checks that no request leaves 127.0.0.1: none
// of the page's (watched with the DevTools protocol) and none of Chromium's
// own (sent to a closed port on 127.0.0.1 that counts them; package browser).
package e2e

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/kafkawire/kafkawire/app/sitehttp"
	"github.com/kafkawire/kafkawire/e2e/browser"
)

const base = "/kafkawire/"

var (
	siteURL    string // http://127.0.0.1:port/kafkawire/
	siteDir    string
	repoRoot   string
	browserExe string
	setupErr   error

	sessions, trapped atomic.Int64 // browser sessions, and connections their closed ports saw
)

func TestMain(m *testing.M) {
	code := func() int {
		root, _ := filepath.Abs("..")
		repoRoot = root
		dir, err := os.MkdirTemp("", "kafkawire-e2e-")
		if err != nil {
			setupErr = err
			return m.Run()
		}
		defer os.RemoveAll(dir)
		siteDir = filepath.Join(dir, "site")
		setupErr = buildSite(root, siteDir)
		if setupErr == nil {
			var srv *http.Server
			srv, siteURL, setupErr = serve(siteDir)
			if srv != nil {
				defer srv.Close()
			}
		}
		browserExe = browser.Find()
		os.MkdirAll("artifacts", 0o755)
		code := m.Run()
		fmt.Printf("e2e: %d browser sessions; their closed ports saw %d connections\n", sessions.Load(), trapped.Load())
		return code
	}()
	os.Exit(code)
}

// buildSite writes the static site with the project's own generator, from the current web/app.wasm.
func buildSite(root, out string) error {
	if _, err := os.Stat(filepath.Join(root, "web", "app.wasm")); err != nil {
		return fmt.Errorf("no web/app.wasm: run `make wasm` first (make test-e2e does)")
	}
	bin := filepath.Join(filepath.Dir(out), "kafkawire")
	build := exec.Command("go", "build", "-o", bin, "./app")
	build.Dir = root
	if b, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("building the site generator: %v\n%s", err, b)
	}
	gen := exec.Command(bin, "site", "-base", base, "-out", out, "-web", filepath.Join(root, "web"))
	if b, err := gen.CombinedOutput(); err != nil {
		return fmt.Errorf("generating the site: %v\n%s", err, b)
	}
	return nil
}

func serve(dir string) (*http.Server, string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, "", err
	}
	srv := &http.Server{Handler: sitehttp.Handler(dir, base)}
	go srv.Serve(ln)
	return srv, "http://" + ln.Addr().String() + base, nil
}

// session is one browser with a tab, recording every request and dialog.
type session struct {
	t   *testing.T
	ctx context.Context

	// trap is the closed port every connection that is not to loopback
	// goes to; a session fails if it saw one.
	trap *browser.Trap

	mu       sync.Mutex
	requests []string
	dialogs  []string
	console  []string // every console message's text, in order
}

// consoleSaid is the console messages so far that contain sub.
func (s *session) consoleSaid(sub string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var said []string
	for _, m := range s.console {
		if strings.Contains(m, sub) {
			said = append(said, m)
		}
	}
	return said
}

// newSession starts headless Chromium with its own closed port as the proxy
// for everything but loopback (see package browser). It fails the test
// (never skips) when there is no browser or no site.
func newSession(t *testing.T, dark bool) *session {
	t.Helper()
	if setupErr != nil {
		t.Fatalf("site setup: %v", setupErr)
	}
	if browserExe == "" {
		t.Fatal("no Chrome or Chromium found: install one (Debian: apt-get install chromium; .ci/run does) and make sure it is on PATH")
	}
	trap, err := browser.NewTrap()
	if err != nil {
		t.Fatalf("opening the closed port: %v", err)
	}
	ctx, stop, err := browser.Start(browserExe, t.TempDir(), trap.Addr())
	if err != nil {
		trap.Close()
		t.Fatalf("starting %s: %v", browserExe, err)
	}
	s := &session{t: t, ctx: ctx, trap: trap}
	sessions.Add(1)
	t.Cleanup(func() {
		s.screenshot("final")
		stop()
		trap.Close()
		seen := trap.Seen()
		trapped.Add(int64(len(seen)))
		if len(seen) > 0 {
			t.Errorf("Chromium tried to leave 127.0.0.1: the closed port saw %d connections: %q", len(seen), seen)
		}
		s.mu.Lock()
		defer s.mu.Unlock()
		for _, r := range s.requests {
			if !local(r) {
				t.Errorf("request left 127.0.0.1: %s", r)
			}
		}
		if len(s.dialogs) > 0 {
			t.Errorf("JavaScript dialogs opened (a script ran): %q", s.dialogs)
		}
		// A panic the page did not recover from ends its Go program: the
		// page is dead, whatever the test waited for before.
		for _, m := range s.console {
			if strings.HasPrefix(m, "panic: ") {
				t.Errorf("the page's Go program panicked: %s", m)
			}
		}
	})
	reqs := chromedp.Events(ctx, network.RequestWillBeSent)
	go func() {
		for ev, err := range reqs {
			if err != nil {
				return
			}
			s.mu.Lock()
			s.requests = append(s.requests, ev.Request.URL)
			s.mu.Unlock()
		}
	}()
	dialogs := chromedp.Events(ctx, page.JavascriptDialogOpening)
	go func() {
		for ev, err := range dialogs {
			if err != nil {
				return
			}
			s.mu.Lock()
			s.dialogs = append(s.dialogs, ev.Message)
			s.mu.Unlock()
			chromedp.Call(ctx, page.HandleJavaScriptDialog, page.HandleJavaScriptDialogParams{Accept: false})
		}
	}()
	console := chromedp.Console(ctx)
	go func() {
		for m, err := range console {
			if err != nil {
				return
			}
			s.mu.Lock()
			s.console = append(s.console, m.Text)
			s.mu.Unlock()
		}
	}()
	scheme := "light"
	if dark {
		scheme = "dark"
	}
	if _, err := chromedp.Call(ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
	}); err != nil {
		t.Fatalf("emulating %s mode: %v", scheme, err)
	}
	return s
}

func local(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	switch u.Scheme {
	case "data", "blob", "about":
		return true
	}
	return u.Hostname() == "127.0.0.1"
}

// do runs steps with a timeout; a failure stops the test with a screenshot.
func (s *session) do(d time.Duration, steps ...chromedp.Action[chromedp.Void]) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(s.ctx, d)
	defer cancel()
	if err := chromedp.Do(ctx, steps...); err != nil {
		s.screenshot("failed")
		s.t.Fatalf("browser step: %v", err)
	}
}

// eval evaluates js and decodes its result.
func eval[T any](s *session, js string) T {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js))
	if err != nil {
		s.screenshot("failed")
		s.t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

// listShown is true once a capture's list is on the page with all its
// rows: the list draws its first rows at once and marks its table
// aria-busy until it has drawn the rest, a paint later.
const listShown = `!!(document.querySelector('#conv-count') && !document.querySelector('#conv-list[aria-busy]'))`

// waitFor polls a JavaScript condition until it is true, for 15 seconds.
func (s *session) waitFor(what, js string) {
	s.t.Helper()
	s.waitUntil(15*time.Second, what, js)
}

// waitUntil polls a JavaScript condition until it is true, for d. A page
// busy in the wasm answers no evaluation; that is waited out too.
func (s *session) waitUntil(d time.Duration, what, js string) {
	s.t.Helper()
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		ctx, cancel := context.WithTimeout(s.ctx, min(10*time.Second, time.Until(deadline)+time.Second))
		ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool]("!!("+js+")"))
		cancel()
		if err != nil && s.ctx.Err() == nil && ctx.Err() == nil {
			s.screenshot("failed")
			s.t.Fatalf("evaluating %s: %v", js, err)
		}
		if ok {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	s.screenshot("failed")
	s.t.Fatalf("timed out waiting for %s (%s)", what, js)
}

// clickUntil clicks sel once and fails unless js holds within 3 s: the page
// takes every click, even one that lands while a grid repaints its rows
// (e2e/phone_test.go measures it), so a click that did nothing is a bug.
// The element is scrolled into view and painted first (scrollSeen): tree
// rows that come into view then take their drawn height, 21 px where
// they stood for 20 until drawn (content-visibility in kafkawire.css), and
// a link below a tree moved by a few pixels between chromedp's reading of
// its place and its click.
func (s *session) clickUntil(what, sel, js string) {
	s.t.Helper()
	s.scrollSeen(sel)
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(sel)))
	cancel()
	if err != nil {
		s.screenshot("failed")
		s.t.Fatalf("clicking %s: %v", sel, err)
	}
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		if eval[bool](s, "!!("+js+")") {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	s.screenshot("failed")
	s.t.Fatalf("one click on %s did not give %s (%s)", sel, what, js)
}

// open loads a page of the site and waits for the wasm app to run.
func (s *session) open(path string) {
	s.t.Helper()
	s.do(30*time.Second, chromedp.Navigate(siteURL+strings.TrimPrefix(path, "/")))
	// Compiling and starting the 11 MB module is the one step whose time
	// depends on the machine's load (seconds when idle, much more on a busy
	// shared machine): a readiness wait, not a timing assertion.
	s.waitUntil(60*time.Second, "the wasm app", `document.querySelector('[data-wasm="ready"]')`)
}

// openStatic loads the pre-rendered page alone: go-app's loader skips the wasm when the query says wasm=false.
func (s *session) openStatic(path string) {
	s.t.Helper()
	s.do(30*time.Second, chromedp.Navigate(siteURL+strings.TrimPrefix(path, "/")+"?wasm=false"))
	s.waitFor("the pre-rendered page", frameGrid("#request").bytes()+`.length > 0`)
}

func (s *session) screenshot(name string) {
	ctx, cancel := context.WithTimeout(s.ctx, 10*time.Second)
	defer cancel()
	b, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		return
	}
	file := strings.NewReplacer("/", "_", " ", "_").Replace(s.t.Name()) + "-" + name + ".png"
	os.WriteFile(filepath.Join("artifacts", file), b, 0o644)
}

// cells returns the hex text of the frame's bytes a section's grid shows, in offset order.
func (s *session) cells(section string) []string {
	s.t.Helper()
	return eval[[]string](s, frameGrid("#"+section).bytes()+`.map(b=>b.hex)`)
}

// regions returns the region of every byte a section's grid shows, in offset order.
func (s *session) regions(section string) []string {
	s.t.Helper()
	return eval[[]string](s, frameGrid("#"+section).bytes()+`.map(b=>b.region)`)
}

// A byte grid shows its hex bytes as text runs, one per stretch of bytes
// that look alike (region, selected, hovered, the cursor...), each holding
// the offset of its first byte (data-h; data-bh in a decompressed buffer's
// grid) and every byte 2 digits and a space between bytes, equally wide.
// gridAt reads those byte by byte, so a test says "byte 18" rather than
// which element holds it.
type gridAt struct {
	scope string // a CSS selector the grids are under: "#request", "#response .inner"
	buf   bool   // a decompressed buffer's bytes (data-bh) rather than the frame's (data-h)
}

func frameGrid(scope string) gridAt { return gridAt{scope, false} }
func bufGrid(scope string) gridAt   { return gridAt{scope, true} }

// gridBytesJS is a JavaScript function of a scope and a key (h or bh):
// every byte of the runs under it, in offset order, as {off, hex, region,
// cls: the run's classes, x, y, w, h: the byte's box in the viewport}.
const gridBytesJS = `((scope, key) => {
  const out = [];
  for (const r of document.querySelectorAll(scope + ' [data-' + key + ']')) {
    const first = +r.dataset[key], hex = r.textContent.split(' '), b = r.getBoundingClientRect(), w = b.width / hex.length;
    hex.forEach((x, i) => out.push({off: first + i, hex: x, region: r.dataset.region, cls: Array.from(r.classList), x: b.x + i * w, y: b.y, w: w, h: b.height}));
  }
  return out.sort((a, b) => a.off - b.off);
})`

// key is the dataset key of the runs' first offsets.
func (g gridAt) key() string {
	if g.buf {
		return "bh"
	}
	return "h"
}

// bytes is a JavaScript expression: the bytes the grids show, in offset order.
func (g gridAt) bytes() string {
	return gridBytesJS + `(` + jsString(g.scope) + `, '` + g.key() + `')`
}

// byteAt is a JavaScript expression: byte off as bytes gives it, or, when
// no grid shows it, an object with no hex and no classes.
func (g gridAt) byteAt(off int) string {
	return `(` + g.bytes() + `.find(b => b.off == ` + strconv.Itoa(off) + `) || {cls: []})`
}

// hexAt is a JavaScript expression: the hex of bytes lo..hi-1, space-separated
// ("undefined" for a byte not shown).
func (g gridAt) hexAt(lo, hi int) string {
	return `(all => Array.from({length: ` + strconv.Itoa(hi-lo) + `}, (_, i) => { const b = all.find(b => b.off == ` + strconv.Itoa(lo) + ` + i); return b ? b.hex : 'undefined'; }).join(' '))(` + g.bytes() + `)`
}

// offsWith is a JavaScript expression: the offsets, as strings, of the
// bytes shown whose run has class c (sel, hov, cur, mark, r15...).
func (g gridAt) offsWith(c string) string {
	return g.bytes() + `.filter(b => b.cls.includes(` + jsString(c) + `)).map(b => String(b.off))`
}

// firstRowBytes is a JavaScript expression: how many bytes the first row
// of the grid's rows holds (16, or 8 on a phone).
func (g gridAt) firstRowBytes() string {
	return `Array.from(document.querySelector(` + jsString(g.scope+" .grid-scroll .grid-row") + `).querySelectorAll('[data-` + g.key() + `]')).reduce((n, r) => n + r.textContent.split(' ').length, 0)`
}

// pointAt scrolls byte off of grid g into view if it is not (to the
// middle, as chromedp's click on a node does; a page that scrolls moves
// its sticky parts) and returns the middle of its box, where a pointer on
// it is; the test fails if no grid shows it.
func (s *session) pointAt(g gridAt, off int) (x, y float64) {
	s.t.Helper()
	v := eval[[]float64](s, `(() => {
  const key = '`+g.key()+`', off = `+strconv.Itoa(off)+`;
  for (const r of document.querySelectorAll(`+jsString(g.scope)+` + ' [data-' + key + ']')) {
    const first = +r.dataset[key], n = r.textContent.split(' ').length;
    if (off < first || off >= first + n) continue;
    r.scrollIntoViewIfNeeded(true);
    const b = r.getBoundingClientRect();
    return [b.x + (off - first + 0.5) * b.width / n, b.y + b.height / 2];
  }
  return [];
})()`)
	if len(v) != 2 {
		s.screenshot("failed")
		s.t.Fatalf("no grid under %s shows byte %d", g.scope, off)
	}
	return v[0], v[1]
}

// clickByteUntil clicks byte off of grid g once, where a person would (the
// middle of its digits), and fails unless js holds within 3 s, as clickUntil.
func (s *session) clickByteUntil(what string, g gridAt, off int, js string) {
	s.t.Helper()
	x, y := s.pointAt(g, off)
	s.do(10*time.Second, chromedp.MouseClickXY(x, y))
	deadline := time.Now().Add(3 * time.Second)
	for time.Now().Before(deadline) {
		if eval[bool](s, "!!("+js+")") {
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
	s.screenshot("failed")
	s.t.Fatalf("one click on byte %d under %s did not give %s (%s); the page said %q", off, g.scope, what, js, s.consoleSaid("kafkawire"))
}
