package ui

import (
	"strconv"
	"strings"
	"time"

	"github.com/kafkawire/kafkawire/codec/hexin"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/source"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// pasteState names the browser's one paste in go-app's state store, where it
// is kept while the user moves from page to page: a new page builds a new
// PasteBox, and the store belongs to the running app, not to a component.
const pasteState = "kw-paste"

// pasteRef carries the paste through the state store. go-app copies what is
// stored into the receiver (a *Paste would be copied as a Paste); a struct
// holding the pointer keeps every PasteBox of the app on the same Paste.
type pasteRef struct{ p *Paste }

// PasteShower shows the frames a paste put into the URL fragment of the
// current page. The Page implements it; without one, the box navigates.
type PasteShower interface {
	ShowPaste(ctx app.Context)
}

// PasteBox reads a frame pasted from a log, in whatever form it was dumped,
// or dropped as a file, and shows it on the page of its API and version. It
// sits under the top bar on every page: a one-line field that grows when
// used, with what was read beside it.
type PasteBox struct {
	app.Compo

	On      PasteShower
	API     string // the page's API and version, offered first for a response
	Version int16

	p       *Paste
	focused bool
	drag    bool
	pickAPI string
	pickV   int16
	dropErr string
	// reading says how far a long paste read off the UI goroutine has
	// come ("" when none is); reads counts the reads started, so that only
	// the latest one's result is taken.
	reading string
	reads   int
	// partial says the field holds the first lines of a long paste, read
	// only, and not the whole (see setText).
	partial bool
	lines   int // the lines of a long paste, counted once
	// ctx is the box's own context, from its mount: work that outlives
	// the element an event came from (a button that goes away when
	// clicked) is dispatched on it.
	ctx app.Context
}

func (b *PasteBox) OnInit() {
	if b.p == nil {
		b.p = &Paste{}
	}
}

// stateStore is the part of app.Context that keeps the paste session.
type stateStore interface {
	GetState(state string, recv any)
	SetState(state string, v any) app.State
}

// joinSession makes the box show the app's paste: the first box of the app
// starts it, a later one (on another page) takes it over.
func (b *PasteBox) joinSession(s stateStore) {
	var ref pasteRef
	s.GetState(pasteState, &ref)
	if ref.p == nil {
		s.SetState(pasteState, pasteRef{b.p})
	} else {
		b.p = ref.p
	}
}

// sessionCapture is the session's capture list; nil when it holds none.
func sessionCapture(s stateStore) *CaptureList {
	var ref pasteRef
	s.GetState(pasteState, &ref)
	if ref.p == nil {
		return nil
	}
	return ref.p.Capture
}

func (b *PasteBox) OnMount(ctx app.Context) {
	b.ctx = ctx
	b.joinSession(ctx)
	b.followCapture(ctx)
	// A new page starts with an empty field: give it the session's text back.
	if !b.p.Empty() {
		b.setText(b.p.Text)
	}
}

func (b *PasteBox) textarea() app.Value {
	if !b.Mounted() {
		return app.Null()
	}
	return b.JSValue().Call("querySelector", "textarea")
}

// setText puts the paste's text s in the field, or for a text of
// wholeMax characters or more its first shownLines lines, read only: to
// lay out the 4.6 MB dump of a 1 MiB frame, Chromium's textarea takes
// 1.5-2 s, at the paste and again on every page the session's text is
// given back to. The whole text is kept and read all the same, and the
// box offers to put it in the field to edit it.
func (b *PasteBox) setText(s string) {
	b.partial = len(s) >= wholeMax
	if b.partial {
		b.lines = strings.Count(strings.TrimSuffix(s, "\n"), "\n") + 1
		s = firstLines(s, shownLines)
	}
	if ta := b.textarea(); ta.Truthy() {
		ta.Set("value", s)
		ta.Set("readOnly", b.partial)
	}
}

const (
	wholeMax   = 1 << 20
	shownLines = 200
)

// firstLines is the first n lines of s.
func firstLines(s string, n int) string {
	end := 0
	for i := 0; i < n && end < len(s); i++ {
		nl := strings.IndexByte(s[end:], '\n')
		if nl < 0 {
			return s
		}
		end += nl + 1
	}
	return s[:end]
}

// onPaste takes a long paste that replaces the whole field itself, so
// that the field shows only its first lines (setText); a shorter one, or
// one into part of the field, the browser pastes as usual (onInput).
func (b *PasteBox) onPaste(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		ta := ctx.JSSrc()
		n := ta.Get("textLength").Int()
		whole := b.partial || n == 0 || ta.Get("selectionStart").Int() == 0 && ta.Get("selectionEnd").Int() == n
		data := e.Get("clipboardData")
		if !whole || !data.Truthy() {
			ctx.PreventUpdate()
			return
		}
		// Measured in the browser first, as fieldText does: a paste past
		// MaxPasteText is not copied into the wasm.
		js := data.Call("getData", "text/plain")
		size := app.Window().Get("Object").Invoke(js).Get("length").Int()
		if size < wholeMax && !b.partial {
			ctx.PreventUpdate()
			return
		}
		e.PreventDefault()
		var err *hexin.Error
		text := ""
		if size > MaxPasteText {
			err = TooLong(size)
		} else {
			text = js.String()
		}
		ok := b.take(text, err)
		b.setText(text)
		if ok {
			b.read(ctx, true)
		}
	})
}

