package message_test

import (
	"hash/crc32"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// Records are edited through the same paths the layout tree's keys spell,
// and the edited batch is one kmsg reads with a good CRC.
func TestEditRecords(t *testing.T) {
	m := message.Minimal(schema.ByName("Produce"), 9, schema.Request)
	p := message.ParsePath
	apply := func(op message.Op, path, text string) error {
		return m.Apply(message.Edit{Op: op, Path: p(path), Text: text})
	}
	recs := "body.TopicData.0.PartitionData.0.Records"
	require.NoError(t, apply(message.OpSet, "body.TopicData.0.Name", "orders"))
	require.NoError(t, apply(message.OpAppend, recs+".batches.0.records", ""))
	require.NoError(t, apply(message.OpAppend, recs+".batches.0.records", ""))
	require.NoError(t, apply(message.OpSet, recs+".batches.0.records.0.value", "hello"))
	require.NoError(t, apply(message.OpSet, recs+".batches.0.records.1.key", "k"))
	require.NoError(t, apply(message.OpSet, recs+".batches.0.records.1.value", "world"))
	require.NoError(t, apply(message.OpAppend, recs+".batches.0.records.1.headers", ""))
	require.NoError(t, apply(message.OpSet, recs+".batches.0.records.1.headers.0.key", "trace"))
	require.NoError(t, apply(message.OpSet, recs+".batches.0.attributes.codec", "lz4"))
	require.NoError(t, apply(message.OpSet, recs+".batches.0.baseOffset", "42"))

	e, ok, err := m.RecordsEditable(p(recs + ".batches.0.records.0.key"))
	require.NoError(t, err)
	assert.True(t, ok)
	assert.True(t, e.Null, "a new record has a null key")

	d, err := frame.Build(m)
	require.NoError(t, err)
	// The tree's keys lead back to the same paths.
	var found []string
	var walk func(n *layout.Node, path string)
	walk = func(n *layout.Node, path string) {
		if n.Key != "" {
			if path != "" {
				path += "."
			}
			path += n.Key
		}
		if n.Name == "value" && n.Type == "varbytes" {
			found = append(found, path+"="+n.Value)
		}
		for _, c := range n.Kids() {
			walk(c, path)
		}
	}
	walk(d.Tree, "")
	assert.Equal(t, []string{recs + ".batches.0.records.0.value=\"hello\"", recs + ".batches.0.records.1.value=\"world\"", recs + ".batches.0.records.1.headers.0.value=\"\""}, found)

	// kmsg reads the batch: lz4, two records, the CRC right.
	req := kmsg.NewPtrProduceRequest()
	req.Version = 9
	body := d.Tree.Children[2]
	require.NoError(t, req.ReadFrom(d.Bytes()[body.Off:body.End]))
	raw := req.Topics[0].Partitions[0].Records
	var batch kmsg.RecordBatch
	require.NoError(t, batch.ReadFrom(raw))
	assert.Equal(t, int64(42), batch.FirstOffset)
	assert.Equal(t, int32(2), batch.NumRecords)
	assert.Equal(t, int32(1), batch.LastOffsetDelta)
	assert.Equal(t, int16(3), batch.Attributes&7, "lz4")
	assert.Equal(t, crc32.Checksum(raw[21:], crc32.MakeTable(crc32.Castagnoli)), uint32(batch.CRC), "CRC-32C over attributes..end")

	// Remove and duplicate.
	require.NoError(t, apply(message.OpDuplicate, recs+".batches.0.records.1", ""))
	require.NoError(t, apply(message.OpRemove, recs+".batches.0.records.0", ""))
	d, err = frame.Build(m)
	require.NoError(t, err)
	assert.Contains(t, d.Tree.Text(), "recordCount int32 = 2")
	assert.Contains(t, d.Tree.Text(), "offsetDelta varint = 1 (offset 43)")

	assert.Error(t, apply(message.OpSet, recs+".batches.0.records.9.value", "x"))
	assert.Error(t, apply(message.OpSet, recs+".batches.0.baseOffset", "not a number"))
}
