package ui

import (
	"html"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/kafkawire/kafkawire/codec/conversation"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/maxence-charriere/go-app/v10/pkg/app"
)

// groupSize is how many children a large array shows per group ([0..99], [100..199], ...).
const groupSize = 100

// bigTree is the node count above which only the first levels start open.
const bigTree = 2000

// manyElements is the element count above which an array's elements start
// closed, each on one row that sums up its fields: an ApiVersions
// response, the first frame of every connection, then reads as one row
// per API instead of five, and opens in a fifth of the time.
const manyElements = 16

// LayoutTree draws the codec's layout tree: name, type, value, [offset, size]
// and description per node, collapsible. Children are rendered only when
// their node is open, and large arrays open in groups.
type LayoutTree struct {
	app.Compo

	On    PaneEvents
	Dir   schema.Direction
	Tree  *layout.Node
	SelID string
	HovID string
	// The editor shown in place under the selected node.
	Edit    EditorInfo
	EditErr string
	// Folded starts the tree with only the frame's parts (size, header,
	// body) showing; what the user opens stays open.
	Folded bool
	// TopicNames names the topic ids the tree holds (TopicNames.Of); nil
	// for none.
	TopicNames *conversation.TopicNames

	open     map[string]bool // explicit open/closed per node or group id
	big      bool
	counted  *layout.Node
	revealed string
	focusID  string // the row to put the focus back on (keepFocus, moveTo)
	// active is a group row ([100..199]) the keys moved to, which holds the
	// tree's one Tab stop while the selection stays activeFor: a group
	// row has no field to select.
	active, activeFor string
	// stops are the rows that may hold the tree's Tab stop, best first,
	// and stopAt where Render drew each (-1: not drawn).
	stops  []string
	stopAt []int
	// typed is what the keys typed on the rows spell so far, the last of
	// them at typedAt (typeAhead).
	typed   string
	typedAt time.Time
}

func (t *LayoutTree) OnMount(ctx app.Context) {
	if !app.IsClient {
		return
	}
	treeKeysOnce.Do(func() {
		app.Window().Get("document").Call("addEventListener", "keydown", app.FuncOf(stopTreeKeyDefault))
	})
}

var treeKeysOnce sync.Once

// stopTreeKeyDefault stops the default of a key the tree moves by, pressed
// on a tree row: the scrolling of the tree's box or the page, which would
// fight the focus moving to the row. It runs in the event, as go-app's
// handlers, which run after it, cannot.
func stopTreeKeyDefault(this app.Value, args []app.Value) any {
	if len(args) == 0 {
		return nil
	}
	e := args[0]
	switch e.Get("key").String() {
	case "ArrowUp", "ArrowDown", "ArrowLeft", "ArrowRight", "Home", "End", " ":
	default:
		return nil
	}
	if e.Get("altKey").Bool() || e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() {
		return nil
	}
	if tg := e.Get("target"); tg.Truthy() && tg.Get("classList").Truthy() &&
		tg.Get("classList").Call("contains", "tn").Bool() && tg.Call("closest", ".tree").Truthy() {
		e.Call("preventDefault")
	}
	return nil
}

func (t *LayoutTree) OnUpdate(ctx app.Context) {
	if t.SelID != "" && t.SelID != t.revealed {
		t.revealed = t.SelID
		t.openTo(t.SelID)
		id := t.SelID
		inGrid := gridPick.on != nil && gridPick.on == t.On && gridPick.dir == t.Dir
		ctx.Defer(func(ctx app.Context) {
			if !t.Mounted() {
				return
			}
			if el := t.rowElement(id); el.Truthy() {
				revealRow(t.JSValue(), el, inGrid)
			}
		})
	}
}

// gridPick is the grid the user selected a byte in (its pane's events and
// direction), from the press or key to the end of the render that follows
// (ByteGrid.selectByte): the tree then shows the selected row without
// moving the grid.
var gridPick struct {
	on  PaneEvents
	dir schema.Direction
}

