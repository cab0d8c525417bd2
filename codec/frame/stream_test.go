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
