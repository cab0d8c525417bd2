package records

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"strings"
	"testing"

	"github.com/kafkawire/kafkawire/codec/layout"
	"github.com/pierrec/lz4/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// foreignGzipBatch is a RecordBatch v2 whose records were gzipped at the best
// compression, which kafkawire's own compressor (the default level) would
// write differently: only keeping the compressed bytes gives them back.
func foreignGzipBatch(t *testing.T) []byte {
	recs := []Record{{Key: Bytes("k"), Value: Bytes(strings.Repeat("value ", 20))}, {OffsetDelta: 1, Value: Bytes("two")}}
	var plain []byte
	for i := range recs {
		plain = recs[i].appendTo(plain)
	}
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	require.NoError(t, err)
	w.Write(plain)
	w.Close()
	b := &Batch{Magic: 2, Attributes: int16(CodecGzip), ProducerID: -1, ProducerEpoch: -1, BaseSequence: -1, Records: recs,
		kept: buf.Bytes()}
	b.keptSum = recordsSum(CodecGzip, recs)
	out := b.AppendTo(nil)
	ours := (&Batch{Magic: 2, Attributes: int16(CodecGzip), ProducerID: -1, ProducerEpoch: -1, BaseSequence: -1, Records: recs}).AppendTo(nil)
	require.NotEqual(t, ours, out, "the test needs a payload kafkawire would not write itself")
	return out
}

// throughJSON decodes b, writes it as JSON, lets edit change the JSON, and encodes what it reads back.
func throughJSON(t *testing.T, b []byte, edit func(string) string) ([]byte, string) {
	t.Helper()
	s, _, _ := decode(t, b, 0)
	j, err := json.Marshal(s)
	require.NoError(t, err)
	js := edit(string(j))
	var back Set
	require.NoError(t, json.Unmarshal([]byte(js), &back), js)
	return back.AppendTo(nil), js
}

func TestJSONKeepsCompressedRecords(t *testing.T) {
	orig := foreignGzipBatch(t)
	payload := orig[batchHeaderLen:]
	same := func(s string) string { return s }

	enc, js := throughJSON(t, orig, same)
	assert.Equal(t, orig, enc, "unchanged JSON gives the same bytes")
	assert.Contains(t, js, `"compressed":"1f8b`)

	// A header field changes: the header is written anew, the compressed records stay.
	enc, _ = throughJSON(t, orig, func(s string) string { return strings.Replace(s, `"producerId":-1`, `"producerId":42`, 1) })
	require.Len(t, enc, len(orig))
	assert.Equal(t, payload, enc[batchHeaderLen:])
	s, nodes, _ := decode(t, enc, 0)
	assertNoWarnings(t, nodes) // CRC recomputed over the new header
	assert.Equal(t, int64(42), s.Batches[0].ProducerID)

	// A record changes: the kept bytes no longer hold the records, so they are compressed afresh.
	enc, _ = throughJSON(t, orig, func(s string) string { return strings.Replace(s, `"two"`, `"TWO"`, 1) })
	assert.NotEqual(t, payload, enc[batchHeaderLen:])
	s, nodes, _ = decode(t, enc, 0)
	assertNoWarnings(t, nodes)
	assert.Equal(t, Bytes("TWO"), s.Batches[0].Records[1].Value)

	// A "compressed" that holds other records than the JSON lists is not trusted: the records win.
	enc, _ = throughJSON(t, orig, func(s string) string {
		var j map[string]any
		require.NoError(t, json.Unmarshal([]byte(s), &j))
		j["batches"].([]any)[0].(map[string]any)["compressed"] = "1f8b0800000000000000030300000000000000000000" // gzip of nothing
		out, _ := json.Marshal(j)
		return string(out)
	})
	s, _, _ = decode(t, enc, 0)
	assert.Equal(t, Bytes("two"), s.Batches[0].Records[1].Value)

	// The codec changes: the gzip bytes cannot be zstd records.
	enc, _ = throughJSON(t, orig, func(s string) string { return strings.Replace(s, `"codec":"gzip"`, `"codec":"zstd"`, 1) })
	s, _, _ = decode(t, enc, 0)
	assert.Equal(t, CodecZstd, s.Batches[0].Codec())
	assert.Equal(t, Bytes("two"), s.Batches[0].Records[1].Value)

	// Null and empty are different records.
	enc, _ = throughJSON(t, orig, func(s string) string { return strings.Replace(s, `"key":null`, `"key":""`, 1) })
	s, _, _ = decode(t, enc, 0)
	assert.Equal(t, Bytes{}, s.Batches[0].Records[1].Key)
	assert.NotEqual(t, payload, enc[batchHeaderLen:])

	_, js = throughJSON(t, orig, same)
	var bad Set
	assert.ErrorContains(t, json.Unmarshal([]byte(strings.Replace(js, `"compressed":"1f`, `"compressed":"zz`, 1)), &bad), "compressed")
}

