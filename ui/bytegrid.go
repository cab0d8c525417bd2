package ui

import (
	"html"
	"strconv"
	"strings"
	"time"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Grid geometry: rows have a fixed height so the grid can render only the
// rows in view (plus a margin) over a spacer as tall as the whole frame.
const (
	rowHeight  = 22 // px, matches .grid-row in kafkawire.css
	viewRows   = 16 // rows visible at once
	marginRows = 4  // rows rendered above and below the view
	// A row holds wideCols bytes, or narrowCols on a screen no wider than
	// narrowPx (a phone), where 16 hex cells and their ASCII would not fit.
	wideCols   = 16
	narrowCols = 8
	narrowPx   = 600 // matches the @media (max-width: 600px) rules in kafkawire.css
)

// ByteGrid draws a frame 16 bytes a row (8 on a phone), with an offset column and an ASCII
// gutter, each byte coloured by its region. Its props change only when the
// frame or the highlighted spans change, so go-app skips it otherwise.
type ByteGrid struct {
	app.Compo

	On      PaneEvents
	Dir     schema.Direction
	Bytes   []byte
	Regions []byte // layout.Region per byte
	Gen     int    // frame generation: changed bytes flash once per generation
	Changed []int  // [a, b) pairs of bytes the last edit changed
	SelOff  int    // selected field span, [SelOff, SelEnd)
	SelEnd  int
	HovOff  int // hovered field span
	HovEnd  int
	Cursor  int // keyboard cursor, -1 for none
	// Buf is 0 for the frame, k > 0 for decompressed buffer k, whose runs
	// carry data-bh and data-ba instead of data-h and data-a (they are not
	// frame offsets).
	Buf     int
	MarkOff int // the compressed payload of the decompressed buffer shown, [MarkOff, MarkEnd)
	MarkEnd int

	cols    int // bytes a row: 0 until the browser says (then wideCols or narrowCols)
	top     int // first row in view
	painted int // the frame size whose first paint was marked (make bench reads the marks)
	// cur is the cursor as the key handler last moved it: keys can arrive
	// faster than the page renders the Cursor prop back.
	cur    int
	curSet bool
	hovAt  int // the byte onMove last saw under the pointer
	// Changed bytes flash (CSS animation) for flashFor after an edit; rows
	// re-rendered later (hover, scroll) leave the class out, so a replaced
	// row does not flash again.
	flashGen int
	flashAt  time.Time

	rowsEl       app.Value // .grid-rows, which paint fills
	paintedHTML  string
	paintedFirst int
	// update asks go-app to render the grid (its own context's Update, kept
	// from the mount), for a change made from outside its handlers (paintGridNow).
	update func()
}

const flashFor = 1200 * time.Millisecond

// regionClass is the class of a hex run per region, built once.
var regionClass = func() (t [16]string) {
	for i := range t {
		t[i] = "b r" + strconv.Itoa(i)
	}
	return t
}()

var regionKey = func() (t [16]string) {
	for i := range t {
		t[i] = html.EscapeString(layout.Region(i).Key())
	}
	return t
}()

// width is the bytes a row: wideCols on the server, which cannot know the
// screen (the pre-rendered page is redrawn when the wasm runs).
func (g *ByteGrid) width() int {
	if g.cols == 0 {
		return wideCols
	}
	return g.cols
}

// screenCols is the row width the browser window calls for.
func screenCols() int {
	if app.IsClient && app.Window().Get("innerWidth").Int() <= narrowPx {
		return narrowCols
	}
	return wideCols
}

func (g *ByteGrid) rows() int { w := g.width(); return (len(g.Bytes) + w - 1) / w }

// window is the range of rows in the DOM.
func (g *ByteGrid) window() (first, last int) {
	rows := g.rows()
	top := min(max(g.top, 0), max(rows-viewRows, 0))
	return max(top-marginRows, 0), min(top+viewRows+marginRows, rows)
}

func (g *ByteGrid) OnMount(ctx app.Context) {
	g.rowsEl, g.paintedHTML = nil, ""
	g.cols = screenCols()
	g.register(ctx)
	g.paint()
	g.markPaint(ctx)
}

// markPaint marks the first paint of a frame of a new size, for make bench.
func (g *ByteGrid) markPaint(ctx app.Context) {
	if g.Buf != 0 || len(g.Bytes) == g.painted {
		return
	}
	g.painted = len(g.Bytes)
	name := "kw-grid-painted-" + strconv.Itoa(len(g.Bytes))
	ctx.Defer(func(app.Context) { markNextFrame(name) })
}

// OnResize re-lays the rows when the window crosses narrowPx (a phone
// turned, a window narrowed), keeping the first byte in view in view.
func (g *ByteGrid) OnResize(ctx app.Context) {
	cols := screenCols()
	if cols == g.width() {
		return
	}
	first := g.top * g.width()
	g.cols = cols
	g.top = first / cols
	g.paintedHTML = ""
	px := g.top * rowHeight
	ctx.Defer(func(ctx app.Context) {
		if !g.Mounted() {
			return
		}
		if s := g.JSValue().Call("querySelector", ".grid-scroll"); s.Truthy() {
			s.Set("scrollTop", px)
		}
		g.paint()
	})
}

func (g *ByteGrid) OnUpdate(ctx app.Context) {
	g.markPaint(ctx)
	g.cur, g.curSet = g.Cursor, g.Cursor >= 0
	switch {
	case g.SelOff >= 0 && g.SelEnd > g.SelOff:
		g.reveal(ctx, g.SelOff/g.width())
	case g.MarkOff >= 0 && g.MarkEnd > g.MarkOff:
		g.reveal(ctx, g.MarkOff/g.width())
	}
	g.paint()
}

// reveal brings row r into view, rendering its window first.
func (g *ByteGrid) reveal(ctx app.Context, r int) {
	if r >= g.top && r < g.top+viewRows {
		return
	}
	g.top = max(r-2, 0)
	px := g.top * rowHeight
	ctx.Defer(func(ctx app.Context) {
		if !g.Mounted() {
			return
		}
		if s := g.JSValue().Call("querySelector", ".grid-scroll"); s.Truthy() {
			s.Set("scrollTop", px)
		}
	})
}

// rowsHTML is the HTML of the rows in the window, and the first of them.
// The rows are one piece of HTML set with one innerHTML: go-app's diff of 33
// elements a row through syscall/js (a scroll step replaced every cell's
// text, class and offset one call at a time) cost 40-50 ms a step.
func (g *ByteGrid) rowsHTML() (string, int) {
	first, last := g.window()
	flash := ""
	if g.Gen != g.flashGen {
		g.flashGen, g.flashAt = g.Gen, time.Now()
	}
	if time.Since(g.flashAt) < flashFor {
		flash = " chg" + strconv.Itoa(g.Gen&1)
	}
	ch := g.Changed
	var b strings.Builder
	b.Grow((last - first) * 1800)
	for r := first; r < last; r++ {
		ch = g.rowHTML(&b, r, ch, flash)
	}
	return b.String(), first
}

// paint puts the rows of the window into the DOM, in the browser, when they
// changed. It runs where the state changes (mount, new props, scroll), so a
// scroll step shows its rows in the frame of the scroll instead of waiting
// for go-app's next update (8 ms later at its 120 fps tick).
func (g *ByteGrid) paint() {
	if !app.IsClient || !g.Mounted() {
		return
	}
	inner, first := g.rowsHTML()
	if inner == g.paintedHTML && first == g.paintedFirst {
		return
	}
	if g.rowsEl == nil || !g.rowsEl.Get("isConnected").Bool() {
		g.rowsEl = g.JSValue().Call("querySelector", ".grid-rows")
	}
	if !g.rowsEl.Truthy() {
		return
	}
	g.rowsEl.Set("innerHTML", inner)
	if first != g.paintedFirst || g.paintedHTML == "" {
		g.rowsEl.Get("style").Set("transform", "translateY("+strconv.Itoa(first*rowHeight)+"px)")
	}
	g.paintedHTML, g.paintedFirst = inner, first
}

func (g *ByteGrid) Render() app.UI {
	rows := g.rows()
	var rowsUI app.UI
	if app.IsClient {
		// The rows are painted by paint(), not by go-app: go-app leaves the
		// children of an element it rendered without children alone.
		rowsUI = app.Div().Class("grid-rows")
	} else {
		inner, first := g.rowsHTML()
		rowsUI = app.Raw(`<div class="grid-rows" style="transform: translateY(` + strconv.Itoa(first*rowHeight) + `px)">` + inner + `</div>`)
	}
	head := make([]app.UI, g.width())
	for i := range head {
		head[i] = app.Span().Text(string("0123456789ABCDEF"[i]))
	}
	view := min(rows, viewRows)
	cls := "grid"
	if g.width() == narrowCols {
		cls += " narrow"
	}
	return app.Div().Class(cls).Body(
		app.Div().Class("grid-head").Aria("hidden", "true").Body(
			app.Span().Class("grid-off").Text("offset"),
			app.Span().Class("grid-hex").Body(head...),
			app.Span().Class("grid-asc").Text("ascii"),
		),
		app.Div().Class("grid-scroll").
			Style("height", strconv.Itoa(view*rowHeight+2)+"px").
			// Rows replaced on a scroll step lay out and paint inside this box only.
			Style("contain", "content").
			TabIndex(0).
			Aria("label", "bytes of the "+g.Dir.String()+"; arrow keys move, the field under the cursor is selected; Enter goes to its row in the tree").
			OnScroll(g.onScroll).
			OnMouseOver(g.onOver).
			OnMouseMove(g.onMove).
			OnMouseLeave(g.onLeave).
			OnMouseDown(g.onDown).
			OnKeyDown(g.onKey).
			Body(
				app.Div().Class("grid-spacer").Style("height", strconv.Itoa(rows*rowHeight)+"px").Body(
					rowsUI,
				),
			),
	)
}

// hover and selectByte send what happened to the page, for the frame or the decompressed buffer.
func (g *ByteGrid) hover(ctx app.Context, off int) bool {
	if g.Buf > 0 {
		be, ok := g.On.(BufEvents)
		return ok && be.HoverBufByte(ctx, g.Dir, g.Buf, off)
	}
	return g.On != nil && g.On.HoverByte(ctx, g.Dir, off)
}

func (g *ByteGrid) selectByte(ctx app.Context, off int) bool {
	// The tree shows the field without moving the grid (revealRow).
	gridPick.on, gridPick.dir = g.On, g.Dir
	ctx.Defer(func(app.Context) { gridPick.on = nil })
	if g.Buf > 0 {
		be, ok := g.On.(BufEvents)
		return ok && be.SelectBufByte(ctx, g.Dir, g.Buf, off)
	}
	return g.On != nil && g.On.SelectByte(ctx, g.Dir, off)
}

func (g *ByteGrid) onScroll(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		top := ctx.JSSrc().Get("scrollTop").Int() / rowHeight
		first, last := g.window()
		if d := top - g.top; top >= first && top+viewRows <= last && d < marginRows/2 && d > -marginRows/2 {
			// Still well inside the rendered margin: no render.
			ctx.PreventUpdate()
			return
		}
		g.top = top
		g.paint()
		ctx.PreventUpdate()
	})
}

