package frame_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/frame/hostile"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
)

func encodeWithCorrelation(t *testing.T, api string, v int16, dir schema.Direction, id int32) []byte {
	t.Helper()
	m := message.Minimal(schema.ByName(api), v, dir)
	m.Header.Set("CorrelationId", id)
	b, err := frame.Encode(m)
	require.NoError(t, err)
	return b
}

func TestDecodeStreamPairsByCorrelationID(t *testing.T) {
	req := encodeWithCorrelation(t, "DescribeProducers", 0, schema.Request, 7)
	resp := encodeWithCorrelation(t, "DescribeProducers", 0, schema.Response, 7)
	other := encodeWithCorrelation(t, "InitProducerId", 5, schema.Response, 99)
	stream := append(append(append([]byte{}, req...), resp...), other...)

	parts := frame.DecodeStream(stream, frame.Hint{})
	require.Len(t, parts, 3)
	assert.Equal(t, schema.Request, parts[0].Dir)
	assert.Nil(t, parts[0].Err)
	assert.Equal(t, schema.Response, parts[1].Dir)
	assert.Equal(t, 0, parts[1].PairedWith)
	require.NotNil(t, parts[1].Decoded)
	assert.Equal(t, "DescribeProducers", parts[1].Msg.API.Name)
	assert.Equal(t, 24, parts[1].Off)
	// No request for correlation id 99: the API must be named or guessed.
	assert.Equal(t, schema.Response, parts[2].Dir)
	assert.Nil(t, parts[2].Decoded)

	// With a hint, it is decoded as that.
	parts = frame.DecodeStream(other, frame.Hint{API: schema.ByName("InitProducerId"), Version: 5})
	require.NotNil(t, parts[0].Decoded)
	assert.Nil(t, parts[0].Err)
}

// One damaged request among a client's (its ClientId's length broken) is
// that request, broken where it breaks: it answers no request before it
// and decodes as no response, so it is not taken for a response whose
// correlation id is its API key and version. A response among them whose
// correlation id reads as a request header is still a response.
func TestDecodeStreamDamagedRequestAmongRequests(t *testing.T) {
	first := encodeWithCorrelation(t, "ApiVersions", 3, schema.Request, 0)
	m := message.Example(schema.ByName("Produce"), 9, schema.Request)
	m.Header.Set("CorrelationId", int32(1))
	produce, err := frame.Encode(m)
	require.NoError(t, err)
	produce[12] = 0x7f // the ClientId's int16 length: 0x7fxx bytes, past the end
	parts := frame.DecodeStream(append(bytes.Clone(first), produce...), frame.Hint{})
	require.Len(t, parts, 2)
	assert.Equal(t, schema.Request, parts[1].Dir)
	require.NotNil(t, parts[1].Decoded)
	assert.Equal(t, "Produce", parts[1].Msg.API.Name)
	require.NotNil(t, parts[1].Err)
	assert.Equal(t, 12, parts[1].Err.Off)
	assert.Contains(t, parts[1].Err.Msg, "string length")

	resp := encodeWithCorrelation(t, "DescribeProducers", 0, schema.Response, 1)
	parts = frame.DecodeStream(append(bytes.Clone(first), resp...), frame.Hint{})
	require.Len(t, parts, 2)
	assert.Equal(t, schema.Response, parts[1].Dir, "a response of correlation id 1 (Produce v1 read as a request header)")
}

// A response whose correlation id is 1 starts 00 00 00 01, which reads as a
// Produce v1 request header; it decodes as no request but as responses, so
// it is taken as a response.
func TestDecodeStreamLoneResponseWithSmallCorrelationID(t *testing.T) {
	resp := encodeWithCorrelation(t, "DescribeProducers", 0, schema.Response, 1)
	_, _, err := frame.RequestAPI(resp)
	require.Nil(t, err, "the trap: the bytes name a known request API")
	parts := frame.DecodeStream(resp, frame.Hint{})
	require.Len(t, parts, 1)
	assert.Equal(t, schema.Response, parts[0].Dir)
}

func TestSplitReportsShortFrames(t *testing.T) {
	req := encodeWithCorrelation(t, "DescribeProducers", 0, schema.Request, 1)
	pieces := frame.Split(append(append([]byte{}, req...), req[:10]...))
	require.Len(t, pieces, 2)
	assert.Equal(t, 0, pieces[0].Short)
	assert.Equal(t, 24, pieces[1].Off)
	assert.Equal(t, 14, pieces[1].Short, "the second frame says 20 bytes follow; 6 do")
}

// DecodeStreamEach decodes as DecodeStream does and reports every frame in
// order, with the count of all: the page paints its progress from it.
func TestDecodeStreamEachReportsEveryFrame(t *testing.T) {
	paste := hostile.BrokenPaste(50)
	var seen [][2]int
	parts := frame.DecodeStreamEach(paste, frame.Hint{}, func(done, total int) { seen = append(seen, [2]int{done, total}) })
	require.Len(t, seen, 50)
	for i, s := range seen {
		assert.Equal(t, [2]int{i + 1, 50}, s)
	}
	want := frame.DecodeStream(paste, frame.Hint{})
	require.Len(t, parts, len(want))
	for i := range parts {
		assert.Equal(t, want[i].Dir, parts[i].Dir)
		assert.Equal(t, want[i].Note, parts[i].Note)
		require.Equal(t, want[i].Decoded == nil, parts[i].Decoded == nil)
		if want[i].Decoded != nil {
			assert.Equal(t, want[i].Err, parts[i].Err)
		}
	}
}

