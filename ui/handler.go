package ui

import (
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Config says where the site lives.
type Config struct {
	Base    string // URL path prefix: "/" or "/kafkawire/"
	Version string // build id: changes whenever a served file changes
	Domain  string // host name for og:url
}

// NewHandler is the go-app handler of the site; the static generator and the server both use it.
func NewHandler(c Config) *app.Handler {
	h := &app.Handler{
		Name:        "kafkawire",
		ShortName:   "kafkawire",
		Title:       "kafkawire: the Kafka wire format, byte by byte",
		Description: "See and edit every byte of any Kafka request and response, at any version, in your browser.",
		Author:      "kafkawire",
		Lang:        "en",
		Domain:      c.Domain,
		Version:     c.Version,
		Icon: app.Icon{
			Default:  "/web/icon.png",
			Large:    "/web/icon.png",
			Maskable: "/web/icon.png",
			SVG:      "/web/icon.svg",
		},
		BackgroundColor: "#16181d",
		ThemeColor:      "#16181d",
		LoadingLabel:    "loading {progress}%",
		Styles:          []string{"/web/kafkawire.css"},
		// Runs before app.js: a first visit is not an update (see the file).
		Scripts: []string{"/web/firstvisit.js"},
		RawHeaders: []string{
			// Everything comes from this origin; inline event handlers never run, whatever markup gets in.
			`<meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'">`,
			`<meta name="referrer" content="no-referrer">`,
			// Without JavaScript the pre-rendered page is the page: no loader over it.
			`<noscript><style>#app-wasm-loader{display:none}</style></noscript>`,
		},
		ServiceWorkerTemplate: workerJS,
	}
	if base := strings.Trim(c.Base, "/"); base != "" {
		h.Resources = app.PrefixedLocation("/" + base)
	}
	return h
}

// workerJS replaces go-app's cache-first worker, which kept serving an old
// app.wasm for many reloads after a deploy.
//
// Network first: every same-origin GET is revalidated with the server
// (cache: "no-cache": GitHub Pages says max-age=600, and without it a
// returning visitor would run the old build for ten minutes; an unchanged
// file costs a 304), and the copy in Cache Storage is used only when the
// network fails. The worker's answers say Cache-Control: no-cache, because
// the page's memory cache sits before the worker: a script or style sheet
// it holds as fresh for ten minutes is never asked for again, and a reload
// after a deploy ran the new page and app.wasm with the old app.js and CSS.
//
// Offline: the install step keeps the shell (the site's root with its
// trailing slash, app.js, wasm_exec.js, app.wasm, the styles, icons and
// manifest), each file fetched past the HTTP cache so a new build never
// keeps an old file. Every page is the same shell, rendered by the wasm from
// the URL, so a page never visited opens offline from the root's copy; when
// even that is missing, the answer is a short page that says the network is
// needed, not the browser's error.
const workerJS = `const cacheName = "kafkawire-{{.Version}}";
const scope = new URL(self.registration.scope).pathname;
// go-app lists the root without its trailing slash ("/kafkawire"), a
// redirect that is never requested as such: keep the root itself.
const shell = {{.ResourcesToCache}}.map((r) => (r + "/" === scope ? scope : r));

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(cacheName);
    const failed = [];
    await Promise.all(shell.map(async (url) => {
      try {
        const res = await fetch(new Request(url, { cache: "no-cache" }));
        if (!res.ok) {
          throw new Error(res.status);
        }
        await cache.put(url, revalidated(res));
      } catch (err) {
        failed.push(url);
      }
    }));
    if (failed.length) {
      console.warn("kafkawire worker: not kept for offline use:", failed.join(", "));
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) {
      if (key !== cacheName) {
        await caches.delete(key);
      }
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const req = event.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith(networkFirst(req));
});

async function networkFirst(req) {
  const cache = await caches.open(cacheName);
  const key = new URL(req.url);
  key.hash = "";
  try {
    // The copy kept, looked up while the network answers.
    const [net, kept] = await Promise.all([
      fetch(req, { cache: "no-cache" }),
      cache.match(key.href).catch(() => undefined),
    ]);
    const res = revalidated(net);
    if (net.status === 200 && !net.redirected && !sameFile(kept, net)) {
      cache.put(key.href, res.clone()).catch(() => {});
    }
    return res;
  } catch (err) {
    const hit = await cache.match(key.href);
    if (hit) {
      return hit;
    }
    if (req.mode !== "navigate") {
      throw err;
    }
    const root = await cache.match(scope);
    if (root) {
      return root;
    }
    return new Response(offlinePage, { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
  }
}

// sameFile says whether the copy kept is the file the server answered
// with, by the validators it sent with both (a revalidated file comes back
// with the same ones). Without it, every visit wrote app.wasm's 14 MB into
// Cache Storage again as the page started.
function sameFile(kept, net) {
  if (!kept) {
    return false;
  }
  const validators = (r) => [r.headers.get("ETag"), r.headers.get("Last-Modified")];
  const [etag, modified] = validators(net);
  const [keptEtag, keptModified] = validators(kept);
  return (etag !== null || modified !== null) && etag === keptEtag && modified === keptModified;
}

// revalidated is res with Cache-Control: no-cache, so the page asks again
// (through this worker) each time it needs the file.
function revalidated(res) {
  if (res.type !== "basic" || res.status !== 200 || res.redirected) {
    return res;
  }
  const headers = new Headers(res.headers);
  headers.set("Cache-Control", "no-cache");
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

const offlinePage = "<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
  "<title>kafkawire: offline</title>" +
  "<p>kafkawire is offline, and this device has no saved copy of the site to open this page from. " +
  "The first visit needs the network: connect once and load any page, and every page then works offline.";
`