// onEditWhole puts the whole of a long paste in the field, to edit it.
func (b *PasteBox) onEditWhole(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		b.partial = false
		if ta := b.textarea(); ta.Truthy() {
			ta.Set("readOnly", false)
			ta.Set("value", b.p.Text)
			ta.Call("focus")
		}
	})
}

// field is the paste field, read only while it holds part of a long paste.
// (Only then: go-app writes ReadOnly(false) into the pre-rendered page as
// readonly="false", which a browser reads as read only.)
func (b *PasteBox) field() app.HTMLTextarea {
	ta := app.Textarea().ID("paste-text").Class("paste-text")
	if b.partial {
		ta = ta.ReadOnly(true)
	}
	return ta
}

func (b *PasteBox) expanded() bool { return b.focused || !b.p.Empty() || b.p.Err != nil }

func (b *PasteBox) Render() app.UI {
	cls := "paste"
	if b.expanded() {
		cls += " open"
	}
	if b.drag {
		cls += " drag"
	}
	rows := 1
	if b.expanded() {
		rows = 7
	}
	if b.p.Capture != nil {
		// The conversation list takes the whole width; the field is free for a paste.
		cls += " capture"
		rows = 2
	}
	main := app.Div().Class("paste-main").Body(
		app.Div().Class("paste-row").Body(
			app.Label().For("paste-text").Class("paste-label").Body(
				app.Span().Class("paste-title").Text("Paste a frame"),
				app.Span().Class("paste-kinds").Text("hex · hexdump -C · xxd · od · Wireshark, its Follow TCP Stream · tcpdump -X · librdkafka, kafkajs logs · Go, Java, C, Python, Node, Rust, Erlang bytes · base64 — or drop a .bin or .txt file, or a .pcap/.pcapng capture (also .gz, .zst, .lz4; over TLS, with its key log)"),
			),
			b.filePicker(),
		),
		b.field().Rows(rows).
			Attr("spellcheck", "false").Attr("autocomplete", "off").Attr("autocorrect", "off").Attr("autocapitalize", "off").
			Placeholder("00000000  00 00 00 2a 00 03 00 0c …").
			OnInput(b.onInput).
			OnPaste(b.onPaste).
			OnChange(b.onChange).
			OnFocus(b.onFocus).
			OnBlur(b.onBlur).
			OnKeyDown(b.onKey).
			OnDragOver(b.onDragOver).
			OnDragLeave(b.onDragLeave).
			OnDrop(b.onDrop),
	)
	var info app.UI
	if b.expanded() {
		info = b.renderInfo()
	}
	return app.Section().ID("paste").Class(cls).Aria("label", "paste a frame").Body(main, info)
}

