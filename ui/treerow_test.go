package ui

import (
	"regexp"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
	assert.Equal(t, strings.Count(out, `role="treeitem"`), strings.Count(out, `tabindex="0"`))
}

// The tree's rows are drawn in chunks of chunkRows: selecting a row (which
// opens the editor under it) changes its own chunk's HTML and leaves every
// other chunk's as it was, so the browser builds those rows alone again;
// and the editor never moves a row from one chunk to another.
func TestTreeChunksChangeOnlyWhereARowDoes(t *testing.T) {
	api := schema.ByName("Metadata")
	m := message.Minimal(api, 12, schema.Response)
	for range 12 {
		if err := m.Apply(message.Edit{Op: message.OpAppend, Path: message.ParsePath("body.Topics")}); err != nil {
			t.Fatal(err)
		}
	}
	d, err := frame.Build(m)
	if err != nil {
		t.Fatal(err)
	}
	p := NewPane(api, 12, schema.Response)
	p.Restore(d.Bytes())
	wrapper := regexp.MustCompile(`^<div (class="tree-chunk" role="none"|role="none" class="tree-chunk")>`)
	draw := func(sel string) (chunks []string) {
		tree := &LayoutTree{Tree: p.Decoded.Tree, SelID: sel}
		if sel != "" {
			if !p.SelectID(sel) {
				t.Fatalf("no node %s", sel)
			}
			tree.Edit = p.Editor(p.Selected)
		}
		r := treeRuns{}
		tree.rows(&r, tree.Tree, "0", 0, "", "@"+tree.Tree.Name)
		r.endChunk()
		for _, c := range r.chunks {
			var b strings.Builder
			app.PrintHTML(&b, c)
			chunks = append(chunks, wrapper.ReplaceAllString(strings.TrimSpace(b.String()), ""))
		}
		return chunks
	}
	plain := draw("")
	all := strings.Join(plain, "")
	rows := strings.Count(all, `<div class="tn`)
	assert.Greater(t, rows, 3*chunkRows, "enough rows for several chunks")
	assert.Len(t, plain, (rows+chunkRows-1)/chunkRows)
	for i, c := range plain[:len(plain)-1] {
		assert.Equal(t, chunkRows, strings.Count(c, `<div class="tn`), "chunk %d", i)
	}
	// A row in the third chunk.
	ids := regexp.MustCompile(`<div class="tn[^"]*" data-id="([^"#]+)"`).FindAllStringSubmatch(plain[2], -1)
	require.NotEmpty(t, ids)
	sel := ids[len(ids)/2][1]
	selected := draw(sel)
	require.Len(t, selected, len(plain))
	for i := range plain {
		if i == 2 {
			assert.NotEqual(t, plain[i], selected[i], "the selected row's chunk")
			assert.Contains(t, selected[i], `class="tn sel" data-id="`+sel+`"`)
			assert.Contains(t, selected[i], `tree-edit`, "the editor, in the chunk")
			assert.Equal(t, chunkRows, strings.Count(selected[i], `<div class="tn`), "the editor moves no row to the next chunk")
		} else {
			assert.Equal(t, plain[i], selected[i], "chunk %d", i)
		}
	}
}
