package message_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// edited applies the edits to the minimal instance of api v in dir and
// returns the frame's bytes.
func edited(t *testing.T, api string, v int16, dir schema.Direction, edits ...message.Edit) []byte {
	t.Helper()
	m := message.Minimal(schema.ByName(api), v, dir)
	for _, e := range edits {
		require.NoError(t, m.Apply(e), "%s", e)
	}
	b, err := frame.Encode(m)
	require.NoError(t, err)
	return b
}

func setTo(path, text string) message.Edit {
	return message.Edit{Op: message.OpSet, Path: message.ParsePath(path), Text: text}
}

func TestErrorCodeSetByName(t *testing.T) {
	// JoinGroup v5's response (header v0: size, correlation id) read back by kmsg.
	b := edited(t, "JoinGroup", 5, schema.Response, setTo("body.ErrorCode", "member_id_required"))
	resp := kmsg.NewPtrJoinGroupResponse()
	resp.SetVersion(5)
	require.NoError(t, resp.ReadFrom(b[8:]))
	assert.Equal(t, int16(79), resp.ErrorCode)

	// A nested ErrorCode of a flexible response (Produce v9, header v1:
	// correlation id and an empty tagged-field count), any case, spaces for
	// underscores. The minimal instance has one topic with one partition.
	b = edited(t, "Produce", 9, schema.Response,
		setTo("body.Responses.0.PartitionResponses.0.ErrorCode", "Not Leader Or Follower"))
	produce := kmsg.NewPtrProduceResponse()
	produce.SetVersion(9)
	require.NoError(t, produce.ReadFrom(b[9:]))
	require.Len(t, produce.Topics, 1)
	require.Len(t, produce.Topics[0].Partitions, 1)
	assert.Equal(t, int16(6), produce.Topics[0].Partitions[0].ErrorCode)
}

func TestErrorCodeNumbersStillWork(t *testing.T) {
	m := message.Minimal(schema.ByName("JoinGroup"), 5, schema.Response)
	for text, want := range map[string]int16{"3": 3, "-1": -1, "0x4f": 79, " 130 ": 130, "32767": 32767} {
		require.NoError(t, m.Apply(setTo("body.ErrorCode", text)), text)
		_, v, _, err := m.Field(message.ParsePath("body.ErrorCode"))
		require.NoError(t, err)
		assert.Equal(t, want, v, text)
	}
}

func TestErrorCodeBadNames(t *testing.T) {
	m := message.Minimal(schema.ByName("JoinGroup"), 5, schema.Response)
	require.NoError(t, m.Apply(setTo("body.ErrorCode", "REBALANCE_IN_PROGRESS")))
	for text, want := range map[string]string{
		"NO_SUCH_ERROR": `ErrorCode: no error code named "NO_SUCH_ERROR" (a number, or a name like UNKNOWN_TOPIC_OR_PARTITION)`,
		"40000":         "ErrorCode: error code 40000 is out of the int16 range",
		"":              "ErrorCode: an error code is a number or a name like UNKNOWN_TOPIC_OR_PARTITION, got nothing",
	} {
		err := m.Apply(setTo("body.ErrorCode", text))
		require.Error(t, err, text)
		assert.Equal(t, want, err.Error())
	}
	// Deeper down, the field is named as every other edit error names it.
	f := message.Example(schema.ByName("Fetch"), 17, schema.Response)
	err := f.Apply(setTo("body.Responses.0.Partitions.0.ErrorCode", "BOGUS"))
	require.Error(t, err)
	assert.Equal(t, `Responses[0].Partitions[0].ErrorCode: no error code named "BOGUS" (a number, or a name like UNKNOWN_TOPIC_OR_PARTITION)`, err.Error())
	// A refused edit leaves the value it had.
	_, v, _, _ := m.Field(message.ParsePath("body.ErrorCode"))
	assert.Equal(t, int16(27), v)

	// Only ErrorCode fields take names: another int16 still wants a number.
	p := message.Minimal(schema.ByName("Produce"), 9, schema.Request)
	err = p.Apply(setTo("body.Acks", "UNKNOWN_SERVER_ERROR"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is not an int16")
}