// revealRow brings the tree's row into view. A selection made in the grid
// must leave the grid under the user's finger or cursor: the row is
// scrolled into view inside the tree's own scroller where it has one (a
// pane narrower than a desktop's, a learn example); else the page scrolls
// only where the grid stays in view beside the tree (a desktop, whose grid
// column is sticky). On a phone, the tree below the grid in the page, the
// page stays and the details under the grid say what was selected.
func revealRow(tree, row app.Value, inGrid bool) {
	if !inGrid {
		row.Call("scrollIntoView", map[string]any{"block": "nearest"})
		return
	}
	if box := scrollerOf(tree); box.Truthy() {
		scrollWithin(box, row)
		return
	}
	if pg := tree.Call("closest", ".pane-body"); pg.Truthy() {
		if g := pg.Call("querySelector", ".pane-grid"); g.Truthy() &&
			app.Window().Call("getComputedStyle", g).Get("position").String() == "sticky" {
			row.Call("scrollIntoView", map[string]any{"block": "nearest"})
		}
	}
}

// scrollerOf is el or its nearest ancestor that scrolls its content up and
// down (the page's own scroller excluded), or a value that is not truthy.
func scrollerOf(el app.Value) app.Value {
	doc := app.Window().Get("document")
	body, root := doc.Get("body"), doc.Get("documentElement")
	for ; el.Truthy() && !el.Equal(body) && !el.Equal(root); el = el.Get("parentElement") {
		oy := app.Window().Call("getComputedStyle", el).Get("overflowY").String()
		if (oy == "auto" || oy == "scroll") && el.Get("scrollHeight").Int() > el.Get("clientHeight").Int() {
			return el
		}
	}
	return app.Null()
}

// scrollWithin scrolls box, and nothing else, the least that puts row
// inside its view (as scrollIntoView's block "nearest" does, for one box):
// inside the part of the box the window shows, when that can hold the row.
func scrollWithin(box, row app.Value) {
	b, r := box.Call("getBoundingClientRect"), row.Call("getBoundingClientRect")
	top := b.Get("top").Float() + box.Get("clientTop").Float()
	bottom := top + box.Get("clientHeight").Float()
	rt, rb := r.Get("top").Float(), r.Get("bottom").Float()
	if vt, vb := max(top, 0), min(bottom, app.Window().Get("innerHeight").Float()); vb-vt >= rb-rt {
		top, bottom = vt, vb
	}
	switch {
	case rt < top:
		box.Set("scrollTop", box.Get("scrollTop").Float()-(top-rt))
	case rb > bottom:
		box.Set("scrollTop", box.Get("scrollTop").Float()+min(rb-bottom, rt-top))
	}
}

// openTo opens every ancestor (and group) of the node with id.
func (t *LayoutTree) openTo(id string) {
	if t.open == nil {
		t.open = map[string]bool{}
	}
	parts := strings.Split(id, ".")
	for i := 1; i < len(parts); i++ {
		anc := strings.Join(parts[:i], ".")
		t.open[anc] = true
		if idx, err := strconv.Atoi(parts[i]); err == nil && idx >= groupSize {
			t.open[anc+"#"+strconv.Itoa(idx/groupSize)] = true
		}
	}
}

// isOpen says whether the row with id is open: as the user left it, or
// as it starts. crowded says it is an element of an array of many.
func (t *LayoutTree) isOpen(id string, depth int, group, crowded bool) bool {
	if v, ok := t.open[id]; ok {
		return v
	}
	if group {
		return strings.HasSuffix(id, "#0")
	}
	switch {
	case crowded:
		return false
	case t.Folded:
		return depth < 1
	case t.big:
		return depth < 3
	}
	return true
}

func (t *LayoutTree) Render() app.UI {
	if t.Tree == nil {
		return app.Div().Class("tree")
	}
	if t.counted != t.Tree {
		t.counted = t.Tree
		// Counting builds nothing: records not opened yet count by their
		// bytes, so a frame of a million records starts with its first
		// levels open and costs no record nodes until one is opened.
		t.big = t.Tree.Count(bigTree+1) > bigTree
	}
	t.stops = t.stopCandidates()
	t.stopAt = t.stopAt[:0]
	for range t.stops {
		t.stopAt = append(t.stopAt, -1)
	}
	var rows []app.UI
	t.rows(&rows, t.Tree, "0", 0, false, "", "@"+t.Tree.Name)
	// One Tab stop (WAI-ARIA's roving tabindex): the selected row, or
	// where it is hidden the nearest row drawn above it, or the first.
	for _, at := range t.stopAt {
		if at < 0 {
			continue
		}
		if el, ok := rows[at].(app.HTMLDiv); ok {
			rows[at] = el.TabIndex(0)
		}
		break
	}
	return app.Div().Class("tree").Attr("role", "tree").Aria("label", "tree of the "+t.Dir.String()).
		OnClick(t.onClick).
		OnMouseOver(t.onOver).
		OnKeyDown(t.onKey).
		Body(rows...)
}

