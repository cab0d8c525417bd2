package sitehttp

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
