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

	// A hex default and a bool default.
	fetch := Minimal(schema.ByName("Fetch"), 4, schema.Request)
	mb, _ := fetch.Body.Get("MaxBytes")
	assert.Equal(t, int32(0x7fffffff), mb)
	md := Minimal(schema.ByName("Metadata"), 4, schema.Request)
	auto, _ := md.Body.Get("AllowAutoTopicCreation")
	assert.Equal(t, true, auto)
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
