//go:build e2e

package e2e

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// tabStopsIn is a JavaScript expression: how many rows of the tree under
// scope Tab stops on (tabindex 0).
func tabStopsIn(scope string) string {
	return `document.querySelectorAll(` + jsString(scope+` .tree [role=treeitem][tabindex="0"]`) + `).length`
}

// focusedID is a JavaScript expression: the data-id of the element with
// the focus, or ”.
const focusedID = `((document.activeElement && document.activeElement.dataset.id) || '')`

// selRowJS is a JavaScript function of a scope: what the tree under it
// says of its selection: the ids of the rows aria-selected, the rows that
// hold the Tab stop, and the bytes the selected row's span names
// ([0x0010, 4B] is 16 to 19), as strings.
const selRowJS = `(scope => {
  const sel = Array.from(document.querySelectorAll(scope + ' .tree .tn[aria-selected="true"]')).map(r => r.dataset.id);
  const stops = Array.from(document.querySelectorAll(scope + ' .tree [tabindex="0"]')).map(r => r.dataset.id);
  const row = document.querySelector(scope + ' .tree .tn.sel');
  const m = row && row.querySelector('.sp').textContent.match(/^\[0x([0-9a-f]+), (\d+)B\]$/);
  const bytes = m ? Array.from({length: +m[2]}, (_, i) => String(parseInt(m[1], 16) + i)) : [];
  return {sel, stops, bytes};
})`

type treeSel struct {
	Sel   []string `json:"sel"`
	Stops []string `json:"stops"`
	Bytes []string `json:"bytes"`
}

// rowsIn is a JavaScript expression: the ids of the rows the tree under
// scope draws, in order.
func rowsIn(scope string) string {
	return `Array.from(document.querySelectorAll(` + jsString(scope+` .tree .tn[data-id]`) + `)).map(r => r.dataset.id)`
}

// press sends one key to the element with the focus.
func (s *session) press(key string) {
	s.t.Helper()
	s.do(10*time.Second, chromedp.KeyEvent(key))
}

// expectSelected waits for the row with id to be the tree's one selected
// row, its Tab stop and the element with the focus, and checks that the
// grid shows its bytes selected.
func (s *session) expectSelected(scope, id, after string) {
	s.t.Helper()
	s.waitFor("row "+id+" selected after "+after,
		`(t => t.sel.length == 1 && t.sel[0] == `+jsString(id)+` && t.stops.length == 1 && t.stops[0] == `+jsString(id)+`)(`+selRowJS+`(`+jsString(scope)+`)) && `+focusedID+` == `+jsString(id))
	got := eval[treeSel](s, selRowJS+`(`+jsString(scope)+`)`)
	if len(got.Bytes) == 0 {
		return // a node of no bytes of its own
	}
	s.waitFor("the grid showing the bytes of "+id+" selected ("+strings.Join(got.Bytes, ",")+")",
		`JSON.stringify(`+frameGrid(scope).offsWith("sel")+`) == `+jsString(`["`+strings.Join(got.Bytes, `","`)+`"]`))
}

// The Produce v13 example's trees were 82 and more Tab stops, a row each:
// each tree is one Tab stop now, and Tab goes from the request's grid to
// the response's in a handful of presses.
func TestTreeIsOneTabStop(t *testing.T) {
	s := newSession(t, false)
	s.open("/Produce/v13")
	s.clickUntil("the example", `button[data-op="show-example"]`, `document.querySelector('button[data-op="show-example"]').classList.contains('on')`)
	for _, scope := range []string{"#request", "#response"} {
		s.waitFor("the tree of the "+scope, `document.querySelectorAll('`+scope+` .tree .tn').length > 5`)
		rows := eval[int](s, `document.querySelectorAll('`+scope+` .tree .tn').length`)
		if n := eval[int](s, tabStopsIn(scope)); n != 1 {
			t.Errorf("%s: %d of the tree's %d rows are Tab stops, want 1", scope, n, rows)
		}
		if role := eval[string](s, `document.querySelector('`+scope+` .tree').getAttribute('role')`); role != "tree" {
			t.Errorf("%s: the tree's role is %q", scope, role)
		}
		t.Logf("%s: %d rows, one Tab stop", scope, rows)
	}
	if rows := eval[int](s, `document.querySelectorAll('#request .tree .tn').length`); rows < 50 {
		t.Errorf("the example request's tree has %d rows: not the example?", rows)
	}

	s.do(10*time.Second, chromedp.Focus(chromedp.CSS(`#request .grid-scroll`)))
	var path []string
	const most = 12
	for i := 1; i <= most; i++ {
		s.press(kb.Tab)
		where := eval[string](s, `(a => a.tagName.toLowerCase() + (a.className ? '.' + String(a.className).split(' ').join('.') : '') + (a.dataset.op ? '[' + a.dataset.op + ']' : '') + (a.closest('#request') ? ' in the request' : a.closest('#response') ? ' in the response' : ''))(document.activeElement)`)
		path = append(path, where)
		if eval[bool](s, `!!document.activeElement.closest('#response .grid-scroll, #response .pane-grid') || document.activeElement.matches('#response .grid-scroll')`) {
			t.Logf("from the request's grid to the response's in %d Tab presses: %s", i, strings.Join(path, " → "))
			return
		}
	}
	t.Errorf("%d Tab presses from the request's grid did not reach the response's: %s", most, strings.Join(path, " → "))
}