// stopCandidates are the rows that may hold the tree's one Tab stop, best
// first: the group row the keys moved to (while the selection is the one
// it moved from), the selected row, the rows above it (its group, its
// parent, ...) for when a closed one hides it, and the first row.
func (t *LayoutTree) stopCandidates() []string {
	var c []string
	if t.active != "" && t.activeFor == t.SelID {
		c = append(c, t.active)
	}
	if id := t.SelID; id != "" {
		c = append(c, id)
		for cut := strings.LastIndexByte(id, '.'); cut > 0; cut = strings.LastIndexByte(id, '.') {
			parent := id[:cut]
			if idx, err := strconv.Atoi(id[cut+1:]); err == nil {
				c = append(c, parent+"#"+strconv.Itoa(idx/groupSize))
			}
			c = append(c, parent)
			id = parent
		}
	}
	return append(c, "0")
}

// markStop notes that the row with id is drawn at rows[at], if it may hold
// the Tab stop.
func (t *LayoutTree) markStop(id string, at int) {
	for i, s := range t.stops {
		if s == id && t.stopAt[i] < 0 {
			t.stopAt[i] = at
		}
	}
}

// rows appends the rows of n and of its open descendants. pass is the value
// path n hands to its children, data its data-path; both are derived here,
// for the rows drawn only.
func (t *LayoutTree) rows(out *[]app.UI, n *layout.Node, id string, depth int, crowded bool, pass, data string) {
	open := isLeaf(n) || t.isOpen(id, depth, false, crowded)
	t.markStop(id, len(*out))
	*out = append(*out, t.row(n, id, depth, open, data))
	if id == t.SelID && t.Edit.Kind != "" {
		// A tree may hold treeitems only (axe-core counts a group's own
		// children as the tree's): the editor is an item of its own.
		*out = append(*out, app.Div().Class("tree-edit").Attr("role", "treeitem").Aria("label", "edit "+n.Name).
			Style("--d", strconv.Itoa(depth)).Body(
			&FieldEditor{On: t.On, Dir: t.Dir, Info: t.Edit, Err: t.EditErr},
		))
	}
	if !open {
		return
	}
	kids := n.Kids() // records build their nodes when first opened
	if len(kids) <= groupSize {
		for i, c := range kids {
			t.child(out, c, id+"."+strconv.Itoa(i), depth+1, crowdedIn(n, c), pass, data)
		}
		return
	}
	for g := 0; g*groupSize < len(kids); g++ {
		gid := id + "#" + strconv.Itoa(g)
		lo, hi := g*groupSize, min((g+1)*groupSize, len(kids))
		gopen := t.isOpen(gid, depth+1, true, false)
		t.markStop(gid, len(*out))
		*out = append(*out, app.Div().Class("tn grp").Attr("data-id", gid).Attr("role", "treeitem").
			Aria("expanded", strconv.FormatBool(gopen)).Aria("selected", "false").TabIndex(-1).
			Style("--d", strconv.Itoa(depth+1)).Body(
			app.Span().Class("tw").Text(twisty(gopen)),
			app.Span().Class("nm").Text("["+strconv.Itoa(lo)+".."+strconv.Itoa(hi-1)+"]"),
			app.Span().Class("ty").Text(strconv.Itoa(hi-lo)+" nodes"),
		))
		if gopen {
			for i := lo; i < hi; i++ {
				t.child(out, kids[i], id+"."+strconv.Itoa(i), depth+2, crowdedIn(n, kids[i]), pass, data)
			}
		}
	}
}

func (t *LayoutTree) child(out *[]app.UI, c *layout.Node, id string, depth int, crowded bool, pass, data string) {
	path, next := message.ChildPath(pass, c)
	t.rows(out, c, id, depth, crowded, next, childData(data, path, c))
}