// oldLZ4 compresses plain into an lz4 frame whose header checksum is computed
// the way Kafka clients before 0.10 did, over the frame's magic number too.
func oldLZ4(t *testing.T, plain []byte) []byte {
	var buf bytes.Buffer
	w := lz4.NewWriter(&buf)
	_, err := w.Write(plain)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	f := buf.Bytes()
	require.Zero(t, f[4]&0x09, "no content size or dictionary id: the descriptor is FLG and BD")
	f[6] = byte(xxh32(f[:6]) >> 8)
	return f
}

func TestLegacyLZ4OldChecksum(t *testing.T) {
	inner := kmsgMessage(0, 0, 0, 0, []byte("a"), []byte("one"))
	inner = append(inner, kmsgMessage(0, 1, 0, 0, nil, []byte(strings.Repeat("two ", 10)))...)
	value := oldLZ4(t, inner)
	good := byte(xxh32(value[4:6]) >> 8)
	require.NotEqual(t, good, value[6], "the old checksum differs from the right one for this frame")
	set := kmsgMessage(0, 5, int8(CodecLZ4), 0, nil, value)

	s, nodes, bufs := decode(t, set, 0)
	require.Len(t, s.Batches, 1)
	w := s.Batches[0].Legacy
	require.Len(t, w.Messages, 2)
	assert.Equal(t, Bytes("one"), w.Messages[0].Value)
	assert.Equal(t, inner, bufs[1])
	var warns []string
	nodes[0].Walk(func(n *layout.Node, _ int) bool {
		if n.Warn() != "" {
			warns = append(warns, n.Warn())
		}
		return true
	})
	require.Len(t, warns, 1)
	assert.Contains(t, warns[0], "header checksum")
	assert.Equal(t, set, s.AppendTo(nil), "written back unchanged")
	enc, _ := throughJSON(t, set, func(s string) string { return s })
	assert.Equal(t, set, enc, "and unchanged through JSON")

	// Magic 1 messages are checked: Kafka 0.10 fixed the checksum along with the format.
	set1 := kmsgMessage(1, 5, int8(CodecLZ4), 1, nil, oldLZ4(t, kmsgMessage(1, 0, 0, 1, nil, []byte("one"))))
	bufs2 := [][]byte{nil}
	_, _, err := Decode(set1, 0, &bufs2, Options{})
	require.NotNil(t, err)
	assert.Contains(t, err.Msg, "checksum")

	// A changed inner message is compressed afresh, with the right checksum.
	w.Messages[0].Value = Bytes("ONE")
	again := s.AppendTo(nil)
	s2, nodes2, _ := decode(t, again, 0)
	assertNoWarnings(t, nodes2)
	assert.Equal(t, Bytes("ONE"), s2.Batches[0].Legacy.Messages[0].Value)
}

func TestXXH32(t *testing.T) {
	// Reference values of XXH32 with seed 0.
	assert.Equal(t, uint32(0x02cc5d05), xxh32(nil))
	assert.Equal(t, uint32(0x550d7456), xxh32([]byte("a")))
	assert.Equal(t, uint32(0x32d153ff), xxh32([]byte("abc")))
}
