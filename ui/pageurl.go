package ui

import (
	"net/url"
	"strings"
	"time"

	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// A page's URL is its whole state: the path names the API and version, the
// fragment carries the frames the user edited, pasted or was sent.

// location is the browser's path and fragment, read without net/url: a
// link to a 1 MiB frame has a 1.4 MB fragment, which url.Parse unescapes
// and escapes again (tens of milliseconds in wasm per parse).
func location() (path, frag string) {
	loc := app.Window().Get("location")
	return locationPath(loc), hashFragment(loc.Get("hash"))
}

// locationPath is the unescaped path of loc, a Location.
func locationPath(loc app.Value) string {
	path := loc.Get("pathname").String()
	if strings.Contains(path, "%") {
		if p, err := url.PathUnescape(path); err == nil {
			path = p
		}
	}
	return path
}

// hashFragment is the fragment of a location.hash value, unescaped. Reading
// it copies the string into Go: megabytes for a shared big frame.
func hashFragment(hash app.Value) string {
	frag := strings.TrimPrefix(hash.String(), "#")
	if strings.Contains(frag, "%") {
		if f, err := url.PathUnescape(frag); err == nil {
			frag = f
		}
	}
	return frag
}

// loadLocation loads the page from the browser's URL, and keeps the hash it
// read (see Page.hashSeen). With changed set it loads only when the path or
// the fragment differ from the page's, as the server's OnNav does.
func (c *Page) loadLocation(changed bool) {
	// A link kept in sessionStorage is a help, not the page: whatever goes
	// wrong taking it, the page loads its URL (a panic here, in OnInit,
	// would end the Go program and leave the page dead).
	if err := safely(func() error { takeLink(); return nil }); err != nil {
		app.Log("kafkawire: taking the kept link: " + err.Error())
	}
	loc := app.Window().Get("location")
	h := loc.Get("hash")
	path, frag := locationPath(loc), hashFragment(h)
	if !changed || c.api == nil || sitePath(path) != c.path || frag != c.frag {
		c.loadPF(path, frag)
	}
	c.hashSeen, c.fragSeen = h, frag
}

// atLocation reports whether the page shows the browser's URL as loadLocation
// last read it: same path, and a hash equal to the one read then, compared
// in JavaScript, so a big frame's fragment is not copied into Go again.
func (c *Page) atLocation() bool {
	if c.api == nil || c.hashSeen == nil || c.frag != c.fragSeen {
		return false
	}
	loc := app.Window().Get("location")
	return loc.Get("hash").Equal(c.hashSeen) && sitePath(locationPath(loc)) == c.path
}

// load derives the whole state from a URL: the minimal instances of the
// path's API and version, replaced by the frames the fragment carries.
func (c *Page) load(u *url.URL) {
	if u == nil {
		return
	}
	c.loadPF(u.Path, u.Fragment)
}

func (c *Page) loadPF(path, frag string) {
	c.hashSeen, c.fragSeen = nil, ""
	c.urlSeq++ // a URL write still pending belongs to the page this replaces
	c.leaveLink()
	c.dropLong()
	c.path, c.frag = sitePath(path), frag
	c.api, c.v, c.ok = ParsePagePath(c.path)
	c.req, c.resp = nil, nil
	if !c.ok {
		return
	}
	c.req = NewPane(c.api, c.v, schema.Request)
	c.resp = NewPane(c.api, c.v, schema.Response)
	if c.frag == "" {
		return
	}
	req, resp, err := ParseFragment(c.frag)
	if req != nil {
		restore(c.req, req)
	}
	if resp != nil {
		restore(c.resp, resp)
	}
	// The side the link did not carry is only there to show the API: fold
	// it, so the frame given is in view (and a big one's page mounts the
	// minimal tree's few rows, not its every field).
	c.req.Folded, c.resp.Folded = req == nil && resp != nil, resp == nil && req != nil
	if err != nil {
		c.req.Notice = err.Error()
	}
	// A paste puts its frames into the URL however long they are, and the
	// open page keeps such a URL until a reload drops it: say so now, and
	// leave in the link only what it keeps.
	if app.IsClient && urlBase()+len(c.frag) > MaxURL {
		fit := c.fitLink(editedFrame(c.req), editedFrame(c.resp))
		c.frag = Fragment(fit.Req, fit.Resp)
		c.writeURL()
	}
}

// restore shows frame b (from a link or a paste) in pane p. A frame that does
// not decode keeps its partial tree, says where it stopped, and has its bad
// bytes outlined; it stays in the fragment, so the link still reproduces it.
func restore(p *Pane, b []byte) {
	p.Restore(b)
	p.Edited = true
	if p.Decoded == nil || p.Decoded.Err == nil {
		return
	}
	p.Notice = "This " + p.Dir.String() + " does not decode cleanly: " + p.Decoded.Err.Error() +
		". The tree shows what decoded; the bytes from there on are outlined in red."
	if bad := BadFrom(p.Decoded); bad >= 0 {
		for i := bad; i < len(p.Regions); i++ {
			p.Regions[i] = regionBad
		}
	}
}

// syncURL writes the edited frames into the fragment, never the query: a
// link reproduces the page, and nothing reaches a server. In the browser the
// write waits until the page is idle, after the edit has painted: the base64
// of a 1 MiB frame and history.replaceState of a 1.4 MB URL cost more than the
// rest of the edit, and even a small replaceState costs milliseconds. Only
// the last of several quick edits is written. A frame too long for a link
// (FitLink) is left out of it, never cut, and offered as a file at once.
//
// A long link (bigLink) waits longer: Chromium's replaceState of a 1.4 MB URL
// holds the main thread for 150-450 ms, which, run after every edit, froze
// the tree and the next keystroke. It is written once the edits have paused
// for linkQuiet, or at once when the link may be wanted or the page may go:
// the window loses focus (to the address bar, to copy it), the page is
// hidden, or it unloads (flushLink). Each such write first keeps the link
// in sessionStorage: a reload asked for while Chromium takes the new URL
// may load the old one, and the page loading at the old URL takes the link
// from there (takeLink). Keeping it after every edit instead (a base64
// encode and a 1.4 MB setItem) cost the tree more than a hundred
// milliseconds an edit.
func (c *Page) syncURL() {
	req, resp := editedFrame(c.req), editedFrame(c.resp)
	if !app.IsClient {
		c.frag = Fragment(req, resp)
		return
	}
	c.urlSeq++
	seq := c.urlSeq
	// The frames are never modified in place (an edit builds new ones), so
	// holding them (in fit) until the write is safe. What the link cannot
	// hold is offered at once, with the edit's render; the write waits.
	fit := c.fitLink(req, resp)
	c.pendingLink, c.linkHref = &fit, currentHref()
	write := func() {
		if seq == c.urlSeq {
			c.flushLink()
		}
	}
	if fragmentLen(fit.Req, fit.Resp) < bigLink {
		whenIdle(write)
		return
	}
	watchLink(c)
	app.Window().Call("setTimeout", funcOnce(func() { whenIdle(write) }), linkQuiet.Milliseconds())
}

// bigLink is the fragment length from which the link is written late (a
// frame of about 48 KiB), and linkQuiet how long edits must pause first.
const (
	bigLink   = 64 << 10
	linkQuiet = 2 * time.Second
)

// flushLink writes the link an edit left pending, if any.
func (c *Page) flushLink() {
	fit := c.pendingLink
	if fit == nil {
		return
	}
	c.pendingLink, c.linkHref = nil, nil
	c.frag = Fragment(fit.Req, fit.Resp)
	old := currentHref()
	if len(c.frag) >= bigLink && !c.pushing {
		// A reload asked for while Chromium takes the new URL may still
		// load the old one: it then finds the link here (takeLink). Not
		// when the new URL is a step of its own: the old one is the step
		// before, which keeps its own frames.
		keepLink(old, c.frag)
	}
	c.writeURL()
	followDraft(old)
}

// writeURL replaces the page's URL with its path and c.frag, or makes it
// a new step of the history while pushing (pushLink).
func (c *Page) writeURL() {
	u := app.Window().Get("location").Get("pathname").String()
	if c.frag != "" {
		u += "#" + c.frag
	}
	how := "replaceState"
	if c.pushing {
		how = "pushState"
	}
	app.Window().Get("history").Call(how, nil, "", u)
}

// leaveLink drops the link still to be written, once the browser has left
// the URL it was for (another page, a paste), keeping it for a return to
// that URL (the back button; takeLink).
func (c *Page) leaveLink() {
	if c.pendingLink != nil && c.linkHref != nil {
		keepLink(c.linkHref, Fragment(c.pendingLink.Req, c.pendingLink.Resp))
	}
	c.pendingLink, c.linkHref = nil, nil
}

// OnDismount keeps a link still to be written when the page gives way to
// another kind (the index, the primer).
func (c *Page) OnDismount() {
	if app.IsClient {
		c.urlSeq++
		c.leaveLink()
		if c.popState != nil {
			app.Window().Call("removeEventListener", "popstate", c.popState)
			c.popState.Release()
			c.popState = nil
		}
	}
}

// linkPage is the page whose long link waits (syncURL); the window's
// listeners, added once, write it when it may be wanted or lost.
var (
	linkPage     *Page
	linkWatching bool
)

func watchLink(c *Page) {
	linkPage = c
	if linkWatching {
		return
	}
	linkWatching = true
	w := app.Window()
	flush := app.FuncOf(func(this app.Value, args []app.Value) any {
		if linkPage != nil {
			linkPage.flushLink()
		}
		return nil
	})
	w.Call("addEventListener", "blur", flush)
	w.Get("document").Call("addEventListener", "visibilitychange", app.FuncOf(func(this app.Value, args []app.Value) any {
		if linkPage != nil && w.Get("document").Get("visibilityState").String() == "hidden" {
			linkPage.flushLink()
		}
		return nil
	}))
	w.Call("addEventListener", "pagehide", flush)
}

// funcOnce is f as a JavaScript function that releases itself when called.
func funcOnce(f func()) app.Func {
	var fn app.Func
	fn = app.FuncOf(func(this app.Value, args []app.Value) any {
		fn.Release()
		f()
		return nil
	})
	return fn
}

// fitLink decides what the link can hold of the edited frames req and resp
// (FitLink) and offers each frame it leaves out as a file, shown by the
// page's LinkNotice. In the browser only.
func (c *Page) fitLink(req, resp []byte) LinkFit {
	c.dropLong()
	fit := FitLink(urlBase(), req, resp)
	for _, d := range fit.LeftOut {
		b := req
		if d == schema.Response {
			b = resp
		}
		c.long = append(c.long, LongFrame{Dir: d, Size: len(b), Href: blobURL(b),
			Name: c.api.Name + "-v" + itoa(int(c.v)) + "-" + d.String() + ".bin"})
	}
	return fit
}

// dropLong forgets the frames offered as files, and frees their Blob URLs.
func (c *Page) dropLong() {
	if app.IsClient {
		for _, f := range c.long {
			app.Window().Get("URL").Call("revokeObjectURL", f.Href)
		}
	}
	c.long = nil
}

// urlBase is the length of the page's URL before its fragment: origin, path and '#'.
func urlBase() int {
	loc := app.Window().Get("location")
	return len(loc.Get("origin").String()) + len(loc.Get("pathname").String()) + 1
}

// blobURL makes a Blob URL of b in the browser, for a download link: the bytes never leave it.
func blobURL(b []byte) string {
	w := app.Window()
	arr := w.Get("Uint8Array").New(len(b))
	app.CopyBytesToJS(arr, b)
	blob := w.Get("Blob").New([]any{arr}, map[string]any{"type": "application/octet-stream"})
	return w.Get("URL").Call("createObjectURL", blob).String()
}

// editedFrame is the frame of pane p when the user changed it (an edit, a
// link or a paste), nil when it is the minimal instance the page starts with.
func editedFrame(p *Pane) []byte {
	if p == nil || !p.Edited {
		return nil
	}
	if b := p.Bytes(); b != nil {
		return b
	}
	return []byte{}
}
