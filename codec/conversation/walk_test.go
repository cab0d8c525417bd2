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

// junkRequests is n frames that each look like an ApiVersions v3 request
// by their size and header but do not decode (their header ends at the
// correlation id), each a different one so that no answer is remembered:
// every one costs a search a decode.
func junkRequests(n int) []byte {
	b := make([]byte, 0, 12*n)
	for i := range n {
		b = binary.BigEndian.AppendUint32(b, 8)
		b = append(b, 0, 18, 0, 3)
		b = binary.BigEndian.AppendUint32(b, uint32(i))
	}
	return b
}

// A search decodes candidates within checkBudget: a request after a few
// candidates that fail is found; after more than the budget pays for, it
// is not, and the search stops decoding (BenchmarkHostileSearch times it).
func TestSearchWithinBudget(t *testing.T) {
	req, err := frame.Encode(message.Minimal(schema.ByName("DescribeProducers"), 0, schema.Request))
	require.NoError(t, err)
	perJunk := 8 + checkCost
	few := append(junkRequests(100), req...)
	assert.True(t, LooksLikeRequests(few), "a request after 100 candidates that fail")
	many := append(junkRequests(checkBudget/perJunk+10), req...)
	assert.False(t, LooksLikeRequests(many), "a request after more candidates than the budget pays for")

	assert.Equal(t, perJunk, decodeCost(8))
}

// BenchmarkHostileSearch is LooksLikeRequests on 1.4 MB of request-like
// frames that do not decode: every search offset's candidate is decoded
// until the budget is spent (before the budget: 5.8 s an op; with it, 14 ms).
func BenchmarkHostileSearch(b *testing.B) {
	junk := junkRequests(120_000)
	b.SetBytes(int64(len(junk)))
	for b.Loop() {
		if LooksLikeRequests(junk) {
			b.Fatal("junk taken for requests")
		}
	}
}
