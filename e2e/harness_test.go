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
func (s *session) clickUntil(what, sel, js string) {
	s.t.Helper()
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
	s.waitFor("the pre-rendered page", `document.querySelector('#request [data-off]')`)
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

// cells returns the hex text of the byte cells of a section, in offset order.
func (s *session) cells(section string) []string {
	s.t.Helper()
	return eval[[]string](s, `Array.from(document.querySelectorAll('#`+section+` [data-off]')).sort((a,b)=>a.dataset.off-b.dataset.off).map(e=>e.textContent)`)
}

// regions returns the data-region of every byte cell of a section, in offset order.
func (s *session) regions(section string) []string {
	s.t.Helper()
	return eval[[]string](s, `Array.from(document.querySelectorAll('#`+section+` [data-off]')).sort((a,b)=>a.dataset.off-b.dataset.off).map(e=>e.dataset.region)`)
}
