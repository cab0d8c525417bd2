//go:build !js

package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// treeRowsByID renders the tree and returns each row's HTML by its data-id.
func treeRowsByID(tr *LayoutTree) map[string]string {
	var b strings.Builder
	app.PrintHTML(&b, tr.Render())
	rows := map[string]string{}
	for _, el := range strings.Split(b.String(), "<div ")[1:] {
		if i := strings.Index(el, `data-id="`); i >= 0 {
			id := el[i+len(`data-id="`):]
			rows[id[:strings.IndexByte(id, '"')]] = el
		}
	}
	return rows
}

// childID is the id of n's child named name, under n's id.
func childID(t *testing.T, n *layout.Node, id, name string) (*layout.Node, string) {
	for i, c := range n.Kids() {
		if c.Name == name {
			return c, fmt.Sprintf("%s.%d", id, i)
		}
	}
	t.Fatalf("%s has no child %s", n.Name, name)
	return nil, ""
}

// The ApiVersions response a kgo client got from kfake lists every API the
// broker serves, one element each. Its elements start closed, each on one
// row that reads as kmsg decodes it (the names of the APIs are the
// catalogue's: kmsg spells a few its own way); a user opens one as any other row, and
// an array of a few elements (the Metadata response's brokers) starts open.
func TestAnArrayOfManyStartsWithItsElementsInBrief(t *testing.T) {
	var versions, metadata *layout.Node
	var want *kmsg.ApiVersionsResponse
	for _, ex := range kgoTraffic(t) {
		if ex.Response == nil {
			continue
		}
		d := frame.Decode(ex.Response, schema.ByKey(ex.APIKey), ex.APIVersion, schema.Response)
		require.Nil(t, d.Err)
		switch {
		case ex.APIKey == 18 && versions == nil:
			versions = d.Tree
			_, resp, err := ex.Decode()
			require.NoError(t, err)
			want = resp.(*kmsg.ApiVersionsResponse)
		case ex.APIKey == 3 && metadata == nil:
			metadata = d.Tree
		}
	}
	require.NotNil(t, versions, "kgo asked for the broker's API versions")
	require.NotNil(t, metadata, "kgo asked for metadata")
	require.Greater(t, len(want.ApiKeys), manyElements)

	tr := &LayoutTree{Tree: versions}
	rows := treeRowsByID(tr)
	body, bodyID := childID(t, versions, "0", "ApiVersionsResponse")
	_, keysID := childID(t, body, bodyID, "ApiKeys")
	for i, k := range want.ApiKeys {
		id := fmt.Sprintf("%s.%d", keysID, i+1) // after the array's length
		row, ok := rows[id]
		require.True(t, ok, "element %d has a row", i)
		assert.Contains(t, row, `aria-expanded="false"`, "element %d starts closed", i)
		assert.Contains(t, row, fmt.Sprintf(`<span class="va">= {ApiKey %d (%s), MinVersion %d, MaxVersion %d}</span>`,
			k.ApiKey, schema.ByKey(k.ApiKey).Name, k.MinVersion, k.MaxVersion), "element %d in brief", i)
		assert.NotContains(t, rows, id+".0", "element %d's fields are not drawn", i)
		assert.Contains(t, row, fmt.Sprintf(`title="{ApiKey %d (%s),`, k.ApiKey, schema.ByKey(k.ApiKey).Name), "element %d whole on hover", i)
	}
	under := 0
	for id := range rows {
		if strings.HasPrefix(id, keysID+".") {
			under++
		}
	}
	assert.Equal(t, len(want.ApiKeys)+1, under, "the array's length and a row per element, not five per element")

	// Opened as a click on its twisty opens it: its fields drawn, its
	// value back to what it is.
	first := keysID + ".1"
	tr.toggle(first, !tr.openNow(first))
	rows = treeRowsByID(tr)
	assert.Contains(t, rows[first], `aria-expanded`)
	assert.NotContains(t, rows[first], `aria-expanded="false"`)
	assert.Contains(t, rows[first], `<span class="va whole">= struct</span>`)
	assert.Contains(t, rows[first+".0"], "ApiKey")
	assert.True(t, tr.openNow(first))
	tr.toggle(first, !tr.openNow(first))
	assert.NotContains(t, treeRowsByID(tr), first+".0", "and closed again")

	// A few brokers start open, fields and all.
	mrows := treeRowsByID(&LayoutTree{Tree: metadata})
	mbody, mbodyID := childID(t, metadata, "0", "MetadataResponse")
	brokers, brokersID := childID(t, mbody, mbodyID, "Brokers")
	require.Less(t, len(brokers.Kids()), manyElements)
	assert.Contains(t, mrows[brokersID+".1"], `aria-expanded`)
	assert.NotContains(t, mrows[brokersID+".1"], `aria-expanded="false"`)
	assert.Contains(t, mrows, brokersID+".1.0", "the first broker's fields are drawn")
}

func TestFieldsInBriefAreCutShort(t *testing.T) {
	n := &layout.Node{Name: "e", Value: "struct", Children: []*layout.Node{
		{Name: "length", Value: "3"}, // wire-level: no key, left out
		{Name: "Name", Key: "Name", Value: `"` + strings.Repeat("é", 80) + `"`},
		{Name: "Inner", Key: "Inner", Value: "struct"},
		{Name: "A", Key: "A", Value: "1"},
		{Name: "B", Key: "B", Value: "2"},
	}}
	got := fieldsInBrief(n, nil)
	assert.Equal(t, `Name "`+strings.Repeat("é", briefLen/2-1)+`…, Inner {…}, A 1, B 2`, got)
	for i := range 20 {
		n.Children = append(n.Children, &layout.Node{Name: fmt.Sprintf("F%d", i), Key: "F", Value: "12345"})
	}
	got = fieldsInBrief(n, nil)
	assert.True(t, strings.HasSuffix(got, ", …"), got)
	assert.Less(t, len([]rune(got)), briefLen+20)
}