// runKinds are the dataset keys of the grid's text runs, each holding
// the offset of the run's first byte (hex and ASCII, of the frame and of a
// decompressed buffer), and whether the run is hex: a hex byte is two
// digits and a space between bytes, an ASCII byte one character.
var runKinds = [...]struct {
	key string
	hex bool
}{{"h", true}, {"bh", true}, {"a", false}, {"ba", false}}

// offsetOf reads the byte offset under an event's pointer: the offset of
// the first byte of the run under it plus the bytes left of the pointer.
// Every byte of a run is equally wide (the CSS makes a hex byte 25px with
// its gap, an ASCII byte 9px), so the pointer's place in the run says which.
func (g *ByteGrid) offsetOf(e app.Event) int {
	t := e.Get("target")
	if !t.Truthy() {
		return -1
	}
	// go-app runs a handler after its event, and a paint in between (a
	// hover's, a scroll step's) may have replaced the run the event hit,
	// whose box is then empty: the run under the pointer now holds the
	// same bytes in the same place. A press during such a paint may also
	// have hit the rows around the runs: the run under the pointer now is
	// the one meant.
	if !t.Get("isConnected").Bool() || !isRun(t) {
		t = app.Window().Get("document").Call("elementFromPoint", e.Get("clientX").Float(), e.Get("clientY").Float())
		if !t.Truthy() || !g.JSValue().Call("contains", t).Bool() {
			return -1
		}
	}
	ds := t.Get("dataset")
	if !ds.Truthy() {
		return -1
	}
	for _, k := range runKinds {
		v := ds.Get(k.key)
		if !v.Truthy() {
			continue
		}
		first := atoiOr(v.String(), -1)
		if first < 0 {
			return -1
		}
		// A JS string has no Length in syscall/js (it panics): count the Go
		// string. The runs' characters are one byte each (asciiByte, hex digits).
		n := len(t.Get("textContent").String())
		if k.hex {
			n = (n + 1) / 3
		}
		r := t.Call("getBoundingClientRect")
		return first + runIndex(e.Get("clientX").Float()-r.Get("left").Float(), r.Get("width").Float(), n)
	}
	return -1
}

