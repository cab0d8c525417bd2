package message_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kmsg"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/records"
)

// The frames these tests edit are written by kmsg (franz-go's protocol
// package), and the records batch is one kgo produced (captured into
// codec/records/testdata): real frames, not our own minimal instances.

func kmsgFrame(t *testing.T, req kmsg.Request, v int16) *message.Message {
	t.Helper()
	req.SetVersion(v)
	b := kmsg.NewRequestFormatter(kmsg.FormatterClientID("kafkawire-test")).AppendRequest(nil, req, 7)
	d := frame.DecodeRequest(b)
	require.Nil(t, d.Err)
	return d.Msg
}

// fetchFrame is a Fetch v13 request: a uuid topic id, two partitions, and the
// flexible versions' tagged ClusterId, absent.
func fetchFrame(t *testing.T) *message.Message {
	req := kmsg.NewPtrFetchRequest()
	req.MaxWaitMillis, req.MinBytes, req.SessionEpoch = 500, 1, -1
	topic := kmsg.NewFetchRequestTopic()
	topic.TopicID = [16]byte{0: 0xab, 15: 0xcd}
	for i := range 2 {
		p := kmsg.NewFetchRequestTopicPartition()
		p.Partition, p.FetchOffset, p.PartitionMaxBytes = int32(i), int64(100*i), 1<<20
		topic.Partitions = append(topic.Partitions, p)
	}
	req.Topics = append(req.Topics, topic)
	return kmsgFrame(t, req, 13)
}

const recs = "body.TopicData.0.PartitionData.0.Records"

// produceFrame is a Produce v9 request carrying the uncompressed batch kgo wrote:
// five records, the second with a null key, the third with headers.
func produceFrame(t *testing.T) *message.Message {
	batch, err := os.ReadFile("../records/testdata/none-0.records")
	require.NoError(t, err)
	req := kmsg.NewPtrProduceRequest()
	req.Acks, req.TimeoutMillis = -1, 1000
	topic := kmsg.NewProduceRequestTopic()
	topic.Topic = "orders"
	part := kmsg.NewProduceRequestTopicPartition()
	part.Records = batch
	topic.Partitions = append(topic.Partitions, part)
	req.Topics = append(req.Topics, topic)
	return kmsgFrame(t, req, 9)
}

func apply(t *testing.T, m *message.Message, op message.Op, path, text string) error {
	t.Helper()
	return m.Apply(message.Edit{Op: op, Path: message.ParsePath(path), Text: text})
}

// rebuild encodes m and decodes the frame again, so every check reads what
// went onto the wire, not the value the edit left in memory.
func rebuild(t *testing.T, m *message.Message) *message.Message {
	t.Helper()
	d, err := frame.Build(m)
	require.NoError(t, err)
	back := frame.Decode(d.Bytes(), m.API, m.Version, m.Dir)
	require.Nil(t, back.Err)
	return back.Msg
}

func value(t *testing.T, m *message.Message, path string) any {
	t.Helper()
	_, v, _, err := m.Field(message.ParsePath(path))
	require.NoError(t, err, path)
	return v
}

func set(t *testing.T, m *message.Message, path string) *records.Set {
	t.Helper()
	s, ok := value(t, m, path).(*records.Set)
	require.True(t, ok, "%s is a record set", path)
	return s
}