func (b *PasteBox) renderInfo() app.UI {
	p := b.p
	if p.Capture != nil && b.dropErr == "" {
		return b.captureInfo()
	}
	var parts []app.UI
	head := []app.UI{}
	switch {
	case b.dropErr != "":
		head = append(head, app.Span().Class("paste-err").Attr("role", "alert").Text(b.dropErr))
	case p.Err != nil && p.Err.Line == 0:
		head = append(head, app.Span().Class("paste-err").Attr("role", "alert").Text(p.Err.Msg))
	case p.Err != nil:
		head = append(head, app.Span().Class("paste-err").Attr("role", "alert").Body(
			app.Span().Class("paste-pos").Text("line "+strconv.Itoa(p.Err.Line)+", column "+strconv.Itoa(p.Err.Column)),
			app.Text(": "+p.Err.Msg),
		))
		if p.Err.Format != "" {
			head = append(head, app.Span().Class("paste-dim").Text("(read furthest as "+string(p.Err.Format)+")"))
		}
	case b.reading != "":
		head = append(head, app.Span().ID("paste-reading").Class("paste-dim").Attr("role", "status").Text(b.reading))
	case p.Empty():
		head = append(head, app.Span().Class("paste-dim").Text("Nothing pasted yet. The bytes stay in this browser."))
	default:
		head = append(head, app.Span().Class("paste-read").Body(
			app.Span().Class("paste-dim").Text("read as "),
			app.Span().ID("paste-status").Class("paste-fmt").Text(p.Status()),
		))
		if p.LeftOut != "" {
			head = append(head, app.Span().ID("paste-leftout").Class("paste-ferr").Text(p.LeftOut))
		}
	}
	if p.Raw == nil && len(p.Alternatives) > 1 || p.Forced != "" {
		head = append(head, b.formatSwitch())
	}
	if b.partial {
		head = append(head, app.Span().ID("paste-partial").Class("paste-dim").Text(
			"the field shows the first "+strconv.Itoa(shownLines)+" of "+groupDigits(b.lines)+" lines; all were read"),
			app.Button().Class("btn small").Attr("data-op", "paste-edit-whole").Text("Edit the whole text").OnClick(b.onEditWhole))
	}
	if !p.Empty() {
		head = append(head, app.Button().Class("btn small").Attr("data-op", "paste-clear").Text("Clear").OnClick(b.onClear))
	}
	parts = append(parts, app.Div().Class("paste-head").Body(head...), b.keyLogLine())
	if p.Err == nil && b.dropErr == "" && len(p.Frames) > 0 {
		if len(p.Frames) > 1 {
			parts = append(parts, b.frameList())
		}
		parts = append(parts, b.current())
	}
	return app.Div().Class("paste-info").Aria("live", "polite").Body(parts...)
}

func (b *PasteBox) formatSwitch() app.UI {
	p := b.p
	opts := []app.UI{}
	for i, f := range p.Alternatives {
		label := string(f)
		if i == 0 {
			label += " (detected)"
		}
		o := app.Option().Value(string(f)).Text(label)
		if f == p.Format && p.Err == nil || f == p.Forced && p.Err != nil {
			o = o.Selected(true)
		}
		opts = append(opts, o)
	}
	if len(p.Alternatives) == 0 && p.Forced != "" {
		opts = append(opts, app.Option().Value(string(p.Forced)).Text(string(p.Forced)).Selected(true))
	}
	opts = append(opts, app.Option().Value("").Text("detect again"))
	return app.Label().Class("paste-switch").Body(
		app.Span().Class("paste-dim").Text("read it as"),
		app.Select().ID("paste-format").Class("sel").Aria("label", "read the text as").OnChange(b.onFormat).Body(opts...),
	)
}

// ListRows is how many frames the frame list shows, around the current
// one. The list has room for a few on screen, and rendering every frame of
// a paste of thousands (issue 11's 10,000 broken pieces) through go-app
// kept the page busy for tens of seconds; the frames before and after the
// rows shown are summed up in one row each, which steps to them.
const ListRows = 60

// listWindow is the frames [from, to) the list shows of n, the current one among them.
func listWindow(n, cur int) (from, to int) {
	from = max(0, min(cur-ListRows/2, n-ListRows))
	return from, min(n, from+ListRows)
}

func (b *PasteBox) frameList() app.UI {
	p := b.p
	from, to := listWindow(len(p.Frames), p.Cur)
	items := make([]app.UI, 0, to-from+2)
	if from > 0 {
		items = append(items, b.moreRow("before", 0, from, from-1))
	}
	for i := from; i < to; i++ {
		f := p.Frames[i]
		cls := "pf"
		if i == p.Cur {
			cls += " cur"
		}
		if f.Err != "" {
			cls += " bad"
		}
		if f.API == nil {
			cls += " unknown"
		}
		extra := strconv.Itoa(len(f.Bytes)) + " B"
		if f.Dir == schema.Response && f.Paired >= 0 {
			extra = "answers #" + strconv.Itoa(f.Paired+1) + " · " + extra
		}
		if f.Err != "" {
			extra += " · error"
		}
		if f.Note != "" {
			cls += " noted"
			extra += " · " + noteShort(f.Note)
		}
		items = append(items, app.Li().Body(
			app.Button().Class(cls).Attr("data-frame", strconv.Itoa(i)).Attr("data-goto", i).
				OnClick(b.onGoTo).Body(
				app.Span().Class("pf-n").Text("#"+strconv.Itoa(i+1)),
				app.Span().Class("pf-d pf-"+f.Dir.String()).Text(f.listed()),
				app.Span().Class("pf-x").Text(extra),
			),
		))
	}
	if to < len(p.Frames) {
		items = append(items, b.moreRow("after", to, len(p.Frames), to))
	}
	step := []app.UI{
		app.Button().Class("btn small").Attr("data-op", "paste-prev").Text("‹").Aria("label", "previous frame").
			Disabled(p.Cur == 0).OnClick(func(ctx app.Context, e app.Event) { guard(ctx, func() { b.step(ctx, p.Cur-1) }) }),
		app.Span().ID("paste-pos").Text("frame " + strconv.Itoa(p.Cur+1) + " of " + strconv.Itoa(len(p.Frames))),
		app.Button().Class("btn small").Attr("data-op", "paste-next").Text("›").Aria("label", "next frame").
			Disabled(p.Cur >= len(p.Frames)-1).OnClick(func(ctx app.Context, e app.Event) { guard(ctx, func() { b.step(ctx, p.Cur+1) }) }),
		app.Span().Class("paste-dim").Text("a stream: split by size prefixes, responses paired by correlation id"),
	}
	if len(p.Frames) > ListRows {
		// What the whole stream holds, since the list shows only some of it.
		step = append(step, app.Span().ID("paste-kinds").Class("paste-dim").Text(p.Kinds(0, len(p.Frames))))
	}
	return app.Div().Class("paste-frames").Body(
		app.Div().Class("paste-step").Body(step...),
		app.Ol().Class("pf-list").Body(items...),
	)
}

