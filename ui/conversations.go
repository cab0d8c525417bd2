package ui

import (
	"encoding/binary"
	"html"
	"strconv"
	"strings"
	"time"

	"github.com/kafkawire/kafkawire/codec/conversation"
	"github.com/kafkawire/kafkawire/codec/hexin"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// Conversations lists the Kafka frames of an opened capture: time,
// connection, direction, API and version, correlation id, size, latency and
// problems, one row per frame, with a filter; opening a row shows that
// frame and its pair on the page of their API and version. Its state lives
// in the CaptureList, which the paste session keeps across pages; Gen says
// when it changed.
type Conversations struct {
	app.Compo

	List *CaptureList
	Gen  int
	On   PasteShower

	asked int // the keys typed and sorts asked for, so that a matching knows a newer one began

	// A list draws the first of its rows at once and the rest after the
	// next paint (firstRows). drawn says the rows were drawn once, since
	// when every render draws them all; tables counts the renders of the
	// rows, so that the rest of an earlier one is not drawn; rest is the
	// rows still to draw after table render rest.at, and ctx the list's,
	// once mounted (hasCtx), to draw them in.
	drawn  bool
	tables int
	rest   restRows
	ctx    app.Context
	hasCtx bool
}

// restRows are the rows the table's render number at left for after the
// next paint, and the time their times are shown from (t0).
type restRows struct {
	at   int
	rows []int
	t0   time.Time
}

// OnMount brings the opened row into view: a new page builds a new list,
// scrolled to its top.
func (c *Conversations) OnMount(ctx app.Context) {
	c.ctx, c.hasCtx = ctx, true
	c.drawRestLater()
	ctx.Defer(func(ctx app.Context) {
		if !c.Mounted() {
			return
		}
		box := c.JSValue().Call("querySelector", ".conv-scroll")
		row := c.JSValue().Call("querySelector", "tr.cur")
		if box.Truthy() && row.Truthy() {
			box.Set("scrollTop", row.Get("offsetTop").Int()-box.Get("clientHeight").Int()/2)
		}
	})
}

func (c *Conversations) Render() app.UI {
	l := c.List
	if l == nil {
		return app.Div().ID("conv")
	}
	if l.Loading {
		c.drawn = false // the list it loads is drawn in two steps too
		return app.Div().ID("conv").Class("conv").Body(c.progress(), app.Raw(listFontSample))
	}
	parts := []app.UI{c.summary()}
	if l.Len() > 0 {
		parts = append(parts, c.filterBox(), c.table(), c.pager())
	}
	return app.Div().ID("conv").Class("conv").Body(parts...)
}

func (c *Conversations) progress() app.UI {
	l := c.List
	return app.Div().ID("conv-progress").Class("paste-line").Body(
		app.Progress().ID("conv-bar").Class("conv-bar").Attr("max", l.Size).Attr("value", l.Read),
		app.Span().ID("conv-progress-text").Class("paste-dim").Text(l.progressText()),
	)
}

// listFontSample is a row of the list, laid out out of sight while a
// capture loads. The first layout of the list's fonts (mono and sans, at
// weights 400 and 600, and the fonts the browser falls back to for "µ",
// "≥", "▼" and the like) costs the browser a font lookup of tens of
// milliseconds, once: done during the load, it is not added to the pause
// in which a page of 100 rows first appears (e2e/bench/ROUNDS.md). It holds
// every class and character a row of the list uses (TestListFontSample).
const listFontSample = `<div class="conv-warm" aria-hidden="true"><table class="conv-table">` +
	`<thead><tr><th>#</th><th>` + asciiSample + `</th><th>` + asciiSample + `</th><th></th><th></th><th></th><th class="num">size</th>` +
	`<th class="num"><button class="conv-sort" tabindex="-1">latency ▼</button></th><th></th></tr></thead><tbody>` +
	`<tr class="conv-row conv-request bad cur"><td><button class="conv-open" tabindex="-1" disabled>` + asciiSample + `</button></td>` +
	`<td class="conv-time">00:00:00.000<span class="t-us">148</span></td>` +
	`<td class="conv-cn"><span class="cn-h">127.0.0.1</span>:1024&gt;<span class="cn-h">[::1]</span>:9092</td>` +
	`<td class="pf-request">request</td><td class="conv-api">` + asciiSample + `</td><td class="num">` + asciiSample + `</td>` +
	`<td class="num size-cut">104 B (30 in the capture)</td><td class="num">37 µs none in ≥ 1.25 ms</td>` +
	`<td class="conv-notes">` + asciiSample + ` – · …</td></tr>` +
	`<tr class="conv-row conv-response"><td></td><td></td><td></td><td class="pf-response">` + asciiSample + `</td><td></td><td></td><td></td><td></td><td class="conv-notes"></td></tr>` +
	`</tbody></table></div>`

// asciiSample is every printable ASCII character, as HTML (escaped where
// it must be): each glyph a row may show, in each font of the list.
const asciiSample = "!&quot;#$%&amp;'()*+,-./0123456789:;=?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`abcdefghijklmnopqrstuvwxyz{|}~ &lt;&gt;"

// progressText says how far the loading of a capture got.
func (l *CaptureList) progressText() string {
	pct := 0
	if l.Size > 0 {
		pct = int(int64(l.Read) * 100 / int64(l.Size))
	}
	what := "reading " + strconv.Itoa(pct) + " % (" + mib(l.Read) + " of " + mib(l.Size) + ")"
	if l.Read >= l.Size {
		what = "finding the Kafka frames in " + mib(l.Size)
	}
	return l.File + " · " + what + " · the page stays usable meanwhile"
}

func mib(n int) string {
	if n < 1<<20 {
		return strconv.Itoa(n) + " bytes"
	}
	if n%(1<<20) == 0 {
		return strconv.Itoa(n>>20) + " MiB"
	}
	return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB"
}

// summary says what the capture held: frames, connections by kind, and
// every connection that is not plain Kafka or has notes, in a list that
// is rendered when opened and gives the first connsListed of them.
func (c *Conversations) summary() app.UI {
	l := c.List
	var counts [conversation.TLS + 1]int // by Kind
	var odd []int                        // the connections with notes, by index in Conns
	decrypted, after := 0, 0
	for i := range l.Found.Conns {
		cn := &l.Found.Conns[i]
		counts[cn.Kind]++
		if cn.TLS != "" {
			decrypted++
		}
		if cn.AfterHandshake {
			after++
		}
		if cn.Kind != conversation.Kafka || len(cn.Notes) > 0 {
			odd = append(odd, i)
		}
	}
	conns := strconv.Itoa(counts[conversation.Kafka]) + " Kafka connection" + plural(counts[conversation.Kafka])
	if decrypted > 0 {
		conns += " (" + strconv.Itoa(decrypted) + " over TLS, decrypted"
		if l.Found.CaptureKeys > 0 {
			conns += " with the secrets the capture carries"
			if l.KeyLog != "" {
				conns += " and " + l.KeyLog
			}
		}
		conns += ")"
	}
	if n := counts[conversation.TLS]; n > 0 {
		conns += ", " + strconv.Itoa(n) + " TLS"
		switch {
		case after == n:
			conns += " caught after the handshake, without which no key log opens them"
		case l.KeyLog == "" && l.Found.CaptureKeys == 0:
			conns += " (give their key log to open them)"
		case l.KeyLog == "":
			conns += " not opened by the secrets the capture carries"
		default:
			conns += " not opened by " + l.KeyLog
		}
		if after > 0 && after < n {
			conns += " (" + strconv.Itoa(after) + " caught after the handshake, which no key log opens)"
		}
	}
	if n := counts[conversation.NotKafka]; n > 0 {
		conns += ", " + strconv.Itoa(n) + " not Kafka"
	}
	line := []app.UI{
		app.Span().ID("conv-count").Class("paste-fmt").Attr("role", "status").Text(strconv.Itoa(l.Len()) + " Kafka frame" + plural(l.Len())),
		app.Span().Class("paste-dim").Text("in " + conns + " · pick a row to see the request and its response below"),
	}
	parts := []app.UI{app.Div().Class("paste-line").Body(line...)}
	if l.Err != "" {
		parts = append(parts, app.Div().Class("paste-ferr").Attr("role", "status").Text("the capture stops early: "+l.Err+" (the frames before it are listed)"))
	}
	if l.CutNote != "" {
		parts = append(parts, app.Div().ID("conv-cut").Class("paste-ferr").Text(l.CutNote))
	}
	if err := l.Found.CaptureKeysErr; err != nil {
		parts = append(parts, app.Div().ID("conv-keys-err").Class("paste-ferr").Text(err.Error()+"; the sessions before it ("+strconv.Itoa(l.Found.CaptureKeys)+") are used"))
	}
	if l.Len() == 0 && l.Err == "" {
		parts = append(parts, app.Div().Class("paste-ferr").Text("No Kafka frame in this capture."))
	}
	if len(odd) > 0 {
		details := app.Details().Class("conv-conns").OnToggle(c.onConnsToggle)
		// go-app writes a false boolean attribute as open="false", which a browser reads as open.
		if l.ConnsOpen {
			details = details.Open(true)
		}
		body := []app.UI{app.Summary().Text(strconv.Itoa(len(odd)) + " connection" + plural(len(odd)) + " with notes (TLS, not Kafka, gaps, skipped bytes)")}
		if l.ConnsOpen || renderClosed {
			body = append(body, app.Ul().ID("conv-conns").Body(connItems(l.Found.Conns, odd)...))
		}
		parts = append(parts, details.Body(body...))
	}
	return app.Div().Class("conv-sum").Body(parts...)
}

// connsListed bounds the connections with notes the list gives: a capture
// taken on a busy host holds thousands of connections that are not Kafka,
// and an element each would freeze the page as the list opens.
const connsListed = 200

// connItems lists the connections conns[i] for i in odd, the first
// connsListed of them, and how many more there are.
func connItems(conns []conversation.Conn, odd []int) []app.UI {
	var items []app.UI
	for _, i := range odd[:min(len(odd), connsListed)] {
		cn := &conns[i]
		name := cn.Name
		if name == "" {
			name = "the dump's loose bytes"
		}
		notes := strings.Join(cn.Notes, "; ")
		if notes == "" {
			notes = strconv.Itoa(cn.Bytes[0]) + " + " + strconv.Itoa(cn.Bytes[1]) + " bytes, skipped"
		}
		items = append(items, app.Li().Class("conv-conn conv-"+strings.ReplaceAll(strings.ToLower(cn.Kind.String()), " ", "-")).Body(
			app.Span().Class("conv-cname").Text(name),
			app.Span().Class("conv-kind").Text(cn.Kind.String()),
			app.Span().Class("paste-dim").Text(notes),
		))
	}
	if more := len(odd) - connsListed; more > 0 {
		items = append(items, app.Li().Class("conv-conn paste-dim").Text("and "+strconv.Itoa(more)+" more"))
	}
	return items
}

func (c *Conversations) onConnsToggle(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		if c.List != nil {
			detailsToggled(ctx, &c.List.ConnsOpen)
		}
	})
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func (c *Conversations) filterBox() app.UI {
	l := c.List
	count := strconv.Itoa(l.Matching()) + " of " + strconv.Itoa(l.Len()) + " match"
	return app.Div().Class("paste-line conv-filter").Body(
		app.Input().Type("search").ID("conv-filter").Class("conv-q").Value(l.Typed).
			Placeholder("filter: Fetch, api:Produce/v9, conn:51234, corr:7, topic:orders, error, err:rebalance, unanswered").
			Aria("label", "filter the frames").
			Attr("spellcheck", "false").Attr("autocomplete", "off").
			OnInput(c.onFilter),
		app.If(l.Filter != "", func() app.UI { return app.Span().ID("conv-matches").Class("paste-dim").Text(count) }),
		app.If(conversation.FilterHint(l.Filter) != "", func() app.UI {
			return app.Span().ID("conv-filter-hint").Class("paste-dim").Attr("role", "status").Text(conversation.FilterHint(l.Filter))
		}),
		app.If(l.Filter != "" && l.ScanCut(), func() app.UI {
			return app.Span().ID("conv-scan-cut").Class("paste-dim").Attr("role", "status").
				Text("error codes and topics were looked for in " + strconv.Itoa(maxErrorScan) + " frames of this filter only: the rows shown say their errors, open one, or narrow the filter first (api:Fetch error)")
		}),
	)
}

