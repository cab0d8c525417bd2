package ui

import (
	"html"
	"strconv"
	"strings"
	"unicode/utf8"

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

	open     map[string]bool // explicit open/closed per node or group id
	big      bool
	counted  *layout.Node
	revealed string
	focusID  string // the row to put the focus back on (keepFocus)
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
	var rows []app.UI
	t.rows(&rows, t.Tree, "0", 0, false, "", "@"+t.Tree.Name)
	return app.Div().Class("tree").Attr("role", "tree").
		OnClick(t.onClick).
		OnMouseOver(t.onOver).
		OnKeyDown(t.onKey).
		Body(rows...)
}

// rows appends the rows of n and of its open descendants. pass is the value
// path n hands to its children, data its data-path; both are derived here,
// for the rows drawn only.
func (t *LayoutTree) rows(out *[]app.UI, n *layout.Node, id string, depth int, crowded bool, pass, data string) {
	open := isLeaf(n) || t.isOpen(id, depth, false, crowded)
	*out = append(*out, t.row(n, id, depth, open, data))
	if id == t.SelID && t.Edit.Kind != "" {
		// A tree may hold treeitems only (axe-core counts a group's own
		// children as the tree's): the editor is an item of its own.
		*out = append(*out, app.Div().Class("tree-edit").Attr("role", "treeitem").Aria("label", "edit "+n.Name).
			Style("padding-left", strconv.Itoa(depth*14+22)+"px").Body(
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
		*out = append(*out, app.Div().Class("tn grp").Attr("data-id", gid).Attr("role", "treeitem").
			Aria("expanded", strconv.FormatBool(gopen)).TabIndex(0).
			Style("padding-left", strconv.Itoa((depth+1)*14)+"px").Body(
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
		Attr("role", "treeitem").TabIndex(0).
		Style("padding-left", strconv.Itoa(depth*14)+"px")
	brief := ""
	if !open && n.Value == "struct" && len(n.Children) > 0 {
		brief = "{" + fieldsInBrief(n) + "}"
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
	return el.Body(app.Raw(rowHTML(n, open, brief)))
}

// rowHTML is what a row shows: its twisty, its region's swatch and its
// texts, as HTML in a span that makes no box of its own (display:
// contents), so that they lay out as the row's own children. As go-app
// elements they were nine elements and some forty calls into JavaScript
// to mount, each element a js.Value with a finalizer: an ApiVersions
// response's tree of 430 rows took 280 ms to mount. As HTML the browser
// parses them in one call. Every text is escaped: names and values come
// from the bytes decoded.
func rowHTML(n *layout.Node, open bool, brief string) string {
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
	value := ""
	switch {
	case brief != "": // a closed struct says what its fields hold, on its own row
		value = "= " + brief
	case n.Value != "":
		value = "= " + n.Value
	}
	if value != "" {
		// A short value is the last text a narrow row cuts (kafkawire.css):
		// "decompressed" and the offsets give way before it.
		if utf8.RuneCountInString(value) <= wholeValue {
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
// cut short with "…" past briefLen. Wire-level parts (lengths, tagged
// field counts) are left out: they have no key.
func fieldsInBrief(n *layout.Node) string {
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

func (t *LayoutTree) onKey(ctx app.Context, e app.Event) {
	guard(ctx, func() {
		id, _ := rowOf(e)
		if id == "" {
			ctx.PreventUpdate()
			return
		}
		row := e.Get("target")
		switch e.Get("key").String() {
		case "Enter", " ":
			e.PreventDefault()
			t.keepFocus(ctx)
			if !strings.Contains(id, "#") && t.On != nil && id != t.SelID {
				t.revealed = id
				t.On.SelectNode(ctx, t.Dir, id)
				return
			}
			t.toggle(id, !t.openNow(id))
		case "Escape", "ArrowLeft":
			t.keepFocus(ctx)
			t.toggle(id, false)
		case "ArrowRight":
			t.keepFocus(ctx)
			t.toggle(id, true)
		case "ArrowDown", "ArrowUp":
			e.PreventDefault()
			next := "nextElementSibling"
			if e.Get("key").String() == "ArrowUp" {
				next = "previousElementSibling"
			}
			for r := row.Get(next); r.Truthy(); r = r.Get(next) {
				if r.Get("dataset").Get("id").Truthy() {
					r.Call("focus")
					break
				}
			}
			ctx.PreventUpdate()
		default:
			ctx.PreventUpdate()
		}
	})
}