// moreRow sums up frames [from, to), which the list does not show, in one
// row that steps to frame goTo.
func (b *PasteBox) moreRow(where string, from, to, goTo int) app.UI {
	what := "#" + groupDigits(from+1) + "–#" + groupDigits(to) + ", not listed: " + b.p.Kinds(from, to)
	return app.Li().Body(
		app.Button().Class("pf pf-more").Attr("data-more", where).Attr("data-goto", goTo).Title("go to frame #" + strconv.Itoa(goTo+1)).
			OnClick(b.onGoTo).Body(
			app.Span().Class("pf-d").Text(what),
		),
	)
}

// onGoTo steps to the frame its row names (data-goto). The frame is read
// from the row, not caught by a closure: go-app keeps the handler a row
// was first mounted with, and as the list's window slides, a row's place
// shows another frame.
func (b *PasteBox) onGoTo(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		if i, err := strconv.Atoi(ctx.JSSrc().Get("dataset").Get("goto").String()); err == nil {
			b.step(ctx, i)
		}
	})
}

// current describes the frame in view: what it is, whether it decoded, and
// for a response of unknown API the picker and the guesses.
func (b *PasteBox) current() app.UI {
	p := b.p
	f := p.Frames[p.Cur]
	var parts []app.UI
	line := []app.UI{app.Span().Class("pf-d pf-" + f.Dir.String()).Text(f.Describe())}
	facts := []string{}
	if f.Corr != 0 || f.API != nil {
		facts = append(facts, "correlation id "+strconv.Itoa(int(f.Corr)))
	}
	if f.Dir == schema.Response && f.Paired >= 0 {
		facts = append(facts, "answers frame #"+strconv.Itoa(f.Paired+1))
	} else if f.Dir == schema.Request && f.Paired >= 0 {
		facts = append(facts, "answered by frame #"+strconv.Itoa(f.Paired+1))
	}
	if f.Added {
		facts = append(facts, "no size prefix in the input: kafkawire added one")
	}
	if len(facts) > 0 {
		line = append(line, app.Span().Class("paste-dim").Text(" · "+strings.Join(facts, " · ")))
	}
	parts = append(parts, app.Div().ID("paste-frame").Class("paste-line").Body(line...))
	if f.Err != "" {
		parts = append(parts, app.Div().Class("paste-ferr").Attr("role", "status").Text("does not decode cleanly: "+f.Err))
	}
	if f.Note != "" {
		parts = append(parts, app.Div().ID("paste-note").Class("paste-ferr").Attr("role", "status").Text(f.Note))
	}
	if f.API != nil && b.shown() {
		where := "request"
		if f.Dir == schema.Response {
			where = "response"
		}
		parts = append(parts, app.Div().Class("paste-line").Body(
			app.Span().ID("paste-shown").Class("paste-ok").Text("✓ shown below in the "+where+" pane"),
			app.Span().Class("paste-dim").Text("· edit it there, copy it back with Copy as; the link reproduces it"),
		))
	} else if f.API != nil {
		parts = append(parts, app.Div().Class("paste-line").Body(
			app.Button().Class("btn primary").Attr("data-op", "paste-show").Text("Show "+f.API.Name+" v"+strconv.Itoa(int(f.Version))+" below").
				OnClick(func(ctx app.Context, e app.Event) { guard(ctx, func() { b.show(ctx) }) }),
			app.Span().Class("paste-dim").Text("⌘/Ctrl+Enter · the frame goes into the URL fragment, which stays in this browser"),
		))
	}
	if f.Dir == schema.Response && f.Paired < 0 || f.API == nil {
		parts = append(parts, b.responsePicker(f))
	}
	parts = append(parts, b.dirSwitch())
	return app.Div().Class("paste-cur").Body(parts...)
}