// table is the page of rows in view, written as one piece of HTML: go-app
// builds a DOM node by node from wasm, which for a page of rows of nine
// cells takes long enough to freeze the page; the browser parses HTML at
// once. A click anywhere in a row opens its frame (one listener, on the
// wrapper). Every text is escaped: connection names and notes come from
// the capture.
func (c *Conversations) table() app.UI {
	l := c.List
	from, to := c.pageRange(l.Matching())
	var t0 time.Time
	if l.Len() > 0 {
		t0 = l.Frame(0).Time
	}
	rows := l.Shown(from, to)
	c.tables++
	all := len(rows)
	if app.IsClient && !c.drawn {
		rows = c.drawFirst(rows, t0)
	}
	c.drawn = true
	var b strings.Builder
	b.WriteString(`<table id="conv-list" class="conv-table"`)
	if len(rows) < all {
		// Rows are still to come (drawRestLater): assistive technology,
		// and whoever tests the page, waits for them.
		b.WriteString(` aria-busy="true"`)
	}
	b.WriteString(`><thead><tr><th>#</th><th title="UTC, the capture's times">time (UTC)</th><th>connection</th><th>dir</th><th>API</th><th>corr id</th><th class="num">size</th><th class="num">`)
	// The latency's header sorts the list by it, the slowest first, and back.
	sortLabel, pressed := "latency", "false"
	if l.Slowest {
		sortLabel, pressed = "latency ▼", "true"
	}
	b.WriteString(`<button class="conv-sort" data-sort="latency" aria-pressed="` + pressed + `" title="list the slowest exchanges first, a long poll (Fetch, ShareFetch) by the time past its MaxWaitMs (again: in capture order)">` + sortLabel + `</button>`)
	b.WriteString(`</th><th>notes</th></tr></thead><tbody>`)
	for _, i := range rows {
		c.rowHTML(&b, i, t0)
	}
	b.WriteString(`</tbody></table>`)
	return app.Div().Class("conv-scroll").OnClick(c.onRowClick).Body(app.Raw(b.String()))
}

