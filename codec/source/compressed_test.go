package source_test

import (
	"bytes"
	"compress/gzip"
	"io"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kafkawire/kafkawire/codec/capture"
	"github.com/kafkawire/kafkawire/codec/capture/capturetest"
	"github.com/kafkawire/kafkawire/codec/capture/pcapwrite"
	"github.com/kafkawire/kafkawire/codec/source"
)

// compress writes data as each library's writer does.
func compress(t testing.TB, c source.Compression, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	var w io.WriteCloser
	switch c {
	case source.Gzip:
		w = gzip.NewWriter(&b)
	case source.Zstd:
		z, err := zstd.NewWriter(&b)
		require.NoError(t, err)
		w = z
	case source.LZ4:
		l := lz4.NewWriter(&b)
		require.NoError(t, l.Apply(lz4.BlockSizeOption(lz4.Block64Kb))) // lz4 -B4: blocks a cut file can be read up to
		w = l
	default:
		t.Fatalf("no writer for %q", c)
	}
	_, err := w.Write(data)
	require.NoError(t, err)
	require.NoError(t, w.Close())
	return b.Bytes()
}

// twoConnections is a pcapng capture of two connections, each a request
// and its response of n times a word.
func twoConnections(n int) []byte {
	var segs []pcapwrite.Segment
	for i := range 2 {
		c := pcapwrite.NewConn(capturetest.Scenario{}.Client(i), server, t0)
		c.Open()
		c.Send(true, bytes.Repeat([]byte("request "), n), 1000)
		c.Send(false, bytes.Repeat([]byte("response "), n), 1000)
		c.Close()
		segs = append(segs, c.Segments...)
	}
	return pcapwrite.WritePcapng(pcapwrite.Ethernet, segs)
}

// A capture compressed with gzip, zstd or lz4 reads as the capture itself,
// whole (Read) or as it streams (Open, then ReadCapture), and says how it
// was compressed.
func TestCompressedCapture(t *testing.T) {
	plain := twoConnections(300)
	want, err := source.Read(plain, source.Options{})
	require.NoError(t, err)
	require.Len(t, want.Streams, 4)
	for _, c := range []source.Compression{source.Gzip, source.Zstd, source.LZ4} {
		t.Run(string(c), func(t *testing.T) {
			file := compress(t, c, plain)
			assert.Equal(t, c, source.SniffCompression(file))
			assert.Equal(t, source.Binary, source.Sniff(file), "what is compressed is not told from its first bytes")

			in, err := source.Read(file, source.Options{})
			require.NoError(t, err)
			assert.Equal(t, c, in.Compression)
			assert.Equal(t, source.Pcapng, in.Kind)
			assert.Equal(t, want.Streams, in.Streams)

			content, kind, comp, err := source.Open(bytes.NewReader(file), 1<<20)
			require.NoError(t, err)
			assert.Equal(t, source.Pcapng, kind)
			assert.Equal(t, c, comp)
			streamed, err := source.ReadCapture(content, source.Options{})
			require.NoError(t, err)
			assert.Equal(t, want.Streams, streamed.Streams)
		})
	}
}

// What is not compressed goes through Open untouched, whatever it is.
func TestOpenUncompressed(t *testing.T) {
	for _, tt := range []struct {
		data string
		kind source.Kind
	}{
		{string(twoConnections(300)), source.Pcapng},
		{"00 00 00 0c 00 12 00 03", source.Text},
		{"BZh is how this text starts", source.Text}, // bzip2's magic, without its block magic
		{"\x00\x00\x00\x0c\x00\x12", source.Binary},
		{"", source.Text},
	} {
		content, kind, comp, err := source.Open(strings.NewReader(tt.data), 1<<20)
		require.NoError(t, err)
		assert.Equal(t, tt.kind, kind, "%q", tt.data)
		assert.Equal(t, source.Uncompressed, comp)
		got, err := io.ReadAll(content)
		require.NoError(t, err)
		assert.Equal(t, tt.data, string(got))
	}
}

// A text dump compressed reads as the dump: Read opens any input.
func TestCompressedText(t *testing.T) {
	in, err := source.Read(compress(t, source.Gzip, []byte("00000005 0012000300")), source.Options{})
	require.NoError(t, err)
	assert.Equal(t, source.Text, in.Kind)
	assert.Equal(t, source.Gzip, in.Compression)
	require.Len(t, in.Streams, 1)
	assert.Equal(t, []byte{0, 0, 0, 5, 0, 0x12, 0, 3, 0}, in.Streams[0].Bytes)
}

// A small file that decompresses to more than the limit costs the limit
// and no more: the capture's packets up to it are read, and the error
// says what stopped the reading.
func TestCompressedOverTheLimit(t *testing.T) {
	plain := twoConnections(300)
	file := compress(t, source.Gzip, plain)
	limit := int64(len(plain) / 2)

	content, kind, _, err := source.Open(bytes.NewReader(file), limit)
	require.NoError(t, err)
	require.Equal(t, source.Pcapng, kind)
	in, err := source.ReadCapture(content, source.Options{})
	var tooBig *source.TooBigError
	require.ErrorAs(t, err, &tooBig, "%v", err)
	assert.Equal(t, limit, tooBig.Limit)
	assert.Contains(t, err.Error(), "this gzip file holds more than "+strconv.FormatInt(limit, 10)+" bytes decompressed")
	var ce *capture.Error
	require.ErrorAs(t, err, &ce, "the capture says where it stopped")
	assert.LessOrEqual(t, ce.Offset, limit)
	require.NotEmpty(t, in.Streams, "the packets before the limit are kept")
	assert.Equal(t, "127.0.0.1:40000>127.0.0.1:19092", in.Streams[0].Conn)

	// Exactly the limit is no error: the content ends there.
	d, err := source.Decompress(bytes.NewReader(file), source.Gzip, int64(len(plain)))
	require.NoError(t, err)
	got, err := io.ReadAll(d)
	require.NoError(t, err)
	assert.Equal(t, plain, got)
	// One byte less is.
	d, err = source.Decompress(bytes.NewReader(file), source.Gzip, int64(len(plain)-1))
	require.NoError(t, err)
	got, err = io.ReadAll(d)
	require.ErrorAs(t, err, &tooBig)
	assert.Len(t, got, len(plain)-1)
}

