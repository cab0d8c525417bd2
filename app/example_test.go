package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestEncodeExample: `encode --example` writes the realistic example, which
// decodes back to its values; without it the minimal instance is written.
func TestEncodeExample(t *testing.T) {
	out, _, status := kafkawire(t, "", "encode", "--api", "InitProducerId", "--version", "5", "--request", "--example")
	require.Equal(t, 0, status)
	minimal, _, _ := kafkawire(t, "", "encode", "--api", "InitProducerId", "--version", "5", "--request")
	assert.NotEqual(t, minimal, out)

	js, stderr, status := kafkawire(t, out, "decode", "--json")
	require.Equal(t, 0, status, stderr)
	var m struct {
		Header map[string]any
		Body   map[string]any
	}
	require.NoError(t, json.Unmarshal([]byte(js), &m))
	assert.Equal(t, "kafkawire", m.Header["ClientId"])
	assert.EqualValues(t, 7, m.Header["CorrelationId"])
	assert.Nil(t, m.Body["TransactionalId"])
	assert.EqualValues(t, -1, m.Body["ProducerId"], "a producer asking for its first id has none")
	assert.EqualValues(t, 60000, m.Body["TransactionTimeoutMs"])

	// A produce request: topic orders, two records, a header.
	out, _, status = kafkawire(t, "", "encode", "--api", "Produce", "--version", "9", "--request", "--example")
	require.Equal(t, 0, status)
	tree, stderr, status := kafkawire(t, out, "decode")
	require.Equal(t, 0, status, stderr)
	for _, want := range []string{`"orders"`, `"order-1"`, `"order-2"`, `"trace-id"`, "producerId int64 = 4000"} {
		assert.Contains(t, tree, want)
	}
	assert.Equal(t, 2, strings.Count(tree, "+-- records["), "two records:\n%s", tree)

	_, stderr, status = kafkawire(t, "{}", "encode", "--json", "-", "--example")
	assert.NotEqual(t, 0, status)
	assert.Contains(t, stderr, "not both")
}
