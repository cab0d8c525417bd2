//go:build e2e

package e2e

import (
	"context"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/kafkawire/kafkawire/app/sitehttp"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// pagesServer serves a site directory the way GitHub Pages does, cache
// headers included (max-age=600, ETag, Last-Modified), and can switch to
// another build (a deploy) or stop (offline).
type pagesServer struct {
	url  string // http://127.0.0.1:port/kafkawire/
	srv  *http.Server
	site atomic.Pointer[http.Handler]

	mu   sync.Mutex
	wasm []int64 // lengths of the app.wasm bodies sent in full (200s)
}

func newPagesServer(t *testing.T, dir string) *pagesServer {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &pagesServer{url: "http://" + ln.Addr().String() + base}
	p.deploy(dir)
	p.srv = &http.Server{Handler: http.HandlerFunc(p.serve)}
	go p.srv.Serve(ln)
	t.Cleanup(func() { p.srv.Close() })
	return p
}

func (p *pagesServer) deploy(dir string) {
	h := sitehttp.GitHubPages(dir, base)
	p.site.Store(&h)
}

func (p *pagesServer) serve(w http.ResponseWriter, r *http.Request) {
	h := *p.site.Load()
	if !strings.HasSuffix(r.URL.Path, "/app.wasm") {
		h.ServeHTTP(w, r)
		return
	}
	cw := &countingWriter{ResponseWriter: w}
	h.ServeHTTP(cw, r)
	if cw.status == 200 {
		p.mu.Lock()
		p.wasm = append(p.wasm, cw.n)
		p.mu.Unlock()
	}
}

// takeWasm returns the app.wasm bodies sent since the last call.
func (p *pagesServer) takeWasm() []int64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := p.wasm
	p.wasm = nil
	return s
}

type countingWriter struct {
	http.ResponseWriter
	status int
	n      int64
}

func (w *countingWriter) WriteHeader(s int) { w.status = s; w.ResponseWriter.WriteHeader(s) }
func (w *countingWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = 200
	}
	n, err := w.ResponseWriter.Write(b)
	w.n += int64(n)
	return n, err
}

var buildLine = regexp.MustCompile(`\(build ([0-9a-f]+)\)`)

// buildSecondSite generates the site again from a copy of web/ with a
// change: a custom section appended to app.wasm (the module still runs) and
// a marker property appended to the style sheet. It returns the site's
// directory, its build id and the new app.wasm's length.
func buildSecondSite(t *testing.T) (dir, version string, wasmLen int64) {
	t.Helper()
	web := filepath.Join(t.TempDir(), "web")
	if err := os.CopyFS(web, os.DirFS(filepath.Join(repoRoot, "web"))); err != nil {
		t.Fatal(err)
	}
	wasm := filepath.Join(web, "app.wasm")
	b, err := os.ReadFile(wasm)
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, 0x00, 0x07, 0x02, 'k', 'w', 'n', 'e', 'w', '2')
	if err := os.WriteFile(wasm, b, 0o644); err != nil {
		t.Fatal(err)
	}
	css, err := os.OpenFile(filepath.Join(web, "kafkawire.css"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	css.WriteString("\n:root { --kw-build: \"second\"; }\n")
	css.Close()
	dir = filepath.Join(t.TempDir(), "site")
	gen := exec.Command(filepath.Join(filepath.Dir(siteDir), "kafkawire"), "site", "-base", base, "-out", dir, "-web", web)
	out, err := gen.CombinedOutput()
	if err != nil {
		t.Fatalf("generating the second build: %v\n%s", err, out)
	}
	m := buildLine.FindSubmatch(out)
	if m == nil {
		t.Fatalf("no build id in %q", out)
	}
	return dir, string(m[1]), int64(len(b))
}

// evalAwait evaluates js, awaiting the promise it returns.
func evalAwait[T any](s *session, js string) T {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(s.ctx, 20*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](js, chromedp.EvalAwaitPromise))
	if err != nil {
		s.screenshot("failed")
		s.t.Fatalf("evaluating %s: %v", js, err)
	}
	return v
}

// visit loads url and waits for the wasm app.
func (s *session) visit(url string) {
	s.t.Helper()
	s.do(30*time.Second, chromedp.Navigate(url))
	s.waitFor("the wasm app at "+url, `document.querySelector('[data-wasm="ready"]')`)
}

const controlled = `navigator.serviceWorker.controller != null`

// controlledVisit serves the site as GitHub Pages does and visits one of
// its pages in a new browser, until the service worker controls the page.
func controlledVisit(t *testing.T) (*pagesServer, *session) {
	t.Helper()
	if setupErr != nil {
		t.Fatal(setupErr)
	}
	srv := newPagesServer(t, siteDir)
	s := newSession(t, false)
	s.visit(srv.url + "DescribeProducers/v0")
	s.waitFor("the service worker", controlled)
	return srv, s
}

