package ui

import (
	"encoding/hex"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Page is the page of one API at one version: pickers, summary, legend, and
// the request and the response, each editable live. Its state comes from the
// URL alone (path and fragment), read before the first render in the browser
// as on the server, so the wasm's first render matches the pre-rendered HTML.
type Page struct {
	app.Compo

	path      string
	frag      string
	api       *schema.API
	v         int16
	ok        bool
	req, resp *Pane
	ready     bool
	copied    [2]bool
	urlSeq    int // bumped per URL write asked for; a pending write that is not the last one is dropped
}

func (c *Page) OnInit() {
	if app.IsClient {
		c.loadPF(location())
	}
}

func (c *Page) OnPreRender(ctx app.Context) {
	c.load(ctx.Page().URL())
	c.setTitle(ctx)
}

func (c *Page) OnMount(ctx app.Context) {
	c.ready = true
}

func (c *Page) OnNav(ctx app.Context) {
	var path, frag string
	if app.IsClient {
		path, frag = location()
	} else {
		u := ctx.Page().URL()
		path, frag = u.Path, u.Fragment
	}
	if c.api == nil || sitePath(path) != c.path || frag != c.frag {
		c.loadPF(path, frag)
	}
	c.setTitle(ctx)
}

// location is the browser's path and fragment, read without net/url: a
// link to a 1 MiB frame has a 1.4 MB fragment, which url.Parse unescapes
// and escapes again (tens of milliseconds in wasm per parse).
func location() (path, frag string) {
	loc := app.Window().Get("location")
	path = loc.Get("pathname").String()
	frag = strings.TrimPrefix(loc.Get("hash").String(), "#")
	if strings.Contains(path, "%") {
		if p, err := url.PathUnescape(path); err == nil {
			path = p
		}
	}
	if strings.Contains(frag, "%") {
		if f, err := url.PathUnescape(frag); err == nil {
			frag = f
		}
	}
	return path, frag
}

func (c *Page) setTitle(ctx app.Context) {
	if c.ok {
		ctx.Page().SetTitle(c.api.Name + " v" + strconv.Itoa(int(c.v)) + " · Kafka wire format · kafkawire")
		ctx.Page().SetDescription("The %s (API key %d) request and response at version %d, byte by byte: layout, sizes, schema, live editing.", c.api.Name, c.api.Key, c.v)
	} else {
		ctx.Page().SetTitle("Not a Kafka API version · kafkawire")
	}
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
	c.urlSeq++ // a URL write still pending belongs to the page this replaces
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
	if err != nil {
		c.req.Notice = err.Error()
	}
}

// restore shows frame b (from a link or a paste) in pane p. A frame that does
// not decode keeps its partial tree, says where it stopped, and has its bad
// bytes outlined; it stays in the fragment, so the link still reproduces it.
func restore(p *Pane, b []byte) {
	p.Restore(b)
	p.Edited = true
	if p.Dec == nil || p.Dec.Err == nil {
		return
	}
	p.Notice = "This " + p.Dir.String() + " does not decode cleanly: " + p.Dec.Err.Error() +
		". The tree shows what decoded; the bytes from there on are outlined in red."
	if bad := BadFrom(p.Dec); bad >= 0 {
		for i := bad; i < len(p.Regions); i++ {
			p.Regions[i] = regionBad
		}
	}
}

// ShowPaste implements PasteShower: the paste box has put frames into this page's fragment.
func (c *Page) ShowPaste(ctx app.Context) {
	c.loadPF(location())
	c.setTitle(ctx)
}

func (c *Page) pane(dir schema.Direction) *Pane {
	if dir == schema.Response {
		return c.resp
	}
	return c.req
}

// HoverByte implements PaneEvents.
func (c *Page) HoverByte(ctx app.Context, dir schema.Direction, off int) bool {
	p := c.pane(dir)
	if p == nil {
		return false
	}
	n := p.At(off)
	if n == p.Hov {
		return false
	}
	p.Hov = n
	return true
}

// SelectByte implements PaneEvents.
func (c *Page) SelectByte(ctx app.Context, dir schema.Direction, off int) bool {
	p := c.pane(dir)
	if p == nil {
		return false
	}
	p.Cur = off
	p.Sel = p.At(off)
	p.Err = ""
	return true
}

// HoverNode implements PaneEvents.
func (c *Page) HoverNode(ctx app.Context, dir schema.Direction, id string) bool {
	p := c.pane(dir)
	if p == nil {
		return false
	}
	n := p.Node(id)
	if n == p.Hov {
		return false
	}
	p.Hov = n
	return true
}

// SelectNode implements PaneEvents.
func (c *Page) SelectNode(ctx app.Context, dir schema.Direction, id string) bool {
	p := c.pane(dir)
	if p == nil {
		return false
	}
	n := p.Node(id)
	if n == nil {
		return false
	}
	p.Sel, p.Err = n, ""
	if n.Buf == 0 {
		p.Cur = n.Off
	}
	return true
}

// Edit implements PaneEvents.
func (c *Page) Edit(ctx app.Context, dir schema.Direction, op, path, text string) {
	p := c.pane(dir)
	if p == nil {
		return
	}
	perfMark("kw-edit-start")
	if p.Edit(op, path, text) {
		c.syncURL()
	}
	perfMark("kw-edit-applied")
	ctx.Defer(func(app.Context) { perfMark("kw-edit-rendered") })
}

// Reset implements PaneEvents.
func (c *Page) Reset(ctx app.Context, dir schema.Direction) {
	if p := c.pane(dir); p != nil {
		p.Reset()
		c.syncURL()
	}
}

// CopyHex implements PaneEvents.
func (c *Page) CopyHex(ctx app.Context, dir schema.Direction) {
	p := c.pane(dir)
	if p == nil || !app.IsClient {
		return
	}
	h := hex.EncodeToString(p.Bytes())
	if cb := app.Window().Get("navigator").Get("clipboard"); cb.Truthy() {
		cb.Call("writeText", h)
	}
	c.copied[dir] = true
	ctx.After(1500*time.Millisecond, func(ctx app.Context) { c.copied[dir] = false })
}

// syncURL writes the edited frames into the fragment, never the query: a
// link reproduces the page, and nothing reaches a server. In the browser the
// write waits until the page is idle, after the edit has painted: the base64
// of a 1 MiB frame and history.replaceState of a 1.4 MB URL cost more than the
// rest of the edit, and even a small replaceState costs milliseconds. Only
// the last of several quick edits is written.
func (c *Page) syncURL() {
	if !app.IsClient {
		c.frag = Fragment(c.req, c.resp)
		return
	}
	c.urlSeq++
	seq := c.urlSeq
	// The frames are never modified in place (an edit builds new ones), so
	// holding them until the write is safe.
	req, resp := *c.req, *c.resp
	whenIdle(func() {
		if seq != c.urlSeq {
			return
		}
		c.frag = Fragment(&req, &resp)
		u := app.Window().Get("location").Get("pathname").String()
		if c.frag != "" {
			u += "#" + c.frag
		}
		app.Window().Get("history").Call("replaceState", nil, "", u)
	})
}

func (c *Page) Render() app.UI {
	root := app.Div().Class("kw")
	if c.ready {
		root = root.DataSet("wasm", "ready")
	}
	if !c.ok {
		return root.Body(
			topBar("", 0),
			app.Main().Class("main").Body(
				app.H1().Text("Not a Kafka API version"),
				app.P().Body(
					app.Text("This page names no API and version the catalogue knows. "),
					app.A().Href(Href("/")).Text("See every API key"),
					app.Text("."),
				),
			),
			footer(),
		)
	}
	name := c.api.Name
	return root.Body(
		topBarWith(c, name, c.v),
		app.Main().Class("main").Body(
			app.Div().Class("title-row").Body(
				app.H1().Body(
					app.Text(name),
					app.Span().Class("h1-sub").Text(" v"+strconv.Itoa(int(c.v))),
				),
				&Legend{},
			),
			&Summary{API: name, Version: c.v, ReqSize: len(c.req.Bytes()), RespSize: len(c.resp.Bytes())},
			c.paneUI(c.req),
			c.paneUI(c.resp),
		),
		footer(),
	)
}

func (c *Page) paneUI(p *Pane) app.UI {
	mp := &MessagePane{
		On: c, Dir: p.Dir, API: c.api.Name, Version: c.v,
		Header: schema.HeaderVersion(c.api, c.v, p.Dir),
		Notice: p.Notice, Copied: c.copied[p.Dir], Edited: p.Edited,
		Bytes: p.Bytes(), Regions: p.Regions, Gen: p.Gen, Changed: p.Changed,
		Tree:   p.Dec.Tree,
		SelOff: -1, SelEnd: -1, HovOff: -1, HovEnd: -1, Cursor: p.Cur,
	}
	mp.Inner = p.Inner()
	if def := c.api.Def(p.Dir, c.v); def != nil {
		mp.Title = def.Name + " v" + strconv.Itoa(int(c.v))
	}
	if n := p.Sel; n != nil {
		info := p.Info(n)
		mp.SelID, mp.Crumb = info.ID, info.Crumb
		if n.Buf == 0 {
			mp.SelOff, mp.SelEnd = n.Off, n.End
		}
		mp.Edit = p.Editor(n)
		mp.EditErr = p.Err
	}
	if n := p.Hov; n != nil {
		info := p.Info(n)
		mp.HovID, mp.Crumb = info.ID, info.Crumb
		if n.Buf == 0 {
			mp.HovOff, mp.HovEnd = n.Off, n.End
		}
	}
	return mp
}

func topBar(api string, v int16) app.UI { return topBarWith(nil, api, v) }

// topBarWith is the top bar and, under it, the paste box, which on is told
// about pasted frames (nil: the box navigates to their page).
func topBarWith(on PasteShower, api string, v int16) app.UI {
	var pickers []app.UI
	pickers = append(pickers, &ApiPicker{API: api, Version: v})
	if api != "" {
		pickers = append(pickers, &VersionPicker{API: api, Version: v})
	}
	header := app.Header().Class("top").Body(
		app.A().Class("brand").Href(Href("/")).Body(
			app.Img().Class("brand-mark").Src("/web/icon.svg").Alt(""),
			app.Text("kafkawire"),
		),
		app.Div().Class("pickers").Body(pickers...),
		app.Button().Class("btn paste-open").Attr("data-op", "paste-open").Text("Paste frame").
			Title("paste hex, a dump or byte literals from a log; or drop a file").
			OnClick(func(ctx app.Context, e app.Event) {
				guard(ctx, func() {
					if ta := app.Window().GetElementByID("paste-text"); ta.Truthy() {
						ta.Call("scrollIntoView", map[string]any{"block": "nearest"})
						ta.Call("focus")
					}
				})
				ctx.PreventUpdate()
			}),
	)
	// The wrapper has no box of its own (display: contents), so the header stays sticky.
	return app.Div().Class("top-wrap").Body(header, &PasteBox{On: on, API: api, Version: v})
}

func footer() app.UI {
	return app.Footer().Class("foot").Body(
		app.Text("Runs entirely in your browser: nothing you edit or paste leaves it. Edits live in the URL fragment (#…), which browsers never send."),
	)
}
