package frame_test

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// TestEncodeFraming: the size prefix counts every byte after it, and the
// header sits at the version the API and direction call for.
func TestEncodeFraming(t *testing.T) {
	cases := []struct {
		api    string
		v      int16
		dir    schema.Direction
		header []byte // the header's bytes, right after the size prefix
	}{
		// Request header v1: key, version, correlation id, int16 client id.
		{"ApiVersions", 0, schema.Request, []byte{0, 18, 0, 0, 0, 0, 0, 0, 0, 0}},
		// Request header v2 adds a tag count, but ClientId keeps its int16 length.
		{"ApiVersions", 3, schema.Request, []byte{0, 18, 0, 3, 0, 0, 0, 0, 0, 0, 0}},
		// ControlledShutdown v0: header v0, no client id.
		{"ControlledShutdown", 0, schema.Request, []byte{0, 7, 0, 0, 0, 0, 0, 0}},
		// ApiVersions responses: header v0 even when flexible.
		{"ApiVersions", 3, schema.Response, []byte{0, 0, 0, 0}},
		// Other flexible responses: header v1, with a tag count.
		{"DescribeProducers", 0, schema.Response, []byte{0, 0, 0, 0, 0}},
	}
	for _, c := range cases {
		m := message.Minimal(schema.ByName(c.api), c.v, c.dir)
		b, err := frame.Encode(m)
		require.NoError(t, err, "%s v%d", c.api, c.v)
		assert.Equal(t, uint32(len(b)-4), binary.BigEndian.Uint32(b), "%s v%d: size prefix", c.api, c.v)
		assert.Equal(t, c.header, b[4:4+len(c.header)], "%s v%d %s: header", c.api, c.v, c.dir)
		assert.Equal(t, len(b), m.SizeHint, "the next encode allocates once")

		d := frame.Decode(b, m.API, c.v, c.dir)
		require.Nil(t, d.Err, "%s v%d", c.api, c.v)
	}
}

// TestEncodeErrors: an encode that fails says whether the header or the
// body, and which field.
func TestEncodeErrors(t *testing.T) {
	api := schema.ByName("DescribeProducers")
	m := message.Minimal(api, 0, schema.Request)
	m.Body.Fields = m.Body.Fields[:0]
	_, err := frame.Encode(m)
	assert.EqualError(t, err, "body.Topics: missing field")

	m = message.Minimal(api, 0, schema.Request)
	m.Header.Set("ClientId", 7)
	_, err = frame.Encode(m)
	assert.EqualError(t, err, "header.ClientId: want a string, have int")

	m = message.Minimal(api, 0, schema.Request)
	m.Version = 99
	_, err = frame.Encode(m)
	assert.EqualError(t, err, "DescribeProducers: no such version")
}

// TestDecodeNamesHeaderNodes: header nodes carry the protocol guide's names.
func TestDecodeNamesHeaderNodes(t *testing.T) {
	m := message.Minimal(schema.ByName("Metadata"), 12, schema.Request)
	b, err := frame.Encode(m)
	require.NoError(t, err)
	d := frame.Decode(b, m.API, 12, schema.Request)
	require.Nil(t, d.Err)
	var names []string
	for _, c := range d.Tree.Children {
		if c.Key == "header" {
			for _, f := range c.Children {
				names = append(names, f.Name)
				if g := frame.GuideName(f.Key); g != "" {
					// The protocol guide's name is said, in the description.
					assert.Contains(t, f.Desc, "protocol guide: "+g+".", f.Name)
				}
				if f.Key == "RequestApiKey" {
					assert.Equal(t, "3 (Metadata)", f.Value)
				}
				if f.Key == "ClientId" {
					assert.Equal(t, "nullable_string", f.Type)
				}
			}
		}
	}
	// The schema's names, as in the JSON form and every path.
	assert.Equal(t, []string{"RequestApiKey", "RequestApiVersion", "CorrelationId", "ClientId", "tagged_fields"}, names)
	assert.Equal(t, "client_id", frame.GuideName("ClientId"))
}
