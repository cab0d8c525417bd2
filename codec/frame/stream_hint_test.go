package frame_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// Two Produce v7 responses with correlation ids 0 and 1, whose first bytes
// also read as Produce request headers: told that every frame is such a
// response (decode --response --api Produce --version 7), both decode.
func TestDecodeStreamAllResponses(t *testing.T) {
	a := encodeWithCorrelation(t, "Produce", 7, schema.Response, 0)
	b := encodeWithCorrelation(t, "Produce", 7, schema.Response, 1)
	stream := append(append([]byte{}, a...), b...)
	hint := frame.Hint{API: schema.ByName("Produce"), Version: 7, Responses: true}
	parts := frame.DecodeStream(stream, hint)
	require.Len(t, parts, 2)
	for i, p := range parts {
		assert.Equal(t, schema.Response, p.Dir, "frame %d", i)
		require.NotNil(t, p.Decoded, "frame %d", i)
		assert.Nil(t, p.Err, "frame %d", i)
		assert.Equal(t, "Produce", p.Msg.API.Name)
	}
	assert.Equal(t, len(a), parts[1].Off)

	// Every frame a request: even one that would pass for a response is read as a request.
	req := encodeWithCorrelation(t, "DescribeProducers", 0, schema.Request, 3)
	parts = frame.DecodeStream(append(append([]byte{}, req...), req...), frame.Hint{Requests: true})
	require.Len(t, parts, 2)
	for _, p := range parts {
		assert.Equal(t, schema.Request, p.Dir)
		assert.Nil(t, p.Err)
	}
}
