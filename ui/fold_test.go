package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// treeRows is how many rows the pane's tree draws as it starts.
func treeRows(p *Pane) int {
	var b strings.Builder
	app.PrintHTML(&b, (&LayoutTree{Tree: p.Decoded.Tree, Folded: p.Folded}).Render())
	return strings.Count(b.String(), `role="treeitem"`)
}

// A link that carries one side of the exchange folds the other, the
// minimal instance, to its frame's parts: the frame given is what the
// user came to see. A link with both, or none, folds nothing, and an
// instance asked for is shown whole.
func TestALinkFoldsTheSideItDidNotCarry(t *testing.T) {
	api := schema.ByName("Fetch")
	example := func(dir schema.Direction) []byte {
		d, err := frame.Build(message.Example(api, 16, dir))
		require.NoError(t, err)
		return d.Bytes()
	}
	req, resp := example(schema.Request), example(schema.Response)
	path := PagePath(api, 16)

	c := &Page{}
	c.loadPF(path, "")
	require.True(t, c.ok)
	assert.False(t, c.req.Folded || c.resp.Folded, "no link: both whole")
	whole := treeRows(c.req)
	assert.Greater(t, whole, 20, "the minimal Fetch v16 request, fully open")

	c.loadPF(path, Fragment(nil, resp))
	assert.True(t, c.req.Folded, "the request the link did not carry")
	assert.False(t, c.resp.Folded, "the response it carried")
	assert.True(t, c.req.IsMinimal())
	// The frame, and its size, header and body closed.
	assert.Equal(t, 4, treeRows(c.req))
	assert.Greater(t, treeRows(c.resp), 20)
	assert.True(t, c.paneUI(c.req).(*MessagePane).Folded, "the page hands the fold to the request's pane")
	assert.False(t, c.paneUI(c.resp).(*MessagePane).Folded)

	c.loadPF(path, Fragment(req, nil))
	assert.False(t, c.req.Folded)
	assert.True(t, c.resp.Folded, "the response beside a given request")

	c.loadPF(path, Fragment(req, resp))
	assert.False(t, c.req.Folded || c.resp.Folded, "both given: both whole")

	c.loadPF(path, Fragment(nil, resp))
	c.ShowInstance(app.Context{}, false)
	assert.False(t, c.req.Folded || c.resp.Folded, "the minimal instance asked for")
	assert.Equal(t, whole, treeRows(c.req))
}

// What the user opens in a folded tree stays open.
func TestAFoldedTreeOpensWhatTheUserOpens(t *testing.T) {
	p := NewPane(schema.ByName("Fetch"), 16, schema.Request)
	tree := &LayoutTree{Tree: p.Decoded.Tree, Folded: true}
	assert.False(t, tree.openNow("0.2"), "body starts closed")
	tree.toggle("0.2", true)
	assert.True(t, tree.openNow("0.2"))
	var b strings.Builder
	app.PrintHTML(&b, tree.Render())
	rows := strings.Count(b.String(), `role="treeitem"`)
	assert.Greater(t, rows, 4, "the body's fields are drawn once it is open")
	assert.False(t, tree.openNow("0.2.3"), "and they start closed")
}