// Up, Down, Home, End, Right and Left move through the tree as WAI-ARIA's
// tree pattern says, each move selecting the row as a click does (the
// grid shows its bytes) and taking the Tab stop with it.
func TestTreeArrowKeysMoveTheSelection(t *testing.T) {
	s := newSession(t, false)
	s.open("/DescribeProducers/v0")
	const scope = "#response"
	if n := eval[int](s, tabStopsIn(scope)); n != 1 {
		t.Fatalf("%d Tab stops in the tree before any selection", n)
	}
	// Nothing selected: Tab from the grid lands on the first row.
	s.do(10*time.Second, chromedp.Focus(chromedp.CSS(scope+` .grid-scroll`)))
	s.press(kb.Tab)
	s.waitFor("the focus on the first row", focusedID+` == '0'`)

	rows := eval[[]string](s, rowsIn(scope))
	if len(rows) < 6 {
		t.Fatalf("rows %v", rows)
	}
	s.press(kb.ArrowDown)
	s.expectSelected(scope, rows[1], "Down")
	// The focus shows: the row moved to by a key has its focus ring.
	if ring := eval[string](s, `(s => s.outlineStyle + ' ' + s.outlineWidth)(getComputedStyle(document.activeElement))`); !strings.HasPrefix(ring, "solid") || strings.HasSuffix(ring, " 0px") {
		t.Errorf("the focused row's outline is %q, want a visible ring", ring)
	}
	s.press(kb.ArrowDown)
	s.expectSelected(scope, rows[2], "Down twice")
	s.press(kb.ArrowUp)
	s.expectSelected(scope, rows[1], "Up")
	s.press(kb.End)
	s.expectSelected(scope, rows[len(rows)-1], "End")
	s.press(kb.Home)
	s.expectSelected(scope, "0", "Home")
	// The root is open: Right goes to its first child.
	s.press(kb.ArrowRight)
	s.expectSelected(scope, "0.0", "Right on the open root")

	// An open array: Left closes it, and the selection stays.
	topics := eval[string](s, `document.querySelector('#response .tn[data-path="body.Topics"]').dataset.id`)
	s.selectNode("response", "body.Topics")
	s.press(kb.ArrowLeft)
	s.waitFor("Topics closed", `document.querySelector('#response .tn[data-path="body.Topics"]').getAttribute('aria-expanded') == 'false' && !document.querySelector('#response .tn[data-path="body.Topics.0"]')`)
	s.expectSelected(scope, topics, "Left on an open row")
	// Left on the closed row goes to its parent.
	parent := topics[:strings.LastIndexByte(topics, '.')]
	s.press(kb.ArrowLeft)
	s.expectSelected(scope, parent, "Left on a closed row")
	// Back down to Topics, Right opens it and the next Right goes to its first child.
	rows = eval[[]string](s, rowsIn(scope))
	at := -1
	for i, r := range rows {
		if r == topics {
			at = i
		}
	}
	if at < 0 {
		t.Fatalf("no row %s in %v", topics, rows)
	}
	for range at - indexOf(rows, parent) {
		s.press(kb.ArrowDown)
	}
	s.expectSelected(scope, topics, "Down to Topics")
	s.press(kb.ArrowRight)
	s.waitFor("Topics open", `document.querySelector('#response .tn[data-path="body.Topics"]').getAttribute('aria-expanded') == 'true'`)
	s.expectSelected(scope, topics, "Right on a closed row")
	s.press(kb.ArrowRight)
	s.expectSelected(scope, topics+".0", "Right on an open row")

	// Type-ahead: a letter moves to the next row whose name starts with
	// it, the same letter again to the one after; letters typed together
	// spell the name's start, looked for round the tree from the row.
	idOf := func(path string) string {
		return eval[string](s, `document.querySelector('#response .tn[data-path=`+jsString(path)+`]').dataset.id`)
	}
	s.press(kb.Home)
	s.expectSelected(scope, "0", "Home")
	s.press("c")
	s.expectSelected(scope, idOf("header.CorrelationId"), "c typed on the root")
	s.press("c")
	s.expectSelected(scope, idOf("body.Topics.0.Partitions.0.ActiveProducers.0.CoordinatorEpoch"), "c typed again")
	time.Sleep(time.Second) // what was typed is forgotten
	s.press("th")
	s.expectSelected(scope, idOf("body.ThrottleTimeMs"), "th typed, round the tree")
	s.screenshot("treekeys")
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// From the grid to the editor by keys alone: the arrows select a field,
// Tab (or Enter) goes to its row in the tree, Enter to its editor, and an
// edit typed there applies; Escape leaves the editor for the row without
// applying what was typed.
func TestTreeEnterEditsTheField(t *testing.T) {
	s := newSession(t, false)
	s.open("/DescribeProducers/v0")
	const (
		scope = "#response"
		field = "body.Topics.0.Partitions.0.PartitionIndex" // [0x0010, 4B]
	)
	focusedPath := `((document.activeElement && document.activeElement.dataset.path) || '')`
	grid := frameGrid(scope)
	s.do(10*time.Second, chromedp.Focus(chromedp.CSS(scope+` .grid-scroll`)))
	s.press(kb.ArrowRight)
	s.press(kb.ArrowDown)
	s.waitFor("the cursor at 17", grid.byteAt(17)+`.cls.includes('cur')`)
	s.waitFor("PartitionIndex selected", `document.querySelector('#response .tn.sel[data-path="`+field+`"]')`)

	// Tab from the grid lands on the selected row, not the tree's first.
	s.press(kb.Tab)
	s.waitFor("the focus on the selected row after Tab", focusedPath+` == '`+field+`'`)
	if n := eval[int](s, tabStopsIn(scope)); n != 1 {
		t.Errorf("%d Tab stops in the tree", n)
	}

	// Enter in the grid goes to the selected row too.
	s.do(10*time.Second, chromedp.Focus(chromedp.CSS(scope+` .grid-scroll`)))
	s.press(kb.Enter)
	s.waitFor("the focus on the selected row after Enter in the grid", focusedPath+` == '`+field+`'`)

	// Enter on the row: the focus in its editor.
	in := `#response input[data-edit="` + field + `"]`
	s.press(kb.Enter)
	s.waitFor("the focus in the editor", `document.activeElement == document.querySelector('`+in+`')`)
	if before := eval[string](s, grid.hexAt(16, 20)); before != "00 00 00 00" {
		t.Fatalf("PartitionIndex bytes %q before the edit", before)
	}
	s.press(kb.End)
	s.press(kb.Backspace)
	s.press("7")
	s.press(kb.Enter)
	s.waitFor("the edit applied", grid.hexAt(16, 20)+` == '00 00 00 07'`)

	// Escape drops what was typed and goes back to the row.
	s.waitFor("the focus still in the editor", `document.activeElement == document.querySelector('`+in+`')`)
	s.press(kb.End)
	s.press("9")
	s.press(kb.Escape)
	s.waitFor("the focus back on the row after Escape", focusedPath+` == '`+field+`'`)
	time.Sleep(300 * time.Millisecond)
	if got := eval[string](s, grid.hexAt(16, 20)); got != "00 00 00 07" {
		t.Errorf("after Escape the bytes are %q, want the last applied 00 00 00 07", got)
	}
	if got := eval[string](s, `document.querySelector('`+in+`').value`); got != "7" {
		t.Errorf("after Escape the editor holds %q, want 7", got)
	}

	// Up and Down select the rows around it, and F2 opens the editor as Enter does.
	s.press(kb.ArrowUp)
	s.waitFor("the row above selected", `document.querySelector('#response .tn.sel') && document.querySelector('#response .tn.sel').dataset.path != '`+field+`'`)
	s.press(kb.ArrowDown)
	s.waitFor("back on PartitionIndex", focusedPath+` == '`+field+`' && document.querySelector('#response .tn.sel[data-path="`+field+`"]')`)
	s.press(kb.F2)
	s.waitFor("the focus in the editor after F2", `document.activeElement == document.querySelector('`+in+`')`)
}