// crowdedIn reports whether c is an element of parent, an array (or a
// batch of records) of more than manyElements: such an element starts
// closed. An element's step in the value's path is its index.
func crowdedIn(parent, c *layout.Node) bool {
	return len(parent.Children) > manyElements && c.Key != "" && c.Key[0] >= '0' && c.Key[0] <= '9'
}

// isLeaf reports whether n has no children, counting those it would build when opened.
func isLeaf(n *layout.Node) bool { return len(n.Children) == 0 && n.Built() }

func twisty(open bool) string {
	if open {
		return "▾"
	}
	return "▸"
}

// row is one row of the tree: an element go-app keeps, so that a change of
// its class (selected, hovered) leaves it, and the focus and a click in
// progress on it, in place, holding what it shows as HTML (rowHTML).
func (t *LayoutTree) row(n *layout.Node, id string, depth int, open bool, data string) app.UI {
	cls := "tn"
	switch id {
	case t.SelID:
		cls += " sel"
	case t.HovID:
		cls += " hov"
	}
	if n.Err != nil {
		cls += " err"
	}
	el := app.Div().Class(cls).Attr("data-id", id).Attr("data-path", data).
		Attr("role", "treeitem").Aria("selected", strconv.FormatBool(id == t.SelID)).TabIndex(-1).
		Style("--d", strconv.Itoa(depth)) // the indent, by depth (kafkawire.css)
	brief := ""
	if !open && n.Value == "struct" && len(n.Children) > 0 {
		brief = "{" + fieldsInBrief(n, t.TopicNames) + "}"
	}
	switch {
	case n.Desc != "":
		// The full description, which the row cuts short. Descriptions are the
		// project's own text, never user data; go-app quotes pre-rendered
		// attributes with strconv.Quote, whose \" ends an HTML attribute, so
		// double quotes become single ones.
		el = el.Title(strings.ReplaceAll(n.Desc, `"`, "'"))
	case brief != "":
		// A closed struct's fields in brief, which a narrow pane cuts
		// short: whole on hover. They hold the bytes' values (strings
		// among them), so no quote may end the attribute either.
		el = el.Title(strings.ReplaceAll(brief, `"`, "'"))
	}
	if !isLeaf(n) {
		el = el.Aria("expanded", strconv.FormatBool(open))
	}
	return el.Body(app.Raw(rowHTML(n, open, brief, t.TopicNames.Of(n))))
}

// rowHTML is what a row shows: its twisty, its region's swatch and its
// texts, as HTML in a span that makes no box of its own (display:
// contents), so that they lay out as the row's own children. As go-app
// elements they were nine elements and some forty calls into JavaScript
// to mount, each element a js.Value with a finalizer: an ApiVersions
// response's tree of 430 rows took 280 ms to mount. As HTML the browser
// parses them in one call. Every text is escaped: names and values come
// from the bytes decoded.
// topic is the name of the topic whose id the node holds, "" for none.
func rowHTML(n *layout.Node, open bool, brief, topic string) string {
	var b strings.Builder
	b.Grow(200 + len(n.Name) + len(n.Value) + len(n.Desc))
	text := func(class, text string) {
		b.WriteString(`<span class="`)
		b.WriteString(class)
		b.WriteString(`">`)
		b.WriteString(html.EscapeString(text))
		b.WriteString(`</span>`)
	}
	b.WriteString(`<span class="ri">`)
	tw := ""
	if !isLeaf(n) {
		tw = twisty(open)
	}
	text("tw", tw)
	text("sw r"+strconv.Itoa(int(n.Region)), "")
	// The texts sit in a box of their own beside the twisty and the swatch,
	// so that on a phone, where they wrap, every line starts under the name.
	// A row that warns or fails puts what it says on a line of its own
	// (class wr), so that it does not squeeze the value.
	warn := n.Warn()
	if warn != "" || n.Err != nil {
		b.WriteString(`<span class="tb wr">`)
	} else {
		b.WriteString(`<span class="tb">`)
	}
	text("nm", n.Name)
	if n.Type != "" {
		text("ty", n.Type)
	}
	value, short := "", false
	switch {
	case brief != "": // a closed struct says what its fields hold, on its own row
		value = "= " + brief
	case n.Value != "":
		value = "= " + n.Value
	}
	// A short value is the last text a narrow row cuts (kafkawire.css):
	// "decompressed" and the offsets give way before it. A topic id is one,
	// its topic's name beside it or not.
	short = utf8.RuneCountInString(value) <= wholeValue
	if topic != "" && brief == "" && n.Value != "" {
		value += " (" + topic + ")"
	}
	if value != "" {
		if short {
			text("va whole", value)
		} else {
			text("va", value)
		}
	}
	if n.Buf > 0 {
		// Offsets in a batch's decompressed records, not in the frame:
		// said in words, not by a buffer number that reads as a batch index.
		// The words are the first thing a narrow row cuts.
		text("dz", "decompressed")
	}
	text("sp", span(n.Off, n.End))
	if n.Desc != "" {
		text("de", n.Desc)
	}
	if warn != "" {
		text("warn", "warning: "+warn)
	}
	if n.Err != nil {
		text("errmsg", "error: "+n.Err.Error())
	}
	b.WriteString(`</span></span>`)
	return b.String()
}

