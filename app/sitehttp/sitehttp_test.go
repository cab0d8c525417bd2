package sitehttp

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestServesLikeGitHubPages(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(body), 0o644)
	}
	write("index.html", "index")
	write("404.html", "not found page")
	write("Api/v1.html", "page v1")
	write("web/app.css", "css")
	h := Handler(dir, "/kafkawire/")
	for _, c := range []struct {
		path   string
		status int
		body   string
	}{
		{"/kafkawire/", 200, "index"},
		{"/kafkawire/Api/v1", 200, "page v1"},
		{"/kafkawire/web/app.css", 200, "css"},
		{"/kafkawire/Api/v2", 404, "not found page"},
		{"/kafkawire/../etc/passwd", 404, "not found page"},
		{"/elsewhere", 404, "not found page"},
		{"/kafkawire", 301, ""},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, c.path, nil))
		if rec.Code != c.status || !strings.Contains(rec.Body.String(), c.body) {
			t.Errorf("GET %s: %d %q, want %d %q", c.path, rec.Code, rec.Body.String(), c.status, c.body)
		}
		if c.status == 200 && rec.Header().Get("Cache-Control") != "no-cache" {
			t.Errorf("GET %s: Cache-Control %q", c.path, rec.Header().Get("Cache-Control"))
		}
	}
}

// GitHubPages mode: ten minutes of caching, and revalidation by ETag or date
// answered with a 304 until the file changes.
func TestGitHubPagesCacheHeaders(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "index.html")
	os.WriteFile(name, []byte("first build"), 0o644)
	h := GitHubPages(dir, "/kafkawire/")
	get := func(hdr map[string]string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(http.MethodGet, "/kafkawire/", nil)
		for k, v := range hdr {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	first := get(nil)
	etag, lm := first.Header().Get("ETag"), first.Header().Get("Last-Modified")
	if first.Code != 200 || first.Header().Get("Cache-Control") != "max-age=600" || etag == "" || lm == "" {
		t.Fatalf("first GET: %d, Cache-Control %q, ETag %q, Last-Modified %q", first.Code, first.Header().Get("Cache-Control"), etag, lm)
	}
	if rec := get(map[string]string{"If-None-Match": etag}); rec.Code != http.StatusNotModified {
		t.Errorf("If-None-Match with the same ETag: %d, want 304", rec.Code)
	}
	if rec := get(map[string]string{"If-Modified-Since": lm}); rec.Code != http.StatusNotModified {
		t.Errorf("If-Modified-Since the same date: %d, want 304", rec.Code)
	}
	os.WriteFile(name, []byte("second build, longer"), 0o644)
	later := time.Now().Add(time.Hour)
	os.Chtimes(name, later, later)
	rec := get(map[string]string{"If-None-Match": etag})
	if rec.Code != 200 || rec.Body.String() != "second build, longer" || rec.Header().Get("ETag") == etag {
		t.Errorf("after a change, If-None-Match with the old ETag: %d %q (ETag %q)", rec.Code, rec.Body.String(), rec.Header().Get("ETag"))
	}
}