func TestApplySchemaValues(t *testing.T) {
	m := fetchFrame(t)
	require.NoError(t, apply(t, m, message.OpSet, "body.MaxWaitMs", "2500"))
	require.NoError(t, apply(t, m, message.OpSet, "body.Topics.0.Partitions.1.FetchOffset", "0x10"))
	require.NoError(t, apply(t, m, message.OpSet, "body.Topics.0.TopicId", "000102030405060708090a0b0c0d0e0f"))
	require.NoError(t, apply(t, m, message.OpSet, "header.ClientId", "edited"))
	// Typed after the 0 a field showed: decimal, not octal.
	require.NoError(t, apply(t, m, message.OpSet, "body.MinBytes", "060000"))
	m = rebuild(t, m)
	assert.Equal(t, int32(60000), value(t, m, "body.MinBytes"))
	assert.Equal(t, int32(2500), value(t, m, "body.MaxWaitMs"))
	assert.Equal(t, int64(16), value(t, m, "body.Topics.0.Partitions.1.FetchOffset"))
	assert.Equal(t, "AAECAwQFBgcICQoLDA0ODw", value(t, m, "body.Topics.0.TopicId").(message.UUID).String())
	assert.Equal(t, "edited", value(t, m, "header.ClientId"))

	// Out of range, not a number, not a value: the error names the path and what was expected.
	err := apply(t, m, message.OpSet, "body.MaxWaitMs", "3000000000")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "MaxWaitMs")
	assert.NotContains(t, err.Error(), "body.", "errors name a position as the tree does")
	assert.Contains(t, err.Error(), "int32")
	// A position inside arrays reads as the tree and the JSON name it.
	assert.ErrorContains(t, apply(t, m, message.OpSet, "body.Topics.0.Partitions.1.NoSuchField", "1"), "Topics[0].Partitions[1] has no field")
	assert.ErrorContains(t, apply(t, m, message.OpSet, "body.Topics", "x"), "edit its fields")
	assert.ErrorContains(t, apply(t, m, message.OpSet, "body.NoSuchField", "1"), "no field")
	assert.ErrorContains(t, apply(t, m, message.OpSet, "middle.MaxWaitMs", "1"), "header or body")
	assert.ErrorContains(t, apply(t, m, message.Op(99), "body.MaxWaitMs", "1"), "unknown edit")
	assert.Equal(t, int32(2500), value(t, m, "body.MaxWaitMs"), "a failed edit changes nothing")
}

func TestApplyNull(t *testing.T) {
	m := fetchFrame(t)
	require.NoError(t, apply(t, m, message.OpSetNull, "header.ClientId", ""))
	m = rebuild(t, m)
	assert.Nil(t, value(t, m, "header.ClientId"))
	require.NoError(t, apply(t, m, message.OpSetPresent, "header.ClientId", ""))
	m = rebuild(t, m)
	assert.Equal(t, "", value(t, m, "header.ClientId"), "present gives the minimal value")
	assert.ErrorContains(t, apply(t, m, message.OpSetNull, "body.MaxWaitMs", ""), "not nullable at v13")
}

func TestApplyHex(t *testing.T) {
	req := kmsg.NewPtrSASLAuthenticateRequest()
	req.SASLAuthBytes = []byte("\x00user\x00pass")
	m := kmsgFrame(t, req, 1)
	require.NoError(t, apply(t, m, message.OpSetHex, "body.AuthBytes", "0x00 61:62 ff"))
	m = rebuild(t, m)
	assert.Equal(t, []byte{0, 0x61, 0x62, 0xff}, value(t, m, "body.AuthBytes"))
	assert.ErrorContains(t, apply(t, m, message.OpSetHex, "body.AuthBytes", "0g"), "not hex")
	assert.ErrorContains(t, apply(t, m, message.OpSetHex, "header.ClientId", "00"), "not bytes")
}

func TestApplyArrays(t *testing.T) {
	m := fetchFrame(t)
	require.NoError(t, apply(t, m, message.OpAppend, "body.Topics.0.Partitions", ""))
	require.NoError(t, apply(t, m, message.OpSet, "body.Topics.0.Partitions.2.Partition", "9"))
	require.NoError(t, apply(t, m, message.OpDuplicate, "body.Topics.0.Partitions.0", ""))
	require.NoError(t, apply(t, m, message.OpRemove, "body.Topics.0.Partitions.1", ""))
	m = rebuild(t, m)
	parts := value(t, m, "body.Topics.0.Partitions").([]any)
	require.Len(t, parts, 3)
	var ids []any
	for i := range parts {
		ids = append(ids, value(t, m, "body.Topics.0.Partitions."+string(rune('0'+i))+".Partition"))
	}
	// 0, 1 → append 9 → 0, 1, 9 → duplicate 0 → 0, 0, 1, 9 → remove index 1 → 0, 1, 9.
	assert.Equal(t, []any{int32(0), int32(1), int32(9)}, ids)

	assert.ErrorContains(t, apply(t, m, message.OpAppend, "body.MaxWaitMs", ""), "not an array")
	assert.ErrorContains(t, apply(t, m, message.OpRemove, "body.Topics.0.Partitions.7", ""), "not an array element")
	assert.ErrorContains(t, apply(t, m, message.OpDuplicate, "body.MaxWaitMs", ""), "not an array element")
}