// firstRows is how many rows a list draws when it first shows, the rest a
// paint later: the box shows 13 of them, and the browser's style, layout
// and paint of a whole page of 100 was most of the pause in which a big
// capture's list appeared (e2e/bench/ROUNDS.md).
const firstRows = 20

// drawFirst is the rows of a table drawn now: the first firstRows, and as
// many more as keep the row opened last (which the list scrolls to) in
// the middle of those drawn. The rest is left for drawRestLater.
func (c *Conversations) drawFirst(rows []int, t0 time.Time) []int {
	n := firstRows
	for k, i := range rows {
		if i == c.List.Cur {
			n = max(n, k+firstRows/2)
		}
	}
	if n >= len(rows) {
		return rows
	}
	c.rest = restRows{at: c.tables, rows: rows[n:], t0: t0}
	if c.hasCtx { // else OnMount asks
		c.drawRestLater()
	}
	return rows[:n]
}

// drawRestLater draws the rows the table left, after the browser has
// painted those it drew, into the table itself: a go-app update would
// render the page again. A render of the table since then draws them all
// itself, and this does nothing.
func (c *Conversations) drawRestLater() {
	rest := c.rest
	if rest.rows == nil {
		return
	}
	c.rest = restRows{}
	ctx := c.ctx
	afterNextPaint(func() {
		ctx.Dispatch(func(ctx app.Context) {
			ctx.PreventUpdate()
			if rest.at != c.tables || !c.Mounted() {
				return
			}
			table := c.JSValue().Call("querySelector", "#conv-list")
			if !table.Truthy() {
				return
			}
			var b strings.Builder
			for _, i := range rest.rows {
				c.rowHTML(&b, i, rest.t0)
			}
			table.Get("tBodies").Index(0).Call("insertAdjacentHTML", "beforeend", b.String())
			table.Call("removeAttribute", "aria-busy")
		})
	})
}

