// Package sitehttp serves a static site directory the way GitHub Pages does: /x is x.html, a directory is its index.html, and anything else is 404.html.
package sitehttp

import (
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// Handler serves dir under the URL path prefix ("/" or "/kafkawire/").
// Every response asks the browser to revalidate (Cache-Control: no-cache), so
// a rebuilt site is seen on the next load.
func Handler(dir, prefix string) http.Handler {
	prefix = "/" + strings.Trim(prefix, "/")
	if prefix != "/" {
		prefix += "/"
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("X-Content-Type-Options", "nosniff")
		p := r.URL.Path
		if p+"/" == prefix {
			http.Redirect(w, r, prefix, http.StatusMovedPermanently)
			return
		}
		if !strings.HasPrefix(p, prefix) {
			notFound(w, r, dir)
			return
		}
		rel := path.Clean("/" + strings.TrimPrefix(p, prefix))
		name := filepath.Join(dir, filepath.FromSlash(rel))
		if st, err := os.Stat(name); err == nil && st.IsDir() {
			name = filepath.Join(name, "index.html")
		} else if err != nil {
			name += ".html"
		}
		if st, err := os.Stat(name); err != nil || st.IsDir() {
			notFound(w, r, dir)
			return
		}
		http.ServeFile(w, r, name)
	})
}

func notFound(w http.ResponseWriter, r *http.Request, dir string) {
	b, err := os.ReadFile(filepath.Join(dir, "404.html"))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(http.StatusNotFound)
	w.Write(b)
}