// A size prefix under 4 bytes is no frame's (a response's correlation id
// alone is 4): the rest is handed over whole, so that zeros are one
// broken frame, not a frame every 4 bytes.
func TestSplitStopsAtASizeNoFrameHas(t *testing.T) {
	req := encodeWithCorrelation(t, "DescribeProducers", 0, schema.Request, 1)
	for size := range 4 {
		b := append(append([]byte{}, req...), 0, 0, 0, byte(size))
		b = append(b, make([]byte, 1000)...)
		pieces := frame.Split(b)
		require.Len(t, pieces, 2, "size %d", size)
		assert.Equal(t, len(req), pieces[1].Off)
		assert.Len(t, pieces[1].Bytes, 1004)
		assert.Contains(t, pieces[1].Rest, fmt.Sprintf("not cut into frames: they start with a size prefix of %d, and no frame is under 4 bytes", size))
		parts := frame.DecodeStream(b, frame.Hint{})
		require.Len(t, parts, 2)
		assert.Nil(t, parts[1].Decoded, "not decoded")
		assert.Equal(t, pieces[1].Rest, parts[1].Note)
	}
	// A response of 4 bytes, its correlation id alone, is a frame.
	pieces := frame.Split([]byte{0, 0, 0, 4, 0, 0, 0, 7, 0, 0, 0, 4, 0, 0, 0, 8})
	assert.Len(t, pieces, 2)
}

// A stream is cut into MaxPieces frames at most; the bytes after them are
// one piece, not decoded, with a note that says why.
func TestSplitStopsAtMaxPieces(t *testing.T) {
	tiny := []byte{0, 0, 0, 4, 0, 0, 0, 7}
	b := bytes.Repeat(tiny, frame.MaxPieces+10)
	pieces := frame.Split(b)
	require.Len(t, pieces, frame.MaxPieces+1)
	last := pieces[frame.MaxPieces]
	assert.Equal(t, "not cut into frames: a stream is cut into 65536 frames at most, and these bytes come after them", last.Rest)
	assert.Equal(t, frame.MaxPieces*8, last.Off)
	assert.Len(t, last.Bytes, 80)
	assert.Empty(t, pieces[frame.MaxPieces-1].Rest)

	parts := frame.DecodeStream(b, frame.Hint{})
	require.Len(t, parts, frame.MaxPieces+1)
	rest := parts[frame.MaxPieces]
	assert.Nil(t, rest.Decoded)
	assert.Equal(t, last.Rest, rest.Note)
}

// A stream that ends inside a request is that request cut short, as its
// header says, not a response whose "correlation id" is the request's API
// key and version; a response cut short still pairs with its request.
func TestDecodeStreamLastRequestCutShort(t *testing.T) {
	req := encodeWithCorrelation(t, "Metadata", 12, schema.Request, 0)
	for _, n := range []int{8, 15, len(req) - 1} {
		parts := frame.DecodeStream(append(append([]byte{}, req...), req[:n]...), frame.Hint{})
		require.Len(t, parts, 2, "cut at %d", n)
		last := parts[1]
		assert.Equal(t, len(req)-n, last.Short, "cut at %d", n)
		assert.Equal(t, schema.Request, last.Dir, "cut at %d", n)
		require.NotNil(t, last.Decoded, "cut at %d", n)
		assert.Equal(t, "Metadata", last.Msg.API.Name)
		assert.Equal(t, int16(12), last.Msg.Version)
		require.NotNil(t, last.Err)
		assert.Equal(t, fmt.Sprintf("frame truncated by %d bytes: size says %d, %d present", len(req)-n, len(req)-4, n-4), last.Err.Msg)
		assert.Equal(t, -1, last.PairedWith)
	}

	// A response cut short whose correlation id reads as a request header
	// (Produce v7) answers the request before it: a response, paired.
	ask := encodeWithCorrelation(t, "DescribeProducers", 0, schema.Request, 7)
	resp := encodeWithCorrelation(t, "DescribeProducers", 0, schema.Response, 7)
	parts := frame.DecodeStream(append(append([]byte{}, ask...), resp[:len(resp)-3]...), frame.Hint{})
	require.Len(t, parts, 2)
	assert.Equal(t, schema.Response, parts[1].Dir)
	assert.Equal(t, 0, parts[1].PairedWith)
	require.NotNil(t, parts[1].Decoded)
	assert.Equal(t, "DescribeProducers", parts[1].Msg.API.Name)
}

// Fewer than 4 bytes after the last frame are no frame: they cannot hold a
// size prefix. They are one piece that says so, paired with nothing (two
// zero bytes were a response to the request of correlation id 0).
func TestSplitBytesAfterTheLastFrame(t *testing.T) {
	req := encodeWithCorrelation(t, "Metadata", 12, schema.Request, 0)
	for n := 1; n < 4; n++ {
		b := append(append([]byte{}, req...), make([]byte, n)...)
		pieces := frame.Split(b)
		require.Len(t, pieces, 2, "%d bytes", n)
		assert.Equal(t, frame.Piece{Off: len(req), Bytes: make([]byte, n), Rest: "too few for a size prefix (4 bytes): not a frame"}, pieces[1])
		parts := frame.DecodeStream(b, frame.Hint{})
		require.Len(t, parts, 2)
		assert.Nil(t, parts[0].Err)
		assert.Nil(t, parts[1].Decoded, "%d bytes", n)
		assert.Equal(t, -1, parts[1].PairedWith, "%d bytes", n)
		assert.Equal(t, pieces[1].Rest, parts[1].Note)
	}
}