// A compressed file that breaks (cut short, or its checksum wrong) keeps
// the packets before the break, and the error says how many bytes
// decompressed before it; a checksum, checked at the file's end, is not
// taken for the end.
func TestCompressedBroken(t *testing.T) {
	plain := twoConnections(30_000) // zstd's blocks hold up to 128 KiB: several of them
	for _, c := range []source.Compression{source.Gzip, source.Zstd, source.LZ4} {
		t.Run(string(c), func(t *testing.T) {
			file := compress(t, c, plain)
			in, err := source.Read(file[:len(file)*2/3], source.Options{})
			require.Error(t, err)
			assert.Regexp(t, `the `+string(c)+` file breaks after \d+ bytes decompressed`, err.Error())
			assert.Equal(t, source.Pcapng, in.Kind)
			assert.NotEmpty(t, in.Streams)
		})
	}
	file := compress(t, source.Gzip, plain)
	file[len(file)-8] ^= 0xff // the CRC-32 in gzip's trailer
	content, _, _, err := source.Open(bytes.NewReader(file), 16<<20)
	require.NoError(t, err)
	in, err := source.ReadCapture(content, source.Options{})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "gzip: invalid checksum")
	assert.Contains(t, err.Error(), "breaks after "+strconv.Itoa(len(plain))+" bytes decompressed")
	assert.Len(t, in.Streams, 4, "every packet was read before the checksum")
}

// Formats kafkawire recognises but does not open say what to do.
func TestCompressionNotRead(t *testing.T) {
	for _, tt := range []struct {
		head string
		c    source.Compression
		tool string
	}{
		{"\xfd7zXZ\x00\x00\x04", source.XZ, "xz -d"},
		{"BZh91AY&SY\x00", source.Bzip2, "bzip2 -d"},
		{"PK\x03\x04\x14\x00", source.Zip, "unzip"},
	} {
		assert.Equal(t, tt.c, source.SniffCompression([]byte(tt.head)))
		_, err := source.Read([]byte(tt.head), source.Options{})
		require.Error(t, err)
		assert.Contains(t, err.Error(), "("+tt.tool+")")
		_, _, comp, err := source.Open(strings.NewReader(tt.head), 1<<20)
		require.Error(t, err)
		assert.Equal(t, tt.c, comp)
	}
}

// At exactly the limit, the decoder's error (gzip's checksum, checked at
// the end) is the file's, not taken for its end.
func TestCompressedErrorAtTheLimit(t *testing.T) {
	plain := twoConnections(300)
	file := compress(t, source.Gzip, plain)
	file[len(file)-8] ^= 0xff
	d, err := source.Decompress(bytes.NewReader(file), source.Gzip, int64(len(plain)))
	require.NoError(t, err)
	got, err := io.ReadAll(d)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "gzip: invalid checksum")
	assert.Equal(t, plain, got)
}

// A zstd frame that asks for a bigger history than the content kafkawire
// reads of it is refused before the history is allocated.
func TestZstdWindowBoundedByTheLimit(t *testing.T) {
	var b bytes.Buffer
	w, err := zstd.NewWriter(&b, zstd.WithWindowSize(8<<20))
	require.NoError(t, err)
	w.Write(bytes.Repeat([]byte("twelve bytes"), 1<<20))
	require.NoError(t, w.Close())
	file := b.Bytes()

	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	d, err := source.Decompress(bytes.NewReader(file), source.Zstd, 1<<20)
	require.NoError(t, err)
	_, err = io.ReadAll(d)
	runtime.ReadMemStats(&after)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "its window is over 1 MiB, more than kafkawire keeps for content it reads up to 1 MiB of")
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(4<<20), "the 8 MiB window was not allocated")

	// Up to a limit as big as the window, the same file reads.
	d, err = source.Decompress(bytes.NewReader(file), source.Zstd, 16<<20)
	require.NoError(t, err)
	got, err := io.ReadAll(d)
	require.NoError(t, err)
	assert.Len(t, got, 12<<20)
}

// A compressed file that holds another is refused, not opened level after
// level: a file can decompress to itself.
func TestCompressedTwice(t *testing.T) {
	twice := compress(t, source.Zstd, compress(t, source.Gzip, twoConnections(300)))
	_, err := source.Read(twice, source.Options{})
	require.Error(t, err)
	assert.Equal(t, "this zstd file holds a gzip file in turn: decompress it first", err.Error())
	_, _, comp, err := source.Open(bytes.NewReader(twice), 1<<20)
	require.Error(t, err)
	assert.Equal(t, source.Zstd, comp)
	assert.Equal(t, "this zstd file holds a gzip file in turn: decompress it first", err.Error())
}
