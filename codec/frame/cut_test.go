package frame_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// A Produce request cut short anywhere inside its records (a log line's
// limit, a capture's snap length) shows its batch as far as the bytes go:
// every field of the batch that the cut leaves whole reads as it does in
// the whole frame, the records field fails at its length, and the batch
// says where its bytes stop. (Cut before its magic byte, the 17th, a
// batch's format is not known: its bytes are one partial batch.)
func TestRecordsOfAFrameCutShort(t *testing.T) {
	produce := schema.ByName("Produce")
	for v := int16(3); v <= 13; v++ {
		whole, err := frame.Build(message.Example(produce, v, schema.Request))
		require.NoError(t, err)
		b := whole.Bytes()
		field, batch := recordsAndBatch(whole.Tree)
		require.NotNil(t, batch, "v%d: the whole frame's batch", v)
		for cut := batch.Off + 17; cut < field.End; cut++ {
			d := frame.Decode(b[:cut], produce, v, schema.Request)
			require.NotNil(t, d.Err, "v%d cut at %d", v, cut)
			got, gotBatch := recordsAndBatch(d.Tree)
			require.NotNil(t, got, "v%d cut at %d: no records field", v, cut)
			require.NotNil(t, got.Failed(), "v%d cut at %d: the records field has no error", v, cut)
			assert.Equal(t, field.Off, got.Failed().Off, "v%d cut at %d: the field fails at its length", v, cut)
			require.NotNil(t, gotBatch, "v%d cut at %d: no batch", v, cut)
			have := map[string]string{}
			for _, c := range gotBatch.Children {
				if c.Failed() == nil && c.End <= cut {
					have[c.Name] = c.Value
				}
			}
			for _, c := range batch.Children {
				if c.End > cut || c.Name == "records" {
					continue
				}
				assert.Equal(t, c.Value, have[c.Name], "v%d cut at %d: %s", v, cut, c.Name)
			}
			failed := false
			gotBatch.Walk(func(n *layout.Node, _ int) bool {
				failed = failed || n.Failed() != nil
				return true
			})
			assert.True(t, failed, "v%d cut at %d: the batch says where it stops", v, cut)
		}
	}
}

// recordsAndBatch are the first records field of a Produce request's tree
// and its first batch.
func recordsAndBatch(tree *layout.Node) (field, batch *layout.Node) {
	tree.Walk(func(n *layout.Node, _ int) bool {
		if field == nil && n.Key == "Records" {
			field = n
			for _, c := range n.Children {
				if c.Name == "batches[0]" {
					batch = c
				}
			}
		}
		return field == nil
	})
	return field, batch
}
