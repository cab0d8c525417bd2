package records_test

import (
	"encoding/hex"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// A KRaft control batch: a LEADER_CHANGE record whose value is a
// LeaderChangeMessage, written with the catalogue's own encoder.
func TestKRaftControlRecordValue(t *testing.T) {
	def := schema.Data("LeaderChangeMessage")
	require.NotNil(t, def)
	lcm := message.MinimalStruct(def.Fields, 0, true)
	lcm.Set("LeaderId", int32(3))
	value, err := message.AppendStruct(nil, def.Fields, lcm, 0, true)
	require.NoError(t, err)

	in := `{"batches":[{"control":true,"records":[{"key":{"hex":"00000002"},"value":{"hex":"` + hex.EncodeToString(value) + `"}}]}]}`
	var set records.Set
	require.NoError(t, json.Unmarshal([]byte(in), &set))
	b := set.AppendTo(nil)
	_, nodes, werr := records.Decode(b, 0, nil)
	require.Nil(t, werr)
	text := ""
	for _, n := range nodes {
		text += n.Text()
	}
	assert.Contains(t, text, "type int16 = 2 (LEADER_CHANGE)")
	assert.Contains(t, text, "LeaderChangeMessage embedded v0")
	assert.Contains(t, text, "LeaderId int32 = 3")
	assert.NotContains(t, text, "warning")
}
