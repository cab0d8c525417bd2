package records

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every key that is not the shape's own, spelled exactly, is an error that
// names it and says where, at every level: a typo must not silently change nothing.
func TestJSONUnknownKeys(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"batchez":[]}`, `unknown key "batchez"; the keys here are batches, tail`},
		{`{"batches":[{"codex":"gzip"}]}`, `batches[0]: unknown key "codex"; the keys here are magic, baseOffset,`},
		{`{"batches":[{"Codec":"gzip"}]}`, `batches[0]: unknown key "Codec" (keys are case-sensitive: "codec", not "Codec")`},
		{`{"batches":[{"records":[{"value":"v"},{"valeu":"v","kye":"k"}]}]}`, `batches[0].records[1]: unknown keys "kye", "valeu"`},
		{`{"batches":[{"records":[{"Key":"k"}]}]}`, `batches[0].records[0]: unknown key "Key" (keys are case-sensitive: "key", not "Key")`},
		{`{"batches":[{"records":[{"headers":[{"key":"h","val":"1"}]}]}]}`, `batches[0].records[0].headers[0]: unknown key "val"`},
		{`{"batches":[{"records":[{"value":{"hex":"00","HEX":"01"}}]}]}`, `batches[0].records[0].value: unknown key "HEX"`},
		{`{"batches":[{"magic":1,"codex":"gzip"}]}`, `batches[0]: unknown key "codex"; the keys here are magic, offset,`},
		{`{"batches":[{"magic":0,"codec":"gzip","messages":[{"value":"a"},{"Value":"b"}]}]}`, `batches[0].messages[1]: unknown key "Value"`},
		{`{"batches":[{"records":[{"timestampDelta":"5"}]}]}`, `batches[0].records[0].timestampDelta: want a number (int64), have string`},
		{`{"batches":[{"baseOffset":1.5}]}`, `batches[0].baseOffset: want a number (int64), have number 1.5`},
		{`{"batches":[null]}`, `batches[0]: a batch cannot be null`},
	} {
		var s Set
		err := json.Unmarshal([]byte(c.in), &s)
		require.Error(t, err, c.in)
		assert.Contains(t, err.Error(), c.want, c.in)
	}
}

// Codecs are their names or their exact numbers 0 to 4, nothing read loosely.
func TestJSONCodecs(t *testing.T) {
	for in, want := range map[string]Codec{`"none"`: CodecNone, `"gzip"`: CodecGzip, `"4"`: CodecZstd, `3`: CodecLZ4, `"0"`: CodecNone} {
		var s Set
		require.NoError(t, json.Unmarshal([]byte(`{"batches":[{"codec":`+in+`,"records":[{"value":"v"}]}]}`), &s), in)
		assert.Equal(t, want, s.Batches[0].Codec(), in)
		back, _, err := Decode(s.AppendTo(nil), 0, nil, Options{})
		require.Nil(t, err, in)
		assert.Equal(t, want, back.Batches[0].Codec(), in)
	}
	for _, in := range []string{`"7A00"`, `"0x4"`, `"4z"`, `"5"`, `7`, `"04"`, `" 4"`, `"GZIP"`, `""`, `null`, `4.0`} {
		for _, magic := range []string{`2`, `1`} {
			var s Set
			err := json.Unmarshal([]byte(`{"batches":[{"magic":`+magic+`,"codec":`+in+`}]}`), &s)
			require.Error(t, err, in)
			assert.Contains(t, err.Error(), `batches[0].codec: codec `, in)
			assert.Contains(t, err.Error(), `want "none", "gzip", "snappy", "lz4" or "zstd" (or their numbers, 0 to 4)`, in)
		}
	}
}

// What JSON cannot make is what Kafka refuses to read: a compressed legacy
// wrapper holds one or more uncompressed messages and nothing else.
func TestJSONLegacyWrappers(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"magic":1,"codec":"gzip"}`, `messages: a gzip wrapper needs at least one message`},
		{`{"magic":1,"codec":"gzip","messages":[]}`, `messages: a gzip wrapper needs at least one message`},
		{`{"magic":0,"codec":"snappy","messages":[]}`, `messages: a snappy wrapper needs at least one message`},
		{`{"magic":1,"codec":"gzip","value":"x"}`, `value: a gzip wrapper's value is its "messages"`},
		{`{"magic":1,"codec":"gzip","messages":[{"codec":"lz4","messages":[{"value":"x"}]}]}`, `messages[0].codec: lz4 inside a wrapper`},
		{`{"magic":1,"messages":[{"value":"x"}]}`, `messages: only a compressed wrapper holds messages`},
		{`{"magic":0,"timestamp":5}`, `timestamp: a magic 0 message has no timestamp`},
	} {
		var s Set
		err := json.Unmarshal([]byte(`{"batches":[`+c.in+`]}`), &s)
		require.Error(t, err, c.in)
		assert.Contains(t, err.Error(), "batches[0]."+c.want, c.in)
	}
	// A wrapper with messages encodes to bytes that decode to the same messages.
	var s Set
	require.NoError(t, json.Unmarshal([]byte(`{"batches":[{"magic":1,"codec":"gzip","offset":1,"messages":[{"offset":0,"value":"a"},{"offset":1,"key":"k","value":"b"}]}]}`), &s))
	back, _, err := Decode(s.AppendTo(nil), 0, nil, Options{})
	require.Nil(t, err)
	require.Len(t, back.Batches[0].Legacy.Messages, 2)
	assert.Equal(t, Bytes("b"), back.Batches[0].Legacy.Messages[1].Value)
	assert.Equal(t, Bytes("k"), back.Batches[0].Legacy.Messages[1].Key)
}
