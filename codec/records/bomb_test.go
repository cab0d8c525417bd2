package records

import (
	"bytes"
	"compress/gzip"
	"io"
	"strconv"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// zeros is an endless reader of zero bytes, so bombs are built without holding them.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

func bomb(t *testing.T, codec Codec, n int64) []byte {
	var buf bytes.Buffer
	var w io.WriteCloser
	switch codec {
	case CodecGzip:
		w, _ = gzip.NewWriterLevel(&buf, gzip.BestCompression)
	case CodecLZ4:
		w = lz4.NewWriter(&buf)
	case CodecZstd:
		zw, err := zstd.NewWriter(&buf, zstd.WithEncoderConcurrency(1))
		require.NoError(t, err)
		w = zw
	}
	_, err := io.CopyN(w, zeros{}, n)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return buf.Bytes()
}

// bombBatch wraps a compressed payload in a batch header claiming one record.
func bombBatch(codec Codec, payload []byte) []byte {
	b := (&Set{Batches: []*Batch{{Magic: 2, Attributes: int16(codec), Records: []Record{{}}}}}).AppendTo(nil)
	return splice(b, batchHeaderLen, len(b)-batchHeaderLen, payload)
}

func TestDecompressionBomb(t *testing.T) {
	// The real limit, once, with zstd: the output stops at 64 MiB and memory stays near it.
	if !testing.Short() {
		b := bombBatch(CodecZstd, bomb(t, CodecZstd, MaxDecompressed+1))
		var m1, m2 runtimeMem
		m1.read()
		_, nodes, err := Decode(b, 0x100, nil, Options{})
		m2.read()
		require.NotNil(t, err)
		assert.Equal(t, "at 0x013d: zstd records: decompresses to more than 64 MiB, the limit kafkawire sets against decompression bombs", err.Error())
		assert.NotNil(t, nodes[0].Failed())
		// Cumulative allocation, not peak: the output buffer's doublings (about twice the
		// limit) plus the zstd decoder's own buffers.
		assert.Less(t, m2.total-m1.total, uint64(4*MaxDecompressed), "bounded by the limit")
	}

	// Every codec, against a lowered limit to stay fast.
	lowered := Options{MaxDecompressed: 1 << 20}
	for _, codec := range []Codec{CodecGzip, CodecLZ4, CodecZstd} {
		_, _, err := Decode(bombBatch(codec, bomb(t, codec, 4<<20)), 0, nil, lowered)
		require.NotNil(t, err, "%s", codec)
		assert.Contains(t, err.Error(), "at 0x003d: "+codec.String()+" records: decompresses to more than 64 MiB, "+
			"the limit kafkawire sets against decompression bombs (lowered to 1048576 bytes)", codec)
	}
	// Snappy states its size up front: refused before allocating anything.
	claim := append([]byte{0x80, 0x80, 0x80, 0x40}, 0) // uvarint 128 MiB, then nothing
	var m1, m2 runtimeMem
	m1.read()
	_, _, err := Decode(bombBatch(CodecSnappy, claim), 0, nil, Options{})
	m2.read()
	require.NotNil(t, err)
	assert.Contains(t, err.Error(), "at 0x003d: snappy records: decompresses to more than")
	assert.Less(t, m2.total-m1.total, uint64(1<<20))
}

func TestXerialSnappy(t *testing.T) {
	big := bytes.Repeat([]byte("0123456789abcdef"), 5000) // 80 KB: three xerial blocks
	s := &Set{Batches: []*Batch{{Magic: 2, Attributes: int16(CodecSnappy), xerial: true,
		Records: []Record{{Key: Bytes("k"), Value: big}, {Value: Bytes("small")}}}}}
	enc := s.AppendTo(nil)
	assert.True(t, bytes.HasPrefix(enc[batchHeaderLen:], xerialMagic))
	s2, nodes, _ := decode(t, enc, 0)
	assertNoWarnings(t, nodes)
	assert.True(t, s2.Batches[0].xerial)
	assert.Equal(t, Bytes(big), s2.Batches[0].Records[0].Value)
	s2.Batches[0].Records[1].Value = Bytes("edited")
	enc2 := s2.AppendTo(nil)
	assert.True(t, bytes.HasPrefix(enc2[batchHeaderLen:], xerialMagic), "an edit keeps the framing")
	// Truncated framing says where.
	bad := splice(enc, len(enc)-10, 10, nil)
	_, _, err := Decode(bad, 0, nil, Options{})
	require.NotNil(t, err)
	assert.Contains(t, err.Error(), "at 0x003d: snappy records: xerial snappy block at payload byte")
}

// The caller's limit holds to the byte, for batches and legacy wrappers
// alike, and a caller cannot lift it past MaxDecompressed.
func TestDecompressLimitFromOptions(t *testing.T) {
	value := bytes.Repeat([]byte("kafkawire "), 300)
	batch := (&Set{Batches: []*Batch{{Magic: 2, Attributes: int16(CodecGzip), Records: []Record{{Value: value}}}}}).AppendTo(nil)
	wrapper := kmsgMessage(1, 0, 1, 5, nil, gzipped(kmsgMessage(1, 0, 0, 5, []byte("k"), value)))
	for name, b := range map[string][]byte{"batch": batch, "wrapper": wrapper} {
		bufs := [][]byte{b}
		_, _, err := Decode(b, 0, &bufs, Options{})
		require.Nil(t, err, name)
		require.Len(t, bufs, 2, name)
		plain := len(bufs[1])

		_, _, err = Decode(b, 0, nil, Options{MaxDecompressed: plain})
		assert.Nil(t, err, "%s: exactly at the limit", name)
		_, nodes, err := Decode(b, 0, nil, Options{MaxDecompressed: plain - 1})
		require.NotNil(t, err, "%s: one byte over", name)
		assert.Contains(t, err.Error(), "lowered to "+strconv.Itoa(plain-1)+" bytes", name)
		assert.NotNil(t, nodes[0].Failed(), name)
	}

	for _, limit := range []int{0, -1, MaxDecompressed + 1, 1 << 40} {
		o := Options{MaxDecompressed: limit}
		assert.Equal(t, MaxDecompressed, o.maxDecompressed(), "%d", limit)
	}
	o := Options{MaxDecompressed: 100}
	assert.Equal(t, 100, o.maxDecompressed())
}