// wholeValue is the longest value, in characters with its "= ", that a
// narrow row keeps whole before its offsets; a longer one is cut short
// (with "…") first, the details panel showing it whole.
const wholeValue = 32

// briefLen is about as long as a closed struct's fields in brief get.
const briefLen = 100

// fieldsInBrief is a struct's fields and their values on one line, "ApiKey
// 0 (Produce), MinVersion 3, MaxVersion 13", its nested structs as "{…}",
// cut short with "…" past briefLen, a topic id with its topic's name
// (topics; nil for none). Wire-level parts (lengths, tagged field counts)
// are left out: they have no key.
func fieldsInBrief(n *layout.Node, topics *conversation.TopicNames) string {
	var b strings.Builder
	runes := 0 // of b
	write := func(s string) {
		b.WriteString(s)
		runes += utf8.RuneCountInString(s)
	}
	for _, c := range n.Children {
		if c.Key == "" {
			continue
		}
		if runes > briefLen {
			write(", …")
			break
		}
		if runes > 0 {
			write(", ")
		}
		write(c.Name + " ")
		switch {
		case c.Value == "struct":
			write("{…}")
		case len(c.Value) > briefLen/2 && utf8.RuneCountInString(c.Value) > briefLen/2:
			write(string([]rune(c.Value)[:briefLen/2]) + "…")
		default:
			write(c.Value)
		}
		if topic := topics.Of(c); topic != "" {
			write(" (" + topic + ")")
		}
	}
	return b.String()
}

// keepFocus puts the focus back, after the render a handler is about to
// cause, on the row that has it now, should the render lose it. Selecting
// a row by Enter lost it: go-app matches elements by position, and the
// editor row that opens under the selected one shifts the rows after it,
// so the element that had the focus may be another row's, or the editor's,
// or gone (the focus then falls to the document's body). The newest
// request is the one kept.
func (t *LayoutTree) keepFocus(ctx app.Context) {
	if !t.Mounted() {
		return
	}
	doc := app.Window().Get("document")
	had := doc.Get("activeElement")
	if !had.Truthy() || !t.JSValue().Call("contains", had).Bool() {
		return
	}
	id := had.Get("dataset").Get("id")
	if !id.Truthy() {
		return // the editor's input, which stays
	}
	t.focusID = id.String()
	ctx.Defer(func(app.Context) {
		want := t.focusID
		if want == "" || !t.Mounted() {
			return
		}
		t.focusID = ""
		a := doc.Get("activeElement")
		lost := !a.Truthy() || a.Equal(doc.Get("body")) ||
			(a.Equal(had) && a.Get("dataset").Get("id").String() != want)
		if !lost {
			return // still on the row, or moved on by the user
		}
		if el := t.rowElement(want); el.Truthy() {
			el.Call("focus", map[string]any{"preventScroll": true})
		}
	})
}

// rowElement is the mounted row with id, or a value that is not truthy.
func (t *LayoutTree) rowElement(id string) app.Value {
	return t.JSValue().Call("querySelector", `[data-id="`+id+`"]`)
}