// warmList runs, unseen, the code that renders a capture's list (its
// summary, filter, pager and first rows) on what the loader found, before
// it hands the list over: V8 compiles a wasm function the first time it
// runs, and compiling the list's code was a fifth to a third of the pause
// in which the 106 MB capture's list appeared (e2e/bench/ROUNDS.md). A
// list of its own, so nothing of the list on the page changes.
func warmList(res conversation.Result, first firstFacts) {
	l := &CaptureList{Cur: -1}
	l.set(res, nil)
	l.facts = map[int]*conversation.Facts{}
	c := &Conversations{List: l}
	safely(func() error {
		c.summary()
		if l.Len() == 0 {
			return nil
		}
		c.filterBox()
		c.pager()
		var b strings.Builder
		for i := range min(l.Len(), warmRows) {
			if fa, ok := first.byRow[i]; ok {
				l.facts[i] = fa
			}
			c.rowHTML(&b, i, l.Frame(0).Time)
		}
		return nil
	})
}

// warmRows is how many rows warmList renders: a few, of different kinds
// (requests, responses), for the code of each.
const warmRows = 8

func (c *Conversations) rowHTML(b *strings.Builder, i int, t0 time.Time) {
	l := c.List
	f := l.Frame(i)
	esc := html.EscapeString
	n := strconv.Itoa(i)
	cls := "conv-row conv-" + f.Dir.String()
	if i == l.Cur {
		cls += " cur"
	}
	problems := f.Problems()
	if len(problems) > 0 {
		cls += " bad"
	}
	notes := problems
	if names := errorNames(l.ErrorCodes(i)); len(names) > 0 {
		// What the broker answered went wrong: its error codes by name.
		notes = append([]string{"error: " + strings.Join(names, ", ")}, problems...)
	}
	when := ""
	if !f.Time.IsZero() {
		// The microseconds in a span of their own, which a phone leaves out.
		t := f.Time.UTC().Format("15:04:05.000000")
		when = t[:len(t)-3] + `<span class="t-us">` + t[len(t)-3:] + `</span>`
	}
	api := "?"
	opens := true
	if f.API != nil {
		api = f.API.Name + " v" + strconv.Itoa(int(f.Version))
	} else if r, ok := l.ReadAs(i); ok {
		notes = append(notes, "opens read as "+r.String()+", as its connection's requests")
	} else {
		opens = false
	}
	lat := ""
	if d, ok := l.Latency(i); ok {
		lat = latency(d)
		if maxWait, held := l.Found.LongPoll(i); held {
			notes = append(notes, conversation.LongPollNote(f.API.Name, d, maxWait, latency))
		}
	} else if f.Dir == schema.Request && f.Pair < 0 {
		lat = "no response"
		why, expected := l.Unanswered(i)
		if !expected {
			lat = "none (acks=0)"
		} else if d, ok := l.Waited(i); ok {
			lat = "none in ≥ " + latency(d) // waited that long at least
		}
		if why != "" {
			notes = append(notes, why)
		}
	}
	var title []string
	if !f.Time.IsZero() {
		if hexin.Dateless(f.Time) {
			title = append(title, f.Time.Format("15:04:05.000000")+" (the time of day: the input gave no date)")
		} else {
			title = append(title, f.Time.UTC().Format("2006-01-02 15:04:05.000000 UTC"))
		}
	}
	if !f.Time.IsZero() && !t0.IsZero() {
		title = append(title, "+"+f.Time.Sub(t0).String()+" from the first frame; packet "+strconv.Itoa(f.Packet))
	}
	if id := l.ClientID(i); id != "" {
		title = append(title, "client id "+id)
	}
	disabled := ""
	if !opens {
		disabled = " disabled"
	}
	b.WriteString(`<tr class="` + cls + `" data-row="` + n + `" title="` + esc(strings.Join(title, "; ")) + `">`)
	b.WriteString(`<td><button class="conv-open" data-frame="` + n + `" aria-label="open frame ` + strconv.Itoa(i+1) + `"` + disabled + `>` + strconv.Itoa(i+1) + `</button></td>`)
	b.WriteString(`<td class="conv-time">` + when + `</td>`)
	b.WriteString(`<td class="conv-cn" title="` + esc(f.Conn) + `">` + connHTML(f.Conn) + `</td>`)
	b.WriteString(`<td class="pf-` + f.Dir.String() + `">` + f.Dir.String() + `</td>`)
	b.WriteString(`<td class="conv-api">` + esc(api) + `</td>`)
	b.WriteString(`<td class="num">` + strconv.Itoa(int(f.CorrelationID)) + `</td>`)
	if size, cut := frameSize(f.Bytes); cut {
		b.WriteString(`<td class="num size-cut">` + size + `</td>`)
	} else {
		b.WriteString(`<td class="num">` + size + `</td>`)
	}
	b.WriteString(`<td class="num">` + lat + `</td>`)
	b.WriteString(`<td class="conv-notes">` + esc(strings.Join(notes, "; ")) + `</td></tr>`)
}

