// Package ui is the kafkawire visualizer's user interface: go-app components, one per file, and the routes and handler the browser app, the server and the static site share.
package ui

import (
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// pageRoute matches /{ApiName}/v{N}, with a slash after it or not (as a
// hand-typed or shared address may have it).
var pageRoute = regexp.MustCompile(`^/([A-Za-z]+)/v([0-9]{1,3})/?$`)

// Register declares the routes; the wasm entry and the Go handler both call it.
func Register() {
	app.Route("/", func() app.Composer { return &Index{} })
	app.RouteWithRegexp(pageRoute.String(), func() app.Composer { return &Page{} })
	app.RouteWithRegexp(compareRoute.String(), func() app.Composer { return &Compare{} })
	app.RouteWithRegexp(learnRoute.String(), func() app.Composer { return &Learn{} })
	// Last, every other path that names no file (go-app's own not-found
	// page has no way back); /robots.txt and the like stay not found.
	app.RouteWithRegexp(`^/[^.]*$`, func() app.Composer { return &Missing{} })
}

// Paths lists every page of the site: the index, the primer, and per API its compare view and one page per version.
func Paths() []string {
	out := append([]string{"/"}, LearnPaths()...)
	for _, a := range schema.APIs() {
		out = append(out, ComparePath(a))
		for _, v := range a.Versions(schema.Request) {
			out = append(out, PagePath(a, v))
		}
	}
	return out
}

// PagePath is the path of the page of api at version v, without the site's prefix.
func PagePath(a *schema.API, v int16) string {
	return "/" + a.Name + "/v" + strconv.Itoa(int(v))
}

// ParsePagePath reads /{ApiName}/v{N}; ok is false when the API or version does not exist.
func ParsePagePath(p string) (api *schema.API, v int16, ok bool) {
	m := pageRoute.FindStringSubmatch(p)
	if m == nil {
		return nil, 0, false
	}
	api = schema.ByName(m[1])
	n, err := strconv.Atoi(m[2])
	if api == nil || err != nil || api.Def(schema.Request, int16(n)) == nil {
		return api, int16(n), false
	}
	return api, int16(n), true
}

// rootPrefix is the site's path prefix in the browser ("/kafkawire" on a
// project site, "" at a domain's root), read once: go-app's Getenv is a few
// JavaScript calls, and a page makes hundreds of links.
var rootPrefix = sync.OnceValue(func() string {
	return strings.TrimRight(app.Getenv("GOAPP_ROOT_PREFIX"), "/")
})

// Href makes an in-site link. go-app prefixes hrefs in pre-rendered pages but
// not in the wasm render, where a bare "/x" would leave a project site.
func Href(p string) string {
	if app.IsClient {
		return rootPrefix() + p
	}
	return p
}

// sitePath strips the site's prefix from a browser path (on the server it has none).
func sitePath(p string) string {
	if app.IsClient {
		prefix := rootPrefix()
		if prefix != "" && strings.HasPrefix(p, prefix) {
			p = strings.TrimPrefix(p, prefix)
		}
	}
	if p == "" {
		p = "/"
	}
	return p
}