// rowOf finds the tree row an event happened in, ignoring the in-place editor.
func rowOf(e app.Event) (id string, onTwisty bool) {
	t := e.Get("target")
	if !t.Truthy() || t.Call("closest", ".tree-edit").Truthy() {
		return "", false
	}
	r := t.Call("closest", "[data-id]")
	if !r.Truthy() {
		return "", false
	}
	return r.Get("dataset").Get("id").String(), t.Get("classList").Call("contains", "tw").Bool()
}

func (t *LayoutTree) toggle(id string, open bool) {
	if t.open == nil {
		t.open = map[string]bool{}
	}
	t.open[id] = open
}

func (t *LayoutTree) onClick(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		id, tw := rowOf(e)
		switch {
		case id == "":
			ctx.PreventUpdate()
		case tw || strings.Contains(id, "#"):
			t.keepFocus(ctx)
			t.toggle(id, !t.openNow(id))
		case t.On != nil:
			t.keepFocus(ctx)
			t.revealed = id // the user is looking at it already
			t.On.SelectNode(ctx, t.Dir, id)
		}
	})
}

// openNow reports whether the row with id is open as drawn.
func (t *LayoutTree) openNow(id string) bool {
	if v, ok := t.open[id]; ok {
		return v
	}
	depth := strings.Count(id, ".")
	return t.isOpen(id, depth, strings.Contains(id, "#"), t.crowded(id))
}

// crowded reports whether the row with id is an element of an array of
// many, as rows decides it.
func (t *LayoutTree) crowded(id string) bool {
	cut := strings.LastIndexByte(id, '.')
	if cut < 0 || strings.Contains(id, "#") {
		return false
	}
	parent, n := nodeByID(t.Tree, id[:cut]), nodeByID(t.Tree, id)
	return parent != nil && n != nil && crowdedIn(parent, n)
}

func (t *LayoutTree) onOver(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		id, _ := rowOf(e)
		if id == "" || strings.Contains(id, "#") || t.On == nil || !t.On.HoverNode(ctx, t.Dir, id) {
			ctx.PreventUpdate()
		}
	})
}

// The tree's keys follow WAI-ARIA's tree pattern: Up and Down move to the
// row above and below, Right opens a closed row or moves to its first
// child, Left closes an open row or moves to its parent, Home and End move
// to the first and last row; moving selects the row, as a click does.
// Enter (or F2) on a row puts the focus in its editor (the first input
// of the editor under the selected row); Enter on a row with no input
// opens or closes it, Escape closes it, and Escape in the editor puts
// the focus back on its row. Space selects a row, or opens or closes the
// selected one, as Enter did before the editor took it. A letter or digit
// typed moves to the next row whose name starts with it (typeAhead).
func (t *LayoutTree) onKey(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		key := e.Get("key").String()
		if e.Get("altKey").Bool() || e.Get("ctrlKey").Bool() || e.Get("metaKey").Bool() {
			ctx.PreventUpdate()
			return
		}
		if ed := e.Get("target").Call("closest", ".tree-edit"); ed.Truthy() {
			// In the editor: Escape goes back to the row (the editor's own
			// handler has put the input's value back).
			if row := ed.Get("previousElementSibling"); key == "Escape" && row.Truthy() && row.Get("dataset").Get("id").Truthy() {
				row.Call("focus")
			}
			ctx.PreventUpdate()
			return
		}
		row := t.keyRow(e)
		if !row.Truthy() {
			ctx.PreventUpdate()
			return
		}
		id := row.Get("dataset").Get("id").String()
		group := strings.Contains(id, "#")
		expanded := row.Call("getAttribute", "aria-expanded")
		isOpen, canOpen := false, expanded.Truthy()
		if canOpen {
			isOpen = expanded.String() == "true"
		}
		switch key {
		case "ArrowDown":
			t.moveTo(ctx, nextRow(row, "nextElementSibling"))
		case "ArrowUp":
			t.moveTo(ctx, nextRow(row, "previousElementSibling"))
		case "Home", "End":
			all := ctx.JSSrc().Call("querySelectorAll", ".tn[data-id]")
			if n := all.Get("length").Int(); n > 0 {
				at := 0
				if key == "End" {
					at = n - 1
				}
				t.moveTo(ctx, all.Call("item", at))
			} else {
				ctx.PreventUpdate()
			}
		case "ArrowRight":
			switch {
			case canOpen && !isOpen:
				t.keepFocus(ctx)
				t.toggle(id, true)
			case isOpen:
				kid := nextRow(row, "nextElementSibling")
				if kid.Truthy() && isUnder(kid.Get("dataset").Get("id").String(), id) {
					t.moveTo(ctx, kid)
					return
				}
				ctx.PreventUpdate()
			default:
				ctx.PreventUpdate()
			}
		case "ArrowLeft":
			if isOpen {
				t.keepFocus(ctx)
				t.toggle(id, false)
				return
			}
			t.moveTo(ctx, t.parentRow(id))
		case "Escape":
			t.keepFocus(ctx)
			t.toggle(id, false)
		case "Enter", "F2":
			switch {
			case group:
				t.keepFocus(ctx)
				t.toggle(id, !isOpen)
			case id != t.SelID:
				// Select it; its editor opens with the render.
				t.moveTo(ctx, row)
				t.focusEditorAfter(ctx, id, key == "F2")
			default:
				if c := editorControl(row, key == "F2"); c.Truthy() {
					c.Call("focus")
					ctx.PreventUpdate()
					return
				}
				if key == "Enter" && canOpen {
					t.keepFocus(ctx)
					t.toggle(id, !isOpen)
					return
				}
				if c := editorControl(row, true); c.Truthy() {
					c.Call("focus") // a field whose edits are buttons only
				}
				ctx.PreventUpdate()
			}
		case " ":
			t.keepFocus(ctx)
			if !group && t.On != nil && id != t.SelID {
				t.revealed = id
				t.On.SelectNode(ctx, t.Dir, id)
				return
			}
			t.toggle(id, !t.openNow(id))
		default:
			if match := t.typeAhead(ctx, row, key); match.Truthy() {
				t.moveTo(ctx, match)
				return
			}
			ctx.PreventUpdate()
		}
	})
}