// connHTML is a connection's name ("127.0.0.1:59321>127.0.0.1:9092") as
// HTML, each side's host in a span of its own (class cn-h), which a narrow
// screen shows as "…": "…:59321>…:9092" keeps the client's port, what tells
// connections apart. The text is the name, whatever the screen.
func connHTML(conn string) string {
	var b strings.Builder
	for i, side := range strings.SplitN(conn, ">", 2) {
		if i > 0 {
			b.WriteString("&gt;")
		}
		c := strings.LastIndexByte(side, ':')
		if c <= 0 || c == len(side)-1 || strings.Trim(side[c+1:], "0123456789") != "" {
			b.WriteString(html.EscapeString(side))
			continue
		}
		b.WriteString(`<span class="cn-h">`)
		b.WriteString(html.EscapeString(side[:c]))
		b.WriteString(`</span>`)
		b.WriteString(html.EscapeString(side[c:]))
	}
	return b.String()
}

// onRowClick opens the frame of the row clicked.
func (c *Conversations) onRowClick(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		if e.Get("target").Call("closest", "[data-sort]").Truthy() {
			c.List.Sorting = !c.List.Sorting
			c.catchUp(ctx)
			return
		}
		row := e.Get("target").Call("closest", "tr[data-row]")
		if !row.Truthy() {
			ctx.PreventUpdate()
			return
		}
		i, err := strconv.Atoi(row.Get("dataset").Get("row").String())
		if err != nil {
			return
		}
		c.open(ctx, i)
	})
}

