package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// What a tree row shows is written as HTML: what the bytes carry (a client
// id here) is shown as text, never read as markup, and the row keeps what
// the page and its tests find it by.
func TestTreeRowEscapesWhatTheBytesCarry(t *testing.T) {
	api := schema.ByName("ApiVersions")
	m := message.Minimal(api, 3, schema.Request)
	hostile := `"><img src=x onerror=alert(1)>&amp;`
	m.Header.Set("ClientId", hostile)
	d, err := frame.Build(m)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	app.PrintHTML(&b, (&LayoutTree{Tree: d.Tree, SelID: "0.1"}).Render())
	out := b.String()
	assert.NotContains(t, out, "<img", "the value is text")
	assert.Contains(t, out, `<span class="va">= &#34;\&#34;&gt;&lt;img src=x onerror=alert(1)&gt;&amp;amp;&#34; (int16 len=35)</span>`)
	// go-app writes a row's attributes in no fixed order.
	assert.True(t, containsAttrs(out, `class="tn sel" data-id="0.1" data-path="header"`), "the selected header row")
	assert.Contains(t, out, `data-path="header.ClientId"`)
	// One Tab stop, the selected row (roving tabindex); every other row is
	// focusable by the keys the tree moves by.
	assert.Equal(t, 1, strings.Count(out, `tabindex="0"`))
	assert.True(t, containsAttrs(out, `data-id="0.1" data-path="header" role="treeitem" tabindex="0"`), "the Tab stop on the selected row")
	assert.Equal(t, strings.Count(out, `role="treeitem"`)-1, strings.Count(out, `tabindex="-1"`))
}

// The Tab stop stays on the selected row, or, when a closed row hides it,
// on the nearest row above it that is drawn.
func TestTreeTabStopFollowsTheSelection(t *testing.T) {
	m := message.Minimal(schema.ByName("ApiVersions"), 3, schema.Request)
	d, err := frame.Build(m)
	if err != nil {
		t.Fatal(err)
	}
	stop := func(tr *LayoutTree) string {
		var b strings.Builder
		app.PrintHTML(&b, tr.Render())
		out := b.String()
		if n := strings.Count(out, `tabindex="0"`); n != 1 {
			t.Fatalf("%d Tab stops", n)
		}
		for _, el := range strings.Split(out, "<") {
			if strings.Contains(el, `tabindex="0"`) {
				_, id, _ := strings.Cut(el, `data-id="`)
				id, _, _ = strings.Cut(id, `"`)
				return id
			}
		}
		return ""
	}
	assert.Equal(t, "0", stop(&LayoutTree{Tree: d.Tree}), "no selection: the first row")
	assert.Equal(t, "0.1.1", stop(&LayoutTree{Tree: d.Tree, SelID: "0.1.1"}), "the selected row")
	closed := &LayoutTree{Tree: d.Tree, SelID: "0.1.1", open: map[string]bool{"0.1": false}}
	assert.Equal(t, "0.1", stop(closed), "the closed row that hides the selected one")
	grp := &LayoutTree{Tree: d.Tree, SelID: "0.1.1", active: "0.2", activeFor: "0.1.1"}
	assert.Equal(t, "0.2", stop(grp), "the row the keys moved to, while the selection stays")
	grp.SelID = "0.1"
	assert.Equal(t, "0.1", stop(grp), "the selection once it moved")
}
