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
// app.wasm for many reloads after a deploy. This one is network-first: every
// same-origin GET is revalidated with the server (cache: "no-cache", so a
// 304 costs a few hundred bytes), and the Cache Storage copy is used only
// when the network fails, so the site keeps working offline once loaded and
// a deploy reaches a returning visitor on the next load.
const workerJS = `const cacheName = "kafkawire-{{.Version}}";
const resourcesToCache = {{.ResourcesToCache}};

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    try {
      const cache = await caches.open(cacheName);
      await cache.addAll(resourcesToCache);
    } catch (err) {
      console.warn("kafkawire worker: precache incomplete:", err);
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
  try {
    const res = await fetch(req, { cache: "no-cache" });
    if (res.ok && res.status === 200) {
      const key = new URL(req.url);
      key.hash = "";
      cache.put(key.href, res.clone()).catch(() => {});
    }
    return res;
  } catch (err) {
    const key = new URL(req.url);
    key.hash = "";
    const hit = (await cache.match(key.href)) || (await cache.match(key.href + ".html"));
    if (hit) {
      return hit;
    }
    throw err;
  }
}
`
