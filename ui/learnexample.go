package ui

import (
	"fmt"
	"strconv"

	"github.com/kafkawire/kafkawire/codec/docs"
	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// LearnExample is one live example of the primer: a message the codec builds
// as the page renders, shown read-only in the byte grid and the layout tree
// the API pages use, with the selected field's name and meaning, and a link
// to the full page where it can be edited. It is its own PaneEvents, so
// several on one page select independently.
type LearnExample struct {
	app.Compo

	Key       string // unique on the page: the figure's id
	API       string
	Version   int16
	Response  bool
	Realistic bool              // message.Example, else message.Minimal
	Codec     string            // compress the record batches with this codec ("gzip"), if set
	Strings   map[string]string // top-level string fields of the body to set
	Caption   string

	built string // the props the pane was built from
	pane  *Pane
}

// learnMessage is the message an example shows: the minimal instance or the
// realistic example, with the string fields the example sets and its record
// batches compressed with the codec it names.
func learnMessage(api *schema.API, v int16, dir schema.Direction, e docs.LessonExample) *message.Message {
	m := message.Minimal(api, v, dir)
	if e.Realistic {
		m = message.Example(api, v, dir)
	}
	for name, val := range e.Strings {
		m.Body.Set(name, val)
	}
	if e.Codec != "" {
		for _, c := range records.Codecs() {
			if c.String() == e.Codec {
				compressBatches(m.Body, c)
			}
		}
	}
	return m
}

// compressBatches sets the codec bits of every record batch under v; the
// encoder compresses the records of a batch whose bits say so.
func compressBatches(v any, c records.Codec) {
	for _, set := range message.RecordSets(v) {
		for _, b := range set.Batches {
			b.Attributes = b.Attributes&^7 | int16(c)
		}
	}
}

// newLearnPane builds the pane of an example, guarded like every codec call
// of the UI: a failure shows as the pane's notice, not a dead page.
func newLearnPane(api *schema.API, v int16, dir schema.Direction, e docs.LessonExample) *Pane {
	p := &Pane{Dir: dir, Cursor: -1}
	err := safely(func() error {
		m := learnMessage(api, v, dir, e)
		d, err := frame.Build(m)
		if d == nil {
			return err
		}
		if err != nil {
			p.Notice = err.Error()
		}
		p.Msg = m
		p.setDecoded(d)
		return nil
	})
	if err != nil {
		p.Notice = err.Error()
		p.setDecoded(&frame.Decoded{Bufs: [][]byte{nil}, Tree: &layout.Node{Name: api.Name}})
	}
	return p
}

// spec is the example as the primer's table names it.
func (e *LearnExample) spec() docs.LessonExample {
	return docs.LessonExample{API: e.API, Version: e.Version, Response: e.Response, Realistic: e.Realistic, Codec: e.Codec, Strings: e.Strings}
}

func (e *LearnExample) dir() schema.Direction {
	if e.Response {
		return schema.Response
	}
	return schema.Request
}

// ensure builds the pane when the example's props changed (a new lesson in
// the same component after a navigation).
func (e *LearnExample) ensure() *schema.API {
	api := schema.ByName(e.API)
	key := e.Key + "|" + e.API + "|" + strconv.Itoa(int(e.Version)) + "|" + strconv.FormatBool(e.Response) + "|" + strconv.FormatBool(e.Realistic) + "|" + e.Codec + "|" + fmt.Sprint(e.Strings)
	if api == nil || api.Def(e.dir(), e.Version) == nil {
		e.pane, e.built = nil, key
		return nil
	}
	if e.pane == nil || e.built != key {
		e.pane, e.built = newLearnPane(api, e.Version, e.dir(), e.spec()), key
	}
	return api
}

func (e *LearnExample) Render() app.UI {
	api := e.ensure()
	fig := app.Figure().ID("ex-" + e.Key).Class("learn-ex")
	if api == nil {
		return fig.Body(app.P().Class("notice").Text(e.API + " v" + strconv.Itoa(int(e.Version)) + " is not in the catalogue."))
	}
	p := e.pane
	dir := e.dir()
	kind := "minimal"
	if e.Realistic {
		kind = "example"
	}
	label := kind
	if e.Codec != "" {
		label += ", " + e.Codec
	}
	title := api.Name + " v" + strconv.Itoa(int(e.Version)) + " " + dir.String()
	href := PagePath(api, e.Version)
	if e.Realistic {
		// The full page opens on these very bytes (base64url: safe in a
		// pre-rendered attribute, and built by the codec, not by a user).
		if dir == schema.Request {
			href += "#" + Fragment(p.Bytes(), nil)
		} else {
			href += "#" + Fragment(nil, p.Bytes())
		}
	}
	selOff, selEnd, hovOff, hovEnd := -1, -1, -1, -1
	var selID, hovID, crumb, desc string
	if n := p.Selected; n != nil {
		info := p.Info(n)
		selID, crumb, desc = info.ID, info.Crumb, n.Desc
		if n.Buf == 0 {
			selOff, selEnd = n.Off, n.End
		}
	}
	if n := p.Hovered; n != nil {
		info := p.Info(n)
		hovID, crumb = info.ID, info.Crumb
		if n.Buf == 0 {
			hovOff, hovEnd = n.Off, n.End
		}
	}
	if crumb == "" {
		crumb = "click a byte or a row of the tree"
	}
	var notice app.UI
	if p.Notice != "" {
		notice = app.P().Class("notice").Text(p.Notice)
	}
	return fig.DataSet("api", api.Name).DataSet("version", strconv.Itoa(int(e.Version))).
		DataSet("dir", dir.String()).DataSet("kind", kind).Body(
		app.FigCaption().Body(
			app.Strong().Text(title),
			app.Span().Class("learn-ex-meta").Text(", header v"+strconv.Itoa(int(schema.HeaderVersion(api, e.Version, dir)))+", "+strconv.Itoa(len(p.Bytes()))+" bytes ("+label+"). "),
			app.Text(e.Caption+" "),
			app.A().Class("learn-ex-link").Href(Href(href)).Text("Open "+api.Name+" v"+strconv.Itoa(int(e.Version))+" →"),
		),
		notice,
		app.Div().Class("learn-ex-body").Body(
			app.Div().Class("learn-ex-grid").Body(
				&ByteGrid{On: e, Dir: dir, Bytes: p.Bytes(), Regions: p.Regions, Gen: p.Gen,
					SelOff: selOff, SelEnd: selEnd, HovOff: hovOff, HovEnd: hovEnd, Cursor: p.Cursor},
				app.Div().Class("crumb").Attr("aria-live", "polite").Text(crumb),
				app.If(desc != "", func() app.UI { return app.P().Class("learn-ex-desc").Text(desc) }),
			),
			app.Div().Class("learn-ex-tree").Body(
				&LayoutTree{On: e, Dir: dir, Tree: p.Decoded.Tree, SelID: selID, HovID: hovID},
			),
		),
	)
}

// HoverByte implements PaneEvents.
func (e *LearnExample) HoverByte(ctx app.Context, dir schema.Direction, off int) bool {
	return e.pane != nil && e.pane.HoverAt(off)
}

// SelectByte implements PaneEvents.
func (e *LearnExample) SelectByte(ctx app.Context, dir schema.Direction, off int) bool {
	if e.pane == nil {
		return false
	}
	e.pane.SelectAt(off)
	return true
}

// HoverNode implements PaneEvents.
func (e *LearnExample) HoverNode(ctx app.Context, dir schema.Direction, id string) bool {
	return e.pane != nil && e.pane.HoverID(id)
}

// SelectNode implements PaneEvents.
func (e *LearnExample) SelectNode(ctx app.Context, dir schema.Direction, id string) bool {
	return e.pane != nil && e.pane.SelectID(id)
}

// Edit implements PaneEvents: the primer's examples are read-only (the
// tree offers no editor without an EditorInfo); the full page edits.
func (e *LearnExample) Edit(ctx app.Context, dir schema.Direction, ed message.Edit) {}

// Reset implements PaneEvents; there is nothing to reset.
func (e *LearnExample) Reset(ctx app.Context, dir schema.Direction) {}

// CopyHex implements PaneEvents; the examples have no copy button.
func (e *LearnExample) CopyHex(ctx app.Context, dir schema.Direction) {}