func (b *PasteBox) dirSwitch() app.UI {
	p := b.p
	opt := func(v, label string) app.UI {
		o := app.Option().Value(v).Text(label)
		if p.Dir == v {
			o = o.Selected(true)
		}
		return o
	}
	return app.Label().Class("paste-switch").Body(
		app.Span().Class("paste-dim").Text("read the bytes as"),
		app.Select().ID("paste-dir").Class("sel").OnChange(b.onDir).Body(
			opt("", "detect (request by its header)"),
			opt("request", "one request"),
			opt("response", "one response"),
		),
	)
}

// responsePicker chooses the API and version of a response: by hand, or from the guesses.
func (b *PasteBox) responsePicker(f PastedFrame) app.UI {
	p := b.p
	api := b.pickedAPI(f)
	v := b.pickedVersion(api, f)
	apis := make([]app.UI, 0, len(schema.APIs()))
	for _, a := range schema.APIs() {
		o := app.Option().Value(a.Name).Text(a.Name + " (" + strconv.Itoa(int(a.Key)) + ")")
		if a == api {
			o = o.Selected(true)
		}
		apis = append(apis, o)
	}
	var vers []app.UI
	for _, x := range api.Versions(schema.Response) {
		o := app.Option().Value(strconv.Itoa(int(x))).Text("v" + strconv.Itoa(int(x)))
		if x == v {
			o = o.Selected(true)
		}
		vers = append(vers, o)
	}
	why := "A response does not name its API: pick it, or let kafkawire guess."
	if f.API != nil {
		why = "Another API or version:"
	}
	parts := []app.UI{
		app.Div().Class("paste-line").Body(
			app.Span().Class("paste-dim").Text(why),
		),
		app.Div().Class("paste-line paste-pick").Body(
			app.Select().ID("paste-api").Class("sel").Aria("label", "API of the response").OnChange(b.onPickAPI).Body(apis...),
			app.Select().ID("paste-ver").Class("sel").Aria("label", "version").OnChange(b.onPickV).Body(vers...),
			app.Button().Class("btn").Attr("data-op", "paste-decode").Text("Decode as this response").Disabled(!b.settled()).OnClick(b.onDecodeAs),
			app.Button().Class("btn").Attr("data-op", "paste-guess").Text("Guess").Disabled(!b.settled()).OnClick(b.onGuess),
		),
	}
	if p.Guessed {
		if p.GuessStopped != "" {
			// Guess gave up (and answers nothing then): "none fits" would
			// claim more than was tried.
			parts = append(parts, app.Div().ID("paste-guess-stopped").Class("paste-ferr").Attr("role", "status").Text(p.GuessStopped))
		} else if len(p.Guesses) == 0 {
			parts = append(parts, app.Div().Class("paste-ferr").Text("No API and version decodes these bytes as a whole response."))
		} else {
			const show = 12
			items := []app.UI{}
			for i, c := range p.Guesses {
				if i == show {
					break
				}
				label := c.String()
				title := strconv.Itoa(c.Fields) + " fields"
				if c.Doubt > 0 {
					title += ", " + strconv.Itoa(c.Doubt) + " doubtful values"
				}
				items = append(items, app.Li().Body(
					app.Button().Class("btn guess").Attr("data-guess", c.API.Name+" v"+strconv.Itoa(int(c.Version))).
						Attr("data-guess-at", i).Title(title).Disabled(!b.settled()).OnClick(b.onPickGuess).Body(
						app.Text(label),
						app.If(c.Doubt > 0, func() app.UI { return app.Span().Class("doubt").Text(" ?" + strconv.Itoa(c.Doubt)) }),
					),
				))
			}
			more := ""
			if len(p.Guesses) > show {
				more = " (best " + strconv.Itoa(show) + " shown)"
			}
			parts = append(parts,
				app.Div().Class("paste-dim").Text(strconv.Itoa(len(p.Guesses))+" (API, version) pairs decode it whole and cleanly, most plausible first"+more+":"),
				app.Ul().ID("paste-guesses").Class("guesses").Body(items...),
			)
		}
	}
	return app.Div().Class("paste-resp").Body(parts...)
}

