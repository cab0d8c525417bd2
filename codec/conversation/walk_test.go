package conversation

import (
	"encoding/binary"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

// decodesCleanly answers as frame.DecodeRequest does, the first time and
// from what it remembered, for every request of the catalogue (the
// minimal instance) and for each cut one byte short, which most often does
// not decode.
func TestDecodesCleanlyAnswersAsTheDecoder(t *testing.T) {
	checked.m = nil
	remembered, failing := 0, 0
	for _, api := range schema.APIs() {
		for _, v := range api.Versions(schema.Request) {
			b, err := frame.Encode(message.Minimal(api, v, schema.Request))
			require.NoError(t, err)
			short := append([]byte(nil), b[:len(b)-1]...)
			binary.BigEndian.PutUint32(short, uint32(len(short)-4))
			for _, f := range [][]byte{b, short} {
				want := frame.DecodeRequest(f).Err == nil
				if !want {
					failing++
				}
				assert.Equal(t, want, decodesCleanly(f), "%s v%d, %d bytes", api.Name, v, len(f))
				_, seen := checked.m[string(f)]
				assert.Equal(t, len(f) <= checkedMaxFrame, seen, "%s v%d, %d bytes: remembered", api.Name, v, len(f))
				if seen {
					remembered++
				}
				assert.Equal(t, want, decodesCleanly(f), "%s v%d, %d bytes, asked again", api.Name, v, len(f))
				assert.LessOrEqual(t, len(checked.m), checkedMax)
			}
		}
	}
	// More frames than it keeps, and both answers among them.
	assert.Greater(t, remembered, checkedMax)
	assert.Greater(t, failing, 100)
}

// A frame that differs in one byte is a frame of its own: an answer
// remembered for one is not given for the other.
func TestDecodesCleanlyKeysOnEveryByte(t *testing.T) {
	checked.m = nil
	b, err := frame.Encode(message.Minimal(schema.ByName("ApiVersions"), 3, schema.Request))
	require.NoError(t, err)
	require.True(t, decodesCleanly(b))
	bad := append([]byte(nil), b...)
	bad[len(bad)-1] = 7 // the body's tag count says 7 tagged fields follow: none do
	require.Error(t, frame.DecodeRequest(bad).Err)
	assert.False(t, decodesCleanly(bad))
	assert.True(t, decodesCleanly(b))
}
