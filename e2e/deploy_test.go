//go:build e2e

package e2e

import (
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/kafkawire/kafkawire/app/sitehttp"
)

// wasmLog records the app.wasm bodies the server sent (200s, by length).
type wasmLog struct {
	mu   sync.Mutex
	sent []int64
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

func (l *wasmLog) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasSuffix(r.URL.Path, "/app.wasm") {
			h.ServeHTTP(w, r)
			return
		}
		cw := &countingWriter{ResponseWriter: w}
		h.ServeHTTP(cw, r)
		if cw.status == 200 {
			l.mu.Lock()
			l.sent = append(l.sent, cw.n)
			l.mu.Unlock()
		}
	})
}

func (l *wasmLog) take() []int64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.sent
	l.sent = nil
	return s
}

// A deploy reaches a returning visitor on the next load: the service worker
// revalidates app.wasm instead of serving its cached copy.
func TestDeployReachesReturningVisitor(t *testing.T) {
	if setupErr != nil {
		t.Fatal(setupErr)
	}
	dir := filepath.Join(t.TempDir(), "site")
	if err := os.CopyFS(dir, os.DirFS(siteDir)); err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	log := &wasmLog{}
	srv := &http.Server{Handler: log.wrap(sitehttp.Handler(dir, base))}
	go srv.Serve(ln)
	defer srv.Close()
	pageURL := "http://" + ln.Addr().String() + base + "DescribeProducers/v0"

	s := newSession(t, false)
	s.do(30*time.Second, chromedp.Navigate(pageURL))
	s.waitFor("the wasm app", `document.querySelector('[data-wasm="ready"]')`)
	s.waitFor("the service worker", `navigator.serviceWorker.controller != null || (navigator.serviceWorker.ready.then(()=>window.__swReady=true), window.__swReady)`)
	first := log.take()
	t.Logf("first visit: app.wasm sent %d times in full (%v bytes)", len(first), first)
	if len(first) == 0 {
		t.Fatal("the first visit downloaded no app.wasm")
	}

	// Reload once under the worker, then deploy a new app.wasm: the same
	// module with a custom section appended, so it still runs.
	s.do(30*time.Second, chromedp.Reload())
	s.waitFor("the wasm app", `document.querySelector('[data-wasm="ready"]')`)
	if !eval[bool](s, `navigator.serviceWorker.controller != null`) {
		t.Fatal("no service worker controls the page after a reload")
	}
	log.take()
	wasm := filepath.Join(dir, "web", "app.wasm")
	b, err := os.ReadFile(wasm)
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, 0x00, 0x07, 0x02, 'k', 'w', 'n', 'e', 'w', '2')
	if err := os.WriteFile(wasm, b, 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Minute)
	os.Chtimes(wasm, later, later)

	s.do(30*time.Second, chromedp.Reload())
	s.waitFor("the wasm app", `document.querySelector('[data-wasm="ready"]')`)
	got := log.take()
	if len(got) == 0 || got[len(got)-1] != int64(len(b)) {
		t.Fatalf("after the deploy the first reload got app.wasm bodies %v, want the new %d bytes", got, len(b))
	}
	// Offline, the cached copy keeps the page working.
	srv.Close()
	s.do(30*time.Second, chromedp.Reload())
	s.waitFor("the wasm app offline", `document.querySelector('[data-wasm="ready"]') && document.querySelectorAll('#request [data-off]').length == 24`)
}