// isRun reports whether element t is a run of bytes (data-h, data-bh,
// data-a or data-ba).
func isRun(t app.Value) bool {
	ds := t.Get("dataset")
	if !ds.Truthy() {
		return false
	}
	for _, k := range runKinds {
		if ds.Get(k.key).Truthy() {
			return true
		}
	}
	return false
}

// runIndex is the byte under x pixels from the left of a run of n bytes,
// equally wide, w pixels wide in all.
func runIndex(x, w float64, n int) int {
	if n <= 0 || w <= 0 {
		return 0
	}
	return min(max(int(x*float64(n)/w), 0), n-1)
}

func atoiOr(s string, or int) int {
	n, err := strconv.Atoi(s)
	if err != nil {
		return or
	}
	return n
}

// onMove follows the pointer inside a run, which holds several bytes:
// mouseover fires only on entering it.
func (g *ByteGrid) onMove(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		off := g.offsetOf(e)
		if off < 0 || off == g.hovAt {
			ctx.PreventUpdate()
			return
		}
		g.hovAt = off
		if !g.hover(ctx, off) {
			ctx.PreventUpdate()
		}
	})
}

func (g *ByteGrid) onOver(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		off := g.offsetOf(e)
		g.hovAt = off
		if off < 0 || !g.hover(ctx, off) {
			ctx.PreventUpdate()
		}
	})
}

