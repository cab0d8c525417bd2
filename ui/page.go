package ui

import (
	"strconv"
	"strings"

	"github.com/kafkawire/kafkawire/codec/conversation"
	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Page is the page of one API at one version: pickers, summary, legend, and
// the request and the response, each editable live. Its state comes from the
// URL alone (path and fragment), read before the first render in the browser
// as on the server, so the wasm's first render matches the pre-rendered HTML.
// This file renders it; pageurl.go reads and writes its URL, pageevents.go
// takes what the user does in its panes.
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
	urlSeq    int         // bumped per URL write asked for; a pending write that is not the last one is dropped
	long      []LongFrame // edited frames too long for the link, offered as files (pageurl.go)
	// pendingLink is what the link is to carry once written (syncURL), nil once it is.
	pendingLink *LinkFit
	linkHref    app.Value // the URL the page had when pendingLink was set
	// hashSeen is location.hash as loadLocation last read it into frag, and
	// fragSeen the fragment it gave (the browser only): OnNav, which follows
	// every load, then tells in JavaScript that nothing changed.
	hashSeen app.Value
	fragSeen string
	popState app.Func // the listener of Back and Forward (onPopState), while mounted
	pushing  bool     // writeURL makes a new step of the history (pushLink)
	// capture is the session's capture, whose Metadata responses name the
	// topic ids the frames opened from it carry (Fetch from v13); nil
	// without one.
	capture *CaptureList
}

func (c *Page) OnInit() {
	if app.IsClient {
		c.loadLocation(false)
	}
}

func (c *Page) OnPreRender(ctx app.Context) {
	c.load(ctx.Page().URL())
	c.setTitle(ctx)
}

func (c *Page) OnMount(ctx app.Context) {
	c.ready = true
	guard(ctx, func() { c.restoreDraft(ctx) }) // draft.go
	c.capture = sessionCapture(ctx)
	if app.IsClient && c.popState == nil {
		c.popState = app.FuncOf(func(app.Value, []app.Value) any {
			ctx.Dispatch(func(ctx app.Context) { guard(ctx, func() { c.onPopState(ctx) }) })
			return nil
		})
		app.Window().Call("addEventListener", "popstate", c.popState)
	}
}

func (c *Page) OnNav(ctx app.Context) {
	if app.IsClient {
		if !c.atLocation() {
			c.loadLocation(true)
		}
		c.capture = sessionCapture(ctx)
		c.setTitle(ctx)
		return
	}
	u := ctx.Page().URL()
	if c.api == nil || sitePath(u.Path) != c.path || u.Fragment != c.frag {
		c.loadPF(u.Path, u.Fragment)
	}
	c.setTitle(ctx)
}

func (c *Page) setTitle(ctx app.Context) {
	if c.ok {
		ctx.Page().SetTitle(c.api.Name + " v" + strconv.Itoa(int(c.v)) + " · Kafka wire format · kafkawire")
		ctx.Page().SetDescription("%s (API key %d) v%d: %s The request and response byte by byte: layout, sizes, schema, live editing.", c.api.Name, c.api.Key, c.v, metaSummary(c.api.Name))
	} else {
		ctx.Page().SetTitle("Not a Kafka API version · kafkawire")
	}
}

// metaSummary is the API's one-line summary for the page's meta description.
// go-app quotes attribute values with strconv.Quote, not HTML escaping, so a
// double quote would end the attribute: the summary gets none.
func metaSummary(api string) string {
	d := docs.ForAPI(api)
	if d == nil {
		return ""
	}
	return strings.ReplaceAll(d.Summary, `"`, "'")
}

func (c *Page) Render() app.UI {
	root := app.Div().Class("kw")
	if c.ready {
		root = root.DataSet("wasm", "ready")
	}
	if !c.ok {
		return root.Body(
			topBar("", 0),
			app.Main().Class("main").Body(missingBody(c.path)...),
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
			compareLink(c.api, c.v),
			&Summary{API: name, Version: c.v, ReqSize: len(c.req.Bytes()), RespSize: len(c.resp.Bytes())},
			&LinkNotice{Frames: c.long},
			&About{API: name},
			&Changes{API: name, Version: c.v},
			c.instanceSwitch(),
			c.paneUI(c.req), c.jsonBox(c.req),
			c.paneUI(c.resp), c.jsonBox(c.resp),
			&ErrorsList{API: name},
		),
		footer(),
	)
}

func (c *Page) paneUI(p *Pane) app.UI {
	// The names are found when first shown: on a page whose frames can
	// hold a topic id.
	var topics *conversation.TopicNames
	if c.capture != nil && (c.api.HoldsTopicIDs(schema.Request, c.v) || c.api.HoldsTopicIDs(schema.Response, c.v)) {
		topics = c.capture.TopicNames()
	}
	mp := &MessagePane{
		On: c, Dir: p.Dir, API: c.api.Name, Version: c.v,
		Header: schema.HeaderVersion(c.api, c.v, p.Dir),
		Notice: p.Notice, Replaced: p.Replaced, Undo: p.Undo, Copied: c.copied[p.Dir], Minimal: p.IsMinimal(), AsGiven: p.AsGiven, Folded: p.Folded,
		Bytes: p.Bytes(), Regions: p.Regions, Gen: p.Gen, Changed: p.Changed,
		Tree: p.Decoded.Tree, TopicNames: topics,
		SelOff: -1, SelEnd: -1, HovOff: -1, HovEnd: -1, Cursor: p.Cursor,
	}
	mp.Inner = p.Inner()
	// A response the user did not give, beside a request they did, is not
	// the broker's answer: say so, or it reads as one.
	mp.NotGiven = p.Dir == schema.Response && mp.Minimal && !c.req.IsMinimal()
	if mp.NotGiven {
		mp.NoResponse = c.capture.noResponseTo(c.req.Bytes())
	}
	if p.Dir == schema.Response {
		mp.ReadAs = c.capture.readAsOf(c.api, c.v, p.Bytes())
	} else if mp.Minimal {
		mp.NoRequest = c.capture.readAsOf(c.api, c.v, c.resp.Bytes()) != ""
	}
	if def := c.api.Def(p.Dir, c.v); def != nil {
		mp.Title = def.Name + " v" + strconv.Itoa(int(c.v))
	}
	if n := p.Selected; n != nil {
		info := p.Info(n)
		mp.SelID, mp.Crumb = info.ID, info.Crumb
		if n.Buf == 0 {
			mp.SelOff, mp.SelEnd = n.Off, n.End
		}
		mp.Edit = p.Editor(n)
		mp.EditErr = p.EditErr
		buf := p.Bytes()
		if n.Buf > 0 && p.Decoded != nil && n.Buf < len(p.Decoded.Bufs) {
			buf = p.Decoded.Bufs[n.Buf]
		}
		d := Details(n, buf, info.Crumb) // the position as the breadcrumb names it
		if topic := topics.Of(n); topic != "" {
			d.Value += " (topic " + topic + ", as the capture's metadata names it)"
		}
		if n.Buf > 0 {
			d.BufName = p.bufName(n.Buf)
		}
		mp.Details = &d
	}
	if n := p.Hovered; n != nil {
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
	pickers = append(pickers, &APIPicker{API: api, Version: v})
	if api != "" {
		pickers = append(pickers, &VersionPicker{API: api, Version: v})
	}
	header := app.Header().Class("top").Body(
		app.A().Class("brand").Href(Href("/")).Body(
			// Decoration beside the name: no alternative text of its own.
			app.Img().Class("brand-mark").Src("/web/icon.svg").Attr("role", "presentation").Aria("hidden", "true"),
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
