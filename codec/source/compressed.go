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
		z, err := zstd.NewReader(r, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true),
			zstd.WithDecoderMaxWindow(zstdMaxWindow))
		if err != nil {
			return nil, err
		}
		d = z.IOReadCloser()
	case LZ4:
		d = lz4.NewReader(r)
	default:
		how := map[Compression]string{XZ: "xz -d", Bzip2: "bzip2 -d", Zip: "unzip"}[c]
		return nil, fmt.Errorf("this is a %s file, which kafkawire does not open: take what is in it out first (%s), or compress it with gzip, zstd or lz4", c, how)
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
	return fmt.Sprintf("this %s file holds more than %d MiB decompressed, as much as is read of one: the rest was not read (decompressed first, a capture is read whole by kafkawire frames)", e.Compression, e.Limit>>20)
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
			// One byte more says whether there was more to read at all.
			var one [1]byte
			if n, _ := io.ReadFull(d.r, one[:]); n == 0 {
				return 0, io.EOF
			}
			d.err = &TooBigError{Compression: d.c, Limit: d.limit}
			return 0, d.err
		}
		p = p[:left]
	}
	n, err := d.r.Read(p)
	d.n += int64(n)
	if err != nil && err != io.EOF {
		if errors.Is(err, zstd.ErrWindowSizeExceeded) || errors.Is(err, zstd.ErrDecoderSizeExceeded) {
			err = fmt.Errorf("its window is over %d MiB (zstd --long=28 or more), more than kafkawire keeps: decompress it first (zstd -d --long=31)", zstdMaxWindow>>20)
		}
		err = fmt.Errorf("the %s file breaks after %d bytes decompressed: %w", d.c, d.n, err)
		d.err = err
	}
	return n, err
}

// Open gives r's content, decompressed when r is compressed (Decompress,
// up to limit bytes), and the kind of its first bytes. A capture (Pcap,
// Pcapng) is read from the content by ReadCapture as it streams; anything
// else is meant to be read whole and given to Read, and its kind, told
// from 16 bytes only, says just that it is not a capture.
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
	return content, Sniff(head), c, nil
}
