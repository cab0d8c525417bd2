package source_test

import (
	"encoding/hex"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/frame"
	"github.com/kafkawire/kafkawire/codec/hexin"
	"github.com/kafkawire/kafkawire/codec/message"
	"github.com/kafkawire/kafkawire/codec/schema"
	"github.com/kafkawire/kafkawire/codec/source"
)

func frameBytes(t *testing.T) []byte {
	t.Helper()
	b, err := frame.Encode(message.Minimal(schema.ByName("DescribeProducers"), 0, schema.Request))
	require.NoError(t, err)
	require.Equal(t, byte(0), b[0], "a real frame starts with a NUL (its size prefix)")
	return b
}

func TestSniff(t *testing.T) {
	cases := []struct {
		name string
		data []byte
		want source.Kind
	}{
		{"pcap, big-endian, microseconds", []byte{0xa1, 0xb2, 0xc3, 0xd4, 0, 2, 0, 4}, source.Pcap},
		{"pcap, little-endian, microseconds", []byte{0xd4, 0xc3, 0xb2, 0xa1, 2, 0, 4, 0}, source.Pcap},
		{"pcap, big-endian, nanoseconds", []byte{0xa1, 0xb2, 0x3c, 0x4d, 0, 2, 0, 4}, source.Pcap},
		{"pcap, little-endian, nanoseconds", []byte{0x4d, 0x3c, 0xb2, 0xa1, 2, 0, 4, 0}, source.Pcap},
		{"pcapng, little-endian", []byte{0x0a, 0x0d, 0x0d, 0x0a, 0x1c, 0, 0, 0, 0x4d, 0x3c, 0x2b, 0x1a}, source.Pcapng},
		{"pcapng, big-endian", []byte{0x0a, 0x0d, 0x0d, 0x0a, 0, 0, 0, 0x1c, 0x1a, 0x2b, 0x3c, 0x4d}, source.Pcapng},
		// The block type alone is "\n\r\r\n": text that starts with blank lines is still text.
		{"pcapng block type without its byte-order magic", []byte("\n\r\r\n00 01 02 03"), source.Text},
		{"hex text", []byte("00 00 00 14 00 3d"), source.Text},
		{"UTF-8 text", []byte("bytes: « 00 ff »"), source.Text},
		{"empty", nil, source.Text},
		{"a frame", frameBytes(t), source.Binary},
		{"no NUL but not UTF-8", []byte{0xff, 0xfe, 0x41}, source.Binary},
		// Copied up to a byte count, inside tshark's "→".
		{"UTF-8 text cut inside its last character", []byte("1 0.000000 127.0.0.1 \xe2\x86"), source.Text},
		{"a character's start alone", []byte{0xe2}, source.Binary},
		{"not UTF-8 before a cut character", []byte{0xff, 0x41, 0xe2, 0x86}, source.Binary},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.want, source.Sniff(c.data))
		})
	}
}

// A frame given as its bytes and as any text dump comes out as the same one
// stream, with the origin saying how it was read.
func TestTextAndBinaryReadTheSame(t *testing.T) {
	b := frameBytes(t)
	inputs := []struct {
		data   []byte
		kind   source.Kind
		origin string
	}{
		{b, source.Binary, source.OriginBinary},
		{[]byte(hex.EncodeToString(b)), source.Text, string(hexin.Hex)},
		{[]byte(hexin.FormatAs(b, hexin.HexdumpC)), source.Text, string(hexin.HexdumpC)},
		{[]byte(hexin.FormatAs(b, hexin.GoLiteral)), source.Text, string(hexin.GoLiteral)},
	}
	for _, in := range inputs {
		got, err := source.Read(in.data, source.Options{})
		require.NoError(t, err, in.origin)
		assert.Equal(t, in.kind, got.Kind, in.origin)
		require.Len(t, got.Streams, 1, in.origin)
		s := got.Streams[0]
		assert.Equal(t, b, s.Bytes, in.origin)
		assert.Equal(t, in.origin, s.Origin)
		assert.Equal(t, source.Unknown, s.Dir)
		assert.Empty(t, s.Conn)
		assert.Empty(t, s.Gaps)
		if in.kind == source.Text {
			assert.Equal(t, hexin.Format(in.origin), got.Alternatives[0], "the detected format comes first")
		} else {
			assert.Nil(t, got.Alternatives)
		}
	}
}