// frameSize is a frame's size in bytes, and when the capture has fewer of
// them (a snap length cut it, cut) the size its prefix gives and what the
// capture has: "104 B (30 in the capture)", its unit within (a phone's
// list adds " B" to a plain size).
func frameSize(b []byte) (size string, cut bool) {
	n := strconv.Itoa(len(b))
	if len(b) < 4 {
		return n, false
	}
	if want := 4 + int64(int32(binary.BigEndian.Uint32(b))); want > int64(len(b)) {
		return strconv.FormatInt(want, 10) + " B (" + n + " in the capture)", true
	}
	return n, false
}

// latency writes a duration to the microsecond, the precision of most captures.
func latency(d time.Duration) string {
	switch {
	case d < time.Millisecond:
		return strconv.FormatFloat(float64(d)/float64(time.Microsecond), 'f', 0, 64) + " µs"
	case d < time.Second:
		return strconv.FormatFloat(float64(d)/float64(time.Millisecond), 'f', 2, 64) + " ms"
	}
	return strconv.FormatFloat(d.Seconds(), 'f', 3, 64) + " s"
}

func (c *Conversations) pageRange(n int) (from, to int) {
	l := c.List
	pages := (n + rowsPerPage - 1) / rowsPerPage
	if l.Page >= pages {
		l.Page = max(pages-1, 0)
	}
	from = l.Page * rowsPerPage
	return from, min(from+rowsPerPage, n)
}

