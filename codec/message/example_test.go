package message

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/records"
	"github.com/kafkawire/kafkawire/codec/schema"
)

func field(t *testing.T, s *Struct, name string) any {
	t.Helper()
	v, ok := s.Get(name)
	require.True(t, ok, "no field %s", name)
	return v
}

// TestExampleValues: the values a real client or broker sends, where the table says them.
func TestExampleValues(t *testing.T) {
	m := Example(schema.ByName("Produce"), 9, schema.Request)
	assert.Equal(t, int32(7), field(t, m.Header, "CorrelationId"))
	assert.Equal(t, "kafkawire", field(t, m.Header, "ClientId"))
	assert.Nil(t, field(t, m.Body, "TransactionalId"), "a producer without transactions")
	assert.Equal(t, int16(-1), field(t, m.Body, "Acks"))
	topic := field(t, m.Body, "TopicData").([]any)[0].(*Struct)
	assert.Equal(t, "orders", field(t, topic, "Name"))
	part := field(t, topic, "PartitionData").([]any)[0].(*Struct)
	set := field(t, part, "Records").(*records.Set)
	require.Len(t, set.Batches, 1)
	b := set.Batches[0]
	assert.Equal(t, int64(4000), b.ProducerID)
	require.Len(t, b.Records, 2)
	assert.Len(t, b.Records[0].Headers, 1)
	assert.Equal(t, int32(1), b.Records[1].OffsetDelta)

	// Partition lists hold two partitions, numbered 0 and 1; replicas count brokers.
	md := Example(schema.ByName("Metadata"), 12, schema.Response)
	parts := field(t, field(t, md.Body, "Topics").([]any)[0].(*Struct), "Partitions").([]any)
	require.Len(t, parts, 2)
	assert.Equal(t, int32(0), field(t, parts[0].(*Struct), "PartitionIndex"))
	assert.Equal(t, int32(1), field(t, parts[1].(*Struct), "PartitionIndex"))
	assert.Equal(t, []any{int32(1), int32(2)}, field(t, parts[0].(*Struct), "ReplicaNodes"))
	assert.Equal(t, []any{}, field(t, parts[0].(*Struct), "OfflineReplicas"))

	dp := Example(schema.ByName("DescribeProducers"), 0, schema.Request)
	topic = field(t, dp.Body, "Topics").([]any)[0].(*Struct)
	assert.Equal(t, []any{int32(0), int32(1)}, field(t, topic, "PartitionIndexes"))
	// A list the table has no value for stays empty rather than hold a blank.
	lg := Example(schema.ByName("ListGroups"), 5, schema.Request)
	assert.Equal(t, []any{}, field(t, lg.Body, "StatesFilter"))

	// A name means what its array holds: a config's name is not a topic's.
	dc := Example(schema.ByName("DescribeConfigs"), 4, schema.Response)
	cfg := field(t, field(t, dc.Body, "Results").([]any)[0].(*Struct), "Configs").([]any)[0].(*Struct)
	assert.Equal(t, "retention.ms", field(t, cfg, "Name"))

	// A producer asking for its first id has none: -1, not the 4000 of others.
	ip := Example(schema.ByName("InitProducerId"), 5, schema.Request)
	assert.Equal(t, int64(-1), field(t, ip.Body, "ProducerId"))
	assert.Equal(t, int64(4000), field(t, Example(schema.ByName("InitProducerId"), 5, schema.Response).Body, "ProducerId"))
}

// TestExampleEmbedsTheConsumerProtocol: JoinGroup's metadata bytes hold a
// consumer subscription that decodes whole, as the page shows it.
func TestExampleEmbedsTheConsumerProtocol(t *testing.T) {
	m := Example(schema.ByName("JoinGroup"), 9, schema.Request)
	proto := field(t, m.Body, "Protocols").([]any)[0].(*Struct)
	assert.Equal(t, "range", field(t, proto, "Name"))
	meta := field(t, proto, "Metadata").([]byte)
	n := DecodeData("ConsumerProtocolSubscription", meta, 0, 0)
	require.NotNil(t, n, "the metadata decodes as a subscription: % x", meta)
	assert.Contains(t, n.Text(), `"orders"`)
}