func (b *PasteBox) pickedAPI(f PastedFrame) *schema.API {
	for _, name := range []string{b.pickAPI, apiName(f.API), b.API} {
		if a := schema.ByName(name); a != nil {
			return a
		}
	}
	return schema.APIs()[0]
}

func apiName(a *schema.API) string {
	if a == nil {
		return ""
	}
	return a.Name
}

func (b *PasteBox) pickedVersion(a *schema.API, f PastedFrame) int16 {
	switch {
	case b.pickAPI == a.Name && a.Def(schema.Response, b.pickV) != nil:
		return b.pickV
	case f.API == a:
		return f.Version
	case b.API == a.Name && a.Def(schema.Response, b.Version) != nil:
		return b.Version
	}
	return a.VersionRange(schema.Response).Hi
}

// asyncRead is the length of text from which the page reads a paste off
// the UI goroutine, painting its progress: the 10,000-piece paste of issue
// 11 (240,000 characters) took seconds, with the page frozen meanwhile.
const asyncRead = 32 << 10

// read re-reads the text and, when the paste says what it is, shows it.
func (b *PasteBox) read(ctx app.Context, show bool) {
	b.dropErr = ""
	b.p.Guessed, b.p.Guesses = false, nil
	b.reads++
	if !app.IsClient || len(b.p.Text) < asyncRead && len(b.p.Raw) < asyncRead {
		b.reading = ""
		b.p.Read()
		if show {
			b.show(ctx)
		}
		return
	}
	b.p.Capture.Stop()
	b.p.Capture = nil
	q := &Paste{Text: b.p.Text, File: b.p.File, Raw: b.p.Raw, Forced: b.p.Forced, Dir: b.p.Dir, Hints: b.p.Hints, Cur: b.p.Cur, Keys: b.p.Keys}
	b.reading = "reading " + groupDigits(len(q.Text)) + " characters …"
	if q.Raw != nil {
		b.reading = "reading " + groupDigits(len(q.Raw)) + " bytes …"
	}
	seq := b.reads
	ctx.Async(func() {
		// Sleeping hands the browser back its event loop: it paints, then
		// the read goes on.
		time.Sleep(time.Millisecond)
		last := time.Now()
		q.each = func(done, total int) {
			if time.Since(last) < 50*time.Millisecond {
				return
			}
			ctx.Dispatch(func(ctx app.Context) {
				if b.reads == seq {
					b.reading = "decoding frame " + groupDigits(done) + " of " + groupDigits(total) + " …"
				}
			})
			time.Sleep(time.Millisecond)
			last = time.Now()
		}
		q.Read()
		q.each = nil
		ctx.Dispatch(func(ctx app.Context) {
			guard(ctx, func() {
				if b.reads != seq {
					return // a later read took over
				}
				b.reading = ""
				*b.p = *q
				if show {
					b.show(ctx)
				}
			})
		})
	})
}

// shown reports whether the page shows the current frame as pasted.
func (b *PasteBox) shown() bool {
	path, frag, ok := b.p.Target(b.p.Cur)
	if !ok || !app.IsClient {
		return false
	}
	loc := app.Window().Get("location")
	return sitePath(loc.Get("pathname").String()) == path && strings.TrimPrefix(loc.Get("hash").String(), "#") == frag
}

// show puts the current frame (and the one it is paired with) on its page.
func (b *PasteBox) show(ctx app.Context) {
	path, frag, ok := b.p.Target(b.p.Cur)
	if !ok || !app.IsClient {
		return
	}
	full := Href(path) + "#" + frag
	loc := app.Window().Get("location")
	if sitePath(loc.Get("pathname").String()) == path && b.On != nil {
		if strings.TrimPrefix(loc.Get("hash").String(), "#") != frag {
			app.Window().Get("history").Call("pushState", nil, "", full)
		}
		b.On.ShowPaste(ctx)
		return
	}
	ctx.Navigate(full)
}

func (b *PasteBox) step(ctx app.Context, i int) {
	if i < 0 || i >= len(b.p.Frames) {
		return
	}
	b.p.Cur = i
	b.p.Guessed, b.p.Guesses = false, nil
	b.pickAPI = ""
	b.show(ctx)
}

// fieldText is the paste field's text, or "" and the error to show when it
// is past MaxPasteText: it is measured in the browser and not copied into
// the wasm, where a paste of many megabytes would cost as much again.
func fieldText(field app.Value) (string, *hexin.Error) {
	// textLength, not value.length: a JS string is no object to get a property of.
	if n := field.Get("textLength").Int(); n > MaxPasteText {
		return "", TooLong(n)
	}
	return field.Get("value").String(), nil
}

