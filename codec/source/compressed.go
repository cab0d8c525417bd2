package source

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"
	"github.com/pierrec/lz4/v4"
)

// Compression is how an input file was compressed, told from its first
// bytes. Captures travel compressed (tcpdump -z gzip on each file it
// rotates, a ticket's attachment), and Wireshark opens gzip, zstd and lz4
// ones as they are, so kafkawire does too.
type Compression string

const (
	Uncompressed Compression = ""
	Gzip         Compression = "gzip"
	Zstd         Compression = "zstd"
	LZ4          Compression = "lz4"
	// Recognised, to say what they are, but not read: Wireshark does not
	// read them either, and their decoders would weigh on the page.
	XZ    Compression = "xz"
	Bzip2 Compression = "bzip2"
	Zip   Compression = "zip"
)

// The magic numbers that open each format.
var compressionMagic = []struct {
	c     Compression
	magic string
}{
	{Gzip, "\x1f\x8b"},
	{Zstd, "\x28\xb5\x2f\xfd"},
	{LZ4, "\x04\x22\x4d\x18"},
	{XZ, "\xfd7zXZ\x00"},
	{Bzip2, "BZh"},
	{Zip, "PK\x03\x04"},
}

// SniffCompression tells how data, a file's first bytes (6 are enough), is
// compressed; Uncompressed when it is not. None of the magic numbers can
// open a Kafka frame a tool prints or a capture: a size prefix of
// 0x1f8b.... is over 500 MB.
func SniffCompression(data []byte) Compression {
	for _, m := range compressionMagic {
		if bytes.HasPrefix(data, []byte(m.magic)) {
			// "BZh" is text too: bzip2 follows it with the block size, a
			// digit, and its block magic.
			if m.c == Bzip2 && (len(data) < 10 || data[3] < '1' || data[3] > '9' || string(data[4:10]) != "1AY&SY") {
				continue
			}
			return m.c
		}
	}
	return Uncompressed
}

// zstdMaxWindow bounds the history a zstd stream may ask the decoder to
// keep: 128 MiB is what `zstd --long` and the highest levels use; a stream
// that asks for more is refused before anything is allocated for it.
const zstdMaxWindow = 128 << 20

// zstdWindow is the largest window read for content of up to limit bytes:
// no more than the content, nor than zstdMaxWindow, and at least zstd's
// smallest (1 KiB).
func zstdWindow(limit int64) uint64 {
	return uint64(max(zstd.MinWindowSize, min(limit, zstdMaxWindow)))
}

// Decompress returns a reader of r's content, decompressed as c says. It
// gives at most limit bytes: past them it fails with a *TooBigError, so a
// small file that decompresses to gigabytes costs no more than limit. An
// error of the format (a bad checksum, a file cut short) says how many
// bytes were decompressed before it; what was read before it stays read.
func Decompress(r io.Reader, c Compression, limit int64) (io.Reader, error) {
	var d io.Reader
	switch c {
	case Uncompressed:
		return r, nil
	case Gzip:
		z, err := gzip.NewReader(r)
		if err != nil {
			return nil, fmt.Errorf("not a gzip file: %v", err)
		}
		d = z
	case Zstd:
		// The window the decoder keeps is bounded by what is read of the
		// content too: a frame declaring a history of 120 MiB cost that
		// before its first byte, whatever the limit.
		z, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true),
			zstd.WithDecoderMaxWindow(zstdWindow(limit)))
		if err != nil {
			return nil, err
		}
		d = z.IOReadCloser()
	case LZ4:
		d = lz4.NewReader(r)
	default:
		other := map[Compression]struct{ what, tool string }{
			XZ: {"an xz file", "xz -d"}, Bzip2: {"a bzip2 file", "bzip2 -d"}, Zip: {"a zip archive", "unzip"},
		}[c]
		return nil, fmt.Errorf("this is %s, which kafkawire does not open: take what is in it out first (%s), or compress it with gzip, zstd or lz4", other.what, other.tool)
	}
	return &decompressed{r: d, c: c, limit: limit}, nil
}

// TooBigError is a compressed input that holds more than kafkawire reads
// of it.
type TooBigError struct {
	Compression Compression
	Limit       int64
}

func (e *TooBigError) Error() string {
	return fmt.Sprintf("this %s file holds more than %s decompressed, as much as is read of one: the rest was not read (decompressed first, a capture is read whole by kafkawire frames)", e.Compression, sizeText(e.Limit))
}

// sizeText says n bytes in MiB, or KiB, or bytes, whichever is whole.
func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// decompressed counts what its decoder gave, to bound it and to say where
// the decoder failed.
type decompressed struct {
	r     io.Reader
	c     Compression
	limit int64
	n     int64
	err   error // once failed, always
}

func (d *decompressed) Read(p []byte) (int, error) {
	if d.err != nil {
		return 0, d.err
	}
	if left := d.limit - d.n; int64(len(p)) > left {
		if left == 0 {
			// One byte more says whether there was more to read at all;
			// the decoder's error there (a checksum, checked at the end)
			// is the file's.
			var one [1]byte
			n, err := io.ReadFull(d.r, one[:])
			switch {
			case n == 0 && err == io.EOF:
				return 0, io.EOF
			case n == 0:
				return 0, d.fail(err)
			}
			d.err = &TooBigError{Compression: d.c, Limit: d.limit}
			return 0, d.err
		}
		p = p[:left]
	}
	n, err := d.r.Read(p)
	d.n += int64(n)
	if err != nil && err != io.EOF {
		err = d.fail(err)
	}
	return n, err
}

// fail is the error of the decoder, err, said with how far it got.
func (d *decompressed) fail(err error) error {
	if errors.Is(err, zstd.ErrWindowSizeExceeded) || errors.Is(err, zstd.ErrDecoderSizeExceeded) {
		err = fmt.Errorf("its window is over %s, more than kafkawire keeps for content it reads up to %s of (zstd --long makes such windows): decompress it first (zstd -d --long=31)", sizeText(int64(zstdWindow(d.limit))), sizeText(d.limit))
	}
	d.err = fmt.Errorf("the %s file breaks after %d bytes decompressed: %w", d.c, d.n, err)
	return d.err
}

// Open gives r's content, decompressed when r is compressed (Decompress,
// up to limit bytes), and the kind of its first bytes. A capture (Pcap,
// Pcapng) is read from the content by ReadCapture as it streams; anything
// else is meant to be read whole and given to ReadContent, and its kind,
// told from 16 bytes only, says just that it is not a capture. Content
// compressed again is refused.
func Open(r io.Reader, limit int64) (content *bufio.Reader, k Kind, c Compression, err error) {
	br := bufio.NewReaderSize(r, 1<<20)
	head, _ := br.Peek(16)
	if c = SniffCompression(head); c == Uncompressed {
		return br, Sniff(head), c, nil
	}
	d, err := Decompress(br, c, limit)
	if err != nil {
		return nil, Binary, c, err
	}
	content = bufio.NewReaderSize(d, 1<<20)
	head, err = content.Peek(16)
	if len(head) == 0 && err != nil && err != io.EOF {
		return nil, Binary, c, err
	}
	if err := nested(c, head); err != nil {
		return nil, Binary, c, err
	}
	return content, Sniff(head), c, nil
}

// nested refuses content compressed again: a file may decompress to
// itself, and each level multiplies what a small file costs.
func nested(outer Compression, head []byte) error {
	if inner := SniffCompression(head); inner != Uncompressed {
		return fmt.Errorf("this %s file holds a %s file in turn: decompress it first", outer, inner)
	}
	return nil
}
