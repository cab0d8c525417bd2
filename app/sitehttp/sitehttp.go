// Package sitehttp serves a static site directory the way GitHub Pages does: /x is x.html, a directory is its index.html, and anything else is 404.html.
package sitehttp

import (
	"fmt"
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
	return handler(dir, prefix, false)
}

// GitHubPages serves dir as Handler does, with the cache headers GitHub Pages
// sends: Cache-Control: max-age=600, so a browser without the service worker
// keeps a file for ten minutes without asking, and an ETag (nginx's: the
// file's modification time and size, in hex) beside Last-Modified, so a
// revalidation of an unchanged file is a 304.
func GitHubPages(dir, prefix string) http.Handler {
	return handler(dir, prefix, true)
}

func handler(dir, prefix string, pages bool) http.Handler {
	prefix = "/" + strings.Trim(prefix, "/")
	if prefix != "/" {
		prefix += "/"
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		if pages {
			w.Header().Set("Cache-Control", "max-age=600")
		} else {
			w.Header().Set("Cache-Control", "no-cache")
		}
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
		st, err := os.Stat(name)
		if err != nil || st.IsDir() {
			notFound(w, r, dir)
			return
		}
		if pages {
			// http.ServeFile answers If-None-Match with a 304 when the ETag matches.
			w.Header().Set("ETag", fmt.Sprintf(`"%x-%x"`, st.ModTime().Unix(), st.Size()))
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
