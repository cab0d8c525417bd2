package message

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/schema"
)

// TestMinimalTakesDefaults: the minimal instance holds what a client sends
// when it has nothing to say, from the catalogue's defaults.
func TestMinimalTakesDefaults(t *testing.T) {
	m := Minimal(schema.ByName("InitProducerId"), 5, schema.Request)
	want := map[string]any{"TransactionalId": nil, "TransactionTimeoutMs": int32(0), "ProducerId": int64(-1), "ProducerEpoch": int16(-1)}
	for name, v := range want {
		got, ok := m.Body.Get(name)
		require.True(t, ok, name)
		assert.Equal(t, v, got, name)
	}
	// The header's client id stays the empty string the reference pages show.
	cid, _ := m.Header.Get("ClientId")
	assert.Equal(t, "", cid)

	// A non-null default string, a hex default and a bool default.
	jg := Minimal(schema.ByName("JoinGroup"), 5, schema.Request)
	for _, f := range schema.ByName("JoinGroup").Def(schema.Request, 5).Fields {
		if f.Name == "GroupInstanceId" {
			got, _ := jg.Body.Get(f.Name)
			assert.Nil(t, got, "GroupInstanceId: nullable, no default: null")
		}
	}
	resp := Minimal(schema.ByName("InitProducerId"), 6, schema.Response)
	got, _ := resp.Body.Get("OngoingTxnProducerEpoch")
	assert.Equal(t, int16(-1), got)
}

// TestMinimalValueIsNeverNull: making a null field present gives a value, not null again.
func TestMinimalValueIsNeverNull(t *testing.T) {
	f := schema.ByName("InitProducerId").Def(schema.Request, 5).Fields[0]
	require.Equal(t, "TransactionalId", f.Name)
	assert.Equal(t, "", MinimalValue(f, 5, true))
}