// take makes the field's text (from fieldText) the paste, or says why it
// cannot be. The text stays in the field either way.
func (b *PasteBox) take(text string, err *hexin.Error) bool {
	*b.p = Paste{Text: text, Forced: b.p.Forced, Dir: b.p.Dir, Keys: b.p.Keys}
	b.dropErr = ""
	b.reads, b.reading = b.reads+1, "" // a read still running is dropped
	if err != nil {
		b.p.Err = err
		return false
	}
	return true
}

func (b *PasteBox) onInput(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		if !b.take(fieldText(ctx.JSSrc())) {
			return
		}
		it := e.Get("inputType")
		// A paste or a drop is a whole frame: show it. Typing waits for Enter or leaving the field.
		b.read(ctx, it.Truthy() && (it.String() == "insertFromPaste" || it.String() == "insertFromDrop"))
	})
}

func (b *PasteBox) onChange(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		text, err := fieldText(ctx.JSSrc())
		if err != nil || text != b.p.Text || b.p.Raw != nil {
			if !b.take(text, err) {
				return
			}
			b.p.Read()
		}
		b.show(ctx)
	})
}

func (b *PasteBox) onFocus(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		if b.focused {
			ctx.PreventUpdate()
		}
		b.focused = true
	})
}

func (b *PasteBox) onBlur(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		b.focused = false
		if !b.p.Empty() {
			ctx.PreventUpdate()
		}
	})
}

func (b *PasteBox) onKey(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		k := e.Get("key").String()
		switch {
		case k == "Enter" && (e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool()):
			e.PreventDefault()
			if b.partial {
				b.read(ctx, true) // the field holds only the first lines of the text read
			} else if b.take(fieldText(ctx.JSSrc())) {
				b.read(ctx, true)
			}
		case k == "Escape" && b.p.Empty():
			ctx.JSSrc().Call("blur")
		default:
			ctx.PreventUpdate()
		}
	})
}

func (b *PasteBox) onClear(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		b.p.Capture.Stop()
		*b.p = Paste{Keys: b.p.Keys} // the key log has its own Remove
		b.dropErr, b.pickAPI = "", ""
		b.reads, b.reading = b.reads+1, "" // a read still running is dropped
		b.setText("")
		if ta := b.textarea(); ta.Truthy() {
			ta.Call("focus")
		}
	})
}

func (b *PasteBox) onFormat(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		b.p.Forced = hexin.Format(ctx.JSSrc().Get("value").String())
		b.p.Hints, b.p.Cur = nil, 0
		b.read(ctx, true)
	})
}

func (b *PasteBox) onDir(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		b.p.Dir = ctx.JSSrc().Get("value").String()
		b.p.Hints, b.p.Cur = nil, 0
		b.read(ctx, true)
	})
}

func (b *PasteBox) onPickAPI(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		b.pickAPI = ctx.JSSrc().Get("value").String()
		if a := schema.ByName(b.pickAPI); a != nil {
			b.pickV = a.VersionRange(schema.Response).Hi
		}
	})
}

func (b *PasteBox) onPickV(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		if b.pickAPI == "" {
			b.pickAPI = b.pickedAPI(b.p.Frames[b.p.Cur]).Name
		}
		n, err := strconv.Atoi(ctx.JSSrc().Get("value").String())
		if err == nil {
			b.pickV = int16(n)
		}
	})
}

// settled reports whether the frames shown are the text's: while a big
// text is read off the UI goroutine, they are the read before's, and the
// buttons that decode or guess them (disabled meanwhile) do nothing.
func (b *PasteBox) settled() bool { return b.reading == "" }

func (b *PasteBox) onDecodeAs(ctx app.Context, e app.Event) {
	if !b.settled() {
		return
	}
	guard(ctx, func() {
		f := b.p.Frames[b.p.Cur]
		a := b.pickedAPI(f)
		b.p.Pick(a, b.pickedVersion(a, f))
		b.show(ctx)
	})
}

func (b *PasteBox) onGuess(ctx app.Context, e app.Event) {
	if !b.settled() {
		return
	}
	guard(ctx, func() { b.p.Guess() })
}

