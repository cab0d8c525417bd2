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
// steps the editing methods read, which are the JSON form's: every keyed
// path resolves, and the lengths, counts and CRC around them have no key.
func TestEditKeysFollowStructure(t *testing.T) {
	b := captures(t)["none-0"]
	s, nodes, _ := decode(t, b, 0)
	require.Len(t, nodes, 1)
	paths := keyed(nodes[0])
	assert.Contains(t, paths, "batches.0.baseOffset")
	assert.Contains(t, paths, "batches.0.records")
	assert.Contains(t, paths, "batches.0.records.4.headers")
	assert.Contains(t, paths, "batches.0.records.4.headers.2.value")
	assert.NotContains(t, paths, "batches.0.crc")
	assert.NotContains(t, paths, "batches.0.records.0.length")
	assert.NotContains(t, paths, "batches.0.records.0.headers.headerCount")
	for _, p := range paths {
		_, err := s.Editable(strings.Split(p, "."))
		assert.NoError(t, err, p)
	}

	// The fields keyed are those of what the parent is.
	batch := &layout.Node{Key: "batches.3", Type: "RecordBatch v2"}
	assert.Equal(t, "baseOffset", editKey(batch, "baseOffset"))
	assert.Equal(t, "", editKey(batch, "recordCount"))
	assert.Equal(t, "", editKey(batch, "crc"))
	assert.Equal(t, "", editKey(&layout.Node{Key: "headers", Type: "[]Header"}, "headerCount"))
	assert.Equal(t, "value", editKey(&layout.Node{Key: "0", Type: "Header"}, "value"))
	assert.Equal(t, "", editKey(&layout.Node{Key: "0", Type: "Header"}, "attributes"))
	assert.Equal(t, "timestamp", editKey(&layout.Node{Key: "messages.1", Type: "Message"}, "timestamp"))
	assert.Equal(t, "", editKey(&layout.Node{Type: "Record"}, "value"), "under a node with no path")
}

// The paths of before, which named a batch by its bare index, still resolve.
func TestOldPathsResolve(t *testing.T) {
	s, _, _ := decode(t, captures(t)["none-0"], 0)
	old, err := s.Editable(strings.Split("0.records.4.headers.2.value", "."))
	require.NoError(t, err)
	now, err := s.Editable(strings.Split("batches.0.records.4.headers.2.value", "."))
	require.NoError(t, err)
	assert.Equal(t, now, old)
}

// A legacy message's nodes are keyed as the JSON names its fields; its
// size, CRC, magic and attributes follow from the rest and have none.
func TestLegacyNodeKeys(t *testing.T) {
	set := kmsgMessage(1, 8, 0, 1_700_000_000_000, []byte("k"), []byte("v"))
	s, nodes, _ := decode(t, set, 0)
	require.Len(t, nodes, 1)
	assert.Equal(t, []string{"batches.0", "batches.0.offset", "batches.0.timestamp", "batches.0.key", "batches.0.value"}, keyed(nodes[0]))
	for _, p := range keyed(nodes[0]) {
		_, err := s.Editable(strings.Split(p, "."))
		assert.NoError(t, err, p)
	}
}
