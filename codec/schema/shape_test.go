package schema

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// slotNames lists a shape's slots by name.
func slotNames(s *Shape) []string {
	var names []string
	for _, sl := range s.Slots {
		names = append(names, sl.Name)
	}
	return names
}

func TestShapeHoldsTheVersionsFields(t *testing.T) {
	fetch := ByKey(1)
	// Fetch v3 is not flexible: no tagged slots, no tagged-field section.
	v3 := fetch.Shape(Request, 3)
	require.NotNil(t, v3)
	assert.Equal(t, int16(1), v3.HeaderVersion)
	assert.False(t, v3.Body.Flexible)
	assert.Equal(t, []string{"ReplicaId", "MaxWaitMs", "MinBytes", "MaxBytes", "Topics"}, slotNames(v3.Body))
	topics := v3.Body.Slots[4]
	assert.True(t, topics.Array)
	assert.False(t, topics.Compact)
	assert.Equal(t, KindStruct, topics.Kind)
	require.NotNil(t, topics.Elem)
	assert.Equal(t, []string{"Topic", "Partitions"}, slotNames(topics.Elem))

	// Fetch v12 is flexible: its ClusterId is a tagged field (tag 0),
	// written compactly, and ReplicaState (v15+) is not there yet.
	v12 := fetch.Shape(Request, 12)
	require.NotNil(t, v12)
	assert.Equal(t, int16(2), v12.HeaderVersion)
	assert.True(t, v12.Body.Flexible)
	assert.Equal(t, "ClusterId", v12.Body.Slots[0].Name)
	assert.True(t, v12.Body.Slots[0].Tagged)
	assert.True(t, v12.Body.Slots[0].Compact)
	assert.True(t, v12.Body.Slots[0].Nullable)
	assert.Equal(t, int32(0), v12.Body.Slots[0].Tag)
	assert.NotContains(t, slotNames(v12.Body), "ReplicaState")
	assert.Contains(t, slotNames(fetch.Shape(Request, 15).Body), "ReplicaState")

	assert.Nil(t, fetch.Shape(Request, -1))
	assert.Nil(t, fetch.Shape(Request, 99))
	assert.NotNil(t, ByKey(0).Shape(Request, 1), "removed in Kafka 4.0, but the older set still defines it")
	assert.Nil(t, ByKey(0).Shape(Request, 14))
	assert.Same(t, fetch.Shape(Response, 12), fetch.Shape(Response, 12), "worked out once")
}

func TestShapeOfTheHeaders(t *testing.T) {
	// ApiVersions answers with header v0 even when flexible (KIP-511).
	av := ByKey(18).Shape(Response, 3)
	require.NotNil(t, av)
	assert.Equal(t, int16(0), av.HeaderVersion)
	assert.False(t, av.Header.Flexible)
	assert.Equal(t, []string{"CorrelationId"}, slotNames(av.Header))

	// Request header v2 is flexible, but ClientId keeps its int16 length.
	req := ByKey(18).Shape(Request, 3)
	require.NotNil(t, req)
	assert.Equal(t, int16(2), req.HeaderVersion)
	assert.True(t, req.Header.Flexible)
	require.Equal(t, []string{"RequestApiKey", "RequestApiVersion", "CorrelationId", "ClientId"}, slotNames(req.Header))
	assert.False(t, req.Header.Slots[3].Compact)
	assert.True(t, req.Header.Slots[3].Nullable)
	assert.Same(t, req.Header, ByKey(3).Shape(Request, 12).Header, "one header shape for every API")
}