// A deploy reaches a returning visitor on the next load, although GitHub
// Pages lets the browser keep every file for ten minutes: the service worker
// revalidates each request instead of trusting the HTTP cache or its own.
func TestDeployReachesReturningVisitor(t *testing.T) {
	srv, s := controlledVisit(t)
	second, secondVersion, secondWasm := buildSecondSite(t)
	// A first visit is not an update: go-app's notice must not appear
	// (web/firstvisit.js). It is logged as the worker turns activated.
	s.waitFor("the worker activated", `navigator.serviceWorker.controller.state == 'activated'`)
	time.Sleep(time.Second)
	if said := s.consoleSaid("has been updated"); len(said) > 0 {
		t.Errorf("the first visit says it was updated: %q", said)
	}
	first := srv.takeWasm()
	t.Logf("first visit: app.wasm sent in full %d times (%v bytes)", len(first), first)
	if len(first) == 0 || len(first) > 2 {
		t.Fatalf("the first visit downloaded app.wasm %d times in full", len(first))
	}
	firstVersion := eval[string](s, `goappGetenv("GOAPP_VERSION")`)

	s.do(30*time.Second, chromedp.Reload())
	s.waitFor("the wasm app", `document.querySelector('[data-wasm="ready"]')`)
	if got := srv.takeWasm(); len(got) != 0 {
		t.Errorf("a reload with nothing deployed downloaded app.wasm again: %v", got)
	}

	srv.deploy(second)
	s.do(30*time.Second, chromedp.Reload())
	s.waitFor("the wasm app", `document.querySelector('[data-wasm="ready"]')`)
	got := srv.takeWasm()
	if len(got) == 0 || got[0] != secondWasm {
		t.Errorf("after the deploy the first reload got app.wasm bodies %v, want the new %d bytes", got, secondWasm)
	}
	if v := eval[string](s, `goappGetenv("GOAPP_VERSION")`); v != secondVersion {
		t.Errorf("after the deploy the page runs build %q, want the new %q (the old was %q)", v, secondVersion, firstVersion)
	}
	if css := eval[string](s, `getComputedStyle(document.documentElement).getPropertyValue('--kw-build').trim()`); css != `"second"` {
		t.Errorf("after the deploy the style sheet is the old one (--kw-build = %q)", css)
	}
	// The new worker takes over and drops the old build's cache.
	s.waitFor("the new build's cache alone", `(window.__kwCaches = caches.keys().then(k => window.__kwKeys = k.join())), window.__kwKeys == 'kafkawire-`+secondVersion+`'`)
}

// Offline after one visit to one page: the site's root and a page never
// visited both work, from the shell the worker kept; with the shell gone,
// the page says that it needs the network.
func TestOfflineAfterFirstVisit(t *testing.T) {
	srv, s := controlledVisit(t)
	srv.srv.Close()

	s.visit(srv.url)
	if n := eval[int](s, `document.querySelectorAll('table.ix tbody tr').length`); n != len(schema.APIs()) {
		t.Errorf("offline, the index lists %d APIs, want %d", n, len(schema.APIs()))
	}
	_, b := codecRegions(t, "Metadata", 12, schema.Request)
	s.visit(srv.url + "Metadata/v12")
	s.waitFor("the Metadata v12 request offline", frameGrid("#request").bytes()+`.length == `+strconv.Itoa(len(b)))
	if got := eval[string](s, `document.getElementById('req-size').textContent`); got != strconv.Itoa(len(b))+" bytes" {
		t.Errorf("offline, Metadata v12's request size says %q, want %d bytes", got, len(b))
	}

	evalAwait[bool](s, `caches.keys().then(ks => Promise.all(ks.map(k => caches.delete(k)))).then(() => true)`)
	s.do(30*time.Second, chromedp.Navigate(srv.url+"Fetch/v4"))
	s.waitFor("the offline message", `document.body && document.body.innerText.includes('offline')`)
	if msg := eval[string](s, `document.body.innerText`); !strings.Contains(msg, "network") {
		t.Errorf("the offline page does not say what needs the network: %q", msg)
	}
}

// keptWasmDate is the Date header of the app.wasm the worker keeps in Cache
// Storage: the time its copy was written, as the server answered it.
const keptWasmDate = `caches.keys().then(ks => Promise.all(ks.map(k => caches.open(k).then(c => c.keys().then(reqs => {
  const r = reqs.find(r => r.url.endsWith('/app.wasm'));
  return r ? c.match(r).then(res => res.headers.get('Date')) : '';
}))))).then(ds => ds.filter(d => d).join())`

// A reload with nothing deployed leaves the worker's copy of each file as
// it is, rather than writing app.wasm's 14 MB into Cache Storage again on
// every load.
func TestWorkerKeepsAnUnchangedFile(t *testing.T) {
	_, s := controlledVisit(t)
	s.waitFor("the worker activated", `navigator.serviceWorker.controller.state == 'activated'`)
	var first string
	for deadline := time.Now().Add(20 * time.Second); first == "" && time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		first = evalAwait[string](s, keptWasmDate)
	}
	if first == "" {
		t.Fatal("the worker kept no app.wasm after the first visit")
	}
	// The server's Date has a resolution of a second: a copy written again
	// by the reload would carry a later one.
	time.Sleep(1100 * time.Millisecond)
	s.do(30*time.Second, chromedp.Reload())
	s.waitFor("the wasm app", `document.querySelector('[data-wasm="ready"]')`)
	if !eval[bool](s, controlled) {
		t.Fatal("the reload was not served by the worker")
	}
	time.Sleep(time.Second) // the worker writes its copy after answering
	if again := evalAwait[string](s, keptWasmDate); again != first {
		t.Errorf("a reload with nothing deployed wrote app.wasm into the worker's cache again: kept %q, then %q", first, again)
	}
}