func TestApplyTagged(t *testing.T) {
	m := fetchFrame(t)
	require.NoError(t, apply(t, m, message.OpAddTagged, "body", "ClusterId"))
	require.NoError(t, apply(t, m, message.OpSet, "body.ClusterId", "cluster-1"))
	m = rebuild(t, m)
	assert.Equal(t, "cluster-1", value(t, m, "body.ClusterId"))
	fields, on, err := m.TaggedFields(message.ParsePath("body"))
	require.NoError(t, err)
	require.Len(t, fields, 1)
	assert.Equal(t, "ClusterId", fields[0].Name)
	assert.Equal(t, []bool{true}, on)

	require.NoError(t, apply(t, m, message.OpRemoveTagged, "body.ClusterId", ""))
	m = rebuild(t, m)
	_, on, _ = m.TaggedFields(message.ParsePath("body"))
	assert.Equal(t, []bool{false}, on)
	assert.ErrorContains(t, apply(t, m, message.OpRemoveTagged, "body.ClusterId", ""), "not there to remove")
	assert.ErrorContains(t, apply(t, m, message.OpRemoveTagged, "body.MaxWaitMs", ""), "not a tagged field at v13")
	assert.ErrorContains(t, apply(t, m, message.OpAddTagged, "body", "MaxWaitMs"), "no tagged field")
}

func TestApplyRecordValues(t *testing.T) {
	m := produceFrame(t)
	before := set(t, m, recs).Batches[0]
	require.Len(t, before.Records, 5)
	require.NoError(t, apply(t, m, message.OpSet, recs+".batches.0.records.0.value", "héllo"))
	require.NoError(t, apply(t, m, message.OpSetHex, recs+".batches.0.records.0.key", "00ff"))
	require.NoError(t, apply(t, m, message.OpSetNull, recs+".batches.0.records.3.value", ""))
	require.NoError(t, apply(t, m, message.OpSet, recs+".batches.0.records.2.timestampDelta", "-5"))
	require.NoError(t, apply(t, m, message.OpSet, recs+".batches.0.baseOffset", "1000"))
	require.NoError(t, apply(t, m, message.OpSet, recs+".batches.0.producerId", "77"))
	require.NoError(t, apply(t, m, message.OpSet, recs+".batches.0.attributes.codec", "zstd"))
	m = rebuild(t, m)
	b := set(t, m, recs).Batches[0]
	assert.Equal(t, records.Bytes("héllo"), b.Records[0].Value)
	assert.Equal(t, records.Bytes{0, 0xff}, b.Records[0].Key)
	assert.Nil(t, b.Records[3].Value)
	assert.Equal(t, int64(-5), b.Records[2].TimestampDelta)
	assert.Equal(t, int64(1000), b.BaseOffset)
	assert.Equal(t, int64(77), b.ProducerID)
	assert.Equal(t, records.Codec(4), b.Codec(), "zstd")
	assert.Equal(t, before.Records[4].Value, b.Records[4].Value, "records not edited keep their values")

	// A null key gets an empty one back.
	require.NoError(t, apply(t, m, message.OpSetPresent, recs+".batches.0.records.3.value", ""))
	m = rebuild(t, m)
	assert.Equal(t, records.Bytes{}, set(t, m, recs).Batches[0].Records[3].Value)

	assert.ErrorContains(t, apply(t, m, message.OpSet, recs+".batches.0.records.0.attributes", "200"), "int8")
	assert.ErrorContains(t, apply(t, m, message.OpSet, recs+".batches.0.records.9.value", "x"), "no record 9")
	assert.ErrorContains(t, apply(t, m, message.OpSet, recs+".batches.0.attributes.codec", "brotli"), "brotli")
	assert.ErrorContains(t, apply(t, m, message.OpAddTagged, recs+".batches.0", "x"), "records parts take no addtag edit")
}