// onPickGuess decodes the frame as the guess the button shows. The guess
// is read from the button (data-guess-at) when clicked, not kept in a
// closure: go-app keeps a reused button's first handler, so a closure
// would pick what the button offered before (another frame's guesses).
func (b *PasteBox) onPickGuess(ctx app.Context, e app.Event) {
	if !b.settled() {
		return
	}
	guard(ctx, func() {
		i, err := strconv.Atoi(ctx.JSSrc().Get("dataset").Get("guessAt").String())
		if err != nil || i < 0 || i >= len(b.p.Guesses) {
			return
		}
		c := b.p.Guesses[i]
		b.pickAPI, b.pickV = c.API.Name, c.Version
		b.p.Pick(c.API, c.Version)
		b.show(ctx)
	})
}

func (b *PasteBox) onDragOver(ctx app.Context, e app.Event) {
	e.PreventDefault()
	if b.drag {
		ctx.PreventUpdate()
		return
	}
	b.drag = true
	warmCaptureReader(ctx) // a file is on its way
}

func (b *PasteBox) onDragLeave(ctx app.Context, e app.Event) {
	b.drag = false
}

// onDrop reads a dropped file in the browser: text as text, anything else as its bytes.
func (b *PasteBox) onDrop(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		b.drag = false
		dt := e.Get("dataTransfer")
		if !dt.Truthy() || dt.Get("files").Get("length").Int() == 0 {
			return // dropped text: the textarea takes it and fires input
		}
		e.PreventDefault()
		b.openFiles(ctx, dt.Get("files"))
	})
}

// onPickFile reads the file chosen with the file picker, as a dropped one.
func (b *PasteBox) onPickFile(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		files := ctx.JSSrc().Get("files")
		if !files.Truthy() || files.Get("length").Int() == 0 {
			return
		}
		b.openFiles(ctx, files)
		ctx.JSSrc().Set("value", "") // the same file picked again is read again
	})
}

// readFile reads a dropped or picked file that is not a capture (openFile
// tells) whole: text as text, anything else as its bytes.
func (b *PasteBox) readFile(ctx app.Context, file app.Value, seq int) {
	name := file.Get("name").String()
	if size := file.Get("size").Int(); size > MaxPasteText {
		b.dropErr = name + " is " + groupDigits(size) + " bytes: the page reads files up to " + strconv.Itoa(MaxPasteText>>20) +
			" MiB (and frames up to " + strconv.Itoa(MaxPasteBytes>>20) + " MiB). Nothing was read. Use the command line for it: kafkawire decode " + name
		return
	}
	// Every file is read as bytes; what they are is told from their content (codec/source), not the name.
	var then, fail app.Func
	release := func() {
		then.Release()
		fail.Release()
	}
	then = app.FuncOf(func(this app.Value, args []app.Value) any {
		defer release()
		u8 := app.Window().Get("Uint8Array").New(args[0])
		data := make([]byte, u8.Get("length").Int())
		app.CopyBytesToGo(data, u8)
		b.openBytes(ctx, name, data, seq)
		return nil
	})
	fail = app.FuncOf(func(this app.Value, args []app.Value) any {
		defer release()
		ctx.Dispatch(func(ctx app.Context) {
			if b.reads == seq {
				b.dropErr = "could not read " + name
			}
		})
		return nil
	})
	file.Call("arrayBuffer").Call("then", then, fail)
}

// openBytes puts a file's bytes (read whole, decompressed if they were
// compressed) in the box, as text when they are text, unless the box was
// given something else since the file was dropped (seq).
func (b *PasteBox) openBytes(ctx app.Context, name string, data []byte, seq int) {
	data = source.FromUTF16(data) // a dump saved by Windows PowerShell
	var dropped Paste
	switch source.Sniff(data) {
	case source.Text:
		dropped = Paste{Text: string(data), File: name}
	case source.Binary:
		if len(data) > MaxPasteBytes {
			ctx.Dispatch(func(ctx app.Context) {
				if b.reads == seq {
					b.dropErr = tooMuch(name+" holds", len(data), MaxPasteBytes, "bytes", name).Msg
				}
			})
			return
		}
		// The field shows the bytes as a dump, which reads back as the same bytes.
		dropped = Paste{Raw: data, Text: hexin.FormatAs(data, hexin.HexdumpC), File: name}
	default: // a capture: no dump of it in the field
		dropped = Paste{Raw: data, File: name}
	}
	ctx.Dispatch(func(ctx app.Context) {
		if b.reads != seq {
			return
		}
		guard(ctx, func() {
			dropped.Keys = b.p.Keys
			*b.p = dropped
			b.setText(dropped.Text)
			b.read(ctx, true)
		})
	})
}

// noteShort is what the frame list says of a frame's note: the note up to
// its colon ("not decoded", "not tried as a response"); the current frame
// shows it whole.
func noteShort(note string) string {
	if i := strings.Index(note, ":"); i > 0 {
		return note[:i]
	}
	return note
}