func (c *Conversations) pager() app.UI {
	l := c.List
	n := l.Matching()
	if n <= rowsPerPage {
		return nil
	}
	from, to := c.pageRange(n)
	return app.Div().Class("paste-step").Body(
		app.Button().Class("btn small").Attr("data-op", "conv-prev").Text("‹").Aria("label", "previous rows").Disabled(from == 0).OnClick(c.onPrevPage),
		app.Span().ID("conv-pos").Text("rows "+strconv.Itoa(from+1)+"–"+strconv.Itoa(to)+" of "+strconv.Itoa(n)),
		app.Button().Class("btn small").Attr("data-op", "conv-next").Text("›").Aria("label", "next rows").Disabled(to >= n).OnClick(c.onNextPage),
	)
}

// onPrevPage and onNextPage turn the page of the list shown now: a method,
// not a closure over the list, since go-app keeps a button's first
// handler and the component may be given another list.
func (c *Conversations) onPrevPage(ctx app.Context, e app.Event) {
	guard(ctx, func() { c.List.Page--; c.List.Gen++ })
}

func (c *Conversations) onNextPage(ctx app.Context, e app.Event) {
	guard(ctx, func() { c.List.Page++; c.List.Gen++ })
}

func (c *Conversations) onFilter(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		c.List.Typed = ctx.JSSrc().Get("value").String()
		c.catchUp(ctx)
	})
}

// matchSlice is how long the page matches frames against a filter before
// it lets the browser paint and take the next key.
const matchSlice = 8 * time.Millisecond

// catchUp shows the list as the filter box and the sort ask once its
// frames are matched (CaptureList.CatchUp), matching them a slice of time
// at a time: half a million frames took some 100 ms of wasm to filter and
// more to sort, which froze the page at every key. Until then the list
// shows what it showed. A key typed or a sort asked for meanwhile starts a
// new matching, and the one under way stops.
func (c *Conversations) catchUp(ctx app.Context) {
	c.asked++
	c.catchUpSlice(ctx, c.List, c.asked)
}

func (c *Conversations) catchUpSlice(ctx app.Context, l *CaptureList, asked int) {
	if l != c.List || asked != c.asked {
		ctx.PreventUpdate()
		return
	}
	if l.CatchUp(matchSlice) {
		return
	}
	ctx.PreventUpdate()
	// A timer, not a dispatch: the browser's turn comes between the two.
	ctx.After(time.Millisecond, func(ctx app.Context) {
		guard(ctx, func() { c.catchUpSlice(ctx, l, asked) })
	})
}

// open shows frame i and its pair on their page, as the paste box shows a paste.
func (c *Conversations) open(ctx app.Context, i int) {
	path, frag, ok := c.List.Target(i)
	if !ok || !app.IsClient {
		return
	}
	c.List.Cur = i
	c.List.Gen++
	full := Href(path) + "#" + frag
	loc := app.Window().Get("location")
	if sitePath(loc.Get("pathname").String()) == path && c.On != nil {
		if strings.TrimPrefix(loc.Get("hash").String(), "#") != frag {
			app.Window().Get("history").Call("pushState", nil, "", full)
		}
		c.On.ShowPaste(ctx)
		return
	}
	ctx.Navigate(full)
}