func TestApplyRecordLists(t *testing.T) {
	m := produceFrame(t)
	require.NoError(t, apply(t, m, message.OpAppend, recs+".batches.0.records", ""))
	require.NoError(t, apply(t, m, message.OpSet, recs+".batches.0.records.5.value", "sixth"))
	require.NoError(t, apply(t, m, message.OpAppend, recs+".batches.0.records.5.headers", ""))
	require.NoError(t, apply(t, m, message.OpAppend, recs+".batches.0.records.5", ""), "a record takes a header")
	require.NoError(t, apply(t, m, message.OpSet, recs+".batches.0.records.5.headers.1.key", "trace"))
	require.NoError(t, apply(t, m, message.OpDuplicate, recs+".batches.0.records.5.headers.1", ""))
	require.NoError(t, apply(t, m, message.OpRemove, recs+".batches.0.records.0", ""))
	require.NoError(t, apply(t, m, message.OpDuplicate, recs+".batches.0.records.4", ""))
	require.NoError(t, apply(t, m, message.OpAppend, recs+".batches.0", ""), "a batch takes a record")
	m = rebuild(t, m)
	b := set(t, m, recs).Batches[0]
	require.Len(t, b.Records, 7)
	for i, r := range b.Records {
		assert.Equal(t, int32(i), r.OffsetDelta, "offset deltas are renumbered")
	}
	for _, i := range []int{4, 5} {
		assert.Equal(t, records.Bytes("sixth"), b.Records[i].Value)
		require.Len(t, b.Records[i].Headers, 3)
		assert.Equal(t, records.Bytes{}, b.Records[i].Headers[0].Key)
		assert.Equal(t, records.Bytes("trace"), b.Records[i].Headers[1].Key)
		assert.Equal(t, records.Bytes("trace"), b.Records[i].Headers[2].Key)
	}
	assert.Equal(t, records.Bytes{}, b.Records[6].Value, "a new record has an empty value")
	assert.Nil(t, b.Records[6].Key, "and a null key")
	require.NoError(t, apply(t, m, message.OpRemove, recs+".batches.0.records.4.headers.1", ""))
	m = rebuild(t, m)
	assert.Len(t, set(t, m, recs).Batches[0].Records[4].Headers, 2)
	assert.ErrorContains(t, apply(t, m, message.OpAppend, recs+".batches.0.records.4.value", ""), "not a batch, a record or a list")
	assert.ErrorContains(t, apply(t, m, message.OpRemove, recs+".batches.0.records.4.value", ""), "not a batch, record or header")
}

func TestApplyBatches(t *testing.T) {
	m := produceFrame(t)
	require.NoError(t, apply(t, m, message.OpAppend, recs, ""))
	require.NoError(t, apply(t, m, message.OpDuplicate, recs+".batches.0", ""))
	require.NoError(t, apply(t, m, message.OpRemove, recs+".1", ""))
	m = rebuild(t, m)
	s := set(t, m, recs)
	require.Len(t, s.Batches, 2)
	assert.Len(t, s.Batches[0].Records, 5)
	assert.Empty(t, s.Batches[1].Records, "an added batch is empty")
	assert.Equal(t, int8(2), s.Batches[1].Magic)

	// A null records field gets its minimal value, one empty batch, on append.
	require.NoError(t, apply(t, m, message.OpSetNull, recs, ""))
	m = rebuild(t, m)
	assert.Nil(t, value(t, m, recs))
	require.NoError(t, apply(t, m, message.OpAppend, recs, ""))
	m = rebuild(t, m)
	assert.Len(t, set(t, m, recs).Batches, 1)

	require.NoError(t, apply(t, m, message.OpSetNull, recs, ""))
	assert.ErrorContains(t, apply(t, m, message.OpSet, recs+".batches.0.baseOffset", "1"), "is null")
}
