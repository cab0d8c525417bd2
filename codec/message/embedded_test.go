package message_test

import (
	"encoding/hex"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// A frame's records decode KRaft control record values with the
// catalogue's data formats: the message decoder hands its DecodeData to
// the records decoder. Compressed, so the value sits in a buffer of its own.
func TestKRaftControlRecordValueInAFrame(t *testing.T) {
	def := schema.Data("LeaderChangeMessage")
	require.NotNil(t, def)
	lcm := message.MinimalStruct(def.Fields, 0, true)
	lcm.Set("LeaderId", int32(3))
	value, err := message.AppendStruct(nil, def.Fields, lcm, 0, true)
	require.NoError(t, err)

	in := `{"batches":[{"control":true,"codec":"zstd","records":[{"key":{"hex":"00000002"},"value":{"hex":"` + hex.EncodeToString(value) + `"}}]}]}`
	var set records.Set
	require.NoError(t, json.Unmarshal([]byte(in), &set))
	m := message.Minimal(schema.ByName("Produce"), 9, schema.Request)
	topics, _ := m.Body.Get("TopicData")
	parts, _ := topics.([]any)[0].(*message.Struct).Get("PartitionData")
	parts.([]any)[0].(*message.Struct).Set("Records", &set)

	d, err := frame.Build(m)
	require.NoError(t, err)
	require.Len(t, d.Bufs, 2, "the frame and the decompressed records")
	text := d.Tree.Text()
	assert.Contains(t, text, "type int16 = 2 (LEADER_CHANGE)")
	assert.Contains(t, text, "LeaderChangeMessage embedded v0")
	assert.Contains(t, text, "LeaderId int32 = 3")
	assert.NotContains(t, text, "warning")

	var embedded *layout.Node
	d.Tree.Walk(func(n *layout.Node, _ int) bool {
		if n.Name == "LeaderChangeMessage" {
			embedded = n
		}
		return true
	})
	require.NotNil(t, embedded)
	assert.Equal(t, 1, embedded.Buf)
	assert.Equal(t, value, d.Bufs[1][embedded.Off:embedded.End], "the node spans the value in the decompressed buffer")
}
