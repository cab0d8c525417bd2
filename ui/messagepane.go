package ui

import (
	"strconv"

	"github.com/kafkawire/kafkawire/codec/conversation"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// MessagePane is one message on a page: its title and tools, the byte grid,
// the breadcrumb of the selected field, the layout tree with its in-place
// editor, and the schema.
type MessagePane struct {
	app.Compo

	On       PaneEvents
	Dir      schema.Direction
	API      string
	Version  int16
	Title    string // DescribeProducersRequest v0
	Header   int16  // header version
	Notice   string
	Replaced string // what a reset or an instance replaced (Pane.Replaced)
	Undo     bool   // the frame replaced is a step back: Undo is offered
	Copied   bool
	Minimal  bool // the frame is the minimal instance, byte for byte
	AsGiven  bool // the frame is as a paste, a capture or a link gave it
	// NotGiven says the frame is the minimal response beside a request the
	// user gave: not the broker's answer.
	NotGiven bool
	// NoResponse says why the request beside it, opened from a capture,
	// has no response there ("" when it was not, or the capture does not
	// tell).
	NoResponse string
	// ReadAs, on a response opened from a capture that lacks its request,
	// is the API and version it is read as ("Fetch v18": its connection's
	// requests'); NoRequest, on the minimal request beside it, says the
	// capture has none.
	ReadAs    string
	NoRequest bool
	Folded    bool // the tree starts with only the frame's parts showing (Pane.Folded)

	Bytes   []byte
	Regions []byte
	Gen     int
	Changed []int
	Tree    *layout.Node
	// TopicNames names the topic ids the tree shows (from the session's
	// capture); nil for none.
	TopicNames *conversation.TopicNames

	SelID, HovID   string
	Crumb          string
	SelOff, SelEnd int
	HovOff, HovEnd int
	Cursor         int
	Edit           EditorInfo
	EditErr        string
	Inner          InnerView    // the decompressed buffer shown, if any
	Details        *NodeDetails // the selected node in full, nil when none is selected
}

func (p *MessagePane) Render() app.UI {
	id, heading := "request", "Request"
	hname := "request header v"
	if p.Dir == schema.Response {
		id, heading, hname = "response", "Response", "response header v"
	}
	var notice, note, replaced app.UI
	if p.Notice != "" {
		notice = app.P().Class("notice").Attr("role", "alert").Text(p.Notice)
	}
	switch {
	case p.Replaced != "" && p.Undo:
		replaced = app.P().Class("pane-note replaced").Attr("role", "status").Body(
			app.Text(p.Replaced+" The frame it replaced is a step back in the browser's history: "),
			app.Button().Class("btn").Attr("data-op", "undo").Text("Undo").OnClick(p.onUndo),
		)
	case p.Replaced != "":
		replaced = app.P().Class("pane-note replaced").Attr("role", "status").
			Text(p.Replaced + " The page's frames were too large for its link, so no step back in the history holds the one it replaced.")
	}
	if p.NotGiven {
		what := "Not a broker's answer: this is the minimal response, built from the schema with every field at its zero value. Paste a response to see a real one."
		if p.NoResponse != "" {
			what = "The capture has no response to this request: " + p.NoResponse + ". What is shown below is no broker's answer: it is the page's minimal response, built from the schema."
		}
		note = app.P().Class("pane-note").ID("response-minimal").Text(what)
	}
	switch {
	case p.ReadAs != "":
		note = app.P().Class("pane-note").ID("response-read-as").Text("Its request is not in the capture (it went before the capture began), and a response does not name its API: it is read here as " + p.ReadAs + ", as its connection's requests are. kafkawire decode --guess lists every reading that decodes it.")
	case p.NoRequest:
		note = app.P().Class("pane-note").ID("request-minimal").Text("The capture has no request for the response below: it went before the capture began. What is shown here is the page's minimal request, built from the schema.")
	}
	copyLabel := "Copy hex"
	if p.Copied {
		copyLabel = "Copied ✓"
	}
	crumb := p.Crumb
	if crumb == "" {
		crumb = "hover or click a byte or a node"
	}
	return app.Section().ID(id).Class("pane").Body(
		app.Header().Class("pane-head").Body(
			app.H2().Text(heading),
			app.Span().Class("pane-sub").Body(
				app.Span().Text(p.Title+", "+hname+strconv.Itoa(int(p.Header))+", "),
				app.Span().Class("pane-size").Text(strconv.Itoa(len(p.Bytes))),
				app.Span().Text(" bytes on the wire"),
			),
			app.Div().Class("pane-tools").Body(
				p.stateLabel(),
				app.Button().Class("btn").Attr("data-op", "reset").Text("Reset to minimal").OnClick(p.onReset),
				app.Button().Class("btn").Attr("data-op", "copy").Text(copyLabel).OnClick(p.onCopy),
				&CopyAs{Dir: p.Dir, Bytes: p.Bytes},
			),
		),
		notice,
		replaced,
		note,
		app.Div().Class("pane-body").Body(
			app.Div().Class("pane-grid").Body(
				&ByteGrid{On: p.On, Dir: p.Dir, Bytes: p.Bytes, Regions: p.Regions, Gen: p.Gen, Changed: p.Changed,
					SelOff: p.SelOff, SelEnd: p.SelEnd, HovOff: p.HovOff, HovEnd: p.HovEnd, Cursor: p.Cursor,
					MarkOff: p.Inner.MarkOff, MarkEnd: p.Inner.MarkEnd},
				innerGrid(p.On, p.Dir, p.Inner),
				app.Div().Class("crumb").Attr("aria-live", "polite").Text(crumb),
				&DetailsPanel{Dir: id, Node: p.Details},
			),
			app.Div().Class("pane-tree").Body(
				&LayoutTree{On: p.On, Dir: p.Dir, Tree: p.Tree, SelID: p.SelID, HovID: p.HovID,
					Edit: p.Edit, EditErr: p.EditErr, Folded: p.Folded, TopicNames: p.TopicNames},
			),
		),
		&SchemaTable{API: p.API, Version: p.Version, Dir: p.Dir},
	)
}

// stateLabel says where the pane's frame came from: the minimal instance,
// a frame given (a paste, a capture, a link) and not edited since, or an
// edit.
func (p *MessagePane) stateLabel() app.UI {
	switch {
	case p.Minimal:
		return app.Span().Class("minimal").Title("every field at its zero value, as the page starts").Text("minimal")
	case p.AsGiven:
		return app.Span().Class("minimal given").Title("the frame as the paste, the capture or the link gave it").Text("unedited")
	}
	return app.Span().Class("edited").Title("changed here: it differs from the frame the pane started with").Text("edited")
}

func (p *MessagePane) onReset(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		if p.On != nil {
			p.On.Reset(ctx, p.Dir)
		}
	})
}

// onUndo brings back the frames a reset or an instance replaced, where the
// pane's events can (the page: Page.Undo).
func (p *MessagePane) onUndo(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		if u, ok := p.On.(interface{ Undo(app.Context) }); ok {
			u.Undo(ctx)
		}
	})
}

func (p *MessagePane) onCopy(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		if p.On != nil {
			p.On.CopyHex(ctx, p.Dir)
		}
	})
}