// typeAheadPause is how long after a typed character the next one still
// adds to the name being looked for.
const typeAheadPause = 700 * time.Millisecond

// typeAhead is the row that a printable key typed on row moves to, as
// WAI-ARIA's tree pattern has it: the next row whose name starts with the
// characters typed in quick succession (case aside), from the row after
// this one round to it; a repeated first character goes on to the next
// such row. It is a value that is not truthy when no row matches or the
// key types nothing.
func (t *LayoutTree) typeAhead(ctx app.Context, row app.Value, key string) app.Value {
	if utf8.RuneCountInString(key) != 1 || key == " " {
		return app.Null()
	}
	now := time.Now()
	if now.Sub(t.typedAt) > typeAheadPause {
		t.typed = ""
	}
	t.typed += strings.ToLower(key)
	t.typedAt = now
	want := t.typed
	if r := []rune(want); len(r) > 1 && strings.Count(want, string(r[0])) == len(r) {
		want = string(r[0]) // "ppp": the third row starting with p
	}
	all := ctx.JSSrc().Call("querySelectorAll", ".tn[data-id]")
	n := all.Get("length").Int()
	at := 0
	for i := 0; i < n; i++ {
		if all.Call("item", i).Equal(row) {
			at = i
			break
		}
	}
	// A longer name typed may still be the current row's: start there.
	from := at + 1
	if len(want) > 1 {
		from = at
	}
	for k := 0; k < n; k++ {
		r := all.Call("item", (from+k)%n)
		if nm := r.Call("querySelector", ".nm"); nm.Truthy() && strings.HasPrefix(strings.ToLower(nm.Get("textContent").String()), want) {
			return r
		}
	}
	return app.Null()
}

// keyRow is the row a key was pressed on: the row that has the focus
// now, which a key handled before this one may have moved (go-app runs
// handlers after their events, so two presses can both be queued on the
// first row), or else the row the event was on.
func (t *LayoutTree) keyRow(e app.Event) app.Value {
	if a := app.Window().Get("document").Get("activeElement"); a.Truthy() && a.Get("dataset").Get("id").Truthy() &&
		t.Mounted() && t.JSValue().Call("contains", a).Bool() {
		return a
	}
	tg := e.Get("target")
	if !tg.Truthy() {
		return app.Null()
	}
	if tg.Call("closest", ".tree-edit").Truthy() {
		return app.Null()
	}
	return tg.Call("closest", "[data-id]")
}