func (g *ByteGrid) onLeave(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		g.hovAt = -1
		if !g.hover(ctx, -1) {
			ctx.PreventUpdate()
		}
	})
}

// onDown selects on the press, not the click: a hover can re-render the
// row under the pointer between press and release, and a click whose press
// and release landed on different elements goes to their common ancestor.
func (g *ByteGrid) onDown(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		if off := g.offsetOf(e); off >= 0 && e.Get("button").Int() == 0 {
			g.selectByte(ctx, off)
			return
		}
		ctx.PreventUpdate()
	})
}

// rowHTML writes row r: its offset, then its hex bytes and its ASCII
// characters, each as text runs of bytes that look alike (region and
// highlights), every run with its region class, highlight classes and the
// offset of its first byte. A run, not a cell a byte, is what makes a
// scroll step cheap: a row of the 1 MiB Fetch is 7 elements to style and
// lay out rather than 21 with a hex cell a byte, and the byte under the
// pointer is found from its place in the run (ByteGrid.offsetOf). ch is
// what is left of the changed pairs at the row's start; rowHTML returns
// what is left after it.
func (g *ByteGrid) rowHTML(b *strings.Builder, r int, ch []int, flash string) []int {
	hexAttr, ascAttr := `" data-h="`, `" data-a="`
	if g.Buf > 0 {
		hexAttr, ascAttr = `" data-bh="`, `" data-ba="`
	}
	w := g.width()
	lo, hi := r*w, min((r+1)*w, len(g.Bytes))
	// A wide row's second half starts after a wider gap, so no hex run
	// crosses the middle.
	half := -1
	if w == wideCols {
		half = lo + wideCols/2
	}
	var mods [wideCols]string
	for i := lo; i < hi; i++ {
		mod := ""
		if i >= g.SelOff && i < g.SelEnd {
			mod += " sel"
		}
		if i >= g.HovOff && i < g.HovEnd {
			mod += " hov"
		}
		if i == g.Cursor {
			mod += " cur"
		}
		if i >= g.MarkOff && i < g.MarkEnd {
			mod += " mark"
		}
		for len(ch) >= 2 && ch[1] <= i {
			ch = ch[2:]
		}
		if flash != "" && len(ch) >= 2 && i >= ch[0] {
			mod += flash
		}
		mods[i-lo] = mod
	}
	// runEnd is the end of the run that starts at i, stopping at stop.
	runEnd := func(i, stop int) int {
		j := i + 1
		for j < stop && g.region(j) == g.region(i) && mods[j-lo] == mods[i-lo] {
			j++
		}
		return j
	}
	b.WriteString(`<div class="grid-row"><span class="grid-off">`)
	b.WriteString(hex4(lo))
	b.WriteString(`</span><span class="grid-hex">`)
	for i := lo; i < hi; {
		stop := hi
		if i < half {
			stop = min(hi, half)
		}
		j := runEnd(i, stop)
		reg := g.region(i)
		b.WriteString(`<span class="`)
		b.WriteString(regionClass[reg])
		b.WriteString(mods[i-lo])
		if i == half {
			b.WriteString(" g")
		}
		b.WriteString(hexAttr)
		b.WriteString(strconv.Itoa(i))
		b.WriteString(`" data-region="`)
		b.WriteString(regionKey[reg])
		b.WriteString(`">`)
		for k := i; k < j; k++ {
			if k > i {
				b.WriteByte(' ')
			}
			b.WriteString(hexByte[g.Bytes[k]])
		}
		b.WriteString(`</span>`)
		i = j
	}
	b.WriteString(`</span><span class="grid-asc">`)
	for i := lo; i < hi; {
		j := runEnd(i, hi)
		b.WriteString(`<span class="a r`)
		b.WriteString(strconv.Itoa(g.region(i)))
		b.WriteString(mods[i-lo])
		b.WriteString(ascAttr)
		b.WriteString(strconv.Itoa(i))
		b.WriteString(`">`)
		for k := i; k < j; k++ {
			b.WriteString(asciiHTML[g.Bytes[k]])
		}
		b.WriteString(`</span>`)
		i = j
	}
	b.WriteString(`</span></div>`)
	return ch
}

