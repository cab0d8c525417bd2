package records

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"hash/crc32"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// kmsgMessage builds a legacy message with kmsg, as an encoder independent of this package.
func kmsgMessage(magic int8, offset int64, attrs int8, ts int64, key, value []byte) []byte {
	if magic == 0 {
		m := kmsg.MessageV0{Offset: offset, Magic: 0, Attributes: attrs, Key: key, Value: value}
		m.MessageSize = int32(len(m.AppendTo(nil)) - 12)
		m.CRC = int32(crc32.ChecksumIEEE(m.AppendTo(nil)[16:]))
		return m.AppendTo(nil)
	}
	m := kmsg.MessageV1{Offset: offset, Magic: 1, Attributes: attrs, Timestamp: ts, Key: key, Value: value}
	m.MessageSize = int32(len(m.AppendTo(nil)) - 12)
	m.CRC = int32(crc32.ChecksumIEEE(m.AppendTo(nil)[16:]))
	return m.AppendTo(nil)
}

func gzipped(b []byte) []byte {
	var buf bytes.Buffer
	w := gzip.NewWriter(&buf)
	w.Write(b)
	w.Close()
	return buf.Bytes()
}

func TestLegacy(t *testing.T) {
	var inner []byte
	inner = append(inner, kmsgMessage(1, 0, 0, 1_700_000_000_000, []byte("a"), []byte("one"))...)
	inner = append(inner, kmsgMessage(1, 1, 0, 1_700_000_000_001, nil, []byte("two"))...)
	var set []byte
	set = append(set, kmsgMessage(0, 7, 0, 0, []byte("k"), nil)...)
	set = append(set, kmsgMessage(1, 8, 0, 1_700_000_000_000, nil, []byte("v"))...)
	set = append(set, kmsgMessage(1, 10, 1, 1_700_000_000_001, nil, gzipped(inner))...)

	s, nodes, bufs := decode(t, set, 0x30)
	assertNoWarnings(t, nodes)
	assertSpans(t, nodes, len(set)+0x30, bufs)
	require.Len(t, s.Batches, 3)
	assert.Equal(t, set, s.AppendTo(nil))

	m0 := s.Batches[0].Legacy
	assert.Equal(t, int8(0), m0.Magic)
	assert.Equal(t, Bytes("k"), m0.Key)
	assert.Nil(t, m0.Value)
	w := s.Batches[2].Legacy
	assert.Equal(t, CodecGzip, s.Batches[2].Codec())
	require.Len(t, w.Messages, 2)
	assert.Equal(t, Bytes("two"), w.Messages[1].Value)
	assert.Equal(t, inner, bufs[1])
	text := nodes[2].Text()
	assert.Contains(t, text, "offset int64 = 1 (absolute 10)")
	assert.Contains(t, text, "[decompressed 0x0000,")

	// Edited, the wrapper is recompressed and every CRC recomputed; kmsg reads it.
	w.Messages[0].Value = Bytes("uno, edited")
	enc := s.AppendTo(nil)
	s2, _, _ := decode(t, enc, 0)
	assert.Equal(t, Bytes("uno, edited"), s2.Batches[2].Legacy.Messages[0].Value)
	p := len(set) - len(kmsgMessage(1, 10, 1, 1_700_000_000_001, nil, gzipped(inner)))
	var km kmsg.MessageV1
	require.NoError(t, km.ReadFrom(enc[p:]))
	assert.Equal(t, uint32(km.CRC), crc32.ChecksumIEEE(enc[p+16:]))

	// JSON keeps the legacy shape.
	j, err := s.MarshalJSON()
	require.NoError(t, err)
	var back Set
	require.NoError(t, back.UnmarshalJSON(j))
	s3, _, _ := decode(t, back.AppendTo(nil), 0)
	assert.Equal(t, Bytes("uno, edited"), s3.Batches[2].Legacy.Messages[0].Value)
	assert.Equal(t, s2.Batches[0].Legacy, s3.Batches[0].Legacy)
}

func TestLegacyCRCAndErrors(t *testing.T) {
	m := kmsgMessage(1, 0, 0, 5, []byte("k"), []byte("v"))
	bad := bytes.Clone(m)
	bad[len(bad)-1] = 'w'
	s, nodes, _ := decode(t, bad, 0)
	crc := nodes[0].Children[2]
	assert.Equal(t, "crc", crc.Name)
	assert.Regexp(t, `^CRC-32 mismatch: the bytes after it sum to 0x[0-9a-f]{8}, the message says 0x[0-9a-f]{8}$`, crc.Warn())
	assert.Equal(t, bad, s.AppendTo(nil))

	hostile := bytes.Clone(m)
	binary.BigEndian.PutUint32(hostile[len(hostile)-5:], 1<<31-1) // value length
	_, _, err := Decode(hostile, 0, nil, Options{})
	require.NotNil(t, err)
	assert.Contains(t, err.Error(), "at 0x001f: value length 2147483647 runs past the end, 1 bytes left")

	wrapper := kmsgMessage(1, 0, 2, 5, nil, []byte("not snappy at all"))
	_, nodes, err = Decode(wrapper, 0, nil, Options{})
	require.NotNil(t, err)
	assert.Contains(t, err.Error(), "at 0x0022: snappy value: not valid snappy data")
	assert.NotNil(t, nodes[0].Failed())
}