func TestForcedFormat(t *testing.T) {
	// "deadbeef" is hex, and base64 too: forcing base64 reads other bytes.
	in, err := source.Read([]byte("deadbeef"), source.Options{Format: hexin.Base64})
	require.NoError(t, err)
	assert.Equal(t, string(hexin.Base64), in.Streams[0].Origin)
	assert.Equal(t, []byte{0x75, 0xe6, 0x9d, 0x6d, 0xe7, 0x9f}, in.Streams[0].Bytes)
	assert.Equal(t, hexin.Hex, in.Alternatives[0])
	assert.Contains(t, in.Alternatives, hexin.Base64)
}

// A forced format that does not fit fails with where, and still lists the formats that do.
func TestForcedFormatThatDoesNotFit(t *testing.T) {
	in, err := source.Read([]byte("00 01\n02 zz"), source.Options{Format: hexin.Hex})
	var he *hexin.Error
	require.True(t, errors.As(err, &he), "%v", err)
	assert.Equal(t, 2, he.Line)
	assert.Equal(t, 4, he.Column)
	assert.Empty(t, in.Streams)

	in, err = source.Read([]byte("00 01 02 03"), source.Options{Format: hexin.HexdumpC})
	require.Error(t, err)
	assert.Equal(t, hexin.Hex, in.Alternatives[0])
}

func TestTextWithoutBytes(t *testing.T) {
	for _, data := range [][]byte{nil, []byte("  \n")} {
		in, err := source.Read(data, source.Options{})
		var he *hexin.Error
		require.True(t, errors.As(err, &he), "%q: %v", data, err)
		assert.Equal(t, source.Text, in.Kind)
		assert.Empty(t, in.Streams)
	}
}

func TestTimeAt(t *testing.T) {
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC)
	s := source.Stream{Bytes: make([]byte, 30), Segments: []source.Segment{
		{Off: 0, Time: t0}, {Off: 10, Time: t0.Add(time.Millisecond)}, {Off: 25, Time: t0.Add(time.Second)},
	}}
	for off, want := range map[int]time.Time{0: t0, 9: t0, 10: t0.Add(time.Millisecond), 24: t0.Add(time.Millisecond), 29: t0.Add(time.Second)} {
		assert.Equal(t, want, s.TimeAt(off), "byte %d", off)
	}
	assert.True(t, (&source.Stream{}).TimeAt(0).IsZero())
}

func TestDescribe(t *testing.T) {
	s := source.Stream{Origin: "pcap", Conn: "127.0.0.1:51234>127.0.0.1:9092", Dir: source.ClientToServer}
	assert.Equal(t, "pcap · 127.0.0.1:51234>127.0.0.1:9092 · client to server", s.Describe())
	assert.Equal(t, "hexdump -C", (&source.Stream{Origin: "hexdump -C"}).Describe())
}

// A dump saved in UTF-16 with its byte order mark (Windows PowerShell's >
// writes it so), or in UTF-8 with a mark, reads as the dump; an error on
// its first line counts the mark as the editor does.
func TestTextWithByteOrderMarks(t *testing.T) {
	dump := "00000000  00 00 00 02 00 12                                 |......|\n00000006\n"
	want, err := source.Read([]byte(dump), source.Options{})
	require.NoError(t, err)
	utf16le := []byte{0xff, 0xfe}
	utf16be := []byte{0xfe, 0xff}
	for _, r := range dump {
		utf16le = append(utf16le, byte(r), 0)
		utf16be = append(utf16be, 0, byte(r))
	}
	for name, data := range map[string][]byte{"UTF-16LE": utf16le, "UTF-16BE": utf16be, "UTF-8 with a mark": append([]byte("\uFEFF"), dump...)} {
		in, err := source.Read(data, source.Options{})
		require.NoError(t, err, name)
		assert.Equal(t, source.Text, in.Kind, name)
		assert.Equal(t, want.Streams[0].Bytes, in.Streams[0].Bytes, name)
	}
	_, err = source.Read([]byte("\uFEFF00 zz"), source.Options{})
	var he *hexin.Error
	require.ErrorAs(t, err, &he)
	_, plain := source.Read([]byte("00 zz"), source.Options{})
	var pe *hexin.Error
	require.ErrorAs(t, plain, &pe)
	assert.Equal(t, pe.Column+1, he.Column)
}