func (g *ByteGrid) region(i int) int {
	if i < len(g.Regions) {
		return int(g.Regions[i]) & 15
	}
	return 0
}

// asciiHTML is asciiByte escaped for HTML text.
var asciiHTML = func() (t [256]string) {
	for i := range t {
		t[i] = html.EscapeString(asciiByte[i])
	}
	return t
}()

func (g *ByteGrid) onKey(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		cur := g.Cursor
		if g.curSet {
			cur = g.cur
		}
		if cur < 0 {
			cur = max(g.SelOff, 0)
		}
		switch e.Get("key").String() {
		case "ArrowLeft":
			cur--
		case "ArrowRight":
			cur++
		case "ArrowUp":
			cur -= g.width()
		case "ArrowDown":
			cur += g.width()
		case "PageUp":
			cur -= g.width() * viewRows
		case "PageDown":
			cur += g.width() * viewRows
		case "Home":
			cur = 0
		case "End":
			cur = len(g.Bytes) - 1
		case "Enter":
			ctx.PreventUpdate()
			g.focusTree()
			return
		default:
			ctx.PreventUpdate()
			return
		}
		e.PreventDefault()
		cur = min(max(cur, 0), len(g.Bytes)-1)
		if cur < 0 || g.On == nil {
			return
		}
		g.cur, g.curSet = cur, true
		g.selectByte(ctx, cur)
		g.reveal(ctx, cur/g.width())
		g.paint()
	})
}

// focusTree moves the focus from the grid to the tree beside it, on its
// Tab stop: the selected field's row (or, where none is selected, the
// first). Enter there opens the field's editor (LayoutTree.onKey).
func (g *ByteGrid) focusTree() {
	if !g.Mounted() {
		return
	}
	body := g.JSValue().Call("closest", ".pane-body, .learn-ex-body")
	if !body.Truthy() {
		return
	}
	row := body.Call("querySelector", `.tree .tn.sel`)
	if !row.Truthy() {
		row = body.Call("querySelector", `.tree .tn[tabindex="0"]`)
	}
	if row.Truthy() {
		row.Call("focus")
	}
}