// nextRow is the row after (dir "nextElementSibling") or before row,
// passing over the editor, or a value that is not truthy.
func nextRow(row app.Value, dir string) app.Value {
	for r := row.Get(dir); r.Truthy(); r = r.Get(dir) {
		if r.Get("dataset").Get("id").Truthy() {
			return r
		}
	}
	return app.Null()
}

// isUnder reports whether the row with id kid is inside the row with id
// (a child, or a group of its elements).
func isUnder(kid, id string) bool {
	return strings.HasPrefix(kid, id+".") || strings.HasPrefix(kid, id+"#")
}

// parentRow is the row above the row with id in the tree: its group
// ([100..199]) where its parent shows its elements in groups, else its
// parent; a value that is not truthy for the first row.
func (t *LayoutTree) parentRow(id string) app.Value {
	if h := strings.LastIndexByte(id, '#'); h > strings.LastIndexByte(id, '.') {
		return t.rowElement(id[:h]) // a group's parent is the array
	}
	cut := strings.LastIndexByte(id, '.')
	if cut < 0 {
		return app.Null()
	}
	parent := id[:cut]
	if idx, err := strconv.Atoi(id[cut+1:]); err == nil {
		if g := t.rowElement(parent + "#" + strconv.Itoa(idx/groupSize)); g.Truthy() {
			return g
		}
	}
	return t.rowElement(parent)
}

// moveTo moves the focus to row and selects it, as a click does; a group
// row, which has no field, takes the focus and the Tab stop only.
func (t *LayoutTree) moveTo(ctx app.Context, row app.Value) {
	if !row.Truthy() {
		ctx.PreventUpdate()
		return
	}
	id := row.Get("dataset").Get("id").String()
	row.Call("focus")
	t.focusAfter(ctx, id)
	if strings.Contains(id, "#") || t.On == nil {
		t.active, t.activeFor = id, t.SelID
		return // the render moves the Tab stop
	}
	wasActive := t.active != ""
	t.active = ""
	if id == t.SelID {
		if !wasActive {
			ctx.PreventUpdate() // the Tab stop is on it already
		}
		return
	}
	t.revealed = id // in view: the focus brought it there
	t.On.SelectNode(ctx, t.Dir, id)
}

// focusAfter puts the focus on the row with id after the render a handler
// is about to cause, should the render move it off (go-app matches
// elements by position: the editor's row, which follows the selection,
// shifts the rows after it). The newest request is the one kept.
func (t *LayoutTree) focusAfter(ctx app.Context, id string) {
	t.focusID = id
	ctx.Defer(func(app.Context) {
		want := t.focusID
		if want == "" || !t.Mounted() {
			return
		}
		t.focusID = ""
		a := app.Window().Get("document").Get("activeElement")
		if a.Truthy() && a.Get("dataset").Get("id").String() == want {
			return
		}
		if a.Truthy() && a.Call("closest", ".tree-edit").Truthy() {
			return // the editor took it (focusEditorAfter)
		}
		if el := t.rowElement(want); el.Truthy() {
			el.Call("focus")
		}
	})
}

// focusEditorAfter puts the focus in the editor of the row with id once
// the render has drawn it: on its first input (a text field, a select, a
// checkbox), or with any on its first control (a button too). Without
// such a control the focus stays on the row.
func (t *LayoutTree) focusEditorAfter(ctx app.Context, id string, any bool) {
	ctx.Defer(func(app.Context) {
		if !t.Mounted() || t.SelID != id {
			return
		}
		if row := t.rowElement(id); row.Truthy() {
			if c := editorControl(row, any); c.Truthy() {
				c.Call("focus")
			}
		}
	})
}

// editorControl is the first input of the editor under row (with any, its
// first control of any kind), or a value that is not truthy.
func editorControl(row app.Value, any bool) app.Value {
	ed := row.Get("nextElementSibling")
	if !ed.Truthy() || !ed.Get("classList").Call("contains", "tree-edit").Bool() {
		return app.Null()
	}
	sel := "input, select, textarea"
	if any {
		sel += ", button"
	}
	return ed.Call("querySelector", sel)
}
