package records

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/layout"
)

// keyed lists the keys of every node under n that has one, as a path of keys.
func keyed(n *layout.Node) []string {
	var out []string
	var walk func(n *layout.Node, path string)
	walk = func(n *layout.Node, path string) {
		if n.Key != "" {
			if path != "" {
				path += "."
			}
			path += n.Key
			out = append(out, path)
		}
		for _, c := range n.Kids() {
			walk(c, path)
		}
	}
	walk(n, "")
	return out
}

// The nodes of a batch are keyed by where they sit in the value, with the
// steps the editing methods read: every keyed path resolves, and the
// lengths, counts and CRC around them have no key.
func TestEditKeysFollowStructure(t *testing.T) {
	b := captures(t)["none-0"]
	s, nodes, _ := decode(t, b, 0)
	require.Len(t, nodes, 1)
	paths := keyed(nodes[0])
	assert.Contains(t, paths, "0.baseOffset")
	assert.Contains(t, paths, "0.records")
	assert.Contains(t, paths, "0.records.4.headers.2.value")
	assert.NotContains(t, paths, "0.crc")
	assert.NotContains(t, paths, "0.records.0.length")
	for _, p := range paths {
		_, err := s.Editable(strings.Split(p, "."))
		assert.NoError(t, err, p)
	}

	// A key the display type no longer decides: a batch node renamed or
	// retyped keeps its children's keys.
	batch := &layout.Node{Key: "3", Type: "anything"}
	assert.Equal(t, "baseOffset", editKey(batch, "baseOffset"))
	assert.Equal(t, "records", editKey(batch, "recordCount"))
	assert.Equal(t, "", editKey(batch, "crc"))
	assert.Equal(t, "headers", editKey(&layout.Node{Key: "records.2"}, "headerCount"))
	assert.Equal(t, "value", editKey(&layout.Node{Key: "headers.0"}, "value"))
	assert.Equal(t, "", editKey(&layout.Node{Key: "headers.0"}, "attributes"))
}

// Legacy message sets are shown, not edited: none of their nodes has a key.
func TestLegacyNodesHaveNoKeys(t *testing.T) {
	set := kmsgMessage(1, 8, 0, 1_700_000_000_000, []byte("k"), []byte("v"))
	_, nodes, _ := decode(t, set, 0)
	for _, n := range nodes {
		assert.Empty(t, keyed(n))
	}
}
