package source_test

import (
	"bytes"
	"io"
	"testing"

	"github.com/kafkawire/kafkawire/codec/source"
)

// Read never panics, says what every input is, and gives back a binary
// input's bytes untouched; a compressed one reads as what it holds.
func FuzzRead(f *testing.F) {
	for _, c := range []source.Compression{source.Gzip, source.Zstd, source.LZ4} {
		f.Add(compress(f, c, []byte("00 00 00 04 00 12 00 03")))
		f.Add(compress(f, c, []byte{0xd4, 0xc3, 0xb2, 0xa1, 2, 0, 4, 0}))
	}
	f.Add([]byte("00 00 00 14 00 3d"))
	f.Add([]byte("00000000  00 00 00 14 00 3d 00 00  |......|\n"))
	f.Add([]byte{0, 0, 0, 4, 0, 3, 0, 1})
	f.Add([]byte{0xd4, 0xc3, 0xb2, 0xa1, 2, 0, 4, 0})
	f.Add([]byte{0x0a, 0x0d, 0x0d, 0x0a, 0x1c, 0, 0, 0, 0x4d, 0x3c, 0x2b, 0x1a})
	f.Add([]byte{0xff, 0xfe})
	f.Add([]byte("00000000  00 00 00 04 00 12 00 03\n    00000000  00 00 00 02 00 07\n"))
	f.Add([]byte("peers:\n  - peer: 0\npackets:\n  - packet: 1\n    peer: 1\n    data: !!binary |\n      AAAABAASAAM=\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := source.Read(data, source.Options{})
		if c := source.SniffCompression(data); c != source.Uncompressed {
			if in.Compression != c {
				t.Fatalf("Read says %q, SniffCompression %q", in.Compression, c)
			}
			d, derr := source.Decompress(bytes.NewReader(data), c, source.MaxWhole)
			if derr != nil {
				if err == nil {
					t.Fatalf("Read took what Decompress refuses (%v)", derr)
				}
				return
			}
			content, derr := io.ReadAll(d)
			if derr != nil || source.SniffCompression(content) != source.Uncompressed {
				return // broken, or compressed again: Read opens one level
			}
			want, werr := source.Read(content, source.Options{})
			if in.Kind != want.Kind || (err == nil) != (werr == nil) || len(in.Streams) != len(want.Streams) {
				t.Fatalf("compressed: %v, %d streams, %v; its content: %v, %d streams, %v", in.Kind, len(in.Streams), err, want.Kind, len(want.Streams), werr)
			}
			return
		}
		if in.Kind != source.Sniff(data) {
			t.Fatalf("Read says %v, Sniff says %v", in.Kind, source.Sniff(data))
		}
		switch in.Kind {
		case source.Binary:
			if err != nil || len(in.Streams) != 1 || !bytes.Equal(in.Streams[0].Bytes, data) {
				t.Fatalf("binary input not given back as one stream: %v", err)
			}
		case source.Text:
			if (err == nil) != (len(in.Streams) >= 1) {
				t.Fatalf("text: error %v with %d streams", err, len(in.Streams))
			}
		}
	})
}
